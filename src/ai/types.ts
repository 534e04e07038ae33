// The AI's contract with controllers (server, CLI, tests) and with rule sets (docs/ai.md).
import type { Action, BaseState, Choice, ChoiceGroup, Json, Options, Prompt, Seat, SeatView } from '../engine/index.ts';
import type { RollReading } from '../odds/enumerate.ts';
import type { LevelParams } from './levels.ts';

export type AiLevel = 'easy' | 'normal' | 'hard';

/** How far the planner is, for a "thinking" indicator (fraction of its position budget spent). */
export interface AiProgress {
  /** 0..1 of the budget of this decision. */
  fraction: number;
  /** Positions (runs of the rules and evaluations) spent so far. */
  positions: number;
  /**
   * Positions the plans reached: the runs of the rules and evaluations above plus those answered from the search's
   * memos (an action already applied to the same state, an evaluation of an equal position).
   */
  reached?: number;
  /** Plans evaluated so far. */
  plans: number;
}

export interface ChooseActionRequest {
  ruleset: string;
  seat: Seat;
  level: AiLevel;
  /** The seat's own view (viewFor(ruleset, state, seat)); the AI never sees more. */
  view: SeatView;
  prompt: Prompt;
  /** Seed of the AI's own choices and samples; the same request and seed give the same answer. */
  seed: string;
  /** Outer time guard in milliseconds (see docs/ai.md: the choice is deterministic unless this guard fires). */
  budgetMs?: number;
  /** Action count of the game, mixed into the seed (defaults to view.seq). */
  seq?: number;
  /** The game this decision belongs to: keys the seat's turn budget, so games sharing a process never share one. */
  game?: string;
  /** Called while the planner thinks (at most every 64 positions). */
  onProgress?: (p: AiProgress) => void;
}

export interface ChooseActionResult {
  action: Action;
  /** Why, in a sentence ("Move 4th Panzer to 2214: plan of 12 decisions; objectives +0.10 (takes Paris)"). */
  explanation?: string;
  /** Planner figures, for benchmarks and curious players. */
  stats?: PlanStats;
}

export interface PlanStats {
  /** Positions spent on this decision (runs of the rules, chance outcomes enumerated, evaluations). */
  positions: number;
  /**
   * Positions the plans reached: the runs of the rules and evaluations above plus those answered from the search's
   * memos (an action already applied to the same state, an evaluation of an equal position).
   */
  reached?: number;
  /** Plans evaluated (one plan: the seat's decisions until the other side decides, dice roll or the phase ends). */
  plans: number;
  generations: number;
  /** Own decisions in the chosen plan. */
  planLength: number;
  /** The decision came from a plan made earlier in the same segment (no new search). */
  followed: boolean;
  timedOut: boolean;
  /** Weighted change of each scoring term from the position now to the chosen plan's end. */
  terms?: Record<string, number>;
  /** Stale plan decisions whose refusal threw an error other than a RuleViolation (a rule set's `explain` bug). */
  refusalErrors?: number;
}

/** Figures of a position for `theater simulate` (tables and charts). */
export interface PositionReport {
  /** Game turn (rule set's count); charts use it as the x axis. */
  turn: number;
  /** Turn label for tables ("Autumn 1939"). */
  turnLabel?: string;
  /** Production (or any strength measure) of each seat or power, charted over time. */
  production?: Record<string, number>;
  /** Events that happen once, by name, true once they did ("ussr conquered"); simulate records the turn. */
  milestones?: Record<string, boolean>;
}

/** A historical date beside which `theater simulate --chart` draws a milestone ("fr conquered": Summer 1940). */
export interface HistoricalMilestone {
  milestone: string;
  /** Game turn on which it happened historically. */
  turn: number;
  /** The historical date in the game's terms ("Summer 1940"). */
  label: string;
  /** History, not rules: the real-world event and its date that place it on that turn ("France signed the armistice, 22 June 1940"). */
  source?: string;
}

/**
 * The standard names of scoring terms. A rule set may add its own; each is a number in [-1, 1] for the seat judged
 * (0 even, +1 everything in the seat's favour).
 */
export type TermName = 'material' | 'objectives' | 'supply' | 'front' | 'production' | 'victory';

/** The choices of a prompt, groups expanded on demand (structured prompts: Prompt.groups, kernel `choicesIn`). */
export interface ChoiceSource {
  prompt: Prompt;
  /** The choices listed outside groups (prompt.choices). */
  listed: Choice[];
  groups: ChoiceGroup[];
  /** One group's choices, on the determinised state. */
  choicesIn(group: string): Choice[];
  /** Every legal choice (listed ones and every group's), computed once. */
  all(): Choice[];
}

/** What a rule set supplies so that the general planner can play it (src/rulesets/<id>/ai/, docs/ai.md). */
export interface AiAdapter<S extends BaseState = BaseState> {
  ruleset: string;
  /**
   * A full state built from what the seat sees: hidden parts filled plausibly (a determinisation), the procedure
   * stack rebuilt so that `prompts()` asks the seat the same question. `seed` drives any random filling.
   */
  stateFromView(view: SeatView, seat: Seat, seed: string): S;
  /** The view hides something the rules read (cards, hidden units): plan over several determinisations. */
  hidden?: boolean;
  /**
   * What of a seat's view (without its action count and dice) decides whether the seat is back in a position it
   * decided in earlier this turn (the loop guard of chooseAction): a rule set drops fields that only count changes.
   * Default: the whole view.
   */
  positionKey?(view: Record<string, unknown>): unknown;
  /**
   * Named scoring terms of a position for `seat`, each in [-1, 1]: material, objectives, supply, front, production,
   * victory (the standard names) and any of the rule set's own. Not called on ended games.
   */
  terms(state: S, seat: Seat): Record<string, number>;
  /** Weight of each term; the evaluation is the weighted sum (terms without a weight count 0). */
  weights: Record<string, number> | ((state: S, seat: Seat) => Record<string, number>);
  /**
   * The value the planner maximises, in [-1, 1], when a rule set combines its terms otherwise than by the weighted
   * sum (the terms still explain the choice). Default: the weighted sum of `terms`.
   */
  evaluate?(state: S, seat: Seat): number;
  /** Words for a term's change in an explanation ("takes Paris", "+3 factors"); null: the number only. */
  describeTerm?(name: string, before: S, after: S, seat: Seat): string | null;
  /** Value of an ended game for `seat`, in [-1, 1]; default: win 1, draw 0, loss -1. */
  terminalValue?(state: S, seat: Seat): number;
  /** Seats that play for the same side as `seat` in this game (default: only itself). */
  sameSide?(a: Seat, b: Seat, state: S): boolean;
  /**
   * The choices worth planning with, best first (the first is the planner's default move, the rest are the
   * alternatives its plans try). Null (or absent): every choice, ordered by one step of lookahead when there are few.
   */
  candidates?(state: S, prompt: Prompt, seat: Seat, choices: ChoiceSource): Choice[] | null;
  /**
   * A decision answered by a fixed rule instead of planning (null: plan it). `inPlan`: asked while a plan is played
   * out, where a costly rule (exact odds of several attacks) may give way to a cheap one.
   */
  quickChoice?(state: S, prompt: Prompt, seat: Seat, inPlan?: boolean): Action | null;
  /**
   * The decision once the seat's turn budget is spent (LevelParams.turnPositions), before the standing rule and the
   * first good choice: a rule set whose first good move is an attack may rather end the phase unplanned.
   */
  whenSpent?(state: S, prompt: Prompt, seat: Seat): Action | null;
  /**
   * Does `next` (the seat's next decision) belong to the plan begun at `first`? Default: yes — a plan runs until the
   * other side decides, dice are rolled or the game ends; a rule set may cut it at a phase.
   */
  samePlan?(first: Prompt, next: Prompt, seat: Seat): boolean;
  /**
   * How the planner's exact odds branch a roll (src/odds RollReading: by successes or faces); default by total.
   * A rule set that counts hits per die (BKG 6.2.1) gives its odds adapter's reading: fewer branches, and the right ones.
   */
  rollReading?: RollReading;
  /** The adapter's headline states the odds of its combat decisions itself: chooseAction does not enumerate them again. */
  oddsInExplain?: boolean;
  /** A sentence that leads the explanation instead of the choice's label ("attacked 2214: 83% to win, ..."). */
  headline?(state: S, seat: Seat, action: Action): string | null;
  /** Extra words for an explanation of `action`. */
  explain?(state: S, seat: Seat, action: Action): string | null;
  /** Figures of a position for `theater simulate`. */
  report?(state: S): PositionReport;
  /** When each milestone of `report` happened historically, for `theater simulate --chart` (those the options can bring). */
  history?(scenario: string, options?: Options): HistoricalMilestone[];
  /** Victory level of an ended game for tables ("decisive", "marginal"); default: the outcome's text. */
  victoryLevel?(state: S): string;
  /**
   * What one position costs against the budgets (maxPositions, turnPositions...), by the size of the search's root
   * state: 1 (the default) for a position as the budgets were sized, more where a late position's runs of the rules
   * cost several times an early one's. A pure function of the state (no clock): the choices stay deterministic.
   */
  positionCost?(state: S): number;
  /**
   * The rule set's own budgets per level (merged over LEVELS): rule sets whose positions cost more plan with fewer.
   * Levels still differ only in effort.
   */
  levels?: Partial<Record<AiLevel, Partial<LevelParams>>>;
  /**
   * A seat's own budgets per level, merged over `levels`, where measured games show that seat gains from more (or less)
   * effort than the others. Still effort only.
   */
  seatLevels?: Partial<Record<Seat, Partial<Record<AiLevel, Partial<LevelParams>>>>>;
}

export type JsonRecord = Record<string, Json>;
