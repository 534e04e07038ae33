import { describe, expect, it } from 'vitest';
import { borderSegments, buildGeometry, hexsideSegments } from './geometry.ts';
import type { MapData } from './board-data.ts';

const map: MapData = {
  grid: { layout: 'flat-top columns', offset: 'odd-down' },
  hexes: {
    '0101': { kind: 'land', country: 'fr' },
    '0201': { kind: 'land', country: 'ge' },
    '0102': { kind: 'sea' },
    '0301': { kind: 'land', country: 'ge' },
  },
  hexsides: { '0101/0201': { features: ['river'] } },
};

describe('map geometry for the board (flat-topped columns, centre x = 1.5 col)', () => {
  const geo = buildGeometry(map);
  it('places hex centres by column and shifted columns', () => {
    expect(geo.hexes.get('0101')!.cx).toBeCloseTo(1.5);
    expect(geo.hexes.get('0101')!.cy).toBeCloseTo(Math.sqrt(3) * 1.5);
    expect(geo.hexes.get('0201')!.cy).toBeCloseTo(Math.sqrt(3));
  });
  it('finds adjacent pairs and their shared edge', () => {
    const keys = geo.adjacentPairs.map((p) => [...p].sort().join('/')).sort();
    expect(keys).toContain('0101/0201');
    expect(keys).toContain('0101/0102');
    const e = geo.edge('0101', '0201')!;
    expect(Math.hypot(e.x2 - e.x1, e.y2 - e.y1)).toBeCloseTo(1);
    expect(geo.edge('0101', '0301')).toBeNull();
  });
  it('draws a border only between land hexes of different countries', () => {
    expect(borderSegments(map, geo)).toHaveLength(1);
  });
  it('draws hexside features on the shared edge', () => {
    expect(hexsideSegments(map, geo).get('river')).toHaveLength(1);
  });
});
