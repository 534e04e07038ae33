// The reconstructed Combat Chart against every data point of the rulebook's examples (digest 5.21), one test each.
import { describe, expect, it } from 'vitest';
import { COMBAT_LINES, combatChart, combatColumn, combatResult } from './index.ts';

describe('2WW Combat Chart: the 14 data points of the rulebook examples', () => {
  it('2WW 6 bombing example (1): Soviet interceptor fires 3 on Air vs Air 3-4, roll 4 = 1 loss', () => {
    expect(combatColumn('air-vs-air', 3)).toBe('3-4');
    expect(combatResult('air-vs-air', '3-4', 4)).toBe(1);
  });
  it('2WW 6.1.3 bombing example (2): bombers fire half of 8 = 4 on Air vs Air, roll 11 = no loss', () => {
    expect(combatColumn('air-vs-air', Math.floor(8 / 2))).toBe('3-4');
    expect(combatResult('air-vs-air', '3-4', 11)).toBe(0);
  });
  it('2WW 6.1.4 bombing example (3): 6 bombing factors on Bombing 5-8, roll 9 = no effect', () => {
    expect(combatColumn('bombing', 6)).toBe('5-8');
    expect(combatResult('bombing', '5-8', 9)).toBe(0);
  });
  it('2WW 6.1.4 bombing example (4): on 5-8 any roll of 8 or lower is a loss', () => {
    for (let roll = 2; roll <= 8; roll++) expect(combatResult('bombing', '5-8', roll)).toBeGreaterThanOrEqual(1);
  });
  it('2WW 6.2.3 convoy example (5): 7 factors on Convoy Attack, roll 5 = 2 loss points', () => {
    const col = combatColumn('convoy-attack', 7);
    expect(col).not.toBeNull();
    expect(combatResult('convoy-attack', col!, 5)).toBe(2);
  });
  it('2WW 6 convoy example (6): Allies fire 8 on Sea vs Sea 7-9, roll 4 = 2 loss points', () => {
    expect(combatColumn('sea-vs-sea', 8)).toBe('7-9');
    expect(combatResult('sea-vs-sea', '7-9', 4)).toBe(2);
  });
  it('2WW 6 convoy example (7): 5 ASW factors on ASW column "5", roll 4 = the same 2 loss points', () => {
    expect(combatColumn('asw', 5)).toBe('5');
    expect(combatResult('asw', '5', 4)).toBe(2);
  });
  it('2WW 6 convoy example (8): Axis fires 7 on Sea vs Sea 7-9, roll 5 = 1 loss point', () => {
    expect(combatColumn('sea-vs-sea', 7)).toBe('7-9');
    expect(combatResult('sea-vs-sea', '7-9', 5)).toBe(1);
  });
  it('2WW 9 land example (9): US 9 factors on Land vs Land 8-11, roll 6 = 1 loss point', () => {
    expect(combatColumn('land-vs-land', 9)).toBe('8-11');
    expect(combatResult('land-vs-land', '8-11', 6)).toBe(1);
  });
  it('2WW 9 land example (10): German 4 factors on Land vs Land 4-7, roll 9 = no loss', () => {
    expect(combatColumn('land-vs-land', 4)).toBe('4-7');
    expect(combatResult('land-vs-land', '4-7', 9)).toBe(0);
  });
  it('2WW 9 land example (11): German air 4 on Air vs Sea 1-4, roll 3 = a hit', () => {
    expect(combatColumn('air-vs-sea', 4)).toBe('1-4');
    expect(combatResult('air-vs-sea', '1-4', 3)).toBe(1);
  });
  it('2WW 9 land example (12): Allied fleet on Sea vs Air 1-3, roll 8 = no effect', () => {
    for (const f of [1, 2, 3]) expect(combatColumn('sea-vs-air', f)).toBe('1-3');
    expect(combatResult('sea-vs-air', '1-3', 8)).toBe(0);
  });
  it('2WW 9 land example (13): Axis 12 on Land vs Land 12-15, roll 8 = 1 loss point', () => {
    expect(combatColumn('land-vs-land', 12)).toBe('12-15');
    expect(combatResult('land-vs-land', '12-15', 8)).toBe(1);
  });
  it('2WW 9 land example (14): Allies 14 on Land vs Land 12-15, roll 5 = 2 loss points', () => {
    expect(combatColumn('land-vs-land', 14)).toBe('12-15');
    expect(combatResult('land-vs-land', '12-15', 5)).toBe(2);
  });
});

describe('2WW Combat Chart: shape', () => {
  it('2WW 4.2 C.3, 6: the chart has the eight named lines, rolled with 2d6', () => {
    expect(combatChart().lines.map((l) => l.id).sort()).toEqual([...COMBAT_LINES].sort());
    expect(combatChart().dice).toMatchObject({ count: 2, sides: 6, min: 2, max: 12 });
  });
  it('2WW 4.2 C.3: every line is monotone (more factors never fewer losses, higher roll never more)', () => {
    for (const line of combatChart().lines) {
      for (let c = 0; c < line.columns.length; c++) {
        const col = line.columns[c]!;
        for (let r = 1; r < 11; r++) expect(col.losses[r]!, `${line.id} ${col.label} roll ${r + 2}`).toBeLessThanOrEqual(col.losses[r - 1]!);
        if (c > 0) for (let r = 0; r < 11; r++) expect(col.losses[r]!, `${line.id} ${col.label} roll ${r + 2}`).toBeGreaterThanOrEqual(line.columns[c - 1]!.losses[r]!);
      }
    }
  });
  it('2WW 4.2 C.3: terrain moves the attacker left along the columns, stopping at the first column', () => {
    expect(combatColumn('land-vs-land', 14, -1)).toBe('8-11');
    expect(combatColumn('land-vs-land', 14, -2)).toBe('4-7');
    expect(combatColumn('land-vs-land', 5, -2)).toBe('1-3');
  });
  it('2WW 6.1.4: a range-6 bomber moves the Bombing column one right; the last column is open-ended', () => {
    expect(combatColumn('bombing', 6, 1)).toBe('9-12');
    expect(combatColumn('bombing', 40, 1)).toBe('17+');
    expect(combatColumn('land-vs-land', 99)).toBe('32+');
  });
  it('2WW 9: no factors, no fire', () => {
    expect(combatColumn('land-vs-land', 0)).toBeNull();
  });
  it('2WW 4.2 C.3: a roll outside 2..12 or an unknown column is refused with the reason', () => {
    expect(() => combatResult('land-vs-land', '12-15', 1)).toThrow(/2d6 total 2\.\.12/);
    expect(() => combatResult('land-vs-land', '9-99', 7)).toThrow(/no column/);
  });
});
