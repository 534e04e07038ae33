// What a rule set's map config tells the generic pipeline (tools/map/build.ts).
import type { ColumnOffset } from './hex.ts';

export type Provenance = { source: 'rulebook'; rule: string } | { source: 'reconstructed'; reason: string };

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

export interface ProjectionSearch {
  /** Central meridians to try (degrees east). */
  lon0: number[];
  /** Standard parallels to try. */
  parallel1: number[];
  parallel2: number[];
  offsets: ColumnOffset[];
}

export interface MapConfig {
  rulesetId: string;
  title: string;
  /** Folder of hand-authored layers (relative to the repo root). */
  layersDir: string;
  /** Output map.json (relative to the repo root). */
  outFile: string;
  controlPoints: ControlPoint[];
  search: ProjectionSearch;
  /** Grid extent in CCRR columns/rows (inclusive). */
  cols: [number, number];
  rows: [number, number];
  /** Lon/lat window of the source geography kept before projection. */
  window: { west: number; east: number; south: number; north: number };
  /** Control points pulled to within this distance of their hex centre by the warp (hex radius = 1). */
  warpPull: number;
  /** Land fraction thresholds: below seaBelow = sea, at or above landAbove = all-land, else coastal. */
  seaBelow: number;
  landAbove: number;
  /** Builds the whole map.json instead of the single-sheet pipeline (several sheets: ETO). */
  customBuild?: () => { map: Record<string, unknown>; summary: string };
}
