// The rulebook's worked examples (digest 6, TC-1..TC-4): the factor arithmetic that depends on counter data, and the
// column each side fires on. The procedure itself is tested by the combat code; here only the data is checked.
import { describe, expect, it } from 'vitest';
import { combatColumn, combatResult, unitFactors } from './index.ts';

const combat = (id: string, reduced: boolean) => unitFactors(id, reduced).combat;
const asw = (id: string, reduced: boolean) => unitFactors(id, reduced).asw ?? 0;

describe('TC-1: 2WW 6 city bombing example', () => {
  it('2WW 6.1.3 two full German air units bomb at half of 8 and the Soviet 1st air intercepts with 3', () => {
    const bombers = combat('ge-air-1', false) + combat('ge-air-2', false);
    expect(bombers).toBe(8);
    expect(combatColumn('air-vs-air', Math.floor(bombers / 2))).toBe('3-4');
    expect(combatColumn('air-vs-air', combat('su-air-1', false))).toBe('3-4');
  });
  it('2WW 6.1.4 after the 2nd air flips, the survivors bomb with their regular 6 on 5-8, no range-6 shift', () => {
    const survivors = combat('ge-air-1', false) + combat('ge-air-2', true);
    expect(survivors).toBe(6);
    expect(unitFactors('ge-air-1', false).range).toBe(3);
    expect(combatColumn('bombing', survivors, 0)).toBe('5-8');
    expect(combatResult('bombing', '5-8', 9)).toBe(0);
  });
});

describe('TC-2: 2WW 6 convoy attack example', () => {
  it('2WW 6.2.3 the German surface fleet and two submarines fire 7 on Convoy Attack', () => {
    const axis = combat('ge-fleet-surface', false) + combat('ge-sub-1', false) + combat('ge-sub-2', false);
    expect(axis).toBe(7);
    expect(combatResult('convoy-attack', combatColumn('convoy-attack', axis)!, 5)).toBe(2);
  });
  it('2WW 9.3.2 Home + Channel fleets with the Naval air aboard fire 8 regular factors on Sea vs Sea 7-9', () => {
    const fleets = combat('gb-fleet-home', false) + combat('gb-fleet-channel', false);
    const air = Math.min(combat('gb-air-naval', false), fleets); // air support capped at the fleet strength
    expect(fleets + air).toBe(8);
    expect(combatColumn('sea-vs-sea', fleets + air)).toBe('7-9');
  });
  it('2WW 4.2 C.3 against submarines alone the same force fires 5 ASW factors on column "5"', () => {
    const a = asw('gb-fleet-home', false) + asw('gb-fleet-channel', false) + asw('gb-air-naval', false);
    expect(a).toBe(5);
    expect(combatColumn('asw', a)).toBe('5');
  });
});

describe('TC-3: 2WW 9 land combat example, first attack', () => {
  it('2WW 9.1.3 US 1st armor with the airdropped US paratroop (reduced) total 9 on 8-11; the German 4th fires 4 on 4-7', () => {
    const allies = combat('us-arm-1', false) + combat('us-para-18', true);
    expect(allies).toBe(9);
    expect(combatColumn('land-vs-land', allies)).toBe('8-11');
    expect(combatColumn('land-vs-land', combat('ge-inf-4', false))).toBe('4-7');
  });
});

describe('TC-4: 2WW 9 land combat example, second attack', () => {
  it('2WW 9.1.2 the support battle: German air 4 on Air vs Sea 1-4, the Allied fleet on Sea vs Air 1-3', () => {
    expect(combatColumn('air-vs-sea', combat('ge-air-5', false))).toBe('1-4');
    for (const fleet of ['gb-fleet-home', 'us-fleet-8', 'us-fleet-12']) expect(combatColumn('sea-vs-air', combat(fleet, false))).toBe('1-3');
  });
  it('2WW 9.1.3 the 6th infantry, the full fort and the supporting air total 12 on 12-15', () => {
    const land = combat('ge-inf-6', false) + combat('ge-fort-1', false);
    const support = Math.min(combat('ge-air-5', false), land); // 2WW 9.1.2 cap
    expect(land + support).toBe(12);
    expect(combatColumn('land-vs-land', land + support)).toBe('12-15');
  });
  it('2WW 9.1.3 the 3d and 5th armor attack with 14 on 12-15; the 2 losses destroy the full fort (2 steps)', () => {
    const allies = combat('us-arm-3', false) + combat('us-arm-5', false);
    expect(allies).toBe(14);
    expect(combatResult('land-vs-land', combatColumn('land-vs-land', allies)!, 5)).toBe(2);
    expect(combatResult('land-vs-land', combatColumn('land-vs-land', 12)!, 8)).toBe(1);
  });
});
