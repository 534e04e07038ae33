// A pool of worker threads running the AI, so a thinking AI never blocks the event loop (other games, the network).
// A game always goes to the same worker, which keeps it built and receives only the log entries it has not seen.
import { Worker } from 'node:worker_threads';
import type { LogEntry } from '../engine/game.ts';
import type { Action, Json, Options, Seat } from '../engine/types.ts';

export interface GameHeader {
  ruleset: string;
  scenario: string;
  options: Options;
  seed: string;
  /** The position the game started from (docs/positions.md). */
  position?: Json;
}

export interface AiJobMessage {
  id: number;
  gameId: string;
  /** Present when `from` is 0. */
  header?: GameHeader;
  /** Index of the first entry sent; the worker must already hold exactly `from` entries. */
  from: number;
  entries: LogEntry[];
  seat: Seat;
  level: number;
  seed: string;
  budgetMs?: number;
}

export type AiReplyMessage =
  | { id: number; action: Action; explanation?: string }
  | { id: number; resync: true }
  | { id: number; error: string };

export interface AiJob {
  gameId: string;
  header: GameHeader;
  /** The game's whole log so far (the pool slices what the worker lacks). */
  entries: readonly LogEntry[];
  seat: Seat;
  level: number;
  seed: string;
  /** Thinking time allowed (ms). */
  budgetMs?: number;
}

interface Slot {
  worker: Worker;
  known: Map<string, number>;
  pending: Map<number, { resolve: (r: AiReplyMessage) => void; reject: (e: Error) => void }>;
}

export class AiPool {
  private slots: Slot[] = [];
  private nextId = 1;
  private closed = false;

  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = new Worker(new URL('./ai-worker-boot.mjs', import.meta.url));
    const slot: Slot = { worker, known: new Map(), pending: new Map() };
    worker.on('message', (m: AiReplyMessage) => {
      const p = slot.pending.get(m.id);
      if (!p) return;
      slot.pending.delete(m.id);
      if (slot.pending.size === 0) worker.unref();
      p.resolve(m);
    });
    const fail = (err: Error) => {
      for (const p of slot.pending.values()) p.reject(err);
      slot.pending.clear();
      slot.known.clear();
      if (!this.closed) {
        const i = this.slots.indexOf(slot);
        if (i >= 0) this.slots[i] = this.spawn();
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => { if (!this.closed) fail(new Error(`AI worker exited with code ${code}`)); });
    worker.unref();
    return slot;
  }

  private slotFor(gameId: string): Slot {
    let h = 0;
    for (let i = 0; i < gameId.length; i++) h = (h * 31 + gameId.charCodeAt(i)) >>> 0;
    return this.slots[h % this.slots.length]!;
  }

  private send(slot: Slot, job: AiJob, from: number): Promise<AiReplyMessage> {
    const id = this.nextId++;
    const msg: AiJobMessage = {
      id, gameId: job.gameId, from, entries: job.entries.slice(from), seat: job.seat, level: job.level, seed: job.seed,
    };
    if (job.budgetMs !== undefined) msg.budgetMs = job.budgetMs;
    if (from === 0) msg.header = job.header;
    slot.known.set(job.gameId, job.entries.length);
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.ref(); // a job under way keeps the process alive; an idle pool does not
      slot.worker.postMessage(msg);
    });
  }

  /** The AI's action for `job.seat`. Rejects when the AI fails (the error names the game and seat). */
  async choose(job: AiJob): Promise<{ action: Action; explanation?: string }> {
    if (this.closed) throw new Error('the AI pool is closed');
    const slot = this.slotFor(job.gameId);
    const known = slot.known.get(job.gameId);
    let reply = await this.send(slot, job, known !== undefined && known <= job.entries.length ? known : 0);
    if ('resync' in reply) reply = await this.send(slot, job, 0);
    if ('error' in reply) throw new Error(`AI for ${job.seat} in game ${job.gameId}: ${reply.error}`);
    if ('resync' in reply) throw new Error(`AI worker could not rebuild game ${job.gameId}`);
    return reply;
  }

  /** Forget what a worker holds of a game (it was evicted or reloaded). */
  forget(gameId: string): void {
    this.slotFor(gameId).known.delete(gameId);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    for (const s of this.slots) for (const p of s.pending.values()) p.reject(new Error('the AI pool is closed'));
  }
}
