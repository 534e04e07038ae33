import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyAction, Game, prompts, type Action } from '../../engine/index.ts';
import { twoWW } from './index.ts';
import type { Side, TwoWWState } from './state.ts';
import { allSupplied, startAt, testPosition, testWorld } from './testing.ts';
import { combatOdds, enumerateCombat, oddsForChoice, Fraction } from '../../odds/index.ts';
import { twoWWOdds } from './odds.ts';
import { twoWWPackage } from './package.ts';

// These small positions have no capitals: every unit is taken as supplied (2WW 11).
const world = testWorld({ id: 'odds-strip', cols: [20, 25], rows: [11, 15], country: 'ge', combat: allSupplied });

function declared(units: Record<string, string | { where: string; reduced?: boolean }>, attackers: string[], hex: string, side: Side = 'axis'): TwoWWState {
  let s = startAt(testPosition(world, { turn: 3, units: units as any }), [{ proc: 'combat-phase', side }]);
  const play = (a: Action) => { s = applyAction(twoWW, s, side, a).state; };
  play({ type: 'attack', mode: 'land', hex });
  for (const id of attackers) play({ type: 'add', unit: id, role: 'attacker' });
  return s;
}

const sumWhere = (r: ReturnType<typeof combatOdds>, f: (o: (typeof r.outcomes)[number]) => boolean) =>
  r.outcomes.filter(f).reduce((a, o) => a.add(Fraction.of(BigInt(o.exact.split('/')[0]!), BigInt(o.exact.split('/')[1] ?? '1'))), Fraction.ZERO).toString();

describe('2WW 9.1 exact land combat odds', () => {
  it('2WW 9.1 both sides on the 1-3 column (a hit on 2d6 of 4 or less, 1/6): 575/1296 to win', () => {
    // ge-inf-1 reduced (2) attacks fr-inf-2 reduced (1): each side fires on Land vs Land 1-3, one loss on 2-4.
    const s = declared({ 'ge-inf-1': { where: '2212', reduced: true }, 'fr-inf-2': { where: '2213', reduced: true } }, ['ge-inf-1'], '2213');
    const r = combatOdds(twoWWPackage, s, 'axis', { type: 'confirm' });
    // One side hit, the other not: 5/36 each way. Both hit (1/36) or both miss (25/36): the higher roll wins
    // (2WW 9), 11/36 of the both-hit cases and 384/900 of the both-miss cases.
    expect(r.summary.pWinExact).toBe('575/1296');
    expect(r.summary.pLose).toBeCloseTo(575 / 1296, 12);
    expect(sumWhere(r, (o) => o.result.defenderLosses === 1)).toBe('1/6');
    expect(sumWhere(r, (o) => o.result.attackerLosses === 1)).toBe('1/6');
    expect(sumWhere(r, (o) => o.result.winner === null)).toBe(String(Fraction.of(1 * 14, 36 * 36).add(Fraction.of(25 * 132, 36 * 900))));
    expect(r.description).toMatch(/axis land attack on 2213/);
  });
  it('2WW 9.1 the 4-7 column inflicts 2 losses on a 2 and 1 on 3-6: a full defender loses both steps with 1/36', () => {
    // ge-inf-1 full (4) against fr-inf-2 full (3): the attacker fires on 4-7, the defender on 1-3.
    const s = declared({ 'ge-inf-1': '2212', 'fr-inf-2': '2213' }, ['ge-inf-1'], '2213');
    const r = combatOdds(twoWWPackage, s, 'axis', { type: 'confirm' });
    expect(sumWhere(r, (o) => o.result.defenderLosses === 2)).toBe('1/36');
    expect(sumWhere(r, (o) => o.result.defenderLosses === 1)).toBe('7/18');
    expect(sumWhere(r, (o) => o.result.attackerLosses === 1)).toBe('1/6');
    expect(r.outcomes.reduce((a, o) => a + o.p, 0)).toBeCloseTo(1, 12);
  });
  it('oddsForChoice gives null for a choice that starts no combat (adding a unit)', () => {
    const s = declared({ 'ge-inf-1': '2212', 'ge-inf-4': '2214', 'fr-inf-2': '2213' }, ['ge-inf-1'], '2213');
    expect(oddsForChoice(twoWWPackage, s, 'axis', { type: 'add', unit: 'ge-inf-4', role: 'attacker' })).toBeNull();
  });
});

describe('2WW odds memo (src/rulesets/2ww/odds.ts scope)', () => {
  it('2WW 11.2.4 odds with supply traced once per position equal the odds tracing it at every run (campaign map, both sides supplied)', () => {
    const file = join(dirname(fileURLToPath(import.meta.url)), '../../ai/positions/2ww/decline-soviet-only-attack.json');
    let s = Game.create(twoWW, twoWW.scenarios[0]!.id, {}, 'memo', JSON.parse(readFileSync(file, 'utf8'))).state;
    const play = (a: Action) => { s = applyAction(twoWW, s, 'allies', a).state; };
    play({ type: 'attack', mode: 'land', hex: '2405' });
    for (const c of prompts(twoWW, s)[0]!.choices) if (c.action.type === 'add' && c.action.role === 'attacker') play(c.action);
    const memo = enumerateCombat(twoWW, twoWWOdds, s, 'allies', { type: 'confirm' });
    const plain = enumerateCombat(twoWW, { ...twoWWOdds, scope: undefined }, s, 'allies', { type: 'confirm' });
    const flat = (d: typeof memo.dist) => [...d.entries()].map(([k, v]) => `${k}=${v.p.toString()}`).sort();
    expect(flat(memo.dist)).toEqual(flat(plain.dist));
    expect(memo.dist.size).toBeGreaterThan(3);
    expect(memo.stats.applies).toBe(plain.stats.applies);
  });
});
