import { describe, expect, it } from 'vitest';
import { type Board, buildBoard } from './board.ts';
import { FlagMap } from './flags.ts';
import type { ColumnOffset } from './hex-geometry.ts';
import { withinRange } from './range.ts';

function grid(cols: [number, number], rows: [number, number], offset: ColumnOffset): Board {
  return buildBoard({ sheets: [{ prefix: '', cols, rows, offset }] });
}

const ids = (b: Board, nodes: number[]): string[] => nodes.map((n) => b.id(n));

describe('hex grid adjacency and ids', () => {
  it('2WW 3.2 with odd-down, 2214 neighbours are exactly 2213 2313 2314 2215 2114 2113', () => {
    const b = grid([13, 34], [1, 16], 'odd-down');
    expect(ids(b, b.neighbours(b.index('2214')))).toEqual(['2213', '2313', '2314', '2215', '2114', '2113']);
  });

  it('2WW 3.2 with even-down, 2214 neighbours are exactly 2213 2314 2315 2215 2115 2114', () => {
    const b = grid([13, 34], [1, 16], 'even-down');
    expect(ids(b, b.neighbours(b.index('2214')))).toEqual(['2213', '2314', '2315', '2215', '2115', '2114']);
  });

  it('2WW 3.2 adjacency holds both ways: 2214-2313 (odd-down) and 2214-2315 (even-down)', () => {
    const odd = grid([13, 34], [1, 16], 'odd-down');
    expect(odd.neighbours(odd.index('2313'))).toContain(odd.index('2214'));
    expect(odd.neighbours(odd.index('2214'))).toContain(odd.index('2313'));
    expect(odd.edgeBetween(odd.index('2214'), odd.index('2315'))).toBe(-1);
    const even = grid([13, 34], [1, 16], 'even-down');
    expect(even.neighbours(even.index('2315'))).toContain(even.index('2214'));
    expect(even.neighbours(even.index('2214'))).toContain(even.index('2315'));
    expect(even.edgeBetween(even.index('2214'), even.index('2313'))).toBe(-1);
    for (const b of [odd, even]) {
      for (let n = 0; n < b.hexCount; n++) for (const m of b.neighbours(n)) expect(b.neighbours(m)).toContain(n);
    }
  });

  it('2WW 3.2 map-edge and corner hexes have fewer neighbours', () => {
    const b = grid([1, 10], [1, 8], 'odd-down');
    expect(ids(b, b.neighbours(b.index('0101')))).toEqual(['0201', '0202', '0102']); // column 1 shifted down
    expect(ids(b, b.neighbours(b.index('1001')))).toEqual(['1002', '0901']); // column 10 unshifted
    expect(b.neighbours(b.index('0505'))).toHaveLength(6);
  });

  it('2WW 3.2 unknown ids are refused with the expected format', () => {
    const b = grid([1, 10], [1, 8], 'odd-down');
    expect(() => b.index('1109')).toThrow(/no hex, box or area has the id "1109"/);
    expect(b.find('1109')).toBe(-1);
    expect(b.hexAt(11, 1)).toBe(-1);
    expect(b.hexAt(3, 4)).toBe(b.index('0304'));
    expect(b.coords(b.index('0304'))).toEqual({ sheet: '', col: 3, row: 4 });
  });

  it('2WW 3.2 omitted half hexes are not on the board', () => {
    const b = buildBoard({ sheets: [{ prefix: '', cols: [1, 4], rows: [1, 4], offset: 'odd-down', omit: ['0104', '0304'] }] });
    expect(b.hexCount).toBe(14);
    expect(b.find('0104')).toBe(-1);
    expect(ids(b, b.neighbours(b.index('0204')))).toEqual(['0203', '0303', '0103']); // SE 0304, SW 0104 gone
    expect(() => buildBoard({ sheets: [{ prefix: 'W', cols: [1, 4], rows: [1, 4], offset: 'odd-down', omit: ['0104'] }] })).toThrow(
      /omits "0104", which is not an id of that sheet/,
    );
  });
});

describe('hex distance, radius and ring', () => {
  it('2WW 5.1.3 distance known values and symmetry (odd-down)', () => {
    const b = grid([13, 34], [1, 25], 'odd-down');
    const d = (x: string, y: string): number => b.distance(b.index(x), b.index(y));
    expect(d('2214', '2214')).toBe(0);
    expect(d('2214', '2313')).toBe(1);
    expect(d('2214', '2614')).toBe(4);
    expect(d('2214', '2220')).toBe(6);
    expect(d('2214', '2810')).toBe(7); // 6 steps NE reach 2811, one more N
    expect(d('2214', '2204')).toBe(10);
    expect(d('2214', '2520')).toBe(8);
    expect(d('1315', '2903')).toBe(d('2903', '1315'));
  });

  it('2WW 5.1.3 distance equals the fewest steps over the grid, for both offsets', () => {
    for (const offset of ['odd-down', 'even-down'] as const) {
      const b = grid([1, 12], [1, 9], offset);
      for (const start of ['0101', '0605', '1209', '0709', '1201']) {
        const s = b.index(start);
        const reach = withinRange(b, s, 100);
        expect(reach.count).toBe(b.hexCount);
        for (let n = 0; n < b.hexCount; n++) {
          expect(b.distance(s, n)).toBe(reach.costTo(n));
          expect(b.distance(n, s)).toBe(reach.costTo(n));
        }
      }
    }
  });

  it('2WW 5.1.3 an air unit of range 3 covers 37 hexes in open map; ring r has 6r hexes', () => {
    const b = grid([1, 20], [1, 20], 'odd-down');
    const c = b.index('1010');
    for (const r of [0, 1, 2, 3, 6]) {
      const within = b.hexesWithin(c, r);
      expect(within).toHaveLength(3 * r * (r + 1) + 1);
      for (const n of within) expect(b.distance(c, n)).toBeLessThanOrEqual(r);
      const ring = b.ring(c, r);
      expect(ring).toHaveLength(r === 0 ? 1 : 6 * r);
      expect(new Set(ring).size).toBe(ring.length);
      for (const n of ring) expect(b.distance(c, n)).toBe(r);
    }
    // At the corner, the radius is clipped to the map.
    expect(b.hexesWithin(b.index('0101'), 1).map((n) => b.id(n)).sort()).toEqual(['0101', '0102', '0201', '0202']);
  });
});

describe('hexsides as keys', () => {
  it('2WW 3.2 hexsideKey is canonical for the pair and distinct for different pairs', () => {
    const b = grid([1, 10], [1, 8], 'odd-down');
    // Vertical sides 10*7, plus 2*8-1 between each pair of adjacent columns.
    expect(b.edgeCount).toBe(10 * 7 + 9 * 15);
    const seen = new Set<number>();
    for (let n = 0; n < b.hexCount; n++) {
      for (const m of b.neighbours(n)) {
        const k = b.hexsideKey(n, m);
        expect(b.hexsideKey(m, n)).toBe(k);
        expect(b.edgeEnds(k)).toEqual([Math.min(n, m), Math.max(n, m)]);
        expect(b.otherEnd(k, n)).toBe(m);
        seen.add(k);
      }
    }
    expect(seen.size).toBe(b.edgeCount);
    expect(b.hexsideKey('0504', '0505')).toBe(b.hexsideKey('0505', '0504'));
    expect(b.edgeName(b.hexsideKey('0505', '0504'))).toBe('0504|0505');
    expect(b.edgeKind(b.hexsideKey('0505', '0504'))).toBe('hexside');
  });

  it('2WW 3.2 a hex names its sides by direction; the map edge has none', () => {
    const b = grid([1, 10], [1, 8], 'odd-down');
    const h = b.index('0505');
    expect(b.hexside(h, 'N')).toBe(b.hexsideKey('0505', '0504'));
    expect(b.hexside(h, 'NE')).toBe(b.hexsideKey('0505', '0605'));
    expect(b.hexside(h, 'SW')).toBe(b.hexsideKey('0505', '0406'));
    expect(b.hexside(b.index('0101'), 'N')).toBe(-1);
    expect(() => b.hexsideKey('0505', '0507')).toThrow(/"0505" and "0507" are not adjacent/);
  });

  it('2WW 9.1 hexside features (river, border) live in a typed flag map keyed by hexside', () => {
    const b = grid([1, 10], [1, 8], 'odd-down');
    const sides = new FlagMap(b.edgeCount, ['river', 'border', 'allSea'] as const);
    const k = b.hexsideKey('0504', '0505');
    sides.set(k, 'river');
    sides.set(k, 'border');
    expect(sides.has(b.hexsideKey('0505', '0504'), 'river')).toBe(true);
    expect(sides.list(k)).toEqual(['river', 'border']);
    expect(sides.any(k, sides.mask('allSea'))).toBe(false);
    expect(sides.any(k, sides.mask('allSea', 'border'))).toBe(true);
    sides.set(k, 'border', false);
    expect(sides.list(k)).toEqual(['river']);
    expect(sides.slotsWith('river')).toEqual([k]);
    expect(() => sides.has(k, 'canal' as 'river')).toThrow(/unknown flag "canal"/);
    expect(() => sides.set(b.edgeCount, 'river')).toThrow(/outside 0\.\./);
  });
});

describe('off-map boxes and areas', () => {
  const boxes = (): Board =>
    buildBoard({
      sheets: [{ prefix: '', cols: [1, 8], rows: [1, 6], offset: 'odd-down' }],
      nodes: [{ id: 'Atlantic' }, { id: 'Capetown', name: 'Capetown (Indian Ocean)' }],
      links: [
        { a: 'Atlantic', b: { edgeOf: '', side: 'west' }, cost: 30, kind: 'box-edge' },
        { a: 'Capetown', b: { edgeOf: '', side: 'west' }, cost: 30, kind: 'box-edge' },
        { a: 'Atlantic', b: 'Capetown', cost: 30, kind: 'box-box' },
        { a: 'Atlantic', b: ['0603'], cost: 0, kind: 'box-listed' },
      ],
    });

  it('2WW 8.3.3 the Atlantic box links to every west-edge hex at 30, to Capetown at 30, to its listed hex at 0', () => {
    const b = boxes();
    const atl = b.index('Atlantic');
    expect(b.nodeKind(atl)).toBe('box');
    expect(b.isHex(atl)).toBe(false);
    expect(b.name(b.index('Capetown'))).toBe('Capetown (Indian Ocean)');
    expect(ids(b, b.edgeHexes('', 'west'))).toEqual(['0101', '0102', '0103', '0104', '0105', '0106']);
    expect(ids(b, b.neighbours(atl))).toEqual(['0101', '0102', '0103', '0104', '0105', '0106', 'Capetown', '0603']);
    const e = b.edgeBetween(atl, b.index('0104'));
    expect([b.edgeKind(e), b.edgeCost[e]]).toEqual(['box-edge', 30]);
    expect(b.edgeCost[b.hexsideKey('Atlantic', 'Capetown')]).toBe(30);
    expect(b.edgeKind(b.hexsideKey('0603', 'Atlantic'))).toBe('box-listed');
    expect(b.edgeCost[b.hexsideKey('0603', 'Atlantic')]).toBe(0);
    expect(b.neighbours(b.index('0104'))).toContain(atl);
    expect(b.nodesOfKind('box')).toEqual([atl, b.index('Capetown')]);
    expect(() => b.distance(atl, 0)).toThrow(/distance needs two hexes/);
    expect(() => b.centre(atl)).toThrow(/has no position/);
  });

  it('2WW 8.3.3 map edges of the sheet: east column, top and bottom hex of each column', () => {
    const b = boxes();
    expect(ids(b, b.edgeHexes('', 'east'))).toEqual(['0801', '0802', '0803', '0804', '0805', '0806']);
    expect(ids(b, b.edgeHexes('', 'north'))).toEqual(['0101', '0201', '0301', '0401', '0501', '0601', '0701', '0801']);
    expect(ids(b, b.edgeHexes('', 'south'))).toHaveLength(8);
  });

  it('2WW 8.3.3 a pair is joined once: duplicate links are refused', () => {
    expect(() =>
      buildBoard({ nodes: [{ id: 'A' }, { id: 'B' }], links: [{ a: 'A', b: 'B' }, { a: 'B', b: 'A' }] }),
    ).toThrow(/"B" and "A" are joined twice/);
    expect(() =>
      buildBoard({ sheets: [{ prefix: '', cols: [1, 3], rows: [1, 3], offset: 'odd-down' }], links: [{ a: '0101', b: '0102' }] }),
    ).toThrow(/joined twice/);
    expect(() => buildBoard({ nodes: [{ id: 'A' }, { id: 'A' }] })).toThrow(/"A" is used twice/);
    expect(() => buildBoard({ nodes: [{ id: 'A' }], links: [{ a: 'A', b: 'Z' }] })).toThrow(/no hex, box or area has the id "Z"/);
  });

  it('BKG areas and sea zones form a graph with named nodes and typed edges', () => {
    const b = buildBoard({
      nodes: [
        { id: 'GER', kind: 'land', name: 'Germany', at: [10, 5] },
        { id: 'POL', kind: 'land', name: 'Poland' },
        { id: 'BAL', kind: 'sea', name: 'Baltic Sea' },
        { id: 'NOR', kind: 'sea', name: 'North Sea' },
      ],
      links: [
        { a: 'GER', b: 'POL', kind: 'land' },
        { a: 'GER', b: ['BAL', 'NOR'], kind: 'coast' },
        { a: 'POL', b: 'BAL', kind: 'coast' },
        { a: 'BAL', b: 'NOR', kind: 'sea' },
      ],
    });
    expect(b.hexCount).toBe(0);
    expect(b.nodeCount).toBe(4);
    expect(b.edgeCount).toBe(5);
    expect(ids(b, b.neighbours(b.index('GER')))).toEqual(['POL', 'BAL', 'NOR']);
    expect(b.edgeKind(b.hexsideKey('NOR', 'BAL'))).toBe('sea');
    expect(b.nodesOfKind('sea').map((n) => b.name(n))).toEqual(['Baltic Sea', 'North Sea']);
    expect(b.centre(b.index('GER'))).toEqual([10, 5]);
  });
});

describe('several sheets joined (ETO W and E maps)', () => {
  it('ETO 2.1 overlapping sheets: E column 1 is W column 10, so each shared hex has two ids', () => {
    const b = buildBoard({
      sheets: [
        { prefix: 'W', cols: [1, 10], rows: [1, 8], offset: 'odd-down' },
        { prefix: 'E', cols: [1, 6], rows: [1, 8], offset: 'odd-down', join: { anchor: 'E0101', onto: 'W1001' } },
      ],
    });
    expect(b.hexCount).toBe(80 + 5 * 8);
    expect(b.index('E0103')).toBe(b.index('W1003'));
    expect(b.id(b.index('E0103'))).toBe('W1003');
    // E0201 touches E0101 = W1001, as both numberings agree.
    expect(b.neighbours(b.index('E0201'))).toContain(b.index('W1001'));
    expect(b.neighbours(b.index('W1001'))).toContain(b.index('E0201'));
    expect(b.distance(b.index('W0901'), b.index('E0201'))).toBe(2);
    const [x1, y1] = b.centre(b.index('E0201'));
    const [x0, y0] = b.centre(b.index('W1001'));
    expect(Math.hypot(x1 - x0, y1 - y0)).toBeCloseTo(Math.sqrt(3), 12);
    expect(b.edgeHexes('E', 'east').map((n) => b.id(n))[0]).toBe('E0601');
    expect(b.hexAt(2, 1, 'E')).toBe(b.index('E0201'));
  });

  it('ETO 2.1 abutting sheets numbered in opposite directions join as one lattice', () => {
    // E numbers its columns westward and its rows northward; its column 5 lies just east of W column 10.
    const b = buildBoard({
      sheets: [
        { prefix: 'W', cols: [1, 10], rows: [1, 8], offset: 'odd-down' },
        { prefix: 'E', cols: [1, 5], rows: [1, 8], offset: 'odd-down', join: { anchor: 'E0508', onto: 'W1101', colSign: -1, rowSign: -1 } },
      ],
    });
    expect(b.hexCount).toBe(120);
    const e0508 = b.index('E0508');
    // W1001 is unshifted, the virtual W1101 is shifted: W1001's SE and W1002's NE is E0508.
    expect(b.hexside(b.index('W1001'), 'SE')).toBe(b.hexsideKey('W1001', 'E0508'));
    expect(b.hexside(b.index('W1002'), 'NE')).toBe(b.hexsideKey('W1002', 'E0508'));
    // Rows run north on E: E0507 is south of E0508, E0401 is east of the W map.
    expect(b.hexside(e0508, 'S')).toBe(b.hexsideKey('E0508', 'E0507'));
    expect(b.centre(b.index('E0401'))[0]).toBeGreaterThan(b.centre(e0508)[0]);
    expect(ids(b, b.edgeHexes('E', 'west'))).toEqual(['E0501', 'E0502', 'E0503', 'E0504', 'E0505', 'E0506', 'E0507', 'E0508']);
    for (let n = 0; n < b.hexCount; n++) {
      for (const m of b.neighbours(n)) {
        expect(b.distance(n, m)).toBe(1);
        const [x0, y0] = b.centre(n);
        const [x1, y1] = b.centre(m);
        expect(Math.hypot(x1 - x0, y1 - y0)).toBeCloseTo(Math.sqrt(3), 12);
      }
    }
    // The union is a 15x8 block on one lattice: steps over the graph equal lattice distance.
    const start = b.index('W0101');
    const reach = withinRange(b, start, 100);
    for (let n = 0; n < b.hexCount; n++) expect(reach.costTo(n)).toBe(b.distance(start, n));
  });

  it('ETO 2.1 a join must name an anchor of its own sheet and a hex of an earlier one', () => {
    const w = { prefix: 'W', cols: [1, 4] as [number, number], rows: [1, 4] as [number, number], offset: 'odd-down' as const };
    expect(() => buildBoard({ sheets: [w, { ...w, prefix: 'E' }] })).toThrow(/sheet "E" needs a join/);
    expect(() => buildBoard({ sheets: [w, { ...w, prefix: 'E', join: { anchor: 'E0101', onto: 'X0101' } }] })).toThrow(
      /onto "X0101", which is not an id of an earlier sheet/,
    );
    expect(() => buildBoard({ sheets: [w, { ...w, prefix: 'E', join: { anchor: 'W0101', onto: 'W0501' } }] })).toThrow(
      /anchor "W0101" is not an id of sheet "E"/,
    );
    expect(() => buildBoard({ sheets: [w, { ...w }] })).toThrow(/needs a join/);
  });
});
