import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStorage } from './sqlite-storage.ts';
import { SCHEMA_VERSION } from './migrations.ts';
import { ConflictError, type GameRecord, type SeatRecord } from './storage.ts';
import { RateLimiter } from './rate-limit.ts';
import { expiredSeats, newClock, remainingAt, tick } from './clock.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const game = (id: string): GameRecord => ({
  id, ruleset: 'duel', rulesVersion: '1', scenario: 'standard', options: { rounds: 6 }, seed: 's', seedCommitment: 'c',
  setupHash: 'h', status: 'running', serverResult: null, clock: null, meta: {}, createdAt: 1, updatedAt: 1, entryCount: 0,
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
    expect(await cur.latestSnapshot('g1')).toBeNull();
    const versions = cur.db.prepare('SELECT version FROM schema_version ORDER BY version').all();
    expect(versions).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }]);
    await cur.close();
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
