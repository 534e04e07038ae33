// Checks that hold in every reachable 2WW state (the fuzzer calls them after each action).
import { ELIMINATED, FUTURE, POOL, REMOVED, type TwoWWState } from './state.ts';
import { stackingExcesses } from './stacking.ts';
import { supplyNets } from './supply.ts';
import { onMap, sideOfUnit, unitClass, unitDef, worldOf } from './world.ts';

const PSEUDO = [POOL, ELIMINATED, REMOVED, FUTURE];

export function twoWWInvariants(state: TwoWWState): string[] {
  const bad: string[] = [];
  const w = worldOf(state);
  // Unit counts conserved: every counter exactly once, somewhere that exists.
  const ids = Object.keys(state.units);
  if (ids.length !== Object.keys(w.units).length) bad.push(`${ids.length} units in the state, ${Object.keys(w.units).length} counters in the game`);
  const cargo = new Map<string, number>();
  for (const id of ids) {
    const u = state.units[id]!;
    if (!w.units[id]) bad.push(`unknown unit ${id}`);
    if (!PSEUDO.includes(u.where) && w.board.find(u.where) < 0) bad.push(`${id} is in "${u.where}", which is no hex, box or pool`);
    if (u.aboard) {
      const f = state.units[u.aboard];
      if (!f || f.where !== u.where) bad.push(`${id} is aboard ${u.aboard} but not where it is`);
      else if (unitDef(state, u.aboard).type !== 'surface-fleet') bad.push(`${id} is aboard ${u.aboard}, which is no surface fleet (2WW 8.3.4)`);
      cargo.set(u.aboard, (cargo.get(u.aboard) ?? 0) + 1);
      if (!onMap(u.where)) bad.push(`${id} is aboard ${u.aboard} off the map`);
    }
    if (onMap(u.where)) {
      const n = w.board.find(u.where);
      const h = n >= 0 ? w.hexes[n] : undefined;
      const cls = unitClass(state, id);
      if (h && cls === 'land' && !u.aboard && h.kind === 'sea') bad.push(`${id} (land) stands in all-sea hex ${u.where}`);
      if (h && cls === 'fleet' && h.kind === 'land') bad.push(`${id} (fleet) stands in all-land hex ${u.where}`);
    }
  }
  for (const [f, n] of cargo) if (n > 1) bad.push(`${f} carries ${n} units (2WW 8.3.4: one)`);
  const top = state.stack[state.stack.length - 1];
  // At the start of a movement phase every checkpoint has passed: stacking holds and no hex is shared by the sides.
  if (top?.proc === 'movement-phase' && top.n === 1) {
    for (const e of stackingExcesses(state)) bad.push(`overstacked at a checkpoint: ${e.side} in ${e.hex}, ${e.why} (${e.rule})`);
    const sides = new Map<string, Set<string>>();
    for (const id of ids) {
      const u = state.units[id]!;
      const s = sideOfUnit(state, id);
      if (!onMap(u.where) || !s || w.boxes[u.where]) continue;
      const set = sides.get(u.where) ?? new Set<string>();
      set.add(s);
      sides.set(u.where, set);
    }
    for (const [hex, set] of sides) if (set.size > 1) bad.push(`both sides have units in ${hex} at the start of a movement phase (2WW 5.2.3)`);
  }
  // Right after the supply phase no full-strength air unit or fleet is out of supply (2WW 11).
  if (top?.proc === 'end-of-turn' && !top.done) {
    const nets = supplyNets(state);
    for (const id of ids) {
      const u = state.units[id]!;
      if (!onMap(u.where) || unitClass(state, id) === 'land' || u.reduced || !unitDef(state, id).full) continue;
      const s = sideOfUnit(state, id);
      if (s && !nets[s].unitInSupply(id)) bad.push(`${id} is full strength and out of supply after the supply phase (2WW 11)`);
    }
  }
  return bad;
}
