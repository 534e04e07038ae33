// ETO (2nd ed.): two sheets, W and E, each with its own numbering. The generic pipeline fits one sheet per config,
// so ETO has one config per sheet; the sheets' join is derived from the two fits (docs/data/eto.md).
// W numbers columns northward and rows eastward; E numbers columns southward and rows westward (the fits' affine
// steps absorb the rotation). Facts cite ETO rules, scenarios and cards.
import type { ControlPoint, MapConfig } from './config-types.ts';
import controlPointsJson from '../../src/rulesets/eto/data/control-points.json' with { type: 'json' };

interface EtoControlPoint {
  hex: string;
  name: string;
  lon: number;
  lat: number;
  weight: number;
  checkOnly?: boolean;
  provenance: { source: 'rulebook'; rule: string } | { source: 'reconstructed'; reason: string };
}

/** Control points of one sheet, with the sheet prefix stripped (the pipeline reads CCRR). */
export function etoControlPoints(sheet: 'W' | 'E'): ControlPoint[] {
  return (controlPointsJson.points as EtoControlPoint[])
    .filter((p) => p.hex.startsWith(sheet))
    .map((p) => ({
      hex: p.hex.slice(1), name: p.name, lon: p.lon, lat: p.lat, weight: p.weight,
      ...(p.checkOnly ? { checkOnly: true } : {}),
      rule: p.provenance.source === 'rulebook' ? p.provenance.rule : `reconstructed: ${p.provenance.reason}`,
    }));
}

function range(a: number, b: number, step: number): number[] {
  const out: number[] = [];
  for (let v = a; v <= b + 1e-9; v += step) out.push(Math.round(v * 100) / 100);
  return out;
}

const search = { lon0: [15], parallel1: range(20, 50, 2.5), parallel2: range(45, 75, 2.5), offsets: ['odd-down', 'even-down'] as const };

export const configEtoWest: MapConfig = {
  rulesetId: 'eto-w',
  title: 'WWII: European Theater of Operations — Western map',
  layersDir: 'src/rulesets/eto/data/map-layers/west',
  outFile: 'src/rulesets/eto/data/map-west.json',
  controlPoints: etoControlPoints('W'),
  search: { ...search, offsets: [...search.offsets] },
  // Reconstructed extent: W5225 (Norway) and W0133 (Libya) are named; rows run to the Polish-Soviet border.
  cols: [1, 58],
  rows: [1, 38],
  window: { west: -45, east: 45, south: 15, north: 80 },
  warpPull: 0.45,
  seaBelow: 0.06,
  landAbove: 0.97,
};

export const configEtoEast: MapConfig = {
  rulesetId: 'eto-e',
  title: 'WWII: European Theater of Operations — Eastern map',
  layersDir: 'src/rulesets/eto/data/map-layers/east',
  outFile: 'src/rulesets/eto/data/map-east.json',
  controlPoints: etoControlPoints('E'),
  search: { ...search, offsets: [...search.offsets] },
  // Reconstructed extent: E0929 (Leningrad front) to E5828 (Egyptian frontier); row 8 is the Iraqi map edge (24.1).
  cols: [1, 60],
  rows: [8, 36],
  window: { west: 5, east: 75, south: 15, north: 80 },
  warpPull: 0.45,
  seaBelow: 0.06,
  landAbove: 0.97,
};
