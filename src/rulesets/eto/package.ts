// The ETO package (registered in src/rulesets/index.ts): rules and the AI adapter (no odds adapter yet).
import type { RulesetPackage } from '../package.ts';
import { etoAi } from './ai/adapter.ts';
import { eto } from './index.ts';

export const etoPackage: RulesetPackage = { ruleset: eto, ai: etoAi };
