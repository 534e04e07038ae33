// Map geometry for drawing a contract board (src/engine/board.ts): hex centres and outlines from the sheets (through
// src/board), area polygons and label points, shared hex edges (borders, rivers), bounds. Pure, tested in Node.
import { buildBoard } from '../../board/board.ts';
import { cornersAround } from '../../board/hex-geometry.ts';
import type { Board } from './board-model.ts';
import { hexsideKey, splitHexside } from './board-model.ts';

export interface HexGeo {
  id: string;
  cx: number;
  cy: number;
  /** SVG path of the outline. */
  path: string;
}

export interface AreaGeo {
  id: string;
  /** Label point (name and counters). */
  cx: number;
  cy: number;
  /** SVG path of every polygon. */
  path: string;
  /** A rough size of the area (the smaller side of its bounding box), for placing its counters. */
  size: number;
}

export interface Segment {
  x1: number; y1: number; x2: number; y2: number;
}

export interface MapGeometry {
  hexes: Map<string, HexGeo>;
  areas: Map<string, AreaGeo>;
  bounds: { x: number; y: number; w: number; h: number };
  /** Hexside key -> the shared edge of the two hexes. */
  edge(a: string, b: string): Segment | null;
  /** Pairs of adjacent hexes that are both on the map (each pair once). */
  adjacentPairs: [string, string][];
  /** Where a place's counters go (a hex centre or an area's label point), or null when it is not on the map. */
  centre(place: string): [number, number] | null;
}

const r3 = (n: number) => Math.round(n * 1000) / 1000;

export function outlinePath(cx: number, cy: number, size = 1): string {
  return 'M' + cornersAround(cx, cy, size).map(([x, y]) => `${r3(x)},${r3(y)}`).join('L') + 'Z';
}

export function ringPath(ring: [number, number][]): string {
  return 'M' + ring.map(([x, y]) => `${r3(x)},${r3(y)}`).join('L') + 'Z';
}

/** Geometry of a board's hexes (sheets joined by src/board) and areas; null when it has neither. */
export function buildGeometry(board: Board): MapGeometry | null {
  const hexes = new Map<string, HexGeo>();
  const adjacentPairs: [string, string][] = [];
  if (board.hex && Object.keys(board.hex.hexes).length) {
    const b = buildBoard({ sheets: board.hex.sheets });
    const keyOf = new Map<number, string>();
    for (const id of Object.keys(board.hex.hexes)) {
      const n = b.find(id);
      if (n < 0 || !b.isHex(n) || keyOf.has(n)) continue;
      keyOf.set(n, id);
      const [cx, cy] = b.centre(n);
      hexes.set(id, { id, cx, cy, path: outlinePath(cx, cy) });
    }
    for (const [n, id] of keyOf) {
      for (const m of b.neighbours(n)) {
        const other = m > n ? keyOf.get(m) : undefined;
        if (other) adjacentPairs.push([id, other]);
      }
    }
  }
  const areas = new Map<string, AreaGeo>();
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [id, a] of Object.entries(board.areas ?? {})) {
    let ax0 = Infinity, ay0 = Infinity, ax1 = -Infinity, ay1 = -Infinity;
    for (const ring of a.polygons) for (const [x, y] of ring) {
      ax0 = Math.min(ax0, x); ax1 = Math.max(ax1, x); ay0 = Math.min(ay0, y); ay1 = Math.max(ay1, y);
    }
    minX = Math.min(minX, ax0); maxX = Math.max(maxX, ax1); minY = Math.min(minY, ay0); maxY = Math.max(maxY, ay1);
    areas.set(id, { id, cx: a.label[0], cy: a.label[1], path: a.polygons.map(ringPath).join(''), size: Math.min(ax1 - ax0, ay1 - ay0) });
  }
  if (!hexes.size && !areas.size) return null;
  for (const { cx, cy } of hexes.values()) {
    minX = Math.min(minX, cx - 1); maxX = Math.max(maxX, cx + 1);
    minY = Math.min(minY, cy - 0.87); maxY = Math.max(maxY, cy + 0.87);
  }
  const edge = (a: string, b: string): Segment | null => {
    const ha = hexes.get(a), hb = hexes.get(b);
    if (!ha || !hb) return null;
    const ca = cornersAround(ha.cx, ha.cy), cb = cornersAround(hb.cx, hb.cy);
    const shared = ca.filter(([x, y]) => cb.some(([u, v]) => Math.abs(x - u) < 1e-6 && Math.abs(y - v) < 1e-6));
    if (shared.length !== 2) return null;
    return { x1: shared[0]![0], y1: shared[0]![1], x2: shared[1]![0], y2: shared[1]![1] };
  };
  const centre = (place: string): [number, number] | null => {
    const h = hexes.get(place);
    if (h) return [h.cx, h.cy];
    const a = areas.get(place);
    return a ? [a.cx, a.cy] : null;
  };
  return { hexes, areas, bounds: { x: minX, y: minY, w: maxX - minX, h: maxY - minY }, edge, adjacentPairs, centre };
}

/** Country borders: edges between two land hexes of different countries. */
export function borderSegments(board: Board, geo: MapGeometry): Segment[] {
  const out: Segment[] = [];
  const hexes = board.hex?.hexes ?? {};
  for (const [a, b] of geo.adjacentPairs) {
    const ha = hexes[a]!, hb = hexes[b]!;
    if (ha.kind === 'sea' || hb.kind === 'sea' || ha.kind === 'lake' || hb.kind === 'lake' || !ha.country || !hb.country || ha.country === hb.country) continue;
    const s = geo.edge(a, b);
    if (s) out.push(s);
  }
  return out;
}

/** Hexside features as drawable segments, by feature. */
export function hexsideSegments(board: Board, geo: MapGeometry): Map<string, { key: string; seg: Segment; a: string; b: string }[]> {
  const out = new Map<string, { key: string; seg: Segment; a: string; b: string }[]>();
  for (const [key, hs] of Object.entries(board.hex?.hexsides ?? {})) {
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
