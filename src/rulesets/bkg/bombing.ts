// Strategic bombardment (advanced 6.5.6) and the research achievements that change it (advanced 7.5: V-weapons, the
// atomic bomb). Aircraft fly to an enemy area to bomb its production for the present quarter; defending aircraft and
// task forces that intercept leave only the attacker's excess aircraft to bomb, the others fight them first.
import { write, type Choice, type Ctx, type Frame, type Procedure, type Prompt } from '../../engine/index.ts';
import { movementRange } from '../../board/index.ts';
import { weatherAt } from './advanced.ts';
import { area, bkgMap } from './map.ts';
import { ENEMY, FRIENDLY, distinct, envFor, type MoveEnv } from './movement.ts';
import { conquer, incomeFrom, isConquered, ownerOf, removeUnit, seatOf, sideOf } from './politics.ts';
import { MAJORS, POWER_NAMES, isMajor, type Major, type Side } from './powers.ts';
import { hasAchievement } from './research.ts';
import { type Battle, type BkgState, type Unit, stepsLeft, strength, unitLabel } from './state.ts';
import { isOutOfSupply } from './supply.ts';
import { effectiveStrength, fireGroup, nations } from './combat-advanced.ts';

const capacity = (units: Unit[]): number => units.reduce((n, u) => n + (u.type === 'hq' ? 0 : stepsLeft(u)), 0);

const RULE = 'BKG advanced 6.5.6';
const V_RULE = 'BKG advanced 7.5 V-Weapons';
const A_RULE = 'BKG advanced 7.5 Atomic Bomb';

/** BP the area gives its controller this quarter, less what bombs destroyed already (advanced 6.5.6: no more). */
export function bombableProduction(s: BkgState, place: string): number {
  const c = s.control[place];
  if (!c) return 0;
  return Math.max(0, incomeFrom(s, c, place).bp - (s.bombed?.[place] ?? 0));
}

/** Production destroyed this quarter in areas whose income goes to `m` (taken from its income, advanced 6.5.6). */
export function bombedIncome(s: BkgState, m: Major): number {
  let n = 0;
  for (const [id, hits] of Object.entries(s.bombed ?? {})) {
    const inc = incomeFrom(s, s.control[id]!, id);
    if (inc.to === m) n += Math.min(hits, inc.bp);
  }
  return n;
}

/** Record `hits` on an area's production for this quarter, at most what it still gives; returns what counted. */
function destroy(s: BkgState, place: string, hits: number): number {
  const n = Math.min(hits, bombableProduction(s, place));
  if (n > 0) s.bombed = { ...(s.bombed ?? {}), [place]: (s.bombed?.[place] ?? 0) + n };
  return n;
}

/** Enemy areas an aircraft may bomb (advanced 6.5.6): within its range over friendly and enemy places (6.1.1), giving
 *  their controller production, and not already a combat of its side other than a bombardment. */
export function bombardmentTargets(env: MoveEnv, u: Unit): string[] {
  const s = env.s;
  if (s.rules !== 'advanced' || u.type !== 'air' || u.done) return [];
  const m = bkgMap();
  const g = m.board;
  const range = 2 + (hasAchievement(s, seatOf(s, u.power), 'long-range') && seatOf(s, u.power) === u.power ? 1 : 0);
  const reach = movementRange(g, g.index(u.where), range, {
    enterCost: (_f, t) => (m.isSea[t] === 1 || env.status[t] === FRIENDLY || env.status[t] === ENEMY ? 1 : Infinity),
  });
  const out: string[] = [];
  for (const n of reach.nodes()) {
    if (m.isSea[n] || env.status[n] !== ENEMY || env.coopBar?.[n]) continue; // optional 9.11: no joint raid
    const id = g.id(n);
    const b = s.battles.find((x) => x.place === id);
    if (b && !b.raid) continue;
    if (bombableProduction(s, id) > 0) out.push(id);
  }
  return out.sort();
}

/** The movement phase's bombardment choices for the aircraft of one place (advanced 6.5.6; the atomic bomb, 7.5). */
export function bombardmentChoices(s: BkgState, seat: Major, units: Unit[], place: string): Choice[] {
  const air = units.filter((u) => u.type === 'air' && !u.done);
  if (!air.length || s.rules !== 'advanced') return [];
  const out: Choice[] = [];
  const atomic = atomicReady(s, seat);
  const byTarget = new Map<string, Unit[]>();
  for (const u of air) for (const to of bombardmentTargets(envFor(s, u.power), u)) byTarget.set(to, [...(byTarget.get(to) ?? []), u]);
  for (const [to, flyers] of byTarget) {
    const name = area(to).name;
    for (const u of distinct(s, flyers)) {
      out.push({ action: { type: 'bomb', units: [u.id], to }, label: `${unitLabel(u)} bombs the production of ${name}`, refs: { units: [u.id], from: place, place: to } });
      if (atomic && u.power === seat) out.push({ action: { type: 'bomb', units: [u.id], to, atomic: true }, label: `${unitLabel(u)} carries the atomic bomb to ${name}`, refs: { units: [u.id], from: place, place: to } });
    }
    if (flyers.length > 1) {
      const ids = flyers.map((u) => u.id).sort();
      out.push({ action: { type: 'bomb', units: ids, to }, label: `All aircraft (${flyers.length}) bomb the production of ${name}`, refs: { units: ids, from: place, place: to } });
    }
  }
  return out;
}

/** A major's atomic bomb is ready: researched (7.5) and not yet dropped this quarter (ruling 76: one a quarter). */
function atomicReady(s: BkgState, m: Major): boolean {
  return hasAchievement(s, m, 'atomic-bomb') && !s.effects.includes(`atomic:${m}`);
}

/** Move aircraft on a bombardment mission (advanced 6.5.6); the atomic bomb is announced with its target now (7.5). */
export function flyBombardment(ctx: Ctx<BkgState>, seat: Major, ids: string[], to: string, side: Side, atomic: boolean): void {
  const s = ctx.state;
  const units = ids.map((id) => write(s, 'units', id));
  const from = units[0]!.where;
  for (const u of units) { u.where = to; u.done = true; u.raid = true; u.mp = (u.mp ?? 0) + 1; }
  let b = s.battles.findIndex((x) => x.place === to);
  if (b < 0) { b = s.battles.length; write(s, 'battles').push({ place: to, attacker: side, raid: true }); }
  if (atomic) {
    s.effects = [...s.effects, `atomic:${seat}`];
    write(s, 'battles', b).atomic = ids[0]!;
    ctx.log(`${POWER_NAMES[seat]} announces the atomic bomb: ${unitLabel(units[0]!)} from ${area(from).name} against ${area(to).name}`, A_RULE);
    return;
  }
  ctx.log(`${POWER_NAMES[seat]} ${units.map(unitLabel).join(', ')} fly from ${area(from).name} to bomb the production of ${area(to).name}`, RULE);
}

/** Areas a V-weapon may hit (7.5): within 2 areas or sea zones of an area the major controls, enemy, with production. */
export function vWeaponTargets(s: BkgState, m: Major): string[] {
  if (!hasAchievement(s, m, 'v-weapons') || s.effects.includes(`v-weapons:${m}`) || isConquered(s, m)) return [];
  const map = bkgMap();
  let ring = new Set(map.landIds.filter((id) => s.control[id] === m));
  const seen = new Set(ring);
  for (let d = 0; d < 2; d++) {
    const next = new Set<string>();
    for (const id of ring) for (const n of map.allNbrs[map.board.index(id)]!) if (!seen.has(n)) { seen.add(n); next.add(n); }
    ring = next;
  }
  const env = envFor(s, m);
  return [...seen].filter((id) => !map.isSea[map.board.index(id)] && env.status[map.board.index(id)] === ENEMY && bombableProduction(s, id) > 0).sort();
}

/** The V-weapon choices of a major's movement prompt (7.5; with the atomic bomb aboard when both are researched). */
export function vWeaponChoices(s: BkgState, m: Major): Choice[] {
  if (s.rules !== 'advanced') return [];
  const atomic = atomicReady(s, m);
  return vWeaponTargets(s, m).flatMap((to) => [
    { action: { type: 'v-weapon', to }, label: `V-weapon attack on ${area(to).name}`, refs: { place: to } },
    ...(atomic ? [{ action: { type: 'v-weapon', to, atomic: true }, label: `V-weapon with the atomic bomb on ${area(to).name}`, refs: { place: to } }] : []),
  ]);
}

/** 7.5 V-weapons: one free bombardment of strength 3 a quarter, never intercepted, unmodified; with the atomic bomb
 *  aboard it destroys everything the area produces (and cannot be intercepted either). */
export function fireVWeapon(ctx: Ctx<BkgState>, m: Major, to: string, atomic: boolean): void {
  const s = ctx.state;
  s.effects = [...s.effects, `v-weapons:${m}`, ...(atomic ? [`atomic:${m}`] : [])];
  if (atomic) {
    ctx.log(`${POWER_NAMES[m]} fires a V-weapon carrying the atomic bomb at ${area(to).name}`, A_RULE);
    atomicHit(ctx, to);
    return;
  }
  const r = ctx.roll(6, 1, `${POWER_NAMES[m]} V-weapon on ${area(to).name}`, V_RULE).total;
  const n = r <= 3 ? destroy(s, to, 1) : 0;
  ctx.log(`${POWER_NAMES[m]} V-weapon on ${area(to).name}: ${r}, ${n ? 'its production is 1 lower this quarter' : 'no effect'}`, V_RULE);
}

/** The atomic bomb explodes (7.5): the area's whole production this quarter; a major's home area also gives that
 *  major a collapse point (ruling 77: its owner, while it or an associate holds it). */
function atomicHit(ctx: Ctx<BkgState>, place: string): void {
  const s = ctx.state;
  const n = destroy(s, place, Infinity);
  ctx.log(`The atomic bomb destroys the production of ${area(place).name} this quarter (${n} BP)`, A_RULE);
  const owner = ownerOf(place);
  if (!isMajor(owner) || !area(place).home || sideOf(s, s.control[place]!) !== sideOf(s, owner)) return;
  const prev = s.atomic?.[owner]?.hits ?? 0;
  s.atomic = { ...(s.atomic ?? {}), [owner]: { hits: prev + 1, turn: s.turn } };
  ctx.log(`${POWER_NAMES[owner]} suffers its ${ordinal(prev + 1)} atomic hit`, A_RULE);
}

function ordinal(n: number): string {
  return n === 1 ? 'first' : n === 2 ? 'second' : n === 3 ? 'third' : `${n}th`;
}

/** 7.5 political effect, at the start of the quarter after one with an atomic hit: a die at or under the major's atomic
 *  hits makes it surrender (ruling 77: it counts as conquered for victory, 8.5). */
export function atomicSubmission(ctx: Ctx<BkgState>): void {
  const s = ctx.state;
  for (const m of MAJORS) {
    const a = s.atomic?.[m];
    if (!a || a.turn !== s.turn - 1 || isConquered(s, m)) continue;
    const r = ctx.roll(6, 1, `${POWER_NAMES[m]} atomic collapse roll (${a.hits} ${a.hits === 1 ? 'hit' : 'hits'})`, A_RULE).total;
    if (r > a.hits) { ctx.log(`${POWER_NAMES[m]} rolls ${r}: it fights on`, A_RULE); continue; }
    ctx.log(`${POWER_NAMES[m]} rolls ${r}: it surrenders to the atomic bomb`, A_RULE);
    conquer(ctx, m);
  }
}

/** A bombardment mission fought as such: only aircraft on the mission and escorting task forces of the attacker are
 *  there (land units or ships attacking the area make it an ordinary combat; ruling 76). */
export function isBombardment(s: BkgState, b: Battle): boolean {
  if (!b.raid) return false;
  return !Object.values(s.units).some((u) => u.where === b.place && !u.aboard && sideOf(s, u.power) === b.attacker && !u.raid && !(u.type === 'tf' && u.from));
}

interface BombardmentFrame extends Frame {
  proc: 'bombardment';
  place: string;
  attacker: Side;
  step: 'start' | 'bombers' | 'fight' | 'loss-def' | 'loss-att' | 'bomb' | 'end';
  bombers: string[];
  /** Bombers the attacker may send past the interceptors (its aircraft over and above the defenders'). */
  need: number;
  hitsAtt: number;
  hitsDef: number;
  /** The atomic bomber was hit (7.5: 5 hits on the group, or a hit and a roll of control of 6). */
  intercepted?: boolean;
}

function sideUnits(s: BkgState, f: BombardmentFrame, attacker: boolean): Unit[] {
  return Object.values(s.units).filter((u) => u.where === f.place && !u.aboard && (attacker
    ? sideOf(s, u.power) === f.attacker && (u.raid || (u.type === 'tf' && !!u.from))
    : sideOf(s, u.power) !== f.attacker && sideOf(s, u.power) !== null && (u.type === 'air' || (u.type === 'tf' && !!u.from))));
}

/** The attacker's units that fight the interceptors: all but the bombers (the atomic bomber's group fights whole). */
function fighters(s: BkgState, f: BombardmentFrame): Unit[] {
  const atomic = s.battles.find((b) => b.place === f.place)?.atomic;
  return sideUnits(s, f, true).filter((u) => atomic !== undefined || !f.bombers.includes(u.id));
}

function lossPrompt(s: BkgState, f: BombardmentFrame): Prompt | null {
  const onAtt = f.step === 'loss-att';
  const hits = onAtt ? f.hitsAtt : f.hitsDef;
  const units = onAtt ? fighters(s, f) : sideUnits(s, f, false);
  if (hits <= 0 || hits >= capacity(units)) return null;
  const kinds = distinct(s, units);
  if (kinds.length < 2) return null;
  const seat = seatOf(s, units[0]!.power)!;
  return {
    seat, rule: RULE, kind: 'allocate-loss',
    text: `${area(f.place).name}, air combat over the bombardment: take ${hits} more ${hits === 1 ? 'hit' : 'hits'} (choose a unit for the next)`,
    choices: kinds.map((u) => ({ action: { type: 'hit', unit: u.id }, label: `${u.reduced || u.back === null ? 'Eliminate' : 'Flip'} ${POWER_NAMES[u.power]} ${unitLabel(u)}`, refs: { units: [u.id], place: f.place } })),
    context: { place: f.place, hits },
  };
}

/** Strength of a bomber's die (advanced 6.5.6 with 5.4 weather and 6.1 supply, as for aircraft in combat). */
function bombingStrength(s: BkgState, u: Unit): number {
  return strength(u) - (weatherAt(s, u.where) === 'bad' ? 1 : 0) - (isOutOfSupply(s, u) ? 2 : 0);
}

export const bombardment: Procedure<BkgState, BombardmentFrame> = {
  prompts(s, f) {
    if (f.step === 'bombers') {
      const left = sideUnits(s, f, true).filter((u) => u.type === 'air' && !f.bombers.includes(u.id));
      const seat = seatOf(s, left[0]!.power)!;
      return [{
        seat, rule: RULE, kind: 'bombers',
        text: `${area(f.place).name}: ${f.need - f.bombers.length} more of your aircraft get past the interceptors to bomb; the others fight them. Choose a bomber.`,
        choices: distinct(s, left).map((u) => ({ action: { type: 'bomber', unit: u.id }, label: `${POWER_NAMES[u.power]} ${unitLabel(u)} bombs`, refs: { units: [u.id], place: f.place } })),
      }];
    }
    if (f.step === 'loss-att' || f.step === 'loss-def') {
      const p = lossPrompt(s, f);
      return p ? [p] : [];
    }
    return [];
  },
  run(ctx, f) {
    const s = ctx.state;
    const b = s.battles.find((x) => x.place === f.place)!;
    switch (f.step) {
      case 'start': {
        const att = sideUnits(s, f, true).filter((u) => u.type === 'air');
        const def = sideUnits(s, f, false);
        if (b.atomic) return void ctx.goto('bombardment', { ...f, step: def.length ? 'fight' : 'bomb', bombers: [b.atomic] });
        const need = Math.max(0, att.length - def.length);
        if (def.length) ctx.log(`${area(f.place).name}: ${def.length} intercepting ${def.length === 1 ? 'unit' : 'units'} against ${att.length} aircraft: ${need} may bomb`, RULE);
        if (need === att.length) return void ctx.goto('bombardment', { ...f, step: 'bomb', need, bombers: att.map((u) => u.id) });
        if (need === 0) return void ctx.goto('bombardment', { ...f, step: 'fight', need, bombers: [] });
        if (distinct(s, att).length === 1) return void ctx.goto('bombardment', { ...f, step: 'fight', need, bombers: att.map((u) => u.id).sort().slice(0, need) });
        return void ctx.goto('bombardment', { ...f, step: 'bombers', need, bombers: [] });
      }
      case 'fight': {
        // Ruling 76: one round of air combat, both sides firing at once (air strengths, 6.5.6 air combat segment).
        const mine = fighters(s, f), theirs = sideUnits(s, f, false);
        const group = (us: Unit[], att: boolean, who: string) => ({ who, pool: 'air', units: us.map((u) => ({ u, str: effectiveStrength(s, f.place, f.attacker, u, 'air', att), dice: 1 })) });
        const hitsDef = mine.length ? fireGroup(ctx, group(mine, true, nations(mine)), capacity(theirs), RULE) : 0;
        const hitsAtt = fireGroup(ctx, group(theirs, false, nations(theirs)), capacity(mine), RULE);
        let intercepted: boolean | undefined;
        if (b.atomic) {
          intercepted = hitsAtt >= 5;
          if (!intercepted && hitsAtt >= 1) intercepted = ctx.roll(6, 1, 'Roll of control for the atomic bomber', A_RULE).total === 6;
          ctx.log(`The atomic bomber ${intercepted ? 'is hit: the bomb is lost' : 'gets through'}`, A_RULE);
        }
        return void ctx.goto('bombardment', { ...f, step: 'loss-def', hitsAtt, hitsDef, ...(intercepted !== undefined ? { intercepted } : {}) });
      }
      case 'loss-att':
      case 'loss-def': {
        const onAtt = f.step === 'loss-att';
        const units = onAtt ? fighters(s, f) : sideUnits(s, f, false);
        const hits = onAtt ? f.hitsAtt : f.hitsDef;
        const next = { ...f, step: onAtt ? 'bomb' : 'loss-att', [onAtt ? 'hitsAtt' : 'hitsDef']: 0 } as BombardmentFrame;
        if (hits <= 0 || !units.length) return void ctx.goto('bombardment', next);
        if (hits >= capacity(units)) { // hits enough for all: every unit is eliminated
          for (const u of units) { hit(ctx, u); if (s.units[u.id]) hit(ctx, u); }
          return void ctx.goto('bombardment', next);
        }
        hit(ctx, distinct(s, units)[0]!); // one kind only: no choice to make
        return void ctx.goto('bombardment', { ...f, [onAtt ? 'hitsAtt' : 'hitsDef']: hits - 1 });
      }
      case 'bomb': {
        if (b.atomic) {
          if (!f.intercepted && s.units[b.atomic]) atomicHit(ctx, f.place);
        } else {
          const bombers = f.bombers.map((id) => s.units[id]).filter((u): u is Unit => !!u && u.where === f.place);
          let hits = 0;
          for (const u of bombers) {
            const st = bombingStrength(s, u);
            const r = ctx.roll(6, 1, `${POWER_NAMES[u.power]} ${unitLabel(u)} bombs ${area(f.place).name} at strength ${st}`, RULE).total;
            if (r <= st) hits++;
          }
          const n = destroy(s, f.place, hits);
          if (bombers.length) ctx.log(`Strategic bombardment of ${area(f.place).name}: ${hits} ${hits === 1 ? 'hit' : 'hits'}, ${n} BP of its production destroyed this quarter`, RULE);
        }
        return void ctx.goto('bombardment', { ...f, step: 'end' });
      }
      case 'end': {
        s.battles = s.battles.filter((x) => x.place !== f.place);
        for (const u of Object.values(s.units)) {
          if (u.where !== f.place) continue;
          if (!('raid' in u) && !(u.type === 'tf' && u.from)) continue;
          const w = write(s, 'units', u.id);
          delete w.raid;
          if (w.type === 'tf' && w.from) { w.where = w.from; delete w.from; }
        }
        const flyers = Object.values(s.units).filter((u) => u.where === f.place && u.type === 'air' && !u.aboard);
        ctx.pop();
        if (flyers.length) ctx.push('land-air', { place: f.place, units: flyers.map((u) => u.id) });
        return;
      }
      default:
        throw new Error(`bkg bombardment: step ${f.step} awaits a decision`);
    }
  },
  act(ctx, f, _seat, action) {
    const s = ctx.state;
    if (action.type === 'bomber') {
      const bombers = [...f.bombers, action.unit as string];
      return void ctx.goto('bombardment', { ...f, bombers, step: bombers.length >= f.need ? 'fight' : 'bombers' });
    }
    const onAtt = f.step === 'loss-att';
    hit(ctx, s.units[action.unit as string]!);
    ctx.goto('bombardment', { ...f, [onAtt ? 'hitsAtt' : 'hitsDef']: (onAtt ? f.hitsAtt : f.hitsDef) - 1 });
  },
};

function hit(ctx: Ctx<BkgState>, unit: Unit): void {
  const s = ctx.state;
  const u = s.units[unit.id]!; // the unit as it is now (one read before an earlier hit is the old object)
  if (u.reduced || u.back === null) {
    ctx.log(`${POWER_NAMES[u.power]} ${unitLabel(u)} eliminated`, RULE);
    removeUnit(s, u);
    return;
  }
  const before = unitLabel(u);
  const w = write(s, 'units', u.id);
  w.reduced = true;
  ctx.log(`${POWER_NAMES[w.power]} ${before} flipped to ${unitLabel(w)}`, RULE);
}
