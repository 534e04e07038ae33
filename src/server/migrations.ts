// Versioned schema, shared by SQLite and PostgreSQL (plain SQL both accept). Never edit a released step: add one.

export interface Migration {
  version: number;
  description: string;
  sql: string[];
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    description: 'games, seats/tokens, the append-only action log',
    sql: [
      `CREATE TABLE games (
        id TEXT PRIMARY KEY, ruleset TEXT NOT NULL, rules_version TEXT NOT NULL, scenario TEXT NOT NULL,
        options TEXT NOT NULL, seed TEXT NOT NULL, seed_commitment TEXT NOT NULL, setup_hash TEXT NOT NULL,
        status TEXT NOT NULL, server_result TEXT, clock TEXT, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL,
        entry_count INTEGER NOT NULL DEFAULT 0)`,
      `CREATE TABLE seats (
        token TEXT PRIMARY KEY, game_id TEXT NOT NULL REFERENCES games(id), seat TEXT, kind TEXT NOT NULL,
        level INTEGER, name TEXT, webhook TEXT)`,
      'CREATE INDEX seats_game ON seats(game_id)',
      `CREATE TABLE entries (
        game_id TEXT NOT NULL REFERENCES games(id), idx INTEGER NOT NULL, seat TEXT, entry TEXT NOT NULL,
        hash TEXT NOT NULL, created_at BIGINT NOT NULL, PRIMARY KEY (game_id, idx))`,
    ],
  },
  {
    version: 2,
    description: 'state snapshots; per-game metadata (takeback requests, rematch links)',
    sql: [
      `ALTER TABLE games ADD COLUMN meta TEXT NOT NULL DEFAULT '{}'`,
      `CREATE TABLE snapshots (
        game_id TEXT NOT NULL REFERENCES games(id), idx INTEGER NOT NULL, state TEXT NOT NULL, hash TEXT NOT NULL,
        created_at BIGINT NOT NULL, PRIMARY KEY (game_id, idx))`,
    ],
  },
  {
    version: 3,
    description: "each log entry's events and flags, so a game loads from its latest snapshot without replaying the log",
    sql: ['ALTER TABLE entries ADD COLUMN derived TEXT'],
  },
  {
    version: 4,
    description: "the seats' dice contributions (commitments, reveals, an imported game's own server seed)",
    sql: ['ALTER TABLE games ADD COLUMN dice TEXT'],
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export const SCHEMA_VERSION_TABLE = 'CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, applied_at BIGINT NOT NULL)';

/** Steps to run on a database at `current`; refuses a database newer than this build. */
export function pendingMigrations(current: number, upTo = SCHEMA_VERSION): Migration[] {
  if (current > SCHEMA_VERSION) {
    throw new Error(`the database has schema version ${current}, newer than this Theater (${SCHEMA_VERSION}); update Theater`);
  }
  return MIGRATIONS.filter((m) => m.version > current && m.version <= upTo);
}
