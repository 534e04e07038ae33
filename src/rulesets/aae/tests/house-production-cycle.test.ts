// House rules l.12 (the production cycle and the time track, `hr-production-cycle`); ruling 74.
import { describe, expect, it } from 'vitest';
import { aaeRig, position, u } from '../testing.ts';
import { instalment, track } from '../house/production-cycle.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const units = [u('germany', 'infantry', 'germany'), u('ussr', 'infantry', 'russia'), u('uk', 'infantry', 'united-kingdom'), u('usa', 'infantry', 'eastern-usa')];

describe('house rules l.12: the production cycle', () => {
  it('instalments are equal parts, the odd IPCs first: half in two turns, a third in three', () => {
    expect([0, 1].map((k) => instalment(10, 2, k))).toEqual([5, 5]);
    expect([0, 1].map((k) => instalment(15, 2, k))).toEqual([8, 7]);
    expect([0, 1, 2].map((k) => instalment(24, 3, k))).toEqual([8, 8, 8]);
    expect([0, 1, 2].map((k) => instalment(20, 3, k))).toEqual([7, 7, 6]);
  });

  it('a fighter costs half now and goes on the track; a battleship a third; ground units as before', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units, options: on('production-cycle') }), 'purchase', 'germany');
    expect(rig.choices(s).map((c) => c.label)).toEqual(expect.arrayContaining([
      'buy fighter (6 IPCs now, 12 over 2 turns)', 'buy battleship (8 IPCs now, 24 over 3 turns)', 'buy infantry (3 IPCs)',
    ]));
    s = rig.play(s, 'germany', rig.pick(s, /buy fighter/));
    s = rig.play(s, 'germany', rig.pick(s, /buy battleship/));
    s = rig.play(s, 'germany', rig.pick(s, /buy infantry/));
    expect(s.ipcs.germany).toBe(40 - 6 - 8 - 3);
    expect(s.pending.germany).toEqual(['infantry']);
    expect(track(s)).toEqual([
      { power: 'germany', type: 'fighter', cost: 12, of: 2, paid: 1, round: 1 },
      { power: 'germany', type: 'battleship', cost: 24, of: 3, paid: 1, round: 1 },
    ]);
    const plain = rig.start(position({ units }), 'purchase', 'germany');
    expect(rig.choices(plain).map((c) => c.label)).toContain('buy fighter (12 IPCs)');
  });

  it('at the next turn\'s start the instalments fall due: the last one paid, the unit is placed at that turn\'s mobilization', () => {
    const rig = aaeRig();
    const body = position({ units, options: on('production-cycle'), round: 2 });
    body.house = { track: [
      { power: 'germany', type: 'fighter', cost: 12, of: 2, paid: 1, round: 1 },
      { power: 'germany', type: 'battleship', cost: 24, of: 3, paid: 1, round: 1 },
      { power: 'uk', type: 'bomber', cost: 15, of: 2, paid: 1, round: 1 },
    ] };
    let s = rig.start(body, 'start', 'germany');
    expect(rig.prompt(s)!.text).toBe('Germany: the time track: fighter (instalment 2 of 2: 6 IPCs), battleship (instalment 2 of 3: 8 IPCs)');
    expect(rig.choices(s).map((c) => c.label)).toEqual([
      'pay every instalment due (14 IPCs)', 'pay for the fighter (instalment 2 of 2: 6 IPCs)', 'pay for the battleship (instalment 2 of 3: 8 IPCs)', 'done (2 units wait a turn)',
    ]);
    s = rig.play(s, 'germany', rig.pick(s, /pay every/));
    expect(s.ipcs.germany).toBe(26);
    expect(s.pending.germany).toEqual(['fighter']);
    expect(track(s).map((e) => `${e.power} ${e.type} ${e.paid}/${e.of} r${e.round}`)).toEqual(['germany battleship 2/3 r2', 'uk bomber 1/2 r1']);
    expect(rig.prompt(s)!.rule).toBe('AAE Purchase Units');
  });

  it('a unit not paid for waits a turn on the track', () => {
    const rig = aaeRig();
    const body = position({ units, options: on('production-cycle'), round: 3 });
    body.house = { track: [{ power: 'germany', type: 'fighter', cost: 12, of: 2, paid: 1, round: 1 }] };
    const s = rig.play(rig.start(body, 'start', 'germany'), 'germany', { type: 'done' });
    expect(track(s)).toEqual([{ power: 'germany', type: 'fighter', cost: 12, of: 2, paid: 1, round: 3 }]);
    expect(s.ipcs.germany).toBe(40);
    expect(rig.log()).toContain('Germany lets fighter wait a turn on the time track');
  });
});
