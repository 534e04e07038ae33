// Flat-topped hexes in vertical columns, numbered CCRR: columns grow eastward, rows southward.
// Unit size: centre-to-vertex 1, so a hex is 2 wide and sqrt(3) high; y points south (screen order).

/** Which columns sit half a hex lower than their neighbours. */
export type ColumnOffset = 'odd-down' | 'even-down';

/** sqrt(3): the height of a unit hex. */
export const SQRT3 = Math.sqrt(3);

/** The six directions of a flat-topped hex, clockwise from north. */
export const HEX_DIRECTIONS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
/** One of the six directions of a flat-topped hex. */
export type HexDirection = (typeof HEX_DIRECTIONS)[number];

// Steps in "doubled" coordinates (column, y in half-hex heights), in HEX_DIRECTIONS order.
/** Column steps of the six directions (HEX_DIRECTIONS order). */
export const DIRECTION_DCOL: readonly number[] = [0, 1, 1, 0, -1, -1];
/** Steps of the six directions in half-hex heights (HEX_DIRECTIONS order). */
export const DIRECTION_DY2: readonly number[] = [-2, -1, 1, 2, 1, -1];

/** True when `col` is one of the columns shifted half a hex down. */
export function isShiftedColumn(col: number, offset: ColumnOffset): boolean {
  const odd = (col & 1) === 1;
  return offset === 'odd-down' ? odd : !odd;
}

/** Vertical position of a hex centre in half-hex heights (2*row, +1 in a shifted column). */
export function doubledY(col: number, row: number, offset: ColumnOffset): number {
  return 2 * row + (isShiftedColumn(col, offset) ? 1 : 0);
}

/** Centre of hex (col,row) for centre-to-vertex `size` (default 1): x = 1.5*col, y = sqrt(3)*(row + shift). */
export function hexCentre(col: number, row: number, offset: ColumnOffset, size = 1): [number, number] {
  return [1.5 * col * size, SQRT3 * (doubledY(col, row, offset) / 2) * size];
}

/** The six corners of a flat-topped hex around centre (cx,cy): east corner first, then clockwise (y south). */
export function cornersAround(cx: number, cy: number, size = 1): [number, number][] {
  const h = (SQRT3 / 2) * size;
  return [
    [cx + size, cy],
    [cx + size / 2, cy + h],
    [cx - size / 2, cy + h],
    [cx - size, cy],
    [cx - size / 2, cy - h],
    [cx + size / 2, cy - h],
  ];
}

/** The six corners of hex (col,row): east corner first, then clockwise on screen (y grows south). */
export function hexCorners(col: number, row: number, offset: ColumnOffset, size = 1): [number, number][] {
  const [cx, cy] = hexCentre(col, row, offset, size);
  return cornersAround(cx, cy, size);
}

/** Column and row of the hex next to (col,row) in direction `dir`, on one sheet. */
export function neighbourCoords(col: number, row: number, offset: ColumnOffset, dir: HexDirection): [number, number] {
  const i = HEX_DIRECTIONS.indexOf(dir);
  const c = col + DIRECTION_DCOL[i];
  const y2 = doubledY(col, row, offset) + DIRECTION_DY2[i];
  return [c, (y2 - (isShiftedColumn(c, offset) ? 1 : 0)) / 2];
}

/** Hex distance in doubled coordinates (y2 in half-hex heights, same lattice parity for both hexes). */
export function doubledDistance(col1: number, y21: number, col2: number, y22: number): number {
  const dc = Math.abs(col1 - col2);
  const dy = Math.abs(y21 - y22);
  return dy > dc ? dc + (dy - dc) / 2 : dc;
}

/** Hex distance between two hexes of one sheet. */
export function offsetDistance(col1: number, row1: number, col2: number, row2: number, offset: ColumnOffset): number {
  return doubledDistance(col1, doubledY(col1, row1, offset), col2, doubledY(col2, row2, offset));
}
