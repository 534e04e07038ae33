// Sea transport (10.1-10.6) on scenario 5's map: the rulebook's worked examples N1 (example of play, England to Le
// Havre: leaders ride free), N2 (10.2: the amphibious assault's STPs and sinkings) and N3 (10.1: STPs are change).
import { describe, expect, it } from 'vitest';
import { assaultNeed, cargoOf, embarkChoices, markerRoom, need, points } from './sea-transport.ts';
import { navalMap } from './map.ts';
import { controller, suppliedHexes } from './land.ts';
import { act, choicesFor, declareAssault, germansInKiel, invadeNorway, KIEL, playUntil, resolveAttack, sailFromKiel, seaPath, editable } from './testing.ts';

const STPS = ['de-stp-1', 'de-stp-2', 'de-stp-3', 'de-stp-4'];
const OSLO = 'W4725', HAMBURG = 'W3824';

describe('ETO 10.0 sea transport', () => {
  it('N1 (example of play, 10.2): two infantry, an HQ and a supply marker need three STPs; the HQ rides free', () => {
    const g = germansInKiel('n1');
    expect(g.state.land!.units['de-inf-1']!.hex).toBe(KIEL);
    for (const id of STPS.slice(0, 3)) act(g, 'axis', { type: 'select', ship: id });
    for (const unit of ['de-inf-1', 'de-inf-2', 'hq-m']) act(g, 'axis', { type: 'embark', unit });
    act(g, 'axis', { type: 'load-supply' });
    expect(cargoOf(g.state, STPS.slice(0, 3)).map((u) => u.id)).toEqual(['de-inf-1', 'de-inf-2', 'hq-m']);
    expect(need(g.state, STPS.slice(0, 3))).toBe(3);
    // Three STPs are full: nothing more is offered.
    expect(embarkChoices(g.state, 'axis', STPS.slice(0, 3))).toEqual([]);
  });

  it('N1: with two STPs the supply marker no longer fits once both infantry are aboard (the HQ still does)', () => {
    const g = germansInKiel('n1b');
    for (const id of STPS.slice(0, 2)) act(g, 'axis', { type: 'select', ship: id });
    for (const unit of ['de-inf-1', 'de-inf-2', 'hq-m']) act(g, 'axis', { type: 'embark', unit });
    expect(choicesFor(g.state, 'axis').some((c) => c.action.type === 'load-supply')).toBe(false);
  });

  it('N2 (10.2): two infantry and an armor assaulting after 6 naval MP need 8 STPs, after 7 MP 12', () => {
    const g = germansInKiel('n2');
    const l = g.state.land!;
    const units = ['de-inf-1', 'de-inf-2', 'de-armor'].map((id) => l.units[id]!);
    const s = structuredClone(g.state);
    s.ships['de-stp-1']!.carried = 6;
    expect(assaultNeed(s, ['de-stp-1'], units)).toBe(8);
    s.ships['de-stp-1']!.carried = 7;
    expect(assaultNeed(s, ['de-stp-1'], units)).toBe(12);
  });

  it('N3 (10.1): STP markers in a space are change: one 1 and one 2 carry what three 1s carry', () => {
    const g = germansInKiel('n3');
    const three = embarkChoices(g.state, 'axis', STPS.slice(0, 3)).map((c) => c.action);
    const s = structuredClone(g.state);
    s.ships['de-stp-1']!.points = 2;
    expect(points(['de-stp-1', 'de-stp-2'].map((id) => s.ships[id]!))).toBe(3);
    expect(embarkChoices(s, 'axis', ['de-stp-1', 'de-stp-2']).map((c) => c.action)).toEqual(three);
  });

  it('10.6, 10.2, 26.4, 32.7: two infantry carried 6 MP from Kiel assault Oslo; 2 of the 4 STPs sink, the infantry land in supply', () => {
    const g = germansInKiel('assault');
    invadeNorway(g);
    expect(g.state.land!.units['no-inf-3']!.hex).toBe(OSLO);
    for (const id of STPS) act(g, 'axis', { type: 'select', ship: id });
    for (const unit of ['de-inf-1', 'de-inf-2']) act(g, 'axis', { type: 'embark', unit });
    sailFromKiel(g, OSLO);
    expect(g.state.ships['de-stp-1']!.carried).toBe(6);
    declareAssault(g, OSLO);
    resolveAttack(g, [6]);
    const s = g.state, l = s.land!;
    // 12 against Oslo's infantry 2 at 6-1; blitzkrieg +1, mud -1, from the sea -3: the 6 reads 3, DEx.
    const fight = g.played.flatMap((p) => p.events).find((e) => e.rule === 'ETO 27.1' && e.data)!;
    expect(fight.data).toEqual({ attack: 12, defence: 2, column: '6-1', drm: -3, die: 6, row: 3, result: 'DEx' });
    expect(l.units['no-inf-3']!.where).not.toBe('map');
    expect(l.units['de-inf-1']!.depleted).toBe(true);
    expect(STPS.filter((id) => s.ships[id]!.sunk)).toHaveLength(2);
    expect(['de-inf-1', 'de-inf-2'].map((id) => [l.units[id]!.where, l.units[id]!.hex, l.units[id]!.landed])).toEqual([['map', OSLO, true], ['map', OSLO, true]]);
    expect(controller(l, OSLO)).toBe('axis');
    expect(suppliedHexes(l, 'axis').has(OSLO)).toBe(true);
  });

  it('32.5, 32.4: an STP with a supply marker aboard may not enter a port already holding its room of supply markers', () => {
    for (const full of [false, true]) {
      const g = germansInKiel(`room-${full}`);
      const l = editable(g).land!;
      const port = navalMap(g.state).coastal.get(HAMBURG)!.port!;
      if (full) l.markers = Array.from({ length: markerRoom(l, HAMBURG, port) }, () => ({ hex: HAMBURG, side: 'axis' as const }));
      act(g, 'axis', { type: 'select', ship: 'de-stp-1' });
      act(g, 'axis', { type: 'load-supply' });
      act(g, 'axis', { type: 'move' });
      act(g, 'axis', { type: 'leave-port' });
      for (const space of seaPath(g.state, KIEL, HAMBURG)) playUntil(g, 'axis', (c) => c.action.type === 'enter' && c.action.space === space);
      playUntil(g, 'axis', (c) => c.action.type === 'stop', true);
      expect(choicesFor(g.state, 'axis').some((c) => c.action.type === 'enter-port')).toBe(!full);
      if (full) expect(() => g.act('axis', { type: 'enter-port' })).toThrow(/^ETO 32\.5, 32\.4: the port of .* has no room for more supply markers/);
    }
  });

  it('10.4, 10.0: STPs that moved pick the armor up in Hamburg for transport only, one task for the turn', () => {
    const g = germansInKiel('pick');
    for (const id of ['de-stp-5', 'de-stp-6']) act(g, 'axis', { type: 'select', ship: id });
    act(g, 'axis', { type: 'move' });
    act(g, 'axis', { type: 'leave-port' });
    expect(choicesFor(g.state, 'axis').some((c) => c.action.type === 'embark')).toBe(false); // still in Kiel: not a pick-up
    for (const space of seaPath(g.state, KIEL, 'W3824')) playUntil(g, 'axis', (c) => c.action.type === 'enter' && c.action.space === space);
    playUntil(g, 'axis', (c) => c.action.type === 'embark' && c.action.unit === 'de-armor');
    let s = g.state;
    expect([s.land!.units['de-armor']!.where, s.land!.units['de-armor']!.aboard]).toEqual(['aboard', 'de-stp-5']);
    expect(['de-stp-5', 'de-stp-6'].map((id) => s.ships[id]!.pickedUp)).toEqual([true, true]);
    // Carrying it on is their task this turn (10.0).
    playUntil(g, 'axis', (c) => c.action.type === 'enter' && c.action.space === 'W3925');
    s = g.state;
    expect(['de-stp-5', 'de-stp-6'].map((id) => s.ships[id]!.used)).toEqual([true, true]);
  });
});
