// Movement (basic 6.1): ranges, double range, armor passing empty enemy areas, aircraft overflight, convoys (6.1.3 A),
// task force support (6.1.3 B), attacks by entering (6.1.4) and declarations of war on neutrals (8.4).
// The searches are src/board's; this file says what may be entered, passed and where a move must stop.
import { movementRange, type SearchScratch } from '../../board/index.ts';
import { derived, derivedFrom, write, type Ctx } from '../../engine/index.ts';
import { CROSS_MAP, LAND, LAKE, COAST, SWAMP, area, bkgMap, coastsOf, isSeaZone, landNeighbours } from './map.ts';
import { bkgData } from './data/index.ts';
import { connectionClosed } from './supply.ts';
import { unpinned } from './pinning.ts';
import {
  atWar, cooperates, declareWar, entryForbidden, friendly, isConquered, leaderOf, newController, seatOf, setControl, sideOf, usaFoeOf, warForbidden,
} from './politics.ts';
import { MAJORS, POWER_NAMES, isMajor, type Major, type Side } from './powers.ts';
import { type BkgState, type Unit, isLandUnit, isShip, optional, unitLabel } from './state.ts';

/** How a power sees each node of the board. */
export const FRIENDLY = 0, ENEMY = 1, NEUTRAL = 2, BLOCKED = 3;

export interface MoveEnv {
  s: BkgState;
  power: string;
  side: Side | null;
  /** Land nodes: FRIENDLY / ENEMY / NEUTRAL (entering declares war) / BLOCKED. Sea nodes: FRIENDLY, or ENEMY when
   *  enemy ships are there (an enemy-controlled sea zone, 6.1.2). */
  status: Uint8Array;
  /** Enemy units present (land: any unit; sea: ships). */
  enemyAt: Uint8Array;
  /** A combat of this power's side as attacker is waiting there. */
  attackAt: Uint8Array;
  /** Advanced game. */
  adv: boolean;
  /** Advanced 6.7, 1.2: places no unit may enter, pass or leave in exploitation (bad weather on its map, swamp). */
  noExploit: Uint8Array;
  /** The maps have different weather (advanced 5.4: no switching maps in exploitation). */
  weatherDiffers: boolean;
  /** Work memory of this state's movement searches (each search's result is read before the next one starts). */
  scratch: SearchScratch;
  /** Advanced 5.5, 8.7: areas this power may not attack now (the Japanese-Chinese limits). */
  jpchBlocked: Uint8Array;
  /** Optional 9.11: places holding units of the side that this power does not cooperate with (null: rule off). */
  coopBar: Uint8Array | null;
}

/** What each place is to units of `power` now. */
/** The movement facts of `power` in `s`, once per settled state (the kernel's derived facts). */
export function envFor(s: BkgState, power: string): MoveEnv {
  return derived(s, `bkg:move-env:${power}`, () => computeEnv(s, power));
}

/** What each land area is to `power` (FRIENDLY, ENEMY, NEUTRAL, BLOCKED), with the parts of the state it reads. */
interface LandStatus {
  control: BkgState['control']; wars: BkgState['wars']; controller: BkgState['controller']; conquered: BkgState['conquered'];
  events: BkgState['events']; status: Uint8Array;
}

/** The land status of `power`, reused from the state before while control and politics are the same (frozen) objects. */
function landStatus(s: BkgState, power: string): Uint8Array {
  return derivedFrom<LandStatus>(s, `bkg:land-status:${power}`, (prev) => (
    prev && prev.control === s.control && prev.wars === s.wars && prev.controller === s.controller && prev.conquered === s.conquered && prev.events === s.events
      ? prev
      : { control: s.control, wars: s.wars, controller: s.controller, conquered: s.conquered, events: s.events, status: computeLandStatus(s, power) }
  )).status;
}

function computeLandStatus(s: BkgState, power: string): Uint8Array {
  const m = bkgMap();
  const status = new Uint8Array(m.board.nodeCount);
  // What an area is to `power` depends on its controller alone, unless that controller's leader is conquered (-1).
  const byController = new Map<string, number>();
  for (const id of m.landIds) {
    const c = s.control[id]!;
    const i = m.board.index(id);
    let st = byController.get(c);
    if (st === undefined) {
      if (friendly(s, power, c)) st = FRIENDLY;
      else if (atWar(s, power, c)) st = ENEMY;
      else if (isConquered(s, leaderOf(s, c))) st = -1;
      else st = warForbidden(s, leaderOf(s, power), c) === null ? NEUTRAL : BLOCKED;
      byController.set(c, st);
    }
    status[i] = st === -1 ? conqueredEntry(s, power, id) : st;
    if (entryForbidden(s, power, id)) status[i] = BLOCKED;
  }
  return status;
}

/**
 * Optional 9.11 (ruling 104): would a land unit of `env.power` occupying `to` (an area not friendly to it without its
 * enemies) win it back for a country it does not cooperate with (7.1, ruling 101), closing it to the units behind?
 */
export function occupationCloses(env: MoveEnv, to: string): boolean {
  const s = env.s;
  const i = bkgMap().board.index(to);
  if (!optional(s, 'cooperation') || env.status[i] === FRIENDLY || env.enemyAt[i] === 1 || isSeaZone(to)) return false;
  const holder = newController(s, to, env.power);
  return holder !== s.control[to] && entryForbidden(s, env.power, to, holder);
}

function computeEnv(s: BkgState, power: string): MoveEnv {
  const m = bkgMap();
  const n = m.board.nodeCount;
  const status = landStatus(s, power).slice(); // sea zones are marked below
  const enemyAt = new Uint8Array(n);
  const attackAt = new Uint8Array(n);
  const side = sideOf(s, power);
  const war = new Map<string, boolean>();
  const atWarWith = (p: string): boolean => {
    let w = war.get(p);
    if (w === undefined) war.set(p, (w = atWar(s, power, p)));
    return w;
  };
  const coopBar = optional(s, 'cooperation') ? new Uint8Array(n) : null;
  for (const u of Object.values(s.units)) {
    if (coopBar && u.where !== 'box' && side !== null && sideOf(s, u.power) === side && !cooperates(s, power, u.power)) coopBar[m.board.index(u.where)] = 1;
    if (u.where === 'box' || u.aboard || !atWarWith(u.power)) continue;
    const i = m.board.find(u.where);
    if (i < 0) continue;
    if (m.isSea[i]) { if (isShip(u)) { enemyAt[i] = 1; status[i] = ENEMY; } } else enemyAt[i] = 1;
  }
  for (const b of s.battles) if (b.attacker === side) attackAt[m.board.index(b.place)] = 1;
  const adv = s.rules === 'advanced';
  const noExploit = adv ? noExploitAt(s) : new Uint8Array(n);
  const jpchBlocked = new Uint8Array(n);
  if (adv) {
    const me = leaderOf(s, power);
    if ((me === 'japan' || me === 'china') && s.jpch.limit > 0) {
      const foe = me === 'japan' ? 'china' : 'japan';
      const used = s.jpch.used[me], target = s.jpch.target[me];
      for (const id of m.landIds) {
        const i = m.board.index(id);
        if (leaderOf(s, s.control[id]!) !== foe || !hasLandUnitsOf(s, id, foe)) continue;
        if (used >= s.jpch.limit || (target !== null && target !== id)) jpchBlocked[i] = 1;
      }
    }
  }
  return { s, power, side, status, enemyAt, attackAt, adv, noExploit, weatherDiffers: s.weather.europe !== s.weather.pacific, jpchBlocked, coopBar, scratch: m.board.scratches.get(n) };
}

/** Advanced 6.7, 1.2: places no unit may enter, pass or leave in exploitation (bad weather on its map, swamp); reused
 *  from the state before while the weather is the same (frozen) object. */
function noExploitAt(s: BkgState): Uint8Array {
  return derivedFrom<{ weather: BkgState['weather']; at: Uint8Array }>(s, 'bkg:no-exploit', (prev) => {
    if (prev && prev.weather === s.weather) return prev;
    const m = bkgMap();
    const at = new Uint8Array(m.board.nodeCount);
    for (const a of m.areas) if ((a.map === 'europe' ? s.weather.europe : s.weather.pacific) === 'bad' || a.terrain === 'swamp') at[m.board.index(a.id)] = 1;
    return { weather: s.weather, at };
  }).at;
}

/** Does the area hold land units of `leader`'s side (8.7: attacks on empty areas are not limited)? */
function hasLandUnitsOf(s: BkgState, id: string, leader: string): boolean {
  return (unitsByPlace(s).get(id) ?? []).some((u) => isLandUnit(u) && u.type !== 'hq' && leaderOf(s, u.power) === leader);
}

/** Advanced 5.5, 8.7: the side whose limit a land unit moving to `to` uses (a Japanese attack on China or a Chinese
 *  one on Japan), else null. */
function jpchLimitOf(s: BkgState, u: Unit, to: string): 'japan' | 'china' | null {
  if (s.rules !== 'advanced' || s.jpch.limit === 0 || !isLandUnit(u) || u.type === 'hq') return null;
  const me = leaderOf(s, u.power);
  if (me !== 'japan' && me !== 'china') return null;
  const foe = me === 'japan' ? 'china' : 'japan';
  return leaderOf(s, s.control[to]!) === foe && hasLandUnitsOf(s, to, foe) ? me : null;
}

/** Advanced 5.5, 8.7: a land unit joining a Japanese attack on China (or a Chinese one on Japan) uses the limits. */
export function countJpChAttack(s: BkgState, u: Unit, to: string): void {
  const me = jpchLimitOf(s, u, to);
  if (me) s.jpch = { ...s.jpch, used: { ...s.jpch.used, [me]: s.jpch.used[me] + 1 }, target: { ...s.jpch.target, [me]: to } };
}

/** Advanced 5.5, 8.7: of `units` moving together to `to`, those the Japanese-Chinese limits still let in (the first
 *  ones, up to the land units left to each side this turn). */
export function withinJpChLimits(s: BkgState, units: Unit[], to: string): Unit[] {
  const left = { japan: s.jpch.limit - s.jpch.used.japan, china: s.jpch.limit - s.jpch.used.china };
  return units.filter((u) => {
    const me = jpchLimitOf(s, u, to);
    return !me || left[me]-- > 0;
  });
}

/** Edges no unit may cross in exploitation: swamp borders, and the red arrows when the maps' weather differs. */
function exploitEdgeClosed(env: MoveEnv, e: number): boolean {
  const f = bkgMap().edgeFeatures[e];
  return (f & SWAMP) !== 0 || (env.weatherDiffers && (f & CROSS_MAP) !== 0);
}

/** Areas left by a conquered major are neutral and empty: anyone may occupy them, but Japan entering a French or BNL
 *  colony other than Indochine declares war on the USA (Time Table), which the USA's state decides. */
function conqueredEntry(s: BkgState, power: string, id: string): number {
  if (leaderOf(s, power) === 'japan' && id !== 'indochine' && usaFoeOf(s, 'japan') && !atWar(s, 'japan', 'usa')) return NEUTRAL;
  return ENEMY;
}

export interface Destination {
  path: string[];
  /** Reached only by double range (6.1.2): never entering an enemy-controlled place. */
  double: boolean;
  /** Entering declares war (8.4), attacks (6.1.4) or occupies an enemy area. */
  attack: boolean;
  /** Optional 9.6: round Cape Magellan, using all the ships' movement. */
  magellan?: boolean;
}

/** Optional 9.6: the sea zones joined round Cape Magellan. */
const MAGELLAN: Record<string, string[]> = { 'coral-sea': ['south-atlantic'], 'sea-of-panama': ['south-atlantic'], 'south-atlantic': ['coral-sea', 'sea-of-panama'] };

function rangeOf(u: Unit): number {
  return u.type === 'inf' ? 1 : u.type === 'arm' || u.type === 'hq' || u.type === 'air' ? 2 : 3;
}

/** Where unit `u` may move now (basic 6.1.1-6.1.2, 6.3, 8.1), each destination with its path. */
export function destinations(env: MoveEnv, u: Unit, phase: 'move' | 'exploit', withCombatUnits = false): Map<string, Destination> {
  if (isLandUnit(u)) return coopStops(env, landDestinations(env, u, withCombatUnits, phase === 'exploit' && env.adv));
  if (u.type === 'air') return coopStops(env, airDestinations(env, u, phase));
  return coopStops(env, shipDestinations(env, u));
}

/** Optional 9.11: no move ends where units of a country it does not cooperate with are (passing is allowed; ruling 97). */
function coopStops<T>(env: MoveEnv, out: Map<string, T>): Map<string, T> {
  const bar = env.coopBar;
  if (!bar) return out;
  const g = bkgMap().board;
  for (const id of [...out.keys()]) if (bar[g.index(id)]) out.delete(id);
  return out;
}

/** Optional 9.11: may units of `power` end a move, a rail move, a landing or a reaction at `place`? */
export function coopMayStop(s: BkgState, power: string, place: string): boolean {
  const bar = envFor(s, power).coopBar;
  return !bar || !bar[bkgMap().board.index(place)];
}

type Reach = { nodes(): number[]; pathTo(n: number): number[]; costTo(n: number): number };

function collect(out: Map<string, Destination>, reach: Reach, start: number, pick: (n: number) => { double: boolean; attack: boolean } | null): void {
  const g = bkgMap().board;
  for (const n of reach.nodes()) {
    if (n === start) continue;
    const id = g.id(n);
    if (out.has(id)) continue;
    const d = pick(n);
    if (d) out.set(id, { path: reach.pathTo(n).map((k) => g.id(k)), ...d });
  }
}

/** Infantry 1 area, armor and HQs 2 (through empty enemy areas); double range only through friendly areas (6.1.2).
 *  An HQ neither attacks alone, nor declares war, nor stops in an empty enemy area (docs/rulings/bkg.md); it may go
 *  with combat units into their attack (`withCombatUnits`). */
function landDestinations(env: MoveEnv, u: Unit, withCombatUnits: boolean, exploit: boolean): Map<string, Destination> {
  const m = bkgMap();
  const g = m.board;
  const { status, enemyAt, attackAt, noExploit, jpchBlocked } = env;
  const start = g.index(u.where);
  const r = rangeOf(u);
  const out = new Map<string, Destination>();
  const hq = u.type === 'hq' && !withCombatUnits;
  const landAttack = (n: number): boolean => landAttackAt(env, n);
  const normal = movementRange(g, start, r, {
    enterCost: (_f, t, e) => {
      if (m.edgeKind[e] !== LAND || m.isSea[t] || status[t] === BLOCKED) return Infinity;
      if (hq && (status[t] === NEUTRAL || (enemyAt[t] === 1 && !landAttack(t)))) return Infinity;
      if (exploit && (noExploit[t] || exploitEdgeClosed(env, e))) return Infinity;
      if (jpchBlocked[t] && u.type !== 'hq') return Infinity;
      return 1;
    },
    mustStop: (n) => status[n] === NEUTRAL || enemyAt[n] === 1 || attackAt[n] === 1 || (status[n] === ENEMY && u.type === 'inf'),
  }, env.scratch);
  collect(out, normal, start, (n) => {
    const hostile = status[n] !== FRIENDLY || enemyAt[n] === 1 || attackAt[n] === 1;
    if (hq && hostile && !landAttack(n)) return null;
    return { double: false, attack: hostile };
  });
  const dbl = movementRange(g, start, 2 * r, {
    enterCost: (_f, t, e) => (m.edgeKind[e] === LAND && status[t] === FRIENDLY && !enemyAt[t] && !attackAt[t] && !(exploit && (noExploit[t] || exploitEdgeClosed(env, e))) ? 1 : Infinity),
  }, env.scratch);
  collect(out, dbl, start, () => ({ double: true, attack: false }));
  return out;
}

/** Aircraft: 2 areas or sea zones over friendly and enemy areas, never over neutrals (6.1.1); they end on a combat or,
 *  in the movement phase, in a friendly area (double range: only over friendly places, 6.1.2). */
function airDestinations(env: MoveEnv, u: Unit, phase: 'move' | 'exploit'): Map<string, Destination> {
  const m = bkgMap();
  const g = m.board;
  const { status, enemyAt, attackAt } = env;
  const start = g.index(u.where);
  const out = new Map<string, Destination>();
  const range = 2 + (env.adv && hasLongRange(env.s, u) ? 1 : 0);
  const normal = movementRange(g, start, range, {
    enterCost: (_f, t, e) => ((m.isSea[t] === 1 || status[t] === FRIENDLY || status[t] === ENEMY) && !(phase === 'exploit' && (env.noExploit[t] || exploitEdgeClosed(env, e))) ? 1 : Infinity),
  }, env.scratch);
  collect(out, normal, start, (n) => {
    if (phase === 'exploit') return attackAt[n] === 1 ? { double: false, attack: true } : null;
    if (enemyAt[n] === 1 || attackAt[n] === 1) return { double: false, attack: true };
    return !m.isSea[n] && status[n] === FRIENDLY ? { double: false, attack: false } : null;
  });
  if (phase === 'move') {
    const dbl = movementRange(g, start, 2 * range, { enterCost: (_f, t) => (status[t] === FRIENDLY && !enemyAt[t] && !attackAt[t] ? 1 : Infinity) }, env.scratch);
    collect(out, dbl, start, (n) => (m.isSea[n] ? null : { double: true, attack: false }));
  }
  return out;
}

/** Ships: 3 sea zones, 6 by double range away from enemy ships (6.1.2); entering enemy ships stops and fights. A
 *  convoy may move in legs (to pick up a load on the way) until its points are spent. */
function shipDestinations(env: MoveEnv, u: Unit): Map<string, Destination> {
  const m = bkgMap();
  const g = m.board;
  const { enemyAt } = env;
  const start = g.index(u.where);
  const used = u.mp ?? 0;
  const out = new Map<string, Destination>();
  const seaStep = (f: number, e: number, t: number) => m.isSea[t] === 1 && m.edgeKind[e] !== LAND && m.edgeKind[e] !== LAKE && m.edgeKind[e] !== COAST
    && !(env.adv && connectionClosed(env.s, g.id(f), g.id(t), env.side, u.type));
  // Basic: entering enemy ships stops and fights. Advanced (6.4.3 D): no automatic combat; a group may pass enemy
  // ships (they search for it on the way) and stop with them (both search when the phase's combats begin).
  const stop = (n: number) => !env.adv && enemyAt[n] === 1;
  // Advanced: a route around enemy ships comes first (nobody searches for the group on the way).
  const around = env.adv ? [true, false] : [false];
  if (!u.dbl && used < 3) {
    for (const avoid of around) {
      const normal = movementRange(g, start, 3 - used, { enterCost: (f, t, e) => (seaStep(f, e, t) ? 1 : Infinity), mustStop: (n) => stop(n) || (avoid && enemyAt[n] === 1) }, env.scratch);
      collect(out, normal, start, (n) => ({ double: false, attack: enemyAt[n] === 1 }));
    }
  }
  if (!u.hostile) {
    for (const avoid of around) {
      const dbl = movementRange(g, start, 6 - used, { enterCost: (f, t, e) => (seaStep(f, e, t) && (env.adv || !enemyAt[t]) ? 1 : Infinity), ...(avoid ? { mustStop: (n: number) => enemyAt[n] === 1 } : {}) }, env.scratch);
      collect(out, dbl, start, (n) => (enemyAt[n] ? null : { double: used + dbl.costTo(n) > 3, attack: false }));
    }
    // Optional 9.6: from the start of its move, under the double-range conditions, round the Cape (ruling 93).
    if (used === 0 && optional(env.s, 'capeMagellan')) {
      for (const to of MAGELLAN[u.where] ?? []) if (!out.has(to) && !enemyAt[g.index(to)]) out.set(to, { path: [u.where, to], double: true, attack: false, magellan: true });
    }
  }
  return out;
}

/** Optional 9.1: sea zones an aircraft may fly to and watch in the movement phase: within its range (over sea zones,
 *  friendly and enemy areas), without enemy ships (that would be an attack) or another watcher of its side (ruling 98). */
export function observeTargets(env: MoveEnv, u: Unit): string[] {
  const s = env.s;
  if (!optional(s, 'aircraftSearches') || !env.adv || u.type !== 'air' || isSeaZone(u.where)) return [];
  const m = bkgMap();
  const g = m.board;
  const { status, enemyAt } = env;
  const watched = new Set(Object.values(s.units).filter((v) => v.observe !== undefined && sideOf(s, v.power) === env.side).map((v) => v.where));
  const reach = movementRange(g, g.index(u.where), 2 + (hasLongRange(s, u) ? 1 : 0), {
    enterCost: (_f, t) => (m.isSea[t] === 1 || status[t] === FRIENDLY || status[t] === ENEMY ? 1 : Infinity),
  }, env.scratch);
  return reach.nodes().filter((n) => m.isSea[n] === 1 && !enemyAt[n] && !watched.has(g.id(n))).map((n) => g.id(n)).sort();
}

function hasLongRange(s: BkgState, u: Unit): boolean {
  const seat = seatOf(s, u.power);
  return !!seat && (s.achievements[seat] ?? []).includes('long-range') && seat === u.power;
}

/** Places a non-phasing aircraft may react to (6.1.5): combats its side defends, within 2 over non-neutral areas. */
export function airReactionTargets(env: MoveEnv, u: Unit): Map<string, Destination> {
  const m = bkgMap();
  const g = m.board;
  const { status } = env;
  const defended = new Set(env.s.battles.filter((b) => b.attacker !== env.side).map((b) => b.place));
  const start = g.index(u.where);
  const out = new Map<string, Destination>();
  const reach = movementRange(g, start, 2, {
    enterCost: (_f, t) => (m.isSea[t] === 1 || status[t] === FRIENDLY || status[t] === ENEMY ? 1 : Infinity),
  }, env.scratch);
  collect(out, reach, start, (n) => (defended.has(g.id(n)) && env.enemyAt[n] === 1 ? { double: false, attack: true } : null));
  return coopStops(env, out);
}

/** Places a reserve may move to (6.1.6): combats where enemy land units attack, within its range (infantry 1, armor and
 *  HQs 2) through friendly areas only. */
export function reserveTargets(env: MoveEnv, u: Unit, attackedByLand: Set<string>): Map<string, Destination> {
  const m = bkgMap();
  const g = m.board;
  const { status, enemyAt } = env;
  const start = g.index(u.where);
  const out = new Map<string, Destination>();
  const reach = movementRange(g, start, rangeOf(u), {
    enterCost: (_f, t, e) => (m.edgeKind[e] === LAND && status[t] === FRIENDLY ? 1 : Infinity),
    mustStop: (n) => enemyAt[n] === 1,
  }, env.scratch);
  collect(out, reach, start, (n) => (attackedByLand.has(g.id(n)) ? { double: false, attack: true } : null));
  return coopStops(env, out);
}

/** Land combats a task force may support from its sea zone (6.1.3 B): its side attacking, or defending in a reaction. */
export function supportTargets(s: BkgState, tf: Unit, side: Side, attacking: boolean): string[] {
  if (tf.type !== 'tf' || !isSeaZone(tf.where) || tf.from || loadsOf(s, tf).length) return []; // optional 9.5: not with an HQ aboard
  // Advanced 10.1: a task force attacked in its sea zone supports nobody, unless the attackers cannot pin it.
  if (s.battles.some((b) => b.place === tf.where) && (attacking || s.rules !== 'advanced' || !unpinned(s, [tf]))) return [];
  const places = new Set(s.battles.filter((b) => (b.attacker === side) === attacking && !isSeaZone(b.place)).map((b) => b.place));
  return coastsOf(tf.where).filter((a) => places.has(a) && coopMayStop(s, tf.power, a)); // optional 9.11: no joint combat
}

/** Advanced 6.5.4: invaded areas a land unit may enter as the special reaction (from an adjacent area, no HQ). */
export function invasionReactionTargets(s: BkgState, u: Unit, side: Side): string[] {
  if (!isLandUnit(u) || u.aboard || isSeaZone(u.where)) return [];
  const invaded = new Set(s.battles.filter((b) => b.invasion && b.attacker !== side).map((b) => b.place));
  if (invaded.size === 0) return [];
  return landNeighbours(u.where).filter((a) => invaded.has(a) && friendly(s, u.power, s.control[a]!) && coopMayStop(s, u.power, a));
}

/** Advanced 6.5.4: invasion sea zones (where the convoys that landed invaders are) a ship of the non-phasing side can
 *  reach within 3 sea zones, the invasion zone counted; none for an invaded neutral minor. */
export function navalReactionTargets(env: MoveEnv, u: Unit): Map<string, Destination> {
  const s = env.s;
  const out = new Map<string, Destination>();
  if (!isShip(u) || u.aboard || !isSeaZone(u.where)) return out;
  const zones = new Set<string>();
  for (const b of s.battles) {
    if (!b.invasion || b.neutralMinor || b.attacker === env.side) continue;
    for (const v of Object.values(s.units)) {
      if (v.where === b.place && v.invading && v.carrier && s.units[v.carrier]) zones.add(s.units[v.carrier]!.where);
    }
  }
  zones.delete(u.where);
  if (zones.size === 0) return out;
  const m = bkgMap();
  const g = m.board;
  const reach = movementRange(g, g.index(u.where), 3, {
    enterCost: (f, t, e) => (m.isSea[t] === 1 && m.edgeKind[e] !== LAND && m.edgeKind[e] !== LAKE && m.edgeKind[e] !== COAST
      && !connectionClosed(s, g.id(f), g.id(t), env.side, u.type) ? 1 : Infinity),
  }, env.scratch);
  collect(out, reach, g.index(u.where), (n) => (zones.has(g.id(n)) ? { double: false, attack: true } : null));
  return coopStops(env, out);
}

/** May this unit move in this phase at all (6.1.1 once per phase, 6.3 who exploits, 1939 card: US ships)? */
export function mayMove(s: BkgState, u: Unit, phase: 'move' | 'exploit', commanded: (u: Unit) => boolean): boolean {
  if (u.where === 'box' || u.aboard || u.done || u.from || u.observe !== undefined) return false;
  if (s.battles.some((b) => b.place === u.where)) return false;
  if (phase === 'exploit') {
    if (s.rules === 'advanced') {
      const a = area(u.where);
      // 6.7: no exploitation in bad weather, in or out of swamp, or out of supply (second supply check).
      if ((a.map === 'europe' ? s.weather.europe : s.weather.pacific) === 'bad' || a.terrain === 'swamp' || s.oos.includes(u.id)) return false;
    }
    if (u.type === 'arm' || u.type === 'hq' || u.type === 'air') return true;
    return (u.type === 'inf' || isShip(u)) && commanded(u); // ships under a naval HQ at sea (6.3)
  }
  if (u.power === 'usa' && isShip(u) && u.type !== 'conv' && !isBelligerentUsa(s)) return false;
  return true;
}

function isBelligerentUsa(s: BkgState): boolean {
  return MAJORS.some((m) => usaFoeOf(s, m) && atWar(s, 'usa', m));
}

/** Convoys in sea zones next to `place` that can take `u` aboard (6.1.3 A), by sea zone. */
export function convoysFor(s: BkgState, u: Unit): Unit[] {
  if (!(isLandUnit(u) || u.type === 'air') || isSeaZone(u.where) || u.mp || u.done) return [];
  const at = unitsByPlace(s);
  return coastsOf(u.where).flatMap((z) => (at.get(z) ?? []).filter((c) => (c.type === 'conv' || carriesHq(s, c, u)) && canCarry(s, c, u)));
}

/** Optional 9.5: a task force may carry a naval HQ (nothing else, one at a time; ruling 94). */
export function carriesHq(s: BkgState, c: Unit, u: Unit): boolean {
  return c.type === 'tf' && u.type === 'hq' && !!u.hq && bkgData().counters.hqs[u.hq]?.naval === true && optional(s, 'navalHqByTf');
}

/** 6.1.3 A: one unit of its own or an associated country; a front-side convoy may carry two flipped units instead,
 *  a flipped convoy one flipped unit; a convoy that has carried a load this phase takes no other. */
export function canCarry(s: BkgState, c: Unit, u: Unit): boolean {
  if (c.carried || !(c.power === u.power || friendly(s, c.power, u.power)) || seatOf(s, c.power) !== seatOf(s, u.power)) return false;
  const loads = loadsOf(s, c);
  if (c.type === 'tf') return loads.length === 0 && carriesHq(s, c, u);
  if (c.reduced) return loads.length === 0 && !!u.reduced;
  if (loads.length === 0) return true;
  return loads.length === 1 && !!loads[0]!.reduced && !!u.reduced;
}

export function loadsOf(s: BkgState, c: Unit): readonly Unit[] {
  return loadIndex(s).get(c.id) ?? [];
}

/** An HQ moving alone joins only an attack its side's land combat units make at node `n`: not a bombardment mission's
 *  or aircraft's alone, after which it would stand in an enemy area (ruling 9). */
function landAttackAt(env: MoveEnv, n: number): boolean {
  return env.attackAt[n] === 1 && (unitsByPlace(env.s).get(bkgMap().board.id(n)) ?? []).some((v) => isLandUnit(v) && v.type !== 'hq' && !v.aboard && sideOf(env.s, v.power) === env.side);
}

/** Areas a loaded unit may be unloaded into, and whether that attacks (6.1.3 A; 6.1.2: not after double range). */
export function unloadTargets(env: MoveEnv, u: Unit): { to: string; attack: boolean }[] {
  const s = env.s;
  const c = s.units[u.aboard!];
  if (!c) return [];
  const g = bkgMap().board;
  const out: { to: string; attack: boolean }[] = [];
  let pinned: boolean | undefined;
  for (const a of coastsOf(c.where)) {
    const n = g.index(a);
    const st = env.status[n];
    if (st === BLOCKED) continue;
    const hostile = st !== FRIENDLY || env.enemyAt[n] === 1;
    if (hostile && c.dbl) continue;
    if (u.type === 'air' && hostile && env.enemyAt[n] !== 1 && env.attackAt[n] !== 1) continue;
    // Ruling 9: an HQ lands in a hostile area only into its side's land attack there (the fuzzer's HQ Monty, landed
    // alone in an empty Norway at war with BE, stood in its enemy's area).
    if (u.type === 'hq' && hostile && !landAttackAt(env, n)) continue;
    // Advanced 6.5.4: an invasion (a landing in an enemy area) not on a forbidden coast, by land units that boarded this
    // phase at most 3 sea zones from the invasion sea zone.
    if (env.adv && hostile && (area(a).forbiddenCoast || u.type === 'air' || u.board === undefined || (c.mp ?? 0) - u.board > 2)) continue;
    // Advanced 10.1: a convoy pinned by enemy ships in its sea zone lands nothing in an enemy area.
    if (env.adv && hostile && (pinned ??= convoyPinned(s, c))) continue;
    if (env.coopBar?.[n]) continue; // optional 9.11
    out.push({ to: a, attack: hostile });
  }
  return out;
}

/** Advanced 10.1: enemy units in the convoy's sea zone pin as many of the side's ships there as they can; ships that
 *  already landed a unit in an enemy area this phase were the surplus. */
function convoyPinned(s: BkgState, c: Unit): boolean {
  if (c.carried) return false;
  const side = sideOf(s, c.power);
  const held = Object.values(s.units).filter((v) => v.where === c.where && !v.aboard && isShip(v) && sideOf(s, v.power) === side && !v.carried);
  return !unpinned(s, [c], held);
}

/** A unit arrives where it moved (6.1.4): a declaration of war on a neutral (8.4), an attack on enemy units, or the
 *  occupation of an empty enemy area (6.4). */
export function arrive(ctx: Ctx<BkgState>, unit: Unit, to: string, phasing: Side, unloaded = false): void {
  const s = ctx.state;
  const u = write(s, 'units', unit.id);
  u.where = to;
  const adv = s.rules === 'advanced';
  if (adv && isSeaZone(to)) {
    // Advanced 6.4.3 D: ships meeting enemy ships search when the combats begin; aircraft attacking ships at sea
    // search for them then too.
    if (u.type === 'air' && !s.battles.some((b) => b.place === to) && !s.contacts.some((c) => c.place === to)) s.contacts = [...s.contacts, { place: to, mover: phasing }];
    if (u.type === 'air' || !s.battles.some((b) => b.place === to)) return;
  }
  if (adv && !isSeaZone(to) && isLandUnit(u)) countJpChAttack(s, u, to);
  let wasNeutralMinor = false;
  if (!isSeaZone(to)) {
    const c = s.control[to]!;
    if (!friendly(s, u.power, c) && !atWar(s, u.power, c)) {
      wasNeutralMinor = !isMajor(leaderOf(s, c)) && !isConquered(s, leaderOf(s, c));
      if (isConquered(s, leaderOf(s, c))) {
        if (leaderOf(s, u.power) === 'japan' && to !== 'indochine' && usaFoeOf(s, 'japan')) declareWar(ctx, 'japan', 'usa', to);
      } else declareWar(ctx, leaderOf(s, u.power), c, to);
    }
  }
  const enemies = Object.values(s.units).some((v) => v.where === to && !v.aboard && atWar(s, u.power, v.power) && (!isSeaZone(to) || isShip(v)));
  const invasion = adv && unloaded && !friendly(s, u.power, s.control[to]!);
  if (invasion) u.invading = true;
  if (enemies || invasion) {
    const b = s.battles.findIndex((x) => x.place === to);
    if (b < 0) {
      write(s, 'battles').push(invasion ? { place: to, attacker: phasing, invasion: true, ...(wasNeutralMinor ? { neutralMinor: true } : {}) } : { place: to, attacker: phasing });
      ctx.log(`${POWER_NAMES[leaderOf(s, u.power)]} ${invasion ? 'invades' : 'attacks'} ${area(to).name}`, invasion ? 'BKG advanced 6.5.4' : 'BKG 6.1.4');
    } else if (invasion && !s.battles[b]!.invasion) write(s, 'battles', b).invasion = true;
    return;
  }
  if (!isSeaZone(to) && isLandUnit(u) && u.type !== 'hq' && !friendly(s, u.power, s.control[to]!)) {
    setControl(ctx, to, newController(s, to, u.power), 'BKG 6.4 (occupation)');
  }
}

/** Move one unit along its chosen destination (6.1.1: once per phase; ships use their points in legs). */
export function moveUnit(ctx: Ctx<BkgState>, unit: Unit, to: string, d: Destination, phasing: Side): void {
  const u = write(ctx.state, 'units', unit.id);
  const steps = d.path.length - 1;
  u.mp = d.magellan ? 6 : (u.mp ?? 0) + steps;
  if (d.double) u.dbl = true;
  // Advanced 6.4.3 F: ships that slipped past enemy ships unseen keep their double range.
  const passed = ctx.state.rules === 'advanced' && isShip(u) ? d.path.slice(-1) : d.path.slice(1);
  if (passesHostile(ctx.state, u, passed)) u.hostile = true;
  // Convoys move in legs (6.1.3: to pick up a load); in the advanced game every ship does (ruling 67: groups form
  // on the way, the tutorial's TF 2 joining a convoy in the Faroes Gap).
  const legs = u.type === 'conv' || (ctx.state.rules === 'advanced' && isShip(u));
  if (!legs || d.attack || u.mp >= 6 || (u.hostile && u.mp >= 3)) u.done = true;
  for (const l of loadsOf(ctx.state, u)) write(ctx.state, 'units', l.id).where = to;
  if (isLandUnit(u) && d.attack && d.path.length > 1) u.via = d.path[d.path.length - 2]; // the border it attacks across
  arrive(ctx, u, to, phasing);
  if (d.attack) u.done = true;
}

/** Does the move pass a place that is not friendly: an area not friendly to `u`, a sea zone with enemy ships? */
function passesHostile(s: BkgState, u: Unit, passed: string[]): boolean {
  if (passed.some((p) => !isSeaZone(p) && !friendly(s, u.power, s.control[p]!))) return true;
  const seas = new Set(passed.filter(isSeaZone));
  return seas.size > 0 && Object.values(s.units).some((v) => seas.has(v.where) && !v.aboard && isShip(v) && atWar(s, u.power, v.power));
}

export function describeUnits(units: Unit[]): string {
  const counts = new Map<string, number>();
  for (const u of units) counts.set(unitLabel(u), (counts.get(unitLabel(u)) ?? 0) + 1);
  return [...counts].map(([l, n]) => (n > 1 ? `${n} x ${l}` : l)).join(', ');
}

/** The units aboard each convoy (derived once per settled state). */
export function loadIndex(s: BkgState): Map<string, Unit[]> {
  return derived(s, 'bkg:loads', () => {
    const out = new Map<string, Unit[]>();
    const units = s.units; // a read of the record, not Object.values' copy of it
    for (const id in units) {
      const u = units[id]!;
      if (u.aboard) (out.get(u.aboard) ?? out.set(u.aboard, []).get(u.aboard)!).push(u);
    }
    return out;
  });
}

/** The units in each place ("box" included), in the order of `s.units` (derived once per settled state). */
export function unitsByPlace(s: BkgState): Map<string, Unit[]> {
  return derived(s, 'bkg:units-by-place', () => {
    const out = new Map<string, Unit[]>();
    const units = s.units;
    for (const id in units) {
      const u = units[id]!;
      (out.get(u.where) ?? out.set(u.where, []).get(u.where)!).push(u);
    }
    return out;
  });
}

/** Each major's units on the map (not in production), in the order of `s.units`; majors without any are absent. */
export function unitsBySeat(s: BkgState): Map<Major, Unit[]> {
  return derived(s, 'bkg:units-by-seat', () => {
    const out = new Map<Major, Unit[]>();
    const units = s.units;
    for (const id in units) {
      const u = units[id]!;
      const m = u.where === 'box' ? null : seatOf(s, u.power);
      if (m) (out.get(m) ?? out.set(m, []).get(m)!).push(u);
    }
    return out;
  });
}

/** Interchangeable units (same nation, type, strength, side and load) share a signature: one choice stands for all. */
export function signature(s: BkgState, u: Unit, loads0: Map<string, Unit[]> | null = null): string {
  const idx = u.type === 'conv' || u.type === 'tf' ? (loads0 ?? loadIndex(s)) : null;
  const loads = idx ? (idx.get(u.id) ?? []).map((l) => signature(s, l, idx)).sort().join('+') : '';
  return `${u.power}|${u.type}|${u.front}|${u.back}|${u.reduced ? 1 : 0}|${u.tag ?? ''}|${u.hq ?? ''}|${u.mp ?? 0}|${u.dbl ? 1 : 0}|${u.hostile ? 1 : 0}|${u.carried ? 1 : 0}|${u.from ?? ''}|${loads}`;
}

/** One representative of each signature, in a stable order. */
export function distinct(s: BkgState, units: Unit[]): Unit[] {
  const seen = new Set<string>();
  const out: Unit[] = [];
  const idx = units.some((u) => u.type === 'conv' || u.type === 'tf') ? loadIndex(s) : null;
  for (const u of [...units].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const k = signature(s, u, idx);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(u);
  }
  return out;
}

/** A major's units on the map (unitsBySeat: the state's index, not a pass over every unit). */
export function seatUnits(s: BkgState, seat: Major): readonly Unit[] {
  return unitsBySeat(s).get(seat) ?? [];
}
