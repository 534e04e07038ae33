// The A&A Europe package: rules (registered in src/rulesets/index.ts).
import type { RulesetPackage } from '../package.ts';
import { aae } from './index.ts';

export const aaePackage: RulesetPackage = { ruleset: aae };
