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

// A second sheet turned half round (ETO's E sheet against W): E0508 lies just past W's east edge, on W1101's place.
const twoSheets: MapData = {
  grid: {
    layout: 'flat-top columns', offset: 'odd-down',
    sheets: [
      { prefix: 'W', cols: [1, 10], rows: [1, 8], offset: 'odd-down' },
      { prefix: 'E', cols: [1, 5], rows: [1, 8], offset: 'odd-down', join: { anchor: 'E0508', onto: 'W1101', colSign: -1, rowSign: -1 } },
    ],
  },
  hexes: {
    W1001: { kind: 'land', country: 'fr' }, W1002: { kind: 'land', country: 'fr' },
    E0508: { kind: 'land', country: 'ge' }, E0507: { kind: 'land', country: 'ge' }, E0408: { kind: 'sea' },
  },
  hexsides: { 'W1001|E0508': { features: ['river'] } },
};

describe('map geometry over several sheets with prefixes and opposite numbering (src/board placement)', () => {
  const geo = buildGeometry(twoSheets);
  it('places the turned sheet by its join: rows run north, columns run west', () => {
    const e = geo.hexes.get('E0508')!;
    expect(e.cx).toBeCloseTo(1.5 * 11);
    expect(e.cy).toBeCloseTo(Math.sqrt(3) * 1.5);
    expect(geo.hexes.get('E0507')!.cy - e.cy).toBeCloseTo(Math.sqrt(3));
    expect(geo.hexes.get('E0408')!.cx - e.cx).toBeCloseTo(1.5);
    expect(geo.hexes.get('W1001')!.cx).toBeCloseTo(15);
  });
  it('joins hexes across the seam; every adjacent pair is one hex apart and shares an edge', () => {
    const keys = geo.adjacentPairs.map((p) => [...p].sort().join('/'));
    expect(keys).toContain('E0508/W1001');
    expect(keys).toContain('E0507/W1002');
    for (const [a, b] of geo.adjacentPairs) {
      const ha = geo.hexes.get(a)!, hb = geo.hexes.get(b)!;
      expect(Math.hypot(ha.cx - hb.cx, ha.cy - hb.cy)).toBeCloseTo(Math.sqrt(3));
      expect(geo.edge(a, b)).not.toBeNull();
    }
    expect(borderSegments(twoSheets, geo)).toHaveLength(keys.filter((k) => /^E05\d\d\/W/.test(k)).length);
    expect(hexsideSegments(twoSheets, geo).get('river')).toHaveLength(1);
  });
});
