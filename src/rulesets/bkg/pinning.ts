// Pinning (advanced 10.1-10.2): units attacked where they stand are held in that combat, but only as many as the
// attacking units can pin; the owner's surplus may still react elsewhere (aircraft, task force support, reserves) and
// a phasing convoy in a sea zone with enemy ships may unload into an enemy area only if it is surplus.
import { atWar } from './politics.ts';
import { type BkgState, type Unit } from './state.ts';

type PinKind = 'land' | 'air' | 'ship';

function kindOf(u: Unit): PinKind {
  return u.type === 'air' ? 'air' : u.type === 'inf' || u.type === 'arm' || u.type === 'hq' ? 'land' : 'ship';
}

/** How many of `held` the units `by` can pin at once (10.2): land units pin land units, ships pin ships, aircraft and
 *  task forces pin anything, HQs never pin. Each pinning unit holds one. */
export function pinCount(by: Unit[], held: Unit[]): number {
  let land = 0, ship = 0, any = 0;
  for (const u of by) {
    if (u.type === 'hq') continue;
    if (u.type === 'air' || u.type === 'tf') any++;
    else if (kindOf(u) === 'land') land++;
    else ship++;
  }
  const n = { land: 0, air: 0, ship: 0 };
  for (const u of held) n[kindOf(u)]++;
  const l = Math.min(land, n.land), s = Math.min(ship, n.ship);
  return l + s + Math.min(any, n.land - l + n.air + n.ship - s);
}

/** Enemy units at a place that pin the units of `side` there. */
function pinners(s: BkgState, place: string, mine: Unit[]): Unit[] {
  return Object.values(s.units).filter((v) => v.where === place && !v.aboard && mine.some((u) => atWar(s, u.power, v.power)));
}

/** May `units` (all at one place, one side) leave it while the enemy there keeps pinning as many as before (10.1: the
 *  owner chooses the surplus)? `held` are the side's units there still to be pinned (default: all of them). */
export function unpinned(s: BkgState, units: Unit[], held?: Unit[]): boolean {
  if (!units.length) return true;
  const place = units[0]!.where;
  const mine = held ?? Object.values(s.units).filter((v) => v.where === place && !v.aboard && !units.some((u) => atWar(s, u.power, v.power)));
  const by = pinners(s, place, mine);
  if (!by.length) return true;
  const ids = new Set(units.map((u) => u.id));
  return pinCount(by, mine.filter((u) => !ids.has(u.id))) === pinCount(by, mine);
}
