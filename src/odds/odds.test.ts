import { describe, expect, it } from 'vitest';
import { applyAction, Game, setupGame, type Ruleset } from '../engine/index.ts';
import { duel, type DuelState } from '../engine/testing/duel.ts';
import { combatOdds, oddsForChoice, enumerateCombat, resolutionChoice, withDecisionsTaken, sumBranches, faceBranches, unorderedFaceBranches, successBranches, Fraction, describeOdds } from './index.ts';
import { duelPackage } from '../rulesets/duel/package.ts';
import { skirmish, skirmishOdds, type SkirmishState } from './testing-skirmish.ts';

const skirmishPackage = { ruleset: skirmish as Ruleset<SkirmishState>, odds: skirmishOdds };

function duelAfterBids(): DuelState {
  const g = Game.create(duel, 'standard', { rounds: 20 }, 'odds');
  g.act('red', { type: 'bid', n: 2 });
  g.act('blue', { type: 'bid', n: 1 });
  return g.state;
}

const exactOf = (r: ReturnType<typeof combatOdds>, f: (x: { attackerLosses: number; defenderLosses: number }) => boolean) =>
  r.outcomes.filter((o) => f(o.result)).reduce((a, o) => a.add(parse(o.exact)), Fraction.ZERO).toString();
function parse(s: string): Fraction {
  const [n, d] = s.split('/');
  return Fraction.of(BigInt(n!), BigInt(d ?? '1'));
}

describe('dice branches', () => {
  it('2d6 totals: 11 branches, 7 has 6/36, faces force the total', () => {
    const b = sumBranches(6, 2);
    expect(b.map((x) => x.total)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(b.find((x) => x.total === 7)!.p.toString()).toBe('1/6');
    for (const x of b) expect(x.faces.reduce((a, f) => a + f, 0)).toBe(x.total);
    expect(b.reduce((a, x) => a.add(x.p), Fraction.ZERO).toString()).toBe('1');
  });
  it('per-face branching lists every ordered tuple', () => {
    expect(faceBranches(6, 2)).toHaveLength(36);
    expect(faceBranches(3, 3)[5]!.faces).toEqual([1, 2, 3]);
  });
  const total = (bs: { p: Fraction }[]) => bs.reduce((a, x) => a.add(x.p), Fraction.ZERO).toString();
  it('many dice: totals by convolution scale (8d6, 30d6); ordered faces past 7d6 stop with a message naming the alternatives', () => {
    expect(sumBranches(6, 8)).toHaveLength(41);
    expect(sumBranches(6, 8).find((x) => x.total === 8)!.p.toString()).toBe('1/1679616');
    expect(total(sumBranches(6, 30))).toBe('1');
    expect(() => faceBranches(6, 8)).toThrow(/8d6 read face by face in order has 1,679,616 branches.*'any-order'.*successes/);
    expect(() => sumBranches(6, 201)).toThrow(/limit of 200 dice/);
  });
  it('unordered faces: one branch per multiset with all its orderings (3d6 against the ordered tuples; 8d6 in 1,287)', () => {
    const ordered = new Map<string, Fraction>();
    for (const b of faceBranches(6, 3)) {
      const k = [...b.faces].sort().join(',');
      ordered.set(k, (ordered.get(k) ?? Fraction.ZERO).add(b.p));
    }
    const un = unorderedFaceBranches(6, 3);
    expect(un).toHaveLength(56);
    for (const b of un) expect(b.p.toString(), b.faces.join(',')).toBe(ordered.get(b.faces.join(','))!.toString());
    expect(unorderedFaceBranches(6, 8)).toHaveLength(1287);
    expect(total(unorderedFaceBranches(6, 8))).toBe('1');
  });
  it('a count of successes is binomial: 4d6 hitting on 2 or less, P(k) = C(4,k) 2^k 4^(4-k) / 6^4', () => {
    const b = successBranches(6, 4, 2);
    expect(b.map((x) => x.faces.filter((f) => f <= 2).length)).toEqual([0, 1, 2, 3, 4]);
    expect(b.map((x) => x.p.toString())).toEqual(['16/81', '32/81', '8/27', '8/81', '1/81']);
    expect(successBranches(6, 3, 6).map((x) => [x.faces, x.p.toString()])).toEqual([[[6, 6, 6], '1']]);
    expect(successBranches(6, 3, 0).map((x) => [x.faces, x.p.toString()])).toEqual([[[6, 6, 6], '1']]);
    expect(total(successBranches(6, 40, 3))).toBe('1');
  });
});

describe('combatOdds on duel', () => {
  it('Duel 3.1 an attack is one d6 hitting on 4+: exactly 1/2 to inflict one loss', () => {
    const s = duelAfterBids();
    const r = combatOdds(duelPackage, s, 'red', { type: 'attack' });
    expect(r.summary.pWinExact).toBe('1/2');
    expect(r.summary.expectedDefenderLosses).toBe(0.5);
    expect(r.summary.expectedAttackerLosses).toBe(0);
    expect(r.outcomes.map((o) => [o.result.defenderLosses, o.exact])).toEqual([[0, '1/2'], [1, '1/2']].sort((a, b) => (String(a) < String(b) ? -1 : 1)));
    expect(r.stats.rolls).toBe(1);
    // Duel 3.3: the victim allocates after each of the faces 4, 5, 6; the same state twice more comes from the memo
    expect(r.stats.decisions).toBe(3);
    expect(r.stats.memoHits).toBe(2);
    expect(describeOdds(r)).toBe('50% to win, expected losses 0.0 to 0.5');
  });
  it('Duel 3.3 the default policy takes the loss on the weakest unit; a last hit ends the game (Duel 4)', () => {
    const s = duelAfterBids();
    const r = combatOdds(duelPackage, s, 'red', { type: 'attack' });
    expect(r.outcomes.find((o) => o.result.defenderLosses === 1)!.result.detail).toEqual({ defenderUnitsLeft: 2 });
    const last = { ...s, units: { red: [3, 2, 1], blue: [1] } } as DuelState;
    const r2 = combatOdds(duelPackage, last, 'red', { type: 'attack' });
    expect(r2.outcomes.find((o) => o.result.defenderLosses === 1)!.result.detail).toEqual({ defenderUnitsLeft: 0 });
    expect(r2.summary.pWinExact).toBe('1/2');
  });
  it('oddsForChoice returns null for a choice that starts no combat, and leaves the state untouched', () => {
    const s = duelAfterBids();
    const copy = JSON.stringify(s);
    expect(oddsForChoice(duelPackage, s, 'red', { type: 'pass' })).toBeNull();
    expect(oddsForChoice(duelPackage, s, 'red', { type: 'attack' })!.summary.pWin).toBe(0.5);
    expect(JSON.stringify(s)).toBe(copy);
    // the real game goes on with real dice afterwards
    expect(applyAction(duel, s, 'red', { type: 'attack' }).state.rng.drawn).toBe(1);
  });
  it('refuses an action that starts no combat, naming it', () => {
    expect(() => combatOdds(duelPackage, duelAfterBids(), 'red', { type: 'pass' })).toThrow(/starts no combat/);
  });
});

describe('combatOdds on a multi-roll battle (Skirmish 2)', () => {
  const start = () => setupGame(skirmish as Ruleset<SkirmishState>, 'standard', {}, 's').state;
  it('Skirmish 2.1 two rounds of 2d6>=8 against 1d6>=5: exact loss distributions and 10/27 to win', () => {
    const r = combatOdds(skirmishPackage, start(), 'a', { type: 'attack' });
    // defender losses ~ Bin(2, 5/12), attacker losses ~ Bin(2, 1/3)
    expect(exactOf(r, (x) => x.defenderLosses === 0)).toBe('49/144');
    expect(exactOf(r, (x) => x.defenderLosses === 1)).toBe('35/72');
    expect(exactOf(r, (x) => x.defenderLosses === 2)).toBe('25/144');
    expect(exactOf(r, (x) => x.attackerLosses === 2)).toBe('1/9');
    expect(r.summary.pWinExact).toBe('10/27');
    expect(r.outcomes.reduce((a, o) => a.add(parse(o.exact)), Fraction.ZERO).toString()).toBe('1');
    expect(r.summary.expectedDefenderLosses).toBeCloseTo(10 / 12, 12);
  });
  it('Skirmish 2.2 a policy that breaks off after round one gives one round only', () => {
    const r = combatOdds(skirmishPackage, start(), 'a', { type: 'attack' }, { policy: (_s, p) => (p.kind === 'yes-no' ? { type: 'break' } : null) });
    expect(exactOf(r, (x) => x.defenderLosses === 1)).toBe('5/12');
    expect(exactOf(r, (x) => x.defenderLosses === 2)).toBe('0');
  });
  it('memoisation shares sub-trees reached by different totals and gives the same answer', () => {
    const s = start();
    const withMemo = enumerateCombat(skirmish, skirmishOdds, s, 'a', { type: 'attack' });
    const without = enumerateCombat(skirmish, skirmishOdds, s, 'a', { type: 'attack' }, { memo: false });
    expect(withMemo.stats.memoHits).toBeGreaterThan(0);
    expect(withMemo.stats.applies).toBeLessThan(without.stats.applies);
    const flat = (d: typeof withMemo.dist) => [...d.entries()].map(([k, v]) => `${k}=${v.p}`).sort();
    expect(flat(withMemo.dist)).toEqual(flat(without.dist));
  });
  it('decisions taken inside the runs (withDecisionsTaken): the same distribution as one run per decision, without decision states', () => {
    const s = start();
    const flat = (d: Map<string, { p: Fraction }>) => [...d.entries()].map(([k, v]) => `${k}=${v.p}`).sort();
    for (const opts of [{}, { policy: (_s: SkirmishState, p: { kind: string }) => (p.kind === 'yes-no' ? { type: 'break' } : null) }]) {
      const stepwise = enumerateCombat(skirmish, skirmishOdds, s, 'a', { type: 'attack' }, { ...opts, memo: false });
      const taken = withDecisionsTaken(skirmish as Ruleset<SkirmishState>, (p) => p.kind === 'yes-no', resolutionChoice(skirmishOdds, opts));
      const inRuns = enumerateCombat(taken, skirmishOdds, s, 'a', { type: 'attack' }, { ...opts, memo: false });
      expect(stepwise.stats.decisions).toBeGreaterThan(0);
      expect(inRuns.stats.decisions).toBe(0);
      expect(flat(inRuns.dist)).toEqual(flat(stepwise.dist));
    }
  });
  it('a grouping that knows a decision\'s first roll (RollGrouping.firstRoll): the same distribution without the runs that only find it', () => {
    const s = start();
    const flat = (d: Map<string, { p: Fraction }>) => [...d.entries()].map(([k, v]) => `${k}=${v.p}`).sort();
    const plain = enumerateCombat(skirmish, skirmishOdds, s, 'a', { type: 'attack' }, { memo: false });
    const known = enumerateCombat(skirmish, skirmishOdds, s, 'a', { type: 'attack' }, { memo: false }, {
      // Skirmish 2.1: a round starts with the attacker's 2d6, after the attack and after pressing on.
      firstRoll: (_s, _who, a) => (a.type === 'attack' || a.type === 'press' ? { sides: 6, count: 2, purpose: 'attacker fire', rule: 'Skirmish 2.1' } : null),
      branches: (_s, _who, _a, _forced, roll) => sumBranches(roll.sides, roll.count),
    });
    expect(flat(known.dist)).toEqual(flat(plain.dist));
    // One run fewer per decision answered by a round (the attack, and pressing on after each first round's results).
    expect(plain.stats.applies - known.stats.applies).toBe(1 + known.stats.decisions);
  });
  it('Skirmish 3 a rule reading single faces is enumerated face by face: two hits on 2d6 is 1/9', () => {
    const r = combatOdds(skirmishPackage, start(), 'a', { type: 'volley' });
    expect(exactOf(r, (x) => x.defenderLosses === 2)).toBe('1/9');
    expect(exactOf(r, (x) => x.defenderLosses === 1)).toBe('4/9');
    expect(r.stats.rolls).toBe(1);
  });
  it('stops with an error past its limit instead of running away', () => {
    expect(() => combatOdds(skirmishPackage, start(), 'a', { type: 'attack' }, { maxApplies: 10 })).toThrow(/more than 10 runs/);
  });
  it('a calculator that does not model the combat hands it to the enumeration, and the report says why', () => {
    const plain = combatOdds(skirmishPackage, start(), 'a', { type: 'attack' });
    const handed = combatOdds({ ...skirmishPackage, odds: { ...skirmishOdds, calculate: () => ({ fallback: 'two rounds are not modelled' }) } }, start(), 'a', { type: 'attack' });
    expect(plain.method).toBe('enumerated');
    expect(handed).toEqual({ ...plain, fallback: 'two rounds are not modelled' });
  });
  it('a calculator\'s exact fractions are reported as they are, merged by result', () => {
    const plain = combatOdds(skirmishPackage, start(), 'a', { type: 'attack' });
    const { dist } = enumerateCombat(skirmish, skirmishOdds, start(), 'a', { type: 'attack' });
    // Each outcome split in two halves: the report merges them back.
    const outcomes = [...dist.values()].flatMap((v) => [0, 1].map(() => ({ result: v.result, p: v.p.toNumber() / 2, exact: v.p.mul(Fraction.of(1, 2)) })));
    const r = combatOdds({ ...skirmishPackage, odds: { ...skirmishOdds, calculate: () => ({ outcomes }) } }, start(), 'a', { type: 'attack' });
    expect(r.method).toBe('calculated');
    expect(r.outcomes).toEqual(plain.outcomes);
    expect(r.summary).toEqual(plain.summary);
  });
});
