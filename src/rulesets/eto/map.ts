// The ETO board: sheets W and E joined half round, plus sea areas as nodes linked to their coastal hexes (ETO 7.2).
// Naval "spaces" (7.2) are sea areas and coastal hexes; ids are area ids ("north-atlantic") or hex ids ("W4716").
import { type Board, buildBoard, movementRange, type SheetSpec } from '../../board/index.ts';
import { etoData } from './data/index.ts';

export interface NavalMap {
  board: Board;
  /** Sea area by id. */
  areas: Map<string, { id: string; name: string; cost: number; int: number; gridded: boolean }>;
  /** Coastal hexes the naval data lists, by hex id. */
  coastal: Map<string, { hex: string; name: string; port: 'minor' | 'major' | null; areas: string[]; country: string }>;
  /** Board edges (hexsides) that naval units may cross (ETO 7.3). */
  water: Set<number>;
}

/** The W and E sheets as src/board specs (data/map-sheets.json). */
export function sheetSpecs(): SheetSpec[] {
  return etoData().sheets.sheets.map(({ provenance: _p, ...s }) => s as SheetSpec);
}

function buildNavalMap(): NavalMap {
  const { sea } = etoData();
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
    if (e < 0) throw new Error(`sea-areas.json coastalLinks: ${a} and ${b} are not adjacent hexes; list only neighbours`);
    water.add(e);
  }
  return {
    board,
    areas: new Map(sea.areas.map((a) => [a.id, a])),
    coastal: new Map(sea.coastalHexes.map((h) => [h.hex, h])),
    water,
  };
}

/** The board and the naval spaces, built when the rule set is loaded. */
const NAVAL = buildNavalMap();
export const navalMap = (): NavalMap => NAVAL;

export function isArea(space: string): boolean {
  return navalMap().areas.has(space);
}

export function spaceName(space: string): string {
  const m = navalMap();
  return m.areas.get(space)?.name ?? (m.coastal.get(space) ? `${m.coastal.get(space)!.name} (${space})` : space);
}

/** Every naval space of the data, areas first. */
export function allSpaces(): string[] {
  const m = navalMap();
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
export function navalNeighbours(space: string): { space: string; cost: number }[] {
  return NEIGHBOURS.get(space) ?? computeNeighbours(space);
}

function computeNeighbours(space: string): { space: string; cost: number }[] {
  const m = navalMap();
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
export function interceptionRange(space: string): ReadonlySet<string> {
  return RANGES.get(space) ?? computeInterceptionRange(space);
}

function computeInterceptionRange(space: string): Set<string> {
  const m = navalMap();
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

/** Neighbours and interception ranges of every naval space of the data, computed once with the board. */
const NEIGHBOURS: ReadonlyMap<string, { space: string; cost: number }[]> = new Map(allSpaces().map((sp) => [sp, computeNeighbours(sp)]));
const RANGES: ReadonlyMap<string, ReadonlySet<string>> = new Map(allSpaces().map((sp) => [sp, computeInterceptionRange(sp)]));
