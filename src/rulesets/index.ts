// Every rule set Theater can play, by id.
import type { Ruleset } from '../engine/index.ts';
import { duel } from '../engine/testing/duel.ts';
import { twoWW } from './2ww/index.ts';
import { eto } from './eto/index.ts';

const all: Ruleset<any>[] = [duel, twoWW, eto];

export const rulesets: Record<string, Ruleset<any>> = Object.fromEntries(all.map((r) => [r.id, r]));

/** The rule set with this id, or an error that lists the known ones. */
export function getRuleset(id: string): Ruleset<any> {
  // Own keys only: "__proto__" or "constructor" must not find Object's.
  const r = Object.hasOwn(rulesets, id) ? rulesets[id] : undefined;
  if (!r) throw new Error(`unknown rule set "${id}"; known: ${Object.keys(rulesets).join(', ')}`);
  return r;
}
