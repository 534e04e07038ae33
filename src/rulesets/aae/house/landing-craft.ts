// Landing craft (house rules l.16, 97): a marker on a transport, bought for 6 IPCs while the transport lies next to a
// friendly port. From a transport without one only infantry may land in an amphibious assault, and they fight at -1
// for the whole battle (house/values.ts); with one, any cargo lands and fights as usual.
import type { Choice, Ctx } from '../../../engine/index.ts';
import type { Power, UnitType } from '../data/index.ts';
import type { AaeState, Unit } from '../state.ts';
import { POWER_NAMES, areaName, friendlyLand, isLand, neighboursIn } from '../world.ts';
import { isPort } from './regions.ts';

export const RULE_LANDING_CRAFT = 'AAE house rules l.16 (landing craft)';
export const LANDING_CRAFT_COST = 6;
const INFANTRY: ReadonlySet<UnitType> = new Set(['infantry', 'volksgrenadier', 'militia']);

/** A sea zone next to a friendly port. */
const byPort = (s: AaeState, zone: string, p: Power): boolean => !isLand(zone) && neighboursIn(s, zone).some((n) => isPort(n.id) && friendlyLand(s, n.id, p));

/** Transports of `p` that may take landing craft now, by sea zone: one choice a zone. */
export function landingCraftChoices(s: AaeState, p: Power): Choice[] {
  if (!s.opts.house['landing-craft'] || s.ipcs[p] < LANDING_CRAFT_COST) return [];
  const zones = [...new Set(s.units.filter((u) => u.power === p && u.type === 'transport' && !u.landingCraft && byPort(s, u.at, p)).map((u) => u.at))].sort();
  return zones.map((z) => ({ action: { type: 'landing-craft', at: z }, label: `add landing craft to a transport in ${areaName(z)} (${LANDING_CRAFT_COST} IPCs)`, refs: { place: z } }));
}

export function addLandingCraft(ctx: Ctx<AaeState>, p: Power, zone: string): void {
  const s = ctx.state;
  const t = s.units.find((u) => u.power === p && u.type === 'transport' && !u.landingCraft && u.at === zone)!;
  t.landingCraft = true;
  s.ipcs[p] -= LANDING_CRAFT_COST;
  ctx.log(`${POWER_NAMES[p]} fits landing craft to a transport in ${areaName(zone)}`, RULE_LANDING_CRAFT);
}

/** May this cargo land in an assault from this transport? */
export function mayAssaultFrom(s: AaeState, cargo: Unit, t: Unit): boolean {
  return !s.opts.house['landing-craft'] || !!t.landingCraft || INFANTRY.has(cargo.type);
}
