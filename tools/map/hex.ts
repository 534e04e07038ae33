// Flat-topped hex columns, CCRR ids, centre-to-vertex 1, y grows south (same formula as src/board/hex-geometry.ts;
// kept local so the map pipeline does not depend on a module that is still changing).

export type ColumnOffset = 'odd-down' | 'even-down';
export const SQRT3 = Math.sqrt(3);

export function isShifted(col: number, offset: ColumnOffset): boolean {
  const odd = (col & 1) === 1;
  return offset === 'odd-down' ? odd : !odd;
}

export function hexCentre(col: number, row: number, offset: ColumnOffset): [number, number] {
  return [1.5 * col, SQRT3 * (row + (isShifted(col, offset) ? 0.5 : 0))];
}

/** Corners clockwise on screen, east corner first. */
export function hexCorners(col: number, row: number, offset: ColumnOffset): [number, number][] {
  const [cx, cy] = hexCentre(col, row, offset);
  const h = SQRT3 / 2;
  return [
    [cx + 1, cy],
    [cx + 0.5, cy + h],
    [cx - 0.5, cy + h],
    [cx - 1, cy],
    [cx - 0.5, cy - h],
    [cx + 0.5, cy - h],
  ];
}

export function hexId(col: number, row: number): string {
  return String(col).padStart(2, '0') + String(row).padStart(2, '0');
}

export function parseHex(id: string): [number, number] {
  if (!/^[0-9]{4}$/.test(id)) throw new Error(`hex id "${id}" is not 4 digits CCRR (e.g. "2214")`);
  return [Number(id.slice(0, 2)), Number(id.slice(2))];
}

/** The six neighbours (N, NE, SE, S, SW, NW), whether or not they exist on a map. */
export function neighbours(col: number, row: number, offset: ColumnOffset): [number, number][] {
  const s = isShifted(col, offset);
  // A shifted column's side neighbours sit at rows r and r+1; an unshifted column's at r-1 and r.
  const up = s ? row : row - 1;
  const down = s ? row + 1 : row;
  return [
    [col, row - 1],
    [col + 1, up],
    [col + 1, down],
    [col, row + 1],
    [col - 1, down],
    [col - 1, up],
  ];
}

export function areAdjacent(a: string, b: string, offset: ColumnOffset): boolean {
  const [c, r] = parseHex(a);
  return neighbours(c, r, offset).some(([nc, nr]) => hexId(nc, nr) === b);
}

/** Hex distance via cube coordinates. */
export function hexDistance(a: [number, number], b: [number, number], offset: ColumnOffset): number {
  const cube = ([c, r]: [number, number]): [number, number, number] => {
    // doubled y: 2*row + shift; axial q = col, r_axial = (y2 - col)/2
    // Even-down lattices need a uniform +1 so that y2 and col share parity.
    const y2 = 2 * r + (isShifted(c, offset) ? 1 : 0) + (offset === 'even-down' ? 1 : 0);
    const q = c;
    const ar = (y2 - c) / 2;
    return [q, ar, -q - ar];
  };
  const [x1, y1, z1] = cube(a);
  const [x2, y2, z2] = cube(b);
  return Math.max(Math.abs(x1 - x2), Math.abs(y1 - y2), Math.abs(z1 - z2));
}

/** Hex containing map point (x,y): nearest centre among candidates around the estimate. */
export function hexAt(x: number, y: number, offset: ColumnOffset): [number, number] {
  const c0 = Math.round(x / 1.5);
  let best: [number, number] = [c0, 0];
  let bestD = Infinity;
  for (let c = c0 - 1; c <= c0 + 1; c++) {
    const r0 = Math.round(y / SQRT3 - (isShifted(c, offset) ? 0.5 : 0));
    for (let r = r0 - 1; r <= r0 + 1; r++) {
      const [cx, cy] = hexCentre(c, r, offset);
      const d = (cx - x) ** 2 + (cy - y) ** 2;
      if (d < bestD - 1e-12) {
        bestD = d;
        best = [c, r];
      }
    }
  }
  return best;
}

export function hexsideKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}
