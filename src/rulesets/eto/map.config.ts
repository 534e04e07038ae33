// ETO (2nd ed.): the map config read by tools/map (data only). Two sheets, W and E, each with its own numbering and
// fitted to its own named hexes (data/control-points.json); the sheets' join is in data/map-sheets.json
// (docs/data/eto.md). W numbers columns northward and rows eastward; E columns southward and rows westward (the
// fits' affine steps absorb the rotation).
import type { HexFitSpec, HexSheetsConfig } from '../../../tools/map/config-types.ts';

const fit = (window: HexFitSpec['window']): HexFitSpec => ({
  search: { lon0: [15], parallel1: { from: 20, to: 50, step: 2.5 }, parallel2: { from: 45, to: 75, step: 2.5 }, offsets: ['odd-down', 'even-down'] },
  window,
  warpPull: 0.45,
  seaBelow: 0.06,
  landAbove: 0.97,
});

const config: HexSheetsConfig = {
  kind: 'hex-sheets',
  rulesetId: 'eto',
  title: 'WWII: European Theater of Operations (2nd ed.)',
  layersDir: 'src/rulesets/eto/data/map-layers/eto',
  outFile: 'src/rulesets/eto/data/map.json',
  sheetsFile: 'src/rulesets/eto/data/map-sheets.json',
  controlPointsFile: 'src/rulesets/eto/data/control-points.json',
  seaAreasFile: 'src/rulesets/eto/data/sea-areas.json',
  sheets: {
    // Reconstructed extent (map-sheets.json): W5225 (Norway) and W0133 (Libya) are named; rows run to the
    // Polish-Soviet border.
    W: fit({ west: -45, east: 45, south: 15, north: 80 }),
    // E0929 (Leningrad front) to E5828 (Egyptian frontier); row 8 is the Iraqi map edge (24.1).
    E: fit({ west: 5, east: 75, south: 15, north: 80 }),
  },
};

export default config;
