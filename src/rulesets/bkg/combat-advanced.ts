// Advanced combat (advanced 6.5.2-6.5.7, 1.2): the BATTLECHART's land and air/sea segments, anti-aircraft fire,
// subs' first shot and anti-sub fire, effective strength after terrain, weather and supply, invasions' halving, and
// the extra defensive dice of Fortress Europe, Their Finest Hour and the Japanese Defense Perimeter.
import type { Choice, Ctx } from '../../engine/index.ts';
import { FORTRESS, MOUNTAIN, RIVER, SWAMP, area, borderFeatures, isSeaZone } from './map.ts';
import { weatherAt } from './advanced.ts';
import { distinct } from './movement.ts';
import { leaderOf, seatOf } from './politics.ts';
import { POWER_NAMES, type Side } from './powers.ts';
import { isOutOfSupply } from './supply.ts';
import { type BkgState, type Unit, strength, unitLabel } from './state.ts';

/** Where each unit fights this round: flyers (aircraft and supporting TFs) in the air/sea segment, land units firing
 *  anti-aircraft, ships firing at subs. Everything else fights in the land segment (or, at sea, at the ships). */
export type Assignment = { air: string[]; aa: string[]; antisub: string[] };

/** Hits waiting to be taken, by target pool (basic: 'all'). */
export type Pools = Record<string, number>;

export const isFlyer = (u: Unit): boolean => u.type === 'air' || (u.type === 'tf' && !!u.from);
export const isGround = (u: Unit): boolean => u.type === 'inf' || u.type === 'arm';

/** The units of `mine` a pool's hits may fall on (6.5.7: hits scored in a segment hit units in that segment). */
export function poolTargets(pool: string, mine: Unit[], a: Assignment): Unit[] {
  const noHq = mine.filter((u) => u.type !== 'hq');
  switch (pool) {
    case 'all': return noHq;
    case 'air': return noHq.filter((u) => a.air.includes(u.id));
    case 'flyers': return noHq.filter(isFlyer);
    // Ruling 55: land fire hits land units and supporting TFs, never aircraft (anti-aircraft fire does that).
    case 'land': return noHq.filter((u) => !a.air.includes(u.id) && (isGround(u) || (u.type === 'tf' && !!u.from)));
    case 'ships': return noHq.filter((u) => u.type === 'conv' || u.type === 'tf' || u.type === 'air');
    case 'surface': return noHq.filter((u) => u.type === 'conv' || u.type === 'tf');
    case 'subs': return noHq.filter((u) => u.type === 'sub');
    default: return [];
  }
}

export const POOL_ORDER = ['all', 'air', 'flyers', 'land', 'surface', 'ships', 'subs'];
export const POOL_NAMES: Record<string, string> = { all: '', air: ' in the air/sea segment', flyers: ' on aircraft and task forces', land: ' in the land segment', surface: ' on ships', ships: ' on ships and aircraft', subs: ' on subs' };

/** The side's choices of segment for this round still open: flyers to the air/sea segment beyond the weaker side's
 *  number, land units as anti-aircraft, ships against subs (6.5.3, 6.5.5). Empty: everything is decided. */
export function assignmentChoices(s: BkgState, place: string, mine: Unit[], theirs: Unit[], a: Assignment, theirA: Assignment, done: boolean): Choice[] {
  if (done) return [];
  // A side of several countries (Germany and Italy) names each unit's country: two 'Air 2' are told apart.
  const name = new Set(mine.map((u) => u.power)).size > 1 ? (u: Unit) => `${POWER_NAMES[u.power]} ${unitLabel(u)}` : unitLabel;
  const out: Choice[] = [];
  const sea = isSeaZone(place);
  if (sea) {
    const enemySubs = theirs.some((u) => u.type === 'sub'), enemyOther = theirs.some((u) => u.type !== 'sub');
    if (enemySubs && enemyOther) {
      for (const u of distinct(s, mine.filter((v) => (v.type === 'tf' || (v.type === 'conv' && !v.reduced)) && !a.antisub.includes(v.id)))) {
        out.push({ action: { type: 'assign', unit: u.id, as: 'antisub' }, label: `${name(u)} fires at the subs (anti-sub 1)`, refs: { units: [u.id], place } });
      }
    }
    return out.length ? [...out, { action: { type: 'assigned' }, label: 'Done: the others fire at the ships' }] : [];
  }
  const myFlyers = mine.filter(isFlyer), theirFlyers = theirs.filter(isFlyer);
  if (myFlyers.length && theirFlyers.length && myFlyers.length > theirFlyers.length) {
    for (const u of distinct(s, myFlyers.filter((v) => !a.air.includes(v.id)))) {
      out.push({ action: { type: 'assign', unit: u.id, as: 'air' }, label: `${name(u)} to the air/sea segment`, refs: { units: [u.id], place } });
    }
  }
  if (theirFlyers.length && theirs.some(isGround)) {
    for (const u of distinct(s, mine.filter((v) => isGround(v) && !a.aa.includes(v.id) && !isOutOfSupply(s, v)))) {
      out.push({ action: { type: 'assign', unit: u.id, as: 'aa' }, label: `${name(u)} fires anti-aircraft (1)`, refs: { units: [u.id], place } });
    }
  }
  if (!out.length) return [];
  const need = myFlyers.length && theirFlyers.length ? Math.min(myFlyers.length, theirFlyers.length) : 0;
  if (a.air.length >= need) out.push({ action: { type: 'assigned' }, label: 'Done: the rest fight in the land segment' });
  void theirA;
  return out;
}

/** The forced part of a side's assignment (6.5.3): the weaker side's flyers all in the air/sea segment, land units
 *  facing aircraft alone all firing anti-aircraft, ships facing only subs all firing at them. */
export function forcedAssignment(s: BkgState, place: string, mine: Unit[], theirs: Unit[]): Assignment {
  const a: Assignment = { air: [], aa: [], antisub: [] };
  if (isSeaZone(place)) {
    if (theirs.length && theirs.every((u) => u.type === 'sub')) a.antisub = mine.filter((u) => u.type === 'tf' || (u.type === 'conv' && !u.reduced)).map((u) => u.id);
    return a;
  }
  const myFlyers = mine.filter(isFlyer), theirFlyers = theirs.filter(isFlyer);
  if (myFlyers.length && theirFlyers.length && myFlyers.length <= theirFlyers.length) a.air = myFlyers.map((u) => u.id);
  if (theirFlyers.length && !theirs.some(isGround)) a.aa = mine.filter((u) => isGround(u) && !isOutOfSupply(s, u)).map((u) => u.id);
  return a;
}

/** The terrain, weather and supply modifiers of one unit (advanced 1.2, 5.4, 6.1, 6.5.3: terrain, then weather,
 *  then supply), in the role it fights this round. */
export function effectiveStrength(s: BkgState, place: string, attacker: Side, u: Unit, role: 'land' | 'air' | 'aa' | 'naval' | 'antisub' | 'air-vs-ships', att: boolean): number {
  if (s.effects.includes(`para-air:${u.id}`)) return 0; // card Para Troops: the carrying aircraft, this turn
  const seat = seatOf(s, u.power);
  const own = (a: string) => !!seat && seat === u.power && (s.achievements[seat] ?? []).includes(a);
  const bad = weatherAt(s, place) === 'bad' && !weatherImmune(s, u);
  const oos = isOutOfSupply(s, u) ? 2 : 0;
  if (role === 'aa') return oos ? 0 : 1;
  if (role === 'antisub') return (u.type === 'conv' && u.reduced ? 0 : 1) + (own('sonar') ? 1 : 0);
  let v = strength(u);
  if (role === 'naval') return v - (bad ? 1 : 0) + (u.type === 'sub' && own('better-subs') ? 1 : 0);
  if (role === 'air' || role === 'air-vs-ships') {
    const bonus = role === 'air' && own('air-combat') && (u.type === 'tf' || u.front > 1) ? 1 : 0;
    return v + bonus - (bad ? 1 : 0) - oos;
  }
  // Land segment.
  const a = area(place);
  const terrain = a.terrain ?? 'clear';
  const fortressLost = terrain === 'fortress' && (s.effects.includes('fortress-destroyed') || !fortressCrossed(s, place, attacker));
  const t = fortressLost ? 'clear' : terrain;
  if (isFlyerRole(u)) {
    if (u.type === 'tf') v = Math.ceil(v / 2); // 6.5.3: TFs halved in land combat, rounded up
    if (t === 'forest' || t === 'mountain') v -= 1;
    if (t === 'swamp' || (t === 'fortress' && att)) v = Math.floor(v / 2);
    return v - (bad ? 1 : 0) - oos;
  }
  if (u.invading) v = Math.floor(v / 2); // 6.5.4: invaders halved, rounded down
  const arm = u.type === 'arm';
  if (arm) v -= t === 'forest' ? 1 : t === 'mountain' || t === 'swamp' ? 2 : 0;
  if (!att && u.type === 'inf') v += t === 'mountain' ? 1 : t === 'swamp' ? 2 : t === 'fortress' ? 1 : 0;
  if (!att && u.type === 'inf' && t === 'mountain' && s.effects.includes(`mountain-troops:${leaderOf(s, u.power)}`)) v += 1;
  if (att && u.type === 'inf' && t === 'mountain' && s.effects.includes(`mountain-troops:${leaderOf(s, u.power)}`)) v += 1;
  if (att && u.via) {
    const f = borderFeatures(u.via, place);
    if ((f & FORTRESS) && t === 'fortress') v -= arm ? 3 : 1; // "attacking Arm against fortress -3"
    if ((f & RIVER) && !s.effects.includes(`bridgehead:${u.power}`)) v -= 1;
    if ((f & MOUNTAIN) && terrain !== 'mountain') v -= arm ? 2 : 1;
    if (f & SWAMP) v -= arm ? 3 : 1;
  }
  if (att && bad) v -= 1;
  if (s.effects.includes(`elite:${u.id}`)) v += 1;
  if (s.effects.includes('cold-days') && leaderOf(s, u.power) !== 'ussr' && seat && ['germany', 'italy', 'japan'].includes(seat) && a.country === 'ussr') v -= 1;
  return v - oos;
}

function isFlyerRole(u: Unit): boolean {
  return u.type === 'air' || u.type === 'tf';
}

/** Guards (card: "G" units) and Winter Offensive (card: all Soviet land units this turn) ignore bad weather. */
function weatherImmune(s: BkgState, u: Unit): boolean {
  if (u.power !== 'ussr' || !(u.type === 'inf' || u.type === 'arm')) return false;
  return s.effects.includes('winter-offensive') || (u.tag === 'G' && s.cards.inEffect.includes('guards'));
}

/** Advanced 1.2: the fortress works only if some attacker crosses its fortress side (not only from Paris or Vichy). */
function fortressCrossed(s: BkgState, place: string, attacker: Side): boolean {
  return Object.values(s.units).some((u) => u.where === place && u.via && (borderFeatures(u.via, place) & FORTRESS) !== 0 && seatOf(s, u.power) !== null && attacker !== null);
}

export interface FireGroup {
  who: string;
  units: { u: Unit; str: number; dice: number }[];
  pool: string;
}

/** Roll a fire group from the strongest down, stopping when the pool's targets can take no more (as in basic). */
export function fireGroup(ctx: Ctx<BkgState>, g: FireGroup, capacity: number, rule: string): number {
  const byStrength = new Map<number, number>();
  for (const { str, dice } of g.units) if (str > 0) byStrength.set(Math.min(str, 6), (byStrength.get(Math.min(str, 6)) ?? 0) + dice);
  let hits = 0;
  for (const st of [...byStrength.keys()].sort((a, b) => b - a)) {
    let n = byStrength.get(st)!;
    while (n > 0 && hits < capacity) {
      const k = Math.min(n, capacity - hits);
      const r = ctx.roll(6, k, `${g.who}: ${k} ${k === 1 ? 'die' : 'dice'} at strength ${st}`, rule, { each: true });
      const h = r.faces.filter((x) => x <= st).length;
      hits += h;
      n -= k;
      ctx.log(`${g.who}: ${r.faces.join(', ')} at strength ${st}: ${h === 0 ? 'no hit' : h === 1 ? 'one hit' : `${h} hits`}`, rule);
    }
  }
  return hits;
}

export function nations(units: Unit[]): string {
  return [...new Set(units.map((u) => POWER_NAMES[u.power]))].join(' and ');
}
