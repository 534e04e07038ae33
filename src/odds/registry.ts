// The odds adapter of a rule set, from its package. Rule set code imports src/odds/odds.ts instead (no cycle).
import { packages } from '../rulesets/index.ts';
import type { OddsAdapter } from './types.ts';

export function oddsAdapterFor(rulesetId: string): OddsAdapter<any> | undefined {
  return Object.hasOwn(packages, rulesetId) ? packages[rulesetId]!.odds : undefined;
}
