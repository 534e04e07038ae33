// 2WW 2.8, 5.3.1 on the campaign map: Belgium is two hexes (1806, 1807), so wherever the Allied side sets its army
// up, a German unit can enter the other and invade; the Netherlands (1805) is invaded by attacking its army
// (docs/rulings/2ww.md M9).
import { describe, expect, it } from 'vitest';
import { forceDice, setupGame } from '../../engine/index.ts';
import { twoWW } from './index.ts';
import { act, destinations, startAt, testPosition, testRig } from './testing.ts';
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

describe('2WW 5.3.1 (ruling M9) the Axis invades the Netherlands by attacking its army in its only hex (1805)', () => {
  const w = worldById('campaign');
  const control = setupGame(twoWW, 'campaign-1939', { quickSetup: true }, 'low-countries').state.control;
  const { start, play, choices, events } = testRig(twoWW, 'netherlands');
  const combat = () => start(testPosition(w, { turn: 3, units: { 'ge-inf-1': '1906', 'ge-arm-1': '1905', 'nl-inf': '1805', 'be-inf': '1806' }, control: { ...control } }),
    [{ proc: 'combat-phase', side: 'axis' }]);

  it('2WW 5.3.1 no German unit can enter 1805 while the Dutch army holds it, but the Axis may attack it across the border', () => {
    const s = combat();
    expect(s.countries.nl!.status).toBe('neutral');
    expect(choices(s, 'axis')).toContainEqual({ type: 'attack', mode: 'land', hex: '1805' });
    const m = start(testPosition(w, { turn: 3, units: { 'ge-inf-1': '1906', 'nl-inf': '1805' }, control: { ...control } }), [{ proc: 'movement-phase', side: 'axis' }]);
    expect(destinations(m, 'axis', 'ge-inf-1')).not.toContain('1805');
  });

  it('2WW 5.3.1 declaring the attack invades the Netherlands (its army joins the Allies); a German victory takes Amsterdam', () => {
    let s = play(combat(), 'axis', { type: 'attack', mode: 'land', hex: '1805' });
    expect(choices(s, 'axis')).toEqual(expect.arrayContaining([{ type: 'add', unit: 'ge-arm-1', role: 'attacker' }, { type: 'add', unit: 'ge-inf-1', role: 'attacker' }, { type: 'cancel' }]));
    s = play(s, 'axis', { type: 'add', unit: 'ge-arm-1', role: 'attacker' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-inf-1', role: 'attacker' });
    forceDice(s.rng, [1, 1, 6, 6]); // the Axis rolls 2, the Dutch 12
    s = play(s, 'axis', { type: 'confirm' });
    expect(s.countries.nl).toEqual({ controller: 'allies', status: 'belligerent' });
    expect(s.countries.be!.status).toBe('neutral');
    expect(events.some((e) => e.rule === '2WW 5.3.1' && /invasion of Netherlands/.test(e.text))).toBe(true);
    const land = events.find((e) => /^Land combat at 1805/.test(e.text))!.data as any;
    expect([land.land.attacker, land.land.defender, land.winner]).toEqual([10, 1, 'attacker']);
    while (choices(s, 'allies').some((a) => a.type === 'take-loss' || a.type === 'retreat')) s = play(s, 'allies', choices(s, 'allies')[0]!);
    s = play(s, 'axis', { type: 'advance', unit: 'ge-inf-1', hex: '1805' });
    expect([s.units['ge-inf-1']!.where, s.control['1805']]).toEqual(['1805', 'axis']);
    expect(s.units['nl-inf']!.where).not.toBe('1805');
  });
});
