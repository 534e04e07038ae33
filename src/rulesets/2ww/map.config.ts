// 2WW: The War in Europe — the map config read by tools/map (data only). Facts cite the rules (2WW x.y).
import type { HexMapConfig } from '../../../tools/map/config-types.ts';

const config: HexMapConfig = {
  kind: 'hex',
  rulesetId: '2ww',
  title: '2WW: The War in Europe',
  layersDir: 'src/rulesets/2ww/data/map-layers',
  outFile: 'src/rulesets/2ww/data/map.json',
  controlPoints: [
    { hex: '2903', name: 'Moscow', lon: 37.62, lat: 55.75, weight: 1, rule: '2WW 2.2' },
    { hex: '2601', name: 'Leningrad', lon: 30.31, lat: 59.94, weight: 1, rule: '2WW 2.2' },
    { hex: '3108', name: 'Sevastopol', lon: 33.52, lat: 44.6, weight: 1, rule: '2WW 2.2' },
    { hex: '2201', name: 'Stockholm', lon: 18.07, lat: 59.33, weight: 1, rule: '2WW 2.8' },
    { hex: '1703', name: 'Oslo', lon: 10.75, lat: 59.91, weight: 1, rule: '2WW 6.2 (convoy example)' },
    { hex: '1503', name: 'Scapa Flow', lon: -3.1, lat: 58.9, weight: 1, rule: '2WW 2.3' },
    { hex: '1315', name: 'Gibraltar', lon: -5.35, lat: 36.14, weight: 1, rule: '2WW 2.3, 8.1' },
    { hex: '1911', name: 'Toulon', lon: 5.93, lat: 43.12, weight: 1, rule: '2WW 2.1, 12.2.2' },
    { hex: '2411', name: 'Taranto', lon: 17.24, lat: 40.47, weight: 1, rule: '2WW 2.5' },
    { hex: '2415', name: 'Malta', lon: 14.45, lat: 35.9, weight: 1, rule: '2WW 2.3' },
    { hex: '2716', name: 'Tobruk', lon: 23.96, lat: 32.08, weight: 1, rule: '2WW 2.5' },
    { hex: '3310', name: 'Ankara', lon: 32.85, lat: 39.93, weight: 1, rule: '2WW 3.2 (errata)' },
    { hex: '3315', name: 'Alexandria', lon: 29.92, lat: 31.2, weight: 1, rule: '2WW 2.3' },
    { hex: '2911', name: 'Bosporus (Istanbul)', lon: 29.0, lat: 41.05, weight: 1, rule: '2WW 8.1' },
    { hex: '3012', name: 'Dardanelles', lon: 26.45, lat: 40.2, weight: 1, rule: '2WW 8.1' },
    { hex: '3414', name: 'Suez Canal north (Port Said)', lon: 32.3, lat: 31.2, weight: 0.7, rule: '2WW 8.1' },
    { hex: '3415', name: 'Suez Canal south (Suez)', lon: 32.55, lat: 29.97, weight: 0.7, rule: '2WW 8.1' },
    { hex: '2403', name: 'East Prussia (Königsberg)', lon: 20.5, lat: 54.7, weight: 0.7, rule: '2WW 2.6' },
    { hex: '2404', name: 'East Prussia (Allenstein)', lon: 20.9, lat: 53.8, weight: 0.7, rule: '2WW 2.6' },
    { hex: '2113', name: 'Sardinia', lon: 9.0, lat: 40.1, weight: 0.7, rule: '2WW 12.1.1' },
    { hex: '2511', name: 'Albania (Tirana)', lon: 19.82, lat: 41.33, weight: 0.7, rule: '2WW 12.1.1' },
    { hex: '3013', name: 'Rhodes', lon: 28.0, lat: 36.2, weight: 0.7, rule: '2WW 12.1.1' },
    { hex: '1316', name: 'Spanish Morocco (Tetuan)', lon: -5.6, lat: 35.3, weight: 0.5, rule: '2WW 8.1.2' },
    { hex: '1415', name: 'Spanish Morocco (Alhucemas)', lon: -3.9, lat: 35.2, weight: 0.5, rule: '2WW 8.1.2' },
    { hex: '1907', name: 'West Wall fort (Eifel)', lon: 6.7, lat: 50.3, weight: 0.4, rule: '2WW 2.6' },
    { hex: '1908', name: 'West Wall fort (Saar)', lon: 7.0, lat: 49.3, weight: 0.4, rule: '2WW 2.6' },
    { hex: '1909', name: 'Maginot fort (Lorraine-Alsace)', lon: 7.0, lat: 48.6, weight: 0.4, rule: '2WW 2.1' },
    // Algiers: 7.2.4 and 12.2.2 say 1915, setup 2.1 says 1615; the fit without Algiers is 1.26 hex from 1915 and
    // 1.55 from 1615, so 1915 is used (docs/rulings/2ww.md (The map)).
    { hex: '1915', name: 'Algiers', lon: 3.06, lat: 36.75, weight: 1, rule: '2WW 7.2.4, 12.2.2' },
    { hex: '1615', name: 'Algiers (as setup 2.1 writes it)', lon: 3.06, lat: 36.75, weight: 0, checkOnly: true, rule: '2WW 2.1' },
    // Cairo: 2.3 says 2416, 8 hexes from the fitted place; 3316 (0.50 hex from the fit) is used.
    { hex: '3316', name: 'Cairo', lon: 31.24, lat: 30.04, weight: 0.5, rule: '2WW 2.3 prints 2416; docs/rulings/2ww.md (The map) reads it as 3316', ruling: true },
    { hex: '2416', name: 'Cairo (as setup 2.3 writes it)', lon: 31.24, lat: 30.04, weight: 0, checkOnly: true, rule: '2WW 2.3' },
  ],
  search: {
    // A change of central meridian only rotates a conic map about its apex, which the affine step absorbs.
    lon0: [15],
    parallel1: { from: 10, to: 50, step: 2.5 },
    parallel2: { from: 40, to: 85, step: 2.5 },
    offsets: ['odd-down', 'even-down'],
  },
  cols: [10, 44],
  rows: [1, 18],
  window: { west: -35, east: 70, south: 18, north: 72 },
  warpPull: 0.45,
  seaBelow: 0.06,
  landAbove: 0.97,
};

export default config;
