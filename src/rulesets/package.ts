// What one rule set package exports (src/rulesets/<id>/index.ts): its rules and what plugs it into the AI and odds.
import type { AiAdapter } from '../ai/types.ts';
import type { BaseState, Ruleset } from '../engine/types.ts';
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
}
