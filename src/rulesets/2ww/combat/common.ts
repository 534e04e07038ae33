// Helpers shared by the combat, strategic-warfare and production procedures.
import type { Choice, ChoiceRefs, Ctx, Frame, Json, Prompt } from '../../../engine/index.ts';
import type { SelectAction } from '../actions.ts';
import type { Side, TwoWWState } from '../state.ts';
import { ELIMINATED, FUTURE, POOL, REMOVED } from '../state.ts';
import type { Fired } from './chart.ts';
import { LINE_NAMES } from './chart.ts';
import type { CombatWorld } from './world.ts';
import { factorsOf, isFleet } from './world.ts';
import type { Force } from './resolve.ts';
import { NO_FORCE, addForces } from './resolve.ts';

export type C = Ctx<TwoWWState>;

export function mkPrompt(seat: Side, rule: string, text: string, kind: string, choices: Choice[], context?: Json): Prompt {
  const p: Prompt = { seat, rule, text, kind, choices };
  if (context !== undefined) p.context = context;
  return p;
}

/** Move the frame on to `step` and record progress with the kernel (a run step must change the stack). */
export function goStep(ctx: C, frame: Frame, step: string): void {
  const { proc, ...locals } = frame;
  ctx.goto(proc, { ...locals, step });
}

/** The unit is on the map or in a box (not in a pool, eliminated or removed). */
export function inPlay(state: TwoWWState, id: string): boolean {
  const w = state.units[id]?.where;
  return w !== undefined && w !== POOL && w !== ELIMINATED && w !== REMOVED && w !== FUTURE;
}

/** Sum of what units bring to an air/sea fight (current side of each counter). */
export function forceOf(w: CombatWorld, state: TwoWWState, ids: string[]): Force {
  let f = NO_FORCE;
  for (const id of ids) {
    if (!inPlay(state, id)) continue;
    const facts = w.facts(state, id);
    const k = factorsOf(w, state, id);
    if (facts.kind === 'air') f = addForces(f, { ...NO_FORCE, air: k.combat, airAsw: k.asw ?? 0, hasAir: true });
    else if (facts.kind === 'fleet') f = addForces(f, { ...NO_FORCE, surface: k.combat, surfaceAsw: k.asw ?? 0, hasSurface: true });
    else if (facts.kind === 'sub') f = addForces(f, { ...NO_FORCE, subs: k.combat, hasSubs: true });
  }
  return f;
}

export function combatFactor(w: CombatWorld, state: TwoWWState, id: string): number {
  return inPlay(state, id) ? factorsOf(w, state, id).combat : 0;
}

export function names(w: CombatWorld, s: TwoWWState, ids: string[]): string {
  return ids.map((id) => w.facts(s, id).name).join(', ') || 'none';
}

/** Log data for one volley: the arithmetic players see. */
export function fireData(f: Fired): { [k: string]: Json } {
  return { line: LINE_NAMES[f.line], strength: f.factors, column: f.column, shift: f.shift, die: f.roll, result: f.losses };
}

export function rollFor(ctx: C, w: CombatWorld, purpose: string, rule: string): number {
  return ctx.roll(w.chart.dice.sides, w.chart.dice.count, purpose, rule).total;
}

export function fleetsOf(w: CombatWorld, s: TwoWWState, ids: string[]): string[] {
  return ids.filter((id) => isFleet(w.facts(s, id).kind));
}
export function airOf(w: CombatWorld, s: TwoWWState, ids: string[]): string[] {
  return ids.filter((id) => w.facts(s, id).kind === 'air');
}

/** Add or remove each unit of a selection; `refs` says where the selection is aimed (the unit is added to it). */
export function toggleChoices(ids: string[], selected: string[], labelOf: (id: string) => string, refs: ChoiceRefs = {}): Choice[] {
  const out: Choice[] = [];
  for (const id of ids) {
    const r = { ...refs, units: [id] };
    if (selected.includes(id)) out.push({ action: { type: 'remove', unit: id }, label: `Remove ${labelOf(id)}`, refs: r });
    else out.push({ action: { type: 'add', unit: id }, label: `Add ${labelOf(id)}`, refs: r });
  }
  return out;
}

export function toggle(list: string[], a: SelectAction): string[] {
  return a.type === 'add' ? [...list, a.unit].sort() : list.filter((x) => x !== a.unit);
}
