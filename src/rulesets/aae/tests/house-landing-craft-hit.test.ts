// House rules l.97 (landing craft absorb one hit, with `hr-landing-craft`); ruling 83.
import { describe, expect, it } from 'vitest';
import { aaeRig, position, u } from '../testing.ts';

describe('house rules l.97: landing craft absorb a hit', () => {
  it('the first hit on a transport with landing craft takes the craft; the second sinks it; without craft one hit sinks it', () => {
    const rig = aaeRig();
    const units = (craft: boolean) => [u('uk', 'destroyer', 'north-sea'), u('germany', 'transport', 'baltic-sea', 1, craft ? { landingCraft: true } : {})];
    const fight = (craft: boolean) => {
      let s = rig.start(position({ units: units(craft), options: { 'hr-landing-craft': true } }), 'combat-move', 'uk');
      s = rig.play(s, 'uk', { type: 'move', units: ['u1'], to: 'baltic-sea' });
      s = rig.play(s, 'uk', { type: 'end-phase' });
      // Round 1: the destroyer hits (1), the transport misses (6).
      return rig.play(rig.force(s, [1, 6]), 'uk', { type: 'battle', area: 'baltic-sea' });
    };
    let s = fight(true);
    const t = s.units.find((x) => x.id === 'u2')!;
    expect([t.at, t.landingCraft ?? false]).toEqual(['baltic-sea', false]);
    expect(rig.log()).toContain('The landing craft of the Germany transport in Baltic Sea absorb a hit and are lost');
    s = rig.play(rig.force(s, [1, 6]), 'uk', rig.pick(s, /^fight round 2/));
    expect(s.units.some((x) => x.id === 'u2')).toBe(false);
    expect(fight(false).units.some((x) => x.id === 'u2')).toBe(false);
  });
});
