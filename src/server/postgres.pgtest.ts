// Needs TEST_DATABASE_URL (a PostgreSQL role that may create databases). Fails loudly without it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { PostgresStorage } from './pg-storage.ts';
import { SCHEMA_VERSION } from './migrations.ts';
import { ConflictError } from './storage.ts';
import { startServer, type RunningServer } from './server.ts';
import { GameManager } from './games.ts';
import { http, TestClient } from './test-helpers.ts';
import type { CreateGameResponse, StateMessage } from './protocol.ts';

const base = process.env.TEST_DATABASE_URL;
if (!base) {
  throw new Error('TEST_DATABASE_URL is not set: the PostgreSQL tests need a database server (see docs/server.md, "PostgreSQL")');
}
const dbName = `theater_test_${randomBytes(4).toString('hex')}`;
const url = (() => {
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

beforeAll(async () => {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`CREATE DATABASE ${dbName}`);
  await c.end();
});
afterAll(async () => {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await c.end();
});

describe('PostgreSQL storage', () => {
  it('a version-1 schema is upgraded on start; appends conflict at a taken index', async () => {
    const old = new PostgresStorage(url, 1);
    await old.init();
    expect(await old.schemaVersion()).toBe(1);
    await old.pool.query(`INSERT INTO games (id, ruleset, rules_version, scenario, options, seed, seed_commitment, setup_hash,
      status, created_at, updated_at, entry_count) VALUES ('g1', 'duel', '1', 'standard', '{}', 's', 'c', 'h', 'running', 1, 1, 0)`);
    await old.close();
    const s = new PostgresStorage(url);
    await s.init();
    expect(await s.schemaVersion()).toBe(SCHEMA_VERSION);
    expect((await s.getGame('g1'))?.meta).toEqual({});
    const e = (idx: number) => ({ idx, entry: { seat: 'red', action: { type: 'pass' }, hash: `h${idx}` }, createdAt: 5 });
    await s.append('g1', 0, [e(0)], { updatedAt: 9 }, { idx: 1, state: { a: 1 }, hash: 'h0' });
    await expect(s.append('g1', 0, [e(0)], {})).rejects.toBeInstanceOf(ConflictError);
    expect((await s.entries('g1', 0)).map((x) => x.entry.hash)).toEqual(['h0']);
    expect(await s.getGame('g1')).toMatchObject({ entryCount: 1, updatedAt: 9 });
    expect(await s.latestSnapshot('g1')).toEqual({ idx: 1, state: { a: 1 }, hash: 'h0' });
    const derived = { events: [{ text: 'red passes', rule: 'Duel 3' }], irreversible: true };
    await s.append('g1', 1, [{ ...e(1), derived }, e(2)], { status: 'finished' });
    expect((await s.entries('g1', 1)).map((x) => x.derived)).toEqual([derived, undefined]);
    expect((await s.entries('g1', 1)).map((x) => [x.idx, x.entry.hash])).toEqual([[1, 'h1'], [2, 'h2']]);
    expect(await s.getGame('g1')).toMatchObject({ entryCount: 3, status: 'finished', updatedAt: 9 });
    await expect(s.append('nope', 0, [e(0)], {})).rejects.toThrow('game nope does not exist');
    await s.close();
  });
});

describe('several server instances on one database', () => {
  let a: RunningServer, b: RunningServer;
  beforeAll(async () => {
    a = await startServer({ port: 0, databaseUrl: url, aiWorkers: 0, log: () => undefined });
    b = await startServer({ port: 0, databaseUrl: url, aiWorkers: 0, log: () => undefined });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('an action made on one instance reaches the clients of another (LISTEN/NOTIFY); a stale action is refused across instances', async () => {
    const g = (await http<CreateGameResponse>(a.url, 'POST', '/api/games', { ruleset: 'duel', seats: { red: { kind: 'human' }, blue: { kind: 'human' } } })).body;
    const red = new TestClient(a.url, g.seats.red!.token);
    const blue = new TestClient(b.url, g.seats.blue!.token);
    await red.stateAtLeast(0);
    await blue.stateAtLeast(0);
    expect((await http(b.url, 'POST', `/api/play/${g.seats.blue!.token}/action`, { stateId: 0, action: { type: 'bid', n: 3 } })).status).toBe(200);
    const seen = await red.stateAtLeast(1);
    expect(seen.view.prompt?.kind).toBe('bid');
    expect((await http(a.url, 'POST', `/api/play/${g.seats.red!.token}/action`, { stateId: 1, action: { type: 'bid', n: 1 } })).status).toBe(200);
    const onB = await blue.waitFor<StateMessage>((m) => m.type === 'state' && m.stateId === 2);
    expect((onB.view.state as any).bids).toEqual({ red: 1, blue: 3 });
    // instance A acts at 2; instance B then gets an action made against 2 as well: stale, applied once
    expect((await http(a.url, 'POST', `/api/play/${g.seats.blue!.token}/action`, { stateId: 2, action: { type: 'advance' } })).status).toBe(200);
    const dup = await http(b.url, 'POST', `/api/play/${g.seats.blue!.token}/action`, { stateId: 2, action: { type: 'advance' } });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ error: 'stale', stateId: 3 });
    expect((await a.storage.entries(g.gameId, 0)).length).toBe(3);
    // an instance that missed the notification: its write conflicts, the action is refused as stale, it catches up
    const deaf = new PostgresStorage(url);
    await deaf.init();
    const m = new GameManager({ storage: deaf, log: () => undefined });
    expect((await m.play(g.seats.blue!.token)).stateId).toBe(3);
    expect((await http(a.url, 'POST', `/api/play/${g.seats.blue!.token}/action`, { stateId: 3, action: { type: 'advance' } })).status).toBe(200);
    await expect(m.act(g.seats.blue!.token, 3, { type: 'advance' })).rejects.toMatchObject({ body: { error: 'stale', stateId: 4 } });
    expect((await m.play(g.seats.blue!.token)).stateId).toBe(4);
    expect((await a.storage.entries(g.gameId, 0)).length).toBe(4);
    await m.close();
    await deaf.close();
    await red.close();
    await blue.close();
  });
});
