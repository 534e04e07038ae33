import { describe, expect, it } from 'vitest';
import { counterById, reinforcementsOn, scenario, turnTrack } from './index.ts';

describe('2WW 2 campaign-1939 setup', () => {
  const s = scenario('campaign-1939');
  it('2WW 2: each unit is set up once and exists in counters.json', () => {
    const ids = s.units.map((u) => u.unit);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(() => counterById(id)).not.toThrow();
  });
  it('2WW 2: the section 2 lists name 108 units; the other 11 arrive by the Turn Record Track', () => {
    expect(s.units).toHaveLength(108);
    const arriving = turnTrack().reinforcements.map((r) => r.unit);
    expect(arriving).toHaveLength(11);
    expect(arriving.filter((id) => s.units.some((u) => u.unit === id))).toEqual([]);
  });
  it('2WW 4: the game opens in Autumn 1939 with the Axis, without Strategic Warfare and Production', () => {
    expect(s.startTurn).toBe(1);
    expect(s.firstPlayer).toBe('axis');
    expect(s.skipOnFirstTurn).toEqual(['strategic-warfare', 'production']);
  });
  it('2WW 2.2: every Soviet unit except the forts starts reduced', () => {
    for (const u of s.units.filter((x) => x.unit.startsWith('su-') && x.location.kind !== 'force-pool')) {
      expect(u.side, u.unit).toBe(counterById(u.unit).type === 'fort' ? 'full' : 'reduced');
    }
  });
  it('2WW 2.1, 2.3, 2.6: the fixed hexes of the setup lists', () => {
    const hexOf = (id: string) => { const l = s.units.find((u) => u.unit === id)!.location; return l.kind === 'hex' ? l.hex : l.kind; };
    expect(hexOf('fr-fort-maginot')).toBe('1909');
    expect(hexOf('gb-fleet-home')).toBe('1503');
    expect(hexOf('gb-fort-malta')).toBe('2415');
    expect(hexOf('su-fort-moscow')).toBe('2903');
    expect(hexOf('ge-fort-1')).toBe('1907');
    expect(hexOf('se-fleet')).toBe('2201');
    expect(hexOf('us-arm-1')).toBe('force-pool');
  });
  it('2WW 2.4: no US unit starts on the map; the listed armor, air and fleets are available in the force pool', () => {
    const us = s.units.filter((u) => u.unit.startsWith('us-'));
    expect(us.every((u) => u.location.kind === 'force-pool')).toBe(true);
    expect(us.map((u) => u.unit).sort()).toEqual([
      'us-air-12', 'us-air-15', 'us-air-8', 'us-air-9', 'us-air-sac', 'us-arm-1', 'us-arm-15', 'us-arm-5', 'us-arm-7', 'us-arm-9',
      'us-fleet-10', 'us-fleet-12', 'us-fleet-8',
    ]);
  });
  it('2WW 2.7: the Axis places the Finnish, Hungarian, Rumanian and Bulgarian infantry anywhere in their own countries', () => {
    for (const c of ['fi', 'hu', 'ru', 'bg']) { // ru: Rumania (ruling R-IDS)
      const u = s.units.find((x) => x.unit === `${c}-inf`);
      expect(u?.location, c).toEqual({ kind: 'area', country: c, within: 'country' });
    }
  });
  it('2WW 12.1.1, 12.4.1: Italy starts neutral under Axis control, the USSR neutral, the US not yet in the war', () => {
    const st = (id: string) => s.countries.find((c) => c.id === id)!;
    expect(st('it')).toMatchObject({ controller: 'axis', status: 'neutral-axis-controlled' });
    expect(st('su').status).toBe('neutral');
    expect(st('us').status).toBe('not-entered');
    expect(st('pl')).toMatchObject({ controller: null, status: 'neutral' });
    expect(st('iq')).toMatchObject({ controller: 'allies', status: 'closed' });
  });
  it('2WW 12.2.1: the Free French armor waits for the conquest of France', () => {
    const ff = turnTrack().reinforcements.find((r) => r.unit === 'fr-arm-ff1')!;
    expect(ff.condition).toBe('france-conquered');
    expect(reinforcementsOn(ff.turn).map((r) => r.unit)).toContain('fr-arm-ff1');
  });
});
