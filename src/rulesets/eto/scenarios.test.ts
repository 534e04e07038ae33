// Scenarios 2 and 5 played to their end: by the fuzzer (random choices of both seats) and by the AI on both seats.
import { describe, expect, it } from 'vitest';
import { fuzzGame } from '../../engine/index.ts';
import { playGame } from '../../ai/play.ts';
import { eto } from './index.ts';

const ENDS: Record<string, RegExp> = {
  'their-finest-hour': /^ETO scenario 2 \[2\.3\]$/,
  'northward-strike': /^ETO scenario 5 \[5\.4\]$/,
};

describe('ETO scenarios 2 and 5 to their end', () => {
  for (const [scenario, rule] of Object.entries(ENDS)) {
    it(`ETO ${scenario} fuzz: 20 random games reach the scenario's victory determination`, () => {
      for (let i = 0; i < 20; i++) {
        const r = fuzzGame(eto, { scenario, seed: `${scenario}-fuzz-${i}`, maxActions: 20_000, invariantEvery: 20 });
        expect(r.failure, `${scenario}-fuzz-${i}`).toBeUndefined();
        expect(r.outcome!.rule).toMatch(rule);
      }
    });

    it(`ETO ${scenario}: the AI plays both seats to the victory determination`, () => {
      const g = playGame(eto, { scenario, seed: `${scenario}-ai`, players: { axis: 'easy', allies: 'hard' }, maxActions: 20_000 });
      expect(g.unfinished).toBe(false);
      expect(g.outcome!.rule).toMatch(rule);
    });
  }
});
