// A/B of a game worker's CPU per action, in one thread without sockets: a GameManager on a SQLite file plays the same
// fixed sequence of actions in N 2WW games (two connected seats each, texts written as a worker does), and prints the
// thread's CPU time per action. CPU time is what a shared machine's load changes least (npm run bench:server's
// latencies move with it), and the sequence is the same in every build whose GameManager API matches, so the file
// runs in a copy of the base as well.
//   npx tsx bench/ab-server-cpu.ts [--games 40] [--actions 150] [--ruleset 2ww] [--options '{}'] [--random] [--heap [--idle]]
//     [--spread K]
// --spread K: before the measured rounds, game i is advanced by i * K / N actions (not measured), so the games are at
// different points of play, as bench:server's default staggered start (with --games 200 and every game acting once a
// round, a game acts once every 200 actions, as at 500 actions/s: what a game keeps lives as long as on the server).
// It also prints how fast the array buffers grow between full GCs (each such 64 MB starts one).
// --heap (with node --expose-gc: `node --expose-gc --import tsx bench/ab-server-cpu.ts --heap`): after the run, what the
// games keep in the heap between actions (used heap after full GCs, less the heap before the first game, per game) and
// the CPU time of one full mark-compact of that heap (the least of five forced ones; the process's CPU, so the GC's
// helper threads count): what sets the server's full-GC pauses (docs/server.md "Game worker threads"). --idle (with
// --heap): every game first drops its state's derived facts, as the server does to a game unused for a while.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import { GameManager } from '../src/server/games.ts';
import { SqliteStorage } from '../src/server/sqlite-storage.ts';
import { StateReceiver } from '../src/server/protocol.ts';
import { rulesets } from '../src/rulesets/index.ts';
import { arg } from './args.ts';
import { fixRandomBytes, playGames } from './ab-server-play.ts';

const ruleset = arg('--ruleset', '2ww');
const nGames = Number(arg('--games', '40'));
const nActions = Number(arg('--actions', '150'));
const options = JSON.parse(arg('--options', '{}')) as Record<string, unknown>;
const spread = Number(arg('--spread', '0'));

// The same games in every run and build: the server's seeds, game ids and tokens (node:crypto randomBytes) come from a
// counter, so the dice, and with them the positions and the actions picked, are the same (--random: fresh ones).
if (!process.argv.includes('--random')) fixRandomBytes();

const dir = mkdtempSync(join(tmpdir(), 'theater-ab-cpu-'));
const storage = new SqliteStorage(join(dir, 'ab.sqlite'));
await storage.init();
const m = new GameManager({ storage, log: () => undefined });

const heap = process.argv.includes('--heap');
/**
 * Run with node --trace-gc-nvp: lines mark where the measured rounds' GC lines begin and end, and the messages' texts
 * are not kept for timing the client's parsing (kept, they would be a tenth of what the scavenges copy).
 */
const traced = process.execArgv.some((a) => a.startsWith('--trace-gc'));
const gc = (globalThis as { gc?: () => void }).gc;
if (heap && !gc) throw new Error('--heap needs node --expose-gc');
/** Used heap after full GCs, MB. */
const usedHeap = (): number => {
  gc!(); gc!();
  return v8.getHeapStatistics().used_heap_size / 1e6;
};
const heapBefore = heap ? usedHeap() : 0;

let bytes = 0, measured = false;
/** A digest of every text the seats received, in order (base and change must print the same). */
const digest = createHash('sha256');
/** The texts the measured actions sent, parsed again after the run to time the client's part alone. */
const texts: string[] = [];
const { games, step, counts } = await playGames(m, () => new StateReceiver(), ruleset, rulesets[ruleset]!.scenarios[0]!.seats, options, nGames, (text) => {
  bytes += text.length;
  digest.update(text).update('\n');
  if (measured && !traced) texts.push(text);
});

// Warm-up: the first games' first actions (JIT), not measured. Then every game in turn, one action each round.
for (let i = 0; i < 30; i++) await step(games[0]!);
for (const [i, g] of games.entries()) for (let k = 0; k < Math.floor(i * spread / nGames); k++) await step(g);
if (traced) console.log('-- measured rounds begin');
const cpu0 = process.cpuUsage();
const t0 = performance.now();
counts.acted = 0; counts.asks = 0; bytes = 0; measured = true;
// Array buffers (typed arrays' memory, outside the JS heap) grow until a full GC frees those the games dropped: V8
// starts one when they have grown 64 MB since the last (--trace-incremental-marking: "external memory pressure").
let buffers = 0, lastBuffers = process.memoryUsage().arrayBuffers;
for (let round = 0; round < nActions; round++) {
  for (const g of games) await step(g);
  const now = process.memoryUsage().arrayBuffers;
  if (now > lastBuffers) buffers += now - lastBuffers;
  lastBuffers = now;
}
const cpu = process.cpuUsage(cpu0);
if (traced) console.log('-- measured rounds end');
const ms = (cpu.user + cpu.system) / 1000;
const clientUs = (() => {
  // The client's part, timed apart: the same texts parsed again (reading the clock around each message cost more
  // than the parsing and counted as the server's). Applying a delta to the view before is not timed: it is small.
  const t = process.cpuUsage();
  for (const text of texts) JSON.parse(text);
  const d = process.cpuUsage(t);
  return d.user + d.system;
})();
console.log(`${nGames} games of ${ruleset} ${JSON.stringify(options)}: ${counts.acted} actions (${counts.asks} groups asked for first) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
console.log(`CPU ${(ms / counts.acted).toFixed(3)} ms per action (this thread: rules, views, JSON, SQLite); ${(bytes / counts.acted / 1024).toFixed(1)} KiB of state messages per action`);
console.log(`of which the client's parsing of the messages ${(clientUs / 1000 / counts.acted).toFixed(3)} ms: the server's part ${((ms - clientUs / 1000) / counts.acted).toFixed(3)} ms per action`);
console.log(`array buffers grew ${(buffers / counts.acted / 1000).toFixed(1)} KB per action between full GCs (a full GC at 64 MB: every ${Math.round(64e6 / Math.max(1, buffers / counts.acted))} actions)`);
console.log(`digest of the texts received: ${digest.digest('hex').slice(0, 16)}`);
if (heap) {
  // what the games keep, not what this client holds: its last views and the texts kept for timing its parsing
  texts.length = 0;
  for (const g of games) for (const s of g) Object.assign(s, { last: null, receiver: null });
  // --idle: what an idle game keeps, its state's derived facts dropped as the server does after a while
  if (process.argv.includes('--idle')) m.games.shedIdle(0);
  const used = usedHeap();
  let fullMs = Infinity;
  for (let i = 0; i < 5; i++) {
    const t = process.cpuUsage();
    gc!();
    const d = process.cpuUsage(t);
    fullMs = Math.min(fullMs, (d.user + d.system) / 1000);
  }
  console.log(`heap the games keep: ${(used - heapBefore).toFixed(1)} MB = ${((used - heapBefore) * 1000 / nGames).toFixed(0)} KB a game (used ${used.toFixed(1)} MB, ${heapBefore.toFixed(1)} MB before the first game); a full GC of it ${fullMs.toFixed(1)} ms CPU`);
}
await m.close();
await storage.close();
rmSync(dir, { recursive: true, force: true });
