// ETO 23.3-23.4: an HQ (or general) left without a friendly land unit in enemy ZOC or among enemy units is moved one
// hex out of enemy ZOC by its owner, keeping the HQ intervals; with nowhere to go it goes to the force pool. Ruling 33.
import { type Ctx, type Frame, type Procedure, write } from '../../engine/index.ts';
import type { DisplaceAction } from './actions.ts';
import { controller, dist, landOf, type LandState, type LandUnit, landUnitsAt, neighbours, placeName, zocOf } from './land.ts';
import { type EtoState, otherSide, type Side } from './state.ts';

/** 23.4: HQs at least the larger command radius apart; HQs that still move in this step are checked when they move (ruling 23). */
export function hqSpacingOk(l: LandState, hq: LandUnit, to: string, stillToMove: string[] = []): boolean {
  return Object.values(l.units).filter((o) => o.kind === 'hq' && o.where === 'map' && o.side === hq.side && o.id !== hq.id && !stillToMove.includes(o.id))
    .every((o) => dist(o.hex!, to) >= Math.max(o.radius ?? 0, hq.radius ?? 0));
}

/** HQs and generals that must leave their hex now (23.3), by id. */
export function commandersToDisplace(l: LandState): LandUnit[] {
  const out: LandUnit[] = [];
  for (const side of ['axis', 'allies'] as Side[]) {
    const zoc = zocOf(l, otherSide(side));
    for (const c of Object.values(l.units)) {
      if (c.side !== side || c.where !== 'map' || (c.kind !== 'hq' && c.kind !== 'general')) continue;
      if (landUnitsAt(l, c.hex!, side).length) continue;
      if (zoc.has(c.hex!) || landUnitsAt(l, c.hex!, otherSide(side)).length) out.push(c);
    }
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

/** 23.3: the hexes one step away out of enemy ZOC, free of enemy units, not neutral (39.0), keeping 23.4. */
export function displacementHexes(l: LandState, c: LandUnit): string[] {
  const zoc = zocOf(l, otherSide(c.side));
  return neighbours(l, c.hex!).filter((n) => !zoc.has(n) && controller(l, n) !== null
    && landUnitsAt(l, n).every((x) => x.side === c.side) && (c.kind !== 'hq' || hqSpacingOk(l, c, n))).sort();
}

function displace(ctx: Ctx<EtoState>, id: string, to: string | undefined): void {
  const c = landOf(ctx.state).units[id]!;
  const h = c.hex!;
  if (to) { write(ctx.state, 'land', 'units', id).hex = to; ctx.log(`${c.name} steps out of enemy ZOC from ${h} to ${to}`, 'ETO 23.3'); }
  else { const w = write(ctx.state, 'land', 'units', id); w.where = 'force-pool'; w.hex = null; ctx.log(`${c.name} cannot leave enemy ZOC at ${h} and goes to the force pool`, 'ETO 23.3'); }
}

/**
 * Called after every move, retreat and advance: commanders with one hex (or none) to go to are moved at once; if one
 * has a choice, a 'displace' frame asks its owner (the caller then gets `{ displaced: true }` through its resume).
 */
export function displaceCommanders(ctx: Ctx<EtoState>): void {
  for (let c = commandersToDisplace(landOf(ctx.state))[0]; c; c = commandersToDisplace(landOf(ctx.state))[0]) {
    const opts = displacementHexes(landOf(ctx.state), c);
    if (opts.length > 1) { ctx.push('displace', {}); return; }
    displace(ctx, c.id, opts[0]);
  }
}

export const hqDisplacement: Procedure<EtoState, Frame> = {
  prompts(s) {
    const l = landOf(s);
    const c = commandersToDisplace(l)[0];
    if (!c) return [];
    const opts = displacementHexes(l, c);
    if (opts.length < 2) return [];
    return [{
      seat: c.side, rule: 'ETO 23.3', kind: 'move',
      text: `${c.name} in ${placeName(l, c.hex!)} is in enemy ZOC without a friendly land unit: choose the hex it moves to`,
      choices: opts.map((h) => ({ action: { type: 'displace', unit: c.id, to: h }, label: `${c.name} steps to ${placeName(l, h)}`, refs: { units: [c.id], from: c.hex!, place: h } })),
    }];
  },
  act(ctx, _f, _seat, a: DisplaceAction) {
    displace(ctx, a.unit, a.to);
  },
  run(ctx) {
    const l = landOf(ctx.state);
    const c = commandersToDisplace(l)[0];
    if (!c) { ctx.pop({ displaced: true }); return; }
    displace(ctx, c.id, displacementHexes(l, c)[0]);
    ctx.goto('displace', {});
  },
};
