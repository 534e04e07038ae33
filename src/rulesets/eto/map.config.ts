// ETO (2nd ed.): the map config read by tools/map (data only). Two sheets, W and E, each with its own numbering,
// joined as data/map-sheets.json says and fitted together to the named hexes of data/control-points.json
// (docs/data/eto.md). W numbers columns northward and rows eastward; E columns southward and rows westward.
import type { HexSheetsConfig } from '../../../tools/map/config-types.ts';

const config: HexSheetsConfig = {
  kind: 'hex-sheets',
  rulesetId: 'eto',
  title: 'WWII: European Theater of Operations (2nd ed.)',
  layersDir: 'src/rulesets/eto/data/map-layers/eto',
  outFile: 'src/rulesets/eto/data/map.json',
  sheetsFile: 'src/rulesets/eto/data/map-sheets.json',
  controlPointsFile: 'src/rulesets/eto/data/control-points.json',
  seaAreasFile: 'src/rulesets/eto/data/sea-areas.json',
  // One projection for both sheets, fitted to every named hex at its place on the joined board.
  fit: {
    search: { lon0: [15], parallel1: { from: 20, to: 50, step: 2.5 }, parallel2: { from: 45, to: 75, step: 2.5 }, offsets: ['even-down'] },
    window: { west: -45, east: 75, south: 15, north: 80 },
    warpPull: 0.45,
    seaBelow: 0.06,
    landAbove: 0.97,
  },
};

export default config;
