// Supply (house rules l.20): before the combat move every land and air unit on land traces a route to a friendly
// industrial complex through friendly territory and sea zones free of enemy surface warships (enemy submarines and
// transports do not cut it); units that cannot are out of supply: -1 in combat (house/values.ts) and they may attack
// only to reopen a route. German units in Norway may not trace through Finland (l.20 b); the Axis Minor's units need
// only trace to their home country (l.20 a, ruling 84).
import type { Ctx } from '../../../engine/index.ts';
import { AXIS_MINOR, type MinorNation, type Power } from '../data/index.ts';
import { isShip, isSub } from '../combat-rules.ts';
import type { AaeState, Unit } from '../state.ts';
import { AREAS, POWER_NAMES, canalOpen, controller, enemies, hasFactory, inPlay, isLand, neighboursIn, sideOf, unitData } from '../world.ts';

export const RULE_SUPPLY = 'AAE house rules l.20 (supply)';
const NO_NORWAY_TRACE = new Set(['finland', 'helsinki']);
const EXEMPT = new Set(['fort', 'militia', 'home-guard', 'partisan']);
/** l.20 a: the home countries the Axis Minor's units may trace to (Italy's without its colonies and Greece: ruling 84). */
const HOME: Record<MinorNation, readonly string[]> = {
  italy: ['northern-italy', 'southern-italy', 'sicily', 'sardinia'], hungary: ['hungary', 'budapest'], rumania: ['rumania'],
  bulgaria: ['bulgaria'], finland: ['finland', 'helsinki'],
};

/** How a unit traces: the areas it may not pass (l.20 b) and the home country it may trace to besides a complex (l.20 a). */
function traceOf(u: Unit): { key: string; avoid?: ReadonlySet<string>; home?: readonly string[] } {
  if (u.power === 'germany' && u.at === 'norway') return { key: 'germany:norway', avoid: NO_NORWAY_TRACE };
  if (u.power === AXIS_MINOR && u.nation && u.nation in HOME) return { key: `minor:${u.nation}`, home: HOME[u.nation as MinorNation] };
  return { key: u.power };
}

/** Sea zones holding a surface warship hostile to `p` (transports and submarines do not count). */
function blockedSeas(s: AaeState, p: Power): Set<string> {
  return new Set(s.units.filter((u) => enemies(u.power, p) && isShip(u.type) && !isSub(u.type) && u.type !== 'transport' && !isLand(u.at)).map((u) => u.at));
}

/**
 * Areas from which `p`'s side can trace supply. `taken`: an area counted as friendly (an attack that would reopen a
 * route); `avoid`: areas the trace may not pass.
 */
export function suppliedAreas(s: AaeState, p: Power, taken?: string, avoid?: ReadonlySet<string>, home?: readonly string[]): Set<string> {
  const blocked = blockedSeas(s, p);
  const friendly = (id: string) => {
    if (!inPlay(s, id) || avoid?.has(id)) return false;
    if (id === taken) return true;
    if (!isLand(id)) return !blocked.has(id);
    const c = controller(s, id);
    // House rules l.177: Vichy areas are friendly to the Axis for supply.
    if (c === 'vichy') return sideOf(p) === 'axis';
    return c !== null && !enemies(c, p);
  };
  const seen = new Set<string>();
  const queue: string[] = [];
  for (const a of AREAS.values()) {
    if (a.kind === 'land' && (hasFactory(s, a.id) || home?.includes(a.id)) && friendly(a.id)) { seen.add(a.id); queue.push(a.id); }
  }
  while (queue.length) {
    const id = queue.pop()!;
    for (const n of neighboursIn(s, id)) {
      if (seen.has(n.id) || !friendly(n.id)) continue;
      if (n.kind === 'canal' && !canalOpen(s, id, n.id, p)) continue;
      seen.add(n.id);
      queue.push(n.id);
    }
  }
  return seen;
}

/** Units that check supply: land and air units on land, not aboard, not the house rules' fixed or local pieces. */
const checks = (u: Unit): boolean => isLand(u.at) && !u.aboard && unitData(u.type).domain !== 'sea' && !EXEMPT.has(u.type);

/** Before the combat move: every unit's supply is checked afresh. */
export function checkSupply(ctx: Ctx<AaeState>): void {
  const s = ctx.state;
  const cache = new Map<string, Set<string>>();
  const out = new Map<Power, number>();
  for (const u of s.units) {
    u.unsupplied = undefined;
    if (!checks(u)) continue;
    const t = traceOf(u);
    let reach = cache.get(t.key);
    if (!reach) { reach = suppliedAreas(s, u.power, undefined, t.avoid, t.home); cache.set(t.key, reach); }
    if (reach.has(u.at)) continue;
    u.unsupplied = true;
    out.set(u.power, (out.get(u.power) ?? 0) + 1);
  }
  for (const [p, n] of out) ctx.log(`${POWER_NAMES[p]}: ${n} unit${n > 1 ? 's' : ''} out of supply (-1 in combat)`, RULE_SUPPLY);
}

/** An out-of-supply unit attacks only where taking the area reopens its route (the area would be in supply). */
export function attackAllowed(s: AaeState, u: Unit, to: string): boolean {
  if (!u.unsupplied || !s.opts.house.supply) return true;
  const t = traceOf(u);
  return suppliedAreas(s, u.power, to, t.avoid, t.home).has(to);
}
