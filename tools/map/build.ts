// Builds a rule set's maps from its map.config.ts (or maps/*.config.ts):  npx tsx tools/map/build.ts 2ww | bkg | bkg/europe
// Hex sheets from Natural Earth + the hand layers (this file, eto-build.ts), area maps from country shapes (areas.ts).
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAreaMap } from './areas.ts';
import type { AnyMapConfig, HexMapConfig, Provenance } from './config-types.ts';
import { getMapConfig, mapIds, REPO_ROOT } from './configs.ts';
import { buildEtoMap, residualSummary } from './eto-build.ts';
import { fitProjection, type FitResult } from './fit.ts';
import { clipRing, densify, loadCountries, loadLand, MapTransform, polygonsToMap, type LonLat } from './geo.ts';
import { hexAt, hexCentre, hexId, hexsideKey, neighbours, parseHex, SQRT3, type ColumnOffset } from './hex.ts';
import { loadLayers, type CityDef, type Layers } from './layers.ts';
import { Raster, segmentsCross } from './raster.ts';
import { isInsideHex, linksAcross, majority, ringArea, round, simplify, sortObject } from './build-util.ts';

export { REPO_ROOT };

/** Pixels per map unit of the classification rasters. */
const RES = 24;

type HexKind = 'land' | 'coastal' | 'sea' | 'straits';

interface CityOut {
  name: string;
  also?: string[];
  port?: true;
  capital?: true;
  production?: number;
  bonus?: string;
  fort?: string;
  vichyProduction?: true;
  provenance: Record<string, Provenance>;
}

interface HexOut {
  kind: HexKind;
  landFraction: number;
  terrain: string | null;
  country: string | null;
  vichy?: true;
  city?: CityOut;
  straits?: string;
  danishWaters?: string;
  westEdge?: true;
  provenance: Record<string, Provenance>;
}

interface HexsideOut {
  type: 'sea' | 'land' | 'coast';
  border?: true;
  vichyLine?: true;
  river?: string;
  /** Only on hand-corrected hexsides; the rest come from the layers named in map.provenance. */
  provenance?: Provenance;
}

/** Value of the nonzero pixel nearest (x,y) within `radius` map units, 0 if none. */
function nearestValue(r: Raster, x: number, y: number, radius: number): number {
  const ci = Math.floor((x - r.x0) * r.res);
  const cj = Math.floor((y - r.y0) * r.res);
  const R = Math.ceil(radius * r.res);
  let best = 0;
  let bestD = Infinity;
  for (let j = cj - R; j <= cj + R; j++) {
    for (let i = ci - R; i <= ci + R; i++) {
      if (i < 0 || j < 0 || i >= r.width || j >= r.height) continue;
      const v = r.data[j * r.width + i];
      const d = (i - ci) ** 2 + (j - cj) ** 2;
      if (v && d < bestD) {
        bestD = d;
        best = v;
      }
    }
  }
  return best;
}

function crosses(p: [number, number], q: [number, number], line: [number, number][]): boolean {
  for (let i = 0; i + 1 < line.length; i++) if (segmentsCross(p, q, line[i], line[i + 1])) return true;
  return false;
}

export interface BuildResult {
  map: Record<string, unknown>;
  fit: FitResult;
}

export function buildMap(config: HexMapConfig, layers: Layers = loadLayers(join(REPO_ROOT, config.layersDir))): BuildResult {
  const fit = fitProjection(config.controlPoints, config.search);
  const offset: ColumnOffset = fit.params.offset;
  const t = new MapTransform(fit.params, config.controlPoints, config.warpPull);
  const [c0, c1] = config.cols;
  const [r0, r1] = config.rows;

  // Map rectangle: the union of all hexes of the grid.
  const xmin = 1.5 * c0 - 1;
  const xmax = 1.5 * c1 + 1;
  const ymin = SQRT3 * (r0 - 0.5);
  const ymax = SQRT3 * (r1 + 1);
  const pad = 0.5;
  const base = new Raster(xmin - pad, ymin - pad, Math.ceil((xmax - xmin + 2 * pad) * RES), Math.ceil((ymax - ymin + 2 * pad) * RES), RES);

  // --- geography rasters
  const landPolys = polygonsToMap(loadLand(), t, config.window);
  const land = Raster.like(base);
  for (const p of landPolys) land.fillPolygon(p, 1);

  const countryIds = Object.keys(layers.countries.countries).sort();
  const cIndex = new Map(countryIds.map((id, i) => [id, i + 1]));
  const modernShapes = loadCountries();
  const modernIndex = new Map(modernShapes.map((s, i) => [s.name, i + 1]));
  const modern = Raster.like(base);
  const political = Raster.like(base);
  for (const shape of modernShapes) {
    const to = layers.countries.modern[shape.name];
    const polys = polygonsToMap(shape.polygons, t, config.window);
    for (const p of polys) {
      modern.fillPolygon(p, modernIndex.get(shape.name)!);
      if (to) political.fillPolygon(p, cIndex.get(to)!);
    }
  }
  for (const o of layers.countries.overrides) {
    const ring = t.ring(densify(clipRing(o.polygon, config.window), 0.25));
    const values = new Set(o.where.map((n) => {
      const i = modernIndex.get(n);
      if (!i) throw new Error(`map layer countries.json: override "${o.reason}" lists "${n}", not a Natural Earth country name`);
      return i;
    }));
    political.fillPolygon([ring], cIndex.get(o.country)!, { mask: modern, values });
  }

  const terrainTypes = layers.terrain.types;
  const terrain = Raster.like(base);
  for (const r of layers.terrain.regions) {
    terrain.fillPolygon([t.ring(densify(r.polygon, 0.25))], terrainTypes.indexOf(r.terrain));
  }
  const vichy = Raster.like(base);
  vichy.fillPolygon([t.ring(densify(layers.special.vichy.polygon, 0.25))], 1);

  // --- hexes
  const hexes: Record<string, HexOut> = {};
  const inGrid = (c: number, r: number): boolean => c >= c0 && c <= c1 && r >= r0 && r <= r1;
  const generated: Provenance = { source: 'reconstructed', reason: 'generated from Natural Earth 1:50m by tools/map/build.ts' };
  for (let c = c0; c <= c1; c++) {
    for (let r = r0; r <= r1; r++) {
      const [cx, cy] = hexCentre(c, r, offset);
      let total = 0;
      let landN = 0;
      let vichyN = 0;
      const cVotes = new Map<number, number>();
      const tVotes = new Map<number, number>();
      const i0 = Math.floor((cx - 1 - base.x0) * RES);
      const i1 = Math.ceil((cx + 1 - base.x0) * RES);
      const j0 = Math.floor((cy - 1 - base.y0) * RES);
      const j1 = Math.ceil((cy + 1 - base.y0) * RES);
      for (let j = j0; j <= j1; j++) {
        for (let i = i0; i <= i1; i++) {
          const x = base.x0 + (i + 0.5) / RES;
          const y = base.y0 + (j + 0.5) / RES;
          if (!isInsideHex(x - cx, y - cy)) continue;
          total++;
          if (land.at(x, y) !== 1) continue;
          landN++;
          const pc = political.at(x, y);
          if (pc) cVotes.set(pc, (cVotes.get(pc) ?? 0) + 1);
          const tt = terrain.at(x, y);
          tVotes.set(tt, (tVotes.get(tt) ?? 0) + 1);
          if (vichy.at(x, y)) vichyN++;
        }
      }
      const f = total ? landN / total : 0;
      const kind: HexKind = f < config.seaBelow ? 'sea' : f >= config.landAbove ? 'land' : 'coastal';
      const ci = majority(cVotes, 0);
      const h: HexOut = {
        kind,
        landFraction: round(f, 2),
        terrain: kind === 'sea' ? null : terrainTypes[majority(tVotes, 0)],
        country: kind === 'sea' || ci === 0 ? null : countryIds[ci - 1],
        provenance: { geography: generated },
      };
      if (h.country === layers.special.vichy.country && vichyN * 2 > landN) {
        h.vichy = true;
        h.provenance.vichy = layers.special.vichy.provenance;
      }
      hexes[hexId(c, r)] = h;
    }
  }

  // A coastal or land hex whose land lies in no country (tiny islands): take the nearest country's id by centre.
  for (const [id, h] of Object.entries(hexes)) {
    if (h.kind === 'sea' || h.country) continue;
    const [c, r] = parseHex(id);
    const [cx, cy] = hexCentre(c, r, offset);
    const pc = political.at(cx, cy);
    if (pc) h.country = countryIds[pc - 1];
  }

  // --- cities: rulebook-pinned hexes first, then geography
  const cityHex = new Map<string, CityDef[]>();
  const problems: string[] = [];
  for (const city of layers.cities.cities) {
    let id: string;
    if (city.hex) id = city.hex;
    else {
      const [x, y] = t.forward(city.lon, city.lat);
      const [c, r] = hexAt(x, y, offset);
      if (!inGrid(c, r)) continue;
      id = hexId(c, r);
    }
    if (!hexes[id]) {
      problems.push(`city ${city.name} pinned to ${id}, outside the grid`);
      continue;
    }
    if (!cityHex.has(id)) cityHex.set(id, []);
    cityHex.get(id)!.push(city);
  }
  const reconstructedRole = (role: string): Provenance => ({
    source: 'reconstructed',
    reason:
      role === 'production'
        ? layers.cities.productionReason
        : role === 'hex'
          ? 'placed where the fitted and warped geography puts the real city'
          : `historical ${role} in 1939; not stated by the rulebook`,
  });
  for (const [id, list] of [...cityHex.entries()].sort()) {
    const h = hexes[id];
    const first = list[0];
    const out: CityOut = { name: first.name, provenance: {} };
    if (list.length > 1) out.also = list.slice(1).map((c) => c.name);
    for (const c of list) {
      const roles: [string, unknown][] = [
        ['port', c.port],
        ['capital', c.capital],
        ['production', c.production],
        ['bonus', c.bonus],
        ['fort', c.fort],
        ['vichyProduction', c.vichyProduction],
      ];
      for (const [role, v] of roles) {
        if (v === undefined || v === false) continue;
        const o = out as unknown as Record<string, unknown>;
        if (role === 'production') o.production = ((o.production as number | undefined) ?? 0) + (v as number);
        else if (o[role] === undefined) o[role] = v;
        const rule = c.rules?.[role];
        if (!out.provenance[role]) out.provenance[role] = rule ? { source: 'rulebook', rule } : reconstructedRole(role);
      }
    }
    const hexRule = first.rules?.hex;
    out.provenance.hex = hexRule
      ? { source: 'rulebook', rule: hexRule }
      : first.pinReason
        ? { source: 'reconstructed', reason: first.pinReason }
        : reconstructedRole('hex');
    h.city = out;
    const forced = list.find((c) => c.country)?.country;
    if (forced) {
      h.country = forced;
      h.provenance.country = hexRule ? { source: 'rulebook', rule: hexRule } : { source: 'reconstructed', reason: `country of ${first.name}` };
    }
    if (h.kind === 'sea' || (h.kind === 'land' && out.port)) {
      h.kind = 'coastal';
      h.provenance.kind = { source: 'reconstructed', reason: `${first.name} is here${out.port ? ' and is a port' : ''}` };
      if (!h.terrain) h.terrain = 'clear';
      if (!h.country) {
        // The city's coast may fall a pixel offshore: take the nearest land pixel's country.
        const [x, y] = t.forward(first.lon, first.lat);
        const pc = nearestValue(political, x, y, 1);
        if (pc) h.country = countryIds[pc - 1];
      }
    }
  }

  // The rulebook fixes where these hexes are; the fit and warp put the named place inside each.
  for (const cp of config.controlPoints) {
    if (cp.checkOnly || !hexes[cp.hex]) continue;
    hexes[cp.hex].provenance.named = cp.ruling
      ? { source: 'reconstructed', reason: `${cp.name}: ${cp.rule}` }
      : { source: 'rulebook', rule: `${cp.rule}: ${cp.name}` };
  }
  for (const id of layers.special.straits.hexes) {
    const h = hexes[id];
    h.kind = 'straits';
    h.straits = layers.special.straits.names[id];
    h.provenance.kind = layers.special.straits.provenance;
    h.provenance.straits = layers.special.straits.namesProvenance;
    if (!h.terrain) h.terrain = 'clear';
  }
  for (const [id, needs] of Object.entries(layers.special.danishWaters.hexes)) {
    hexes[id].danishWaters = needs;
    hexes[id].provenance.danishWaters = layers.special.danishWaters.provenance;
  }
  for (let r = r0; r <= r1; r++) {
    const h = hexes[hexId(c0, r)];
    h.westEdge = true;
  }

  for (const o of layers.overrides.hexes) {
    const h = hexes[o.hex];
    if (!h) throw new Error(`map layer overrides.json: hex ${o.hex} is not on the grid ${c0}-${c1} x ${r0}-${r1}`);
    Object.assign(h, o.set);
    for (const k of Object.keys(o.set)) h.provenance[k] = { source: 'reconstructed', reason: `override: ${o.reason}` };
  }

  // --- hexsides
  const riverLines = layers.rivers.rivers.map((rv) => ({ name: rv.name, line: t.ring(densify(rv.line, 0.25, false)) }));
  const barrierLines = (layers.special.seaBarriers?.lines ?? []).map((b) => t.ring(densify(b.line, 0.25, false)));
  const hexsides: Record<string, HexsideOut> = {};
  for (const id of Object.keys(hexes).sort()) {
    const [c, r] = parseHex(id);
    // Each hexside once: from every hex to its N, NE and SE neighbours.
    const nb = neighbours(c, r, offset).slice(0, 3);
    nb.forEach(([nc, nr]) => {
      if (!inGrid(nc, nr)) return;
      const other = hexId(nc, nr);
      const a = hexes[id];
      const b = hexes[other];
      const ca = hexCentre(c, r, offset);
      const cb = hexCentre(nc, nr, offset);
      const links = linksAcross(land, ca, cb);
      // Hand-drawn sea barriers (straits narrower than a raster pixel, two shores in one hex) cut land links.
      const barrier = barrierLines.some((line) => crosses(ca, cb, line));
      if (barrier) links.land = false;
      let type: HexsideOut['type'];
      if (a.kind === 'sea' || b.kind === 'sea') type = 'sea';
      // Fleets never enter an all-land hex; land units cross only where land continues.
      else if (a.kind === 'land' || b.kind === 'land') type = links.land ? 'land' : 'sea';
      else if (links.land) type = links.water ? 'coast' : 'land';
      else type = links.water || barrier ? 'sea' : 'land';
      // Land units may always step between a straits hex and its shores (2WW 8.1); fleets only where water joins.
      if ((a.kind === 'straits' || b.kind === 'straits') && a.kind !== 'sea' && b.kind !== 'sea' && !barrier) {
        type = links.water ? 'coast' : 'land';
      }
      const side: HexsideOut = { type };
      if (a.country && b.country && a.country !== b.country && type !== 'sea') side.border = true;
      if (a.country === b.country && !!a.vichy !== !!b.vichy) side.vichyLine = true;
      if (a.kind !== 'sea' && b.kind !== 'sea' && type !== 'sea') {
        const rv = riverLines.find((x) => crosses(ca, cb, x.line));
        if (rv) side.river = rv.name;
      }
      hexsides[hexsideKey(id, other)] = side;
    });
  }
  for (const o of layers.overrides.hexsides ?? []) {
    const [a, b] = o.key.split('|');
    if (!hexsides[o.key] || o.key !== hexsideKey(a, b)) {
      throw new Error(`map layer overrides.json: hexside "${o.key}" is not a hexside of the grid; keys are two adjacent ids sorted, e.g. "2214|2215"`);
    }
    Object.assign(hexsides[o.key], o.set);
    hexsides[o.key].provenance = { source: 'reconstructed', reason: `override: ${o.reason}` };
  }

  // --- boxes: hexes listed in the Red Sea / Persian Gulf boxes come from real sea points in their windows
  const boxes: Record<string, unknown> = {};
  for (const boxId of Object.keys(layers.special.boxes).sort()) {
    const def = layers.special.boxes[boxId];
    const listed = new Set(def.hexes);
    const rule = layers.special.boxHexRules[boxId];
    if (rule) {
      for (let lon = rule.lonMin; lon <= rule.lonMax + 1e-9; lon += 0.25) {
        for (let lat = rule.latMin; lat <= rule.latMax + 1e-9; lat += 0.25) {
          const [x, y] = t.forward(lon, lat);
          if (land.at(x, y) === 1) continue;
          const [c, r] = hexAt(x, y, offset);
          if (!inGrid(c, r)) continue;
          const id = hexId(c, r);
          if (hexes[id].kind !== 'land') listed.add(id);
        }
      }
    }
    boxes[boxId] = {
      name: def.name,
      portions: def.portions,
      ...(def.landPortion ? { landPortion: def.landPortion } : {}),
      ...(def.westEdgeCost ? { westEdgeCost: def.westEdgeCost } : {}),
      hexes: [...listed].sort(),
      boxes: def.boxes,
      axisMayEnter: def.axisMayEnter,
      provenance: def.provenance,
      linksProvenance: def.linksProvenance,
    };
  }

  // --- coasts for renderers, clipped to the map rectangle
  const rect = { west: xmin, east: xmax, south: ymin, north: ymax };
  const coast: number[][][] = [];
  for (const poly of landPolys) {
    for (const ring of poly) {
      const clipped = clipRing(ring as LonLat[], rect);
      if (clipped.length < 3 || Math.abs(ringArea(clipped)) < 0.004) continue;
      const closed = [...clipped, clipped[0]];
      const simple = simplify(closed, 0.02);
      if (simple.length < 4) continue;
      coast.push(simple.slice(0, -1).map(([x, y]) => [round(x), round(y)]));
    }
  }

  // --- countries table
  const countries: Record<string, unknown> = {};
  for (const id of countryIds) {
    const d = layers.countries.countries[id];
    const capitalHexes: Record<string, string | null> = {};
    for (const name of d.capitals) {
      const found = Object.entries(hexes).find(([, h]) => h.city && (h.city.name === name || h.city.also?.includes(name)));
      capitalHexes[name] = found ? found[0] : null;
    }
    const noRail = d.noRail && layers.countries.noRailRule ? { noRailProvenance: { source: 'rulebook', rule: layers.countries.noRailRule } } : {};
    countries[id] = { ...d, ...noRail, capitalHexes };
  }

  const residuals = fit.residuals.map((x) => ({ ...x, distance: round(x.distance, 2) }));
  const westEdge = Object.keys(hexes).filter((id) => hexes[id].westEdge).sort();
  const map = {
    rulesetId: config.rulesetId,
    title: config.title,
    generatedBy: 'tools/map/build.ts',
    grid: {
      layout: 'flat-top-columns',
      offset,
      cols: [c0, c1],
      rows: [r0, r1],
      size: 1,
      idFormat: 'CCRR',
    },
    projection: {
      kind: 'conic-conformal',
      lon0: fit.params.lon0,
      parallels: fit.params.parallels,
      affine: fit.params.affine.map((v) => round(v, 6)),
      warp: 'thin-plate spline through the control points',
      rms: round(fit.rms, 3),
      rmsByOffset: { 'odd-down': round(fit.rmsByOffset['odd-down'], 3), 'even-down': round(fit.rmsByOffset['even-down'], 3) },
      residuals,
    },
    provenance: {
      geography: generated,
      countries: { source: 'reconstructed', reason: 'Natural Earth countries mapped to 1939 units plus hand-drawn 1939 border polygons (map-layers/countries.json)' },
      terrain: layers.terrain.provenance,
      rivers: layers.rivers.provenance,
    },
    countries,
    hexes: sortObject(hexes),
    hexsides: sortObject(hexsides),
    boxes,
    westEdge,
    render: { bounds: [round(xmin), round(ymin), round(xmax), round(ymax)], coast },
    buildProblems: problems,
  };
  return { map, fit };
}

/** Builds any kind of map config; the text is what the output file holds (deterministic). */
export function buildText(config: AnyMapConfig): { text: string; summary: string } {
  if (config.kind === 'areas') {
    const { board, summary } = buildAreaMap(config);
    return { text: JSON.stringify(board) + '\n', summary };
  }
  if (config.kind === 'hex-sheets') {
    const { map, fit } = buildEtoMap(config);
    return { text: JSON.stringify(map) + '\n', summary: residualSummary(fit) };
  }
  const { map, fit } = buildMap(config);
  return { text: JSON.stringify(map) + '\n', summary: `offset ${fit.params.offset}, parallels ${fit.params.parallels.join('/')}, rms ${fit.rms.toFixed(3)} hex` };
}

export async function writeMap(rulesetId: string): Promise<{ file: string; bytes: number; summary: string }> {
  const config = await getMapConfig(rulesetId);
  const { text, summary } = buildText(config);
  const file = resolve(REPO_ROOT, config.outFile);
  writeFileSync(file, text);
  return { file, bytes: text.length, summary };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const id = process.argv[2];
  if (!id) {
    console.error('usage: npx tsx tools/map/build.ts <ruleset id>   (e.g. 2ww)');
    process.exit(2);
  }
  for (const one of mapIds(id)) {
    const { file, bytes, summary } = await writeMap(one);
    console.log(`wrote ${file} (${bytes} bytes); ${summary}`);
  }
}
