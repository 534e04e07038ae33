// Exact combat odds through the rule sets' own code (docs/ai.md).
import './adapters/index.ts';

export { combatOdds, oddsForChoice, describeOdds, registerOddsAdapter, oddsAdapterFor } from './odds.ts';
export { enumerateCombat, chanceOutcomes, enumeratingCopy, applyEnumerating, rollBranches, resultKey, OddsLimitError } from './enumerate.ts';
export type { Dist, ChanceOutcome } from './enumerate.ts';
export { sumBranches, faceBranches } from './dice.ts';
export type { RollBranch } from './dice.ts';
export { Fraction } from './fraction.ts';
export type * from './types.ts';
