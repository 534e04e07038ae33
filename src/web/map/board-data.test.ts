import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readAssets, readBoardView } from './board-data.ts';
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
