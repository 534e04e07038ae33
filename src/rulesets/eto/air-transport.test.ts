// Air transport (18.1-18.5) on scenario 5's forces: a German ATP carries a unit from Copenhagen in step 4.
import { describe, expect, it } from 'vitest';
import { act, choicesFor, germansInKiel, playUntil } from './testing.ts';

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
