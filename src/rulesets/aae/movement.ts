// AAE Combat Move and Noncombat Move: where each unit may go, and what moving there does (capturing an empty
// territory, a convoy centre, boarding and landing from transports, declaring raids). Paths are searched by
// src/board; every move goes through friendly ground (land units stop on entering an enemy territory; ships stop
// on entering a sea zone with enemy ships), so a move's effect depends only on where it ends. A unit may move in
// several legs while it has movement left (so armour blitzes one empty territory, then goes on).
import { oilPenalty } from './house/oil.ts';
import { explainVichy, mayEnterVichy, vichyAttacked } from './house/vichy.ts';
import { gulfMines } from './house/mines.ts';
import { explainMinorMove, minorRoom, noteBulgariaAttacked, noteMinorMove } from './house/axis-minor.ts';
import { CAPE_COST, capeLegs } from './house/cape.ts';
import { homeAreas } from './house/home-guard.ts';
import { airBarred, convoyTarget } from './house/convoy-attack.ts';
import { attackPartisanMoves, partisanMoves } from './house/partisan-units.ts';
import { offensiveUnderWay } from './house/early-offensive.ts';
import { movementRange, withinRange, type RangeRules } from '../../board/index.ts';
import { seasonOf } from './house/seasons.ts';
import { mudForbids, winterLandingBan } from './house/weather.ts';
import { attackAllowed } from './house/supply.ts';
import { mayAssaultFrom } from './house/landing-craft.ts';
import type { Ctx, RuleViolationInfo } from '../../engine/index.ts';
import type { Power } from './data/index.ts';
import { captureArea, captureConvoy } from './capture.ts';
import { isAir, isShip } from './combat-rules.ts';
import type { AaeState, Mission, Unit } from './state.ts';
import {
  AREAS, BOARD, area, areaName, canalOpen, controller, enemies, enemyLand, enemyUnitsAt, friendlyLand, hasFactory, hasMark, hostileSea,
  adjacentIn, inPlay, isLand, isNeutral, isSea, POWER_NAMES, powerPossessive, sideOf, standIn, tally, unitData,
} from './world.ts';
import { NORTH_AFRICA } from './house/rounds.ts';

export type MoveMode = 'combat' | 'noncombat';

export const RULE_COMBAT_MOVE = 'AAE Combat Move';
export const RULE_NONCOMBAT_MOVE = 'AAE Noncombat Move';
export const RULE_TRANSPORTS = 'AAE Combat Move: Transports';
export const RULE_AMPHIBIOUS = 'AAE Combat Move: Amphibious Assaults';
export const RULE_AIR_LANDING = 'AAE Noncombat Move: Landing Aircraft';
export const RULE_SBR = 'AAE Conduct Combat: Strategic Bombing Raids';
export const RULE_BLITZ = 'AAE Combat Move: Blitzing';
export const RULE_NEUTRALS = 'AAE Neutral Territories';

/** One place a unit may go in a move, and what the move is. */
export interface MoveOption {
  to: string;
  /** Movement points it costs. */
  cost: number;
  kind: 'move' | 'board' | 'unload' | 'rail';
  /** Rail points a rail move costs (house rules l.107). */
  railCost?: number;
  /** The rail move enters Soviet territory (Germany's 1941 limit). */
  railSoviet?: boolean;
  /** Transport boarded. */
  transport?: string;
  mission?: Mission;
  /** The area it leaves last before `to` (retreats go back there). */
  from: string;
  label: string;
}

export const movesLeft = (s: AaeState, u: Unit): number => moveAllowance(s, u) - (u.spent ?? 0);

/** Movement allowance (AAE national reference charts; house rules may change it). */
export function moveAllowance(s: AaeState, u: Unit): number {
  const base = unitData(u.type).move;
  // House rules l.105 (ships move 3); a damaged battleship moves 1 (l.93, the more specific line: ruling).
  // House rules l.163: a class short of oil moves one less.
  if (isShip(u.type) && s.opts.house['naval-move']) return (u.type === 'battleship' && (u.damage ?? 0) > 0 ? 1 : 3) - oilPenalty(s, u);
  return base - oilPenalty(s, u);
}

/** Transport room left (AAE Transports: one tank, or two other land units). */
export function transportRoomLeft(s: AaeState, t: Unit): number {
  const room = unitData(t.type).transportRoom ?? 0;
  let used = 0;
  for (const u of s.units) if (u.aboard === t.id) used += unitData(u.type).load ?? 0;
  return room - used;
}

/** A friendly carrier in the zone with room for one more fighter (AAE Aircraft Carriers: two fighters, own or allied). */
export function carrierWithRoom(s: AaeState, zone: string, p: Power): Unit | null {
  for (const c of s.units) {
    if (c.at !== zone || enemies(c.power, p)) continue;
    // House rules l.195: a British carrier carries one fighter.
    const room = s.opts.house['armoured-carriers'] && c.power === 'uk' ? Math.min(1, unitData(c.type).carrierRoom ?? 0) : unitData(c.type).carrierRoom ?? 0;
    if (room === 0) continue;
    let used = 0;
    for (const x of s.units) if (x.aboard === c.id) used += unitData(x.type).carrierLoad ?? 1;
    if (used < room) return c;
  }
  return null;
}

/**
 * Facts of one state that every move question asks again (enemy ships per sea zone, distance to a landing spot),
 * computed once per prompt. Valid only while its state is not changed.
 */
export class MoveEnv {
  readonly scratch = BOARD.scratches.get(BOARD.nodeCount);
  private readonly hostile = new Map<string, boolean>();
  private readonly landing = new Map<string, Int32Array>();
  /** Areas no unit may enter or pass in this game: neutrals, and regional areas off the board. */
  readonly closed: Uint8Array;
  /** Aircraft fly over land and sea but never over closed areas (AAE Neutral Territories). */
  readonly airRange: RangeRules;
  constructor(readonly s: AaeState) {
    this.closed = closedAreas(s);
    const closed = this.closed;
    this.airRange = { mayEnter: (n) => !closed[n] };
  }

  hostileSea(id: string, p: Power): boolean {
    const k = `${id}|${sideOf(p)}`;
    let v = this.hostile.get(k);
    if (v === undefined) { v = hostileSea(this.s, id, p); this.hostile.set(k, v); }
    return v;
  }

  /** Steps from every node to the nearest landing spot of this aircraft (large when none within 8). */
  landingDistance(u: Unit): Int32Array {
    const k = `${u.power}|${u.type}`;
    let d = this.landing.get(k);
    if (d) return d;
    d = new Int32Array(BOARD.nodeCount).fill(99);
    const starts: number[] = [];
    for (let n = 0; n < BOARD.nodeCount; n++) if (landingSpot(this.s, u, BOARD.id(n))) starts.push(n);
    const reach = withinRange(BOARD, starts, 8, this.airRange, this.scratch);
    for (let i = 0; i < reach.count; i++) { const n = reach.node(i); d[n] = reach.costTo(n); }
    this.landing.set(k, d);
    return d;
  }
}

const NEUTRAL: readonly boolean[] = Array.from({ length: BOARD.nodeCount }, (_, n) => isNeutral(BOARD.id(n)));

/** Neutrals and the areas not in play (house rules: regional areas without hr-regions). */
export function closedAreas(s: AaeState): Uint8Array {
  const out = new Uint8Array(BOARD.nodeCount);
  for (let n = 0; n < BOARD.nodeCount; n++) if (NEUTRAL[n] || !inPlay(s, BOARD.id(n))) out[n] = 1;
  return out;
}

function rangeRules(env: MoveEnv, u: Unit, mode: MoveMode): RangeRules {
  const s = env.s;
  const d = unitData(u.type);
  const closed = env.closed;
  if (d.domain === 'air') return env.airRange;
  if (d.domain === 'land') {
    return {
      mayCross: (_f, _t, e) => BOARD.edgeKind(e) === 'land',
      mayEnter: (n) => !closed[n] && (mode === 'combat' || friendlyLand(s, BOARD.id(n), u.power)),
      mayPass: (n) => !enemyLand(s, BOARD.id(n), u.power),
    };
  }
  return {
    mayCross: (f, t, e) => {
      const k = BOARD.edgeKind(e);
      return k === 'sea' || (k === 'canal' && canalOpen(s, BOARD.id(f), BOARD.id(t), u.power));
    },
    mayEnter: (n) => !closed[n] && (mode === 'combat' || !env.hostileSea(BOARD.id(n), u.power)),
    mayPass: (n) => !env.hostileSea(BOARD.id(n), u.power),
  };
}

/**
 * Where an aircraft may end the turn: friendly territory held since the start of the turn, or a sea zone with a
 * friendly carrier with room (AAE Noncombat Move: Landing Aircraft).
 */
export function landingSpot(s: AaeState, u: Unit, id: string): boolean {
  if (isLand(id)) return friendlyLand(s, id, u.power) && (!s.capturedThisTurn.includes(id) || fighterMayStay(s, u, id));
  if (u.type !== 'fighter') return false;
  return (u.at === id && u.aboard !== undefined && s.units.some((c) => c.id === u.aboard)) || carrierWithRoom(s, id, u.power) !== null;
}

/**
 * House rules l.105 a: a fighter that attacked a territory from next to it may land there once it is taken, with at
 * least 1 movement left.
 */
function fighterMayStay(s: AaeState, u: Unit, id: string): boolean {
  return !!s.opts.house['fighter-landing'] && u.type === 'fighter' && u.at === id && u.cameFrom !== undefined
    && BOARD.edgeBetween(BOARD.index(u.cameFrom), BOARD.index(id)) >= 0 && movesLeft(s, u) >= 1;
}

/** Can an aircraft at `from` with `mp` left still reach a landing spot? */
export function canLand(s: AaeState, u: Unit, from: string, mp: number, env = new MoveEnv(s)): boolean {
  return env.landingDistance(u)[BOARD.index(from)]! <= mp;
}

/** A battle waits in the area for this power: an enemy territory or sea zone holding enemy units it can fight. */
function combatThere(s: AaeState, id: string, p: Power): boolean {
  const foes = enemyUnitsAt(s, id, p);
  if (isSea(id)) return foes.some((f) => !f.submerged && (isShip(f.type) || isAir(f.type)));
  return enemyLand(s, id, p) && foes.length > 0;
}

/** House rules l.76: British and German bombers may raid by night. */
export const mayBombByNight = (s: AaeState, u: Unit): boolean => !!s.opts.house['night-bombing'] && (u.power === 'uk' || u.power === 'germany') && u.type === 'bomber';

/** Territories a raid may hit: enemy territories with an industrial complex (AAE Strategic Bombing Raids). */
export function raidTarget(s: AaeState, id: string, p: Power): boolean {
  // House rules l.165: Rumania's oil may be raided.
  return enemyLand(s, id, p) && (hasFactory(s, id) || (id === 'rumania' && !!s.opts.house['oil-raid']));
}

/** Every move the unit may make now. */
export function moveOptions(s: AaeState, u: Unit, mode: MoveMode, env = new MoveEnv(s)): MoveOption[] {
  const out = unitMoves(s, u, mode, env);
  // House rules l.177: Vichy areas only by attack, from turn 4.
  return s.opts.house.vichy ? out.filter((o) => mayEnterVichy(s, o.to, mode)) : out;
}

/**
 * The unit may make no more moves this turn: `done` (it attacked, unloaded, took a territory...), except an aircraft
 * that flew a mission in the combat move: it lands in the noncombat move with the movement it has left (AAE Noncombat
 * Move).
 */
export function moveEnded(u: Unit, mode: MoveMode): boolean {
  return !!u.done && !(mode === 'noncombat' && isAir(u.type));
}

function unitMoves(s: AaeState, u: Unit, mode: MoveMode, env: MoveEnv): MoveOption[] {
  if (u.power !== s.power || moveEnded(u, mode)) return [];
  if (mode === 'combat' && u.type === 'aa') return [];
  // House rules l.127: the early offensive is a land attack (ruling 75).
  const early = mode === 'combat' && offensiveUnderWay(s);
  if (early && (unitData(u.type).domain !== 'land' || u.aboard)) return [];
  if (mode === 'noncombat' && (u.fought || u.combatMoved) && !isAir(u.type)) return [];
  if (u.aboard) {
    const carrier = s.units.find((c) => c.id === u.aboard);
    if (carrier && unitData(carrier.type).carrierRoom) return isAir(u.type) ? reachOptions(env, u, mode) : [];
    return unloadOptions(s, u, mode);
  }
  // House rules l.193: the Home Guard never leaves the United Kingdom.
  if (u.type === 'home-guard') return reachOptions(env, u, mode).filter((o) => homeAreas(s).includes(o.to));
  // House rules l.203: partisans move one area in the British combat move, at home; the enemy attacks them by choice.
  if (u.type === 'partisan') return partisanMoves(s, u, mode === 'combat', reachOptions(env, u, mode));
  const out = reachOptions(env, u, mode);
  if (mode === 'combat' && !early) out.push(...attackPartisanMoves(s, u, movesLeft(s, u)));
  if (u.power === 'minor') return minorLimited(s, u, mode, out, env);
  // House rules l.20: out of supply, a unit only attacks a territory whose capture reopens its route.
  if (mode === 'combat' && u.unsupplied && s.opts.house.supply) {
    return out.filter((o) => isLand(o.to) && (o.mission === undefined || o.mission === 'attack') && enemyLand(s, o.to, u.power) && attackAllowed(s, u, o.to));
  }
  if (unitData(u.type).domain === 'land' && !early) out.push(...boardOptions(env, u, mode));
  if (mode === 'noncombat' && unitData(u.type).domain === 'land' && s.opts.house.rail) out.push(...railOptions(env, u));
  return out;
}

/** House rules l.151-153: the Axis Minor's moves, less those its nations' limits bar (rail is German: l.107). */
function minorLimited(s: AaeState, u: Unit, mode: MoveMode, out: MoveOption[], env: MoveEnv): MoveOption[] {
  if (mode === 'combat' && u.unsupplied && s.opts.house.supply) {
    out = out.filter((o) => isLand(o.to) && (o.mission === undefined || o.mission === 'attack') && enemyLand(s, o.to, u.power) && attackAllowed(s, u, o.to));
  } else if (unitData(u.type).domain === 'land' && !(mode === 'combat' && offensiveUnderWay(s))) out.push(...boardOptions(env, u, mode));
  // House rules l.107: Italy's 4 rail points in Europe.
  if (mode === 'noncombat' && unitData(u.type).domain === 'land' && s.opts.house.rail && u.nation === 'italy') out.push(...railOptions(env, u));
  return out.filter((o) => minorRoom(s, u, o.to) > 0);
}

export const RULE_RAIL = 'AAE house rules l.107 (rail movement)';

/** Italy's rail (l.107 "Italy in Europe"): not North Africa or the Middle East. */
const inEurope = (id: string): boolean => !NORTH_AFRICA.has(id) && !hasMark(id, 'middle-east');

/** Rail points a turn (house rules l.107): Germany 10 (8 inside Soviet territory in 1941; 6 in 1942 and 4 from 1943 with partisans, l.131), the Soviet Union 12, the UK 4 in the Middle East, Italy (the Axis Minor) 4 in Europe. */
export function railPoints(s: AaeState, p: Power): { all: number; soviet: number } {
  const used = s.railUsed ?? { all: 0, soviet: 0 };
  const total = p === 'germany' ? 10 : p === 'ussr' ? 12 : p === 'uk' || p === 'minor' ? 4 : 0;
  const year = seasonOf(s.round).year;
  // House rules l.131 (Communist partisans): 6 points inside Soviet territory in 1942, 4 from 1943.
  const partisans = s.opts.house.partisans ? (year === 1942 ? 6 : year >= 1943 ? 4 : total) : total;
  const sovietCap = p === 'germany' ? (year === 1941 ? 8 : partisans) : total;
  return { all: total - used.all, soviet: sovietCap - used.soviet };
}

/** Rail moves: through territory held since the turn began; infantry, artillery and guns cost 2, armour 3, plus rail damage. */
function railOptions(env: MoveEnv, u: Unit): MoveOption[] {
  const s = env.s;
  if (u.spent || u.combatMoved || u.fought || u.aboard) return [];
  const left = railPoints(s, u.power);
  const base = u.type === 'armour' ? 3 : 2;
  if (left.all < base) return [];
  const held = (id: string) => friendlyLand(s, id, u.power) && controller(s, id) !== null && !enemies(controller(s, id)!, u.power)
    && !s.capturedThisTurn.includes(id) && (u.power !== 'uk' || hasMark(id, 'middle-east'))
    && (u.power !== 'minor' || (u.nation === 'italy' && inEurope(id)));
  // House rules l.125: only the Soviet Union rails between Siberia and the Urals.
  const urals = standIn(s, 'urals');
  const barred = (a: string, b: string) => u.power !== 'ussr' && ((a === 'siberia' && b === urals) || (a === urals && b === 'siberia'));
  if (!held(u.at)) return [];
  const damage = s.railDamage ?? {};
  const reach = movementRange(BOARD, BOARD.index(u.at), left.all - base, {
    enterCost: (f, t, e) => (BOARD.edgeKind(e) === 'land' && held(BOARD.id(t)) && !barred(BOARD.id(f), BOARD.id(t)) ? damage[BOARD.id(t)] ?? 0 : Infinity),
  }, env.scratch);
  const out: MoveOption[] = [];
  for (const n of reach.nodes()) {
    const to = BOARD.id(n);
    if (to === u.at) continue;
    const path = reach.pathTo(n).map((x) => BOARD.id(x));
    const soviet = path.some((id) => area(id).owner === 'ussr') && u.power === 'germany';
    const cost = base + reach.costTo(n);
    if (soviet && cost > left.soviet) continue;
    out.push({ to, cost: 0, kind: 'rail', railCost: cost, railSoviet: soviet, from: BOARD.id(reach.previous(n)), label: `by rail to ${areaName(to)} (${cost} rail points)` });
  }
  return out;
}

function reachOptions(env: MoveEnv, u: Unit, mode: MoveMode): MoveOption[] {
  const s = env.s;
  const d = unitData(u.type);
  const mp = movesLeft(s, u);
  if (mp <= 0) return [];
  const start = BOARD.index(u.at);
  const rules = rangeRules(env, u, mode);
  const legs = d.domain === 'sea' ? capeLegs(s, u) : [];
  const reach = legs.length ? null : withinRange(BOARD, start, mp, rules, env.scratch);
  const found: { n: number; cost: number; prev: number }[] = [];
  if (!reach) found.push(...capeReach(start, mp, rules, legs));
  else {
    for (let i = 0; i < reach.count; i++) {
      const n = reach.node(i);
      if (n !== start) found.push({ n, cost: reach.costTo(n), prev: reach.previous(n) });
    }
  }
  const landDist = d.domain === 'air' ? env.landingDistance(u) : null;
  const out: MoveOption[] = [];
  for (const { n, cost, prev } of found) {
    const to = BOARD.id(n);
    const from = BOARD.id(prev);
    const base = { to, cost, kind: 'move' as const, from };
    if (d.domain === 'land') {
      if (mode === 'combat' && !enemyLand(s, to, u.power)) continue;
      if (cost + (u.spent ?? 0) > 1 && mudForbids(s, u, reach!.pathTo(n).map((x) => BOARD.id(x)), u.spent ?? 0)) continue;
      out.push({ ...base, label: `${mode === 'combat' ? 'attack' : 'move to'} ${areaName(to)}` });
    } else if (d.domain === 'sea') {
      const hostile = env.hostileSea(to, u.power);
      if (mode === 'noncombat' && hostile) continue;
      out.push({ ...base, label: `${hostile ? 'attack' : 'move to'} ${areaName(to)}` });
    } else {
      const left = mp - cost;
      if (mode === 'noncombat') {
        if (landingSpot(s, u, to)) out.push({ ...base, label: `land in ${areaName(to)}` });
        continue;
      }
      const mayLand = landDist![n]! <= left;
      if (!mayLand) continue;
      // House rules l.99-103: aircraft may attack an enemy convoy (not the Arctic one in Winter).
      if (convoyTarget(s, to, u.power)) {
        if (!airBarred(s, to)) out.push({ ...base, mission: 'attack', label: `attack the convoy in ${areaName(to)}` });
        continue;
      }
      if (combatThere(s, to, u.power)) out.push({ ...base, mission: 'attack', label: `attack ${areaName(to)}` });
      if (!isLand(to) || s.units.some((x) => x.at === to && x.power === u.power && x.mission === 'attack')) continue;
      if (d.strategicBomber) {
        const night = s.units.some((x) => x.at === to && x.power === u.power && x.mission === 'night');
        const day = s.units.some((x) => x.at === to && x.power === u.power && (x.mission === 'raid' || x.mission === 'rail'));
        if (raidTarget(s, to, u.power) && !night) out.push({ ...base, mission: 'raid', label: `bomb the industry of ${areaName(to)}` });
        if (raidTarget(s, to, u.power) && !day && mayBombByNight(s, u)) out.push({ ...base, mission: 'night', label: `bomb the industry of ${areaName(to)} by night` });
        if (s.opts.house.rail && enemyLand(s, to, u.power) && !night) out.push({ ...base, mission: 'rail', label: `bomb the rail of ${areaName(to)}` });
      } else if (u.type === 'fighter' && mayEscort(s, u, cost) && s.units.some((x) => x.at === to && x.power === u.power && (x.mission === 'raid' || x.mission === 'rail'))) {
        out.push({ ...base, mission: 'escort', label: `escort the raid on ${areaName(to)}` });
      }
    }
  }
  if (mode === 'noncombat' && d.domain === 'air') out.push(...airRedeployment(env, u, out));
  return out;
}

/**
 * A ship's reach with the off-map legs round the Cape (house rules l.215), each costing CAPE_COST, on top of the board's
 * links under the same rules (cheapest first; ties keep the first path found). The legs are not board links, so
 * supply, air ranges and the AI's distances never see them.
 */
function capeReach(start: number, mp: number, rules: RangeRules, legs: readonly (readonly [string, string])[]): { n: number; cost: number; prev: number }[] {
  const extra = new Map<number, number[]>();
  for (const [a, b] of legs) {
    const [x, y] = [BOARD.index(a), BOARD.index(b)];
    extra.set(x, [...(extra.get(x) ?? []), y]);
    extra.set(y, [...(extra.get(y) ?? []), x]);
  }
  const best = new Map<number, { cost: number; prev: number }>([[start, { cost: 0, prev: -1 }]]);
  const done = new Set<number>();
  for (;;) {
    let n = -1;
    for (const [m, v] of best) if (!done.has(m) && (n < 0 || v.cost < best.get(n)!.cost)) n = m;
    if (n < 0) break;
    done.add(n);
    if (n !== start && rules.mayPass && !rules.mayPass(n)) continue;
    const base = best.get(n)!.cost;
    const steps: [number, number][] = (extra.get(n) ?? []).map((m) => [m, CAPE_COST]);
    for (let k = BOARD.adjStart[n]!, end = BOARD.adjStart[n + 1]!; k < end; k++) {
      const m = BOARD.adjNode[k]!;
      if (!rules.mayCross || rules.mayCross(n, m, BOARD.adjEdge[k]!)) steps.push([m, 1]);
    }
    for (const [m, step] of steps) {
      const c = base + step;
      if (c > mp || done.has(m) || (rules.mayEnter && !rules.mayEnter(m))) continue;
      if (!best.has(m) || c < best.get(m)!.cost) best.set(m, { cost: c, prev: n });
    }
  }
  return [...best].filter(([n]) => n !== start).map(([n, v]) => ({ n, cost: v.cost, prev: v.prev }));
}

/** House rules l.60: one escort fighter a turn, within 3 areas. */
function mayEscort(s: AaeState, u: Unit, cost: number): boolean {
  if (!s.opts.house.sbr) return true;
  return (u.spent ?? 0) + cost <= 3 && !s.units.some((x) => x.power === u.power && x.mission === 'escort');
}

/**
 * House rules l.105 b: aircraft that did not move to attack get 2 more movement in the noncombat move, flying over
 * friendly territory only.
 */
function airRedeployment(env: MoveEnv, u: Unit, already: MoveOption[]): MoveOption[] {
  const s = env.s;
  if (!s.opts.house['air-bonus'] || u.combatMoved || u.spent || !isLand(u.at)) return [];
  const have = new Set(already.map((o) => o.to));
  const start = BOARD.index(u.at);
  const reach = withinRange(BOARD, start, movesLeft(s, u) + 2, {
    mayCross: (_f, _t, e) => BOARD.edgeKind(e) === 'land',
    mayEnter: (n) => landingSpot(s, u, BOARD.id(n)),
  }, env.scratch);
  const out: MoveOption[] = [];
  for (let i = 0; i < reach.count; i++) {
    const n = reach.node(i);
    const to = BOARD.id(n);
    if (n === start || have.has(to)) continue;
    out.push({ to, cost: movesLeft(s, u), kind: 'move', from: BOARD.id(reach.previous(n)), label: `redeploy to ${areaName(to)} over friendly territory` });
  }
  return out;
}

/** Land units board a transport in an adjacent sea zone (AAE Transports). */
function boardOptions(env: MoveEnv, u: Unit, mode: MoveMode): MoveOption[] {
  const s = env.s;
  if (movesLeft(s, u) <= 0 || !isLand(u.at)) return [];
  const load = unitData(u.type).load ?? 0;
  const out: MoveOption[] = [];
  const seen = new Set<string>();
  for (const t of s.units) {
    if (t.power !== u.power || !unitData(t.type).transportRoom || t.done) continue;
    if (mode === 'noncombat' && (t.combatMoved || t.fought)) continue;
    if (!adjacentIn(s, u.at, t.at)) continue;
    if (env.hostileSea(t.at, u.power) || transportRoomLeft(s, t) < load) continue;
    const cargo = s.units.filter((c) => c.aboard === t.id).map((c) => c.type).sort().join(',');
    const key = `${t.at}|${cargo}|${t.spent ?? 0}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      to: t.at, cost: 1, kind: 'board', transport: t.id, from: u.at,
      label: `board a transport in ${areaName(t.at)}${cargo ? ` (carrying ${cargo.replace(/,/g, ', ')})` : ''}`,
    });
  }
  return out;
}

/** Cargo lands in a territory next to its transport's sea zone (AAE Amphibious Assaults; noncombat: friendly only). */
function unloadOptions(s: AaeState, u: Unit, mode: MoveMode): MoveOption[] {
  if (u.landing) return [];
  const t = s.units.find((x) => x.id === u.aboard);
  if (!t) return [];
  const out: MoveOption[] = [];
  for (const a of AREAS.values()) {
    if (a.kind !== 'land' || isNeutral(a.id) || !adjacentIn(s, a.id, t.at)) continue;
    if (mode === 'combat' && enemyLand(s, a.id, u.power)) {
      if (winterLandingBan(s, t.at) || !mayAssaultFrom(s, u, t)) continue;
      out.push({ to: a.id, cost: 0, kind: 'unload', from: t.at, mission: 'attack', label: `land in ${a.name} (amphibious assault)` });
    } else if (mode === 'noncombat' && friendlyLand(s, a.id, u.power) && !hostileSea(s, t.at, u.power)) {
      out.push({ to: a.id, cost: 0, kind: 'unload', from: t.at, label: `unload in ${a.name}` });
    }
  }
  return out;
}

/** Carry out one move of `units` (identical, all with this option). */
export function applyMove(ctx: Ctx<AaeState>, units: Unit[], o: MoveOption, mode: MoveMode): void {
  const s = ctx.state;
  const starts = units.map((u) => u.at);
  for (const u of units) {
    if (o.kind === 'board') {
      u.at = o.to;
      u.aboard = o.transport;
      u.spent = moveAllowance(s, u);
      if (mode === 'combat') { u.boardedThisTurn = true; u.combatMoved = true; }
      continue;
    }
    if (o.kind === 'rail') {
      const used = s.railUsed ?? { all: 0, soviet: 0 };
      s.railUsed = { all: used.all + o.railCost!, soviet: used.soviet + (o.railSoviet ? o.railCost! : 0) };
      u.at = o.to;
      u.done = true;
      ctx.log(`${unitData(u.type).name} moves by rail to ${areaName(o.to)} (${o.railCost} rail points)`, RULE_RAIL);
      continue;
    }
    if (o.kind === 'unload') {
      const t = s.units.find((x) => x.id === u.aboard);
      if (t) t.done = true;
      if (mode === 'combat') {
        u.landing = o.to;
        u.combatMoved = true;
        if (t?.landingCraft) u.landedWithCraft = true;
        u.cameFrom = o.from;
        // A landing from a sea zone still held by enemy ships waits for the sea battle (AAE Amphibious Assaults).
        if (!hostileSea(s, o.from, u.power)) { u.at = o.to; u.aboard = undefined; }
      } else {
        u.at = o.to;
        u.aboard = undefined;
      }
      u.done = true;
      continue;
    }
    u.spent = (u.spent ?? 0) + o.cost;
    u.at = o.to;
    u.cameFrom = o.from;
    if (u.aboard && isAir(u.type)) u.aboard = undefined;
    if (mode === 'combat') u.combatMoved = true;
    if (o.mission) u.mission = o.mission;
    // Cargo and carried fighters go with their ship.
    for (const c of s.units) if (c.aboard === u.id) c.at = o.to;
  }
  const first = units[0]!;
  const d = unitData(first.type);
  // The log says who moved what where (a rail move says so per unit, above).
  if (o.kind !== 'rail') {
    const what = `${POWER_NAMES[first.power]}: ${tally(units.map((u) => unitData(u.type).name.toLowerCase()))}`;
    const rule = mode === 'combat' ? RULE_COMBAT_MOVE : RULE_NONCOMBAT_MOVE;
    if (o.kind === 'board') ctx.log(`${what} board${units.length > 1 ? '' : 's'} a transport in ${areaName(o.to)}`, rule);
    else if (o.kind === 'unload') ctx.log(`${what} from ${areaName(o.from)} ${mode === 'combat' ? 'assault' : 'land in'} ${areaName(o.to)}`, rule);
    else ctx.log(`${what} from ${areaName(starts[0]!)} to ${areaName(o.to)}`, rule);
  }
  units.forEach((u, i) => noteMinorMove(s, u, starts[i]!));
  if (mode === 'combat') { noteBulgariaAttacked(s, o.to, first.power); vichyAttacked(ctx, o.to); }
  if (o.kind !== 'move') return;
  const to = o.to;
  if (d.domain === 'land' && mode === 'combat' && enemyLand(s, to, first.power)) {
    if (enemyUnitsAt(s, to, first.power).length === 0) {
      // An empty enemy territory is taken at once; armour may go on unless it holds an industrial complex (AAE Blitzing).
      captureArea(ctx, to, first.power, RULE_BLITZ);
      for (const u of units) if (!d.blitz || hasFactory(s, to)) u.done = true;
    } else {
      for (const u of units) { u.done = true; u.mission = 'attack'; }
    }
  } else if (d.domain === 'land' && mode === 'combat' && o.mission === 'attack') {
    // House rules l.203: an attack on partisans in an area the mover's side holds.
    for (const u of units) u.done = true;
  }
  // House rules l.173: ships crossing into or out of the Gulf of Finland roll for the mines.
  if (d.domain === 'sea' && s.opts.house.mines) {
    gulfMines(ctx, units, starts);
    units = units.filter((u) => s.units.includes(u));
    if (!units.length) return;
  }
  if (d.domain === 'sea') {
    if (hostileSea(s, to, first.power)) for (const u of units) { u.done = true; u.mission = 'attack'; }
    else if (hasMark(to, 'convoy') && units.some((u) => u.type !== 'transport')) captureConvoy(ctx, to, first.power);
  }
  if (d.domain === 'air' && o.mission) for (const u of units) u.done = true;
  if (d.domain === 'air' && mode === 'noncombat' && !isLand(to)) {
    for (const u of units) u.aboard = carrierWithRoom(s, to, u.power)?.id;
  }
}

/** Why a unit cannot make a move, for refusals (null: it can). */
export function explainMove(s: AaeState, u: Unit | undefined, to: string, mode: MoveMode): RuleViolationInfo | null {
  const rule = mode === 'combat' ? RULE_COMBAT_MOVE : RULE_NONCOMBAT_MOVE;
  const no = (message: string, r = rule): RuleViolationInfo => ({ rule: r, message });
  if (!u) return no('no such unit');
  if (u.power !== s.power) return no(`it is ${powerPossessive(s.power)} turn; that unit belongs to ${POWER_NAMES[u.power]}`);
  if (!AREAS.has(to)) return no(`unknown area "${to}"`);
  if (!inPlay(s, to)) return no(`${areaName(to)} is on the house rules' regional map only (hr-regions)`);
  if (isNeutral(to)) return no(`no unit may enter or fly over ${areaName(to)}`, RULE_NEUTRALS);
  const minor = explainMinorMove(s, u, to) ?? explainVichy(s, to, mode);
  if (minor) return minor;
  if (moveEnded(u, mode)) return no(`that ${unitData(u.type).name.toLowerCase()} has ended its move this turn`);
  if (mode === 'noncombat' && (u.fought || u.combatMoved) && !isAir(u.type)) return no('units that moved to attack or fought this turn may not move again', RULE_NONCOMBAT_MOVE);
  if (mode === 'noncombat' && isAir(u.type) && !landingSpot(s, u, to)) return no('aircraft end the turn in friendly territory held since the turn began or on a friendly carrier with room', RULE_AIR_LANDING);
  if (mode === 'combat' && unitData(u.type).domain === 'land' && !enemyLand(s, to, u.power)) return no('land units move in the combat move only to attack (an enemy territory) or to board a transport', RULE_COMBAT_MOVE);
  return no(`${areaName(to)} is out of reach (movement ${movesLeft(s, u)} left)`);
}
