import { describe, expect, it } from 'vitest';
import { counterById, counters, unitFactors } from './index.ts';

describe('2WW counter manifest', () => {
  it('2WW 3.1: 120 counters = 119 units and the turn marker', () => {
    expect(counters()).toHaveLength(119);
    expect(new Set(counters().map((c) => c.id)).size).toBe(119);
  });
  it('2WW 3.1 (digest 3.3): the units fill the 120 sheet positions except the turn marker (column B row 10)', () => {
    const slots = new Set(counters().map((c) => `${c.sheet!.column}:${c.sheet!.row}`));
    expect(slots.size).toBe(119);
    expect(slots.has('B:10')).toBe(false);
  });
  it('2WW 2: every power has the units its setup lists name, plus the Turn Record Track arrivals', () => {
    const count = (n: string) => counters().filter((c) => c.nationality === n).length;
    expect([count('fr'), count('us'), count('gb'), count('su'), count('ge'), count('it')]).toEqual([10, 15, 15, 24, 30, 6]);
    const minors = counters().filter((c) => !['fr', 'us', 'gb', 'su', 'ge', 'it'].includes(c.nationality));
    expect(minors).toHaveLength(19);
  });
  it('2WW 7.3.1: single-sided units have no full side and always use their printed side', () => {
    const fi = counterById('fi-inf');
    expect(fi.steps).toBe(1);
    expect(fi.full).toBeNull();
    expect(unitFactors('fi-inf', false)).toEqual({ combat: 4, movement: 3 });
  });
  it('2WW 6.1.4: strategic air units have range 6, all other air range 3', () => {
    for (const c of counters()) {
      if (c.type === 'strategic-air') expect(c.reduced.range).toBe(6);
      else if (c.type === 'air' || c.type === 'naval-air') expect(c.reduced.range).toBe(3);
    }
  });
  it('2WW 3.3.1: forts cannot move', () => {
    for (const c of counters().filter((x) => x.type === 'fort')) expect([c.full?.movement, c.reduced.movement]).toEqual([0, 0]);
  });
  it('2WW 2.6: German infantry is 4-3 full and 2-3 reduced (read on the counter sheet)', () => {
    expect(unitFactors('ge-inf-4', false)).toEqual({ combat: 4, movement: 3 });
    expect(unitFactors('ge-inf-4', true)).toEqual({ combat: 2, movement: 3 });
  });
  it('an unknown counter id is refused with the expected id form', () => {
    expect(() => counterById('ge-inf-99')).toThrow(/no counter "ge-inf-99"/);
  });
});
