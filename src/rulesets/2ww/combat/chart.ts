// The Combat Chart as an interface (2WW 3.4.5, 9): the eight lines, columns by firing factors, 2d6 rolls.
// The real chart lives in data/combat-chart.json; resolution code only sees this interface, so tests and the odds
// engine can pass any chart and any dice.

export type CombatLine =
  | 'land-vs-land'
  | 'sea-vs-sea'
  | 'asw'
  | 'sea-vs-air'
  | 'air-vs-sea'
  | 'air-vs-air'
  | 'bombing'
  | 'convoy-attack';

export const LINE_NAMES: Record<CombatLine, string> = {
  'land-vs-land': 'Land vs Land',
  'sea-vs-sea': 'Sea vs Sea',
  asw: 'ASW',
  'sea-vs-air': 'Sea vs Air',
  'air-vs-sea': 'Air vs Sea',
  'air-vs-air': 'Air vs Air',
  bombing: 'Bombing',
  'convoy-attack': 'Convoy Attack',
};

export interface CombatChart {
  /** Dice thrown for one fire (the reconstructed chart uses 2d6). */
  dice: { count: number; sides: number };
  /**
   * Column for `factors` on `line`, moved `shift` columns (negative = left), clamped to the line's ends.
   * Null when the factors are too few to fire at all.
   */
  column(line: CombatLine, factors: number, shift: number): string | null;
  /** Loss points for a roll (the dice total) on a column. */
  result(line: CombatLine, column: string, roll: number): number;
}

/** One side firing once: what it fires with and the shift it gets. */
export interface Volley {
  line: CombatLine;
  factors: number;
  shift: number;
}

/** A volley resolved: the arithmetic shown in the game log. */
export interface Fired extends Volley {
  column: string | null;
  roll: number;
  losses: number;
}

/** Given these dice, what does this volley do (2WW 9: "Roll the die... each loss point..."). */
export function fire(chart: CombatChart, v: Volley, roll: number): Fired {
  if (v.factors <= 0) return { ...v, column: null, roll, losses: 0 };
  const column = chart.column(v.line, v.factors, v.shift);
  const losses = column === null ? 0 : chart.result(v.line, column, roll);
  return { ...v, column, roll, losses };
}

/** Text of a volley for the log: "Sea vs Sea 8 on 7-9, roll 4: 2 loss points". */
export function describeFire(f: Fired): string {
  if (f.factors <= 0 || f.column === null) return `${LINE_NAMES[f.line]} ${f.factors} factors: no fire`;
  const sh = f.shift ? ` (shift ${f.shift > 0 ? '+' : ''}${f.shift})` : '';
  return `${LINE_NAMES[f.line]} ${f.factors} on ${f.column}${sh}, roll ${f.roll}: ${f.losses} loss point${f.losses === 1 ? '' : 's'}`;
}
