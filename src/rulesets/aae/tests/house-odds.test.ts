// The exact odds under the house rules that change combat: the calculator's round 1 against the rules' round 1 run
// die by die (target hits on d10, SS armour's save, the submarine search), and a battle with a save by hand.
import { describe, expect, it } from 'vitest';
import { combatOdds, enumerateCombat } from '../../../odds/index.ts';
import { attackerUnits, defenderUnits } from '../battle.ts';
import { combatant, takesPartInBattle, type BattleKind, type Combatant } from '../combat-rules.ts';
import { aae } from '../index.ts';
import { roundOutcomes } from '../odds-calculator.ts';
import { aaeOdds, battleSpec, searchMisses } from '../odds.ts';
import type { AaeState } from '../state.ts';
import { aaeRig, position, u, type UnitSpec } from '../testing.ts';

const pkg = { ruleset: aae, odds: aaeOdds };
const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));

function atBattle(units: UnitSpec[], attacker: 'germany' | 'uk' | 'ussr', moves: RegExp[], options: Record<string, boolean>, round = 2): AaeState {
  const rig = aaeRig();
  let s = rig.start(position({ units, options, round }), 'combat-move', attacker);
  for (const m of moves) s = rig.play(s, attacker, rig.pick(s, m));
  return rig.play(s, attacker, { type: 'end-phase' });
}

/** What is left, with the marks the house rules put on units (saved, laid on their side, damaged). */
const left = (cs: Combatant[]) => cs.filter(takesPartInBattle)
  .map((c) => `${c.power} ${c.type}${c.damage ? ' damaged' : ''}${c.saved ? ' saved' : ''}${c.shaken ? ' shaken' : ''}`).sort().join(', ');

/** Round 1 by the rules, every face of every die, against the calculator's round 1: same outcomes, same chances. */
function compareRoundOne(s: AaeState, area: string, kind: BattleKind): number {
  const { calculate: _c, ...rest } = aaeOdds;
  const generic = {
    ...rest,
    combatOver: (_b: AaeState, t: AaeState) => !t.stack.some((f) => f.proc === 'battle' && f.step !== 'press'),
    summarize: (_b: AaeState, t: AaeState) => ({
      attackerLosses: 0, defenderLosses: 0, winner: null,
      detail: { att: left(attackerUnits(t, area, kind).map((x) => combatant(x))), def: left(defenderUnits(t, area, kind).map((x) => combatant(x))) },
    }),
  };
  const { dist } = enumerateCombat(aae, generic, s, s.power, { type: 'battle', area }, { maxApplies: 100_000 });
  const rules = new Map<string, number>();
  for (const v of dist.values()) {
    const k = JSON.stringify(v.result.detail);
    rules.set(k, (rules.get(k) ?? 0) + v.p.toNumber());
  }
  const calc = new Map<string, number>();
  for (const o of roundOutcomes(battleSpec({ state: s, area, kind }))) {
    const k = JSON.stringify({ att: left(o.attacker), def: left(o.defender) });
    calc.set(k, (calc.get(k) ?? 0) + o.p);
  }
  expect([...calc.keys()].sort()).toEqual([...rules.keys()].sort());
  for (const [k, p] of calc) expect(p).toBeCloseTo(rules.get(k)!, 12);
  return calc.size;
}

describe('exact odds under the house rules', () => {
  it('target hits on d10 (l.28): a fighter against infantry and armour, round 1 die by die', () => {
    const s = atBattle([u('germany', 'fighter', 'poland'), u('ussr', 'infantry', 'east-poland'), u('ussr', 'armour', 'east-poland')],
      'germany', [/fighter from Poland: attack East Poland/], on('d10', 'targeting'));
    expect(compareRoundOne(s, 'east-poland', 'land')).toBe(6);
  });

  it('SS armour\'s save (l.161), round 1 die by die; and a whole battle by hand: 1 armour against 1 SS armour wins 7/75', () => {
    const s = atBattle([u('ussr', 'armour', 'east-poland', 2), u('germany', 'ss-armour', 'poland')], 'ussr', [/all 2 armour from East Poland: attack Poland/], on('ss'));
    expect(compareRoundOne(s, 'poland', 'land')).toBe(6);
    // Armour hits on 3 of 6, the SS armour on 4 of 6; its first hit is ignored on 3+ (4 of 6).
    // From the save spent: win 1/5; fresh: (1/18 + 1/9 * 1/5) / (5/6) = 7/75.
    const one = atBattle([u('ussr', 'armour', 'east-poland'), u('germany', 'ss-armour', 'poland')], 'ussr', [/armour from East Poland: attack Poland/], on('ss'));
    const r = combatOdds(pkg, one, 'ussr', { type: 'battle', area: 'poland' });
    expect(r.summary.pWin).toBeCloseTo(7 / 75, 12);
    expect(r.summary.pWin + r.summary.pLose + r.summary.pNone).toBeCloseTo(1, 12);
  });

  it('the submarine search (l.76): a destroyer in Winter finds on 5+ (6 of 10); round 1 die by die', () => {
    const s = atBattle([u('uk', 'destroyer', 'north-sea'), u('germany', 'submarine', 'danish-sea')], 'uk',
      [/destroyer from North Sea: attack Danish Sea/], on('d10', 'naval-sequence'), 4);
    expect(searchMisses(s, 'danish-sea')).toBeCloseTo(0.4, 12);
    expect(compareRoundOne(s, 'danish-sea', 'sea')).toBeGreaterThan(2);
  });
});
