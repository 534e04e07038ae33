// Games spread over worker threads: each worker runs a GameManager (game-worker.ts) with its own database
// connection and holds the games whose id hashes to it, so two cores apply rules, build views and write at once.
// The main thread keeps HTTP, the sockets and validation, and routes each call to the game's worker.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ApiError } from './errors.ts';
import type { Conn, GameManager, ManagerApi } from './games.ts';
import type { ErrorBody, GameSummary, ServerMessage } from './protocol.ts';
import type { Storage } from './storage.ts';
import type { WebhookPolicy } from './webhooks.ts';

/** What a game worker is started with (workerData). */
export interface WorkerConfig {
  index: number;
  count: number;
  /** SQLite file (never ':memory:': every worker opens it) or, instead, a PostgreSQL URL. */
  db?: string;
  /** Shared by the workers writing `db` (sqlite-storage.ts `WriteTurns`). */
  writeTurns?: Int32Array;
  databaseUrl?: string;
  aiWorkers: number;
  snapshotEvery?: number;
  webhookTimeoutMs?: number;
  webhooks?: WebhookPolicy;
  aiBudgetMs?: number;
}

/** `at`: when the main thread posted it, ms since the epoch (with THEATER_TRACE_REQUESTS, for the benchmark). */
export interface WorkerRequest { id: number; method: string; args: unknown[]; at?: number }

const traceRequests = !!process.env.THEATER_TRACE_REQUESTS;

export type WorkerReply =
  | { id: number; value: unknown }
  | { id: number; api: ErrorBody }
  | { id: number; internal: string }
  /** A text for these sockets (several: a seat's tabs or the spectators, the same message). */
  | { conns: number[]; text: string }
  | { log: string; internal?: string }
  | { ready: true };

/**
 * Game workers `theater serve` starts unless told: none on one core; two on two or three cores; from four cores one
 * less than the cores, leaving one to the main thread (sockets, HTTP). On the 2-core machine, since a worker's full
 * GCs halved (docs/performance.md, "Twenty-fifth session"), two gave a p99 of 63-67 ms at 500 actions/s against
 * 156-211 ms with one; in `--lockstep` one pair each way (docs/server.md "How many").
 */
export function defaultGameWorkers(cores = availableParallelism()): number {
  return cores <= 1 ? 0 : Math.max(2, cores - 1);
}

/**
 * Young generation of a game worker, MB (THEATER_WORKER_YOUNG_MB). A game's new state lives until that game's next
 * action (0.4 s at 500 actions/s over 200 games): with V8's default (16 MB semi-spaces, a scavenge every 0.1 s)
 * nearly every state was copied twice, scavenges took 3.7 to 4.9 s of the worker's time in a 45 s benchmark and
 * paused it up to 60 ms. With 192 MB (64 MB semi-spaces) most states die young.
 */
export function workerYoungGenerationMb(env = process.env.THEATER_WORKER_YOUNG_MB): number {
  const n = Number(env);
  return env && Number.isFinite(n) && n >= 8 ? n : 192;
}

/** The worker that owns a game. */
export function shardOf(gameId: string, count: number): number {
  let h = 0;
  for (let i = 0; i < gameId.length; i++) h = (h * 31 + gameId.charCodeAt(i)) >>> 0;
  return h % count;
}

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>;
  ready: Promise<void>;
  started: () => void;
}

type Args<K extends keyof GameManager> = GameManager[K] extends (...a: infer A) => unknown ? A : never;
type Result<K extends keyof GameManager> = GameManager[K] extends (...a: any[]) => Promise<infer R> ? R : never;

export class WorkerManager implements ManagerApi {
  private slots: Slot[] = [];
  private nextId = 1;
  private nextConn = 1;
  private rr = 0;
  private connIds = new Map<Conn, number>();
  private conns = new Map<number, Conn>();
  private connSlot = new Map<number, number>();
  private tokenGame = new Map<string, string>();
  private closed = false;
  /** WAL checkpoints of the SQLite file, off the game workers (sqlite-checkpointer.mjs). */
  private checkpointer: Worker | null = null;
  private readonly writeTurns = new Int32Array(new SharedArrayBuffer(4));

  /** `storage`: the main thread's connection, used only to find a token's game. `internal`: errors that are bugs. */
  constructor(
    private readonly storage: Storage, private readonly cfg: Omit<WorkerConfig, 'index'>,
    private readonly log: (msg: string) => void,
    private readonly internal: (where: string, e: unknown) => void = (where, e) => log(`internal error (${where}): ${String(e)}`),
  ) {
    for (let i = 0; i < cfg.count; i++) this.slots.push(this.spawn(i));
    if (cfg.db) {
      this.checkpointer = new Worker(new URL('./sqlite-checkpointer.mjs', import.meta.url), {
        workerData: { file: cfg.db, everyMs: 250, trace: process.env.THEATER_TRACE_CHECKPOINTS === '1' },
      });
      this.checkpointer.on('message', (m: { log: string }) => this.log(m.log));
      this.checkpointer.on('error', (e) => this.log(`WAL checkpointer: ${e.message}`));
    }
  }

  /** Resolves once every worker has opened the database. */
  async ready(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.ready));
  }

  private spawn(index: number): Slot {
    const worker = new Worker(new URL('./game-worker-boot.mjs', import.meta.url), {
      workerData: { ...this.cfg, index, writeTurns: this.cfg.db ? this.writeTurns : undefined }, resourceLimits: { maxYoungGenerationSizeMb: workerYoungGenerationMb() },
    });
    let started!: () => void;
    let failed!: (e: Error) => void;
    const ready = new Promise<void>((res, rej) => { started = res; failed = rej; });
    ready.catch(() => undefined); // a restarted worker's start is awaited by nobody
    const slot: Slot = { worker, pending: new Map(), ready, started };
    worker.on('message', (batch: WorkerReply[]) => {
      for (const m of batch) this.receive(slot, m);
    });
    const fail = (err: Error) => {
      failed(err);
      for (const p of slot.pending.values()) p.reject(err);
      slot.pending.clear();
      if (!this.closed) {
        this.internal(`game worker ${index}, restarting it`, err);
        // Its sockets lose their game: close them so that clients reconnect to the new worker.
        for (const [id, c] of this.conns) {
          if (this.connSlot.get(id) === index) c.close?.();
        }
        const i = this.slots.indexOf(slot);
        if (i >= 0) this.slots[i] = this.spawn(index);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => { if (!this.closed) fail(new Error(`exited with code ${code}`)); });
    return slot;
  }

  private receive(slot: Slot, m: WorkerReply): void {
    if ('conns' in m) {
      for (const id of m.conns) {
        const c = this.conns.get(id);
        if (c?.sendText) c.sendText(m.text);
        else if (c) c.send(JSON.parse(m.text) as ServerMessage);
      }
    } else if ('log' in m) {
      if (m.internal !== undefined) this.internal(m.internal, m.log);
      else this.log(m.log);
    } else if ('ready' in m) {
      slot.started();
    } else {
      const p = slot.pending.get(m.id);
      if (!p) return;
      slot.pending.delete(m.id);
      if ('value' in m) p.resolve(m.value);
      else if ('api' in m) p.reject(new ApiError(m.api));
      else p.reject(new Error(m.internal));
    }
  }

  private call<K extends keyof GameManager>(slot: number, method: K | 'close', ...args: unknown[]): Promise<any> {
    if (this.closed && method !== 'close') return Promise.reject(new Error('the server is closing'));
    const s = this.slots[slot]!;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      s.pending.set(id, { resolve, reject });
      const req: WorkerRequest = { id, method, args };
      if (traceRequests) req.at = performance.timeOrigin + performance.now();
      s.worker.postMessage(req);
    });
  }

  private async gameOfToken(token: string): Promise<string | null> {
    const g = this.tokenGame.get(token);
    if (g) return g;
    const [s] = await this.storage.seatsByTokens([token]);
    if (!s) return null;
    this.tokenGame.set(token, s.gameId);
    return s.gameId;
  }

  /** The worker of a token's game; unknown tokens go to worker 0, which answers 404 as usual. */
  private async slotOfToken(token: string): Promise<number> {
    const g = await this.gameOfToken(token);
    return g === null ? 0 : shardOf(g, this.slots.length);
  }

  private byToken<K extends keyof GameManager>(method: K) {
    return async (token: string, ...rest: unknown[]): Promise<Result<K>> =>
      this.call(await this.slotOfToken(token), method, token, ...rest);
  }

  private anyWorker(): number {
    this.rr = (this.rr + 1) % this.slots.length;
    return this.rr;
  }

  // Each worker creates games with ids that hash to itself.
  createGame = (...a: Args<'createGame'>): Promise<Result<'createGame'>> => this.call(this.anyWorker(), 'createGame', ...a);
  importLog = (...a: Args<'importLog'>): Promise<Result<'importLog'>> => this.call(this.anyWorker(), 'importLog', ...a);
  importBody = (...a: Args<'importBody'>): Promise<Result<'importBody'>> => this.call(this.anyWorker(), 'importBody', ...a);
  replay = (...a: Args<'replay'>): Promise<Result<'replay'>> => this.call(shardOf(a[0], this.slots.length), 'replay', ...a);
  play = this.byToken('play') as GameManager['play'];
  choices = this.byToken('choices') as GameManager['choices'];
  choicesJson = this.byToken('choicesJson') as GameManager['choicesJson'];
  inspect = this.byToken('inspect') as GameManager['inspect'];
  act = this.byToken('act') as GameManager['act'];
  undo = this.byToken('undo') as GameManager['undo'];
  askTakeback = this.byToken('askTakeback') as GameManager['askTakeback'];
  answerTakeback = this.byToken('answerTakeback') as GameManager['answerTakeback'];
  resign = this.byToken('resign') as GameManager['resign'];
  rematch = this.byToken('rematch') as GameManager['rematch'];
  claim = this.byToken('claim') as GameManager['claim'];
  setWebhook = this.byToken('setWebhook') as GameManager['setWebhook'];
  contribute = this.byToken('contribute') as GameManager['contribute'];
  exportLog = this.byToken('exportLog') as GameManager['exportLog'];

  async myGames(tokens: string[]): Promise<GameSummary[]> {
    const unique = [...new Set(tokens)];
    const groups = new Map<number, string[]>();
    for (const t of unique) {
      const g = await this.gameOfToken(t);
      if (g === null) continue;
      const i = shardOf(g, this.slots.length);
      groups.set(i, [...(groups.get(i) ?? []), t]);
    }
    const parts = await Promise.all([...groups].map(([i, ts]) => this.call(i, 'myGames', ts) as Promise<GameSummary[]>));
    const byToken = new Map(parts.flat().map((s) => [s.token, s]));
    return unique.filter((t) => byToken.has(t)).map((t) => byToken.get(t)!);
  }

  async connect(conn: Conn, lastStateId?: number): Promise<void> {
    const id = this.nextConn++;
    this.connIds.set(conn, id);
    this.conns.set(id, conn);
    const slot = await this.slotOfToken(conn.token);
    this.connSlot.set(id, slot);
    await this.call(slot, 'connect', id, conn.token, lastStateId);
  }

  async hello(conn: Conn, lastStateId?: number): Promise<void> {
    const id = this.connIds.get(conn);
    if (id !== undefined) await this.call(await this.slotOfToken(conn.token), 'hello', id, lastStateId);
  }

  disconnect(conn: Conn): void {
    const id = this.connIds.get(conn);
    if (id === undefined) return;
    this.connIds.delete(conn);
    this.conns.delete(id);
    this.connSlot.delete(id);
    void this.slotOfToken(conn.token).then((i) => this.call(i, 'disconnect', id)).catch(() => undefined);
  }

  async resumeAiGames(): Promise<number> {
    const n = await Promise.all(this.slots.map((_, i) => this.call(i, 'resumeAiGames') as Promise<number>));
    return n.reduce((a, b) => a + b, 0);
  }

  async idle(): Promise<void> {
    await Promise.all(this.slots.map((_, i) => this.call(i, 'idle')));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await Promise.allSettled(this.slots.map((_, i) => this.call(i, 'close')));
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    if (this.checkpointer) {
      const exited = new Promise((r) => this.checkpointer!.once('exit', r));
      this.checkpointer.postMessage('close');
      await exited;
    }
  }
}
