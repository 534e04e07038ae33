// ETO 24.5 defining a front: a side whose units and ZOCs cut hexes off from every enemy land unit and airbase takes
// control of them. Offered as a choice in the side's own offensive movement (step 3) and Movement phase. Ruling 40.
import type { Choice, Ctx } from '../../engine/index.ts';
import type { EtoState, Side } from './state.ts';
import { otherSide } from './state.ts';
import { etoData } from './data/index.ts';
import { etoMap } from './data/map-schema.ts';
import { controller, idx, landMap, type LandState, layerHex, neighbours, occupancy, theatreOf, zocOf } from './land.ts';
import { navalMap } from './map.ts';

/** 24.5: airbase hexes (cities, resource hexes, airfield markers) never change control by a front. */
const airbase = (l: LandState, h: string): boolean => !!layerHex(l, h)?.feature || l.airfields.includes(h);

/**
 * Hexes on the edge of the scenario's window with land of the scenario's countries beyond them: the map goes on there
 * in the hands of the hex's side, so such a hex is never cut off (ruling 40). Fixed per theatre.
 */
const edges = new Map<string, Set<string>>();
function windowEdges(l: LandState): Set<string> {
  const m = landMap(theatreOf(l));
  let out = edges.get(m.id);
  if (out) return out;
  const b = navalMap().board;
  const countries = (m.id === 'bulge-1944' ? etoData().bulgeLayer : etoData().poland).window.countries;
  const all = etoMap().hexes;
  out = new Set<string>();
  for (const h of Object.keys(m.hexes)) {
    const n = idx(h);
    for (let i = b.adjStart[n]!; i < b.adjStart[n + 1]!; i++) {
      const x = b.adjNode[i]!;
      if (x >= b.hexCount || m.hex(x)) continue;
      const o = all[b.id(x)];
      if (o && o.kind !== 'sea' && o.terrain !== 'lake' && countries.includes(o.country ?? '')) { out.add(h); break; }
    }
  }
  edges.set(m.id, out);
  return out;
}

/**
 * 24.5: the enemy-controlled hexes `side` gains by demonstrating its front now. The front is the line of `side`'s
 * land units and ZOCs; a hex is behind it when no path free of that line joins it to an enemy land unit or an enemy
 * airbase. Hexes on the line facing the enemy (next to such a path) stay; so do hexes in enemy ZOC and airbases.
 */
export function hexesBehindFront(l: LandState, side: Side): string[] {
  const enemy = otherSide(side);
  const occ = occupancy(l);
  const line = zocOf(l, side);
  for (const [h, s] of occ) if (s === side) line.add(h);
  const hexes = Object.keys(landMap(theatreOf(l)).hexes);
  const edge = windowEdges(l);
  const reached = new Set(hexes.filter((h) => occ.get(h) === enemy || (controller(l, h) === enemy && (airbase(l, h) || edge.has(h)))));
  const queue = [...reached];
  while (queue.length) {
    const h = queue.pop()!;
    for (const n of neighbours(l, h)) if (!reached.has(n) && !line.has(n)) { reached.add(n); queue.push(n); }
  }
  const enemyZoc = zocOf(l, enemy);
  // Front hexes (on the line, next to the enemy's side or to neutral hexes) keep their control.
  const onFront = (h: string) => line.has(h) && neighbours(l, h).some((n) => reached.has(n) || controller(l, n) === null);
  return hexes.filter((h) => controller(l, h) === enemy && !reached.has(h) && !occ.has(h) && !enemyZoc.has(h) && !airbase(l, h) && !onFront(h)).sort();
}

/** The choice to offer `side` now, if its front would gain any hex. */
export function frontChoice(l: LandState, side: Side): Choice[] {
  const n = hexesBehindFront(l, side).length;
  return n ? [{ action: { type: 'front' }, label: `Define a front (24.5): take control of ${n} hex(es) behind your line` }] : [];
}

export function defineFront(ctx: Ctx<EtoState>, l: LandState, side: Side): void {
  const hs = hexesBehindFront(l, side);
  for (const h of hs) l.control[h] = side;
  ctx.log(`${side === 'axis' ? 'Axis' : 'Allied'} front: ${hs.length} hex(es) behind it change control (${hs.join(', ')})`, 'ETO 24.5');
}
