// The A&A Europe package: rules, exact battle odds and the AI adapter (registered in src/rulesets/index.ts).
import rules from './rules-reference.json' with { type: 'json' };
import type { RulesetPackage } from '../package.ts';
import { aae } from './index.ts';
import { aaeOdds } from './odds.ts';
import { aaeAi } from './ai/adapter.ts';

export const aaePackage: RulesetPackage = { ruleset: aae, odds: aaeOdds, ai: aaeAi, rules };
