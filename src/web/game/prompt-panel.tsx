// The current decision: what is asked and under which rule, the units or stacks to pick from (a structured prompt's
// groups), the choices in words with place names, the buttons that end a phase (always in view), and the confirmation
// of an attack (with its exact odds) or of a choice that forfeits something.
import { memo } from 'preact/compat';
import { useContext, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { normalizeLevel } from '../../ai/levels.ts';
import type { Choice, ChoiceGroup, ChoiceRefs, Json, Prompt } from '../../engine/types.ts';
import type { OddsReport, SeatView } from '../../server/protocol.ts';
import type { Assets } from '../map/board-model.ts';
import { placeName, seatLabel } from '../map/board-model.ts';
import { CounterImage } from '../map/counter.tsx';
import { DataTable } from './log-panel.tsx';
import { NamesContext, withoutSeatName } from './names.ts';
import { OddsView } from './odds.tsx';
import { Rule } from './rules.tsx';

/** A choice waiting for a second click: an attack with its odds, or a choice that forfeits or costs something. */
export interface Armed {
  choice: Choice;
  /** The server is being asked whether there is anything to confirm; with nothing, the choice goes by itself. */
  pending?: boolean;
  odds?: { report: OddsReport | null; note?: string };
  /** Why it asks first ("3 attacks are still open", "this ends the game: ..."). */
  warning?: string;
}

export interface PromptPanelProps {
  view: SeatView;
  seat: string | null;
  prompt: Prompt | null;
  assets: Assets;
  /** The choices listed now: all, a group's, a unit's or those leading to a clicked place. */
  list: Choice[];
  /** What the list is narrowed to ("GE 4th infantry"), with a way back to all. */
  narrowedTo: string | null;
  /** The place a click narrowed the list to (two choices lead there: move or rail), else null (a unit's choices). */
  narrowedPlace?: string | null;
  /** The list is being fetched (a group's choices). */
  loading: boolean;
  onClearNarrow(): void;
  onChoose(c: Choice): void;
  onGroup(key: string): void;
  /** Choices that end or pass a step (they point at nothing): always shown, apart from the list. */
  phaseChoices: Choice[];
  armed: Armed | null;
  onConfirm(): void;
  onDisarm(): void;
  /** Exact odds of the attack being composed now (its commit choice), shown while it is composed. */
  running: { choice: Choice; report: OddsReport | null; note?: string } | null;
  /** Why the last click on the map was refused, with the rule that forbids it. */
  refusal: { rule?: string; message: string } | null;
  busy: boolean;
  /** A choice whose consequences are still being asked for (not clickable meanwhile). */
  checking?(c: Choice): boolean;
  otherSeatsHere: { seat: string; token: string; hasTurn: boolean }[];
  onSwitchSeat(token: string): void;
  /** Result decided by the server (resignation, time), when the game is over without a rules outcome. */
  finished?: string | null;
  /** AI seats and their levels (1 easy, 2 normal, 3 hard): an awaited one shows that it is thinking. */
  aiLevels?: Record<string, number>;
  /** Other players' seats (not the AI's, not this browser's): whether a page of theirs is open now (presence). */
  online?: Record<string, boolean>;
  /** Phone layout: the panel shows only the question until opened. */
  compact?: boolean;
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

/** Choices listed before "show all": long lists are picked on the map, opened by unit, or filtered. */
const LIST_LIMIT = 40;
/** Up to this many choices that point at nothing (end the phase, pass) stay in view below the list; more (a purchase's
 * every unit type) would cover it, so they follow the list instead. */
const STICKY_PHASE_CHOICES = 4;

/** A label with its place's name: "Move GE 4th infantry to 2406" -> "... to 2406 Lublin". */
export function choiceText(c: Choice, refs: ChoiceRefs | undefined, assets: Assets): string {
  const place = refs?.place;
  const name = place ? placeName(assets, place) : null;
  const at = place ? c.label.indexOf(place) : -1;
  // Only a place the label names by id gets its name ("to 2406" -> "to 2406 Lublin"): a label naming other places
  // ("Remove GE 4th infantry (2305)" of an attack on 2405) is left as it is.
  if (!place || !name || at < 0 || c.label.includes(name)) return c.label;
  return `${c.label.slice(0, at + place.length)} ${name}${c.label.slice(at + place.length)}`;
}

function Icons({ units, assets, size = 26 }: { units: string[]; assets: Assets; size?: number }) {
  const names = useContext(NamesContext);
  const shown = units.map((id) => names.unit(id)).filter((u) => !!u).slice(0, 3);
  return <>{shown.map((u) => <CounterImage key={u.id} unit={u} counters={assets.counters} size={size} />)}</>;
}

/**
 * A listed choice; memoised, so a render for the busy flag, a preview's answer or the odds draws again only the buttons
 * it changes (the game screen's handlers keep their identity).
 */
const ChoiceButton = memo(function ChoiceButton({ c, n, assets, armed, disabled, onChoose }: {
  c: Choice; n: number; assets: Assets; armed: boolean; disabled: boolean; onChoose(c: Choice): void;
}) {
  const refs = c.refs;
  return (
    <button class={'choice' + (armed ? ' armed' : '')} data-testid="choice" disabled={disabled} onClick={() => onChoose(c)}>
      {n <= 9 && <kbd>{n}</kbd>}
      <Icons units={refs?.units ?? []} assets={assets} />
      <span>{choiceText(c, refs, assets)}</span>
    </button>
  );
});

const GroupButton = memo(function GroupButton({ g, assets, disabled, onGroup }: { g: ChoiceGroup; assets: Assets; disabled: boolean; onGroup(key: string): void }) {
  return (
    <button class="choice group" data-testid="group" data-group={g.key} disabled={disabled} onClick={() => onGroup(g.key)}>
      <Icons units={g.refs?.units ?? []} assets={assets} />
      <span>{g.label}{g.refs?.place && !g.label.includes(placeName(assets, g.refs.place) ?? '\u0000') && placeName(assets, g.refs.place) ? ` (${placeName(assets, g.refs.place)})` : ''}</span>
      <span class="chev">›</span>
    </button>
  );
});

/** The prompt's context (the attack being composed: hex, attackers...), as a table with names for ids. */
function Context({ context }: { context: Json }) {
  if (!context || typeof context !== 'object' || Array.isArray(context) || !Object.keys(context).length) return null;
  return <div class="prompt-context" data-testid="prompt-context"><DataTable data={context} /></div>;
}

export function PromptPanel(p: PromptPanelProps) {
  const [filter, setFilter] = useState('');
  const [all, setAll] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  // A confirmation asked for is brought into view, its buttons first (the panel may be scrolled down to the list; the
  // odds table below them may be taller than the panel).
  useEffect(() => { confirmRef.current?.scrollIntoView({ block: 'nearest' }); }, [p.armed]);
  const prompt = p.prompt;
  // A filter typed for one question (the movement phase's hundreds of moves) would hide the next one's choices.
  const question = prompt ? `${prompt.rule} ${prompt.text}` : '';
  useEffect(() => { setFilter(''); setAll(false); }, [question, p.narrowedTo]);
  const list = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return p.list.filter((c) => !p.phaseChoices.includes(c) && (!f || choiceText(c, c.refs, p.assets).toLowerCase().includes(f)));
  }, [p.list, p.phaseChoices, filter]);
  // Nor is a filter kept when the decision's next state leaves it matching nothing ("Add X" became "Remove X").
  const groupsMatch = (f: string) => (p.prompt?.groups ?? []).some((g) => g.label.toLowerCase().includes(f));
  useEffect(() => {
    const f = filter.trim().toLowerCase();
    if (f && !list.length && !groupsMatch(f)) setFilter('');
  }, [p.view.seq]);

  if (p.view.outcome || p.finished) {
    return (
      <section class="prompt-panel" data-testid="prompt">
        <h2>Game over</h2>
        <p class="outcome" data-testid="outcome">{p.view.outcome?.result ?? p.finished}{p.view.outcome?.rule && <Rule cite={p.view.outcome.rule} />}</p>
      </section>
    );
  }
  if (!prompt) {
    return (
      <section class="prompt-panel waiting" data-testid="prompt">
        <h2>Waiting</h2>
        {p.view.waitingFor.map((w) => (
          <div key={w.seat}>
            <p><b>{seatLabel(p.assets, w.seat)}</b>: {withoutSeatName(w.text, seatLabel(p.assets, w.seat))} <Rule cite={w.rule} /></p>
            {p.online?.[w.seat] !== undefined && (
              <p class="muted small" data-testid={`presence-${w.seat}`}>
                {p.online[w.seat] ? 'In the game now.' : 'Not in the game now: told by a "your turn" notice if they set one.'}
              </p>
            )}
            {p.aiLevels?.[w.seat] !== undefined && <Thinking seat={w.seat} level={p.aiLevels[w.seat]!} since={`${p.view.seq}`} />}
          </div>
        ))}
        {p.otherSeatsHere.filter((s) => s.hasTurn).map((s) => (
          <button key={s.token} class="primary" data-testid="switch-seat" onClick={() => p.onSwitchSeat(s.token)}>Play {seatLabel(p.assets, s.seat)} (its turn)</button>
        ))}
      </section>
    );
  }
  const groups = !p.narrowedTo ? (prompt.groups ?? []) : [];
  const filtered = groups.filter((g) => !filter || g.label.toLowerCase().includes(filter.trim().toLowerCase()));
  const long = list.length + groups.length > 12;
  return (
    <section class={'prompt-panel mine' + (p.compact ? ' compact' : '')} data-testid="prompt">
      <h2>Your decision</h2>
      <p class="prompt-text" data-testid="prompt-text">{prompt.text} <Rule cite={prompt.rule} /></p>
      {p.refusal && (
        <p class="refusal" data-testid="refusal" role="alert">
          {p.refusal.rule && <Rule cite={p.refusal.rule} />} {p.refusal.message}
        </p>
      )}
      {p.armed && (
        <div class="confirm" data-testid="confirm-box">
          <div ref={confirmRef}>
            <p><b>{choiceText(p.armed.choice, p.armed.choice.refs, p.assets)}</b></p>
            {p.armed.warning && <p class="warning" data-testid="confirm-warning">{p.armed.warning}</p>}
            {p.armed.pending ? <p class="muted small" data-testid="confirm-pending">Checking what this leads to…</p> : (
              <div class="row">
                <button class="primary" data-testid="confirm" disabled={p.busy} onClick={p.onConfirm}>Confirm <kbd>Enter</kbd></button>
                <button onClick={p.onDisarm}>Cancel <kbd>Esc</kbd></button>
              </div>
            )}
          </div>
          {p.armed.odds && <OddsView report={p.armed.odds.report} note={p.armed.odds.note} />}
        </div>
      )}
      {!p.compact && prompt.context !== undefined && <Context context={prompt.context} />}
      {!p.compact && !p.armed && p.running && (
        <div class="running-odds" data-testid="running-odds">
          <h3>If you attack now</h3>
          <OddsView report={p.running.report} note={p.running.note} brief />
        </div>
      )}
      {!p.compact && (
        <>
          {p.narrowedTo && (
            <p class="narrow" data-testid="narrowed" data-place={p.narrowedPlace ?? undefined}>Choices for <b>{p.narrowedTo}</b> <button class="link" data-testid="show-all" onClick={p.onClearNarrow}>back to all</button></p>
          )}
          {(long || filter) && (
            <input class="choice-filter" placeholder="Filter…" value={filter} onInput={(e) => setFilter((e.target as HTMLInputElement).value)} />
          )}
          <div class="choices">
            {filtered.map((g) => <GroupButton key={g.key} g={g} assets={p.assets} disabled={p.busy} onGroup={p.onGroup} />)}
            {p.loading ? <p class="muted">Loading the choices…</p> : (all ? list : list.slice(0, LIST_LIMIT)).map((c, n) => (
              <ChoiceButton key={`${n}|${c.label}`} c={c} n={n + 1} assets={p.assets} armed={p.armed?.choice === c}
                disabled={p.busy || !!p.checking?.(c)} onChoose={p.onChoose} />
            ))}
            {!p.loading && list.length === 0 && filtered.length === 0 && p.phaseChoices.length === 0 && <p class="muted">No choice matches.</p>}
            {!all && list.length > LIST_LIMIT && (
              <button class="link" data-testid="show-all-choices" onClick={() => setAll(true)}>
                Show all {list.length} choices (or pick on the map, or filter)
              </button>
            )}
          </div>
        </>
      )}
      {p.phaseChoices.length > 0 && (
        <div class={'phase-actions' + (p.phaseChoices.length > STICKY_PHASE_CHOICES ? ' many' : '')} data-testid="phase-actions">
          {p.phaseChoices.map((c) => (
            <button key={c.label} class={'choice phase' + (p.armed?.choice === c ? ' armed' : '')} data-testid="choice" data-phase="" disabled={p.busy || !!p.checking?.(c)}
              onClick={() => p.onChoose(c)}>{c.label}</button>
          ))}
        </div>
      )}
    </section>
  );
}
