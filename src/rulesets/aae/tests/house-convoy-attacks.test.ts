// House rules l.99-103 (convoy attacks, `hr-convoy-attacks`); ruling 87. Dice forced.
import { describe, expect, it } from 'vitest';
import { aaeRig, position, u } from '../testing.ts';
import type { AaeState } from '../state.ts';

const on = { 'hr-convoy-attacks': true };
type Rig = ReturnType<typeof aaeRig>;

/** From the combat phase: fight the convoy attack in `zone`, answering each unit type's option in turn, then the dice. */
function attack(rig: Rig, s: AaeState, zone: string, options: Record<string, 'A' | 'B'>, dice: number[]): AaeState {
  s = rig.play(s, 'germany', rig.pick(s, new RegExp(`convoy attack in ${zone}`)));
  const types = Object.keys(options).sort();
  types.forEach((t, i) => {
    if (i === types.length - 1) s = rig.force(s, dice);
    s = rig.play(s, 'germany', { type: 'convoy-option', unit: t, option: options[t]! });
  });
  return s;
}

describe('house rules l.99-103: convoy attacks', () => {
  it('a submarine entering a British convoy centre no longer cuts it: it attacks, option A doing d6-1 (l.101)', () => {
    const rig = aaeRig();
    const units = [u('germany', 'submarine', 'celtic-sea')];
    const printed = rig.start(position({ units }), 'combat-move', 'germany');
    expect(rig.play(printed, 'germany', { type: 'move', units: ['u1'], to: 'british-convoy-3' }).control['british-convoy-3']).toBe('germany');
    let s = rig.start(position({ units, options: on }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', { type: 'move', units: ['u1'], to: 'british-convoy-3' });
    expect(s.control['british-convoy-3']).toBe('uk');
    s = rig.play(s, 'germany', { type: 'end-phase' });
    s = attack(rig, s, 'British Convoy 3', { submarine: 'A' }, [5]);
    expect(s.ipcs.uk).toBe(25 - 4);
    expect(rig.log()).toContain('The convoy in British Convoy 3 suffers 4 damage: United Kingdom loses 4 IPCs');
  });

  it('the options run side by side: A\'s damage and B\'s round first, then A\'s round (half values) and B\'s damage (l.103)', () => {
    const rig = aaeRig();
    const body = position({ units: [u('germany', 'submarine', 'british-convoy-3', 2), u('germany', 'destroyer', 'british-convoy-3'), u('uk', 'destroyer', 'british-convoy-3')], options: on });
    const start = rig.start(body, 'combat', 'germany');
    // Submarines A: 6 and 3 do 5 + 2; destroyer B: a 1 sinks the escort (its 6 misses), so A's round has no escort; B's 4 does 2.
    const s = attack(rig, start, 'British Convoy 3', { destroyer: 'B', submarine: 'A' }, [6, 3, 1, 6, 4]);
    expect(s.ipcs.uk).toBe(25 - 9);
    expect(s.units.map((x) => `${x.power} ${x.type}`)).toEqual(['germany submarine', 'germany submarine', 'germany destroyer']);
    // The escort fights twice: its 3 sinks the B destroyer; in A's round the submarines hit at 1 (2 halved), the escort at 2 (3 halved, rounded up).
    const t = attack(aaeRig(), start, 'British Convoy 3', { destroyer: 'B', submarine: 'A' }, [2, 2, 6, 3, 1, 2, 2]);
    expect(t.ipcs.uk).toBe(25 - 2);
    expect(t.units.map((x) => `${x.power} ${x.type}`)).toEqual(['germany submarine']);
  });

  it('damage is at most twice the convoy\'s value, and only what the owner holds (ruling 87)', () => {
    const rig = aaeRig();
    const body = position({ units: [u('germany', 'submarine', 'british-convoy-1', 3)], options: on });
    const s = attack(rig, rig.start(body, 'combat', 'germany'), 'British Convoy 1', { submarine: 'A' }, [6, 6, 6]);
    expect(s.ipcs.uk).toBe(25 - 6);
    const poor = attack(rig, rig.start({ ...body, ipcs: { ...body.ipcs, uk: 2 } }, 'combat', 'germany'), 'British Convoy 1', { submarine: 'A' }, [6, 6, 6]);
    expect(poor.ipcs.uk).toBe(0);
  });

  it('the Arctic convoy: no aircraft in Winter; in Summer submarines -1, aircraft without their extra -1 (l.103)', () => {
    const rig = aaeRig();
    const bomber = (round: number) => rig.choices(rig.start(position({ units: [u('germany', 'bomber', 'norway')], round, options: on }), 'combat-move', 'germany'))
      .some((c) => /attack the convoy in Soviet Convoy/.test(c.label));
    expect([bomber(2), bomber(4)]).toEqual([true, false]);
    const damage = (type: 'submarine' | 'bomber', round: number) => {
      const body = position({ units: [u('germany', type, 'soviet-convoy', 1, type === 'bomber' ? { mission: 'attack', combatMoved: true, spent: 2 } : {})], round, options: on });
      return 24 - attack(rig, rig.start(body, 'combat', 'germany'), 'Soviet Convoy', { [type]: 'A' }, [5]).ipcs.ussr;
    };
    // A 5: Spring submarine 4, Summer 3; Spring bomber 3, Summer 4.
    expect([damage('submarine', 1), damage('submarine', 2), damage('bomber', 1), damage('bomber', 2)]).toEqual([4, 3, 3, 4]);
  });

  it('Ultra (l.233, British research): one convoy under attack is diverted, each submarine missing it on 1-4, each aircraft on 1-2', () => {
    const rig = aaeRig();
    const body = position({ units: [u('germany', 'submarine', 'british-convoy-3', 2), u('germany', 'bomber', 'british-convoy-3', 1, { mission: 'attack', combatMoved: true, spent: 3 })], options: { ...on, 'hr-research': true } });
    body.house = { research: { uk: { ultra: { gains: 1, from: 2 } } } };
    let s = rig.start(body, 'combat', 'germany');
    expect(rig.prompt(s)).toMatchObject({ seat: 'uk', rule: 'AAE house rules l.233 (Ultra)' });
    // A 4 diverts the first submarine, a 5 not the second; the bomber's 2 (+2) diverts it.
    s = rig.play(rig.force(s, [4, 5, 2]), 'uk', rig.pick(s, /divert the convoy in British Convoy 3/));
    expect(rig.log()).toContain('Ultra diverts the convoy in British Convoy 3: 2 of 3 attackers miss it');
    s = attack(rig, s, 'British Convoy 3', { submarine: 'A' }, [5]);
    expect(s.ipcs.uk).toBe(25 - 4);
  });
});
