// Supply (advanced 6.1, 6.6) and the sea connections a side may not use (advanced 6.4.3 C). One search per side
// from its sources (src/board traceSupply) answers every unit: over friendly land, over sea zones not held by enemy
// task forces alone, through the straits and canals the side may pass.
import { traceSupply } from '../../board/index.ts';
import type { Ctx } from '../../engine/index.ts';
import { CANAL, COAST, LAKE, LAND, STRAIT, area, bkgMap, productionOf } from './map.ts';
import { isBelligerent, isConquered, leaderOf, sideOf } from './politics.ts';
import { isMajor, powerOfCountry, sideOfMajor, type Side } from './powers.ts';
import { type BkgState, type Unit, isShip } from './state.ts';

/** Is the strait or canal between two sea zones closed to `side`'s ships (advanced 6.4.3 C)? Subs pass all but the
 *  Panama and Suez canals; neutrals pass everywhere. */
export function connectionClosed(s: BkgState, a: string, b: string, side: Side | null, type: Unit['type']): boolean {
  if (s.rules !== 'advanced' || side === null) return false;
  const pair = a < b ? `${a}|${b}` : `${b}|${a}`;
  const enemyHolds = (id: string) => { const c = sideOf(s, s.control[id]!); return c !== null && c !== side; };
  switch (pair) {
    case 'central-atlantic|sea-of-panama': return type === 'sub' || (side !== sideOfMajor(s, 'usa') && s.events.includes('usa-war'));
    case 'levantine-sea|red-sea': return type === 'sub' || enemyHolds('alexandria') || enemyHolds('near-east');
    case 'gibraltar-straits|sea-of-portugal': return type !== 'sub' && enemyHolds('gibraltar');
    case 'southern-chinese-sea|west-indian-ocean': return type !== 'sub' && enemyHolds('malaya');
    case 'north-sea|skagerrak': return type !== 'sub' && enemyHolds('norway') && enemyHolds('denmark');
    case 'aegean-sea|black-sea': {
      if (type === 'sub') return false;
      const t = s.control['western-turkey']!;
      return sideOf(s, t) === null ? true : enemyHolds('western-turkey');
    }
    default: return false;
  }
}

/** Areas that supply a side (advanced 6.1): areas with production in a home country of the side, held by the side. */
function sources(s: BkgState, side: Side): string[] {
  const out: string[] = [];
  for (const a of bkgMap().areas) {
    if (a.kind !== 'land' || !a.home || productionOf(a.id)[0] <= 0) continue;
    const owner = powerOfCountry(a.country!);
    if (sideOf(s, owner) !== side || isConquered(s, leaderOf(s, owner)) || (!isMajor(owner) && !isBelligerent(s, owner))) continue;
    if (sideOf(s, s.control[a.id]!) === side) out.push(a.id);
  }
  return out;
}

/** Places a side's supply lines reach (land areas and sea zones), by node. */
export function supplyMap(s: BkgState, side: Side): Uint8Array {
  const m = bkgMap();
  const g = m.board;
  const n = g.nodeCount;
  const friendlyLand = new Uint8Array(n);
  const blockedSea = new Uint8Array(n);
  const enemyTf = new Uint8Array(n), ownShip = new Uint8Array(n);
  // Card French Vichy Surrender: Vichy and its colonies are neutral (Italy only handles them), so they carry no
  // Axis supply line (ruling 69).
  for (const id of m.landIds) if (sideOf(s, s.control[id]!) === side && s.control[id] !== 'vichy') friendlyLand[g.index(id)] = 1;
  for (const u of Object.values(s.units)) {
    if (u.where === 'box' || u.aboard) continue;
    const i = g.find(u.where);
    if (i < 0) continue;
    const us = sideOf(s, u.power);
    if (m.isSea[i]) {
      if (us === side && isShip(u) && u.type !== 'sub') ownShip[i] = 1;
      else if (us !== side && us !== null && u.type === 'tf' && isBelligerent(s, u.power)) enemyTf[i] = 1;
    } else if (us === side && u.type !== 'air' && u.power !== 'vichy') friendlyLand[i] = 1;
  }
  for (let i = 0; i < n; i++) if (m.isSea[i] && enemyTf[i] && !ownShip[i]) blockedSea[i] = 1;
  const map = traceSupply(g, sources(s, side).map((id) => g.index(id)), {
    mayOccupy: (node) => (m.isSea[node] ? !blockedSea[node] : friendlyLand[node] === 1),
    mayStep: (from, to, e) => {
      const k = m.edgeKind[e];
      if (k === LAKE) return false;
      if (k === LAND || k === COAST) return true;
      if (k === STRAIT || k === CANAL) return !connectionClosed(s, g.id(from), g.id(to), side, 'tf');
      return true;
    },
  });
  return map.mask;
}

/** Advanced 6.1/6.6: both sides' units are checked; out-of-supply units are listed in the state until the next check. */
export function supplyCheck(ctx: Ctx<BkgState>, which: string): void {
  const s = ctx.state;
  const g = bkgMap().board;
  const maps = { axis: supplyMap(s, 'axis'), allies: supplyMap(s, 'allies') };
  const oos: string[] = [];
  for (const u of Object.values(s.units)) {
    if (u.where === 'box' || isShip(u) || u.power === 'vichy') continue; // a neutral's units are not checked
    const side = sideOf(s, u.power);
    if (!side) continue;
    const a = area(u.where);
    if (a.kind === 'land' && a.home && productionOf(a.id)[0] > 0 && sideOf(s, s.control[a.id]!) === side) continue; // always supplied
    if (!maps[side][g.index(u.where)]) oos.push(u.id);
  }
  s.oos = oos.sort();
  const names = [...new Set(oos.map((id) => area(s.units[id]!.where).name))];
  ctx.log(oos.length ? `${which}: out of supply in ${names.join(', ')}` : `${which}: every unit is in supply`, 'BKG advanced 6.1');
}

export function isOutOfSupply(s: BkgState, u: Unit): boolean {
  return s.rules === 'advanced' && s.oos.includes(u.id);
}
