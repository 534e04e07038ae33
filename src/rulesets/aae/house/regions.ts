// The house rules' map facts (data/house-map.json): regional areas, terrain, built-up cities, ports, Eastern
// Europe and the Axis Minor's territories, asked per game (the regional areas exist only with hr-regions).
import { AAE_DATA, type MinorNation } from '../data/index.ts';
import type { AaeState } from '../state.ts';
import { AREAS, REGION_HOST, hasMark, inPlay } from '../world.ts';

const H = AAE_DATA.house;
const ROUGH = new Set(H.terrain.rough);
const WETLAND = new Set(H.terrain.wetland);
const EAST = new Set(H.easternEurope);
const NO_PORT = new Set(H.noPort);
const CITIES = new Set(H.cities);
const STAND_IN_CITIES = new Set(H.citiesWithoutRegions);
const NATION_OF = new Map<string, MinorNation>(Object.entries(H.minorNations).flatMap(([n, ids]) => ids.map((id) => [id, n as MinorNation])));

export const RULE_REGIONS = 'AAE house rules l.1 (the regional map: ruling)';
export const RULE_TERRAIN = 'AAE house rules l.36-38 (terrain)';

/** Rough or wetland (forest) terrain (l.38); the draft's map is missing: read from geography (ruling). */
export function terrainOf(_s: AaeState, id: string): 'rough' | 'wetland' | 'clear' {
  return ROUGH.has(id) ? 'rough' : WETLAND.has(id) ? 'wetland' : 'clear';
}

/** A built-up city (l.38): Moscow, Leningrad, Stalingrad and the regional cities; Germany and the UK stand in for Berlin and London without the regional map. */
export function isCity(s: AaeState, id: string): boolean {
  if (CITIES.has(id)) return true;
  if (REGION_HOST.has(id)) return inPlay(s, id) && hasMark(id, 'city');
  return !s.opts.house.regions && STAND_IN_CITIES.has(id);
}

/** "Finland, Poland, Yugoslavia, Bulgaria and all areas east of that" (l.40). */
export const isEasternEurope = (id: string): boolean => EAST.has(id);

/** A coastal territory where ships may lie in port (l.105 d): not islands, Sicily, Sardinia, North Africa or the Middle East. */
export function isPort(id: string): boolean {
  return AREAS.get(id)?.kind === 'land' && !NO_PORT.has(id) && !hasMark(id, 'neutral');
}

/** The Axis Minor nation a territory belongs to (l.3), if any. */
export const minorNationOf = (id: string): MinorNation | undefined => NATION_OF.get(id);

/** Territories of a minor nation in play in this game. */
export function nationAreas(s: AaeState, n: MinorNation): string[] {
  return (H.minorNations[n] ?? []).filter((id) => inPlay(s, id));
}
