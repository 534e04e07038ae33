// What a scenario adds to the rules: its data says what it plays (data/scenario-*.json "play": turns, phases, set-up
// order, rules switched on); these hooks hold what is unique to it (forces at the start, a prepared deployment, a
// set-up restriction, its victory conditions). The scenarios themselves register in scenarios.ts.
import type { BaseState, Ctx, Outcome } from '../../engine/index.ts';
import type { LandState, LandUnit } from './land.ts';
import type { EtoState, Ship, Side } from './state.ts';

/** The rule set's part of a state at the start (no kernel fields, no stack). */
export type EtoBody = Omit<EtoState, keyof BaseState>;

/** A whole deployment a side may take in one choice in its set-up (the example of play's, the book's suggested one). */
export interface Prepared {
  action: 'example' | 'suggested';
  label: string;
  rule: string;
  units: Record<string, string>;
  air?: Record<string, string>;
  airfields?: string[];
}

export interface ScenarioRules {
  /** The scenario's forces and records at the start; units whose place the set-up decides are 'setup'. */
  initial(): EtoBody;
  /** Airfield markers each side places in its set-up (13.5). */
  airfields?: Partial<Record<Side, number>>;
  /** A prepared deployment per side. */
  prepared?: Partial<Record<Side, Prepared>>;
  /** A set-up restriction the scenario alone has (scenario 3 [3.1]). */
  mayPlace?(l: LandState, u: LandUnit, h: string): boolean;
  /** Naval spaces (and whether in port) a ship the set-up places may start in. */
  shipPlaces?(s: EtoState, ship: Ship): { space: string; inPort: boolean }[];
  /** The result when the scenario ends. */
  victory(s: EtoState): Outcome;
  /** What the scenario does at the end of each turn ([5.3]'s replacement ship). */
  endOfTurn?(ctx: Ctx<EtoState>): void;
  /** One line on the game for logs and the CLI, after the month. */
  status?(s: EtoState): string;
}
