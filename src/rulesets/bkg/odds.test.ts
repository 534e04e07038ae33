import { describe, expect, it } from 'vitest';
import { combatOdds, enumerateCombat } from '../../odds/index.ts';
import { bkg } from './index.ts';
import { bkgCombatAdapter } from './odds.ts';
import { bkgPackage } from './package.ts';
import { removeUnit } from './politics.ts';
import { Play } from './testing.ts';

// The odds of one round of a BKG combat (6.2.1) against the rules' own resolution of every ordered tuple of forced faces.
describe('BKG exact odds (odds.ts): hits counted as successes', () => {
  it('BKG 6.2.1 a second round in Yugoslavia (Inf 4 against Inf 3 and Inf 2): the binomial branches give the forced faces\' distribution', () => {
    const p = new Play();
    p.act('germany', { type: 'move', units: [p.unit('germany', 'austria', 'Inf 4')], to: 'yugoslavia' });
    // A small combat: of Yugoslavia's army (8.4) only the Inf 3 and one Inf 2 are kept.
    let inf2 = 0;
    for (const u of p.at('yugoslavia')) if (u.power === 'yugoslavia' && !(u.type === 'inf' && (u.front === 3 || (u.front === 2 && !inf2++)))) removeUnit(p.s, u);
    p.act('germany', { type: 'end' }).act('italy', { type: 'end' }).act('japan', { type: 'end' }).act('be', { type: 'end' });
    // Round 1: every die misses (Germany 6; Yugoslavia 6, 6); Germany is asked whether to retreat.
    p.dice(6, 6, 6);
    p.act('france', { type: 'end' });
    p.diceUsed();
    expect(p.waiting()).toEqual(['germany:retreat']);
    const go = { type: 'continue' };
    const r = combatOdds(bkgPackage, p.s, 'germany', go);
    expect(r.method).toBe('calculated');
    expect(r.description).toMatch(/^Yugoslavia, round 2: Inf 4 against /);
    const perFace = { ...bkgCombatAdapter(p.s, 'germany', go), successes: undefined, perFace: () => true };
    const e = enumerateCombat(bkg, perFace, p.s, 'germany', go);
    expect(r.outcomes.map((o) => `${o.key}=${o.exact}`).sort()).toEqual([...e.dist].map(([k, v]) => `${k}=${v.p.toString()}`).sort());
    // Hits on 4 or less (2/3); the defenders' dice on 3 and on 2: no hit on Germany with (1/2)(2/3) = 1/3.
    const pAtt0 = r.outcomes.filter((o) => o.result.attackerLosses === 0).reduce((a, o) => a + o.p, 0);
    expect(pAtt0).toBeCloseTo(1 / 3, 12);
    expect(r.summary.expectedDefenderLosses).toBeCloseTo(2 / 3, 12);
    expect(r.stats.applies).toBeLessThan(e.stats.applies);
  });
});
