// The kernel's test game (src/engine/testing/duel.ts) as a package: used by tests and examples, hidden from players.
import { duel } from '../../engine/testing/duel.ts';
import type { RulesetPackage } from '../package.ts';
import { duelAi } from './ai.ts';
import { duelOdds } from './odds.ts';

export const duelPackage: RulesetPackage = { ruleset: duel, ai: duelAi, odds: duelOdds, hidden: true };
