// The storage interface: games, seats/tokens, the append-only log and snapshots. SQLite and PostgreSQL implement it.
import type { LogEntry } from '../engine/game.ts';
import type { GameEvent, Json, Options, Seat } from '../engine/types.ts';
import type { ClockSpec, GameStatus, SeatKind, ServerResult, TakebackRequest } from './protocol.ts';

export interface ClockState extends ClockSpec {
  remaining: Record<Seat, number>;
  running: Seat[];
  /** Server time the running clocks were last charged. */
  since: number;
}

/** Mutable per-game fields that are not log entries. */
export interface GameMeta {
  takeback?: TakebackRequest | null;
  rematchOf?: string | null;
  rematch?: string | null;
  [k: string]: Json | undefined | TakebackRequest;
}

/** The seats' dice contributions of a game (docs/fair-dice.md). */
export interface DiceRound {
  /** Each seat's commitment: SHA-256 of its value. */
  commitments: Record<Seat, string>;
  /** Each seat's value, once every seat had committed. */
  reveals: Record<Seat, string>;
  /** An imported game: the server's own seed for the part played here (secret until the end), and its SHA-256. */
  serverSeed?: string;
  serverCommitment?: string;
  /** The log entry that re-keyed the dice, once written. */
  entry?: number;
}

export interface GameRecord {
  id: string;
  ruleset: string;
  rulesVersion: string;
  scenario: string;
  options: Options;
  /** Secret until the end (docs/fair-dice.md). */
  seed: string;
  seedCommitment: string;
  setupHash: string;
  status: GameStatus;
  serverResult: ServerResult | null;
  clock: ClockState | null;
  meta: GameMeta;
  /** The seats' dice contributions; null for games created before them (schema 4). */
  dice: DiceRound | null;
  createdAt: number;
  updatedAt: number;
  /** Number of log entries stored (= state id). */
  entryCount: number;
}

export interface SeatRecord {
  gameId: string;
  /** null: the spectator token. */
  seat: Seat | null;
  token: string;
  kind: SeatKind;
  level: number | null;
  name: string | null;
  webhook: string | null;
}

export interface EntryRecord {
  idx: number;
  entry: LogEntry;
  createdAt: number;
  /** What applying the entry produced (absent on entries written before schema 3 or imported). */
  derived?: EntryDerived;
}

/** Kept with each entry so a game can resume from a snapshot (Game.fromSnapshot) instead of replaying its log. */
export interface EntryDerived {
  events: GameEvent[];
  /** An action that rolled dice or revealed something: undo stops there. */
  irreversible?: boolean;
  /** A sealed simultaneous answer, hidden from the other seats until the end. */
  sealed?: boolean;
  /** Seats whose sealed answers the state after this entry holds: its hash is withheld from the others until the end. */
  sealedBy?: Seat[];
}

export interface SnapshotRecord {
  idx: number;
  state: Json;
  hash: string;
}

export type GameUpdate = Partial<Pick<GameRecord, 'status' | 'serverResult' | 'clock' | 'meta' | 'dice' | 'updatedAt'>>;
/** What a write expects the game row to hold still: it is refused (ConflictError) otherwise. */
export interface GameExpect {
  dice: DiceRound | null;
}
export type SeatUpdate = Partial<Pick<SeatRecord, 'kind' | 'level' | 'name' | 'webhook'>>;

/** Another writer appended at this index first (several instances on one PostgreSQL database). */
export class ConflictError extends Error {
  constructor(gameId: string, idx: number) {
    super(`game ${gameId}: log entry ${idx} was already written by another server instance`);
    this.name = 'ConflictError';
  }
}

export interface Storage {
  readonly kind: 'sqlite' | 'postgres';
  /** Create or upgrade the schema (schema_version table). */
  init(): Promise<void>;
  createGame(game: GameRecord, seats: SeatRecord[], entries: EntryRecord[]): Promise<void>;
  getGame(id: string): Promise<GameRecord | null>;
  seatsOf(gameId: string): Promise<SeatRecord[]>;
  seatsByTokens(tokens: string[]): Promise<SeatRecord[]>;
  /** Log entries with idx >= from, in order. */
  entries(gameId: string, from: number): Promise<EntryRecord[]>;
  /**
   * Append entries at idx `from`, `from+1`... and update the game row, in one transaction. Throws ConflictError when
   * the game already has an entry at `from`, or when `expect` is given and the stored row differs from it (another
   * instance changed the dice round meanwhile).
   */
  append(gameId: string, from: number, entries: EntryRecord[], update: GameUpdate, snapshot?: SnapshotRecord, expect?: GameExpect): Promise<void>;
  updateGame(gameId: string, update: GameUpdate): Promise<void>;
  updateSeat(token: string, update: SeatUpdate): Promise<void>;
  latestSnapshot(gameId: string): Promise<SnapshotRecord | null>;
  /** Running games with an AI seat (to resume after a restart). */
  runningAiGames(): Promise<string[]>;
  /**
   * Subscribe to changes written by other instances (PostgreSQL LISTEN/NOTIFY); a no-op for SQLite. `onReconnect`
   * runs when a lost LISTEN connection is back: notifications sent meanwhile are lost, so reload what changed.
   */
  listen(onChange: (gameId: string) => void, onReconnect?: () => void): Promise<void>;
  close(): Promise<void>;
}
