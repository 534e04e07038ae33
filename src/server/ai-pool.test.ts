// The AI pool's queue and time limits, and AI seats that always move (issue #23), driven without a wall clock: the
// pool gets fake workers that answer when the test says so and timers the test advances by hand.
import { describe, expect, it } from 'vitest';
import { chooseRandomAction } from '../ai/random-player.ts';
import { promptFor, viewFor } from '../engine/kernel.ts';
import { duel } from '../engine/testing/duel.ts';
import type { Action, BaseState } from '../engine/types.ts';
import {
  AiPool, AiTimeoutError, RESTART_BACKOFF_MAX_MS, RESTART_BACKOFF_MS, type AiJob, type AiJobMessage, type AiTimers, type AiWorker, type AiWorkerEvents,
} from './ai-pool.ts';
import { GameManager } from './games.ts';
import { SqliteStorage } from './sqlite-storage.ts';

/** Timers that fire only when the test advances them. */
class FakeTimers implements AiTimers {
  now = 0;
  private due: { at: number; n: number; f: () => void }[] = [];
  private n = 0;
  setTimeout(f: () => void, ms: number): unknown {
    const t = { at: this.now + ms, n: this.n++, f };
    this.due.push(t);
    return t;
  }
  clearTimeout(h: unknown): void {
    this.due = this.due.filter((t) => t !== h);
  }
  /** Move the clock on by `ms`, firing what falls due, in order. */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const next = this.due.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.n - b.n)[0];
      if (!next) break;
      this.clearTimeout(next);
      this.now = next.at;
      next.f();
    }
    this.now = end;
  }
}

/** A worker that says it is ready, answers or dies only when told. */
class FakeWorker implements AiWorker {
  readonly posted: AiJobMessage[] = [];
  private done = new Set<number>();
  terminated = false;
  isReady = false;
  constructor(private readonly on: AiWorkerEvents) {}
  postMessage(m: AiJobMessage): void {
    this.posted.push(m);
  }
  terminate(): Promise<unknown> {
    this.terminated = true;
    queueMicrotask(() => this.on.exit(1)); // a real worker reports its exit afterwards too
    return Promise.resolve(1);
  }
  ref(): void {}
  unref(): void {}
  ready(): void {
    this.isReady = true;
    this.on.message({ ready: true });
  }
  /** Jobs sent and not answered yet. */
  open(): AiJobMessage[] {
    return this.posted.filter((m) => !this.done.has(m.id));
  }
  answer(m: AiJobMessage, reply: { action: Action } | { error: string } = { action: { type: 'done', seed: m.seed } }): void {
    this.done.add(m.id);
    this.on.message({ id: m.id, ...reply });
  }
  die(code: number): void {
    this.on.exit(code);
  }
}

function fakePool(size: number, limitMs: (budgetMs: number | undefined) => number) {
  const timers = new FakeTimers();
  const workers: FakeWorker[] = [];
  const pool = new AiPool(size, limitMs, { timers, worker: (on) => {
    const w = new FakeWorker(on);
    workers.push(w);
    return w;
  } });
  return { pool, timers, workers };
}

/** A promise's outcome so far, without waiting. */
function watch<T>(p: Promise<T>): { state: 'pending' | 'resolved' | 'rejected'; value?: T; error?: Error } {
  const w: { state: 'pending' | 'resolved' | 'rejected'; value?: T; error?: Error } = { state: 'pending' };
  p.then((v) => Object.assign(w, { state: 'resolved', value: v }), (e: Error) => Object.assign(w, { state: 'rejected', error: e }));
  return w;
}

/** Let promise callbacks and storage writes run (event loop turns, not a clock). */
async function turns(): Promise<void> {
  for (let i = 0; i < 100; i++) await new Promise((r) => setImmediate(r));
}

const job = (seed: string): AiJob => ({ gameId: 'g', ruleset: 'duel', state: {}, seat: 'red', level: 1, seed });
const L = 1000;

describe('AI pool: one job in flight per worker, its hard limit from when it is sent', () => {
  it('three jobs on one worker with a limit L: the second and third wait without timing out while the first runs', async () => {
    const { pool, timers, workers } = fakePool(1, () => L);
    const w = workers[0]!;
    const [a, b, c] = ['a', 'b', 'c'].map((s) => watch(pool.choose(job(s))));
    timers.advance(3 * L); // loading the rule sets and the AI: no limit runs yet
    w.ready();
    expect(w.posted.map((m) => m.seed)).toEqual(['a']);
    timers.advance(L - 1);
    w.answer(w.open()[0]!);
    await turns();
    expect(a!.state).toBe('resolved');
    expect(b!.state).toBe('pending');
    expect(c!.state).toBe('pending');
    expect(w.open().map((m) => m.seed)).toEqual(['b']);
    timers.advance(L - 1); // 2L - 2 since the worker was ready: b's limit runs from when b was sent
    w.answer(w.open()[0]!);
    timers.advance(L - 1);
    w.answer(w.open()[0]!);
    await turns();
    expect([a, b, c].map((x) => [x!.state, x!.value?.action])).toEqual(['a', 'b', 'c'].map((s) => ['resolved', { type: 'done', seed: s }]));
    expect(workers).toHaveLength(1);
    await pool.close();
  });

  it('a job past its limit fails alone: the jobs queued behind it move to the new worker and are answered there', async () => {
    const { pool, timers, workers } = fakePool(1, () => L);
    const [a, b, c] = ['a', 'b', 'c'].map((s) => watch(pool.choose(job(s))));
    workers[0]!.ready();
    timers.advance(L);
    await turns();
    expect(a!.state).toBe('rejected');
    expect(a!.error).toBeInstanceOf(AiTimeoutError);
    expect(workers[0]!.terminated).toBe(true);
    expect(workers).toHaveLength(2);
    expect([b!.state, c!.state]).toEqual(['pending', 'pending']);
    const w = workers[1]!;
    timers.advance(5 * L); // the new worker loads: b and c wait, with no limit running
    w.ready();
    w.answer(w.open()[0]!);
    w.answer(w.open()[0]!);
    await turns();
    expect(w.posted.map((m) => m.seed)).toEqual(['b', 'c']);
    expect([b!.state, c!.state]).toEqual(['resolved', 'resolved']);
    await pool.close();
  });

  it('a worker that dies fails its job in flight; its queued jobs go to the other workers', async () => {
    const { pool, workers } = fakePool(2, () => L);
    const [w0, w1] = [workers[0]!, workers[1]!];
    w0.ready();
    w1.ready();
    const jobs = ['a', 'b', 'c', 'd'].map((s) => watch(pool.choose(job(s))));
    expect(w0.posted.map((m) => m.seed)).toEqual(['a']);
    expect(w1.posted.map((m) => m.seed)).toEqual(['b']);
    w1.answer(w1.open()[0]!);
    w0.die(137);
    await turns();
    expect(jobs[0]!.state).toBe('rejected');
    expect(jobs[0]!.error!.message).toMatch(/exited with code 137/);
    // c and d were queued on the dead worker (or on w1): each is answered by a live one
    const w2 = workers[2]!;
    w2.ready();
    for (const w of [w1, w2]) while (w.open().length) w.answer(w.open()[0]!);
    await turns();
    expect(jobs.slice(1).map((x) => x.state)).toEqual(['resolved', 'resolved', 'resolved']);
    expect([...w1.posted, ...w2.posted].map((m) => m.seed).sort()).toEqual(['b', 'c', 'd']);
    await pool.close();
  });

  it('a worker that dies before it is ready fails the jobs waiting for it (its replacement would die the same way)', async () => {
    const { pool, timers, workers } = fakePool(1, () => L);
    const [a, b] = ['a', 'b'].map((s) => watch(pool.choose(job(s))));
    workers[0]!.die(1);
    await turns();
    expect([a!.state, b!.state]).toEqual(['rejected', 'rejected']);
    timers.advance(RESTART_BACKOFF_MS);
    expect(workers).toHaveLength(2);
    await pool.close();
  });

  it('workers that die while loading are restarted after a back-off that doubles, up to its cap; a ready one resets it', async () => {
    const { pool, timers, workers } = fakePool(1, () => L);
    /** The clock when each worker was started. */
    const started = [0];
    const crashLoading = (n: number) => {
      for (let i = 0; i < n; i++) {
        const count = workers.length;
        workers[count - 1]!.die(1);
        for (let t = 0; workers.length === count && t < 1e6; t += 250) timers.advance(250);
        started.push(timers.now);
      }
    };
    crashLoading(8);
    const waits = started.slice(1).map((t, i) => t - started[i]!);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000]);
    expect([RESTART_BACKOFF_MS, RESTART_BACKOFF_MAX_MS]).toEqual([1000, 60000]);
    // A job that comes during a back-off waits for the next worker, which loads and answers it.
    workers[workers.length - 1]!.die(1);
    const a = watch(pool.choose(job('a')));
    timers.advance(RESTART_BACKOFF_MAX_MS - 1);
    expect(workers).toHaveLength(9);
    timers.advance(1);
    expect(workers).toHaveLength(10);
    const w = workers[9]!;
    w.ready();
    w.answer(w.open()[0]!);
    await turns();
    expect(a.state).toBe('resolved');
    // It loaded: a death after that is replaced at once, and the next death while loading waits the first back-off.
    w.die(1);
    expect(workers).toHaveLength(11);
    workers[10]!.die(1);
    timers.advance(RESTART_BACKOFF_MS - 1);
    expect(workers).toHaveLength(11);
    timers.advance(1);
    expect(workers).toHaveLength(12);
    // close() cancels a pending restart
    workers[11]!.die(1);
    await pool.close();
    timers.advance(RESTART_BACKOFF_MAX_MS);
    expect(workers).toHaveLength(12);
  });

  it('a job goes to a live idle worker rather than to one waiting out a back-off', async () => {
    const { pool, workers } = fakePool(2, () => L);
    workers[1]!.ready();
    workers[0]!.die(1);
    const a = watch(pool.choose(job('a')));
    expect(workers[1]!.posted.map((m) => m.seed)).toEqual(['a']);
    workers[1]!.answer(workers[1]!.open()[0]!);
    await turns();
    expect(a.state).toBe('resolved');
    await pool.close();
  });

  it('close() fails the jobs in flight and queued', async () => {
    const { pool, workers } = fakePool(1, () => L);
    workers[0]!.ready();
    const [a, b] = ['a', 'b'].map((s) => watch(pool.choose(job(s))));
    await pool.close();
    await turns();
    expect([a!.error?.message, b!.error?.message]).toEqual(['the AI pool is closed', 'the AI pool is closed']);
    await expect(pool.choose(job('c'))).rejects.toThrow(/closed/);
  });
});

/** The legal move the fake worker plays: the random player on what the real worker would derive from the job. */
function legalReply(m: AiJobMessage): { action: Action } {
  const state = m.state as unknown as BaseState;
  const prompt = promptFor(duel, state, m.seat)!;
  return chooseRandomAction({ ruleset: m.ruleset, seat: m.seat, level: m.level, view: viewFor(duel, state, m.seat), prompt, seed: m.seed });
}

const limits = (budget: number | undefined) => (budget === 400 ? L : L / 2);

/**
 * Runs `fn` on `n` Duel games whose two seats are both AI, on a one-worker fake pool whose server budget (400 ms) has a
 * limit of L and the easiest level's quarter (100 ms) L / 2; the manager and the pool are closed afterwards.
 */
async function withAiGames(n: number, fn: (t: {
  pool: AiPool; timers: FakeTimers; workers: FakeWorker[]; m: GameManager; ids: string[];
  bidsIn: (id: string) => boolean; logged: string[]; internal: string[];
}) => Promise<void>): Promise<void> {
  const { pool, timers, workers } = fakePool(1, limits);
  const storage = new SqliteStorage(':memory:');
  await storage.init();
  const logged: string[] = [];
  const internal: string[] = [];
  const m = new GameManager({
    storage, ai: pool, aiBudgetMs: 400, log: (x) => logged.push(x), internal: (where, e) => internal.push(`${where}: ${(e as Error).message}`),
  });
  try {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const g = await m.createGame({ ruleset: 'duel', seats: { red: { kind: 'ai', level: 2 }, blue: { kind: 'ai', level: 2 } } });
      ids.push(g.gameId);
    }
    /** Both seats' bids played (Duel 2: simultaneous). */
    const bidsIn = (id: string) => {
      const bids = (m.games.get(id)?.game.state as { bids?: Record<string, number> } | undefined)?.bids ?? {};
      return bids.red !== undefined && bids.blue !== undefined;
    };
    await fn({ pool, timers, workers, m, ids, bidsIn, logged, internal });
  } finally {
    await m.close();
    await pool.close();
  }
}

/**
 * Play a one-worker pool until `done`: the current worker loads, then its job in flight is answered after `think` ms
 * by `reply`, or never (null: the clock runs past its limit).
 */
async function drive(
  workers: FakeWorker[], timers: FakeTimers, done: () => boolean,
  reply: (m: AiJobMessage) => { action: Action } | { error: string } | null, think = 0,
): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) {
    await turns();
    const w = workers[workers.length - 1]!;
    if (!w.isReady) w.ready();
    const job = w.open()[0];
    if (!job) continue;
    const r = reply(job);
    if (r) {
      timers.advance(think);
      w.answer(job, r);
    } else {
      timers.advance(L);
    }
  }
  await turns();
}

describe('AI seats always move (issue #23)', () => {
  it('six AI seats in three games think at once on one worker: none times out waiting, every bid is played', async () => {
    await withAiGames(3, async ({ timers, workers, ids, bidsIn, logged, internal }) => {
      // Each game's two seats bid at once (Duel 2): six jobs at first. Each takes 0.9 L of the one worker.
      await drive(workers, timers, () => ids.every(bidsIn), legalReply, 0.9 * L);
      expect(ids.every(bidsIn)).toBe(true);
      expect(logged).toEqual([]);
      expect(internal).toEqual([]);
      expect(workers).toHaveLength(1);
      expect(workers[0]!.posted.length).toBeGreaterThanOrEqual(6);
      expect(workers[0]!.posted.every((x) => x.level === 2)).toBe(true);
    });
  });

  it('an AI job past its hard limit is asked again at the easiest level, and the seat moves', async () => {
    await withAiGames(1, async ({ timers, workers, ids, bidsIn, logged, internal }) => {
      // red's first job overruns; blue's waits behind it without a limit running
      await drive(workers, timers, () => bidsIn(ids[0]!), (x) => (x.id === workers[0]!.posted[0]!.id ? null : legalReply(x)));
      expect(bidsIn(ids[0]!)).toBe(true);
      expect(workers).toHaveLength(2);
      expect(workers[1]!.posted.slice(0, 2).map((x) => [x.seat, x.level, x.budgetMs])).toEqual([['blue', 2, 400], ['red', 0, 100]]);
      expect(logged).toEqual([expect.stringMatching(/^AI for red in game .* no answer within 1000 ms; its worker was restarted; answering at the easiest level$/)]);
      expect(internal).toEqual([]);
    });
  });

  it('an AI that never answers: after its bounded attempts the random player answers for the seat on the game\'s thread', async () => {
    await withAiGames(1, async ({ timers, workers, m, ids, bidsIn, logged, internal }) => {
      await drive(workers, timers, () => bidsIn(ids[0]!), () => null);
      expect(bidsIn(ids[0]!)).toBe(true);
      // Each decision (a seat at a state id, as in the job's seed) is asked at the seat's level once and at the easiest
      // twice. Red's random bid made blue's decision stale (state id 1 to 2), so blue was asked anew; after both bids
      // the turn's first decision (state id 3, the seat that won the bid) has begun.
      const bySeed = new Map<string, number[]>();
      for (const x of workers.flatMap((w) => w.posted)) {
        const key = x.seed.replace(/^.*:ai:/, '');
        bySeed.set(key, [...(bySeed.get(key) ?? []), x.level]);
      }
      const active = (m.games.get(ids[0]!)!.game.state as { active?: string }).active;
      expect(Object.fromEntries(bySeed)).toEqual({ 'red:1': [2, 0, 0], 'blue:1': [2, 0, 0], 'blue:2': [2, 0, 0], [`${active}:3`]: [2] });
      const random = logged.filter((x) => /no answer in 3 attempts; the random player answers \(random legal choice/.test(x));
      expect(random.map((x) => /AI for (\w+)/.exec(x)![1]).sort()).toEqual(['blue', 'red']);
      expect(internal).toEqual([]);
    });
  });

  it('an AI that answers with an error is asked again at the easiest level (the error is reported as a bug)', async () => {
    await withAiGames(1, async ({ timers, workers, ids, bidsIn, internal }) => {
      await drive(workers, timers, () => bidsIn(ids[0]!), (x) => (x.level > 0 ? { error: 'the planner threw' } : legalReply(x)));
      expect(bidsIn(ids[0]!)).toBe(true);
      const posted = workers[0]!.posted;
      expect(posted.slice(0, 4).map((x) => [x.seat, x.level])).toEqual([['red', 2], ['blue', 2], ['red', 0], ['blue', 0]]);
      expect(internal).toHaveLength(posted.filter((x) => x.level > 0).length);
      for (const x of internal) expect(x).toMatch(/^AI (red|blue) in game \S+ \(answering at the easiest level\): AI for \1 in game \S+: the planner threw$/);
    });
  });
});
