// What one rule set package exports (src/rulesets/<id>/package.ts): its rules and what plugs it into the AI and odds.
import type { AiAdapter } from '../ai/types.ts';
import type { SeatView } from '../engine/kernel.ts';
import type { Action, BaseState, Prompt, Ruleset, Seat } from '../engine/types.ts';
import type { OddsAdapter } from '../odds/types.ts';
import type { RulesReference } from './rules-reference.ts';

export interface RulesetPackage<S extends BaseState = any> {
  /** The rules (procedures, setup, view, board, positions). */
  ruleset: Ruleset<S>;
  /** What the AI planner needs to play it (evaluation terms...); absent: AI seats play random legal choices. */
  ai?: AiAdapter<S>;
  /** What the exact-odds engine needs to enumerate its combats. */
  odds?: OddsAdapter<S>;
  /** Kept out of players' lists (a kernel test game); the CLI and tests still reach it. */
  hidden?: boolean;
  /**
   * A short summary of each rule case in Theater's own words (src/rulesets/<id>/rules-reference.json, schema in
   * src/rulesets/rules-reference.ts): the web client opens it from any citation. Absent: citations open nothing.
   */
  rules?: RulesReference;
  /** A scenario's scripted side (the solitaire opponent its book prescribes), played where AI seats are played. */
  scripted?: ScriptedController;
}

/**
 * A controller beside human and AI players: it answers one seat's prompts in a scenario by that scenario's own
 * solitaire rules, from the seat's view only. An AI seat of such a scenario and seat plays the script.
 */
export interface ScriptedController {
  /** What it is, for explanations ("scenario 4 [4.3]: the solitaire Polish player"). */
  name: string;
  /** The seats it plays in `scenario` ([] where the scenario has no script). */
  seats(scenario: string): Seat[];
  /** The action it takes on `prompt` (one of the prompt's choices), or null to leave the decision to the AI. */
  choose(view: SeatView, prompt: Prompt, seat: Seat): Action | null;
}
