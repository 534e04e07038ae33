// The AI player: chooseAction sees only the seat's view and prompt, determinises states through the rule set's
// adapter, plans the seat's whole run of decisions with the general planner (src/ai/planner.ts) and explains the
// choice from the rule set's scoring terms (docs/ai.md).
import {
  actionKey, allChoices, createRng, nextInt, adoptState, sameAction, stateHash, withRng, type Action, type BaseState, type Choice, type Ruleset, type Seat, type SeatView,
} from '../engine/index.ts';
import { describeOdds, oddsForChoice } from '../odds/index.ts';
import { getPackage, getRuleset } from '../rulesets/index.ts';
import { aiAdapterFor } from './adapters.ts';
import { LEVELS, normalizeLevel, type LevelParams } from './levels.ts';
import { choiceSource, endLast, Planner, positionCostOf, type Gene } from './planner.ts';
import type { AiAdapter, AiLevel, ChooseActionRequest, ChooseActionResult } from './types.ts';

export type {
  AiAdapter, AiLevel, AiProgress, ChoiceSource, ChooseActionRequest, ChooseActionResult, HistoricalMilestone, PlanStats,
  PositionReport, TermName,
} from './types.ts';
export { aiAdapterFor } from './adapters.ts';
export { LEVELS, normalizeLevel } from './levels.ts';
export type { LevelParams } from './levels.ts';

/** A decision of a plan made earlier in the same run of decisions: what to do when the seat sees this view. */
interface PlannedStep { action: Action; why: string; madeAt: number }

/**
 * Plans being followed, by the view the seat will see at each of their later decisions. A controller that loses
 * them (a restart, another worker) plans again from where it stands; `forgetPlans` clears them (each new game).
 */
const plans = new Map<string, PlannedStep>();
const MAX_PLANNED = 4_096;

/**
 * Positions each seat spent in its current player turn (LevelParams.turnPositions), by rule set, scenario, seat, level
 * and turn, and by the action count of each decision: a decision plans with what the turn's earlier decisions left (the
 * same request again gets the same budget). Deterministic for a game played in one process from the turn's start
 * (play, simulate, the CLI); cleared with the plans.
 */
const turnSpent = new Map<string, Map<number, number>>();
const MAX_TURNS = 256;

/**
 * The actions each seat took in its current turn (by seat; the turn keyed as turnSpent), by action count, with the
 * position it took them in (its view without the action count): back in a position it decided in earlier this turn,
 * the seat never repeats what led it back there (a declaration cancelled and declared again, forever). A position is
 * hashed only when an action is about to be taken again (the views are kept until then). Cleared with the plans.
 */
const turnTaken = new Map<string, { turn: string; taken: Map<number, Taken> }>();

interface Taken { action: string; view?: unknown; hash?: string }

/**
 * The seat's position as the loop guard compares it: its view without the action count and the dice, and without
 * what the rule set names as mere change counters (AiAdapter.positionKey).
 */
function positionHash(adapter: AiAdapter<any>, v: unknown): string {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return stateHash(v);
  const base = { ...v, seq: 0, rng: null };
  return stateHash(adapter.positionKey?.(base) ?? base);
}

function hashOf(adapter: AiAdapter<any>, t: Taken): string {
  if (t.hash === undefined) {
    t.hash = positionHash(adapter, t.view);
    delete t.view;
  }
  return t.hash;
}

export function forgetPlans(): void {
  plans.clear();
  turnSpent.clear();
  turnTaken.clear();
}

/**
 * The game turn a view stands in, as its board shows it; null when the rule set shows no board. A seat's turn budget
 * covers its player turn and its reactions in the other side's (what the bench measures as its turn).
 */
export function turnOf(view: SeatView): number | null {
  return view.board?.turn?.index ?? null;
}

function spentBefore(key: string | null, seq: number): number {
  let n = 0;
  for (const [at, x] of (key === null ? undefined : turnSpent.get(key)) ?? []) if (at < seq) n += x;
  return n;
}

function spend(key: string | null, seq: number, n: number): void {
  if (key === null) return;
  let m = turnSpent.get(key);
  if (!m) {
    if (turnSpent.size >= MAX_TURNS) turnSpent.delete(turnSpent.keys().next().value!);
    turnSpent.set(key, (m = new Map()));
  }
  m.set(seq, n);
}

/**
 * The ledgers' key of the seat's game turn (turnSpent, turnTaken): rule set, scenario, seat, level and the turn of its
 * view; null when the view shows no turn.
 */
function turnKeyOf(req: ChooseActionRequest, ruleset: string, level: AiLevel): string | null {
  const turn = turnOf(req.view);
  return turn === null ? null : `${seatKeyOf(req, ruleset, level)}|${turn}`;
}

function seatKeyOf(req: ChooseActionRequest, ruleset: string, level: AiLevel): string {
  return `${req.game ?? ''}|${ruleset}|${req.view.scenario}|${req.seat}|${level}`;
}

function planKey(ruleset: string, seat: Seat, level: AiLevel, seq: number, view: unknown): string {
  return `${ruleset}|${seat}|${level}|${seq}|${stateHash(view)}`;
}

/** The view `seat` has of `state`, as the kernel's viewFor builds it (for recognising a planned position). */
function viewState<S extends BaseState>(ruleset: Ruleset<S>, state: S, seat: Seat): unknown {
  const v = ruleset.view(state, seat) as Record<string, unknown>;
  if (v && typeof v === 'object') {
    delete v.rng;
    delete v.sealed;
  }
  return v;
}

/** The level's budgets for this rule set and seat (its adapter may plan with less where positions cost more). */
export function levelParams(adapter: AiAdapter<any>, level: AiLevel, seat?: Seat): LevelParams {
  return { ...LEVELS[level], ...adapter.levels?.[level], ...(seat === undefined ? undefined : adapter.seatLevels?.[seat]?.[level]) };
}

export function chooseAction(req: ChooseActionRequest): ChooseActionResult {
  const r = decide(req);
  const ruleset = getRuleset(req.ruleset);
  const adapter = aiAdapterFor(ruleset.id);
  const scripted = getPackage(req.ruleset).scripted?.seats(req.view.scenario).includes(req.seat);
  if (!adapter || scripted || (req.prompt.choices.length <= 1 && !req.prompt.groups?.length)) return r;
  const level = normalizeLevel(req.level);
  // Only the seat's latest turn is kept (its views wait there to be hashed): one entry per seat.
  const seatKey = seatKeyOf(req, ruleset.id, level);
  const turnKey = turnKeyOf(req, ruleset.id, level) ?? `${seatKey}|`;
  let entry = turnTaken.get(seatKey);
  if (entry?.turn !== turnKey) {
    if (!entry && turnTaken.size >= MAX_TURNS) turnTaken.delete(turnTaken.keys().next().value!);
    turnTaken.set(seatKey, (entry = { turn: turnKey, taken: new Map() }));
  }
  const taken = entry.taken;
  let out = r;
  const seq = req.view.seq;
  const chosenKey = actionKey(r.action);
  if ([...taken].some(([at, t]) => at < seq && t.action === chosenKey)) {
    // Taken earlier this turn: was it here (a request asked again at the same action count is answered alike)?
    const here = positionHash(adapter, req.view.state);
    const earlier = new Map([...taken].filter(([at, t]) => at < seq && hashOf(adapter, t) === here).map(([at, t]) => [t.action, at]));
    const again = earlier.get(chosenKey);
    if (again !== undefined) {
      const state = adapter.stateFromView(req.view, req.seat, req.seed);
      const src = choiceSource(ruleset, state, req.prompt);
      const legal = new Map(src.all().map((c) => [actionKey(c.action), c]));
      const order = [...(adapter.candidates?.(state, req.prompt, req.seat, src) ?? endLast(src.all())), ...src.all()];
      const other = order.find((c) => legal.has(actionKey(c.action)) && !earlier.has(actionKey(c.action)));
      if (other) {
        out = {
          action: other.action,
          explanation: `${other.label}: not again what was chosen here at action ${again}, which led back to this position (${r.explanation ?? ''})`,
          ...(r.stats ? { stats: r.stats } : {}),
        };
      }
    }
  }
  taken.set(seq, { action: actionKey(out.action), view: req.view.state });
  return out;
}

/**
 * A prompt's legal choices found by action (`sameAction`: equal canonical text) without building each choice's key: a
 * movement prompt lists thousands. Only choices of the same type and unit can be equal, so they are listed together.
 * Of equal actions the last listed is found, as a map by key kept it.
 */
class LegalChoices {
  private readonly byUnit = new Map<string, Choice[]>();
  private readonly listed: readonly Choice[];

  constructor(listed: readonly Choice[]) {
    this.listed = listed;
    for (const c of listed) {
      const k = LegalChoices.bucket(c.action), l = this.byUnit.get(k);
      if (l) l.push(c);
      else this.byUnit.set(k, [c]);
    }
  }

  private static bucket(a: Action): string {
    return typeof a.unit === 'string' ? `${a.type}\u0000${a.unit}` : a.type;
  }

  get(a: Action): Choice | undefined {
    const l = this.byUnit.get(LegalChoices.bucket(a));
    if (l) for (let i = l.length - 1; i >= 0; i--) if (sameAction(l[i]!.action, a)) return l[i];
    return undefined;
  }

  /** The first of `order` that is legal, else the first legal choice. */
  firstOf(order: readonly Choice[]): Choice {
    for (const c of order) {
      const found = this.get(c.action);
      if (found) return found;
    }
    return this.get(this.listed[0]!.action)!;
  }
}

function decide(req: ChooseActionRequest): ChooseActionResult {
  const { prompt, seat } = req;
  if (prompt.choices.length === 0 && !prompt.groups?.length) throw new Error(`${req.ruleset}: the prompt "${prompt.text}" (${prompt.rule}) for ${seat} offers no choice`);
  if (prompt.seat !== seat) throw new Error(`AI: the prompt "${prompt.text}" is for ${seat === prompt.seat ? seat : prompt.seat}, not ${seat}`);
  // A scenario's scripted side (the package's solitaire player) plays an AI seat it covers.
  const script = getPackage(req.ruleset).scripted;
  const scripted = script?.seats(req.view.scenario).includes(seat) ? script.choose(req.view, prompt, seat) : null;
  if (scripted) return { action: scripted, explanation: script!.name };
  if (prompt.choices.length === 1 && !prompt.groups?.length) {
    return { action: prompt.choices[0]!.action, explanation: `${prompt.choices[0]!.label}: the only legal choice` };
  }
  const ruleset = getRuleset(req.ruleset);
  const adapter = aiAdapterFor(ruleset.id);
  if (!adapter) {
    if (!prompt.choices.length) throw new Error(`${ruleset.id}: no AI adapter, and the structured prompt "${prompt.text}" lists no choice outside its groups`);
    const c = prompt.choices[nextInt(createRng(req.seed), prompt.choices.length)]!;
    return { action: c.action, explanation: `${c.label}: random legal choice (no AI adapter for ${ruleset.id} yet)` };
  }
  const level = normalizeLevel(req.level);
  const params = levelParams(adapter, level, seat);
  const seed = `${req.seed}|${req.seq ?? req.view.seq}`;
  // Several determinisations when the view hides something or plans play through rolls (each its own dice).
  const nDet = adapter.hidden || params.rolls > 0 ? Math.max(1, params.determinisations) : 1;
  const state = adapter.stateFromView(req.view, seat, req.seed);
  // Nothing changes the roots: their facts (prompts, a rule set's derived facts) are computed once and inherited by every
  // plan; roots that differ only in their dice (nothing hidden) share the first root's facts (no fact reads the dice).
  adoptState(ruleset, state);
  const legal = new LegalChoices(allChoices(ruleset, state, prompt));
  // The other determinisations, for a search only (a planned decision or a standing rule needs none).
  const roots = () => {
    const states = [state];
    for (let i = 1; i < nDet; i++) {
      const d = adapter.stateFromView(req.view, seat, `${req.seed}|d${i}`);
      if (adapter.hidden) adoptState(ruleset, d);
      states.push(adapter.hidden ? d : withRng(state, d.rng));
    }
    return states;
  };

  // A later decision of a plan made earlier in this run of decisions.
  const key = planKey(ruleset.id, seat, level, req.view.seq, req.view.state);
  const planned = plans.get(key);
  const followed = planned && legal.get(planned.action);
  if (planned && followed) {
    return {
      action: followed.action,
      explanation: `${followed.label}: as planned before action ${planned.madeAt + 1} (${planned.why})`, // actions count from 1
      stats: { positions: 0, plans: 0, generations: 0, planLength: 0, followed: true, timedOut: false },
    };
  }

  const quick = adapter.quickChoice?.(state, prompt, seat);
  const quickChoice = quick ? legal.get(quick) : undefined;
  if (quickChoice) {
    const headline = adapter.headline?.(state, seat, quickChoice.action);
    const why = [oddsText(req, adapter, state, quickChoice), adapter.explain?.(state, seat, quickChoice.action)].filter(Boolean).join('; ');
    if (headline) return { action: quickChoice.action, explanation: why ? `${headline}; ${why}` : headline };
    return { action: quickChoice.action, explanation: `${quickChoice.label}: ${why || 'standing rule for this decision'}` };
  }

  const deadline = req.budgetMs !== undefined ? performance.now() + req.budgetMs : null;
  const planner = new Planner(ruleset, adapter, seat, params, seed, deadline, req.onProgress);
  const turnKey = turnKeyOf(req, ruleset.id, level);
  const left = params.turnPositions - spentBefore(turnKey, req.view.seq);
  if (left < params.floorPositions) {
    // The turn's budget is spent: the standing rule, else the first good choice, without a search (a search's
    // plan() weighs its positions itself).
    planner.cost = positionCostOf(adapter, state);
    const rule = adapter.whenSpent?.(state, prompt, seat) ?? adapter.quickChoice?.(state, prompt, seat, true);
    const c = (rule && legal.get(rule)) ?? legal.firstOf(planner.ordered(state, prompt));
    spend(turnKey, req.view.seq, planner.positions);
    return {
      action: c.action, explanation: `${adapter.headline?.(state, seat, c.action) ?? c.label}: first good choice (the turn's planning budget is spent)`,
      stats: { positions: planner.positions, plans: 0, generations: 0, planLength: 0, followed: false, timedOut: false },
    };
  }
  planner.limit = left;
  const r = planner.plan(roots());
  let chosen = r.genes.length ? legal.get(r.genes[0]!.action) : undefined;
  // The determinised state may offer what the real prompt does not: never play outside the prompt.
  chosen ??= legal.firstOf(planner.ordered(state, prompt));
  const terms = termChanges(planner, adapter, state, r.leaf, seat);
  const summary = planSummary(r.genes.length, terms, adapter, state, r.leaf, seat, planner.value(state), r.value);
  spend(turnKey, req.view.seq, planner.positions);
  const stats = {
    positions: planner.positions, reached: planner.reached, plans: planner.plans, generations: planner.generations, planLength: r.genes.length,
    followed: false, timedOut: planner.timedOut, terms, ...(planner.refusalErrors ? { refusalErrors: planner.refusalErrors } : {}),
  };
  const parts = [oddsText(req, adapter, state, chosen), adapter.explain?.(state, seat, chosen.action), summary,
    `best of ${planner.plans} plans, ${Math.round(planner.positions)} positions${planner.timedOut ? ', cut by the time budget' : ''}`].filter(Boolean);
  const headline = adapter.headline?.(state, seat, chosen.action);
  if (r.genes.length > 1 && actionKey(r.genes[0]!.action) === actionKey(chosen.action)) remember(ruleset, planner, state, r.genes, level, summary);
  return { action: chosen.action, explanation: `${headline ?? chosen.label}: ${parts.join('; ')}`, stats };
}

/** Store the plan's later decisions by the view the seat will have at each. */
function remember<S extends BaseState>(ruleset: Ruleset<S>, planner: Planner<S>, root: S, genes: Gene[], level: AiLevel, why: string): void {
  let n = 0;
  planner.decode(root, genes, undefined, (s, g) => {
    if (n++ === 0) return;
    if (plans.size >= MAX_PLANNED) plans.delete(plans.keys().next().value!);
    plans.set(planKey(ruleset.id, planner.me, level, s.seq, viewState(ruleset, s, planner.me)), { action: g.action, why, madeAt: root.seq });
  });
}

/** Weighted change of each scoring term from `before` to the plan's end (for explanations and stats). */
function termChanges<S extends BaseState>(planner: Planner<S>, adapter: AiAdapter<S>, before: S, after: S, seat: Seat): Record<string, number> {
  if (after.outcome) return {};
  const w = planner.weightsFor(before);
  const a = adapter.terms(before, seat), b = adapter.terms(after, seat);
  const out: Record<string, number> = {};
  for (const k of Object.keys(b)) out[k] = (w[k] ?? 0) * ((b[k] ?? 0) - (a[k] ?? 0));
  return out;
}

/** "plan of 12 decisions, value +0.02 to +0.15; objectives +0.10 (takes Paris), front +0.03" */
function planSummary<S extends BaseState>(
  n: number, terms: Record<string, number>, adapter: AiAdapter<S>, before: S, after: S, seat: Seat, now: number, planned: number,
): string {
  const sign = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;
  const top = Object.entries(terms).filter(([, v]) => Math.abs(v) >= 0.005).sort((x, y) => Math.abs(y[1]) - Math.abs(x[1])).slice(0, 3);
  const words = top.map(([k, v]) => {
    const d = adapter.describeTerm?.(k, before, after, seat);
    return `${k} ${sign(v)}${d ? ` (${d})` : ''}`;
  });
  if (after.outcome) words.push(`ends the game: ${after.outcome.result}`);
  const head = `${n > 1 ? `plan of ${n} decisions` : 'one decision'}, value ${sign(now)} to ${sign(planned)}`;
  return words.length ? `${head}; ${words.join(', ')}` : head;
}

/**
 * Runs of the rules an explanation's exact odds may cost: a 2WW run costs a few milliseconds in a campaign position,
 * so a combat with many dice is explained without its odds rather than stall the turn.
 */
const ODDS_EXPLAIN_APPLIES = 150;

/** "50% to win, expected losses 0.0 to 0.5" when the choice starts a combat; null otherwise or when too costly. */
function oddsText(req: ChooseActionRequest, adapter: AiAdapter<any>, state: unknown, c: Choice): string | null {
  if (adapter.oddsInExplain) return null;
  try {
    const odds = oddsForChoice(getPackage(req.ruleset), state as BaseState, req.seat, c.action, { maxApplies: ODDS_EXPLAIN_APPLIES });
    return odds ? describeOdds(odds) : null;
  } catch {
    return null; // odds too costly or refused in the determinised state: the explanation goes without them
  }
}
