// Natural Earth geography (world-atlas) as lon/lat rings, clipped to a window, and the lon/lat -> map transform.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { ControlPoint, GeoWindow, LonLat } from './config-types.ts';
import { applyAffine, makeProjector, ThinPlateWarp, warpTargets, type Lattice, type ProjectionParams } from './fit.ts';
import type { Ring } from './raster.ts';

export type { LonLat };

export interface NamedShape {
  name: string;
  /** Polygons, each a list of rings (outer first, then holes), lon/lat. */
  polygons: LonLat[][][];
}

const require = createRequire(import.meta.url);

function loadTopo(file: string): any {
  return JSON.parse(readFileSync(require.resolve(`world-atlas/${file}`), 'utf8'));
}

/**
 * A ring that crosses the antimeridian (Russia's Chukotka) jumps from +180 to -180 between two points; read in the
 * plane that jump is a chord across the whole map. Unwrap it so longitudes run on past 180 and window clipping drops it.
 */
export function unwrapRing(ring: LonLat[]): LonLat[] {
  let shift = 0;
  const out = ring.map(([lon, lat], i): LonLat => {
    if (i > 0) {
      const d = lon - ring[i - 1][0];
      if (d > 180) shift -= 360;
      else if (d < -180) shift += 360;
    }
    return [lon + shift, lat];
  });
  // Whole turns back so the ring's west end lies in [-180, 180).
  const west = Math.min(...out.map((p) => p[0]));
  const turns = Math.floor((west + 180) / 360);
  return turns ? out.map(([lon, lat]) => [lon - 360 * turns, lat]) : out;
}

function toPolygons(geom: any): LonLat[][][] {
  if (!geom) return [];
  const polys: LonLat[][][] = geom.type === 'Polygon' ? [geom.coordinates] : geom.type === 'MultiPolygon' ? geom.coordinates : [];
  return polys.map((poly) => poly.map(unwrapRing));
}

/** Modern countries of Natural Earth (world-atlas countries-50m by default), by name. */
export function loadCountries(detail: '110m' | '50m' | '10m' = '50m'): NamedShape[] {
  const topo = loadTopo(`countries-${detail}.json`);
  const fc = feature(topo, topo.objects.countries) as any;
  return fc.features
    .map((f: any) => ({ name: String(f.properties.name), polygons: toPolygons(f.geometry) }))
    .sort((a: NamedShape, b: NamedShape) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** All land of Natural Earth 1:50m (world-atlas land-50m). */
export function loadLand(): LonLat[][][] {
  const topo = loadTopo('land-50m.json');
  const fc = feature(topo, topo.objects.land) as any;
  const out: LonLat[][][] = [];
  for (const f of fc.features ?? [fc]) out.push(...toPolygons(f.geometry));
  return out;
}

/** Sutherland-Hodgman clip of one ring to a lon/lat rectangle. */
export function clipRing(ring: LonLat[], w: GeoWindow): LonLat[] {
  type Edge = { inside: (p: LonLat) => boolean; cut: (a: LonLat, b: LonLat) => LonLat };
  const lerpAtX = (a: LonLat, b: LonLat, x: number): LonLat => [x, a[1] + ((x - a[0]) / (b[0] - a[0])) * (b[1] - a[1])];
  const lerpAtY = (a: LonLat, b: LonLat, y: number): LonLat => [a[0] + ((y - a[1]) / (b[1] - a[1])) * (b[0] - a[0]), y];
  const edges: Edge[] = [
    { inside: (p) => p[0] >= w.west, cut: (a, b) => lerpAtX(a, b, w.west) },
    { inside: (p) => p[0] <= w.east, cut: (a, b) => lerpAtX(a, b, w.east) },
    { inside: (p) => p[1] >= w.south, cut: (a, b) => lerpAtY(a, b, w.south) },
    { inside: (p) => p[1] <= w.north, cut: (a, b) => lerpAtY(a, b, w.north) },
  ];
  let out = ring;
  for (const e of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i];
      const prev = input[(i + input.length - 1) % input.length];
      if (e.inside(cur)) {
        if (!e.inside(prev)) out.push(e.cut(prev, cur));
        out.push(cur);
      } else if (e.inside(prev)) out.push(e.cut(prev, cur));
    }
    if (out.length === 0) break;
  }
  return out;
}

/** Adds points so no edge is longer than `step` degrees (hand-drawn coarse polygons bend with the projection). */
export function densify(ring: LonLat[], step: number, closed = true): LonLat[] {
  const out: LonLat[] = [];
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const a = ring[i];
    out.push(a);
    if (!closed && i === n - 1) break;
    const b = ring[(i + 1) % n];
    const k = Math.ceil(Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1])) / step);
    for (let j = 1; j < k; j++) out.push([a[0] + ((b[0] - a[0]) * j) / k, a[1] + ((b[1] - a[1]) * j) / k]);
  }
  return out;
}

/** lon/lat -> map units: fitted projection, affine transform, then the thin-plate warp through the control points. */
export class MapTransform {
  private readonly project: (lon: number, lat: number) => [number, number];
  private readonly warp: ThinPlateWarp;
  constructor(
    readonly params: ProjectionParams,
    points: ControlPoint[],
    pull: number,
    lattice?: Lattice,
  ) {
    this.project = makeProjector(params.lon0, params.parallels);
    const { src, dst } = warpTargets(points, params, pull, lattice);
    this.warp = new ThinPlateWarp(src, dst);
  }
  /** Before the warp (used for residuals). */
  fitted(lon: number, lat: number): [number, number] {
    return applyAffine(this.params.affine, this.project(lon, lat));
  }
  forward(lon: number, lat: number): [number, number] {
    return this.warp.apply(this.fitted(lon, lat));
  }
  ring(r: LonLat[]): Ring {
    return r.map(([lon, lat]) => this.forward(lon, lat));
  }
}

/**
 * Clips polygons to the window and maps them to map units; drops rings that vanish. Clipped rings are densified
 * (`step` degrees) so an edge cut along the window follows its parallel or meridian after projection, not a chord.
 */
export function polygonsToMap(polys: LonLat[][][], t: MapTransform, w: GeoWindow, step = 0.25): Ring[][] {
  const out: Ring[][] = [];
  for (const poly of polys) {
    const rings: Ring[] = [];
    for (const ring of poly) {
      const c = clipRing(ring, w);
      if (c.length < 3) continue;
      rings.push(t.ring(step > 0 ? densify(c, step) : c));
    }
    if (rings.length) out.push(rings);
  }
  return out;
}
