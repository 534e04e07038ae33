// The server with its games spread over worker threads (game-workers.ts): same protocol, same durability.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultGameWorkers, shardOf } from './game-workers.ts';
import { startServer, type RunningServer } from './server.ts';
import { http, takeSeats, TestClient } from './test-helpers.ts';
import type { CreateGameResponse, GameSummary, PlayResponse, ServerMessage, StateMessage } from './protocol.ts';

const dir = mkdtempSync(join(tmpdir(), 'theater-workers-'));
const file = join(dir, 'w.sqlite');
let srv: RunningServer;
const clients: TestClient[] = [];
const start = () => startServer({ port: 0, db: file, gameWorkers: 2, aiWorkers: 0, log: () => undefined });

beforeAll(async () => {
  srv = await start();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await srv.close();
  rmSync(dir, { recursive: true, force: true });
});

const api = <T = any>(method: string, path: string, body?: unknown) => http<T>(srv.url, method, path, body);
const client = async (token: string) => {
  const c = new TestClient(srv.url, token);
  clients.push(c);
  await c.opened;
  return c;
};
async function newDuel(): Promise<CreateGameResponse> {
  const r = await api<CreateGameResponse>('POST', '/api/games', {
    ruleset: 'duel', scenario: 'standard', seats: { red: { kind: 'human' }, blue: { kind: 'human' } },
  });
  expect(r.status, r.text).toBe(201);
  expect(await takeSeats(srv.url, [r.body.seats.red!.token, r.body.seats.blue!.token])).toBe(1);
  return r.body;
}

describe('how many game workers theater serve starts', () => {
  it('none on one core, two on two or three, then one less than the cores', () => {
    expect([1, 2, 3, 4, 8].map((cores) => defaultGameWorkers(cores))).toEqual([0, 2, 2, 3, 7]);
  });
});

describe('game worker threads', () => {
  const games: CreateGameResponse[] = [];

  it('shares games out over both workers, and each seat sees its state before the ack (server durability rule)', async () => {
    for (let i = 0; i < 8; i++) games.push(await newDuel());
    expect(new Set(games.map((g) => shardOf(g.gameId, 2))).size).toBe(2);
    for (const g of games) {
      const red = await client(g.seats.red!.token);
      const blue = await client(g.seats.blue!.token);
      const first = await red.stateAtLeast(1);
      expect(first.view.prompt?.seat).toBe('red');
      await blue.stateAtLeast(1);
      // Duel 2: both seats bid at once; the first bid stays sealed until the second arrives.
      const from = red.messages.length;
      red.send({ type: 'action', reqId: 'r1', stateId: first.stateId, action: first.view.prompt!.choices[0]!.action });
      const ack = await red.waitFor((m) => m.type === 'ack' && m.reqId === 'r1');
      const stateIdx = red.messages.findIndex((m, i) => i >= from && m.type === 'state' && m.stateId === (ack as { stateId: number }).stateId);
      expect(stateIdx).toBeGreaterThanOrEqual(from);
      expect(stateIdx).toBeLessThan(red.messages.indexOf(ack));
      const seen = await blue.stateAtLeast(first.stateId + 1);
      expect(seen.view.prompt?.seat).toBe('blue');
      blue.send({ type: 'action', reqId: 'b1', stateId: seen.stateId, action: seen.view.prompt!.choices[0]!.action });
      await blue.waitFor((m) => m.type === 'ack' && m.reqId === 'b1');
      // An action against an old state id is refused as stale, with the current one.
      red.send({ type: 'action', reqId: 'old', stateId: first.stateId, action: first.view.prompt!.choices[0]!.action });
      const err = await red.waitFor((m) => m.type === 'error' && m.reqId === 'old') as Extract<ServerMessage, { type: 'error' }>;
      expect(err.error).toBe('stale');
      expect(err.stateId).toBe(first.stateId + 2);
    }
  });

  it('gives a seat\'s tabs and the spectators the same messages, each once, from one text the worker hands over', async () => {
    const g = await newDuel();
    const tabs = [await client(g.seats.red!.token), await client(g.seats.red!.token)];
    const watchers = [await client(g.spectator.token), await client(g.spectator.token)];
    const blue = await client(g.seats.blue!.token);
    const first = await tabs[0]!.stateAtLeast(1);
    await blue.stateAtLeast(1);
    tabs[1]!.send({ type: 'action', reqId: 'r', stateId: first.stateId, action: first.view.prompt!.choices[0]!.action });
    const seen = await blue.stateAtLeast(first.stateId + 1);
    blue.send({ type: 'action', reqId: 'b', stateId: seen.stateId, action: seen.view.prompt!.choices[0]!.action });
    for (const c of [...tabs, ...watchers]) await c.stateAtLeast(first.stateId + 2);
    const after = (c: TestClient) => c.messages.filter((m) => m.type === 'state' && m.stateId > first.stateId);
    for (const pair of [tabs, watchers]) {
      expect(after(pair[0]!).map((m) => (m as StateMessage).stateId)).toEqual([first.stateId + 1, first.stateId + 2]);
      expect(after(pair[1]!)).toEqual(after(pair[0]!));
    }
    expect((after(watchers[0]!)[1] as StateMessage).view.prompt ?? null).toBeNull();
  });

  it('answers HTTP calls from the right worker: play, my-games across workers, replay, rematch', async () => {
    const p = (await api<PlayResponse>('GET', `/api/play/${games[0]!.seats.red!.token}`)).body;
    expect(p.stateId).toBe(3);
    expect(p.seats.find((s) => s.seat === 'red')?.connected).toBe(true);
    const tokens = games.map((g) => g.seats.blue!.token);
    const mine = await api<GameSummary[]>('POST', '/api/my-games', { tokens: [...tokens].reverse() });
    expect(mine.body.map((s) => s.gameId)).toEqual([...games].reverse().map((g) => g.gameId));
    const rp = await api('GET', `/api/replay/${games[1]!.gameId}?at=0`);
    expect(rp.status).toBe(200);
    expect(rp.body.length).toBe(2); // both bids are in force
    expect((await api('GET', '/api/play/0123456789abcdef0123456789abcdef')).status).toBe(404);
    const resigned = await api('POST', `/api/play/${games[2]!.seats.red!.token}/resign`, {});
    expect(resigned.status).toBe(200);
    const again = await api<CreateGameResponse & { yourToken: { token: string } }>('POST', `/api/play/${games[2]!.seats.red!.token}/rematch`, {});
    expect(again.status, again.text).toBe(201);
    const np = (await api<PlayResponse>('GET', `/api/play/${again.body.yourToken.token}`)).body;
    expect(np.rematchOf).toBe(games[2]!.gameId);
    expect(np.status).toBe('running');
  });

  it('WAL checkpoints run on a thread of their own: the database file catches up with what the workers wrote', async () => {
    // The workers' connections never checkpoint (wal_autocheckpoint = 0): only sqlite-checkpointer.mjs copies the
    // WAL into the file, so without it the file would stay behind the pages the workers wrote.
    const reader = new Database(file, { readonly: true });
    try {
      const bytes = () => (reader.pragma('page_count', { simple: true }) as number) * (reader.pragma('page_size', { simple: true }) as number);
      expect(bytes()).toBeGreaterThan(8 * 4096);
      await vi.waitFor(() => expect(statSync(file).size).toBe(bytes()), { timeout: 10_000, interval: 50 });
    } finally {
      reader.close();
    }
  });

  it('a restarted server rebuilds every game from the database file, each in its worker', async () => {
    const before = await Promise.all(games.map(async (g) => (await api<PlayResponse>('GET', `/api/play/${g.seats.red!.token}`)).body));
    await Promise.all(clients.map((c) => c.close()));
    await srv.close();
    srv = await start();
    for (const [i, g] of games.entries()) {
      const p = (await api<PlayResponse>('GET', `/api/play/${g.seats.red!.token}`)).body;
      expect(p.stateId).toBe(before[i]!.stateId);
      expect(p.view).toEqual(before[i]!.view);
    }
    const c = await client(games[3]!.seats.red!.token);
    const s = await c.waitFor<StateMessage>((m) => m.type === 'state');
    expect(s.stateId).toBe(3);
  });
});
