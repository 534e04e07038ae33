// Random legal play to the end (the 20 games per scenario run with `theater fuzz --ruleset bkg --games 20`;
// docs/rulesets/bkg.md has the figures). Here one game per scenario, replayed to every state hash.
import { describe, expect, it } from 'vitest';
import { fuzzGame } from '../../engine/index.ts';
import { bkg } from './index.ts';

describe('BKG random games', () => {
  it('8.5 a random basic 1939 game plays to a victory or the draw of 4/45 and replays to every state hash', () => {
    const r = fuzzGame(bkg, { scenario: 'basic-1939', seed: 'bkg-fuzz-1', invariantEvery: 5 });
    expect(r.failure ?? null).toBeNull();
    expect(r.outcome?.rule).toBe('BKG 8.5');
  }, 900_000);
});
