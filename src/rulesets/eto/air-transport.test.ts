// Air transport (18.1-18.5) and air supply (32.6) on scenario 5's forces: a German ATP flies from Copenhagen in step 4.
import { describe, expect, it } from 'vitest';
import { eto } from './index.ts';
import { airMarkerRoom, airSupplyDests } from './air.ts';
import { suppliedHexes } from './land.ts';
import { act, choicesFor, germansInKiel, playUntil, editable } from './testing.ts';

const COPENHAGEN = 'W4126';

describe('ETO 18.2-18.5 air transport', () => {
  it('18.3: a full infantry unit splits to fly; with no infantry in the force pool the step left behind is lost; 18.5: no paradrop after', () => {
    const g = germansInKiel('airlift', { 'de-atp-1': COPENHAGEN, 'de-inf-1': COPENHAGEN, 'de-para-1': COPENHAGEN });
    const c = playUntil(g, 'axis', (x) => x.action.type === 'air-transport' && x.action.unit === 'de-inf-1', true);
    const to = String(c.action.to);
    expect(c.refs?.units).toEqual(['de-atp-1', 'de-inf-1']);
    const losses = g.state.land!.losses.axis;
    act(g, 'axis', c.action);
    if (choicesFor(g.state, 'allies').some((x) => x.action.type === 'intercept-done')) act(g, 'allies', { type: 'intercept-done' });
    const l = g.state.land!;
    expect([l.units['de-inf-1']!.hex, l.units['de-inf-1']!.depleted, l.losses.axis - losses]).toEqual([to, true, 1]);
    expect(l.air['de-atp-1']!.base).toBe(COPENHAGEN);
    expect(l.atpUsed).toEqual(['de-atp-1']);
    // The same ATP carries nothing more this turn (the paratroop stays in Copenhagen).
    expect(choicesFor(g.state, 'axis').some((x) => x.action.type === 'air-transport')).toBe(false);
    expect(() => g.act('axis', { type: 'air-transport', air: 'de-atp-1', unit: 'de-para-1', to })).toThrow(/^ETO 18\.5: .* has already flown this turn/);
  });
});

describe('ETO 32.6 air supply', () => {
  it('32.6, 32.4: the ATP in Copenhagen flies an air supply marker to German-held Oslo (no supply line), one per airbase; it supplies Oslo, not an ATP based there', () => {
    const OSLO = 'W4725';
    const g = germansInKiel('airsupply', { 'de-atp-1': COPENHAGEN });
    editable(g);
    g.state.land!.control[OSLO] = 'axis';
    expect(suppliedHexes(g.state.land!, 'axis').has(OSLO)).toBe(false);
    const c = playUntil(g, 'axis', (x) => x.action.type === 'air-supply', true);
    expect([...new Set(choicesFor(g.state, 'axis').filter((x) => x.action.type === 'air-supply').map((x) => x.action.to))]).toEqual([OSLO]);
    expect(c.refs?.units).toEqual(['de-atp-1']);
    act(g, 'axis', c.action);
    if (choicesFor(g.state, 'allies').some((x) => x.action.type === 'intercept-done')) act(g, 'allies', { type: 'intercept-done' });
    const l = g.state.land!;
    expect(l.markers).toEqual([{ hex: OSLO, side: 'axis', air: true }]);
    expect([suppliedHexes(l, 'axis').has(OSLO), suppliedHexes(l, 'axis', false).has(OSLO)]).toEqual([true, false]);
    expect(l.air['de-atp-1']!.base).toBe(COPENHAGEN);
    // Oslo has one airbase (its city): no room for a second air supply marker, nor a line for an ATP based there.
    expect(airMarkerRoom(l, OSLO)).toBe(1);
    expect(Object.values(l.air).filter((a) => a.kind === 'atp' && a.side === 'axis').map((a) => airSupplyDests(g.state, a))).toEqual([[], []]);
    const s = structuredClone(g.state);
    s.land!.atpUsed = [];
    expect(airSupplyDests(s, s.land!.air['de-atp-1']!)).toEqual([]);
    s.land!.air['de-atp-1']!.base = OSLO;
    expect(airSupplyDests(s, s.land!.air['de-atp-1']!)).toEqual([]);
    expect(eto.boardView!(g.state, 'allies').markers).toContainEqual({ kind: 'supply', where: OSLO, side: 'axis', label: 'Air supply marker (32.6)' });
  });
});
