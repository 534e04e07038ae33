// Evacuation (10.7) on scenario 5's forces: German STPs take an infantry unit off a clear coastal hex next to Kiel.
import { describe, expect, it } from 'vitest';
import type { Game } from '../../engine/index.ts';
import { controller, layerHex } from './land.ts';
import { navalMap, navalNeighbours } from './map.ts';
import type { EtoState } from './state.ts';
import { act, choicesFor, germansInKiel, KIEL, playUntil, editable } from './testing.ts';

/** A clear German coastal hex without a port, one naval MP from Kiel, with de-inf-1 in it and `stps` at sea there. */
function onTheBeach(seed: string, stps: string[]): { g: Game<EtoState>; beach: string } {
  const g = germansInKiel(seed);
  editable(g);
  const l = g.state.land!;
  const beach = navalNeighbours(g.state, KIEL).map((n) => n.space)
    .find((h) => navalMap(g.state).coastal.get(h)?.port === null && layerHex(l, h)?.terrain === 'clear' && controller(l, h) === 'axis')!;
  Object.assign(l.units['de-inf-1']!, { where: 'map', hex: beach });
  for (const id of stps) Object.assign(g.state.ships[id]!, { space: beach, inPort: false });
  return { g, beach };
}

/** Play on (every seat declining) until the Naval and Air phase, both sides' halves, is over. */
const afterThePhase = (g: Game<EtoState>) => playUntil(g, 'axis', () => !g.state.stack.some((f) => f.proc === 'naval-and-air-phase'), true);

describe('ETO 10.7 evacuation', () => {
  it('10.7: two STPs (twice the table\'s one) evacuate an infantry unit and bring it into Kiel; one STP cannot', () => {
    const one = onTheBeach('evac1', ['de-stp-1']);
    act(one.g, 'axis', { type: 'select', ship: 'de-stp-1' });
    act(one.g, 'axis', { type: 'move' });
    expect(choicesFor(one.g.state, 'axis').some((c) => c.action.type === 'evacuate')).toBe(false);

    const { g, beach } = onTheBeach('evac2', ['de-stp-1', 'de-stp-2']);
    act(g, 'axis', { type: 'select', ship: 'de-stp-1' });
    act(g, 'axis', { type: 'select', ship: 'de-stp-2' });
    act(g, 'axis', { type: 'move' });
    act(g, 'axis', { type: 'evacuate', unit: 'de-inf-1' });
    expect(g.state.land!.units['de-inf-1']!.where).toBe('aboard');
    playUntil(g, 'axis', (c) => c.action.type === 'enter' && c.action.space === KIEL);
    playUntil(g, 'axis', (c) => c.action.type === 'enter-port');
    playUntil(g, 'axis', (c) => c.action.type === 'end-naval-movement');
    afterThePhase(g);
    const u = g.state.land!.units['de-inf-1']!;
    expect([u.where, g.state.ships[u.aboard!]!.space]).toEqual(['aboard', KIEL]);
    expect(beach).not.toBe(KIEL);
  });

  it('10.7, 10.8: two DD/CL pairs (twice the table\'s one STP) evacuate the infantry; one pair cannot', () => {
    const one = onTheBeach('evac-dd1', ['de-dd-1', 'de-cl-1']);
    for (const id of ['de-dd-1', 'de-cl-1']) act(one.g, 'axis', { type: 'select', ship: id });
    act(one.g, 'axis', { type: 'move' });
    expect(choicesFor(one.g.state, 'axis').some((c) => c.action.type === 'evacuate')).toBe(false);

    const { g } = onTheBeach('evac-dd2', ['de-dd-1', 'de-cl-1', 'de-dd-2', 'de-cl-2']);
    for (const id of ['de-dd-1', 'de-cl-1', 'de-dd-2', 'de-cl-2']) act(g, 'axis', { type: 'select', ship: id });
    act(g, 'axis', { type: 'move' });
    expect(choicesFor(g.state, 'axis').find((c) => c.action.type === 'evacuate')!.label).toMatch(/^Evacuate German infantry from .* aboard DD\/CL pairs$/);
    act(g, 'axis', { type: 'evacuate', unit: 'de-inf-1', by: 'dd-cl' });
    const s = g.state;
    expect([s.land!.units['de-inf-1']!.where, s.land!.units['de-inf-1']!.aboard, s.land!.evacuated]).toEqual(['aboard', 'de-dd-1', ['de-inf-1']]);
    expect([s.ships['de-dd-1']!.pair, s.ships['de-dd-2']!.pair]).toEqual(['de-cl-1', 'de-cl-2']);
  });

  it('10.7: evacuees still at sea when the phase ends are eliminated', () => {
    const { g } = onTheBeach('evac3', ['de-stp-1', 'de-stp-2']);
    act(g, 'axis', { type: 'select', ship: 'de-stp-1' });
    act(g, 'axis', { type: 'select', ship: 'de-stp-2' });
    act(g, 'axis', { type: 'move' });
    act(g, 'axis', { type: 'evacuate', unit: 'de-inf-1' });
    const losses = g.state.land!.losses.axis;
    playUntil(g, 'axis', (c) => c.action.type === 'stop');
    playUntil(g, 'axis', (c) => c.action.type === 'end-naval-movement');
    afterThePhase(g);
    expect(g.state.land!.units['de-inf-1']!.where).toBe('removed');
    expect(g.state.land!.losses.axis - losses).toBe(2);
  });
});
