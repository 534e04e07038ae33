// The arithmetic of AAE Conduct Combat, as pure functions of the forces: who rolls which dice at which value in each
// step of a round, which units may take which hits, and how a hit is taken. The battle procedure (battle.ts) rolls
// these dice; the odds calculator (odds-calculator.ts) takes the same groups as exact binomials.
import type { Power, UnitType } from './data/index.ts';
import type { Unit } from './state.ts';
import { hitsToSink, unitData } from './world.ts';

/** A unit in a battle, as the arithmetic needs it. */
export interface Combatant {
  type: UnitType;
  power: Power;
  damage?: number;
  /** Bombards in round 1 and takes no other part (AAE Amphibious Assaults: shore bombardment). */
  bombarding?: boolean;
  /** Landed from a transport this turn (may not retreat). */
  amphibious?: boolean;
}

/**
 * What a hit may fall on. 'any': every unit in the battle; 'ships': sea units only (hits scored by submarines,
 * which never hit aircraft); 'not-subs': anything but submarines (hits scored by aircraft when their side has no
 * destroyer in the battle); 'air': aircraft only (antiaircraft fire).
 */
export type HitClass = 'any' | 'ships' | 'not-subs' | 'air';

/** Dice one side rolls in one step: `count` dice of `sides`, each hitting on `value` or less. */
export interface StrikeGroup {
  value: number;
  count: number;
  sides: number;
  cls: HitClass;
  /** Which units roll ("3 infantry supported by artillery"). */
  label: string;
}

export type BattleKind = 'land' | 'sea';
export type BattleSide = 'attacker' | 'defender';
export type Step = 'aa' | 'bombard' | 'opening' | 'main';

/** Combat values and dice; the house rules' d10 values replace the printed ones (house/values.ts). */
export interface CombatTable {
  sides: number;
  attack(c: Combatant): number;
  defense(c: Combatant): number;
  bombard(c: Combatant): number;
  /** Antiaircraft fire at each attacking aircraft (AAE Conduct Combat: antiaircraft fire). */
  antiaircraft: number;
  /** Rule case of the values ("AAE national reference charts"). */
  rule: string;
}

export const PRINTED_TABLE: CombatTable = {
  sides: 6,
  attack: (c) => unitData(c.type).attack,
  defense: (c) => unitData(c.type).defense,
  bombard: (c) => unitData(c.type).bombard ?? 0,
  antiaircraft: unitData('aa').antiaircraft ?? 1,
  rule: 'AAE national reference charts',
};

export const isAir = (t: UnitType): boolean => unitData(t).domain === 'air';
export const isShip = (t: UnitType): boolean => unitData(t).domain === 'sea';
export const isSub = (t: UnitType): boolean => unitData(t).submarine === true;
export const isDestroyer = (t: UnitType): boolean => unitData(t).destroyer === true;
/** Antiaircraft guns are never casualties: they are captured with their territory (AAE Conduct Combat). */
export const takesPartInBattle = (c: Combatant): boolean => c.type !== 'aa' && !c.bombarding;

function count(list: Combatant[], f: (c: Combatant) => boolean): number {
  let n = 0;
  for (const c of list) if (f(c)) n++;
  return n;
}

function byValue(list: Combatant[], value: (c: Combatant) => number, sides: number, cls: (c: Combatant) => HitClass): StrikeGroup[] {
  const groups = new Map<string, StrikeGroup>();
  for (const c of list) {
    const v = Math.min(value(c), sides);
    if (v <= 0) continue;
    const k = cls(c);
    const key = `${v}|${k}`;
    const g = groups.get(key);
    if (g) { g.count++; g.label = ''; } else groups.set(key, { value: v, count: 1, sides, cls: k, label: '' });
  }
  const out = [...groups.values()].sort((a, b) => b.value - a.value || (a.cls < b.cls ? -1 : 1));
  for (const g of out) g.label = `${g.count} ${g.count === 1 ? 'die' : 'dice'} at ${g.value}${g.cls === 'any' ? '' : ` (${g.cls})`}`;
  return out;
}

/**
 * Land battle: the dice of `side` in `step` of round `round`. Antiaircraft fire and shore bombardment come only in
 * round 1; in the main step each artillery lifts one attacking infantry to 2 (AAE national reference charts).
 */
export function landStrikes(
  table: CombatTable, own: Combatant[], enemy: Combatant[], side: BattleSide, round: number, step: Step,
): StrikeGroup[] {
  if (step === 'aa') {
    if (side !== 'defender' || round !== 1 || !own.some((c) => c.type === 'aa')) return [];
    const planes = count(enemy, (c) => isAir(c.type));
    return planes ? [{ value: table.antiaircraft, count: planes, sides: table.sides, cls: 'air', label: `antiaircraft fire at ${planes} aircraft` }] : [];
  }
  if (step === 'bombard') {
    if (side !== 'attacker' || round !== 1) return [];
    return byValue(own.filter((c) => c.bombarding), (c) => table.bombard(c), table.sides, () => 'any');
  }
  if (step !== 'main') return [];
  const fighting = own.filter(takesPartInBattle);
  if (side === 'defender') return byValue(fighting, (c) => table.defense(c), table.sides, () => 'any');
  let support = count(fighting, (c) => unitData(c.type).artillery === true);
  const supported = new Set<Combatant>();
  for (const c of fighting) {
    if (support === 0) break;
    if (unitData(c.type).supportedByArtillery) { supported.add(c); support--; }
  }
  return byValue(fighting, (c) => table.attack(c) + (supported.has(c) ? 1 : 0), table.sides, () => 'any');
}

/**
 * Sea battle: submarines fire in the opening step unless the other side has a destroyer (attacking and defending
 * alike: AAE Conduct Combat, submarine surprise strike); their hits fall on ships. Aircraft hit submarines only when
 * their own side has a destroyer in the battle.
 */
export function seaStrikes(
  table: CombatTable, own: Combatant[], enemy: Combatant[], side: BattleSide, _round: number, step: Step,
): StrikeGroup[] {
  const value = (c: Combatant) => (side === 'attacker' ? table.attack(c) : table.defense(c));
  const enemyDestroyer = enemy.some((c) => isDestroyer(c.type));
  const ownDestroyer = own.some((c) => isDestroyer(c.type));
  const fighting = own.filter(takesPartInBattle);
  const subsFirst = !enemyDestroyer;
  if (step === 'opening') return subsFirst ? byValue(fighting.filter((c) => isSub(c.type)), value, table.sides, () => 'ships') : [];
  if (step !== 'main') return [];
  return byValue(
    fighting.filter((c) => !(isSub(c.type) && subsFirst)),
    value, table.sides,
    (c) => (isSub(c.type) ? 'ships' : isAir(c.type) && !ownDestroyer ? 'not-subs' : 'any'),
  );
}

export function strikes(kind: BattleKind, table: CombatTable, own: Combatant[], enemy: Combatant[], side: BattleSide, round: number, step: Step): StrikeGroup[] {
  return kind === 'land' ? landStrikes(table, own, enemy, side, round, step) : seaStrikes(table, own, enemy, side, round, step);
}

/** Whether a unit may take a hit of this class. */
export function mayTakeHit(c: Combatant, cls: HitClass): boolean {
  if (!takesPartInBattle(c)) return false;
  switch (cls) {
    case 'any': return true;
    case 'ships': return isShip(c.type);
    case 'not-subs': return !isSub(c.type);
    case 'air': return isAir(c.type);
  }
}

/** Identical units share a key; the owner picks a key, not a unit ("a damaged battleship"). */
export function casualtyKey(c: Combatant): string {
  return `${c.power}:${c.type}:${c.damage ?? 0}`;
}

/** Taking one hit: a battleship with hits left is damaged, anything else is sunk or destroyed (AAE battleships). */
export function hitDestroys(c: Combatant): boolean {
  return (c.damage ?? 0) + 1 >= hitsToSink(c.type);
}

/** The hits a side can still absorb from this class (battleships count twice until damaged). */
export function hitsAbsorbable(list: Combatant[], cls: HitClass): number {
  let n = 0;
  for (const c of list) if (mayTakeHit(c, cls)) n += hitsToSink(c.type) - (c.damage ?? 0);
  return n;
}

/**
 * The order in which a side gives up units when it does not choose them one by one: a battleship's first hit
 * (it costs nothing), then the cheapest unit, then the weakest (the odds calculator's and the AI's default; the
 * player may give another order as a list of unit types).
 */
export function defaultCasualtyRank(c: Combatant, side: BattleSide, order?: readonly UnitType[]): number {
  if (!hitDestroys(c)) return -1;
  if (order) {
    const i = order.indexOf(c.type);
    return i < 0 ? 1000 : i;
  }
  const d = unitData(c.type);
  return d.cost * 10 + (side === 'attacker' ? d.attack : d.defense);
}

/** Index of the unit to take the next hit of `cls` under an order, or -1 when nobody can. */
export function pickCasualty(list: Combatant[], cls: HitClass, side: BattleSide, order?: readonly UnitType[]): number {
  let best = -1;
  let bestRank = Infinity;
  list.forEach((c, i) => {
    if (!mayTakeHit(c, cls)) return;
    const r = defaultCasualtyRank(c, side, order);
    if (r < bestRank) { best = i; bestRank = r; }
  });
  return best;
}

/** Hit classes in the order they are allotted: the most restricted first, so that no hit is wasted. */
export const HIT_CLASS_ORDER: readonly HitClass[] = ['air', 'ships', 'not-subs', 'any'];

/** A unit of the state as a combatant. */
export function combatant(u: Unit, extra: Partial<Combatant> = {}): Combatant {
  return { type: u.type, power: u.power, ...(u.damage ? { damage: u.damage } : {}), ...extra };
}

/** Can either side still hurt the other? (Submarines and aircraft without destroyers cannot meet.) */
export function canHurt(kind: BattleKind, table: CombatTable, own: Combatant[], enemy: Combatant[], side: BattleSide): boolean {
  const groups = [
    ...(kind === 'sea' ? seaStrikes(table, own, enemy, side, 2, 'opening') : []),
    ...strikes(kind, table, own, enemy, side, 2, 'main'),
  ];
  return groups.some((g) => enemy.some((c) => mayTakeHit(c, g.cls)));
}
