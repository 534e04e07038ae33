// The BKG package (registered in src/rulesets/index.ts).
import type { RulesetPackage } from '../package.ts';
import { bkgAi } from './ai/adapter.ts';
import { bkg } from './index.ts';

export const bkgPackage: RulesetPackage = { ruleset: bkg, ai: bkgAi };
