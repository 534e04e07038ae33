import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readAssets, readBoardView, windowAssets } from './board-data.ts';
import { buildGeometry } from './geometry.ts';
import type { Json } from '../../engine/types.ts';

const json = (p: string) => JSON.parse(readFileSync(new URL(p, import.meta.url), 'utf8')) as Json;

describe('board data reader (the client side of assets() and view())', () => {
  it('reads the 2WW map and counter files as the client draws them (2WW 3.2 off-map boxes)', () => {
    const a = readAssets({ map: json('../../rulesets/2ww/data/map.json'), counters: json('../../rulesets/2ww/data/counters.json') });
    expect(a.map).toBeDefined();
    const geo = buildGeometry(a.map!);
    expect(geo.hexes.size).toBe(Object.keys(a.map!.hexes).length);
    expect(a.map!.land?.length).toBeGreaterThan(0);
    expect(a.map!.boxes!.map((b) => b.id)).toContain('atlantic');
    const berlin = Object.values(a.map!.hexes).find((h) => h.city?.name === 'Berlin');
    expect(berlin?.city?.capital).toBe(true);
    const inf = a.counters!.units!['fr-inf-2']!;
    expect(inf).toMatchObject({ power: 'fr', type: 'infantry', name: '2nd', full: [3, 3], reduced: [1, 3] });
  });

  it('joins view units with the counter manifest; side from the power, else from the view\'s countries', () => {
    const assets = readAssets({
      counters: { counters: [{ id: 'ge-inf-4', nationality: 'ge', type: 'infantry', designation: '4', full: { combat: 4, movement: 3 }, reduced: { combat: 2, movement: 3 } }] },
    });
    const b = readBoardView({
      units: { 'ge-inf-4': { where: '2214', reduced: true, ops: true } }, control: { '2214': 'axis' }, turn: 2,
      countries: { ge: { controller: 'axis', status: 'belligerent' } },
    }, { ...assets, turns: ['Autumn 1939', 'Winter 1939'] });
    expect(b.units).toEqual([{ id: 'ge-inf-4', where: '2214', reduced: true, ops: true, power: 'ge', type: 'infantry', name: '4', factors: [2, 3], side: 'axis' }]);
    expect(b.turn).toEqual({ index: 2, label: 'Winter 1939' });
    expect(b.control).toEqual({ '2214': 'axis' });
  });

  it('ignores what it cannot read instead of failing', () => {
    expect(readAssets(null)).toEqual({});
    expect(readBoardView([1, 2] as Json).units).toEqual([]);
    expect(readBoardView({ units: [{ id: 'x' }, { id: 'y', where: 'pool' }] }).units.map((u) => u.id)).toEqual(['y']);
  });
});

describe('units kept elsewhere in the view, and scenario windows of the map', () => {
  it('reads units at the asset\'s paths: place from the first string field, renamed fields, factors from view fields', () => {
    const assets = readAssets({
      counters: { powers: { germany: { name: 'Germany', side: 'axis', color: '#999' } }, types: {}, units: { 'de-inf-1': { power: 'germany', type: 'inf', name: '1' } } },
      viewUnits: [{ path: 'land.units', where: ['hex', 'where'], rename: { depleted: 'reduced', name: 'title' }, factors: ['strength', 'ma'], reducedFactors: ['half', 'ma'], typeFactors: { general: ['combat', 'exploit'] } }],
      viewControl: 'land.control',
    });
    const v = readBoardView({
      land: {
        units: {
          'de-inf-1': { name: 'German infantry', hex: 'W3533', where: 'map', depleted: true, strength: 4, half: 2, ma: 3 },
          'de-inf-2': { hex: null, where: 'setup', depleted: false, strength: 4, half: 2, ma: 3 },
          kleist: { type: 'general', hex: 'W3533', where: 'map', strength: 0, ma: 0, combat: 3, exploit: 2 },
        },
        control: { W3533: 'axis' },
      },
    }, assets);
    expect(v.units.map((u) => [u.id, u.where, u.reduced, u.factors, u.name, u.side])).toEqual([
      ['de-inf-1', 'W3533', true, [2, 3], '1', 'axis'],
      ['de-inf-2', 'setup', false, [4, 3], undefined, ''],
      ['kleist', 'W3533', undefined, [3, 2], undefined, ''],
    ]);
    expect(v.control).toEqual({ W3533: 'axis' });
  });
  it('cuts the map to a scenario\'s window; an empty window means no map; other scenarios keep the whole map', () => {
    const assets = readAssets({
      map: {
        grid: { layout: 'flat-top columns', offset: 'odd-down' },
        hexes: { '0101': { kind: 'land' }, '0102': { kind: 'land' }, '0201': { kind: 'sea' } },
        hexsides: { '0101|0102': { river: true }, '0101|0201': { river: true } },
        land: [[[0, 0], [1, 0], [1, 1]]],
        windows: { small: ['0101', '0102'], none: [] },
      },
    });
    const w = windowAssets(assets, 'small').map!;
    expect(Object.keys(w.hexes).sort()).toEqual(['0101', '0102']);
    expect(Object.keys(w.hexsides!)).toEqual(['0101|0102']);
    expect(w.land).toBeUndefined();
    expect(windowAssets(assets, 'none').map).toBeUndefined();
    expect(windowAssets(assets, 'other')).toBe(assets);
  });

  it('boxes of one scenario are dropped elsewhere; an empty window with boxes is a board of boxes without hexes', () => {
    const assets = readAssets({
      map: {
        grid: { layout: 'flat-top columns', offset: 'odd-down' },
        hexes: { '0101': { kind: 'land' } },
        boxes: [{ id: 'north-sea', name: 'North Sea', scenarios: ['naval'] }, { id: 'pool', name: 'Pool' }],
        windows: { naval: [], land: ['0101'] },
      },
      actionFields: { units: ['ship', 7], places: ['space'] },
    });
    expect(assets.actionFields).toEqual({ units: ['ship'], places: ['space'] });
    const naval = windowAssets(assets, 'naval').map!;
    expect(naval.hexes).toEqual({});
    expect(naval.boxes!.map((b) => b.id)).toEqual(['north-sea', 'pool']);
    expect(windowAssets(assets, 'land').map!.boxes!.map((b) => b.id)).toEqual(['pool']);
    expect(windowAssets(assets, undefined).map!.boxes!.map((b) => b.id)).toEqual(['pool']);
  });

  it('a unit flagged gone is shown in its place (sunk), one not yet placed in the set-up place', () => {
    const v = readBoardView({
      ships: {
        hood: { name: 'Hood', nation: 'uk', space: 'north-atlantic', sunk: true },
        kgv: { name: 'King George V', nation: 'uk', space: '', sunk: false },
        bismarck: { name: 'Bismarck', nation: 'germany', space: 'W4922', sunk: false },
      },
    }, { viewUnits: [{ path: 'ships', where: ['space'], rename: { nation: 'power' }, placeIf: { sunk: 'sunk' }, unplaced: 'setup' }] });
    expect(v.units.map((u) => [u.id, u.where, u.power])).toEqual([['hood', 'sunk', 'uk'], ['kgv', 'setup', 'uk'], ['bismarck', 'W4922', 'germany']]);
  });
});
