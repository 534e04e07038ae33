// The AI adapter of a rule set, from its package (src/rulesets/<id>/package.ts).
import { packages } from '../rulesets/index.ts';
import type { AiAdapter } from './types.ts';

export function aiAdapterFor(rulesetId: string): AiAdapter<any> | undefined {
  return Object.hasOwn(packages, rulesetId) ? packages[rulesetId]!.ai : undefined;
}
