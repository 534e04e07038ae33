// Builds the two-sheet ETO map (sheets W and E of data/map-sheets.json):  npx tsx tools/map/build.ts eto
// Both sheets are fitted together: every named hex of either sheet is a control point at its centre on the joined
// board (src/board's placement), so one projection and warp serve the whole board and nothing breaks at the seam.
// Overlap hexes carry both ids, as src/board does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildBoard, type SheetSpec } from '../../src/board/index.ts';
import type { Board } from '../../src/board/index.ts';
import type { ControlPoint, HexSheetsConfig, Provenance } from './config-types.ts';
import { fitProjection, type FitResult, type Lattice } from './fit.ts';
import { clipRing, densify, loadCountries, loadLand, MapTransform, polygonsToMap, type LonLat } from './geo.ts';
import { hexId, SQRT3, type ColumnOffset } from './hex.ts';
import { Raster, segmentsCross, type Ring } from './raster.ts';
import { isInsideHex, linksAcross, majority, ringArea, round, simplify, sortObject } from './build-util.ts';

const RES = 12;
const REPO = join(import.meta.dirname, '..', '..');

const readJson = (rel: string): any => JSON.parse(readFileSync(join(REPO, rel), 'utf8'));

export type EtoTerrain = 'clear' | 'rough' | 'forest' | 'marsh' | 'lake';
export type EtoWeatherZone = 'mild' | 'mild-fg' | 'moderate' | 'severe';

interface SheetDef {
  prefix: 'W' | 'E';
  cols: [number, number];
  rows: [number, number];
  offset: ColumnOffset;
  join?: { anchor: string; onto: string; colSign: 1 | -1; rowSign: 1 | -1 };
}

/** Where a sheet's hex (c,r) lies on the joined board: gCol = colSign*c + colShift, gY2 = rowSign*(2r+shift) + y2Shift. */
export interface Placement {
  prefix: string;
  colSign: 1 | -1;
  colShift: number;
  rowSign: 1 | -1;
  y2Shift: number;
}

const doubledY = (c: number, r: number, off: ColumnOffset): number => {
  const odd = (c & 1) === 1;
  return 2 * r + ((off === 'odd-down' ? odd : !odd) ? 1 : 0);
};

/** Same placement rule as src/board (board.ts `place`), so render coordinates agree with board.centre(). */
export function placements(sheets: SheetDef[]): Placement[] {
  const out: Placement[] = [];
  for (const s of sheets) {
    if (!s.join) {
      out.push({ prefix: s.prefix, colSign: 1, colShift: 0, rowSign: 1, y2Shift: 0 });
      continue;
    }
    const onto = out.find((p) => s.join!.onto.startsWith(p.prefix))!;
    const ontoSheet = sheets.find((x) => x.prefix === onto.prefix)!;
    const [oc, or] = [Number(s.join.onto.slice(1, 3)), Number(s.join.onto.slice(3))];
    const target = [onto.colSign * oc + onto.colShift, onto.rowSign * doubledY(oc, or, ontoSheet.offset) + onto.y2Shift];
    const [ac, ar] = [Number(s.join.anchor.slice(1, 3)), Number(s.join.anchor.slice(3))];
    out.push({
      prefix: s.prefix,
      colSign: s.join.colSign,
      colShift: target[0] - s.join.colSign * ac,
      rowSign: s.join.rowSign,
      y2Shift: target[1] - s.join.rowSign * doubledY(ac, ar, s.offset),
    });
  }
  return out;
}

/** Sheet-local map units -> board units (the half-turn of E is a point reflection). */
export function toBoard(p: Placement, [x, y]: [number, number]): [number, number] {
  return [p.colSign * x + 1.5 * p.colShift, p.rowSign * y + (SQRT3 / 2) * p.y2Shift];
}

interface CityIn {
  name: string;
  lon: number;
  lat: number;
  port?: boolean;
  capital?: boolean;
  production?: number;
}

interface HexOut {
  ids?: string[];
  sheet: 'W' | 'E';
  kind: 'land' | 'coastal' | 'sea';
  landFraction: number;
  terrain: EtoTerrain | null;
  country: string | null;
  weather: EtoWeatherZone;
  seaArea?: string;
  city?: { name: string; also?: string[]; port?: 'minor' | 'major'; capital?: true; resource?: 'city'; provenance: Record<string, Provenance> };
  resource?: 'plain';
  /** Place name of a hex that is not a city (a plain resource hex at a town). */
  place?: string;
  named?: string;
  /** A map-edge hex the rules name (map-layers/eto/edges.json). */
  mapEdge?: string;
  provenance: Record<string, Provenance>;
}

interface SideOut {
  type: 'sea' | 'land' | 'coast';
  border?: true;
  river?: string;
  lake?: true;
  /** ETO 24.1: an all-sea hexside bridged by a ferry symbol (land units may cross). */
  ferry?: string;
  /** An all-sea hexside across a strait that no ferry bridges. */
  strait?: string;
  /** ETO 7.8: a hexside of a canal's course (naval units pass; no effect on land movement). */
  canal?: string;
}

/** The joined board as a fit lattice: hex centres where src/board puts them. */
export function boardLattice(board: Board): Lattice {
  const h = SQRT3 / 2;
  const at = new Map<string, number>();
  for (let n = 0; n < board.hexCount; n++) {
    const [x, y] = board.centre(n);
    at.set(`${Math.round(x / 1.5)},${Math.round(y / h)}`, n);
  }
  return {
    centre: (id) => {
      const n = board.index(id);
      if (n < 0) throw new Error(`ETO map: "${id}" is not a hex of the board (map-sheets.json)`);
      return board.centre(n);
    },
    hexAt: (x, y) => {
      let best = -1;
      let bestD = Infinity;
      const c0 = Math.round(x / 1.5);
      const y0 = Math.round(y / h);
      for (let c = c0 - 1; c <= c0 + 1; c++) {
        for (let y2 = y0 - 2; y2 <= y0 + 2; y2++) {
          const n = at.get(`${c},${y2}`);
          if (n === undefined) continue;
          const d = (1.5 * c - x) ** 2 + (h * y2 - y) ** 2;
          if (d < bestD - 1e-12) {
            bestD = d;
            best = n;
          }
        }
      }
      return best >= 0 && bestD <= 1 ? board.id(best) : '';
    },
    steps: (a, b) => board.distance(board.index(a), board.index(b)),
  };
}

const TERRAINS: EtoTerrain[] = ['clear', 'rough', 'forest', 'marsh'];
const ZONES: EtoWeatherZone[] = ['moderate', 'severe', 'mild-fg', 'mild'];

interface EtoControlPoint {
  hex: string;
  name: string;
  lon: number;
  lat: number;
  weight: number;
  checkOnly?: boolean;
  provenance: Provenance;
}

/** Control points with their printed ids (sheet prefix kept: the fit places them on the joined board). */
export function etoControlPoints(points: EtoControlPoint[]): ControlPoint[] {
  return points.map((p) => ({
    hex: p.hex, name: p.name, lon: p.lon, lat: p.lat, weight: p.weight,
    ...(p.checkOnly ? { checkOnly: true } : {}),
    rule: p.provenance.source === 'rulebook' ? p.provenance.rule : `reconstructed: ${p.provenance.reason}`,
  }));
}

export function buildEtoMap(cfg: HexSheetsConfig): { map: Record<string, unknown>; fit: FitResult } {
  const LAYERS = cfg.layersDir;
  const sheetsJson = readJson(cfg.sheetsFile) as { sheets: (SheetDef & { provenance: Provenance })[] };
  const seaDataJson = readJson(cfg.seaAreasFile) as { coastalHexes: { hex: string; name: string; port: string | null }[] };
  const controlPointsJson = readJson(cfg.controlPointsFile) as { points: EtoControlPoint[] };
  const sheets = sheetsJson.sheets as SheetDef[];
  const specs = sheetsJson.sheets.map(({ provenance: _p, ...s }) => s as SheetSpec);
  const board = buildBoard({ sheets: specs });
  const places = placements(sheets);

  const base = readJson(`${LAYERS}/base.json`);
  const from = base.from as string;
  const countries2 = readJson(`${from}/countries.json`);
  const terrain2 = readJson(`${from}/terrain.json`);
  const rivers2 = readJson(`${from}/rivers.json`);
  const cities2 = readJson(`${from}/cities.json`);
  const terrainE = readJson(`${LAYERS}/terrain.json`);
  const weatherL = readJson(`${LAYERS}/weather-zones.json`);
  const seaL = readJson(`${LAYERS}/sea-areas.json`);
  const citiesE = readJson(`${LAYERS}/cities.json`);
  const overridesE = readJson(`${LAYERS}/overrides.json`);
  const edges = readJson(`${LAYERS}/edges.json`) as { edges: { name: string; hexes: string[]; provenance: Provenance }[] };
  const crossings = readJson(`${LAYERS}/crossings.json`) as {
    ferries: { name: string; a: string; b: string; provenance: Provenance }[];
    straits: { name: string; a: string; b: string; provenance: Provenance }[];
    canals: { name: string; hexes: string[]; provenance: Provenance }[];
  };

  const rename = (id: string): string => (base.countryRename as Record<string, string>)[id] ?? id;
  const modernTo: Record<string, string> = {};
  for (const [k, v] of Object.entries(countries2.modern as Record<string, string>)) modernTo[k] = rename(v);
  Object.assign(modernTo, base.modern);
  const countryTable: Record<string, { name: string }> = {};
  for (const [id, d] of Object.entries(countries2.countries as Record<string, { name: string }>)) countryTable[rename(id)] = { name: d.name };
  Object.assign(countryTable, base.countries);
  const countryIds = Object.keys(countryTable).sort();
  const cIndex = new Map(countryIds.map((id, i) => [id, i + 1]));
  const modernShapes = loadCountries();
  const landLonLat = loadLand();
  const terrainRegions: { terrain: string; polygon: LonLat[] }[] = [
    ...terrain2.regions.map((r: any) => ({ terrain: base.terrainMap[r.terrain], polygon: r.polygon })),
    ...terrainE.regions,
  ];
  const riverDefs: { name: string; line: LonLat[] }[] = [...rivers2.rivers, ...terrainE.rivers];
  const seaIds: string[] = seaL.areas.map((a: any) => a.id);

  // --- one fit for the joined board, rasters in board units over both sheets
  const lattice = boardLattice(board);
  const points = etoControlPoints(controlPointsJson.points);
  const spec = cfg.fit;
  const fit = fitProjection(points, { ...spec.search, offsets: [sheets[0].offset] }, lattice);
  const t = new MapTransform(fit.params, points, spec.warpPull, lattice);
  const rects = sheets.map((def, si) => {
    const a = toBoard(places[si], [1.5 * def.cols[0] - 1, SQRT3 * (def.rows[0] - 0.5)]);
    const b = toBoard(places[si], [1.5 * def.cols[1] + 1, SQRT3 * (def.rows[1] + 1)]);
    return { west: Math.min(a[0], b[0]), east: Math.max(a[0], b[0]), south: Math.min(a[1], b[1]), north: Math.max(a[1], b[1]) };
  });
  const bx0 = Math.min(...rects.map((r) => r.west));
  const bx1 = Math.max(...rects.map((r) => r.east));
  const by0 = Math.min(...rects.map((r) => r.south));
  const by1 = Math.max(...rects.map((r) => r.north));
  const rb = new Raster(bx0 - 0.5, by0 - 0.5, Math.ceil((bx1 - bx0 + 1) * RES), Math.ceil((by1 - by0 + 1) * RES), RES);
  const land = Raster.like(rb);
  const landPolys = polygonsToMap(landLonLat, t, spec.window);
  for (const p of landPolys) land.fillPolygon(p, 1);
  const political = Raster.like(rb);
  for (const shape of modernShapes) {
    const to = modernTo[shape.name];
    if (!to || !cIndex.has(to)) continue;
    for (const p of polygonsToMap(shape.polygons, t, spec.window)) political.fillPolygon(p, cIndex.get(to)!);
  }
  const modern = Raster.like(rb);
  const modernIndex = new Map(modernShapes.map((sh, i) => [sh.name, i + 1]));
  for (const shape of modernShapes) for (const p of polygonsToMap(shape.polygons, t, spec.window)) modern.fillPolygon(p, modernIndex.get(shape.name)!);
  const skip: string[] = base.skipOverrides ?? [];
  for (const o of [...countries2.overrides.filter((x: any) => !skip.some((p) => x.reason.startsWith(p))), ...(base.overrides ?? [])]) {
    const ring = t.ring(densify(clipRing(o.polygon, spec.window), 0.25));
    if (ring.length < 3) continue;
    const values = new Set<number>(o.where.map((n: string) => modernIndex.get(n)!));
    political.fillPolygon([ring], cIndex.get(rename(o.country))!, { mask: modern, values });
  }
  const poly = (pg: LonLat[]): Ring => t.ring(densify(clipRing(pg, spec.window), 0.25));
  const terrain = Raster.like(rb);
  for (const r of terrainRegions) {
    const ring = poly(r.polygon);
    if (ring.length >= 3) terrain.fillPolygon([ring], TERRAINS.indexOf(r.terrain as EtoTerrain));
  }
  const lake = Raster.like(rb);
  terrainE.lakes.forEach((l: any, i: number) => {
    const ring = poly(l.polygon);
    if (ring.length >= 3) lake.fillPolygon([ring], i + 1);
  });
  const sea = Raster.like(rb);
  seaL.areas.forEach((a: any, i: number) => {
    const ring = poly(a.polygon);
    if (ring.length >= 3) sea.fillPolygon([ring], i + 1);
  });
  const weather = Raster.like(rb);
  for (const z of weatherL.zones) {
    const ring = poly(z.polygon);
    if (ring.length >= 3) weather.fillPolygon([ring], ZONES.indexOf(z.zone));
  }
  const rivers = riverDefs.map((rv) => ({ name: rv.name, line: t.ring(densify(rv.line, 0.25, false)) }));

  // --- hexes, each classified once at its board centre
  const generated: Provenance = { source: 'reconstructed', reason: 'generated from Natural Earth 1:50m and the ETO hand layers by tools/map/eto-build.ts' };
  const hexes = new Map<number, HexOut>();
  const idsOf = new Map<number, string[]>();
  for (const def of sheets) {
    for (let c = def.cols[0]; c <= def.cols[1]; c++) {
      for (let r = def.rows[0]; r <= def.rows[1]; r++) {
        const id = def.prefix + hexId(c, r);
        const n = board.index(id);
        if (!idsOf.has(n)) idsOf.set(n, []);
        idsOf.get(n)!.push(id);
        if (!hexes.has(n)) hexes.set(n, classify(n));
      }
    }
  }

  function classify(n: number): HexOut {
    const [cx, cy] = board.centre(n);
    let total = 0;
    let landN = 0;
    let lakeN = 0;
    const cV = new Map<number, number>();
    const tV = new Map<number, number>();
    const sV = new Map<number, number>();
    const wV = new Map<number, number>();
    for (let y = cy - 1 + 0.5 / RES; y < cy + 1; y += 1 / RES) {
      for (let x = cx - 1 + 0.5 / RES; x < cx + 1; x += 1 / RES) {
        if (!isInsideHex(x - cx, y - cy)) continue;
        total++;
        const w = weather.at(x, y);
        wV.set(w, (wV.get(w) ?? 0) + 1);
        if (land.at(x, y) !== 1) {
          const s = sea.at(x, y);
          if (s) sV.set(s, (sV.get(s) ?? 0) + 1);
          continue;
        }
        landN++;
        if (lake.at(x, y)) lakeN++;
        const pc = political.at(x, y);
        if (pc) cV.set(pc, (cV.get(pc) ?? 0) + 1);
        const tt = terrain.at(x, y);
        tV.set(tt, (tV.get(tt) ?? 0) + 1);
      }
    }
    const f = total ? landN / total : 0;
    const kind: HexOut['kind'] = f < spec.seaBelow ? 'sea' : f >= spec.landAbove ? 'land' : 'coastal';
    const ci = majority(cV, 0);
    let country = kind === 'sea' || ci === 0 ? null : countryIds[ci - 1];
    if (kind !== 'sea' && !country) {
      const pc = political.at(cx, cy);
      if (pc) country = countryIds[pc - 1];
    }
    const h: HexOut = {
      sheet: board.id(n)[0] as 'W' | 'E',
      kind,
      landFraction: round(f, 2),
      terrain: kind === 'sea' ? null : lakeN * 2 > landN ? 'lake' : TERRAINS[majority(tV, 0)],
      country,
      weather: ZONES[majority(wV, 0)],
      provenance: { geography: generated },
    };
    if (kind !== 'land') {
      const s = majority(sV, 0);
      if (s) h.seaArea = seaIds[s - 1];
    }
    return h;
  }

  const rec = (reason: string): Provenance => ({ source: 'reconstructed', reason });
  // --- cities
  const cps = controlPointsJson.points;
  const pins = new Map<string, { hex: string; why: Provenance }>();
  // A named hex pins the city its name starts with; check-only points (uncertain ids) pin nothing.
  for (const cp of cps) {
    if (cp.checkOnly) continue;
    for (const key of [cp.name.split(/[ (]/)[0], cp.name.split('(')[0].trim()]) pins.set(key, { hex: cp.hex, why: cp.provenance });
  }
  for (const ch of seaDataJson.coastalHexes) {
    for (const key of [ch.name.split(/[ (]/)[0], ch.name.split('(')[0].trim()]) {
      if (!pins.has(key)) pins.set(key, { hex: ch.hex, why: { source: 'reconstructed', reason: `data/sea-areas.json coastal hex of ${ch.name}` } });
    }
  }
  for (const [name, pin] of Object.entries(citiesE.pins as Record<string, string | { hex: string; reason: string }>)) {
    if (typeof pin === 'string') pins.set(name, { hex: pin, why: rec(citiesE.pinsReason) });
    else pins.set(name, { hex: pin.hex, why: rec(pin.reason) });
  }
  const cityList: CityIn[] = [...cities2.cities, ...citiesE.add].map((c: any) => ({
    name: c.name, lon: c.lon, lat: c.lat, port: c.port, capital: c.capital, production: c.production,
  }));
  const major = new Set<string>(citiesE.majorPorts);
  const cityRes = citiesE.cityResources as Record<string, string>;
  const extraRes = new Set<string>(citiesE.extraCityResources);
  const seaPort = new Map(seaDataJson.coastalHexes.map((h) => [h.hex, h.port as 'minor' | 'major' | null]));
  const problems: string[] = [];
  const placed = new Map<number, CityIn[]>();
  for (const city of cityList) {
    let n = -1;
    const pin = pins.get(city.name);
    if (pin) n = board.index(pin.hex);
    else if (city.lon >= spec.window.west && city.lon <= spec.window.east) {
      const id = lattice.hexAt(...t.forward(city.lon, city.lat));
      if (id) n = board.index(id);
    }
    if (n < 0) continue;
    if (!placed.has(n)) placed.set(n, []);
    placed.get(n)!.push(city);
  }
  const plainPlaces = new Set<string>(citiesE.plainResourcePlaces);
  for (const [n, all] of [...placed.entries()].sort((a, b) => a[0] - b[0])) {
    const h = hexes.get(n)!;
    const plain = all.find((c) => plainPlaces.has(c.name));
    if (plain) {
      h.resource = 'plain';
      h.place = plain.name;
      h.provenance.resource = rec(citiesE.plainResourcePlacesReason);
    }
    const list = all.filter((c) => !plainPlaces.has(c.name));
    if (!list.length) continue;
    const first = list[0];
    const pin = pins.get(first.name);
    const out: NonNullable<HexOut['city']> = { name: first.name, provenance: {} };
    if (list.length > 1) out.also = list.slice(1).map((c) => c.name);
    out.provenance.hex = pin ? pin.why : rec('placed where the fitted and warped geography puts the real city');
    const anyPort = list.some((c) => c.port) || seaPort.has(board.id(n)) || (idsOf.get(n) ?? []).some((id) => seaPort.has(id));
    if (anyPort) {
      const printed = (idsOf.get(n) ?? []).map((id) => seaPort.get(id)).find((p) => p);
      out.port = printed ?? (list.some((c) => major.has(c.name)) ? 'major' : 'minor');
      out.provenance.port = printed ? rec('port size of data/sea-areas.json') : rec(citiesE.majorPortsReason);
    }
    const cap = list.find((c) => c.capital);
    if (cap) {
      out.capital = true;
      out.provenance.capital = rec(`${cap.name}: capital in 1939`);
    }
    const named = list.find((c) => cityRes[c.name]);
    if (named) {
      out.resource = 'city';
      out.provenance.resource = { source: 'rulebook', rule: cityRes[named.name] };
    } else if (list.some((c) => c.production || c.capital || extraRes.has(c.name))) {
      out.resource = 'city';
      out.provenance.resource = rec(citiesE.cityResourcesReason);
    }
    h.city = out;
    if (h.terrain === 'lake') {
      // A city stands on the lake's shore: the hex is enterable land (ETO 24.1 all-lake hexes are not).
      h.terrain = 'clear';
      h.provenance.terrain = rec(`${first.name} is here: a city hex is not an all-lake hex`);
    }
    if (h.kind === 'land' && out.port) {
      h.kind = 'coastal';
      h.provenance.kind = rec(`${first.name} is a port: a port hex is coastal (ETO 7.7)`);
    }
    if (h.kind === 'sea') {
      h.kind = 'coastal';
      h.terrain = 'clear';
      h.provenance.kind = rec(`${first.name} is here`);
      if (!h.country) {
        const [x, y] = t.forward(first.lon, first.lat);
        h.country = countryIds[(political.at(x, y) || 1) - 1];
      }
    }
  }
  for (const rh of citiesE.resourceHexes as { hex: string; rule: string }[]) {
    const n = board.index(rh.hex);
    const h = hexes.get(n)!;
    if (h.city) {
      if (!h.city.resource) {
        h.city.resource = 'city';
        h.city.provenance.resource = { source: 'rulebook', rule: rh.rule };
      }
      continue;
    }
    h.resource = 'plain';
    h.provenance.resource = { source: 'rulebook', rule: rh.rule };
    if (h.kind === 'sea') problems.push(`resource hex ${rh.hex} (${rh.rule}) fell on an all-sea hex`);
  }
  for (const cp of cps) {
    if (cp.checkOnly) continue;
    const h = hexes.get(board.index(cp.hex))!;
    h.named = cp.name;
    if (h.kind === 'sea') problems.push(`named hex ${cp.hex} (${cp.name}) is all-sea`);
  }

  for (const e of edges.edges) {
    for (const id of e.hexes) {
      const n = board.index(id);
      if (n < 0) throw new Error(`${LAYERS}/edges.json: ${e.name} lists ${id}, not a hex of the board`);
      hexes.get(n)!.mapEdge = e.name;
      hexes.get(n)!.provenance.mapEdge = e.provenance;
    }
  }

  // --- hand corrections of hexes (map-layers/eto/overrides.json), each with its reason; before the hexsides,
  // whose kinds and borders follow the corrected hexes
  for (const o of overridesE.hexes as { hex: string; set: Partial<HexOut>; reason: string }[]) {
    const n = board.index(o.hex);
    const h = n >= 0 ? hexes.get(n) : undefined;
    if (!h) throw new Error(`${LAYERS}/overrides.json: hex ${o.hex} is not on the ETO board`);
    if (!o.reason) throw new Error(`${LAYERS}/overrides.json: override of hex ${o.hex} has no reason; every hand correction needs one`);
    Object.assign(h, o.set);
    for (const k of Object.keys(o.set)) h.provenance[k] = rec(`override: ${o.reason}`);
  }
  // --- hexsides, all from the one geography (rivers continue across the sheets' join)
  const sides: Record<string, SideOut> = {};
  const primary = (n: number): string => board.id(n);
  for (let e = 0; e < board.edgeCount; e++) {
    const a = board.edgeA[e];
    const b = board.edgeB[e];
    if (a >= board.hexCount || b >= board.hexCount) continue;
    const ha = hexes.get(a)!;
    const hb = hexes.get(b)!;
    const ca = board.centre(a);
    const cb = board.centre(b);
    const s: SideOut = { type: 'land' };
    if (ha.kind === 'sea' || hb.kind === 'sea') s.type = 'sea';
    else {
      const links = linksAcross(land, ca, cb);
      if (ha.kind === 'land' || hb.kind === 'land') s.type = links.land ? 'land' : 'sea';
      else if (links.land) s.type = links.water ? 'coast' : 'land';
      else s.type = links.water ? 'sea' : 'land';
      if (s.type !== 'sea') {
        const rv = rivers.find((x) => crosses(ca, cb, x.line));
        if (rv) s.river = rv.name;
        if (ha.terrain === 'lake' || hb.terrain === 'lake') s.lake = true;
      }
    }
    if (ha.country && hb.country && ha.country !== hb.country && s.type !== 'sea') s.border = true;
    const [ka, kb] = [primary(a), primary(b)].sort();
    sides[`${ka}|${kb}`] = s;
  }

  // --- ferries, straits and canals (map-layers/eto/crossings.json): before the ports, whose water they give
  const sideOf = (a: string, b: string, what: string): SideOut => {
    const [na, nb] = [board.index(a), board.index(b)];
    if (na < 0 || nb < 0 || board.edgeBetween(na, nb) < 0) throw new Error(`${LAYERS}/crossings.json: ${what} ${a}|${b} does not join two adjacent hexes`);
    return sides[[primary(na), primary(nb)].sort().join('|')];
  };
  const shore = (id: string, why: string): void => {
    const h = hexes.get(board.index(id))!;
    if (h.kind !== 'land') return;
    h.kind = 'coastal';
    h.provenance.kind = rec(why);
  };
  for (const f of [...crossings.ferries.map((x) => ({ ...x, ferry: true })), ...crossings.straits.map((x) => ({ ...x, ferry: false }))]) {
    const side = sideOf(f.a, f.b, f.name);
    side.type = 'sea';
    delete side.river;
    if (f.ferry) side.ferry = f.name;
    else {
      side.strait = f.name;
      delete side.border;
    }
    for (const id of [f.a, f.b]) shore(id, `a shore of the ${f.name} (map-layers/eto/crossings.json)`);
  }
  for (const c of crossings.canals) {
    for (let i = 0; i + 1 < c.hexes.length; i++) sideOf(c.hexes[i], c.hexes[i + 1], c.name).canal = c.name;
  }

  // --- a port needs a water hexside (ETO 7.7: fleets enter it from the sea); a port on an estuary or a fjord that
  // the hex grid leaves inland gets one towards its most watery coastal neighbour
  for (const [n, h] of [...hexes.entries()].sort((a, b) => a[0] - b[0])) {
    if (!h.city?.port) continue;
    const water = board.neighbours(n).filter((m) => m < board.hexCount && hexes.get(m)!.kind !== 'land');
    const key = (m: number): string => [primary(n), primary(m)].sort().join('|');
    if (water.some((m) => sides[key(m)].type !== 'land')) continue;
    const to = water.filter((m) => hexes.get(m)!.seaArea).sort((a, b) => hexes.get(a)!.landFraction - hexes.get(b)!.landFraction || a - b)[0];
    if (to === undefined) {
      problems.push(`port ${h.city.name} (${primary(n)}) has no coastal or sea neighbour`);
      continue;
    }
    sides[key(to)].type = 'coast';
    h.seaArea ??= hexes.get(to)!.seaArea;
    h.provenance.port = rec(`${h.city.name} reaches the sea through ${primary(to)}: the hexside between them is a water hexside (ETO 7.7)`);
  }

  // --- hand corrections of hexsides, applied last
  for (const o of overridesE.hexsides as { key: string; set: Partial<SideOut> & { river?: string | null }; reason: string }[]) {
    const [a, b] = o.key.split('|').map((id) => board.index(id));
    if (a === undefined || b === undefined || a < 0 || b < 0 || board.edgeBetween(a, b) < 0) throw new Error(`${LAYERS}/overrides.json: hexside ${o.key} does not join two adjacent hexes`);
    if (!o.reason) throw new Error(`${LAYERS}/overrides.json: override of hexside ${o.key} has no reason; every hand correction needs one`);
    const [ka, kb] = [primary(a), primary(b)].sort();
    const s = sides[`${ka}|${kb}`] as unknown as Record<string, unknown>;
    for (const [k, v] of Object.entries(o.set)) {
      if (v === null) delete s[k];
      else s[k] = v;
    }
  }

  // --- coasts in board units, clipped to each sheet's rectangle
  const coast: number[][][] = [];
  for (const rect of rects) {
    for (const p of landPolys) {
      for (const ring of p) {
        const clipped = clipRing(ring as LonLat[], rect);
        if (clipped.length < 3 || Math.abs(ringArea(clipped)) < 0.004) continue;
        const simple = simplify([...clipped, clipped[0]], 0.02);
        if (simple.length < 4) continue;
        coast.push(simple.slice(0, -1).map((q) => q.map((v) => round(v))));
      }
    }
  }

  const hexOut: Record<string, HexOut> = {};
  for (const [n, h] of hexes) {
    const ids = idsOf.get(n)!;
    if (ids.length > 1) h.ids = ids;
    hexOut[board.id(n)] = h;
  }
  const map = {
    rulesetId: cfg.rulesetId,
    title: cfg.title,
    generatedBy: 'tools/map/eto-build.ts',
    grid: {
      layout: 'flat-top-columns',
      size: 1,
      idFormat: 'sheet prefix + CCRR',
      sheets: sheets.map((s, i) => ({ prefix: s.prefix, cols: s.cols, rows: s.rows, offset: s.offset, ...(s.join ? { join: s.join } : {}), placement: places[i] })),
    },
    projection: {
      kind: 'conic-conformal',
      lon0: fit.params.lon0,
      parallels: fit.params.parallels,
      affine: fit.params.affine.map((v) => round(v, 6)),
      warp: 'thin-plate spline through the control points of both sheets, on the joined board',
      rms: round(fit.rms, 3),
      residuals: fit.residuals.map((x) => ({ ...x, distance: round(x.distance, 2) })),
    },
    provenance: {
      geography: generated,
      countries: rec(`Natural Earth countries mapped to 1939 units by the 2WW layer ${from}/countries.json, with ETO changes (${LAYERS}/base.json)`),
      terrain: rec(`${base.terrainMapReason} Regions: ${from}/terrain.json and ${LAYERS}/terrain.json`),
      rivers: rec(`${from}/rivers.json and ${LAYERS}/terrain.json rivers; a river hexside is one whose centre-to-centre segment the river line crosses`),
      weather: weatherL.provenance,
      seaAreas: seaL.provenance,
      crossings: rec(`${LAYERS}/crossings.json: ${[...crossings.ferries, ...crossings.straits, ...crossings.canals].map((x) => `${x.name} (${x.provenance.source === 'rulebook' ? x.provenance.rule : 'reconstructed'})`).join('; ')}`),
      cities: citiesE.provenance,
    },
    countries: Object.fromEntries(countryIds.map((id) => [id, countryTable[id]])),
    seaAreas: Object.fromEntries(seaL.areas.map((a: any) => [a.id, { name: a.name }])),
    hexes: sortObject(hexOut),
    hexsides: sortObject(sides),
    render: { bounds: [round(bx0), round(by0), round(bx1), round(by1)], coast },
    buildProblems: problems,
  };
  return { map, fit };
}

function crosses(p: [number, number], q: [number, number], line: [number, number][]): boolean {
  for (let i = 0; i + 1 < line.length; i++) if (segmentsCross(p, q, line[i], line[i + 1])) return true;
  return false;
}

/** Residual summary: rms, median and worst distance (hex widths) over the fitted points. */
export function residualSummary(fit: FitResult): string {
  const used = fit.residuals.filter((r) => !r.checkOnly);
  const d = used.map((r) => r.distance).sort((a, b) => a - b);
  const med = d.length % 2 ? d[(d.length - 1) / 2] : (d[d.length / 2 - 1] + d[d.length / 2]) / 2;
  const worst = used.reduce((w, r) => (r.distance > w.distance ? r : w));
  return `rms ${fit.rms.toFixed(3)}, median ${med.toFixed(2)}, worst ${worst.distance.toFixed(2)} (${worst.hex} ${worst.name}) over ${used.length} points`;
}
