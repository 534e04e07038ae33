import { describe, expect, it } from 'vitest';
import { aaeRig, position, u, unitsOf } from '../testing.ts';

const rolls = (rig: ReturnType<typeof aaeRig>) => rig.events.filter((e) => e.roll).map((e) => `${e.roll!.count}: ${e.roll!.purpose.replace(/^.*?, /, '')}`);

describe('AAE Amphibious Assaults', () => {
  it('infantry board a transport, land, and a battleship bombards in round 1; its victim still fires back', () => {
    const rig = aaeRig();
    let s = rig.start(position({
      units: [u('uk', 'infantry', 'united-kingdom', 2), u('uk', 'transport', 'english-channel'), u('uk', 'battleship', 'english-channel'), u('germany', 'infantry', 'france')],
    }), 'combat-move', 'uk');
    s = rig.play(s, 'uk', rig.pick(s, /infantry from United Kingdom: board a transport in English Channel/));
    s = rig.play(s, 'uk', rig.pick(s, /infantry from United Kingdom: board a transport in English Channel/));
    expect(unitsOf(s, 'uk', 'english-channel', 'infantry')).toHaveLength(2);
    s = rig.play(s, 'uk', rig.pick(s, /all 2 infantry .*land in France \(amphibious assault\)/));
    s = rig.play(s, 'uk', { type: 'end-phase' });
    // Bombardment 4 (hit), British infantry 6 6 (miss), the doomed German infantry 2 (hit).
    s = rig.force(s, [4, 6, 6, 2]);
    s = rig.play(s, 'uk', { type: 'battle', area: 'france' });
    expect(rolls(rig)).toEqual(['1: 1 die at 4', '2: 2 dice at 1', '1: 1 die at 2']);
    expect(s.control.france).toBe('uk');
    expect(unitsOf(s, 'uk', 'france')).toHaveLength(1);
    expect(unitsOf(s, 'germany', 'france')).toHaveLength(0);
  });

  it('units landed from the sea may not retreat; the aircraft with them may withdraw', () => {
    const rig = aaeRig();
    let s = rig.start(position({
      units: [u('uk', 'infantry', 'english-channel', 1, { aboard: 'u2' }), u('uk', 'transport', 'english-channel'), u('uk', 'fighter', 'united-kingdom'), u('germany', 'infantry', 'france', 3)],
    }), 'combat-move', 'uk');
    s = rig.play(s, 'uk', rig.pick(s, /infantry .*land in France/));
    s = rig.play(s, 'uk', rig.pick(s, /fighter .*attack France/));
    s = rig.play(s, 'uk', { type: 'end-phase' });
    s = rig.force(s, [6, 6, 6, 6, 6]);
    s = rig.play(s, 'uk', { type: 'battle', area: 'france' });
    const options = rig.choices(s).map((c) => c.label);
    expect(options).toEqual(['fight round 2 in France', 'withdraw the aircraft (the landed units fight on)']);
  });
});

describe('AAE Conduct Combat: antiaircraft fire', () => {
  it('an antiaircraft gun rolls once at each attacking aircraft before round 1, hitting on 1; it is never a casualty', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('uk', 'fighter', 'united-kingdom', 2), u('germany', 'aa', 'netherlands-belgium'), u('germany', 'infantry', 'netherlands-belgium')] }), 'combat-move', 'uk');
    s = rig.play(s, 'uk', rig.pick(s, /all 2 fighter .*attack Netherlands-Belgium/));
    s = rig.play(s, 'uk', { type: 'end-phase' });
    // AA: 1 (hit) 4; the surviving fighter 3 (hit); the infantry 6.
    s = rig.force(s, [1, 4, 3, 6]);
    s = rig.play(s, 'uk', { type: 'battle', area: 'netherlands-belgium' });
    expect(rolls(rig)).toEqual(['2: antiaircraft fire at 2 aircraft', '1: 1 die at 3', '1: 1 die at 2']);
    expect(unitsOf(s, 'uk', 'netherlands-belgium')).toHaveLength(1);
    expect(unitsOf(s, 'germany', 'netherlands-belgium').map((x) => x.type)).toEqual(['aa']);
    expect(s.control['netherlands-belgium']).toBe('germany');
    expect(rig.log()).toContain('Netherlands-Belgium is cleared, but aircraft alone cannot take a territory');
  });
});

describe('AAE Conduct Combat: Strategic Bombing Raids (the printed procedure)', () => {
  it('antiaircraft fire rolls at every raiding aircraft, escorts included, even when nobody intercepts', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('uk', 'bomber', 'netherlands-belgium'), u('uk', 'fighter', 'netherlands-belgium'), u('germany', 'aa', 'germany'), u('germany', 'fighter', 'germany')], ipcs: { germany: 30 }, control: { 'netherlands-belgium': 'uk' } }), 'combat-move', 'uk');
    s = rig.play(s, 'uk', rig.pick(s, /bomber .*bomb the industry of Germany/));
    s = rig.play(s, 'uk', rig.pick(s, /fighter .*escort the raid on Germany/));
    s = rig.play(s, 'uk', { type: 'end-phase' });
    s = rig.play(s, 'uk', { type: 'battle', area: 'germany' });
    s = rig.force(s, [1, 6, 5]);
    s = rig.play(s, 'germany', { type: 'intercept', count: 0 });
    expect(rolls(rig)).toEqual(['2: antiaircraft fire at 2 raiding aircraft over Germany']);
    s = rig.play(s, 'uk', { type: 'casualty', key: 'fighter' });
    expect(s.ipcs.germany).toBe(25);
    expect(unitsOf(s, 'uk', 'germany').map((x) => x.type)).toEqual(['bomber']);
  });

  it('each bomber left rolls a die of damage, with no limit but the IPCs the defender holds', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('uk', 'bomber', 'united-kingdom', 3)], ipcs: { germany: 40 } }), 'combat-move', 'uk');
    s = rig.play(s, 'uk', rig.pick(s, /all 3 bomber .*bomb the industry of Germany/));
    s = rig.play(s, 'uk', { type: 'end-phase' });
    s = rig.force(s, [6, 6, 6]);
    s = rig.play(s, 'uk', { type: 'battle', area: 'germany' });
    expect(s.ipcs.germany).toBe(22);
    expect(rig.log()).toContain('The raid on Germany does 18 damage: Germany loses 18 IPCs');
  });

  it('interceptors and escorts fight one round: escorts hit on 1, interceptors on 2', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('uk', 'bomber', 'netherlands-belgium'), u('uk', 'fighter', 'netherlands-belgium'), u('germany', 'fighter', 'germany', 2)], ipcs: { germany: 10 }, control: { 'netherlands-belgium': 'uk' } }), 'combat-move', 'uk');
    s = rig.play(s, 'uk', rig.pick(s, /bomber .*bomb the industry of Germany/));
    s = rig.play(s, 'uk', rig.pick(s, /fighter .*escort the raid on Germany/));
    s = rig.play(s, 'uk', { type: 'end-phase' });
    s = rig.play(s, 'uk', { type: 'battle', area: 'germany' });
    s = rig.force(s, [1, 2, 3, 4]);
    s = rig.play(s, 'germany', { type: 'intercept', count: 2 });
    expect(rolls(rig)).toEqual(['1: 1 escorting fighter at 1', '2: 2 intercepting fighters at 2']);
    expect(unitsOf(s, 'germany', 'germany')).toHaveLength(1);
    s = rig.play(s, 'uk', { type: 'casualty', key: 'bomber' });
    expect(rig.log()).toContain('No bomber reaches Germany');
    expect(s.ipcs.germany).toBe(10);
  });
});
