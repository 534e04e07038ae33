// Combat (basic 6.2): one area or sea zone at a time; the phasing side fires first, the other returns fire at the
// strength it had when the round began; owners take their hits; retreats (6.2.3), forced retreats (6.2.4), the end
// of a combat (6.2.5) with control (6.4) and aircraft returning to base (6.1.1).
import { write, type Frame, type Choice, type Ctx, type Procedure, type Prompt } from '../../engine/index.ts';
import { area, bkgMap, isPointIsland, isSeaZone, landNeighbours, seaNeighbours } from './map.ts';
import { coopMayStop, describeUnits, distinct, envFor, FRIENDLY, ENEMY, unitsByPlace } from './movement.ts';
import { endSearches, pendingContacts } from './naval.ts';
import { cardData, holdsPlayable, spendCard } from './cards.ts';
import { movementRange } from '../../board/index.ts';
import { isBombardment } from './bombing.ts';
import { atWar, commander, conquer, coopForbidsEntry, friendly, isBelligerent, isConquered, leaderOf, newController, ownerOf, quartersAtWar, removeUnit, seatOf, setControl, sideOf } from './politics.ts';
import { MAJORS, POWER_NAMES, otherSide, sideOfMajor, isMajor, type Major, type Side } from './powers.ts';
import { bkgData } from './data/index.ts';
import { type Battle, type BkgState, type Unit, isLandUnit, isShip, optional, quarterOf, stepsLeft, strength, unitLabel } from './state.ts';
import { type Assignment, type FireGroup, type Pools, POOL_NAMES, POOL_ORDER, assignmentChoices, effectiveStrength, fireGroup, forcedAssignment, isFlyer, poolTargets } from './combat-advanced.ts';

/** The units fighting at a place: each side's units there at war with some unit of the other side. `byPlace`
 *  (unitsByPlace): one pass over the units for a question about every battle of the phase. */
export function battleSides(s: BkgState, b: Battle, byPlace?: Map<string, Unit[]>): { att: Unit[]; def: Unit[] } {
  const { a0, d0 } = sidesHere(s, b, byPlace);
  const att = a0.filter((u) => d0.some((v) => atWar(s, u.power, v.power)));
  const def = d0.filter((u) => a0.some((v) => atWar(s, u.power, v.power)));
  return { att, def };
}

/** Every unit of each side at the place, at war or not (what is left when a combat ends). */
export function sidesHere(s: BkgState, b: Battle, byPlace?: Map<string, Unit[]>): { a0: Unit[]; d0: Unit[] } {
  const a0: Unit[] = [], d0: Unit[] = [];
  if (byPlace) {
    for (const u of byPlace.get(b.place) ?? []) {
      if (u.aboard) continue;
      const side = sideOf(s, u.power);
      if (side === b.attacker) a0.push(u);
      else if (side !== null) d0.push(u);
    }
    return { a0, d0 };
  }
  // One pass without a copy of the record: the combat steps and their prompts ask this on every step of a round.
  const units = s.units;
  for (const id in units) {
    const u = units[id]!;
    if (u.where !== b.place || u.aboard) continue;
    const side = sideOf(s, u.power);
    if (side === b.attacker) a0.push(u);
    else if (side !== null) d0.push(u);
  }
  return { a0, d0 };
}

/** Defenders still to take the hits of a round whose fire wiped out the attackers (fire is simultaneous, 6.2.1):
 *  the defending side's belligerent units there. */
function firedDefenders(s: BkgState, f: BattleFrame): Unit[] {
  return sidesHere(s, battleOf(f)).d0.filter((u) => isBelligerent(s, u.power));
}

/** Hits the units can absorb (6.2.2): two for a full unit with a printed back, one otherwise; HQs none. */
export function capacity(units: Unit[]): number {
  return units.reduce((n, u) => n + stepsLeft(u), 0);
}

function sideName(_s: BkgState, units: Unit[]): string {
  const nations = [...new Set(units.map((u) => u.power))];
  return nations.map((m) => POWER_NAMES[m]).join(' and ') || 'nobody';
}

/** Basic 6.2.1: one die per unit (armor two), hit on a roll not above its strength; HQs and strength 0 do not fire.
 *  Dice go from the strongest down (as the tutorials roll) and stop once every enemy step is hit (more hits have no
 *  effect, 6.2.2; "no more rolls are needed"). */
export function fire(ctx: Ctx<BkgState>, units: Unit[], enemyCapacity: number, who: string, rule: string): number {
  const byStrength = new Map<number, number>();
  for (const u of units) {
    const st = strength(u);
    if (u.type === 'hq' || st <= 0) continue;
    byStrength.set(st, (byStrength.get(st) ?? 0) + (u.type === 'arm' ? 2 : 1));
  }
  let hits = 0;
  for (const st of [...byStrength.keys()].sort((a, b) => b - a)) {
    let n = byStrength.get(st)!;
    while (n > 0 && hits < enemyCapacity) {
      const k = Math.min(n, enemyCapacity - hits);
      const r = ctx.roll(6, k, `${who}: ${k} ${k === 1 ? 'die' : 'dice'} at strength ${st}`, rule, { each: true });
      const h = r.faces.filter((f) => f <= st).length;
      hits += h;
      n -= k;
      ctx.log(`${who}: ${r.faces.join(', ')} at strength ${st}: ${h === 0 ? 'no hit' : h === 1 ? 'one hit' : `${h} hits`}`, rule);
    }
  }
  return hits;
}

/** One hit on a unit: flip it, or eliminate it if flipped or one-step (6.2.2); its load takes the same hit. */
export function applyHit(ctx: Ctx<BkgState>, unit: Unit): void {
  const s = ctx.state;
  const u = s.units[unit.id]; // the unit as it is now (one read before an earlier hit is the old object)
  if (!u) return;
  // Only a convoy (or a TF with an HQ) carries (invariants.ts): a hit on any other unit has no load to look for.
  const loads = u.type === 'conv' || u.type === 'tf' ? Object.values(s.units).filter((v) => v.aboard === u.id) : [];
  const hitLoads = () => {
    for (const l of loads) {
      write(s, 'units', l.id).aboard = undefined;
      applyHit(ctx, l);
      if (s.units[l.id]) write(s, 'units', l.id).aboard = u.id;
    }
  };
  if (u.reduced || u.back === null) {
    ctx.log(`${POWER_NAMES[u.power]} ${unitLabel(u)} eliminated`, 'BKG 6.2.2');
    hitLoads();
    removeUnit(s, u);
    return;
  }
  const before = unitLabel(u);
  const w = write(s, 'units', u.id);
  w.reduced = true;
  ctx.log(`${POWER_NAMES[w.power]} ${before} flipped to ${unitLabel(w)}`, 'BKG 6.2.2');
  hitLoads();
}

/**
 * The land units (armor, infantry) left holding a combat's area at its end: the attacker's, else the defender's when the
 * area is their enemy's (a combat fought in the attacker's own area, ruling 109). The caller may pass the sides it has.
 */
function holders(s: BkgState, b: Battle, { a0, d0 } = sidesHere(s, b)): Unit[] {
  const att = a0.filter(isGround);
  if (att.length) return att;
  const def = d0.filter(isGround);
  return def.length && atWar(s, def[0]!.power, s.control[b.place]!) ? def : [];
}

function isGround(u: Unit): boolean {
  return u.type === 'inf' || u.type === 'arm';
}

/** A task force back from supporting a land combat (6.1.3): in the basic game, enemy ships that came into its sea zone
 *  meanwhile (a retreat) fight it there this phase (6.1.4). */
function backToSea(s: BkgState, unit: Unit): void {
  const u = write(s, 'units', unit.id);
  u.where = u.from!;
  delete u.from;
  if (s.rules === 'advanced' || s.battles.some((b) => b.place === u.where)) return;
  if (Object.values(s.units).some((v) => v.where === u.where && !v.aboard && isShip(v) && atWar(s, u.power, v.power))) write(s, 'battles').push({ place: u.where, attacker: s.activeSide ?? sideOf(s, u.power)! });
}

/** Can this unit leave the combat by retreating, and where to (6.2.3)? Aircraft and supporting TFs always can. */
export function retreatPlaces(s: BkgState, u: Unit, place: string, left?: string): string[] {
  if (u.type === 'air' || u.from) return [place];
  if (s.noRetreat[u.power]?.includes(place) && !s.opts.polishRetreat) return [];
  const at = unitsByPlace(s);
  const enemyHere = (p: string) => (at.get(p) ?? []).some((v) => !v.aboard && atWar(s, u.power, v.power) && (isLandUnit(u) ? true : isShip(v)));
  const both = (p: string) => enemyHere(p) && (at.get(p) ?? []).some((v) => !v.aboard && friendly(s, u.power, v.power));
  const around = isLandUnit(u) ? landNeighbours(place) : seaNeighbours(place);
  const clear = around.filter((p) => !enemyHere(p) && (isLandUnit(u) ? friendly(s, u.power, s.control[p]!) : true));
  if (clear.length) return coopFirst(s, u, clear);
  // A place holding both sides is one with a combat still to fight (units at peace may share it; ruling 39), but not
  // the combat a retreat going on has left (ruling 110); only advanced ships share a sea zone with enemy ships outside
  // a combat (6.4.3 D).
  return around.filter((p) => both(p) && ((!isLandUnit(u) && s.rules === 'advanced') || s.battles.some((b) => b.place === p && p !== left)));
}

/** Optional 9.11: of the places a unit is forced to go to, those it may share (not with a country it does not cooperate
 *  with, not in such a country's area), when there are any; else all of them (ruling 97). */
function coopFirst(s: BkgState, u: Unit, places: string[]): string[] {
  if (!optional(s, 'cooperation')) return places;
  const ok = places.filter((p) => coopAllows(s, u.power, p));
  return ok.length ? ok : places;
}

/** Optional 9.11: may units of `power` stay at `place` (nobody it does not cooperate with there, not such a country)? */
function coopAllows(s: BkgState, power: string, place: string): boolean {
  return coopMayStop(s, power, place) && (isSeaZone(place) || !coopForbidsEntry(s, power, place));
}

/** Friendly areas within 2 (over friendly and enemy areas, not neutrals) where an aircraft may land (6.1.1, 6.2.3). */
export function landingPlaces(s: BkgState, u: Unit, from: string): string[] {
  const fighting = s.battles.some((b) => b.place === from);
  const m = bkgMap();
  const g = m.board;
  const env = envFor(s, u.power);
  const battles = new Set(s.battles.map((b) => b.place));
  const reach = movementRange(g, g.index(from), 2, {
    enterCost: (_f, t) => (m.isSea[t] === 1 || env.status[t] === FRIENDLY || env.status[t] === ENEMY ? 1 : Infinity),
  }, env.scratch);
  const out: string[] = [];
  for (const n of reach.nodes()) {
    if (m.isSea[n] || env.status[n] !== FRIENDLY || env.enemyAt[n]) continue;
    const id = g.id(n);
    if (battles.has(id) || (id === from && fighting)) continue;
    out.push(id);
  }
  return coopFirst(s, u, out.sort());
}

interface BattleFrame extends Frame {
  place: string;
  attacker: Side;
  step: 'cards' | 'fire' | 'assign-att' | 'assign-def' | 'coastal' | 'shoot' | 'subloss-def' | 'subfire-def' | 'subloss-att' | 'main'
    | 'losses-att' | 'losses-def' | 'sfire-2' | 'sloss-1' | 'sloss-2' | 'after' | 'ask-att' | 'ask-def' | 'designate' | 'end' | 'land'
    | 'surrender';
  /** Ruling 63: the major the winning side gives the conquered area to, when several took part. */
  designated?: string;
  round: number;
  /** Hits each side takes this round, in all (for display) and by target pool. */
  hitsAtt: number;
  hitsDef: number;
  poolsAtt?: Pools;
  poolsDef?: Pools;
  /** Advanced: segments of this round, and whether each side has finished choosing. */
  asgAtt?: Assignment;
  asgDef?: Assignment;
  /** Advanced 6.5.4: the coastal defence die was a 6 (the carrying convoy takes a hit too). */
  coastalSix?: boolean;
  coastalDone?: boolean;
  /** Cards Surprise / Naval Surprise: this side fires first every round and its hits count before the other fires. */
  first?: Side;
  /** Seats asked whether to play a battle card. */
  cardAsked?: string[];
  /** Optional 9.2: rounds after which the holders of a defending neutral's coup card were asked. */
  coupAsked?: number[];
}

/** Optional 9.2: after a round of land combat, a defending major holding the coup card of a neutral whose units
 *  defend here may give that neutral up to the attacker (ruling 95). */
function surrenderOffers(s: BkgState, f: BattleFrame): { seat: Major; card: string; minor: string }[] {
  if (!optional(s, 'altCoupCards') || isSeaZone(f.place) || f.round < 1) return [];
  const { def } = battleSides(s, battleOf(f));
  const minors = new Set(def.filter((u) => !isMajor(u.power) && !isConquered(s, u.power)).map((u) => u.power));
  const out: { seat: Major; card: string; minor: string }[] = [];
  for (const m of MAJORS) {
    if (sideOfMajor(s, m) === f.attacker || isConquered(s, m)) continue;
    for (const h of s.cards.hands[m] ?? []) {
      const minor = cardData(h.id).coup?.minor;
      if (minor && minors.has(minor) && h.turn < s.turn && !out.some((o) => o.minor === minor && o.seat === m)) out.push({ seat: m, card: h.id, minor });
    }
  }
  return out;
}

/** Optional 9.2: the neutral goes to the attacker; the card's owner saves 1 BP per unit of it on the map, which go. */
function surrenderNeutral(ctx: Ctx<BkgState>, f: BattleFrame, seat: Major, card: string, minor: string): void {
  const s = ctx.state;
  const { att } = battleSides(s, battleOf(f));
  const taker = seatOf(s, att.find((u) => isGround(u))?.power ?? att[0]!.power) ?? MAJORS.find((m) => sideOfMajor(s, m) === f.attacker)!;
  spendCard(ctx, seat, card);
  const units = Object.values(s.units).filter((u) => u.power === minor && u.where !== 'box');
  write(s, 'saved')[seat] += units.length;
  ctx.log(`${POWER_NAMES[seat]} gives ${POWER_NAMES[minor]} up to ${POWER_NAMES[taker]} (${cardData(card).name}): ${units.length} BP saved for its ${units.length} units, which are disbanded`, 'BKG advanced 9.2');
  for (const u of Object.values(s.units)) if (u.power === minor) removeUnit(s, u);
  for (const a of bkgData().map.areas) if (a.kind === 'land' && a.country === minor && s.control[a.id] !== taker) setControl(ctx, a.id, taker, 'BKG advanced 9.2');
  conquer(ctx, minor);
}

const EMPTY: Assignment = { air: [], aa: [], antisub: [] };

function battleOf(f: BattleFrame): Battle {
  return { place: f.place, attacker: f.attacker };
}

function total(p: Pools | undefined): number {
  return Object.values(p ?? {}).reduce((a, b) => a + b, 0);
}

/** The pools hits are taken from, in order (`invading`: the coastal defence's hit, advanced 6.5.4). */
const LOSS_POOLS: readonly string[] = [...POOL_ORDER, 'invading'];

/** Does any pool hold hits still to take? Without, a losses step reads no units (nextPool has nothing to find). */
function hitsPending(pools: Pools | undefined): boolean {
  return LOSS_POOLS.some((pool) => !!pools?.[pool]);
}

/** The pool a side takes its next hit from: the first with hits left and units to take them. */
function nextPool(pools: Pools | undefined, mine: Unit[], a: Assignment): string | null {
  for (const pool of LOSS_POOLS) {
    if (!(pools?.[pool] ?? 0)) continue;
    const targets = pool === 'invading' ? mine.filter((u) => u.invading && isGround(u)) : poolTargets(pool, mine, a);
    if (targets.length) return pool;
  }
  return null;
}

function poolUnits(pool: string, mine: Unit[], a: Assignment): Unit[] {
  return pool === 'invading' ? mine.filter((u) => u.invading && isGround(u)) : poolTargets(pool, mine, a);
}

function lossPrompt(s: BkgState, f: BattleFrame, onAttacker: boolean): Prompt | null {
  if (!hitsPending(onAttacker ? f.poolsAtt : f.poolsDef)) return null;
  const { att, def } = battleSides(s, battleOf(f));
  const mine = onAttacker ? (att.length ? att : sidesHere(s, battleOf(f)).a0) : (def.length ? def : firedDefenders(s, f));
  const pools = onAttacker ? f.poolsAtt : f.poolsDef;
  const a = (onAttacker ? f.asgAtt : f.asgDef) ?? EMPTY;
  const pool = nextPool(pools, mine, a);
  if (!pool) return null;
  const units = poolUnits(pool, mine, a);
  const hits = pools![pool]!;
  if (hits >= capacity(units)) return null;
  const kinds = distinct(s, units);
  if (kinds.length < 2) return null;
  const seat = commander(s, mine);
  const choices: Choice[] = kinds.map((u) => ({
    action: { type: 'hit', unit: u.id },
    label: `${u.reduced || u.back === null ? 'Eliminate' : 'Flip'} ${POWER_NAMES[u.power]} ${unitLabel(u)}`,
    refs: { units: [u.id], place: f.place },
  }));
  return {
    seat, rule: s.rules === 'advanced' ? 'BKG advanced 6.5.7' : 'BKG 6.2.2', kind: 'allocate-loss', choices,
    text: `${area(f.place).name}: take ${hits} more ${hits === 1 ? 'hit' : 'hits'}${POOL_NAMES[pool] ?? ''} (choose a unit for the next)`,
    context: { place: f.place, hits, round: f.round, pool },
  };
}

function retreatAllowed(s: BkgState, units: Unit[], place: string): boolean {
  if (s.rules === 'advanced' && units.some((u) => s.events.includes(`total-war:${leaderOf(s, u.power)}`))) return false;
  return units.every((u) => u.type === 'air' || u.from || u.type === 'hq' || retreatPlaces(s, u, place).length > 0)
    && units.some((u) => u.type !== 'air' && !u.from);
}

function askPrompt(s: BkgState, f: BattleFrame, attacker: boolean): Prompt {
  const { att, def } = battleSides(s, battleOf(f));
  const mine = attacker ? att : def;
  const seat = commander(s, mine);
  const choices: Choice[] = [{ action: { type: 'continue' }, label: 'Continue the combat' }];
  if (retreatAllowed(s, mine, f.place)) choices.push({ action: { type: 'retreat' }, label: 'Retreat all units', refs: { units: mine.map((u) => u.id), from: f.place } });
  const flyers = mine.filter((u) => u.type === 'air' || u.from);
  if (flyers.length && flyers.length < mine.length) choices.push({ action: { type: 'withdraw' }, label: 'Withdraw aircraft and task forces only', refs: { units: flyers.map((u) => u.id) } });
  const enemy = attacker ? def : att;
  return {
    seat, rule: s.rules === 'advanced' ? 'BKG advanced 6.5.8' : 'BKG 6.2.3', kind: 'retreat', choices,
    text: `${area(f.place).name}, after round ${f.round}: ${describeUnits(mine)} against ${describeUnits(enemy)}. Retreat?`,
    context: { place: f.place, round: f.round },
  };
}

function assignPrompt(s: BkgState, f: BattleFrame, attacker: boolean): Prompt | null {
  const { att, def } = battleSides(s, battleOf(f));
  const mine = attacker ? att : def, theirs = attacker ? def : att;
  const a = (attacker ? f.asgAtt : f.asgDef) ?? EMPTY, b = (attacker ? f.asgDef : f.asgAtt) ?? EMPTY;
  const choices = assignmentChoices(s, f.place, mine, theirs, a, b, false);
  if (!choices.length) return null;
  return {
    seat: commander(s, mine), rule: 'BKG advanced 6.5.3', kind: 'assign',
    text: `${area(f.place).name}, round ${f.round + 1}: place your units on the BATTLECHART (air/sea or land segment, anti-aircraft, anti-sub)`,
    choices, context: { place: f.place, air: a.air, aa: a.aa, antisub: a.antisub },
  };
}

/** Basic 6.2.1: everybody fires at printed strength into one pool. */
function basicFire(ctx: Ctx<BkgState>, att: Unit[], def: Unit[]): { poolsAtt: Pools; poolsDef: Pools } {
  const s = ctx.state;
  const hitsDef = fire(ctx, att, capacity(def), sideName(s, att), 'BKG 6.2.1');
  const hitsAtt = fire(ctx, def, capacity(att), sideName(s, def), 'BKG 6.2.1');
  return { poolsAtt: { all: hitsAtt }, poolsDef: { all: hitsDef } };
}

/** Advanced 6.5.3-6.5.5: the air/sea segment (both sides), then the land segment (both sides), each side's hits
 *  marked in the enemy's pools; at sea, ships at ships and at subs. Extra defensive dice of the invasion cards. */
function advancedFire(ctx: Ctx<BkgState>, f: BattleFrame, att: Unit[], def: Unit[], subsOnly: boolean, only: 'att' | 'def' | null = null): { poolsAtt: Pools; poolsDef: Pools } {
  const s = ctx.state;
  const sea = isSeaZone(f.place);
  const poolsAtt: Pools = {}, poolsDef: Pools = {};
  const A = f.asgAtt ?? EMPTY, D = f.asgDef ?? EMPTY;
  const groups = (mine: Unit[], theirs: Unit[], a: Assignment, isAtt: boolean): FireGroup[] => {
    const who = sideName(s, mine);
    const st = (u: Unit, role: Parameters<typeof effectiveStrength>[4]) => effectiveStrength(s, f.place, f.attacker, u, role, isAtt);
    // Card Kamikaze: Japanese aircraft fire twice a round in this combat.
    const kamikaze = (u: Unit) => kamikazeAt(s, u, f.place);
    const dice = (u: Unit) => (u.type === 'arm' || kamikaze(u) ? 2 : 1);
    if (sea) {
      const airOnly = theirs.every((u) => u.type === 'air');
      if (subsOnly) return [{ who: `${who} (subs)`, pool: 'surface', units: mine.filter((u) => u.type === 'sub').map((u) => ({ u, str: st(u, 'naval'), dice: 1 })) }];
      const out: FireGroup[] = [];
      out.push({ who, pool: 'ships', units: mine.filter((u) => u.type !== 'sub' && !a.antisub.includes(u.id)).map((u) => ({
        u, dice: kamikaze(u) ? 2 : 1,
        str: u.type === 'air' ? st(u, 'air-vs-ships') : airOnly && u.type === 'conv' ? (u.reduced ? 0 : 1) : st(u, 'naval'),
      })) });
      out.push({ who: `${who} (anti-sub)`, pool: 'subs', units: mine.filter((u) => a.antisub.includes(u.id)).map((u) => ({ u, str: st(u, 'antisub'), dice: 1 })) });
      return out;
    }
    return [
      { who: `${who} (air/sea)`, pool: 'air', units: mine.filter((u) => a.air.includes(u.id)).map((u) => ({ u, str: st(u, 'air'), dice: kamikaze(u) ? 2 : 1 })) },
      { who: `${who} (anti-aircraft)`, pool: 'flyers', units: mine.filter((u) => a.aa.includes(u.id)).map((u) => ({ u, str: st(u, 'aa'), dice: dice(u) })) },
      { who: `${who} (land)`, pool: 'land', units: mine.filter((u) => !a.air.includes(u.id) && !a.aa.includes(u.id) && (isGround(u) || isFlyer(u))).map((u) => ({ u, str: st(u, 'land'), dice: dice(u) })) },
    ];
  };
  const shoot = (g: FireGroup, theirs: Unit[], theirA: Assignment, into: Pools) => {
    if (!g.units.some((x) => x.str > 0)) return;
    const cap = capacity(poolTargets(g.pool, theirs, theirA)) - (into[g.pool] ?? 0);
    if (cap <= 0) return;
    into[g.pool] = (into[g.pool] ?? 0) + fireGroup(ctx, g, cap, 'BKG advanced 6.5.1');
  };
  const ga = only === 'def' ? [] : groups(att, def, A, true), gd = only === 'att' ? [] : groups(def, att, D, false);
  if (sea) {
    for (const g of ga) shoot(g, def, D, poolsDef);
    for (const g of gd) shoot(g, att, A, poolsAtt);
    return { poolsAtt, poolsDef };
  }
  // Segment by segment as the tutorials roll: air/sea (with anti-aircraft) for both sides, then land.
  for (const g of ga.slice(0, 2)) shoot(g, def, D, poolsDef);
  for (const g of gd.slice(0, 2)) shoot(g, att, A, poolsAtt);
  if (ga[2]) shoot(ga[2], def, D, poolsDef);
  if (gd[2]) shoot(gd[2], att, A, poolsAtt);
  if (only === 'att') return { poolsAtt, poolsDef };
  // Fortress Europe / Their Finest Hour / Japanese Defense Perimeter: two extra defensive dice against invaders.
  const extra = invasionDice(s, f, def);
  if (extra) {
    const cap = capacity(poolTargets('land', att, A)) - (poolsAtt.land ?? 0);
    if (cap > 0) poolsAtt.land = (poolsAtt.land ?? 0) + fireGroup(ctx, { who: extra.who, pool: 'land', units: [{ u: def[0]!, str: extra.str, dice: 2 }] }, cap, extra.rule);
  }
  return { poolsAtt, poolsDef };
}

/** The invasion cards' two extra dice per round while the defender has land units in the land segment. */
function invasionDice(s: BkgState, f: BattleFrame, def: Unit[]): { str: number; who: string; rule: string } | null {
  if (!Object.values(s.units).some((u) => u.where === f.place && u.invading) || !def.some(isGround)) return null;
  const a = area(f.place);
  const terrainBonus = a.terrain === 'mountain' ? 1 : a.terrain === 'swamp' ? 2 : 0;
  const lead = leaderOf(s, s.control[f.place]!);
  if (lead === 'germany' && s.cards.inEffect.includes('fortress-europe') && def.some((u) => u.power === 'germany' && isGround(u))) return { str: 3 + terrainBonus, who: 'Fortress Europe', rule: 'BKG card Fortress Europe' };
  if (lead === 'be' && a.country === 'uk' && s.cards.inEffect.includes('their-finest-hour') && def.some((u) => u.power === 'be' && isGround(u))) return { str: 3 + terrainBonus, who: 'Their Finest Hour', rule: 'BKG card Their Finest Hour' };
  if (lead === 'japan' && s.cards.inEffect.includes('japanese-defense-perimeter')) return { str: (a.country === 'japan' && a.home ? 3 : 1) + terrainBonus, who: 'Japanese Defense Perimeter', rule: 'BKG card Japanese Defense Perimeter' };
  return null;
}

/** Battle cards a seat may play as a combat begins: Surprise (land), Naval Surprise (sea), Elite Troops (land). */
function battleCards(s: BkgState, f: BattleFrame, seat: Major): string[] {
  const sea = isSeaZone(f.place);
  const ids = sea ? ['naval-surprise'] : ['surprise', 'elite-troops'];
  const out = ids.filter((id) => holdsPlayable(s, seat, id) && (id !== 'elite-troops' || quartersAtWar(s, seat) >= 8));
  if (seat === 'japan' && kamikazeReady(s) && !s.effects.includes(`kamikaze:${f.place}`)
    && Object.values(s.units).some((u) => u.where === f.place && u.type === 'air' && leaderOf(s, u.power) === 'japan')) out.push('kamikaze');
  return out;
}

/** A Japanese aircraft flying as kamikaze in the combat at `place`: it never lands again. */
function kamikazeAt(s: BkgState, u: Unit, place: string): boolean {
  return u.type === 'air' && leaderOf(s, u.power) === 'japan' && s.effects.includes(`kamikaze:${place}`);
}

/** Card Kamikaze (permanent): from 1943, with the Allies holding 3 of Japan's former islands, Japan may send its
 *  aircraft of a combat as kamikaze; once played it stays in effect for every later combat (ruling 81). */
function kamikazeReady(s: BkgState): boolean {
  if (s.cards.inEffect.includes('kamikaze')) return true;
  if (!holdsPlayable(s, 'japan', 'kamikaze') || quarterOf(s).year < 1943) return false;
  return Object.keys(s.control).filter((id) => isPointIsland(id) && ownerOf(id) === 'japan' && sideOf(s, s.control[id]!) === otherSide(sideOfMajor(s, 'japan'))).length >= 3;
}

function cardPrompts(s: BkgState, f: BattleFrame): Prompt[] {
  if (s.rules !== 'advanced' || f.first) return [];
  const { att, def } = battleSides(s, battleOf(f));
  const out: Prompt[] = [];
  for (const seat of [...new Set([...att, ...def].map((u) => seatOf(s, u.power)).filter((m): m is Major => !!m))]) {
    if (f.cardAsked?.includes(seat)) continue;
    const ids = battleCards(s, f, seat);
    if (!ids.length) continue;
    out.push({
      seat, rule: 'BKG advanced 7.4', kind: 'card', text: `Combat in ${area(f.place).name} begins: play a card?`,
      choices: [...ids.map((id) => ({ action: { type: 'play', card: id }, label: `Play ${cardData(id).name}` })), { action: { type: 'pass' }, label: 'No card' }],
    });
  }
  return out;
}

/** A round begins (6.2.1, advanced 6.5.1): its log line, then the subs' fire (advanced 6.5.3) or the main fire. */
function shootRound(ctx: Ctx<BkgState>, f: BattleFrame, att: Unit[], def: Unit[]): void {
  const s = ctx.state;
  const adv = s.rules === 'advanced';
  const round = f.round + 1;
  ctx.log(`${area(f.place).name}, round ${round}: ${sideName(s, att)} (${describeUnits(att)}) against ${sideName(s, def)} (${describeUnits(def)})`, adv ? 'BKG advanced 6.5.1' : 'BKG 6.2.1');
  if (adv && isSeaZone(f.place) && att.concat(def).some((u) => u.type === 'sub')) {
    // 6.5.3 special sub abilities: subs fire first and their hits count at once.
    const subsAtt = advancedFire(ctx, { ...f, round }, att, def, true, 'att').poolsDef;
    return void ctx.goto('battle', { ...f, round, step: 'subloss-def', poolsDef: subsAtt, hitsDef: total(subsAtt), poolsAtt: {}, hitsAtt: 0 });
  }
  return mainFire(ctx, { ...f, round, step: 'main' }, att, def);
}

/** The round's fire (6.2.1): both sides at once, the defender at the strength it had; or the Surprise card's side alone. */
function mainFire(ctx: Ctx<BkgState>, f: BattleFrame, att: Unit[], def: Unit[]): void {
  if (f.first) {
    // Surprise: the card's side fires alone; its hits count before the other side returns fire.
    const firstAtt = f.first === f.attacker;
    const fired = advancedFire(ctx, f, att, def, false, firstAtt ? 'att' : 'def');
    const pools = firstAtt ? fired.poolsDef : fired.poolsAtt;
    return void ctx.goto('battle', { ...f, step: 'sloss-2', [firstAtt ? 'poolsDef' : 'poolsAtt']: pools, [firstAtt ? 'hitsDef' : 'hitsAtt']: total(pools) });
  }
  // Subs have fired already (advanced); everyone else fires now, the defender at the strength it had before.
  const fired = ctx.state.rules === 'advanced' ? advancedFire(ctx, f, att, def, false) : basicFire(ctx, att, def);
  return void ctx.goto('battle', { ...f, step: 'losses-att', ...fired, hitsAtt: total(fired.poolsAtt), hitsDef: total(fired.poolsDef) });
}

/** The end of a combat (6.2.5): control of a conquered area (6.4), task forces back to sea, aircraft to land (6.1.1). */
function endOfCombat(ctx: Ctx<BkgState>, f: BattleFrame): void {
  const s = ctx.state;
  const b = battleOf(f);
  const sea = isSeaZone(f.place);
  const { a0, d0 } = sidesHere(s, b);
  if (!sea) {
    const winners = holders(s, b, { a0, d0 });
    if (winners.length && ![...a0, ...d0].some((u) => atWar(s, u.power, winners[0]!.power)) && !friendly(s, winners[0]!.power, s.control[f.place]!)) {
      const choices = controllerChoices(s, f.place, winners);
      if (choices.length > 1 && !f.designated) return void ctx.goto('battle', { ...f, step: 'designate' });
      const by = commander(s, winners);
      const taker = f.designated ?? winners.find((u) => seatOf(s, u.power) === by)!.power;
      setControl(ctx, f.place, newController(s, f.place, taker), 'BKG 6.2.5, 6.4');
    }
  }
  for (const u of Object.values(s.units)) if (u.where === f.place && u.from) backToSea(s, u);
  s.battles = s.battles.filter((x) => x.place !== f.place);
  s.effects = s.effects.filter((e) => !(e.startsWith('elite:') && s.units[e.slice(6)]?.where === f.place));
  if (s.effects.includes(`kamikaze:${f.place}`)) { // card Kamikaze: the Japanese aircraft are lost
    for (const u of Object.values(s.units)) if (u.where === f.place && kamikazeAt(s, u, f.place)) { ctx.log(`${POWER_NAMES[u.power]} ${unitLabel(u)} is lost (Kamikaze)`, 'BKG card Kamikaze'); removeUnit(s, u); }
    s.effects = s.effects.filter((e) => e !== `kamikaze:${f.place}`);
  }
  const flyers = Object.values(s.units).filter((u) => u.where === f.place && u.type === 'air' && !u.aboard);
  // Ruling 106: HQs whose combat units all fell did not take the area (ruling 9); they may not stay in their
  // enemy's area and retreat (6.2.4), or are eliminated when they cannot.
  const stranded = sea ? [] : [...a0, ...d0].filter((u) => u.type === 'hq' && s.units[u.id] && atWar(s, u.power, s.control[f.place]!));
  ctx.goto('battle', { ...f, step: 'land' });
  if (flyers.length) ctx.push('land-air', { place: f.place, units: flyers.map((u) => u.id) });
  if (stranded.length) {
    ctx.log(`${area(f.place).name}: ${describeUnits(stranded)} cannot hold the area alone and must retreat`, 'BKG 6.2.4');
    ctx.push('retreat', { place: f.place, units: stranded.map((u) => u.id), seat: commander(s, stranded) });
  }
}

export const battle: Procedure<BkgState, BattleFrame> = {
  prompts(s, f) {
    if (f.step === 'cards') return cardPrompts(s, f);
    if (['losses-att', 'losses-def', 'subloss-att', 'subloss-def', 'sloss-1', 'sloss-2'].includes(f.step)) {
      const p = lossPrompt(s, f, lossSideIsAttacker(f));
      return p ? [p] : [];
    }
    if (f.step === 'assign-att' || f.step === 'assign-def') {
      const p = assignPrompt(s, f, f.step === 'assign-att');
      return p ? [p] : [];
    }
    if (f.step === 'ask-att') return [askPrompt(s, f, true)];
    if (f.step === 'ask-def') return [askPrompt(s, f, false)];
    if (f.step === 'surrender') {
      const offers = surrenderOffers(s, f);
      if (!offers.length) return [];
      const seat = offers[0]!.seat;
      return [{
        seat, rule: 'BKG advanced 9.2', kind: 'card', text: `${area(f.place).name}, after round ${f.round}: give the neutral up to the attacker with its coup card?`,
        choices: [
          ...offers.filter((o) => o.seat === seat).map((o) => ({ action: { type: 'surrender', card: o.card }, label: `Give ${POWER_NAMES[o.minor]} up (${cardData(o.card).name}): 1 BP saved per unit of it` })),
          { action: { type: 'pass' }, label: 'Fight on' },
        ],
      }];
    }
    if (f.step === 'designate') {
      const winners = holders(s, battleOf(f));
      return [{
        seat: commander(s, winners), rule: 'BKG 6.4', kind: 'designate', text: `${area(f.place).name} is conquered: which major takes control?`,
        choices: controllerChoices(s, f.place, winners).map((m) => ({ action: { type: 'designate', power: m }, label: `${POWER_NAMES[m as Major]} controls ${area(f.place).name}`, refs: { place: f.place } })),
      }];
    }
    return [];
  },
  run(ctx, f) {
    // Steps that read neither side first: the sides are a pass over every unit (a state inside an apply has no index).
    switch (f.step) {
      case 'cards':
        return void ctx.goto('battle', { ...f, step: 'fire' });
      case 'assign-att':
        return void ctx.goto('battle', { ...f, step: 'assign-def' });
      case 'surrender': // nobody is asked any more
        return void ctx.goto('battle', { ...f, step: 'ask-att' });
      case 'end':
        return endOfCombat(ctx, f);
      case 'land':
        return void ctx.pop();
      case 'subloss-def': case 'subloss-att': case 'sloss-1': case 'sloss-2': case 'losses-att': case 'losses-def': {
        const onAtt = lossSideIsAttacker(f);
        if (!hitsPending(onAtt ? f.poolsAtt : f.poolsDef)) return void ctx.goto('battle', { ...f, [onAtt ? 'poolsAtt' : 'poolsDef']: {}, [onAtt ? 'hitsAtt' : 'hitsDef']: 0, step: afterLosses(f) });
      }
    }
    const s = ctx.state;
    const b = battleOf(f);
    const { att, def } = battleSides(s, b);
    const sea = isSeaZone(f.place);
    const adv = s.rules === 'advanced';
    switch (f.step) {
      case 'fire': {
        if (adv && f.round === 0 && !f.cardAsked && cardPrompts(s, { ...f, step: 'cards' }).length) return void ctx.goto('battle', { ...f, step: 'cards', cardAsked: [] });
        if (att.length === 0 || def.length === 0) {
          if (adv && f.round === 0 && !sea && sidesHere(s, b).a0.some((u) => u.invading) && !f.coastalDone) return void ctx.goto('battle', { ...f, step: 'coastal' });
          return void ctx.goto('battle', { ...f, step: 'end' });
        }
        for (const [mine, theirs] of [[att, def], [def, att]] as const) {
          if (!sea && mine.every((u) => u.type === 'hq') && theirs.some(isGround)) {
            for (const u of mine) { ctx.log(`${POWER_NAMES[u.power]} ${unitLabel(u)} is overrun`, 'BKG 6.2.5'); removeUnit(s, u); }
            return void ctx.goto('battle', { ...f, step: 'end' });
          }
        }
        // Advanced 6.5.3: subs cannot fight each other (they fire at other ships, ships fire at them).
        const subsOnly = adv && sea && att.concat(def).every((u) => u.type === 'sub');
        if (subsOnly || !att.concat(def).some((u) => u.type !== 'hq' && strength(u) > 0)) {
          // Nobody can fire (flipped convoys...): the phasing side leaves as in 6.2.4 (docs/rulings/bkg.md).
          ctx.log(`${area(f.place).name}: neither side can fire; ${sideName(s, att)} must leave`, 'BKG 6.2.4');
          ctx.goto('battle', { ...f, step: 'end' });
          ctx.push('retreat', { place: f.place, units: att.map((u) => u.id), seat: commander(s, att) });
          return;
        }
        // Nothing changes the units between this step, the round's start and the fire: they go on with the same sides.
        if (!adv) return shootRound(ctx, { ...f, step: 'shoot' }, att, def);
        return void ctx.goto('battle', { ...f, step: 'assign-att', asgAtt: forcedAssignment(s, f.place, att, def), asgDef: forcedAssignment(s, f.place, def, att) });
      }
      case 'assign-def':
        if (adv && f.round === 0 && !sea && att.some((u) => u.invading) && !f.coastalDone) return void ctx.goto('battle', { ...f, step: 'coastal' });
        return shootRound(ctx, { ...f, step: 'shoot' }, att, def);
      case 'coastal': {
        // Advanced 6.5.4: the invaded area's coastal defences roll one die before the first round.
        const r = ctx.roll(6, 1, `coastal defence of ${area(f.place).name}`, 'BKG advanced 6.5.4').total;
        const hit = r % 2 === 0;
        ctx.log(`Coastal defence: ${r}${hit ? `: one hit on an invading land unit${r === 6 ? ' and one on its convoy' : ''}` : ': no effect'}`, 'BKG advanced 6.5.4');
        const next = def.length === 0 ? 'losses-att' : 'shoot';
        return void ctx.goto('battle', { ...f, coastalDone: true, coastalSix: r === 6, step: hit ? 'subloss-att' : (def.length === 0 ? 'end' : 'shoot'), poolsAtt: hit ? { invading: 1 } : {}, hitsAtt: hit ? 1 : 0, ...(hit ? { after: next } : {}) });
      }
      case 'shoot':
        return shootRound(ctx, f, att, def);
      case 'subfire-def': {
        const subsDef = advancedFire(ctx, f, att, def, true, 'def').poolsAtt;
        return void ctx.goto('battle', { ...f, step: 'subloss-att', poolsAtt: subsDef, hitsAtt: total(subsDef) });
      }
      case 'main':
        return mainFire(ctx, f, att, def);
      case 'sfire-2': {
        const firstAtt = f.first === f.attacker;
        const fired = advancedFire(ctx, f, att, def, false, firstAtt ? 'def' : 'att');
        const pools = firstAtt ? fired.poolsAtt : fired.poolsDef;
        return void ctx.goto('battle', { ...f, step: 'sloss-1', [firstAtt ? 'poolsAtt' : 'poolsDef']: pools, [firstAtt ? 'hitsAtt' : 'hitsDef']: total(pools) });
      }
      case 'subloss-def':
      case 'subloss-att':
      case 'sloss-1':
      case 'sloss-2':
      case 'losses-att':
      case 'losses-def': {
        const onAtt = lossSideIsAttacker(f);
        const mine = onAtt ? (att.length ? att : sidesHere(s, b).a0) : (def.length ? def : firedDefenders(s, f));
        const key = onAtt ? 'poolsAtt' : 'poolsDef';
        const pools = { ...(f[key] ?? {}) };
        const a = (onAtt ? f.asgAtt : f.asgDef) ?? EMPTY;
        const pool = nextPool(pools, mine, a);
        if (pool) {
          const units = poolUnits(pool, mine, a);
          if (pools[pool]! >= capacity(units)) {
            for (const u of units) { applyHit(ctx, u); if (s.units[u.id]) applyHit(ctx, u); }
            pools[pool] = 0;
          } else {
            const u = distinct(s, units)[0]!; // one kind only: no choice to make
            takeHit(ctx, f, u, pool);
            pools[pool]! -= 1;
          }
          return void ctx.goto('battle', { ...f, [key]: pools, [onAtt ? 'hitsAtt' : 'hitsDef']: total(pools) });
        }
        return void ctx.goto('battle', { ...f, [key]: {}, [onAtt ? 'hitsAtt' : 'hitsDef']: 0, step: afterLosses(f) });
      }
      case 'after': {
        if (att.length === 0 || def.length === 0) return void ctx.goto('battle', { ...f, step: 'end' });
        const holds = (units: Unit[]) => (sea ? units.some(isShip) : units.some(isGround));
        const aHolds = holds(att), dHolds = holds(def);
        if (!aHolds || !dHolds) {
          // 6.2.4: only aircraft and task forces (and HQs) left on a side: they leave at once; on both: the phasing side.
          const leaving = !aHolds ? att : def;
          ctx.log(`${area(f.place).name}: ${sideName(s, leaving)} has only aircraft and task forces left and must retreat`, 'BKG 6.2.4');
          ctx.goto('battle', { ...f, step: 'end' });
          for (const u of leaving.filter((v) => v.type === 'hq')) { ctx.log(`${POWER_NAMES[u.power]} ${unitLabel(u)} is overrun`, 'BKG 6.2.5'); removeUnit(s, u); }
          ctx.push('retreat', { place: f.place, units: leaving.filter((v) => v.type !== 'hq').map((u) => u.id), seat: commander(s, leaving) });
          return;
        }
        if (!f.coupAsked?.includes(f.round) && surrenderOffers(s, f).length) return void ctx.goto('battle', { ...f, step: 'surrender', coupAsked: [...(f.coupAsked ?? []), f.round] });
        return void ctx.goto('battle', { ...f, step: 'ask-att' });
      }
      default:
        throw new Error(`bkg battle: step ${f.step} awaits a decision`);
    }
  },
  act(ctx, f, _seat, action) {
    const s = ctx.state;
    if (f.step === 'cards') {
      const seat = _seat as Major;
      if (action.type === 'pass') return void ctx.goto('battle', { ...f, cardAsked: [...(f.cardAsked ?? []), seat] });
      const id = action.card as string;
      if (id !== 'kamikaze' || !s.cards.inEffect.includes(id)) spendCard(ctx, seat, id);
      ctx.log(`${POWER_NAMES[seat]} plays ${cardData(id).name}`, `BKG card ${cardData(id).name}`);
      if (id === 'kamikaze') {
        write(s, 'effects').push(`kamikaze:${f.place}`);
        return void ctx.goto('battle', { ...f, cardAsked: [...(f.cardAsked ?? []), seat] });
      }
      if (id === 'elite-troops') {
        const n = ctx.roll(6, 1, 'Elite Troops', 'BKG card Elite Troops').total;
        const mine = battleSides(s, battleOf(f))[seatSide(s, seat) === f.attacker ? 'att' : 'def'].filter((u) => isGround(u) && seatOf(s, u.power) === seat)
          .sort((a, b) => strength(b) - strength(a)).slice(0, n);
        for (const u of mine) write(s, 'effects').push(`elite:${u.id}`);
        ctx.log(`Elite Troops: ${mine.length} units +1 in this combat`, 'BKG card Elite Troops');
        return void ctx.goto('battle', { ...f, cardAsked: [...(f.cardAsked ?? []), seat] });
      }
      return void ctx.goto('battle', { ...f, first: seatSide(s, seat), cardAsked: [...(f.cardAsked ?? []), seat] });
    }
    if (action.type === 'designate') return void ctx.goto('battle', { ...f, step: 'end', designated: action.power as string });
    if (action.type === 'hit') {
      const onAtt = lossSideIsAttacker(f);
      const key = onAtt ? 'poolsAtt' : 'poolsDef';
      const { att, def } = battleSides(s, battleOf(f));
      const pools = { ...(f[key] ?? {}) };
      const pool = nextPool(pools, onAtt ? (att.length ? att : sidesHere(s, battleOf(f)).a0) : (def.length ? def : firedDefenders(s, f)), (onAtt ? f.asgAtt : f.asgDef) ?? EMPTY)!;
      takeHit(ctx, f, s.units[action.unit as string]!, pool);
      pools[pool]! -= 1;
      return void ctx.goto('battle', { ...f, [key]: pools, [onAtt ? 'hitsAtt' : 'hitsDef']: total(pools) });
    }
    if (action.type === 'assign' || action.type === 'assigned') {
      const attacker = f.step === 'assign-att';
      const key = attacker ? 'asgAtt' : 'asgDef';
      if (action.type === 'assigned') return void ctx.goto('battle', { ...f, step: attacker ? 'assign-def' : (s.rules === 'advanced' && f.round === 0 && !isSeaZone(f.place) && Object.values(s.units).some((u) => u.where === f.place && u.invading) && !f.coastalDone ? 'coastal' : 'shoot') });
      const a = structuredClone(f[key] ?? EMPTY);
      const as = action.as as 'air' | 'aa' | 'antisub';
      a[as] = [...a[as], action.unit as string];
      return void ctx.goto('battle', { ...f, [key]: a });
    }
    if (f.step === 'surrender') {
      if (action.type === 'pass') return void ctx.goto('battle', { ...f, step: 'ask-att' });
      const card = action.card as string;
      surrenderNeutral(ctx, f, _seat as Major, card, cardData(card).coup!.minor);
      return void ctx.goto('battle', { ...f, step: 'after' });
    }
    const attacker = f.step === 'ask-att';
    const { att, def } = battleSides(s, battleOf(f));
    const mine = attacker ? att : def;
    const nextStep = attacker ? 'ask-def' : 'fire';
    if (action.type === 'continue') return void ctx.goto('battle', { ...f, step: nextStep });
    if (action.type === 'retreat') {
      ctx.log(`Retreat from ${area(f.place).name}: ${sideName(s, mine)}`, 'BKG 6.2.3');
      ctx.goto('battle', { ...f, step: 'end' });
      ctx.push('retreat', { place: f.place, units: mine.map((u) => u.id), seat: commander(s, mine) });
      return;
    }
    // withdraw: aircraft and task forces leave, the rest fight on (6.2.3 exception)
    const flyers = mine.filter((u) => u.type === 'air' || u.from);
    ctx.log(`${sideName(s, mine)} withdraws ${describeUnits(flyers)} from ${area(f.place).name}`, 'BKG 6.2.3');
    ctx.goto('battle', { ...f, step: nextStep });
    ctx.push('retreat', { place: f.place, units: flyers.map((u) => u.id), seat: commander(s, mine) });
  },
};

/** Which side takes losses in this step. */
function lossSideIsAttacker(f: BattleFrame): boolean {
  if (f.step === 'sloss-1') return f.first === f.attacker;
  if (f.step === 'sloss-2') return f.first !== f.attacker;
  return f.step === 'losses-att' || f.step === 'subloss-att';
}

function seatSide(s: BkgState, m: Major): Side {
  return sideOfMajor(s, m);
}

/** The step after a side has taken its losses. */
function afterLosses(f: BattleFrame): BattleFrame['step'] {
  switch (f.step) {
    case 'sloss-2': return 'sfire-2';
    case 'sloss-1': return 'after';
    case 'subloss-def': return 'subfire-def';
    case 'subloss-att': return f.coastalSix !== undefined && f.round === 0 ? ((f as BattleFrame & { after?: BattleFrame['step'] }).after ?? 'shoot') : 'main';
    case 'losses-att': return 'losses-def';
    default: return 'after';
  }
}

/** One hit; the coastal defence's 6 also hits the convoy that carried the unit (advanced 6.5.4). */
function takeHit(ctx: Ctx<BkgState>, f: BattleFrame, u: Unit, pool: string): void {
  const carrier = pool === 'invading' && f.coastalSix && u.carrier ? ctx.state.units[u.carrier] : undefined;
  applyHit(ctx, u);
  if (carrier) applyHit(ctx, carrier);
}

interface RetreatFrame extends Frame {
  place: string;
  units: string[];
  seat: Major;
}

/**
 * The place of the combat the top retreat leaves: a retreat going on (9.11) stands on the retreat it went on from, the
 * lowest of them on the combat's (ruling 110).
 */
function combatLeft(s: BkgState): string {
  let i = s.stack.length - 1;
  while (i > 0 && s.stack[i - 1]!.proc === 'retreat') i--;
  return s.stack[i]!.place as string;
}

/** Units leaving a combat (6.2.3): supporting task forces go back to their sea zone, aircraft to a base within 2,
 *  land units and ships to the places the side chooses (any mix of destinations). */
export const retreat: Procedure<BkgState, RetreatFrame> = {
  prompts(s, f) {
    const left = f.units.map((id) => s.units[id]).filter((u): u is Unit => !!u && u.where === f.place && u.type !== 'air' && !u.from);
    if (left.length === 0) return [];
    const battle = combatLeft(s);
    const places = (u: Unit) => retreatPlaces(s, u, f.place, battle);
    const choices: Choice[] = [];
    for (const u of distinct(s, left)) {
      for (const p of places(u)) {
        choices.push({ action: { type: 'retreat-to', units: [u.id], to: p }, label: `${unitLabel(u)} to ${area(p).name}`, refs: { units: [u.id], from: f.place, place: p } });
      }
    }
    if (left.length > 1) {
      for (const p of places(left[0]!)) {
        const all = left.filter((u) => places(u).includes(p));
        if (all.length === left.length) choices.push({ action: { type: 'retreat-to', units: all.map((u) => u.id).sort(), to: p }, label: `All (${describeUnits(all)}) to ${area(p).name}`, refs: { units: all.map((u) => u.id), from: f.place, place: p } });
      }
    }
    if (choices.length === 0) return [];
    return [{ seat: f.seat, rule: 'BKG 6.2.3', kind: 'retreat-destination', text: `Retreat from ${area(f.place).name}: where to?`, choices }];
  },
  run(ctx, f) {
    const s = ctx.state;
    const units = f.units.map((id) => s.units[id]).filter((u): u is Unit => !!u && u.where === f.place);
    for (const u of units) {
      if (u.from) { backToSea(s, u); continue; }
      if (u.type !== 'air') { ctx.log(`${POWER_NAMES[u.power]} ${unitLabel(u)} cannot retreat and is eliminated`, 'BKG 6.2.3'); removeUnit(s, u); }
    }
    const flyers = units.filter((u) => s.units[u.id] && u.type === 'air');
    ctx.goto('retreat-done', {});
    if (flyers.length) ctx.push('land-air', { place: f.place, units: flyers.map((u) => u.id) });
  },
  act(ctx, f, _seat, action) {
    const s = ctx.state;
    for (const id of action.units as string[]) {
      const u = write(s, 'units', id);
      u.where = action.to as string;
      for (const l of Object.values(s.units)) if (l.aboard === u.id) write(s, 'units', l.id).where = u.where;
    }
    ctx.log(`${describeUnits((action.units as string[]).map((id) => s.units[id]!))} retreat${(action.units as string[]).length === 1 ? 's' : ''} to ${area(action.to as string).name}`, 'BKG 6.2.3');
    // Optional 9.11: forced in with a country it does not cooperate with, the retreat goes on where it can (ruling 97).
    const battle = combatLeft(s);
    const on = optional(s, 'cooperation') ? (action.units as string[]).filter((id) => {
      const u = s.units[id]!;
      return !coopAllows(s, u.power, u.where) && retreatPlaces(s, u, u.where, battle).some((p) => coopAllows(s, u.power, p));
    }) : [];
    if (on.length) {
      // Ruling 108: this retreat is done with them; the one going on may bring them back here, not to retreat again,
      // but not into the fight they left (ruling 110).
      ctx.goto('retreat', { ...f, units: f.units.filter((id) => !on.includes(id)) });
      ctx.push('retreat', { place: action.to as string, units: on, seat: f.seat });
    }
  },
};

export const retreatDone: Procedure<BkgState> = { run(ctx) { ctx.pop(); } };

interface LandFrame extends Frame {
  place: string;
  units: string[];
}

/** Aircraft return after combat to a friendly area within 2, using their full range again (6.1.1); without one they
 *  are eliminated (basic tutorial: the Polish aircraft). */
export const landAir: Procedure<BkgState, LandFrame> = {
  prompts(s, f) {
    const waiting = f.units.map((id) => s.units[id]).filter((u): u is Unit => !!u && u.where === f.place && !u.aboard);
    const bySeat = new Map<Major, Unit[]>();
    for (const u of waiting) {
      const seat = seatOf(s, u.power);
      if (!seat || kamikazeAt(s, u, f.place) || landingPlaces(s, u, f.place).length === 0) continue;
      bySeat.set(seat, [...(bySeat.get(seat) ?? []), u]);
    }
    const out: Prompt[] = [];
    for (const [seat, units] of bySeat) {
      const choices: Choice[] = [];
      for (const u of distinct(s, units)) {
        for (const p of landingPlaces(s, u, f.place)) {
          choices.push({ action: { type: 'land', units: [u.id], to: p }, label: `${unitLabel(u)} to ${area(p).name}${p === f.place ? ' (stays)' : ''}`, refs: { units: [u.id], from: f.place, place: p } });
        }
      }
      if (units.length > 1) {
        for (const p of landingPlaces(s, units[0]!, f.place)) {
          const all = units.filter((u) => landingPlaces(s, u, f.place).includes(p));
          if (all.length === units.length) choices.push({ action: { type: 'land', units: all.map((u) => u.id).sort(), to: p }, label: `All (${describeUnits(all)}) to ${area(p).name}`, refs: { units: all.map((u) => u.id), from: f.place, place: p } });
        }
      }
      out.push({ seat, rule: 'BKG 6.1.1', kind: 'land-aircraft', text: `Aircraft at ${area(f.place).name}: where do they land?`, choices });
    }
    return out;
  },
  run(ctx, f) {
    const s = ctx.state;
    for (const id of f.units) {
      const u = s.units[id];
      if (!u || u.where !== f.place) continue;
      if (kamikazeAt(s, u, f.place)) ctx.log(`${POWER_NAMES[u.power]} ${unitLabel(u)} is lost (Kamikaze)`, 'BKG card Kamikaze');
      else ctx.log(`${POWER_NAMES[u.power]} ${unitLabel(u)} finds no friendly base and is eliminated`, 'BKG 6.2.3');
      removeUnit(s, u);
    }
    ctx.pop();
  },
  act(ctx, f, _seat, action) {
    const s = ctx.state;
    const landed = action.units as string[];
    for (const id of landed) {
      const u = write(s, 'units', id);
      u.where = action.to as string;
      delete u.observe; // optional 9.1: a watch ends when the aircraft lands
    }
    ctx.log(`${describeUnits(landed.map((id) => s.units[id]!))} land${landed.length === 1 ? 's' : ''} at ${area(action.to as string).name}`, 'BKG 6.1.1');
    ctx.goto('land-air', { ...f, units: f.units.filter((id) => !landed.includes(id)) });
  },
};

interface CombatPhaseFrame extends Frame {
  side: Side;
  searched?: boolean;
}

/** The majors the winners of a land combat may give the area to (ruling 63: the side designates one of the majors
 *  whose land units conquered it; an area of a belligerent major of the side goes back to its owner). */
function controllerChoices(s: BkgState, place: string, winners: Unit[]): string[] {
  const majors = [...new Set(winners.map((u) => seatOf(s, u.power)).filter((m): m is Major => !!m))];
  return [...new Set(majors.map((m) => newController(s, place, m)))].sort();
}

/** One combat, or a strategic bombardment (advanced 6.5.6) when only the mission's aircraft and escorts came. */
function fight(ctx: Ctx<BkgState>, b: Battle): void {
  if (isBombardment(ctx.state, b)) return void ctx.push('bombardment', { place: b.place, attacker: b.attacker, step: 'start', bombers: [], need: 0, hitsAtt: 0, hitsDef: 0 });
  ctx.push('battle', { place: b.place, attacker: b.attacker, step: 'fire', round: 0, hitsAtt: 0, hitsDef: 0 });
}

/** 6.2.1: the phasing side fights its combats in the order it chooses, each to its end. */
export const combatPhase: Procedure<BkgState, CombatPhaseFrame> = {
  prompts(s, f) {
    if (s.battles.length < 2 || (s.rules === 'advanced' && !f.searched)) return [];
    // The side chooses; the boss (Germany, the USA) first when it fights (basic 1.0).
    const byPlace = unitsByPlace(s);
    const fighting = new Set(s.battles.flatMap((b) => battleSides(s, b, byPlace).att).map((u) => seatOf(s, u.power)));
    const seat = MAJORS.find((m) => fighting.has(m)) ?? MAJORS.find((m) => sideOfMajor(s, m) === f.side)!;
    return [{
      seat, rule: 'BKG 6.2.1', kind: 'choose-combat', text: 'Which combat is fought next?',
      choices: s.battles.map((b) => ({ action: { type: 'fight', place: b.place }, label: `Fight at ${area(b.place).name}`, refs: { place: b.place } })),
    }];
  },
  run(ctx, f) {
    const s = ctx.state;
    if (s.rules === 'advanced' && !f.searched) {
      // Advanced 6.4.3 D: the searches of ships sharing a sea zone come first (the tutorial's "delayed to the combat
      // phase").
      ctx.goto('combat-phase', { ...f, searched: true });
      // Ruling 62: ships that already met in this turn's combat phase are not searched again in the exploitation's.
      const places = pendingContacts(s).filter((p) => s.phase !== 'exploitation combat' || s.contacts.some((c) => c.place === p));
      if (places.length) ctx.push('naval-search', { side: f.side, places, step: 'next' });
      else endSearches(ctx);
      return;
    }
    const b = s.battles[0];
    if (!b) return void ctx.pop();
    fight(ctx, b);
  },
  act(ctx, _f, _seat, action) {
    fight(ctx, ctx.state.battles.find((x) => x.place === action.place)!);
  },
};

