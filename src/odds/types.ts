// What a rule set supplies so that the generic odds engine can enumerate its combats (docs/ai.md).
import type { Action, BaseState, GameEvent, Json, Prompt, Ruleset, Seat } from '../engine/index.ts';
import type { RollBranch } from './dice.ts';
import type { Fraction } from './fraction.ts';

/** How one combat ended, from the attacker's point of view. Equal results are merged into one outcome. */
export interface CombatResult {
  /** Loss points (or steps) the attacking side suffered. */
  attackerLosses: number;
  defenderLosses: number;
  /** Who won the combat; null when nobody did (a tie, or a combat without a winner). */
  winner: 'attacker' | 'defender' | null;
  /** Other facts that tell outcomes apart (retreat, units eliminated...), plain JSON. */
  detail?: Record<string, Json>;
}

export interface DiceRequest {
  sides: number;
  count: number;
  purpose: string;
  rule: string;
}

export interface OddsAdapter<S extends BaseState = BaseState> {
  ruleset: string;
  /** True when `action` by `seat` starts a combat that odds can be computed for. */
  isCombat(state: S, seat: Seat, action: Action): boolean;
  /** The combat started in `before` by `attacker` is fully resolved in `state`. */
  combatOver(before: S, state: S, attacker: Seat): boolean;
  /**
   * Outcome of the combat: `before` is the state the attack was declared in, `after` a resolved state, `notes` what
   * `notes()` picked up on the way (facts the end state no longer holds, such as who won).
   */
  summarize(before: S, after: S, attacker: Seat, notes: Record<string, Json>): CombatResult;
  /** Facts to remember from the events of one step of the resolution (merged along the path; part of the memo key). */
  notes?(events: GameEvent[], state: S): Record<string, Json> | null;
  /**
   * The choice followed at a decision met during resolution (loss allocation, retreat...). Null or absent: the
   * prompt's first choice.
   */
  defaultChoice?(state: S, prompt: Prompt): Action | null;
  /**
   * Branch over every face of this roll instead of its total (for rules that read single dice): true, every ordered
   * tuple (at most 1,000,000: 7d6); 'any-order', every multiset of faces (rules that read each die but not their order).
   */
  perFace?(roll: DiceRequest): boolean | 'any-order';
  /**
   * A roll read as a count of successes (each die succeeds on a face of at most the answer): branched over the number
   * of successes (binomial), exact and cheap for many dice. Null or absent: perFace or totals.
   */
  successes?(roll: DiceRequest): number | null;
  /** A line describing the combat ("red attacks blue: d6, hit on 4+"). */
  describe?(state: S, seat: Seat, action: Action): string;
  /**
   * A rule set's own exact calculator, for combats too large to enumerate run by run (many dice over many rounds):
   * every outcome with its probability (a double, and `exact` when the calculator keeps fractions), computed with
   * the rule set's own combat functions. When present, combatOdds uses it instead of the generic enumeration, unless
   * it answers `{ fallback }` (a combat it does not model: combatOdds then enumerates and says why in the report).
   */
  calculate?(state: S, seat: Seat, action: Action, opts: OddsOptions<S>, ruleset: Ruleset<S>): CalculatedOdds | { fallback: string };
  /**
   * Runs a whole enumeration: a rule set may memoise its pure, costly questions (supply...) for its duration. The
   * results must not change: only the same answers, computed once.
   */
  scope?<T>(run: () => T): T;
}

export interface CalculatedOdds {
  outcomes: { result: CombatResult; p: number; exact?: Fraction }[];
  stats?: Partial<OddsStats>;
  /** What the odds cover when it is less than the whole combat, and why (BKG: one round past the run budget). */
  note?: string;
}

/**
 * A calculator's shortcut through the generic enumeration: at a roll the rules ask for (`roll`, after the faces
 * `forced` already queued for this run), the branches to follow instead of every result of that roll. A branch may
 * force several rolls at once and stand for every combination of results that leads to the same position (its `p`
 * is theirs summed). Null: the usual branches.
 */
export interface RollGrouping<S extends BaseState = BaseState> {
  branches(state: S, who: Seat, action: Action, forced: number[], roll: DiceRequest): RollBranch[] | null;
  /**
   * The roll a run from this decision is known to ask for first: the enumeration then skips the run that would only
   * find that out and asks `branches` at once (which must check it, e.g. against its probe). Null: run to find out.
   */
  firstRoll?(state: S, who: Seat, action: Action): DiceRequest | null;
  /** Checks a finished run's events against what `branches` predicted for its faces (throws when they differ). */
  check?(state: S, who: Seat, action: Action, forced: number[], events: GameEvent[]): void;
  /**
   * Decision states that share their resolution: states of one key resolve alike but for facts the rest of the
   * combat never reads nor changes (e.g. the support's losses once the land combat has fired), and `shift` turns a
   * result reached from `from` into the one reached from `to`. Null: this state is not shared.
   */
  transposition?: {
    key(state: S): string | null;
    shift(from: S, to: S, result: CombatResult): CombatResult;
  };
}

export interface OddsOutcome {
  /** Canonical JSON of the result: equal keys are equal outcomes. */
  key: string;
  result: CombatResult;
  /** Probability as a number, and exactly ("5/36"). */
  p: number;
  exact: string;
}

export interface OddsSummary {
  pWin: number;
  pLose: number;
  /** Neither side won. */
  pNone: number;
  expectedAttackerLosses: number;
  expectedDefenderLosses: number;
  /** Exact pWin, as a fraction. */
  pWinExact: string;
}

export interface OddsStats {
  /** Times the rule set's code was run (one per node of the dice/decision tree not found in the memo). */
  applies: number;
  /** Rolls branched over. */
  rolls: number;
  /** Decisions taken by the policy during resolution. */
  decisions: number;
  /** Sub-trees reused from the memo (same state and action reached by different dice). */
  memoHits: number;
  /** Resolved end states reached. */
  leaves: number;
}

export interface OddsReport {
  ruleset: string;
  seat: Seat;
  action: Action;
  description?: string;
  outcomes: OddsOutcome[];
  summary: OddsSummary;
  stats: OddsStats;
  /** How the odds were found: the rule set's calculator or the generic enumeration of every roll. */
  method?: 'calculated' | 'enumerated';
  /** Why a rule set's calculator handed the combat to the enumeration. */
  fallback?: string;
  /** What the odds cover when it is less than the whole combat, and why (CalculatedOdds.note). */
  note?: string;
}

/** Decides for whoever is asked during the resolution; null = the adapter's default. */
export type ResolutionPolicy<S extends BaseState = BaseState> = (state: S, prompt: Prompt) => Action | null;

export interface OddsOptions<S extends BaseState = BaseState> {
  policy?: ResolutionPolicy<S>;
  /** Give up (with an error) past this many runs of the rule set's code. Default 200,000. */
  maxApplies?: number;
  /** Share sub-trees that reach the same state (default true; false only to measure what the memo saves). */
  memo?: boolean;
  /** Order in which each side loses units (unit types, first lost first), for calculators that take losses by an order. */
  casualtyOrder?: { attacker?: string[]; defender?: string[] };
}
