// Fits conic conformal projection + affine transform to the named hexes (least squares), then a thin-plate spline
// warp that pulls every control point into its named hex.
import { geoConicConformal } from 'd3-geo';
import { rangeValues, type ControlPoint, type ProjectionSearch } from './config-types.ts';
import { hexAt, hexCentre, hexDistance, parseHex, SQRT3, type ColumnOffset } from './hex.ts';

export interface ProjectionParams {
  lon0: number;
  parallels: [number, number];
  offset: ColumnOffset;
  /** x' = a[0]*x + a[1]*y + a[2]; y' = a[3]*x + a[4]*y + a[5] (projected -> hex map units). */
  affine: [number, number, number, number, number, number];
}

export function makeProjector(lon0: number, parallels: [number, number]): (lon: number, lat: number) => [number, number] {
  const proj = geoConicConformal().parallels(parallels).rotate([-lon0, 0]).scale(1).translate([0, 0]);
  return (lon, lat) => {
    const p = proj([lon, lat]);
    if (!p) throw new Error(`projection failed at ${lon},${lat}`);
    return [p[0], p[1]];
  };
}

/** Solves a small dense linear system A x = b by Gaussian elimination with partial pivoting. */
export function solveLinear(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let k = 0; k < n; k++) {
    let p = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(M[i][k]) > Math.abs(M[p][k])) p = i;
    if (Math.abs(M[p][k]) < 1e-14) throw new Error('singular system in map fit');
    [M[k], M[p]] = [M[p], M[k]];
    for (let i = k + 1; i < n; i++) {
      const f = M[i][k] / M[k][k];
      for (let j = k; j <= n; j++) M[i][j] -= f * M[k][j];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let s = M[i][n];
    for (let j = i + 1; j < n; j++) s -= M[i][j] * x[j];
    x[i] = s / M[i][i];
  }
  return x;
}

function fitAffine(src: [number, number][], dst: [number, number][], w: number[]): ProjectionParams['affine'] {
  // Normal equations for [x y 1] -> x' and -> y' separately.
  const N = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const bx = [0, 0, 0];
  const by = [0, 0, 0];
  src.forEach(([x, y], i) => {
    const v = [x, y, 1];
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) N[r][c] += w[i] * v[r] * v[c];
      bx[r] += w[i] * v[r] * dst[i][0];
      by[r] += w[i] * v[r] * dst[i][1];
    }
  });
  const ax = solveLinear(N, bx);
  const ay = solveLinear(N, by);
  return [ax[0], ax[1], ax[2], ay[0], ay[1], ay[2]];
}

export function applyAffine(a: ProjectionParams['affine'], [x, y]: [number, number]): [number, number] {
  return [a[0] * x + a[1] * y + a[2], a[3] * x + a[4] * y + a[5]];
}

export interface Residual {
  hex: string;
  name: string;
  /** Where the fitted projection (before the warp) puts the place. */
  fittedHex: string;
  /** Hex steps between fittedHex and the named hex. */
  hexSteps: number;
  /** Straight distance from the place to the named hex's centre, in hex widths (centre-to-centre spacing). */
  distance: number;
  checkOnly: boolean;
}

export interface FitResult {
  params: ProjectionParams;
  residuals: Residual[];
  /** Weighted RMS distance in hex widths over the fitted points. */
  rms: number;
  /** Best RMS per offset, to document the parity choice. */
  rmsByOffset: Record<ColumnOffset, number>;
}

/** Where hexes are in map units: one sheet's CCRR grid, or a board of joined sheets (ETO). */
export interface Lattice {
  centre(hex: string): [number, number];
  /** The hex containing a map point ('' off the board). */
  hexAt(x: number, y: number): string;
  steps(a: string, b: string): number;
}

/** One sheet with CCRR ids and the given column parity. */
export function sheetLattice(offset: ColumnOffset): Lattice {
  return {
    centre: (hex) => {
      const [c, r] = parseHex(hex);
      return hexCentre(c, r, offset);
    },
    hexAt: (x, y) => {
      const [c, r] = hexAt(x, y, offset);
      return String(c).padStart(2, '0') + String(r).padStart(2, '0');
    },
    steps: (a, b) => hexDistance(parseHex(a), parseHex(b), offset),
  };
}

function residualsFor(points: ControlPoint[], params: ProjectionParams, lattice: Lattice): Residual[] {
  const project = makeProjector(params.lon0, params.parallels);
  return points.map((p) => {
    const [x, y] = applyAffine(params.affine, project(p.lon, p.lat));
    const [cx, cy] = lattice.centre(p.hex);
    const fh = lattice.hexAt(x, y);
    return {
      hex: p.hex,
      name: p.name,
      fittedHex: fh,
      hexSteps: fh ? lattice.steps(fh, p.hex) : -1,
      distance: Math.hypot(x - cx, y - cy) / SQRT3,
      checkOnly: !!p.checkOnly,
    };
  });
}

/**
 * Grid search over central meridian, parallels and column parity; affine by weighted least squares. With a
 * `lattice` (joined sheets) the hexes' places are given and only `search.offsets[0]` is tried.
 */
export function fitProjection(points: ControlPoint[], search: ProjectionSearch, lattice?: Lattice): FitResult {
  const used = points.filter((p) => !p.checkOnly && p.weight > 0);
  let best: { params: ProjectionParams; sse: number } | null = null;
  const rmsByOffset: Record<string, number> = {};
  const wsum = used.reduce((s, p) => s + p.weight, 0);
  for (const offset of lattice ? search.offsets.slice(0, 1) : search.offsets) {
    const place = lattice ?? sheetLattice(offset);
    const dst = used.map((p) => place.centre(p.hex));
    for (const lon0 of rangeValues(search.lon0)) {
      for (const p1 of rangeValues(search.parallel1)) {
        for (const p2 of rangeValues(search.parallel2)) {
          const project = makeProjector(lon0, [p1, p2]);
          const src = used.map((p) => project(p.lon, p.lat));
          const w = used.map((p) => p.weight);
          const affine = fitAffine(src, dst, w);
          let sse = 0;
          src.forEach((s, i) => {
            const [x, y] = applyAffine(affine, s);
            sse += w[i] * ((x - dst[i][0]) ** 2 + (y - dst[i][1]) ** 2);
          });
          const rms = Math.sqrt(sse / wsum) / SQRT3;
          if (rmsByOffset[offset] === undefined || rms < rmsByOffset[offset]) rmsByOffset[offset] = rms;
          if (!best || sse < best.sse - 1e-12) best = { params: { lon0, parallels: [p1, p2], offset, affine }, sse };
        }
      }
    }
  }
  if (!best) throw new Error('map fit: no control points with weight > 0');
  return {
    params: best.params,
    residuals: residualsFor(points, best.params, lattice ?? sheetLattice(best.params.offset)),
    rms: Math.sqrt(best.sse / wsum) / SQRT3,
    rmsByOffset: rmsByOffset as Record<ColumnOffset, number>,
  };
}

/** Thin-plate spline displacement field through (src -> dst) pairs in map units. */
export class ThinPlateWarp {
  private readonly src: [number, number][];
  private readonly wx: number[];
  private readonly wy: number[];

  constructor(src: [number, number][], dst: [number, number][]) {
    const n = src.length;
    this.src = src;
    const K = (a: [number, number], b: [number, number]): number => {
      const r2 = (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2;
      return r2 === 0 ? 0 : r2 * Math.log(r2);
    };
    const A: number[][] = [];
    for (let i = 0; i < n + 3; i++) A.push(new Array<number>(n + 3).fill(0));
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) A[i][j] = K(src[i], src[j]);
      A[i][n] = 1;
      A[i][n + 1] = src[i][0];
      A[i][n + 2] = src[i][1];
      A[n][i] = 1;
      A[n + 1][i] = src[i][0];
      A[n + 2][i] = src[i][1];
    }
    const bx = [...dst.map((d, i) => d[0] - src[i][0]), 0, 0, 0];
    const by = [...dst.map((d, i) => d[1] - src[i][1]), 0, 0, 0];
    this.wx = solveLinear(A, bx);
    this.wy = solveLinear(A, by);
  }

  apply([x, y]: [number, number]): [number, number] {
    const n = this.src.length;
    let dx = this.wx[n] + this.wx[n + 1] * x + this.wx[n + 2] * y;
    let dy = this.wy[n] + this.wy[n + 1] * x + this.wy[n + 2] * y;
    for (let i = 0; i < n; i++) {
      const r2 = (x - this.src[i][0]) ** 2 + (y - this.src[i][1]) ** 2;
      if (r2 === 0) continue;
      const u = r2 * Math.log(r2);
      dx += this.wx[i] * u;
      dy += this.wy[i] * u;
    }
    return [x + dx, y + dy];
  }
}

/** Where the warp sends each control point: kept if already near its hex centre, else pulled to `pull` from it. */
export function warpTargets(points: ControlPoint[], params: ProjectionParams, pull: number, lattice = sheetLattice(params.offset)): { src: [number, number][]; dst: [number, number][] } {
  const project = makeProjector(params.lon0, params.parallels);
  const src: [number, number][] = [];
  const dst: [number, number][] = [];
  for (const p of points) {
    if (p.checkOnly) continue;
    const s = applyAffine(params.affine, project(p.lon, p.lat));
    const [cx, cy] = lattice.centre(p.hex);
    const d = Math.hypot(s[0] - cx, s[1] - cy);
    src.push(s);
    dst.push(d <= pull ? s : [cx + ((s[0] - cx) / d) * pull, cy + ((s[1] - cy) / d) * pull]);
  }
  return { src, dst };
}
