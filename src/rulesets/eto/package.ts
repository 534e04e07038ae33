// The ETO package (registered in src/rulesets/index.ts): the rules and scenario 4's solitaire Polish player.
import type { RulesetPackage } from '../package.ts';
import { eto } from './index.ts';
import { solitairePoland } from './scripted.ts';

export const etoPackage: RulesetPackage = { ruleset: eto, scripted: solitairePoland };
