// What a rule set's map config (src/rulesets/<id>/map.config.ts, data only) tells the pipeline. Three kinds:
// 'hex' (one hex sheet fitted to named hexes, tools/map/build.ts), 'hex-sheets' (several sheets, ETO,
// tools/map/eto-build.ts) and 'areas' (territories and sea zones from geography, tools/map/areas.ts).
import type { Source } from '../../src/engine/board.ts';
import type { ColumnOffset } from './hex.ts';

export type Provenance = { source: 'rulebook'; rule: string } | { source: 'reconstructed'; reason: string };
export type { Source };

/** A longitude/latitude pair in degrees (east and north positive). */
export type LonLat = [number, number];

/** A hex the rulebook names, tied to a real place so the projection can be fitted to it. */
export interface ControlPoint {
  hex: string;
  name: string;
  lon: number;
  lat: number;
  /** Weight in the least-squares fit (1 = a city the rulebook names; smaller for areas/approximate spots). */
  weight: number;
  /** Used only to report a residual, not in the fit or the warp (e.g. the disputed Cairo id). */
  checkOnly?: boolean;
  rule: string;
  /** The hex is our ruling on a rulebook misprint (provenance becomes 'reconstructed'). */
  ruling?: boolean;
}

/** Values to try: a list, or every `step` from `from` to `to` inclusive. */
export type Range = number[] | { from: number; to: number; step: number };

export interface ProjectionSearch {
  /** Central meridians to try (degrees east). */
  lon0: Range;
  /** Standard parallels to try. */
  parallel1: Range;
  parallel2: Range;
  offsets: ColumnOffset[];
}

/** Lon/lat window of the source geography kept before projection. */
export interface GeoWindow {
  west: number;
  east: number;
  south: number;
  north: number;
}

/** How one hex sheet is fitted and classified. */
export interface HexFitSpec {
  search: ProjectionSearch;
  window: GeoWindow;
  /** Control points pulled to within this distance of their hex centre by the warp (hex radius = 1). */
  warpPull: number;
  /** Land fraction thresholds: below seaBelow = sea, at or above landAbove = all-land, else coastal. */
  seaBelow: number;
  landAbove: number;
}

/** One hex sheet (2WW): CCRR ids, fitted to the control points listed here. */
export interface HexMapConfig extends HexFitSpec {
  kind: 'hex';
  rulesetId: string;
  title: string;
  /** Folder of hand-authored layers (relative to the repo root). */
  layersDir: string;
  /** Output map.json (relative to the repo root). */
  outFile: string;
  controlPoints: ControlPoint[];
  /** Grid extent in CCRR columns/rows (inclusive). */
  cols: [number, number];
  rows: [number, number];
}

/** Several hex sheets joined on one board (ETO), fitted together: sheets, control points and sea areas come from data files. */
export interface HexSheetsConfig {
  kind: 'hex-sheets';
  rulesetId: string;
  title: string;
  layersDir: string;
  outFile: string;
  /** Sheets (prefix, extent, offset, join) as src/board reads them. */
  sheetsFile: string;
  /** Named hexes with places: { points: [{ hex (with prefix), name, lon, lat, weight, checkOnly?, provenance }] }. */
  controlPointsFile: string;
  /** The rule set's sea areas and coastal hexes (port sizes). */
  seaAreasFile: string;
  /** Fit and classification of the joined board (column parity comes from the sheets file). */
  fit: HexFitSpec;
}

/** A piece of land: the named Natural Earth countries (all land if absent), cut by `within` and/or `split`. */
export interface AreaPart {
  /** Natural Earth 1:50m country names (world-atlas `countries-50m`), e.g. "Germany", "Bosnia and Herz.". */
  countries?: string[];
  /** Keep only the land inside this lon/lat polygon (or any of these polygons). */
  within?: LonLat[] | LonLat[][];
  /** Keep one side of a lon/lat polyline drawn across the country; its ends must lie outside the land it cuts. */
  split?: { line: LonLat[]; keep: 'left' | 'right' };
  /** Paint the whole `within` polygon as land: an atoll too small for the Natural Earth scale, drawn as a marker. */
  fill?: true;
  /** Why the part is drawn so (a split or a window that is not a modern border). */
  source?: Source;
}

interface AreaCommon {
  name: string;
  /** Country or power that owns the area at the start (colour). */
  owner?: string;
  /** A figure printed in the area (production value...). */
  value?: number;
  marks?: string[];
  /** Where the name goes, lon/lat; default: the point of the area farthest from its borders. */
  label?: LonLat;
  source: Source;
}

/** A territory: `kind` 'land' or any other non-sea kind the rules use ('neutral', 'impassable'...). */
export interface LandAreaDef extends AreaCommon {
  kind: string;
  /** The area is the union of these parts. */
  land: AreaPart[];
}

/** A sea zone: drawn polygons, clipped by land. */
export interface SeaAreaDef extends AreaCommon {
  kind: 'sea';
  sea: LonLat[][];
}

export type AreaDef = LandAreaDef | SeaAreaDef;

/** A link the geography does not give (a strait, a canal), or that replaces a computed one's kind. */
export interface LinkDef {
  a: string;
  b: string;
  kind: string;
  source: Source;
}

export interface AreaMapConfig {
  kind: 'areas';
  rulesetId: string;
  title: string;
  /** Output board JSON (BoardSchema of src/engine/board.ts), relative to the repo root. */
  outFile: string;
  projection: {
    kind: 'conic-conformal' | 'conic-equal-area' | 'mercator' | 'equirectangular' | 'azimuthal-equal-area';
    /** Central meridian (degrees east). */
    lon0: number;
    /** Conic projections: standard parallels. */
    parallels?: [number, number];
    /** Azimuthal projections: centre latitude. */
    lat0?: number;
  };
  window: GeoWindow;
  /** Width of the output map in map units (x grows east, y south). */
  width: number;
  /** Raster pixels per map unit (default 1). Finer shows smaller islands and costs time. */
  resolution?: number;
  /** Natural Earth detail (default '50m'). */
  detail?: '110m' | '50m' | '10m';
  /** Pieces smaller than this many pixels join their neighbour (default 12); an area's largest piece always stays. */
  minPiece?: number;
  /** Areas touch when they share at least this many pixel edges (default 2). */
  minShared?: number;
  /** Douglas-Peucker tolerance of the outlines, in pixels (default 1). */
  simplify?: number;
  countries?: Record<string, { name: string; color?: string }>;
  /** Areas by id. Land areas are painted in order, parts with `within`/`split` after those without. */
  areas: Record<string, AreaDef>;
  /** Links added or re-kinded (straits, canals, ferries). */
  links?: LinkDef[];
  /** Water inside these lon/lat polygons belongs to no sea zone (inland seas and lakes the game does not use). */
  lakes?: LonLat[][];
  /** Computed links removed (a border the game closes). */
  unlinks?: { a: string; b: string; source: Source }[];
}

export type AnyMapConfig = HexMapConfig | HexSheetsConfig | AreaMapConfig;

/** Expands a Range. */
export function rangeValues(r: Range): number[] {
  if (Array.isArray(r)) return r;
  const out: number[] = [];
  for (let v = r.from; v <= r.to + 1e-9; v += r.step) out.push(Math.round(v * 100) / 100);
  return out;
}
