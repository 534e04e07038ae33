// Naval HQs (basic 6.1.6, 6.3; advanced 6.4.6, 6.7): on land a naval HQ commands as any HQ; carried at sea it lets
// as many ships of its sea zone as its rating exploit, and move as reserves into sea zones the enemy attacks with
// ships (within their 3 sea zones).
import { movementRange } from '../../board/index.ts';
import { bkgData } from './data/index.ts';
import { COAST, LAKE, LAND, bkgMap, isSeaZone } from './map.ts';
import { type Destination, type MoveEnv, unitsByPlace } from './movement.ts';
import { pendingContacts } from './naval.ts';
import { sideOf } from './politics.ts';
import type { Side } from './powers.ts';
import { type BkgState, type Unit, isShip } from './state.ts';
import { connectionClosed } from './supply.ts';

export function isNavalHq(u: Unit): boolean {
  return u.type === 'hq' && !!u.hq && bkgData().counters.hqs[u.hq]?.naval === true;
}

/** A naval HQ aboard a ship in a sea zone: it commands the ships there. */
export function seaBasedHq(u: Unit): boolean {
  return isNavalHq(u) && !!u.aboard && isSeaZone(u.where);
}

/** Sea zones `side`'s enemy attacks with ships now: its sea combats, and (advanced 6.4.3 D) its ships waiting there for
 *  the searches with ships of `side`. */
export function attackedAtSea(s: BkgState, side: Side): Set<string> {
  const out = new Set<string>();
  // Asked by every reaction prompt: the state's index of units by place, not a pass over every unit a battle.
  let byPlace: Map<string, Unit[]> | undefined;
  const enemyShipsAt = (p: string) => ((byPlace ??= unitsByPlace(s)).get(p) ?? []).some((v) => !v.aboard && isShip(v) && sideOf(s, v.power) !== side && sideOf(s, v.power) !== null);
  for (const b of s.battles) if (b.attacker !== side && isSeaZone(b.place) && enemyShipsAt(b.place)) out.add(b.place);
  if (s.rules === 'advanced' && s.activeSide && s.activeSide !== side) for (const p of pendingContacts(s)) out.add(p);
  return out;
}

/** Where a ship may move as a naval reserve: an attacked sea zone within 3, not through enemy ships (6.1.6). */
export function navalReserveTargets(env: MoveEnv, u: Unit, zones: Set<string>): Map<string, Destination> {
  const out = new Map<string, Destination>();
  if (!isShip(u) || u.aboard || !isSeaZone(u.where) || zones.size === 0) return out;
  const s = env.s;
  const m = bkgMap();
  const g = m.board;
  const start = g.index(u.where);
  const reach = movementRange(g, start, 3, {
    enterCost: (f, t, e) => (m.isSea[t] === 1 && m.edgeKind[e] !== LAND && m.edgeKind[e] !== LAKE && m.edgeKind[e] !== COAST
      && !(env.adv && connectionClosed(s, g.id(f), g.id(t), env.side, u.type)) ? 1 : Infinity),
    mustStop: (n) => env.enemyAt[n] === 1,
  });
  for (const n of reach.nodes()) {
    const id = g.id(n);
    // Optional 9.11: not into a sea zone where ships of a country it does not cooperate with are.
    if (n !== start && zones.has(id) && !env.coopBar?.[n]) out.set(id, { path: reach.pathTo(n).map((k) => g.id(k)), double: false, attack: true });
  }
  return out;
}
