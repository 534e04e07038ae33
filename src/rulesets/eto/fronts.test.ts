import { describe, expect, it } from 'vitest';
import { Game, promptFor } from '../../engine/index.ts';
import { hexesBehindFront } from './fronts.ts';
import { eto } from './index.ts';
import { controller, landOf, layerHex, zocOf } from './land.ts';
import type { EtoState } from './state.ts';
import { act, exampleToGuderian, type Seat, soloGame } from './testing.ts';

const fronts = (g: Game<EtoState>, seat: Seat) => promptFor(eto, g.state, seat)!.choices.filter((c) => c.action.type === 'front');

/** Case White, example of play: both breakthroughs (TC-BT-1, TC-BT-2) and the step 3 infantry moves. */
function afterStep3Moves(): Game<EtoState> {
  const g = soloGame('ex');
  exampleToGuderian(g);
  g.force([6]);
  act(g, 'axis', { type: 'bt-attack', target: 'W3232' });
  act(g, 'axis', { type: 'fly', air: 'de-fb' });
  act(g, 'axis', { type: 'done' });
  act(g, 'axis', { type: 'fight-on' }); // 15.2 D: the scripted Pole intercepted; no voluntary abort before round 2
  act(g, 'axis', { type: 'advance', unit: 'de-armor-2' });
  act(g, 'axis', { type: 'bt-move', to: 'W3432' });
  act(g, 'axis', { type: 'done' });
  for (const [u, to] of [['de-inf-1', 'W3630'], ['de-inf-2', 'W3632'], ['de-inf-3', 'W3632'], ['de-inf-4', 'W3433'], ['de-inf-5', 'W3432'], ['de-inf-6', 'W3331']]) act(g, 'axis', { type: 'move', unit: u, to });
  return g;
}

describe('ETO 24.5 defining a front', () => {
  it('ETO 24.5 nothing is behind either side\'s front at the start of scenario 3, so no front is offered', () => {
    const g = Game.create(eto, 'bulge', {}, 'bulge');
    act(g, 'allies', { type: 'suggested' });
    act(g, 'axis', { type: 'suggested' });
    expect(hexesBehindFront(landOf(g.state), 'axis')).toEqual([]);
    expect(hexesBehindFront(landOf(g.state), 'allies')).toEqual([]);
    act(g, 'axis', { type: 'pass' });
    act(g, 'allies', { type: 'pass' });
    expect(fronts(g, 'axis')).toEqual([]);
  });

  it('ETO 24.5 the German line around W3631 cuts it off from every Polish unit and airbase: the front takes it', () => {
    const g = afterStep3Moves();
    const l = landOf(g.state);
    expect(hexesBehindFront(l, 'axis')).toEqual(['W3631']);
    expect(controller(l, 'W3631')).toBe('allies');
    expect(zocOf(l, 'allies').has('W3631')).toBe(false);
    expect(layerHex(l, 'W3631')?.feature).toBeUndefined();
    expect(fronts(g, 'axis').map((c) => c.label)).toEqual(['Define a front (24.5): take control of 1 hex(es) behind your line']);
    act(g, 'axis', { type: 'front' });
    expect(controller(landOf(g.state), 'W3631')).toBe('axis');
    expect(fronts(g, 'axis')).toEqual([]);
  });

  it('ETO 24.5 an airbase hex never changes control by a front, and keeps the hexes it reaches on its side', () => {
    const g = afterStep3Moves();
    const s = structuredClone(g.state);
    landOf(s).airfields.push('W3631');
    expect(hexesBehindFront(landOf(s), 'axis')).toEqual([]);
  });
});
