import { describe, expect, it } from 'vitest';
import { combatOdds, enumerateCombat } from '../../../odds/index.ts';
import { attackerUnits, defenderUnits } from '../battle.ts';
import { combatant, takesPartInBattle, type BattleKind, type Combatant } from '../combat-rules.ts';
import { combatTable } from '../house/values.ts';
import { describeForce, roundOutcomes } from '../odds-calculator.ts';
import { aaeOdds, battleForces, COUNTED_DICE, groupHitValue } from '../odds.ts';
import { aae } from '../index.ts';
import { aaeRig, position, u, type UnitSpec } from '../testing.ts';
import type { AaeState } from '../state.ts';

const pkg = { ruleset: aae, odds: aaeOdds };

/** The state at the combat phase with one battle to fight, from units already in place. */
function atBattle(units: UnitSpec[], attacker: 'germany' | 'uk', moves: RegExp[]): AaeState {
  const rig = aaeRig();
  let s = rig.start(position({ units }), 'combat-move', attacker);
  for (const m of moves) s = rig.play(s, attacker, rig.pick(s, m));
  return rig.play(s, attacker, { type: 'end-phase' });
}

const left = (f: Combatant[]) => describeForce(f.filter(takesPartInBattle));

/**
 * Round 1 of the battle run by the rules die by die (every face of every die, the adapter's default choices),
 * against the calculator's own round 1: the forces left and their probabilities.
 */
function compareRoundOne(s: AaeState, area: string, kind: BattleKind) {
  const { calculate: _c, ...rest } = aaeOdds;
  const generic = {
    ...rest,
    combatOver: (_b: AaeState, t: AaeState) => !t.stack.some((f) => f.proc === 'battle' && f.step !== 'press'),
    summarize: (_b: AaeState, t: AaeState) => ({
      attackerLosses: 0, defenderLosses: 0, winner: null,
      detail: { att: left(attackerUnits(t, area, kind).map((x) => combatant(x))), def: left(defenderUnits(t, area, kind).map((x) => combatant(x))) },
    }),
  };
  const { dist } = enumerateCombat(aae, generic, s, s.power, { type: 'battle', area }, { maxApplies: 400_000 });
  const rules = new Map([...dist.values()].map((v) => [JSON.stringify(v.result.detail), v.p.toNumber()]));
  const { attacker, defender } = battleForces({ state: s, area, kind });
  const calc = new Map<string, number>();
  for (const o of roundOutcomes({ kind, table: combatTable(s), attacker, defender })) {
    const k = JSON.stringify({ att: left(o.attacker), def: left(o.defender) });
    calc.set(k, (calc.get(k) ?? 0) + o.p);
  }
  expect([...calc.keys()].sort()).toEqual([...rules.keys()].sort());
  for (const [k, p] of calc) expect(p).toBeCloseTo(rules.get(k)!, 12);
  return calc.size;
}

/** Round 1 of the battle by the generic enumeration with a reading of the rolls: each outcome's exact probability. */
function roundOneExact(s: AaeState, area: string, kind: BattleKind, reading: Pick<typeof aaeOdds, 'perFace' | 'successes'>) {
  const { calculate: _c, ...rest } = aaeOdds;
  const generic = {
    ...rest, ...reading,
    combatOver: (_b: AaeState, t: AaeState) => !t.stack.some((f) => f.proc === 'battle' && f.step !== 'press'),
    summarize: (_b: AaeState, t: AaeState) => ({
      attackerLosses: 0, defenderLosses: 0, winner: null,
      detail: { att: left(attackerUnits(t, area, kind).map((x) => combatant(x))), def: left(defenderUnits(t, area, kind).map((x) => combatant(x))) },
    }),
  };
  const { dist } = enumerateCombat(aae, generic, s, s.power, { type: 'battle', area }, { maxApplies: 400_000 });
  return [...dist.values()].map((v) => `${JSON.stringify(v.result.detail)}=${v.p.toString()}`).sort();
}

describe('aae exact odds', () => {
  it('a group\'s roll read as its count of hits gives exactly the distribution of every ordered tuple (the old path)', () => {
    const s = atBattle([u('germany', 'infantry', 'poland', 3), u('ussr', 'infantry', 'east-poland', 2)], 'germany', [/all 3 infantry from Poland: attack East Poland/]);
    const tuples = roundOneExact(s, 'east-poland', 'land', { perFace: () => true, successes: undefined });
    const counted = roundOneExact(s, 'east-poland', 'land', { perFace: () => 'any-order', successes: groupHitValue });
    expect(counted).toEqual(tuples);
    expect(counted.length).toBe(9); // 0-2 infantry lost on each side
  });

  it(`${COUNTED_DICE} or more dice are counted (8d6 has 1,679,616 ordered tuples): the rules' round is the calculator's`, () => {
    const s = atBattle([u('germany', 'infantry', 'poland', 8), u('ussr', 'infantry', 'east-poland', 2)], 'germany', [/all 8 infantry from Poland: attack East Poland/]);
    expect(aaeOdds.successes!({ sides: 6, count: 8, purpose: 'Germany (attacker), 8 dice at 1', rule: '' })).toBe(1);
    expect(compareRoundOne(s, 'east-poland', 'land')).toBe(9);
  });

  it('one armour (hits on 3) against one infantry (hits on 2): 1/2 to win, by hand', () => {
    const s = atBattle([u('germany', 'armour', 'poland'), u('ussr', 'infantry', 'east-poland')], 'germany', [/armour from Poland: attack East Poland/]);
    const r = combatOdds(pkg, s, 'germany', { type: 'battle', area: 'east-poland' });
    expect(r.summary.pWin).toBeCloseTo(0.5, 12);
    expect(r.summary.pLose).toBeCloseTo(0.5, 12);
  });

  it('the calculator\'s round is the rules\' round run die by die (land, with artillery and antiaircraft fire)', () => {
    const s = atBattle([u('germany', 'infantry', 'poland'), u('germany', 'artillery', 'poland'), u('ussr', 'infantry', 'east-poland', 2)],
      'germany', [/infantry from Poland: attack East Poland/, /artillery from Poland: attack East Poland/]);
    expect(compareRoundOne(s, 'east-poland', 'land')).toBe(9);
    const t = atBattle([u('germany', 'infantry', 'poland'), u('germany', 'fighter', 'poland'), u('ussr', 'infantry', 'east-poland'), u('ussr', 'aa', 'east-poland')],
      'germany', [/infantry from Poland: attack East Poland/, /fighter from Poland: attack East Poland/]);
    expect(compareRoundOne(t, 'east-poland', 'land')).toBeGreaterThan(4);
  });

  it('the same at sea, with submarines, a destroyer and a two-hit battleship', () => {
    const s = atBattle([
      u('germany', 'submarine', 'danish-sea'), u('germany', 'destroyer', 'danish-sea'),
      u('uk', 'battleship', 'north-sea'), u('uk', 'submarine', 'north-sea'),
    ], 'germany', [/submarine from Danish Sea: attack North Sea/, /destroyer from Danish Sea: attack North Sea/]);
    expect(compareRoundOne(s, 'north-sea', 'sea')).toBeGreaterThan(3);
    const calc = combatOdds(pkg, s, 'germany', { type: 'battle', area: 'north-sea' });
    expect(calc.outcomes.reduce((a, o) => a + o.p, 0)).toBeCloseTo(1, 12);
  });

  it('a combat move into a defended territory previews that battle; the player may set the order of losses', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [u('germany', 'infantry', 'poland', 3), u('germany', 'armour', 'poland'), u('ussr', 'infantry', 'east-poland', 2)] }), 'combat-move', 'germany');
    const move = rig.pick(s, /all 3 infantry from Poland: attack East Poland/);
    expect(aaeOdds.isCombat(s, 'germany', move)).toBe(true);
    const r = combatOdds(pkg, s, 'germany', move);
    expect(r.description).toBe('East Poland: 3 infantry against 2 infantry (each side loses its cheapest units first; the attacker fights to the end)');
    expect(r.summary.pWin + r.summary.pLose + r.summary.pNone).toBeCloseTo(1, 12);
    const t = rig.play(s, 'germany', move);
    const all = rig.pick(t, /armour from Poland: attack East Poland/);
    const cheapest = combatOdds(pkg, t, 'germany', all);
    const armourFirst = combatOdds(pkg, t, 'germany', all, { casualtyOrder: { attacker: ['armour', 'infantry'] } });
    expect(cheapest.summary.pWin).toBeGreaterThan(armourFirst.summary.pWin);
    expect(aaeOdds.isCombat(s, 'germany', rig.pick(s, /end the combat move/))).toBe(false);
  });
});
