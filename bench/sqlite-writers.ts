// The game workers' SQLite appends, without the rules: `--writers` threads (as game workers) each append one log entry
// at a time to 100 games of their own in one SQLite file (SqliteStorage, WAL, checkpoints on a thread of their own as
// the server does), spending `--spin` ms of CPU between appends as a worker does on the rules. Prints the wall time of
// an append: mean, percentiles, and how many took over 1 and 5 ms (SQLite's busy handler sleeps 1, 2, 5 ms and more
// when another connection holds the write lock). `--no-turns`: without the workers' WriteTurns (sqlite-storage.ts).
//   npx tsx bench/sqlite-writers.ts [--writers 2] [--appends 3000] [--spin 1.5] [--no-turns]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { SqliteStorage, WriteTurns } from '../src/server/sqlite-storage.ts';
import type { GameRecord } from '../src/server/storage.ts';
import { argNum } from './args.ts';

interface Job { file: string; index: number; appends: number; spinMs: number; turns: Int32Array | null }

const gameId = (writer: number, k: number) => `bench-${writer}-${k}`;
const game = (id: string): GameRecord => ({
  id, ruleset: '2ww', rulesVersion: '1', scenario: 'campaign-1939', options: {}, seed: 's', seedCommitment: 'c', setupHash: 'h',
  status: 'running', serverResult: null, clock: null, meta: {}, dice: null, createdAt: 1, updatedAt: 1, entryCount: 0,
});

async function writer(job: Job): Promise<number[]> {
  const storage = new SqliteStorage(job.file, undefined, false, job.turns ? new WriteTurns(job.turns) : undefined);
  await storage.init();
  const counts = new Array<number>(100).fill(0);
  const times: number[] = [];
  for (let i = 0; i < job.appends; i++) {
    const until = performance.now() + job.spinMs;
    while (performance.now() < until); // the rules' CPU between two appends
    const k = i % 100, idx = counts[k]!;
    // about the size of a 2WW move's entry and its events
    const entry = { seat: 'axis', action: { type: 'move', unit: `ge-inf-${idx}`, to: '1234' }, hash: `h${idx}`.padEnd(28, '0') };
    const derived = { events: [{ text: `German infantry moves 1233 > 1234 (${'x'.repeat(120)})`, rule: '2WW 8.1' }] };
    const t = performance.now();
    await storage.append(gameId(job.index, k), idx, [{ idx, entry, createdAt: Date.now(), derived }], { updatedAt: Date.now() });
    times.push(performance.now() - t);
    counts[k] = idx + 1;
    if (i % 50 === 49) await new Promise((r) => setTimeout(r, 1)); // let the other threads run
  }
  await storage.close();
  return times;
}

if (!isMainThread) {
  parentPort!.postMessage(await writer(workerData as Job));
} else {
  const writers = argNum('--writers', 2), appends = argNum('--appends', 3000), spinMs = argNum('--spin', 1.5);
  const turns = process.argv.includes('--no-turns') ? null : new Int32Array(new SharedArrayBuffer(4));
  const dir = mkdtempSync(join(tmpdir(), 'theater-sqlite-writers-'));
  const file = join(dir, 'bench.sqlite');
  const setup = new SqliteStorage(file);
  await setup.init();
  for (let w = 0; w < writers; w++) for (let k = 0; k < 100; k++) await setup.createGame(game(gameId(w, k)), [], []);
  await setup.close();
  const checkpointer = new Worker(new URL('../src/server/sqlite-checkpointer.mjs', import.meta.url), { workerData: { file, everyMs: 250 } });
  const runs = Array.from({ length: writers }, (_, index) => new Promise<number[]>((resolve, reject) => {
    // this file again, as a worker thread with the TypeScript loader (as src/server/game-worker-boot.mjs)
    const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const w = new Worker(boot, { eval: true, workerData: { file, index, appends, spinMs, turns } satisfies Job });
    w.once('message', resolve);
    w.once('error', reject);
  }));
  const all = (await Promise.all(runs)).flat().sort((a, b) => a - b);
  checkpointer.postMessage('close');
  await new Promise((r) => checkpointer.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
  const q = (p: number) => all[Math.min(all.length - 1, Math.floor(p * all.length))]!.toFixed(3);
  const mean = all.reduce((a, b) => a + b, 0) / all.length;
  console.log(`${writers} writers${turns ? ' taking turns (WriteTurns)' : ', SQLite\'s lock only'}, ${spinMs} ms of CPU between appends: `
    + `${all.length} appends, mean ${mean.toFixed(3)} ms, p50 ${q(0.5)}, p99 ${q(0.99)}, p99.9 ${q(0.999)}, max ${q(1)} ms; `
    + `over 1 ms ${all.filter((x) => x > 1).length}, over 5 ms ${all.filter((x) => x > 5).length}`);
}
