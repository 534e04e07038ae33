// ETO 24.5 defining a front: a side whose units and ZOCs cut hexes off from every enemy land unit and airbase takes
// control of them. Offered as a choice in the side's own offensive movement (step 3) and Movement phase. Ruling 40.
import { type Choice, type Ctx, write } from '../../engine/index.ts';
import type { EtoState, Side } from './state.ts';
import { otherSide } from './state.ts';
import { controller, landMap, landOf, landReach, type LandState, layerHex, neighbours, occupancy, theatreOf, zocOf } from './land.ts';

/** 24.5: airbase hexes (cities, resource hexes, airfield markers) never change control by a front. */
const airbase = (l: LandState, h: string): boolean => !!layerHex(l, h)?.feature || l.airfields.includes(h);


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
  const edge = landMap(theatreOf(l)).edges;
  const sources = hexes.filter((h) => occ.get(h) === enemy || (controller(l, h) === enemy && (airbase(l, h) || edge.has(h))));
  const reached = landReach(l, sources, (h) => !line.has(h));
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

export function defineFront(ctx: Ctx<EtoState>, side: Side): void {
  const hs = hexesBehindFront(landOf(ctx.state), side);
  for (const h of hs) write(ctx.state, 'land', 'control')[h] = side;
  ctx.log(`${side === 'axis' ? 'Axis' : 'Allied'} front: ${hs.length} hex(es) behind it change control (${hs.join(', ')})`, 'ETO 24.5');
}
