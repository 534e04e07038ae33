import { describe, expect, it } from 'vitest';
import { combatOdds, enumerateCombat, Fraction, resultKey } from '../../odds/index.ts';
import { bkg } from './index.ts';
import { bkgCombatAdapter, roundOdds, wholeCombatByRounds } from './odds.ts';
import { bkgPackage } from './package.ts';
import { removeUnit } from './politics.ts';
import { Play } from './testing.ts';

// The odds of one round of a BKG combat (6.2.1) against the rules' own resolution of every ordered tuple of forced faces,
// and of the whole combat (6.2) built from its rounds.
describe('BKG exact odds (odds.ts): hits counted as successes', () => {
  /** Germany attacks Yugoslavia (8.4) with `unit` from Austria; of Yugoslavia's army only `keep` (front strengths) stay. */
  const secondRound = (unit: string | string[], keep: number[], flipped = false, air = false) => {
    const p = new Play();
    p.moveEach('germany', (Array.isArray(unit) ? unit : [unit]).map((u) => p.unit('germany', 'austria', u)), 'yugoslavia');
    const left = [...keep];
    p.edit((s) => {
      for (const u of Object.values(s.units).filter((v) => v.where === 'yugoslavia')) {
        const i = left.indexOf(u.front);
        if (u.power === 'yugoslavia' && u.type === 'inf' && i >= 0) {
          left.splice(i, 1);
          u.reduced = flipped;
        }
        else if (u.power === 'yugoslavia' && !(air && u.type === 'air')) removeUnit(s, u);
      }
    });
    p.act('germany', { type: 'end' }).act('italy', { type: 'end' }).act('japan', { type: 'end' }).act('be', { type: 'end' });
    // Round 1: every die misses; Germany is asked whether to retreat.
    p.dice(...new Array<number>(4 + keep.length).fill(6));
    p.act('france', { type: 'end' });
    expect(p.waiting()).toEqual(['germany:retreat']);
    return p;
  };
  const go = { type: 'continue' };
  const againstForcedFaces = (p: Play) => {
    const r = roundOdds(bkg, p.s, 'germany', go);
    const perFace = { ...bkgCombatAdapter(p.s, 'germany', go), successes: undefined, perFace: () => true };
    const e = enumerateCombat(bkg, perFace, p.s, 'germany', go);
    expect(r.outcomes.map((o) => `${resultKey(o.result)}=${o.exact}`).sort()).toEqual([...e.dist].map(([k, v]) => `${k}=${v.p.toString()}`).sort());
    expect(r.stats!.applies).toBeLessThan(e.stats.applies);
    return r;
  };
  const sum = (r: { outcomes: { p: number; result: { attackerLosses: number; defenderLosses: number } }[] }, f: (o: { attackerLosses: number; defenderLosses: number }) => boolean) =>
    r.outcomes.filter((o) => f(o.result)).reduce((a, o) => a + o.p, 0);

  it('BKG 6.2.1 a second round in Yugoslavia (Inf 4 against Inf 3 and Inf 2): the binomial branches give the forced faces\' distribution', () => {
    const r = againstForcedFaces(secondRound('Inf 4', [3, 2]));
    // Hits on 4 or less (2/3); the defenders' dice on 3 and on 2: no hit on Germany with (1/2)(2/3) = 1/3.
    expect(sum(r, (o) => o.attackerLosses === 0)).toBeCloseTo(1 / 3, 12);
    expect(sum(r, (o) => o.defenderLosses === 1)).toBeCloseTo(2 / 3, 12);
  });

  it('BKG 6.2.2 armor\'s two dice against one step: rolled one at a time until it is hit, grouped as min(1, hits of 2 dice)', () => {
    const p = secondRound('Arm 4', [2], true);
    const r = againstForcedFaces(p);
    expect(r.stats!.rolls).toBe(3); // Germany's two dice branched once (not die by die), then Yugoslavia's after each result
    // The flipped Inf is eliminated unless both dice miss (hits on 4 or less): 1 - (1/3)^2 = 8/9.
    expect(sum(r, (o) => o.defenderLosses === 1)).toBeCloseTo(8 / 9, 12);
  });

  /** One-step units (nothing printed on the back): `front` for Germany's, the given strengths for Yugoslavia's. */
  const oneStep = (p: Play, front: number) => p.edit((s) => {
    for (const u of Object.values(s.units)) {
      if (u.where !== 'yugoslavia') continue;
      u.back = null;
      if (u.power === 'germany') u.front = front;
    }
  });

  it('BKG 6.2 the whole combat: rounds without a hit are folded away exactly (Inf 4 against Inf 2, one step each)', () => {
    const r = combatOdds(bkgPackage, oneStep(secondRound('Inf 4', [2]), 4).s, 'germany', go);
    expect(r.method).toBe('calculated');
    expect(r.note).toBeUndefined();
    expect(r.description).toMatch(/^Yugoslavia, round 2: Inf 4 against /);
    // Each round Germany hits with 2/3, Yugoslavia with 1/3: one side alone 4/9 and 1/9, both 2/9, neither 2/9 (again).
    expect(r.summary.pWinExact).toBe('4/7');
    expect(r.outcomes.find((o) => o.result.winner === 'defender')!.exact).toBe('1/7');
    expect(r.outcomes.find((o) => o.result.winner === null)!.exact).toBe('2/7');
  });

  it('BKG 6.2 the whole combat equals the rules run die by die to its end (a sure hit each round: Inf 6 against Inf 3 and Inf 2)', () => {
    const p = oneStep(secondRound('Inf 4', [3, 2]), 6);
    const r = combatOdds(bkgPackage, p.s, 'germany', go);
    const place = 'yugoslavia';
    const toTheEnd = {
      ...bkgCombatAdapter(p.s, 'germany', go), successes: undefined, perFace: () => true,
      combatOver: (_b: unknown, t: typeof p.s) => !t.stack.some((f) => f.proc === 'battle' && (f as unknown as { place: string }).place === place),
    };
    const e = enumerateCombat(bkg, toTheEnd, p.s, 'germany', go);
    expect(r.outcomes.map((o) => `${o.key}=${o.exact}`).sort()).toEqual([...e.dist].map(([k, v]) => `${k}=${v.p.toString()}`).sort());
    expect(r.outcomes.some((o) => o.result.winner === 'attacker')).toBe(true);
  });

  /** The whole combat by unit mixes (odds-chain.ts) against the rules' own rounds chained (every position between rounds
   *  a state of the rules, each round enumerated by running them): the same outcomes with the same exact odds. */
  const againstRulesRounds = (p: Play) => {
    const r = combatOdds(bkgPackage, p.s, 'germany', go);
    const slow = wholeCombatByRounds(bkg, p.s, 'germany', go, {});
    expect(slow.note).toBeUndefined();
    const merged = new Map<string, Fraction>();
    for (const o of slow.outcomes) merged.set(resultKey(o.result), (merged.get(resultKey(o.result)) ?? Fraction.ZERO).add(o.exact!));
    expect(r.outcomes.map((o) => `${o.key}=${o.exact}`).sort()).toEqual([...merged].map(([k, v]) => `${k}=${v.toString()}`).sort());
    expect(r.stats.applies).toBeLessThan(slow.stats!.applies! / 20);
    return r;
  };

  it('BKG 6.2, 6.2.2 the whole combat by unit mixes equals the rules\' rounds (Inf 4 and Arm 4 against Inf 3 and Inf 2, two steps each: loss choices)', () => {
    const r = againstRulesRounds(secondRound(['Inf 4', 'Arm 4'], [3, 2]));
    expect(r.summary.pWinExact).toBe('84328809732042572824427/94545899601176607584000');
    expect(r.stats.applies).toBe(0); // every end read from the mix
  });

  it('BKG 6.2.4 the whole combat by unit mixes equals the rules\' rounds where aircraft are left alone (Inf 2 and Air 3 against Inf 3 and Air 1)', () => {
    // Germany's Inf 2 takes Austria's Inf 4's place: the Air 3 (flipped after the Inf, eliminated after it) may be left
    // alone, or against Yugoslavia's Air 1 alone: the rules play those ends (6.2.4, 6.1.1).
    const p = secondRound(['Inf 4', 'Air 3'], [3], false, true);
    p.edit((s) => { s.units['germany-inf2-1']!.where = 'yugoslavia'; s.units['germany-inf4-10']!.where = 'austria'; });
    const r = againstRulesRounds(p);
    expect(r.summary.pWinExact).toBe('826784661499/1333858349824');
    expect(r.stats.applies).toBeGreaterThan(0);
  });

  it('BKG 6.2.1, 6.2 the tutorial\'s Western Poland (3/39): the first round exactly, the whole combat to its end', () => {
    // The tutorial's moves into Western Poland and Wuhan (two combats: Germany chooses which to fight).
    const p = new Play({ polishRetreat: true });
    p.moveEach('japan', [p.unit('japan', 'shanghai', 'Inf 3'), p.unit('japan', 'shanghai', 'Inf 2'), p.unit('japan', 'shanghai', 'Air 2')], 'wuhan');
    p.act('japan', { type: 'end' });
    p.act('germany', { type: 'move', units: p.ids('germany', 'prussia'), to: 'western-poland' });
    p.act('germany', { type: 'move', units: p.ids('germany', 'austria'), to: 'western-poland' });
    p.act('germany', { type: 'end' }).act('italy', { type: 'end' });
    for (const m of ['be', 'france', 'china'] as const) p.act(m, { type: 'end' });
    expect(p.waiting()).toEqual(['germany:choose-combat']);
    const fight = { type: 'fight', place: 'western-poland' };
    const r = roundOdds(bkg, p.s, 'germany', fight);
    const total = r.outcomes.reduce((a, o) => a.add(o.exact!), Fraction.ZERO);
    expect(total.toString()).toBe('1');
    // Germany's 12 dice (2 at 5, 6 at 4, 4 at 3) all hit: Poland's 12 steps gone; Poland's 7 dice (1 at 3, 6 at 2) all miss.
    const allHit = Fraction.of(5n ** 2n * 4n ** 6n * 3n ** 4n, 6n ** 12n), noneHit = Fraction.of(3n * 4n ** 6n, 6n ** 7n);
    const p12 = r.outcomes.filter((o) => o.result.defenderLosses === 12).reduce((a, o) => a.add(o.exact!), Fraction.ZERO);
    const p0 = r.outcomes.filter((o) => o.result.attackerLosses === 0).reduce((a, o) => a.add(o.exact!), Fraction.ZERO);
    expect(p12.toString()).toBe(allHit.toString());
    expect(p0.toString()).toBe(noneHit.toString());
    // The whole combat, by unit mixes: its fractions run to thousands of digits, so it is summed in doubles.
    const w = combatOdds(bkgPackage, p.s, 'germany', fight);
    expect(w.note).toBeUndefined();
    expect(w.stats.applies).toBe(0);
    expect(w.outcomes.reduce((a, o) => a + o.p, 0)).toBeCloseTo(1, 12);
    expect(w.outcomes.every((o) => o.result.detail!.combatEnds)).toBe(true);
    // Poland's 14 steps are almost surely all lost (Germany wins but for about 8 in a billion).
    expect(w.summary.expectedDefenderLosses).toBeGreaterThan(13.99);
    expect(w.summary.pWin).toBeGreaterThan(0.99999);
  });
});
