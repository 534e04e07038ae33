import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RAW_2WW_DATA } from './index.ts';
import { mapViewFromJson, validate2wwData, type MapView } from './validate.ts';

const MAP_FILE = new URL('./map.json', import.meta.url);

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
type Json = Record<string, any>;

describe('validate2wwData', () => {
  it('the shipped 2WW data has no problems (checked against the shipped map.json)', () => {
    expect(validate2wwData()).toEqual([]);
    expect(validate2wwData({ map: null })).toEqual([]);
  });
  it('2WW 2, 8.1: the setup fits the map engineer\'s map.json (hexes exist, land units on land, fleets at sea)', () => {
    const map = mapViewFromJson(JSON.parse(readFileSync(MAP_FILE, 'utf8')));
    expect(Object.keys(map.hexes).length).toBeGreaterThan(100);
    expect(validate2wwData({ map })).toEqual([]);
    // the real map does catch a misplaced unit: the printed Cairo hex 2416 is at sea
    const s = JSON.parse(JSON.stringify(RAW_2WW_DATA['setup.json']));
    const i = s.scenarios[0].units.findIndex((u: { unit: string }) => u.unit === 'gb-arm-8');
    s.scenarios[0].units[i].location.hex = '2416';
    expect(validate2wwData({ map, data: { 'setup.json': s } })).toContainEqual(
      expect.objectContaining({ file: 'setup.json', field: `scenarios[0].units[${i}].location.hex`, message: expect.stringMatching(/all-sea hex 2416/) }));
  });
  it('a schema problem names the file and the field path', () => {
    const c = copy(RAW_2WW_DATA['counters.json']) as Json;
    c.counters[3].full.combat = -1;
    const p = validate2wwData({ data: { 'counters.json': c } });
    expect(p).toContainEqual(expect.objectContaining({ file: 'counters.json', field: 'counters[3].full.combat' }));
  });
  it('2WW 5.1.3: an air counter without a range is reported at that field', () => {
    const c = copy(RAW_2WW_DATA['counters.json']) as Json;
    const i = (c.counters as Json[]).findIndex((x) => x.id === 'ge-air-1');
    delete c.counters[i].reduced.range;
    const p = validate2wwData({ data: { 'counters.json': c } });
    expect(p).toContainEqual(expect.objectContaining({ file: 'counters.json', field: `counters[${i}].reduced.range` }));
  });
  it('2WW 2: a unit set up twice or unknown is reported on setup.json', () => {
    const s = copy(RAW_2WW_DATA['setup.json']) as Json;
    s.scenarios[0].units[1].unit = s.scenarios[0].units[0].unit;
    s.scenarios[0].units[2].unit = 'xx-nothing';
    const p = validate2wwData({ data: { 'setup.json': s } });
    expect(p).toContainEqual(expect.objectContaining({ file: 'setup.json', field: 'scenarios[0].units[1].unit', message: expect.stringMatching(/already placed/) }));
    expect(p).toContainEqual(expect.objectContaining({ file: 'setup.json', field: 'scenarios[0].units[2].unit', message: expect.stringMatching(/not in counters\.json/) }));
  });
  it('2WW 4.2 C.3: a gap between Combat Chart columns is reported at the column', () => {
    const c = copy(RAW_2WW_DATA['combat-chart.json']) as Json;
    c.lines[0].columns[2].min = 9;
    const p = validate2wwData({ data: { 'combat-chart.json': c } });
    expect(p).toContainEqual(expect.objectContaining({ file: 'combat-chart.json', field: 'lines[0].columns[2].min', message: expect.stringMatching(/contiguous/) }));
  });
  it('2WW 4.2 C.3: a result that grows with the roll is reported at the cell', () => {
    const c = copy(RAW_2WW_DATA['combat-chart.json']) as Json;
    c.lines[0].columns[3].losses[8] = 3;
    const p = validate2wwData({ data: { 'combat-chart.json': c } });
    expect(p).toContainEqual(expect.objectContaining({ file: 'combat-chart.json', field: 'lines[0].columns[3].losses[8]' }));
  });
  it('2WW 5.2.1: a fixed setup hex may not hold more than the stacking limit', () => {
    const s = copy(RAW_2WW_DATA['setup.json']) as Json;
    const units = s.scenarios[0].units as Json[];
    const i = units.findIndex((u) => u.unit === 'gb-fort-malta');
    units[i].location = { kind: 'hex', hex: '1315', city: 'Gibraltar' }; // Gibraltar already has its own fort
    const p = validate2wwData({ data: { 'setup.json': s } });
    expect(p).toContainEqual(expect.objectContaining({ file: 'setup.json', field: `scenarios[0].units[${i}].location.hex`, message: expect.stringMatching(/2 fort units; 2WW 5\.2\.1 allows 1/) }));
  });
  it('2WW 2: a Turn Record Track arrival that does not exist is reported', () => {
    const t = copy(RAW_2WW_DATA['turn-track.json']) as Json;
    t.reinforcements[0].unit = 'gb-arm-99';
    const p = validate2wwData({ data: { 'turn-track.json': t } });
    expect(p).toContainEqual(expect.objectContaining({ file: 'turn-track.json', field: 'reinforcements[0].unit' }));
    // and the unit it replaced can no longer enter play
    expect(p).toContainEqual(expect.objectContaining({ file: 'counters.json', message: expect.stringMatching(/gb-air-naval.*never enter play/) }));
  });
  it('2WW 8.1, 8.3.1: setup hexes are checked against the map: no land unit at sea, no fleet inland', () => {
    const map: MapView = { file: 'test-map', hexes: { '1909': { kind: 'sea' }, '1503': { kind: 'land' } } };
    const p = validate2wwData({ map });
    expect(p).toContainEqual(expect.objectContaining({ file: 'setup.json', message: expect.stringMatching(/fr-fort-maginot.*all-sea hex 1909/) }));
    expect(p).toContainEqual(expect.objectContaining({ file: 'setup.json', message: expect.stringMatching(/gb-fleet-home.*all-land hex 1503/) }));
    expect(p).toContainEqual(expect.objectContaining({ file: 'setup.json', message: expect.stringMatching(/hex 2903 is not on the map/) }));
  });
});
