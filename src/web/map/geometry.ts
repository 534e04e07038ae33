// Map geometry for drawing: hex centres, outlines, shared edges (borders, rivers), bounds. Pure, tested in Node.
import { buildBoard } from '../../board/board.ts';
import { cornersAround, hexCentre, neighbourCoords, HEX_DIRECTIONS } from '../../board/hex-geometry.ts';
import { formatHexId, parseHexId } from '../../board/hex-ids.ts';
import type { MapData } from './board-data.ts';
import { hexsideKey, splitHexside } from './board-data.ts';

export interface HexGeo {
  id: string;
  cx: number;
  cy: number;
  /** SVG path of the outline. */
  path: string;
}

export interface Segment {
  x1: number; y1: number; x2: number; y2: number;
}

export interface MapGeometry {
  hexes: Map<string, HexGeo>;
  bounds: { x: number; y: number; w: number; h: number };
  /** Hexside key -> the shared edge of the two hexes. */
  edge(a: string, b: string): Segment | null;
  /** Pairs of adjacent hexes that are both on the map (each pair once). */
  adjacentPairs: [string, string][];
}

const r3 = (n: number) => Math.round(n * 1000) / 1000;

export function outlinePath(cx: number, cy: number, size = 1): string {
  return 'M' + cornersAround(cx, cy, size).map(([x, y]) => `${r3(x)},${r3(y)}`).join('L') + 'Z';
}

export function buildGeometry(map: MapData): MapGeometry {
  if (map.grid.sheets?.length) return sheetsGeometry(map);
  const fmt = { prefix: map.grid.prefix ?? '', colDigits: map.grid.colDigits, rowDigits: map.grid.rowDigits };
  const offset = map.grid.offset;
  const hexes = new Map<string, HexGeo>();
  const coords = new Map<string, [number, number]>();
  for (const id of Object.keys(map.hexes)) {
    const cr = parseHexId(fmt, id);
    if (!cr) continue;
    coords.set(id, cr);
    const [cx, cy] = hexCentre(cr[0], cr[1], offset);
    hexes.set(id, { id, cx, cy, path: outlinePath(cx, cy) });
  }
  const adjacentPairs: [string, string][] = [];
  for (const [id, [c, r]] of coords) {
    for (const dir of HEX_DIRECTIONS.slice(0, 3)) {
      const [nc, nr] = neighbourCoords(c, r, offset, dir);
      if (nc < 0 || nr < 0) continue;
      let nid: string;
      try { nid = formatHexId(fmt, nc, nr); } catch { continue; }
      if (hexes.has(nid)) adjacentPairs.push([id, nid]);
    }
  }
  return finish(hexes, adjacentPairs);
}

/**
 * Several sheets with their own prefixes, joined (possibly numbered the other way): positions and adjacency come
 * from src/board's assembled board. A hex shared by two sheets is drawn once, under the id the map keys it by.
 */
function sheetsGeometry(map: MapData): MapGeometry {
  const board = buildBoard({ sheets: map.grid.sheets });
  const hexes = new Map<string, HexGeo>();
  const keyOf = new Map<number, string>();
  for (const id of Object.keys(map.hexes)) {
    const n = board.find(id);
    if (n < 0 || !board.isHex(n) || keyOf.has(n)) continue;
    keyOf.set(n, id);
    const [cx, cy] = board.centre(n);
    hexes.set(id, { id, cx, cy, path: outlinePath(cx, cy) });
  }
  const adjacentPairs: [string, string][] = [];
  for (const [n, id] of keyOf) {
    for (const m of board.neighbours(n)) {
      const other = m > n ? keyOf.get(m) : undefined;
      if (other) adjacentPairs.push([id, other]);
    }
  }
  return finish(hexes, adjacentPairs);
}

function finish(hexes: Map<string, HexGeo>, adjacentPairs: [string, string][]): MapGeometry {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const { cx, cy } of hexes.values()) {
    minX = Math.min(minX, cx - 1); maxX = Math.max(maxX, cx + 1);
    minY = Math.min(minY, cy - 0.87); maxY = Math.max(maxY, cy + 0.87);
  }
  if (!hexes.size) { minX = 0; minY = 0; maxX = 1; maxY = 1; }
  const edge = (a: string, b: string): Segment | null => {
    const ha = hexes.get(a), hb = hexes.get(b);
    if (!ha || !hb) return null;
    const ca = cornersAround(ha.cx, ha.cy), cb = cornersAround(hb.cx, hb.cy);
    const shared = ca.filter(([x, y]) => cb.some(([u, v]) => Math.abs(x - u) < 1e-6 && Math.abs(y - v) < 1e-6));
    if (shared.length !== 2) return null;
    return { x1: shared[0]![0], y1: shared[0]![1], x2: shared[1]![0], y2: shared[1]![1] };
  };
  return { hexes, bounds: { x: minX, y: minY, w: maxX - minX, h: maxY - minY }, edge, adjacentPairs };
}

/** Country borders: edges between two land hexes of different countries. */
export function borderSegments(map: MapData, geo: MapGeometry): Segment[] {
  const out: Segment[] = [];
  for (const [a, b] of geo.adjacentPairs) {
    const ha = map.hexes[a]!, hb = map.hexes[b]!;
    if (ha.kind === 'sea' || hb.kind === 'sea' || ha.kind === 'lake' || hb.kind === 'lake' || !ha.country || !hb.country || ha.country === hb.country) continue;
    const s = geo.edge(a, b);
    if (s) out.push(s);
  }
  return out;
}

/** Hexside features as drawable segments, by feature. */
export function hexsideSegments(map: MapData, geo: MapGeometry): Map<string, { key: string; seg: Segment; a: string; b: string }[]> {
  const out = new Map<string, { key: string; seg: Segment; a: string; b: string }[]>();
  for (const [key, hs] of Object.entries(map.hexsides ?? {})) {
    const ab = splitHexside(key);
    if (!ab) continue;
    const seg = geo.edge(ab[0], ab[1]);
    if (!seg) continue;
    for (const f of hs.features) {
      let l = out.get(f);
      if (!l) out.set(f, (l = []));
      l.push({ key: hexsideKey(ab[0], ab[1]), seg, a: ab[0], b: ab[1] });
    }
  }
  return out;
}
