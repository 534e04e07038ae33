// Random whole campaigns for the fuzz tests (2WW issue: 20 complete campaigns in CI), split over several test files
// so the test runner spreads them over the machine's cores.
import { expect, it } from 'vitest';
import { fuzzGame } from '../../engine/index.ts';
import { twoWW } from './index.ts';

/** One test per seed: no exception, dead end or broken invariant, and a victory level at the end (2WW 13). */
export function fuzzCampaigns(seeds: string[], replayFirst = true): void {
  seeds.forEach((seed, i) => {
    const checkReplay = replayFirst && i === 0;
    // The first game also checks every destination list reused from the state before against a fresh one.
    const checkDerivedFacts = i === 0;
    it(`2WW 4, 13 a random campaign (seed ${seed}) plays to a victory determination${checkReplay ? ' and replays to every state hash' : ''}`, () => {
      const r = fuzzGame(twoWW, { scenario: 'campaign-1939', seed, options: { quickSetup: true }, checkReplay, checkDerivedFacts });
      expect(r.failure ?? null).toBeNull();
      expect(r.ok).toBe(true);
      expect(r.outcome?.rule).toMatch(/^2WW 13/);
    }, 1_800_000);
  });
}
