import { describe, expect, it } from 'vitest';
import { areAdjacent, hexAt, hexCentre, hexDistance, hexsideKey, neighbours, parseHex } from './hex.ts';

describe('hex geometry of the map pipeline (flat-topped columns, CCRR)', () => {
  it('2WW 3.2 errata: 2403 and 2404 are adjacent (one column, consecutive rows)', () => {
    expect(areAdjacent('2403', '2404', 'even-down')).toBe(true);
    expect(areAdjacent('2403', '2404', 'odd-down')).toBe(true);
  });

  it('2WW 8.1.2: Gibraltar 1315 touches both Spanish Morocco hexes 1316 and 1415', () => {
    for (const offset of ['even-down', 'odd-down'] as const) {
      expect(areAdjacent('1315', '1316', offset)).toBe(true);
      expect(areAdjacent('1315', '1415', offset)).toBe(true);
    }
  });

  it('neighbourhood is symmetric and every neighbour is one hex away', () => {
    for (const offset of ['even-down', 'odd-down'] as const) {
      for (const [c, r] of [[20, 5], [21, 5], [33, 15], [34, 14]] as [number, number][]) {
        for (const [nc, nr] of neighbours(c, r, offset)) {
          expect(neighbours(nc, nr, offset).some(([x, y]) => x === c && y === r)).toBe(true);
          expect(hexDistance([c, r], [nc, nr], offset)).toBe(1);
        }
      }
    }
  });

  it('hexAt finds the hex of each centre and of points just inside it', () => {
    for (const offset of ['even-down', 'odd-down'] as const) {
      for (let c = 10; c < 14; c++) {
        for (let r = 1; r < 4; r++) {
          const [x, y] = hexCentre(c, r, offset);
          expect(hexAt(x, y, offset)).toEqual([c, r]);
          expect(hexAt(x + 0.8, y, offset)).toEqual([c, r]);
          expect(hexAt(x, y - 0.8, offset)).toEqual([c, r]);
        }
      }
    }
  });

  it('distances count hex steps (Gibraltar 1315 to Malta 2415 is 11 columns)', () => {
    expect(hexDistance(parseHex('1315'), parseHex('2415'), 'even-down')).toBe(11);
    expect(hexDistance(parseHex('1911'), parseHex('1915'), 'even-down')).toBe(4);
  });

  it('hexside keys put the smaller id first', () => {
    expect(hexsideKey('2404', '2403')).toBe('2403|2404');
    expect(hexsideKey('2403', '2404')).toBe('2403|2404');
  });

  it('rejects ids that are not CCRR', () => {
    expect(() => parseHex('221')).toThrow(/4 digits CCRR/);
  });
});
