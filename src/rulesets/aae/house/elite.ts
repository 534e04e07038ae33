// Elite armour bought at the purchase step: SS armour for Germany from Winter 1942, one a turn, at most 3 on the
// map (l.161 "SS / elite armour"); Soviet Guards armour from Autumn 1942, one armour converted a turn for 1 IPC,
// at most 5 (l.135). Their saves in battle: house/battle.ts.
import type { Choice, Ctx } from '../../../engine/index.ts';
import type { Power } from '../data/index.ts';
import type { AaeState } from '../state.ts';
import { POWER_NAMES, areaName, controller } from '../world.ts';
import { unitCost } from './values.ts';

export const RULE_SS = 'AAE house rules l.161 (SS armour)';
export const RULE_GUARDS = 'AAE house rules l.135 (Guards armour)';
const SS_FROM = 8; // Winter 1942 (turn 1 is Spring 1941)
const GUARDS_FROM = 7; // Autumn 1942
const SS_MAX = 3;
const GUARDS_MAX = 5;

interface EliteBook { ssRound?: number; guardsRound?: number }
const book = (s: AaeState): EliteBook => (s.house?.elite ?? {}) as EliteBook;
function write(s: AaeState, e: EliteBook): void {
  s.house = { ...(s.house ?? {}), elite: { ...book(s), ...e } };
}

/** Germany may buy an SS armour now. */
export function mayBuySs(s: AaeState, p: Power): boolean {
  if (!s.opts.house.ss || p !== 'germany' || s.round < SS_FROM || book(s).ssRound === s.round) return false;
  const have = s.units.filter((u) => u.type === 'ss-armour').length + s.pending.germany.filter((t) => t === 'ss-armour').length;
  return have < SS_MAX && unitCost(s, 'ss-armour', p) <= s.ipcs[p];
}

export function boughtSs(s: AaeState): void {
  write(s, { ssRound: s.round });
}

/** Soviet armour that may be converted to Guards now: one choice per territory holding Soviet armour. */
export function guardsChoices(s: AaeState, p: Power): Choice[] {
  if (!s.opts.house.guards || p !== 'ussr' || s.round < GUARDS_FROM || book(s).guardsRound === s.round || s.ipcs.ussr < 1) return [];
  if (s.units.filter((u) => u.type === 'guards-armour').length >= GUARDS_MAX) return [];
  const at = [...new Set(s.units.filter((u) => u.type === 'armour' && u.power === 'ussr' && controller(s, u.at) === 'ussr').map((u) => u.at))].sort();
  return at.map((a) => ({ action: { type: 'guards', at: a }, label: `convert an armour in ${areaName(a)} to Guards armour (1 IPC)`, refs: { place: a } }));
}

export function convertGuards(ctx: Ctx<AaeState>, at: string): void {
  const s = ctx.state;
  const u = s.units.find((x) => x.type === 'armour' && x.power === 'ussr' && x.at === at)!;
  u.type = 'guards-armour';
  s.ipcs.ussr -= 1;
  write(s, { guardsRound: s.round });
  ctx.log(`${POWER_NAMES.ussr} armour in ${areaName(at)} becomes Guards armour`, RULE_GUARDS);
}
