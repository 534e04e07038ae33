// The ETO board: sheets W and E joined half round, plus sea areas as nodes linked to their coastal hexes (ETO 7.2).
// Naval "spaces" (7.2) are sea areas and coastal hexes; ids are area ids ("north-atlantic") or hex ids ("W4716").
import { type Board, buildBoard, movementRange, type SheetSpec } from '../../board/index.ts';
import { type DerivedNaval, etoData } from './data/index.ts';
import { etoMap } from './data/map-schema.ts';

export interface NavalMap {
  board: Board;
  /** Sea area by id. */
  areas: Map<string, { id: string; name: string; cost: number; int: number; gridded: boolean }>;
  /** Coastal hexes the naval data lists, by hex id. */
  coastal: Map<string, { hex: string; name: string; port: 'minor' | 'major' | null; areas: string[]; country: string }>;
  /** Board edges (hexsides) that naval units may cross (ETO 7.3). */
  water: Set<number>;
  /** Each space's naval neighbours and interception range (8.1), computed once. */
  neighbours?: ReadonlyMap<string, { space: string; cost: number }[]>;
  ranges?: ReadonlyMap<string, ReadonlySet<string>>;
}

/** A data set of naval spaces: sea areas and their links, coastal hexes and the water hexsides between them. */
export interface NavalData {
  areas: { id: string; name: string; cost: number; int: number; gridded: boolean }[];
  areaLinks: [string, string][];
  coastalHexes: { hex: string; name: string; port: 'minor' | 'major' | null; areas: string[]; country: string }[];
  coastalLinks: [string, string][];
}

/** The W and E sheets as src/board specs (data/map-sheets.json). */
export function sheetSpecs(): SheetSpec[] {
  return etoData().sheets.sheets.map(({ provenance: _p, ...s }) => s as SheetSpec);
}

function buildNavalMap(sea: NavalData, file: string): NavalMap {
  const board = buildBoard({
    sheets: sheetSpecs(),
    nodes: sea.areas.map((a) => ({ id: a.id, kind: 'sea-area', name: a.name })),
    links: [
      ...sea.areaLinks.map(([a, b]) => ({ a, b, kind: 'sea' })),
      ...sea.coastalHexes.map((h) => ({ a: h.hex, b: h.areas, kind: 'coast' })),
    ],
  });
  const water = new Set<number>();
  for (const [a, b] of sea.coastalLinks) {
    const e = board.edgeBetween(board.index(a), board.index(b));
    if (e < 0) throw new Error(`${file} coastalLinks: ${a} and ${b} are not adjacent hexes; list only neighbours`);
    water.add(e);
  }
  return {
    board,
    areas: new Map(sea.areas.map((a) => [a.id, a])),
    coastal: new Map(sea.coastalHexes.map((h) => [h.hex, h])),
    water,
  };
}

/** The board with scenario 1's naval spaces, built when the rule set is loaded; the board every rule uses for hexes. */
const NAVAL = withTables(buildNavalMap(etoData().sea, 'sea-areas.json'));
/**
 * A scenario's naval spaces from the generated map: its sea areas (the data's costs and modifiers) and every coastal
 * hex of the window in one of them, with its port; coastal hexes are joined where their hexside is not all land (7.3).
 */
function derivedNavalData(d: DerivedNaval): NavalData {
  const map = etoMap();
  const w = d.window;
  const inWindow = (id: string) => id[0] === w.sheet && Number(id.slice(1, 3)) >= w.cols[0] && Number(id.slice(1, 3)) <= w.cols[1]
    && Number(id.slice(3)) >= w.rows[0] && Number(id.slice(3)) <= w.rows[1];
  const areas = new Set(d.areas.map((a) => a.id));
  const b = buildBoard({ sheets: sheetSpecs() });
  // A coastal hex the map leaves without a sea area takes its neighbours' (the first in board order).
  const areaOf = (id: string): string | undefined => map.hexes[id]!.seaArea ?? d.areaOf[id]
    ?? b.neighbours(b.index(id)).map((n) => map.hexes[b.id(n)]?.seaArea).find((x) => x);
  const coastal = Object.entries(map.hexes).filter(([id, h]) => h.kind === 'coastal' && inWindow(id) && areas.has(areaOf(id) ?? ''));
  const ids = new Set(coastal.map(([id]) => id));
  const coastalLinks: [string, string][] = [];
  for (const [key, side] of Object.entries(map.hexsides)) {
    const [a, b] = key.split('|') as [string, string];
    if (side.type !== 'land' && ids.has(a) && ids.has(b)) coastalLinks.push([a, b]);
  }
  return {
    areas: d.areas, areaLinks: d.areaLinks, coastalLinks,
    coastalHexes: coastal.map(([id, h]) => ({ hex: id, name: h.city?.name ?? h.place ?? id, port: h.city?.port ?? null, areas: [areaOf(id)!], country: h.country ?? '' })),
  };
}

/** Scenarios whose naval spaces are another data set's. */
const NORTH_SEA_1940 = withTables(buildNavalMap(derivedNavalData(etoData().navalNorway), 'naval-norway-1940.json'));
const NAVAL_BY_SCENARIO: Readonly<Record<string, NavalMap>> = {
  'northward-strike': NORTH_SEA_1940,
  // Scenario 2 has no ships of its own; its sea is scenario 5's North Sea of 1940 (Harwich to Narvik).
  'their-finest-hour': NORTH_SEA_1940,
};

/** The sea areas of a scenario played on a land map that has naval spaces of its own (scenarios 2 and 5); else none. */
export const ownSeaAreas = (scenario: string): string[] => [...(NAVAL_BY_SCENARIO[scenario]?.areas.keys() ?? [])];

/** The naval spaces of a game's scenario (scenario 1's data by default); with no argument, the board and scenario 1's spaces. */
export function navalMap(s?: { scenario: string } | string): NavalMap {
  const id = typeof s === 'string' ? s : s?.scenario;
  return (id && NAVAL_BY_SCENARIO[id]) || NAVAL;
}
type Game = { scenario: string } | string;

export function isArea(s: Game, space: string): boolean {
  return navalMap(s).areas.has(space);
}

export function spaceName(s: Game, space: string): string {
  const m = navalMap(s);
  const coast = m.coastal.get(space)?.name;
  return m.areas.get(space)?.name ?? (coast && coast !== space ? `${coast} (${space})` : space);
}

/** Every naval space of the data, areas first. */
export function allSpaces(s: Game): string[] {
  const m = navalMap(s);
  return [...m.areas.keys(), ...m.coastal.keys()];
}

/** MP to enter `to` from `from` (ETO 7.3: 1 per coastal hex; 7.4: the area's cost); Infinity when not joined. */
function enterCostIdx(m: NavalMap, from: number, to: number, edge: number): number {
  const toId = m.board.id(to);
  const area = m.areas.get(toId);
  if (area) return area.cost;
  if (!m.coastal.has(toId)) return Infinity;
  const fromId = m.board.id(from);
  if (m.areas.has(fromId)) return 1;
  return m.water.has(edge) ? 1 : Infinity;
}

/** Naval neighbours of a space and the MP to enter each (ETO 7.3, 7.4). */
export function navalNeighbours(s: Game, space: string): { space: string; cost: number }[] {
  const m = navalMap(s);
  return m.neighbours!.get(space) ?? computeNeighbours(m, space);
}

function computeNeighbours(m: NavalMap, space: string): { space: string; cost: number }[] {
  const b = m.board;
  const n = b.index(space);
  const out: { space: string; cost: number }[] = [];
  for (let k = b.adjStart[n]; k < b.adjStart[n + 1]; k++) {
    const to = b.adjNode[k];
    const cost = enterCostIdx(m, n, to, b.adjEdge[k]);
    if (cost < Infinity) out.push({ space: b.id(to), cost });
  }
  return out.sort((x, y) => (x.space < y.space ? -1 : x.space > y.space ? 1 : 0));
}

/**
 * ETO 8.1: the spaces in which naval units at `space` can intercept entering enemy units. From a coastal hex or
 * port: coastal hexes within 3 naval MP and the adjacent areas; from a sea area: the area and the coastal hexes
 * bordering it.
 */
export function interceptionRange(s: Game, space: string): ReadonlySet<string> {
  const m = navalMap(s);
  return m.ranges!.get(space) ?? computeInterceptionRange(m, space);
}

function computeInterceptionRange(m: NavalMap, space: string): Set<string> {
  const out = new Set<string>();
  if (m.areas.has(space)) {
    out.add(space);
    for (const h of m.coastal.values()) if (h.areas.includes(space)) out.add(h.hex);
    return out;
  }
  const reach = movementRange(m.board, m.board.index(space), 3, {
    enterCost: (f, t, e) => (m.areas.has(m.board.id(t)) ? Infinity : enterCostIdx(m, f, t, e)),
  });
  for (const n of reach.nodes()) out.add(m.board.id(n));
  for (const a of m.coastal.get(space)!.areas) out.add(a);
  return out;
}

/** Neighbours and interception ranges of every naval space of a data set, computed once with its board. */
function withTables(m: NavalMap): NavalMap {
  const spaces = [...m.areas.keys(), ...m.coastal.keys()];
  return { ...m, neighbours: new Map(spaces.map((sp) => [sp, computeNeighbours(m, sp)])), ranges: new Map(spaces.map((sp) => [sp, computeInterceptionRange(m, sp)])) };
}
