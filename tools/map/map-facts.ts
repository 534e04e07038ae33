// Map facts: what a rulebook ties to a hex (a port, a capital, a strait, a set-up hex...), listed per rule set in
// src/rulesets/<id>/data/map-facts.json with the rule that says so, and checked against the generated map.
//   npx tsx tools/map/map-facts.ts <ruleset id>     (prints how many facts hold, and each that does not)
// A fact that cannot hold on this map names the ruling that decides it (`ruling`); the check then expects it to fail,
// so a later map that makes it hold shows the ruling is stale.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildBoard, type SheetSpec } from '../../src/board/index.ts';
import type { AnyMapConfig } from './config-types.ts';
import { getMapConfig, REPO_ROOT } from './configs.ts';
import { hexDistance, neighbours, parseHex, hexId, type ColumnOffset } from './hex.ts';

/** One fact. `is` picks the check; the other fields are its arguments. */
export interface MapFact {
  /** Hex id (or several for the same check), or a city name where the rule names a place. */
  hex?: string;
  hexes?: string[];
  is:
    | 'port' | 'coastal' | 'land' | 'sea' | 'lake' | 'city' | 'capital' | 'resource' | 'edge' | 'country' | 'terrain'
    | 'strait' | 'ferry' | 'canal' | 'land-link' | 'no-land-link' | 'adjacent' | 'distance' | 'sea-area' | 'no-border'
    | 'neighbour-country';
  /** The other hex of a hexside fact, or the far end of a distance. */
  to?: string;
  name?: string;
  country?: string;
  terrain?: string;
  seaArea?: string;
  /** distance: hexes between `hex` and `to`; canal: MP end to end. */
  n?: number;
  rule: string;
  /** The ruling (docs/rulings/...) that decides a fact the map cannot satisfy: the check expects it to fail. */
  ruling?: string;
}

export interface MapFactsFile {
  about: string;
  facts: MapFact[];
}

/** What the checks read of a map; one adapter per map format. */
export interface FactMap {
  /** The hex, following printed aliases (ETO overlap ids); undefined when not on the map. */
  hex(id: string): FactHex | undefined;
  /** The hexside between two hexes, or undefined when they do not touch. */
  side(a: string, b: string): FactSide | undefined;
  neighbours(id: string): string[];
  distance(a: string, b: string): number;
  /** The hex holding a city of this name (name or also). */
  cityHex(name: string): string | undefined;
  /** All canal hexsides of a canal, by name. */
  canalSides(name: string): number;
}

export interface FactHex {
  id: string;
  kind: string;
  country: string | null;
  terrain: string | null;
  seaArea?: string;
  city?: { name: string; also?: string[]; port?: unknown; capital?: unknown; resource?: unknown; production?: unknown };
  resource?: boolean;
  edge?: boolean;
}

export interface FactSide {
  type: string;
  border?: boolean;
  ferry?: string;
  strait?: string;
  canal?: string;
}

const WATER_KINDS = new Set(['sea', 'coastal', 'straits']);

/** A water hexside: fleets pass it to a hex that has water. */
function hasWaterSide(m: FactMap, id: string): boolean {
  return m.neighbours(id).some((n) => {
    const s = m.side(id, n)!;
    return s.type !== 'land' && WATER_KINDS.has(m.hex(n)!.kind);
  });
}

const landLinked = (s: FactSide | undefined): boolean => !!s && (s.type === 'land' || s.type === 'coast' || !!s.ferry);

/** Null when the fact holds, else what the map has instead. */
export function checkFact(m: FactMap, f: MapFact): string | null {
  const resolveId = (x: string): string | undefined => (/^[WE]?\d{4}$/.test(x) ? x : m.cityHex(x));
  const ids = f.hexes ?? (f.hex ? [f.hex] : []);
  for (const raw of ids) {
    const id = resolveId(raw);
    const h = id ? m.hex(id) : undefined;
    const why = one(m, f, raw, id, h);
    if (why) return ids.length > 1 ? `${raw}: ${why}` : why;
  }
  if (!ids.length) {
    if (f.is === 'canal') {
      const sides = m.canalSides(f.name!);
      return sides + 2 === f.n ? null : `the ${f.name} has ${sides} canal hexsides (${sides + 2} MP end to end)`;
    }
    return 'the fact names no hex';
  }
  return null;
}

function one(m: FactMap, f: MapFact, raw: string, id: string | undefined, h: FactHex | undefined): string | null {
  if (!id || !h) return `${raw} is not on the map`;
  const other = f.to ? (/^[WE]?\d{4}$/.test(f.to) ? f.to : m.cityHex(f.to)) : undefined;
  const nameOk = (c: FactHex['city']): boolean => !f.name || (!!c && (c.name === f.name || !!c.also?.includes(f.name)));
  const desc = (): string => `${h.kind}${h.terrain ? ` ${h.terrain}` : ''}${h.country ? ` ${h.country}` : ''}${h.city ? ` (${[h.city.name, ...(h.city.also ?? [])].join(', ')})` : ''}`;
  switch (f.is) {
    case 'port':
      if (!h.city?.port || !nameOk(h.city)) return `no port${f.name ? ` ${f.name}` : ''}: ${desc()}`;
      if (!hasWaterSide(m, id)) return 'the port has no water hexside';
      return null;
    case 'coastal':
      return h.kind !== 'sea' && h.kind !== 'land' && hasWaterSide(m, id) ? null : `not coastal with a water hexside: ${desc()}`;
    case 'land':
      return h.kind !== 'sea' && h.terrain !== 'lake' ? null : `units cannot enter it: ${desc()}`;
    case 'sea':
      return h.kind === 'sea' ? null : `not all-sea: ${desc()}`;
    case 'lake':
      return h.terrain === 'lake' ? null : `not all-lake: ${desc()}`;
    case 'city':
      return h.city && nameOk(h.city) ? null : `no city ${f.name ?? ''}: ${desc()}`;
    case 'capital':
      return h.city?.capital && nameOk(h.city) ? null : `no capital ${f.name ?? ''}: ${desc()}`;
    case 'resource':
      return h.resource || h.city?.resource || h.city?.production ? null : `not a resource hex: ${desc()}`;
    case 'edge':
      return h.edge ? null : `not a map-edge hex: ${desc()}`;
    case 'country':
      return h.country === f.country ? null : `country ${h.country}, not ${f.country}`;
    case 'terrain':
      return h.terrain === f.terrain ? null : `terrain ${h.terrain}, not ${f.terrain}`;
    case 'sea-area':
      return h.seaArea === f.seaArea ? null : `sea area ${h.seaArea ?? 'none'}, not ${f.seaArea}`;
    case 'strait':
      if (!other) return h.kind === 'straits' ? null : `not a straits hex: ${desc()}`;
      return m.side(id, other)?.strait || m.side(id, other)?.ferry ? null : `${id}|${other} is not a strait hexside`;
    case 'ferry':
      return other && m.side(id, other)?.ferry ? null : `${id}|${other} has no ferry`;
    case 'land-link': {
      const s = other && m.side(id, other);
      return landLinked(s || undefined) ? null : `no land link ${id}|${other} (${s ? s.type : 'not adjacent'})`;
    }
    case 'no-land-link': {
      const s = other && m.side(id, other);
      return !landLinked(s || undefined) ? null : `land units cross ${id}|${other} (${s ? s.type : ''})`;
    }
    case 'adjacent':
      return other && m.side(id, other) ? null : `${id} and ${other} do not touch`;
    case 'no-border': {
      const s = other && m.side(id, other);
      return s && !s.border ? null : `${id}|${other} ${s ? 'has a border' : 'do not touch'}`;
    }
    case 'neighbour-country':
      return m.neighbours(id).some((n) => m.hex(n)!.country === f.country) ? null : `no neighbour of ${id} is ${f.country}`;
    case 'distance': {
      if (!other) return `${f.to} is not on the map`;
      const d = m.distance(id, other);
      return d === f.n ? null : `${d} hexes from ${id} to ${other}, not ${f.n}`;
    }
    case 'canal':
      return other && m.side(id, other)?.canal ? null : `${id}|${other} is not a canal hexside`;
  }
}

// ---- adapters

interface HexJson { kind: string; country?: string | null; terrain?: string | null; seaArea?: string; city?: FactHex['city']; resource?: string; mapEdge?: string; westEdge?: boolean; ids?: string[] }
interface SideJson { type: string; border?: boolean; ferry?: string; strait?: string; canal?: string }

function mapAdapter(
  hexes: Record<string, HexJson>,
  sides: Record<string, SideJson>,
  nb: (id: string) => string[],
  dist: (a: string, b: string) => number,
  onEdge: (id: string, h: HexJson) => boolean,
): FactMap {
  const alias = new Map<string, string>();
  for (const [k, h] of Object.entries(hexes)) for (const a of h.ids ?? []) alias.set(a, k);
  const key = (id: string): string => alias.get(id) ?? id;
  const cities = new Map<string, string>();
  for (const [k, h] of Object.entries(hexes).sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const n of h.city ? [h.city.name, ...(h.city.also ?? [])] : []) if (!cities.has(n)) cities.set(n, k);
  }
  return {
    hex: (id) => {
      const h = hexes[key(id)];
      if (!h) return undefined;
      return {
        id: key(id), kind: h.kind, country: h.country ?? null, terrain: h.terrain ?? null, seaArea: h.seaArea, city: h.city,
        resource: !!h.resource, edge: onEdge(key(id), h),
      };
    },
    side: (a, b) => {
      const [x, y] = [key(a), key(b)].sort();
      return sides[`${x}|${y}`];
    },
    neighbours: (id) => nb(key(id)).map(key).filter((n) => hexes[n]),
    distance: (a, b) => dist(key(a), key(b)),
    cityHex: (name) => cities.get(name),
    canalSides: (name) => Object.values(sides).filter((s) => s.canal === name).length,
  };
}

/** The adapter for a rule set's generated map (hex or hex-sheets config). */
export function factMap(config: AnyMapConfig): FactMap {
  const map = JSON.parse(readFileSync(resolve(REPO_ROOT, config.outFile), 'utf8'));
  if (config.kind === 'hex') {
    const off = map.grid.offset as ColumnOffset;
    const [c0, c1] = map.grid.cols as [number, number];
    const [r0, r1] = map.grid.rows as [number, number];
    return mapAdapter(
      map.hexes, map.hexsides,
      (id) => neighbours(...parseHex(id), off).map(([c, r]) => hexId(c, r)),
      (a, b) => hexDistance(parseHex(a), parseHex(b), off),
      (id, h) => {
        const [c, r] = parseHex(id);
        return !!h.westEdge || c === c0 || c === c1 || r === r0 || r === r1;
      },
    );
  }
  if (config.kind === 'hex-sheets') {
    const sheets = JSON.parse(readFileSync(resolve(REPO_ROOT, config.sheetsFile), 'utf8')).sheets as (SheetSpec & { provenance?: unknown })[];
    const board = buildBoard({ sheets: sheets.map(({ provenance: _p, ...s }) => s as SheetSpec) });
    return mapAdapter(
      map.hexes, map.hexsides,
      (id) => board.neighbours(board.index(id)).filter((n) => n < board.hexCount).map((n) => board.id(n)),
      (a, b) => board.distance(board.index(a), board.index(b)),
      (_id, h) => !!h.mapEdge,
    );
  }
  throw new Error(`map facts: ${config.rulesetId} is an area map; area facts are not written yet`);
}

export interface FactsReport {
  listed: number;
  hold: number;
  /** Facts without a ruling that do not hold (the test fails on any). */
  broken: { fact: MapFact; why: string }[];
  /** Facts with a ruling that hold after all (the ruling is stale). */
  stale: MapFact[];
  /** Facts decided by a ruling (they do not hold on this map). */
  ruled: { fact: MapFact; why: string }[];
}

export function factsFile(rulesetId: string): string {
  return join(REPO_ROOT, 'src', 'rulesets', rulesetId, 'data', 'map-facts.json');
}

export async function checkMapFacts(rulesetId: string): Promise<FactsReport> {
  const file = factsFile(rulesetId);
  if (!existsSync(file)) throw new Error(`no map facts for ${rulesetId} (${file})`);
  const facts = (JSON.parse(readFileSync(file, 'utf8')) as MapFactsFile).facts;
  const m = factMap(await getMapConfig(rulesetId));
  const report: FactsReport = { listed: facts.length, hold: 0, broken: [], stale: [], ruled: [] };
  facts.forEach((f, i) => {
    if (!f.rule) throw new Error(`${file}: facts[${i}] has no rule citation`);
    const why = checkFact(m, f);
    if (!why) report.hold++;
    if (f.ruling) {
      if (why) report.ruled.push({ fact: f, why });
      else report.stale.push(f);
    } else if (why) report.broken.push({ fact: f, why });
  });
  return report;
}

const label = (f: MapFact): string => `${f.hex ?? f.hexes?.join(',') ?? f.name} ${f.is}${f.to ? ` ${f.to}` : ''}${f.name && f.hex ? ` ${f.name}` : ''}${f.country ? ` ${f.country}` : ''} (${f.rule})`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const id = process.argv[2];
  if (!id) {
    console.error('usage: npx tsx tools/map/map-facts.ts <ruleset id>');
    process.exit(2);
  }
  const r = await checkMapFacts(id);
  console.log(`${id}: ${r.listed} facts listed, ${r.hold} hold; ${r.ruled.length} ruled (cannot hold), ${r.broken.length} broken, ${r.stale.length} stale rulings`);
  for (const b of r.broken) console.log(`  BROKEN ${label(b.fact)}: ${b.why}`);
  for (const b of r.ruled) console.log(`  ruled ${label(b.fact)} -> ${b.fact.ruling}: ${b.why}`);
  for (const f of r.stale) console.log(`  STALE ${label(f)} (${f.ruling})`);
}
