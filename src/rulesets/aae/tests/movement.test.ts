import { describe, expect, it } from 'vitest';
import { aaeRig, position, u, unitsOf } from '../testing.ts';

const targets = (rig: ReturnType<typeof aaeRig>, s: Parameters<ReturnType<typeof aaeRig>['choices']>[0], who: RegExp) =>
  rig.choices(s).filter((c) => who.test(c.label) && c.action.type === 'move' && (c.action.units as string[]).length === 1).map((c) => c.action.to as string).sort();

describe('AAE Combat Move', () => {
  it('land units move in the combat move only into enemy territory; neutrals are closed (AAE Neutral Territories)', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [u('germany', 'infantry', 'austria'), u('germany', 'infantry', 'vichy-france')] }), 'combat-move', 'germany');
    expect(targets(rig, s, /infantry from Austria/)).toEqual([]);
    expect(targets(rig, s, /infantry from Vichy France/)).toEqual([]);
    const t = rig.start(position({ units: [u('germany', 'infantry', 'austria')], control: { yugoslavia: 'uk' } }), 'combat-move', 'germany');
    expect(targets(rig, t, /infantry from Austria/)).toEqual(['yugoslavia']);
  });

  it('armour blitzes: it takes an empty enemy territory and may go on with the move it has left (AAE Combat Move: Blitzing)', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'armour', 'poland'), u('ussr', 'infantry', 'belorussia')] }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /armour from Poland: attack East Poland/));
    expect(s.control['east-poland']).toBe('germany');
    expect(rig.log()).toContain('Germany: 1 armour from Poland to East Poland'); // the log follows every move
    expect(targets(rig, s, /armour from East Poland/)).toEqual(['baltic-states', 'belorussia', 'bessarabia', 'ukraine']);
    s = rig.play(s, 'germany', rig.pick(s, /armour from East Poland: attack Belorussia/));
    expect(rig.choices(s).map((c) => c.label)).toEqual(['end the combat move']);
  });

  it('infantry that takes an empty territory stops there; a factory stops armour too', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'armour', 'ukraine'), u('germany', 'infantry', 'poland')], control: { ukraine: 'germany' } }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /infantry from Poland: attack East Poland/));
    expect(unitsOf(s, 'germany', 'east-poland')[0]!.done).toBe(true);
    s = rig.play(s, 'germany', rig.pick(s, /armour from Ukraine S.S.R.: attack Stalingrad/));
    expect(s.control.stalingrad).toBe('germany');
    expect(targets(rig, s, /armour from Stalingrad/)).toEqual([]);
  });

  it('aircraft attack only where they can still reach a landing spot with the movement left', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [u('germany', 'fighter', 'norway'), u('uk', 'destroyer', 'atlantic'), u('uk', 'destroyer', 'denmark-strait')] }), 'combat-move', 'germany');
    // Norway to the Atlantic is 2 (back 2 to Norway): fine; to the Denmark Strait 3 with 1 left: no landing.
    expect(targets(rig, s, /fighter from Norway/)).toEqual(['atlantic']);
  });

  it('ships stop on entering a sea zone with enemy ships; the Bosphorus is closed while Turkey is neutral', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [u('germany', 'destroyer', 'danish-sea'), u('uk', 'transport', 'north-sea'), u('ussr', 'destroyer', 'black-sea')] }), 'combat-move', 'germany');
    const dd = targets(rig, s, /destroyer from Danish Sea/);
    expect(dd).toContain('north-sea');
    expect(dd).not.toContain('north-atlantic');
    const t = rig.start(position({ units: [u('ussr', 'destroyer', 'black-sea')] }), 'combat-move', 'ussr');
    expect(targets(rig, t, /destroyer from Black Sea/)).toEqual([]);
  });
});

describe('AAE Noncombat Move', () => {
  it('aircraft land only in friendly territory held since the turn began, or on a friendly carrier; the rest are lost', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'fighter', 'east-poland', 1, { combatMoved: true, spent: 2, fought: true, mission: 'attack' })], control: { 'east-poland': 'germany' } }), 'noncombat-move', 'germany');
    s = { ...s, capturedThisTurn: ['east-poland'] };
    expect(targets(rig, s, /fighter from East Poland/)).toEqual(['austria', 'czechoslovakia', 'germany', 'hungary', 'poland', 'rumania', 'yugoslavia']);
    // The end of the phase says what it will lose.
    expect(rig.choices(s).find((c) => c.action.type === 'end-phase')?.label).toBe('end the noncombat move (not landed, so lost: fighter in East Poland)');
    s = rig.play(s, 'germany', { type: 'end-phase' });
    expect(s.units.filter((x) => x.type === 'fighter')).toHaveLength(0);
    expect(rig.log()).toContain('Germany fighter in East Poland was not landed and is lost');
    expect(rig.choices(s).find((c) => c.action.type === 'end-phase')).toBeUndefined();
    const safe = rig.start(position({ units: [u('germany', 'fighter', 'germany', 1, { combatMoved: true })] }), 'noncombat-move', 'germany');
    expect(rig.choices(safe).find((c) => c.action.type === 'end-phase')?.label).toBe('end the noncombat move');
  });

  it('aircraft that attacked in the combat move land in the noncombat move with the movement they have left', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'fighter', 'poland'), u('germany', 'armour', 'poland'), u('ussr', 'infantry', 'east-poland')] }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /armour from Poland: attack East Poland/));
    s = rig.play(s, 'germany', rig.pick(s, /fighter from Poland: attack East Poland/));
    // Committed to the attack: no second move in the combat move.
    expect(targets(rig, s, /fighter/)).toEqual([]);
    s = rig.play(s, 'germany', rig.pick(s, /end the combat move/));
    // Fighter (3) and armour (3) hit, and so does the infantry (2): the armour is taken as the casualty.
    s = rig.play(rig.force(s, [1, 1, 1]), 'germany', rig.pick(s, /fight the battle for East Poland/));
    s = rig.play(s, 'germany', rig.pick(s, /lose a Germany armour/));
    expect(s.phase).toBe('noncombat-move');
    expect(unitsOf(s, 'germany', 'east-poland', 'fighter')).toHaveLength(1);
    // 3 of the fighter's 4 moves are left; East Poland, taken this turn, is no landing spot, nor are Soviet lands.
    const spots = targets(rig, s, /fighter from East Poland/);
    expect(spots).toEqual(expect.arrayContaining(['austria', 'czechoslovakia', 'germany', 'hungary', 'poland', 'rumania']));
    expect(spots).not.toContain('east-poland');
    expect(spots.filter((a) => ['baltic-states', 'belorussia', 'ukraine', 'bessarabia'].includes(a))).toEqual([]);
    s = rig.play(s, 'germany', rig.pick(s, /fighter from East Poland: land in Poland/));
    s = rig.play(s, 'germany', { type: 'end-phase' });
    expect(unitsOf(s, 'germany', 'poland', 'fighter')).toHaveLength(1);
  });

  it('a refused move names the rule it breaks once', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [u('germany', 'armour', 'poland'), u('germany', 'infantry', 'hungary', 1, { combatMoved: true, done: true })] }), 'noncombat-move', 'germany');
    const inf = unitsOf(s, 'germany', 'hungary', 'infantry')[0]!;
    expect(() => rig.play(s, 'germany', { type: 'move', units: [inf.id], to: 'austria' })).toThrow(/^AAE Noncombat Move: that infantry has ended its move this turn$/);
    expect(() => rig.play(s, 'germany', { type: 'move', units: [unitsOf(s, 'germany', 'poland')[0]!.id], to: 'switzerland' })).toThrow(/^AAE Neutral Territories: no unit may enter or fly over Switzerland$/);
  });

  it('units that moved to attack do not move again; others move through friendly territory only', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [u('germany', 'armour', 'poland'), u('germany', 'infantry', 'hungary', 1, { combatMoved: true, done: true })] }), 'noncombat-move', 'germany');
    expect(targets(rig, s, /armour from Poland/)).toEqual(['austria', 'czechoslovakia', 'denmark', 'eastern-france', 'germany', 'hungary', 'netherlands-belgium', 'rumania', 'yugoslavia']);
    expect(targets(rig, s, /infantry/)).toEqual([]);
  });
});
