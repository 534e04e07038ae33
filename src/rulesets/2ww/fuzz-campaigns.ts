// Random whole campaigns for the fuzz tests (2WW issue: 20 complete campaigns in CI), split over several test files
// so the test runner spreads them over the machine's cores.
import { expect, it } from 'vitest';
import { fuzzGame } from '../../engine/index.ts';
import { twoWW } from './index.ts';

type Pick = 'all' | 'group';

/**
 * One test per seed: no exception, dead end or broken invariant, and a victory level at the end (2WW 13). The
 * campaigns alternate between the random player's two ways of picking (src/engine/fuzz.ts `pick`): among every choice
 * listed, as the AI lists them, or a unit's group first and then one of its moves, as a player of the structured
 * prompts picks (#18). `first` is the way of the first campaign, which also recomputes every fact reused from an
 * earlier state and compares (check mode) and replays its log to every state hash.
 */
export function fuzzCampaigns(seeds: string[], first: Pick): void {
  const other: Pick = first === 'all' ? 'group' : 'all';
  seeds.forEach((seed, i) => {
    const pick = i % 2 === 0 ? first : other;
    const checks = i === 0;
    const how = pick === 'all' ? 'every choice listed' : 'a group first';
    it(`2WW 4, 13 a random campaign (seed ${seed}, ${how}) plays to a victory determination${checks ? ', every reused fact checked, and replays to every state hash' : ''}`, () => {
      const r = fuzzGame(twoWW, { scenario: 'campaign-1939', seed, options: { quickSetup: true }, pick, checkReplay: checks, checkDerivedFacts: checks });
      expect(r.failure ?? null).toBeNull();
      expect(r.ok).toBe(true);
      expect(r.outcome?.rule).toMatch(/^2WW 13/);
    }, 1_800_000);
  });
}
