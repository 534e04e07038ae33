// Builds the two-sheet ETO map (sheets W and E of data/map-sheets.json):  npx tsx tools/map/build.ts eto
// Each sheet is fitted to its own named hexes (printed sheets have their own geography); hexes are classified in the
// sheet's own numbering, then placed on one board through the join (overlap hexes carry both ids, as src/board does).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildBoard, type SheetSpec } from '../../src/board/index.ts';
import type { ControlPoint, HexFitSpec, HexSheetsConfig, Provenance } from './config-types.ts';
import { fitProjection, type FitResult } from './fit.ts';
import { clipRing, densify, loadCountries, loadLand, MapTransform, polygonsToMap, type LonLat } from './geo.ts';
import { hexAt, hexCentre, hexId, SQRT3, type ColumnOffset } from './hex.ts';
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
  provenance: Record<string, Provenance>;
}

interface SideOut {
  type: 'sea' | 'land' | 'coast';
  border?: true;
  river?: string;
  lake?: true;
  seam?: true;
}

export interface EtoFit {
  sheet: 'W' | 'E';
  fit: FitResult;
}

interface SheetCtx {
  def: SheetDef;
  place: Placement;
  config: HexFitSpec;
  fit: FitResult;
  t: MapTransform;
  land: Raster;
  political: Raster;
  terrain: Raster;
  lake: Raster;
  sea: Raster;
  weather: Raster;
  landPolys: Ring[][];
  rivers: { name: string; line: Ring }[];
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

/** Control points of one sheet, with the sheet prefix stripped (the fit reads CCRR). */
export function sheetControlPoints(points: EtoControlPoint[], sheet: string): ControlPoint[] {
  return points
    .filter((p) => p.hex.startsWith(sheet))
    .map((p) => ({
      hex: p.hex.slice(sheet.length), name: p.name, lon: p.lon, lat: p.lat, weight: p.weight,
      ...(p.checkOnly ? { checkOnly: true } : {}),
      rule: p.provenance.source === 'rulebook' ? p.provenance.rule : `reconstructed: ${p.provenance.reason}`,
    }));
}

export function buildEtoMap(cfg: HexSheetsConfig): { map: Record<string, unknown>; fits: EtoFit[] } {
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

  const ctxs: SheetCtx[] = sheets.map((def, si) => {
    const cfg0 = cfg.sheets[def.prefix];
    if (!cfg0) throw new Error(`map config of ${cfg.rulesetId}: sheets.${def.prefix} is missing (${cfg.sheetsFile} lists sheet ${def.prefix})`);
    const config: HexFitSpec = { ...cfg0, search: { ...cfg0.search, offsets: [def.offset] } };
    const points = sheetControlPoints(controlPointsJson.points, def.prefix);
    const fit = fitProjection(points, config.search);
    const t = new MapTransform(fit.params, points, config.warpPull);
    const xmin = 1.5 * def.cols[0] - 1;
    const xmax = 1.5 * def.cols[1] + 1;
    const ymin = SQRT3 * (def.rows[0] - 0.5);
    const ymax = SQRT3 * (def.rows[1] + 1);
    const rb = new Raster(xmin - 0.5, ymin - 0.5, Math.ceil((xmax - xmin + 1) * RES), Math.ceil((ymax - ymin + 1) * RES), RES);
    const land = Raster.like(rb);
    const landPolys = polygonsToMap(landLonLat, t, config.window);
    for (const p of landPolys) land.fillPolygon(p, 1);
    const political = Raster.like(rb);
    for (const shape of modernShapes) {
      const to = modernTo[shape.name];
      if (!to || !cIndex.has(to)) continue;
      for (const p of polygonsToMap(shape.polygons, t, config.window)) political.fillPolygon(p, cIndex.get(to)!);
    }
    const modern = Raster.like(rb);
    const modernIndex = new Map(modernShapes.map((s, i) => [s.name, i + 1]));
    for (const shape of modernShapes) for (const p of polygonsToMap(shape.polygons, t, config.window)) modern.fillPolygon(p, modernIndex.get(shape.name)!);
    const skip: string[] = base.skipOverrides ?? [];
    for (const o of [...countries2.overrides.filter((x: any) => !skip.some((p) => x.reason.startsWith(p))), ...(base.overrides ?? [])]) {
      const ring = t.ring(densify(clipRing(o.polygon, config.window), 0.25));
      if (ring.length < 3) continue;
      const values = new Set<number>(o.where.map((n: string) => modernIndex.get(n)!));
      political.fillPolygon([ring], cIndex.get(rename(o.country))!, { mask: modern, values });
    }
    const poly = (pg: LonLat[]): Ring => t.ring(densify(clipRing(pg, config.window), 0.25));
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
    return { def, place: places[si], config, fit, t, land, political, terrain, lake, sea, weather, landPolys, rivers };
  });

  // --- hexes, classified in the first sheet that has them
  const generated: Provenance = { source: 'reconstructed', reason: 'generated from Natural Earth 1:50m and the ETO hand layers by tools/map/eto-build.ts' };
  const hexes = new Map<number, HexOut>();
  const idsOf = new Map<number, string[]>();
  const localOf = new Map<string, { ctx: SheetCtx; c: number; r: number }>();
  for (const ctx of ctxs) {
    const { def } = ctx;
    for (let c = def.cols[0]; c <= def.cols[1]; c++) {
      for (let r = def.rows[0]; r <= def.rows[1]; r++) {
        const id = def.prefix + hexId(c, r);
        const n = board.index(id);
        localOf.set(id, { ctx, c, r });
        if (!idsOf.has(n)) idsOf.set(n, []);
        idsOf.get(n)!.push(id);
        if (hexes.has(n)) continue;
        hexes.set(n, classify(ctx, c, r));
      }
    }
  }

  function classify(ctx: SheetCtx, c: number, r: number): HexOut {
    const [cx, cy] = hexCentre(c, r, ctx.def.offset);
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
        const w = ctx.weather.at(x, y);
        wV.set(w, (wV.get(w) ?? 0) + 1);
        if (ctx.land.at(x, y) !== 1) {
          const s = ctx.sea.at(x, y);
          if (s) sV.set(s, (sV.get(s) ?? 0) + 1);
          continue;
        }
        landN++;
        if (ctx.lake.at(x, y)) lakeN++;
        const pc = ctx.political.at(x, y);
        if (pc) cV.set(pc, (cV.get(pc) ?? 0) + 1);
        const tt = ctx.terrain.at(x, y);
        tV.set(tt, (tV.get(tt) ?? 0) + 1);
      }
    }
    const f = total ? landN / total : 0;
    const kind: HexOut['kind'] = f < ctx.config.seaBelow ? 'sea' : f >= ctx.config.landAbove ? 'land' : 'coastal';
    const ci = majority(cV, 0);
    let country = kind === 'sea' || ci === 0 ? null : countryIds[ci - 1];
    if (kind !== 'sea' && !country) {
      const pc = ctx.political.at(cx, cy);
      if (pc) country = countryIds[pc - 1];
    }
    const h: HexOut = {
      sheet: ctx.def.prefix,
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

  // --- cities
  const cps = controlPointsJson.points;
  const pins = new Map<string, { hex: string; why: Provenance }>();
  for (const cp of cps) {
    for (const key of [cp.name.split(/[ (]/)[0], cp.name.split('(')[0].trim()]) pins.set(key, { hex: cp.hex, why: cp.provenance });
  }
  for (const ch of seaDataJson.coastalHexes) {
    for (const key of [ch.name.split(/[ (]/)[0], ch.name.split('(')[0].trim()]) {
      if (!pins.has(key)) pins.set(key, { hex: ch.hex, why: { source: 'reconstructed', reason: `data/sea-areas.json coastal hex of ${ch.name}` } });
    }
  }
  for (const [name, hex] of Object.entries(citiesE.pins as Record<string, string>)) {
    pins.set(name, { hex, why: { source: 'reconstructed', reason: citiesE.pinsReason } });
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
    else {
      for (const ctx of ctxs) {
        const [x, y] = ctx.t.forward(city.lon, city.lat);
        const [c, r] = hexAt(x, y, ctx.def.offset);
        if (c < ctx.def.cols[0] || c > ctx.def.cols[1] || r < ctx.def.rows[0] || r > ctx.def.rows[1]) continue;
        if (city.lon < ctx.config.window.west || city.lon > ctx.config.window.east) continue;
        n = board.index(ctx.def.prefix + hexId(c, r));
        break;
      }
    }
    if (n < 0) continue;
    if (!placed.has(n)) placed.set(n, []);
    placed.get(n)!.push(city);
  }
  const rec = (reason: string): Provenance => ({ source: 'reconstructed', reason });
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
    out.provenance.hex = pin ? pin.why : rec('placed where the fitted and warped geography of its sheet puts the real city');
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
    if (h.kind === 'sea') {
      h.kind = 'coastal';
      h.terrain = 'clear';
      h.provenance.kind = rec(`${first.name} is here`);
      if (!h.country) {
        const loc = localOf.get(board.id(n))!;
        const [x, y] = loc.ctx.t.forward(first.lon, first.lat);
        h.country = countryIds[(loc.ctx.political.at(x, y) || 1) - 1];
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
  // --- hexsides: inside one sheet from that sheet's geography; across the seam from the two hexes' kinds
  const sides: Record<string, SideOut> = {};
  const primary = (n: number): string => board.id(n);
  for (let e = 0; e < board.edgeCount; e++) {
    const a = board.edgeA[e];
    const b = board.edgeB[e];
    if (a >= board.hexCount || b >= board.hexCount) continue;
    const ha = hexes.get(a)!;
    const hb = hexes.get(b)!;
    let common: { ctx: SheetCtx; ca: [number, number]; cb: [number, number] } | null = null;
    for (const ida of idsOf.get(a)!) {
      const la = localOf.get(ida)!;
      const idb = idsOf.get(b)!.find((x) => x[0] === ida[0]);
      if (!idb) continue;
      const lb = localOf.get(idb)!;
      common = { ctx: la.ctx, ca: hexCentre(la.c, la.r, la.ctx.def.offset), cb: hexCentre(lb.c, lb.r, lb.ctx.def.offset) };
      break;
    }
    const s: SideOut = { type: 'land' };
    if (ha.kind === 'sea' || hb.kind === 'sea') s.type = 'sea';
    else if (!common) {
      s.seam = true;
      s.type = ha.kind === 'land' || hb.kind === 'land' ? 'land' : 'coast';
    } else {
      const links = linksAcross(common.ctx.land, common.ca, common.cb);
      if (ha.kind === 'land' || hb.kind === 'land') s.type = links.land ? 'land' : 'sea';
      else if (links.land) s.type = links.water ? 'coast' : 'land';
      else s.type = links.water ? 'sea' : 'land';
      if (s.type !== 'sea') {
        const rv = common.ctx.rivers.find((x) => crosses(common!.ca, common!.cb, x.line));
        if (rv) s.river = rv.name;
        if (ha.terrain === 'lake' || hb.terrain === 'lake') s.lake = true;
      }
    }
    if (ha.country && hb.country && ha.country !== hb.country && s.type !== 'sea') s.border = true;
    const [ka, kb] = [primary(a), primary(b)].sort();
    sides[`${ka}|${kb}`] = s;
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

  // --- coasts in board units, each sheet clipped to its own rectangle
  const coast: number[][][] = [];
  let bx0 = Infinity, by0 = Infinity, bx1 = -Infinity, by1 = -Infinity;
  for (const ctx of ctxs) {
    const { def } = ctx;
    const rect = { west: 1.5 * def.cols[0] - 1, east: 1.5 * def.cols[1] + 1, south: SQRT3 * (def.rows[0] - 0.5), north: SQRT3 * (def.rows[1] + 1) };
    for (const [x, y] of [[rect.west, rect.south], [rect.east, rect.north]] as [number, number][]) {
      const [gx, gy] = toBoard(ctx.place, [x, y]);
      bx0 = Math.min(bx0, gx); bx1 = Math.max(bx1, gx); by0 = Math.min(by0, gy); by1 = Math.max(by1, gy);
    }
    for (const poly of ctx.landPolys) {
      for (const ring of poly) {
        const clipped = clipRing(ring as LonLat[], rect);
        if (clipped.length < 3 || Math.abs(ringArea(clipped)) < 0.004) continue;
        const simple = simplify([...clipped, clipped[0]], 0.02);
        if (simple.length < 4) continue;
        coast.push(simple.slice(0, -1).map((p) => toBoard(ctx.place, p).map((v) => round(v)) as number[]));
      }
    }
  }

  const hexOut: Record<string, HexOut> = {};
  for (const [n, h] of hexes) {
    const ids = idsOf.get(n)!;
    if (ids.length > 1) h.ids = ids;
    hexOut[board.id(n)] = h;
  }
  const fits: EtoFit[] = ctxs.map((c) => ({ sheet: c.def.prefix, fit: c.fit }));
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
    projections: Object.fromEntries(ctxs.map((c) => [c.def.prefix, {
      kind: 'conic-conformal',
      lon0: c.fit.params.lon0,
      parallels: c.fit.params.parallels,
      affine: c.fit.params.affine.map((v) => round(v, 6)),
      warp: 'thin-plate spline through the control points',
      rms: round(c.fit.rms, 3),
      residuals: c.fit.residuals.map((x) => ({ ...x, hex: c.def.prefix + x.hex, fittedHex: c.def.prefix + x.fittedHex, distance: round(x.distance, 2) })),
    }])),
    provenance: {
      geography: generated,
      countries: rec(`Natural Earth countries mapped to 1939 units by the 2WW layer ${from}/countries.json, with ETO changes (${LAYERS}/base.json)`),
      terrain: rec(`${base.terrainMapReason} Regions: ${from}/terrain.json and ${LAYERS}/terrain.json`),
      rivers: rec(`${from}/rivers.json and ${LAYERS}/terrain.json rivers; a river hexside is one whose centre-to-centre segment the river line crosses`),
      weather: weatherL.provenance,
      seaAreas: seaL.provenance,
      cities: citiesE.provenance,
      seam: rec('Hexsides between a W-only and an E-only hex (the join of map-sheets.json) take their type from the two hexes; rivers are not drawn across the seam.'),
    },
    countries: Object.fromEntries(countryIds.map((id) => [id, countryTable[id]])),
    seaAreas: Object.fromEntries(seaL.areas.map((a: any) => [a.id, { name: a.name }])),
    hexes: sortObject(hexOut),
    hexsides: sortObject(sides),
    render: { bounds: [round(bx0), round(by0), round(bx1), round(by1)], coast },
    buildProblems: problems,
  };
  return { map, fits };
}

function crosses(p: [number, number], q: [number, number], line: [number, number][]): boolean {
  for (let i = 0; i + 1 < line.length; i++) if (segmentsCross(p, q, line[i], line[i + 1])) return true;
  return false;
}

/** Residual summary per sheet: median and worst distance (hex widths) over the fitted points. */
export function residualSummary(fits: EtoFit[]): string {
  return fits
    .map(({ sheet, fit }) => {
      const d = fit.residuals.filter((r) => !r.checkOnly).map((r) => r.distance).sort((a, b) => a - b);
      const med = d.length % 2 ? d[(d.length - 1) / 2] : (d[d.length / 2 - 1] + d[d.length / 2]) / 2;
      const worst = fit.residuals.filter((r) => !r.checkOnly).reduce((w, r) => (r.distance > w.distance ? r : w));
      return `${sheet}: rms ${fit.rms.toFixed(3)}, median ${med.toFixed(2)}, worst ${worst.distance.toFixed(2)} (${sheet}${worst.hex} ${worst.name})`;
    })
    .join('; ');
}
