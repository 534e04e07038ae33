// The game log: every event with its rule case (a button to the rule's summary), every die with its purpose, and each
// combat's arithmetic as a readable table: every modifier with its reason and rule; by turn.
import { memo } from 'preact/compat';
import { useContext, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { GameEvent, Json } from '../../engine/types.ts';
import type { GameLog } from '../../server/protocol.ts';
import { actionWords, humanize, LogNamesContext, NamesContext } from './names.ts';
import { Rule } from './rules.tsx';

/** An event with the turn it happened in (from `data.turn`, else the view's turn when it arrived). */
export interface LogItem {
  event: GameEvent;
  turn: string;
}

const FACES = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
const isObj = (v: unknown): v is Record<string, Json> => !!v && typeof v === 'object' && !Array.isArray(v);
const isScalar = (v: Json): boolean => v === null || typeof v !== 'object';

/** One value of a combat's data: a rule case as a link, an id as a name, a number as it is. */
function Cell({ k, v }: { k: string; v: Json }) {
  const names = useContext(NamesContext);
  if (v === null) return <span class="muted">–</span>;
  if (typeof v === 'string') return /^rule|rule$/i.test(k) ? <Rule cite={v} /> : <>{names.of(v)}</>;
  if (typeof v === 'number') return <>{k.match(/modifier|shift|drm/i) && v > 0 ? `+${v}` : String(Number.isInteger(v) ? v : v.toFixed(2))}</>;
  if (typeof v === 'boolean') return <>{v ? 'yes' : 'no'}</>;
  return <DataTable data={v} />;
}

/**
 * Structured event data as tables a player reads: a record of figures as rows; records with the same fields (attacker,
 * defender) side by side; a list of records (modifiers: reason, value, rule) as a table with a column per field.
 */
export function DataTable({ data }: { data: Json }) {
  if (isScalar(data)) return <Cell k="" v={data} />;
  if (Array.isArray(data)) {
    // An empty list reads as such ("Support: none"), not as a blank.
    if (!data.length) return <span class="muted">none</span>;
    if (data.every(isScalar)) return <span>{data.map((d, i) => <span key={i}>{i > 0 && ', '}<Cell k="" v={d} /></span>)}</span>;
    const rows = data.filter(isObj);
    const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    return (
      <table class="event-data list">
        <thead><tr>{cols.map((c) => <th key={c}>{humanize(c)}</th>)}</tr></thead>
        <tbody>{rows.map((r, i) => <tr key={i}>{cols.map((c) => <td key={c}>{r[c] === undefined ? '' : <Cell k={c} v={r[c]!} />}</td>)}</tr>)}</tbody>
      </table>
    );
  }
  const entries = Object.entries(data as Record<string, Json>);
  // Sides compared: fields holding records with the same keys become columns.
  const recs = entries.filter(([, v]) => isObj(v) && Object.values(v).every(isScalar));
  const sig = (v: Json) => Object.keys(v as object).sort().join('|');
  const same = recs.length >= 2 && recs.every(([, v]) => sig(v) === sig(recs[0]![1])) ? recs : [];
  const rest = entries.filter(([k]) => !same.some(([s]) => s === k));
  const inner = same.length ? Object.keys(same[0]![1] as object) : [];
  return (
    <>
      {same.length > 0 && (
        <table class="event-data sides">
          <thead><tr><th />{same.map(([k]) => <th key={k}>{humanize(k)}</th>)}</tr></thead>
          <tbody>{inner.map((f) => (
            <tr key={f}><th>{humanize(f)}</th>{same.map(([k, v]) => <td key={k}><Cell k={f} v={(v as Record<string, Json>)[f]!} /></td>)}</tr>
          ))}</tbody>
        </table>
      )}
      {rest.length > 0 && (
        <table class="event-data">
          <tbody>{rest.map(([k, v]) => <tr key={k}><th>{humanize(k)}</th><td><Cell k={k} v={v} /></td></tr>)}</tbody>
        </table>
      )}
    </>
  );
}

/** One event of the log; the log keeps its event objects, so an event already shown is not drawn again. */
export const LogEvent = memo(function LogEvent({ e }: { e: GameEvent }) {
  const [open, setOpen] = useState(false);
  const logNames = useContext(LogNamesContext);
  const hasData = e.data !== undefined && e.data !== null && !(isObj(e.data) && Object.keys(e.data).every((k) => k === 'turn'));
  return (
    <li class={'event' + (e.roll ? ' roll' : '') + (hasData ? ' has-data' : '')} data-testid="log-event">
      {e.roll && (
        <span class="dice" title={`${e.roll.count}d${e.roll.sides}${e.roll.forced ? ' (forced)' : ''}`}>
          {e.roll.faces.map((f, i) => <span key={i} class="die">{e.roll!.sides === 6 ? FACES[f] : f}</span>)}
        </span>
      )}
      <span class="event-text">{logNames.text(e.text)}</span>
      {e.rule && <Rule cite={e.rule} />}
      {hasData && <button class="link" onClick={() => setOpen(!open)}>{open ? 'hide' : 'details'}</button>}
      {open && hasData && <div class="event-details" data-testid="event-details"><DataTable data={e.data!} /></div>}
    </li>
  );
});

function Moves({ load, version }: { load(): Promise<GameLog>; version: number }) {
  const names = useContext(NamesContext);
  const logNames = useContext(LogNamesContext);
  const [log, setLog] = useState<GameLog | null>(null);
  const [err, setErr] = useState<string | null>(null);
  useEffect(() => { load().then(setLog, (e: Error) => setErr(e.message)); }, [version]);
  if (err) return <li class="error">{err}</li>;
  if (!log) return <li class="muted">Loading…</li>;
  let n = 0;
  return (
    <>
      {log.entries.map((e, i) => {
        if ('action' in e) return <li key={i} class="move" data-testid="log-move"><b>{++n}. {logNames.seat(e.seat)}</b> {actionWords(e.action, names)}</li>;
        if ('undo' in e) return <li key={i} class="move muted">{logNames.seat(e.undo)} took back their last action</li>;
        if ('takeback' in e) return <li key={i} class="move muted">takeback to action {e.takeback.to} ({e.takeback.requestedBy}, agreed by {e.takeback.consentedBy})</li>;
        if ('entropy' in e) return <li key={i} class="move muted">fair dice: every seat's contribution revealed ({Object.keys(e.entropy.seats).join(', ') || 'none'})</li>;
        return <li key={i} class="move muted">dice forced: {e.force.join(', ')}</li>;
      })}
    </>
  );
}

/** Memoised (the game screen gives it stable handlers): a render for a flag it does not show skips it. */
export const LogPanel = memo(function LogPanel({ items, onDownload, loadMoves, version = 0 }: {
  items: LogItem[]; onDownload?(): void; loadMoves?(): Promise<GameLog>; version?: number;
}) {
  const turns = useMemo(() => [...new Set(items.map((i) => i.turn))], [items]);
  const [turn, setTurn] = useState('all');
  const [kind, setKind] = useState<'all' | 'dice' | 'combat' | 'moves'>('all');
  const listRef = useRef<HTMLOListElement>(null);
  // Filtered again only when the events or the filters change (a new state with no event leaves them).
  const shown = useMemo(() => items.filter((i) => (turn === 'all' || i.turn === turn)
    && (kind === 'all' || (kind === 'dice' ? !!i.event.roll : i.event.data !== undefined || !!i.event.roll))), [items, turn, kind]);
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
});

/** Tags events with a turn: an event's own `data.turn` wins, else `fallback`. */
export function tagEvents(events: GameEvent[], fallback: string): LogItem[] {
  let cur = fallback;
  return events.map((event) => {
    const d = event.data;
    if (d && typeof d === 'object' && !Array.isArray(d) && (typeof d.turn === 'string' || typeof d.turn === 'number')) cur = String(d.turn);
    return { event, turn: cur };
  });
}
