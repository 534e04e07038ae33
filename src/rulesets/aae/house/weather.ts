// Weather on the move (house rules l.40, 44): Spring mud and Winter 1941 slow armour in Eastern Europe to one
// area; in Winter no amphibious assault sets out from the Atlantic or the Baltic. Combat effects: house/values.ts.
import type { AaeState, Unit } from '../state.ts';
import { isEasternEurope } from './regions.ts';
import { seasonOf } from './seasons.ts';

export const RULE_WEATHER = 'AAE house rules l.40 (weather)';
export const RULE_WINTER_1941 = 'AAE house rules l.44 (Winter 1941)';

const ARMOUR = new Set(['armour', 'ss-armour', 'guards-armour']);

/** The Atlantic and the Baltic (ruling: every sea zone but the Mediterranean's, the Black Sea, the Arctic seas and the boxes). */
const NOT_ATLANTIC = new Set([
  'strait-of-gibraltar', 'western-mediterranean', 'tyrrhenian-sea', 'sicilian-sea', 'central-mediterranean', 'adriatic-sea',
  'eastern-mediterranean', 'aegean-sea', 'black-sea', 'norwegian-sea', 'barents-sea', 'white-sea', 'soviet-convoy', 'red-sea', 'south-africa',
]);

/** The rule that holds this armour unit to one area of movement in Eastern Europe, if any. */
export function mudRule(s: AaeState, u: Pick<Unit, 'type' | 'power' | 'nation'>): string | null {
  if (!ARMOUR.has(u.type)) return null;
  const h = s.opts.house;
  if (h.weather && seasonOf(s.round).season === 'Spring') return RULE_WEATHER;
  if (h['winter-1941'] && s.round === 4 && u.power === 'germany' && u.nation !== 'finland') return RULE_WINTER_1941;
  return null;
}

/** A move by this armour unit along `path` (start first) that the mud forbids: more than one area touching Eastern Europe. */
export function mudForbids(s: AaeState, u: Unit, path: string[], spent: number): boolean {
  if (!mudRule(s, u)) return false;
  const steps = path.length - 1 + spent;
  return steps > 1 && path.some(isEasternEurope);
}

/** In Winter an assault may not land from an Atlantic or Baltic sea zone (l.40). */
export function winterLandingBan(s: AaeState, zone: string): boolean {
  return !!s.opts.house.weather && seasonOf(s.round).season === 'Winter' && !NOT_ATLANTIC.has(zone);
}
