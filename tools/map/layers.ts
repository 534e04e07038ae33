// Reads the hand-authored layers of a rule set (map-layers/*.json). Shapes are checked lightly here; the output
// map.json is what gets the full schema (src/rulesets/<id>/data/map.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Provenance } from './config-types.ts';
import type { LonLat } from './geo.ts';

export interface CountryDef {
  name: string;
  kind: 'major' | 'minor' | 'territory';
  owner?: string;
  fr?: boolean;
  capitals: string[];
  start: string;
  offMap?: boolean;
  impassable?: boolean;
  noEntryUntilRebellion?: boolean;
  noRail?: boolean;
  provenance: Provenance;
}

export interface CountriesLayer {
  noRailRule?: string;
  countries: Record<string, CountryDef>;
  modern: Record<string, string>;
  overrides: { country: string; where: string[]; reason: string; polygon: LonLat[] }[];
}

export interface TerrainLayer {
  provenance: Provenance;
  types: string[];
  regions: { terrain: string; name: string; polygon: LonLat[] }[];
}

export interface RiversLayer {
  provenance: Provenance;
  rivers: { name: string; line: LonLat[] }[];
}

export interface CityDef {
  name: string;
  lon: number;
  lat: number;
  hex?: string;
  port?: boolean;
  capital?: boolean;
  production?: number;
  bonus?: string;
  fort?: string;
  vichyProduction?: boolean;
  country?: string;
  rules?: Record<string, string>;
  /** Why a city the rulebook does not place is pinned to `hex` anyway. */
  pinReason?: string;
}

export interface CitiesLayer {
  productionReason: string;
  cities: CityDef[];
}

export interface BoxDef {
  name: string;
  portions: string[];
  landPortion?: string;
  westEdgeCost?: number;
  hexes: string[];
  boxes: string[];
  axisMayEnter: boolean;
  provenance: Provenance;
  linksProvenance: Provenance;
}

export interface SpecialLayer {
  straits: { hexes: string[]; provenance: Provenance; names: Record<string, string>; namesProvenance: Provenance };
  danishWaters: { hexes: Record<string, string>; provenance: Provenance };
  /** A zone inside one country (2WW: Vichy France south of the dotted line). */
  vichy: { provenance: Provenance; polygon: LonLat[]; country: string };
  boxes: Record<string, BoxDef>;
  boxHexRules: Record<string, { lonMin: number; lonMax: number; latMin: number; latMax: number }>;
  seaBarriers?: { provenance: Provenance; lines: { name: string; line: LonLat[] }[] };
}

export interface HexOverride {
  hex: string;
  reason: string;
  set: Record<string, unknown>;
}

export interface HexsideOverride {
  key: string;
  reason: string;
  set: Record<string, unknown>;
}

export interface OverridesLayer {
  hexes: HexOverride[];
  hexsides?: HexsideOverride[];
}

export interface Layers {
  countries: CountriesLayer;
  terrain: TerrainLayer;
  rivers: RiversLayer;
  cities: CitiesLayer;
  special: SpecialLayer;
  overrides: OverridesLayer;
}

function readJson(dir: string, name: string): any {
  const file = join(dir, name);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`map layer ${file}: cannot read or parse (${(e as Error).message}); it must be a JSON file`, { cause: e });
  }
}

export function loadLayers(dir: string): Layers {
  const layers: Layers = {
    countries: readJson(dir, 'countries.json'),
    terrain: readJson(dir, 'terrain.json'),
    rivers: readJson(dir, 'rivers.json'),
    cities: readJson(dir, 'cities.json'),
    special: readJson(dir, 'special.json'),
    overrides: readJson(dir, 'overrides.json'),
  };
  const ids = new Set(Object.keys(layers.countries.countries));
  for (const [modern, id] of Object.entries(layers.countries.modern)) {
    if (!ids.has(id)) throw new Error(`map layer countries.json: modern.${modern} = "${id}" is not a country id of "countries"`);
  }
  for (const o of layers.countries.overrides) {
    if (!ids.has(o.country)) throw new Error(`map layer countries.json: override "${o.reason}" names unknown country "${o.country}"`);
  }
  for (const c of layers.cities.cities) {
    if (c.country && !ids.has(c.country)) throw new Error(`map layer cities.json: city ${c.name} names unknown country "${c.country}"`);
  }
  for (const r of layers.terrain.regions) {
    if (!layers.terrain.types.includes(r.terrain)) throw new Error(`map layer terrain.json: region ${r.name} has terrain "${r.terrain}", not one of ${layers.terrain.types.join(', ')}`);
  }
  for (const o of [...layers.overrides.hexes, ...(layers.overrides.hexsides ?? [])]) {
    const what = 'hex' in o ? `hex ${o.hex}` : `hexside ${o.key}`;
    if (!o.reason) throw new Error(`map layer overrides.json: override of ${what} has no reason; every hand correction needs one`);
  }
  return layers;
}
