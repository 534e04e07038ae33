// The BKG package (registered in src/rulesets/index.ts): the rules and their reference (summaries in our words).
import type { RulesetPackage } from '../package.ts';
import { bkgAi } from './ai/adapter.ts';
import { bkgOdds } from './odds.ts';
import { bkg } from './index.ts';
import rules from './rules-reference.json' with { type: 'json' };

export const bkgPackage: RulesetPackage = { ruleset: bkg, ai: bkgAi, odds: bkgOdds, rules };
