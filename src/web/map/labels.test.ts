import { describe, expect, it } from 'vitest';
import { insideRings, overlaps, placeLabels, shortName, type LabelWish } from './labels.ts';

const square = (x: number, y: number, w: number, h: number): [number, number][][] => [[[x, y], [x + w, y], [x + w, y + h], [x, y + h]]];
const width = (t: string) => t.length * 0.5;

describe('area labels (issue #21 item 10)', () => {
  it('a name too long for its area is shortened; a lower-priority name over it is left out until a closer zoom', () => {
    // Area a is 8 wide: its full name (9 wide) does not fit, the short one (6 wide) does. Sea b lies over a's middle.
    const wishes: LabelWish[] = [
      { id: 'a', texts: ['Northern Italy (3)', 'N. Italy (3)'], spots: [[4, 2]], priority: 30, rings: square(0, 0, 8, 4) },
      { id: 'b', texts: ['Adria'], spots: [[5, 2.5]], priority: 5, rings: square(2, 1, 8, 3) },
    ];
    const placed = placeLabels(wishes, [], 1, width);
    expect(placed.map((p) => [p.id, p.text])).toEqual([['a', 'N. Italy (3)']]);
    // Names half as large on the map (a closer zoom keeps their size on screen): both fit, clear of each other.
    const closer = placeLabels(wishes.map((w) => ({ ...w, spots: w.id === 'b' ? [[5, 3.5] as [number, number]] : w.spots })), [], 0.5, (t) => width(t) * 0.5);
    expect(closer.map((p) => [p.id, p.text])).toEqual([['a', 'Northern Italy (3)'], ['b', 'Adria']]);
    expect(overlaps(closer[0]!.box, closer[1]!.box)).toBe(false);
  });

  it('a name never lies over a counter nor outside its area; it takes the next spot that is clear', () => {
    const rings = square(0, 0, 10, 10);
    const counter = { x0: 3, x1: 7, y0: 2, y1: 6 };
    const placed = placeLabels([{ id: 'a', texts: ['Poland'], spots: [[5, 4], [5, 20], [5, 8]], priority: 1, rings }], [counter], 1, width);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.y).toBe(8);
    expect(placeLabels([{ id: 'a', texts: ['A very long name indeed'], spots: [[5, 8]], priority: 1, rings }], [], 1, width)).toEqual([]);
  });

  it('helpers: point in polygon, short names', () => {
    expect(insideRings(square(0, 0, 2, 2), 1, 1)).toBe(true);
    expect(insideRings(square(0, 0, 2, 2), 3, 1)).toBe(false);
    expect(shortName('Northern Italy')).toBe('N. Italy');
    expect(shortName('Vichy')).toBe('Vichy');
  });
});
