// Every registered rule set through the server: create, play random legal actions over HTTP (a structured prompt's
// groups asked for as a client does), and check that each seat's view is exactly the kernel's viewFor of the stored
// log's replay (nothing more, nothing less).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game, LOG_VERSION } from '../engine/game.ts';
import { viewFor } from '../engine/kernel.ts';
import { createRng, nextInt } from '../engine/rng.ts';
import type { Action, RngState } from '../engine/types.ts';
import { getRuleset, rulesets } from '../rulesets/index.ts';
import { startServer, type RunningServer } from './server.ts';
import { http, takeSeats } from './test-helpers.ts';
import type { CreateGameResponse, PlayResponse } from './protocol.ts';

let srv: RunningServer;
beforeAll(async () => {
  srv = await startServer({ port: 0, db: ':memory:', aiWorkers: 0, log: () => undefined });
});
afterAll(() => srv.close());

/**
 * A random legal action of a seat's prompt: one of its own choices or of its groups (a structured prompt's group, asked
 * for over HTTP as a client does; a group with no choice is dropped and the pick made again).
 */
async function pick(token: string, mine: PlayResponse, rng: RngState): Promise<Action> {
  const prompt = mine.view.prompt!;
  const options: (Action | string)[] = [...prompt.choices.map((c) => c.action), ...(prompt.groups ?? []).map((g) => g.key)];
  while (options.length) {
    const i = nextInt(rng, options.length);
    const o = options[i]!;
    if (typeof o !== 'string') return o;
    const r = await http<{ choices: { action: Action }[] }>(srv.url, 'GET', `/api/play/${token}/choices/${encodeURIComponent(o)}?stateId=${mine.stateId}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    if (r.body.choices.length) return r.body.choices[nextInt(rng, r.body.choices.length)]!.action;
    options.splice(i, 1);
  }
  throw new Error(`${mine.ruleset}: the prompt "${prompt.text}" offers no legal choice`);
}

describe('every registered rule set', () => {
  for (const id of Object.keys(rulesets)) {
    it(`${id}: random legal play through the HTTP API; every seat's view equals viewFor of the replayed log`, async () => {
      const ruleset = getRuleset(id);
      const scenario = ruleset.scenarios[0]!;
      const g = (await http<CreateGameResponse>(srv.url, 'POST', '/api/games', { ruleset: id, scenario: scenario.id })).body;
      const tokens: Record<string, string> = Object.fromEntries(Object.entries(g.seats).map(([s, t]) => [s, t.token]));
      await takeSeats(srv.url, Object.values(tokens));
      const rng = createRng(`generic-${id}`);
      for (let i = 0; i < 12; i++) {
        const p = (await http<PlayResponse>(srv.url, 'GET', `/api/play/${g.spectator.token}`)).body;
        if (p.status === 'finished' || p.view.waitingFor.length === 0) break;
        const seat = p.view.waitingFor[nextInt(rng, p.view.waitingFor.length)]!.seat;
        const mine = (await http<PlayResponse>(srv.url, 'GET', `/api/play/${tokens[seat]}`)).body;
        const action = await pick(tokens[seat]!, mine, rng);
        const r = await http(srv.url, 'POST', `/api/play/${tokens[seat]}/action`, { stateId: mine.stateId, action });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      const rec = (await srv.storage.getGame(g.gameId))!;
      const entries = await srv.storage.entries(g.gameId, 0);
      const game = Game.load(ruleset, {
        format: 'theater-log', version: LOG_VERSION, ruleset: id, rulesVersion: rec.rulesVersion, scenario: rec.scenario,
        options: rec.options, seed: rec.seed, setupHash: rec.setupHash, entries: entries.map((e) => e.entry),
      });
      for (const [seat, token] of [...Object.entries(tokens), [null, g.spectator.token] as const]) {
        const p = (await http<PlayResponse>(srv.url, 'GET', `/api/play/${token}`)).body;
        expect(p.view).toEqual(JSON.parse(JSON.stringify(viewFor(ruleset, game.state, seat))));
        // The server's secret seed is revealed when the game ends (docs/fair-dice.md), not before.
        if (p.status === 'finished') expect(p.seed).toBe(rec.seed);
        else expect(p.seed).toBeUndefined();
      }
    });
  }
});
