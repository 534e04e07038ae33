import { describe, expect, it } from 'vitest';
import {
  SQRT3,
  hexCentre,
  hexCorners,
  isShiftedColumn,
  neighbourCoords,
  offsetDistance,
} from './hex-geometry.ts';
import { formatHexId, parseHexId } from './hex-ids.ts';

describe('hex geometry (flat-topped columns, CCRR)', () => {
  it('2WW 3.2 odd-down shifts odd columns half a hex south, even-down the even ones', () => {
    expect(isShiftedColumn(23, 'odd-down')).toBe(true);
    expect(isShiftedColumn(22, 'odd-down')).toBe(false);
    expect(isShiftedColumn(22, 'even-down')).toBe(true);
    expect(isShiftedColumn(23, 'even-down')).toBe(false);
  });

  it('2WW 3.2 centre of 2214 is x = 1.5*col, y = sqrt(3)*(row + shift)', () => {
    expect(hexCentre(22, 14, 'odd-down')).toEqual([33, SQRT3 * 14]);
    expect(hexCentre(22, 14, 'even-down')).toEqual([33, SQRT3 * 14.5]);
    expect(hexCentre(23, 14, 'odd-down')).toEqual([34.5, SQRT3 * 14.5]);
    const [x, y] = hexCentre(2, 3, 'odd-down', 10);
    expect(x).toBe(30);
    expect(y).toBeCloseTo(SQRT3 * 30, 12);
  });

  it('2WW 3.2 the six corners of a unit hex: east first, clockwise with y south', () => {
    const h = SQRT3 / 2;
    const corners = hexCorners(0, 0, 'even-down'); // column 0 is shifted: centre (0, h)
    const expected = [[1, h], [0.5, 2 * h], [-0.5, 2 * h], [-1, h], [-0.5, 0], [0.5, 0]];
    corners.forEach(([x, y], i) => {
      expect(x).toBeCloseTo(expected[i][0], 12);
      expect(y).toBeCloseTo(expected[i][1], 12);
    });
  });

  it('2WW 3.2 neighbours sit sqrt(3) apart and share exactly two corners', () => {
    for (const offset of ['odd-down', 'even-down'] as const) {
      for (const [c, r] of [[22, 14], [23, 14]]) {
        const [cx, cy] = hexCentre(c, r, offset);
        const mine = hexCorners(c, r, offset).map(([x, y]) => `${x.toFixed(6)},${y.toFixed(6)}`);
        for (const dir of ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const) {
          const [nc, nr] = neighbourCoords(c, r, offset, dir);
          const [nx, ny] = hexCentre(nc, nr, offset);
          expect(Math.hypot(nx - cx, ny - cy)).toBeCloseTo(SQRT3, 12);
          const theirs = hexCorners(nc, nr, offset).map(([x, y]) => `${x.toFixed(6)},${y.toFixed(6)}`);
          expect(theirs.filter((k) => mine.includes(k))).toHaveLength(2);
          expect(offsetDistance(c, r, nc, nr, offset)).toBe(1);
        }
      }
    }
  });

  it('2WW 3.2 with odd-down, 2214 neighbours are 2213 2313 2314 2215 2114 2113 (N clockwise)', () => {
    const ids = (['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const).map((d) => {
      const [c, r] = neighbourCoords(22, 14, 'odd-down', d);
      return formatHexId({ prefix: '' }, c, r);
    });
    expect(ids).toEqual(['2213', '2313', '2314', '2215', '2114', '2113']);
  });

  it('ETO 2.1 ids carry the sheet prefix: E1924 is column 19, row 24 of the E sheet', () => {
    expect(parseHexId({ prefix: 'E' }, 'E1924')).toEqual([19, 24]);
    expect(parseHexId({ prefix: 'E' }, 'W1924')).toBeNull();
    expect(parseHexId({ prefix: '' }, '221')).toBeNull();
    expect(formatHexId({ prefix: 'W' }, 35, 33)).toBe('W3533');
    expect(formatHexId({ prefix: '' }, 3, 7)).toBe('0307');
    expect(formatHexId({ prefix: 'X', colDigits: 3 }, 3, 7)).toBe('X00307');
    expect(() => formatHexId({ prefix: '' }, 100, 1)).toThrow(/cannot be written with 2\+2 digits/);
  });
});
