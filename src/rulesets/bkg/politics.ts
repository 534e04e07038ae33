// Who is at war with whom (basic 1.0, 8.1-8.4, Time Table), who controls each area (6.4), and what that does to
// production (7.3.1-7.3.4). War is pairwise between countries; a minor that entered the war fights its controller's.
import { write, type Ctx } from '../../engine/index.ts';
import { area, bkgMap, productionOf } from './map.ts';
import {
  AXIS_MINORS, BE_HOME_COUNTRIES, MAJORS, POWER_NAMES, SIDE_NAMES, isMajor, majorsOf, nonHistoric, otherSide, powerOfCountry,
  sideOfMajor, type Major, type Side,
} from './powers.ts';
import { bkgData, parseUnitSpec } from './data/index.ts';
import { type BkgState, type Unit, isLandUnit, optional, unitLabel } from './state.ts';

export const warKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** The major that plays a country: itself, or the controller of a minor that entered the war. */
export function leaderOf(s: BkgState, p: string): string {
  return isMajor(p) ? p : (s.controller[p] ?? p);
}

/** The seat deciding for a unit of this power (null for a neutral minor's units). */
export function seatOf(s: BkgState, p: string): Major | null {
  const l = leaderOf(s, p);
  return isMajor(l) ? l : null;
}

/** The seat deciding for one side of a combat: the major with most units in it, bosses first on ties. */
export function commander(s: BkgState, units: Unit[]): Major {
  const count = new Map<Major, number>();
  for (const u of units) {
    const seat = seatOf(s, u.power);
    if (seat) count.set(seat, (count.get(seat) ?? 0) + 1);
  }
  let best: Major = MAJORS.find((m) => count.has(m)) ?? 'germany';
  for (const m of MAJORS) if ((count.get(m) ?? 0) > (count.get(best) ?? 0)) best = m;
  return best;
}

export function sideOf(s: BkgState, p: string): Side | null {
  const l = leaderOf(s, p);
  return isMajor(l) ? sideOfMajor(s, l) : null;
}

export function isConquered(s: BkgState, p: string): boolean {
  return s.conquered.includes(p);
}

/** Is the pair (a, b) at war, in either order? */
function pairAtWar(s: BkgState, a: string, b: string): boolean {
  // warKey(a, b) read in place, not built: atWar is asked for every pair of units a combat or a move looks at.
  const x = a < b ? a : b, y = a < b ? b : a;
  const len = x.length + 1 + y.length;
  for (const w of s.wars) if (w.length === len && w.charCodeAt(x.length) === 124 && w.startsWith(x) && w.endsWith(y)) return true;
  return false;
}

export function atWar(s: BkgState, a: string, b: string): boolean {
  if (a === b) return false;
  const la = leaderOf(s, a), lb = leaderOf(s, b);
  if (la === lb) return false;
  if (pairAtWar(s, la, lb)) return true;
  return (a !== la || b !== lb) && (pairAtWar(s, a, b) || pairAtWar(s, la, b) || pairAtWar(s, a, lb));
}

/** At war with anybody (8.2: a neutral may not enter areas of countries at war). */
export function isBelligerent(s: BkgState, p: string): boolean {
  const l = leaderOf(s, p);
  for (const k of s.wars) {
    const bar = k.indexOf('|');
    const x = k.slice(0, bar), y = k.slice(bar + 1);
    if (x === p || y === p || x === l || y === l) return true;
  }
  return false;
}

/** The leaders a country is at war with, through its own leader too. */
function enemiesOf(s: BkgState, p: string): string[] {
  const l = leaderOf(s, p);
  const out: string[] = [];
  for (const k of s.wars) {
    const bar = k.indexOf('|');
    const x = k.slice(0, bar), y = k.slice(bar + 1);
    if (x === p || x === l) out.push(leaderOf(s, y));
    if (y === p || y === l) out.push(leaderOf(s, x));
  }
  return out;
}

/** Friendly (6.1: "friendly controlled"): the same country, or countries of one side fighting a common enemy (8.2
 *  keeps a neutral, or a country at peace with that enemy, out of the other's areas). */
export function friendly(s: BkgState, a: string, b: string): boolean {
  if (a === b || (leaderOf(s, a) === leaderOf(s, b) && isMajor(leaderOf(s, a)))) return true;
  const sa = sideOf(s, a);
  if (sa === null || sa !== sideOf(s, b) || isConquered(s, leaderOf(s, b))) return false;
  const ea = enemiesOf(s, a);
  for (const e of enemiesOf(s, b)) if (ea.includes(e)) return true;
  return false;
}

/** Optional 9.11: the majors that cooperate with each other (a minor goes with its controlling major). */
const COOPERATING: readonly (readonly Major[])[] = [['germany', 'italy'], ['be', 'usa', 'france'], ['china', 'usa']];

/** Optional 9.11: may units of `a` and `b` stack, attack together and enter each other's countries? */
export function cooperates(s: BkgState, a: string, b: string): boolean {
  const la = leaderOf(s, a), lb = leaderOf(s, b);
  return la === lb || COOPERATING.some((g) => g.includes(la as Major) && g.includes(lb as Major));
}

/** Optional 9.11: an area `power` may not enter: held (`holder`: now, or after a conquest) by a country of its side
 *  that it does not cooperate with (that country's own or associated area, or one it took; areas an enemy holds are
 *  open: ruling 97). */
export function coopForbidsEntry(s: BkgState, power: string, id: string, holder = s.control[id]!): boolean {
  const side = sideOf(s, power);
  return side !== null && sideOf(s, holder) === side && !cooperates(s, power, holder) && !atWar(s, power, holder);
}

/**
 * Who holds an area aside, may units of `power` enter it? Read by movement and by the relocation at a conquest
 * (advanced 8.2, ruling 103) alike. Advanced 8.8: Bulgarian units never enter the USSR. Optional 9.11: nor does a unit
 * enter a friendly area held by a country it does not cooperate with (ruling 97). `holder`: who holds it (now, or
 * after an occupation).
 */
export function entryForbidden(s: BkgState, power: string, id: string, holder = s.control[id]!): boolean {
  if (power === 'bulgaria' && s.rules === 'advanced' && area(id).country === 'ussr') return true;
  return optional(s, 'cooperation') && coopForbidsEntry(s, power, id, holder) && friendly(s, power, holder);
}

/** Units of countries that have just gone to war while sharing a place fight there (basic 6.4: enemies never stay
 *  together); `attacker` is the side that declared or joined. Land units left alone in an area of their new enemy's
 *  settle it (ruling 113): armor or infantry take it (6.4), as units left there after a combat do (ruling 109); an HQ
 *  takes nothing (ruling 9) and goes at once to the nearest friendly area, or is eliminated (rulings 103, 106).
 *  `entering`: the place a unit's arrival declared the war on, which its own arrival settles (movement.ts arrive). */
export function engageCoLocated(ctx: Ctx<BkgState>, attacker: Side, entering?: string): void {
  const s = ctx.state;
  const byPlace = new Map<string, Unit[]>();
  for (const u of Object.values(s.units)) {
    if (u.where === 'box' || u.aboard) continue;
    (byPlace.get(u.where) ?? byPlace.set(u.where, []).get(u.where)!).push(u);
  }
  for (const [place, units] of byPlace) {
    if (s.battles.some((b) => b.place === place)) continue;
    const sea = area(place).kind === 'sea';
    if (sea && s.rules === 'advanced') continue; // advanced 6.4.3 D: ships at sea fight only when a search finds them
    const fighters = units.filter((u) => !sea || u.type === 'conv' || u.type === 'tf' || u.type === 'sub');
    if (fighters.some((u) => fighters.some((v) => atWar(s, u.power, v.power)))) write(s, 'battles').push({ place, attacker });
    else if (!sea && place !== entering) settleEnemyArea(ctx, place, units);
  }
}

/** Ruling 113: land units standing without enemies in an area whose controller is now at war with them. */
function settleEnemyArea(ctx: Ctx<BkgState>, place: string, units: Unit[]): void {
  const s = ctx.state;
  const c = s.control[place]!;
  const alone = units.filter((u) => isLandUnit(u) && atWar(s, u.power, c));
  if (!alone.length) return;
  const ground = alone.filter((u) => u.type === 'inf' || u.type === 'arm');
  if (ground.length) {
    const by = commander(s, ground);
    setControl(ctx, place, newController(s, place, ground.find((u) => seatOf(s, u.power) === by)!.power), 'BKG 6.4 (ruling 113)');
    return;
  }
  for (const u of alone) relocate(ctx, u, place, `at war with ${POWER_NAMES[c] ?? c}`, 'BKG 6.4 (ruling 113)');
}

/** The rightful owner of an area: the power of its country (Peking is Chinese even while Japan holds it). */
export function ownerOf(id: string): string {
  return powerOfCountry(area(id).country ?? '');
}

/** BP that controller `x` draws from an area (7.3.1): the left number for its owner and associates, else the right. */
export function incomeFrom(s: BkgState, x: string, id: string): { to: Major | null; bp: number } {
  const a = area(id);
  const lx = leaderOf(s, x);
  if (!isMajor(lx) || isConquered(s, lx)) return { to: null, bp: 0 };
  // The Baltic's 1 BP goes only to Germany, and not to a conquered Germany (ruling 112).
  if (a.prod === 'D') return sideOf(s, x) === sideOfMajor(s, 'germany') && !isConquered(s, 'germany') ? { to: 'germany', bp: 1 } : { to: null, bp: 0 };
  const [l, r] = productionOf(id);
  const owner = ownerOf(id);
  if (leaderOf(s, owner) === lx) {
    if (a.pacificProduction && lx === 'be' && !s.bePacific) return { to: 'be', bp: 0 };
    return { to: lx, bp: l };
  }
  return { to: lx, bp: r };
}

export function addProduction(s: BkgState, major: Major, bp: number): void {
  if (bp !== 0) write(s, 'production')[major] += bp;
}

/** Control of a land area changes (6.4): production moves at once (7.3.3). */
export function setControl(ctx: Ctx<BkgState>, id: string, to: string, rule = 'BKG 6.4'): void {
  const s = ctx.state;
  const from = s.control[id];
  if (from === to) return;
  const lost = from ? incomeFrom(s, from, id) : { to: null, bp: 0 };
  const won = incomeFrom(s, to, id);
  write(s, 'control')[id] = to;
  if (lost.to) addProduction(s, lost.to, -lost.bp);
  if (won.to) addProduction(s, won.to, won.bp);
  const bits = [lost.to && lost.bp ? `${POWER_NAMES[lost.to]} -${lost.bp}` : '', won.to && won.bp ? `${POWER_NAMES[won.to]} +${won.bp}` : '']
    .filter(Boolean).join(', ');
  ctx.log(`${POWER_NAMES[to] ?? to} now controls ${area(id).name}${bits ? ` (production: ${bits})` : ''}`, rule);
  relocateAtPeace(ctx, id);
}

/** Advanced 8.2 (ruling 103): land units of a country at peace with an area's new controller (neither friendly nor at
 *  war: a third country's units the conqueror found there) may not stay in its area. Each goes at once to the nearest
 *  area friendly to it, whatever the connection (over land and sea; of the nearest, its own country's first, then the
 *  map's order), without enemy units or a combat there; with none, it is eliminated. */
function relocateAtPeace(ctx: Ctx<BkgState>, id: string): void {
  const s = ctx.state;
  const c = s.control[id]!;
  for (const u of Object.values(s.units)) {
    if (u.where !== id || u.aboard || !isLandUnit(u) || friendly(s, u.power, c) || atWar(s, u.power, c)) continue;
    relocate(ctx, u, id, `at peace with ${POWER_NAMES[c] ?? c}`, 'BKG advanced 8.2');
  }
}

/** A land unit that may not stay where it is goes at once to the nearest friendly area (`nearestRefuge`), or is
 *  eliminated when there is none (rulings 103, 113). */
function relocate(ctx: Ctx<BkgState>, u: Unit, from: string, why: string, rule: string): void {
  const s = ctx.state;
  const to = nearestRefuge(s, u, from);
  if (to) write(s, 'units', u.id).where = to;
  else removeUnit(s, u);
  ctx.log(`${POWER_NAMES[u.power]} ${unitLabel(u)} may not stay in ${area(from).name} (${why}): ${to ? `relocated to ${area(to).name}` : 'no friendly area, eliminated'}`, rule);
}

/** The nearest land area friendly to `u` from `from` (breadth first over every link), free of its enemies and combats. */
function nearestRefuge(s: BkgState, u: Unit, from: string): string | null {
  const m = bkgMap();
  const seen = new Set([from]);
  let ring = [from];
  const ok = (a: string): boolean => {
    if (m.isSea[m.board.index(a)] === 1 || !friendly(s, u.power, s.control[a]!) || entryForbidden(s, u.power, a)) return false;
    if (s.battles.some((b) => b.place === a)) return false;
    return !Object.values(s.units).some((v) => v.where === a && !v.aboard && atWar(s, u.power, v.power));
  };
  while (ring.length) {
    const next: string[] = [];
    for (const p of ring) for (const q of m.allNbrs[m.board.index(p)]!) if (!seen.has(q)) { seen.add(q); next.push(q); }
    const found = next.filter(ok);
    if (found.length) return found.find((a) => leaderOf(s, s.control[a]!) === leaderOf(s, u.power)) ?? found[0]!;
    ring = next;
  }
  return null;
}

/** Who takes an area a side's land units won: its rightful owner when that is an unconquered (or freed) associate,
 *  unless units at war with the owner (not with the conqueror) stand there: the conqueror keeps it (ruling 101). */
export function newController(s: BkgState, id: string, conqueror: string): string {
  const owner = ownerOf(id);
  const lc = leaderOf(s, conqueror);
  if (owner !== lc && sideOf(s, owner) === sideOf(s, lc) && isBelligerent(s, owner)
    && !Object.values(s.units).some((u) => u.where === id && !u.aboard && atWar(s, owner, u.power))) return owner;
  return lc;
}

/** The major that plays a minor attacked by `attackerSide` (8.4): BE for the Axis' victims, Italy (Germany while
 *  Italy is neutral) for the Allies'; a random major of that side when that one is conquered (or, optional 9.10, is
 *  not on that side: ruling 99). */
export function protectorOf(ctx: Ctx<BkgState>, attackerSide: Side): Major {
  const s = ctx.state;
  const pick = attackerSide === 'axis' ? 'be' : (isBelligerent(s, 'italy') ? 'italy' : 'germany');
  const side = otherSide(attackerSide);
  if (!isConquered(s, pick) && sideOfMajor(s, pick) === side) return pick;
  const left = minorPlayers(s, side);
  if (left.length <= 1) return left[0] ?? pick;
  const r = ctx.roll(left.length, 1, `random ${side} major to play a minor`, 'BKG 8.4');
  return left[r.total - 1]!;
}

/** The majors of a side among which a random one plays a minor (8.4, ruling 99): those at war, as 8.4 passes over a
 *  neutral Italy; when none is, any not conquered except the neutral USA of the advanced game, whose production track
 *  counts political points (7.2) and takes no minor's production; the USA only when it is all that is left. */
export function minorPlayers(s: BkgState, side: Side): Major[] {
  const live = MAJORS.filter((m) => sideOfMajor(s, m) === side && !isConquered(s, m));
  const atWar = live.filter((m) => isBelligerent(s, m));
  if (atWar.length) return atWar;
  const notPolitical = live.filter((m) => !(m === 'usa' && s.rules === 'advanced'));
  return notPolitical.length ? notPolitical : live;
}

function addWar(s: BkgState, a: string, b: string): boolean {
  const k = warKey(a, b);
  if (s.wars.includes(k)) return false;
  for (const p of [a, b]) if (isMajor(p) && !s.events.some((e) => e.startsWith(`at-war:${p}:`))) write(s, 'events').push(`at-war:${p}:${s.turn}`);
  s.wars = [...s.wars, k].sort();
  return true;
}

/** Quarters a major has been at war (cards Total War, Elite Troops); majors at war when the scenario began count
 *  from 3/39. */
export function quartersAtWar(s: BkgState, m: Major): number {
  const e = s.events.find((x) => x.startsWith(`at-war:${m}:`));
  if (e) return s.turn - Number(e.split(':')[2]);
  return isBelligerent(s, m) ? s.turn + s.firstQuarter - 2 : 0;
}

/** Put a minor's forces on the map as the scenario lists them (Time Table: the major that plays it sets them up). */
export function setUpMinorForces(ctx: Ctx<BkgState>, minor: string): void {
  const s = ctx.state;
  const sc = bkgData().scenarios['1939']!;
  for (const [where, specs] of Object.entries(sc.neutralForces?.[minor] ?? {})) {
    if (where !== 'southern-chinese-sea' && leaderOf(s, s.control[where] ?? '') !== leaderOf(s, minor)) continue; // its area is lost
    for (const spec of specs) {
      const p = parseUnitSpec(spec);
      for (let i = 0; i < p.count; i++) createUnit(s, minor, p.type, p.front, where, { tag: p.tag, reduced: p.reduced });
    }
  }
}

/** A new counter on the board or in a production box. */
export function createUnit(
  s: BkgState, power: string, type: Unit['type'], front: number, where: string,
  o: { tag?: string; reduced?: boolean; arrive?: number; hq?: string } = {},
): Unit {
  const d = bkgData().counters;
  const id = type === 'hq' ? `hq-${o.hq}` : `${power}-${type}${front}${o.tag ? o.tag.toLowerCase() : ''}-${s.nextId++}`;
  const back = type === 'hq' ? null : (d.backs[type]?.[String(front)] ?? null);
  const u: Unit = { id, power, type, front: type === 'hq' ? d.hqs[o.hq!]!.rating : front, back, where };
  if (o.tag) u.tag = o.tag;
  if (o.hq) u.hq = o.hq;
  if (o.reduced) u.reduced = true;
  if (o.arrive !== undefined) u.arrive = o.arrive;
  write(s, 'units')[id] = u;
  return u;
}

/** A neutral minor enters the war on the side opposite its attacker (8.4, Time Table "neutral countries are attacked"). */
export function activateMinor(ctx: Ctx<BkgState>, minor: string, controller: Major, rule: string): void {
  const s = ctx.state;
  if (s.controller[minor]) return;
  s.controller = { ...s.controller, [minor]: controller };
  let bp = 0;
  for (const [id, c] of Object.entries(s.control)) {
    if (c !== minor) continue;
    const inc = incomeFrom(s, minor, id);
    if (inc.to) { addProduction(s, inc.to, inc.bp); bp += inc.bp; }
  }
  for (const [key, amount] of Object.entries(s.deliveries)) {
    const [from, to] = key.split('>');
    if (from === minor && !friendly(s, minor, to!) && sideOf(s, to!) !== sideOfMajor(s, controller)) endDelivery(ctx, key, amount);
    else if (from === minor && leaderOf(s, minor) === to) endDelivery(ctx, key, amount); // now delivers all it produces
  }
  ctx.log(`${POWER_NAMES[minor]} enters the war; ${POWER_NAMES[controller]} plays it${bp ? ` and receives its ${bp} BP` : ''}`, rule);
  setUpMinorForces(ctx, minor);
}

export function endDelivery(ctx: Ctx<BkgState>, key: string, amount = ctx.state.deliveries[key] ?? 0): void {
  const s = ctx.state;
  if (!(key in s.deliveries)) return;
  delete write(s, 'deliveries')[key];
  const [from, to] = key.split('>');
  if (isMajor(to!)) addProduction(s, to, -amount);
  ctx.log(`Delivery agreement ${POWER_NAMES[from!]} to ${POWER_NAMES[to!]} ends: ${POWER_NAMES[to!]} -${amount}`, 'BKG 7.3.4');
}

/** Deliveries between two countries now at war end at once (7.3.4); and those between `a` and `b` when given. */
function endDeliveriesBetween(ctx: Ctx<BkgState>, a?: string, b?: string): void {
  for (const key of Object.keys(ctx.state.deliveries)) {
    const [from, to] = key.split('>');
    if (atWar(ctx.state, from!, to!) || (from === a && to === b) || (from === b && to === a)) endDelivery(ctx, key);
  }
}

/** Optional 9.10 (ruling 99): a major entering the war under other alliances is at war with every major of the other
 *  side already at war; true when it did (the Time Table's named enemies are for the historic sides). */
function entersSideWar(ctx: Ctx<BkgState>, m: Major, rule: string): boolean {
  const s = ctx.state;
  if (!nonHistoric(s)) return false;
  const foes = majorsOf(s, otherSide(sideOfMajor(s, m))).filter((x) => isBelligerent(s, x) && !isConquered(s, x));
  for (const x of foes) addWar(s, m, x);
  ctx.log(`${POWER_NAMES[m]} is at war with ${foes.map((x) => POWER_NAMES[x]).join(', ') || 'no major yet'}`, `${rule}, advanced 9.10`);
  endDeliveriesBetween(ctx);
  return true;
}

/** Italy joins the war (Time Table 2/40, a card, or attacked: 8.4), at war with every Allied country at war with
 *  Germany. Units sharing an area with an enemy then fight, `attacker` attacking: the declaring side (a French unit
 *  entering neutral Northern Italy attacks it and takes the area if it wins, 6.4), else Italy's own. */
export function italyEntersWar(ctx: Ctx<BkgState>, rule = 'BKG Time Table 2/40', attacker: Side = sideOfMajor(ctx.state, 'italy'), entering?: string): void {
  const s = ctx.state;
  if (s.events.includes('italy-war')) return;
  write(s, 'events').push('italy-war');
  if (!entersSideWar(ctx, 'italy', rule)) for (const m of MAJORS) if (sideOfMajor(s, m) === 'allies' && atWar(s, 'germany', m)) addWar(s, 'italy', m);
  ctx.log('Italy joins the war', rule);
  if (sideOfMajor(s, 'italy') !== sideOfMajor(s, 'usa')) usPolitics(ctx, 1, `Italy declares war on the ${SIDE_NAMES[sideOfMajor(s, 'usa')]}`);
  engageCoLocated(ctx, attacker, entering);
}

/** The USSR joins the war against Germany and Italy (Time Table 2/41, or attacked): 34 BP, Axis minors join. */
export function ussrEntersWar(ctx: Ctx<BkgState>, rule: string, attacker: Side, entering?: string): void {
  const s = ctx.state;
  if (s.events.includes('ussr-war')) return;
  write(s, 'events').push('ussr-war');
  const sideWar = entersSideWar(ctx, 'ussr', rule);
  if (!sideWar) {
    addWar(s, 'ussr', 'germany');
    if (isBelligerent(s, 'italy') || s.events.includes('italy-war')) addWar(s, 'ussr', 'italy');
  }
  addProduction(s, 'ussr', 34 - 11);
  write(s, 'rail').ussr = bkgData().scenarios['1939']!.railAtWar.ussr ?? s.rail.ussr!;
  ctx.log(sideWar ? 'The USSR enters the war (production 34 BP)' : 'The USSR is at war with Germany (production 34 BP)', rule);
  if (!sideWar) endDeliveriesBetween(ctx, 'ussr', 'germany');
  // The Axis minors join Germany against the USSR (under optional 9.10 only when the USSR is Germany's enemy).
  if (atWar(s, 'ussr', 'germany')) for (const m of AXIS_MINORS) if (!s.controller[m] && !isConquered(s, m)) activateMinor(ctx, m, 'germany', rule);
  engageCoLocated(ctx, attacker, entering);
}

/** The USA joins the war (Time Table 4/41, or attacked): 36 BP, at war with the Axis; Japan at war with BE and France. */
export function usaEntersWar(ctx: Ctx<BkgState>, rule: string, attacker: Side, entering?: string): void {
  const s = ctx.state;
  if (s.events.includes('usa-war')) return;
  write(s, 'events').push('usa-war');
  const sideWar = entersSideWar(ctx, 'usa', rule);
  if (!sideWar) {
    for (const m of ['germany', 'italy', 'japan'] as const) if (m === 'japan' || isBelligerent(s, m)) addWar(s, 'usa', m);
    addWar(s, 'japan', 'be');
    addWar(s, 'japan', 'france');
  }
  addProduction(s, 'usa', s.rules === 'basic' ? 36 - 8 : 36 - s.production.usa);
  ctx.log(sideWar ? 'The USA enters the war (production 36 BP)' : 'The USA is at war with the Axis (production 36 BP); Japan is at war with BE and France', rule);
  if (!sideWar) endDeliveriesBetween(ctx, 'usa', 'japan');
  activateBePacific(ctx, rule);
  engageCoLocated(ctx, attacker, entering);
}

/** Time Table: BE Pacific production (Australia, India, Burma) counts from now on. */
export function activateBePacific(ctx: Ctx<BkgState>, rule: string): void {
  const s = ctx.state;
  if (s.bePacific) return;
  s.bePacific = true;
  let bp = 0;
  for (const [id, c] of Object.entries(s.control)) if (area(id).pacificProduction && leaderOf(s, c) === 'be') bp += productionOf(id)[0];
  addProduction(s, 'be', bp);
  ctx.log(`BE Pacific production activated: BE +${bp}`, rule);
}

/** Advanced 7.2: political events move the neutral USA's production (its way to war). */
export function usPolitics(ctx: Ctx<BkgState>, delta: number, why: string): void {
  const s = ctx.state;
  if (s.rules !== 'advanced' || s.events.includes('usa-war') || delta === 0) return;
  write(s, 'production').usa = Math.max(0, s.production.usa + delta);
  ctx.log(`US production ${delta > 0 ? '+' : ''}${delta} (${why}): ${s.production.usa}`, 'BKG advanced 7.2');
}

const ENTRY_EVENT: Partial<Record<Major, string>> = { italy: 'italy-war', ussr: 'ussr-war', usa: 'usa-war' };

/** Optional 9.10 (ruling 99): a major at peace only because its enemies became its allies (at war when the scenario
 *  began, or its Time Table entry has come) may declare war like a belligerent. */
function readyForWar(s: BkgState, m: Major): boolean {
  if (!nonHistoric(s)) return false;
  const e = ENTRY_EVENT[m];
  return (e !== undefined && s.events.includes(e)) || scenarioOf(s).wars.some((w) => w.includes(m));
}

/** The scenario card a game started from (the 1939 card starts in 3/39). */
export function scenarioOf(s: BkgState) {
  return bkgData().scenarios[s.firstQuarter === 2 ? '1939' : '1941']!;
}

/** Optional 9.10 (ruling 99): once the alliances are chosen, the scenario's wars between new allies end (a minor's
 *  wars follow its controller's side), and so do deliveries between countries at war. */
export function startAlliances(ctx: Ctx<BkgState>): void {
  const s = ctx.state;
  const text = (['axis', 'allies'] as const).map((d) => `${SIDE_NAMES[d]}: ${majorsOf(s, d).map((m) => POWER_NAMES[m]).join(', ')}`).join('; ');
  if (!nonHistoric(s)) return void ctx.log(`The historic alliances (${text})`, 'BKG advanced 9.10');
  ctx.log(`Non-historic alliances: ${text}`, 'BKG advanced 9.10');
  const sideOfLeader = (p: string): Side | null => {
    const l = isMajor(p) ? p : s.controller[p];
    return l ? sideOfMajor(s, l) : null;
  };
  const ended: string[] = [];
  s.wars = s.wars.filter((k) => {
    const [a, b] = k.split('|') as [string, string];
    const same = sideOfLeader(a) !== null && sideOfLeader(a) === sideOfLeader(b);
    if (same) ended.push(`${POWER_NAMES[a]}-${POWER_NAMES[b]}`);
    return !same;
  });
  if (ended.length) ctx.log(`Wars between allies end: ${ended.join(', ')}`, 'BKG advanced 9.10');
  endDeliveriesBetween(ctx);
}

/** May `a` (a major) declare war on `b` by entering its area (8.4)? Null if yes, else the rule that forbids it. */
export function warForbidden(s: BkgState, a: string, b: string): string | null {
  if (!isMajor(a)) return 'BKG 8.4: only a major country declares war';
  const lb = leaderOf(s, b);
  if (s.events.includes('ussr-japan-peace') && ((a === 'japan' && lb === 'ussr') || (a === 'ussr' && lb === 'japan'))) return 'BKG card Force Peace: the USSR and Japan are at peace';
  if (isConquered(s, lb)) return null;
  if (sideOf(s, lb) === sideOfMajor(s, a)) return `BKG 8.4${nonHistoric(s) ? ', advanced 9.10' : ''}: a country does not declare war on its own side`;
  if (!isBelligerent(s, a) && !readyForWar(s, a)) {
    if (a === 'ussr' && (lb === 'japan' || !isMajor(lb))) return (AXIS_MINORS as readonly string[]).includes(b) ? 'BKG 8.4: the USSR may not declare war on the Axis minors before 2/41' : null;
    return `BKG 8.4: ${POWER_NAMES[a]} is neutral and may not declare war`;
  }
  if (a === 'ussr' && (lb === 'germany' || lb === 'italy' || (AXIS_MINORS as readonly string[]).includes(b))) {
    return 'BKG 8.4: the USSR may not declare war on Germany, Italy or the Axis minors before 2/41';
  }
  if (lb === 'japan' && a !== 'ussr' && a !== 'usa' && sideOfMajor(s, 'usa') !== sideOfMajor(s, 'japan') && !atWar(s, 'japan', 'usa')) {
    return 'BKG 8.4: BE, France and their associates may not declare war on Japan before Japan is at war with the USA';
  }
  return null;
}

/** Is the USA on the other side from `m` (the Time Table's US entry by Japanese aggression; optional 9.10)? */
export function usaFoeOf(s: BkgState, m: Major): boolean {
  return sideOfMajor(s, 'usa') !== sideOfMajor(s, m);
}

/** `a` declares war on `b` (8.4): a neutral minor joins the other side; majors' entries follow the Time Table. */
export function declareWar(ctx: Ctx<BkgState>, a: string, b: string, entering?: string): void {
  const s = ctx.state;
  const lb = leaderOf(s, b);
  const rule = 'BKG 8.4';
  if (!isMajor(lb)) {
    const side = sideOf(s, a)!;
    addWar(s, a, b);
    ctx.log(`${POWER_NAMES[a]} declares war on ${POWER_NAMES[b]}`, rule);
    usPolitics(ctx, side !== sideOfMajor(s, 'usa') ? 1 : -1, `a neutral attacked by the ${SIDE_NAMES[side]}`);
    activateMinor(ctx, b, protectorOf(ctx, side), rule);
    if (a === 'japan' && b === 'bnl' && usaFoeOf(s, 'japan')) usaEntersWar(ctx, 'BKG 8.4', side, entering);
    engageCoLocated(ctx, side, entering);
    return;
  }
  if (isConquered(s, lb)) return;
  ctx.log(`${POWER_NAMES[a]} declares war on ${POWER_NAMES[lb]}`, rule);
  const side = sideOfMajor(s, a as Major);
  if (lb === 'ussr') usPolitics(ctx, 1, `${POWER_NAMES[a]} declares war on the USSR`);
  if (a === 'ussr' && lb === 'japan') usPolitics(ctx, -1, 'the USSR declares war on Japan');
  if (lb === 'italy' && side === sideOfMajor(s, 'usa')) usPolitics(ctx, -1, `the ${SIDE_NAMES[side]} declare war on Italy`);
  if (lb === 'usa') { usaEntersWar(ctx, rule, side, entering); addWar(s, a, 'usa'); engageCoLocated(ctx, side, entering); return; }
  if (lb === 'ussr' && a !== 'japan') { ussrEntersWar(ctx, rule, side, entering); addWar(s, a, 'ussr'); engageCoLocated(ctx, side, entering); return; }
  if (lb === 'italy' && !isBelligerent(s, 'italy')) italyEntersWar(ctx, rule, side, entering);
  addWar(s, a, lb);
  if (a === 'japan' && (lb === 'be' || lb === 'france') && usaFoeOf(s, 'japan')) usaEntersWar(ctx, 'BKG 8.4 (a Japanese declaration of war on BE or France is one on the USA)', side, entering);
  endDeliveriesBetween(ctx, a, lb);
  engageCoLocated(ctx, side, entering);
}

/** Areas of a home country (7.1): flagged areas of a major, every area of a minor or BE home country. */
export function homeAreas(country: string): string[] {
  return bkgData().map.areas.filter((a) => a.kind === 'land' && a.home && a.country === country).map((a) => a.id);
}

/** Is every home area of `country` controlled by its enemies (7.1)? */
export function allHomeLost(s: BkgState, country: string): boolean {
  const power = powerOfCountry(country);
  const areas = homeAreas(country);
  const enemy = (c: string) => atWar(s, c, power) || (sideOf(s, c) !== null && sideOf(s, power) !== null && sideOf(s, c) !== sideOf(s, power));
  return areas.length > 0 && areas.every((id) => enemy(s.control[id]!));
}

/** Conquest (7.1): remove the country's forces, its outside areas become neutral; BE falls home country by home country. */
export function conquer(ctx: Ctx<BkgState>, country: string): void {
  const s = ctx.state;
  if (s.conquered.includes(country)) return;
  s.conquered = [...s.conquered, country];
  const power = powerOfCountry(country);
  const letter = country === 'uk' ? '' : ({ canada: 'C', 'south-africa': 'SA', india: 'I', australia: 'A' } as Record<string, string>)[country];
  const isBeHome = (BE_HOME_COUNTRIES as readonly string[]).includes(country);
  let removed = 0;
  for (const u of Object.values(s.units)) {
    const mine = isBeHome ? u.power === 'be' && (u.tag ?? '') === letter : u.power === country;
    if (mine) { removeUnit(s, u); removed++; }
  }
  ctx.log(`${POWER_NAMES[country] ?? area(homeAreas(country)[0]!).name} is conquered; ${removed} units removed`, 'BKG 7.1');
  if (isBeHome) {
    if (BE_HOME_COUNTRIES.every((c) => s.conquered.includes(c))) conquerPower(ctx, 'be');
    return;
  }
  conquerPower(ctx, power);
}

function conquerPower(ctx: Ctx<BkgState>, power: string): void {
  const s = ctx.state;
  if (power === 'be' && !s.conquered.includes('be')) s.conquered = [...s.conquered, 'be'];
  if (isMajor(power)) {
    for (const [minor, c] of Object.entries(s.controller)) {
      if (c !== power || isConquered(s, minor)) continue;
      const side = sideOfMajor(s, power);
      const left = minorPlayers(s, side);
      if (left.length === 0) continue;
      const r = left.length > 1 ? ctx.roll(left.length, 1, `random ${side} major to play ${POWER_NAMES[minor]}`, 'BKG 8.4').total : 1;
      s.controller = { ...s.controller, [minor]: left[r - 1]! };
    }
  }
  // 7.3.4: its deliveries end; then a conquered major has nothing left (7.1), not less than nothing (ruling 105).
  for (const key of Object.keys(s.deliveries)) if (key.startsWith(`${power}>`) || key.endsWith(`>${power}`)) endDelivery(ctx, key);
  if (isMajor(power)) {
    write(s, 'production')[power] = 0;
    write(s, 'saved')[power] = 0;
  }
  if (power === 'france' && s.control.paris !== 'france' && sideOf(s, s.control.paris!) === otherSide(sideOfMajor(s, 'france'))) {
    if (!s.events.includes('france-fallen')) {
      write(s, 'events').push('france-fallen');
      activateBePacific(ctx, 'BKG Time Table: Axis conquers France');
    }
  }
  if (power === 'bnl' && !s.events.includes('bnl-fallen')) write(s, 'events').push('bnl-fallen');
}

/** Re-conquest (7.1): an associate retaking one home area frees a conquered country. */
export function freeCountry(ctx: Ctx<BkgState>, country: string): void {
  const s = ctx.state;
  s.conquered = s.conquered.filter((c) => c !== country && !(country !== 'be' && (BE_HOME_COUNTRIES as readonly string[]).includes(country) && c === 'be'));
  const power = powerOfCountry(country);
  if (isMajor(power)) {
    let bp = 0;
    for (const [id, c] of Object.entries(s.control)) {
      const income = incomeFrom(s, c, id);
      if (income.to === power) bp += income.bp;
    }
    if (power !== 'be') write(s, 'production')[power] = bp;
  }
  ctx.log(`${POWER_NAMES[country] ?? country} is freed`, 'BKG 7.1');
}

export function removeUnit(s: BkgState, u: Unit): void {
  // Only a convoy (or a TF with an HQ) carries a load (invariants.ts).
  if (u.type === 'conv' || u.type === 'tf') for (const v of Object.values(s.units)) if (v.aboard === u.id) delete write(s, 'units')[v.id];
  if (u.type === 'hq' && u.hq && !s.deadHqs.includes(u.hq)) write(s, 'deadHqs').push(u.hq);
  delete write(s, 'units')[u.id];
}
