// 2WW 5.2 Stacking: per hex and side one fort, one artillery, one air unit, two other land units and two fleets
// (their cargo free); Soviet units never stack with other Allied powers (12.4.3). No limits in boxes (5.2.4).
// Checked at the end of Production, of each movement and combat phase and of each Armored Action phase; the owner
// eliminates the excess.
import type { Frame, Procedure } from '../../engine/index.ts';
import type { Side, TwoWWState } from './state.ts';
import { actionOf, type StackingAction } from './actions.ts';
import { eliminateUnit, onMap, powerOf, sideOfUnit, unitDef, unitEntries, unitName, worldOf } from './world.ts';

export const STACKING_LIMITS = { fort: 1, artillery: 1, air: 1, other: 2, fleet: 2 } as const;
export type StackClass = keyof typeof STACKING_LIMITS;

export function stackClass(state: TwoWWState, id: string): StackClass {
  const t = unitDef(state, id).type;
  if (t === 'fort') return 'fort';
  if (t === 'artillery') return 'artillery';
  if (t === 'air' || t === 'strategic-air' || t === 'naval-air') return 'air';
  if (t === 'surface-fleet' || t === 'submarine-fleet') return 'fleet';
  return 'other';
}

export interface StackingExcess {
  side: Side;
  hex: string;
  /** Units of which one must go. */
  candidates: string[];
  rule: string;
  why: string;
}

/** Every overstacked hex now (first found first). */
export function stackingExcesses(state: TwoWWState): StackingExcess[] {
  const w = worldOf(state);
  const groups = new Map<string, string[]>();
  for (const [id, u] of unitEntries(state)) {
    if (!onMap(u.where) || u.aboard) continue;
    const n = w.board.find(u.where);
    if (n < 0 || !w.board.isHex(n)) continue;
    const side = sideOfUnit(state, id);
    if (!side) continue;
    const k = `${side}|${u.where}`;
    const g = groups.get(k);
    if (g) g.push(id); else groups.set(k, [id]);
  }
  const out: StackingExcess[] = [];
  for (const k of [...groups.keys()].sort()) {
    const ids = groups.get(k)!.sort();
    const [side, hex] = k.split('|') as [Side, string];
    for (const cls of Object.keys(STACKING_LIMITS) as StackClass[]) {
      const of = ids.filter((id) => stackClass(state, id) === cls);
      if (of.length > STACKING_LIMITS[cls]) {
        out.push({ side, hex, candidates: of, rule: '2WW 5.2.1', why: `${of.length} ${cls === 'other' ? 'armor/infantry/paratroop units' : cls + ' units'} (limit ${STACKING_LIMITS[cls]})` });
      }
    }
    if (side === 'allies') {
      const soviet = ids.filter((id) => powerOf(state, id) === 'su');
      if (soviet.length && soviet.length < ids.length) {
        out.push({ side, hex, candidates: ids, rule: '2WW 12.4.3', why: 'Soviet units may not stack with other Allied units' });
      }
    }
  }
  return out;
}

interface StackingFrame extends Frame { n?: number }

/** Checkpoint procedure: prompts the owner to eliminate one unit at a time until every hex is legal. */
export const stackingCheck: Procedure<TwoWWState, StackingFrame> = {
  prompts(state) {
    const e = stackingExcesses(state)[0];
    if (!e) return [];
    return [{
      seat: e.side, rule: e.rule, kind: 'eliminate',
      text: `Overstacked in ${e.hex}: ${e.why}. Choose a unit to eliminate`,
      choices: e.candidates.map((id) => ({ action: { type: 'eliminate', unit: id }, label: `Eliminate ${unitName(state, id)}`, refs: { units: [id], place: e.hex } })),
      context: { hex: e.hex },
    }];
  },
  run(ctx) {
    ctx.pop();
  },
  act(ctx, frame, _seat, action) {
    const a = actionOf<StackingAction>(action);
    eliminateUnit(ctx.state, a.unit);
    ctx.log(`${unitName(ctx.state, a.unit)} is eliminated for overstacking`, '2WW 5.2.2');
    ctx.goto('stacking', { n: (frame.n ?? 0) + 1 });
  },
};
