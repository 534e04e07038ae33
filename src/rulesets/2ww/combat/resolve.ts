// Pure combat arithmetic (2WW 9, DSoP "Resolving Combat"): given forces and dice, what happens. No state changes;
// procedures roll the dice and apply the outcome, the odds engine can enumerate dice through the same functions.
import type { CombatChart, CombatLine, Fired, Volley } from './chart.ts';
import { fire } from './chart.ts';

/** Drop fractions (2WW 6.1.3 bombers, 11.2.4 out of supply, 8.1.4.3 phantom defence). */
export function halve(n: number): number {
  return Math.floor(n / 2);
}

/** 2WW 9.1.2 / 9.3.2: support beyond the strength it supports is ignored. */
export function capSupport(support: number, supported: number): number {
  return Math.max(0, Math.min(support, supported));
}

/** 2WW 9 (DSoP): the terrain shift is at most two columns. */
export function capTerrainShift(shift: number): number {
  return Math.max(-2, Math.min(2, shift));
}

export type Winner = 'a' | 'b' | null;

/**
 * 2WW 9 (DSoP): fewer counted loss points wins; equal points: higher roll wins; equal points and rolls: nobody.
 * Points absorbed by forts are not counted (2WW 9) — callers pass counted points.
 */
export function decideWinner(countedA: number, rollA: number, countedB: number, rollB: number): Winner {
  if (countedA !== countedB) return countedA < countedB ? 'a' : 'b';
  if (rollA !== rollB) return rollA > rollB ? 'a' : 'b';
  return null;
}

/** Loss points a defending fort absorbs first (DSoP: "all possible"): 2 if full and two-sided, else 1. */
export function fortCapacity(fort: { reduced: boolean; twoSided: boolean } | null): number {
  if (!fort) return 0;
  return !fort.reduced && fort.twoSided ? 2 : 1;
}

/** What a group of units brings to a fight, split by what matters for the chart line. */
export interface Force {
  air: number;
  airAsw: number;
  /** Surface fleets' combat and ASW factors. */
  surface: number;
  surfaceAsw: number;
  subs: number;
  hasAir: boolean;
  hasSurface: boolean;
  hasSubs: boolean;
}

export const NO_FORCE: Force = { air: 0, airAsw: 0, surface: 0, surfaceAsw: 0, subs: 0, hasAir: false, hasSurface: false, hasSubs: false };

export function addForces(a: Force, b: Force): Force {
  return {
    air: a.air + b.air, airAsw: a.airAsw + b.airAsw, surface: a.surface + b.surface, surfaceAsw: a.surfaceAsw + b.surfaceAsw,
    subs: a.subs + b.subs, hasAir: a.hasAir || b.hasAir, hasSurface: a.hasSurface || b.hasSurface, hasSubs: a.hasSubs || b.hasSubs,
  };
}

/**
 * Volleys of one side's supporting air and fleets firing at the other side's support (2WW 9 support battles).
 * Ruling (docs/rulings/2ww.md, R-15): air fires on Air vs Air at a target with air, else Air vs Sea
 * (ASW with ASW factors at submarines only); fleets fire on Sea vs Air at a target with air (submarines cannot),
 * else Sea vs Sea (ASW at submarines only). Each part is one volley; one roll per side serves all its volleys.
 */
export function supportVolleys(firer: Force, target: Force): Volley[] {
  const out: Volley[] = [];
  const subsOnly = !target.hasAir && !target.hasSurface && target.hasSubs;
  if (firer.hasAir) {
    if (target.hasAir) out.push({ line: 'air-vs-air', factors: firer.air, shift: 0 });
    else if (subsOnly) out.push({ line: 'asw', factors: firer.airAsw, shift: 0 });
    else if (target.hasSurface) out.push({ line: 'air-vs-sea', factors: firer.air, shift: 0 });
  }
  if (firer.hasSurface || firer.hasSubs) {
    if (target.hasAir) {
      if (firer.hasSurface) out.push({ line: 'sea-vs-air', factors: firer.surface, shift: 0 });
    } else if (subsOnly) out.push({ line: 'asw', factors: firer.surfaceAsw, shift: 0 });
    else if (target.hasSurface) out.push({ line: 'sea-vs-sea', factors: firer.surface + firer.subs, shift: 0 });
  }
  return out;
}

/**
 * One side's fire in sea combat (2WW 9.3, DSoP lines) after air support is settled: fleets plus the air that may
 * join them (capped at the fleet strength engaged, 9.3.2). Target with any surface fleet: Sea vs Sea; target of
 * submarines only: ASW with ASW factors; air alone: Air vs Sea (ASW at submarines); fleets at air only: Sea vs Air,
 * and submarines never fire at air.
 */
export function seaVolley(firer: Force, target: Force): Volley | null {
  const fleets = firer.hasSurface || firer.hasSubs;
  const targetFleets = target.hasSurface || target.hasSubs;
  if (!fleets && !firer.hasAir) return null;
  if (!targetFleets) {
    // only air to shoot at
    if (!target.hasAir) return null;
    if (fleets) return firer.hasSurface ? { line: 'sea-vs-air', factors: firer.surface, shift: 0 } : null;
    return { line: 'air-vs-air', factors: firer.air, shift: 0 };
  }
  const subsOnly = !target.hasSurface;
  if (!fleets) {
    return subsOnly ? { line: 'asw', factors: firer.airAsw, shift: 0 } : { line: 'air-vs-sea', factors: firer.air, shift: 0 };
  }
  if (subsOnly) {
    const fleetAsw = firer.surfaceAsw;
    return { line: 'asw', factors: fleetAsw + capSupport(firer.airAsw, fleetAsw), shift: 0 };
  }
  const fleetStrength = firer.surface + firer.subs;
  return { line: 'sea-vs-sea', factors: fleetStrength + capSupport(firer.air, fleetStrength), shift: 0 };
}

/** Fire several volleys with one roll; total loss points. */
export function fireAll(chart: CombatChart, volleys: Volley[], roll: number): { fired: Fired[]; losses: number } {
  const fired = volleys.map((v) => fire(chart, v, roll));
  return { fired, losses: fired.reduce((a, f) => a + f.losses, 0) };
}

/** Inputs of one land combat (2WW 9.1) once support is settled. */
export interface LandCombatInput {
  attackerLand: number;
  attackerSupport: number;
  defenderLand: number;
  /** Strength of the defending fort (counted only for the defender, 9.1.3); included in defenderLand. */
  defenderSupport: number;
  terrainShift: number;
  fort: { reduced: boolean; twoSided: boolean } | null;
  attackerRoll: number;
  defenderRoll: number;
}

export interface LandCombatOutcome {
  attackerFire: Fired;
  defenderFire: Fired;
  /** Loss points the defending fort absorbs (not counted for the winner). */
  fortAbsorbs: number;
  /** Points that count for the winner: attacker's own losses, defender's losses net of the fort. */
  countedAttacker: number;
  countedDefender: number;
  winner: 'attacker' | 'defender' | null;
  attackerTotal: number;
  defenderTotal: number;
}

/** 2WW 9.1.2-9.1.3: totals with capped support, both fire on Land vs Land, forts absorb first, winner. */
export function resolveLandCombat(chart: CombatChart, i: LandCombatInput): LandCombatOutcome {
  const attackerTotal = i.attackerLand + capSupport(i.attackerSupport, i.attackerLand);
  const defenderTotal = i.defenderLand + capSupport(i.defenderSupport, i.defenderLand);
  const line: CombatLine = 'land-vs-land';
  const attackerFire = fire(chart, { line, factors: attackerTotal, shift: capTerrainShift(i.terrainShift) }, i.attackerRoll);
  const defenderFire = fire(chart, { line, factors: defenderTotal, shift: 0 }, i.defenderRoll);
  const fortAbsorbs = Math.min(attackerFire.losses, fortCapacity(i.fort));
  const countedAttacker = defenderFire.losses;
  const countedDefender = attackerFire.losses - fortAbsorbs;
  const w = decideWinner(countedAttacker, i.attackerRoll, countedDefender, i.defenderRoll);
  return {
    attackerFire, defenderFire, fortAbsorbs, countedAttacker, countedDefender,
    winner: w === 'a' ? 'attacker' : w === 'b' ? 'defender' : null, attackerTotal, defenderTotal,
  };
}

/** 2WW 6.1.3-6.1.4: bombers fire at half strength at interceptors; survivors bomb at full, +1 column for range 6. */
export function bombingVolley(survivingStrength: number, anyStrategic: boolean): Volley {
  return { line: 'bombing', factors: survivingStrength, shift: anyStrategic ? 1 : 0 };
}
