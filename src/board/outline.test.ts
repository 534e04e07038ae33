import { describe, expect, it } from 'vitest';
import { buildBoard } from './board.ts';
import { hexOutline } from './outline.ts';

const b = buildBoard({ sheets: [{ prefix: '', cols: [1, 9], rows: [1, 9], offset: 'odd-down' }] });
const ids = (xs: string[]) => xs.map((x) => b.index(x));
/** Shoelace area, positive for rings clockwise on screen (y south). */
const area = (r: [number, number][]) => r.reduce((t, [x, y], i) => { const [u, v] = r[(i + 1) % r.length]!; return t + (x * v - u * y); }, 0) / 2;
const HEX = 3 * Math.sqrt(3) / 2;

describe('hexOutline: the polygons of an area made of hexes', () => {
  it('one hex is its own six corners', () => {
    const rings = hexOutline(b, ids(['0505']));
    expect(rings).toHaveLength(1);
    expect(rings[0]!.map(([x, y]) => [x, y])).toEqual(b.corners(b.index('0505')).map(([x, y]) => [Number(x.toFixed(4)), Number(y.toFixed(4))]));
  });
  it('two neighbours share no side: one ring of ten corners, the area of two hexes', () => {
    const rings = hexOutline(b, ids(['0505', '0605']));
    expect(rings).toHaveLength(1);
    expect(rings[0]).toHaveLength(10);
    expect(area(rings[0]!)).toBeCloseTo(2 * HEX, 3);
  });
  it('a ring of six hexes around an empty one has an outer ring and a hole, wound the other way', () => {
    const around = b.ring(b.index('0505'), 1);
    const rings = hexOutline(b, around);
    expect(rings).toHaveLength(2);
    const areas = rings.map(area).sort((x, y) => x - y);
    expect(areas[0]).toBeCloseTo(-HEX, 3);
    expect(areas[1]).toBeCloseTo(7 * HEX, 3);
  });
  it('hexes apart give a ring each', () => {
    expect(hexOutline(b, ids(['0202', '0808']))).toHaveLength(2);
  });
});
