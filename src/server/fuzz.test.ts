import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Game, LOG_VERSION } from '../engine/game.ts';
import { createRng, nextInt } from '../engine/rng.ts';
import { getRuleset } from '../rulesets/index.ts';
import { startServer, type RunningServer } from './server.ts';
import { http, takeSeats, TestClient } from './test-helpers.ts';
import type { CreateGameResponse, PlayResponse } from './protocol.ts';

let rng = createRng('server-fuzz');
const pick = <T>(xs: readonly T[]): T => xs[nextInt(rng, xs.length)]!;

const KEYS = ['type', 'stateId', 'action', 'n', 'unit', 'to', 'accept', 'mode', 'tokens', 'log', 'seats', 'ruleset', 'reqId',
  'lastStateId', 'commit', 'reveal', 'position', 'extra', 'name', 'webhook', 'entries', 'seed', 'seedCommitment',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** A nest of arrays and objects `n` levels deep. */
const nested = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

function randomJson(depth = 0): unknown {
  switch (nextInt(rng, depth > 3 ? 6 : 10)) {
    case 0: return null;
    case 1: return nextInt(rng, 2) === 0;
    case 2: return pick([0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, 3, 7]);
    case 3: return pick(['', 'bid', 'pass', 'attack', '__proto__', 'constructor', 'x'.repeat(nextInt(rng, 3000)), '\u0000\ud800',
      '\udc00a', 'y'.repeat(20_000 + nextInt(rng, 200_000)), 'http://2130706433/', 'http://[::ffff:127.0.0.1]/', 'duel', '2ww']);
    case 4: return pick(['red', 'blue', 'spectator']);
    case 5: return nextInt(rng, 100);
    case 6: return Array.from({ length: nextInt(rng, 5) }, () => randomJson(depth + 1));
    case 7: return nested(pick([10, 70, 500, 3000]));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = nextInt(rng, 5); i > 0; i--) o[pick(KEYS)] = randomJson(depth + 1);
      return o;
    }
  }
}

/** A body that is not valid UTF-8 JSON, or not JSON at all. */
function rawBody(): string | Uint8Array {
  return pick<string | Uint8Array>(['{', '[1,2', 'null', '"x"', '{"a":}', '\u0000', '['.repeat(5000), new Uint8Array([0x7b, 0x22, 0xff, 0xc0, 0x22, 0x3a, 0x31, 0x7d]),
    new Uint8Array([0xed, 0xa0, 0x80]), `{"ruleset":"duel","seats":{"red":{"kind":"human","name":"\\ud800"}}}`]);
}

const q = () => encodeURIComponent(String(JSON.stringify(randomJson())));

// The same fuzz on the main thread, and with a game worker thread (`npm start` on two cores) on a SQLite file.
describe.each([
  { config: 'games on the main thread', gameWorkers: 0 },
  { config: 'one game worker thread', gameWorkers: 1 },
])('hostile input, $config', ({ gameWorkers }) => {
  let srv: RunningServer;
  let dir: string | undefined;
  const errors: string[] = [];
  beforeAll(async () => {
    rng = createRng(gameWorkers ? `server-fuzz-workers-${gameWorkers}` : 'server-fuzz');
    if (gameWorkers) dir = mkdtempSync(join(tmpdir(), 'theater-fuzz-'));
    srv = await startServer({
      port: 0, db: dir ? join(dir, 'fuzz.sqlite') : ':memory:', gameWorkers, aiWorkers: 1, log: (m) => errors.push(m),
      rateLimit: { perToken: { burst: 1e9, perSecond: 1e9 }, perAddress: { burst: 1e9, perSecond: 1e9 } },
    });
  });
  afterAll(async () => {
    await srv.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('thousands of random and malformed HTTP and WebSocket payloads: the server stays up, answers 4xx, and every game replays to its stored hashes', async () => {
    const games: CreateGameResponse[] = [];
    for (let i = 0; i < 4; i++) {
      games.push((await http(srv.url, 'POST', '/api/games', { ruleset: 'duel', seats: { red: { kind: 'human' }, blue: { kind: 'human' } } })).body);
      await takeSeats(srv.url, [games[i]!.seats.red!.token, games[i]!.seats.blue!.token]);
    }
    games.push((await http(srv.url, 'POST', '/api/games', { ruleset: 'duel', seats: { red: { kind: 'ai' }, blue: { kind: 'human' } } })).body);
    await takeSeats(srv.url, [games[4]!.seats.blue!.token]);
    // one game whose seats have not contributed to the dice yet: it refuses every action, and takes contributions
    games.push((await http(srv.url, 'POST', '/api/games', { ruleset: 'duel', seats: { red: { kind: 'human' }, blue: { kind: 'open' } } })).body);
    const tokens = games.flatMap((g) => [g.seats.red!.token, g.seats.blue!.token, g.spectator.token]);
    const paths = ['action', 'undo', 'takeback', 'takeback/answer', 'resign', 'rematch', 'claim', 'webhook', 'entropy', 'log', ''];
    const statuses = new Map<number, number>();
    let valid = 0;
    for (let i = 0; i < 3000; i++) {
      const token = pick([...tokens, 'nope', '0'.repeat(32), '../../etc', '%00', tokens[0]!.toUpperCase()]);
      const kind = nextInt(rng, 10);
      let r;
      if (kind < 3) {
        // a plausible action: current state id (sometimes off by one) and a legal or mutated choice, mostly by a seat
        const seat = nextInt(rng, 3) > 0 ? pick(games.slice(0, 5).flatMap((g) => [g.seats.red!.token, g.seats.blue!.token])) : token;
        const p = await http<PlayResponse>(srv.url, 'GET', `/api/play/${seat}`);
        if (p.status !== 200 || !p.body?.view) continue; // '../..' tokens resolve to the client page
        const choice = p.body.view.prompt?.choices[0]?.action ?? { type: 'pass' };
        const action = nextInt(rng, 2) === 0 ? choice : { ...choice, n: randomJson() };
        r = await http(srv.url, 'POST', `/api/play/${seat}/action`, { stateId: p.body.stateId + pick([0, 0, 0, -1, 1]), action });
        if (r.status === 200) valid++;
      } else if (kind < 8) {
        const path = pick(paths);
        const method = path === '' || path === 'log' ? pick(['GET', 'POST', 'PUT', 'DELETE']) : 'POST';
        const raw = nextInt(rng, 6) === 0 ? rawBody() : undefined;
        r = await http(srv.url, method, `/api/play/${token}${path ? '/' + path : ''}`, method === 'GET' ? undefined : randomJson(), method === 'GET' ? undefined : raw);
      } else if (kind < 9) {
        const path = pick(['/api/games', '/api/games/import', '/api/my-games']);
        r = nextInt(rng, 5) === 0 ? await http(srv.url, 'POST', path, undefined, rawBody())
          : await http(srv.url, 'POST', path, nextInt(rng, 3) === 0 ? { ruleset: pick(['duel', '2ww', '__proto__']), position: randomJson(), seats: randomJson() } : randomJson());
      } else {
        r = await http(srv.url, 'GET', pick([`/api/replay/${pick(games).gameId}?at=${q()}`, `/api/replay/${pick(games).gameId}?seat=${q()}`, '/api/replay/%2e%2e', '/api/nothing', `/api/rulesets/${q()}/assets`]));
      }
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      expect(r.status, `${r.status} ${r.text.slice(0, 300)}`).toBeLessThan(500);
      expect(r.text).not.toMatch(/\n\s+at /);
      if (r.status >= 400) expect(typeof r.body?.message).toBe('string');
    }
    // an oversized body
    const big = await http(srv.url, 'POST', `/api/play/${tokens[0]}/action`, { stateId: 0, action: { type: 'x', pad: 'y'.repeat(2 * 1024 * 1024) } });
    expect(big.status).toBe(413);

    // WebSocket: random frames on several connections
    const clients = await Promise.all(tokens.slice(0, 6).map(async (t) => {
      const c = new TestClient(srv.url, t);
      await c.opened;
      return c;
    }));
    for (let i = 0; i < 2000; i++) {
      const c = pick(clients);
      if (nextInt(rng, 4) === 0) c.send(pick(['{', 'null', '[]', '{"type":"action"}', 'x'.repeat(100), '{"type":"hello","lastStateId":-5}', '['.repeat(9000), '{"type":"ping","reqId":"\\ud800"}']));
      else {
        const text = JSON.stringify(nextInt(rng, 2) ? randomJson() : { type: pick(['action', 'undo', 'takeback', 'takeback-answer', 'entropy', 'hello', 'ping']), ...(randomJson() as object) }) ?? 'null';
        c.send(text.slice(0, 60_000)); // under the 64 KiB frame limit, which closes a socket (tested below)
      }
    }
    clients[0]!.ws.send(Buffer.alloc(10), { binary: true });
    clients[1]!.send('z'.repeat(70 * 1024)); // over the 64 KiB frame limit: the connection is closed, the server stays up
    await new Promise((r) => setTimeout(r, 500));
    for (const c of clients.slice(2)) {
      c.send({ type: 'ping', reqId: 'alive' });
      await c.waitFor((m) => m.type === 'pong' && m.reqId === 'alive', 10_000);
    }
    await Promise.all(clients.map((c) => c.close()));
    await srv.manager.idle();

    expect((await http(srv.url, 'GET', '/api/rulesets')).status).toBe(200);
    expect(valid).toBeGreaterThan(10);
    // Any internal error, from HTTP, a socket handler, a game worker or the AI, is counted in one place.
    expect(errors.filter((e) => e.startsWith('internal error'))).toEqual([]);
    expect(srv.internalErrors).toBe(0);
    // every game replays to its stored hashes
    for (const g of games) {
      const rec = (await srv.storage.getGame(g.gameId))!;
      const entries = await srv.storage.entries(g.gameId, 0);
      expect(entries.length).toBe(rec.entryCount);
      const log = {
        format: 'theater-log', version: LOG_VERSION, ruleset: rec.ruleset, rulesVersion: rec.rulesVersion, scenario: rec.scenario,
        options: rec.options, seed: rec.seed, setupHash: rec.setupHash, entries: entries.map((e) => e.entry),
      };
      const game = Game.load(getRuleset(rec.ruleset), log);
      const live = (await http<PlayResponse>(srv.url, 'GET', `/api/play/${g.spectator.token}`)).body;
      expect(live.stateId).toBe(entries.length);
      expect(live.view.seq).toBe(game.seq);
    }
  });
});

describe('internal errors', () => {
  it('are counted however they surface (HTTP, WebSocket message), so the fuzz above fails on any of them', async () => {
    const logged: string[] = [];
    const srv = await startServer({ port: 0, db: ':memory:', aiWorkers: 0, log: (m) => logged.push(m) });
    try {
      const g = (await http<CreateGameResponse>(srv.url, 'POST', '/api/games', { ruleset: 'duel' })).body;
      srv.manager.act = async () => {
        throw new Error('a bug in act');
      };
      const r = await http(srv.url, 'POST', `/api/play/${g.seats.red!.token}/action`, { stateId: 0, action: { type: 'bid', n: 1 } });
      expect(r.status).toBe(500);
      expect(r.body).toEqual({ error: 'internal', message: 'internal server error (logged on the server)' });
      const c = new TestClient(srv.url, g.seats.blue!.token);
      await c.stateAtLeast(0);
      c.send({ type: 'action', reqId: 'x', stateId: 0, action: { type: 'bid', n: 1 } });
      const err = await c.waitFor((m) => m.type === 'error' && m.reqId === 'x');
      expect(err).toMatchObject({ error: 'internal' });
      expect(JSON.stringify(err)).not.toContain('a bug in act');
      await c.close();
      expect(srv.internalErrors).toBe(2);
      expect(logged.map((l) => l.split(':')[0])).toEqual(['internal error (http)', 'internal error (ws message)']);
    } finally {
      await srv.close();
    }
  });
});
