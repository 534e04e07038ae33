import { afterAll, describe, expect, it } from 'vitest';
import { Game } from '../engine/game.ts';
import { actionKey, promptFor, prompts, viewFor } from '../engine/kernel.ts';
import { duel } from '../engine/testing/duel.ts';
import { chooseRandomAction } from '../ai/random-player.ts';
import { AiPool } from './ai-pool.ts';

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

  it('the worker pool rebuilds a game from its log, sends only new entries, and resyncs when a worker lacks the game', async () => {
    const seed = 'pool-test';
    const g = Game.create(duel, 'standard', {}, seed);
    const header = { ruleset: 'duel', scenario: 'standard', options: g.options, seed };
    const job = (seat: string) => ({ gameId: 'g1', header, entries: g.entries, seat, level: 1, seed: `ai${g.entries.length}` });
    // six actions: both bids and four turn actions; twelve strength points a side cannot all be lost yet
    for (let i = 0; i < 6; i++) {
      const seat = promptFor(duel, g.state, 'red') ? 'red' : 'blue';
      const r = await pool.choose(job(seat));
      g.act(seat, r.action); // throws if the AI's choice were illegal
    }
    expect(g.state.outcome).toBeNull();
    const toMove = prompts(duel, g.state).map((p) => p.seat);
    expect(toMove).toHaveLength(1);
    pool.forget('g1'); // the next job starts from entry 0 again
    const r = await pool.choose(job(toMove[0]!));
    expect(promptFor(duel, g.state, toMove[0]!)!.choices.some((c) => actionKey(c.action) === actionKey(r.action))).toBe(true);
    const other = toMove[0] === 'red' ? 'blue' : 'red';
    await expect(pool.choose(job(other))).rejects.toThrow(/has no decision to make/);
  });
});
