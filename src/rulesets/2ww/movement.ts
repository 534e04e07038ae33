// 2WW 8 Movement (and 10.1 armored movement): land, rail, airdrop, air, fleets, boxes, transport, amphibious
// landing and assault. A move is chosen by its destination; the engine walks it hex by hex so that invasions,
// control, displacement and transit attacks (8.3.5) happen in the hex where they occur.
import { derived, derivedFrom, write } from '../../engine/index.ts';
import { movementRange } from '../../board/movement.ts';
import { withinRange } from '../../board/range.ts';
import { type Reach, type SearchScratch } from '../../board/search.ts';
import type { Action, Choice, ChoiceGroup, ChoiceRefs, Ctx, Frame, Json, Procedure } from '../../engine/index.ts';
import type { Side, TwoWWState } from './state.ts';
import { actionOf, type DisplaceAction, type MoveAction } from './actions.ts';
import { countryAt, entryForbidden, isNeutralCountry } from './neutrals.ts';
import { noteEntry, noteLandUnitIn } from './politics.ts';
import { SupplyNet, supplied } from './supply.ts';
import {
  type FleetZoc, airZocCovers, fleetZocOfSide, fleetZocCovers, inLandZocOf, landZocFrom, landZocOfSide,
} from './zones-of-control.ts';
import {
  type UnitCounts, type World, airRange, eliminateUnit, hexsideData, isAirType, movementFactor, onMap, other, placeName,
  placeUnit, powerOf, sideOfUnit, unitClass, unitCountArray, unitDef, unitEntries, unitIds, unitName, worldOf,
} from './world.ts';

type C = Ctx<TwoWWState>;

/** mpUsed value meaning "has finished moving this phase". */
export const DONE = 999;

interface Pending {
  unit: string;
  path: string[];
  mode: 'land' | 'fleet';
  /** Land units: movement points available for the whole move (supply judged when it starts, 2WW 11). */
  budget?: number;
  /** Fleets: the cargo makes an amphibious assault at the move's end (2WW 8.1.4; through 1904, 8.3.2). */
  gate?: boolean;
}

export interface MovementFrame extends Frame {
  proc: 'movement-phase';
  side: Side;
  /** Armored Action movement (2WW 10.1). */
  armored?: boolean;
  /** Counts the frame's changes (kept: part of every recorded game's state hashes). */
  n?: number;
  pending?: Pending & { [k: string]: Json };
  started?: boolean;
}

// ---- per-decision facts ----

interface Presence { land: number; air: number; fleet: number; cargo: number }
type Sides = { axis: Presence; allies: Presence; neutral: Presence };

/** Who is where: counts by place and side. */
export function presenceByPlace(state: TwoWWState): Map<string, Sides> {
  const m = new Map<string, Sides>();
  for (const [id, u] of unitEntries(state)) {
    if (!onMap(u.where)) continue;
    let p = m.get(u.where);
    if (!p) {
      m.set(u.where, (p = {
        axis: { land: 0, air: 0, fleet: 0, cargo: 0 }, allies: { land: 0, air: 0, fleet: 0, cargo: 0 }, neutral: { land: 0, air: 0, fleet: 0, cargo: 0 },
      }));
    }
    const s = sideOfUnit(state, id) ?? 'neutral';
    if (u.aboard) p[s].cargo++;
    else p[s][unitClass(state, id)]++;
  }
  return m;
}

const ZERO: Presence = { land: 0, air: 0, fleet: 0, cargo: 0 };

/**
 * What a side's moves read of everything but its own units (2WW 5.1, 8): the enemy's and neutrals' units by hex, their
 * ZOCs, the country of each hex. A function of the movement environment (environmentKey): reused from the state before
 * while it is unchanged, so a move of one's own units builds none of it again.
 */
interface Surroundings {
  /** Per node: enemy land, enemy fleets, enemy units of all kinds + neutral units, neutral land, neutral fleets, all neutral units. */
  enemyLand: UnitCounts; enemyFleets: UnitCounts; hostileAll: UnitCounts;
  neutralLand: UnitCounts; neutralFleets: UnitCounts; neutralAll: UnitCounts;
  /** The enemy's counts by place. */
  enemyAt: Map<string, Presence>;
  /** The enemy land units' ZOC alone (enemyZoc adds neutral armies' ZOC at home), as the supply net reads it. */
  foeLandZoc: Set<number>;
  enemyZoc: Set<number>;
  fleetZoc: FleetZoc;
  /** Country each hex counts for now (Vichy aware). */
  country: (string | null)[];
}

function surroundingsOf(state: TwoWWState, side: Side): Surroundings {
  const w = worldOf(state), n = w.board.nodeCount, foe = other(side);
  const entries = unitEntries(state), counts = () => unitCountArray(entries.length, n);
  const f: Surroundings = {
    enemyLand: counts(), enemyFleets: counts(), hostileAll: counts(),
    neutralLand: counts(), neutralFleets: counts(), neutralAll: counts(),
    enemyAt: new Map(), foeLandZoc: landZocOfSide(state, foe), enemyZoc: new Set(), fleetZoc: fleetZocOfSide(state, foe),
    country: [],
  };
  for (const [place, p] of presenceByPlace(state)) {
    const v = w.board.find(place);
    if (v < 0) continue;
    const e = p[foe], q = p.neutral;
    if (e.land + e.air + e.fleet + e.cargo > 0) f.enemyAt.set(place, e);
    f.enemyLand[v] = e.land; f.enemyFleets[v] = e.fleet;
    f.neutralLand[v] = q.land; f.neutralFleets[v] = q.fleet; f.neutralAll[v] = q.land + q.air + q.fleet;
    f.hostileAll[v] = e.land + e.air + e.fleet + f.neutralAll[v]!;
  }
  for (let v = 0; v < n; v++) f.country.push(countryAt(state, w, v));
  let zoc = f.foeLandZoc;
  // Neutral armies' ZOCs count inside their own country: the first unit across the border gets no free ride (5.1.4).
  // Not Vichy's for the Allies: their entry invades nothing, so its units stay neutral and their ZOC is ignored.
  for (const [id, u] of entries) {
    if (!onMap(u.where) || u.aboard || sideOfUnit(state, id) !== null || unitClass(state, id) !== 'land') continue;
    const v = w.board.find(u.where);
    if (v < 0 || !w.board.isHex(v)) continue;
    if (side === 'allies' && f.country[v] === 'vc') continue;
    for (const b of w.landAdj[v]!) {
      if (zoc.has(b) || f.country[b] !== f.country[v]) continue;
      if (zoc === f.foeLandZoc) zoc = new Set(zoc);
      zoc.add(b);
    }
  }
  f.enemyZoc = zoc;
  return f;
}

class MoveFacts {
  readonly w: World;
  readonly enemyZoc: Set<number>;
  railComp: Int32Array | null = null;
  /** The movement environment text of a settled state (envText), null inside an apply. */
  readonly settledEnv: string | null = null;
  private supply: SupplyNet | null = null;
  private readonly env: Surroundings;
  /** Per node: my land units (not aboard). */
  private readonly myLand: UnitCounts;
  /**
   * `settled`: a state the kernel settled: its surroundings are reused from the state before while the environment is
   * unchanged, and its supply search is supply.ts's, shared with every other question about the state.
   */
  constructor(readonly state: TwoWWState, readonly side: Side, private readonly settled = false) {
    this.w = worldOf(state);
    const w = this.w;
    if (settled) {
      const key = (this.settledEnv = envText(state, side));
      this.env = derivedFrom<{ key: string; env: Surroundings }>(state, `2ww:surroundings:${side}`,
        (prev) => (prev?.key === key ? prev : { key, env: surroundingsOf(state, side) })).env;
    } else this.env = surroundingsOf(state, side);
    this.enemyZoc = this.env.enemyZoc;
    const entries = unitEntries(state);
    this.myLand = unitCountArray(entries.length, w.board.nodeCount);
    for (const [id, u] of entries) {
      if (u.aboard || !onMap(u.where) || sideOfUnit(state, id) !== side || unitClass(state, id) !== 'land') continue;
      const v = w.board.find(u.where);
      if (v >= 0) this.myLand[v]!++;
    }
  }
  /** Country a hex counts for now (Vichy aware). */
  countryOf(n: number): string | null {
    return this.env.country[n] ?? null;
  }
  get enemyFleet(): FleetZoc {
    return this.env.fleetZoc;
  }
  enemy(n: number): Presence {
    return this.env.enemyAt.get(this.w.board.id(n)) ?? ZERO;
  }
  enemyLandAt(n: number): number { return this.env.enemyLand[n]!; }
  /**
   * An Allied land unit may enter Toulon or Algiers held by Vichy units: that occupation ends Vichy France and its
   * units join the Allies at once (2WW 12.2.2), so the hex is no neutral's any more.
   */
  occupiesVichyCity(n: number): boolean {
    if (this.side !== 'allies' || this.countryOf(n) !== 'vc') return false;
    const city = this.w.hexes[n]?.city;
    return city === 'Toulon' || city === 'Algiers';
  }
  enemyFleetAt(n: number): number { return this.env.enemyFleets[n]!; }
  myLandAt(n: number): number { return this.myLand[n]!; }
  neutralLandAt(n: number): number { return this.env.neutralLand[n]!; }
  neutralFleetAt(n: number): number { return this.env.neutralFleets[n]!; }
  neutralUnits(n: number): number {
    return this.env.neutralAll[n]!;
  }
  hostile(n: number): number {
    return this.env.hostileAll[n]!;
  }
  /**
   * Buffers for the move searches, one per `slot`: the board's (ScratchPool), so that no state's moves allocate any. A
   * search's result is read before the next search on its slot begins (the Reach throws otherwise).
   */
  scratch(slot = 0): SearchScratch {
    return this.w.board.scratches.get(this.w.board.nodeCount, slot);
  }
  inSupply(id: string): boolean {
    this.supply ??= this.settled ? settledSupplyNet(this.state, this.side) : new SupplyNet(this.state, this.side, { land: this.env.foeLandZoc, fleet: this.env.fleetZoc.all });
    return this.supply.unitInSupply(id);
  }
}

// ---- reachable hexes ----

/** Cheapest costs and paths of one unit's moves (src/board movementRange: Dijkstra, ties to the lower node). */
export type { Reach };

/** A forbidden step (null) as the board reads it. */
const stepOrNot = (c: number | null): number => (c === null ? Infinity : c);

/** Nodes passed from the unit's hex to `to`, its hex left out. */
function path(reach: Reach, to: number): number[] {
  return reach.pathTo(to).slice(1);
}

/** Remaining movement points of a land unit (halved when out of supply, 2WW 11.2.4). */
function landBudget(f: MoveFacts, id: string, inSupply = f.inSupply(id)): number {
  const u = f.state.units[id]!;
  const mf = supplied(movementFactor(f.state, id), inSupply);
  return mf - (u.mpUsed ?? 0);
}

/** Cost for a land unit to step from a to b (2WW 8.1, 5.1.1, 10.1.1), or null when it may not. */
function landStepCost(f: MoveFacts, id: string, armored: boolean, a: number, b: number, aInZoc: boolean, barred?: Map<string | null, boolean>): number | null {
  const { w, state, side } = f;
  if (!w.board.isHex(b)) return null;
  const hb = w.hexes[b]!;
  if (hb.kind === 'sea') return null;
  const t = w.terrain[hb.terrain];
  const base = t ? t.cost : 1;
  if (base === null) return null;
  if (f.enemyLandAt(b) > 0 || (f.neutralLandAt(b) > 0 && !f.occupiesVichyCity(b))) return null;
  const edge = w.hexsides[w.board.edgeBetween(a, b)];
  if (edge?.allSea) return null;
  const c = f.countryOf(b);
  let no = barred?.get(c);
  if (no === undefined) {
    no = !!entryForbidden(state, side, id, c);
    barred?.set(c, no);
  }
  if (no) return null;
  const zb = f.enemyZoc.has(b);
  if (!armored && aInZoc && zb) return null;
  return base + (edge?.river ? w.riverCost : 0) + (armored && zb ? 1 : 0);
}

/**
 * 2WW 8.1, 5.1.1, 10.1.1: hexes a land unit may reach by normal (or armored) movement.
 * `budget` overrides the unit's allowance (a validated move only needs its cheapest path). */
export function landReach(f: MoveFacts, id: string, armored: boolean, budget?: number, ignoreZoc = false): Reach {
  const { w, state } = f;
  const start = w.board.index(state.units[id]!.where);
  const barred = new Map<string | null, boolean>();
  const zoc = ignoreZoc ? new Set<number>() : f.enemyZoc;
  return movementRange(w.board, start, budget ?? landBudget(f, id), {
    enterCost: (a, b) => stepOrNot(landStepCost(f, id, armored, a, b, zoc.has(a), barred)),
    mustStop: (n) => !armored && zoc.has(n),
  }, f.scratch());
}

/**
 * Rail-passable hexes of the moving side and their connected networks (2WW 8.1.2), computed once per decision; they
 * read only the surroundings (enemy ZOC, hostile units, countries), so a settled state reuses those of the state
 * before while its movement environment is unchanged.
 */
function railNetworks(f: MoveFacts): Int32Array {
  if (f.railComp) return f.railComp;
  if (f.settledEnv !== null) {
    const env = f.settledEnv;
    f.railComp = derivedFrom<{ env: string; comp: Int32Array }>(f.state, `2ww:rail-networks:${f.side}`,
      (prev) => (prev?.env === env ? prev : { env, comp: railComponents(f) })).comp;
    return f.railComp;
  }
  return (f.railComp = railComponents(f));
}

/** The scratch slot of the rail networks' searches: a unit's land or fleet reach (slots 0, 1) may be read around them. */
const RAIL_SLOT = 2;

function railComponents(f: MoveFacts): Int32Array {
  const { w, state, side } = f;
  const comp = new Int32Array(w.board.nodeCount).fill(-1);
  const ok = (b: number): boolean => {
    if (!w.board.isHex(b)) return false;
    const h = w.hexes[b]!;
    if (h.kind === 'sea' || f.enemyZoc.has(b)) return false;
    const c = countryAt(state, w, b);
    if (!c || isNeutralCountry(state, c) || state.countries[c]?.controller !== side) return false;
    if (h.noRail) return false;
    return f.hostile(b) === 0;
  };
  const pass = new Uint8Array(w.board.nodeCount);
  for (let n = 0; n < w.board.hexCount; n++) pass[n] = ok(n) ? 1 : 0;
  const rail = { mayEnter: (b: number) => pass[b] === 1, mayCross: (_a: number, _b: number, e: number) => !w.hexsides[e]?.allSea };
  let next = 0;
  for (let n = 0; n < w.board.hexCount; n++) {
    if (!pass[n] || comp[n]! >= 0) continue;
    const net = withinRange(w.board, n, Infinity, rail, f.scratch(RAIL_SLOT));
    for (let i = 0; i < net.count; i++) comp[net.node(i)] = next;
    next++;
  }
  return comp;
}

/** 2WW 8.1.2: rail destinations (unlimited, friendly countries, no enemy land ZOC, listed regions barred). */
export function railReach(f: MoveFacts, id: string): number[] {
  const { w, state } = f;
  const start = w.board.index(state.units[id]!.where);
  if (!w.board.isHex(start) || f.enemyZoc.has(start)) return [];
  const comp = railNetworks(f);
  const nets = new Set<number>();
  if (comp[start]! >= 0) nets.add(comp[start]!);
  for (const b of w.adj[start]!) if (comp[b]! >= 0 && !hexsideData(w, start, b).allSea) nets.add(comp[b]!);
  if (!nets.size) return [];
  const out: number[] = [];
  for (let n = 0; n < w.board.hexCount; n++) if (n !== start && nets.has(comp[n]!)) out.push(n);
  return out;
}

/** 2WW 8.1.1: airdrop destinations: up to 3 hexes, ignoring terrain, enemy units and ZOC; never all sea. */
export function airdropReach(f: MoveFacts, id: string): number[] {
  const { w, state, side } = f;
  const start = w.board.index(state.units[id]!.where);
  if (!w.board.isHex(start)) return [];
  return w.board.hexesWithin(start, 3).filter((b) => {
    if (b === start) return false;
    const h = w.hexes[b]!;
    if (h.kind === 'sea') return false;
    if (entryForbidden(state, side, id, countryAt(state, w, b))) return false;
    return f.neutralUnits(b) === 0 || f.occupiesVichyCity(b);
  });
}

/** 2WW 8.2: air movement, up to three times the printed range, one point a hex. */
export function airReach(f: MoveFacts, id: string): Reach {
  const { w, state, side } = f;
  const u = state.units[id]!;
  const start = w.board.index(u.where);
  const budget = 3 * airRange(state, id) - (u.mpUsed ?? 0);
  const passable = (b: number) => {
    const c = countryAt(state, w, b);
    return !(c && (c === 'ch' || isNeutralCountry(state, c)));
  };
  return movementRange(w.board, start, budget, {
    enterCost: (_a, b) => {
      if (!w.board.isHex(b)) return Infinity;
      if (f.enemyLandAt(b) > 0 || f.neutralLandAt(b) > 0) return Infinity;
      if (f.enemyZoc.has(b) && f.myLandAt(b) === 0) return Infinity;
      if (!passable(b) && entryForbidden(state, side, id, countryAt(state, w, b))) return Infinity;
      return 1;
    },
    mustStop: (n) => !passable(n),
  }, f.scratch());
}

function airDestinations(f: MoveFacts, id: string, r: Reach): number[] {
  const { w } = f;
  const start = w.board.index(f.state.units[id]!.where);
  return r.nodes().filter((b) => b !== start && w.hexes[b]!.kind !== 'sea' && f.hostile(b) === 0);
}

const DANISH_NORWAY_GATE = ['1904'];
const DANISH_DENMARK_GATE = ['2003', '2004'];

/** Cost for a fleet to pass from a to b (2WW 8.3.1-8.3.3, 5.1.2), or null when it may not; `gate` opens 1904 (8.3.2). */
function fleetStepCost(f: MoveFacts, a: number, b: number, aAdjacentZoc: boolean, gate = false, danishOpen = false): number | null {
  const { w, state, side } = f;
  const adj = f.enemyFleet.adjacent;
  if (w.board.isHex(b)) {
    const h = w.hexes[b]!;
    if (h.kind === 'land') return null;
    if (w.board.isHex(a) && hexsideData(w, a, b).allLand) return null;
    if (f.enemyFleetAt(b) > 0 || f.neutralFleetAt(b) > 0) return null;
    if (side === 'allies' && !gate && !danishOpen && DANISH_NORWAY_GATE.includes(h.id) && state.countries.no?.controller !== 'allies') return null;
    if (side === 'allies' && !danishOpen && DANISH_DENMARK_GATE.includes(h.id) && (state.countries.dk?.controller !== 'allies' || (f.enemy(b)?.land ?? 0) + (f.enemy(b)?.air ?? 0) > 0)) return null;
    if (aAdjacentZoc && adj.has(b)) return null;
    if (!w.board.isHex(a)) return w.board.edgeCost[w.board.edgeBetween(a, b)] ?? 0;
    return 1;
  }
  const box = w.boxes[w.board.id(b)];
  if (!box) return null;
  if (side === 'axis' && (box.alliedOnly || box.land)) return null;
  return w.board.edgeCost[w.board.edgeBetween(a, b)] ?? 0;
}

/**
 * 2WW 8.3: fleet movement over sea and coastal hexes and between boxes; adjacent enemy fleet ZOC stops it. `relax`
 * lifts one limit to name the rule a refused move breaks (Danish waters, fleet ZOC, the movement factor).
 */
export function fleetReach(f: MoveFacts, id: string, gate = false, relax: { danish?: boolean; zoc?: boolean; budget?: number } = {}, slot = 0): Reach {
  const { w, state } = f;
  const u = state.units[id]!;
  const start = w.board.index(u.where);
  const budget = relax.budget ?? movementFactor(state, id) - (u.mpUsed ?? 0);
  const adj = relax.zoc ? new Set<number>() : f.enemyFleet.adjacent;
  return movementRange(w.board, start, budget, {
    enterCost: (a, b) => stepOrNot(fleetStepCost(f, a, b, adj.has(a), gate, relax.danish)),
    mustStop: (n) => adj.has(n),
  }, f.scratch(slot));
}

function fleetDestinations(f: MoveFacts, id: string, r: Reach): number[] {
  const start = f.w.board.index(f.state.units[id]!.where);
  return r.nodes().filter((b) => b !== start && (!f.w.board.isHex(b) || f.hostile(b) === 0));
}

/** Does the Norway gate (hex 1904) bar this Allied fleet now (2WW 8.3.2)? */
function norwayGateShut(f: MoveFacts): boolean {
  return f.side === 'allies' && f.state.countries.no?.controller !== 'allies' && DANISH_NORWAY_GATE.some((h) => f.w.board.find(h) >= 0);
}

/**
 * Moves whose end is an amphibious assault by the fleet's land cargo (8.1.4): ports held by enemy land units, where
 * the fleet may end its move only to land the assault (8.1.4.2, 5.2.3), and, for an Allied fleet before Norway is
 * Allied, hexes it reaches only through 1904, open to it for an assault alone (8.3.2).
 */
function assaultDestinations(f: MoveFacts, id: string): { nodes: number[]; gated: Set<number>; reach?: Reach } {
  const s = f.state;
  const cargo = Object.keys(s.units).find((c) => s.units[c]!.aboard === id);
  if (!cargo || unitClass(s, cargo) !== 'land') return { nodes: [], gated: new Set() };
  const shut = fleetReach(f, id);
  const open = norwayGateShut(f) ? fleetReach(f, id, true, {}, 1) : shut;
  const mp = s.units[id]!.mpUsed ?? 0;
  const gated = new Set<number>();
  const nodes = open.nodes().filter((b) => {
    if (!f.w.board.isHex(b)) return false;
    const through = !shut.has(b);
    if (!through && f.hostile(b) === 0) return false; // an ordinary move; the cargo lands after it
    if (f.hostile(b) > f.enemyLandAt(b) + f.enemy(b).air) return false; // enemy fleets or neutrals there
    if (landingKind(f, cargo, id, { at: b, mpUsed: mp + open.costTo(b) }) !== 'assault') return false;
    if (through) gated.add(b);
    return true;
  });
  return { nodes, gated, reach: open };
}

// ---- which units may do what ----

/** May the unit move by itself this phase (2WW 8, 10.1)? A land unit in a box needs a fleet; forts never move. */
function mayMove(state: TwoWWState, w: World, side: Side, id: string, armored: boolean): boolean {
  const s = state, u = s.units[id]!;
  if (!onMap(u.where) || u.aboard || sideOfUnit(s, id) !== side) return false;
  if ((u.mpUsed ?? 0) >= DONE) return false;
  if (powerOf(s, id) === 'su' && s.politics.ussrNeutral) return false;
  const d = unitDef(s, id);
  if (d.type === 'fort') return false;
  if (armored) return d.type === 'armor';
  const cls = unitClass(s, id);
  if (cls === 'fleet' && u.ops) return false; // 2WW 3.4.3
  if (cls === 'land' && !w.board.isHex(w.board.index(u.where))) return false; // in a box: needs a fleet
  return true;
}

/** May the unit have a choice this phase: a move of its own, boarding a fleet or coming ashore (8.3.4, 8.1.3)? */
function mayAct(state: TwoWWState, w: World, side: Side, id: string, armored: boolean): boolean {
  if (mayMove(state, w, side, id, armored)) return true;
  if (armored) return false;
  const u = state.units[id]!;
  if (!onMap(u.where) || sideOfUnit(state, id) !== side) return false;
  if (u.aboard) return true;
  return (u.mpUsed ?? 0) === 0 && unitDef(state, id).type !== 'fort' && unitClass(state, id) !== 'fleet';
}

/**
 * The facts one movement decision reads (who is where, ZOCs, supply, rail networks), once per settled state and side
 * (the kernel's `derived`); inside an action the state changes, so moves build their own.
 */
export function moveFactsOf(state: TwoWWState, side: Side): MoveFacts {
  return derived(state, `2ww:move-facts:${side}`, () => new MoveFacts(state, side, true));
}

/**
 * A unit's destinations depend on the units of the other side and neutrals (positions, ZOCs), on control, countries
 * and politics (the environment), and on the unit itself: its hex and marks, for land units whether it is in supply
 * (11.2.4), for air units which own land units stand in enemy ZOC (they open those hexes to landing, 8.2). Moves of
 * the moving side's other units change none of these, so a unit's list is reused from the state before while that
 * key is unchanged (`derivedFrom`; the fuzzer's check mode recomputes and compares).
 */
function environmentKey(s: TwoWWState, side: Side): string {
  let k = `${s.world ?? 'campaign'}|${side}|${JSON.stringify(s.politics)}${JSON.stringify(s.countries)}${JSON.stringify(s.control)}`;
  for (const id of Object.keys(s.units)) {
    const u = s.units[id]!;
    if (onMap(u.where) && sideOfUnit(s, id) !== side) k += `|${id}@${u.where}${u.aboard ? '^' + u.aboard : ''}`;
  }
  return k;
}

/**
 * A text fact kept as the very string of the state before while its content is unchanged: the keys below hold it
 * (the environment is several KB) and compare it by identity first, in O(1).
 */
function stableText(state: TwoWWState, key: string, compute: () => string): string {
  return derivedFrom<string>(state, key, (prev) => {
    const t = compute();
    return t === prev ? prev : t;
  });
}

/** What a text of `side`'s surroundings was made from: parts of a settled state, frozen (copy-on-write, kernel.ts). */
interface Tracked { politics: unknown; countries: unknown; control: unknown; units: TwoWWState['units']; text: string }

/**
 * A text of what `side` does not move (politics, countries, control, the other units), kept as the very string of the
 * state before (as stableText) and not even rebuilt when nothing it reads can have changed: the same politics,
 * countries and control objects and no unit object changed but the side's own (settled states are copy-on-write, so
 * an unchanged part is the same object).
 */
function trackedText(state: TwoWWState, key: string, side: Side, compute: () => string): string {
  return derivedFrom<Tracked>(state, key, (prev) => {
    const refs = { politics: state.politics, countries: state.countries, control: state.control, units: state.units };
    if (prev && onlyOwnUnitsChanged(state, side, prev)) return { ...refs, text: prev.text };
    const text = compute();
    return { ...refs, text: prev?.text === text ? prev.text : text };
  }).text;
}

function onlyOwnUnitsChanged(s: TwoWWState, side: Side, prev: Tracked): boolean {
  if (prev.politics !== s.politics || prev.countries !== s.countries || prev.control !== s.control) return false;
  if (prev.units === s.units) return true;
  const ids = Object.keys(s.units);
  if (ids.length !== Object.keys(prev.units).length) return false;
  const own = (u: TwoWWState['units'][string] | undefined, id: string) =>
    !!u && (u.owner !== undefined ? u.owner === side : s.countries[powerOf(s, id)]?.controller === side);
  for (const id of ids) {
    const u = s.units[id], was = prev.units[id];
    if (u !== was && !(own(u, id) && own(was, id))) return false;
  }
  return true;
}

/** The movement environment of `side` (environmentKey), the same string while unchanged. */
const envText = (state: TwoWWState, side: Side): string => trackedText(state, `2ww:move-env:${side}`, side, () => environmentKey(state, side));

const ownInZocOf = (state: TwoWWState, side: Side): string => stableText(state, `2ww:own-in-zoc:${side}`, () => ownInEnemyZoc(moveFactsOf(state, side)));

/**
 * The hexes in enemy land ZOC holding the moving side's land units and those in enemy fleet ZOC holding its fleets:
 * they open supply lines (2WW 11) and the land units' hexes are open to air units (8.2). Which units, or how many,
 * does not matter.
 */
function ownInEnemyZoc(f: MoveFacts): string {
  const s = f.state, w = f.w;
  const fleetZoc = f.enemyFleet.all;
  const open = new Set<string>();
  for (const id of Object.keys(s.units)) {
    const u = s.units[id]!;
    if (!onMap(u.where) || u.aboard || sideOfUnit(s, id) !== f.side) continue;
    const cls = unitClass(s, id);
    if (cls === 'air') continue;
    const n = w.board.find(u.where);
    if (cls === 'land' ? f.enemyZoc.has(n) : fleetZoc.has(n)) open.add(`${cls === 'land' ? 'L' : 'F'}${u.where}`);
  }
  return [...open].sort().join(',');
}

/**
 * One side's supply net of a settled state, shared by its questions: its search is supply.ts's, reused from the state
 * before while the supply inputs are unchanged or changed only where no line of it reached (the changed hexes).
 */
function settledSupplyNet(state: TwoWWState, side: Side): SupplyNet {
  return derived(state, `2ww:supply-net:${side}`, () => new SupplyNet(state, side));
}

/**
 * Is a land unit in supply for its movement (2WW 11.2.4)? Asked of the side's supply search (supply.ts), which is
 * reused from the state before while the supply inputs are unchanged or changed only where no line of it reached.
 */
function moveSupply(state: TwoWWState, side: Side, id: string): boolean {
  return settledSupplyNet(state, side).unitInSupply(id);
}

/**
 * The moves of one unit (normal, rail, airdrop; air; fleets), reused while nothing they depend on changed. Carried to
 * the next state only: a list (20-70 KB with its paths) kept for the kernel's 24-32 states was a quarter of what a
 * game kept on the server, where a unit's list is asked once, when a player picks the unit.
 */
function unitMoves(state: TwoWWState, side: Side, armored: boolean, id: string): Choice[] {
  const env = envText(state, side);
  const u = state.units[id]!;
  const cls = unitClass(state, id);
  let also = '', own = '';
  let inSupply: boolean | undefined;
  if (cls === 'fleet') also = firstCargoOf(state).get(id) ?? '';
  else if (cls === 'air') own = ownInZocOf(state, side);
  else {
    inSupply = moveSupply(state, side, id);
    also = inSupply ? 's' : 'u';
  }
  const key = `${id}|${u.where}|${u.mpUsed ?? 0}|${u.moveMode ?? ''}|${u.reduced ? 1 : 0}|${u.ops ? 1 : 0}|${also}`;
  return derivedFrom<{ env: string; own: string; key: string; choices: Choice[]; rail?: RailMoves }>(state, `2ww:moves:${side}:${armored ? 1 : 0}:${id}`,
    (prev) => {
      if (prev?.env === env && prev.own === own && prev.key === key) return prev;
      // The unit as it was: its rail moves are the same choices while they reach the same hexes.
      const rail: { before?: RailMoves; now?: RailMoves } = { before: prev?.key === key ? prev.rail : undefined };
      const choices = unitChoices(moveFactsOf(state, side), id, armored, inSupply, undefined, rail);
      return { env, own, key, choices, rail: rail.now };
    },
    { carry: 'next' }).choices;
}

/** A unit's rail moves and their destinations (nodes in order): each choice depends on the unit and its destination only. */
interface RailMoves { nodes: readonly number[]; choices: readonly Choice[] }

/** Destination refs: the unit, where it starts and the hexes passed through, ending at the destination. */
function moveRefs(w: World, id: string, from: string, to: number, reach?: Reach): ChoiceRefs {
  const r: ChoiceRefs = { units: [id], from, place: w.board.id(to) };
  if (reach) r.path = path(reach, to).map((n) => w.board.id(n));
  return r;
}

/** One move to check (the legality check of one action): its kind and destination node; an assault by a fleet's cargo. */
interface OnlyMove { type: string; to: number; assault: boolean }

/**
 * The moves of one unit, in node order. `only`: the legality check of that one move (choicesFor): the list holds it
 * when it is legal and nothing else; only the search of its kind runs, and no other destination gets a label or path.
 * `railMoves`: the unit's rail moves in the state before (`before`), listed again when they reach the same hexes; the
 * rail moves listed here are left in `now`.
 */
function unitChoices(f: MoveFacts, id: string, armored: boolean, inSupply?: boolean, only?: OnlyMove,
  railMoves?: { before?: RailMoves; now?: RailMoves }): Choice[] {
  const state = f.state, w = f.w;
  const out: Choice[] = [];
  const u = state.units[id]!;
  const cls = unitClass(state, id);
  const d = unitDef(state, id);
  const nm = unitName(state, id);
  const to = (n: number) => placeName(w, w.board.id(n));
  const byNode = (a: number, b: number) => a - b;
  const wants = (type: string, assault = false) => !only || (only.type === type && only.assault === assault);
  // The destinations in node order, or the one checked when it is among them.
  const dests = (ns: number[]) => (only ? (ns.includes(only.to) ? [only.to] : []) : ns.sort(byNode));
  const rail = () => {
    if (!wants('rail')) return;
    const ns = dests(railReach(f, id)), before = railMoves?.before;
    const kept = before && before.nodes.length === ns.length && before.nodes.every((n, i) => n === ns[i]) ? before : undefined;
    const list = kept?.choices ?? ns.map((n) => ({ action: { type: 'rail', unit: id, to: w.board.id(n) }, label: `Rail ${nm} to ${to(n)}`, refs: moveRefs(w, id, u.where, n) }));
    out.push(...list);
    if (railMoves) railMoves.now = kept ?? { nodes: ns, choices: list };
  };
  if (cls === 'land') {
    const start = w.board.index(u.where);
    if (wants('move')) {
      const r = landReach(f, id, armored, inSupply === undefined ? undefined : landBudget(f, id, inSupply));
      const ns = only ? (only.to !== start && r.has(only.to) ? [only.to] : []) : r.nodes().sort(byNode);
      for (const n of ns) {
        if (n === start) continue;
        out.push({ action: { type: 'move', unit: id, to: w.board.id(n) }, label: `Move ${nm} to ${to(n)}`, refs: moveRefs(w, id, u.where, n, r) });
      }
    }
    const fresh = (u.mpUsed ?? 0) === 0 || u.moveMode === 'amphibious';
    if (!armored && fresh) rail();
    if (!armored && d.type === 'paratroop' && (u.mpUsed ?? 0) === 0 && wants('airdrop')) {
      for (const n of dests(airdropReach(f, id))) out.push({ action: { type: 'airdrop', unit: id, to: w.board.id(n) }, label: `Airdrop ${nm} on ${to(n)}`, refs: moveRefs(w, id, u.where, n) });
    }
  } else if (cls === 'air') {
    if (!w.board.isHex(w.board.index(u.where))) return out;
    if (wants('move')) {
      const r = airReach(f, id);
      for (const n of dests(airDestinations(f, id, r))) out.push({ action: { type: 'move', unit: id, to: w.board.id(n) }, label: `Fly ${nm} to ${to(n)}`, refs: moveRefs(w, id, u.where, n, r) });
    }
    if ((u.mpUsed ?? 0) === 0) rail();
  } else {
    if (wants('move')) {
      const r = fleetReach(f, id);
      for (const n of dests(fleetDestinations(f, id, r))) out.push({ action: { type: 'move', unit: id, to: w.board.id(n) }, label: `Sail ${nm} to ${to(n)}`, refs: moveRefs(w, id, u.where, n, r) });
    }
    if (!wants('move', true)) return out;
    const assault = assaultDestinations(f, id);
    for (const n of dests(assault.nodes)) {
      out.push({
        action: { type: 'move', unit: id, to: w.board.id(n), assault: true },
        label: assault.gated.has(n) ? `Sail ${nm} through ${DANISH_NORWAY_GATE[0]} to ${to(n)} for an amphibious assault (2WW 8.3.2)`
          : `Sail ${nm} to ${to(n)} for an amphibious assault on its defenders (2WW 8.1.4.2)`,
        refs: moveRefs(w, id, u.where, n, assault.reach!),
      });
    }
  }
  return out;
}

/** Each carrier's first unit aboard, in unit order (the same unit as a find over the units): once per state. */
export function firstCargoOf(state: TwoWWState): ReadonlyMap<string, string> {
  return derived(state, '2ww:first-cargo', () => firstCargo(state));
}

function firstCargo(state: TwoWWState): Map<string, string> {
  const m = new Map<string, string>();
  for (const id of Object.keys(state.units)) {
    const a = state.units[id]!.aboard;
    if (a !== undefined && !m.has(a)) m.set(a, id);
  }
  return m;
}

/** 2WW 8.3.4: `id` may board a surface fleet that began the phase with it in the same port hex or box. */
function embarkChoices(state: TwoWWState, w: World, side: Side, id: string): Choice[] {
  const s = state;
  const u = s.units[id]!;
  if (u.aboard || sideOfUnit(s, id) !== side || (u.mpUsed ?? 0) !== 0 || !onMap(u.where)) return [];
  const d = unitDef(s, id);
  if (d.type === 'fort' || unitClass(s, id) === 'fleet') return [];
  if (powerOf(s, id) === 'su' && s.politics.ussrNeutral) return [];
  const n = w.board.index(u.where);
  if (w.board.isHex(n) && !w.hexes[n]!.port) return [];
  const carrying = firstCargoOf(state);
  const out: Choice[] = [];
  for (const fl of unitIds(s).sorted) {
    const v = s.units[fl]!;
    if (fl === id || v.where !== u.where || v.aboard || v.ops || (v.mpUsed ?? 0) !== 0 || carrying.has(fl)) continue;
    if (sideOfUnit(s, fl) !== side || unitDef(s, fl).type !== 'surface-fleet') continue;
    if ((powerOf(s, id) === 'su') !== (powerOf(s, fl) === 'su')) continue; // 2WW 12.4.3
    out.push({ action: { type: 'embark', unit: id, fleet: fl }, label: `Embark ${unitName(s, id)} on ${unitName(s, fl)} at ${placeName(w, u.where)}`, refs: { units: [id, fl], place: u.where } });
  }
  return out;
}

/** Hexes moved by a fleet this phase count towards the five-hex limit of an amphibious assault (8.1.4.1). */
const ASSAULT_RANGE = 5;

export type LandingKind = 'landing-port' | 'landing' | 'assault' | 'invasion-landing';

/** 2WW 8.1.3-8.1.4: can `unit` aboard `fleet` come ashore in the fleet's hex, and how? */
export function landingKind(f: MoveFacts, unit: string, fleet: string, as?: { at: number; mpUsed: number }): LandingKind | null {
  const s = f.state, w = f.w;
  const n = as ? as.at : w.board.index(s.units[fleet]!.where);
  const where = w.board.id(n);
  if (!w.board.isHex(n)) {
    const box = w.boxes[where];
    return box?.land && f.side === 'allies' ? 'landing-port' : null;
  }
  const h = w.hexes[n]!;
  if (h.kind === 'sea' || h.kind === 'land') return null;
  if ((f.enemy(n)?.fleet ?? 0) > 0) return null;
  const c = countryAt(s, w, n);
  if (entryForbidden(s, f.side, unit, c)) return null;
  if (f.neutralUnits(n) > 0) return null;
  const enemyCountry = !!c && !isNeutralCountry(s, c) && s.countries[c]?.controller === other(f.side);
  const enemyHeld = (f.enemy(n)?.land ?? 0) > 0 || (h.port || h.city ? s.control[h.id] === other(f.side) : false);
  if (enemyCountry || enemyHeld) {
    if (!h.port) return null; // 2WW 8.1.4.1: no assault on a non-port hex
    if ((as ? as.mpUsed : s.units[fleet]!.mpUsed ?? 0) > ASSAULT_RANGE) return null;
    if (unitClass(s, unit) !== 'land') return null;
    return 'assault';
  }
  if (c && isNeutralCountry(s, c)) return 'invasion-landing';
  return h.port && s.control[h.id] === f.side ? 'landing-port' : 'landing';
}

/** 2WW 8.1.3-8.1.4: the unit aboard a fleet comes ashore where the fleet is, when it may. */
function landingChoices(state: TwoWWState, side: Side, id: string): Choice[] {
  const u = state.units[id]!;
  if (!u.aboard || sideOfUnit(state, id) !== side || !onMap(u.where)) return [];
  const k = landingKind(moveFactsOf(state, side), id, u.aboard);
  if (!k) return [];
  return [{
    action: { type: 'land', unit: id }, label: `${k === 'assault' ? 'Amphibious assault' : 'Land'} ${unitName(state, id)} at ${placeName(worldOf(state), u.where)}`,
    refs: { units: [id], place: u.where },
  }];
}

/** Every choice of one unit in a movement phase: its moves, boarding a fleet, coming ashore. */
function movementGroupChoices(state: TwoWWState, frame: MovementFrame, id: string): Choice[] {
  const w = worldOf(state), side = frame.side, armored = !!frame.armored;
  if (!state.units[id] || !mayAct(state, w, side, id, armored)) return [];
  const out = mayMove(state, w, side, id, armored) ? [...unitMoves(state, side, armored, id)] : [];
  if (!armored) out.push(...embarkChoices(state, w, side, id), ...landingChoices(state, side, id));
  return out;
}

/**
 * The choices of one unit that may equal `action` (the legality check of one action, the procedure's choicesFor): a
 * move, rail move or airdrop searches only the unit's moves of that kind and lists the one destination when legal;
 * boarding and landing list the unit's few such choices. Every choice of movementGroupChoices equal to `action` is here.
 */
function movementChoicesFor(state: TwoWWState, frame: MovementFrame, id: string, action: Action): Choice[] {
  const w = worldOf(state), side = frame.side, armored = !!frame.armored;
  if (!state.units[id] || !mayAct(state, w, side, id, armored)) return [];
  if (action.type === 'embark') return armored ? [] : embarkChoices(state, w, side, id);
  if (action.type === 'land') return armored ? [] : landingChoices(state, side, id);
  const to = typeof action.to === 'string' ? w.board.find(action.to) : -1;
  if (to < 0 || !mayMove(state, w, side, id, armored)) return [];
  return unitChoices(moveFactsOf(state, side), id, armored, undefined, { type: action.type, to, assault: action.assault === true });
}

/** The movement prompt's groups: one per unit that may have a choice, in unit order. */
function movementGroups(state: TwoWWState, frame: MovementFrame): ChoiceGroup[] {
  const w = worldOf(state), armored = !!frame.armored;
  const out: ChoiceGroup[] = [];
  for (const id of unitIds(state).sorted) {
    if (!mayAct(state, w, frame.side, id, armored)) continue;
    const where = state.units[id]!.where;
    out.push({ key: id, label: `${unitName(state, id)} at ${placeName(w, where)}`, refs: { units: [id], place: where } });
  }
  return out;
}

/** The group an action of the movement phase belongs to: the unit it moves, boards or lands. */
const MOVE_TYPES = new Set(['move', 'rail', 'airdrop', 'embark', 'land']);

// ---- executing moves ----

function bump(ctx: C, frame: MovementFrame, extra: Partial<MovementFrame> = {}): void {
  const { proc: _p, ...rest } = frame;
  const next = { ...rest, ...extra, n: (frame.n ?? 0) + 1 } as Record<string, unknown>;
  if ('pending' in extra && extra.pending === undefined) delete next.pending;
  ctx.goto('movement-phase', next as Omit<Frame, 'proc'>);
}

/** Land units that must leave, or fleets and air that must displace, after a land unit's entry (5.1.1, 5.1.3). */
export function needsDisplacement(state: TwoWWState): boolean {
  return displacementCandidates(state).length > 0;
}

/** Units that must displace now: enemy fleets sharing a hex with land units, air units in enemy land ZOC. */
export function displacementCandidates(state: TwoWWState): string[] {
  const w = worldOf(state);
  // Land units of each side by place (aboard ones excluded), then the fleets and air units of a side on the map.
  const land = new Map<string, { axis: number; allies: number }>();
  const others: string[] = [];
  for (const id of Object.keys(state.units)) {
    const u = state.units[id]!;
    if (u.aboard || !onMap(u.where)) continue;
    const side = sideOfUnit(state, id);
    if (!side) continue;
    if (unitClass(state, id) !== 'land') { others.push(id); continue; }
    const p = land.get(u.where);
    if (p) p[side]++;
    else land.set(u.where, { axis: side === 'axis' ? 1 : 0, allies: side === 'allies' ? 1 : 0 });
  }
  // Is hex n in the ZOC of `side`'s land units (landZocOfSide, asked of the neighbours only)?
  const inZocOf = (side: Side, n: number) => w.adj[n]!.some((b) => (land.get(w.board.id(b))?.[side] ?? 0) > 0 && landZocFrom(state, w, b).includes(n));
  const out: string[] = [];
  for (const id of others) {
    const u = state.units[id]!;
    const n = w.board.find(u.where);
    if (n < 0 || !w.board.isHex(n)) continue;
    const side = sideOfUnit(state, id)!, foe = other(side);
    const p = land.get(u.where);
    const foeLand = p?.[foe] ?? 0;
    const cls = unitClass(state, id);
    // 5.2.3: a fleet whose cargo assaulted this hex stays with it until the combat (its units may re-board, R-18b).
    if (cls === 'fleet' && foeLand > 0 && !assaultingIn(state, side, u.where)) out.push(id);
    if (cls === 'air' && (p?.[side] ?? 0) === 0 && (foeLand > 0 || inZocOf(foe, n))) out.push(id);
  }
  return out.sort();
}

/** Does `side` have a land unit in `hex` that came ashore by amphibious assault there and must attack (8.1.4)? */
function assaultingIn(state: TwoWWState, side: Side, hex: string): boolean {
  return unitEntries(state).some(([id, v]) => v.where === hex && v.moveMode === 'assault' && v.mustAttack === hex && sideOfUnit(state, id) === side);
}

/** Nearest places a unit may displace to (2WW 5.1.1/5.1.3); several when equidistant. */
export function displacementTargets(state: TwoWWState, id: string): string[] {
  const w = worldOf(state);
  const side = sideOfUnit(state, id)!;
  const start = w.board.index(state.units[id]!.where);
  const pres = presenceByPlace(state);
  const hostile = (n: number) => {
    const p = pres.get(w.board.id(n));
    if (!p) return false;
    const e = p[other(side)], q = p.neutral;
    return e.land + e.air + e.fleet + q.land + q.air + q.fleet > 0;
  };
  if (unitClass(state, id) === 'fleet') {
    // Over fleet moves (sea and coastal hexes, no all-land hexside), the nearest hexes free of enemy units.
    const reach = withinRange(w.board, start, 60, {
      mayEnter: (b) => w.board.isHex(b) && w.hexes[b]!.kind !== 'land',
      mayCross: (_a, _b, e) => !w.hexsides[e]?.allLand,
    });
    const found: number[] = [];
    for (let i = 1; i < reach.count; i++) {
      const n = reach.node(i);
      if (found.length && reach.costTo(n) > reach.costTo(found[0]!)) break;
      if (!hostile(n)) found.push(n);
    }
    return found.sort((a, b) => a - b).map((n) => w.board.id(n));
  }
  const enemyZoc = landZocOfSide(state, other(side));
  const ok = (b: number) => {
    const h = w.hexes[b]!;
    if (h.kind === 'sea' || hostile(b) || enemyZoc.has(b)) return false;
    const c = countryAt(state, w, b);
    return !(c && (c === 'ch' || isNeutralCountry(state, c)));
  };
  for (let r = 1; r <= 40; r++) {
    const found = w.board.ring(start, r).filter(ok);
    if (found.length) return found.sort((a, b) => a - b).map((n) => w.board.id(n));
  }
  return [];
}

/** Execute one step of a pending move; returns false when the move is over. */
function stepPending(ctx: C, frame: MovementFrame, p: Pending, f: MoveFacts): boolean {
  const s = ctx.state, w = worldOf(s);
  const u = s.units[p.unit] ? write(s, 'units', p.unit) : undefined;
  if (!u || !onMap(u.where) || p.path.length === 0) return false;
  const side = frame.side;
  const from = w.board.index(u.where);
  const to = w.board.index(p.path[0]!);
  if (p.mode === 'land') {
    const armored = !!frame.armored;
    // The step may have become illegal (an invasion activated ZOCs, 5.1.4).
    const cost = landStepCost(f, p.unit, armored, from, to, f.enemyZoc.has(from));
    const budget = p.budget ?? 0;
    if (cost === null || (u.mpUsed ?? 0) + cost > budget || (!armored && f.enemyZoc.has(from) && (u.mpUsed ?? 0) > 0)) {
      ctx.log(`${unitName(s, p.unit)} stops in ${u.where}: the way on is barred`, '2WW 5.1.4');
      u.mpUsed = DONE;
      return false;
    }
    const ca = countryAt(s, w, from), cb = countryAt(s, w, to);
    placeUnit(s, p.unit, w.board.id(to));
    u.mpUsed = (u.mpUsed ?? 0) + cost;
    u.moveMode = u.moveMode ?? 'normal';
    noteEntry(ctx, side, p.unit, ca, cb);
    noteLandUnitIn(ctx, side, to);
    p.path.shift();
    if (!armored && inLandZocOf(s, other(side), to)) {
      if (p.path.length) ctx.log(`${unitName(s, p.unit)} stops on entering an enemy ZOC in ${w.board.id(to)}`, '2WW 5.1.1');
      u.mpUsed = DONE;
      p.path = [];
    }
    return true;
  }
  // fleet
  const cost = fleetStepCost(f, from, to, f.enemyFleet.adjacent.has(from), !!p.gate);
  if (cost === null || (u.mpUsed ?? 0) + cost > movementFactor(s, p.unit)) {
    ctx.log(`${unitName(s, p.unit)} stops in ${u.where}: the way on is barred`, '2WW 5.1.2');
    return false;
  }
  u.mpUsed = (u.mpUsed ?? 0) + cost;
  placeUnit(s, p.unit, w.board.id(to));
  p.path.shift();
  if (f.enemyFleet.adjacent.has(to)) p.path = []; // 2WW 5.1.2: stop next to an enemy fleet
  return true;
}

/** Enemy units that may make a transit attack somewhere (2WW 8.3.5.1): fleets not aboard and air units, not Ops Complete. */
function transitFoes(state: TwoWWState, mover: Side): string[] {
  const out: string[] = [];
  for (const [id, u] of unitEntries(state)) {
    if (!onMap(u.where) || u.ops || sideOfUnit(state, id) !== other(mover)) continue;
    if (powerOf(state, id) === 'su' && state.politics.ussrNeutral) continue;
    const cls = unitClass(state, id);
    if (cls === 'fleet' ? !u.aboard : cls === 'air' && isAirType(unitDef(state, id).type)) out.push(id);
  }
  return out;
}

/** Enemy units that may make a transit attack on a fleet in `node` (2WW 8.3.5.1); `foes`: transitFoes, when known. */
export function transitAttackers(state: TwoWWState, mover: Side, node: number, foes = transitFoes(state, mover)): string[] {
  const w = worldOf(state);
  if (!w.board.isHex(node)) return [];
  return foes.filter((id) => (unitClass(state, id) === 'fleet' ? fleetZocCovers(state, id, node) : airZocCovers(state, id, node))).sort();
}

/**
 * What an entry may change besides the mover (2WW 5.3, 12: invasions, conquests, captured cities): while the three
 * records are still the settled state's frozen objects, the objects themselves (a write copies them first); else
 * their text.
 */
function politicsKey(s: TwoWWState): readonly object[] | string {
  if (Object.isFrozen(s.politics) && Object.isFrozen(s.countries) && Object.isFrozen(s.control)) return [s.politics, s.countries, s.control];
  return JSON.stringify(s.politics) + JSON.stringify(s.countries) + JSON.stringify(s.control);
}

const samePoliticsKey = (a: readonly object[] | string, b: readonly object[] | string): boolean =>
  typeof a === 'string' || typeof b === 'string' ? a === b : a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/** Walk the pending move until it ends or a sub-procedure must run; `facts` are the unchanged state's, when known. */
function continueMove(ctx: C, frame: MovementFrame, facts?: MoveFacts): void {
  const p: Pending | null = frame.pending ? { unit: frame.pending.unit, path: [...frame.pending.path], mode: frame.pending.mode, budget: frame.pending.budget } : null;
  if (p && frame.pending?.gate) p.gate = true;
  if (!p) { bump(ctx, frame); return; }
  const s = ctx.state, w = worldOf(s);
  let f = facts ?? new MoveFacts(s, frame.side);
  // The enemy's units do not move while the fleet sails (they may attack it: 8.3.5).
  let foes: string[] | undefined;
  while (p.path.length) {
    const from = w.board.index(s.units[p.unit]!.where);
    // The step moves one of the mover's own units, which no fact of `f` depends on, unless a land unit crosses a
    // border or enters a city or port and so changes politics, countries or control (an invasion, a captured city):
    // then they are read again.
    const next = w.board.find(p.path[0]!), h = w.hexes[next];
    const before = p.mode === 'land' && (countryAt(s, w, from) !== countryAt(s, w, next) || h?.city || h?.port) ? politicsKey(s) : null;
    const ok = stepPending(ctx, frame, p, f);
    if (!ok) { p.path = []; break; }
    const u = s.units[p.unit]!;
    const to = w.board.index(u.where);
    if (before !== null && !samePoliticsKey(politicsKey(s), before)) f = new MoveFacts(s, frame.side);
    if (p.mode === 'land' && displacementCandidates(s).length) {
      bump(ctx, frame, p.path.length ? { pending: p as MovementFrame['pending'] } : { pending: undefined });
      ctx.push('displacement', {});
      return;
    }
    if (p.mode === 'fleet') {
      const enemies = transitAttackers(s, frame.side, to, (foes ??= transitFoes(s, frame.side)));
      if (enemies.length) {
        bump(ctx, frame, { pending: { ...p, hex: u.where } as MovementFrame['pending'] });
        ctx.push('transit-attack', { side: frame.side, hex: u.where, fleets: [p.unit] });
        return;
      }
    }
  }
  if (p.gate) {
    // 2WW 8.1.4, 8.3.2: the fleet came to make an amphibious assault; its cargo makes it now if it still can.
    const cargo = Object.keys(s.units).find((c) => s.units[c]!.aboard === p.unit);
    if (cargo && landingKind(new MoveFacts(s, frame.side), cargo, p.unit) === 'assault') {
      bump(ctx, frame, { pending: undefined });
      executeLanding(ctx, frame, cargo);
      return;
    }
  }
  bump(ctx, frame, { pending: undefined });
}

function executeMove(ctx: C, frame: MovementFrame, a: Extract<MoveAction, { to: string }>): void {
  const s = ctx.state, w = worldOf(s);
  const id = a.unit;
  const u = write(s, 'units', id);
  const to = w.board.index(a.to);
  const cls = unitClass(s, id);
  // Rail and airdrop put the unit straight down and end its move (8.1.1, 8.1.2).
  const putDown = (mode: 'rail' | 'airdrop') => {
    const ca = countryAt(s, w, w.board.index(u.where));
    placeUnit(s, id, a.to);
    u.mpUsed = DONE;
    u.moveMode = mode;
    noteEntry(ctx, frame.side, id, ca, countryAt(s, w, to));
  };
  if (a.type === 'rail') {
    putDown('rail');
    if (cls === 'land') noteLandUnitIn(ctx, frame.side, to);
    ctx.log(`${unitName(s, id)} moves by rail to ${a.to}`, '2WW 8.1.2');
    bump(ctx, frame);
    if (displacementCandidates(s).length) ctx.push('displacement', {});
    return;
  }
  if (a.type === 'airdrop') {
    putDown('airdrop');
    const enemyLand = unitEntries(s).some(([o, v]) => v.where === a.to && !v.aboard && sideOfUnit(s, o) === other(frame.side) && unitClass(s, o) === 'land');
    if (enemyLand) u.mustAttack = a.to;
    else noteLandUnitIn(ctx, frame.side, to);
    ctx.log(`${unitName(s, id)} airdrops on ${a.to}${enemyLand ? ' onto enemy units: it must attack them' : ''}`, '2WW 8.1.1');
    bump(ctx, frame);
    if (displacementCandidates(s).length) ctx.push('displacement', {});
    return;
  }
  // Nothing is changed yet: the facts of the settled state (built for its prompt) hold for this one.
  const f = ctx.settled ? moveFactsOf(ctx.settled, frame.side) : new MoveFacts(s, frame.side);
  if (cls === 'air') {
    const r = airReach(f, id);
    const ca = countryAt(s, w, w.board.index(u.where));
    u.mpUsed = (u.mpUsed ?? 0) + r.costTo(to);
    placeUnit(s, id, a.to);
    noteEntry(ctx, frame.side, id, ca, countryAt(s, w, to));
    ctx.log(`${unitName(s, id)} flies to ${a.to}`, '2WW 8.2');
    bump(ctx, frame);
    return;
  }
  // The move was validated against the prompt: only its cheapest path is needed here (supply judged there, 11).
  const gate = cls === 'fleet' && a.type === 'move' && a.assault === true;
  const r = cls === 'land' ? landReach(f, id, !!frame.armored, movementFactor(s, id) - (u.mpUsed ?? 0)) : fleetReach(f, id, gate);
  const steps = path(r, to).map((n) => w.board.id(n));
  ctx.log(`${unitName(s, id)} moves ${u.where} > ${steps.join(' > ')}${gate ? ' to make an amphibious assault' : ''}`, gate ? '2WW 8.1.4' : cls === 'land' ? '2WW 8.1' : '2WW 8.3');
  frame.pending = { unit: id, path: steps, mode: cls === 'land' ? 'land' : 'fleet', budget: cls === 'land' ? r.costTo(to) + (u.mpUsed ?? 0) : 0 };
  if (gate) frame.pending.gate = true;
  continueMove(ctx, frame, f);
}

function executeLanding(ctx: C, frame: MovementFrame, id: string, unchanged = false): void {
  const s = ctx.state, w = worldOf(s);
  const u = write(s, 'units', id);
  const fleet = u.aboard!;
  const f = unchanged && ctx.settled ? moveFactsOf(ctx.settled, frame.side) : new MoveFacts(s, frame.side);
  const kind = landingKind(f, id, fleet)!;
  const n = w.board.index(u.where);
  delete u.aboard;
  const cls = unitClass(s, id);
  if (w.board.isHex(n)) noteEntry(ctx, frame.side, id, null, countryAt(s, w, n));
  if (kind === 'assault') {
    u.moveMode = 'assault';
    u.mustAttack = u.where;
    u.mpUsed = DONE;
    ctx.log(`${unitName(s, id)} makes an amphibious assault on ${u.where}`, '2WW 8.1.4');
  } else {
    if (cls === 'land' && w.board.isHex(n)) noteLandUnitIn(ctx, frame.side, n);
    if (kind === 'landing-port') {
      u.moveMode = 'amphibious';
      if (cls === 'air') u.mpUsed = Math.max(0, 3 * airRange(s, id) - 2 * airRange(s, id));
    } else {
      u.mpUsed = DONE;
    }
    ctx.log(`${unitName(s, id)} lands at ${u.where}`, '2WW 8.1.3');
  }
  bump(ctx, frame);
  if (displacementCandidates(s).length) ctx.push('displacement', {});
}

export const movementPhase: Procedure<TwoWWState, MovementFrame> = {
  prompts(state, frame) {
    if (!frame.started || frame.pending) return [];
    return [{
      seat: frame.side, rule: frame.armored ? '2WW 10.1' : '2WW 8', kind: 'move',
      text: frame.armored ? 'Armored Action: move armor units, then end the phase' : 'Move units, then end the movement phase',
      choices: [{ action: { type: 'end-phase' }, label: frame.armored ? 'End the Armored Action phase' : 'End the movement phase' }],
      groups: movementGroups(state, frame),
    }];
  },
  choicesIn(state, frame, seat, group) {
    if (!frame.started || frame.pending || seat !== frame.side) return [];
    return movementGroupChoices(state, frame, group);
  },
  choicesFor(state, frame, seat, group, action) {
    if (!frame.started || frame.pending || seat !== frame.side) return [];
    return movementChoicesFor(state, frame, group, action);
  },
  groupOf(_state, _frame, _seat, a) {
    return MOVE_TYPES.has(a.type) && typeof a.unit === 'string' ? a.unit : null;
  },
  run(ctx, frame) {
    if (!frame.started) {
      // Movement points are counted per phase.
      for (const [id, u] of Object.entries(ctx.state.units)) {
        if (sideOfUnit(ctx.state, id) !== frame.side || !('mpUsed' in u || 'moveMode' in u)) continue;
        const v = write(ctx.state, 'units', id);
        delete v.mpUsed;
        delete v.moveMode;
      }
      ctx.state.phase = `${frame.side === 'axis' ? 'Axis' : 'Allied'} ${frame.armored ? 'armored movement' : 'movement'}`;
      bump(ctx, frame, { started: true });
      return;
    }
    continueMove(ctx, frame);
  },
  resume(ctx, frame, result) {
    const p = frame.pending;
    if (p && p.mode === 'fleet') {
      const u = ctx.state.units[p.unit];
      const r = result && typeof result === 'object' && !Array.isArray(result) ? result : {};
      // 8.3.5.4: a fleet forced back or marked Ops Complete stops.
      if (!u || u.where !== p.hex || u.ops || r.mayContinue === false) {
        if (u && onMap(u.where)) write(ctx.state, 'units', p.unit).mpUsed = DONE;
        bump(ctx, frame, { pending: undefined });
        return;
      }
    }
    continueMove(ctx, frame);
  },
  act(ctx, frame, _seat, action) {
    const a = actionOf<MoveAction>(action);
    if (a.type === 'end-phase') {
      ctx.log(`${frame.side === 'axis' ? 'Axis' : 'Allies'} end ${frame.armored ? 'armored' : ''} movement`.replace('  ', ' '), frame.armored ? '2WW 10.1' : '2WW 8');
      ctx.pop();
      return;
    }
    if (a.type === 'embark') {
      write(ctx.state, 'units', a.unit).aboard = a.fleet;
      ctx.log(`${unitName(ctx.state, a.unit)} embarks on ${unitName(ctx.state, a.fleet)}`, '2WW 8.3.4');
      bump(ctx, frame);
      return;
    }
    if (a.type === 'land') {
      executeLanding(ctx, frame, a.unit, true);
      return;
    }
    executeMove(ctx, frame, a);
  },
  explain(state, frame, _seat, a) {
    const unit = a.unit, to = a.to;
    if (typeof unit !== 'string' || !state.units[unit] || typeof to !== 'string' || !['move', 'rail', 'airdrop'].includes(a.type)) return null;
    if (worldOf(state).board.find(to) < 0) return null;
    return explainMove(state, frame, a.type as 'move' | 'rail' | 'airdrop', unit, to);
  },
};

type Refusal = { rule: string; message: string } | null;

/**
 * Why a move, rail move or airdrop the prompt does not offer breaks the rules, naming the rule case: each check lifts
 * one limit and sees whether the destination comes within reach; else the movement rule of the unit's class, as no
 * way there exists at all. Null for an airdrop that breaks no single rule.
 */
function explainMove(state: TwoWWState, frame: MovementFrame, type: 'move' | 'rail' | 'airdrop', id: string, to: string): Refusal {
  const f = moveFactsOf(state, frame.side);
  const { w } = f;
  const u = state.units[id]!;
  const nm = unitName(state, id);
  const n = w.board.index(to), start = w.board.index(u.where);
  const cls = unitClass(state, id);
  const armored = !!frame.armored;
  if (sideOfUnit(state, id) !== frame.side) return { rule: '2WW 8', message: `${nm} is not ${frame.side}'s unit` };
  if (armored && unitDef(state, id).type !== 'armor') return { rule: '2WW 10.1', message: `only armored units move in Armored Action (${nm})` };
  if (cls === 'fleet' && u.ops) return { rule: '2WW 3.4.3', message: `${nm} is Ops Complete and cannot move` };
  if (powerOf(state, id) === 'su' && state.politics.ussrNeutral) return { rule: '2WW 12.4.1', message: 'Soviet units may not move while the USSR is neutral' };
  if ((u.mpUsed ?? 0) >= DONE) return { rule: '2WW 8', message: `${nm} has finished moving this phase` };
  const forbidden = w.board.isHex(n) ? entryForbidden(state, frame.side, id, countryAt(state, w, n)) : null;
  if (cls !== 'fleet' && w.boxes[u.where]?.land) return { rule: '2WW 8.3.4', message: `${nm} is in ${u.where} and leaves it only aboard a surface fleet` };
  if (type === 'airdrop') {
    if (unitDef(state, id).type !== 'paratroop') return { rule: '2WW 8.1.1', message: `only paratroops airdrop (${nm})` };
    if (armored) return { rule: '2WW 10.1.2', message: 'no airdrop in Armored Action' };
    if ((u.mpUsed ?? 0) > 0) return { rule: '2WW 8.1.1', message: `${nm} has moved normally this phase and may not also airdrop` };
    if (!w.board.isHex(start) || !w.board.isHex(n)) return { rule: '2WW 8.1.1', message: `an airdrop goes from a hex to a hex (${u.where} to ${to})` };
    if (w.board.distance(start, n) > 3) return { rule: '2WW 8.1.1', message: `an airdrop goes up to 3 hexes; ${to} is ${w.board.distance(start, n)} from ${u.where}` };
    if (w.hexes[n]!.kind === 'sea') return { rule: '2WW 8.1.1', message: `an airdrop may not end in an all-sea hex (${to})` };
    if (forbidden) return { rule: forbidden.rule, message: forbidden.why };
    return null;
  }
  if (type === 'rail') {
    if (armored) return { rule: '2WW 8.1.2', message: 'rail movement is not allowed in Armored Action' };
    if (cls === 'fleet') return { rule: '2WW 8.1.2', message: 'only land and air units move by rail' };
    if (f.enemyZoc.has(start)) return { rule: '2WW 8.1.2', message: `${nm} begins in an enemy land ZOC (${u.where}) and may not move by rail` };
    if ((u.mpUsed ?? 0) > 0 && u.moveMode !== 'amphibious') return { rule: '2WW 8.1.2', message: `${nm} has already moved this phase` };
    return { rule: '2WW 8.1.2', message: `no rail line to ${to}: every hex of a rail move must be a land hex of a friendly, non-neutral country, free of enemy land ZOC and enemy units, outside the regions 8.1.2 bars` };
  }
  if (forbidden && cls !== 'fleet') return { rule: forbidden.rule, message: forbidden.why };
  if (w.board.isHex(n) && f.hostile(n) > 0 && cls !== 'fleet') {
    return { rule: '2WW 5.2.3', message: `${to} holds enemy or neutral units: only an airdrop or an amphibious assault may end there` };
  }
  if (cls === 'land') {
    if (!armored && f.enemyZoc.has(start) && f.enemyZoc.has(n) && w.board.isHex(start) && w.board.isHex(n) && w.board.distance(start, n) === 1) {
      return { rule: '2WW 5.1.1', message: `a land unit may not move directly from one enemy ZOC hex to another (${u.where} to ${to})` };
    }
    if (!armored && landReach(f, id, false, undefined, true).has(n)) {
      return { rule: '2WW 5.1.1', message: `${nm} would enter an enemy land ZOC on the way to ${to} and must stop there` };
    }
    if (w.hexes[n]?.kind === 'sea') return { rule: '2WW 8.1', message: `land units never enter an all-sea hex (${to}) unless carried by a fleet` };
    if (landReach(f, id, armored, 1000).has(n)) return { rule: '2WW 8.1', message: `${to} is beyond the ${landBudget(f, id)} movement points ${nm} has left` };
    return { rule: '2WW 8.1', message: `${nm} has no way over land to ${to}: every way is closed by sea, neutral countries, enemy units or their ZOC` };
  }
  if (cls === 'air') {
    if (w.hexes[n]?.kind === 'sea') return { rule: '2WW 8.2', message: `an air unit may not end its move in an all-sea hex (${to})` };
    if (w.board.isHex(start) && w.board.isHex(n) && w.board.distance(start, n) > 3 * airRange(state, id) - (u.mpUsed ?? 0)) {
      return { rule: '2WW 8.2', message: `${to} is beyond ${nm}'s movement (three times its range of ${airRange(state, id)})` };
    }
    if (f.enemyZoc.has(n) && f.myLandAt(n) === 0) return { rule: '2WW 8.2', message: `${to} is in an enemy land ZOC without a friendly land unit` };
    return { rule: '2WW 8.2', message: `no path to ${to} avoids enemy land units and enemy land ZOC without a friendly land unit` };
  }
  // Fleets.
  const box = w.boxes[to];
  if (box && frame.side === 'axis' && (box.alliedOnly || box.land)) return { rule: '2WW 8.3.3', message: `Axis fleets may enter only the Atlantic box (${to})` };
  if (w.board.isHex(n) && w.hexes[n]!.kind === 'land') return { rule: '2WW 8.3.1', message: `a fleet cannot enter an all-land hex (${to})` };
  if (w.board.isHex(n) && f.hostile(n) > 0) return { rule: '2WW 8.3.1', message: `a fleet may not end its move in a hex holding enemy or neutral units (${to}), except to land its cargo's amphibious assault on an enemy port within five hexes (8.1.4)` };
  if (fleetReach(f, id, false, { danish: true }).has(n)) {
    return { rule: '2WW 8.3.2', message: `the way to ${to} passes Danish waters (1904: closed to Allied fleets until Norway is Allied, except for an amphibious assault; 2003, 2004: until Denmark is Allied and free of Axis units)` };
  }
  if (fleetReach(f, id, false, { zoc: true }).has(n)) return { rule: '2WW 5.1.2', message: `${nm} must stop on entering a hex next to an enemy fleet on the way to ${to}` };
  const far = fleetReach(f, id, false, { budget: 1000 });
  if (far.has(n)) {
    const viaBox = far.pathTo(n).some((b) => !w.board.isHex(b));
    return viaBox
      ? { rule: '2WW 8.3.3', message: `${nm} has too few movement points left to reach ${to} (a box costs 30 to enter or leave from the map edge)` }
      : { rule: '2WW 8.3.1', message: `${to} is beyond the ${movementFactor(state, id) - (u.mpUsed ?? 0)} movement points ${nm} has left` };
  }
  return { rule: '2WW 8.3.1', message: `${nm} has no way by sea to ${to}: every way is closed by land, enemy or neutral units or closed waters` };
}

/** Hexes adjacent to a land unit into which it exerts ZOC (for clients). */
export function zocHexes(state: TwoWWState, id: string): string[] {
  const w = worldOf(state);
  const n = w.board.find(state.units[id]!.where);
  return n >= 0 ? landZocFrom(state, w, n).map((b) => w.board.id(b)) : [];
}

interface DisplacementFrame extends Frame { unit?: string; options?: string[]; n?: number }

/** 2WW 5.1.1 / 5.1.3 displacement: each unit that must leave goes to the nearest legal place, owner's choice on ties. */
export const displacement: Procedure<TwoWWState, DisplacementFrame> = {
  prompts(state, frame) {
    if (!frame.unit || !frame.options) return [];
    const side = sideOfUnit(state, frame.unit);
    if (!side) return [];
    return [{
      seat: side, rule: unitClass(state, frame.unit) === 'fleet' ? '2WW 5.1.1' : '2WW 5.1.3', kind: 'displace',
      text: `${unitName(state, frame.unit)} must displace: choose one of the nearest hexes`,
      choices: frame.options.map((h) => ({
        action: { type: 'displace', unit: frame.unit!, to: h }, label: `Displace ${unitName(state, frame.unit!)} to ${placeName(worldOf(state), h)}`,
        refs: { units: [frame.unit!], from: state.units[frame.unit!]!.where, place: h },
      })),
    }];
  },
  run(ctx, frame) {
    const s = ctx.state;
    const c = displacementCandidates(s)[0];
    if (!c) { ctx.pop(); return; }
    const opts = displacementTargets(s, c);
    if (opts.length === 0) {
      ctx.log(`${unitName(s, c)} cannot displace and is eliminated`, '2WW 5.1.1');
      eliminateUnit(s, c);
      ctx.goto('displacement', { n: (frame.n ?? 0) + 1 });
    } else if (opts.length === 1) {
      placeUnit(s, c, opts[0]!);
      ctx.log(`${unitName(s, c)} displaces to ${opts[0]}`, '2WW 5.1.1');
      ctx.goto('displacement', { n: (frame.n ?? 0) + 1 });
    } else {
      ctx.goto('displacement', { unit: c, options: opts, n: (frame.n ?? 0) + 1 });
    }
  },
  act(ctx, frame, _seat, action) {
    const a = actionOf<DisplaceAction>(action);
    placeUnit(ctx.state, a.unit, a.to);
    ctx.log(`${unitName(ctx.state, a.unit)} displaces to ${a.to}`, '2WW 5.1.1');
    ctx.goto('displacement', { n: (frame.n ?? 0) + 1 });
  },
};
