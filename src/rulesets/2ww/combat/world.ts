// What combat, strategic warfare and production need from the rest of the 2WW rule set (counters, map, ZOC,
// supply, terrain, politics): the rules' own implementation (rules-world.ts), or a test world's (World.combat).
// Keeping these as explicit inputs keeps the resolution code pure and testable.
import { write } from '../../../engine/index.ts';
import type { Ctx } from '../../../engine/index.ts';
import { worldOf } from '../world.ts';
import { rulesCombatWorld } from './rules-world.ts';
import type { Factors } from '../data/index.ts';
import type { Side, TwoWWState, UnitState } from '../state.ts';
import { ELIMINATED, REMOVED } from '../state.ts';
import type { CombatChart } from './chart.ts';

export type UnitKind = 'armor' | 'infantry' | 'artillery' | 'paratroop' | 'fort' | 'air' | 'fleet' | 'sub';


export interface UnitFacts {
  id: string;
  name: string;
  power: string;
  kind: UnitKind;
  full: Factors;
  /** Absent: a one-sided unit, always treated as reduced (2WW 7.3.1); one loss point eliminates it. */
  reduced?: Factors;
  /** Naval air unit (2WW 3.3.3). */
  naval?: boolean;
  /** Named fort: the city it belongs to (2WW 7.2.5). */
  fortCity?: string;
  /** Permanently out when eliminated (Maginot, Vichy units...). */
  permanent?: boolean;
}

export interface CombatWorld {
  chart: CombatChart;
  facts(state: TwoWWState, unitId: string): UnitFacts;
  /** Side whose player controls the unit now (2WW 5.3.1), or null while neutral. */
  sideOf(state: TwoWWState, unitId: string): Side | null;
  /** The unit exerts its ZOC (land 5.1.1, fleet 5.1.2, air 5.1.3) into `hex` from where it stands now. */
  exertsZocInto(state: TwoWWState, unitId: string, hex: string): boolean;
  /** Every hex the unit exerts its ZOC into now (same rules as exertsZocInto; used to list attacks quickly). */
  zocHexes(state: TwoWWState, unitId: string): string[];
  /** Coastal hex (fleets may support land combat there, 5.1.2). */
  isCoastal(state: TwoWWState, hex: string): boolean;
  adjacent(state: TwoWWState, a: string, b: string): boolean;
  /** Terrain column shift for the attacker (negative = left) before the 2-column cap (2WW 9, Terrain Chart). */
  terrainShift(state: TwoWWState, targetHex: string, attackerIds: string[]): number;
  /** 2WW 11: a land unit in supply fights at full factors. */
  landInSupply(state: TwoWWState, unitId: string): boolean;
  /** Hexes one hex away a land unit may retreat into (2WW 5.1.1, DSoP land retreat). */
  retreatHexes(state: TwoWWState, unitId: string): string[];
  /** The nearest friendly-controlled ports a fleet may retreat to; several when equidistant (DSoP sea retreat). */
  nearestFriendlyPorts(state: TwoWWState, fleetId: string): string[];
  /** Places a retreating fleet passes through to reach `to`, ending with `to` (for transit attacks on the way). */
  fleetPath?(state: TwoWWState, fleetId: string, to: string): string[];
  /** 2WW 5.2.3 fallback: hexes free of enemy units within the fleet's printed movement. */
  fleetFallbackHexes(state: TwoWWState, fleetId: string): string[];
  /** A friendly-controlled port stands in the hex (2WW 9.3.1). */
  isFriendlyPort(state: TwoWWState, hex: string, side: Side): boolean;
  /** Called after a land unit enters a hex by retreat or advance (control 3.4.7, Paris, Vichy, Baghdad). */
  afterLandEntry?(ctx: Ctx<TwoWWState>, unitId: string, hex: string): void;
  /** Called when an attack is declared on units (Italy/USSR leave neutrality when attacked, 12.1.1, 12.4.1). */
  noteAttack?(ctx: Ctx<TwoWWState>, attacker: Side, defenders: string[]): void;
  /** Units must displace now (5.1.1, 5.1.3): the caller pushes the rule set's 'displacement' procedure. */
  needsDisplacement?(state: TwoWWState): boolean;
  /**
   * 2WW 5.3.1, ruling M9: the neutral country whose land units hold `hex` when an attack on them by `side` would be
   * its invasion, else null. Such a hex may be attacked from across the border (`mayAttackAcross`).
   */
  invasionByAttack?(state: TwoWWState, side: Side, hex: string): string | null;
  /** The land unit could enter `hex` by normal movement were the border open, and may invade its country now. */
  mayAttackAcross?(state: TwoWWState, unitId: string, hex: string): boolean;
  /** The declared attack on the neutral's units in `hex` is the invasion: call before the defender allocates support. */
  invadeByAttack?(ctx: Ctx<TwoWWState>, side: Side, unitId: string, hex: string): void;
  /** Called when a unit is eliminated, for rules that remove it for good (Vichy 12.2.1). */
  isPermanentLoss?(state: TwoWWState, unitId: string): boolean;
}

/** The CombatWorld of the game `state` is played on: the one of its world (tests), else the rules' own. */
export function world(state: TwoWWState): CombatWorld {
  return worldOf(state).combat ?? rulesCombatWorld;
}

/** Factors of the side the unit shows now. */
export function factorsOf(w: CombatWorld, state: TwoWWState, unitId: string): Factors {
  const f = w.facts(state, unitId);
  const u = state.units[unitId];
  return u?.reduced && f.reduced ? f.reduced : f.full;
}

/** Units in a hex (not cargo aboard a fleet unless `withCargo`). */
export function unitsIn(state: TwoWWState, hex: string, withCargo = false): string[] {
  return Object.keys(state.units).filter((id) => {
    const u = state.units[id]!;
    return u.where === hex && (withCargo || !u.aboard);
  }).sort();
}

export function isLand(kind: UnitKind): boolean {
  return kind !== 'air' && kind !== 'fleet' && kind !== 'sub';
}
export function isFleet(kind: UnitKind): boolean {
  return kind === 'fleet' || kind === 'sub';
}

export function otherSide(s: Side): Side {
  return s === 'axis' ? 'allies' : 'axis';
}

/**
 * One loss point on a unit (2WW 9: reduces a full unit, eliminates a reduced or one-sided one). Returns true when
 * the unit was eliminated. Cargo aboard an eliminated fleet is lost with it.
 */
export function applyLossPoint(w: CombatWorld, state: TwoWWState, unitId: string): boolean {
  const u = state.units[unitId]!;
  const f = w.facts(state, unitId);
  if (!u.reduced && f.reduced) {
    write(state, 'units', unitId).reduced = true;
    return false;
  }
  eliminate(w, state, unitId);
  return true;
}

export function eliminate(w: CombatWorld, state: TwoWWState, unitId: string): void {
  const permanent = w.facts(state, unitId).permanent || w.isPermanentLoss?.(state, unitId);
  clearUnit(write(state, 'units', unitId), permanent ? REMOVED : ELIMINATED);
  for (const [id, c] of Object.entries(state.units)) {
    if (c.aboard === unitId) {
      const p = w.facts(state, id).permanent || w.isPermanentLoss?.(state, id);
      clearUnit(write(state, 'units', id), p ? REMOVED : ELIMINATED);
    }
  }
}

function clearUnit(u: UnitState, where: string): void {
  u.where = where;
  u.reduced = false;
  u.ops = false;
  delete u.aboard;
  delete u.moveMode;
  delete u.attacked;
}
