// Needs TEST_DATABASE_URL (a PostgreSQL role that may create databases). Fails loudly without it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import { PostgresStorage } from './pg-storage.ts';
import { SCHEMA_VERSION } from './migrations.ts';
import { ConflictError } from './storage.ts';
import { startServer, type RunningServer } from './server.ts';
import { GameManager } from './games.ts';
import { http, takeSeats, TestClient } from './test-helpers.ts';
import type { CreateGameResponse, PlayResponse, ServerMessage, StateMessage } from './protocol.ts';

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
    // The seats' dice contributions, each on its own instance: the round crosses instances like any change.
    const values = { red: 'e'.repeat(64), blue: 'f'.repeat(64) };
    const sha = (v: string) => createHash('sha256').update(v).digest('hex');
    expect((await http(a.url, 'POST', `/api/play/${g.seats.red!.token}/entropy`, { commit: sha(values.red) })).status).toBe(200);
    expect((await http(b.url, 'POST', `/api/play/${g.seats.blue!.token}/entropy`, { commit: sha(values.blue) })).status).toBe(200);
    await red.waitFor<StateMessage>((m) => m.type === 'state' && m.dice?.phase === 'reveal');
    expect((await http(a.url, 'POST', `/api/play/${g.seats.red!.token}/entropy`, { reveal: values.red })).status).toBe(200);
    await blue.waitFor<StateMessage>((m) => m.type === 'state' && m.dice?.seats.red === 'revealed');
    expect((await http(b.url, 'POST', `/api/play/${g.seats.blue!.token}/entropy`, { reveal: values.blue })).body).toEqual({ stateId: 1 });
    await red.stateAtLeast(1);
    expect((await http(b.url, 'POST', `/api/play/${g.seats.blue!.token}/action`, { stateId: 1, action: { type: 'bid', n: 3 } })).status).toBe(200);
    const seen = await red.stateAtLeast(2);
    expect(seen.view.prompt?.kind).toBe('bid');
    expect((await http(a.url, 'POST', `/api/play/${g.seats.red!.token}/action`, { stateId: 2, action: { type: 'bid', n: 1 } })).status).toBe(200);
    const onB = await blue.waitFor<StateMessage>((m) => m.type === 'state' && m.stateId === 3);
    expect((onB.view.state as any).bids).toEqual({ red: 1, blue: 3 });
    // instance A acts at 3; instance B then gets an action made against 3 as well: stale, applied once
    expect((await http(a.url, 'POST', `/api/play/${g.seats.blue!.token}/action`, { stateId: 3, action: { type: 'advance' } })).status).toBe(200);
    const dup = await http(b.url, 'POST', `/api/play/${g.seats.blue!.token}/action`, { stateId: 3, action: { type: 'advance' } });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ error: 'stale', stateId: 4 });
    expect((await a.storage.entries(g.gameId, 0)).length).toBe(4);
    // an instance that missed the notification: its write conflicts, the action is refused as stale, it catches up
    const deaf = new PostgresStorage(url);
    await deaf.init();
    const m = new GameManager({ storage: deaf, log: () => undefined });
    expect((await m.play(g.seats.blue!.token)).stateId).toBe(4);
    expect((await http(a.url, 'POST', `/api/play/${g.seats.blue!.token}/action`, { stateId: 4, action: { type: 'advance' } })).status).toBe(200);
    await expect(m.act(g.seats.blue!.token, 4, { type: 'advance' })).rejects.toMatchObject({ body: { error: 'stale', stateId: 5 } });
    expect((await m.play(g.seats.blue!.token)).stateId).toBe(5);
    expect((await a.storage.entries(g.gameId, 0)).length).toBe(5);
    await m.close();
    await deaf.close();
    await red.close();
    await blue.close();
  });

  it('fair dice: two seats commit at once through two instances; the write that finds the round changed is made again, and neither commitment is lost', async () => {
    const g = (await http<CreateGameResponse>(a.url, 'POST', '/api/games', { ruleset: 'duel', seats: { red: { kind: 'human' }, blue: { kind: 'human' } } })).body;
    const sha = (v: string) => createHash('sha256').update(v).digest('hex');
    // An instance that holds the game from before red's commitment and hears no notification: its round is stale.
    const deaf = new PostgresStorage(url);
    await deaf.init();
    const m = new GameManager({ storage: deaf, log: () => undefined });
    expect((await m.play(g.seats.blue!.token)).dice?.phase).toBe('commit');
    const red = new TestClient(a.url, g.seats.red!.token);
    await red.stateAtLeast(0);
    expect((await http(a.url, 'POST', `/api/play/${g.seats.red!.token}/entropy`, { commit: sha('1'.repeat(64)) })).status).toBe(200);
    await m.contribute(g.seats.blue!.token, { commit: sha('2'.repeat(64)) });
    expect((await a.storage.getGame(g.gameId))?.dice?.commitments).toEqual({ red: sha('1'.repeat(64)), blue: sha('2'.repeat(64)) });
    await red.waitFor<StateMessage>((x) => x.type === 'state' && x.dice?.phase === 'reveal');
    await m.close();
    await deaf.close();
    await red.close();
  });

  /** A Duel whose seats have contributed to the dice (entry 0). */
  const newDuel = async () => {
    const g = (await http<CreateGameResponse>(a.url, 'POST', '/api/games', {
      ruleset: 'duel', seats: { red: { kind: 'human' }, blue: { kind: 'human' } },
    })).body;
    expect(await takeSeats(a.url, [g.seats.red!.token, g.seats.blue!.token])).toBe(1);
    return g;
  };
  const act = async (srv: RunningServer, token: string, stateId: number, action: Record<string, unknown>) => {
    const r = await http(srv.url, 'POST', `/api/play/${token}/action`, { stateId, action });
    expect(r.status, r.text).toBe(200);
  };

  it('a takeback asked on one instance is answered on another, and a resignation crosses too: clients on both see each result', async () => {
    const g = await newDuel();
    const red = g.seats.red!.token, blue = g.seats.blue!.token;
    const rc = new TestClient(a.url, red);
    const bc = new TestClient(b.url, blue);
    await rc.stateAtLeast(1);
    await bc.stateAtLeast(1);
    await act(a, red, 1, { type: 'bid', n: 1 });
    await bc.stateAtLeast(2); // B has heard of it
    await act(b, blue, 2, { type: 'bid', n: 3 });
    await act(b, blue, 3, { type: 'pass' });
    await rc.stateAtLeast(4);
    // Red asks on A; blue, connected to B, is asked.
    expect((await http(a.url, 'POST', `/api/play/${red}/takeback`, { to: 2 })).status).toBe(200);
    expect(await bc.waitFor((m) => m.type === 'takeback-request')).toMatchObject({ to: 2, requestedBy: 'red', stateId: 4 });
    // B's play answer knows the request, so the answer can be given there: first a refusal, seen on A.
    expect((await http<PlayResponse>(b.url, 'GET', `/api/play/${blue}`)).body.takeback).toMatchObject({ to: 2, requestedBy: 'red' });
    let from = rc.messages.length;
    expect((await http(b.url, 'POST', `/api/play/${blue}/takeback/answer`, { accept: false })).status).toBe(200);
    const refused = await rc.waitFor<StateMessage>((m) => m.type === 'state' && m.takeback === null, 10_000, from);
    expect(refused.stateId).toBe(4);
    expect(refused.view.seq).toBe(3);
    expect((await http<PlayResponse>(a.url, 'GET', `/api/play/${red}`)).body.takeback).toBeNull();
    // Asked again on A, accepted on B: both seats see the game taken back to 2 actions, and red hears who agreed.
    from = bc.messages.length;
    expect((await http(a.url, 'POST', `/api/play/${red}/takeback`, { to: 2 })).status).toBe(200);
    await bc.waitFor((m) => m.type === 'takeback-request', 10_000, from);
    from = rc.messages.length;
    const yes = await http(b.url, 'POST', `/api/play/${blue}/takeback/answer`, { accept: true });
    expect(yes.status).toBe(200);
    expect(yes.body.stateId).toBe(5);
    for (const c of [rc, bc]) {
      const s = await c.waitFor<StateMessage>((m) => m.type === 'state' && m.stateId === 5);
      expect(s.view.seq).toBe(2);
      expect(s.takeback).toBeNull();
    }
    expect(await rc.waitFor((m) => m.type === 'takeback-answer', 10_000, from)).toEqual({ type: 'takeback-answer', accepted: true, by: 'blue' });
    const log = (await http(a.url, 'GET', `/api/play/${red}/log`)).body;
    expect(log.entries.at(-1).takeback).toEqual({ to: 2, requestedBy: 'red', consentedBy: 'blue', freshDice: true });
    // Red resigns on A: blue's client on B sees the end, the result and the seed; B refuses further actions.
    expect((await http(a.url, 'POST', `/api/play/${red}/resign`)).status).toBe(200);
    for (const c of [rc, bc]) {
      const s = await c.waitFor<StateMessage>((m) => m.type === 'state' && m.status === 'finished');
      expect(s.serverResult).toMatchObject({ kind: 'resigned', loser: 'red', winner: 'blue' });
      expect(s.seed).toMatch(/^[0-9a-f]{64}$/);
    }
    const late = await http(b.url, 'POST', `/api/play/${blue}/action`, { stateId: 5, action: { type: 'pass' } });
    expect(late.status).toBe(422);
    expect(late.body.rule).toBe('game over');
    await rc.close();
    await bc.close();
  });

  it('a dropped LISTEN connection comes back, and what changed while it was down reaches the clients', async () => {
    const g = await newDuel();
    const red = new TestClient(a.url, g.seats.red!.token);
    const blue = new TestClient(b.url, g.seats.blue!.token);
    await red.stateAtLeast(1);
    await blue.stateAtLeast(1);
    const listenerA = a.storage as PostgresStorage;
    const reconnects = listenerA.listenReconnects;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      // Keep the listeners out while B acts, so that A cannot hear the notification: only the reload can tell it.
      await (b.storage as PostgresStorage).pool.query('SELECT 1'); // B keeps an open pool connection to act with
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
      const killed = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND datname = $1", [dbName]);
      expect(killed.rowCount).toBe(2); // A's and B's
      await vi.waitFor(() => expect(listenerA.listening).toBe(false), { timeout: 10_000 });
      expect((await http(b.url, 'POST', `/api/play/${g.seats.blue!.token}/action`, { stateId: 1, action: { type: 'bid', n: 3 } })).status).toBe(200);
      expect(red.messages.some((m: ServerMessage) => m.type === 'state' && m.stateId === 2)).toBe(false);
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
      const seen = await red.stateAtLeast(2, 30_000);
      expect(seen.stateId).toBe(2);
      expect(seen.view.prompt?.seat).toBe('red');
      expect(listenerA.listening).toBe(true);
      expect(listenerA.listenReconnects).toBe(reconnects + 1);
    } finally {
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    // Notifications flow again both ways.
    await vi.waitFor(() => expect((b.storage as PostgresStorage).listening).toBe(true), { timeout: 30_000 });
    expect((await http(a.url, 'POST', `/api/play/${g.seats.red!.token}/action`, { stateId: 2, action: { type: 'bid', n: 1 } })).status).toBe(200);
    expect((await blue.stateAtLeast(3)).stateId).toBe(3);
    expect((await http(b.url, 'POST', `/api/play/${g.seats.blue!.token}/action`, { stateId: 3, action: { type: 'advance' } })).status).toBe(200);
    expect((await red.stateAtLeast(4)).stateId).toBe(4);
    await red.close();
    await blue.close();
  });
});
