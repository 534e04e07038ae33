import { describe, expect, it } from 'vitest';
import { stateHash } from '../engine/hash.ts';
import { seedCommitment } from './fair-dice.ts';
import { GameManager } from './games.ts';
import { SqliteStorage } from './sqlite-storage.ts';

describe('LiveGames.shedIdle', () => {
  it('a game unused for the set time drops its derived facts once; its seats see the same, and it plays on with the same hashes', async () => {
    let clock = 1_000_000;
    const storage = new SqliteStorage(':memory:');
    await storage.init();
    // the sweep's timer is off (0): the test sweeps by hand on its own clock
    const m = new GameManager({ storage, now: () => clock, log: () => undefined, shedFactsAfterMs: 0 });
    try {
      const r = await m.createGame({ ruleset: '2ww', options: {}, seats: { axis: { kind: 'human' }, allies: { kind: 'human' } } });
      const tokens = [r.seats.axis!.token, r.seats.allies!.token];
      const values = ['a1'.repeat(32), 'b2'.repeat(32)];
      for (const [i, t] of tokens.entries()) await m.contribute(t, { commit: seedCommitment(values[i]!) });
      for (const [i, t] of tokens.entries()) await m.contribute(t, { reveal: values[i]! });
      const step = async (k: number): Promise<void> => {
        for (const t of tokens) {
          const p = await m.play(t);
          const choices = p.view.prompt?.choices ?? [];
          if (choices.length) {
            await m.act(t, p.stateId, choices[(k * 7) % choices.length]!.action);
            return;
          }
        }
        throw new Error('nobody has a listed choice');
      };
      for (let k = 0; k < 6; k++) await step(k);

      const live = await m.games.load(r.gameId);
      const before = live.game.state;
      const seen = await Promise.all(tokens.map((t) => m.play(t)));
      clock += 29_999;
      expect(m.games.shedIdle(30_000)).toBe(0);
      clock += 1;
      expect(m.games.shedIdle(30_000)).toBe(1);
      expect(live.game.state).not.toBe(before);
      expect(stateHash(live.game.state)).toBe(stateHash(before));
      expect(m.games.shedIdle(30_000)).toBe(0);
      const again = await Promise.all(tokens.map((t) => m.play(t)));
      expect(again.map((p) => [p.stateId, p.view])).toEqual(seen.map((p) => [p.stateId, p.view]));

      // used again, it may be shed again once idle; then it plays on, and it is rebuilt from storage with every stored
      // hash checked
      for (let k = 6; k < 12; k++) await step(k);
      clock += 30_000;
      expect(m.games.shedIdle(30_000)).toBe(1);
      for (let k = 12; k < 18; k++) await step(k);
      const played = live.game;
      m.games.evict(r.gameId);
      const rebuilt = (await m.games.load(r.gameId)).game;
      expect(rebuilt).not.toBe(played);
      expect(rebuilt.entries.map((e) => e.hash)).toEqual(played.entries.map((e) => e.hash));
      expect(stateHash(rebuilt.state)).toBe(stateHash(played.state));
    } finally {
      await m.close();
    }
  });
});
