// ETO air operations outside a land attack: airbases (13.2), air movement (13.1: never over neutral land, 1.4: never
// into a grounded zone), the missions of the Naval and Air phase (12.3 change base, attack air units at their base;
// 12.4 interception) and of an air offensive (4B, 21.1-21.4), interception and counter-interception (14.1-14.4), the
// air-to-air battles they bring (15, with land-attack.ts's rounds), installation bombing (21.5) with the Bombing
// Table, and the evacuation of a lost base (13.2). Rulings 51-55 in docs/rulings/eto.md.
import { findPath, movementRange, type MoveRules } from '../../board/index.ts';
import { derivedFrom, write, type Action, type Choice, type ChoiceGroup, type Ctx, type Frame, type Json, type Procedure } from '../../engine/index.ts';
import type { AirAction, RaidKind } from './actions.ts';
import { etoData } from './data/index.ts';
import { etoMap } from './data/map-schema.ts';
import {
  abortSeat, type AirFight, airRound, applyAirHit, secondRound, targetPrompt,
} from './land-attack.ts';
import {
  airStrength, type AirUnit, appendToLand, controller, dist, hexWeather, landMap, landOf, type LandState,
  type LandUnit, landUnitsAt, layerHex, placeName, stackLimit, suppliedHexes, theatreOf, unitsAt
} from './land.ts';
import { navalMap } from './map.ts';
import { applyHit } from './naval-combat.ts';
import { alive, type EtoState, otherSide, ratings, type Side } from './state.ts';

const board = () => navalMap().board;

// ---------------------------------------------------------------- bases (13.2) and flight (13.1)

/** 13.2: air units a hex can base: one per city or resource hex, two in a city resource hex, one more with an airfield marker; none once destroyed (21.5). */
export function baseSlots(l: LandState, h: string): number {
  if (l.destroyed?.includes(h)) return 0;
  const f = layerHex(l, h)?.feature;
  return (f === 'city-resource' ? 2 : f ? 1 : 0) + (l.airfields.includes(h) ? 1 : 0);
}

export const basedAt = (l: LandState, h: string): AirUnit[] => Object.values(l.air).filter((a) => a.where === 'map' && a.base === h);

/** A friendly airbase with room for one more unit. */
export const hasRoom = (l: LandState, side: Side, h: string): boolean => controller(l, h) === side && basedAt(l, h).length < baseSlots(l, h);

/** 1.4: is the hex in a zone whose air units are grounded this month? */
export function grounded(s: EtoState, h: string): boolean {
  const zone = etoMap().hexes[h]?.weather;
  if (!zone || !s.grounded?.length) return false;
  // 1.4: the mild zone of France and Germany is grounded with the moderate zone.
  return s.grounded.includes(zone === 'mild-fg' ? 'moderate' : zone);
}

/**
 * 13.1: the hexes an air unit flies over from `from` to `to` (both included), the shortest line within `max` hexes
 * that crosses no neutral land hex (neutral coastal hexes may be overflown) and no grounded zone; null when none.
 */
export function flightPath(s: EtoState, from: string, to: string, max: number): string[] | null {
  const b = board();
  const p = findPath(b, b.index(from), b.index(to), airRules(s), max);
  return p ? p.nodes.map((n) => b.id(n)) : null;
}

/** 13.1, 1.4: the hexes air may fly through (never sea areas as nodes, neutral land, a grounded zone). */
function airRules(s: EtoState): MoveRules {
  const l = landOf(s);
  const b = board();
  const map = etoMap().hexes;
  const seen = new Uint8Array(b.hexCount); // 0 unknown, 1 open, 2 blocked
  const blocked = (n: number): boolean => {
    if (n >= b.hexCount) return true; // sea areas are naval spaces, not air space
    if (seen[n]) return seen[n] === 2;
    const id = b.id(n);
    const h = map[id];
    const no = !h || grounded(s, id) || (h.kind === 'land' && (!layerHex(l, id) || controller(l, id) === null));
    seen[n] = no ? 2 : 1;
    return no;
  };
  return { enterCost: (_f, t) => (blocked(t) ? Infinity : 1) };
}

/** Every hex an air unit at `from` reaches within `max` hexes of flight, with the line to each. */
export function airReach(s: EtoState, from: string, max: number): { has(h: string): boolean; path(h: string): string[] } {
  const b = board();
  const r = movementRange(b, b.index(from), max, airRules(s));
  return { has: (h) => r.has(b.index(h)), path: (h) => r.pathTo(b.index(h)).map((n) => b.id(n)) };
}

/** Hexes the scenario's air units may base on for `side`. */
export function airbases(l: LandState, side: Side): string[] {
  return Object.keys(landMap(theatreOf(l)).hexes).filter((h) => controller(l, h) === side && baseSlots(l, h) > 0).sort();
}

/**
 * What flight and bases read (13.1, 13.2, 1.4): grounded zones, destroyed installations, airfields, control; the
 * same text while unchanged (the route facts below compare it).
 */
export const airEnvironment = (s: EtoState): string => derivedFrom<string>(s, 'eto:air-environment', (prev) => {
  const l = landOf(s);
  const t = `${(s.grounded ?? []).join()}|${(l.destroyed ?? []).join()}|${l.airfields.join()}|${JSON.stringify(l.control)}`;
  return t === prev ? prev : t;
});

/**
 * 12.3 change of base: friendly airbases with room reachable in up to three hops, each to a friendly airbase within
 * twice the unit's range; the route flown (the hops' lines joined), first found.
 */
export function rebaseRoutes(s: EtoState, a: AirUnit): Map<string, string[]> {
  const l = landOf(s);
  const all = airRoutes(s).get(routeKey(a)) ?? routesFrom(s, a.side, a.base!, a.range);
  const out = new Map<string, string[]>();
  for (const [h, route] of all) if (hasRoom(l, a.side, h)) out.set(h, route);
  return out;
}

const routeKey = (a: AirUnit): string => `${a.side}|${a.base}|${a.range}`;

/**
 * The routes from every air unit's base (both sides: a plan's reply asks for the other side's), reused from the state
 * before while the air environment is unchanged, recomputed only for a base no unit flew from there (derivedFrom).
 */
export function airRoutes(s: EtoState): Map<string, Map<string, string[]>> {
  const env = airEnvironment(s);
  return derivedFrom<{ env: string; table: Map<string, Map<string, string[]>> }>(s, 'eto:air-routes', (prev) => {
    const keys = new Map<string, AirUnit>();
    for (const a of Object.values(landOf(s).air)) if (a.where === 'map' && a.base) keys.set(routeKey(a), a);
    const old = prev?.env === env ? prev.table : undefined;
    if (old && old.size === keys.size && [...keys.keys()].every((k) => old.has(k))) return prev!;
    const table = new Map<string, Map<string, string[]>>(), floods: Floods = new Map();
    for (const k of [...keys.keys()].sort()) {
      const a = keys.get(k)!;
      table.set(k, old?.get(k) ?? routesFrom(s, a.side, a.base!, a.range, floods));
    }
    return { env, table };
  }).table;
}

/** Flights from airbases by their reach (13.1), shared by the route searches of one state. */
type Floods = Map<string, ReturnType<typeof airReach>>;

/** 12.3: every friendly airbase within three hops of `base` (each within twice the range), with its route. */
function routesFrom(s: EtoState, side: Side, base: string, range: number, floods: Floods = new Map()): Map<string, string[]> {
  const l = landOf(s);
  const reach = 2 * range;
  const bases = airbases(l, side).filter((h) => !grounded(s, h));
  const flood = (h: string) => {
    const k = `${h}|${reach}`;
    let r = floods.get(k);
    if (!r) floods.set(k, (r = airReach(s, h, reach)));
    return r;
  };
  const routes = new Map<string, string[]>([[base, [base]]]);
  // The first hop: one search from the base; the later hops only for the bases still unreached.
  const first = flood(base);
  let frontier: string[] = [];
  for (const to of bases) if (to !== base && first.has(to)) { routes.set(to, first.path(to)); frontier.push(to); }
  for (let hop = 1; hop < 3; hop++) {
    const next: string[] = [];
    for (const to of bases) {
      if (routes.has(to)) continue;
      // The first hop base from which a line reaches `to` (one search from each, shared), and that line (flightPath).
      const from = frontier.find((f) => dist(f, to) <= reach && flood(f).has(to));
      if (!from) continue;
      routes.set(to, [...routes.get(from)!, ...flightPath(s, from, to, reach)!.slice(1)]);
      next.push(to);
    }
    frontier = next;
  }
  routes.delete(base);
  return routes;
}

/** 13.2: units whose base was destroyed or taken fly at once to the nearest friendly base with room within twice their range, else are lost. */
export function evacuate(ctx: Ctx<EtoState>, h: string): void {
  const s = ctx.state;
  for (const a of basedAt(landOf(s), h).sort((x, y) => x.id.localeCompare(y.id))) {
    const l = landOf(s);
    const to = airbases(l, a.side).filter((b) => b !== h && hasRoom(l, a.side, b) && dist(h, b) <= 2 * a.range)
      .sort((x, y) => dist(h, x) - dist(h, y) || x.localeCompare(y))[0];
    if (to) { write(s, 'land', 'air', a.id).base = to; ctx.log(`${a.name} evacuates ${placeName(l, h)} to ${placeName(l, to)}`, 'ETO 13.2'); }
    else { const w = write(s, 'land', 'air', a.id); w.where = 'force-pool'; w.base = null; write(s, 'land', 'losses')[a.side]++; ctx.log(`${a.name} has no base to go to and is lost`, 'ETO 13.2'); }
  }
}

// ---------------------------------------------------------------- the Bombing Table (21.5, 2.2)

/** The Bombing Table's column for a bombing strength ("7-11"...). */
export function bombingColumn(strength: number): number {
  const cols = etoData().bombing.columns;
  let c = 0;
  cols.forEach((x, i) => { if (strength >= Number(x.split(/[-+]/)[0])) c = i; });
  return c;
}

/** 21.5: the Bombing Table's result for a strength and a 2d6 roll: the number, and whether the bombers lose a step (*). */
export function bombingResult(strength: number, roll: number): { result: number; aa: boolean } {
  const t = etoData().bombing;
  const row = Math.min(t.rows.length - 1, Math.max(0, roll - 2));
  const cell = t.rows[row]![bombingColumn(strength)]!;
  return { result: Number(cell.replace('*', '')), aa: cell.endsWith('*') };
}

/** 21.5 A: the number to reach: the air units the hex could base, +1 if fortified; at most 4. */
export function installationTarget(l: LandState, h: string): number {
  const f = layerHex(l, h)?.feature;
  return Math.min(4, (f === 'city-resource' ? 2 : f ? 1 : 0) + (l.airfields.includes(h) ? 1 : 0));
}

/** An enemy installation: an airbase or port hex (21.5) not yet destroyed. */
export const isInstallation = (l: LandState, h: string): boolean => !l.destroyed?.includes(h) && installationTarget(l, h) > 0;

// ---------------------------------------------------------------- air battles (15.2)

export interface AirBattleFrame extends Frame, AirFight {
  stage: 'round-1' | 'abort' | 'round-2' | 'done';
}

/** One air-to-air battle over a hex: round 1, voluntary aborts (15.2 D), round 2; it returns the units aborted. */
export const airBattle: Procedure<EtoState, AirBattleFrame> = {
  prompts(s, f) {
    const l = landOf(s);
    if (f.stage === 'round-1') return targetPrompt(l, f, 1);
    if (f.stage === 'abort') {
      if (!secondRound(l, f)) return [];
      const side = abortSeat(s, f);
      if (!side) return targetPrompt(l, f, 2);
      return [{
        seat: side, rule: 'ETO 15.2 D', kind: 'yes-no', text: `Round 1 over ${placeName(l, f.target)} is over: abort any of your air units before round 2?`,
        choices: [
          ...f.airIn.filter((x) => l.air[x.id]!.side === side && !f.aborted.includes(x.id) && l.air[x.id]!.where === 'map')
            .map((x) => ({ action: { type: 'air-abort', air: x.id }, label: `Abort ${l.air[x.id]!.name}`, refs: { units: [x.id], place: f.target } })),
          { action: { type: 'fight-on' }, label: 'Fight round 2' }],
      }];
    }
    return [];
  },
  act(ctx, f, seat, a: AirAction) {
    const l = landOf(ctx.state);
    if (a.type === 'air-target') { f.targets = { ...f.targets, [a.air]: a.target }; return; }
    if (a.type === 'air-abort') { f.aborted.push(a.air); ctx.log(`${l.air[a.air]!.name} aborts (voluntary)`, 'ETO 15.2 D'); return; }
    if (a.type === 'fight-on') f.abortDone = [...(f.abortDone ?? []), seat as Side];
  },
  run(ctx, f) {
    const l = landOf(ctx.state);
    const sides = new Set(f.airIn.filter((x) => !f.aborted.includes(x.id) && l.air[x.id]!.where === 'map').map((x) => l.air[x.id]!.side));
    if (f.stage === 'round-1') {
      if (sides.size > 1) airRound(ctx, f, 1);
      f.stage = sides.size > 1 ? 'abort' : 'done';
    } else if (f.stage === 'abort') {
      if (secondRound(l, f)) airRound(ctx, f, 2);
      f.stage = 'done';
    }
    if (f.stage === 'done') { ctx.pop({ aborted: f.aborted }); return; }
    const { proc, ...rest } = f;
    ctx.goto(proc, rest);
  },
};

/** Pushes a battle over `hex` between `attackers` (of `side`) and `defenders`, each with its role. */
export function pushBattle(ctx: Ctx<EtoState>, hex: string, side: Side, airIn: AirFight['airIn']): void {
  ctx.push('air-battle', { target: hex, side, airIn, aborted: [], stage: 'round-1' });
}

// ---------------------------------------------------------------- interception (14.1-14.2)

export interface InterceptFrame extends Frame {
  /** The side that may intercept. */
  side: Side;
  /** The flying enemy units and the hexes they fly over. */
  flight: string[];
  path: string[];
  /** 0: interception of a mission; 1+: counter-interception (14.2). */
  level: number;
  chosen: { air: string; at: string }[];
  stage: 'choose' | 'resolve';
  /** Next interception hex to resolve (index into the hexes chosen, in path order). */
  next: number;
  /** Units put out of the fight so far (aborted or eliminated), both sides. */
  out: string[];
}

/** 14.1, 14.4, 12.4: fighters of `side` that may intercept now: on the map, not flown this step, not grounded, a path hex in range. */
function interceptors(s: EtoState, f: InterceptFrame): AirUnit[] {
  const l = landOf(s);
  return Object.values(l.air).filter((a) => a.side === f.side && a.where === 'map' && a.base && (a.kind === 'fighter' || a.kind === 'fighter-bomber')
    && !l.flown.includes(a.id) && !f.chosen.some((c) => c.air === a.id) && !grounded(s, a.base)
    && f.path.some((h) => dist(a.base!, h) <= a.range)).sort((x, y) => x.id.localeCompare(y.id));
}

export const airIntercept: Procedure<EtoState, InterceptFrame> = {
  prompts(s, f) {
    if (f.stage !== 'choose') return [];
    const l = landOf(s);
    const live = f.flight.filter((id) => l.air[id]!.where === 'map' && !f.out.includes(id));
    const cands = interceptors(s, f);
    if (!live.length || (!cands.length && !f.chosen.length)) return [];
    const groups: ChoiceGroup[] = cands.map((a) => ({ key: a.id, label: `${a.name} at ${placeName(l, a.base!)}`, refs: { units: [a.id], place: a.base! } }));
    const what = f.level === 0 ? 'intercept' : 'counter-intercept';
    return [{
      seat: f.side, rule: f.level === 0 ? 'ETO 14.1' : 'ETO 14.2', kind: 'intercept',
      text: `Enemy ${live.map((id) => l.air[id]!.name).join(', ')} fly over ${placeName(l, f.path[f.path.length - 1]!)}: ${what} (choose a fighter and the hex)?`,
      choices: [{ action: { type: 'intercept-done' }, label: f.chosen.length ? `${what} with the chosen fighters` : `No ${what}ion`, refs: { targets: live } }],
      groups,
    }];
  },
  choicesIn(s, f, _seat, group) {
    const l = landOf(s);
    const a = interceptors(s, f).find((x) => x.id === group);
    if (!a) return [];
    const live = f.flight.filter((id) => l.air[id]!.where === 'map' && !f.out.includes(id));
    return f.path.filter((h) => dist(a.base!, h) <= a.range).map((h): Choice => ({
      action: { type: 'intercept-at', air: a.id, at: h }, label: `${a.name} intercepts over ${placeName(l, h)}`,
      refs: { units: [a.id], from: a.base!, place: h, targets: live },
    }));
  },
  groupOf: (_s, _f, _seat, a) => (a.type === 'intercept-at' && typeof a.air === 'string' ? a.air : null),
  explain(s, f, _seat, a) {
    if (a.type !== 'intercept-at' || typeof a.air !== 'string' || typeof a.at !== 'string') return null;
    const l = landOf(s);
    const u = l.air[a.air];
    if (!u || u.side !== f.side || u.where !== 'map' || !u.base) return { rule: 'ETO 14.1', message: `${a.air} is not one of your air units at a base` };
    if (u.kind !== 'fighter' && u.kind !== 'fighter-bomber') return { rule: 'ETO 14.0', message: `${u.name} is no fighter: only fighters intercept air units` };
    if (l.flown.includes(u.id) || f.chosen.some((c) => c.air === u.id)) return { rule: 'ETO 14.4', message: `${u.name} has already flown this step: one interception per unit per step` };
    if (grounded(s, u.base)) return { rule: 'ETO 1.4', message: `${u.name}'s base ${placeName(l, u.base)} is in a grounded weather zone` };
    if (!f.path.includes(a.at)) return { rule: 'ETO 14.1', message: `the enemy flight does not enter ${placeName(l, a.at)}` };
    return { rule: 'ETO 14.1', message: `${placeName(l, a.at)} is ${dist(u.base, a.at)} hexes from ${u.name}'s base; its range is ${u.range}` };
  },
  act(ctx, f, _seat, a: AirAction) {
    const l = landOf(ctx.state);
    if (a.type === 'intercept-at') {
      f.chosen.push({ air: a.air, at: a.at });
      write(ctx.state, 'land', 'flown').push(a.air);
      ctx.log(`${l.air[a.air]!.name} ${f.level === 0 ? 'intercepts' : 'counter-intercepts'} over ${placeName(l, a.at)}`, f.level === 0 ? 'ETO 14.1' : 'ETO 14.2');
      return;
    }
    if (a.type === 'intercept-done') f.stage = 'resolve';
  },
  run(ctx, f) {
    const l = landOf(ctx.state);
    // Interception hexes in the order the flight reaches them; at each, first the counter-interceptions (14.2), then the fight.
    const hexes = f.path.filter((h) => f.chosen.some((c) => c.at === h));
    const h = hexes[Math.floor(f.next / 2)];
    if (!h) { ctx.pop({ out: f.out }); return; }
    const mine = f.chosen.filter((c) => c.at === h).map((c) => c.air).filter((id) => !f.out.includes(id));
    const theirs = f.flight.filter((id) => l.air[id]!.where === 'map' && !f.out.includes(id));
    const counter = f.next % 2 === 0;
    f.next++;
    const { proc, ...rest } = f;
    ctx.goto(proc, rest);
    if (counter) {
      if (mine.length) ctx.push('air-intercept', { side: otherSide(f.side), flight: mine, path: [h], level: f.level + 1, chosen: [], stage: 'choose', next: 0, out: [] });
    } else if (mine.length && theirs.length) {
      pushBattle(ctx, h, f.side, [...mine.map((id) => ({ id, role: 'fighter' as const })), ...theirs.map((id) => ({ id, role: roleOf(l.air[id]!) }))]);
    }
  },
  resume(_ctx, f, result: Json | undefined) {
    const r = result as { out?: string[]; aborted?: string[] } | undefined;
    for (const id of [...(r?.out ?? []), ...(r?.aborted ?? [])]) if (!f.out.includes(id)) f.out.push(id);
  },
};

/** A flying unit's role: bombers and fighter-bombers on a bombing or naval mission fly as bombers. */
export const roleOf = (a: AirUnit, bombing = false): 'fighter' | 'bomber' => (a.kind === 'bomber' || a.kind === 'atp' || (bombing && a.kind === 'fighter-bomber') ? 'bomber' : 'fighter');

// ---------------------------------------------------------------- missions (12.3, 21.4)

interface Mission {
  side: Side;
  kind: 'rebase' | 'transport' | RaidKind;
  /** The land unit an ATP carries (18.2), or an air supply marker (32.6). */
  cargo?: string;
  supply?: boolean;
  units: string[];
  to: string;
  path: string[];
  /** Flown in an air offensive: bombing is allowed (21.4). */
  offensive: boolean;
}

export interface MissionFrame extends Frame, Mission {
  stage: 'intercept' | 'arrive' | 'bomb' | 'done';
  out: string[];
}

function startMission(ctx: Ctx<EtoState>, m: Mission): void {
  const s = ctx.state;
  for (const id of m.units) {
    write(s, 'land', 'flown').push(id);
    // 20.1: a unit flying in a friendly offensive is committed; no unit is in the Naval and Air phase.
    if (m.offensive && landOf(s).air[id]!.committed === 'none') write(s, 'land', 'air', id).committed = 'CC';
  }
  const l = landOf(s);
  const what = { rebase: 'change of base', bomb: 'bombing', 'attack-air': 'attack on air units', ships: 'attack on ships', transport: `air transport of ${m.cargo ? l.units[m.cargo]!.name : 'an air supply marker'}` }[m.kind];
  ctx.log(`${m.units.map((id) => l.air[id]!.name).join(', ')} fly to ${placeName(l, m.to)} (${what})`, m.kind === 'ships' ? 'ETO 12.3, 16.1' : m.kind === 'transport' ? (m.supply ? 'ETO 32.6' : 'ETO 18.2') : m.offensive ? 'ETO 21.3' : 'ETO 12.3');
  ctx.push('air-mission', { ...m, stage: 'intercept', out: [] });
}

export const airMission: Procedure<EtoState, MissionFrame> = {
  run(ctx, f) {
    const s = ctx.state;
    const l = landOf(s);
    const live = () => f.units.filter((id) => l.air[id]!.where === 'map' && !f.out.includes(id));
    if (f.stage === 'intercept') {
      f.stage = 'arrive';
      const { proc, ...rest } = f;
      ctx.goto(proc, rest);
      ctx.push('air-intercept', { side: otherSide(f.side), flight: [...f.units], path: f.path, level: 0, chosen: [], stage: 'choose', next: 0, out: [] });
      return;
    }
    if (f.stage === 'arrive') {
      f.stage = f.kind === 'bomb' ? 'bomb' : 'done';
      const flying = live();
      if (f.kind === 'ships') {
        // 16.1: the bombers that got through attack the enemy ships in the hex.
        const bombers = flying.filter((id) => antiShip(l.air[id]!));
        const all = Object.values(s.ships).filter((x) => !x.sunk && x.side !== f.side && x.space === f.to).map((x) => x.id).sort();
        const targets = all.filter((id) => !submergedAt(s, id) || subFound(ctx, id, bombers.length));
        ctx.pop();
        if (bombers.length && targets.length) ctx.push('air-naval-strike', { side: f.side, space: f.to, targets, bombers, left: airNavalAttacks(l.air[bombers[0]!]!), aa: [] });
        return;
      }
      if (f.kind === 'transport') { landCargo(ctx, f); ctx.pop(); return; }
      if (f.kind === 'rebase') {
        // 12.3: an aborted unit goes back to the base it left; the others land at the new base.
        for (const id of flying) if (hasRoom(landOf(s), f.side, f.to)) { write(s, 'land', 'air', id).base = f.to; ctx.log(`${l.air[id]!.name} bases at ${placeName(l, f.to)}`, f.offensive ? 'ETO 21.3' : 'ETO 12.3'); }
      } else {
        const defenders = basedAt(l, f.to).filter((a) => a.side !== f.side);
        // 15.0: opposing air units in one hex fight when at least one of them is a fighter.
        const fighters = [...flying.map((id) => roleOf(l.air[id]!, f.kind === 'bomb')), ...defenders.map((a) => roleOf(a))].includes('fighter');
        if (flying.length && defenders.length && fighters) {
          const { proc, ...rest } = f;
          ctx.goto(proc, rest);
          pushBattle(ctx, f.to, f.side, [...flying.map((id) => ({ id, role: roleOf(l.air[id]!, f.kind === 'bomb') })), ...defenders.map((a) => ({ id: a.id, role: roleOf(a) }))]);
          return;
        }
      }
    }
    if (f.stage === 'bomb') {
      f.stage = 'done';
      bombInstallation(ctx, f.to, live().filter((id) => roleOf(l.air[id]!, true) === 'bomber'));
    }
    ctx.pop();
  },
  resume(_ctx, f, result: Json | undefined) {
    const r = result as { out?: string[]; aborted?: string[] } | undefined;
    for (const id of [...(r?.out ?? []), ...(r?.aborted ?? [])]) if (!f.out.includes(id)) f.out.push(id);
  },
};

/** 21.5: the unaborted bombers over an enemy installation roll on the Bombing Table; reaching the hex's number destroys it. */
function bombInstallation(ctx: Ctx<EtoState>, h: string, bombers: string[]): void {
  const l = landOf(ctx.state);
  if (!bombers.length || !isInstallation(l, h)) return;
  const strength = bombers.reduce((t, id) => t + airStrength(l.air[id]!), 0);
  const need = installationTarget(l, h);
  const roll = ctx.roll(6, 2, `Bombing ${placeName(l, h)}: strength ${strength}, ${need} or more destroys it`, 'ETO 21.5').total;
  const r = bombingResult(strength, roll);
  ctx.log(`Bombing Table ${etoData().bombing.columns[bombingColumn(strength)]}, ${roll}: ${r.result}${r.aa ? '*' : ''}`, 'ETO 21.5', { strength, roll, result: r.result, aa: r.aa, need });
  if (r.result >= need) {
    appendToLand(ctx.state, 'destroyed', h);
    ctx.log(`The installations of ${placeName(l, h)} are destroyed`, 'ETO 21.5');
    evacuate(ctx, h);
  }
  if (r.aa) {
    const l = landOf(ctx.state);
    // *: the bombers lose one step; the strongest takes it (ruling 53).
    const hit = [...bombers].sort((x, y) => airStrength(l.air[y]!) - airStrength(l.air[x]!) || x.localeCompare(y))[0]!;
    applyAirHit(ctx, { target: h, airIn: [], aborted: [] }, hit, 'deplete', 'ETO 21.5');
  }
}

// ---------------------------------------------------------------- the friendly air steps (12.3) and air offensives (4B)

export interface AirStepFrame extends Frame {
  side: Side;
  /** An air offensive (4B): bombing allowed, units committed; else the Naval and Air phase's air movement step. */
  offensive: boolean;
  /** The Naval and Air phase's step 2: air-naval attacks on enemy ships in hexes (16.1, 16.5). */
  naval?: boolean;
  /** A raid being assembled: its target and the units chosen so far. */
  raid: { to: string; kind: RaidKind; units: string[] } | null;
}

/** Air units of `side` that may fly a mission now: on the map, not flown this step, not grounded; in an offensive uncommitted (21.1). */
function flyers(s: EtoState, f: AirStepFrame): AirUnit[] {
  const l = landOf(s);
  return Object.values(l.air).filter((a) => a.side === f.side && a.where === 'map' && a.base && !l.flown.includes(a.id)
    && !grounded(s, a.base) && (!f.offensive || a.committed === 'none') && (!f.naval || antiShip(a))).sort((x, y) => x.id.localeCompare(y.id));
}

/** Raid targets of a unit: enemy airbases with air units for fighters; in an offensive, enemy installations for bombers (21.4). */
function raidTargets(s: EtoState, f: AirStepFrame, a: AirUnit): { to: string; kind: RaidKind }[] {
  const l = landOf(s);
  const out: { to: string; kind: RaidKind }[] = [];
  const enemy = otherSide(f.side);
  if (a.kind === 'atp') return out; // 18.1: ATPs fly transports and paradrops, never raids
  const r = airReach(s, a.base!, a.range);
  if (f.naval) {
    // 16.5: enemy ships in coastal hexes and ports within range.
    const spaces = new Set(Object.values(s.ships).filter((x) => !x.sunk && x.side === enemy && airReachesShips(s, x.space)).map((x) => x.space));
    return [...spaces].filter((h) => dist(a.base!, h) <= a.range && r.has(h)).sort().map((to) => ({ to, kind: 'ships' as const }));
  }
  for (const h of Object.keys(landMap(theatreOf(l)).hexes)) {
    if (controller(l, h) !== enemy || dist(a.base!, h) > a.range || !r.has(h)) continue;
    if (f.offensive && a.kind !== 'fighter' && isInstallation(l, h)) out.push({ to: h, kind: 'bomb' });
    else if (a.kind !== 'bomber' && basedAt(l, h).some((x) => x.side === enemy)) out.push({ to: h, kind: 'attack-air' });
  }
  return out.sort((x, y) => x.to.localeCompare(y.to));
}

function unitMissions(s: EtoState, f: AirStepFrame, id: string): Choice[] {
  const l = landOf(s);
  const a = flyers(s, f).find((x) => x.id === id);
  if (!a) return [];
  if (f.raid) {
    const path = flightPath(s, a.base!, f.raid.to, a.range);
    return path && !f.raid.units.includes(a.id) ? [{ action: { type: 'raid-add', air: a.id }, label: `${a.name} joins the raid on ${placeName(l, f.raid.to)}`, refs: { units: [a.id], from: a.base!, place: f.raid.to, path: path.slice(1) } }] : [];
  }
  const out: Choice[] = raidTargets(s, f, a).map((t) => ({
    action: { type: 'raid', air: a.id, to: t.to, kind: t.kind },
    label: `${a.name}: ${{ bomb: 'bomb', 'attack-air': 'attack the air units at', ships: 'attack the ships at' }[t.kind]} ${placeName(l, t.to)}`,
    refs: {
      units: [a.id], from: a.base!, place: t.to,
      targets: t.kind === 'ships' ? Object.values(s.ships).filter((x) => !x.sunk && x.side !== a.side && x.space === t.to).map((x) => x.id).sort()
        : basedAt(l, t.to).filter((x) => x.side !== a.side).map((x) => x.id),
    },
  }));
  if (!f.offensive && !f.naval) out.push(...airTransports(s, a), ...airSupplies(s, a));
  // 21.3: in an air offensive a unit may fly a change of base instead of attacking (ATPs are no air units, 18.1).
  if (!f.naval && !(f.offensive && a.kind === 'atp')) {
    for (const [to, route] of rebaseRoutes(s, a)) out.push({ action: { type: 'rebase', air: a.id, to }, label: `${a.name}: change base to ${placeName(l, to)}`, refs: { units: [a.id], from: a.base!, place: to, path: route.slice(1) } });
  }
  return out;
}

/** 18.1-18.5: a refused air transport names its limit. */
function explainAirTransport(s: EtoState, f: AirStepFrame, a: Action): { rule: string; message: string } | null {
  if (a.type !== 'air-transport' || typeof a.air !== 'string') return null;
  const l = landOf(s);
  const atp = l.air[a.air];
  if (!atp || atp.kind !== 'atp' || atp.side !== f.side) return { rule: 'ETO 18.1', message: `${a.air} is not one of your ATPs` };
  if (f.offensive || f.naval) return { rule: 'ETO 18.2', message: 'air transport is flown in step 4 of the Naval and Air phase' };
  if (l.atpUsed?.includes(atp.id) || l.flown.includes(atp.id)) return { rule: 'ETO 18.5', message: `${atp.name} has already flown this turn` };
  if (!suppliedHexes(l, atp.side).has(atp.base!)) return { rule: 'ETO 18.3', message: `${atp.name} is out of supply` };
  const u = typeof a.unit === 'string' ? l.units[a.unit] : undefined;
  if (!u || u.hex !== atp.base || u.where !== 'map' || !airCargo(u)) return { rule: 'ETO 18.3', message: `an ATP carries a paratroop or infantry unit from its own base (${atp.base})` };
  return { rule: 'ETO 18.2, 13.1, 24.2', message: `${a.to} is not a friendly airbase within ${atp.range} hexes of open flight where ${u.name} may stack` };
}

export const airStep: Procedure<EtoState, AirStepFrame> = {
  prompts(s, f) {
    const l = landOf(s);
    // Units already in the raid are not offered again (their group would hold nothing).
    const units = flyers(s, f).filter((a) => !f.raid?.units.includes(a.id));
    const groups = units.map((a) => ({ key: a.id, label: `${a.name} at ${placeName(l, a.base!)}`, refs: { units: [a.id], place: a.base! } }));
    if (f.raid) {
      const r = f.raid;
      return [{
        seat: f.side, rule: f.offensive ? 'ETO 21.3' : 'ETO 12.3', kind: 'air', groups,
        text: `Raid on ${placeName(l, r.to)} with ${r.units.map((id) => l.air[id]!.name).join(', ')}: add units or fly`,
        choices: [{ action: { type: 'raid-fly' }, label: `Fly the raid on ${placeName(l, r.to)}`, refs: { units: [...r.units], place: r.to } }],
      }];
    }
    return [{
      seat: f.side, rule: f.offensive ? 'ETO 4B, 21.1-21.4' : f.naval ? 'ETO 12.3, 16.1 (step 2, air-naval attacks)' : 'ETO 12.3 (step 4, air movement)', kind: 'air', groups,
      text: f.offensive ? 'Air offensive: choose a unit and its target or a change of base, or end the offensive'
        : f.naval ? 'Air-naval attacks: send bombers against enemy ships in coastal hexes and ports, or end the step'
          : 'Air movement: change base or attack enemy air units at their base, or end the step',
      choices: [{ action: { type: 'air-done' }, label: f.offensive ? 'End the air offensive' : f.naval ? 'End air-naval attacks' : 'End air movement' }],
    }];
  },
  choicesIn: (s, f, _seat, group) => unitMissions(s, f, group),
  sparseGroups: true, // a raid's flyers out of the target's reach
  groupOf: (_s, _f, _seat, a) => (['raid', 'rebase', 'raid-add', 'air-transport', 'air-supply'].includes(a.type) && typeof a.air === 'string' ? a.air : null),
  explain: (s, f, seat, a) => explainAirTransport(s, f, a) ?? explainAirSupply(s, f, a) ?? explainMission(s, f, seat, a),
  act(ctx, f, _seat, a: AirAction) {
    const s = ctx.state;
    const l = landOf(s);
    if (a.type === 'air-done') {
      // 4B D: every unit that flew in the air offensive is marked previously committed.
      if (f.offensive) for (const [id, u] of Object.entries(l.air)) if (u.side === f.side && u.committed === 'CC') write(s, 'land', 'air', id).committed = 'PC';
      ctx.pop();
      return;
    }
    if (a.type === 'rebase') {
      const u = l.air[a.air]!;
      // The settled state before the action: its route facts are known (the same air environment as `s`).
      const route = [...rebaseRoutes(ctx.settled ?? s, u).get(a.to)!];
      startMission(ctx, { side: f.side, kind: 'rebase', units: [u.id], to: a.to, path: route, offensive: f.offensive });
      return;
    }
    if (a.type === 'air-transport') {
      const u = l.air[a.air]!;
      appendToLand(s, 'atpUsed', u.id); // 18.5: no paradrop this turn
      startMission(ctx, { side: f.side, kind: 'transport', units: [u.id], to: a.to, path: flightPath(s, u.base!, a.to, u.range)!, offensive: false, cargo: a.unit });
      return;
    }
    if (a.type === 'air-supply') {
      const u = l.air[a.air]!;
      appendToLand(s, 'atpUsed', u.id); // 18.5: no paradrop this turn
      startMission(ctx, { side: f.side, kind: 'transport', units: [u.id], to: a.to, path: flightPath(s, u.base!, a.to, u.range)!, offensive: false, supply: true });
      return;
    }
    if (a.type === 'raid') { f.raid = { to: a.to, kind: a.kind, units: [a.air] }; return; }
    if (a.type === 'raid-add') { f.raid!.units.push(a.air); return; }
    if (a.type === 'raid-fly') {
      const r = f.raid!;
      f.raid = null;
      // The raid flies on the line of its first unit; the others join it (13.6).
      const first = l.air[r.units[0]!]!;
      const path = flightPath(s, first.base!, r.to, first.range)!;
      startMission(ctx, { side: f.side, kind: r.kind, units: r.units, to: r.to, path, offensive: f.offensive });
    }
  },
};

/** 11.2: a submarine at sea (not in a port) is attacked from the air only once found. */
const submergedAt = (s: EtoState, id: string): boolean => s.ships[id]!.type === 'SS' && !s.ships[id]!.inPort;

/** 11.2: the air search for a submarine at sea: a die + the bombers there, -2 in winter weather; 7 or more finds it. */
function subFound(ctx: Ctx<EtoState>, id: string, bombers: number): boolean {
  const s = ctx.state;
  const sub = s.ships[id]!;
  const winter = hexWeather(landOf(s), s.weather, sub.space) === 'winter' ? -2 : 0;
  const d = ctx.roll(6, 1, `Air search for ${sub.name}: +${bombers} for the bombers${winter ? ', -2 winter weather' : ''}; 7 or more finds it`, 'ETO 11.2').total;
  const found = d + bombers + winter >= 7;
  ctx.log(`${d + bombers + winter}: ${sub.name} ${found ? 'is found' : 'is not found'}`, 'ETO 11.2');
  return found;
}

/** Step 2 (16.1, 16.5): does any bomber of `side` reach enemy ships in a hex? */
export function airNavalTargets(s: EtoState, side: Side): boolean {
  if (!s.land) return false;
  const f: AirStepFrame = { proc: 'air-step', side, offensive: false, naval: true, raid: null };
  return flyers(s, f).some((a) => raidTargets(s, f, a).length > 0);
}

/** Air units of the side are in play in this scenario. */
export const hasAir = (s: EtoState, side: Side): boolean => !!s.land && Object.values(s.land.air).some((a) => a.side === side && a.where === 'map');


/** Issue 20: a refused mission names the limit that forbids it (the unit, its target, its range or its flight line). */
function explainMission(s: EtoState, f: AirStepFrame, _seat: string, a: Action): { rule: string; message: string } | null {
  if (!['raid', 'rebase', 'raid-add'].includes(a.type) || typeof a.air !== 'string') return null;
  const l = landOf(s);
  const u = l.air[a.air];
  if (!u || u.side !== f.side || u.where !== 'map' || !u.base) return { rule: 'ETO 12.0', message: `${a.air} is not one of your air units at a base` };
  if (l.flown.includes(u.id)) return { rule: 'ETO 12.3', message: `${u.name} has already flown its mission this step` };
  if (grounded(s, u.base)) return { rule: 'ETO 1.4', message: `${u.name}'s base ${placeName(l, u.base)} is in a grounded weather zone` };
  if (f.offensive && u.committed !== 'none') return { rule: 'ETO 21.1', message: `${u.name} is committed: only uncommitted units fly in an air offensive` };
  if (a.type === 'raid-add') {
    if (!f.raid) return { rule: 'ETO 13.6', message: 'no raid is being assembled' };
    if (f.raid.units.includes(u.id)) return { rule: 'ETO 13.6', message: `${u.name} is already in the raid` };
    return flightRefusal(s, u, f.raid.to);
  }
  const to = typeof a.to === 'string' ? a.to : '';
  if (!layerHex(l, to)) return { rule: 'ETO 12.3', message: `${to || 'that place'} is not a hex of the scenario's map` };
  const name = placeName(l, to);
  if (f.raid) return { rule: 'ETO 13.6', message: `a raid on ${placeName(l, f.raid.to)} is being assembled: add units to it or fly it` };
  if (a.type === 'rebase') {
    if (f.naval) return { rule: 'ETO 12.3', message: 'step 2 flies air-naval attacks; bases are changed in step 4' };
    if (f.offensive && u.kind === 'atp') return { rule: 'ETO 18.1, 21.1', message: `${u.name} is no air unit: it does not fly in an air offensive` };
    if (controller(l, to) !== f.side || baseSlots(l, to) === 0) return { rule: 'ETO 13.2', message: `${name} is no friendly air base` };
    if (!hasRoom(l, f.side, to)) return { rule: 'ETO 13.4', message: `the air bases of ${name} are full: a base already in use is never a change of base's destination` };
    if (grounded(s, to)) return { rule: 'ETO 1.4', message: `${name} is in a grounded weather zone` };
    if (dist(u.base, to) <= 2 * u.range) return { rule: 'ETO 13.1', message: `no flight line to ${name} avoids neutral land and grounded zones` };
    return { rule: 'ETO 12.3', message: `${name} is beyond three hops of ${2 * u.range} hexes (twice ${u.name}'s range) between friendly air bases` };
  }
  if (u.kind === 'atp') return { rule: 'ETO 12.1', message: 'transport aircraft are no air units: they carry troops and supply, never raid' };
  if (controller(l, to) !== otherSide(f.side)) return { rule: 'ETO 12.3', message: `${name} is not enemy-held` };
  if (a.kind === 'bomb') {
    if (!f.offensive) return { rule: 'ETO 21.4', message: 'installations are bombed only in an air offensive' };
    if (u.kind === 'fighter') return { rule: 'ETO 12.1', message: `${u.name} is a fighter: fighters attack air units only` };
    if (!isInstallation(l, to)) return { rule: 'ETO 21.5', message: `${name} has no installation left to bomb` };
  } else {
    if (u.kind === 'bomber') return { rule: 'ETO 12.3', message: `${u.name} is a bomber: air units at a base are attacked by fighters` };
    if (!basedAt(l, to).some((x) => x.side !== f.side)) return { rule: 'ETO 12.3', message: `no enemy air unit is based at ${name}` };
    if (f.offensive && u.kind !== 'fighter' && isInstallation(l, to)) return { rule: 'ETO 12.1', message: `${u.name} flies as a bomber against the installations of ${name} in an air offensive (one mission type per mission)` };
  }
  return flightRefusal(s, u, to);
}

/** 13.0, 13.1: a target out of the unit's range, or one no allowed flight line reaches. */
function flightRefusal(s: EtoState, u: AirUnit, to: string): { rule: string; message: string } | null {
  const l = landOf(s);
  if (dist(u.base!, to) > u.range) return { rule: 'ETO 13.0', message: `${placeName(l, to)} is ${dist(u.base!, to)} hexes from ${u.name}'s base; its range is ${u.range}` };
  if (!flightPath(s, u.base!, to, u.range)) return { rule: 'ETO 13.1, 1.4', message: `no flight line within ${u.name}'s range reaches ${placeName(l, to)} without crossing neutral land or a grounded zone` };
  return null;
}

// ---------------------------------------------------------------- land-based air against ships (14.0, 16.1-16.5)

/** 12.4, 16.3: the air units that may intercept ships: bombers, and fighter-bombers flying as bombers. */
const antiShip = (a: AirUnit): boolean => a.kind === 'bomber' || a.kind === 'fighter-bomber';

/** 16.2: a bomber's attacks: its strength, or half of an underlined strength (rounded down, at most 4). */
export function airNavalAttacks(a: AirUnit): number {
  const str = airStrength(a);
  return a.underlined ? Math.min(4, Math.floor(str / 2)) : str;
}

/** 16.3: +2 for a land-based bomber or fighter-bomber attacking a named ship (BB, CV, CA); none against squadrons or STPs. */
export const landBasedBonus = (named: boolean): number => (named ? 2 : 0);

/**
 * 16.4: the highest bombing roll that hits the bomber: 3 for a ship in a major port, 2 in a minor port or in a stack of
 * ten or more naval units (STPs not counted), else 0 (no anti-aircraft fire).
 */
export function antiAircraft(s: EtoState, ship: string): number {
  const t = s.ships[ship]!;
  const port = navalMap(s).coastal.get(t.space)?.port;
  if (t.inPort && port === 'major') return 3;
  const stack = Object.values(s.ships).filter((x) => !x.sunk && x.side === t.side && x.space === t.space && x.inPort === t.inPort && x.type !== 'STP');
  return (t.inPort && port === 'minor') || stack.length >= 10 ? 2 : 0;
}

/** 16.5: a naval space that land-based air reaches: a coastal hex or port (the hex of a gridded sea area is not kept, ruling 65). */
export const airReachesShips = (s: EtoState, space: string): boolean => !!s.land && navalMap(s).coastal.has(space);

export interface ShipInterceptFrame extends Frame {
  /** The intercepting side. */
  side: Side;
  space: string;
  /** The moving stack. */
  ships: string[];
  chosen: string[];
  stage: 'choose' | 'fly' | 'strike';
  next: number;
  out: string[];
}

/** 12.4, 14.1, 14.4, 16.5: the side's bombers that may fly to `space` now: not flown this step, not grounded, in range along a flight line. */
function shipInterceptors(s: EtoState, side: Side, space: string, chosen: readonly string[]): { a: AirUnit; path: string[] }[] {
  const l = landOf(s);
  const out: { a: AirUnit; path: string[] }[] = [];
  for (const a of Object.values(l.air).sort((x, y) => x.id.localeCompare(y.id))) {
    if (a.side !== side || a.where !== 'map' || !a.base || !antiShip(a) || l.flown.includes(a.id) || chosen.includes(a.id) || grounded(s, a.base)) continue;
    if (dist(a.base, space) > a.range) continue;
    const path = flightPath(s, a.base, space, a.range);
    if (path) out.push({ a, path });
  }
  return out;
}

/** Pushes the enemy's chance to intercept `ships` (of `mover`) in `space` with land-based bombers (sequence of play 3, step 1; 16.5). */
export function offerShipInterception(ctx: Ctx<EtoState>, mover: Side, ships: string[], space: string): void {
  const s = ctx.state;
  const side = otherSide(mover);
  if (!airReachesShips(s, space) || !shipInterceptors(s, side, space, []).length) return;
  ctx.push('air-ship-intercept', { side, space, ships, chosen: [], stage: 'choose', next: 0, out: [] });
}

const shipsHere = (s: EtoState, f: { space: string; ships: string[] }): string[] =>
  alive(s, f.ships).filter((id) => s.ships[id]!.space === f.space);

export const airShipIntercept: Procedure<EtoState, ShipInterceptFrame> = {
  prompts(s, f) {
    if (f.stage !== 'choose' || !shipsHere(s, f).length) return [];
    const l = landOf(s);
    const cands = shipInterceptors(s, f.side, f.space, f.chosen);
    if (!cands.length && !f.chosen.length) return [];
    const targets = shipsHere(s, f);
    return [{
      seat: f.side, rule: 'ETO 14.0, 16.5', kind: 'intercept',
      text: `Enemy ${targets.map((id) => s.ships[id]!.name).join(', ')} in ${placeName(l, f.space)}: intercept with bombers?`,
      choices: [
        ...cands.map(({ a, path }): Choice => ({
          action: { type: 'intercept-ship', air: a.id }, label: `${a.name} at ${placeName(l, a.base!)} intercepts`,
          refs: { units: [a.id], from: a.base!, place: f.space, path: path.slice(1), targets },
        })),
        { action: { type: 'intercept-done' }, label: f.chosen.length ? 'Intercept with the chosen bombers' : 'No interception', refs: { place: f.space, targets } },
      ],
    }];
  },
  act(ctx, f, _seat, a: AirAction) {
    const l = landOf(ctx.state);
    if (a.type === 'intercept-ship') {
      f.chosen.push(a.air);
      write(ctx.state, 'land', 'flown').push(a.air);
      ctx.log(`${l.air[a.air]!.name} flies from ${placeName(l, l.air[a.air]!.base!)} to intercept the ships in ${placeName(l, f.space)}`, 'ETO 14.1, 16.5');
      return;
    }
    if (a.type === 'intercept-done') f.stage = 'fly';
  },
  explain(s, f, _seat, a) {
    if (a.type !== 'intercept-ship' || typeof a.air !== 'string') return null;
    const u = landOf(s).air[a.air];
    if (!u || u.side !== f.side) return { rule: 'ETO 14.0', message: `${a.air} is not one of your air units` };
    if (!antiShip(u)) return { rule: 'ETO 14.0, 12.4', message: `${u.name} is a fighter: only bombers intercept naval units` };
    if (landOf(s).flown.includes(u.id)) return { rule: 'ETO 14.4', message: `${u.name} has already flown an interception this step` };
    return { rule: 'ETO 13.1, 14.1', message: `${u.name} cannot reach ${f.space} within its range ${u.range} (neutral land, grounded zone or distance)` };
  },
  run(ctx, f) {
    const s = ctx.state;
    const l = landOf(s);
    if (f.stage === 'choose') { ctx.pop(); return; } // no bomber left to ask, or the stack is gone
    if (f.stage === 'fly') {
      // 14.2: each bomber may be counter-intercepted along its line by the moving side's fighters (and so on).
      const id = f.chosen[f.next++];
      if (id === undefined) f.stage = 'strike';
      const { proc, ...rest } = f;
      ctx.goto(proc, rest);
      if (id !== undefined) {
        const path = flightPath(s, l.air[id]!.base!, f.space, l.air[id]!.range) ?? [l.air[id]!.base!, f.space];
        ctx.push('air-intercept', { side: otherSide(f.side), flight: [id], path, level: 1, chosen: [], stage: 'choose', next: 0, out: [] });
      }
      return;
    }
    const bombers = f.chosen.filter((id) => l.air[id]!.where === 'map' && !f.out.includes(id));
    ctx.pop();
    if (bombers.length && shipsHere(s, f).length) ctx.push('air-naval-strike', { side: f.side, space: f.space, targets: shipsHere(s, f), bombers, left: airNavalAttacks(l.air[bombers[0]!]!), aa: [] });
  },
  resume(_ctx, f, result: Json | undefined) {
    const r = result as { out?: string[]; aborted?: string[] } | undefined;
    for (const id of [...(r?.out ?? []), ...(r?.aborted ?? [])]) if (!f.out.includes(id)) f.out.push(id);
  },
};

export interface StrikeFrame extends Frame {
  side: Side;
  space: string;
  targets: string[];
  /** Bombers still to attack, the first attacking now with `left` attacks. */
  bombers: string[];
  left: number;
  /** Anti-aircraft hits, one entry per hit, applied after all attacks (16.4). */
  aa: string[];
}

/** 16.1-16.4: the unaborted bombers over the ships attack one at a time, each attack at a ship of the player's choice. */
export const airNavalStrike: Procedure<EtoState, StrikeFrame> = {
  prompts(s, f) {
    const targets = alive(s, f.targets).filter((id) => s.ships[id]!.space === f.space);
    const a = f.bombers[0];
    if (!a || !targets.length || f.left <= 0) return [];
    const l = landOf(s);
    return [{
      seat: f.side, rule: 'ETO 16.1-16.2', kind: 'air-naval-attack',
      text: `${l.air[a]!.name}: ${f.left} attack(s) left over ${placeName(l, f.space)}; choose a ship`,
      choices: [
        ...targets.map((t): Choice => ({ action: { type: 'bomb-ship', target: t }, label: `Attack ${s.ships[t]!.name}`, refs: { units: [a], place: f.space, targets: [t] } })),
        { action: { type: 'no-more-air-attacks' }, label: `No more attacks by ${l.air[a]!.name}`, refs: { units: [a] } },
      ],
    }];
  },
  act(ctx, f, _seat, a: AirAction) {
    const s = ctx.state;
    const l = landOf(s);
    if (a.type === 'no-more-air-attacks') { f.bombers.shift(); f.left = f.bombers[0] ? airNavalAttacks(l.air[f.bombers[0]]!) : 0; return; }
    if (a.type !== 'bomb-ship') return;
    const bomber = l.air[f.bombers[0]!]!;
    const t = s.ships[a.target]!;
    const armor = ratings(t).armor;
    const bonus = landBasedBonus(t.named);
    const d = ctx.roll(6, 2, `${bomber.name} attacks ${t.name} (armor ${armor}${bonus ? `, +${bonus} against a named ship` : ''})`, 'ETO 16.2');
    const total = d.faces[0]! + d.faces[1]!;
    const hit = total + bonus >= armor;
    ctx.log(hit ? `hit${d.faces[0] === d.faces[1] ? ' with doubles' : ''}` : 'miss', 'ETO 16.2');
    if (hit) applyHit(ctx, t.id, d.faces[0] === d.faces[1], 'ETO 16.2');
    if (submergedAt(s, t.id)) f.targets = f.targets.filter((x) => x !== t.id); // 11.2: one attack by one air unit
    if (total <= antiAircraft(s, t.id)) { f.aa.push(bomber.id); ctx.log(`anti-aircraft fire hits ${bomber.name}`, 'ETO 16.4'); }
    if (--f.left <= 0) { f.bombers.shift(); f.left = f.bombers[0] ? airNavalAttacks(l.air[f.bombers[0]]!) : 0; }
  },
  run(ctx, f) {
    // 16.4: anti-aircraft hits take effect after all attacks; hits beyond the bomber's steps are lost.
    for (const id of f.aa) {
      const l = landOf(ctx.state);
      if (l.air[id]!.where === 'map') applyAirHit(ctx, { target: f.space, airIn: [], aborted: [] }, id, 'deplete', 'ETO 16.4');
    }
    ctx.pop();
  },
};

// ---------------------------------------------------------------- air transport (18.1-18.5)

/** 18.3: what an ATP may carry: a paratroop or a step of infantry (a full unit is split, 18.3). */
const airCargo = (u: LandUnit): boolean => u.kind === 'para' || u.kind === 'inf';

/**
 * 18.2-18.5 in step 4: an ATP in supply, not used this turn, carries a unit from its base to another friendly airbase
 * within its range 12 where the unit may stack, flying no grounded zone (ruling 69).
 */
function airTransports(s: EtoState, a: AirUnit): Choice[] {
  const l = landOf(s);
  if (a.kind !== 'atp' || l.atpUsed?.includes(a.id) || !suppliedHexes(l, a.side).has(a.base!)) return [];
  const cargo = unitsAt(l, a.base!).filter((u) => u.side === a.side && u.where === 'map' && airCargo(u)).sort((x, y) => x.id.localeCompare(y.id));
  if (!cargo.length) return [];
  const r = airReach(s, a.base!, a.range);
  const dests = airbases(l, a.side).filter((h) => h !== a.base && dist(a.base!, h) <= a.range && r.has(h) && !grounded(s, h));
  const out: Choice[] = [];
  for (const u of cargo) {
    for (const h of dests) {
      if (u.kind === 'inf' && landUnitsAt(l, h, a.side).length >= stackLimit(l, h)) continue;
      out.push({
        action: { type: 'air-transport', air: a.id, unit: u.id, to: h }, label: `${a.name} flies ${u.name} to ${placeName(l, h)}`,
        refs: { units: [a.id, u.id], from: a.base!, place: h, path: r.path(h).slice(1) },
      });
    }
  }
  return out;
}

/** 32.4: air supply markers a hex holds: one for each airbase there (its city or resource hex, an airfield marker). */
export function airMarkerRoom(l: LandState, h: string): number {
  return (layerHex(l, h)?.feature ? 1 : 0) + (l.airfields.includes(h) ? 1 : 0);
}

/**
 * 32.6 in step 4: an ATP not used this turn, its base on a land supply line (a supply marker may be its source, an
 * air supply marker may not), flies an air supply marker to a friendly airbase within its range 12 that has no
 * supply line (32.4) and room for one more (ruling 77).
 */
export function airSupplyDests(s: EtoState, a: AirUnit): string[] {
  const l = landOf(s);
  if (a.kind !== 'atp' || l.atpUsed?.includes(a.id) || !suppliedHexes(l, a.side, false).has(a.base!)) return [];
  const r = airReach(s, a.base!, a.range);
  const supplied = suppliedHexes(l, a.side);
  const there = (h: string): number => (l.markers ?? []).filter((m) => m.air && m.hex === h).length;
  return airbases(l, a.side).filter((h) => h !== a.base && dist(a.base!, h) <= a.range && r.has(h) && !grounded(s, h) && !supplied.has(h) && there(h) < airMarkerRoom(l, h));
}

function airSupplies(s: EtoState, a: AirUnit): Choice[] {
  const l = landOf(s);
  const r = airReach(s, a.base!, a.range);
  return airSupplyDests(s, a).map((h) => ({
    action: { type: 'air-supply', air: a.id, to: h }, label: `${a.name} flies an air supply marker to ${placeName(l, h)}`,
    refs: { units: [a.id], from: a.base!, place: h, path: r.path(h).slice(1) },
  }));
}

function explainAirSupply(s: EtoState, f: AirStepFrame, a: Action): { rule: string; message: string } | null {
  if (a.type !== 'air-supply' || typeof a.air !== 'string') return null;
  const atp = landOf(s).air[a.air];
  if (!atp || atp.kind !== 'atp' || atp.side !== f.side) return { rule: 'ETO 32.6', message: `${a.air} is not one of your ATPs` };
  if (f.offensive || f.naval) return { rule: 'ETO 32.6', message: 'an air supply marker is flown in step 4 of the Naval and Air phase' };
  return { rule: 'ETO 32.6, 32.4', message: `${atp.name} may fly an air supply marker only from a base on a land supply line, once a turn, to a friendly airbase within ${atp.range} hexes with no supply line and room for it` };
}

/** 18.1-18.3: an ATP that got through lands its unit (a full infantry unit splits, the step left behind from the force pool or lost); one destroyed takes its unit with it. */
function landCargo(ctx: Ctx<EtoState>, f: MissionFrame): void {
  const s = ctx.state;
  const l = landOf(s);
  const atp = l.air[f.units[0]!]!;
  if (f.supply) {
    if (atp.where !== 'map') ctx.log(`The air supply marker is lost with ${atp.name}`, 'ETO 18.1');
    else if (f.out.includes(atp.id)) ctx.log(`${atp.name} is aborted: no air supply marker reaches ${placeName(l, f.to)}`, 'ETO 18.1');
    else {
      appendToLand(s, 'markers', { hex: f.to, side: atp.side, air: true });
      ctx.log(`An air supply marker is landed at ${placeName(l, f.to)}; ${atp.name} returns to ${placeName(l, atp.base!)}`, 'ETO 32.6');
    }
    return;
  }
  const u = l.units[f.cargo!]!;
  if (atp.where !== 'map') {
    write(s, 'land', 'losses')[u.side] += u.depleted ? 1 : u.steps;
    const w = write(s, 'land', 'units', u.id); w.where = 'removed'; w.hex = null;
    ctx.log(`${u.name} is lost with ${atp.name}`, 'ETO 18.1');
    return;
  }
  if (f.out.includes(atp.id)) { ctx.log(`${atp.name} is aborted: ${u.name} stays in ${placeName(l, u.hex!)}`, 'ETO 18.1'); return; }
  if (u.kind === 'inf' && !u.depleted && u.steps > 1) {
    const from = u.hex!;
    write(s, 'land', 'units', u.id).depleted = true;
    const spare = Object.values(l.units).filter((x) => x.where === 'force-pool' && x.kind === 'inf' && x.nation === u.nation).sort((x, y) => x.id.localeCompare(y.id))[0];
    if (spare) { Object.assign(write(s, 'land', 'units', spare.id), { where: 'map', hex: from, depleted: true }); ctx.log(`${u.name} splits: ${spare.name} stays in ${placeName(l, from)}`, 'ETO 18.3'); }
    else { write(s, 'land', 'losses')[u.side]++; ctx.log(`${u.name} splits with no infantry in the force pool: the step left behind is lost`, 'ETO 18.3'); }
  }
  write(s, 'land', 'units', u.id).hex = f.to;
  ctx.log(`${u.name} lands in ${placeName(l, f.to)}; ${atp.name} returns to ${placeName(l, atp.base!)}`, 'ETO 18.2');
}
