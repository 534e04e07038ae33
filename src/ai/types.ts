// The AI's contract with controllers (server, CLI, tests) and with rule sets (docs/ai.md).
import type { Action, BaseState, Choice, Json, Prompt, Seat, SeatView } from '../engine/index.ts';
import type { LevelParams } from './levels.ts';

export type AiLevel = 'easy' | 'normal' | 'hard';

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
}

export interface ChooseActionResult {
  action: Action;
  /** Why, in a sentence ("attack: 50% to win, expected losses 0.0 to 0.5"). */
  explanation?: string;
  /** Search figures, for benchmarks and curious players. */
  stats?: { nodes: number; depth: number; timedOut: boolean; values?: { label: string; value: number }[] };
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

/** What a rule set supplies so that the generic AI can play it. */
export interface AiAdapter<S extends BaseState = BaseState> {
  ruleset: string;
  /**
   * A full state built from what the seat sees: hidden parts filled plausibly (a determinisation), the procedure
   * stack rebuilt so that `prompts()` asks the seat the same question. `seed` drives any random filling.
   */
  stateFromView(view: SeatView, seat: Seat, seed: string): S;
  /** How good `state` is for `seat`, in [-1, 1] (objectives, production, supply, front...). Not called on ended games. */
  evaluate(state: S, seat: Seat): number;
  /** Value of an ended game for `seat`, in [-1, 1]; default: win 1, draw 0, loss -1. */
  terminalValue?(state: S, seat: Seat): number;
  /** Seats that play for the same side as `seat` (default: only itself). */
  sameSide?(a: Seat, b: Seat): boolean;
  /** The choices worth searching, most promising first (pruning and ordering). Default: all, in prompt order. */
  candidates?(state: S, prompt: Prompt, seat: Seat): Choice[];
  /**
   * A decision answered by a fixed rule instead of search (null: search it). `inSearch`: asked below the root of a
   * search, where a costly rule (exact odds) may give way to a cheap one.
   */
  quickChoice?(state: S, prompt: Prompt, seat: Seat, inSearch?: boolean): Action | null;
  /**
   * Value for `me` of `seat` taking `action`, estimated without running the rules (a model of the action's effect),
   * or null to run them. For rule sets whose actions are too costly to apply once per candidate (2WW movement).
   */
  shallowValue?(state: S, seat: Seat, action: Action, me: Seat): number | null;
  /** The adapter's headline states the odds of its combat decisions itself: chooseAction does not enumerate them again. */
  oddsInExplain?: boolean;
  /**
   * A sentence that leads the explanation instead of the choice's label, e.g. "attacked 2214: 83% to win, expected
   * losses 1.2 to 2.1"; null: the label.
   */
  headline?(state: S, seat: Seat, action: Action): string | null;
  /** Figures of a position for `theater simulate`. */
  report?(state: S): PositionReport;
  /**
   * Relative cost of one position of this rule set (default 1): the level's node budget is divided by it, so a rule
   * set whose rules take milliseconds per action still answers in bounded time.
   */
  budgetScale?: number;
  /**
   * The rule set's own search budgets per level (merged over LEVELS, before budgetScale): rule sets whose actions are
   * costly search narrower. Levels still differ only in effort.
   */
  levels?: Partial<Record<AiLevel, Partial<LevelParams>>>;
  /** Victory level of an ended game for tables ("decisive", "marginal"); default: the outcome's text. */
  victoryLevel?(state: S): string;
  /** Extra words for an explanation of `action` (objectives it serves...). */
  explain?(state: S, seat: Seat, action: Action): string | null;
}

export type JsonRecord = Record<string, Json>;
