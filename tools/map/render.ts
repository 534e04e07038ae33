// Renders a map.json to SVG or PNG:  npx tsx tools/map/render.ts 2ww out.png
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { getMapConfig, REPO_ROOT } from './configs.ts';
import { hexCentre, hexCorners, neighbours, parseHex, SQRT3, type ColumnOffset } from './hex.ts';
import { toBoard, type Placement } from './eto-build.ts';
import { renderAreaSvg } from './render-areas.ts';

const PX = 40; // pixels per map unit

const TERRAIN_FILL: Record<string, string> = {
  clear: '#e9e4c4',
  mountain: '#b89c78',
  rough: '#c9ad86',
  forest: '#93b57c',
  marsh: '#a2c7b6',
  desert: '#f0d79a',
  lake: '#7fb2dd',
};
const WEATHER_STROKE = '#8a2be2';
const SEA = '#a8cce6';

interface MapLike {
  title: string;
  grid: {
    offset?: ColumnOffset;
    cols?: [number, number];
    rows?: [number, number];
    /** Several sheets (ETO): ids carry the sheet prefix; placement puts each sheet on the joined board. */
    sheets?: { prefix: string; offset: ColumnOffset; placement: Placement }[];
  };
  hexes: Record<string, any>;
  hexsides: Record<string, any>;
  boxes?: Record<string, any>;
  seaAreas?: Record<string, { name: string }>;
  countries: Record<string, any>;
  render: { bounds: [number, number, number, number]; coast: number[][][] };
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Geometry {
  centre(id: string): [number, number];
  corners(id: string): [number, number][];
  /** The shared side of two adjacent hexes. */
  edge(key: string): [[number, number], [number, number]] | null;
}

function singleSheetGeometry(off: ColumnOffset): Geometry {
  return {
    centre: (id) => {
      const [c, r] = parseHex(id);
      return hexCentre(c, r, off);
    },
    corners: (id) => {
      const [c, r] = parseHex(id);
      return hexCorners(c, r, off);
    },
    edge: (key) => {
      const [a, b] = key.split('|');
      const [ac, ar] = parseHex(a);
      const [bc, br] = parseHex(b);
      const k = neighbours(ac, ar, off).findIndex(([c, r]) => c === bc && r === br);
      if (k < 0) return null;
      const cs = hexCorners(ac, ar, off);
      const pairs = [[4, 5], [5, 0], [0, 1], [1, 2], [2, 3], [3, 4]];
      return [cs[pairs[k][0]], cs[pairs[k][1]]];
    },
  };
}

function sheetsGeometry(sheets: NonNullable<MapLike['grid']['sheets']>): Geometry {
  const centre = (id: string): [number, number] => {
    const s = sheets.find((x) => x.prefix === id[0]);
    if (!s) throw new Error(`map: hex id "${id}" has no sheet prefix of ${sheets.map((x) => x.prefix).join('/')}`);
    const [c, r] = parseHex(id.slice(1));
    return toBoard(s.placement, hexCentre(c, r, s.offset));
  };
  return {
    centre,
    corners: (id) => {
      const [cx, cy] = centre(id);
      const h = SQRT3 / 2;
      return [[cx + 1, cy], [cx + 0.5, cy + h], [cx - 0.5, cy + h], [cx - 1, cy], [cx - 0.5, cy - h], [cx + 0.5, cy - h]];
    },
    edge: (key) => {
      const [a, b] = key.split('|').map(centre);
      const d = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (Math.abs(d - SQRT3) > 1e-6) return null;
      const m = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const u = [(a[1] - b[1]) / d / 2, (b[0] - a[0]) / d / 2];
      return [[m[0] - u[0], m[1] - u[1]], [m[0] + u[0], m[1] + u[1]]];
    },
  };
}

export function renderMapSvg(map: MapLike): string {
  const [bx0, by0, bx1, by1] = map.render.bounds;
  const margin = 1.2;
  const x0 = bx0 - margin;
  const y0 = by0 - margin;
  const W = Math.round((bx1 - bx0 + 2 * margin) * PX);
  const H = Math.round((by1 - by0 + 2 * margin + 2.6) * PX);
  const X = (x: number): string => ((x - x0) * PX).toFixed(1);
  const Y = (y: number): string => ((y - y0) * PX).toFixed(1);
  const g = map.grid.sheets ? sheetsGeometry(map.grid.sheets) : singleSheetGeometry(map.grid.offset!);
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="DejaVu Sans, sans-serif">`);
  out.push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
  out.push(`<rect x="${X(bx0)}" y="${Y(by0)}" width="${((bx1 - bx0) * PX).toFixed(1)}" height="${((by1 - by0) * PX).toFixed(1)}" fill="${SEA}"/>`);

  const poly = (pts: [number, number][] | number[][]): string => pts.map((p) => `${X(p[0])},${Y(p[1])}`).join(' ');
  // Real coasts underneath, so the hex terrain reads against true geography.
  out.push(`<path d="${map.render.coast.map((r) => 'M' + r.map((p) => `${X(p[0])},${Y(p[1])}`).join('L') + 'Z').join('')}" fill="#f6f2df" fill-rule="evenodd" stroke="none"/>`);

  for (const [id, h] of Object.entries(map.hexes)) {
    const corners = g.corners(id);
    if (h.kind === 'sea') continue;
    const fill = TERRAIN_FILL[h.terrain ?? 'clear'] ?? '#ddd';
    const opacity = h.kind === 'land' ? 0.85 : 0.55;
    out.push(`<polygon points="${poly(corners)}" fill="${fill}" fill-opacity="${opacity}"/>`);
    if (h.country === 'switzerland' || h.country === 'iraq') {
      out.push(`<polygon points="${poly(corners)}" fill="none" stroke="#666" stroke-opacity="0.35" stroke-width="3" stroke-dasharray="2,4"/>`);
    }
  }
  out.push(`<path d="${map.render.coast.map((r) => 'M' + r.map((p) => `${X(p[0])},${Y(p[1])}`).join('L') + 'Z').join('')}" fill="none" stroke="#2a5d8a" stroke-width="1.1"/>`);

  // Grid
  const grid: string[] = [];
  for (const id of Object.keys(map.hexes)) {
    grid.push('M' + g.corners(id).map((p) => `${X(p[0])},${Y(p[1])}`).join('L') + 'Z');
  }
  out.push(`<path d="${grid.join('')}" fill="none" stroke="#555" stroke-opacity="0.35" stroke-width="0.8"/>`);

  // Hexside features drawn on the shared edge.
  const edge = g.edge;
  const borders: string[] = [];
  const rivers: string[] = [];
  const vichy: string[] = [];
  const landSides: string[] = [];
  const weather: string[] = [];
  const ferries: string[] = [];
  const canals: string[] = [];
  for (const [key, s] of Object.entries(map.hexsides)) {
    const e = edge(key);
    if (!e) continue;
    const d = `M${X(e[0][0])},${Y(e[0][1])}L${X(e[1][0])},${Y(e[1][1])}`;
    const [ha, hb] = key.split('|').map((id) => map.hexes[id]);
    if (ha.weather && ha.weather !== hb.weather) weather.push(d);
    if (s.river) rivers.push(d);
    if (s.border) borders.push(d);
    if (s.vichyLine) vichy.push(d);
    if (s.ferry) ferries.push(d);
    if (s.canal) {
      const [ca, cb] = key.split('|').map(g.centre);
      canals.push(`M${X(ca[0])},${Y(ca[1])}L${X(cb[0])},${Y(cb[1])}`);
    }
    if (s.type === 'sea' && key.split('|').every((id) => map.hexes[id].kind !== 'sea')) landSides.push(d);
  }
  out.push(`<path d="${rivers.join('')}" stroke="#1f6fd1" stroke-width="3.5" fill="none" stroke-linecap="round"/>`);
  out.push(`<path d="${borders.join('')}" stroke="#c0262d" stroke-width="2.6" fill="none" stroke-dasharray="7,4" stroke-linecap="round"/>`);
  out.push(`<path d="${vichy.join('')}" stroke="#8a5a2b" stroke-width="3" fill="none" stroke-dasharray="2,4" stroke-linecap="round"/>`);
  out.push(`<path d="${landSides.join('')}" stroke="#0b3d91" stroke-width="2" fill="none" stroke-dasharray="1,3"/>`);
  if (weather.length) out.push(`<path d="${weather.join('')}" stroke="${WEATHER_STROKE}" stroke-width="3" fill="none" stroke-dasharray="9,5"/>`);
  if (ferries.length) out.push(`<path d="${ferries.join('')}" stroke="#0a7d3b" stroke-width="5" fill="none" stroke-dasharray="3,3"/>`);
  if (canals.length) out.push(`<path d="${canals.join('')}" stroke="#00a3c4" stroke-width="4" fill="none"/>`);

  // Hex ids, special hexes, cities
  for (const [id, h] of Object.entries(map.hexes)) {
    const [cx, cy] = g.centre(id);
    out.push(`<text x="${X(cx)}" y="${Y(cy - SQRT3 / 2 + 0.22)}" font-size="9" text-anchor="middle" fill="#333" fill-opacity="0.7">${id}</text>`);
    if (h.kind === 'straits') {
      out.push(`<polygon points="${poly(g.corners(id).map(([x, y]) => [cx + (x - cx) * 0.85, cy + (y - cy) * 0.85]))}" fill="none" stroke="#0b3d91" stroke-width="2.5"/>`);
    }
    if (h.mapEdge) out.push(`<polygon points="${poly(g.corners(id).map(([x, y]) => [cx + (x - cx) * 0.9, cy + (y - cy) * 0.9]))}" fill="none" stroke="#6b3fa0" stroke-width="2" stroke-dasharray="4,3"/>`);
    if (h.resource === 'plain') out.push(`<rect x="${X(cx - 0.18)}" y="${Y(cy - 0.18)}" width="${(0.36 * PX).toFixed(1)}" height="${(0.36 * PX).toFixed(1)}" fill="#222"/>`);
    if (h.danishWaters) {
      out.push(`<text x="${X(cx)}" y="${Y(cy + 0.55)}" font-size="9" text-anchor="middle" fill="#0b3d91">DW(${h.danishWaters.slice(0, 2)})</text>`);
    }
    if (h.city) {
      const city = h.city;
      const color = city.capital ? '#c0000a' : '#111';
      const rad = city.production || city.resource ? 6 : 4;
      if (city.port) out.push(`<circle cx="${X(cx)}" cy="${Y(cy)}" r="${rad + 3}" fill="none" stroke="#0b3d91" stroke-width="2"/>`);
      if (city.port === 'major') out.push(`<circle cx="${X(cx)}" cy="${Y(cy)}" r="${rad + 6}" fill="none" stroke="#0b3d91" stroke-width="2"/>`);
      out.push(`<circle cx="${X(cx)}" cy="${Y(cy)}" r="${rad}" fill="${city.production || city.resource ? '#222' : '#fff'}" stroke="${color}" stroke-width="2"/>`);
      if (city.production) out.push(`<text x="${X(cx)}" y="${Y(cy + 0.07)}" font-size="8" text-anchor="middle" fill="#fff">${city.production}</text>`);
      out.push(`<text x="${X(cx)}" y="${Y(cy + 0.42)}" font-size="11" font-weight="${city.capital ? 'bold' : 'normal'}" text-anchor="middle" fill="${color}" stroke="#fff" stroke-width="2.5" paint-order="stroke">${esc(city.name)}</text>`);
    }
  }

  // Country names at the mean of their hexes' centres (countries of three hexes or more).
  const sums = new Map<string, [number, number, number]>();
  for (const [id, h] of Object.entries(map.hexes)) {
    if (!h.country) continue;
    const [cx, cy] = g.centre(id);
    const s0 = sums.get(h.country) ?? [0, 0, 0];
    sums.set(h.country, [s0[0] + cx, s0[1] + cy, s0[2] + 1]);
  }
  for (const [id, [sx, sy, n]] of [...sums.entries()].sort()) {
    if (n < 3) continue;
    const name = String(map.countries[id]?.name ?? id).toUpperCase();
    out.push(`<text x="${X(sx / n)}" y="${Y(sy / n + 0.3)}" font-size="15" font-weight="bold" letter-spacing="2" text-anchor="middle" fill="#7a2e2e" fill-opacity="0.45">${esc(name)}</text>`);
  }

  // Sea-area names at the mean of their hexes (multi-sheet maps).
  const seaSums = new Map<string, [number, number, number]>();
  for (const [id, h] of Object.entries(map.hexes)) {
    if (!h.seaArea || h.kind !== 'sea') continue;
    const [cx, cy] = g.centre(id);
    const s0 = seaSums.get(h.seaArea) ?? [0, 0, 0];
    seaSums.set(h.seaArea, [s0[0] + cx, s0[1] + cy, s0[2] + 1]);
  }
  for (const [id, [sx, sy, n]] of [...seaSums.entries()].sort()) {
    out.push(`<text x="${X(sx / n)}" y="${Y(sy / n)}" font-size="22" font-style="italic" text-anchor="middle" fill="#0b3d91" fill-opacity="0.6">${esc(map.seaAreas?.[id]?.name ?? id)}</text>`);
  }

  // Boxes along the bottom margin with what they link to.
  const boxes = map.boxes ?? {};
  const boxIds = Object.keys(boxes);
  const bw = (bx1 - bx0) / boxIds.length;
  boxIds.forEach((id, i) => {
    const b = boxes[id];
    const x = bx0 + i * bw + 0.2;
    const y = by1 + 0.3;
    out.push(`<rect x="${X(x)}" y="${Y(y)}" width="${((bw - 0.4) * PX).toFixed(1)}" height="${(1.5 * PX).toFixed(1)}" fill="#dfefff" stroke="#0b3d91" stroke-width="2"/>`);
    const links = [b.westEdgeCost ? `west edge ${b.westEdgeCost} MP` : '', b.hexes.length ? `hexes ${b.hexes.slice(0, 8).join(' ')}${b.hexes.length > 8 ? ` +${b.hexes.length - 8} more` : ''}` : '', `boxes: ${b.boxes.join(', ')}`].filter(Boolean);
    out.push(`<text x="${X(x + 0.2)}" y="${Y(y + 0.5)}" font-size="15" font-weight="bold" fill="#0b3d91">${esc(b.name)}${b.axisMayEnter ? '' : ' (Allied fleets only)'}</text>`);
    out.push(`<text x="${X(x + 0.2)}" y="${Y(y + 1.1)}" font-size="11" fill="#0b3d91">${esc(links.join(' · '))}</text>`);
  });
  out.push(`<text x="${X(bx0)}" y="${Y(by0 - 0.4)}" font-size="22" font-weight="bold" fill="#222">${esc(map.title)} — generated map (Natural Earth + hand layers)</text>`);
  // Legend under the boxes.
  let lx = bx0;
  const ly = by1 + 2.05;
  const swatch = (fill: string, label: string): void => {
    out.push(`<rect x="${X(lx)}" y="${Y(ly)}" width="${(0.5 * PX).toFixed(1)}" height="${(0.5 * PX).toFixed(1)}" fill="${fill}" stroke="#555"/>`);
    out.push(`<text x="${X(lx + 0.6)}" y="${Y(ly + 0.42)}" font-size="14" fill="#222">${label}</text>`);
    lx += 0.9 + label.length * 0.2;
  };
  for (const [t, fill] of Object.entries(TERRAIN_FILL)) swatch(fill, t);
  swatch(SEA, 'sea');
  const line = (stroke: string, dash: string, width: number, label: string): void => {
    out.push(`<path d="M${X(lx)},${Y(ly + 0.25)}L${X(lx + 0.8)},${Y(ly + 0.25)}" stroke="${stroke}" stroke-width="${width}" stroke-dasharray="${dash}"/>`);
    out.push(`<text x="${X(lx + 0.95)}" y="${Y(ly + 0.42)}" font-size="14" fill="#222">${label}</text>`);
    lx += 1.2 + label.length * 0.2;
  };
  line('#1f6fd1', 'none', 3.5, 'river');
  line('#c0262d', '7,4', 2.6, 'border');
  line('#8a5a2b', '2,4', 3, 'Vichy line');
  line('#0b3d91', '1,3', 2, 'all-sea hexside');
  if (ferries.length) line('#0a7d3b', '3,3', 5, 'ferry');
  if (canals.length) line('#00a3c4', 'none', 4, 'canal');
  out.push(`<text x="${X(lx)}" y="${Y(ly + 0.42)}" font-size="14" fill="#222">● city (red: capital, filled: production points) ◎ port ⬡ straits</text>`);
  out.push('</svg>');
  return out.join('\n');
}

/** Renders rule set `rulesetId`'s map file to `outPath` (.svg or .png); `crop` = [x, y, width, height] in pixels. */
export async function renderMap(rulesetId: string, outPath: string, opts: { crop?: [number, number, number, number]; width?: number } = {}): Promise<void> {
  const config = await getMapConfig(rulesetId);
  const map = JSON.parse(readFileSync(resolve(REPO_ROOT, config.outFile), 'utf8'));
  writeSvgOrPng(config.kind === 'areas' ? renderAreaSvg(map, config.title) : renderMapSvg(map as MapLike), outPath, opts);
}

/** Writes an SVG as is (.svg) or rasterised (.png). */
export function writeSvgOrPng(svgIn: string, outPath: string, opts: { crop?: [number, number, number, number]; width?: number } = {}): void {
  let svg = svgIn;
  if (opts.crop) {
    const [x, y, w, h] = opts.crop;
    svg = svg.replace(/width="\d+" height="\d+" viewBox="[^"]*"/, `width="${w}" height="${h}" viewBox="${x} ${y} ${w} ${h}"`);
  }
  if (outPath.toLowerCase().endsWith('.svg')) {
    writeFileSync(outPath, svg);
    return;
  }
  const fitTo = opts.width ? { fitTo: { mode: 'width' as const, value: opts.width } } : {};
  const png = new Resvg(svg, { ...fitTo, font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } }).render().asPng();
  writeFileSync(outPath, png);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [id, out, crop, width] = process.argv.slice(2);
  if (!id || !out) {
    console.error('usage: npx tsx tools/map/render.ts <ruleset id> <out.png|out.svg> [x,y,width,height crop in pixels | -] [png width]');
    process.exit(2);
  }
  const c = crop && crop !== '-' ? { crop: crop.split(',').map(Number) as [number, number, number, number] } : {};
  await renderMap(id, out, { ...c, ...(width ? { width: Number(width) } : {}) });
  console.log(`wrote ${out}`);
}
