// AAE Collect Income: territories and convoy centres held, the Middle East (the Allies collect nothing there; what
// Germany takes there the Allies pay it from their own IPCs), the Soviet convoy centre (worth nothing while Germany
// holds Archangel), no income while a power's capital is in enemy hands.
import type { Choice, Frame, Procedure } from '../../engine/index.ts';
import { POWERS, type Power } from './data/index.ts';
import type { AaeState } from './state.ts';
import { AREAS, POWER_NAMES, capitalOf, controller, enemies, hasMark, sideOf } from './world.ts';

export const RULE_INCOME = 'AAE Collect Income';
export const RULE_MIDDLE_EAST = 'AAE Collect Income: the Middle East';
export const RULE_SOVIET_CONVOY = 'AAE Convoy Centers: the Soviet convoy center and Archangel';

/** Income a power would collect now, item by item (0 while its capital is held by the enemy). */
export function incomeOf(s: AaeState, p: Power): { total: number; items: { area: string; value: number }[]; capitalLost: boolean } {
  const cap = controller(s, capitalOf(p));
  if (cap === null || enemies(cap, p)) return { total: 0, items: [], capitalLost: true };
  const items: { area: string; value: number }[] = [];
  for (const a of AREAS.values()) {
    if (!a.value || controller(s, a.id) !== p) continue;
    if (hasMark(a.id, 'middle-east')) continue;
    if (a.kind === 'sea' && a.owner !== p) continue;
    if (a.id === 'soviet-convoy' && sovietConvoyCut(s)) continue;
    items.push({ area: a.id, value: a.value });
  }
  return { total: items.reduce((x, i) => x + i.value, 0), items, capitalLost: false };
}

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
