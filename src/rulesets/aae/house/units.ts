// The house rules' new units, with the figures the draft gives (on ten-sided dice, l.48) and the line each comes
// from. Without combat on d10 they fight at the d10 value scaled to six sides, rounded (ruling: the draft gives d10
// figures only). Movement the draft does not give is the printed unit's they resemble (ruling).
import type { HouseUnitType, UnitTypeData } from '../data/index.ts';

interface HouseUnit {
  name: string;
  domain: 'land' | 'air' | 'sea';
  /** Attack and defence on d10. */
  attack: number;
  defense: number;
  move: number;
  cost: number;
  line: string;
  extra?: Partial<UnitTypeData>;
}

export const HOUSE_UNITS: Record<HouseUnitType, HouseUnit> = {
  fort: { name: 'Coastal fort', domain: 'land', attack: 0, defense: 4, move: 0, cost: 3, line: '14, 46, 53' },
  paratroop: { name: 'Paratroop', domain: 'land', attack: 3, defense: 3, move: 1, cost: 4, line: '18', extra: { load: 1 } },
  militia: { name: 'Militia', domain: 'land', attack: 0, defense: 1, move: 0, cost: 1, line: '127, 173' },
  'home-guard': { name: 'Home Guard', domain: 'land', attack: 0, defense: 1, move: 1, cost: 1, line: '193' },
  partisan: { name: 'Partisan', domain: 'land', attack: 1, defense: 1, move: 1, cost: 1, line: '205' },
  'ss-armour': { name: 'SS armour', domain: 'land', attack: 6, defense: 7, move: 2, cost: 7, line: '161', extra: { load: 2, blitz: true } },
  'guards-armour': { name: 'Guards armour', domain: 'land', attack: 5, defense: 6, move: 2, cost: 6, line: '135', extra: { load: 2, blitz: true } },
  volksgrenadier: { name: 'Volksgrenadier', domain: 'land', attack: 1, defense: 2, move: 1, cost: 2, line: '167', extra: { load: 1, supportedByArtillery: true } },
  'rocket-artillery': { name: 'Rocket artillery', domain: 'land', attack: 4, defense: 3, move: 1, cost: 4, line: '221, 229', extra: { load: 1, artillery: true } },
  v1: { name: 'V1', domain: 'land', attack: 6, defense: 6, move: 1, cost: 5, line: '227', extra: { load: 1 } },
  v2: { name: 'V2', domain: 'land', attack: 7, defense: 7, move: 1, cost: 6, line: '227', extra: { load: 1 } },
  superfortress: { name: 'Superfortress', domain: 'air', attack: 7, defense: 3, move: 6, cost: 14, line: '239', extra: { strategicBomber: true } },
};

const toD6 = (v: number): number => Math.round((v * 6) / 10);

/** A house unit as the rules' unit data (d6 values; house/values.ts gives the d10 ones). */
export function houseUnitData(t: HouseUnitType): UnitTypeData {
  const h = HOUSE_UNITS[t];
  return { name: h.name, domain: h.domain, attack: toD6(h.attack), defense: toD6(h.defense), move: h.move, cost: h.cost, ...(h.extra ?? {}) };
}
