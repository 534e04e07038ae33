// The Gulf of Finland mine barrage (house rules l.173, `hr-mines`; ruling 86): the regional sea zone at Leningrad is
// carved from the Baltic Sea (Leningrad's and Vyborg's coast lies on it instead); every ship that moves into or out of
// it rolls a d6 and is hit on 1-4, from 1942 with +1 for each of Vyborg, Helsinki, Estonia and Riga the Soviets hold.
import type { Ctx } from '../../../engine/index.ts';
import { AAE_DATA } from '../data/index.ts';
import type { AaeState, Unit } from '../state.ts';
import { removeUnit } from '../units.ts';
import { POWER_NAMES, controller, standIn, unitData } from '../world.ts';

export const RULE_MINES = 'AAE house rules l.173 (Gulf of Finland mines)';
export const GULF = AAE_DATA.house.gulfOfFinland.zone;
/** A modified d6 of this or less is a hit. */
const HIT_ON = 4;
/** 1942 begins with turn 5 (turn 1 is Spring 1941: ruling 26). */
const CLEARANCE_FROM = 5;

/** The roll's modifier: from 1942, +1 for each clearance area the Soviets hold (stand-ins counted once). */
export function mineModifier(s: AaeState): number {
  if (s.round < CLEARANCE_FROM) return 0;
  const areas = new Set(AAE_DATA.house.gulfOfFinland.clearance.map((id) => standIn(s, id)));
  return [...areas].filter((id) => controller(s, id) === 'ussr').length;
}

/** Ships that have just crossed into or out of the gulf roll for the mines; a hit damages a battleship, else sinks. */
export function gulfMines(ctx: Ctx<AaeState>, ships: Unit[], starts: readonly string[]): void {
  const s = ctx.state;
  const crossing = ships.filter((u, i) => (starts[i] === GULF) !== (u.at === GULF));
  if (!crossing.length) return;
  const m = mineModifier(s);
  const r = ctx.roll(6, crossing.length, `Gulf of Finland mines: one die per ship, hit on ${HIT_ON} or less${m ? ` after +${m}` : ''}`, RULE_MINES, { each: true });
  crossing.forEach((u, i) => {
    if (r.faces[i]! + m > HIT_ON) return;
    const name = `${POWER_NAMES[u.power]} ${unitData(u.type).name.toLowerCase()}`;
    if ((unitData(u.type).hits ?? 1) - (u.damage ?? 0) > 1) { u.damage = (u.damage ?? 0) + 1; ctx.log(`A mine damages a ${name}`, RULE_MINES); return; }
    ctx.log(`A mine sinks a ${name}`, RULE_MINES);
    removeUnit(s, u.id);
  });
}
