// The CombatWorld of a real game: counters, map, ZOC and politics from the rest of the 2WW rule set (world.ts,
// zones-of-control.ts, neutrals.ts) and the Combat Chart from data/. A test world may give its own (World.combat).
import { derivedByContent } from '../../../engine/index.ts';
import { withinRange } from '../../../board/range.ts';
import type { Reach } from '../../../board/search.ts';
import { campaignCombatChart, riverRule } from '../data/index.ts';
import type { Side, TwoWWState } from '../state.ts';
import {
  type World, hexData, hexsideData, onMap, sideOfUnit, unitClass, unitDef, unitEntries, unitName, worldOf,
} from '../world.ts';
import {
  airZocCovers, airZocOf, fleetZocCovers, fleetZocFrom, fleetZocOfSide, landStepPossible, landZocCovers, landZocFrom, landZocOfSide,
} from '../zones-of-control.ts';
import { attackInvades, entryForbidden, countryAt } from '../neutrals.ts';
import { unitInSupply } from '../supply.ts';
import { noteAttackOn, noteEntry, noteLandUnitIn } from '../politics.ts';
import { displacementCandidates } from '../movement.ts';
import type { CombatWorld, UnitFacts, UnitKind } from './world.ts';

function kindOf(t: string): UnitKind {
  if (t === 'air' || t === 'strategic-air' || t === 'naval-air') return 'air';
  if (t === 'surface-fleet') return 'fleet';
  if (t === 'submarine-fleet') return 'sub';
  return t as UnitKind;
}

function node(w: World, where: string): number {
  return w.board.find(where);
}

/** Control of a city/port hex (2WW 3.4.7): the marker if any, else the controller of the hex's country. */
export function controlOfHex(state: TwoWWState, hex: string): Side | null {
  const c = state.control[hex];
  if (c) return c;
  const w = worldOf(state);
  const n = node(w, hex);
  if (n < 0) return null;
  const country = countryAt(state, w, n);
  return country ? state.countries[country]?.controller ?? null : null;
}

function isFriendlyPortPlace(state: TwoWWState, w: World, n: number, side: Side): boolean {
  if (!w.board.isHex(n)) {
    const box = w.boxes[w.board.id(n)];
    return !!box?.land && side === 'allies'; // the whole US is a port (2WW 8.3.6)
  }
  const h = hexData(w, n);
  return !!h?.port && controlOfHex(state, h.id) === side;
}

/** A fleet may pass between two places (2WW 8.3.1, 8.3.3: boxes; Axis fleets only in the Atlantic box). */
function fleetStep(state: TwoWWState, w: World, side: Side, a: number, b: number): boolean {
  if (!w.board.isHex(b)) {
    const box = w.boxes[w.board.id(b)];
    if (!box || box.land) return false;
    return !(box.alliedOnly && side === 'axis');
  }
  const h = hexData(w, b);
  if (!h || h.kind === 'land') return false;
  if (w.board.isHex(a) && hexsideData(w, a, b).allLand) return false;
  return true;
}

function enemyAt(state: TwoWWState, side: Side, where: string): boolean {
  return unitEntries(state).some(([id, u]) => u.where === where && !u.aboard && sideOfUnit(state, id) !== null && sideOfUnit(state, id) !== side);
}

/** Places holding fleets of each side, for a retreat's search. */
function fleetPlaces(state: TwoWWState): Record<Side, Set<string>> {
  const out: Record<Side, Set<string>> = { axis: new Set(), allies: new Set() };
  for (const [id, u] of unitEntries(state)) {
    if (unitClass(state, id) !== 'fleet') continue;
    const side = sideOfUnit(state, id);
    if (side) out[side].add(u.where);
  }
  return out;
}

/**
 * Places a fleet retreat reaches, breadth first (src/board withinRange): never into hexes with enemy fleets, nor
 * into an enemy fleet's adjacent ZOC unless a friendly fleet is there (DSoP sea retreat, 5.1.2). `nearest` are the
 * nearest places that pass `goal`.
 */
function retreatSearch(state: TwoWWState, fleetId: string, goal: (n: number) => boolean, maxSteps = Infinity): { nearest: number[]; reach: Reach | null } {
  const w = worldOf(state);
  const side = sideOfUnit(state, fleetId);
  if (!side) return { nearest: [], reach: null };
  const start = node(w, state.units[fleetId]!.where);
  if (start < 0) return { nearest: [], reach: null };
  const enemyZoc = fleetZocOfSide(state, side === 'axis' ? 'allies' : 'axis');
  const fleets = fleetPlaces(state);
  const enemyFleets = fleets[side === 'axis' ? 'allies' : 'axis'], friendlyFleets = fleets[side];
  const reach = withinRange(w.board, start, maxSteps, {
    mayCross: (a, b) => fleetStep(state, w, side, a, b),
    mayEnter: (b) => {
      const id = w.board.id(b);
      return !enemyFleets.has(id) && !(enemyZoc.adjacent.has(b) && !friendlyFleets.has(id));
    },
  });
  const nearest: number[] = [];
  for (let i = 1; i < reach.count; i++) {
    const n = reach.node(i);
    if (nearest.length && reach.costTo(n) > reach.costTo(nearest[0]!)) break;
    if (goal(n)) nearest.push(n);
  }
  return { nearest: nearest.sort((x, y) => x - y), reach };
}

function nearestBy(state: TwoWWState, fleetId: string, goal: (n: number) => boolean, maxSteps = Infinity): number[] {
  return retreatSearch(state, fleetId, goal, maxSteps).nearest;
}

/** Hexes one hex away a land unit may retreat into (2WW 5.1.1, DSoP land retreat). */
function retreatHexesOf(state: TwoWWState, id: string): string[] {
  const w = worldOf(state);
  const side = sideOfUnit(state, id);
  const from = node(w, state.units[id]!.where);
  if (!side || from < 0) return [];
  const enemyZoc = landZocOfSide(state, side === 'axis' ? 'allies' : 'axis');
  const out: string[] = [];
  for (const b of w.board.neighbours(from)) {
    if (!w.board.isHex(b) || !landStepPossible(state, w, from, b)) continue;
    const hid = w.board.id(b);
    if (entryForbidden(state, side, id, countryAt(state, w, b))) continue;
    const here = unitEntries(state).filter(([, u]) => u.where === hid && !u.aboard);
    if (here.some(([uid]) => unitClass(state, uid) === 'land' && sideOfUnit(state, uid) !== side)) continue;
    const friendlyLand = here.some(([uid]) => unitClass(state, uid) === 'land' && sideOfUnit(state, uid) === side);
    if (enemyZoc.has(b) && !friendlyLand) continue;
    out.push(hid);
  }
  return out.sort();
}

/** Facts of each counter definition, made on first use: a memo of static data (counters never change). */
const factsCache = new WeakMap<object, UnitFacts>();

export const rulesCombatWorld: CombatWorld = {
  chart: campaignCombatChart,
  facts(state, id): UnitFacts {
    const d = unitDef(state, id);
    const hit = factsCache.get(d);
    if (hit) return hit;
    const out: UnitFacts = { id, name: unitName(state, id), power: d.nationality, kind: kindOf(d.type), full: d.full ?? d.reduced };
    if (d.full && d.steps === 2) out.reduced = d.reduced;
    if (d.type === 'naval-air') out.naval = true;
    if (d.id === 'fr-fort-maginot') out.permanent = true;
    factsCache.set(d, out);
    return out;
  },
  sideOf: (state, id) => sideOfUnit(state, id),
  exertsZocInto(state, id, hex) {
    const w = worldOf(state);
    const n = node(w, hex);
    if (n < 0 || !onMap(state.units[id]?.where ?? 'pool')) return false;
    const c = unitClass(state, id);
    if (c === 'land') return landZocCovers(state, id, n);
    if (c === 'air') return airZocCovers(state, id, n);
    return fleetZocCovers(state, id, n);
  },
  zocHexes(state, id) {
    const w = worldOf(state);
    const u = state.units[id];
    if (!u || !onMap(u.where)) return [];
    const c = unitClass(state, id);
    if (c === 'air') return airZocOf(state, id).map((n) => w.board.id(n));
    const n = node(w, u.where);
    if (n < 0 || !w.board.isHex(n)) return [];
    if (c === 'land') return u.aboard ? [] : landZocFrom(state, w, n).map((b) => w.board.id(b));
    return fleetZocFrom(w, n).map((b) => w.board.id(b));
  },
  isCoastal(state, hex) {
    const w = worldOf(state);
    const k = hexData(w, node(w, hex))?.kind;
    return k === 'coastal' || k === 'straits';
  },
  adjacent(state, a, b) {
    const w = worldOf(state);
    const na = node(w, a), nb = node(w, b);
    return na >= 0 && nb >= 0 && w.board.isHex(na) && w.board.isHex(nb) && w.board.distance(na, nb) === 1;
  },
  terrainShift(state, targetHex, attackerIds) {
    const w = worldOf(state);
    const t = node(w, targetHex);
    const h = hexData(w, t);
    let shift = -(w.terrain[h?.terrain ?? 'clear']?.shift ?? 0);
    const land = attackerIds.filter((id) => unitClass(state, id) === 'land');
    const acrossRiver = land.length > 0 && land.every((id) => {
      const a = node(w, state.units[id]!.where);
      return a >= 0 && hexsideData(w, a, t).river === true;
    });
    if (acrossRiver) shift += riverRule().defenderShift;
    return shift;
  },
  // Costly and asked in every dice branch of an odds enumeration: by content (the kernel's memo).
  landInSupply: (state, id) => derivedByContent(state, `2ww:land-supply:${id}`, () => unitInSupply(state, id)),
  retreatHexes: (state, id) => [...derivedByContent(state, `2ww:retreat-hexes:${id}`, () => retreatHexesOf(state, id))],
  nearestFriendlyPorts(state, fleetId) {
    const w = worldOf(state);
    const side = sideOfUnit(state, fleetId);
    if (!side) return [];
    // A fleet beaten in a friendly port is already in the nearest one: it stays (no enemy unit may be there, 8.3.1).
    const here = state.units[fleetId]!.where;
    const at = node(w, here);
    if (at >= 0 && isFriendlyPortPlace(state, w, at, side) && !enemyAt(state, side, here)) return [here];
    // 8.3.1: a fleet may end its move only where there are no enemy units of any kind.
    return nearestBy(state, fleetId, (n) => isFriendlyPortPlace(state, w, n, side) && !enemyAt(state, side, w.board.id(n))).map((n) => w.board.id(n));
  },
  fleetPath(state, fleetId, to) {
    const w = worldOf(state);
    const target = node(w, to);
    const { nearest, reach } = retreatSearch(state, fleetId, (n) => n === target);
    if (!nearest.length) return [to];
    return reach!.pathTo(target).slice(1).map((n) => w.board.id(n));
  },
  fleetFallbackHexes(state, fleetId) {
    const w = worldOf(state);
    const side = sideOfUnit(state, fleetId);
    if (!side) return [];
    const mf = unitDef(state, fleetId).full?.movement ?? unitDef(state, fleetId).reduced.movement ?? 0;
    const out: string[] = [];
    for (let d = 1; d <= Math.min(mf, 40); d++) {
      const found = nearestBy(state, fleetId, (n) => w.board.isHex(n) && !enemyAt(state, side, w.board.id(n)), d);
      if (found.length) return found.map((n) => w.board.id(n));
    }
    return out;
  },
  isFriendlyPort(state, hex, side) {
    const w = worldOf(state);
    const n = node(w, hex);
    return n >= 0 && isFriendlyPortPlace(state, w, n, side);
  },
  afterLandEntry(ctx, id, hex) {
    const w = worldOf(ctx.state);
    const side = sideOfUnit(ctx.state, id);
    const n = node(w, hex);
    if (side && n >= 0) noteLandUnitIn(ctx, side, n);
  },
  noteAttack: (ctx, attacker, defenders) => noteAttackOn(ctx, attacker, defenders),
  invasionByAttack(state, side, hex) {
    const w = worldOf(state);
    const n = node(w, hex);
    if (n < 0 || !w.board.isHex(n)) return null;
    const c = countryAt(state, w, n);
    if (!attackInvades(state, side, c)) return null;
    const held = unitEntries(state).some(([id, u]) => u.where === hex && !u.aboard && unitClass(state, id) === 'land' && sideOfUnit(state, id) !== side);
    return held ? c : null;
  },
  mayAttackAcross(state, id, hex) {
    const w = worldOf(state);
    const u = state.units[id];
    const side = sideOfUnit(state, id);
    const a = u && !u.aboard ? node(w, u.where) : -1;
    const b = node(w, hex);
    if (!side || a < 0 || b < 0 || !w.board.isHex(a) || !w.landAdj[a]!.includes(b)) return false;
    return !entryForbidden(state, side, id, countryAt(state, w, b));
  },
  invadeByAttack(ctx, side, id, hex) {
    const w = worldOf(ctx.state);
    const n = node(w, hex);
    ctx.log(`${unitName(ctx.state, id)} attacks the army of a neutral country in ${hex}: the attack is its invasion`, '2WW 5.3.1 (ruling M9)');
    noteEntry(ctx, side, id, null, countryAt(ctx.state, w, n));
  },
  needsDisplacement: (state) => displacementCandidates(state).length > 0,
};

