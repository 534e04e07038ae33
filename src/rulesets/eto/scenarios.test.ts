// Scenarios 2 and 5 played to their end: by the fuzzer (random choices of both seats), by the AI on both seats, and
// (scenario 5) from a German fleet off Norway with troops aboard.
import { describe, expect, it } from 'vitest';
import { allChoices, createRng, fuzzGame, nextInt, prompts } from '../../engine/index.ts';
import { playGame } from '../../ai/play.ts';
import { eto } from './index.ts';
import { act, germansInKiel, invadeNorway, KIEL, playUntil, seaPath } from './testing.ts';

const ENDS: Record<string, RegExp> = {
  'their-finest-hour': /^ETO scenario 2 \[2\.3\]$/,
  'northward-strike': /^ETO scenario 5 \[5\.4\]$/,
};

describe('ETO scenarios 2 and 5 to their end', () => {
  for (const [scenario, rule] of Object.entries(ENDS)) {
    it(`ETO ${scenario} fuzz: 20 random games reach the scenario's victory determination`, () => {
      for (let i = 0; i < 20; i++) {
        // Scenario 2's first game also recomputes every fact reused from an earlier state and compares (air routes, 12.3).
        const checkDerivedFacts = i === 0 && scenario === 'their-finest-hour';
        const r = fuzzGame(eto, { scenario, seed: `${scenario}-fuzz-${i}`, maxActions: 20_000, invariantEvery: 20, checkDerivedFacts });
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

  it('ETO northward-strike: 8 random games from a German fleet off the Norwegian coast with troops and a supply marker aboard reach [5.4] (assaults and debarking seen; no bombers against ships)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const g = germansInKiel(`off-norway-${i}`, { 'de-para-1': 'W4126', 'de-atp-1': 'W4126' });
      invadeNorway(g);
      for (const id of ['de-stp-1', 'de-stp-2', 'de-stp-3', 'de-stp-4', 'de-stp-5', 'de-stp-6']) act(g, 'axis', { type: 'select', ship: id });
      for (const unit of ['de-inf-1', 'de-inf-2', 'hq-m']) act(g, 'axis', { type: 'embark', unit });
      act(g, 'axis', { type: 'load-supply' });
      act(g, 'axis', { type: 'move' });
      act(g, 'axis', { type: 'leave-port' });
      for (const space of seaPath(g.state, KIEL, ['W4725', 'W4422', 'W4624', 'W4521'][i % 4]!)) playUntil(g, 'axis', (c) => c.action.type === 'enter' && c.action.space === space);
      // Random choices, four in five among the sea-borne ones when there are any.
      const rng = createRng(`off-norway-${i}`);
      while (!g.state.outcome) {
        expect(g.seq).toBeLessThan(20_000);
        const ps = prompts(eto, g.state);
        // Bombers stay off the fleets (14.0, 16.1: they would sink most transports before they land).
        const air = ps.find((x) => x.rule === 'ETO 14.0, 16.5' || x.rule.includes('step 2, air-naval attacks'));
        if (air) { g.act(air.seat, { type: air.rule === 'ETO 14.0, 16.5' ? 'intercept-done' : 'air-done' }); continue; }
        const p = ps[nextInt(rng, ps.length)]!;
        const cs = allChoices(eto, g.state, p);
        const sea = cs.filter((c) => ['assault', 'drop', 'go', 'debark'].includes(String(c.action.type)) || (c.action.type === 'offensive' && c.action.method === 'stack'));
        const pool = sea.length && nextInt(rng, 5) < 4 ? sea : cs;
        const c = pool[nextInt(rng, pool.length)]!;
        seen.add(String(c.action.type));
        g.act(p.seat, c.action);
        if (g.seq % 5 === 0) expect(eto.invariants!(g.state)).toEqual([]);
      }
      expect(g.state.outcome.rule).toBe('ETO scenario 5 [5.4]');
    }
    expect([...seen].filter((x) => ['assault', 'debark'].includes(x)).sort()).toEqual(['assault', 'debark']);
  });
});
