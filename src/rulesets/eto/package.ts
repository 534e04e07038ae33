// The ETO package (registered in src/rulesets/index.ts). No AI or odds adapter yet.
import type { RulesetPackage } from '../package.ts';
import { eto } from './index.ts';
import rules from './rules-reference.json' with { type: 'json' };

export const etoPackage: RulesetPackage = { ruleset: eto, rules };
