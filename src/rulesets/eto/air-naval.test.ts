// Land-based air against ships (14.0-14.3, 16.1-16.5): the 14.2 example (A2), a British transport out of Harwich
// intercepted by a German bomber, with the counter-interception chain, on scenario 2's air units and map.
import { describe, expect, it } from 'vitest';
import { Game, prompts } from '../../engine/index.ts';
import { flightPath } from './air.ts';
import { eto } from './index.ts';
import { shipForces } from './forces.ts';
import { etoData } from './data/index.ts';
import type { EtoState } from './state.ts';
import { act, choicesFor, pick, editable } from './testing.ts';

const HARWICH = 'W3617', FRANKFURT = 'W3323', DOVER = 'W3517', BRUSSELS = 'W3419';

/** Scenario 2 set up, then the 14.2 example's units only: the bomber in Frankfurt, a fighter each in Dover and Brussels, a British STP in Harwich's port. */
function example(seed: string): Game<EtoState> {
  const g = Game.create(eto, 'their-finest-hour', {}, seed);
  for (let p = prompts(eto, g.state)[0]; p && g.state.stack.some((f) => f.proc === 'set-up'); p = prompts(eto, g.state)[0]) {
    g.act(p.seat, choicesFor(g.state, p.seat as 'axis' | 'allies')[0]!.action);
  }
  editable(g);
  const l = g.state.land!;
  for (const a of Object.values(l.air)) { a.where = 'force-pool'; a.base = null; }
  for (const [id, base] of [['de-bomber-1', FRANKFURT], ['de-fighter-1', BRUSSELS], ['uk-fighter-a-1', DOVER]] as const) Object.assign(l.air[id]!, { where: 'map', base });
  g.state.ships = shipForces([{ units: ['uk-stp-1'], at: HARWICH, inPort: true }], etoData().units);
  return g;
}

const DUNKIRK = 'W3518'; // on the bomber's line between Calais (W3417) and Antwerp (W3519), in the Dover fighter's range 3

describe('ETO 14.2, 16.2 land-based air against ships', () => {
  it('A2 (14.2 example): bomber, British fighter, German fighter; the fighters fight first, the bomber survives two rounds and misses the STP three times', () => {
    const g = example('a2');
    const log: string[] = [];
    const play = (_g: Game<EtoState>, seat: 'axis' | 'allies', partial: Record<string, unknown>) => log.push(...g.act(seat, pick(g.state, seat, partial)).map((e) => e.text));
    expect(flightPath(g.state, FRANKFURT, HARWICH, 12)).toEqual([FRANKFURT, 'W3322', 'W3321', 'W3320', 'W3319', 'W3418', DUNKIRK, HARWICH]);
    play(g, 'axis', { type: 'first', side: 'allies' });
    play(g, 'allies', { type: 'select', ship: 'uk-stp-1' });
    play(g, 'allies', { type: 'move' });
    // German fighter: 3 + 4 - 3 = 4, rolls 6 (no effect); British fighter: 4, rolls 4 (abort). British fighter on the
    // bomber: 3 + 4 = 7, rolls 6 twice (no effect); the bomber's three attacks on armor 6: 3, 4, 5.
    g.force([6, 4, 6, 6, 1, 2, 1, 3, 2, 3]);
    play(g, 'allies', { type: 'leave-port' });
    // 16.5: the bomber finds the STP in its hex; only bombers may intercept ships (12.4).
    expect(choicesFor(g.state, 'axis').map((c) => c.action)).toEqual([{ type: 'intercept-ship', air: 'de-bomber-1' }, { type: 'intercept-done' }]);
    play(g, 'axis', { type: 'intercept-ship', air: 'de-bomber-1' });
    play(g, 'axis', { type: 'intercept-done' });
    // 14.2: the Dover fighter meets the bomber on its line, where it is in range.
    expect(choicesFor(g.state, 'allies').filter((c) => c.action.type === 'intercept-at').map((c) => c.action.at)).toEqual(['W3319', 'W3418', DUNKIRK, HARWICH]);
    play(g, 'allies', { type: 'intercept-at', air: 'uk-fighter-a-1', at: DUNKIRK });
    play(g, 'allies', { type: 'intercept-done' });
    play(g, 'axis', { type: 'intercept-at', air: 'de-fighter-1', at: DUNKIRK });
    play(g, 'axis', { type: 'intercept-done' });
    // The fighters' battle is fought first: the German fighter is aborted, the British fighter goes on to the bomber.
    const l = g.state.land!;
    // Round 1 missed; the British fight on, the German keeps the bomber in the fight (15.2 D).
    play(g, 'allies', { type: 'fight-on' });
    play(g, 'axis', { type: 'fight-on' });
    // Round 2 missed too: the bomber attacks the STP, three times (6 underlined: half, 16.2).
    for (let i = 3; i > 0; i--) {
      expect(prompts(eto, g.state)[0]!.text).toContain(`${i} attack(s) left`);
      play(g, 'axis', { type: 'bomb-ship', target: 'uk-stp-1' });
    }
    expect(g.state.ships['uk-stp-1']!.points ?? 1).toBe(1);
    expect(g.state.ships['uk-stp-1']!.sunk).toBe(false);
    expect(l.air['de-bomber-1']!.depleted).toBe(false);
    // The STP goes on with its move.
    expect(prompts(eto, g.state)[0]!.rule).toBe('ETO 7.2');
    expect(log.filter((t) => /fires at|aborted|attacks|hit|miss/.test(t))).toEqual([
      'German fighter 4*-4/3 fires at British fighter 4*-3/3 (target 4): rolled 6',
      'British fighter 4*-3/3 fires at German fighter 4*-4/3 (target 4): rolled 4',
      'German fighter 4*-4/3 is aborted',
      'British fighter 4*-3/3 fires at German bomber 6-12 (target 7): rolled 6',
      'British fighter 4*-3/3 fires at German bomber 6-12 (target 7): rolled 6',
      'German bomber 6-12 attacks British transport (1 STP) (armor 6): rolled 1+2 = 3', 'miss',
      'German bomber 6-12 attacks British transport (1 STP) (armor 6): rolled 1+3 = 4', 'miss',
      'German bomber 6-12 attacks British transport (1 STP) (armor 6): rolled 2+3 = 5', 'miss',
    ]);
  });

  it('step 2 (12.3, 16.1, 16.4): the bomber flies to the STP in Harwich\'s minor port; a roll of 2 misses and hits the bomber, doubles 3 sink the STP', () => {
    const g = example('step2');
    act(g, 'axis', { type: 'first', side: 'axis' });
    expect(prompts(eto, g.state)[0]!.rule).toBe('ETO 12.3, 16.1 (step 2, air-naval attacks)');
    act(g, 'axis', { type: 'raid', air: 'de-bomber-1', to: HARWICH, kind: 'ships' });
    act(g, 'axis', { type: 'raid-fly' });
    // 14.1: the Dover fighter may meet the bomber on its way; the British let it through.
    expect(prompts(eto, g.state)[0]!.rule).toBe('ETO 14.1');
    act(g, 'allies', { type: 'intercept-done' });
    g.force([1, 1, 3, 3]);
    act(g, 'axis', { type: 'bomb-ship', target: 'uk-stp-1' });
    expect(g.state.land!.air['de-bomber-1']!.depleted).toBe(false); // 16.4: after all attacks
    act(g, 'axis', { type: 'bomb-ship', target: 'uk-stp-1' });
    expect(g.state.ships['uk-stp-1']!.sunk).toBe(true);
    expect(g.state.land!.air['de-bomber-1']!.depleted).toBe(true);
    // 12.3: one mission a phase: the bomber does not fly again in step 4.
    expect(choicesFor(g.state, 'axis').some((c) => c.action.air === 'de-bomber-1')).toBe(false);
  });
});
