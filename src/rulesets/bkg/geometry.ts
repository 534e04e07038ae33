// Provisional area polygons: the Voronoi cell of each label point within its map, clipped to the map's frame. They
// tile each map and show every area where the text puts it, until tools/map builds the areas from country shapes.
import { bkgData } from './data/index.ts';
import { project } from './assets.ts';

type Pt = [number, number];

/** Keep the part of a convex polygon where (p - m) . n <= 0 (the half-plane nearer to the cell's own point). */
function clip(poly: Pt[], m: Pt, n: Pt): Pt[] {
  const out: Pt[] = [];
  const side = (p: Pt) => (p[0] - m[0]) * n[0] + (p[1] - m[1]) * n[1];
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!, b = poly[(i + 1) % poly.length]!;
    const sa = side(a), sb = side(b);
    if (sa <= 0) out.push(a);
    if ((sa < 0 && sb > 0) || (sa > 0 && sb < 0)) {
      const t = sa / (sa - sb);
      out.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
    }
  }
  return out;
}

export function provisionalPolygons(): Map<string, Pt[][]> {
  const out = new Map<string, Pt[][]>();
  for (const map of ['europe', 'pacific'] as const) {
    const areas = bkgData().map.areas.filter((a) => a.map === map);
    const pts = areas.map((a) => project(map, a.at[0], a.at[1]));
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const pad = 30;
    const box: Pt[] = [[Math.min(...xs) - pad, Math.min(...ys) - pad], [Math.max(...xs) + pad, Math.min(...ys) - pad], [Math.max(...xs) + pad, Math.max(...ys) + pad], [Math.min(...xs) - pad, Math.max(...ys) + pad]];
    areas.forEach((a, i) => {
      let poly = box;
      const p = pts[i]!;
      pts.forEach((q, j) => {
        if (i === j || poly.length < 3) return;
        const mid: Pt = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
        poly = clip(poly, mid, [q[0] - p[0], q[1] - p[1]]);
      });
      out.set(a.id, [poly.map(([x, y]) => [Math.round(x * 10) / 10, Math.round(y * 10) / 10] as Pt)]);
    });
  }
  return out;
}
