import { describe, expect, it } from 'vitest';
import { act, choicesOf, startAt, testPosition, testWorld } from './testing.ts';
import { initialCountries } from './politics.ts';
import type { TwoWWState } from './state.ts';

// A land board with one sea lane through the Norway gate, hex 1904: 1704 - 1804 - 1904 - 2005 - 2105, where 2105 is a
// German port held by the Axis.
const w = testWorld({
  id: 'danish-waters-test', cols: [17, 21], rows: [1, 6], country: 'ge',
  countries: { no: ['1701', '1801', '1901'], dk: ['1904', '1905'] },
  sea: ['1704', '1804', '2005'], coastal: ['1904'], ports: ['2105'],
  cities: { '2105': 'Stettin' }, capitals: { '1701': 'no' },
});

function position(norway: 'axis' | 'allies', units: Record<string, string | { where: string; aboard: string }>): TwoWWState {
  const countries = { ...initialCountries() };
  countries.no = { ...countries.no!, controller: norway, status: 'conquered' } as never;
  return startAt(testPosition(w, { turn: 8, countries, control: { '2105': 'axis' }, units }), [{ proc: 'movement-phase', side: 'allies' }]);
}

const fleetMoves = (s: TwoWWState) => choicesOf(s, 'allies').filter((a) => a.unit === 'gb-fleet-home' && a.type === 'move');

describe('2WW 8.3.2 Danish waters: the Norway gate (1904)', () => {
  it('2WW 8.3.2 an Allied fleet may not enter 1904 before Norway is Allied', () => {
    const s = position('axis', { 'gb-fleet-home': '1704' });
    expect(fleetMoves(s).map((a) => a.to)).toEqual(['1804']);
  });

  it('2WW 8.3.2 an Allied fleet may pass 1904 when its cargo makes an amphibious assault at the end of the move (8.1.4)', () => {
    let s = position('axis', { 'gb-fleet-home': '1704', 'gb-arm-1': { where: '1704', aboard: 'gb-fleet-home' } });
    const moves = fleetMoves(s);
    // Only the enemy port qualifies: 2005 is open sea, where no assault can be made.
    expect(moves).toEqual([
      { type: 'move', unit: 'gb-fleet-home', to: '1804' },
      { type: 'move', unit: 'gb-fleet-home', to: '2105', assault: true },
    ]);
    s = act(s, 'allies', { type: 'move', unit: 'gb-fleet-home', to: '2105', assault: true });
    expect(s.units['gb-fleet-home']!.where).toBe('2105');
    const arm = s.units['gb-arm-1']!;
    expect(arm.where).toBe('2105');
    expect(arm.aboard).toBeUndefined();
    expect(arm.moveMode).toBe('assault');
    expect(arm.mustAttack).toBe('2105'); // 5.2.3: it must attack the port's defenders this combat phase
  });

  it('2WW 8.3.2 a move through 1904 before Norway is Allied is refused citing 8.3.2', () => {
    const s = position('axis', { 'gb-fleet-home': '1704' });
    expect(() => act(s, 'allies', { type: 'move', unit: 'gb-fleet-home', to: '2005' })).toThrow(/^2WW 8\.3\.2: the way to 2005 passes Danish waters/);
  });

  it('2WW 8.3.2 a fleet may not use the assault exception to reach open sea or carry an air unit through', () => {
    const s = position('axis', { 'gb-fleet-home': '1704', 'gb-air-raf1': { where: '1704', aboard: 'gb-fleet-home' } });
    expect(fleetMoves(s).map((a) => a.to)).toEqual(['1804']);
  });

  it('2WW 8.3.2 once Norway is Allied the gate is open to every Allied fleet', () => {
    const s = position('allies', { 'gb-fleet-home': '1704' });
    expect(fleetMoves(s).map((a) => a.to)).toEqual(['1804', '1904', '2005', '2105']);
  });
});
