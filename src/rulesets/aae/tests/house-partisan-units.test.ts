// House rules l.203-209 (partisan units, `hr-partisan-units`); ruling 88. Dice forced.
import { describe, expect, it } from 'vitest';
import { aaeRig, position, u } from '../testing.ts';
import { incomeOf } from '../income.ts';
import { titoDue } from '../house/partisan-units.ts';

const on = { 'hr-partisan-units': true };
const tito = (extra = {}) => u('uk', 'partisan', 'yugoslavia', 1, { nation: 'yugoslav', ...extra });
const labels = (rig: ReturnType<typeof aaeRig>, s: Parameters<ReturnType<typeof aaeRig>['choices']>[0]) => rig.choices(s).map((c) => c.label);

describe('house rules l.203-209: partisan units', () => {
  it('stand in Axis territory without a battle; move only in the British combat move, at home, or rise where they stand (l.203)', () => {
    const rig = aaeRig();
    const body = position({ units: [tito(), u('germany', 'infantry', 'yugoslavia')], options: on });
    const s = rig.start(body, 'combat-move', 'uk');
    const mine = rig.choices(s).filter((c) => (c.action.units as string[] | undefined)?.includes('u1')).map((c) => c.label);
    // Yugoslavia is its whole home country: no move out of it, only the rising.
    expect(mine).toEqual(['partisan from Yugoslavia: rise against the Axis in Yugoslavia']);
    const quiet = rig.play(s, 'uk', { type: 'end-phase' });
    expect(quiet.phase).toBe('noncombat-move');
    expect(quiet.units).toHaveLength(2);
    expect(rig.choices(quiet).some((c) => (c.action.units as string[] | undefined)?.includes('u1'))).toBe(false);
  });

  it('a rising partisan attacks at 1; winning, it holds the area for the United Kingdom, which gets no income from it', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [tito(), u('germany', 'infantry', 'yugoslavia')], options: on }), 'combat-move', 'uk');
    s = rig.play(s, 'uk', rig.pick(s, /rise against the Axis in Yugoslavia/));
    s = rig.play(s, 'uk', { type: 'end-phase' });
    s = rig.play(rig.force(s, [1, 3]), 'uk', rig.pick(s, /battle for Yugoslavia/));
    expect(s.control.yugoslavia).toBe('uk');
    expect(incomeOf(s, 'uk').items.some((i) => i.area === 'yugoslavia')).toBe(false);
    // A 2 misses: the partisan may break off and stay (dispersal, no pursuit).
    let t = rig.start(position({ units: [tito(), u('germany', 'infantry', 'yugoslavia')], options: on }), 'combat-move', 'uk');
    t = rig.play(t, 'uk', rig.pick(t, /rise against the Axis in Yugoslavia/));
    t = rig.play(t, 'uk', { type: 'end-phase' });
    t = rig.play(rig.force(t, [2, 6]), 'uk', rig.pick(t, /battle for Yugoslavia/));
    expect(labels(rig, t)).toContain('retreat to Yugoslavia');
    t = rig.play(t, 'uk', rig.pick(t, /retreat to Yugoslavia/));
    expect(t.units.map((x) => `${x.power} ${x.type} ${x.at}`)).toEqual(['uk partisan yugoslavia', 'germany infantry yugoslavia']);
    expect(t.control.yugoslavia).toBe('germany');
  });

  it('the Axis attacks partisans by choice, where it stands; defending partisans may disperse after a round (l.203)', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [tito(), u('germany', 'infantry', 'yugoslavia')], options: on }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /attack the partisans in Yugoslavia/));
    s = rig.play(s, 'germany', { type: 'end-phase' });
    s = rig.play(rig.force(s, [6, 6]), 'germany', rig.pick(s, /battle for Yugoslavia/));
    expect(rig.prompt(s)).toMatchObject({ seat: 'uk', rule: 'AAE house rules l.203 (partisan units)' });
    s = rig.play(s, 'uk', { type: 'disperse', yes: true });
    expect(s.units).toHaveLength(2);
    expect(rig.log()).toContain('The partisans in Yugoslavia disperse: the battle ends');
    // Not attacked, they are left alone: Germany's turn has no battle.
    const quiet = rig.play(rig.start(position({ units: [tito(), u('germany', 'infantry', 'yugoslavia')], options: on }), 'combat-move', 'germany'), 'germany', { type: 'end-phase' });
    expect(quiet.phase).toBe('noncombat-move');
  });

  it('Tito: from 1942 on even turns, every turn once Italy has surrendered, 1 IPC (l.207)', () => {
    const italyGone = { surrender: { surrendered: { italy: 3 }, rolled: [] } };
    const at = (round: number, italy = false) => titoDue({ ...position({ units: [], round, options: on }), ...(italy ? { house: italyGone } : {}) } as never);
    expect([at(4), at(5), at(6), at(8), at(5, true)]).toEqual([false, false, true, true, true]);
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'infantry', 'yugoslavia')], round: 6, options: { ...on, bid: false } }), 'start', 'uk');
    expect(rig.prompt(s)).toMatchObject({ seat: 'uk', rule: 'AAE house rules l.207 (Tito)' });
    s = rig.play(s, 'uk', rig.pick(s, /raise a Yugoslav partisan in Yugoslavia/));
    expect(s.units.find((x) => x.type === 'partisan')).toMatchObject({ power: 'uk', at: 'yugoslavia', nation: 'yugoslav' });
    expect(s.ipcs.uk).toBe(25 - 1);
  });

  it('the Warsaw uprising: once, in a British combat phase of 1943 (d3 + 1) or 1944 (2d3); the Poles fight at once and may not retreat (l.209)', () => {
    const rig = aaeRig();
    const body = (round: number) => position({ units: [u('germany', 'infantry', 'poland', 2)], round, options: on });
    let s = rig.start(body(9), 'combat', 'uk');
    expect(rig.prompt(s)).toMatchObject({ rule: 'AAE house rules l.209 (the Warsaw uprising)' });
    s = rig.play(rig.force(s, [3]), 'uk', rig.pick(s, /rise in Poland/));
    expect(s.units.filter((x) => x.type === 'partisan' && x.nation === 'polish')).toHaveLength(3);
    // Round 1: the Poles miss (6, 6, 6), the defenders too (6, 6): no retreat is offered.
    s = rig.play(rig.force(s, [6, 6, 6, 6, 6]), 'uk', rig.pick(s, /battle for Poland/));
    expect(labels(rig, s)).toEqual(['fight round 2 in Poland']);
    const late = rig.start(body(13), 'combat', 'uk');
    const rose = rig.play(rig.force(late, [6, 1]), 'uk', rig.pick(late, /rise in Poland/));
    expect(rose.units.filter((x) => x.type === 'partisan')).toHaveLength(4);
    expect(rig.prompt(rig.start(body(8), 'combat', 'uk'))?.rule).not.toBe('AAE house rules l.209 (the Warsaw uprising)');
  });

  it('the French partisans: once a game, during a British invasion of France, on any Axis-held French area (l.205)', () => {
    const rig = aaeRig();
    const body = position({ units: [u('uk', 'infantry', 'france', 1, { combatMoved: true, mission: 'attack', done: true }), u('germany', 'infantry', 'france')], options: on });
    let s = rig.start(body, 'combat', 'uk');
    expect(labels(rig, s)).toEqual(['raise a French partisan in France (1 IPC)', 'raise a French partisan in Eastern France (1 IPC)', 'raise a French partisan in Vichy France (1 IPC)', 'raise none']);
    s = rig.play(s, 'uk', rig.pick(s, /in Eastern France/));
    expect(s.units.find((x) => x.type === 'partisan')).toMatchObject({ at: 'eastern-france', nation: 'french' });
    expect(s.ipcs.uk).toBe(24);
    expect(s.house?.partisanUnits).toEqual({ french: true });
  });
});
