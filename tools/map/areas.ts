// Builds an area map (territories and sea zones) from Natural Earth country shapes and a rule set's map config:
// land areas are countries merged, split or cut by lon/lat polygons; sea zones are drawn polygons clipped by land;
// adjacency comes from shared borders plus the config's declared links. The output is a BoardSchema board.
// docs/data/area-maps.md explains how to write a config.
import { geoAzimuthalEqualArea, geoConicConformal, geoConicEqualArea, geoEquirectangular, geoMercator, type GeoProjection } from 'd3-geo';
import { BoardSchema, schemaProblem, type Board, type BoardArea } from '../../src/engine/board.ts';
import type { AreaMapConfig, AreaPart, LandAreaDef, LonLat, SeaAreaDef } from './config-types.ts';
import { clipRing, densify, loadCountries } from './geo.ts';
import { Raster, type Ring } from './raster.ts';
import { despeckle, labelPoints, labelSizes, sharedBorders, traceOutlines, type LabelGrid } from './vectorize.ts';

/** lon/lat -> map units (x east, y south), the window fitted to the config's width. */
export interface AreaProjection {
  forward(lon: number, lat: number): [number, number];
  width: number;
  height: number;
}

function d3Projection(p: AreaMapConfig['projection']): GeoProjection {
  switch (p.kind) {
    case 'conic-conformal':
      return geoConicConformal().parallels(p.parallels ?? [30, 60]).rotate([-p.lon0, 0]);
    case 'conic-equal-area':
      return geoConicEqualArea().parallels(p.parallels ?? [30, 60]).rotate([-p.lon0, 0]);
    case 'mercator':
      return geoMercator().rotate([-p.lon0, 0]);
    case 'equirectangular':
      return geoEquirectangular().rotate([-p.lon0, 0]);
    case 'azimuthal-equal-area':
      return geoAzimuthalEqualArea().rotate([-p.lon0, -(p.lat0 ?? 0)]);
  }
}

export function areaProjection(config: AreaMapConfig): AreaProjection {
  const proj = d3Projection(config.projection).scale(1).translate([0, 0]);
  const raw = (lon: number, lat: number): [number, number] => {
    const q = proj([lon, lat]);
    if (!q) throw new Error(`${config.rulesetId} map config: projection fails at ${lon},${lat}`);
    return [q[0], q[1]];
  };
  const w = config.window;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let lon = w.west; lon <= w.east + 1e-9; lon += (w.east - w.west) / 64) {
    for (let lat = w.south; lat <= w.north + 1e-9; lat += (w.north - w.south) / 64) {
      const [x, y] = raw(lon, lat);
      x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
    }
  }
  const s = config.width / (x1 - x0);
  return {
    forward: (lon, lat) => {
      const [x, y] = raw(lon, lat);
      return [(x - x0) * s, (y - y0) * s];
    },
    width: config.width,
    height: Math.ceil((y1 - y0) * s),
  };
}

const isSea = (a: LandAreaDef | SeaAreaDef): a is SeaAreaDef => a.kind === 'sea';

/** Checks what the types cannot: ids, names, references. Errors name the config field. */
function checkConfig(config: AreaMapConfig, countryNames: Set<string>): void {
  const where = `${config.rulesetId} map config`;
  const ids = new Set(Object.keys(config.areas));
  for (const [id, a] of Object.entries(config.areas)) {
    const f = `${where}: areas.${id}`;
    if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) throw new Error(`${f}: an area id is lower-case letters, digits and dashes`);
    if (!a.source) throw new Error(`${f}.source: every area needs a source ({ rulebook } or { reconstructed })`);
    if (a.owner && config.countries && !config.countries[a.owner]) throw new Error(`${f}.owner: "${a.owner}" is not a key of countries`);
    if (isSea(a)) {
      if (!Array.isArray(a.sea) || !a.sea.length || a.sea.some((r) => r.length < 3)) throw new Error(`${f}.sea: a sea zone needs one or more lon/lat polygons of 3 points or more`);
      continue;
    }
    if (!Array.isArray(a.land) || !a.land.length) throw new Error(`${f}.land: a land area needs one or more parts ({ countries, within?, split? })`);
    a.land.forEach((p, k) => {
      for (const n of p.countries ?? []) {
        if (!countryNames.has(n)) {
          const near = [...countryNames].filter((c) => c.toLowerCase().startsWith(n.slice(0, 3).toLowerCase()));
          throw new Error(`${f}.land[${k}].countries: "${n}" is not a Natural Earth country name${near.length ? ` (did you mean ${near.map((x) => `"${x}"`).join(', ')}?)` : ''}`);
        }
      }
      if (!p.countries && !p.within) throw new Error(`${f}.land[${k}]: a part needs countries, within or both`);
      if (p.fill && (p.countries || !p.within)) throw new Error(`${f}.land[${k}].fill: a filled part is a within polygon without countries`);
      if (p.split && p.split.line.length < 2) throw new Error(`${f}.land[${k}].split.line: a split line needs 2 points or more`);
    });
  }
  for (const [k, l] of [...(config.links ?? []), ...(config.unlinks ?? [])].entries()) {
    for (const end of [l.a, l.b]) if (!ids.has(end)) throw new Error(`${where}: link ${l.a}|${l.b} (entry ${k}) names unknown area "${end}"`);
    if (!l.source) throw new Error(`${where}: link ${l.a}|${l.b} needs a source`);
  }
}

function polygonsOf(within: LonLat[] | LonLat[][]): LonLat[][] {
  return typeof within[0][0] === 'number' ? [within as LonLat[]] : (within as LonLat[][]);
}

/** Where a ray from p along d leaves the box [0,0]-[w,h] grown by m, and that point's position along its perimeter. */
function exitPoint(p: [number, number], d: [number, number], box: [number, number, number, number]): [number, number] {
  const [bx0, by0, bx1, by1] = box;
  let t = Infinity;
  if (d[0] > 0) t = Math.min(t, (bx1 - p[0]) / d[0]);
  if (d[0] < 0) t = Math.min(t, (bx0 - p[0]) / d[0]);
  if (d[1] > 0) t = Math.min(t, (by1 - p[1]) / d[1]);
  if (d[1] < 0) t = Math.min(t, (by0 - p[1]) / d[1]);
  return [p[0] + d[0] * t, p[1] + d[1] * t];
}

/** Perimeter position (0..4) of a point on the box, clockwise on screen from the top-left corner. */
function perimeter([x, y]: [number, number], [bx0, by0, bx1, by1]: [number, number, number, number]): number {
  const e = 1e-9;
  if (Math.abs(y - by0) < e) return (x - bx0) / (bx1 - bx0);
  if (Math.abs(x - bx1) < e) return 1 + (y - by0) / (by1 - by0);
  if (Math.abs(y - by1) < e) return 2 + (bx1 - x) / (bx1 - bx0);
  return 3 + (by1 - y) / (by1 - by0);
}

/** The polygon on the kept side of a split line, closed along a box around the map (map units). */
export function splitPolygon(line: [number, number][], keep: 'left' | 'right', size: [number, number]): Ring {
  const m = Math.max(size[0], size[1]);
  const box: [number, number, number, number] = [-m, -m, size[0] + m, size[1] + m];
  const n = line.length;
  const unit = (a: [number, number], b: [number, number]): [number, number] => {
    const l = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    return [(b[0] - a[0]) / l, (b[1] - a[1]) / l];
  };
  const e0 = exitPoint(line[0], unit(line[1], line[0]), box);
  const e1 = exitPoint(line[n - 1], unit(line[n - 2], line[n - 1]), box);
  const corners: [number, number][] = [[box[0], box[1]], [box[2], box[1]], [box[2], box[3]], [box[0], box[3]]];
  // Walk the box clockwise (on screen) from e1 back to e0: the region on the right of the line, seen on the map.
  const t1 = perimeter(e1, box);
  let t0 = perimeter(e0, box);
  if (t0 <= t1) t0 += 4;
  const walk: [number, number][] = [];
  for (let c = Math.floor(t1) + 1; c < t0; c++) walk.push(corners[c % 4]);
  const right: Ring = [e0, ...line, e1, ...walk];
  if (keep === 'right') return right;
  const t0b = perimeter(e0, box);
  let t1b = t1;
  if (t1b <= t0b) t1b += 4;
  const back: [number, number][] = [];
  for (let c = Math.floor(t0b) + 1; c < t1b; c++) back.push(corners[c % 4]);
  return [e1, ...[...line].reverse(), e0, ...back];
}

export interface AreaBuild {
  board: Board;
  summary: string;
  /** The raster the board was traced from (tests, debugging). */
  grid: LabelGrid;
  ids: string[];
  projection: AreaProjection;
}

export function buildAreaMap(config: AreaMapConfig): AreaBuild {
  const shapes = loadCountries(config.detail ?? '50m');
  checkConfig(config, new Set(shapes.map((s) => s.name)));
  const res = config.resolution ?? 1;
  const P = areaProjection(config);
  const W = Math.ceil(P.width * res);
  const H = Math.ceil(P.height * res);
  const blank = (): Raster => new Raster(0, 0, W, H, res);
  const toMap = (ring: LonLat[]): Ring => densify(clipRing(ring, config.window), 0.25).map(([lon, lat]) => P.forward(lon, lat));

  const country = blank();
  const countryIndex = new Map<string, number>();
  // A window past 180E (the Pacific) also draws the western hemisphere one turn east.
  const turns = config.window.east > 180 ? [0, 360] : [0];
  shapes.forEach((s, i) => {
    countryIndex.set(s.name, i + 1);
    for (const poly of s.polygons) {
      for (const t of turns) {
        const rings = poly.map((r) => toMap(t ? r.map(([lon, lat]): LonLat => [lon + t, lat]) : r)).filter((r) => r.length >= 3);
        if (rings.length) country.fillPolygon(rings, i + 1);
      }
    }
  });
  const FILLED = shapes.length + 1;
  for (const a of Object.values(config.areas)) {
    if (isSea(a)) continue;
    for (const part of a.land) if (part.fill && part.within) for (const pg of polygonsOf(part.within)) country.fillPolygon([toMap(pg)], FILLED);
  }

  const ids = Object.keys(config.areas);
  const labels = new Int32Array(W * H);
  const scratch = blank();
  const paintPart = (label: number, part: AreaPart): void => {
    const wanted = part.countries ? new Set(part.countries.map((n) => countryIndex.get(n)!)) : null;
    const cut = part.within || part.split;
    if (cut) {
      scratch.data.fill(0);
      if (part.within) for (const pg of polygonsOf(part.within)) scratch.fillPolygon([toMap(pg)], 1);
      else scratch.data.fill(1);
      if (part.split) {
        const line = densify(part.split.line, 0.25, false).map(([lon, lat]) => P.forward(lon, lat));
        const side = blank();
        side.fillPolygon([splitPolygon(line, part.split.keep, [P.width, P.height])], 1);
        for (let p = 0; p < W * H; p++) if (!side.data[p]) scratch.data[p] = 0;
      }
    }
    for (let p = 0; p < W * H; p++) {
      const c = country.data[p];
      if (!c || (wanted && !wanted.has(c)) || (cut && !scratch.data[p])) continue;
      labels[p] = label;
    }
  };
  for (const pass of [false, true]) {
    ids.forEach((id, i) => {
      const a = config.areas[id];
      if (isSea(a)) return;
      for (const part of a.land) if (!!(part.within || part.split) === pass) paintPart(i + 1, part);
    });
  }
  ids.forEach((id, i) => {
    const a = config.areas[id];
    if (!isSea(a)) return;
    scratch.data.fill(0);
    for (const pg of a.sea) scratch.fillPolygon([toMap(pg)], 1);
    for (let p = 0; p < W * H; p++) if (scratch.data[p] && !country.data[p]) labels[p] = i + 1;
  });
  if (config.lakes?.length) {
    scratch.data.fill(0);
    for (const pg of config.lakes) scratch.fillPolygon([toMap(pg)], 1);
    for (let p = 0; p < W * H; p++) if (scratch.data[p] && !country.data[p]) labels[p] = 0;
  }

  const grid: LabelGrid = { width: W, height: H, data: labels };
  const water = new Uint8Array(W * H);
  for (let p = 0; p < W * H; p++) water[p] = country.data[p] ? 0 : 1;
  despeckle(grid, water, (l) => isSea(config.areas[ids[l - 1]]), config.minPiece ?? 12);
  const sizes = labelSizes(grid);
  const empty = ids.filter((_, i) => !sizes.get(i + 1));
  if (empty.length) {
    throw new Error(`${config.rulesetId} map config: areas ${empty.join(', ')} cover no pixel of the map (wrong countries or polygons, outside the window, or too small at resolution ${res})`);
  }

  const outlines = traceOutlines(grid, config.simplify ?? 1);
  const points = labelPoints(grid);
  const r = (v: number, d = 2): number => Math.round(v * 10 ** d) / 10 ** d;
  const toUnits = (p: [number, number]): [number, number] => [r(p[0] / res), r(p[1] / res)];
  const areas: Record<string, BoardArea> = {};
  ids.forEach((id, i) => {
    const a = config.areas[id];
    const label = a.label ? P.forward(a.label[0], a.label[1]) : points.get(i + 1)!.map((v) => v / res);
    areas[id] = {
      name: a.name,
      kind: a.kind,
      polygons: (outlines.get(i + 1) ?? []).map((ring) => ring.map(toUnits)),
      label: [r(label[0], 1), r(label[1], 1)],
      ...(a.owner ? { owner: a.owner } : {}),
      ...(a.value !== undefined ? { value: a.value } : {}),
      ...(a.marks ? { marks: a.marks } : {}),
      source: a.source,
    };
  });

  const minShared = config.minShared ?? 2;
  const links = new Map<string, NonNullable<Board['adjacency']>[number]>();
  const key = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);
  for (const [k, n] of sharedBorders(grid)) {
    if (n < minShared) continue;
    const [la, lb] = k.split(',').map(Number);
    const [a, b] = [ids[la - 1], ids[lb - 1]].sort();
    const seaA = isSea(config.areas[a]);
    const seaB = isSea(config.areas[b]);
    links.set(key(a, b), { a, b, kind: seaA && seaB ? 'sea' : seaA || seaB ? 'coast' : 'land' });
  }
  for (const u of config.unlinks ?? []) {
    if (!links.delete(key(u.a, u.b))) throw new Error(`${config.rulesetId} map config: unlinks ${u.a}|${u.b}: the two areas do not touch, so there is nothing to remove`);
  }
  for (const l of config.links ?? []) {
    const [a, b] = [l.a, l.b].sort();
    links.set(key(a, b), { a, b, kind: l.kind, source: l.source });
  }
  const adjacency = [...links.keys()].sort().map((k) => links.get(k)!);
  const board: Board = { areas, adjacency, ...(config.countries ? { countries: config.countries } : {}) };
  const problem = schemaProblem(BoardSchema, board);
  if (problem) throw new Error(`${config.rulesetId} area map: the built board does not conform to BoardSchema: ${problem}`);
  return {
    board,
    grid,
    ids,
    projection: P,
    summary: `${ids.length} areas, ${adjacency.length} links, ${P.width}x${P.height} map units (raster ${W}x${H})`,
  };
}
