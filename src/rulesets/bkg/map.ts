// The two maps as one board graph (src/board): areas and sea zones are nodes, borders and coasts typed links.
import { type Board, buildBoard } from '../../board/index.ts';
import { type AreaData, bkgData } from './data/index.ts';

/** Link kinds (map.json): a land border, Lake Baikal's sea border (basic 1.2), a coast, a sea-to-sea link. */
export const LAND = 0, LAKE = 1, COAST = 2, SEA = 3, STRAIT = 4, CANAL = 5;
const KIND_CODE: Record<string, number> = { land: LAND, lake: LAKE, coast: COAST, sea: SEA, strait: STRAIT, canal: CANAL };

/** Border features (advanced 1.2; 'cross-map' marks a red arrow between the maps). */
export const RIVER = 1, MOUNTAIN = 2, SWAMP = 4, FORTRESS = 8, CROSS_MAP = 16;
const FEATURE_BIT: Record<string, number> = { river: RIVER, mountain: MOUNTAIN, swamp: SWAMP, fortress: FORTRESS, 'cross-map': CROSS_MAP };

export interface BkgMap {
  board: Board;
  areas: AreaData[];
  byId: Map<string, AreaData>;
  /** Node index -> 1 for sea zones. */
  isSea: Uint8Array;
  /** Edge index -> link kind code. */
  edgeKind: Uint8Array;
  /** Edge index -> feature bits. */
  edgeFeatures: Uint8Array;
  /** Land neighbours by a land border (not Lake Baikal), sea neighbours of a sea zone, coasts both ways. */
  landNbrs: string[][];
  seaNbrs: string[][];
  coasts: string[][];
  /** Every neighbour of any kind (aircraft). */
  allNbrs: string[][];
  landIds: string[];
  seaIds: string[];
}

/** The board: a constant built when the rule set loads. */
const MAP: BkgMap = buildMap();

export function bkgMap(): BkgMap {
  return MAP;
}

function buildMap(): BkgMap {
  const { map } = bkgData();
  const board = buildBoard({
    nodes: map.areas.map((a) => ({ id: a.id, kind: a.kind === 'sea' ? 'sea-zone' : 'area', name: a.name, at: a.at })),
    links: map.links.map(([a, b, kind]) => ({ a, b, kind })),
  });
  const n = board.nodeCount;
  const isSea = new Uint8Array(n);
  for (const a of map.areas) if (a.kind === 'sea') isSea[board.index(a.id)] = 1;
  const edgeKind = new Uint8Array(board.edgeCount);
  const edgeFeatures = new Uint8Array(board.edgeCount);
  const landNbrs: string[][] = Array.from({ length: n }, () => []);
  const seaNbrs: string[][] = Array.from({ length: n }, () => []);
  const coasts: string[][] = Array.from({ length: n }, () => []);
  const allNbrs: string[][] = Array.from({ length: n }, () => []);
  map.links.forEach(([a, b, kind, features], i) => {
    edgeKind[i] = KIND_CODE[kind]!;
    edgeFeatures[i] = features.reduce((bits, f) => bits | (FEATURE_BIT[f] ?? 0), 0);
    const ia = board.index(a), ib = board.index(b);
    allNbrs[ia].push(b); allNbrs[ib].push(a);
    if (kind === 'land') { landNbrs[ia].push(b); landNbrs[ib].push(a); }
    else if (kind === 'coast') { coasts[ia].push(b); coasts[ib].push(a); }
    else if (kind !== 'lake') { seaNbrs[ia].push(b); seaNbrs[ib].push(a); }
  });
  return {
    board, areas: map.areas, byId: new Map(map.areas.map((a) => [a.id, a])), isSea, edgeKind, edgeFeatures,
    landNbrs, seaNbrs, coasts, allNbrs,
    landIds: map.areas.filter((a) => a.kind === 'land').map((a) => a.id),
    seaIds: map.areas.filter((a) => a.kind === 'sea').map((a) => a.id),
  };
}

export function area(id: string): AreaData {
  const a = bkgMap().byId.get(id);
  if (!a) throw new Error(`bkg: unknown area "${id}"`);
  return a;
}

export function nodeOf(id: string): number {
  return bkgMap().board.index(id);
}

export function isSeaZone(id: string): boolean {
  return area(id).kind === 'sea';
}

/** Land areas joined to `id` by a land border (basic 1.2: not across Lake Baikal or a sea). */
export function landNeighbours(id: string): string[] {
  return bkgMap().landNbrs[nodeOf(id)];
}

/** Sea zones a land area touches, or land areas a sea zone touches. */
export function coastsOf(id: string): string[] {
  return bkgMap().coasts[nodeOf(id)];
}

/** Sea zones joined to a sea zone (including straits, canals and red arrows). */
export function seaNeighbours(id: string): string[] {
  return bkgMap().seaNbrs[nodeOf(id)];
}

/** Features of the border between two places (0 when not linked). */
export function borderFeatures(a: string, b: string): number {
  const m = bkgMap();
  const e = m.board.edgeBetween(m.board.index(a), m.board.index(b));
  return e < 0 ? 0 : m.edgeFeatures[e];
}

/** The owner's and the conqueror's production of an area (7.3.1); [0, 0] without a rectangle; the Baltic's 'D' is [0, 1]. */
export function productionOf(id: string): [number, number] {
  const p = area(id).prod;
  if (p === 'D') return [0, 1];
  return p ?? [0, 0];
}

/** Pacific islands without production count one economic point each (basic 8.5). */
export function isPointIsland(id: string): boolean {
  const a = area(id);
  return a.island === true && a.map === 'pacific' && !a.prod;
}
