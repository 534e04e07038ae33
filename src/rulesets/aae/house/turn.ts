// House rules that happen at fixed points of a turn: Soviet army reservists and Commonwealth reinforcements (turn
// start), the Copenhagen and Gibraltar fortresses (combat phase start), Malta's supply and the war with Japan (turn
// end), rail repairs.
import type { Choice, Ctx, Frame, Procedure } from '../../../engine/index.ts';
import type { Power } from '../data/index.ts';
import type { AaeState, Unit } from '../state.ts';
import { newUnit, removeUnit } from '../units.ts';
import { startRepairs } from './repairs.ts';
import { startOil } from './oil.ts';
import { homeGuardArrives } from './home-guard.ts';
import { fortsFinished } from './new-units.ts';
import { dueEntries } from './production-cycle.ts';
import { startResearch } from './research.ts';
import { titoDue } from './partisan-units.ts';
import { hasSurrendered } from './surrender.ts';
import { AREAS, POWER_NAMES, areaName, controller, enemies, sideOf, unitData } from '../world.ts';

export const RULE_RESERVISTS = 'AAE house rules l.117 (Soviet army reservists)';
export const RULE_COMMONWEALTH = 'AAE house rules l.191 (Commonwealth reinforcements)';
export const RULE_COPENHAGEN = 'AAE house rules l.159 (Copenhagen defences)';
export const RULE_GIBRALTAR = 'AAE house rules l.197 (Gibraltar naval fortress)';
export const RULE_MALTA = 'AAE house rules l.199 (Malta)';
export const RULE_JAPAN = 'AAE house rules l.211 (war with Japan)';

export const MEDITERRANEAN = new Set(['strait-of-gibraltar', 'western-mediterranean', 'tyrrhenian-sea', 'sicilian-sea', 'central-mediterranean', 'adriatic-sea', 'eastern-mediterranean', 'aegean-sea']);

/** At the start of a power's turn. */
export function houseTurnStart(ctx: Ctx<AaeState>, p: Power): void {
  const s = ctx.state;
  s.railUsed = undefined;
  if (s.opts.house.reservists && p === 'ussr' && s.round === 1) reservists(ctx);
  if (s.opts.house.commonwealth && p === 'uk' && s.round <= 4 && COMMONWEALTH_AREAS.some((a) => controller(s, a) === 'uk')) ctx.push('commonwealth', {});
  if (s.opts.house['home-guard'] && p === 'uk') homeGuardArrives(ctx);
  startRepairs(ctx, p);
  if (s.opts.house.research) startResearch(ctx, p);
  if (s.opts.house['production-cycle'] && dueEntries(s, p).length) ctx.push('time-track', { power: p });
  if ((s.opts.house.oil || s.opts.house['oil-raid']) && p === 'germany') startOil(ctx);
  if (p === 'uk' && titoDue(s)) ctx.push('partisans', { nation: 'yugoslav' });
  if (s.opts.house.liberation && p === 'usa' && s.ipcs.usa >= FRENCH_COST && liberatedFrance(s).length) ctx.push('liberation', {});
}

// ---------------------------------------------------------------------------------------------------------------
// Soviet army reservists (l.117): 10 dice on the first Soviet turn.

/** Even dice: an infantry placed now in a Soviet territory each; odd dice: a free infantry bought each. */
export function reservistsFrom(faces: number[]): { now: number; builds: number } {
  const now = faces.filter((x) => x % 2 === 0).length;
  return { now, builds: faces.length - now };
}

function reservists(ctx: Ctx<AaeState>): void {
  const s = ctx.state;
  const r = ctx.roll(6, 10, 'Soviet army reservists', RULE_RESERVISTS);
  const { now, builds } = reservistsFrom(r.faces);
  for (let i = 0; i < builds; i++) s.pending.ussr.push('infantry');
  ctx.log(`Soviet army reservists: ${now} infantry placed now, ${builds} added to this turn's builds`, RULE_RESERVISTS);
  if (now > 0) ctx.push('reservists', { left: now, used: [] });
}

interface ReservistsFrame extends Frame { left: number; used: string[] }

/** "One per friendly area": each of the infantry in a different Soviet-held territory (ruling). */
export const reservistsPlace: Procedure<AaeState, ReservistsFrame> = {
  prompts(s, f) {
    const places = [...AREAS.values()].filter((a) => a.kind === 'land' && controller(s, a.id) === 'ussr' && !f.used.includes(a.id)).map((a) => a.id).sort();
    if (f.left <= 0 || places.length === 0) return [];
    return [{
      seat: 'ussr', rule: RULE_RESERVISTS, kind: 'place',
      text: `Army reservists: place an infantry in a Soviet territory (${f.left} to place, one per territory)`,
      choices: places.map((at) => ({ action: { type: 'place', at }, label: `place infantry in ${areaName(at)}`, refs: { place: at } })),
    }];
  },
  run(ctx) { ctx.pop(); },
  act(ctx, f, _seat, a) {
    newUnit(ctx.state, 'infantry', 'ussr', a.at as string);
    ctx.goto('reservists', { left: f.left - 1, used: [...f.used, a.at as string] });
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Commonwealth reinforcements (l.191): turns 1-4, a free British infantry in Iraq or Egypt ("Cairo / Suez").

const COMMONWEALTH_AREAS = ['iraq', 'egypt'];

export const commonwealth: Procedure<AaeState, Frame> = {
  prompts(s) {
    const choices: Choice[] = COMMONWEALTH_AREAS.filter((a) => controller(s, a) === 'uk')
      .map((at) => ({ action: { type: 'place', at }, label: `place the free infantry in ${areaName(at)}`, refs: { place: at } }));
    choices.push({ action: { type: 'place', at: null }, label: 'decline it' });
    return [{ seat: 'uk', rule: RULE_COMMONWEALTH, kind: 'place', text: 'Reinforcements from the Commonwealth: a free infantry in Iraq or Egypt', choices }];
  },
  act(ctx, _f, _seat, a) {
    if (a.at) {
      newUnit(ctx.state, 'infantry', 'uk', a.at as string);
      ctx.log(`A Commonwealth infantry arrives in ${areaName(a.at as string)}`, RULE_COMMONWEALTH);
    }
    ctx.pop();
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Liberation (l.187): at the start of the US turn, one French infantry (3 IPCs) in a French territory the United
// States holds with a US unit there (France, Eastern France, Vichy France). It is a US piece of the French nation.

export const RULE_LIBERATION = 'AAE house rules l.187 (French liberation)';
const FRENCH_AREAS = ['france', 'eastern-france', 'vichy-france'];
const FRENCH_COST = 3;

export function liberatedFrance(s: AaeState): string[] {
  return FRENCH_AREAS.filter((a) => controller(s, a) === 'usa' && s.units.some((u) => u.at === a && u.power === 'usa'));
}

export const liberation: Procedure<AaeState, Frame> = {
  prompts(s) {
    const choices: Choice[] = liberatedFrance(s)
      .map((at) => ({ action: { type: 'place', at }, label: `build a French infantry in ${areaName(at)} (${FRENCH_COST} IPCs)`, refs: { place: at } }));
    choices.push({ action: { type: 'place', at: null }, label: 'build none' });
    return [{ seat: 'usa', rule: RULE_LIBERATION, kind: 'place', text: 'Liberation: build one French infantry in liberated France?', choices }];
  },
  act(ctx, _f, _seat, a) {
    if (a.at) {
      const s = ctx.state;
      newUnit(s, 'infantry', 'usa', a.at as string).nation = 'france';
      s.ipcs.usa -= FRENCH_COST;
      ctx.log(`A French infantry is raised in ${areaName(a.at as string)}`, RULE_LIBERATION);
    }
    ctx.pop();
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Copenhagen (l.159) and Gibraltar (l.197): fire at enemy ships in their sea zone when the combat phase begins.

/** Hits a fortress die scores on one ship (the roll as rolled; the modifier applied here). */
export function fortressHits(fortress: 'copenhagen' | 'gibraltar', ship: Unit['type'], face: number): number {
  const roll = face - (ship === 'destroyer' ? 1 : ship === 'submarine' ? 2 : 0);
  if (fortress === 'copenhagen') return roll >= 5 ? 2 : roll >= 2 ? 1 : 0;
  return roll >= 6 ? 2 : roll >= 3 ? 1 : 0;
}

const FORTRESSES = [
  { id: 'copenhagen' as const, zone: 'danish-sea', land: 'denmark', side: 'axis', rule: RULE_COPENHAGEN, name: 'The Copenhagen defences' },
  { id: 'gibraltar' as const, zone: 'strait-of-gibraltar', land: 'gibraltar', side: 'allies', rule: RULE_GIBRALTAR, name: 'The Gibraltar fortress' },
];

export function fortressesFire(ctx: Ctx<AaeState>): void {
  const s = ctx.state;
  if (!s.opts.house.fortresses) return;
  for (const f of FORTRESSES) {
    const holder = controller(s, f.land);
    if (!holder || sideOf(holder) !== f.side || !enemies(holder, s.power)) continue;
    const ships = s.units.filter((u) => u.at === f.zone && u.power === s.power && unitData(u.type).domain === 'sea');
    if (!ships.length) continue;
    const r = ctx.roll(6, ships.length, `${f.name}: one die per ${POWER_NAMES[s.power]} ship in ${areaName(f.zone)}`, f.rule, { each: true });
    ships.forEach((u, i) => {
      const hits = fortressHits(f.id, u.type, r.faces[i]!);
      if (!hits) return;
      const left = (unitData(u.type).hits ?? 1) - (u.damage ?? 0) - hits;
      if (left > 0) { u.damage = (u.damage ?? 0) + hits; ctx.log(`${f.name} damage a ${unitData(u.type).name.toLowerCase()}`, f.rule); return; }
      ctx.log(`${f.name} sink a ${POWER_NAMES[u.power]} ${unitData(u.type).name.toLowerCase()} (${hits} hit${hits > 1 ? 's' : ''})`, f.rule);
      removeUnit(s, u.id);
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// At the end of each turn: Malta (l.199), the war with Japan (l.211), rail repairs (l.68).

/** Malta starves: no British ship in the Mediterranean while an Axis warship (not a transport) is there. */
export function maltaStarves(s: AaeState): boolean {
  if (controller(s, 'malta') !== 'uk' || !s.units.some((u) => u.at === 'malta' && u.power === 'uk')) return false;
  const ukNavy = s.units.some((u) => u.power === 'uk' && MEDITERRANEAN.has(u.at) && unitData(u.type).domain === 'sea');
  const axisNavy = s.units.some((u) => sideOf(u.power) === 'axis' && MEDITERRANEAN.has(u.at) && unitData(u.type).domain === 'sea' && u.type !== 'transport');
  return !ukNavy && axisNavy;
}

export function houseTurnEnd(ctx: Ctx<AaeState>, p: Power): void {
  const s = ctx.state;
  if (s.railDamage) {
    const left = Object.fromEntries(Object.entries(s.railDamage).filter(([a]) => controller(s, a) !== p));
    s.railDamage = Object.keys(left).length ? left : undefined;
  }
  if (s.opts.house.malta && maltaStarves(s)) {
    const cheapest = s.units.filter((u) => u.at === 'malta' && u.power === 'uk').sort((a, b) => unitData(a.type).cost - unitData(b.type).cost)[0]!;
    ctx.log(`Malta starves: the British lose a ${unitData(cheapest.type).name.toLowerCase()} there`, RULE_MALTA);
    removeUnit(s, cheapest.id);
  }
  if (s.opts.house.japan && p === 'uk') warWithJapan(ctx);
  if (s.opts.house.forts) fortsFinished(ctx, p);
}

function warWithJapan(ctx: Ctx<AaeState>): void {
  const s = ctx.state;
  const send = (t: Unit['type']): boolean => {
    const u = s.units.find((x) => x.power === 'uk' && x.type === t);
    if (!u) return false;
    ctx.log(`War with Japan: a British ${unitData(t).name.toLowerCase()} leaves for the Far East from ${areaName(u.at)}`, RULE_JAPAN);
    removeUnit(s, u.id);
    return true;
  };
  if (s.round === 3) send('destroyer');
  if (s.round === 4) {
    for (const t of ['battleship', 'carrier'] as const) if (send(t)) s.farEast = [...(s.farEast ?? []), t];
    send('fighter');
    ctx.log('War with Japan: British income falls by 3 for the rest of the game', RULE_JAPAN);
  }
}

/** From turn 6, at the start of the British noncombat move: a capital ship comes back on 1-3 (to the Eastern Mediterranean: ruling). */
export function japanReturn(ctx: Ctx<AaeState>): void {
  const s = ctx.state;
  if (!s.opts.house.japan || s.power !== 'uk') return;
  japanRecall(ctx);
  if (s.round < 6 || !s.farEast?.length) return;
  const r = ctx.roll(6, 1, 'War with Japan: does a capital ship come back?', RULE_JAPAN);
  if (r.faces[0]! > 3) return;
  const [t, ...rest] = s.farEast;
  s.farEast = rest.length ? rest : undefined;
  newUnit(s, t as Unit['type'], 'uk', 'eastern-mediterranean');
  ctx.log(`War with Japan: a British ${t} comes back to the Eastern Mediterranean`, RULE_JAPAN);
}

/** Capital ships sent east after Italy's surrender (l.211): a battleship, then a carrier. */
const RECALLS = ['battleship', 'carrier'] as const;

/**
 * After Italy has surrendered, at the start of each British noncombat move: on a d6 of 5-6 a battleship (the first
 * time) or a carrier (the second) leaves for the Far East for good, two destroyers instead when there is none (ruling 89).
 */
function japanRecall(ctx: Ctx<AaeState>): void {
  const s = ctx.state;
  const sent = (s.house?.japanRecalls as number | undefined) ?? 0;
  if (sent >= RECALLS.length || !hasSurrendered(s, 'italy')) return;
  if (ctx.roll(6, 1, 'War with Japan: must a capital ship go east?', RULE_JAPAN).faces[0]! < 5) return;
  s.house = { ...(s.house ?? {}), japanRecalls: sent + 1 };
  const t = RECALLS[sent]!;
  const ship = s.units.find((x) => x.power === 'uk' && x.type === t);
  const going = ship ? [ship] : s.units.filter((x) => x.power === 'uk' && x.type === 'destroyer').slice(0, 2);
  for (const u of going) {
    ctx.log(`War with Japan: with Italy out of the war a British ${unitData(u.type).name.toLowerCase()} leaves for the Far East from ${areaName(u.at)}`, RULE_JAPAN);
    for (const c of s.units.filter((x) => x.aboard === u.id)) removeUnit(s, c.id);
    removeUnit(s, u.id);
  }
}
