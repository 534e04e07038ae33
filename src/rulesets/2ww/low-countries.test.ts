// 2WW 2.8, 5.3.1 on the campaign map: Belgium is two hexes (1806, 1807), so wherever the Allied side sets its army
// up, a German unit can enter the other and invade (docs/rulings/2ww.md M9).
import { describe, expect, it } from 'vitest';
import { setupGame } from '../../engine/index.ts';
import { twoWW } from './index.ts';
import { act, destinations, startAt, testPosition } from './testing.ts';
import { worldById } from './world.ts';

describe('2WW 5.3.1 the Axis can invade the Low Countries on the campaign map', () => {
  const w = worldById('campaign');
  // The campaign's starting control (cities and ports), so German units trace supply as in the game (2WW 11).
  const control = setupGame(twoWW, 'campaign-1939', { quickSetup: true }, 'low-countries').state.control;
  const invade = (army: string, from: string, into: string) => {
    let s = startAt(testPosition(w, { turn: 3, units: { 'ge-inf-1': from, 'be-inf': army, 'nl-inf': '1805' }, control: { ...control } }), [{ proc: 'movement-phase', side: 'axis' }]);
    expect(s.countries.be!.status).toBe('neutral');
    expect(destinations(s, 'axis', 'ge-inf-1')).toContain(into);
    s = act(s, 'axis', { type: 'move', unit: 'ge-inf-1', to: into });
    return s;
  };

  it('2WW 2.8, 5.3.1 Belgian army in Brussels (1806): a German unit from 1907 enters the Ardennes (1807) and invades Belgium', () => {
    const s = invade('1806', '1907', '1807');
    expect(s.countries.be).toEqual({ controller: 'allies', status: 'belligerent' });
    expect(s.units['ge-inf-1']!.where).toBe('1807');
  });

  it('2WW 2.8, 5.3.1 Belgian army in the Ardennes (1807): a German unit from 1906 enters Brussels (1806) and invades Belgium', () => {
    const s = invade('1807', '1906', '1806');
    expect(s.countries.be).toEqual({ controller: 'allies', status: 'belligerent' });
    expect(s.control['1806']).toBe('axis');
  });
});
