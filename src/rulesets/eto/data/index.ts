// Typed, validated ETO game data. Each file is parsed with its schema once; cross-references are checked by
// validateEtoData (the rule set's validateData).
import type { DataProblem } from '../../../engine/index.ts';
import { EtoMapSchema, etoMap, RAW_ETO_MAP } from './map-schema.ts';
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
import britainJson from './theatres/britain-1940.json' with { type: 'json' };
import bombingJson from './bombing-table.json' with { type: 'json' };
import finestHourJson from './scenario-their-finest-hour.json' with { type: 'json' };
import navalNorwayJson from './naval-norway-1940.json' with { type: 'json' };
import northwardJson from './scenario-northward-strike.json' with { type: 'json' };
import norwayJson from './theatres/norway-1940.json' with { type: 'json' };
import west1939Json from './theatres/west-1939.json' with { type: 'json' };
import {
  BismarckScenarioSchema, BombingTableSchema, DerivedNavalSchema, NorthwardStrikeSchema, TheirFinestHourSchema, BulgeLayerSchema, BulgeScenarioSchema, CaseWhiteScenarioSchema, ControlPointsFileSchema, TheatreLayerSchema, CrtFileSchema, MapSheetsFileSchema, NavalUnitsFileSchema, SeaAreasFileSchema,
  type BismarckScenario, type BombingTable, type DerivedNaval, type NorthwardStrike, type TheirFinestHour, type BulgeLayer, type BulgeScenario, type CaseWhiteScenario, type CrtFile, type Play, type TheatreLayer, type MapSheetsFile, type NavalUnitData, type SeaAreasFile,
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
  'theatres/britain-1940.json': britainJson as unknown,
  'bombing-table.json': bombingJson as unknown,
  'scenario-their-finest-hour.json': finestHourJson as unknown,
  'naval-norway-1940.json': navalNorwayJson as unknown,
  'scenario-northward-strike.json': northwardJson as unknown,
  'theatres/norway-1940.json': norwayJson as unknown,
  'theatres/west-1939.json': west1939Json as unknown,
  'map.json': RAW_ETO_MAP,
};
const SCHEMAS = {
  'control-points.json': ControlPointsFileSchema,
  'map-sheets.json': MapSheetsFileSchema,
  'sea-areas.json': SeaAreasFileSchema,
  'naval-units.json': NavalUnitsFileSchema,
  'scenario-sink-the-bismarck.json': BismarckScenarioSchema,
  'combat-results-table.json': CrtFileSchema,
  'map-layers/poland-1939.json': TheatreLayerSchema,
  'scenario-case-white.json': CaseWhiteScenarioSchema,
  'map-layers/bulge-1944.json': BulgeLayerSchema,
  'scenario-bulge.json': BulgeScenarioSchema,
  'theatres/britain-1940.json': TheatreLayerSchema,
  'bombing-table.json': BombingTableSchema,
  'scenario-their-finest-hour.json': TheirFinestHourSchema,
  'naval-norway-1940.json': DerivedNavalSchema,
  'scenario-northward-strike.json': NorthwardStrikeSchema,
  'theatres/norway-1940.json': TheatreLayerSchema,
  'theatres/west-1939.json': TheatreLayerSchema,
  // Checked here only: the load guards its shape (map-schema.ts), the whole schema costs too much for every load.
  'map.json': EtoMapSchema,
} as const;

function parse<T>(file: keyof typeof SCHEMAS): T {
  const r = SCHEMAS[file].safeParse(RAW_ETO_DATA[file]);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`src/rulesets/eto/data/${file}: field ${i.path.join('.') || '(root)'}: ${i.message}`);
  }
  return r.data as T;
}

/** Every data file, parsed once when the rule set is loaded (a broken file stops the load, naming file and field). */
const DATA = {
  sheets: parse<MapSheetsFile>('map-sheets.json'),
  sea: parse<SeaAreasFile>('sea-areas.json'),
  units: parse<{ units: NavalUnitData[] }>('naval-units.json').units,
  bismarck: parse<BismarckScenario>('scenario-sink-the-bismarck.json'),
  crt: parse<CrtFile>('combat-results-table.json'),
  poland: parse<TheatreLayer>('map-layers/poland-1939.json'),
  caseWhite: parse<CaseWhiteScenario>('scenario-case-white.json'),
  bulgeLayer: parse<BulgeLayer>('map-layers/bulge-1944.json'),
  bulge: parse<BulgeScenario>('scenario-bulge.json'),
  britain: parse<TheatreLayer>('theatres/britain-1940.json'),
  bombing: parse<BombingTable>('bombing-table.json'),
  finestHour: parse<TheirFinestHour>('scenario-their-finest-hour.json'),
  navalNorway: parse<DerivedNaval>('naval-norway-1940.json'),
  northward: parse<NorthwardStrike>('scenario-northward-strike.json'),
  norway: parse<TheatreLayer>('theatres/norway-1940.json'),
  west1939: parse<TheatreLayer>('theatres/west-1939.json'),
} as const;

/** The validated ETO data. */
export function etoData(): typeof DATA {
  return DATA;
}

/** What each implemented scenario plays (its data file's "play"), by scenario id. */
const PLAYS: Readonly<Record<string, Play>> = {
  'sink-the-bismarck': DATA.bismarck.play, 'their-finest-hour': DATA.finestHour.play, 'case-white': DATA.caseWhite.play, bulge: DATA.bulge.play,
  'northward-strike': DATA.northward.play,
};
export const SCENARIO_IDS = Object.keys(PLAYS);

/** A scenario's turns, phases, set-up order and rules switched on. */
export function playOf(scenario: string): Play {
  const p = PLAYS[scenario];
  if (!p) throw new Error(`eto: no scenario "${scenario}"; known: ${SCENARIO_IDS.join(', ')}`);
  return p;
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
  // Scenario 4 hexes against the generated map's countries in the Polish window (land.ts builds the same window).
  const pl = raw['map-layers/poland-1939.json'] as TheatreLayer;
  const countryOf = (h: string): string | null | undefined => {
    const m = etoMap();
    const key = m.hexes[h] ? h : Object.keys(m.hexes).find((k) => m.hexes[k]!.ids?.includes(h));
    return key ? pl.overrides[key]?.country ?? m.hexes[key]!.country : undefined;
  };
  const cw = raw['scenario-case-white.json'] as CaseWhiteScenario;
  cw.polishSetup.forEach((p, i) => {
    if (!pl.control.allies.countries.includes(countryOf(p.hex) ?? '')) out.push({ file: 'scenario-case-white.json', field: `polishSetup.${i}.hex`, message: `"${p.hex}" is not a Polish hex of map.json (country ${String(countryOf(p.hex))}; scenario 4 [4.1])` });
  });
  for (const [u, h] of [...Object.entries(cw.exampleGermanSetup.units), ...Object.entries(cw.exampleGermanSetup.air)]) {
    if (!pl.control.axis.countries.includes(countryOf(h) ?? '')) out.push({ file: 'scenario-case-white.json', field: `exampleGermanSetup.${u}`, message: `"${h}" is not German-controlled in map.json (country ${String(countryOf(h))}; map-layers/poland-1939.json control.axis)` });
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
    const inside = bl.window.rects.some((w) => h[0] === w.sheet && c >= w.cols[0] && c <= w.cols[1] && r >= w.rows[0] && r <= w.rows[1]);
    if (!inside) out.push({ file: 'map-layers/bulge-1944.json', field: `cities.${k}`, message: `"${h}" lies outside the window (${JSON.stringify(bl.window.rects)})` });
  }
  if (!areaIds.has(scen.victory.area)) out.push({ file: 'scenario-sink-the-bismarck.json', field: 'victory.area', message: `unknown sea area "${scen.victory.area}"` });
  return out;
}
