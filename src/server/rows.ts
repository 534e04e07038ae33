// Row <-> record conversion shared by the SQLite and PostgreSQL stores (JSON columns are TEXT in both).
import type { EntryDerived, EntryRecord, GameRecord, GameUpdate, SeatRecord, SnapshotRecord } from './storage.ts';

export type Row = Record<string, unknown>;

const num = (v: unknown): number => (typeof v === 'string' ? Number(v) : (v as number));
const json = <T>(v: unknown, fallback: T): T => (v === null || v === undefined ? fallback : JSON.parse(v as string) as T);

export function gameFromRow(r: Row): GameRecord {
  return {
    id: r.id as string, ruleset: r.ruleset as string, rulesVersion: r.rules_version as string,
    scenario: r.scenario as string, options: json(r.options, {}), seed: r.seed as string,
    seedCommitment: r.seed_commitment as string, setupHash: r.setup_hash as string,
    status: r.status as GameRecord['status'], serverResult: json(r.server_result, null), clock: json(r.clock, null),
    meta: json(r.meta, {}), dice: json(r.dice, null), createdAt: num(r.created_at), updatedAt: num(r.updated_at), entryCount: num(r.entry_count),
  };
}

export const GAME_COLUMNS = ['id', 'ruleset', 'rules_version', 'scenario', 'options', 'seed', 'seed_commitment',
  'setup_hash', 'status', 'server_result', 'clock', 'meta', 'dice', 'created_at', 'updated_at', 'entry_count'];

export function gameToValues(g: GameRecord): unknown[] {
  return [g.id, g.ruleset, g.rulesVersion, g.scenario, JSON.stringify(g.options), g.seed, g.seedCommitment, g.setupHash,
    g.status, g.serverResult ? JSON.stringify(g.serverResult) : null, g.clock ? JSON.stringify(g.clock) : null,
    JSON.stringify(g.meta), g.dice ? JSON.stringify(g.dice) : null, g.createdAt, g.updatedAt, g.entryCount];
}

/** SET clauses and values of a game update (column names are fixed here, never from input). */
export function gameUpdateSet(u: GameUpdate): { cols: string[]; values: unknown[] } {
  const cols: string[] = [];
  const values: unknown[] = [];
  if (u.status !== undefined) { cols.push('status'); values.push(u.status); }
  if (u.serverResult !== undefined) { cols.push('server_result'); values.push(u.serverResult ? JSON.stringify(u.serverResult) : null); }
  if (u.clock !== undefined) { cols.push('clock'); values.push(u.clock ? JSON.stringify(u.clock) : null); }
  if (u.meta !== undefined) { cols.push('meta'); values.push(JSON.stringify(u.meta)); }
  if (u.dice !== undefined) { cols.push('dice'); values.push(u.dice ? JSON.stringify(u.dice) : null); }
  if (u.updatedAt !== undefined) { cols.push('updated_at'); values.push(u.updatedAt); }
  return { cols, values };
}

export function seatFromRow(r: Row): SeatRecord {
  return {
    gameId: r.game_id as string, seat: (r.seat as string | null) ?? null, token: r.token as string,
    kind: r.kind as SeatRecord['kind'], level: r.level === null || r.level === undefined ? null : num(r.level),
    name: (r.name as string | null) ?? null, webhook: (r.webhook as string | null) ?? null,
  };
}

export const SEAT_COLUMNS = ['token', 'game_id', 'seat', 'kind', 'level', 'name', 'webhook'];
export function seatToValues(s: SeatRecord): unknown[] {
  return [s.token, s.gameId, s.seat, s.kind, s.level, s.name, s.webhook];
}

export function entryFromRow(r: Row): EntryRecord {
  const e: EntryRecord = { idx: num(r.idx), entry: JSON.parse(r.entry as string), createdAt: num(r.created_at) };
  if (typeof r.derived === 'string') e.derived = JSON.parse(r.derived) as EntryDerived;
  return e;
}

export function entryDerived(e: EntryRecord): string | null {
  return e.derived ? JSON.stringify(e.derived) : null;
}

export function entrySeat(e: EntryRecord): string | null {
  const x = e.entry as Record<string, unknown>;
  return typeof x.seat === 'string' ? x.seat : typeof x.undo === 'string' ? x.undo : null;
}

export function snapshotFromRow(r: Row): SnapshotRecord {
  return { idx: num(r.idx), state: JSON.parse(r.state as string), hash: r.hash as string };
}
