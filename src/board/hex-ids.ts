// Publishers' hex ids: optional sheet prefix + column digits + row digits ("2214", "W3533", "E1924").

/** How one map sheet writes its hex ids. */
export interface HexIdFormat {
  /** Sheet prefix, e.g. "W" or "E"; "" for a single-sheet map. */
  prefix: string;
  /** Digits of the column part (default 2). */
  colDigits?: number;
  /** Digits of the row part (default 2). */
  rowDigits?: number;
}

/** Writes the id of (col,row), e.g. formatHexId({prefix:'E'}, 19, 24) === 'E1924'. */
export function formatHexId(format: HexIdFormat, col: number, row: number): string {
  const cd = format.colDigits ?? 2;
  const rd = format.rowDigits ?? 2;
  if (!Number.isInteger(col) || !Number.isInteger(row) || col < 0 || row < 0 || col >= 10 ** cd || row >= 10 ** rd) {
    throw new Error(
      `hex id: column ${col}, row ${row} cannot be written with ${cd}+${rd} digits on sheet "${format.prefix}"; ` +
        'columns and rows must be non-negative integers that fit the sheet\'s digit counts',
    );
  }
  return format.prefix + String(col).padStart(cd, '0') + String(row).padStart(rd, '0');
}

/** Reads (col,row) from an id written in `format`; null when the id does not belong to that format. */
export function parseHexId(format: HexIdFormat, id: string): [number, number] | null {
  const cd = format.colDigits ?? 2;
  const rd = format.rowDigits ?? 2;
  if (!id.startsWith(format.prefix) || id.length !== format.prefix.length + cd + rd) return null;
  const digits = id.slice(format.prefix.length);
  if (!/^[0-9]+$/.test(digits)) return null;
  return [Number(digits.slice(0, cd)), Number(digits.slice(cd))];
}
