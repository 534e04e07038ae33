// Exact combat odds through the rule sets' own code (docs/ai.md).

export { combatOdds, oddsForChoice, describeOdds } from './odds.ts';
export type { OddsSubject } from './odds.ts';
export { oddsAdapterFor } from './registry.ts';
export { enumerateCombat, chanceOutcomes, enumeratingCopy, applyEnumerating, rollBranches, resultKey, OddsLimitError, resolutionChoice, withDecisionsTaken } from './enumerate.ts';
export type { Dist, ChanceOutcome, RollReading } from './enumerate.ts';
export { sumBranches, faceBranches, unorderedFaceBranches, successBranches, MAX_DICE, MAX_FACE_BRANCHES } from './dice.ts';
export type { RollBranch } from './dice.ts';
export { Fraction } from './fraction.ts';
export type * from './types.ts';
