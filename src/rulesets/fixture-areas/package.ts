// The area test game as a package (registered in src/rulesets/index.ts): hidden from players' lists.
import type { RulesetPackage } from '../package.ts';
import { fixtureAreas } from './index.ts';
import { fixtureOdds } from './odds.ts';
import rules from './rules-reference.json' with { type: 'json' };

export const fixtureAreasPackage: RulesetPackage = { ruleset: fixtureAreas, odds: fixtureOdds, rules, hidden: true };
