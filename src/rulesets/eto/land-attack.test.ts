import { describe, expect, it } from 'vitest';
import { Game, promptFor } from '../../engine/index.ts';
import { eto } from './index.ts';
import { type AttackFrame, secondaryAdvances } from './land-attack.ts';
import { landOf } from './land.ts';
import type { EtoState } from './state.ts';
import { act, type Seat } from './testing.ts';

const actions = (g: Game<EtoState>, seat: Seat) => promptFor(eto, g.state, seat)!.choices.map((c) => c.action);
const moves = (g: Game<EtoState>) => actions(g, 'axis').filter((a) => a.type === 'secondary' && !a.general).map((a) => `${String(a.unit)}>${String(a.to)}`);

/**
 * Scenario 3, suggested set-up, Army Group B's offensive: the heavy and the armor in W3322, the Volksgrenadiers in
 * W3323 and the infantry in W3422 are activated in step 3 (W3422's other unit is not); in step 4 the heavy armor alone
 * takes Bastogne (die 6: DE) and advances.
 */
function bastogneTaken(): Game<EtoState> {
  const g = Game.create(eto, 'bulge', {}, 'bulge');
  act(g, 'allies', { type: 'suggested' });
  act(g, 'axis', { type: 'suggested' });
  act(g, 'axis', { type: 'offensive', method: 'hq', leader: 'hq-b' });
  act(g, 'axis', { type: 'hq-stay' });
  act(g, 'axis', { type: 'done' }); // no breakthrough
  for (const u of ['de-heavy-1', 'de-armor-1', 'de-vg-6', 'de-inf-1']) act(g, 'axis', { type: 'activate', unit: u });
  act(g, 'axis', { type: 'done' });
  act(g, 'axis', { type: 'hq-stay' });
  act(g, 'axis', { type: 'done' });
  act(g, 'axis', { type: 'declare', target: 'W3321' });
  act(g, 'axis', { type: 'add', unit: 'de-heavy-1' });
  g.force([6]);
  act(g, 'axis', { type: 'go' });
  act(g, 'axis', { type: 'advance', unit: 'de-heavy-1' });
  return g;
}

describe('ETO 27.4 secondary advance', () => {
  it('ETO 27.4 activated units next to the hex the advancing unit left may enter it; units not activated may not', () => {
    const g = bastogneTaken();
    expect(promptFor(eto, g.state, 'axis')!.rule).toBe('ETO 27.4');
    // de-vg-1 (W3422) is not activated; de-armor-1 already stands in W3322.
    expect(moves(g)).toEqual(['de-inf-1>W3322', 'de-vg-6>W3322']);
  });

  it('ETO 27.4 a unit in enemy ZOC may go when another stays behind; the hex it left opens in turn ("and so forth")', () => {
    const g = bastogneTaken();
    // de-inf-1 leaves W3422 (Allied ZOC) while de-vg-1 stays there.
    act(g, 'axis', { type: 'secondary', unit: 'de-inf-1', to: 'W3322' });
    expect(landOf(g.state).units['de-inf-1']!.hex).toBe('W3322');
    // W3322 is now full (2 units); W3422 is open to the armor in W3322 and the Volksgrenadiers in W3323.
    expect(moves(g)).toEqual(['de-armor-1>W3422', 'de-vg-6>W3422']);
  });

  it('ETO 27.4 (4A C) a unit that made a secondary advance attacks no other hex in the step (ruling 36)', () => {
    const g = bastogneTaken();
    act(g, 'axis', { type: 'secondary', unit: 'de-inf-1', to: 'W3322' });
    act(g, 'axis', { type: 'done' });
    act(g, 'axis', { type: 'declare', target: 'W3421' });
    expect(actions(g, 'axis').filter((a) => a.type === 'add').map((a) => a.unit)).toEqual(['de-armor-1']);
  });

  it('ETO 27.4, 29.3 in the Exploitation step activated infantry may make a secondary advance, non-exploiting armor may not', () => {
    const g = bastogneTaken();
    act(g, 'axis', { type: 'secondary', unit: 'de-vg-6', to: 'W3322' });
    act(g, 'axis', { type: 'done' });
    act(g, 'axis', { type: 'done' }); // end of the Combat step
    act(g, 'axis', { type: 'x-stay', unit: 'de-heavy-1' }); // exploits with Manteuffel from Bastogne
    act(g, 'axis', { type: 'done' });
    act(g, 'axis', { type: 'declare', target: 'W3221' });
    act(g, 'axis', { type: 'add', unit: 'de-heavy-1' });
    g.force([6]);
    act(g, 'axis', { type: 'go' });
    act(g, 'axis', { type: 'advance', unit: 'de-heavy-1' });
    act(g, 'allies', { type: 'no-reaction' }); // 26.5: the heavy armor leaves Bastogne in US armor's ZOC
    expect(landOf(g.state).units['de-heavy-1']!.hex).toBe('W3221');
    // de-armor-1 in W3322 is also next to Bastogne but did not exploit.
    expect(moves(g)).toEqual(['de-vg-6>W3321']);
  });

  it('ETO 27.4, 28.4 no secondary advance in the Breakthrough step', () => {
    const g = bastogneTaken();
    const f = structuredClone(g.state.stack[g.state.stack.length - 1]) as AttackFrame;
    expect(f.proc).toBe('land-attack');
    expect(secondaryAdvances(landOf(g.state), f).length).toBe(2);
    expect(secondaryAdvances(landOf(g.state), { ...f, step: 'breakthrough' })).toEqual([]);
  });
});
