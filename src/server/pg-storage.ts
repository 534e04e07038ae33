// PostgreSQL storage: the same schema and behaviour as SQLite, for several server instances sharing one database.
// Every append NOTIFYs the other instances (LISTEN/NOTIFY), which reload the game's new entries and tell their clients.
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { pendingMigrations, SCHEMA_VERSION_TABLE } from './migrations.ts';
import {
  entryFromRow, entrySeat, GAME_COLUMNS, gameFromRow, gameToValues, gameUpdateSet, SEAT_COLUMNS, seatFromRow,
  seatToValues, snapshotFromRow, entryDerived, type Row,
} from './rows.ts';
import {
  ConflictError, type EntryRecord, type GameExpect, type GameRecord, type GameUpdate, type SeatRecord, type SeatUpdate,
  type SnapshotRecord, type Storage,
} from './storage.ts';

const CHANNEL = 'theater_games';
const MIGRATION_LOCK = 7_424_242;
const LISTEN_RETRY_MS = 200;
const LISTEN_RETRY_MAX_MS = 10_000;

const params = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `$${i + from}`).join(',');

export class PostgresStorage implements Storage {
  readonly kind = 'postgres' as const;
  readonly pool: pg.Pool;
  /** Tells this instance's own notifications from others'. */
  readonly instance = randomBytes(6).toString('hex');
  private listener: pg.Client | null = null;
  private closing = false;
  private retry: NodeJS.Timeout | null = null;
  /** Times the LISTEN connection was lost and opened again (tests, diagnostics). */
  listenReconnects = 0;

  constructor(readonly url: string, private readonly upTo?: number) {
    this.pool = new pg.Pool({ connectionString: url, max: 10 });
    this.pool.on('error', () => { /* an idle client died; the pool replaces it */ });
  }

  private async tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      const r = await fn(c);
      await c.query('COMMIT');
      return r;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      c.release();
    }
  }

  async schemaVersion(): Promise<number> {
    await this.pool.query(SCHEMA_VERSION_TABLE);
    const r = await this.pool.query('SELECT MAX(version) AS v FROM schema_version');
    return Number(r.rows[0]?.v ?? 0);
  }

  async init(): Promise<void> {
    await this.tx(async (c) => {
      await c.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]); // one instance migrates at a time
      await c.query(SCHEMA_VERSION_TABLE);
      const r = await c.query('SELECT MAX(version) AS v FROM schema_version');
      for (const m of pendingMigrations(Number(r.rows[0]?.v ?? 0), this.upTo)) {
        for (const sql of m.sql) await c.query(sql);
        await c.query('INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)', [m.version, Date.now()]);
      }
    });
  }

  private async insertEntries(c: pg.PoolClient, gameId: string, list: EntryRecord[]): Promise<void> {
    for (const e of list) {
      await c.query('INSERT INTO entries (game_id, idx, seat, entry, hash, created_at, derived) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [gameId, e.idx, entrySeat(e), JSON.stringify(e.entry), e.entry.hash, e.createdAt, entryDerived(e)]);
    }
  }

  async createGame(game: GameRecord, seats: SeatRecord[], entries: EntryRecord[]): Promise<void> {
    await this.tx(async (c) => {
      await c.query(`INSERT INTO games (${GAME_COLUMNS.join(',')}) VALUES (${params(GAME_COLUMNS.length)})`,
        gameToValues({ ...game, entryCount: entries.length }));
      for (const s of seats) await c.query(`INSERT INTO seats (${SEAT_COLUMNS.join(',')}) VALUES (${params(SEAT_COLUMNS.length)})`, seatToValues(s));
      await this.insertEntries(c, game.id, entries);
    });
  }

  async getGame(id: string): Promise<GameRecord | null> {
    const r = await this.pool.query('SELECT * FROM games WHERE id = $1', [id]);
    return r.rows[0] ? gameFromRow(r.rows[0] as Row) : null;
  }

  async seatsOf(gameId: string): Promise<SeatRecord[]> {
    const r = await this.pool.query('SELECT * FROM seats WHERE game_id = $1', [gameId]);
    return (r.rows as Row[]).map(seatFromRow);
  }

  async seatsByTokens(tokens: string[]): Promise<SeatRecord[]> {
    if (tokens.length === 0) return [];
    const r = await this.pool.query('SELECT * FROM seats WHERE token = ANY($1::text[])', [tokens]);
    return (r.rows as Row[]).map(seatFromRow);
  }

  async entries(gameId: string, from: number): Promise<EntryRecord[]> {
    const r = await this.pool.query('SELECT * FROM entries WHERE game_id = $1 AND idx >= $2 ORDER BY idx', [gameId, from]);
    return (r.rows as Row[]).map(entryFromRow);
  }

  /**
   * One statement, so one round trip and its own transaction: the conditional UPDATE locks the game row and, if
   * another instance appended first, finds entry_count moved on and changes nothing (the same check as SELECT ... FOR
   * UPDATE). The entries, the snapshot and the NOTIFY hang on that row, so they happen only with it.
   */
  async append(gameId: string, from: number, entries: EntryRecord[], update: GameUpdate, snapshot?: SnapshotRecord, expect?: GameExpect): Promise<void> {
    const { cols, values } = gameUpdateSet(update);
    const sets = ['entry_count = $3', ...cols.map((col, i) => `${col} = $${i + 17}`)];
    const sql = `WITH g AS (UPDATE games SET ${sets.join(', ')} WHERE id = $1 AND entry_count = $2
        AND ($15::boolean IS NOT TRUE OR dice::jsonb IS NOT DISTINCT FROM $16::jsonb) RETURNING id),
      e AS (INSERT INTO entries (game_id, idx, seat, entry, hash, created_at, derived)
        SELECT g.id, x.idx, x.seat, x.entry, x.hash, x.created_at, x.derived FROM g,
          unnest($4::int[], $5::text[], $6::text[], $7::text[], $8::bigint[], $14::text[]) AS x(idx, seat, entry, hash, created_at, derived)),
      s AS (INSERT INTO snapshots (game_id, idx, state, hash, created_at)
        SELECT g.id, $9::int, $10::text, $11::text, $13::bigint FROM g WHERE $10::text IS NOT NULL
        ON CONFLICT (game_id, idx) DO UPDATE SET state = EXCLUDED.state, hash = EXCLUDED.hash)
      SELECT pg_notify('${CHANNEL}', $12::text) FROM g`;
    let r: pg.QueryResult;
    try {
      r = await this.pool.query(sql, [
        gameId, from, from + entries.length,
        entries.map((e) => e.idx), entries.map(entrySeat), entries.map((e) => JSON.stringify(e.entry)),
        entries.map((e) => e.entry.hash), entries.map((e) => e.createdAt),
        snapshot?.idx ?? null, snapshot ? JSON.stringify(snapshot.state) : null, snapshot?.hash ?? null,
        `${this.instance}:${gameId}`, Date.now(), entries.map(entryDerived),
        expect !== undefined, expect?.dice ? JSON.stringify(expect.dice) : null, ...values,
      ]);
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new ConflictError(gameId, from);
      throw e;
    }
    if (r.rowCount === 0) {
      const g = await this.pool.query('SELECT 1 FROM games WHERE id = $1', [gameId]);
      if (!g.rows[0]) throw new Error(`game ${gameId} does not exist`);
      throw new ConflictError(gameId, from);
    }
  }

  async updateGame(gameId: string, update: GameUpdate): Promise<void> {
    const { cols, values } = gameUpdateSet(update);
    if (cols.length === 0) return;
    await this.tx(async (c) => {
      await c.query(`UPDATE games SET ${cols.map((col, i) => `${col} = $${i + 2}`).join(', ')} WHERE id = $1`, [gameId, ...values]);
      await c.query('SELECT pg_notify($1, $2)', [CHANNEL, `${this.instance}:${gameId}`]);
    });
  }

  async updateSeat(token: string, update: SeatUpdate): Promise<void> {
    const cols = Object.keys(update).filter((k) => ['kind', 'level', 'name', 'webhook'].includes(k));
    if (cols.length === 0) return;
    await this.tx(async (c) => {
      const r = await c.query(`UPDATE seats SET ${cols.map((col, i) => `${col} = $${i + 2}`).join(', ')} WHERE token = $1 RETURNING game_id`,
        [token, ...cols.map((col) => (update as Record<string, unknown>)[col] ?? null)]);
      if (r.rows[0]) await c.query('SELECT pg_notify($1, $2)', [CHANNEL, `${this.instance}:${r.rows[0].game_id as string}`]);
    });
  }

  async latestSnapshot(gameId: string): Promise<SnapshotRecord | null> {
    const r = await this.pool.query('SELECT * FROM snapshots WHERE game_id = $1 ORDER BY idx DESC LIMIT 1', [gameId]);
    return r.rows[0] ? snapshotFromRow(r.rows[0] as Row) : null;
  }

  async runningAiGames(): Promise<string[]> {
    const r = await this.pool.query("SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id WHERE g.status = 'running' AND s.kind = 'ai'");
    return r.rows.map((x) => x.id as string);
  }

  /** Whether the LISTEN connection is up. */
  get listening(): boolean {
    return this.listener !== null;
  }

  /**
   * LISTEN on a connection of its own. When it drops (database restart, network, a terminated backend), it is
   * opened again with backoff (0.2 s doubling to 10 s), and `onReconnect` then reloads what changed meanwhile.
   */
  async listen(onChange: (gameId: string) => void, onReconnect?: () => void): Promise<void> {
    let delay = LISTEN_RETRY_MS;
    const schedule = () => {
      if (this.closing || this.retry) return;
      this.retry = setTimeout(again, delay);
      this.retry.unref();
    };
    const again = () => {
      this.retry = null;
      this.openListener(onChange, schedule).then((up) => {
        if (!up) return;
        delay = LISTEN_RETRY_MS;
        this.listenReconnects++;
        onReconnect?.();
      }, () => {
        delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
        schedule();
      });
    };
    await this.openListener(onChange, schedule);
  }

  /** Connect and LISTEN; `onLost` runs once if the connection drops later. False: closed meanwhile. */
  private async openListener(onChange: (gameId: string) => void, onLost: () => void): Promise<boolean> {
    const c = new pg.Client({ connectionString: this.url });
    const drop = () => {
      if (this.listener !== c) return; // not up yet (connect rejects instead), or already dropped
      this.listener = null;
      c.end().catch(() => undefined);
      onLost();
    };
    c.on('error', drop);
    c.on('end', drop);
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      const i = n.payload.indexOf(':');
      if (n.payload.slice(0, i) === this.instance) return;
      onChange(n.payload.slice(i + 1));
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (e) {
      await c.end().catch(() => undefined);
      throw e;
    }
    if (this.closing) {
      await c.end().catch(() => undefined);
      return false;
    }
    this.listener = c;
    return true;
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.retry) clearTimeout(this.retry);
    await this.listener?.end().catch(() => undefined);
    await this.pool.end();
  }
}
