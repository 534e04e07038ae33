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
  // House rules (house/values.ts reads them):
  /** Axis Minor nation (l.3) or another nation's pieces (Vichy, partisans). */
  nation?: string;
  /** Early-war piece: -1 (l.5). */
  ew?: boolean;
  /** Out of supply: -1 (l.20). */
  unsupplied?: boolean;
  /** Took a bombardment half hit: -1 (l.46). */
  shaken?: boolean;
  /** A paratroop whose bomber was shot down fights at 1 (l.70). */
  grounded?: boolean;
  /** A coastal fort still being built: half its defence (l.12). */
  building?: boolean;
  /** Landed from a transport without landing craft: -1 (l.16). */
  noLandingCraft?: boolean;
  /** Supply points dropped to a partisan this round: + each (l.70). */
  dropped?: number;
  /** Designated anti-tank gun (l.24). */
  at?: boolean;
  /** Hits it can take in all, when not the unit type's (defending infantry in a city, l.38). */
  hp?: number;
  /** A submarine the search did not find: aircraft cannot hit it this round (l.76). */
  undetected?: boolean;
  /** Has had its save roll in this battle (SS and Guards armour, British armoured carriers: l.135, 161, 195). */
  saved?: boolean;
  /** A land-based fighter come by air reaction (l.32): -2 in the naval air battle (l.78). */
  reacted?: boolean;
}

/**
 * What a hit may fall on. 'any': every unit in the battle; 'ships': sea units only (hits scored by submarines,
 * which never hit aircraft); 'not-subs': anything but submarines (hits scored by aircraft when their side has no
 * destroyer in the battle); 'air': aircraft only (antiaircraft fire). House rules: 'fighter' and 'bomber'
 * (antiaircraft fire rolled apart, l.22), 'armour' (anti-tank fire, l.24), 'at' (armour's hits fall on anti-tank guns
 * first, l.24), 'target' (a fighter's target hit: the firer picks, l.28), 'breakthrough' (armour's target hit on
 * tanks, artillery and guns, l.30), 'half' (a bombardment half hit, l.46), and at sea (l.76-90): 'surface' (ships
 * that are not submarines), 'warship' (neither submarines nor transports), 'gunnery' (ships, transports last).
 */
export type HitClass = 'any' | 'ships' | 'not-subs' | 'air' | 'fighter' | 'bomber' | 'armour' | 'at' | 'target' | 'breakthrough' | 'half'
  | 'surface' | 'warship' | 'gunnery';

/** Classes whose victim the firing side picks (house rules l.28-30). */
export const FIRER_CLASSES: ReadonlySet<HitClass> = new Set(['target', 'breakthrough']);

/** Dice one side rolls in one step: `count` dice of `sides`, each hitting on `value` or less. */
export interface StrikeGroup {
  value: number;
  count: number;
  sides: number;
  cls: HitClass;
  /** Which units roll ("3 infantry supported by artillery"). */
  label: string;
  /** A hit rolled at `from` or more is of class `cls` instead (target hits, house rules l.28: "4+"). */
  target?: { from: number; cls: HitClass };
}

export type BattleKind = 'land' | 'sea';
export type BattleSide = 'attacker' | 'defender';
export type Step = 'aa' | 'bombard' | 'opening' | 'main' | 'air' | 'strike';

/** Combat values and dice; the house rules' d10 values replace the printed ones (house/values.ts). */
export interface CombatTable {
  sides: number;
  /** Value in round `round` (default 1). */
  attack(c: Combatant, round?: number): number;
  defense(c: Combatant, round?: number): number;
  bombard(c: Combatant): number;
  /** Antiaircraft fire at each attacking aircraft (AAE Conduct Combat: antiaircraft fire). */
  antiaircraft: number;
  /** Rule case of the values ("AAE national reference charts"). */
  rule: string;
  /** The house rules that shape the battle's dice (absent: the printed rules). */
  house?: HouseCombat;
  /** Hits a unit takes in all on this side when not its type's (house rules: city infantry). */
  hitsToSink?(c: Combatant, side: BattleSide): number | undefined;
}

/** House rules that change who rolls what in a battle (house/values.ts decides which apply). */
export interface HouseCombat {
  /** l.22: antiaircraft guns fire every round, each at up to 3 aircraft; the spare ones fire as weak artillery. */
  aaEveryRound?: boolean;
  /** l.175: German guns used as artillery attack 2, defend 3 (else 1 and 2). */
  eightyEights?: boolean;
  /** l.24: designated anti-tank guns fire at armour at -1. */
  antiTank?: boolean;
  /** l.28-30: fighters (from round 1) and armour (from round 2) pick their victim on a roll of 4 or more. */
  targeting?: boolean;
  /** l.40: Spring in Eastern Europe, only half of each unit type fights. */
  half?: boolean;
  /** l.46: bombardment scores half hits; battleships bombard before rounds 1 and 2. */
  bombardHalf?: boolean;
  /** l.76-90: the naval combat sequence. */
  naval?: boolean;
  /** l.195: a British carrier shrugs off an aircraft's hit on a d6 of 4 or more. */
  armouredCarriers?: boolean;
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

const isArmourType = (t: UnitType): boolean => t === 'armour' || t === 'ss-armour' || t === 'guards-armour';

function count(list: Combatant[], f: (c: Combatant) => boolean): number {
  let n = 0;
  for (const c of list) if (f(c)) n++;
  return n;
}

function byValue(
  list: Combatant[], value: (c: Combatant) => number, sides: number, cls: (c: Combatant) => HitClass,
  target?: (c: Combatant) => HitClass | null,
): StrikeGroup[] {
  const groups = new Map<string, StrikeGroup>();
  for (const c of list) {
    const v = Math.min(value(c), sides);
    if (v <= 0) continue;
    const k = cls(c);
    // House rules l.28: a target hit is a hit rolled at 4 or more.
    const tc = target?.(c) ?? null;
    const tg = tc && v >= TARGET_FROM ? { from: TARGET_FROM, cls: tc } : undefined;
    const key = `${v}|${k}|${tg?.cls ?? ''}`;
    const g = groups.get(key);
    if (g) { g.count++; g.label = ''; } else groups.set(key, { value: v, count: 1, sides, cls: k, label: '', ...(tg ? { target: tg } : {}) });
  }
  const out = [...groups.values()].sort((a, b) => b.value - a.value || (a.cls < b.cls ? -1 : 1) || ((a.target?.cls ?? '') < (b.target?.cls ?? '') ? -1 : 1));
  for (const g of out) g.label = `${g.count} ${g.count === 1 ? 'die' : 'dice'} at ${g.value}${g.cls === 'any' ? '' : ` (${g.cls})`}${g.target ? ` (${g.target.from}+: ${g.target.cls})` : ''}`;
  return out;
}

/** House rules l.28: "Target Rolls are any hits on 4+". */
export const TARGET_FROM = 4;

/** House rules l.40: only half of each unit type fights (the defender rounds up, the attacker down); the best fight. */
function halfOfEach(list: Combatant[], side: BattleSide, value: (c: Combatant) => number): Combatant[] {
  const byType = new Map<string, Combatant[]>();
  for (const c of list) byType.set(c.type, [...(byType.get(c.type) ?? []), c]);
  const out: Combatant[] = [];
  for (const us of byType.values()) {
    const n = side === 'defender' ? Math.ceil(us.length / 2) : Math.floor(us.length / 2);
    out.push(...[...us].sort((a, b) => value(b) - value(a)).slice(0, n));
  }
  return out;
}

/** Antiaircraft fire: printed, one die at each aircraft in round 1; house (l.22), each gun at up to 3 aircraft every round, bombers first (ruling), rolled apart. */
function antiaircraftFire(table: CombatTable, guns: number, enemy: Combatant[], round: number): StrikeGroup[] {
  if (!guns) return [];
  if (!table.house?.aaEveryRound) {
    if (round !== 1) return [];
    const planes = count(enemy, (c) => isAir(c.type));
    return planes ? [{ value: table.antiaircraft, count: planes, sides: table.sides, cls: 'air', label: `antiaircraft fire at ${planes} aircraft` }] : [];
  }
  let room = 3 * guns;
  const out: StrikeGroup[] = [];
  for (const kind of ['bomber', 'fighter'] as const) {
    const n = Math.min(room, count(enemy, (c) => isAir(c.type) && (kind === 'fighter' ? c.type === 'fighter' : c.type !== 'fighter')));
    room -= n;
    if (n) out.push({ value: table.antiaircraft, count: n, sides: table.sides, cls: kind, label: `antiaircraft fire at ${n} ${kind}${n > 1 ? 's' : ''}` });
  }
  return out;
}

/** Guns not needed against aircraft fire as weak artillery (l.22): 1 and 2, German 2 and 3 with the 88s (l.175). */
function spareGuns(table: CombatTable, own: Combatant[], enemy: Combatant[], side: BattleSide): Combatant[] {
  if (!table.house?.aaEveryRound) return [];
  const guns = own.filter((c) => c.type === 'aa');
  const busy = Math.ceil(count(enemy, (c) => isAir(c.type)) / 3);
  return side === 'defender' ? guns.slice(busy) : [];
}

function gunValue(table: CombatTable, c: Combatant, side: BattleSide): number {
  const german = table.house?.eightyEights && c.power === 'germany';
  const v = side === 'attacker' ? (german ? 2 : 1) : (german ? 3 : 2);
  return table.sides === 10 ? v : Math.round((v * 6) / 10);
}

/**
 * Land battle: the dice of `side` in `step` of round `round`. Antiaircraft fire and shore bombardment come only in
 * round 1; in the main step each artillery lifts one attacking infantry to 2 (AAE national reference charts). The
 * house rules add antiaircraft fire every round, spare guns, anti-tank guns, target hits and Spring's half forces.
 */
export function landStrikes(
  table: CombatTable, own: Combatant[], enemy: Combatant[], side: BattleSide, round: number, step: Step,
): StrikeGroup[] {
  const h = table.house;
  if (step === 'aa') {
    if (side !== 'defender') return [];
    return antiaircraftFire(table, count(own, (c) => c.type === 'aa'), enemy, round);
  }
  if (step === 'bombard') {
    if (side !== 'attacker') return [];
    // House rules l.46: battleships bombard before rounds 1 and 2, destroyers before round 1; the hits are half hits.
    const firing = own.filter((c) => c.bombarding && (round === 1 || (h?.bombardHalf && round === 2 && c.type === 'battleship')));
    return byValue(firing, (c) => table.bombard(c), table.sides, () => (h?.bombardHalf ? 'half' : 'any'));
  }
  if (step !== 'main') return [];
  const value = (c: Combatant) => (side === 'attacker' ? table.attack(c, round) : table.defense(c, round));
  let fighting = own.filter(takesPartInBattle);
  if (h?.half) fighting = halfOfEach(fighting, side, value);
  const guns = spareGuns(table, own, enemy, side);
  const gunGroups = byValue(guns.filter((c) => !c.at), (c) => gunValue(table, c, side), table.sides, () => 'any');
  // Anti-tank guns (l.24): designated artillery and spare guns fire at armour only, at -1.
  const atGroups = h?.antiTank && side === 'defender' && enemy.some((c) => isArmourType(c.type))
    ? byValue([...fighting, ...guns].filter((c) => c.at), (c) => (c.type === 'aa' ? gunValue(table, c, side) : value(c)) - 1, table.sides, () => 'armour')
    : [];
  if (h?.antiTank) fighting = fighting.filter((c) => !c.at);
  const enemyAt = enemy.some((c) => c.at);
  const cls = (c: Combatant): HitClass => (h?.antiTank && side === 'attacker' && enemyAt && isArmourType(c.type) ? 'at' : 'any');
  const target = (c: Combatant): HitClass | null => {
    if (!h?.targeting) return null;
    if (c.type === 'fighter') return 'target';
    if (isArmourType(c.type) && round >= 2) return 'breakthrough';
    return null;
  };
  let groups: StrikeGroup[];
  if (side === 'defender') groups = byValue(fighting, value, table.sides, cls, target);
  else {
    let support = count(fighting, (c) => unitData(c.type).artillery === true);
    const supported = new Set<Combatant>();
    for (const c of fighting) {
      if (support === 0) break;
      if (unitData(c.type).supportedByArtillery) { supported.add(c); support--; }
    }
    groups = byValue(fighting, (c) => value(c) + (supported.has(c) ? 1 : 0), table.sides, cls, target);
  }
  return [...groups, ...gunGroups, ...atGroups];
}

/**
 * Sea battle: submarines fire in the opening step unless the other side has a destroyer (attacking and defending
 * alike: AAE Conduct Combat, submarine surprise strike); their hits fall on ships. Aircraft hit submarines only when
 * their own side has a destroyer in the battle.
 */
export function seaStrikes(
  table: CombatTable, own: Combatant[], enemy: Combatant[], side: BattleSide, round: number, step: Step,
): StrikeGroup[] {
  if (table.house?.naval) return navalStrikes(table, own, enemy, side, round, step);
  const value = (c: Combatant) => (side === 'attacker' ? table.attack(c, round) : table.defense(c, round));
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

/**
 * House rules l.76-90, the naval sequence, round by round: (air) the attacker's aircraft fight the defender's
 * carrier fighters, attacker at -2 and defender at -1 (a fighter come by air reaction -2, l.78); (strike) the
 * attacker's aircraft strike the ships (bombers at their defence value) and the ships fire back at half value, rounded up; (opening) submarines facing no destroyer
 * strike first, attacking ones at 4 with target hits; (main) the rest fire at ships, battleships two dice at surface
 * ships, submarines at submarines on 2 (attacking) or 1 (defending), gunnery hits on transports last. Submarines
 * not found by the search (`undetected` on the side's units) cannot be hit by aircraft in round 1.
 */
function navalStrikes(table: CombatTable, own: Combatant[], enemy: Combatant[], side: BattleSide, round: number, step: Step): StrikeGroup[] {
  const att = side === 'attacker';
  const value = (c: Combatant) => (att ? table.attack(c, round) : table.defense(c, round));
  const fighting = own.filter(takesPartInBattle);
  const air = fighting.filter((c) => isAir(c.type));
  const ships = fighting.filter((c) => isShip(c.type));
  const enemyFighters = enemy.some((c) => c.type === 'fighter');
  const enemyShips = enemy.some((c) => isShip(c.type));
  if (step === 'air') {
    // The air battle: attacking aircraft against defending fighters (carrier-based or come to react).
    if (att) return enemyFighters ? byValue(air, (c) => value(c) - 2, table.sides, () => 'fighter') : [];
    return air.length && enemy.some((c) => isAir(c.type)) ? byValue(air.filter((c) => c.type === 'fighter'), (c) => value(c) - (c.reacted ? 2 : 1), table.sides, () => 'air') : [];
  }
  if (step === 'strike') {
    if (att) return enemyShips ? byValue(air, (c) => (c.type === 'fighter' ? value(c) : table.defense(c, round)), table.sides, () => 'ships') : [];
    return enemy.some((c) => isAir(c.type)) ? byValue(ships, (c) => Math.ceil(value(c) / 2), table.sides, () => 'air') : [];
  }
  const enemyDestroyer = enemy.some((c) => isDestroyer(c.type));
  const subs = ships.filter((c) => isSub(c.type));
  if (step === 'opening') {
    if (enemyDestroyer) return [];
    return byValue(subs, (c) => (att ? (table.sides === 10 ? 4 : value(c)) : value(c)), table.sides, () => 'ships', () => (att ? 'target' : null));
  }
  if (step !== 'main') return [];
  const enemySurface = enemy.some((c) => isShip(c.type) && !isSub(c.type));
  const out: StrikeGroup[] = [];
  // Submarines that did not strike first (the enemy has a destroyer) fire now; at submarines on 2 or 1 (ruling: only
  // when nothing else is left to fire at).
  const subGroups = !enemyDestroyer ? [] : enemySurface
    ? byValue(subs, value, table.sides, () => 'gunnery')
    : byValue(subs, () => (table.sides === 10 ? (att ? 2 : 1) : 1), table.sides, () => 'ships');
  out.push(...subGroups);
  for (const c of ships.filter((x) => !isSub(x.type))) {
    const dice = c.type === 'battleship' && enemySurface ? 2 : 1;
    const cls: HitClass = dice === 2 ? 'surface' : 'gunnery';
    out.push(...byValue(Array(dice).fill(c), value, table.sides, () => cls));
  }
  if (!att) out.push(...byValue(air, value, table.sides, () => 'ships'));
  return merge(out);
}

function merge(groups: StrikeGroup[]): StrikeGroup[] {
  const m = new Map<string, StrikeGroup>();
  for (const g of groups) {
    const k = `${g.value}|${g.cls}|${g.target?.cls ?? ''}`;
    const y = m.get(k);
    if (y) y.count += g.count; else m.set(k, { ...g });
  }
  const out = [...m.values()].sort((a, b) => b.value - a.value || (a.cls < b.cls ? -1 : 1));
  for (const g of out) g.label = `${g.count} ${g.count === 1 ? 'die' : 'dice'} at ${g.value}${g.cls === 'any' ? '' : ` (${g.cls})`}${g.target ? ` (${g.target.from}+: ${g.target.cls})` : ''}`;
  return out;
}

export function strikes(kind: BattleKind, table: CombatTable, own: Combatant[], enemy: Combatant[], side: BattleSide, round: number, step: Step): StrikeGroup[] {
  return kind === 'land' ? landStrikes(table, own, enemy, side, round, step) : seaStrikes(table, own, enemy, side, round, step);
}

/** The steps of a round, in order. */
export function roundSteps(kind: BattleKind, table: CombatTable): Step[] {
  if (kind === 'land') return ['aa', 'bombard', 'main'];
  return table.house?.naval ? ['air', 'strike', 'opening', 'main'] : ['opening', 'main'];
}

/** Whether a unit may take a hit of this class. */
export function mayTakeHit(c: Combatant, cls: HitClass): boolean {
  if (!takesPartInBattle(c) || c.undetected) return false;
  switch (cls) {
    case 'any': case 'target': case 'half': return true;
    case 'ships': return isShip(c.type);
    case 'not-subs': return !isSub(c.type);
    case 'air': return isAir(c.type);
    case 'fighter': return c.type === 'fighter';
    case 'bomber': return isAir(c.type) && c.type !== 'fighter';
    case 'armour': return isArmourType(c.type);
    case 'at': return !!c.at;
    case 'breakthrough': return isArmourType(c.type) || c.type === 'artillery' || c.type === 'rocket-artillery' || !!c.at;
    case 'surface': return isShip(c.type) && !isSub(c.type);
    case 'warship': return isShip(c.type) && !isSub(c.type) && c.type !== 'transport';
    case 'gunnery': return isShip(c.type);
  }
}

/** The class a hit falls back to when nothing of its own class is left ('at' and 'breakthrough': an ordinary hit). */
export function fallbackClass(cls: HitClass): HitClass | null {
  return cls === 'at' || cls === 'breakthrough' ? 'any' : null;
}

/**
 * Units the owner may not give while others can take the hit: militia in round 1 and the Home Guard while regular
 * infantry fight (l.129, 193), a V-weapon until it is the last (l.227), transports before other ships under gunnery
 * (l.86). Target hits ignore these (the firer picks).
 */
function shielded(c: Combatant, list: Combatant[], cls: HitClass, round: number): boolean {
  if (FIRER_CLASSES.has(cls)) return false;
  const regulars = () => list.some((x) => x.type === 'infantry' && !x.ew && x.power === c.power && takesPartInBattle(x));
  if (c.type === 'militia' && round <= 1) return regulars();
  if (c.type === 'home-guard') return regulars();
  if (c.type === 'v1' || c.type === 'v2') return list.some((x) => x !== c && x.type !== 'v1' && x.type !== 'v2' && mayTakeHit(x, cls));
  if ((cls === 'gunnery' || cls === 'surface') && c.type === 'transport') return list.some((x) => x.type !== 'transport' && mayTakeHit(x, cls));
  // A reduced city infantry takes the next infantry hit (l.38).
  if (c.type === 'infantry' && c.hp && !c.damage) return list.some((x) => x.type === 'infantry' && x.hp && x.damage && x.power === c.power);
  return false;
}

/** Indices of the units that may take the next hit of `cls` (shields and fallbacks applied); and the class used. */
export function eligible(list: Combatant[], cls: HitClass, round = 1): { idx: number[]; cls: HitClass } {
  for (let k: HitClass | null = cls; k; k = fallbackClass(k)) {
    const idx: number[] = [];
    list.forEach((c, i) => { if (mayTakeHit(c, k!)) idx.push(i); });
    if (!idx.length) continue;
    const open = idx.filter((i) => !shielded(list[i]!, list, k!, round));
    return { idx: open.length ? open : idx, cls: k };
  }
  return { idx: [], cls };
}

/** Identical units share a key; the owner picks a key, not a unit ("a damaged battleship"). */
export function casualtyKey(c: Combatant): string {
  const k = `${c.power}:${c.type}:${c.damage ?? 0}`;
  const extra = `${c.nation ?? ''}${c.ew ? ':ew' : ''}${c.unsupplied ? ':u' : ''}${c.shaken ? ':sh' : ''}${c.at ? ':at' : ''}${c.grounded ? ':g' : ''}${c.building ? ':b' : ''}${c.noLandingCraft ? ':nl' : ''}${c.hp ? `:hp${c.hp}` : ''}${c.dropped ? `:d${c.dropped}` : ''}${c.saved ? ':sv' : ''}${c.reacted ? ':re' : ''}`;
  return extra ? `${k}:${extra}` : k;
}

/**
 * The d6 roll at or above which a hit on this unit in this step is ignored (0: no save): SS armour 3 (l.161), Guards
 * armour 5 (l.135), a British carrier hit in the air strike 4 (l.195, with armoured carriers); once a battle each.
 */
export function saveOn(c: Combatant, step: Step, table: CombatTable): number {
  if (c.saved) return 0;
  if (c.type === 'ss-armour') return 3;
  if (c.type === 'guards-armour') return 5;
  if (c.type === 'carrier' && c.power === 'uk' && table.house?.armouredCarriers && step === 'strike') return 4;
  return 0;
}

/** A save this unit may still make in some step of the battle. */
export const saveLeft = (c: Combatant, table: CombatTable): boolean =>
  !c.saved && (c.type === 'ss-armour' || c.type === 'guards-armour' || (c.type === 'carrier' && c.power === 'uk' && !!table.house?.armouredCarriers));

/** Hits a unit takes in all (a battleship 2; city infantry 2 with the house rules). */
export const maxHits = (c: Combatant): number => c.hp ?? hitsToSink(c.type);

/** Taking one hit: a battleship with hits left is damaged, anything else is sunk or destroyed (AAE battleships). */
export function hitDestroys(c: Combatant): boolean {
  return (c.damage ?? 0) + 1 >= maxHits(c);
}

/** The hits a side can still absorb from this class (battleships count twice until damaged). */
export function hitsAbsorbable(list: Combatant[], cls: HitClass): number {
  let n = 0;
  for (const c of list) if (mayTakeHit(c, cls)) n += maxHits(c) - (c.damage ?? 0);
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

/**
 * Index of the unit to take the next hit of `cls` under an order, or -1 when nobody can. A target hit goes on the
 * most valuable unit the firer may pick (the calculator's stated policy; a fighter's owner gives a fighter before
 * a bomber, l.28).
 */
export function pickCasualty(list: Combatant[], cls: HitClass, side: BattleSide, order?: readonly UnitType[], round = 1): number {
  const { idx, cls: k } = eligible(list, cls, round);
  let best = -1;
  let bestRank = Infinity;
  const firer = FIRER_CLASSES.has(k);
  for (const i of idx) {
    const c = list[i]!;
    const r = firer ? -(unitData(c.type).cost * 10 + (c.type === 'fighter' ? 1 : 0)) : defaultCasualtyRank(c, side, order);
    if (r < bestRank) { best = i; bestRank = r; }
  }
  return best;
}

/** Hit classes in the order they are allotted: target hits first (the firer picks), then the most restricted. */
export const HIT_CLASS_ORDER: readonly HitClass[] = ['target', 'breakthrough', 'at', 'half', 'air', 'fighter', 'bomber', 'armour', 'ships', 'surface', 'warship', 'gunnery', 'not-subs', 'any'];

/** A unit of the state as a combatant. */
export function combatant(u: Unit, extra: Partial<Combatant> = {}): Combatant {
  return {
    type: u.type, power: u.power, ...(u.damage ? { damage: u.damage } : {}),
    ...(u.nation ? { nation: u.nation } : {}), ...(u.ew ? { ew: true } : {}), ...(u.unsupplied ? { unsupplied: true } : {}),
    ...(u.shaken ? { shaken: true } : {}), ...(u.building ? { building: true } : {}), ...(u.saved ? { saved: true } : {}),
    ...(u.reactFrom ? { reacted: true } : {}), ...extra,
  };
}

/** Can either side still hurt the other? (Submarines and aircraft without destroyers cannot meet.) */
export function canHurt(kind: BattleKind, table: CombatTable, own: Combatant[], enemy: Combatant[], side: BattleSide): boolean {
  const groups = roundSteps(kind, table).filter((st) => st !== 'bombard').flatMap((st) => strikes(kind, table, own, enemy, side, 2, st));
  return groups.some((g) => enemy.some((c) => mayTakeHit(c, g.cls) || (g.target && mayTakeHit(c, g.target.cls))));
}
