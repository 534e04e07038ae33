// Builds BKG's area-map configs (tools/map, docs/data/area-maps.md) from data/map.json: each land area is the land of
// its real countries; where the game divides a group of countries among several areas, the line between two of them
// runs halfway between their label points (a Voronoi cell in lon/lat, x scaled by the cosine of the latitude). Sea
// zones are the water of such cells within their basin. Data in, config out: no rules code.
import type { AreaMapConfig, AreaPart, LinkDef, LonLat, Source } from '../../../../tools/map/config-types.ts';
import mapJson from '../data/map.json' with { type: 'json' };

export type Box = [west: number, south: number, east: number, north: number];
export const box = ([w, s, e, n]: Box): LonLat[] => [[w, s], [e, s], [e, n], [w, n]];
/** A reconstructed fact, with its reasoning. */
export const reconstructed = (why: string): Source => ({ reconstructed: why });
/** The part of an area inside a box (optionally only these countries' land), reconstructed. */
export const win = (b: Box, why: string, countries?: string[]) => ({ ...(countries ? { countries } : {}), within: box(b), source: reconstructed(why) });

/** Several areas sharing the land of `countries` (within `box`), split by nearest label point. */
export interface LandGroup { countries: string[]; areas: string[]; box: Box; why: string }
/** Sea zones sharing the water of `boxes`, split by nearest label point. */
export interface SeaGroup { areas: string[]; boxes: Box[]; /** Latitude whose cosine scales longitude (default: each box's middle). */ lat?: number }

export interface BkgMapSpec {
  map: 'europe' | 'pacific';
  title: string;
  outFile: string;
  projection: AreaMapConfig['projection'];
  window: AreaMapConfig['window'];
  width: number;
  /** Areas that are whole countries (or a window of one). */
  whole: Record<string, AreaPart[]>;
  groups: LandGroup[];
  /** Parts added to an area after the groups are painted (East Prussia, Gibraltar...). */
  extra: Record<string, AreaPart[]>;
  /** A Voronoi site other than the label point, to put a line where geography has it. */
  sites?: Record<string, LonLat>;
  seas: SeaGroup[];
  lakes?: LonLat[][];
  links: LinkDef[];
  unlinks: { a: string; b: string; source: Source }[];
}

interface MapArea { id: string; name: string; map: string; kind: string; at: number[]; src: string; prod?: unknown }
const AREAS = (mapJson as { areas: MapArea[] }).areas;
const SOURCES = (mapJson as unknown as { sources: Record<string, { rulebook?: string; reconstructed?: string }> }).sources;

type Pt = [number, number];

/** Keep the part of a convex polygon where (p - m) . n <= 0. */
function clipHalf(poly: Pt[], m: Pt, n: Pt): Pt[] {
  const out: Pt[] = [];
  const side = (p: Pt): number => (p[0] - m[0]) * n[0] + (p[1] - m[1]) * n[1];
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

/** The cell of each site within the box (lon/lat, x scaled by cos of the box's middle latitude). */
export function cells(sites: LonLat[], b: Box, lat = (b[1] + b[3]) / 2): LonLat[][] {
  const k = Math.cos((lat * Math.PI) / 180);
  const pts: Pt[] = sites.map(([lon, lat]) => [lon * k, lat]);
  const frame: Pt[] = box(b).map(([lon, lat]) => [lon * k, lat]);
  return pts.map((p, i) => {
    let poly = frame;
    pts.forEach((q, j) => {
      if (i === j || poly.length < 3) return;
      poly = clipHalf(poly, [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2], [q[0] - p[0], q[1] - p[1]]);
    });
    return poly.map(([x, y]): LonLat => [Math.round((x / k) * 1000) / 1000, Math.round(y * 1000) / 1000]);
  });
}

const eastOf = (map: string, [lon, lat]: number[]): LonLat => [map === 'pacific' && lon! < 0 ? lon! + 360 : lon!, lat!];

function named(a: MapArea): string {
  const s = SOURCES[a.src]!;
  return s.rulebook ? `named in ${s.rulebook}` : 'not named in the text (added from geography to make the map whole)';
}

export function bkgMapConfig(spec: BkgMapSpec): AreaMapConfig {
  const areas = AREAS.filter((a) => a.map === spec.map);
  const byId = new Map(areas.map((a) => [a.id, a]));
  const site = (id: string): LonLat => spec.sites?.[id] ?? eastOf(spec.map, byId.get(id)!.at);
  const parts = new Map<string, AreaPart[]>();
  const how = new Map<string, string>();
  const add = (id: string, p: AreaPart[], note: string): void => {
    if (!byId.has(id)) throw new Error(`bkg ${spec.map} map spec: "${id}" is not an area of that map in data/map.json`);
    parts.set(id, [...(parts.get(id) ?? []), ...p]);
    how.set(id, how.has(id) ? `${how.get(id)}; ${note}` : note);
  };
  for (const [id, p] of Object.entries(spec.whole)) add(id, p, `outline of ${p.flatMap((x) => x.countries ?? ['a drawn atoll']).join(', ')} (Natural Earth)`);
  for (const g of spec.groups) {
    const cs = cells(g.areas.map(site), g.box);
    g.areas.forEach((id, i) => add(id, [{ countries: g.countries, within: cs[i]!, source: { reconstructed: g.why } }],
      `part of ${g.countries.join(', ')} nearer its label than the labels of ${g.areas.filter((x) => x !== id).join(', ')} (${g.why})`));
  }
  const seaPolys = new Map<string, LonLat[][]>();
  for (const g of spec.seas) {
    for (const b of g.boxes) {
      cells(g.areas.map(site), b, g.lat).forEach((c, i) => {
        if (c.length >= 3) seaPolys.set(g.areas[i]!, [...(seaPolys.get(g.areas[i]!) ?? []), c]);
      });
    }
  }
  for (const [id, p] of Object.entries(spec.extra)) add(id, p, p.map((x) => (x.source && 'reconstructed' in x.source ? x.source.reconstructed : '')).join('; '));
  const out: AreaMapConfig['areas'] = {};
  const common = (a: MapArea, drawn: string) => ({
    name: a.name,
    ...(Array.isArray(a.prod) ? { value: a.prod[0] as number } : {}),
    label: eastOf(spec.map, a.at),
    source: { reconstructed: `${a.name}: ${named(a)}; ${drawn}` },
  });
  // Land first (areas with extra parts last, so those parts win), then the sea zones in group order (later wins).
  const land = areas.filter((a) => a.kind === 'land');
  const order = [...land.filter((a) => !spec.extra[a.id]), ...land.filter((a) => spec.extra[a.id])];
  for (const a of order) {
    const p = parts.get(a.id);
    if (!p) throw new Error(`bkg ${spec.map} map spec: land area "${a.id}" is drawn by no country, group or extra part`);
    out[a.id] = { ...common(a, how.get(a.id)!), kind: 'land', land: p };
  }
  for (const g of spec.seas) {
    for (const id of g.areas) {
      const a = byId.get(id);
      if (!a || a.kind !== 'sea') throw new Error(`bkg ${spec.map} map spec: "${id}" is not a sea zone of that map`);
      out[id] = { ...common(a, `the water nearer its label than the labels of the zones around it (${g.areas.length} zones share this basin)`), kind: 'sea', sea: seaPolys.get(id) ?? [] };
    }
  }
  const missing = areas.filter((a) => !out[a.id]).map((a) => a.id);
  if (missing.length) throw new Error(`bkg ${spec.map} map spec: areas not drawn: ${missing.join(', ')}`);
  return {
    kind: 'areas', rulesetId: 'bkg', title: spec.title, outFile: spec.outFile, projection: spec.projection, window: spec.window,
    width: spec.width, minPiece: 6, areas: out, ...(spec.lakes ? { lakes: spec.lakes } : {}), links: spec.links, unlinks: spec.unlinks,
  };
}
