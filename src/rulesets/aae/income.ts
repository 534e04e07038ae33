// AAE Collect Income: territories and convoy centres held, the Middle East (the Allies collect nothing there; what
// Germany takes there the Allies pay it from their own IPCs), the Soviet convoy centre (worth nothing while Germany
// holds Archangel), no income while a power's capital is in enemy hands. House rules l.121-123 (hr-convoys): the
// Arctic and the two Atlantic convoys to the Soviet Union.
import type { Choice, Frame, Procedure } from '../../engine/index.ts';
import { POWERS, type Power } from './data/index.ts';
import type { AaeState } from './state.ts';
import { AREAS, POWER_NAMES, area, capitalOf, controller, enemies, factoryBonus, hasMark, sideOf, standIn } from './world.ts';
import { seasonOf } from './house/seasons.ts';
import { originalOwner } from './house/axis-minor.ts';
import { heldByPartisans } from './house/partisan-units.ts';

export const RULE_INCOME = 'AAE Collect Income';
export const RULE_MIDDLE_EAST = 'AAE Collect Income: the Middle East';
export const RULE_SOVIET_CONVOY = 'AAE Convoy Centers: the Soviet convoy center and Archangel';

/** Income a power would collect now, item by item (0 while its capital is held by the enemy). */
export function incomeOf(s: AaeState, p: Power): { total: number; items: { area: string; value: number }[]; capitalLost: boolean } {
  const cap = controller(s, capitalOf(p));
  if (cap === null || enemies(cap, p)) return { total: 0, items: [], capitalLost: true };
  const items: { area: string; value: number }[] = [];
  const h = s.opts.house;
  for (const a of AREAS.values()) {
    if (!a.value || controller(s, a.id) !== p) continue;
    if (hasMark(a.id, 'middle-east')) continue;
    if (a.kind === 'sea' && a.owner !== p) continue;
    // House rules l.203: an area held through partisans alone yields nothing.
    if (h['partisan-units'] && heldByPartisans(s, a.id)) continue;
    if (a.id === 'soviet-convoy' && (h.convoys ? arcticConvoyValue(s) === 0 : sovietConvoyCut(s))) continue;
    // House rules l.179: the US base income follows a schedule instead of its territory and convoy centres.
    if (h['us-income'] && a.owner === 'usa' && p === 'usa') continue;
    let value = a.value + factoryBonus(s, a.id);
    if (h['half-value'] && originalOwner(s, a.id) !== p) value = Math.floor(value / 2);
    if (h.speer && a.id === 'germany' && p === 'germany') value = speerValue(s, value);
    if (h.convoys && a.id === 'soviet-convoy') value = arcticConvoyValue(s);
    items.push({ area: a.id, value });
  }
  if (h['us-income'] && p === 'usa') {
    const cut = AREAS.get('us-convoy-1')!.value! * Number(controller(s, 'us-convoy-1') !== 'usa') + AREAS.get('us-convoy-2')!.value! * Number(controller(s, 'us-convoy-2') !== 'usa');
    items.push({ area: 'united-states', value: usBaseIncome(s.round) - cut });
  }
  if (h.convoys && p === 'ussr') for (const c of atlanticConvoys(s)) items.push(c);
  if (h.malta && p === 'uk' && controller(s, 'malta') === 'uk') items.push({ area: 'malta', value: -1 });
  if (h.japan && p === 'uk' && s.round >= 5) items.push({ area: 'united-kingdom', value: -3 });
  return { total: Math.max(0, items.reduce((x, i) => x + i.value, 0)), items, capitalLost: false };
}

/** House rules l.179: 20 on turns 1-2, 30 on 3-4, 40 on 5-6, 50 on 7-8, 60 from turn 9. */
export function usBaseIncome(round: number): number {
  return Math.min(60, 20 + 10 * Math.floor((round - 1) / 2));
}

/** House rules l.169 (Albert Speer): Germany's value is 150% in 1943, 200% in 1944 (rounded down). */
export function speerValue(s: AaeState, value: number): number {
  const { year } = seasonOf(s.round);
  return year === 1943 ? Math.floor(value * 1.5) : year >= 1944 ? value * 2 : value;
}

/** House rules l.121: the Arctic convoy (the Soviet convoy centre) runs from the Soviet income of Winter 1941 (turn 4); 2 with Murmansk or Archangel in Axis hands, nothing with both. */
export function arcticConvoyValue(s: AaeState): number {
  if (s.round < ARCTIC_FROM) return 0;
  const lost = [standIn(s, 'murmansk'), 'archangel'].filter((id) => axisHeld(s, id)).length;
  return lost === 0 ? area('soviet-convoy').value ?? 0 : lost === 1 ? 2 : 0;
}

export const ARCTIC_FROM = 4;
/** House rules l.123: the two Atlantic lend-lease convoys, from Summer 1942 (turn 6) and Winter 1942 (turn 8); 3 each (ruling), 1 with Northern Iran or Iraq in Axis hands. */
export const ATLANTIC_CONVOYS = [{ id: 'atlantic-convoy-1', from: 6 }, { id: 'atlantic-convoy-2', from: 8 }];
export const ATLANTIC_VALUE = 3;

export function atlanticConvoys(s: AaeState): { area: string; value: number }[] {
  const cut = [standIn(s, 'northern-iran'), 'iraq'].some((id) => axisHeld(s, id));
  return ATLANTIC_CONVOYS.filter((c) => s.round >= c.from).map((c) => ({ area: c.id, value: cut ? 1 : ATLANTIC_VALUE }));
}

const axisHeld = (s: AaeState, id: string): boolean => {
  const c = controller(s, id);
  return c !== null && sideOf(c) === 'axis';
};

/** The Soviet convoy centre lands at Archangel: with Archangel in Axis hands it brings nothing. */
export function sovietConvoyCut(s: AaeState): boolean {
  const a = controller(s, 'archangel');
  return a !== null && sideOf(a) === 'axis';
}

/** IPCs of the Middle East territories Germany holds: the Allies owe them to Germany each German turn. */
export function middleEastDue(s: AaeState): number {
  let n = 0;
  for (const a of AREAS.values()) if (hasMark(a.id, 'middle-east') && controller(s, a.id) === 'germany') n += a.value ?? 0;
  return n;
}

export function collectIncome(ctx: { state: AaeState; log(t: string, r?: string): void }, p: Power): void {
  const s = ctx.state;
  const inc = incomeOf(s, p);
  if (inc.capitalLost) {
    ctx.log(`${POWER_NAMES[p]} collects nothing: its capital is in enemy hands`, RULE_INCOME);
    return;
  }
  s.ipcs[p] += inc.total;
  ctx.log(`${POWER_NAMES[p]} collects ${inc.total} IPCs (now ${s.ipcs[p]})`, RULE_INCOME);
}

interface MiddleEastFrame extends Frame { due: number }

/** The Allies decide together who pays each IPC of the Middle East penalty; the British player answers for them. */
export const middleEastPenalty: Procedure<AaeState, MiddleEastFrame> = {
  prompts(s, f) {
    if (f.due <= 0) return [];
    const payers = POWERS.filter((p) => sideOf(p) === 'allies' && s.ipcs[p] > 0);
    if (payers.length === 0) return [];
    const choices: Choice[] = payers.map((p) => ({ action: { type: 'pay', power: p }, label: `${POWER_NAMES[p]} pays 1 IPC (has ${s.ipcs[p]})` }));
    return [{
      seat: 'uk', rule: RULE_MIDDLE_EAST, kind: 'pay',
      text: `Germany holds Middle East territories worth ${f.due} more IPC${f.due > 1 ? 's' : ''}: which Allied power pays the next one?`,
      choices,
    }];
  },
  run(ctx, f) {
    if (f.due > 0) ctx.log(`The Allies cannot pay the last ${f.due} IPC${f.due > 1 ? 's' : ''} of the Middle East penalty`, RULE_MIDDLE_EAST);
    ctx.pop();
  },
  act(ctx, f, _seat, a) {
    const s = ctx.state;
    const p = a.power as Power;
    s.ipcs[p] -= 1;
    s.ipcs.germany += 1;
    ctx.log(`${POWER_NAMES[p]} pays Germany 1 IPC for the Middle East`, RULE_MIDDLE_EAST);
    ctx.goto('middle-east', { due: f.due - 1 });
  },
};
