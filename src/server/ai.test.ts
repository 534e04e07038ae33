import { afterAll, describe, expect, it } from 'vitest';
import { Game } from '../engine/game.ts';
import { actionKey, promptFor, prompts, viewFor } from '../engine/kernel.ts';
import { duel } from '../engine/testing/duel.ts';
import { chooseRandomAction } from '../ai/random-player.ts';
import { AiPool, AiTimeoutError } from './ai-pool.ts';
import { GameManager } from './games.ts';
import { SqliteStorage } from './sqlite-storage.ts';
import type { Json } from '../engine/types.ts';

const pool = new AiPool(2);
afterAll(() => pool.close());

describe('random player and AI pool', () => {
  it('Duel 2: the random player picks one of the prompt\'s legal choices, the same one for the same seed', () => {
    const g = Game.create(duel, 'standard', {}, 'seed');
    const prompt = promptFor(duel, g.state, 'red')!;
    const view = viewFor(duel, g.state, 'red');
    const picks = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const r = chooseRandomAction({ ruleset: 'duel', seat: 'red', level: 1, view, prompt, seed: `s${i}` });
      expect(prompt.choices.some((c) => actionKey(c.action) === actionKey(r.action))).toBe(true);
      picks.add(actionKey(r.action));
      expect(chooseRandomAction({ ruleset: 'duel', seat: 'red', level: 1, view, prompt, seed: `s${i}` })).toEqual(r);
    }
    expect(picks.size).toBe(3);
  });

  it('the worker pool answers from the game state it is sent, for the seat to move only', async () => {
    const g = Game.create(duel, 'standard', {}, 'pool-test');
    const job = (seat: string) => ({ gameId: 'g1', ruleset: 'duel', state: g.state as unknown as Json, seat, level: 1, seed: `ai${g.entries.length}` });
    // six actions: both bids and four turn actions; twelve strength points a side cannot all be lost yet
    for (let i = 0; i < 6; i++) {
      const seat = promptFor(duel, g.state, 'red') ? 'red' : 'blue';
      const r = await pool.choose(job(seat));
      g.act(seat, r.action); // throws if the AI's choice were illegal
    }
    expect(g.state.outcome).toBeNull();
    const toMove = prompts(duel, g.state).map((p) => p.seat);
    expect(toMove).toHaveLength(1);
    const other = toMove[0] === 'red' ? 'blue' : 'red';
    await expect(pool.choose(job(other))).rejects.toThrow(/has no decision to make/);
  });

  it('a job past its hard time limit is refused with AiTimeoutError and its worker replaced; the next job is answered', async () => {
    const p = new AiPool(1, (budget) => (budget === 1 ? 1 : 60_000));
    try {
      const g = Game.create(duel, 'standard', {}, 'kill');
      const job = { gameId: 'g2', ruleset: 'duel', state: g.state as unknown as Json, seat: 'red', level: 1, seed: 's' };
      await expect(p.choose({ ...job, budgetMs: 1 })).rejects.toBeInstanceOf(AiTimeoutError);
      const r = await p.choose(job);
      expect(promptFor(duel, g.state, 'red')!.choices.some((c) => actionKey(c.action) === actionKey(r.action))).toBe(true);
    } finally {
      await p.close();
    }
  });

  it('when the AI overruns, the server answers for the seat at the easiest level and the game goes on', async () => {
    // The first job (budget 8 ms) is killed at once; the fallback (budget 2 ms) may take its time.
    const p = new AiPool(1, (budget) => (budget === 8 ? 1 : 60_000));
    const storage = new SqliteStorage(':memory:');
    await storage.init();
    const logged: string[] = [];
    const m = new GameManager({ storage, ai: p, aiBudgetMs: 8, log: (x) => logged.push(x) });
    try {
      const g = await m.createGame({ ruleset: 'duel', seats: { red: { kind: 'human' }, blue: { kind: 'ai', level: 2 } } });
      await m.act(g.seats.red!.token, 0, { type: 'bid', n: 2 });
      await m.idle();
      // Blue's bid came from the fallback; the AI then goes on until the human is to move.
      expect((await storage.entries(g.gameId, 0))[1]!.entry).toMatchObject({ seat: 'blue', action: { type: 'bid' } });
      const red = await m.play(g.seats.red!.token);
      expect(red.status === 'finished' || red.view.prompt !== null).toBe(true);
      expect(logged.some((x) => /no answer within 1 ms.*easiest level/.test(x))).toBe(true);
    } finally {
      await m.close();
      await p.close();
    }
  });
});
