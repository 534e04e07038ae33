// Refused naval, air and set-up actions name the rule case that forbids them (issue 20): the kernel asks the
// procedure's explain, which checks the limits one at a time.
import { describe, expect, it } from 'vitest';
import { type Action, Game, prompts, RuleViolation } from '../../engine/index.ts';
import { eto } from './index.ts';
import { dist, landOf } from './land.ts';
import type { EtoState } from './state.ts';
import { act, choicesFor, germansInKiel, KIEL, type Seat } from './testing.ts';

/** The rule and message a refused action cites; the state is left as it was. */
function refusal(g: Game<EtoState>, seat: Seat, action: Action): { rule: string; message: string } {
  const before = JSON.stringify(g.state);
  try {
    g.act(seat, action);
  } catch (e) {
    expect(e).toBeInstanceOf(RuleViolation);
    expect(JSON.stringify(g.state)).toBe(before);
    return { rule: (e as RuleViolation).rule, message: (e as Error).message };
  }
  throw new Error(`${JSON.stringify(action)} was accepted`);
}

/** Every seat but `seat` declines (interceptions...) until `seat` is asked under `rule`. */
function until(g: Game<EtoState>, seat: Seat, rule: string): void {
  for (let n = 0; n < 50; n++) {
    const p = prompts(eto, g.state)[0]!;
    if (p.seat === seat && p.rule === rule) return;
    const cs = choicesFor(g.state, p.seat as Seat);
    g.act(p.seat, (cs.find((c) => /^no|done|pass|stop/.test(String(c.action.type))) ?? cs[0]!).action);
  }
  throw new Error(`${seat} never asked under ${rule}`);
}

/** Scenario 2 set up (German air at the base nearest Dover when `nearDover`, else at the first offered); the Germans fly first. */
function finestHour(nearDover: boolean): Game<EtoState> {
  const g = Game.create(eto, 'their-finest-hour', {}, 'refusals');
  for (let p = prompts(eto, g.state)[0]; p && p.kind === 'place'; p = prompts(eto, g.state)[0]) {
    const cs = choicesFor(g.state, p.seat as Seat);
    const near = [...cs].sort((x, y) => dist(String(x.action.hex), DOVER) - dist(String(y.action.hex), DOVER))[0]!;
    g.act(p.seat, (p.seat === 'axis' && nearDover ? near : cs[0]!).action);
  }
  act(g, 'axis', { type: 'first', side: 'axis' });
  return g;
}
const DOVER = 'W3517';

describe('ETO refusals cite the rule case', () => {
  it('set-up: the set-up order (scenario 2 [2.1]), 24.4 friendly hexes, 13.2 air bases', () => {
    const g = Game.create(eto, 'their-finest-hour', {}, 'setup');
    expect(refusal(g, 'axis', { type: 'place', unit: 'de-bomber-1', hex: 'W2619' })).toMatchObject({ rule: 'ETO scenario 2 [2.1]', message: expect.stringMatching(/de-fighter-1 is next/) });
    expect(refusal(g, 'axis', { type: 'place', unit: 'de-fighter-1', hex: 'W3517' })).toMatchObject({ rule: 'ETO 24.4', message: expect.stringMatching(/Dover.*not friendly/) });
    // W2620: a German-held rough hex in France with no city, resource or airfield.
    expect(refusal(g, 'axis', { type: 'place', unit: 'de-fighter-1', hex: 'W2620' })).toMatchObject({ rule: 'ETO 13.2', message: expect.stringMatching(/no air base/) });
  });

  it('naval movement: 7.7 ports, 7.3 a water path, 7.4 the MP of a sea area', () => {
    const g = germansInKiel('refusals');
    act(g, 'axis', { type: 'select', ship: 'gneisenau' });
    act(g, 'axis', { type: 'move' });
    expect(refusal(g, 'axis', { type: 'enter', space: 'W3925' })).toMatchObject({ rule: 'ETO 7.7', message: expect.stringMatching(/leaves the port first/) });
    act(g, 'axis', { type: 'leave-port' });
    until(g, 'axis', 'ETO 7.2');
    expect(refusal(g, 'axis', { type: 'leave-port' }).rule).toBe('ETO 7.7');
    expect(refusal(g, 'axis', { type: 'enter', space: 'W4125' })).toMatchObject({ rule: 'ETO 7.3', message: expect.stringMatching(/not joined by water/) });
    act(g, 'axis', { type: 'stop' });
    // The submarine (speed 20) crosses four sea areas of 5 MP; a fifth is too far.
    until(g, 'axis', 'ETO 7.0');
    act(g, 'axis', { type: 'select', ship: 'de-ss-1' });
    act(g, 'axis', { type: 'move' });
    act(g, 'axis', { type: 'leave-port' });
    for (const space of ['north-sea', 'arctic-ocean', 'north-sea', 'arctic-ocean']) {
      until(g, 'axis', 'ETO 7.2');
      act(g, 'axis', { type: 'enter', space });
    }
    until(g, 'axis', 'ETO 7.2');
    expect(refusal(g, 'axis', { type: 'enter', space: 'north-sea' })).toMatchObject({ rule: 'ETO 7.4', message: expect.stringMatching(/costs 5 MP; the stack has 0 left/) });
  });

  it('naval attacks: 8.3, 8.5 no enemy stack at sea to search', () => {
    const g = germansInKiel('refusals-attacks');
    until(g, 'axis', 'ETO 8.3');
    expect(refusal(g, 'axis', { type: 'attack-in', space: KIEL })).toMatchObject({ rule: 'ETO 8.3, 8.5', message: expect.stringMatching(/no enemy stack is at sea/) });
  });

  it('air missions: 13.2 and 13.4 a change of base, 12.3 a bomber raiding air units, 13.0 range', () => {
    let g = finestHour(false);
    const l = landOf(g.state);
    expect(refusal(g, 'axis', { type: 'rebase', air: 'de-fighter-1', to: DOVER })).toMatchObject({ rule: 'ETO 13.2', message: expect.stringMatching(/no friendly air base/) });
    expect(refusal(g, 'axis', { type: 'rebase', air: 'de-fighter-1', to: l.air['de-fighter-2']!.base })).toMatchObject({ rule: 'ETO 13.4', message: expect.stringMatching(/full/) });
    expect(refusal(g, 'axis', { type: 'raid', air: 'de-bomber-1', to: DOVER, kind: 'attack-air' })).toMatchObject({ rule: 'ETO 12.3', message: expect.stringMatching(/is a bomber/) });
    expect(refusal(g, 'axis', { type: 'raid', air: 'de-fighter-1', to: DOVER, kind: 'attack-air' })).toMatchObject({ rule: 'ETO 13.0', message: expect.stringMatching(/Dover.* is 15 hexes from .*range is 4/) });
    // Interception (14.1): a British fighter intercepts only over hexes the raid enters, within its range.
    g = finestHour(true);
    act(g, 'axis', { type: 'raid', air: 'de-fighter-1', to: DOVER, kind: 'attack-air' });
    act(g, 'axis', { type: 'raid-fly' });
    until(g, 'allies', 'ETO 14.1');
    expect(refusal(g, 'allies', { type: 'intercept-at', air: 'uk-fighter-b-1', at: 'W3000' })).toMatchObject({ rule: 'ETO 14.1', message: expect.stringMatching(/does not enter/) });
    expect(refusal(g, 'allies', { type: 'intercept-at', air: 'uk-fighter-a-1', at: landOf(g.state).air['de-fighter-1']!.base })).toMatchObject({ rule: 'ETO 14.1', message: expect.stringMatching(/is 4 hexes from .*range is 3/) });
  });
});
