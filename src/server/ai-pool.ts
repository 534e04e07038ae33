// A pool of worker threads running the AI, so a thinking AI never blocks the event loop (other games, the network).
// Each job carries the game's current state: the worker derives the seat's view and prompt from it and the AI sees
// only those. A job past its hard time limit has its worker terminated and replaced.
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
/** An answer, or word that the worker has loaded the rule sets and the AI (time limits run from then). */
export type AiReplyMessage = AiAnswer | { ready: true };

/** The AI did not answer within the hard limit; its worker was terminated. */
export class AiTimeoutError extends Error {
  constructor(job: AiJob, ms: number) {
    super(`AI for ${job.seat} in game ${job.gameId} gave no answer within ${ms} ms; its worker was restarted`);
    this.name = 'AiTimeoutError';
  }
}

/** Hard limit of a job, from when its worker is ready: its budget twice over, and never under 5 s (a loaded machine). */
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

/** The clock of the hard limits (tests pass one they advance by hand). */
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

interface Pending { resolve: (r: AiAnswer) => void; reject: (e: Error) => void; startTimer: () => void; timer?: unknown }
interface Slot { worker: AiWorker; pending: Map<number, Pending>; ready: boolean }

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
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const slot = { pending: new Map(), ready: false } as Omit<Slot, 'worker'> as Slot;
    slot.worker = this.newWorker({
      message: (m) => this.onMessage(slot, m),
      error: (e) => this.replace(slot, e),
      exit: (code) => this.replace(slot, new Error(`AI worker exited with code ${code}`)),
    });
    slot.worker.unref();
    return slot;
  }

  private onMessage(slot: Slot, m: AiReplyMessage): void {
    if ('ready' in m) {
      slot.ready = true;
      for (const p of slot.pending.values()) p.startTimer();
      return;
    }
    const p = slot.pending.get(m.id);
    if (!p) return;
    this.timers.clearTimeout(p.timer);
    slot.pending.delete(m.id);
    if (slot.pending.size === 0) slot.worker.unref();
    p.resolve(m);
  }

  /** Fail the slot's jobs and put a fresh worker in its place. */
  private replace(slot: Slot, err: Error): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    for (const p of slot.pending.values()) {
      this.timers.clearTimeout(p.timer);
      p.reject(err);
    }
    slot.pending.clear();
    if (this.closed) return;
    this.slots[i] = this.spawn();
    void slot.worker.terminate();
  }

  /** The AI's action for `job.seat`. Rejects when the AI fails or overruns (the error names the game and seat). */
  async choose(job: AiJob): Promise<{ action: Action; explanation?: string }> {
    if (this.closed) throw new Error('the AI pool is closed');
    const slot = this.slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.nextId++;
    const ms = this.limitMs(job.budgetMs);
    const reply = await new Promise<AiAnswer>((resolve, reject) => {
      const p: Pending = {
        resolve, reject,
        startTimer: () => {
          p.timer = this.timers.setTimeout(() => {
            if (!slot.pending.has(id)) return;
            slot.pending.delete(id);
            reject(new AiTimeoutError(job, ms));
            this.replace(slot, new AiTimeoutError(job, ms));
          }, ms);
        },
      };
      slot.pending.set(id, p);
      if (slot.ready) p.startTimer();
      slot.worker.ref(); // a job under way keeps the process alive; an idle pool does not
      slot.worker.postMessage({ ...job, id } satisfies AiJobMessage);
    });
    if ('error' in reply) throw new Error(`AI for ${job.seat} in game ${job.gameId}: ${reply.error}`);
    return reply;
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots;
    this.slots = [];
    for (const s of slots) {
      for (const p of s.pending.values()) {
        this.timers.clearTimeout(p.timer);
        p.reject(new Error('the AI pool is closed'));
      }
      s.pending.clear();
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
