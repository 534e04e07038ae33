// Every rule set Theater can play, by id: the one registry. Server, web, CLI, AI and odds reach rule sets only here.
import type { Ruleset } from '../engine/index.ts';
import type { RulesetPackage } from './package.ts';
import { duelPackage } from './duel/package.ts';
import { twoWWPackage } from './2ww/package.ts';
import { etoPackage } from './eto/package.ts';
import { aaePackage } from './aae/package.ts';
import { bkgPackage } from './bkg/package.ts';
import { fixtureAreasPackage } from './fixture-areas/package.ts';

export type { RulesetPackage } from './package.ts';

const all: RulesetPackage[] = [duelPackage, twoWWPackage, etoPackage, aaePackage, bkgPackage, fixtureAreasPackage];

export const packages: Record<string, RulesetPackage> = Object.fromEntries(all.map((p) => [p.ruleset.id, p]));

export const rulesets: Record<string, Ruleset<any>> = Object.fromEntries(all.map((p) => [p.ruleset.id, p.ruleset]));

/** The package of this rule set id, or an error that lists the known ones. */
export function getPackage(id: string): RulesetPackage {
  const p = Object.hasOwn(packages, id) ? packages[id] : undefined;
  if (!p) throw new Error(`unknown rule set "${id}"; known: ${Object.keys(packages).join(', ')}`);
  return p;
}

/** The rule set with this id, or an error that lists the known ones. */
export function getRuleset(id: string): Ruleset<any> {
  return getPackage(id).ruleset;
}
