// Random legal play (the 20 games per scenario run with `theater fuzz --ruleset bkg --games 20`;
// docs/rulesets/bkg.md has the figures). Here one basic game to its end, and the first 1,200 actions of each advanced
// scenario (a whole advanced game takes about 10,000 actions), each replayed to every state hash.
import { describe, expect, it } from 'vitest';
import { Game, fuzzGame } from '../../engine/index.ts';
import { bkg } from './index.ts';

describe('BKG random games', () => {
  it('8.5 a random basic 1939 game plays to a victory or the draw of 4/45 and replays to every state hash', () => {
    const r = fuzzGame(bkg, { scenario: 'basic-1939', seed: 'bkg-fuzz-1', invariantEvery: 5 });
    expect(r.failure ?? null).toBeNull();
    expect(r.outcome?.rule).toBe('BKG 8.5');
  }, 900_000);

  it.each(['advanced-1939', 'advanced-1941'])('%s: 1,200 random actions keep every invariant and replay to every state hash', (scenario) => {
    const r = fuzzGame(bkg, { scenario, seed: `bkg-fuzz-${scenario}`, maxActions: 1200, checkReplay: false });
    expect(r.failure?.kind, r.failure?.message).toBe('too-long');
    expect(r.actions).toBe(1200);
    expect(Game.load(bkg, JSON.parse(JSON.stringify(r.log))).seq).toBe(1200);
  }, 300_000);
});
