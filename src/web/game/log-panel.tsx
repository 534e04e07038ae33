// The game log: every event with its rule case, every die with its purpose, each combat's arithmetic; by turn.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Action, GameEvent, Json } from '../../engine/types.ts';
import type { GameLog } from '../../server/protocol.ts';

/** An event with the turn it happened in (from `data.turn`, else the view's turn when it arrived). */
export interface LogItem {
  event: GameEvent;
  turn: string;
}

const FACES = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

function DataTable({ data }: { data: Json }) {
  if (data === null || typeof data !== 'object') return <span>{String(data)}</span>;
  if (Array.isArray(data)) return <span>{data.map((d) => (typeof d === 'object' ? JSON.stringify(d) : String(d))).join(', ')}</span>;
  return (
    <table class="event-data">
      <tbody>
        {Object.entries(data).map(([k, v]) => (
          <tr key={k}><th>{k}</th><td>{v !== null && typeof v === 'object' ? <DataTable data={v} /> : String(v)}</td></tr>
        ))}
      </tbody>
    </table>
  );
}

export function LogEvent({ e }: { e: GameEvent }) {
  const [open, setOpen] = useState(false);
  const hasData = e.data !== undefined && e.data !== null;
  return (
    <li class={'event' + (e.roll ? ' roll' : '') + (hasData ? ' has-data' : '')} data-testid="log-event">
      {e.roll && (
        <span class="dice" title={`${e.roll.count}d${e.roll.sides}${e.roll.forced ? ' (forced)' : ''}`}>
          {e.roll.faces.map((f, i) => <span key={i} class="die">{e.roll!.sides === 6 ? FACES[f] : f}</span>)}
        </span>
      )}
      <span class="event-text">{e.text}</span>
      {e.rule && <span class="rule">{e.rule}</span>}
      {hasData && <button class="link" onClick={() => setOpen(!open)}>{open ? 'hide' : 'details'}</button>}
      {open && hasData && <DataTable data={e.data!} />}
    </li>
  );
}

/** An action as a short line: "move unit=ge-4 to=2214". */
export function actionText(a: Action): string {
  return [a.type, ...Object.entries(a).filter(([k]) => k !== 'type').map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)].join(' ');
}

function Moves({ load, version }: { load(): Promise<GameLog>; version: number }) {
  const [log, setLog] = useState<GameLog | null>(null);
  const [err, setErr] = useState<string | null>(null);
  useEffect(() => { load().then(setLog, (e: Error) => setErr(e.message)); }, [version]);
  if (err) return <li class="error">{err}</li>;
  if (!log) return <li class="muted">Loading…</li>;
  let n = 0;
  return (
    <>
      {log.entries.map((e, i) => {
        if ('action' in e) return <li key={i} class="move" data-testid="log-move"><b>{++n}. {e.seat}</b> {actionText(e.action)}</li>;
        if ('undo' in e) return <li key={i} class="move muted">{e.undo} took back their last action</li>;
        if ('takeback' in e) return <li key={i} class="move muted">takeback to action {e.takeback.to} ({e.takeback.requestedBy}, agreed by {e.takeback.consentedBy})</li>;
        if ('entropy' in e) return <li key={i} class="move muted">fair dice: every seat's contribution revealed ({Object.keys(e.entropy.seats).join(', ') || 'none'})</li>;
        return <li key={i} class="move muted">dice forced: {e.force.join(', ')}</li>;
      })}
    </>
  );
}

export function LogPanel({ items, onDownload, loadMoves, version = 0 }: {
  items: LogItem[]; onDownload?(): void; loadMoves?(): Promise<GameLog>; version?: number;
}) {
  const turns = useMemo(() => [...new Set(items.map((i) => i.turn))], [items]);
  const [turn, setTurn] = useState('all');
  const [kind, setKind] = useState<'all' | 'dice' | 'combat' | 'moves'>('all');
  const listRef = useRef<HTMLOListElement>(null);
  const shown = items.filter((i) => (turn === 'all' || i.turn === turn)
    && (kind === 'all' || (kind === 'dice' ? !!i.event.roll : i.event.data !== undefined || !!i.event.roll)));
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [items.length, kind]);
  return (
    <section class="log-panel" data-testid="log">
      <header>
        <h2>Log</h2>
        <select aria-label="Turn" value={turn} onChange={(e) => setTurn((e.target as HTMLSelectElement).value)}>
          <option value="all">All turns</option>
          {turns.map((t) => <option key={t} value={t}>{t}</option>)}
        </select>
        <select aria-label="Kind" value={kind} onChange={(e) => setKind((e.target as HTMLSelectElement).value as typeof kind)}>
          <option value="all">Everything</option>
          <option value="dice">Dice</option>
          <option value="combat">Dice and arithmetic</option>
          {loadMoves && <option value="moves">Actions (the log file)</option>}
        </select>
        {onDownload && <button class="link" onClick={onDownload} title="Download the game log (replayable file)">Save log</button>}
      </header>
      <ol ref={listRef}>
        {kind === 'moves' && loadMoves ? <Moves load={loadMoves} version={version} /> : shown.map((i, n) => <LogEvent key={n} e={i.event} />)}
      </ol>
    </section>
  );
}

/** Tags events with a turn: an event's own `data.turn` wins, else `fallback`. */
export function tagEvents(events: GameEvent[], fallback: string): LogItem[] {
  let cur = fallback;
  return events.map((event) => {
    const d = event.data;
    if (d && typeof d === 'object' && !Array.isArray(d) && (typeof d.turn === 'string' || typeof d.turn === 'number')) cur = String(d.turn);
    return { event, turn: cur };
  });
}
