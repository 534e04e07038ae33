// The ETO package (registered in src/rulesets/index.ts): the rules, the AI adapter and scenario 4's solitaire Polish
// player (no odds adapter yet).
import type { RulesetPackage } from '../package.ts';
import { etoAi } from './ai/adapter.ts';
import { eto } from './index.ts';
import rules from './rules-reference.json' with { type: 'json' };
import { solitairePoland } from './scripted.ts';

export const etoPackage: RulesetPackage = { ruleset: eto, ai: etoAi, scripted: solitairePoland, rules };
