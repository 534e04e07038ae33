import { describe, expect, it } from 'vitest';
import { choicesAt, derivePicks, highlighted } from './picks.ts';
import type { Choice } from '../../engine/types.ts';

const hexes = new Set(['2214', '2215', '2314', 'atlantic']);
const isPlace = (s: string) => hexes.has(s);
const ch = (action: Choice['action']): Choice => ({ action, label: JSON.stringify(action) });

describe('map picks come only from the prompt choices', () => {
  const choices = [
    ch({ type: 'move', unit: 'ge-inf-4', to: '2215' }),
    ch({ type: 'move', unit: 'ge-inf-4', to: '2314' }),
    ch({ type: 'move', unit: 'ge-arm-1', to: '2314' }),
    ch({ type: 'move', unit: 'ge-arm-1', to: '2314', mode: 'rail' }),
    ch({ type: 'attack', hex: '2214' }),
    ch({ type: 'lose', unit: 'ge-arm-1' }),
    ch({ type: 'pass' }),
  ];
  const picks = derivePicks(choices, isPlace);

  it('a selected unit highlights exactly the hexes its choices lead to', () => {
    expect([...highlighted(picks, 'ge-inf-4')].sort()).toEqual(['2215', '2314']);
    expect([...highlighted(picks, 'ge-arm-1')]).toEqual(['2314']);
    expect(highlighted(picks, 'it-inf-1').size).toBe(0);
  });

  it('two choices to one hex (rail or not) are both offered', () => {
    expect(choicesAt(picks, '2314', 'ge-arm-1')).toEqual([2, 3]);
    expect(choicesAt(picks, '2215', 'ge-arm-1')).toEqual([]);
  });

  it('with no unit selected, unit-free place choices are highlighted', () => {
    expect([...highlighted(picks, null)]).toEqual(['2214']);
    expect(choicesAt(picks, '2214', null)).toEqual([4]);
  });

  it('every choice naming a unit makes that unit selectable', () => {
    expect(picks.units.get('ge-arm-1')).toEqual([2, 3, 5]);
    expect(picks.units.has('pass')).toBe(false);
  });

  it('a field holding something that is not a place is ignored', () => {
    const p = derivePicks([ch({ type: 'move', unit: 'u', to: 'nowhere' })], isPlace);
    expect(p.dests.size).toBe(0);
    expect(p.units.get('u')).toEqual([0]);
  });

  it('a rule set may name other fields for units and places (ETO naval actions name a ship and a space)', () => {
    const sea = new Set(['north-sea', 'W4922']);
    const naval = [
      ch({ type: 'select', ship: 'bismarck' }),
      ch({ type: 'place', ship: 'hood', space: 'north-sea', inPort: false }),
      ch({ type: 'enter', space: 'W4922' }),
      ch({ type: 'withdraw', ships: ['hood', 'kgv'] }),
    ];
    const p = derivePicks(naval, (x) => sea.has(x), { units: ['ship', 'ships'], places: ['space'] });
    expect([...p.units.keys()]).toEqual(['bismarck', 'hood', 'kgv']);
    expect(choicesAt(p, 'north-sea', 'hood')).toEqual([1]);
    expect(choicesAt(p, 'W4922', null)).toEqual([2]);
    expect(derivePicks(naval, (x) => sea.has(x)).units.size).toBe(0);
  });
});
