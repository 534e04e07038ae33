import { describe, expect, it } from 'vitest';
import { applyAction, Game, promptFor } from '../../engine/index.ts';
import { eto } from './index.ts';
import { landOf } from './land.ts';
import type { EtoState } from './state.ts';

/** Scenario 3, suggested set-up, both sides decline offensives: the German Movement phase. */
function germanMovement(): EtoState {
  const g = Game.create(eto, 'bulge', {}, 'bulge');
  g.act('allies', { type: 'suggested' });
  g.act('axis', { type: 'suggested' });
  g.act('axis', { type: 'pass' });
  g.act('allies', { type: 'pass' });
  expect(promptFor(eto, g.state, 'axis')!.rule).toBe('ETO 30.0-30.3');
  return structuredClone(g.state);
}

/** HQ 21st Army Group stands alone at `hex` (units listed leave the map), then a German unit moves. */
function afterGermanMove(hex: string, remove: string[] = []): EtoState {
  const s = germanMovement();
  const l = landOf(s);
  for (const id of remove) { l.units[id]!.where = 'force-pool'; l.units[id]!.hex = null; }
  l.units['hq-21']!.hex = hex;
  return applyAction(eto, s, 'axis', { type: 'move', unit: 'de-vg-5', to: 'W3124' }).state;
}

describe('ETO 23.3 HQ displacement', () => {
  it('ETO 23.3 the owner chooses which hex out of enemy ZOC a displaced HQ steps to', () => {
    const s = afterGermanMove('W3620'); // next to German infantry in W3621
    const p = promptFor(eto, s, 'allies')!;
    expect(p.rule).toBe('ETO 23.3');
    expect(promptFor(eto, s, 'axis')).toBeUndefined();
    expect(p.choices.map((c) => c.action.to)).toEqual(['W3520', 'W3619', 'W3720']);
    const after = applyAction(eto, s, 'allies', p.choices[1]!.action).state;
    expect(landOf(after).units['hq-21']!.hex).toBe('W3619');
    // The German Movement phase goes on.
    expect(promptFor(eto, after, 'axis')!.rule).toBe('ETO 30.0-30.3');
  });

  it('ETO 23.3 with one hex open the HQ steps there at once; with none it goes to the force pool', () => {
    const one = afterGermanMove('W3521', ['uk-inf-1', 'uk-armor-1']);
    expect(landOf(one).units['hq-21']!.hex).toBe('W3520');
    expect(promptFor(eto, one, 'allies')).toBeUndefined();
    const none = afterGermanMove('W3421', ['us-inf-3', 'us-inf-4']);
    expect(landOf(none).units['hq-21']).toMatchObject({ where: 'force-pool', hex: null });
  });
});
