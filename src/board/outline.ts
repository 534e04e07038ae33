// The outline of a set of hexes: the polygons an area made of hexes is drawn with (a sea area over a hex map).
import type { Board } from './board.ts';

/** A closed ring of points in board units (first point not repeated). */
export type OutlineRing = [number, number][];

const key = (p: [number, number]): string => `${p[0].toFixed(4)},${p[1].toFixed(4)}`;

/**
 * The boundary rings of the union of `hexes`: one ring per outer edge and per hole, in board units, each hex
 * side shared by two hexes of the set left out. Rings run clockwise on screen around the set (holes the other way);
 * corners where only two sides meet in a straight line are kept. Deterministic: rings start at their first hex's side.
 */
export function hexOutline(board: Board, hexes: Iterable<number>): OutlineRing[] {
  const sides = new Map<string, number>();
  const edges: { from: [number, number]; to: [number, number] }[] = [];
  for (const n of hexes) {
    const c = board.corners(n);
    for (let i = 0; i < 6; i++) {
      const from = c[i]!, to = c[(i + 1) % 6]!;
      const k = key(from) < key(to) ? `${key(from)}|${key(to)}` : `${key(to)}|${key(from)}`;
      sides.set(k, (sides.get(k) ?? 0) + 1);
      edges.push({ from, to });
    }
  }
  // A side on the boundary belongs to one hex of the set only.
  const outer = edges.filter(({ from, to }) => sides.get(key(from) < key(to) ? `${key(from)}|${key(to)}` : `${key(to)}|${key(from)}`) === 1);
  const leaving = new Map<string, number[]>();
  outer.forEach((e, i) => (leaving.get(key(e.from)) ?? leaving.set(key(e.from), []).get(key(e.from))!).push(i));
  const used = new Uint8Array(outer.length);
  const rings: OutlineRing[] = [];
  for (let start = 0; start < outer.length; start++) {
    if (used[start]) continue;
    const ring: OutlineRing = [];
    let i = start;
    while (!used[i]) {
      used[i] = 1;
      ring.push(outer[i]!.from);
      const next = leaving.get(key(outer[i]!.to))!.find((j) => !used[j]);
      if (next === undefined) break;
      i = next;
    }
    if (ring.length >= 3) rings.push(ring.map(([x, y]) => [Number(x.toFixed(4)), Number(y.toFixed(4))]));
  }
  return rings;
}
