// House rules l.127 (the Soviet early offensive, `hr-early-offensive`); ruling 75.
import { describe, expect, it } from 'vitest';
import { aaeRig, position, u } from '../testing.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const units = [
  u('ussr', 'infantry', 'ukraine', 2), u('ussr', 'fighter', 'ukraine'), u('germany', 'infantry', 'rumania', 1, { nation: 'rumania' }),
  u('germany', 'infantry', 'germany'), u('uk', 'infantry', 'united-kingdom'), u('usa', 'infantry', 'eastern-usa'),
];

describe('house rules l.127: the Soviet early offensive', () => {
  it('Winter 1941: after Germany buys, the Soviets pay d3 + 1 and attack first with land units; the Axis Minor fights round 1 at -1', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units, round: 4, options: on('early-offensive') }), 'start', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /done buying/));
    expect(rig.prompt(s)!.seat).toBe('ussr');
    // d6 of 3 read as d3 = 2: the offensive costs 3.
    s = rig.play(rig.force(s, [3]), 'ussr', rig.pick(s, /launch the early offensive/));
    expect(s.ipcs.ussr).toBe(21);
    expect(s.power).toBe('ussr');
    const moves = rig.choices(s).filter((c) => c.action.type === 'move');
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every((c) => !/fighter/i.test(c.label))).toBe(true);
    for (const id of ['u1', 'u2']) s = rig.play(s, 'ussr', { type: 'move', units: [id], to: 'rumania' });
    s = rig.play(s, 'ussr', rig.pick(s, /^end the combat move/));
    // Attackers 1 and 6 (one hit); the Rumanian defends at 2 - 1 and rolls 2: a miss.
    s = rig.play(rig.force(s, [1, 6, 2]), 'ussr', rig.pick(s, /battle for Rumania/));
    expect(rig.log()).toContain('Germany (defender), 1 die at 1: rolled 2');
    expect(s.control.rumania).toBe('ussr');
    expect(s.power).toBe('germany');
    expect(rig.prompt(s)!.seat).toBe('germany');
    expect(s.house?.earlyOffensive).toEqual({ round: 4, units: ['u1', 'u2'], surprised: true });
  });

  it('not in other seasons, not without 4 IPCs, not without the switch', () => {
    const rig = aaeRig();
    const asked = (round: number, opts: Record<string, boolean>, ussr = 24) => {
      const s = rig.start(position({ units, round, options: opts, ipcs: { ussr } }), 'start', 'germany');
      return rig.prompt(rig.play(s, 'germany', rig.pick(s, /done buying/)))!.seat === 'ussr';
    };
    expect(asked(4, on('early-offensive'))).toBe(true);
    expect(asked(8, on('early-offensive'))).toBe(true);
    expect(asked(3, on('early-offensive'))).toBe(false);
    expect(asked(4, on('early-offensive'), 3)).toBe(false);
    expect(asked(4, {})).toBe(false);
  });

  it('the Soviet turn after it has no combat phase, and the attackers do not move again', () => {
    const rig = aaeRig();
    const body = position({ units, round: 4, options: on('early-offensive') });
    body.house = { earlyOffensive: { round: 4, units: ['u1'] } };
    let s = rig.start(body, 'start', 'ussr');
    s = rig.play(s, 'ussr', rig.pick(s, /done buying/));
    expect(rig.prompt(s)!.rule).toMatch(/Noncombat Move/);
    expect(s.units.find((x) => x.id === 'u1')!.combatMoved).toBe(true);
    expect(rig.choices(s).some((c) => c.action.type === 'move' && (c.action.units as string[]).includes('u1'))).toBe(false);
  });
});
