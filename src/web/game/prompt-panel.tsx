// The current decision: what is asked, by which rule, and every legal choice (the generic fallback for any prompt).
import { useEffect, useMemo, useState } from 'preact/hooks';
import { normalizeLevel } from '../../ai/levels.ts';
import type { Choice, Prompt } from '../../engine/types.ts';
import type { SeatView } from '../../server/protocol.ts';
import type { BoardView, CounterManifest } from '../map/board-data.ts';
import { CounterIcon } from '../map/counter.tsx';
import { actionUnits } from '../map/picks.ts';
import type { OddsEntry } from './odds.ts';

export interface PromptPanelProps {
  view: SeatView;
  seat: string | null;
  prompt: Prompt | null;
  /** Indices of the choices to list (all, or those of the selected unit / clicked place). */
  shown: number[];
  /** Why the list is narrowed ("4th infantry", "hex 2214"), with a way back to all. */
  narrowedTo: string | null;
  onClearNarrow(): void;
  odds: Map<number, OddsEntry>;
  /** Choice waiting for confirmation (it has odds to look at first). */
  armed: number | null;
  onChoose(i: number): void;
  onConfirm(): void;
  onDisarm(): void;
  busy: boolean;
  board: BoardView;
  /** Action fields naming units (the rule set's, else the defaults). */
  unitFields?: string[];
  counters?: CounterManifest;
  otherSeatsHere: { seat: string; token: string; hasTurn: boolean }[];
  onSwitchSeat(token: string): void;
  /** Result decided by the server (resignation, time), when the game is over without a rules outcome. */
  finished?: string | null;
  /** AI seats and their levels (1 easy, 2 normal, 3 hard): an awaited one shows that it is thinking. */
  aiLevels?: Record<string, number>;
}

/** Seconds since the awaited decision was first shown, ticking. */
function Thinking(p: { seat: string; level: number; since: string }) {
  const start = useMemo(() => Date.now(), [p.since]);
  const [now, setNow] = useState(start);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  return (
    <p class="thinking" data-testid={`thinking-${p.seat}`}>
      <progress aria-label={`${p.seat} AI thinking`} /> AI ({normalizeLevel(p.level)}) is thinking,{' '}
      {Math.max(0, Math.floor((now - start) / 1000))} s
    </p>
  );
}

/** Choices listed before "show all": long lists (a movement phase has hundreds) are picked on the map or filtered. */
const LIST_LIMIT = 40;

export function OddsView({ odds }: { odds: OddsEntry }) {
  const total = odds.outcomes.reduce((a, o) => a + o.p, 0) || 1;
  return (
    <div class="odds" data-testid="odds">
      {odds.summary && <div class="odds-summary">{odds.summary}</div>}
      {odds.outcomes.map((o) => (
        <div class="odds-row" key={o.label}>
          <span class="odds-label">{o.label}</span>
          <span class="odds-bar"><span style={{ width: `${(100 * o.p) / total}%` }} /></span>
          <span class="odds-p">{(100 * o.p).toFixed(1)}%</span>
        </div>
      ))}
    </div>
  );
}

function ChoiceButton({ c, i, n, onChoose, armed, board, counters, busy, unitFields }: {
  c: Choice; i: number; n: number; onChoose(i: number): void; armed: boolean; board: BoardView;
  counters?: CounterManifest; busy: boolean; unitFields?: string[];
}) {
  const units = actionUnits(c.action, unitFields).map((id) => board.units.find((u) => u.id === id)).filter((u) => !!u);
  return (
    <button class={'choice' + (armed ? ' armed' : '')} data-testid="choice" data-choice={i} disabled={busy} onClick={() => onChoose(i)} title={JSON.stringify(c.action)}>
      {n <= 9 && <kbd>{n}</kbd>}
      {units.slice(0, 3).map((u) => <CounterIcon key={u.id} unit={u} counters={counters} size={26} />)}
      <span>{c.label}</span>
    </button>
  );
}

export function PromptPanel(p: PromptPanelProps) {
  const [filter, setFilter] = useState('');
  const [all, setAll] = useState(false);
  const prompt = p.prompt;
  // A filter typed for one question (the movement phase's hundreds of moves) would hide the next one's choices.
  const question = prompt ? `${prompt.rule} ${prompt.text}` : '';
  useEffect(() => { setFilter(''); setAll(false); }, [question]);
  const list = useMemo(() => {
    if (!prompt) return [];
    const f = filter.trim().toLowerCase();
    return p.shown.filter((i) => !f || prompt.choices[i]!.label.toLowerCase().includes(f));
  }, [prompt, p.shown, filter]);

  if (p.view.outcome || p.finished) {
    return (
      <section class="prompt-panel" data-testid="prompt">
        <h2>Game over</h2>
        <p class="outcome" data-testid="outcome">{p.view.outcome?.result ?? p.finished}{p.view.outcome?.rule && <span class="rule">{p.view.outcome.rule}</span>}</p>
      </section>
    );
  }
  if (!prompt) {
    return (
      <section class="prompt-panel waiting" data-testid="prompt">
        <h2>Waiting</h2>
        {p.view.waitingFor.map((w) => (
          <div key={w.seat}>
            <p><b>{w.seat}</b>: {w.text} <span class="rule">{w.rule}</span></p>
            {p.aiLevels?.[w.seat] !== undefined && <Thinking seat={w.seat} level={p.aiLevels[w.seat]!} since={`${p.view.seq}`} />}
          </div>
        ))}
        {p.otherSeatsHere.filter((s) => s.hasTurn).map((s) => (
          <button key={s.token} class="primary" data-testid="switch-seat" onClick={() => p.onSwitchSeat(s.token)}>Play {s.seat} (its turn)</button>
        ))}
      </section>
    );
  }
  const armedOdds = p.armed !== null ? p.odds.get(p.armed) : undefined;
  return (
    <section class="prompt-panel mine" data-testid="prompt">
      <h2>Your decision <span class="kind">{prompt.kind}</span></h2>
      <p class="prompt-text" data-testid="prompt-text">{prompt.text} <span class="rule" title="Rule case">{prompt.rule}</span></p>
      {p.armed !== null && (
        <div class="confirm" data-testid="confirm-box">
          <p>{prompt.choices[p.armed]?.label}</p>
          {armedOdds && <OddsView odds={armedOdds} />}
          <button class="primary" data-testid="confirm" disabled={p.busy} onClick={p.onConfirm}>Confirm <kbd>Enter</kbd></button>
          <button onClick={p.onDisarm}>Cancel <kbd>Esc</kbd></button>
        </div>
      )}
      {p.narrowedTo && (
        <p class="narrow">Choices for <b>{p.narrowedTo}</b> <button class="link" onClick={p.onClearNarrow}>show all</button></p>
      )}
      {(prompt.choices.length > 12 || filter) && (
        <input class="choice-filter" placeholder="Filter choices…" value={filter} onInput={(e) => setFilter((e.target as HTMLInputElement).value)} />
      )}
      <div class="choices">
        {(all ? list : list.slice(0, LIST_LIMIT)).map((i, n) => (
          <ChoiceButton key={i} c={prompt.choices[i]!} i={i} n={n + 1} onChoose={p.onChoose} armed={p.armed === i}
            board={p.board} counters={p.counters} busy={p.busy} unitFields={p.unitFields} />
        ))}
        {list.length === 0 && <p class="muted">No choice matches.</p>}
        {!all && list.length > LIST_LIMIT && (
          <button class="link" data-testid="show-all-choices" onClick={() => setAll(true)}>
            Show all {list.length} choices (or pick on the map, or filter)
          </button>
        )}
      </div>
      {p.odds.size > 0 && p.armed === null && <p class="muted">Choices with odds ask for confirmation after showing the outcome distribution.</p>}
    </section>
  );
}
