// A scenario's forces as the game state holds them, built from its data file: land units (counts expanded to ids
// "de-inf-1", "de-inf-2"...), air units and ships. Every unit starts off the map unless the data fixes its place.
import type { NavalUnitData } from './data/index.ts';
import type { AirUnit, LandKind, LandUnit } from './land.ts';
import { type Ship, SIDE_OF_NATION, type Side } from './state.ts';

/** A land unit entry of a scenario file (schemas.ts landUnitDataSchema). */
export interface LandUnitEntry {
  id: string; count: number; name: string; nation: string; kind: LandKind;
  strength?: number; depleted?: number; ma?: number; steps?: number; combat?: number; exploit?: number; radius?: number; attacks?: number;
}
/** An air unit entry of a scenario file. */
export interface AirUnitEntry {
  id: string; count?: number; name: string; nation: string; kind: AirUnit['kind']; strength: number; depleted: number; range: number; quality: number;
  underlined?: boolean;
}

export const sideOfNation = (nation: string): Side => {
  const s = SIDE_OF_NATION[nation];
  if (!s) throw new Error(`eto: nation "${nation}" belongs to no side (state.ts SIDE_OF_NATION)`);
  return s;
};

export function landForces(list: readonly LandUnitEntry[]): Record<string, LandUnit> {
  const units: Record<string, LandUnit> = {};
  for (const u of list) {
    for (let i = 1; i <= u.count; i++) {
      const id = u.count > 1 ? `${u.id}-${i}` : u.id;
      units[id] = {
        id, name: u.name, nation: u.nation, side: sideOfNation(u.nation), kind: u.kind,
        strength: u.strength ?? 0, depletedStrength: u.depleted ?? 0, ma: u.ma ?? 0, steps: u.steps ?? 1, depleted: false,
        hex: null, where: 'setup',
        ...(u.radius !== undefined ? { radius: u.radius, attacks: u.attacks ?? 1 } : {}),
        ...(u.kind === 'general' ? { combat: u.combat ?? 0, exploit: u.exploit ?? 0, eligible: true } : {}),
      };
    }
  }
  return units;
}

export function airForces(list: readonly AirUnitEntry[]): Record<string, AirUnit> {
  const air: Record<string, AirUnit> = {};
  for (const a of list) {
    for (let i = 1; i <= (a.count ?? 1); i++) {
      const id = (a.count ?? 1) > 1 ? `${a.id}-${i}` : a.id;
      air[id] = {
        id, name: a.name, nation: a.nation, side: sideOfNation(a.nation), kind: a.kind, strength: a.strength,
        depletedStrength: a.depleted, range: a.range, quality: a.quality, depleted: false, where: 'setup', base: null, committed: 'none',
        ...(a.underlined ? { underlined: true } : {}),
      };
    }
  }
  return air;
}

/** Ships of set-up groups ({units, at, inPort}); a group placed "anywhere" starts with no space (the set-up places it). */
export function shipForces(groups: readonly { units: string[]; at: string; inPort?: boolean }[], data: readonly NavalUnitData[]): Record<string, Ship> {
  const ships: Record<string, Ship> = {};
  for (const group of groups) {
    for (const id of group.units) {
      const u = data.find((x) => x.id === id);
      if (!u) throw new Error(`eto: naval unit "${id}" is not in data/naval-units.json`);
      ships[id] = {
        id, name: u.name, nation: u.nation, side: sideOfNation(u.nation), type: u.type, named: u.named,
        damaged: false, sunk: false, space: group.at === 'anywhere' ? '' : group.at, inPort: group.inPort ?? false,
        air: u.navalAir?.strength ?? 0,
        ...(u.type === 'STP' ? { points: 1 } : {}),
      };
    }
  }
  return ships;
}
