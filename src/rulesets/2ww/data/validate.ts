// validate2wwData(): every problem in the 2WW data files, each naming the file and the field path, so an owner of
// the printed game who edits a chart learns exactly what to fix. Schema problems first, then cross-references.
import { lazy } from './lazy.ts';
import type { z } from 'zod';
import mapJson from './map.json' with { type: 'json' };
import { DATA_SCHEMAS, RAW_2WW_DATA, type DataFileName } from './index.ts';
import {
  COMBAT_LINES, FLEET_TYPES, LAND_TYPES, UNIT_TYPES,
  type CombatChartData, type Counter, type ProductionCosts, type TerrainChart, type TurnTrack,
} from './schemas.ts';

export interface Problem {
  file: string;
  /** Path inside the file, e.g. "counters[3].full.combat"; "" for the whole file. */
  field: string;
  message: string;
}

/** What the validator needs to know of the map (src/rulesets/2ww/data/map.json, owned by the map engineer). */
export interface MapHexView {
  kind: 'land' | 'coastal' | 'sea' | 'straits';
  terrain?: string;
  city?: string;
  port?: boolean;
  /** Country of the hex by power id ("fr") or map name ("france"); see MAP_COUNTRY_ALIASES. */
  country?: string | null;
}
export interface MapView {
  file: string;
  hexes: Record<string, MapHexView>;
}

/** The map layers name countries in full; the data files use power ids. */
export const MAP_COUNTRY_ALIASES: Record<string, string> = {
  france: 'fr', germany: 'ge', italy: 'it', ussr: 'su', usa: 'us', finland: 'fi', hungary: 'hu', rumania: 'ru',
  bulgaria: 'bg', portugal: 'pt', spain: 'es', belgium: 'be', netherlands: 'nl', poland: 'pl', sweden: 'se',
  yugoslavia: 'yu', greece: 'gr', turkey: 'tr', persia: 'ir', iraq: 'iq', norway: 'no', denmark: 'dk', switzerland: 'ch',
};

/**
 * Reads the map engineer's map.json shape ({hexes: {"1909": {kind, terrain, country, city: {name, port}}}}) into a
 * MapView; unknown shapes give an empty view, so a format change shows up as "hex not on the map" problems.
 */
export function mapViewFromJson(json: unknown, file = 'map.json'): MapView {
  const hexes: Record<string, MapHexView> = {};
  const raw = (json as { hexes?: Record<string, any> } | null)?.hexes ?? {};
  for (const [id, h] of Object.entries(raw)) {
    if (!h || typeof h !== 'object') continue;
    const city = typeof h.city === 'string' ? h.city : h.city?.name;
    const country = typeof h.country === 'string' ? (MAP_COUNTRY_ALIASES[h.country] ?? h.country) : null;
    hexes[id] = { kind: h.kind, terrain: h.terrain ?? undefined, city, port: Boolean(h.port ?? h.city?.port), country };
  }
  return { file, hexes };
}

export interface ValidateOptions {
  /** Replacement contents for some files (tests pass broken copies); the rest come from the shipped JSON. */
  data?: Partial<Record<DataFileName, unknown>>;
  /** The map setup hexes are checked against: default the map engineer's map.json; null = do not check the map. */
  map?: MapView | null;
}

/** Turn a zod path into "counters[3].full.combat". */
export function fieldPath(path: readonly PropertyKey[]): string {
  let s = '';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : s ? `.${String(p)}` : String(p);
  return s;
}

/** The shipped map as the cross-checks read it: static data, read once. */
const shippedMap = lazy(() => mapViewFromJson(mapJson));

export function validate2wwData(options: ValidateOptions = {}): Problem[] {
  const opts = { ...options, map: options.map === undefined ? shippedMap() : options.map };
  const problems: Problem[] = [];
  const parsed: Partial<Record<DataFileName, unknown>> = {};
  for (const file of Object.keys(DATA_SCHEMAS) as DataFileName[]) {
    const raw = opts.data && file in opts.data ? opts.data[file] : RAW_2WW_DATA[file];
    const r = (DATA_SCHEMAS[file] as z.ZodType).safeParse(raw);
    if (r.success) parsed[file] = r.data;
    else for (const i of r.error.issues) problems.push({ file, field: fieldPath(i.path), message: i.message });
  }
  const add = (file: string, field: string, message: string) => problems.push({ file, field, message });

  const countersFile = parsed['counters.json'] as { counters: Counter[] } | undefined;
  const counterList = countersFile?.counters ?? [];
  const byId = new Map<string, Counter>();
  if (countersFile) {
    counterList.forEach((c, i) => {
      if (byId.has(c.id)) add('counters.json', `counters[${i}].id`, `duplicate counter id "${c.id}": ids must be unique`);
      byId.set(c.id, c);
    });
    if (counterList.length !== 119) {
      add('counters.json', 'counters', `expected 119 units (2WW 3.1: 120 counters = 119 units + the turn marker), found ${counterList.length}`);
    }
  }

  // setup.json: every unit exists and appears once; sides and areas make sense; hexes fit the map.
  const setupFile = parsed['setup.json'] as z.infer<(typeof DATA_SCHEMAS)['setup.json']> | undefined;
  const placed = new Set<string>();
  if (setupFile) {
    setupFile.scenarios.forEach((s, si) => {
      const seen = new Map<string, number>();
      const countryIds = new Set(s.countries.map((c) => c.id));
      s.units.forEach((e, ui) => {
        const f = `scenarios[${si}].units[${ui}]`;
        const c = byId.get(e.unit);
        if (countersFile && !c) add('setup.json', `${f}.unit`, `unit "${e.unit}" is not in counters.json`);
        const prev = seen.get(e.unit);
        if (prev !== undefined) add('setup.json', `${f}.unit`, `unit "${e.unit}" is already placed at scenarios[${si}].units[${prev}]: each unit appears once`);
        seen.set(e.unit, ui);
        if (si === 0) placed.add(e.unit);
        if (c && c.steps === 1 && e.side === 'full') add('setup.json', `${f}.side`, `"${e.unit}" is single-sided, so it is always reduced (2WW 7.3.1): side must be "reduced"`);
        const loc = e.location;
        if (loc.kind === 'area') {
          if (!countryIds.has(loc.country)) add('setup.json', `${f}.location.country`, `country "${loc.country}" is not in this scenario's countries list`);
          if (c && loc.country !== c.nationality) add('setup.json', `${f}.location.country`, `"${e.unit}" (${c.nationality}) must set up in its own country (2WW 2), not "${loc.country}"`);
          if (loc.within === 'port' && c && !FLEET_TYPES.includes(c.type)) add('setup.json', `${f}.location.within`, `only fleets set up "in any port"; "${e.unit}" is ${c.type}`);
        }
        if (loc.kind === 'hex' && opts.map && c) checkHex(opts.map, loc.hex, loc.city, c, `${f}.location`, add);
        if (loc.kind === 'area' && opts.map) {
          const home = Object.values(opts.map.hexes).filter((h) => h.country === loc.country && h.kind !== 'sea');
          if (home.length === 0) add('setup.json', `${f}.location.country`, `the map (${opts.map.file}) has no land hex of "${loc.country}" to set "${e.unit}" up in`);
          else if (loc.within === 'port' && !home.some((h) => h.port)) add('setup.json', `${f}.location.within`, `the map (${opts.map.file}) has no port in "${loc.country}" for "${e.unit}"`);
          for (const x of loc.alsoHexes ?? []) {
            if (!opts.map.hexes[x]) add('setup.json', `${f}.location.alsoHexes`, `hex ${x} is not on the map (${opts.map.file})`);
            else if (opts.map.hexes[x]!.country !== loc.country) add('setup.json', `${f}.location.alsoHexes`, `hex ${x} belongs to "${opts.map.hexes[x]!.country}" on the map, not "${loc.country}"`);
          }
        }
      });
      checkFixedStacks(s.units, byId, (field, message) => add('setup.json', `scenarios[${si}].${field}`, message));
      if (s.startTurn > s.endTurn) add('setup.json', `scenarios[${si}].endTurn`, `endTurn ${s.endTurn} is before startTurn ${s.startTurn}`);
    });
  }

  // turn-track.json: consecutive turns in season order, milestones on the track, reinforcements exist once.
  const tt = parsed['turn-track.json'] as TurnTrack | undefined;
  if (tt) {
    const order = tt.seasonOrder.order;
    if (new Set(order).size !== 4) add('turn-track.json', 'seasonOrder.order', 'the season order must name each of the four seasons once');
    tt.turns.forEach((t, i) => {
      if (t.turn !== i + 1) add('turn-track.json', `turns[${i}].turn`, `turns must be numbered 1, 2, 3... in order; expected ${i + 1}, found ${t.turn}`);
      if (i > 0) {
        const p = tt.turns[i - 1]!;
        const next = order[(order.indexOf(p.season) + 1) % 4];
        const nextYear = order.indexOf(p.season) === 3 ? p.year + 1 : p.year;
        if (t.season !== next || t.year !== nextYear) add('turn-track.json', `turns[${i}]`, `after ${p.season} ${p.year} comes ${next} ${nextYear} (seasonOrder), found ${t.season} ${t.year}`);
      }
    });
    if (tt.turns.length !== 23) add('turn-track.json', 'turns', `Autumn 1939 to Spring 1945 is 23 game turns (2WW 4, 13); found ${tt.turns.length}`);
    const last = tt.turns.length;
    for (const [k, m] of Object.entries(tt.milestones)) {
      if (m.turn > last) add('turn-track.json', `milestones.${k}.turn`, `turn ${m.turn} is past the last turn ${last}`);
    }
    if (tt.usEntry.baseTurn > last) add('turn-track.json', 'usEntry.baseTurn', `turn ${tt.usEntry.baseTurn} is past the last turn ${last}`);
    tt.lendLease.forEach((l, i) => {
      if (i > 0 && l.fromTurn <= tt.lendLease[i - 1]!.fromTurn) add('turn-track.json', `lendLease[${i}].fromTurn`, 'Lend-Lease changes must be in increasing turn order (2WW 12.3.1)');
      if (l.fromTurn > last) add('turn-track.json', `lendLease[${i}].fromTurn`, `turn ${l.fromTurn} is past the last turn ${last}`);
    });
    const arriving = new Set<string>();
    tt.reinforcements.forEach((r, i) => {
      const f = `reinforcements[${i}]`;
      if (countersFile && !byId.has(r.unit)) add('turn-track.json', `${f}.unit`, `unit "${r.unit}" is not in counters.json`);
      if (placed.has(r.unit)) add('turn-track.json', `${f}.unit`, `unit "${r.unit}" is already in the setup; a unit enters either at setup or by the track (2WW 2)`);
      if (arriving.has(r.unit)) add('turn-track.json', `${f}.unit`, `unit "${r.unit}" arrives twice`);
      arriving.add(r.unit);
      if (r.turn < 2 || r.turn > last) add('turn-track.json', `${f}.turn`, `reinforcements arrive at a Production phase, turns 2..${last} (turn 1 has none, 2WW 4); found ${r.turn}`);
    });
    if (countersFile && setupFile) {
      counterList.forEach((c, i) => {
        if (!placed.has(c.id) && !arriving.has(c.id)) add('counters.json', `counters[${i}]`, `unit "${c.id}" is neither in the setup nor on the Turn Record Track, so it can never enter play`);
      });
    }
  }

  // combat-chart.json: all eight lines, contiguous columns, sensible (monotone) results.
  const chart = parsed['combat-chart.json'] as CombatChartData | undefined;
  if (chart) {
    for (const line of COMBAT_LINES) {
      const n = chart.lines.filter((l) => l.id === line).length;
      if (n !== 1) add('combat-chart.json', 'lines', `line "${line}" must appear exactly once (2WW 4.2 C.3, 6), found ${n}`);
    }
    chart.lines.forEach((l, li) => {
      l.columns.forEach((c, ci) => {
        const f = `lines[${li}].columns[${ci}]`;
        if (ci === 0 && c.min !== 1) add('combat-chart.json', `${f}.min`, `the first column of "${l.id}" must start at 1 factor, found ${c.min}`);
        if (ci > 0) {
          const p = l.columns[ci - 1]!;
          if (p.max === undefined) add('combat-chart.json', `lines[${li}].columns[${ci - 1}].max`, `only the last column of "${l.id}" may be open-ended`);
          else if (c.min !== p.max + 1) add('combat-chart.json', `${f}.min`, `columns of "${l.id}" must be contiguous: after ${p.label} the next column starts at ${p.max + 1}, found ${c.min}`);
          c.losses.forEach((x, r) => {
            if (x < p.losses[r]!) add('combat-chart.json', `${f}.losses[${r}]`, `more factors may not give fewer losses: roll ${r + 2} gives ${x} on ${c.label} but ${p.losses[r]} on ${p.label}`);
          });
        }
        if (c.max !== undefined && c.max < c.min) add('combat-chart.json', `${f}.max`, `max ${c.max} is below min ${c.min}`);
        if (ci === l.columns.length - 1 && c.max !== undefined) add('combat-chart.json', `${f}.max`, `the last column of "${l.id}" must be open-ended (no max) so every strength has a column`);
        c.losses.forEach((x, r) => {
          if (r > 0 && x > c.losses[r - 1]!) add('combat-chart.json', `${f}.losses[${r}]`, `a higher roll may not give more losses: roll ${r + 2} gives ${x}, roll ${r + 1} gives ${c.losses[r - 1]}`);
        });
      });
    });
  }

  // terrain-chart.json: unique ids, and every terrain the map uses is on the chart.
  const terrain = parsed['terrain-chart.json'] as TerrainChart | undefined;
  if (terrain) {
    const ids = new Set<string>();
    terrain.terrain.forEach((t, i) => {
      if (ids.has(t.id)) add('terrain-chart.json', `terrain[${i}].id`, `duplicate terrain "${t.id}"`);
      ids.add(t.id);
      if (t.defenderShift < -terrain.maxShift.value) add('terrain-chart.json', `terrain[${i}].defenderShift`, `a shift beyond the ${terrain.maxShift.value}-column maximum (2WW 4.2 C.3) can never apply`);
    });
    if (opts.map) {
      for (const [hex, h] of Object.entries(opts.map.hexes)) {
        if (h.kind !== 'sea' && h.terrain !== undefined && !ids.has(h.terrain)) add(opts.map.file, `hexes.${hex}.terrain`, `terrain "${h.terrain}" is not on terrain-chart.json (known: ${[...ids].join(', ')})`);
      }
    }
  }

  // production-costs.json: a cost for every unit type; exceptions name something real.
  const prod = parsed['production-costs.json'] as ProductionCosts | undefined;
  if (prod) {
    for (const t of UNIT_TYPES) {
      const n = prod.costs.filter((c) => c.type === t).length;
      if (n !== 1) add('production-costs.json', 'costs', `unit type "${t}" needs exactly one cost row (2WW 7.1.4), found ${n}`);
    }
    prod.costs.forEach((c, i) => {
      if (c.upgrade > c.build) add('production-costs.json', `costs[${i}].upgrade`, `upgrading a ${c.type} (${c.upgrade}) may not cost more than building it (${c.build})`);
    });
    prod.exceptions.forEach((e, i) => {
      if (e.appliesTo !== 'one-sided' && countersFile && !byId.has(e.appliesTo)) add('production-costs.json', `exceptions[${i}].appliesTo`, `"${e.appliesTo}" is neither "one-sided" nor a counter id`);
    });
  }
  return problems;
}

/** 2WW 5.2.1 per hex and side: 1 fort, 1 artillery, 1 air, 2 other land units, 2 fleets. */
const STACKING_LIMITS = { fort: 1, artillery: 1, air: 1, land: 2, fleet: 2 } as const;
function stackingClass(type: Counter['type']): keyof typeof STACKING_LIMITS {
  if (type === 'fort' || type === 'artillery') return type;
  if (type === 'air' || type === 'strategic-air' || type === 'naval-air') return 'air';
  return FLEET_TYPES.includes(type) ? 'fleet' : 'land';
}

function checkFixedStacks(units: { unit: string; location: { kind: string; hex?: string } }[], byId: Map<string, Counter>, add: (field: string, message: string) => void): void {
  const count = new Map<string, number>();
  units.forEach((e, i) => {
    const c = byId.get(e.unit);
    if (e.location.kind !== 'hex' || !c) return;
    const cls = stackingClass(c.type);
    const key = `${e.location.hex}|${cls}`;
    const n = (count.get(key) ?? 0) + 1;
    count.set(key, n);
    if (n > STACKING_LIMITS[cls]) add(`units[${i}].location.hex`, `hex ${e.location.hex} would hold ${n} ${cls} units; 2WW 5.2.1 allows ${STACKING_LIMITS[cls]}`);
  });
}

function checkHex(map: MapView, hex: string, city: string | undefined, c: Counter, field: string, add: (file: string, field: string, message: string) => void): void {
  const h = map.hexes[hex];
  if (!h) {
    add('setup.json', `${field}.hex`, `hex ${hex} is not on the map (${map.file})`);
    return;
  }
  if (LAND_TYPES.includes(c.type) && h.kind === 'sea') add('setup.json', `${field}.hex`, `land unit "${c.id}" may not stand on all-sea hex ${hex} (2WW 8.1)`);
  if (FLEET_TYPES.includes(c.type) && h.kind === 'land') add('setup.json', `${field}.hex`, `fleet "${c.id}" may not stand on all-land hex ${hex} (2WW 8.3.1)`);
  if (city && h.city !== undefined && h.city.toLowerCase() !== city.toLowerCase()) add('setup.json', `${field}.city`, `hex ${hex} is "${h.city}" on the map, not "${city}"`);
}
