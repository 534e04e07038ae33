// The A&A Europe package: rules and exact battle odds (registered in src/rulesets/index.ts).
import type { RulesetPackage } from '../package.ts';
import { aae } from './index.ts';
import { aaeOdds } from './odds.ts';

export const aaePackage: RulesetPackage = { ruleset: aae, odds: aaeOdds };
