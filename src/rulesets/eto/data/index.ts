// Typed, validated ETO game data. Each file is parsed with its schema once; cross-references are checked by
// validateEtoData (the rule set's validateData).
import type { DataProblem } from '../../../engine/index.ts';
import controlPointsJson from './control-points.json' with { type: 'json' };
import mapSheetsJson from './map-sheets.json' with { type: 'json' };
import seaAreasJson from './sea-areas.json' with { type: 'json' };
import navalUnitsJson from './naval-units.json' with { type: 'json' };
import bismarckJson from './scenario-sink-the-bismarck.json' with { type: 'json' };
import crtJson from './combat-results-table.json' with { type: 'json' };
import polandJson from './map-layers/poland-1939.json' with { type: 'json' };
import caseWhiteJson from './scenario-case-white.json' with { type: 'json' };
import bulgeLayerJson from './map-layers/bulge-1944.json' with { type: 'json' };
import bulgeJson from './scenario-bulge.json' with { type: 'json' };
import {
  BismarckScenarioSchema, BulgeLayerSchema, BulgeScenarioSchema, CaseWhiteScenarioSchema, ControlPointsFileSchema, LandLayerSchema, CrtFileSchema, MapSheetsFileSchema, NavalUnitsFileSchema, SeaAreasFileSchema,
  type BismarckScenario, type BulgeLayer, type BulgeScenario, type CaseWhiteScenario, type LandLayer, type MapSheetsFile, type NavalUnitData, type SeaAreasFile,
} from './schemas.ts';

export * from './schemas.ts';

export const RAW_ETO_DATA = {
  'control-points.json': controlPointsJson as unknown,
  'map-sheets.json': mapSheetsJson as unknown,
  'sea-areas.json': seaAreasJson as unknown,
  'naval-units.json': navalUnitsJson as unknown,
  'scenario-sink-the-bismarck.json': bismarckJson as unknown,
  'combat-results-table.json': crtJson as unknown,
  'map-layers/poland-1939.json': polandJson as unknown,
  'scenario-case-white.json': caseWhiteJson as unknown,
  'map-layers/bulge-1944.json': bulgeLayerJson as unknown,
  'scenario-bulge.json': bulgeJson as unknown,
};
const SCHEMAS = {
  'control-points.json': ControlPointsFileSchema,
  'map-sheets.json': MapSheetsFileSchema,
  'sea-areas.json': SeaAreasFileSchema,
  'naval-units.json': NavalUnitsFileSchema,
  'scenario-sink-the-bismarck.json': BismarckScenarioSchema,
  'combat-results-table.json': CrtFileSchema,
  'map-layers/poland-1939.json': LandLayerSchema,
  'scenario-case-white.json': CaseWhiteScenarioSchema,
  'map-layers/bulge-1944.json': BulgeLayerSchema,
  'scenario-bulge.json': BulgeScenarioSchema,
} as const;

function parse<T>(file: keyof typeof SCHEMAS): T {
  const r = SCHEMAS[file].safeParse(RAW_ETO_DATA[file]);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`src/rulesets/eto/data/${file}: field ${i.path.join('.') || '(root)'}: ${i.message}`);
  }
  return r.data as T;
}

let cache: { sheets: MapSheetsFile; sea: SeaAreasFile; units: NavalUnitData[]; bismarck: BismarckScenario; poland: LandLayer; caseWhite: CaseWhiteScenario; bulgeLayer: BulgeLayer; bulge: BulgeScenario } | null = null;

export function etoData() {
  cache ??= {
    sheets: parse<MapSheetsFile>('map-sheets.json'),
    sea: parse<SeaAreasFile>('sea-areas.json'),
    units: parse<{ units: NavalUnitData[] }>('naval-units.json').units,
    bismarck: parse<BismarckScenario>('scenario-sink-the-bismarck.json'),
    poland: parse<LandLayer>('map-layers/poland-1939.json'),
    caseWhite: parse<CaseWhiteScenario>('scenario-case-white.json'),
    bulgeLayer: parse<BulgeLayer>('map-layers/bulge-1944.json'),
    bulge: parse<BulgeScenario>('scenario-bulge.json'),
  };
  return cache;
}

/** Schema and cross-reference problems of every ETO data file; each names file and field. */
export function validateEtoData(raw: Record<string, unknown> = RAW_ETO_DATA): DataProblem[] {
  const out: DataProblem[] = [];
  for (const [file, schema] of Object.entries(SCHEMAS)) {
    const r = schema.safeParse(raw[file]);
    if (!r.success) for (const i of r.error.issues) out.push({ file, field: i.path.join('.') || '(root)', message: i.message });
  }
  if (out.length) return out;
  const sea = raw['sea-areas.json'] as SeaAreasFile;
  const areaIds = new Set(sea.areas.map((a) => a.id));
  const hexIds = new Set(sea.coastalHexes.map((h) => h.hex));
  sea.areaLinks.forEach((l, i) => l.forEach((a, j) => {
    if (!areaIds.has(a)) out.push({ file: 'sea-areas.json', field: `areaLinks.${i}.${j}`, message: `unknown sea area "${a}"; known: ${[...areaIds].join(', ')}` });
  }));
  sea.coastalHexes.forEach((h, i) => h.areas.forEach((a, j) => {
    if (!areaIds.has(a)) out.push({ file: 'sea-areas.json', field: `coastalHexes.${i}.areas.${j}`, message: `unknown sea area "${a}"` });
  }));
  sea.coastalLinks.forEach((l, i) => l.forEach((h, j) => {
    if (!hexIds.has(h)) out.push({ file: 'sea-areas.json', field: `coastalLinks.${i}.${j}`, message: `"${h}" is not listed in coastalHexes` });
  }));
  const units = (raw['naval-units.json'] as { units: NavalUnitData[] }).units;
  const unitIds = new Set(units.map((u) => u.id));
  const scen = raw['scenario-sink-the-bismarck.json'] as BismarckScenario;
  scen.setup.forEach((s, i) => {
    s.units.forEach((u, j) => {
      if (!unitIds.has(u)) out.push({ file: 'scenario-sink-the-bismarck.json', field: `setup.${i}.units.${j}`, message: `unknown naval unit "${u}" (naval-units.json)` });
    });
    if (s.at !== 'anywhere' && !hexIds.has(s.at)) out.push({ file: 'scenario-sink-the-bismarck.json', field: `setup.${i}.at`, message: `"${s.at}" is not a coastal hex of sea-areas.json` });
  });
  const layer = raw['map-layers/poland-1939.json'] as LandLayer;
  layer.rivers.forEach(([a, b], i) => [a, b].forEach((h, j) => {
    if (!layer.hexes[h]) out.push({ file: 'map-layers/poland-1939.json', field: `rivers.${i}.${j}`, message: `river side names hex "${h}", which the layer does not list` });
  }));
  const cw = raw['scenario-case-white.json'] as CaseWhiteScenario;
  cw.polishSetup.forEach((p, i) => {
    if (layer.hexes[p.hex]?.country !== 'poland') out.push({ file: 'scenario-case-white.json', field: `polishSetup.${i}.hex`, message: `"${p.hex}" is not a Polish hex of map-layers/poland-1939.json (scenario 4 [4.1])` });
  });
  for (const [u, h] of Object.entries(cw.exampleGermanSetup.units)) {
    const c = layer.hexes[h]?.country;
    if (c !== 'germany' && c !== 'east-prussia' && c !== 'slovakia') out.push({ file: 'scenario-case-white.json', field: `exampleGermanSetup.units.${u}`, message: `"${h}" is not German-controlled in map-layers/poland-1939.json` });
  }
  const bl = raw['map-layers/bulge-1944.json'] as BulgeLayer;
  const bu = raw['scenario-bulge.json'] as BulgeScenario;
  const ids = new Set(bu.land.flatMap((u) => (u.count > 1 ? Array.from({ length: u.count }, (_, i) => `${u.id}-${i + 1}`) : [u.id])));
  for (const side of ['allies', 'axis'] as const) {
    for (const u of Object.keys(bu.suggestedSetup[side])) {
      if (!ids.has(u)) out.push({ file: 'scenario-bulge.json', field: `suggestedSetup.${side}.${u}`, message: `unknown unit "${u}"; ids are the land list's id plus -1, -2... when count > 1` });
    }
  }
  for (const [k, h] of [['brussels', bl.cities.brussels], ['antwerp', bl.cities.antwerp]] as const) {
    const c = Number(h.slice(1, 3));
    const r = Number(h.slice(3));
    if (c < bl.window.cols[0] || c > bl.window.cols[1] || r < bl.window.rows[0] || r > bl.window.rows[1]) out.push({ file: 'map-layers/bulge-1944.json', field: `cities.${k}`, message: `"${h}" lies outside the window (cols ${bl.window.cols.join('-')}, rows ${bl.window.rows.join('-')})` });
  }
  if (!areaIds.has(scen.victory.area)) out.push({ file: 'scenario-sink-the-bismarck.json', field: 'victory.area', message: `unknown sea area "${scen.victory.area}"` });
  return out;
}
