// A pool of worker threads running the AI, so a thinking AI never blocks the event loop (other games, the network).
// Each job carries the game's current state: the worker derives the seat's view and prompt from it and the AI sees
// only those. Each worker has its own queue and thinks about one job at a time; a job's hard time limit runs from when
// it is sent, and a job past it has its worker terminated and replaced (the jobs queued behind it move on). A worker
// that dies while loading is restarted after a back-off that doubles while its replacements die the same way.
import { Worker } from 'node:worker_threads';
import type { Action, Json, Seat } from '../engine/types.ts';

export interface AiJob {
  gameId: string;
  ruleset: string;
  /** The game's current state (the worker redacts it to the seat's view). */
  state: Json;
  seat: Seat;
  level: number;
  seed: string;
  /** Thinking time the AI aims for (ms). */
  budgetMs?: number;
}

export interface AiJobMessage extends AiJob {
  id: number;
}

export type AiAnswer = { id: number; action: Action; explanation?: string } | { id: number; error: string };
/** An answer, or word that the worker has loaded the rule sets and the AI (jobs are sent from then). */
export type AiReplyMessage = AiAnswer | { ready: true };

/** The AI did not answer within the hard limit; its worker was terminated. */
export class AiTimeoutError extends Error {
  constructor(job: AiJob, ms: number) {
    super(`AI for ${job.seat} in game ${job.gameId} gave no answer within ${ms} ms; its worker was restarted`);
    this.name = 'AiTimeoutError';
  }
}

/** Hard limit of a job, from when it is sent to its worker: its budget twice over, never under 5 s (a loaded machine). */
export function hardLimitMs(budgetMs: number | undefined): number {
  return Math.max(5_000, 2 * (budgetMs ?? 3_000));
}

/** What the pool needs of a worker thread (tests pass a fake that answers when told). */
export interface AiWorker {
  postMessage(m: AiJobMessage): void;
  terminate(): Promise<unknown>;
  /** Keep the process alive while a job is under way; an idle pool does not. */
  ref(): void;
  unref(): void;
}

/** A worker's events, as the pool handles them. */
export interface AiWorkerEvents {
  message(m: AiReplyMessage): void;
  error(e: Error): void;
  exit(code: number): void;
}

/** Starts a worker that reports to `on`. */
export type AiWorkerFactory = (on: AiWorkerEvents) => AiWorker;

/** The clock of the hard limits and the restart back-off (tests pass one they advance by hand). */
export interface AiTimers {
  setTimeout(f: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** A worker thread running ai-worker.ts. */
const threadWorker: AiWorkerFactory = (on) => {
  const w = new Worker(new URL('./ai-worker-boot.mjs', import.meta.url));
  w.on('message', on.message);
  w.on('error', on.error);
  w.on('exit', on.exit);
  return w;
};

const realTimers: AiTimers = {
  setTimeout: (f, ms) => setTimeout(f, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout | undefined),
};

export interface AiPoolDeps {
  worker?: AiWorkerFactory;
  timers?: AiTimers;
}

/** First wait before restarting a worker that died while loading, ms; it doubles with each such death in a row. */
export const RESTART_BACKOFF_MS = 1_000;
/** The longest wait before such a restart, ms. */
export const RESTART_BACKOFF_MAX_MS = 60_000;

/** Wait before the next start of a worker whose last `crashes` starts in a row died while loading (0: at once). */
export function restartBackoffMs(crashes: number): number {
  return crashes <= 0 ? 0 : Math.min(RESTART_BACKOFF_MAX_MS, RESTART_BACKOFF_MS * 2 ** Math.min(crashes - 1, 16));
}

/** A job waiting for its worker or under way; its hard limit runs from when it is sent. */
interface Queued { id: number; job: AiJob; ms: number; resolve: (r: AiAnswer) => void; reject: (e: Error) => void }
/**
 * A worker with its queue: one job in flight at a time. `worker` is null while its start waits out the back-off
 * (`restart`); `crashes`: the starts in a row that died before they were ready.
 */
interface Slot {
  worker: AiWorker | null; ready: boolean; queue: Queued[]; current: Queued | null; timer?: unknown; restart?: unknown; crashes: number;
}

export class AiPool {
  private slots: Slot[] = [];
  private nextId = 1;
  private closed = false;
  private readonly newWorker: AiWorkerFactory;
  private readonly timers: AiTimers;

  constructor(
    readonly size: number, private readonly limitMs: (budgetMs: number | undefined) => number = hardLimitMs, deps: AiPoolDeps = {},
  ) {
    this.newWorker = deps.worker ?? threadWorker;
    this.timers = deps.timers ?? realTimers;
    for (let i = 0; i < size; i++) this.slots.push(this.spawn(0));
  }

  /** A slot whose worker starts now, or after the back-off when its predecessors died while loading. */
  private spawn(crashes: number): Slot {
    const slot: Slot = { worker: null, ready: false, queue: [], current: null, crashes };
    const start = () => {
      slot.restart = undefined;
      const on: AiWorkerEvents = {
        message: (m) => this.onMessage(slot, m),
        error: (e) => this.replace(slot, e),
        exit: (code) => this.replace(slot, new Error(`AI worker exited with code ${code}`)),
      };
      slot.worker = this.newWorker(on);
      if (slot.queue.length) slot.worker.ref();
      else slot.worker.unref();
    };
    const wait = restartBackoffMs(crashes);
    if (wait > 0) slot.restart = this.timers.setTimeout(start, wait);
    else start();
    return slot;
  }

  /** Jobs on a slot; one waiting out a restart back-off counts one more, so an idle live worker is picked first. */
  private load(slot: Slot): number {
    return slot.queue.length + (slot.current ? 1 : 0) + (slot.worker ? 0 : 1);
  }

  /** Queue a job on the least busy worker. */
  private enqueue(q: Queued): void {
    const slot = this.slots.reduce((a, b) => (this.load(b) < this.load(a) ? b : a));
    slot.queue.push(q);
    slot.worker?.ref(); // a job under way or waiting keeps the process alive; an idle pool does not
    this.send(slot);
  }

  /** Send the slot's next job once its worker is ready and free, and start that job's hard limit. */
  private send(slot: Slot): void {
    if (!slot.worker || !slot.ready || slot.current) return;
    const q = slot.queue.shift();
    if (!q) {
      slot.worker.unref();
      return;
    }
    slot.current = q;
    slot.timer = this.timers.setTimeout(() => {
      if (slot.current !== q) return;
      this.replace(slot, new AiTimeoutError(q.job, q.ms));
    }, q.ms);
    slot.worker.postMessage({ ...q.job, id: q.id } satisfies AiJobMessage);
  }

  private onMessage(slot: Slot, m: AiReplyMessage): void {
    if ('ready' in m) {
      slot.ready = true;
      slot.crashes = 0;
    } else {
      const q = slot.current;
      if (!q || q.id !== m.id) return;
      this.timers.clearTimeout(slot.timer);
      slot.current = null;
      q.resolve(m);
    }
    this.send(slot);
  }

  /**
   * A worker overran, failed or exited: fail its job in flight, put a fresh worker in its place and share its queued
   * jobs out again. A worker that dies before it is ready fails its queued jobs too (the next would die the same way),
   * and its replacement starts only after the back-off (1 s, doubling while they die so, at most 60 s): a worker that
   * cannot load is not restarted in a loop.
   */
  private replace(slot: Slot, err: Error): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.timers.clearTimeout(slot.timer);
    const failed = slot.current ? [slot.current] : [];
    const waiting = slot.queue;
    if (!slot.ready) failed.push(...waiting.splice(0));
    slot.current = null;
    slot.queue = [];
    for (const q of failed) q.reject(err);
    if (!this.closed) {
      this.slots[i] = this.spawn(slot.ready ? 0 : slot.crashes + 1);
      for (const q of waiting) this.enqueue(q);
    }
    void slot.worker?.terminate();
  }

  /** The AI's action for `job.seat`. Rejects when the AI fails or overruns (the error names the game and seat). */
  async choose(job: AiJob): Promise<{ action: Action; explanation?: string }> {
    if (this.closed) throw new Error('the AI pool is closed');
    const id = this.nextId++;
    const ms = this.limitMs(job.budgetMs);
    const reply = await new Promise<AiAnswer>((resolve, reject) => this.enqueue({ id, job, ms, resolve, reject }));
    if ('error' in reply) throw new Error(`AI for ${job.seat} in game ${job.gameId}: ${reply.error}`);
    return reply;
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots;
    this.slots = [];
    for (const s of slots) {
      this.timers.clearTimeout(s.timer);
      this.timers.clearTimeout(s.restart);
      for (const q of [...(s.current ? [s.current] : []), ...s.queue]) q.reject(new Error('the AI pool is closed'));
      s.current = null;
      s.queue = [];
    }
    await Promise.all(slots.map((s) => s.worker?.terminate()));
  }
}
