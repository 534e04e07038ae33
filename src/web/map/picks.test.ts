import { describe, expect, it } from 'vitest';
import { choicesAt, derivePicks, groupOfUnit, placesOf, unitChoices } from './picks.ts';
import type { Choice, Prompt } from '../../engine/types.ts';

const ch = (label: string, refs?: Choice['refs']): Choice => ({ action: { type: label.split(' ')[0]!.toLowerCase() }, label, ...(refs ? { refs } : {}) });
const prompt = (choices: Choice[], groups?: Prompt['groups']): Prompt => ({ seat: 'a', rule: 'T 1', text: 't', kind: 'move', choices, ...(groups ? { groups } : {}) });

describe('map picks come only from what choices and groups point at (refs)', () => {
  const choices = [
    ch('Move inf to 2215', { units: ['inf'], place: '2215' }),
    ch('Move inf to 2314', { units: ['inf'], place: '2314' }),
    ch('Move arm to 2314', { units: ['arm'], place: '2314' }),
    ch('Rail arm to 2314', { units: ['arm'], place: '2314' }),
    ch('Attack 2214', { place: '2214' }),
    ch('Lose arm', { units: ['arm'] }),
    ch('Pass'),
  ];
  const p = prompt(choices);
  const picks = derivePicks(p);

  it('a selected unit lights exactly the places its choices lead to; two ways there are both offered', () => {
    const inf = unitChoices(picks, 'inf').map((i) => choices[i]!);
    expect([...placesOf(inf)].sort()).toEqual(['2215', '2314']);
    const arm = unitChoices(picks, 'arm').map((i) => choices[i]!);
    expect(choicesAt(arm, '2314').map((c) => c.label)).toEqual(['Move arm to 2314', 'Rail arm to 2314']);
    expect(choicesAt(arm, '2215')).toEqual([]);
  });

  it('a choice naming a place and no unit is picked with nothing selected; one naming nothing is left to the list', () => {
    expect([...picks.places.keys()]).toEqual(['2214']);
    expect([...picks.units.keys()].sort()).toEqual(['arm', 'inf']);
    expect(picks.only).toBeNull();
  });

  it('a prompt about one unit (a set-up placement) lights its places with nothing selected', () => {
    const setup = derivePicks(prompt([ch('Place pl-1 in 2306', { units: ['pl-1'], place: '2306' }), ch('Place pl-1 in 2405', { units: ['pl-1'], place: '2405' })]));
    expect(setup.only).toBe('pl-1');
    expect(unitChoices(setup, null)).toEqual([0, 1]);
  });

  it('a prompt moving one stack together (an ETO breakthrough stack) lights its places with nothing selected', () => {
    const where: Record<string, string> = { a1: 'W3322', a2: 'W3322', g: 'W3322' };
    const cs = [ch('Stay in W3322', { units: ['a1', 'a2', 'g'], place: 'W3322' }),
      ch('Move to W3223', { units: ['a1', 'a2', 'g'], place: 'W3223' }), ch('Move to W3324', { units: ['a2', 'a1', 'g'], place: 'W3324' })];
    const bt = derivePicks(prompt(cs), (u) => where[u]);
    expect(bt.only).toBe('a1');
    expect([...placesOf(unitChoices(bt, null).map((i) => cs[i]!))].sort()).toEqual(['W3223', 'W3322', 'W3324']);
    // Two stacks with places of their own: the player picks one first.
    const two = derivePicks(prompt([ch('Move a to X', { units: ['a1', 'a2'], place: 'X' }), ch('Move b to Y', { units: ['b1', 'b2'], place: 'Y' })]));
    expect(two.only).toBeNull();
  });

  it('a choice about units where they stand (a stack picked in place) is picked by its place, and by its units', () => {
    const where: Record<string, string> = { a1: 'W3133', a2: 'W3133', b1: 'W3034' };
    const bt = derivePicks(prompt([ch('Armor in W3133', { units: ['a1', 'a2'], place: 'W3133' }), ch('Armor in W3034', { units: ['b1'], place: 'W3034' }),
      ch('Move b1 to W3133', { units: ['b1'], place: 'W3133' })]), (u) => where[u]);
    expect([...bt.places]).toEqual([['W3133', [0]], ['W3034', [1]]]);
    expect(bt.units.get('b1')).toEqual({ choices: [1, 2] });
    expect(bt.only).toBe('b1');
  });

  it('a structured prompt: units head their group, a stack group is picked by its place', () => {
    const sp = prompt([ch('End movement')], [
      { key: 'x', label: 'token x', refs: { units: ['x'] } },
      { key: 'A1', label: 'stack in A1', refs: { units: ['n-inf-A1', 'n-arm-A1'], place: 'A1' } },
    ]);
    const g = derivePicks(sp);
    expect(g.units.get('n-arm-A1')).toEqual({ group: 'A1', choices: [] });
    expect(g.groupAt.get('A1')).toBe('A1');
    expect(groupOfUnit(sp, 'x')?.key).toBe('x');
    expect(g.only).toBeNull();
  });

  it('a structured attack prompt: a group per hex names no unit of the player, so its hex is lit and picks it', () => {
    const ap = prompt([ch('End the combat phase')], [
      { key: '2405', label: 'Attack 2405 Warsaw', refs: { place: '2405', targets: ['pl-inf-2'] } },
      { key: 'A1', label: 'stack in A1', refs: { units: ['n-inf-A1'], place: 'A1' } },
    ]);
    const g = derivePicks(ap);
    expect([...g.placeGroups]).toEqual(['2405']);
    expect(g.groupAt.get('2405')).toBe('2405');
    expect(g.units.has('pl-inf-2')).toBe(false);
  });
});
