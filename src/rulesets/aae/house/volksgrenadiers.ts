// Volksgrenadiers (house rules l.167): Germany may build them (2 IPCs, 1/2) once it has had a major defeat: the Axis
// lose a battle in which 6 or more German land units are lost (ruling: a battle the German attacker does not win,
// or the German defender loses; the units destroyed in it, by hits or unable to withdraw).
import type { Ctx } from '../../../engine/index.ts';
import type { Power } from '../data/index.ts';
import type { AaeState } from '../state.ts';
import { areaName } from '../world.ts';

export const RULE_VOLKSGRENADIERS = 'AAE house rules l.167 (Volksgrenadiers)';
const MAJOR = 6;

/** After a battle: Germany lost it, and `lost` German land units with it. */
export function noteDefeat(ctx: Ctx<AaeState>, area: string, germanyLost: boolean, lost: number): void {
  const s = ctx.state;
  if (!s.opts.house.volksgrenadiers || !germanyLost || lost < MAJOR || s.house?.majorDefeat) return;
  s.house = { ...(s.house ?? {}), majorDefeat: s.round };
  ctx.log(`A major German defeat in ${areaName(area)} (${lost} land units lost): Germany may build Volksgrenadiers`, RULE_VOLKSGRENADIERS);
}

export const mayBuyVolksgrenadiers = (s: AaeState, p: Power): boolean => !!s.opts.house.volksgrenadiers && p === 'germany' && s.house?.majorDefeat !== undefined;
