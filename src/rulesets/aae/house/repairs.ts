// Ship repairs (house rules l.10): damaged ships are no longer repaired for nothing at the end of their owner's turn
// (printed rule); at the start of its turn the owner may repair a damaged battleship in a sea zone next to a
// friendly port, for d3 + 3 IPCs (d3: half a d6, rounded up). Only battleships are ever damaged here (ruling 30).
import type { Choice, Ctx, Frame, Procedure } from '../../../engine/index.ts';
import type { Power } from '../data/index.ts';
import type { AaeState, Unit } from '../state.ts';
import { POWER_NAMES, areaName, friendlyLand, isLand, neighboursIn } from '../world.ts';
import { isPort } from './regions.ts';

export const RULE_REPAIRS = 'AAE house rules l.10 (repairs in port)';
const BASE_COST = 3;

/** A d6 read as a d3. */
export const d3 = (face: number): number => Math.ceil(face / 2);

/** Damaged battleships of `p` in a sea zone next to a friendly port (or in one), not yet asked about this turn. */
export function repairable(s: AaeState, p: Power, asked: readonly string[] = []): Unit[] {
  return s.units.filter((u) => u.power === p && (u.damage ?? 0) > 0 && !asked.includes(u.id)
    && (isLand(u.at) ? isPort(u.at) && friendlyLand(s, u.at, p) : neighboursIn(s, u.at).some((n) => isPort(n.id) && friendlyLand(s, n.id, p))));
}

interface RepairsFrame extends Frame { power: Power; asked: string[] }

export function startRepairs(ctx: Ctx<AaeState>, p: Power): void {
  if (ctx.state.opts.house.repairs && repairable(ctx.state, p).length) ctx.push('repairs', { power: p, asked: [] });
}

export const repairs: Procedure<AaeState, RepairsFrame> = {
  prompts(s, f) {
    const u = repairable(s, f.power, f.asked)[0];
    if (!u) return [];
    const choices: Choice[] = [
      { action: { type: 'repair', unit: u.id, yes: true }, label: `repair the battleship in ${areaName(u.at)} (d3 + ${BASE_COST} IPCs, rolled now)`, refs: { units: [u.id], place: u.at } },
      { action: { type: 'repair', unit: u.id, yes: false }, label: 'leave it damaged', refs: { units: [u.id] } },
    ];
    return [{ seat: f.power, rule: RULE_REPAIRS, kind: 'yes-no', text: `${POWER_NAMES[f.power]}: repair the damaged battleship in ${areaName(u.at)}? (${s.ipcs[f.power]} IPCs)`, choices }];
  },
  run(ctx) { ctx.pop(); },
  act(ctx, f, _seat, a) {
    const s = ctx.state;
    const u = s.units.find((x) => x.id === a.unit)!;
    if (a.yes) {
      const r = ctx.roll(6, 1, 'repair cost (d3 + 3)', RULE_REPAIRS);
      const cost = d3(r.faces[0]!) + BASE_COST;
      if (cost <= s.ipcs[f.power]) {
        s.ipcs[f.power] -= cost;
        u.damage = undefined;
        ctx.log(`${POWER_NAMES[f.power]} repairs its battleship in ${areaName(u.at)} for ${cost} IPCs`, RULE_REPAIRS);
      } else ctx.log(`The repair would cost ${cost} IPCs, more than ${POWER_NAMES[f.power]} has: the battleship stays damaged`, RULE_REPAIRS);
    }
    ctx.goto('repairs', { ...f, asked: [...f.asked, u.id] });
  },
};
