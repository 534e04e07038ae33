// The transitional reader (src/web/map/legacy.ts) of rule sets whose assets predate the board contract: their data
// arrive in the contract's shapes. Goes with legacy.ts once 2WW and ETO conform.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readLegacy } from './legacy.ts';
import { buildGeometry } from './geometry.ts';
import type { Json } from '../../engine/types.ts';
import { getRuleset } from '../../rulesets/index.ts';

const json = (p: string) => JSON.parse(readFileSync(new URL(p, import.meta.url), 'utf8')) as Json;

describe('legacy assets read into the board contract', () => {
  it('reads the 2WW map and counter files as the client draws them (2WW 3.2 off-map boxes)', () => {
    const { assets } = readLegacy({ map: json('../../rulesets/2ww/data/map.json'), counters: json('../../rulesets/2ww/data/counters.json') })!;
    const geo = buildGeometry(assets.board)!;
    expect(geo.hexes.size).toBe(Object.keys(assets.board.hex!.hexes).length);
    expect(assets.board.hex!.land?.length).toBeGreaterThan(0);
    expect(assets.board.boxes!.map((b) => b.id)).toContain('atlantic');
    const berlin = Object.values(assets.board.hex!.hexes).find((h) => h.city?.name === 'Berlin');
    expect(berlin?.city?.capital).toBe(true);
    expect(assets.counters!.units!['fr-inf-2']).toMatchObject({ power: 'fr', type: 'infantry', name: '2nd', full: [3, 3], reduced: [1, 3] });
  });

  it('assets that follow the contract are not legacy (ETO since it moved to the contract)', () => {
    expect(readLegacy({ board: {} })).toBeNull();
    expect(readLegacy(getRuleset('eto').assets!())).toBeNull();
  });

  it('joins view units with the counter manifest; side from the power, else from the view\'s countries; Ops Complete as a mark', () => {
    const { reader } = readLegacy({
      counters: { counters: [{ id: 'ge-inf-4', nationality: 'ge', type: 'infantry', designation: '4', full: { combat: 4, movement: 3 }, reduced: { combat: 2, movement: 3 } }] },
      turns: ['Autumn 1939', 'Winter 1939'],
    })!;
    const b = reader.boardView({
      units: { 'ge-inf-4': { where: '2214', reduced: true, ops: true } }, control: { '2214': 'axis' }, turn: 2,
      countries: { ge: { controller: 'axis', status: 'belligerent' } },
    });
    expect(b.pieces).toEqual([{ id: 'ge-inf-4', where: '2214', power: 'ge', type: 'infantry', side: 'axis', name: '4', reduced: true, marks: ['ops-complete'] }]);
    expect(b.turn).toEqual({ index: 2, label: 'Winter 1939' });
    expect(b.control).toEqual({ '2214': 'axis' });
  });

  it('control equal to the country\'s side at the start is not drawn (the contract lists only changes)', () => {
    const { reader } = readLegacy({
      map: { grid: { layout: 'flat-top columns', offset: 'odd-down' }, hexes: { '0101': { kind: 'land', country: 'ge' } }, countries: { ge: { name: 'Germany', start: 'axis' } } },
    })!;
    expect(reader.boardView({ control: { '0101': 'axis' } }).control).toEqual({});
    expect(reader.boardView({ control: { '0101': 'allies' } }).control).toEqual({ '0101': 'allies' });
  });

  it('guesses refs from the old action fields (the rule set\'s own list when it gives one)', () => {
    const { reader } = readLegacy({
      map: { grid: { layout: 'flat-top columns', offset: 'odd-down' }, hexes: { '0101': { kind: 'land' } }, boxes: [{ id: 'north-sea', name: 'North Sea' }] },
      actionFields: { units: ['ship'], places: ['space'] },
    })!;
    expect(reader.refs({ type: 'move', ship: 'hood', space: 'north-sea' })).toEqual({ units: ['hood'], place: 'north-sea' });
    expect(reader.refs({ type: 'pass' })).toBeUndefined();
  });

  it('reads units at the asset\'s paths: place from the first string field, renamed fields, factors from view fields', () => {
    const { reader } = readLegacy({
      counters: { powers: { germany: { name: 'Germany', side: 'axis', color: '#999' } }, types: {}, units: { 'de-inf-1': { power: 'germany', type: 'inf', name: '1' } } },
      viewUnits: [{ path: 'land.units', where: ['hex', 'where'], rename: { depleted: 'reduced', name: 'title' }, factors: ['strength', 'ma'], reducedFactors: ['half', 'ma'], typeFactors: { general: ['combat', 'exploit'] } }],
      viewControl: 'land.control',
    })!;
    const v = reader.boardView({
      land: {
        units: {
          'de-inf-1': { name: 'German infantry', hex: 'W3533', where: 'map', depleted: true, strength: 4, half: 2, ma: 3 },
          kleist: { type: 'general', hex: 'W3533', where: 'map', strength: 0, ma: 0, combat: 3, exploit: 2 },
        },
        control: { W3533: 'axis' },
      },
    });
    expect(v.pieces.map((u) => [u.id, u.where, u.reduced, u.factors, u.name, u.side])).toEqual([
      ['de-inf-1', 'W3533', true, [2, 3], '1', 'axis'],
      ['kleist', 'W3533', undefined, [3, 2], undefined, ''],
    ]);
    expect(v.control).toEqual({ W3533: 'axis' });
  });
});
