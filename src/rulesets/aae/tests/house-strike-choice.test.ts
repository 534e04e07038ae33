// House rules l.80 (the attacker's choice of targets in the naval air strike, `hr-strike-choice`); ruling 78.
import { describe, expect, it } from 'vitest';
import { aaeRig, position, u } from '../testing.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const units = [
  u('uk', 'bomber', 'north-sea', 1, { combatMoved: true, mission: 'attack', spent: 2 }), u('germany', 'transport', 'north-sea'), u('germany', 'destroyer', 'north-sea'),
  u('germany', 'infantry', 'germany'), u('ussr', 'infantry', 'russia'), u('usa', 'infantry', 'eastern-usa'),
];

describe('house rules l.80: the air strike\'s targets', () => {
  it('announced before the dice: at warships only, the hit must fall on the destroyer though the transport is cheaper', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units, options: on('naval-sequence', 'strike-choice') }), 'combat', 'uk');
    s = rig.play(s, 'uk', rig.pick(s, /sea battle in North Sea/));
    expect(rig.prompt(s)!.text).toBe('Air strike in North Sea, round 1: which ships do your aircraft strike at?');
    s = rig.play(rig.force(s, [1, 6, 6, 6, 6]), 'uk', rig.pick(s, /warships only/));
    expect(rig.log()).toContain('The attacking aircraft strike at warships only, ignoring submarines and transports');
    expect(s.units.filter((x) => x.at === 'north-sea' && x.power === 'germany').map((x) => x.type)).toEqual(['transport']);
  });

  it('not asked without the switch, nor when the defender has only warships', () => {
    const rig = aaeRig();
    const plain = rig.start(position({ units, options: on('naval-sequence') }), 'combat', 'uk');
    expect(rig.prompt(rig.play(rig.force(plain, [6, 6, 6, 6, 6]), 'uk', rig.pick(plain, /sea battle in North Sea/)))?.rule).not.toBe('AAE house rules l.80 (the air strike\'s targets)');
    const warships = rig.start(position({ units: units.filter((x) => x.type !== 'transport'), options: on('naval-sequence', 'strike-choice') }), 'combat', 'uk');
    expect(rig.prompt(rig.play(rig.force(warships, [6, 6, 6, 6, 6]), 'uk', rig.pick(warships, /sea battle in North Sea/)))?.rule).not.toBe('AAE house rules l.80 (the air strike\'s targets)');
  });
});
