// SQLite storage (better-sqlite3): one file, WAL journal, every append in one transaction.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { pendingMigrations, SCHEMA_VERSION_TABLE, type Migration } from './migrations.ts';
import {
  entryFromRow, entrySeat, GAME_COLUMNS, gameFromRow, gameToValues, gameUpdateSet, SEAT_COLUMNS, seatFromRow,
  seatToValues, snapshotFromRow, entryDerived, type Row,
} from './rows.ts';
import {
  ConflictError, type EntryRecord, type GameExpect, type GameRecord, type GameUpdate, type SeatRecord, type SeatUpdate,
  type SnapshotRecord, type Storage,
} from './storage.ts';

export class SqliteStorage implements Storage {
  readonly kind = 'sqlite' as const;
  readonly db: Database.Database;
  private stmts!: ReturnType<SqliteStorage['prepare']>;

  /**
   * `file` is a path or ':memory:'. `upTo` limits migrations (tests of upgrades). `autoCheckpoint: false` leaves WAL
   * checkpoints to another connection (the game workers' files: sqlite-checkpointer.mjs). `turns`: the writers of
   * this file take turns through it (the game workers, `WriteTurns`).
   */
  constructor(readonly file: string, private readonly upTo?: number, autoCheckpoint = true, private readonly turns?: WriteTurns) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode survives a killed process (not a power cut) and is much faster than FULL.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    if (!autoCheckpoint) this.db.pragma('wal_autocheckpoint = 0');
  }

  schemaVersion(): number {
    this.db.exec(SCHEMA_VERSION_TABLE);
    const r = this.db.prepare('SELECT MAX(version) AS v FROM schema_version').get() as { v: number | null };
    return r.v ?? 0;
  }

  async init(): Promise<void> {
    const steps: Migration[] = pendingMigrations(this.schemaVersion(), this.upTo);
    const run = this.db.transaction((m: Migration) => {
      for (const sql of m.sql) this.db.exec(sql);
      this.db.prepare('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)').run(m.version, Date.now());
    });
    for (const m of steps) run(m);
    if (this.upTo === undefined) {
      this.stmts = this.prepare();
      this.appendTx = this.prepareAppend();
    }
  }

  private prepare() {
    const db = this.db;
    return {
      insertGame: db.prepare(`INSERT INTO games (${GAME_COLUMNS.join(',')}) VALUES (${GAME_COLUMNS.map(() => '?').join(',')})`),
      insertSeat: db.prepare(`INSERT INTO seats (${SEAT_COLUMNS.join(',')}) VALUES (${SEAT_COLUMNS.map(() => '?').join(',')})`),
      insertEntry: db.prepare('INSERT INTO entries (game_id, idx, seat, entry, hash, created_at, derived) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      insertSnapshot: db.prepare('INSERT OR REPLACE INTO snapshots (game_id, idx, state, hash, created_at) VALUES (?, ?, ?, ?, ?)'),
      getGame: db.prepare('SELECT * FROM games WHERE id = ?'),
      seatsOf: db.prepare('SELECT * FROM seats WHERE game_id = ?'),
      seatByToken: db.prepare('SELECT * FROM seats WHERE token = ?'),
      entries: db.prepare('SELECT * FROM entries WHERE game_id = ? AND idx >= ? ORDER BY idx'),
      entryCount: db.prepare('SELECT entry_count, dice FROM games WHERE id = ?'),
      latestSnapshot: db.prepare('SELECT * FROM snapshots WHERE game_id = ? ORDER BY idx DESC LIMIT 1'),
    };
  }

  private insertEntries(gameId: string, list: EntryRecord[]): void {
    for (const e of list) {
      this.stmts.insertEntry.run(gameId, e.idx, entrySeat(e), JSON.stringify(e.entry), e.entry.hash, e.createdAt, entryDerived(e));
    }
  }

  async createGame(game: GameRecord, seats: SeatRecord[], entries: EntryRecord[]): Promise<void> {
    this.write(() => this.db.transaction(() => {
      this.stmts.insertGame.run(...gameToValues({ ...game, entryCount: entries.length }));
      for (const s of seats) this.stmts.insertSeat.run(...seatToValues(s));
      this.insertEntries(game.id, entries);
    }).immediate());
  }

  async getGame(id: string): Promise<GameRecord | null> {
    const r = this.stmts.getGame.get(id) as Row | undefined;
    return r ? gameFromRow(r) : null;
  }

  async seatsOf(gameId: string): Promise<SeatRecord[]> {
    return (this.stmts.seatsOf.all(gameId) as Row[]).map(seatFromRow);
  }

  async seatsByTokens(tokens: string[]): Promise<SeatRecord[]> {
    const out: SeatRecord[] = [];
    for (const t of tokens) {
      const r = this.stmts.seatByToken.get(t) as Row | undefined;
      if (r) out.push(seatFromRow(r));
    }
    return out;
  }

  async entries(gameId: string, from: number): Promise<EntryRecord[]> {
    return (this.stmts.entries.all(gameId, from) as Row[]).map(entryFromRow);
  }

  async append(gameId: string, from: number, entries: EntryRecord[], update: GameUpdate, snapshot?: SnapshotRecord, expect?: GameExpect): Promise<void> {
    // IMMEDIATE takes the write lock first: with game worker threads several connections write this file, and a
    // read-then-write transaction could not wait for the lock (SQLITE_BUSY) once another write came in between.
    this.write(() => this.appendTx.immediate(gameId, from, entries, update, snapshot, expect));
  }

  private write<T>(f: () => T): T {
    return this.turns ? this.turns.run(f) : f();
  }

  private appendTx!: Database.Transaction<(gameId: string, from: number, entries: EntryRecord[], update: GameUpdate, snapshot?: SnapshotRecord, expect?: GameExpect) => void>;

  private prepareAppend() {
    return this.db.transaction((gameId: string, from: number, entries: EntryRecord[], update: GameUpdate, snapshot?: SnapshotRecord, expect?: GameExpect) => {
      const r = this.stmts.entryCount.get(gameId) as { entry_count: number; dice: string | null } | undefined;
      if (!r) throw new Error(`game ${gameId} does not exist`);
      if (r.entry_count !== from) throw new ConflictError(gameId, from);
      if (expect && r.dice !== (expect.dice ? JSON.stringify(expect.dice) : null)) throw new ConflictError(gameId, from);
      this.insertEntries(gameId, entries);
      this.applyUpdate(gameId, update, from + entries.length); // the count and the update in one statement
      if (snapshot) {
        this.stmts.insertSnapshot.run(gameId, snapshot.idx, JSON.stringify(snapshot.state), snapshot.hash, Date.now());
      }
    });
  }

  private updates = new Map<string, Database.Statement>();

  /** Update the game's row; `entryCount`: its entry count too. */
  private applyUpdate(gameId: string, update: GameUpdate, entryCount?: number): void {
    const { cols, values } = gameUpdateSet(update);
    if (entryCount !== undefined) {
      cols.push('entry_count');
      values.push(entryCount);
    }
    if (cols.length === 0) return;
    const key = cols.join(',');
    let st = this.updates.get(key);
    if (!st) {
      st = this.db.prepare(`UPDATE games SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`);
      this.updates.set(key, st);
    }
    st.run(...values, gameId);
  }

  async updateGame(gameId: string, update: GameUpdate): Promise<void> {
    this.write(() => this.applyUpdate(gameId, update));
  }

  async updateSeat(token: string, update: SeatUpdate): Promise<void> {
    const cols = Object.keys(update).filter((k) => ['kind', 'level', 'name', 'webhook'].includes(k));
    if (cols.length === 0) return;
    this.write(() => this.db.prepare(`UPDATE seats SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE token = ?`)
      .run(...cols.map((c) => (update as Record<string, unknown>)[c] ?? null), token));
  }

  async latestSnapshot(gameId: string): Promise<SnapshotRecord | null> {
    const r = this.stmts.latestSnapshot.get(gameId) as Row | undefined;
    return r ? snapshotFromRow(r) : null;
  }

  async runningAiGames(): Promise<string[]> {
    return (this.db.prepare("SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id WHERE g.status = 'running' AND s.kind = 'ai'").all() as { id: string }[]).map((r) => r.id);
  }

  async listen(): Promise<void> {
    // One process owns a SQLite file: nothing to hear from.
  }

  /** Online backup to `file` (consistent while the server runs). */
  async backup(file: string): Promise<void> {
    await this.db.backup(file);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/**
 * Writers of one SQLite file (the game workers' connections) take turns through an Int32 in shared memory before
 * SQLite's own write lock. A connection that finds SQLite's lock taken sleeps in its busy handler, 1 ms, then 2, 5
 * and more; a writer waiting here wakes as soon as the one before is done. SQLite's lock still guards the file: this
 * one only orders the writers, and a turn held longer than `waitMs` (a worker that died in it) is passed over.
 */
export class WriteTurns {
  constructor(private readonly word: Int32Array, private readonly waitMs = 100) {}

  run<T>(f: () => T): T {
    this.take();
    try {
      return f();
    } finally {
      Atomics.store(this.word, 0, 0);
      Atomics.notify(this.word, 0, 1);
    }
  }

  private take(): void {
    const until = performance.now() + this.waitMs;
    while (Atomics.compareExchange(this.word, 0, 0, 1) !== 0) {
      const left = until - performance.now();
      if (left <= 0) return;
      Atomics.wait(this.word, 0, 1, left);
    }
  }
}
