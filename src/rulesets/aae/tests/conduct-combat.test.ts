import { describe, expect, it } from 'vitest';
import { aaeRig, position, u, unitsOf } from '../testing.ts';

describe('AAE Conduct Combat: land battles', () => {
  it('artillery lifts one attacking infantry to 2; hits fall on the defenders; the territory is taken', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'infantry', 'poland', 2), u('germany', 'artillery', 'poland'), u('ussr', 'infantry', 'east-poland')] }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /all 2 infantry from Poland: attack East Poland/));
    s = rig.play(s, 'germany', rig.pick(s, /artillery from Poland: attack East Poland/));
    s = rig.play(s, 'germany', { type: 'end-phase' });
    // Attacker: artillery and the supported infantry at 2, the other infantry at 1; defender infantry at 2.
    s = rig.force(s, [3, 4, 1, 5]);
    s = rig.play(s, 'germany', { type: 'battle', area: 'east-poland' });
    expect(rig.log()).toContain('Germany scores 1 hit in East Poland');
    expect(s.control['east-poland']).toBe('germany');
    expect(unitsOf(s, 'germany', 'east-poland')).toHaveLength(3);
    expect(unitsOf(s, 'ussr', 'east-poland')).toHaveLength(0);
    const rolls = rig.events.filter((e) => e.roll).map((e) => [e.roll!.count, e.roll!.purpose]);
    expect(rolls).toEqual([[2, expect.stringContaining('2 dice at 2')], [1, expect.stringContaining('1 die at 1')], [1, expect.stringContaining('1 die at 2')]]);
  });
});

describe('AAE Conduct Combat: submarines', () => {
  const rolls = (rig: ReturnType<typeof aaeRig>) => rig.events.filter((e) => e.roll).map((e) => `${e.roll!.count}: ${e.roll!.purpose.replace(/^.*?, /, '')}`);

  it('attacking submarines strike first when the defender has no destroyer; their victims do not fire back', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'submarine', 'danish-sea', 2), u('uk', 'transport', 'north-sea'), u('uk', 'carrier', 'north-sea')] }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /all 2 submarine .*attack North Sea/));
    s = rig.play(s, 'germany', { type: 'end-phase' });
    s = rig.play(s, 'germany', { type: 'battle', area: 'north-sea' });
    s = rig.force(s, [1, 6, 3]);
    s = rig.play(s, 'germany', { type: 'submerge', side: 'attacker', yes: false });
    // Opening fire: 1 hit, the British player picks the transport; then only the carrier fires (3: a hit).
    s = rig.play(s, 'uk', { type: 'casualty', key: 'uk:transport:0' });
    expect(rolls(rig)).toEqual(['2: 2 dice at 2 (ships)', '1: 1 die at 3']);
    expect(unitsOf(s, 'uk', 'north-sea', 'transport')).toHaveLength(0);
    expect(unitsOf(s, 'germany', 'north-sea', 'submarine')).toHaveLength(1);
    expect(rig.prompt(s)!.kind).toBe('retreat');
  });

  it('defending submarines strike first too when the attacker has no destroyer (the printed rule; TripleA gives them no first strike)', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'battleship', 'danish-sea'), u('uk', 'submarine', 'north-sea')] }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /battleship .*attack North Sea/));
    s = rig.play(s, 'germany', { type: 'end-phase' });
    s = rig.play(s, 'germany', { type: 'battle', area: 'north-sea' });
    s = rig.force(s, [2, 4]);
    s = rig.play(s, 'uk', { type: 'submerge', side: 'defender', yes: false });
    // The submarine's opening shot damages the battleship, which still fires in the main step and sinks it.
    expect(rolls(rig)).toEqual(['1: 1 die at 2 (ships)', '1: 1 die at 4']);
    expect(rig.log()).toContain('Germany battleship in North Sea is damaged');
    expect(unitsOf(s, 'uk', 'north-sea')).toHaveLength(0);
    expect(unitsOf(s, 'germany', 'north-sea')[0]!.damage).toBe(1);
  });

  it('a destroyer cancels the surprise strike: submarine and destroyer fire together', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'destroyer', 'danish-sea'), u('uk', 'submarine', 'north-sea')] }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /destroyer .*attack North Sea/));
    s = rig.play(s, 'germany', { type: 'end-phase' });
    s = rig.play(s, 'germany', { type: 'battle', area: 'north-sea' });
    s = rig.force(s, [3, 2]);
    s = rig.play(s, 'uk', { type: 'submerge', side: 'defender', yes: false });
    expect(rolls(rig)).toEqual(['1: 1 die at 3', '1: 1 die at 2 (ships)']);
    expect(s.units).toHaveLength(0);
  });

  it('aircraft without a destroyer cannot hit submarines, and submarines never hit aircraft', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'fighter', 'germany'), u('uk', 'submarine', 'north-sea'), u('uk', 'transport', 'north-sea')] }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /fighter .*attack North Sea/));
    s = rig.play(s, 'germany', { type: 'end-phase' });
    s = rig.play(s, 'germany', { type: 'battle', area: 'north-sea' });
    // Opening: the submarine hits (1) but no German ship can take it; main: the fighter hits (1): the transport.
    s = rig.force(s, [1, 1, 6]);
    s = rig.play(s, 'uk', { type: 'submerge', side: 'defender', yes: false });
    expect(unitsOf(s, 'uk', 'north-sea').map((x) => x.type)).toEqual(['submarine']);
    expect(unitsOf(s, 'germany', 'north-sea')).toHaveLength(1);
    expect(rig.log()).toContain('Neither side can hurt the other in North Sea: the battle ends');
  });
});
