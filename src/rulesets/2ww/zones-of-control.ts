// 2WW 5.1 Zones of control: land (adjacent hexes), fleet (3 hexes, never over land), air (printed range).
import type { Side, TwoWWState } from './state.ts';
import { countryAt, isNeutralCountry } from './neutrals.ts';
import {
  type World, airRange, hexData, hexsideData, onMap, sideOfUnit, unitClass, unitDef, unitEntries, worldOf,
} from './world.ts';

/** True when a land unit could step from hex a into adjacent hex b by normal movement (terrain only). */
export function landStepPossible(state: TwoWWState, w: World, a: number, b: number): boolean {
  const hb = hexData(w, b);
  if (!hb || hb.kind === 'sea' || !w.board.isHex(b) || !w.board.isHex(a)) return false;
  if (hexsideData(w, a, b).allSea) return false;
  if (w.terrain[hb.terrain]?.cost === null) return false;
  const ca = countryAt(state, w, a), cb = countryAt(state, w, b);
  if (cb === 'ch') return false;
  if (cb === 'iq' && state.politics.iraq === 'closed') return false;
  if (ca !== cb && (isNeutralCountry(state, ca) || isNeutralCountry(state, cb))) return false;
  return true;
}

/** Hexes into which one land unit at `node` exerts its ZOC (2WW 5.1.1, 5.1.4). */
export function landZocFrom(state: TwoWWState, w: World, node: number): number[] {
  if (!w.board.isHex(node)) return [];
  const ca = countryAt(state, w, node);
  const aNeutral = isNeutralCountry(state, ca);
  return w.landAdj[node]!.filter((b) => {
    const cb = countryAt(state, w, b);
    if (cb === 'iq' && state.politics.iraq === 'closed') return false;
    return ca === cb || (!aNeutral && !isNeutralCountry(state, cb));
  });
}

/** The land unit's hex, when it is on the map and not aboard a fleet. */
function landUnitNode(state: TwoWWState, w: World, id: string): number {
  const u = state.units[id]!;
  if (!onMap(u.where) || u.aboard) return -1;
  const n = w.board.find(u.where);
  return n >= 0 && w.board.isHex(n) ? n : -1;
}

/** Every hex in the ZOC of `side`'s land units. */
export function landZocOfSide(state: TwoWWState, side: Side): Set<number> {
  const w = worldOf(state);
  const out = new Set<number>();
  for (const id of Object.keys(state.units)) {
    if (unitClass(state, id) !== 'land' || sideOfUnit(state, id) !== side) continue;
    const n = landUnitNode(state, w, id);
    if (n < 0) continue;
    for (const b of landZocFrom(state, w, n)) out.add(b);
  }
  return out;
}

/** Is `node` in the ZOC of `side`'s land units? Same answer as landZocOfSide(state, side).has(node), without building the set. */
export function inLandZocOf(state: TwoWWState, side: Side, node: number): boolean {
  const w = worldOf(state);
  for (const id of Object.keys(state.units)) {
    if (unitClass(state, id) !== 'land' || sideOfUnit(state, id) !== side) continue;
    const n = landUnitNode(state, w, id);
    if (n < 0 || !w.landAdj[n]!.includes(node)) continue;
    if (landZocFrom(state, w, n).includes(node)) return true;
  }
  return false;
}

/**
 * Hexes a fleet at `node` could reach spending 3 MP (2WW 5.1.2): never into all-land hexes or across all-land hexsides.
 * A table of the world (World.fleetZoc): never change it.
 */
export function fleetZocFrom(w: World, node: number): readonly number[] {
  return w.fleetZoc[node] ?? [];
}

export interface FleetZoc {
  /** Every hex in some fleet's ZOC. */
  all: Set<number>;
  /** ZOC hexes adjacent to the fleet exerting them (these stop movement, 2WW 5.1.2). */
  adjacent: Set<number>;
}

/** ZOC of `side`'s fleets on the map. */
export function fleetZocOfSide(state: TwoWWState, side: Side): FleetZoc {
  const w = worldOf(state);
  const all = new Set<number>(), adjacent = new Set<number>();
  for (const [id, u] of unitEntries(state)) {
    if (!onMap(u.where) || unitClass(state, id) !== 'fleet' || sideOfUnit(state, id) !== side) continue;
    const n = w.board.find(u.where);
    if (n < 0 || !w.board.isHex(n)) continue;
    for (const b of fleetZocFrom(w, n)) {
      all.add(b);
      if (w.board.distance(n, b) === 1) adjacent.add(b);
    }
  }
  return { all, adjacent };
}

/** Hex where an air unit sits (its carrier's hex when aboard), or -1 off the map. */
export function airUnitNode(state: TwoWWState, w: World, id: string): number {
  const u = state.units[id]!;
  if (!onMap(u.where)) return -1;
  const n = w.board.find(u.where);
  return n >= 0 && w.board.isHex(n) ? n : -1;
}

/** Hexes within an air unit's printed range (2WW 5.1.3), terrain ignored. */
export function airZocOf(state: TwoWWState, id: string): number[] {
  const w = worldOf(state);
  const n = airUnitNode(state, w, id);
  if (n < 0) return [];
  return w.board.hexesWithin(n, airRange(state, id)).filter((h) => h !== n).concat([n]);
}

/** True when air unit `id` exerts a ZOC into `node`. */
export function airZocCovers(state: TwoWWState, id: string, node: number): boolean {
  const w = worldOf(state);
  const n = airUnitNode(state, w, id);
  return n >= 0 && w.board.isHex(node) && w.board.distance(n, node) <= airRange(state, id);
}

/** True when fleet `id` exerts a ZOC into `node`. */
export function fleetZocCovers(state: TwoWWState, id: string, node: number): boolean {
  const w = worldOf(state);
  const u = state.units[id]!;
  const n = w.board.find(u.where);
  if (n < 0 || !w.board.isHex(n) || !w.board.isHex(node) || w.board.distance(n, node) > 3) return false;
  return fleetZocFrom(w, n).includes(node);
}

/** True when land unit `id` exerts a ZOC into `node` (forts too: see docs/rulings/2ww.md). */
export function landZocCovers(state: TwoWWState, id: string, node: number): boolean {
  const w = worldOf(state);
  const n = landUnitNode(state, w, id);
  return n >= 0 && landZocFrom(state, w, n).includes(node);
}

/** Enemy units of `side` at a place. */
export function enemyUnitsAt(state: TwoWWState, side: Side, where: string): string[] {
  const out: string[] = [];
  for (const [id, u] of unitEntries(state)) {
    if (u.where !== where) continue;
    const s = sideOfUnit(state, id);
    if (s && s !== side) out.push(id);
  }
  return out;
}

/** Units of one class, of one side, at a place (cargo aboard fleets excluded unless asked). */
export function unitsAt(state: TwoWWState, where: string, side: Side | null | 'any', cls?: 'land' | 'air' | 'fleet', withCargo = false): string[] {
  const out: string[] = [];
  for (const [id, u] of unitEntries(state)) {
    if (u.where !== where || (!withCargo && u.aboard)) continue;
    if (side !== 'any' && sideOfUnit(state, id) !== side) continue;
    if (cls && unitClass(state, id) !== cls) continue;
    out.push(id);
  }
  return out;
}

/** Submarine fleets carry nothing (2WW 8.3.4). */
export const isSubmarine = (state: TwoWWState, id: string): boolean => unitDef(state, id).type === 'submarine-fleet';
