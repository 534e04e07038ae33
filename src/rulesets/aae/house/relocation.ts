// Factory relocation (house rules l.133): at the end of its noncombat move the Soviet Union may move one industrial
// complex by rail (4 rail points with hr-rail, and 1 IPC) through territory it has held since the turn began, to the
// Urals (the Ural cities: +1 to their value) or to a territory without a complex, which may then build only up to
// its value that turn. Moscow's complex stays with the capital. Ruling 76.
import type { Choice, Frame, Procedure } from '../../../engine/index.ts';
import type { AaeState } from '../state.ts';
import { AREAS, POWER_NAMES, areaName, capitalOf, controller, hasFactory, inPlay, neighboursIn } from '../world.ts';
import { railPoints } from '../movement.ts';

export const RULE_RELOCATION = 'AAE house rules l.133 (factory relocation)';
const RAIL_COST = 4;
const IPC_COST = 1;
const URALS = 'urals';

export interface FactoryBook { moved: Record<string, string>; bonus: Record<string, number>; round?: number; to?: string }
export const factoryBook = (s: AaeState): FactoryBook => (s.house?.factories as FactoryBook | undefined) ?? { moved: {}, bonus: {} };

/** Soviet territory held since the turn began, joined by land to `from` through such territory. */
function railReach(s: AaeState, from: string): string[] {
  const held = (id: string) => inPlay(s, id) && controller(s, id) === 'ussr' && !s.capturedThisTurn.includes(id);
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length) {
    const a = queue.shift()!;
    for (const n of neighboursIn(s, a)) if (n.kind === 'land' && !seen.has(n.id) && held(n.id)) { seen.add(n.id); queue.push(n.id); }
  }
  seen.delete(from);
  return [...seen].sort();
}

/** The relocations open now: once a turn, from a Soviet complex other than Moscow's. */
export function relocations(s: AaeState): { from: string; to: string }[] {
  if (!s.opts.house.relocation || s.power !== 'ussr' || factoryBook(s).round === s.round || s.ipcs.ussr < IPC_COST) return [];
  if (s.opts.house.rail && railPoints(s, 'ussr').all < RAIL_COST) return [];
  const out: { from: string; to: string }[] = [];
  for (const a of AREAS.values()) {
    if (a.kind !== 'land' || a.id === capitalOf('ussr') || !hasFactory(s, a.id) || controller(s, a.id) !== 'ussr' || s.capturedThisTurn.includes(a.id)) continue;
    for (const to of railReach(s, a.id)) if (to === URALS || !hasFactory(s, to)) out.push({ from: a.id, to });
  }
  return out;
}

export const relocation: Procedure<AaeState, Frame> = {
  prompts(s) {
    const all = relocations(s);
    if (!all.length) return [];
    const choices: Choice[] = [{ action: { type: 'done' }, label: 'no relocation' }];
    for (const r of all) {
      choices.push({
        action: { type: 'relocate', from: r.from, to: r.to },
        label: `move the industrial complex of ${areaName(r.from)} to ${areaName(r.to)}${r.to === URALS ? ' (+1 to its value)' : ''} (${s.opts.house.rail ? `${RAIL_COST} rail points and ` : ''}${IPC_COST} IPC)`,
        refs: { from: r.from, place: r.to },
      });
    }
    return [{ seat: 'ussr', rule: RULE_RELOCATION, kind: 'choose', text: `${POWER_NAMES.ussr}: relocate an industrial complex?`, choices }];
  },
  run(ctx) { ctx.pop(); },
  act(ctx, _f, _seat, a) {
    const s = ctx.state;
    if (a.type === 'done') { ctx.pop(); return; }
    const from = a.from as string;
    const to = a.to as string;
    const b = factoryBook(s);
    // A complex moved before keeps its original site as the key (the printed complex it is).
    const origin = Object.entries(b.moved).find(([, at]) => at === from)?.[0] ?? from;
    const moved = { ...b.moved, [origin]: to };
    const bonus = to === URALS ? { ...b.bonus, [URALS]: (b.bonus[URALS] ?? 0) + 1 } : b.bonus;
    s.house = { ...(s.house ?? {}), factories: { moved, bonus, round: s.round, to } };
    s.ipcs.ussr -= IPC_COST;
    if (s.opts.house.rail) s.railUsed = { all: (s.railUsed?.all ?? 0) + RAIL_COST, soviet: s.railUsed?.soviet ?? 0 };
    ctx.log(`${POWER_NAMES.ussr} moves the industrial complex of ${areaName(from)} to ${areaName(to)}`, RULE_RELOCATION);
    ctx.pop();
  },
};
