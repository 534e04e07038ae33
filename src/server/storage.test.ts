import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStorage, WriteTurns } from './sqlite-storage.ts';
import { Worker } from 'node:worker_threads';
import { SCHEMA_VERSION } from './migrations.ts';
import { ConflictError, type GameRecord, type SeatRecord } from './storage.ts';
import { RateLimiter } from './rate-limit.ts';
import { expiredSeats, newClock, remainingAt, tick } from './clock.ts';
import { Game } from '../engine/game.ts';
import { eventsFor, prompts, viewFor } from '../engine/kernel.ts';
import type { GameEvent } from '../engine/types.ts';
import { getRuleset } from '../rulesets/index.ts';
import { seedCommitment } from './fair-dice.ts';
import { startServer } from './server.ts';
import { http } from './test-helpers.ts';
import type { PlayResponse } from './protocol.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const game = (id: string): GameRecord => ({
  id, ruleset: 'duel', rulesVersion: '1', scenario: 'standard', options: { rounds: 6 }, seed: 's', seedCommitment: 'c',
  setupHash: 'h', status: 'running', serverResult: null, clock: null, meta: {}, dice: null, createdAt: 1, updatedAt: 1, entryCount: 0,
});
const seat = (gameId: string, s: string | null, token: string): SeatRecord => ({
  gameId, seat: s, token, kind: 'human', level: null, name: null, webhook: null,
});

describe('SQLite storage', () => {
  it('a database of schema version 1 is upgraded on start, keeping its games', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'theater-mig-'));
    dirs.push(dir);
    const file = join(dir, 'old.sqlite');
    const old = new SqliteStorage(file, 1);
    await old.init();
    expect(old.schemaVersion()).toBe(1);
    old.db.prepare(`INSERT INTO games (id, ruleset, rules_version, scenario, options, seed, seed_commitment, setup_hash,
      status, created_at, updated_at, entry_count) VALUES ('g1', 'duel', '1', 'standard', '{}', 's', 'c', 'h', 'running', 1, 1, 0)`).run();
    await old.close();
    const cur = new SqliteStorage(file);
    await cur.init();
    expect(cur.schemaVersion()).toBe(SCHEMA_VERSION);
    const g = await cur.getGame('g1');
    expect(g?.meta).toEqual({});
    expect(g?.dice).toBeNull(); // a game from before the seats' dice contributions: it plays on without them
    expect(await cur.latestSnapshot('g1')).toBeNull();
    const versions = cur.db.prepare('SELECT version FROM schema_version ORDER BY version').all();
    expect(versions).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }, { version: 4 }]);
    await cur.close();
  });

  // Schema 1 has no meta column and no snapshots; schema 2 has both; neither stores what an entry produced (`derived`).
  it.each([1, 2])('a played game stored at schema version %i loads on the current server, replays to its stored hashes and plays on', async (version) => {
    const dir = mkdtempSync(join(tmpdir(), 'theater-mig-'));
    dirs.push(dir);
    const file = join(dir, `v${version}.sqlite`);
    // Play a game with the engine, as the server of that version did, undo included.
    const duel = getRuleset('duel');
    const game = Game.create(duel, 'standard', { rounds: 6 }, 'old-seed');
    const entryEvents: GameEvent[][] = [];
    for (let i = 0; i < 14; i++) {
      const p = prompts(duel, game.state)[0]!;
      entryEvents.push(game.apply({ seat: p.seat, action: p.choices[i % p.choices.length]!.action, hash: '' }));
      if (i === 8 && game.undoableBy(p.seat) > 0) entryEvents.push(game.apply({ undo: p.seat, hash: '' }));
    }
    expect(game.entries.some((e) => 'undo' in e)).toBe(true);
    const n = game.entries.length;

    const old = new SqliteStorage(file, version);
    await old.init();
    expect(old.schemaVersion()).toBe(version);
    const tokens = { red: 'a'.repeat(32), blue: 'b'.repeat(32), spectator: 'c'.repeat(32) };
    old.db.prepare(`INSERT INTO games (id, ruleset, rules_version, scenario, options, seed, seed_commitment, setup_hash,
      status, created_at, updated_at, entry_count) VALUES ('old1', 'duel', ?, 'standard', ?, 'old-seed', ?, ?, 'running', 1, 2, ?)`)
      .run(duel.rulesVersion, JSON.stringify({ rounds: 6 }), seedCommitment('old-seed'), game.setupHash, n);
    for (const [seatName, token] of [['red', tokens.red], ['blue', tokens.blue], [null, tokens.spectator]]) {
      old.db.prepare("INSERT INTO seats (token, game_id, seat, kind) VALUES (?, 'old1', ?, 'human')").run(token, seatName);
    }
    game.entries.forEach((e, idx) => {
      const seatOf = 'seat' in e ? e.seat : 'undo' in e ? e.undo : null;
      old.db.prepare("INSERT INTO entries (game_id, idx, seat, entry, hash, created_at) VALUES ('old1', ?, ?, ?, ?, 2)")
        .run(idx, seatOf, JSON.stringify(e), e.hash);
    });
    if (version >= 2) {
      // A snapshot as schema 2 wrote them; with no `derived` before it, the server must replay from the setup.
      const at = Game.load(duel, { ...game.toLog(), entries: game.entries.slice(0, 10) });
      old.db.prepare("INSERT INTO snapshots (game_id, idx, state, hash, created_at) VALUES ('old1', 10, ?, ?, 2)")
        .run(JSON.stringify(at.state), game.entries[9]!.hash);
    }
    await old.close();

    const start = () => startServer({ port: 0, db: file, aiWorkers: 0, log: () => undefined });
    let srv = await start();
    try {
      expect((srv.storage as SqliteStorage).schemaVersion()).toBe(SCHEMA_VERSION);
      const p = (await http<PlayResponse>(srv.url, 'GET', `/api/play/${tokens.red}`)).body;
      expect(p.stateId).toBe(n);
      expect(p.view).toEqual(JSON.parse(JSON.stringify(viewFor(duel, game.state, 'red'))));
      expect(p.events).toEqual(JSON.parse(JSON.stringify(eventsFor([...game.setupEvents, ...entryEvents.flat()], 'red'))));
      expect(p.seedCommitment).toBe(seedCommitment('old-seed'));
      // It plays on: the new entry is written with what it produced, the old ones are left as they were.
      const mover = p.view.prompt ? tokens.red : tokens.blue;
      const q = (await http<PlayResponse>(srv.url, 'GET', `/api/play/${mover}`)).body;
      const r = await http(srv.url, 'POST', `/api/play/${mover}/action`, { stateId: n, action: q.view.prompt!.choices[0]!.action });
      expect(r.status, r.text).toBe(200);
      expect(r.body.stateId).toBe(n + 1);
      const stored = await srv.storage.entries('old1', 0);
      expect(stored.map((e) => e.derived === undefined)).toEqual([...Array(n).fill(true), false]);
      const after = (await http<PlayResponse>(srv.url, 'GET', `/api/play/${tokens.blue}`)).body;
      // And it loads again after a restart, old entries and new.
      await srv.close();
      srv = await start();
      const again = (await http<PlayResponse>(srv.url, 'GET', `/api/play/${tokens.blue}`)).body;
      expect(again.stateId).toBe(n + 1);
      expect(again.view).toEqual(after.view);
      expect(again.events).toEqual(after.events);
    } finally {
      await srv.close();
    }
  });

  it('refuses a database newer than this build', async () => {
    const s = new SqliteStorage(':memory:');
    await s.init();
    s.db.prepare('INSERT INTO schema_version (version, applied_at) VALUES (?, 0)').run(SCHEMA_VERSION + 1);
    await expect(s.init()).rejects.toThrow(/newer than this Theater/);
  });

  it('appends entries in order; a second append at the same index is a conflict and writes nothing', async () => {
    const s = new SqliteStorage(':memory:');
    await s.init();
    await s.createGame(game('g'), [seat('g', 'red', 'a'.repeat(32)), seat('g', null, 'b'.repeat(32))], []);
    const e = (idx: number) => ({ idx, entry: { seat: 'red', action: { type: 'pass' }, hash: `h${idx}` }, createdAt: 5 });
    await s.append('g', 0, [e(0)], { updatedAt: 5 });
    await expect(s.append('g', 0, [e(0)], {})).rejects.toBeInstanceOf(ConflictError);
    const derived = { events: [{ text: 'red passes', rule: 'Duel 3' }], irreversible: true };
    await s.append('g', 1, [{ ...e(1), derived }, e(2)], { status: 'finished' }, { idx: 3, state: { x: 1 }, hash: 'h2' });
    expect((await s.entries('g', 1)).map((x) => x.derived)).toEqual([derived, undefined]);
    expect((await s.entries('g', 1)).map((x) => x.entry.hash)).toEqual(['h1', 'h2']);
    const g = await s.getGame('g');
    expect(g).toMatchObject({ entryCount: 3, status: 'finished', updatedAt: 5 });
    expect(await s.latestSnapshot('g')).toEqual({ idx: 3, state: { x: 1 }, hash: 'h2' });
    expect((await s.seatsByTokens(['b'.repeat(32), 'zz'])).map((x) => x.seat)).toEqual([null]);
    await s.close();
  });

  it('writers take turns: a write waits for the other thread to end its turn, then gives the turn back', async () => {
    const word = new Int32Array(new SharedArrayBuffer(4));
    const done = new Int32Array(new SharedArrayBuffer(4));
    // Another thread takes the turn, waits 30 ms (on a word nobody wakes), marks its work done and ends its turn.
    const holder = new Worker(`
      const { workerData: { word, done }, parentPort } = require('node:worker_threads');
      Atomics.compareExchange(word, 0, 0, 1);
      parentPort.postMessage('taken');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30);
      Atomics.store(done, 0, 1);
      Atomics.store(word, 0, 0);
      Atomics.notify(word, 0, 1);`, { eval: true, workerData: { word, done } });
    await new Promise((r) => holder.once('message', r));
    const turns = new WriteTurns(word, 60_000);
    expect(turns.run(() => Atomics.load(done, 0))).toBe(1);
    expect(Atomics.load(word, 0)).toBe(0);
    expect(() => turns.run(() => { throw new Error('no'); })).toThrow('no');
    expect(Atomics.load(word, 0)).toBe(0);
    await holder.terminate();
  });

  it("a turn never given back (its thread died) is passed over after the wait's limit", () => {
    const word = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(word, 0, 1);
    expect(new WriteTurns(word, 5).run(() => 'written')).toBe('written');
    expect(Atomics.load(word, 0)).toBe(0);
  });
});

describe('rate limits and clocks', () => {
  it('a token bucket allows its burst, then refills at its rate', () => {
    let t = 0;
    const rl = new RateLimiter({ burst: 3, perSecond: 2 }, () => t);
    expect([rl.take('k'), rl.take('k'), rl.take('k'), rl.take('k')]).toEqual([true, true, true, false]);
    expect(rl.take('other')).toBe(true);
    t += 500;
    expect([rl.take('k'), rl.take('k')]).toEqual([true, false]);
  });

  it('clocks charge only the seats to move, add the increment to the seat that acted, and expire at zero', () => {
    let c = newClock({ initialMs: 10_000, incrementMs: 1_000 }, ['red', 'blue'], 0);
    c = tick(c, 0, null, ['red']);
    expect(remainingAt(c, 4_000)).toEqual({ red: 6_000, blue: 10_000 });
    c = tick(c, 4_000, 'red', ['blue']);
    expect(c.remaining).toEqual({ red: 7_000, blue: 10_000 });
    expect(expiredSeats(c, 13_999)).toEqual([]);
    expect(expiredSeats(c, 14_000)).toEqual(['blue']);
    expect(expiredSeats(c, 14_000, ['blue'])).toEqual([]);
  });
});
