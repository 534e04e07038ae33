// Typed, validated A&A Europe data (map, units, set-up). Parsed once at load; validateAaeData lists every problem of
// the files (schema first, then cross-references), each naming file and field.
import type { DataProblem } from '../../../engine/index.ts';
import mapJson from './map.json' with { type: 'json' };
import unitsJson from './units.json' with { type: 'json' };
import setupJson from './setup.json' with { type: 'json' };
import houseMapJson from './house-map.json' with { type: 'json' };
import {
  HouseMapFileSchema, MapFileSchema, POWERS, SetupFileSchema, UNIT_TYPES, UnitsFileSchema,
  type HouseMapFile, type MapFile, type SetupFile, type UnitsFile,
} from './schemas.ts';

export * from './schemas.ts';

export const RAW_AAE_DATA = {
  'map.json': mapJson as unknown,
  'units.json': unitsJson as unknown,
  'setup.json': setupJson as unknown,
  'house-map.json': houseMapJson as unknown,
};
export type AaeDataFile = keyof typeof RAW_AAE_DATA;

const SCHEMAS = { 'map.json': MapFileSchema, 'units.json': UnitsFileSchema, 'setup.json': SetupFileSchema, 'house-map.json': HouseMapFileSchema } as const;

function parse<T>(file: AaeDataFile): T {
  const r = SCHEMAS[file].safeParse(RAW_AAE_DATA[file]);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`src/rulesets/aae/data/${file}: field ${i.path.join('.') || '(root)'}: ${i.message} (theater validate --ruleset aae lists every problem)`);
  }
  return r.data as T;
}

export interface AaeData { map: MapFile; units: UnitsFile; setup: SetupFile; house: HouseMapFile }

/** The shipped data, parsed and checked by its schemas (throws naming the file and field when broken). */
export const AAE_DATA: AaeData = {
  map: parse<MapFile>('map.json'),
  units: parse<UnitsFile>('units.json'),
  setup: parse<SetupFile>('setup.json'),
  house: parse<HouseMapFile>('house-map.json'),
};

function fieldOf(path: readonly PropertyKey[]): string {
  let s = '';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : s ? `.${String(p)}` : String(p);
  return s || '(root)';
}

/** Every problem of the A&A Europe data files; `raw` replaces some files (tests pass broken copies). */
export function validateAaeData(raw: Partial<Record<AaeDataFile, unknown>> = {}): DataProblem[] {
  const out: DataProblem[] = [];
  const parsed: Partial<Record<AaeDataFile, unknown>> = {};
  for (const file of Object.keys(SCHEMAS) as AaeDataFile[]) {
    const r = SCHEMAS[file].safeParse(file in raw ? raw[file] : RAW_AAE_DATA[file]);
    if (r.success) parsed[file] = r.data;
    else for (const i of r.error.issues) out.push({ file, field: fieldOf(i.path), message: i.message });
  }
  const add = (file: AaeDataFile, field: string, message: string) => out.push({ file, field, message });
  const map = parsed['map.json'] as MapFile | undefined;
  const units = parsed['units.json'] as UnitsFile | undefined;
  const setup = parsed['setup.json'] as SetupFile | undefined;
  const areas = new Map((map?.areas ?? []).map((a) => [a.id, a]));
  if (map) {
    const seen = new Set<string>();
    map.areas.forEach((a, i) => {
      if (seen.has(a.id)) add('map.json', `areas[${i}].id`, `duplicate area id "${a.id}"`);
      seen.add(a.id);
      const marks = a.marks ?? [];
      if (a.kind === 'sea' && a.owner && !marks.includes('convoy')) add('map.json', `areas[${i}].owner`, `sea zone "${a.id}" has an owner but is not a convoy centre`);
      if (marks.includes('convoy') && (a.kind !== 'sea' || a.value === undefined || !a.owner)) add('map.json', `areas[${i}].marks`, `convoy centre "${a.id}" must be a sea zone with a value and an owner`);
      if (a.kind === 'land' && a.value === undefined) add('map.json', `areas[${i}].value`, `territory "${a.id}" needs a production value (0 when it has none)`);
      if (a.kind === 'land' && !a.owner && !marks.includes('neutral')) add('map.json', `areas[${i}].owner`, `territory "${a.id}" has no owner: mark it "neutral" or give its owner`);
      if (marks.includes('capital') && !marks.includes('factory')) add('map.json', `areas[${i}].marks`, `capital "${a.id}" must have an industrial complex`);
    });
    const pairs = new Set<string>();
    map.adjacency.forEach(([a, b, kind], i) => {
      const A = areas.get(a);
      const B = areas.get(b);
      if (!A) add('map.json', `adjacency[${i}][0]`, `unknown area "${a}"`);
      if (!B) add('map.json', `adjacency[${i}][1]`, `unknown area "${b}"`);
      if (a === b) add('map.json', `adjacency[${i}]`, `"${a}" is joined to itself`);
      const key = a < b ? `${a}|${b}` : `${b}|${a}`;
      if (pairs.has(key)) add('map.json', `adjacency[${i}]`, `"${a}" and "${b}" are joined twice`);
      pairs.add(key);
      if (A && B) {
        const want = A.kind === 'land' && B.kind === 'land' ? 'land' : A.kind === 'sea' && B.kind === 'sea' ? ['sea', 'canal'] : 'coast';
        if (Array.isArray(want) ? !want.includes(kind) : want !== kind) add('map.json', `adjacency[${i}][2]`, `"${a}" (${A.kind}) and "${b}" (${B.kind}) must be joined by ${Array.isArray(want) ? want.join(' or ') : want}, not ${kind}`);
      }
    });
    map.canals.forEach((c, i) => {
      const [s1, s2] = c.seas;
      if (!pairs.has(s1 < s2 ? `${s1}|${s2}` : `${s2}|${s1}`)) add('map.json', `canals[${i}].seas`, `no adjacency joins "${s1}" and "${s2}"`);
      c.land.forEach((l, j) => { if (areas.get(l)?.kind !== 'land') add('map.json', `canals[${i}].land[${j}]`, `"${l}" is not a territory`); });
    });
    for (const p of POWERS) {
      const caps = map.areas.filter((a) => a.owner === p && a.marks?.includes('capital'));
      if (caps.length !== 1) add('map.json', 'areas', `${p} must have exactly one capital, found ${caps.length}`);
    }
  }
  if (units) {
    for (const t of UNIT_TYPES) if (!units.types[t]) add('units.json', `types.${t}`, `unit type "${t}" is missing`);
    for (const [id, u] of Object.entries(units.types)) {
      if (u.domain === 'land' && u.load === undefined) add('units.json', `types.${id}.load`, 'a land unit needs its transport load');
      if (u.domain !== 'land' && u.load !== undefined) add('units.json', `types.${id}.load`, 'only land units ride transports');
    }
  }
  if (setup && map && units) {
    setup.units.forEach((u, i) => {
      const a = areas.get(u.area);
      const t = units.types[u.type];
      if (!a) { add('setup.json', `units[${i}].area`, `unknown area "${u.area}"`); return; }
      if (t?.domain === 'sea' && a.kind !== 'sea') add('setup.json', `units[${i}].area`, `${u.type} must start in a sea zone, not "${u.area}"`);
      if (t && t.domain !== 'sea' && a.kind !== 'land') add('setup.json', `units[${i}].area`, `${u.type} must start in a territory, not "${u.area}"`);
      if (a.kind === 'land' && a.marks?.includes('neutral')) add('setup.json', `units[${i}].area`, `"${u.area}" is neutral: no unit starts there`);
    });
    if (new Set(setup.turnOrder).size !== 4) add('setup.json', 'turnOrder', 'each of the four powers plays once a round');
  }
  const house = parsed['house-map.json'] as HouseMapFile | undefined;
  if (house && map) checkHouseMap(house, areas, (field, message) => add('house-map.json', field, message));
  return out;
}

/** Cross-references of the house map: every id known, every region carved from a printed territory of its kind. */
function checkHouseMap(h: HouseMapFile, base: Map<string, { kind: string }>, add: (field: string, message: string) => void): void {
  const all = new Map<string, { kind: string }>(base);
  h.regions.forEach((r, i) => {
    if (base.has(r.id) || all.has(r.id)) add(`regions[${i}].id`, `duplicate area id "${r.id}"`);
    all.set(r.id, r);
    if (r.host && base.get(r.host)?.kind !== r.kind) add(`regions[${i}].host`, `"${r.host}" is not a printed ${r.kind === 'sea' ? 'sea zone' : 'territory'}`);
    if (r.kind === 'land' && r.value === undefined) add(`regions[${i}].value`, `territory "${r.id}" needs a value`);
  });
  h.adjacency.forEach(([a, b, kind], i) => {
    const A = all.get(a);
    const B = all.get(b);
    if (!A || !B) { add(`adjacency[${i}]`, `unknown area "${!A ? a : b}"`); return; }
    if (base.has(a) && base.has(b)) add(`adjacency[${i}]`, `"${a}" and "${b}" are both printed areas: their connections are map.json's`);
    const want = A.kind === 'land' && B.kind === 'land' ? ['land'] : A.kind === 'sea' && B.kind === 'sea' ? ['sea', 'canal'] : ['coast'];
    if (!want.includes(kind)) add(`adjacency[${i}][2]`, `"${a}" (${A.kind}) and "${b}" (${B.kind}) must be joined by ${want.join(' or ')}, not ${kind}`);
  });
  const ids = (field: string, list: readonly string[]) => list.forEach((id, i) => { if (!all.has(id)) add(`${field}[${i}]`, `unknown area "${id}"`); });
  for (const id of Object.keys(h.hostValues)) if (!h.regions.some((r) => r.host === id)) add(`hostValues.${id}`, `"${id}" hosts no region`);
  ids('cities', h.cities);
  ids('citiesWithoutRegions', h.citiesWithoutRegions);
  ids('terrain.rough', h.terrain.rough);
  ids('terrain.wetland', h.terrain.wetland);
  ids('noPort', h.noPort);
  ids('easternEurope', h.easternEurope);
  for (const [n, list] of Object.entries(h.minorNations)) ids(`minorNations.${n}`, list);
  ids('vichy.areas', h.vichy.areas);
  ids('vichy.forces', Object.keys(h.vichy.forces));
  ids('vichy.displaced', [...Object.keys(h.vichy.displaced), ...Object.values(h.vichy.displaced)]);
  ids('vichy.fleet.zone', [h.vichy.fleet.zone]);
  ids('neutralForces', Object.keys(h.neutralForces));
}
