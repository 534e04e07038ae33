// Every rule set's AI adapter, by rule set id.
import type { AiAdapter } from '../types.ts';
import { duelAi } from './duel.ts';
import { twoWWAi } from './2ww.ts';

const adapters = new Map<string, AiAdapter<any>>();

export function registerAiAdapter(a: AiAdapter<any>): void {
  adapters.set(a.ruleset, a);
}

export function aiAdapterFor(rulesetId: string): AiAdapter<any> | undefined {
  return adapters.get(rulesetId);
}

registerAiAdapter(duelAi);
registerAiAdapter(twoWWAi);
