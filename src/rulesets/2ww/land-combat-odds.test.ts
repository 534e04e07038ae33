import { describe, expect, it } from 'vitest';
import { Game, type Json } from '../../engine/index.ts';
import { combatOdds, enumerateCombat, Fraction, type Dist, type OddsReport, type RollGrouping } from '../../odds/index.ts';
import { twoWW } from './index.ts';
import { twoWWOdds } from './odds.ts';
import { twoWWPackage } from './package.ts';
import { firePairGrouping } from './land-combat-odds.ts';
import { declaredCombat, FIXED_COMBATS } from './odds-fixtures.ts';
import type { Side, TwoWWState } from './state.ts';
import positions from './odds-positions.json' with { type: 'json' };

// The calculator must give exactly the enumeration's distribution (issue #19). A full enumeration of a support battle
// takes seconds (23,000 runs: bench/odds.bench.ts compares those two), so here the land combat's pair is checked
// against the enumeration on plain combats, and the support battle's pair with the land combat's dice held fixed.
const CONFIRM = { type: 'confirm' };
const flat = (dist: Dist) => [...dist.entries()].map(([key, v]) => `${key}=${v.p.toString()}`).sort();
// Memo off when dice are grouped or held: no two runs meet the same position, and hashing each costs more than it saves.
const enumerated = (s: TwoWWState, side: Side, g?: RollGrouping<TwoWWState>) => flat(enumerateCombat(twoWW, twoWWOdds, s, side, CONFIRM, { memo: !g }, g).dist);
/** The land combat's rolls fixed (attacker 7, defender 9); the support battle's grouped by `inner`, or enumerated. */
const fixedLand = (inner?: RollGrouping<TwoWWState>): RollGrouping<TwoWWState> => ({
  branches: (s, who, act, forced, roll) =>
    (/ land combat fire$/.test(roll.purpose) ? [{ faces: [4, 3, 5, 4], total: 16, p: Fraction.ONE }] : inner?.branches(s, who, act, forced, roll) ?? null),
  check: (...args) => inner?.check?.(...args),
});
const calculated = (s: TwoWWState, side: Side): OddsReport => {
  const r = combatOdds(twoWWPackage, s, side, CONFIRM);
  expect(r.method).toBe('calculated');
  return r;
};
const reported = (r: OddsReport) => r.outcomes.map((o) => `${o.key}=${o.exact}`).sort();

describe('2WW land-combat odds calculator (land-combat-odds.ts) against the enumeration of every roll', () => {
  it('2WW 9.1 the fixed plain combats of the odds benchmark: the same exact distribution', () => {
    for (const c of FIXED_COMBATS.filter((x) => !x.support.length)) {
      const s = declaredCombat(c);
      expect(reported(calculated(s, c.side)), c.name).toEqual(enumerated(s, c.side));
    }
  });

  it('2WW 9.1.2 a support battle (air against air): grouped by class, the same distribution as roll by roll', () => {
    const c = FIXED_COMBATS.find((x) => x.support.length === 1)!;
    const s = declaredCombat(c);
    const r = calculated(s, c.side);
    expect(r.stats.applies).toBeLessThan(400); // the enumeration: about 23,000 runs
    // Positions after the land combat's fire shared across the support battle's results: as if each ran on its own.
    expect(reported(r)).toEqual(enumerated(s, c.side, { ...firePairGrouping(twoWW, s), transposition: undefined }));
    expect(enumerated(s, c.side, fixedLand(firePairGrouping(twoWW, s, ['support'])))).toEqual(enumerated(s, c.side, fixedLand()));
  });

  const combats = positions.combats as unknown as { features: string[]; seq: number; seat: Side; hex: string; position: Json }[];
  for (const x of combats) {
    it(`positions of a random campaign (${positions.source}, action ${x.seq}, ${x.features.join(', ')} at ${x.hex}): the same exact distribution`, () => {
      const s = Game.create(twoWW, 'campaign-1939', {}, 'odds', x.position).state;
      // An invasion of a neutral (2WW 5.3.1): its army is an enemy from the declaration on, the classes count its steps.
      const r = calculated(s, x.seat);
      if (!x.features.includes('support battle')) expect(reported(r)).toEqual(enumerated(s, x.seat));
      else expect(enumerated(s, x.seat, fixedLand(firePairGrouping(twoWW, s, ['support'])))).toEqual(enumerated(s, x.seat, fixedLand()));
    });
  }

  it('2WW 9.2 an air strike is not modelled: the calculator hands it to the enumeration and says why', () => {
    const x = combats.find((c) => c.features.includes('plain'))!;
    const s = Game.create(twoWW, 'campaign-1939', {}, 'odds', x.position).state;
    const strike = { ...s, stack: [...s.stack.slice(0, -1), { ...s.stack.at(-1)!, mode: 'strike' }] } as TwoWWState;
    expect(twoWWOdds.calculate!(strike, x.seat, CONFIRM, {}, twoWW)).toEqual({ fallback: expect.stringMatching(/2WW 9\.2/) });
  });
});
