// House rules l.177 (Vichy France, `hr-vichy`); ruling 81.
import { describe, expect, it } from 'vitest';
import { initialState } from '../setup.ts';
import type { AaeState } from '../state.ts';
import { aaeRig, position, u } from '../testing.ts';
import { incomeOf } from '../income.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const at = (s: Pick<AaeState, 'units'>, id: string) => s.units.filter((x) => x.at === id).map((x) => `${x.power} ${x.type}`).sort();
const moves = (rig: ReturnType<typeof aaeRig>, s: AaeState, id: string) => rig.choices(s).filter((c) => c.action.type === 'move' && (c.action.units as string[])[0] === id).map((c) => c.action.to);

describe('house rules l.177: Vichy France', () => {
  it('set-up: Vichy holds its areas with its own forces; the printed units there move out (ruling 81)', () => {
    const s = initialState({ bid: false, ...on('vichy') });
    expect(['vichy-france', 'morocco', 'algeria', 'tunisia', 'syria'].map((id) => s.control[id])).toEqual(Array(5).fill('vichy'));
    expect(at(s, 'vichy-france')).toEqual(['vichy infantry', 'vichy infantry']);
    expect(at(s, 'tunisia')).toEqual(['vichy infantry']);
    expect(at(s, 'syria')).toEqual(['vichy infantry']);
    expect(at(s, 'palestine')).toContain('uk infantry');
    expect(at(initialState({ bid: false }), 'tunisia')).toEqual(['germany armour', 'germany artillery', 'germany infantry']);
    // Worth nothing to anyone while Vichy (Germany's income loses Morocco, Algeria, Tunisia and Vichy France).
    const income = (x: object) => incomeOf(x as AaeState, 'germany').total;
    expect(income(initialState({ bid: false })) - income(s)).toBe(4);
  });

  it('no move into a Vichy area but an attack, and that from turn 4 (Syria at once)', () => {
    const rig = aaeRig();
    const units = [u('germany', 'infantry', 'france'), u('uk', 'infantry', 'palestine'), u('vichy', 'infantry', 'vichy-france'), u('vichy', 'infantry', 'syria')];
    const early = rig.start(position({ units, options: on('vichy') }), 'combat-move', 'germany');
    expect(moves(rig, early, 'u1')).not.toContain('vichy-france');
    expect(() => rig.play(early, 'germany', { type: 'move', units: ['u1'], to: 'vichy-france' })).toThrow(/l\.177 \(Vichy France\).*turn 4/);
    const syria = rig.start(position({ units, options: on('vichy') }), 'combat-move', 'uk');
    expect(moves(rig, syria, 'u2')).toContain('syria');
    const late = rig.start(position({ units, options: on('vichy'), round: 4 }), 'combat-move', 'germany');
    expect(moves(rig, late, 'u1')).toContain('vichy-france');
    const quiet = rig.start(position({ units, options: on('vichy'), round: 4 }), 'noncombat-move', 'germany');
    expect(moves(rig, quiet, 'u1')).not.toContain('vichy-france');
  });

  it('the first attack: each ship of the fleet rolls (1 Axis, 6 Allies, else scuttled); the ground units give up after round 1 unless the British attack', () => {
    const rig = aaeRig();
    const units = [u('germany', 'infantry', 'france', 2), u('vichy', 'infantry', 'vichy-france', 2)];
    let s = rig.start(position({ units, options: on('vichy'), round: 4 }), 'combat-move', 'germany');
    // Battleship 1 (joins the Axis), destroyer 4 (scuttled).
    s = rig.force(s, [1, 4]);
    s = rig.play(s, 'germany', { type: 'move', units: ['u1', 'u2'], to: 'vichy-france' });
    expect(at(s, 'western-mediterranean')).toEqual(['germany battleship']);
    s = rig.play(s, 'germany', { type: 'end-phase' });
    // Round 1: German infantry miss (6, 6), Vichy infantry miss (6, 6); the Vichy forces then give up.
    s = rig.force(s, [6, 6, 6, 6]);
    for (let n = 0; n < 10 && rig.prompt(s)?.kind !== 'move'; n++) s = rig.play(s, rig.prompt(s)!.seat as 'germany', rig.choices(s)[0]!.action);
    expect(rig.log()).toContain('The Vichy forces in Vichy France give up after a round: 2 infantry removed');
    expect(s.control['vichy-france']).toBe('germany');
    expect(at(s, 'vichy-france')).toEqual(['germany infantry', 'germany infantry']);
  });

  it('against the British the Vichy forces fight on; all Vichy units go at the end of a turn in which Algeria falls', () => {
    const rig = aaeRig();
    const units = [u('uk', 'infantry', 'libya', 3), u('vichy', 'infantry', 'tunisia'), u('vichy', 'infantry', 'morocco')];
    let s = rig.start(position({ units, options: on('vichy'), round: 4, control: { libya: 'uk' } }), 'combat-move', 'uk');
    s = rig.force(s, [3, 3]);
    s = rig.play(s, 'uk', { type: 'move', units: ['u1', 'u2', 'u3'], to: 'tunisia' });
    s = rig.play(s, 'uk', { type: 'end-phase' });
    s = rig.force(s, [6, 6, 6, 6]);
    for (let n = 0; n < 3 && rig.prompt(s)?.kind !== 'retreat'; n++) s = rig.play(s, rig.prompt(s)!.seat as 'uk', rig.choices(s)[0]!.action);
    expect(at(s, 'tunisia')).toContain('vichy infantry');
    const algiers = rig.start(position({ units: [u('vichy', 'infantry', 'morocco'), u('uk', 'infantry', 'algeria')], options: on('vichy'), control: { algeria: 'uk' } }), 'income', 'uk');
    expect(algiers.units.some((x) => x.power === 'vichy')).toBe(true);
    const taken = rig.start({ ...position({ units: [u('vichy', 'infantry', 'morocco'), u('uk', 'infantry', 'algeria')], options: on('vichy'), control: { algeria: 'uk' } }), capturedThisTurn: ['algeria'] }, 'income', 'uk');
    expect(taken.units.some((x) => x.power === 'vichy')).toBe(false);
  });
});
