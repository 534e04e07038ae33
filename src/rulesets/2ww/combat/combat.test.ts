import { beforeEach, describe, expect, it } from 'vitest';
import { applyAction, forceDice, prompts } from '../../../engine/index.ts';
import type { Action, GameEvent } from '../../../engine/index.ts';
import { twoWW } from '../index.ts';
import type { Side, TwoWWState } from '../state.ts';
import { ELIMINATED } from '../state.ts';
import { choicesOf, startAt, testPosition, testWorld } from '../testing.ts';
import { rulesCombatWorld } from './index.ts';
import { campaignCombatChart } from '../data/index.ts';
import {
  capSupport, decideWinner, fortCapacity, halve, resolveLandCombat, seaVolley, supportVolleys, NO_FORCE,
} from './resolve.ts';

let supplyOverride: Record<string, boolean> = {};
beforeEach(() => {
  supplyOverride = {};
});

const events: GameEvent[] = [];
function play(s: TwoWWState, seat: Side, a: Action): TwoWWState {
  const r = applyAction(twoWW, s, seat, a);
  events.push(...r.events);
  return r.state;
}
function dice(s: TwoWWState, faces: number[]): TwoWWState {
  const c = structuredClone(s);
  forceDice(c.rng, faces);
  return c;
}
const combatLog = () => events.filter((e) => e.rule === '2WW 9.1' && e.data && (e.data as any).line === 'Land vs Land');

// A strip of Germany with the sea to the south and a French port (2014) under Allied control.
// These positions have no capitals: units are taken as supplied (2WW 11) unless a test says otherwise.
const supplied = { ...rulesCombatWorld, landInSupply: (_s: TwoWWState, id: string) => supplyOverride[id] ?? true };
const world = testWorld({
  id: 'combat-strip', combat: supplied, cols: [20, 25], rows: [11, 15], country: 'ge',
  sea: ['2015', '2115', '2215', '2315', '2415', '2515', '2314', '2414'],
  coastal: ['2313', '2214', '2014', '2114', '2514'], ports: ['2014'], countries: { fr: ['2014', '2013'] },
});

describe('2WW 9 land combat (worked examples)', () => {
  it('2WW 9 example 1 (TC-3): airdropped paratroop and armor 9 vs 4, rolls 6 and 9: German 4th reduced, retreats to 2214, US armor advances', () => {
    events.length = 0;
    let s = startAt(testPosition(world, {
      turn: 12,
      units: {
        'ge-inf-4': '2213', 'ge-inf-1': '2214', 'ge-air-5': '2413',
        'us-para-18': { where: '2213', reduced: true, moveMode: 'airdrop', mustAttack: '2213' }, 'us-arm-1': '2212',
      },
      politics: { usEntered: true },
    }), [{ proc: 'combat-phase', side: 'allies' }]);
    // The airdropped paratroop must attack: ending the phase is not offered.
    expect(choicesOf(s, 'allies')).not.toContainEqual({ type: 'end-combat' });
    s = play(s, 'allies', { type: 'attack', mode: 'land', hex: '2213' });
    s = play(s, 'allies', { type: 'add', unit: 'us-arm-1', role: 'attacker' });
    s = play(s, 'allies', { type: 'confirm' });
    // The Axis may support with the 5th air but declines.
    expect(choicesOf(s, 'axis')).toContainEqual({ type: 'add', unit: 'ge-air-5' });
    s = dice(s, [3, 3, 4, 5]); // Allies roll 6, Axis roll 9
    s = play(s, 'axis', { type: 'confirm' });
    const log = combatLog().at(-1)!.data as any;
    expect(log.strengths).toEqual({ attacker: 9, defender: 4 });
    expect(log.column).toEqual({ attacker: '8-11', defender: '4-7' });
    expect(log.die).toEqual({ attacker: 6, defender: 9 });
    expect(log.result).toEqual({ attacker: 1, defender: 0 });
    expect(log.winner).toBe('attacker');
    expect(s.units['ge-inf-4']).toMatchObject({ where: '2214', reduced: true });
    s = play(s, 'allies', { type: 'advance', unit: 'us-arm-1', hex: '2213' });
    expect(s.units['us-arm-1']!.where).toBe('2213');
    expect(s.units['us-para-18']!.where).toBe('2213');
    expect(s.units['us-arm-1']!.attacked).toBe(true);
    expect(s.units['ge-air-5']!.ops).toBe(false);
    // Back in the combat phase; the paratroop's obligation is met.
    expect(choicesOf(s, 'allies')).toContainEqual({ type: 'end-combat' });
  });

  it('2WW 9 example 2 (TC-4): opposed support, the fort absorbs both losses, the attacker loses on counted points', () => {
    events.length = 0;
    let s = startAt(testPosition(world, {
      turn: 12,
      units: {
        'ge-inf-6': '2313', 'ge-fort-1': '2313', 'ge-air-5': '2513',
        'us-arm-3': '2312', 'us-arm-5': '2413', 'us-fleet-8': '2314',
      },
      politics: { usEntered: true }, control: { '2014': 'allies' },
    }), [{ proc: 'combat-phase', side: 'allies' }]);
    s = play(s, 'allies', { type: 'attack', mode: 'land', hex: '2313' });
    s = play(s, 'allies', { type: 'add', unit: 'us-arm-3', role: 'attacker' });
    s = play(s, 'allies', { type: 'add', unit: 'us-arm-5', role: 'attacker' });
    s = play(s, 'allies', { type: 'add', unit: 'us-fleet-8', role: 'support' });
    s = play(s, 'allies', { type: 'confirm' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-5' });
    // Support battle: Allied fleet rolls 8 (Sea vs Air 1-3), German air rolls 3 (Air vs Sea 1-4);
    // land: Allies roll 5, Axis roll 8.
    s = dice(s, [4, 4, 1, 2, 2, 3, 4, 4]);
    s = play(s, 'axis', { type: 'confirm' });
    const sup = events.filter((e) => e.rule === '2WW 9.1.2' && e.data && (e.data as any).line);
    expect(sup.map((e) => [(e.data as any).line, (e.data as any).column, (e.data as any).die, (e.data as any).result]))
      .toEqual([['Sea vs Air', '1-3', 8, 0], ['Air vs Sea', '1-4', 3, 1]]);
    expect(s.units['us-fleet-8']).toMatchObject({ where: '2014', reduced: true, ops: true });
    const log = combatLog().at(-1)!.data as any;
    expect(log.strengths).toEqual({ attacker: 14, defender: 12 });
    expect(log.support).toEqual({ attacker: 0, defender: 4 });
    expect(log.column).toEqual({ attacker: '12-15', defender: '12-15' });
    expect(log.result).toEqual({ attacker: 2, defender: 1 });
    expect(log.fortAbsorbs).toBe(2);
    expect(log.counted).toEqual({ attacker: 1, defender: 0 });
    expect(log.winner).toBe('defender');
    expect(s.units['ge-fort-1']!.where).toBe(ELIMINATED);
    expect(s.units['ge-inf-6']).toMatchObject({ where: '2313', reduced: false });
    // The Allies choose to reduce the 3d armor.
    expect(choicesOf(s, 'allies').filter((a) => a.type === 'take-loss').map((a) => a.unit)).toEqual(['us-arm-3', 'us-arm-5']);
    s = play(s, 'allies', { type: 'take-loss', unit: 'us-arm-3' });
    expect(s.units['us-arm-3']!.reduced).toBe(true);
    // Both attackers retreat one hex (the owner picks where when several hexes qualify).
    for (let i = 0; i < 4 && prompts(twoWW, s)[0]?.kind === 'retreat'; i++) {
      const p = prompts(twoWW, s)[0]!;
      s = play(s, p.seat as Side, p.choices[0]!.action);
    }
    expect(s.units['us-arm-3']!.where).not.toBe('2312');
    expect(s.units['us-arm-5']!.where).not.toBe('2413');
    // Ruling R-21: the winning defender may advance into a vacated hex; it declines.
    if (prompts(twoWW, s)[0]?.kind === 'advance') s = play(s, 'axis', { type: 'done' });
    expect(s.units['ge-inf-6']!.where).toBe('2313');
    expect(s.units['ge-air-5']!.ops).toBe(true);
  });
});

describe('2WW 9 support battles won by fleets (DSoP sea combat, ruling R-23)', () => {
  it('2WW 9 the defender\'s fleet that wins the support battle may advance into the target hex and still supports it', () => {
    events.length = 0;
    let s = startAt(testPosition(world, {
      turn: 12,
      units: { 'ge-inf-6': '2313', 'ge-fleet-surface': '2414', 'us-arm-3': '2312', 'us-arm-5': '2413', 'us-air-8': '2212' },
      politics: { usEntered: true }, control: { '2014': 'allies' },
    }), [{ proc: 'combat-phase', side: 'allies' }]);
    s = play(s, 'allies', { type: 'attack', mode: 'land', hex: '2313' });
    s = play(s, 'allies', { type: 'add', unit: 'us-arm-3', role: 'attacker' });
    s = play(s, 'allies', { type: 'add', unit: 'us-air-8', role: 'support' });
    s = play(s, 'allies', { type: 'confirm' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-fleet-surface' });
    // Support battle: US air rolls 12 (no hit), the German fleet 2; then the land combat: both roll 6.
    s = dice(s, [6, 6, 1, 1, 3, 3, 3, 3]);
    s = play(s, 'axis', { type: 'confirm' });
    expect(events.some((e) => /support wins the support battle/.test(e.text))).toBe(true);
    expect(choicesOf(s, 'axis')).toEqual([{ type: 'advance', unit: 'ge-fleet-surface', hex: '2313' }, { type: 'done' }]);
    s = play(s, 'axis', { type: 'advance', unit: 'ge-fleet-surface', hex: '2313' });
    expect(s.units['ge-fleet-surface']!.where).toBe('2313');
    const log = combatLog().at(-1)!.data as any;
    expect(log.support).toEqual({ attacker: 0, defender: 3 });
  });
});

describe('2WW 5.1.1 a retreat into a hex with an enemy fleet', () => {
  it('2WW 5.1.1 the fleet displaces and the retreat ends (the retreat goes on after the displacement)', () => {
    // 0201 is between a German land unit (0301) and a coastal hex holding a German fleet (0101); the sea is row 2.
    const rw = testWorld({ id: 'retreat-displace', combat: supplied, cols: [1, 3], rows: [1, 2], country: 'fr', sea: ['0102', '0202', '0302'], coastal: ['0101', '0201', '0301'] });
    events.length = 0;
    let s = startAt(testPosition(rw, { turn: 12, units: { 'gb-arm-1': '0201', 'ge-inf-1': '0301', 'ge-fleet-surface': '0101' } }),
      [{ proc: 'combat-retreat', side: 'allies', units: ['gb-arm-1'], rule: '2WW 9 (land retreat)' }]);
    expect(s.units['gb-arm-1']!.where).toBe('0101');
    // The owner picks among the equally near hexes free of enemy units; then the retreat is over.
    expect(choicesOf(s, 'axis')).toEqual(['0102', '0201', '0202'].map((to) => ({ type: 'displace', unit: 'ge-fleet-surface', to })));
    s = play(s, 'axis', { type: 'displace', unit: 'ge-fleet-surface', to: '0102' });
    expect(s.units['ge-fleet-surface']!.where).toBe('0102');
    expect(s.units['gb-arm-1']!.where).toBe('0101'); // retreated once only
    expect(s.stack).toEqual([]);
  });
});

describe('2WW 9 combat arithmetic (derived tests)', () => {
  const chart = campaignCombatChart;
  it('2WW 9.1.2 support is capped at the land strength: land 5 + air 8 fires with 10', () => {
    expect(5 + capSupport(8, 5)).toBe(10);
    const o = resolveLandCombat(chart, { attackerLand: 5, attackerSupport: 8, defenderLand: 4, defenderSupport: 0, terrainShift: 0, fort: null, attackerRoll: 7, defenderRoll: 7 });
    expect(o.attackerTotal).toBe(10);
    expect(o.attackerFire.column).toBe('8-11');
  });

  it('2WW 9.1.3 a full fort absorbs two of three losses first; the defender counts only one', () => {
    expect(fortCapacity({ reduced: false, twoSided: true })).toBe(2);
    expect(fortCapacity({ reduced: true, twoSided: true })).toBe(1);
    // 24 factors on the 24+ column roll 2: find a roll giving 3 losses on this chart
    const roll = [2, 3, 4, 5, 6].find((r) => chart.result('land-vs-land', chart.column('land-vs-land', 14, 0)!, r) === 3) ?? 2;
    const o = resolveLandCombat(chart, { attackerLand: 14, attackerSupport: 0, defenderLand: 8, defenderSupport: 0, terrainShift: 0, fort: { reduced: false, twoSided: true }, attackerRoll: roll, defenderRoll: 12 });
    expect(o.attackerFire.losses).toBe(3);
    expect(o.fortAbsorbs).toBe(2);
    expect(o.countedDefender).toBe(1);
  });

  it('2WW 9.1.3 only the defender counts fort strength: an attacking force never includes a fort', async () => {
    const { eligibleLandAttackers } = await import('./combat-phase.ts');
    const s = startAt(testPosition(world, { turn: 12, units: { 'ge-fort-2': '2212', 'ge-inf-7': '2211', 'us-arm-1': '2213' }, politics: { usEntered: true } }), []);
    expect(eligibleLandAttackers(s, 'axis', '2213')).toEqual(['ge-inf-7'].filter((id) => rulesCombatWorld.exertsZocInto(s, id, '2213')));
    expect(eligibleLandAttackers(s, 'axis', '2213')).not.toContain('ge-fort-2');
  });

  it('2WW 9 equal loss points: the higher roll wins; equal rolls: no winner', () => {
    expect(decideWinner(1, 9, 1, 4)).toBe('a');
    expect(decideWinner(1, 4, 1, 9)).toBe('b');
    expect(decideWinner(1, 6, 1, 6)).toBeNull();
    expect(decideWinner(0, 2, 1, 12)).toBe('a');
  });

  it('2WW 11.2.4 an out-of-supply land unit fights at half strength, fractions dropped (5 -> 2)', () => {
    expect(halve(5)).toBe(2);
    expect(halve(7)).toBe(3);
  });

  it('2WW 9.2 (DSoP) subs fire back at regular strength on Sea vs Sea, never at air; ASW uses ASW factors', () => {
    const subs = { ...NO_FORCE, subs: 4, hasSubs: true };
    const surface = { ...NO_FORCE, surface: 4, surfaceAsw: 4, hasSurface: true };
    const air = { ...NO_FORCE, air: 4, airAsw: 1, hasAir: true };
    expect(seaVolley(subs, surface)).toEqual({ line: 'sea-vs-sea', factors: 4, shift: 0 });
    expect(seaVolley(subs, air)).toBeNull();
    expect(seaVolley({ ...surface, ...{ air: 4, airAsw: 1, hasAir: true } }, subs)).toEqual({ line: 'asw', factors: 5, shift: 0 });
    expect(seaVolley(air, surface)).toEqual({ line: 'air-vs-sea', factors: 4, shift: 0 });
    expect(supportVolleys(surface, air)).toEqual([{ line: 'sea-vs-air', factors: 4, shift: 0 }]);
    expect(supportVolleys(air, surface)).toEqual([{ line: 'air-vs-sea', factors: 4, shift: 0 }]);
  });
});

describe('2WW 9.1 land combat procedures', () => {
  it('2WW 11.2.4 an out-of-supply attacker is halved in the combat arithmetic', () => {
    events.length = 0;
    supplyOverride = { 'ge-arm-1': false };
    let s = startAt(testPosition(world, { turn: 12, units: { 'ge-arm-1': '2212', 'fr-inf-2': '2213' } }), [{ proc: 'combat-phase', side: 'axis' }]);
    s = play(s, 'axis', { type: 'attack', mode: 'land', hex: '2213' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-arm-1', role: 'attacker' });
    s = dice(s, [6, 6, 6, 6]);
    s = play(s, 'axis', { type: 'confirm' });
    const log = combatLog().at(-1)!.data as any;
    expect(log.land).toEqual({ attacker: 3, defender: 3 });
    // Equal losses (0) and equal rolls: nobody wins, nobody moves.
    expect(log.winner).toBeNull();
    expect(s.units['fr-inf-2']!.where).toBe('2213');
  });

  it('2WW 9 a land unit attacks once per combat phase', () => {
    let s = startAt(testPosition(world, { turn: 12, units: { 'ge-arm-1': '2212', 'fr-inf-2': '2213' } }), [{ proc: 'combat-phase', side: 'axis' }]);
    s = play(s, 'axis', { type: 'attack', mode: 'land', hex: '2213' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-arm-1', role: 'attacker' });
    s = dice(s, [6, 6, 6, 6]);
    s = play(s, 'axis', { type: 'confirm' });
    expect(choicesOf(s, 'axis')).toEqual([{ type: 'end-combat' }]);
  });

  it('2WW 9.1.4 air units that supported a land combat are Ops Complete at its end', () => {
    let s = startAt(testPosition(world, { turn: 12, units: { 'ge-inf-4': '2213', 'ge-air-5': '2413', 'us-arm-1': '2212' }, politics: { usEntered: true } }), [{ proc: 'combat-phase', side: 'allies' }]);
    s = play(s, 'allies', { type: 'attack', mode: 'land', hex: '2213' });
    s = play(s, 'allies', { type: 'add', unit: 'us-arm-1', role: 'attacker' });
    s = play(s, 'allies', { type: 'confirm' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-5' });
    s = dice(s, [1, 1, 6, 6]); // the Allies roll 2, the Axis 12
    s = play(s, 'axis', { type: 'confirm' });
    // Losses, retreat and advance: the first choice (or 'done') until the Allies are back at the combat phase.
    for (let p = prompts(twoWW, s)[0]; p && p.kind !== 'attack'; p = prompts(twoWW, s)[0]) {
      const cs = choicesOf(s, p.seat as Side);
      s = play(s, p.seat as Side, cs.find((a) => a.type === 'done') ?? cs[0]!);
    }
    expect(s.units['ge-air-5']!.ops).toBe(true);
  });

  it('2WW 8.1.4.2 a fleet may carry an amphibious assault into a port held by enemy land units; a land combat follows', () => {
    let s = startAt(testPosition(world, {
      turn: 12, control: { '2014': 'allies' },
      units: { 'ge-fleet-surface': '2115', 'ge-inf-1': { where: '2115', aboard: 'ge-fleet-surface' }, 'fr-inf-2': '2014', 'fr-air-1': '2014' },
    }), [{ proc: 'movement-phase', side: 'axis' }]);
    expect(choicesOf(s, 'axis')).not.toContainEqual({ type: 'move', unit: 'ge-fleet-surface', to: '2014' });
    s = play(s, 'axis', { type: 'move', unit: 'ge-fleet-surface', to: '2014', assault: true });
    while (prompts(twoWW, s)[0]?.kind === 'transit-attack') s = play(s, 'allies', { type: 'decline' }); // the French air lets it pass
    // The cargo lands and must attack; its fleet stays with it until the combat (5.2.3); the French air stays with its
    // infantry (5.1.3).
    expect(s.units['ge-inf-1']).toMatchObject({ where: '2014', mustAttack: '2014', moveMode: 'assault' });
    expect(prompts(twoWW, s)[0]?.kind).toBe('move');
    expect(s.units['ge-fleet-surface']!.where).toBe('2014');
    expect(s.units['fr-air-1']!.where).toBe('2014');
    s = play(s, 'axis', { type: 'end-phase' });
    const combat = startAt(s, [{ proc: 'combat-phase', side: 'axis' }]);
    expect(choicesOf(combat, 'axis')).toEqual([{ type: 'attack', mode: 'land', hex: '2014' }]);
  });

  it('2WW 8.1.4.4, 5.2.3 an assault that fails against a defended port: the assaulting unit re-boards and its fleet retreats to port', () => {
    let s = startAt(testPosition(world, {
      turn: 12, control: { '2014': 'allies', '2214': 'axis' }, politics: { usEntered: true },
      units: { 'ge-fleet-surface': '2014', 'ge-inf-1': { where: '2014', moveMode: 'assault', mustAttack: '2014' }, 'fr-inf-2': '2014' },
    }), [{ proc: 'combat-phase', side: 'axis' }]);
    s = play(s, 'axis', { type: 'attack', mode: 'land', hex: '2014' });
    s = dice(s, [6, 6, 1, 1]); // the Axis rolls 12 (no loss), the French 2 (1 loss): the assault fails
    s = play(s, 'axis', { type: 'confirm' });
    for (let p = prompts(twoWW, s)[0]; p && p.kind !== 'attack'; p = prompts(twoWW, s)[0]) {
      const cs = choicesOf(s, p.seat as Side);
      s = play(s, p.seat as Side, cs.find((a) => a.type === 'decline' || a.type === 'done') ?? cs[0]!);
    }
    expect(s.units['fr-inf-2']!.where).toBe('2014');
    expect(s.units['ge-inf-1']).toMatchObject({ aboard: 'ge-fleet-surface' });
    expect(s.units['ge-fleet-surface']!.where).not.toBe('2014');
    expect(s.units['ge-inf-1']!.where).toBe(s.units['ge-fleet-surface']!.where);
  });

  it('2WW 8.1.4.3 an assault on an empty port with no enemy land ZOC meets a defence of 1 factor', () => {
    events.length = 0;
    let s = startAt(testPosition(world, { turn: 12, units: { 'ge-inf-1': { where: '2014', moveMode: 'assault', mustAttack: '2014' } }, control: { '2014': 'allies' } }), [{ proc: 'combat-phase', side: 'axis' }]);
    expect(choicesOf(s, 'axis')).toEqual([{ type: 'attack', mode: 'land', hex: '2014' }]);
    s = play(s, 'axis', { type: 'attack', mode: 'land', hex: '2014' });
    s = dice(s, [1, 1, 6, 6]);
    s = play(s, 'axis', { type: 'confirm' });
    const log = combatLog().at(-1)!.data as any;
    expect(log.strengths).toEqual({ attacker: 4, defender: 1 });
    expect(log.winner).toBe('attacker');
    expect(s.units['ge-inf-1']!.where).toBe('2014');
    // Ruling R-18c (3.4.7): the winner is the last to occupy the port.
    expect(s.control['2014']).toBe('axis');
  });
});

describe('2WW 5.2.3 and 12.4.3', () => {
  it('2WW 5.2.3 with no winner, airdropped attackers sharing the hex retreat to an adjacent hex', () => {
    events.length = 0;
    let s = startAt(testPosition(world, {
      turn: 12, units: { 'ge-inf-4': '2213', 'us-para-18': { where: '2213', reduced: true, moveMode: 'airdrop', mustAttack: '2213' }, 'us-arm-1': '2212' },
      politics: { usEntered: true },
    }), [{ proc: 'combat-phase', side: 'allies' }]);
    s = play(s, 'allies', { type: 'attack', mode: 'land', hex: '2213' });
    s = dice(s, [6, 6, 6, 6]);
    s = play(s, 'allies', { type: 'confirm' });
    expect((combatLog().at(-1)!.data as any).winner).toBeNull();
    expect(s.units['ge-inf-4']!.where).toBe('2213');
    expect(s.units['us-para-18']!.where).toBe('2212'); // the only hex not in German ZOC without a friendly unit
  });

  it('2WW 12.4.3 Soviet units never attack together with other Allied units', () => {
    let s = startAt(testPosition(world, {
      turn: 12, units: { 'ge-inf-4': '2213', 'su-arm-1t': '2212', 'gb-arm-1': '2312' }, politics: { ussrNeutral: false },
    }), [{ proc: 'combat-phase', side: 'allies' }]);
    s = play(s, 'allies', { type: 'attack', mode: 'land', hex: '2213' });
    expect(choicesOf(s, 'allies')).toContainEqual({ type: 'add', unit: 'gb-arm-1', role: 'attacker' });
    s = play(s, 'allies', { type: 'add', unit: 'su-arm-1t', role: 'attacker' });
    expect(choicesOf(s, 'allies').some((a) => a.unit === 'gb-arm-1')).toBe(false);
  });
});

describe('2WW 9 refusals name the rule', () => {
  it('2WW 9.1.1 adding a unit that exerts no ZOC into the target is refused with the rule case', () => {
    let s = startAt(testPosition(world, { turn: 12, units: { 'ge-arm-1': '2212', 'ge-inf-7': '2011', 'fr-inf-2': '2213' } }), [{ proc: 'combat-phase', side: 'axis' }]);
    s = play(s, 'axis', { type: 'attack', mode: 'land', hex: '2213' });
    expect(() => play(s, 'axis', { type: 'add', unit: 'ge-inf-7', role: 'attacker' })).toThrow(/2WW 9\.1\.1: .*does not exert a ZOC into 2213/);
  });
});

describe('2WW 10.2 armored action combat', () => {
  it('2WW 10.2 land units that attacked in the player turn may attack again in the Armored Action combat phase', () => {
    const s = startAt(testPosition(world, { turn: 12, units: { 'ge-inf-7': { where: '2212', attacked: true }, 'fr-inf-2': '2213' } }),
      [{ proc: 'combat-phase', side: 'axis', armoredAction: true }]);
    expect(choicesOf(s, 'axis')).toContainEqual({ type: 'attack', mode: 'land', hex: '2213' });
    expect(prompts(twoWW, s)[0]!.rule).toBe('2WW 10.2');
  });
});
