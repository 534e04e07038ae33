// Helpers shared by the single-sheet (build.ts) and ETO (eto-build.ts) map builders.
import { SQRT3 } from './hex.ts';
import type { Raster, Ring } from './raster.ts';

export const round = (v: number, d = 3): number => {
  const f = 10 ** d;
  const r = Math.round(v * f) / f;
  return Object.is(r, -0) ? 0 : r;
};

export function sortObject<T>(o: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k of Object.keys(o).sort()) out[k] = o[k];
  return out;
}

/** Douglas-Peucker on an open polyline. */
export function simplify(pts: [number, number][], tol: number): [number, number][] {
  if (pts.length < 3) return pts;
  const keep = new Uint8Array(pts.length);
  keep[0] = keep[pts.length - 1] = 1;
  const stack: [number, number][] = [[0, pts.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = pts[a];
    const [bx, by] = pts[b];
    const len = Math.hypot(bx - ax, by - ay);
    let best = -1;
    let bestD = tol;
    for (let i = a + 1; i < b; i++) {
      // A closed ring starts and ends on one point: measure from that point instead of a line.
      const d =
        len < 1e-9
          ? Math.hypot(pts[i][0] - ax, pts[i][1] - ay)
          : Math.abs((bx - ax) * (ay - pts[i][1]) - (ax - pts[i][0]) * (by - ay)) / len;
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    }
    if (best >= 0) {
      keep[best] = 1;
      stack.push([a, best], [best, b]);
    }
  }
  return pts.filter((_, i) => keep[i]);
}

export function ringArea(r: Ring): number {
  let s = 0;
  for (let i = 0, n = r.length; i < n; i++) {
    const [x1, y1] = r[i];
    const [x2, y2] = r[(i + 1) % n];
    s += x1 * y2 - x2 * y1;
  }
  return s / 2;
}

export function isInsideHex(dx: number, dy: number): boolean {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  return ay <= SQRT3 / 2 && SQRT3 * ax + ay <= SQRT3;
}

export function majority(votes: Map<number, number>, none: number): number {
  let best = none;
  let bestN = 0;
  for (const [k, n] of [...votes.entries()].sort((a, b) => a[0] - b[0])) {
    if (n > bestN) {
      best = k;
      bestN = n;
    }
  }
  return best;
}

/**
 * Whether one connected piece of land (and of water) inside the two hexes reaches into both: land units may cross
 * a hexside only where land continues across it, fleets only where water does.
 */
export function linksAcross(land: Raster, ca: [number, number], cb: [number, number], minPx = 4): { land: boolean; water: boolean } {
  const x0 = Math.min(ca[0], cb[0]) - 1;
  const y0 = Math.min(ca[1], cb[1]) - 1;
  const i0 = Math.floor((x0 - land.x0) * land.res);
  const j0 = Math.floor((y0 - land.y0) * land.res);
  const w = Math.ceil((Math.abs(ca[0] - cb[0]) + 2) * land.res) + 1;
  const h = Math.ceil((Math.abs(ca[1] - cb[1]) + 2) * land.res) + 1;
  // side: 0 = outside both hexes, 1 = hex a, 2 = hex b; val: 1 land, 0 water.
  const side = new Uint8Array(w * h);
  const val = new Uint8Array(w * h);
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      const x = land.x0 + (i0 + i + 0.5) / land.res;
      const y = land.y0 + (j0 + j + 0.5) / land.res;
      const k = j * w + i;
      side[k] = isInsideHex(x - ca[0], y - ca[1]) ? 1 : isInsideHex(x - cb[0], y - cb[1]) ? 2 : 0;
      val[k] = land.at(x, y) === 1 ? 1 : 0;
    }
  }
  const seen = new Uint8Array(w * h);
  const result = { land: false, water: false };
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!side[start] || seen[start]) continue;
    const v = val[start];
    if (v === 1 ? result.land : result.water) continue;
    let inA = 0;
    let inB = 0;
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const k = stack.pop()!;
      if (side[k] === 1) inA++;
      else inB++;
      const i = k % w;
      const nbs = [i > 0 ? k - 1 : -1, i < w - 1 ? k + 1 : -1, k - w, k + w];
      for (const n of nbs) {
        if (n < 0 || n >= w * h || seen[n] || !side[n] || val[n] !== v) continue;
        seen[n] = 1;
        stack.push(n);
      }
    }
    if (inA >= minPx && inB >= minPx) {
      if (v === 1) result.land = true;
      else result.water = true;
    }
  }
  return result;
}
