// The 2WW package: rules, AI adapter, odds adapter, rules reference (registered in src/rulesets/index.ts).
import type { RulesetPackage } from '../package.ts';
import { twoWWAi } from './ai/adapter.ts';
import { twoWW } from './index.ts';
import { twoWWOdds } from './odds.ts';
import rules from './rules-reference.json' with { type: 'json' };

export const twoWWPackage: RulesetPackage = { ruleset: twoWW, ai: twoWWAi, odds: twoWWOdds, rules };
