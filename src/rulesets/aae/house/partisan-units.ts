// Partisan units (house rules l.203-209, `hr-partisan-units`, ruling 88): British pieces of the French, Yugoslav and
// Polish nations (attack 1, defence 1) that stand in Axis territory without a battle. They move one area, only in the
// British combat move, and stay in their home country until it is all in Allied hands; combat with them is the phasing
// player's choice (they rise where they stand, or Axis land units attack them). Attacking or defending they may
// disperse after a round, staying where they are (the Poles excepted). An area held through partisans alone yields
// the United Kingdom nothing. Raised: the French once a game during a British invasion of France (1 IPC), the
// Yugoslavs in 1942 and after on even turns, every turn once Italy has surrendered (1 IPC), the Warsaw uprising once
// in a British combat phase of 1943 (d3 + 1) or 1944 (2d3), free, fighting at once.
import type { Choice, Ctx, Frame, Procedure } from '../../../engine/index.ts';
import type { AaeState, Unit } from '../state.ts';
import { newUnit } from '../units.ts';
import type { MoveOption } from '../movement.ts';
import { captureArea } from '../capture.ts';
import { areaName, controller, enemies, enemyLand, enemyUnitsAt, friendlyLand, inPlay, neighboursIn, sideOf, standIn, unitData } from '../world.ts';
import { seasonOf } from './seasons.ts';
import { hasSurrendered } from './surrender.ts';

export const RULE_PARTISAN_UNITS = 'AAE house rules l.203 (partisan units)';
export const RULE_FRENCH_PARTISANS = 'AAE house rules l.205 (French partisans)';
export const RULE_TITO = 'AAE house rules l.207 (Tito)';
export const RULE_WARSAW = 'AAE house rules l.209 (the Warsaw uprising)';

export type PartisanNation = 'french' | 'yugoslav' | 'polish';

/** Each nation's home country (Warsaw on the regional map). */
const HOME: Readonly<Record<PartisanNation, readonly string[]>> = {
  french: ['france', 'eastern-france', 'vichy-france'],
  yugoslav: ['yugoslavia'],
  polish: ['poland', 'east-poland', 'warsaw'],
};

const PARTISAN_COST = 1;

interface PartisanRecord { french?: boolean; warsaw?: boolean }
const record = (s: AaeState): PartisanRecord => (s.house?.partisanUnits as PartisanRecord | undefined) ?? {};
const save = (s: AaeState, r: PartisanRecord) => { s.house = { ...(s.house ?? {}), partisanUnits: r }; };

export const homeOf = (s: AaeState, u: Pick<Unit, 'nation'>): string[] => (HOME[u.nation as PartisanNation] ?? []).filter((a) => inPlay(s, a));
const axisHeld = (s: AaeState, a: string): boolean => { const c = controller(s, a); return c !== null && sideOf(c) === 'axis'; };

/** l.203: the home country entirely in Allied hands lets its partisans leave it. */
export const homeFree = (s: AaeState, u: Pick<Unit, 'nation'>): boolean => homeOf(s, u).every((a) => { const c = controller(s, a); return c !== null && sideOf(c) === 'allies'; });


/** A partisan's moves: the British combat move only, one area, inside its home country until it is free; or it rises where it stands. */
export function partisanMoves(s: AaeState, u: Unit, combat: boolean, reach: MoveOption[]): MoveOption[] {
  if (!combat) return [];
  const free = homeFree(s, u);
  const out = reach.filter((o) => free || homeOf(s, u).includes(o.to));
  if (enemyLand(s, u.at, u.power)) {
    const foes = enemyUnitsAt(s, u.at, u.power).length > 0;
    out.push({ to: u.at, cost: 0, kind: 'move', from: u.at, mission: 'attack', label: foes ? `rise against the Axis in ${areaName(u.at)}` : `take ${areaName(u.at)}` });
  }
  return out;
}

/** Enemy partisans in an area this power's side holds. */
export const partisansIn = (s: AaeState, a: string, p: Unit['power']): boolean =>
  friendlyLand(s, a, p) && s.units.some((x) => x.at === a && x.type === 'partisan' && enemies(x.power, p));

/** l.203: the phasing player's land units may attack partisans in an area its side holds, where they stand or from next door. */
export function attackPartisanMoves(s: AaeState, u: Unit, left: number): MoveOption[] {
  if (!s.opts.house['partisan-units'] || unitData(u.type).domain !== 'land' || unitData(u.type).move === 0) return [];
  const out: MoveOption[] = [];
  if (partisansIn(s, u.at, u.power)) out.push({ to: u.at, cost: 0, kind: 'move', from: u.at, mission: 'attack', label: `attack the partisans in ${areaName(u.at)}` });
  if (left >= 1) {
    for (const n of neighboursIn(s, u.at)) {
      if (n.kind === 'land' && partisansIn(s, n.id, u.power)) out.push({ to: n.id, cost: 1, kind: 'move', from: u.at, mission: 'attack', label: `attack the partisans in ${areaName(n.id)}` });
    }
  }
  return out;
}

/** l.205: a French area the British attack this combat phase (in it, or landing in it). */
function invadingFrance(s: AaeState): boolean {
  const home = homeOf(s, { nation: 'french' });
  return s.units.some((u) => u.power === 'uk' && unitData(u.type).domain === 'land' && u.type !== 'partisan'
    && ((home.includes(u.at) && (u.combatMoved || u.mission === 'attack') && axisHeld(s, u.at)) || (u.landing !== undefined && home.includes(u.landing))));
}

const warsaw = (s: AaeState): string => standIn(s, 'warsaw');

/** At the start of the British combat phase: the French partisans (once, with an invasion) and the Warsaw uprising (once, 1943-44). */
export function callPartisans(ctx: Ctx<AaeState>): void {
  const s = ctx.state;
  if (!s.opts.house['partisan-units'] || s.power !== 'uk') return;
  const r = record(s);
  const year = seasonOf(s.round).year;
  if (!r.warsaw && (year === 1943 || year === 1944) && axisHeld(s, warsaw(s))) ctx.push('partisans', { nation: 'polish' });
  if (!r.french && s.ipcs.uk >= PARTISAN_COST && invadingFrance(s) && frenchAreas(s).length) ctx.push('partisans', { nation: 'french' });
}

/** At the start of the British turn: Tito's partisans (l.207). */
export function titoDue(s: AaeState): boolean {
  if (!s.opts.house['partisan-units'] || s.ipcs.uk < PARTISAN_COST || !axisHeld(s, 'yugoslavia')) return false;
  return seasonOf(s.round).year >= 1942 && (s.round % 2 === 0 || hasSurrendered(s, 'italy'));
}

const frenchAreas = (s: AaeState): string[] => homeOf(s, { nation: 'french' }).filter((a) => axisHeld(s, a));

interface PartisanFrame extends Frame { nation: PartisanNation }

export const partisans: Procedure<AaeState, PartisanFrame> = {
  prompts(s, f) {
    if (f.nation === 'polish') {
      return [{ seat: 'uk', rule: RULE_WARSAW, kind: 'partisans', text: `The Warsaw uprising (once a game, ${seasonOf(s.round).year === 1943 ? 'd3 + 1' : '2d3'} Polish partisans, free): rise now?`, choices: [
        { action: { type: 'partisans', at: warsaw(s) }, label: `rise in ${areaName(warsaw(s))}`, refs: { place: warsaw(s) } },
        { action: { type: 'partisans', at: null }, label: 'not now' },
      ] }];
    }
    const places = f.nation === 'french' ? frenchAreas(s) : ['yugoslavia'];
    const choices: Choice[] = places.map((at) => ({ action: { type: 'partisans', at }, label: `raise a ${f.nation === 'french' ? 'French' : 'Yugoslav'} partisan in ${areaName(at)} (${PARTISAN_COST} IPC)`, refs: { place: at } }));
    choices.push({ action: { type: 'partisans', at: null }, label: 'raise none' });
    return [{ seat: 'uk', rule: f.nation === 'french' ? RULE_FRENCH_PARTISANS : RULE_TITO, kind: 'partisans', text: f.nation === 'french' ? 'The invasion of France: raise the French partisans (once a game)?' : 'Tito: raise a partisan in Yugoslavia?', choices }];
  },
  act(ctx, f, _seat, a) {
    const s = ctx.state;
    const at = a.at as string | null;
    ctx.pop();
    if (!at) return;
    if (f.nation === 'polish') return warsawUprising(ctx, at);
    s.ipcs.uk -= PARTISAN_COST;
    newUnit(s, 'partisan', 'uk', at).nation = f.nation;
    if (f.nation === 'french') save(s, { ...record(s), french: true });
    ctx.log(`A ${f.nation === 'french' ? 'French' : 'Yugoslav'} partisan rises in ${areaName(at)}`, f.nation === 'french' ? RULE_FRENCH_PARTISANS : RULE_TITO);
  },
};

/** l.209: d3 + 1 partisans in 1943, 2d3 in 1944 (a d3 is a d6 halved, rounded up); they attack the Axis there at once and may not retreat. */
function warsawUprising(ctx: Ctx<AaeState>, at: string): void {
  const s = ctx.state;
  save(s, { ...record(s), warsaw: true });
  const y1943 = seasonOf(s.round).year === 1943;
  const faces = ctx.roll(6, y1943 ? 1 : 2, 'the Warsaw uprising', RULE_WARSAW, { each: true }).faces;
  const n = faces.reduce((x, f) => x + Math.ceil(f / 2), 0) + (y1943 ? 1 : 0);
  for (let i = 0; i < n; i++) Object.assign(newUnit(s, 'partisan', 'uk', at), { nation: 'polish', mission: 'attack', done: true, combatMoved: true });
  ctx.log(`The Warsaw uprising: ${n} Polish partisans rise in ${areaName(at)}`, RULE_WARSAW);
  if (enemyUnitsAt(s, at, 'uk').length === 0) captureArea(ctx, at, 'uk', RULE_WARSAW);
  else if (!s.battles.some((b) => b.area === at)) s.battles.push({ area: at, kind: 'land' });
}

/** l.203: an area the United Kingdom holds through partisans alone gives it no income. */
export function heldByPartisans(s: AaeState, a: string): boolean {
  const here = s.units.filter((u) => u.at === a && unitData(u.type).domain === 'land' && sideOf(u.power) === 'allies');
  return here.length > 0 && here.every((u) => u.type === 'partisan');
}

/** Partisans that may disperse after a round (l.203): all of the side's land units in the battle are partisans, none Polish (l.209). */
export function mayDisperse(us: Unit[]): boolean {
  const land = us.filter((u) => unitData(u.type).domain === 'land');
  return land.length > 0 && land.every((u) => u.type === 'partisan' && u.nation !== 'polish');
}
