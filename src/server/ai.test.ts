import { afterAll, describe, expect, it } from 'vitest';
import { Game } from '../engine/game.ts';
import { actionKey, promptFor, prompts, viewFor } from '../engine/kernel.ts';
import { duel } from '../engine/testing/duel.ts';
import { chooseRandomAction } from '../ai/random-player.ts';
import { AiPool, AiTimeoutError } from './ai-pool.ts';
import { seedCommitment } from './fair-dice.ts';
import { GameManager } from './games.ts';
import { SqliteStorage } from './sqlite-storage.ts';
import type { Json } from '../engine/types.ts';
import { rulesets } from '../rulesets/index.ts';

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

  // The job to time out is a 2WW movement decision: listing its 1,200 choices alone takes the worker milliseconds, so
  // a 1 ms limit is always past before an answer (a Duel decision could come back within 1 ms).
  const movementJob = () => ({
    gameId: 'g2', ruleset: '2ww', state: Game.create(rulesets['2ww']!, 'campaign-1939', { quickSetup: true }, 'kill').state as unknown as Json,
    seat: 'axis', level: 3, seed: 's', budgetMs: 1,
  });

  it('a job past its hard time limit is refused with AiTimeoutError and its worker replaced; the next job is answered', async () => {
    const p = new AiPool(1, (budget) => (budget === 1 ? 1 : 60_000));
    try {
      const g = Game.create(duel, 'standard', {}, 'kill');
      const job = { gameId: 'g2', ruleset: 'duel', state: g.state as unknown as Json, seat: 'red', level: 1, seed: 's' };
      await expect(p.choose(movementJob())).rejects.toBeInstanceOf(AiTimeoutError);
      const r = await p.choose(job);
      expect(promptFor(duel, g.state, 'red')!.choices.some((c) => actionKey(c.action) === actionKey(r.action))).toBe(true);
    } finally {
      await p.close();
    }
  });

  it('when the AI overruns, the server answers for the seat at the easiest level and the game goes on', async () => {
    // A job at the server's budget (8 ms) gets 1 ms and is killed: a 2WW movement decision is never answered that
    // fast. The fallback at the easiest level (budget 2 ms) may take its time.
    const p = new AiPool(1, (budget) => (budget === 8 ? 1 : 60_000));
    const storage = new SqliteStorage(':memory:');
    await storage.init();
    const logged: string[] = [];
    const m = new GameManager({ storage, ai: p, aiBudgetMs: 8, log: (x) => logged.push(x) });
    try {
      const g = await m.createGame({
        ruleset: '2ww', options: { quickSetup: true }, seats: { axis: { kind: 'ai', level: 2 }, allies: { kind: 'human' } },
      });
      // The Allies take their seat (entry 0 keys the dice); the Axis AI is asked at once: wait for its first move.
      const value = 'a1'.repeat(32);
      await m.contribute(g.seats.allies!.token, { commit: seedCommitment(value) });
      expect(await m.contribute(g.seats.allies!.token, { reveal: value })).toBe(1);
      for (let i = 0; i < 1200 && (await storage.entries(g.gameId, 0)).length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      const first = (await storage.entries(g.gameId, 0))[1];
      expect(first?.entry).toMatchObject({ seat: 'axis' });
      expect(logged.some((x) => /no answer within 1 ms.*easiest level/.test(x))).toBe(true);
      const axis = await m.play(g.seats.axis!.token);
      expect(axis.stateId).toBeGreaterThanOrEqual(2);
    } finally {
      await m.close();
      await p.close();
    }
  });
});
