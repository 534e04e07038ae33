import { describe, expect, it } from 'vitest';
import { borderSegments, buildGeometry, hexsideSegments } from './geometry.ts';
import type { Board } from './board-model.ts';

const board: Board = {
  hex: {
    sheets: [{ prefix: '', cols: [1, 3], rows: [1, 2], offset: 'odd-down' }],
    hexes: {
      '0101': { kind: 'land', country: 'fr' },
      '0201': { kind: 'land', country: 'ge' },
      '0102': { kind: 'sea' },
      '0301': { kind: 'land', country: 'ge' },
    },
    hexsides: { '0101/0201': { features: ['river'] } },
  },
};

describe('map geometry for the board (flat-topped columns, centre x = 1.5 col)', () => {
  const geo = buildGeometry(board)!;
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
    expect(borderSegments(board, geo)).toHaveLength(1);
  });
  it('draws hexside features on the shared edge', () => {
    expect(hexsideSegments(board, geo).get('river')).toHaveLength(1);
  });
  it('a board with neither hexes nor areas has no geometry (its boxes are panels)', () => {
    expect(buildGeometry({ boxes: [{ id: 'pool', name: 'Pool' }] })).toBeNull();
  });
});

// A second sheet turned half round (ETO's E sheet against W): E0508 lies just past W's east edge, on W1101's place.
const twoSheets: Board = {
  hex: {
    sheets: [
      { prefix: 'W', cols: [1, 10], rows: [1, 8], offset: 'odd-down' },
      { prefix: 'E', cols: [1, 5], rows: [1, 8], offset: 'odd-down', join: { anchor: 'E0508', onto: 'W1101', colSign: -1, rowSign: -1 } },
    ],
    hexes: {
      W1001: { kind: 'land', country: 'fr' }, W1002: { kind: 'land', country: 'fr' },
      E0508: { kind: 'land', country: 'ge' }, E0507: { kind: 'land', country: 'ge' }, E0408: { kind: 'sea' },
    },
    hexsides: { 'E0508/W1001': { features: ['river'] } },
  },
};

describe('map geometry over several sheets with prefixes and opposite numbering (src/board placement)', () => {
  const geo = buildGeometry(twoSheets)!;
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

describe('area boards: polygons, label points, bounds', () => {
  const areas: Board = {
    areas: {
      north: { name: 'North', kind: 'land', polygons: [[[0, 0], [10, 0], [10, 5], [0, 5]]], label: [5, 2.5] },
      strait: { name: 'Strait', kind: 'sea', polygons: [[[10, 0], [14, 0], [14, 5]], [[20, 20], [21, 20], [21, 21]]], label: [12, 2] },
    },
  };
  const geo = buildGeometry(areas)!;
  it('each area is one path of all its polygons, with its counters at the label point', () => {
    expect(geo.areas.get('strait')!.path.match(/M/g)).toHaveLength(2);
    expect(geo.centre('north')).toEqual([5, 2.5]);
    expect(geo.centre('nowhere')).toBeNull();
    expect(geo.bounds).toEqual({ x: 0, y: 0, w: 21, h: 21 });
  });
});
