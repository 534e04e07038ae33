// ETO 26.1-26.2 land combat arithmetic and the Combat Results Table (27.1).
import { etoData } from './data/index.ts';

const CRT = etoData().crt;
export const CRT_COLUMNS = CRT.columns;
const RATIOS: Record<string, number> = { '1-3': 1 / 3, '1-2': 1 / 2, '1-1': 1, '3-2': 3 / 2, '2-1': 2, '3-1': 3, '4-1': 4, '6-1': 6 };

/**
 * 26.2: bombers, generals and naval bombardment add to the basic land strength but never beyond it, so the total is
 * at most twice the basic strength.
 */
export function attackStrength(basicLand: number, support: number): number {
  return basicLand + Math.min(support, basicLand);
}

/** 26.1 C: odds rounded in the defender's favour; worse than 1-3 is 1-3, better than 6-1 is 6-1 (5-1 reads 4-1). */
export function oddsColumn(attack: number, defence: number): string {
  if (defence <= 0) return '6-1';
  let col = CRT_COLUMNS[0]!;
  for (const c of CRT_COLUMNS) if (attack >= RATIOS[c]! * defence - 1e-9) col = c;
  return col;
}

/** 26.1 D and the CRT rows: 1d6 plus every modifier, read on rows 0-7 (the example of play caps an 8 to 7). */
export function crtResult(column: string, die: number, drm: number): { row: number; result: string } {
  const c = CRT_COLUMNS.indexOf(column);
  if (c < 0) throw new Error(`ETO 26.1: no CRT column "${column}"; columns are ${CRT_COLUMNS.join(', ')}`);
  const row = Math.max(0, Math.min(7, die + drm));
  return { row, result: CRT.rows[row]![c]! };
}
