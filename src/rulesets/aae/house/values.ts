// Which combat table a battle uses: the printed values (d6), or the house rules' d10 values (house rules l.48-54,
// 92-97), and the house rules' modifiers of one unit in one battle: early-war pieces (l.5), supply (l.20), terrain
// (l.38), weather (l.40), Winter 1941 (l.44), bombardment half hits (l.46), Barbarossa (l.155) and Stalin's shock
// (l.143), the early offensive's surprise (l.127), the pursuit round (l.34), landing without landing craft (l.16),
// rocket artillery, V-weapons and paratroops by round (l.18, 221, 227).
import { PRINTED_TABLE, type BattleSide, type Combatant, type CombatTable, type HouseCombat } from '../combat-rules.ts';
import type { Power, UnitType } from '../data/index.ts';
import type { AaeState } from '../state.ts';
import { area, unitData } from '../world.ts';
import { HOUSE_UNITS } from './units.ts';
import { isCity, isEasternEurope, terrainOf } from './regions.ts';
import { seasonOf } from './seasons.ts';

export const RULE_D10 = 'AAE house rules l.48-54, 92-97 (combat on d10)';
export const RULE_BARBAROSSA = 'AAE house rules l.155 (Barbarossa)';
export const RULE_EW = 'AAE house rules l.5 (early-war pieces)';

/** Attack, defence and cost on d10 (house rules l.48-54 and 92-97; the new units: house/units.ts). */
export const D10_VALUES: Record<UnitType, { attack: number; defense: number; cost: number }> = {
  infantry: { attack: 2, defense: 3, cost: 3 },
  artillery: { attack: 3, defense: 3, cost: 4 },
  armour: { attack: 4, defense: 5, cost: 5 },
  aa: { attack: 0, defense: 0, cost: 5 },
  fighter: { attack: 4, defense: 5, cost: 10 },
  bomber: { attack: 6, defense: 3, cost: 12 },
  transport: { attack: 0, defense: 2, cost: 8 },
  submarine: { attack: 4, defense: 3, cost: 8 },
  destroyer: { attack: 5, defense: 5, cost: 10 },
  carrier: { attack: 2, defense: 3, cost: 18 },
  battleship: { attack: 6, defense: 6, cost: 21 },
  ...(Object.fromEntries(Object.entries(HOUSE_UNITS).map(([t, h]) => [t, { attack: h.attack, defense: h.defense, cost: h.cost }])) as Record<keyof typeof HOUSE_UNITS, { attack: number; defense: number; cost: number }>),
};

/** German armour fights at 5/6 and costs 6; British carriers cost 15 (l.52, 95). */
export function d10Value(c: Pick<Combatant, 'type' | 'power' | 'damage'>, side: 'attack' | 'defense'): number {
  if (c.type === 'armour' && c.power === 'germany') return side === 'attack' ? 5 : 6;
  if (c.type === 'battleship' && (c.damage ?? 0) > 0) return 3;
  return D10_VALUES[c.type][side];
}

export function unitCost(s: AaeState, t: UnitType, p: Power): number {
  if (!s.opts.house.d10) return unitData(t).cost;
  if (t === 'armour' && p === 'germany') return 6;
  if (t === 'carrier' && p === 'uk') return 15;
  return D10_VALUES[t].cost;
}

/**
 * Barbarossa, turn 1 only: in Germany's turn Soviet armour defends at -1 and Soviet aircraft at -2, German aircraft
 * attack at +1 inside the Soviet Union; in the Soviet turn Soviet aircraft and armour attack at -1.
 */
function barbarossa(s: AaeState, where: string, c: Combatant, side: 'attack' | 'defense'): number {
  if (!s.opts.house.barbarossa || !s.opts.house.d10 || s.round !== 1) return 0;
  const air = unitData(c.type).domain === 'air';
  if (s.power === 'germany') {
    if (c.power === 'ussr' && side === 'defense') return c.type === 'armour' ? -1 : air ? -2 : 0;
    if (c.power === 'germany' && air && area(where).owner === 'ussr') return 1;
  }
  if (s.power === 'ussr' && c.power === 'ussr' && side === 'attack' && (air || c.type === 'armour')) return -1;
  return 0;
}

/** What a battle is, for the modifiers that depend on it. */
export interface BattleContext {
  kind?: 'land' | 'sea';
  /** An amphibious assault (coastal forts defend at 4). */
  amphibious?: boolean;
  /** The pursuit round of a defender's retreat (l.34). */
  pursuit?: boolean;
  /** The land attack the Soviet early offensive surprises (l.127). */
  surprise?: boolean;
}

const isArmour = (t: UnitType) => t === 'armour' || t === 'ss-armour' || t === 'guards-armour';
const isFoot = (t: UnitType) => t === 'infantry' || t === 'artillery' || t === 'volksgrenadier' || t === 'paratroop' || t === 'rocket-artillery';

/** The unit's own figure this round before modifiers (d10 or printed). */
function own(s: AaeState, c: Combatant, side: 'attack' | 'defense', round: number, b: BattleContext): number {
  const d10 = !!s.opts.house.d10;
  const scale = (v: number) => (d10 ? v : Math.round((v * 6) / 10));
  const printed = (v: number) => (d10 ? d10Value(c, side) : v);
  switch (c.type) {
    case 'paratroop': return side === 'attack' ? scale(c.grounded ? 1 : round <= 1 ? 3 : 2) : scale(c.grounded ? 1 : 3);
    case 'rocket-artillery': return round <= 2 ? printed(unitData(c.type)[side]) : 0;
    case 'v1': case 'v2': return round <= 1 ? printed(unitData(c.type)[side]) : 0;
    case 'fort': return side === 'defense' ? scale((b.amphibious ? 4 : 2) / (c.building ? 2 : 1)) : 0;
    default: return printed(unitData(c.type)[side]);
  }
}

/** The house rules' modifiers of one unit in one battle (each only with its switch). */
export function houseModifier(s: AaeState, where: string, c: Combatant, side: 'attack' | 'defense', round: number, b: BattleContext): number {
  const h = s.opts.house;
  const air = unitData(c.type).domain === 'air';
  let m = barbarossa(s, where, c, side);
  if (c.ew) m -= 1;
  if (c.unsupplied) m -= 1;
  if (c.shaken) m -= 1;
  if (h.terrain && b.kind !== 'sea') {
    const t = terrainOf(s, where);
    if (t === 'rough') {
      if (isArmour(c.type)) m -= 1;
      if (side === 'defense' && isFoot(c.type)) m += 1;
    } else if (t === 'wetland') {
      if (isArmour(c.type)) m -= 2;
      if (side === 'attack' && (c.type === 'infantry' || c.type === 'volksgrenadier')) m -= 1;
    }
  }
  const { season } = seasonOf(s.round);
  if (h.weather && season === 'Winter' && air) m -= 1;
  if (h['winter-1941'] && s.round === 4 && isEasternEurope(where) && c.power === 'germany' && c.nation !== 'finland') {
    if (air) m -= 2;
    else if (side === 'attack' && isArmour(c.type)) m -= 2;
    else if (side === 'attack' && isFoot(c.type)) m -= 1;
  }
  if (h['stalin-shock'] && s.round === 1 && s.power === 'germany' && c.power === 'ussr' && side === 'defense' && (air || isArmour(c.type))) m -= 1;
  if (b.surprise && round === 1 && c.nation && c.power === 'germany' && unitData(c.type).domain === 'land') m -= 1;
  if (b.pursuit && (side === 'defense' || c.type === 'infantry' || c.type === 'artillery')) m -= 1;
  if (c.amphibious && c.noLandingCraft && side === 'attack') m -= 1;
  if (c.dropped && side === 'attack') m += c.dropped;
  return m;
}

/** Wetland halves aircraft (rounded up, ruling); then no value below 0. */
function finish(s: AaeState, where: string, c: Combatant, v: number, b: BattleContext): number {
  if (s.opts.house.terrain && b.kind !== 'sea' && unitData(c.type).domain === 'air' && terrainOf(s, where) === 'wetland') v = Math.ceil(v / 2);
  return Math.max(0, v);
}

/** Built-up cities: defending infantry take two hits (l.38). */
export function cityHits(s: AaeState, where: string, c: Pick<Combatant, 'type'>, side: BattleSide): number | undefined {
  return s.opts.house.terrain && side === 'defender' && c.type === 'infantry' && isCity(s, where) ? 2 : undefined;
}

/** The house rules that shape a battle's dice (combat-rules.ts reads them). */
function houseCombat(s: AaeState, where: string, b: BattleContext): HouseCombat | undefined {
  const h = s.opts.house;
  const out: HouseCombat = {};
  if (h['aa-every-round']) out.aaEveryRound = true;
  if (h['anti-tank']) out.antiTank = true;
  if (h.targeting) out.targeting = true;
  if (h.bombardment) out.bombardHalf = true;
  if (h.weather && seasonOf(s.round).season === 'Spring' && isEasternEurope(where) && b.kind !== 'sea') out.half = true;
  if (h['88s']) out.eightyEights = true;
  if (h['naval-sequence'] && b.kind === 'sea') out.naval = true;
  if (h['armoured-carriers'] && b.kind === 'sea') out.armouredCarriers = true;
  return Object.keys(out).length ? out : undefined;
}

/** The table of a battle in `where` (printed, or d10), with the house rules' modifiers. */
export function combatTable(s: AaeState, where = '', b: BattleContext = {}): CombatTable {
  const house = houseCombat(s, where, b);
  const anyHouse = Object.keys(s.opts.house).length > 0;
  if (!s.opts.house.d10 && !anyHouse) return PRINTED_TABLE;
  const d10 = !!s.opts.house.d10;
  const value = (c: Combatant, side: 'attack' | 'defense', round = 1) =>
    finish(s, where, c, own(s, c, side, round, b) + houseModifier(s, where, c, side, round, b), b);
  return {
    sides: d10 ? 10 : 6,
    attack: (c, round) => value(c, 'attack', round),
    defense: (c, round) => value(c, 'defense', round),
    bombard: (c) => (unitData(c.type).bombard ? (d10 ? d10Value(c, 'attack') : unitData(c.type).bombard!) : 0),
    antiaircraft: d10 ? 1 : PRINTED_TABLE.antiaircraft,
    rule: d10 ? RULE_D10 : PRINTED_TABLE.rule,
    ...(house ? { house } : {}),
    hitsToSink: (c, side) => cityHits(s, where, c, side),
  };
}
