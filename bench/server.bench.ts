// Server benchmark: N concurrent games, two WebSocket seats each, on loopback against a server child process on a
// SQLite file. Prints actions/second and the latency from sending an action to receiving the new view.
//   npm run bench:server -- [--ruleset duel] [--games 200] [--rate 500] [--windows 3] [--seconds 10] [--warmup 5] [--workers N]
//     [--database-url postgres://...] [--options '{"quickSetup":true}'] [--prefer move,rail]
//     [--spread 100 | --lockstep [--advance 40]] [--timeline] [--import-entries N]
// --windows N --seconds S: N measured windows of S seconds each, one after the other after the warm-up; each window's
// figures are printed, then the median and the worst window's p99 and the figures of all of them together (one
// window's p99 is decided by a few pauses that land in it or not: builds are ranked by the median and the worst).
// GC: the server runs with --trace-gc; each window prints every thread's GC pauses (count, total, longest) and the
// SQLite checkpoints that ran (THEATER_TRACE_CHECKPOINTS), and how many of its slowest 1 % of actions were under way
// during a GC pause of 5 ms or more, or a checkpoint (--no-trace-gc: without the GC trace). Each game worker reports
// its own thread and GC pauses (THEATER_TRACE_WORKERS): per window, each worker's actions, its share of a core, its
// scavenges and full collections per 1,000 of its actions (count, total, longest) and the old generation its games
// keep (after each full collection, less the worker's at its start, per game); a worker's pause counts against the
// slowest actions of its own games only.
// --rate 0 drives every game as fast as it goes (closed loop) to find the ceiling. --warmup: seconds driven the same
// way before measuring (a fresh server runs cold at first: JIT, the rule set's caches). --workers: the server's game
// worker threads (THEATER_GAME_WORKERS; default as `theater serve`). --database-url: PostgreSQL instead of SQLite.
// --prefer: pick among choices of these action types when the prompt has any (e.g. only real moves, no toggles).
// --spread K: before the warm-up, game i is advanced by i*K/games actions, so games are at different points of play
// (a server's games do not all start together); --lockstep: all start together and reach each phase in the same second,
// first advanced together by --advance K actions (default 40: 2WW's set-up is 53 actions, so with the warm-up the window
// opens just before all 200 games enter their first movement phase together, and goes on into real play).
// --timeline: per second of the window, the actions answered, their p50 and p99, the CPU of the server's main thread,
// its game workers and its other threads (V8's GC and compiler threads, the checkpointer) and of this client, and the
// phases they were sent in.
// --import-entries N: two seconds into the window, a log of N entries (a Duel, advance and undo over and over) is
// imported; printed: how long the import took and the latencies of the actions sent while it was under way.
// Each game's seats first contribute to the dice (commit, reveal: docs/fair-dice.md), as a client does.
// The npm script gives this client a larger young generation (--max-semi-space-size=64): it holds 400 seats' prompts,
// and its own GC pauses otherwise add tens of ms to the latencies it measures.
// Each action is a choice of the acting seat's prompt (a spread pick, not the cheapest); the types sent are counted and
// printed. Also printed: the load average before and after (other processes on the machine skew every figure), the
// server's CPU split between its main thread and its other threads (game workers, GC, I/O), and the bytes received.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants as perfConstants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { rulesets } from '../src/rulesets/index.ts';
import { defaultGameWorkers, shardOf } from '../src/server/game-workers.ts';
import WebSocket from 'ws';
import { http, takeSeats } from '../src/server/test-helpers.ts';
import { Game } from '../src/engine/game.ts';
import { duel } from '../src/engine/testing/duel.ts';
import { StateReceiver, type CreateGameResponse, type StateMessage } from '../src/server/protocol.ts';
import type { Choice } from '../src/engine/types.ts';
import { arg } from './args.ts';

const ruleset = arg('--ruleset', process.env.THEATER_BENCH_RULESET ?? ('2ww' in rulesets ? '2ww' : 'duel'));
const nGames = Number(arg('--games', '200'));
const rate = Number(arg('--rate', '500'));
const seconds = Number(arg('--seconds', '10'));
const nWindows = Math.max(1, Number(arg('--windows', '3')));
const traceGc = !process.argv.includes('--no-trace-gc');
const warmup = Number(arg('--warmup', '5'));
const prefer = arg('--prefer', '').split(',').filter(Boolean);
const timeline = process.argv.includes('--timeline');
// Game i is first advanced by i * spread / games actions (unmeasured), so the games are at different points of play
// as on a real server; --lockstep (spread 0) starts them all together, and they then reach each phase together.
const lockstep = process.argv.includes('--lockstep');
const spread = lockstep ? 0 : Number(arg('--spread', '100'));
const advance = lockstep ? Number(arg('--advance', '40')) : 0;
const workers = arg('--workers', process.env.THEATER_GAME_WORKERS ?? String(defaultGameWorkers()));
const nWorkers = Number(workers);
const databaseUrl = arg('--database-url', '');
const options = JSON.parse(arg('--options', ruleset === 'duel' ? '{"rounds":20}' : '{}')) as Record<string, unknown>;
const importEntries = Number(arg('--import-entries', '0'));
// Each game worker reports each action and group request it ran (THEATER_TRACE_REQUESTS): when it was posted to the
// worker, begun and ended, and the parts of its work; --no-trace-requests: not (needs game workers).
const traceRequests = !process.argv.includes('--no-trace-requests') && Number(arg('--workers', process.env.THEATER_GAME_WORKERS ?? String(defaultGameWorkers()))) > 0;

const dir = mkdtempSync(join(tmpdir(), 'theater-bench-'));
const nodeArgs = [...(traceGc ? ['--trace-gc'] : []), ...(process.env.THEATER_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main-for-tests.ts', join(dir, 'bench.sqlite'), '0'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  // this one client holds 400 sockets: the per-address cap is raised for it
  env: {
    ...process.env, THEATER_AI_WORKERS: '0', THEATER_GAME_WORKERS: workers, THEATER_MAX_CONNECTIONS_PER_ADDRESS: '2000', THEATER_TRACE_CHECKPOINTS: '1',
    THEATER_TRACE_WORKERS: '1', ...(traceRequests ? { THEATER_TRACE_REQUESTS: join(dir, 'requests') } : {}), ...(databaseUrl ? { THEATER_TEST_PG: databaseUrl } : {}),
  },
});
/**
 * A pause of the server's: its end on this process's clock. From --trace-gc (the main thread; every thread when there
 * are no game workers), timed when its line came; a game worker's from its own report (THEATER_TRACE_WORKERS: the
 * worker names itself, so its pauses are its games'), timed by the server's clock.
 */
interface Pause { thread: number; kind: string; ms: number; at: number; heapAfter: number; worker?: number }
const gcPauses: Pause[] = [];
/** Each game worker's thread id (its CPU time in /proc) and its old generation when it started (no games yet). */
const workerThreads = new Map<number, { tid: string; oldAtStart: number }>();
/** A game worker's full collections: the old generation left and the games it held. */
const workerFull: { worker: number; at: number; old: number; games: number }[] = [];
/** Incremental marking steps reported with each mark-compact (spread over the marking, not one pause). */
const markingSteps: { thread: number; ms: number; biggest: number; at: number }[] = [];
const checkpoints: { ms: number; at: number }[] = [];
/**
 * This client's own GC pauses (its clock): while one runs, no message is read or sent, so they add to the latencies
 * measured as if they were the server's.
 */
const clientGc: { ms: number; at: number; full: boolean }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = (e as unknown as { detail: { kind: number } }).detail.kind;
    clientGc.push({ ms: e.duration, at: e.startTime + e.duration, full: kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR });
  }
}).observe({ entryTypes: ['gc'] });
/** The client's event loop's delay (a timer firing late): what it held every message and send up by. */
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
/**
 * A request a game worker ran (THEATER_TRACE_REQUESTS), on this process's clock: posted by the main thread, begun and
 * ended by the worker, its CPU and wait for a core on the worker's thread (ms), and the wall time (ms) of each part of
 * its work; keyed by `method game stateId`.
 */
interface Traced { worker: number; method: string; posted: number; begin: number; end: number; cpu: number; wait: number; parts: Map<string, number> }
const traced = new Map<string, Traced>();
/** Read the game workers' request lines (THEATER_TRACE_REQUESTS: a file per worker in `dir`). */
function readTraced(): void {
  for (const f of readdirSync(dir).filter((x) => x.startsWith('requests-'))) {
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
      const rq = /^\[game worker (\d+)\] req (\w+) (\S+) (\d+) posted ([\d.]+|NaN) begin ([\d.]+) end ([\d.]+) cpu ([\d.-]+) wait ([\d.-]+) (.*)$/.exec(line);
      if (!rq) continue;
      const clock = (x: string) => Number(x) - performance.timeOrigin;
      const parts = new Map<string, number>();
      for (const m of rq[10]!.matchAll(/(\w+) ([\d.-]+)/g)) parts.set(m[1]!, Number(m[2]));
      traced.set(`${rq[2]} ${rq[3]} ${rq[4]}`, {
        worker: Number(rq[1]), method: rq[2]!, posted: clock(rq[5]!), begin: clock(rq[6]!), end: clock(rq[7]!),
        cpu: Number(rq[8]), wait: Number(rq[9]), parts,
      });
    }
  }
}
/** Isolates (threads) of the server in the order their first GC line came: 1 is the main thread. */
const isolates: string[] = [];
const threadOf = (isolate: string) => (isolates.includes(isolate) ? isolates.indexOf(isolate) : isolates.push(isolate) - 1) + 1;
// The server's first JSON line names its address; --trace-gc and checkpoint lines are kept; other lines go through.
const url = await new Promise<string>((resolve) => {
  let found = false;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const at = performance.now();
    const w = /^\[game worker (\d+)\] (?:thread (\d+) old ([\d.]+) MB|gc (\w+) ([\d.]+) ms at ([\d.]+)(?: old ([\d.]+) MB games (\d+))?)$/.exec(line);
    if (w) {
      const worker = Number(w[1]);
      if (w[2]) {
        workerThreads.set(worker, { tid: w[2], oldAtStart: Number(w[3]) });
      } else if (w[4] === 'scavenge' || w[4] === 'full') {
        const end = Number(w[6]) - performance.timeOrigin;
        gcPauses.push({ thread: 0, worker, kind: w[4] === 'full' ? 'Mark-Compact' : 'Scavenge', ms: Number(w[5]), at: end, heapAfter: Number(w[7] ?? NaN) });
        if (w[7]) workerFull.push({ worker, at: end, old: Number(w[7]), games: Number(w[8]) });
      }
      return;
    }
    const gc = /^\[\d+:(0x[0-9a-f]+)\]\s+[\d.]+ ms: ([A-Za-z-]+(?: [A-Za-z-]+)?)(?: \([a-z ]+\))? [\d.]+ \([\d.]+\) -> ([\d.]+) .*?MB, ([\d.]+) \/ [\d.]+ ms/.exec(line);
    if (gc) {
      const thread = threadOf(gc[1]!);
      // with game workers, theirs come from their own reports (above); the main thread's from here
      if (nWorkers === 0 || thread === 1) gcPauses.push({ thread, kind: gc[2]!, ms: Number(gc[4]), at, heapAfter: Number(gc[3]) });
      const steps = /\(\+ ([\d.]+) ms in \d+ steps.*?biggest step ([\d.]+) ms/.exec(line);
      if (steps) markingSteps.push({ thread, ms: Number(steps[1]), biggest: Number(steps[2]), at });
      return;
    }
    const cp = /^\[checkpoint\] ([\d.]+) ms/.exec(line);
    if (cp) {
      checkpoints.push({ ms: Number(cp[1]), at });
      return;
    }
    if (!found && line.startsWith('{"url"')) {
      found = true;
      resolve(JSON.parse(line).url as string);
    } else process.stderr.write(line + '\n');
  });
});

interface Seat {
  ws: WebSocket; opened: Promise<void>; seat: string; last: StateMessage | null;
  pending: { stateId: number; at: number; phase: string; type: string } | null;
  /** A structured prompt's group whose choices were asked for (the action follows the answer). */
  asking: { stateId: number } | null;
}
/** `worker`: the game worker that holds the game (shardOf), -1 without game workers. */
interface Bench { id: string; seats: Seat[]; finished: boolean; worker: number }

const latencies: number[] = [];
/** Every measured action: when it was sent and when its new view came (this process's clock), and its game's worker. */
/** `game`, `stateId` (the game's log entries before it: its age), `type`, `phase`: what it was. */
interface Received { sent: number; got: number; worker: number; game: string; stateId: number; type: string; phase: string }
const received: Received[] = [];
/** The measured actions by `game stateId` (filled when the windows are over). */
const actionOf = new Map<string, Received>();
/** Group requests (a structured prompt's choices) sent while measuring, by `game stateId`: what the worker also ran. */
const asked = new Map<string, { phase: string }>();
let emptyGroups = 0;
/** Per second of the measured window (--timeline): latencies and the phases they were sent in. */
const seconds_: { lat: number[]; phases: Map<string, number> }[] = [];
/**
 * CPU seconds used in each second of the window (--timeline): the server's main thread, its game workers, its other
 * threads (V8's shared GC and compiler threads, the WAL checkpointer), this client.
 */
const cpuBySecond: { main: number; workers: number; others: number; client: number }[] = [];
let windowStart = 0;
const sentTypes = new Map<string, number>();
const phases = new Map<string, number>();
let stale = 0, illegal = 0, deltas = 0, finishedGames = 0, sent = 0, receivedBytes = 0, groupAsks = 0;
/** Actions sent, and group requests whose answer has not come (each is an action on its way: the rate counts it). */
let actionsSent = 0, asksOut = 0;
/**
 * The most actions sent in one tick of the driver (every 2 ms) in the window under way: at 500/s one is due a tick;
 * after this client stalled (its GC) the ones due meanwhile go out together and queue in the server.
 */
let burst = 0;
let n = 0;
let stopping = false;
/** Latencies of actions under way while the import (--import-entries) was, and when it was. */
const duringImport: number[] = [];
const importWindow = { from: Infinity, to: Infinity, ms: 0, status: 0 };
let measuring = false;

async function newGame(): Promise<Bench> {
  const info = rulesets[ruleset]!;
  const seatNames = info.scenarios[0]!.seats;
  const body: Record<string, unknown> = { ruleset, options, seats: Object.fromEntries(seatNames.map((s) => [s, { kind: 'human' }])) };
  const r = await http<CreateGameResponse>(url, 'POST', '/api/games', body);
  if (r.status !== 201) throw new Error(`create game: ${r.status} ${r.text}`);
  const g: Bench = { id: r.body.gameId, seats: [], finished: false, worker: nWorkers > 0 ? shardOf(r.body.gameId, nWorkers) : -1 };
  for (const s of seatNames) {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?token=${r.body.seats[s]!.token}`);
    const opened = new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
    const seat: Seat = { ws, opened, seat: s, last: null, pending: null, asking: null };
    const choices = new StateReceiver();
    ws.on('error', (e) => { if (!stopping) console.error(`socket of game ${g.id}: ${e.message}`); });
    ws.on('message', (d: Buffer) => {
      if (measuring) receivedBytes += d.length;
      let m = JSON.parse(d.toString());
      if (m.type === 'state') {
        if (measuring && m.choicesDelta) deltas++;
        m = choices.receive(m);
        seat.last = m;
        if (seat.pending && m.stateId > seat.pending.stateId) {
          const now = performance.now();
          latencies.push(now - seat.pending.at);
          if (measuring) received.push({ sent: seat.pending.at, got: now, worker: g.worker, game: g.id, ...seat.pending });
          if (seat.pending.at < importWindow.to && now > importWindow.from) duringImport.push(now - seat.pending.at);
          if (measuring && timeline) {
            const b = (seconds_[Math.floor((now - windowStart) / 1000)] ??= { lat: [], phases: new Map() });
            b.lat.push(now - seat.pending.at);
            b.phases.set(seat.pending.phase, (b.phases.get(seat.pending.phase) ?? 0) + 1);
          }
          seat.pending = null;
        }
        if (m.status === 'finished' && !g.finished) {
          g.finished = true;
          finishedGames++;
        }
      } else if (m.type === 'choices' && seat.asking) {
        // a group's choices: play one of them, if the state is still the one they were asked for
        const asked = seat.asking;
        seat.asking = null;
        const st = seat.last;
        if (st && st.stateId === asked.stateId && m.choices.length) sendAction(seat, st, pickFrom(m.choices));
        else if (measuring) emptyGroups++;
        asksOut--;
      } else if (m.type === 'error' && seat.asking) {
        seat.asking = null;
        asksOut--;
      } else if (m.type === 'error' && seat.pending) {
        if (m.error === 'stale') stale++;
        else illegal++;
        seat.pending = null;
      }
    });
    g.seats.push(seat);
  }
  await Promise.all(g.seats.map((s) => s.opened));
  await takeSeats(url, seatNames.map((s) => r.body.seats[s]!.token));
  return g;
}

/** A spread pick among `choices`, of the --prefer types when there are any. */
function pickFrom(choices: Choice[]): Choice {
  const preferred = prefer.length ? choices.filter((x) => prefer.includes(String(x.action.type))) : [];
  const from = preferred.length ? preferred : choices;
  return from[(n++ * 7919) % from.length]!;
}

function sendAction(s: Seat, st: StateMessage, c: Choice): void {
  if (measuring) {
    sentTypes.set(String(c.action.type), (sentTypes.get(String(c.action.type)) ?? 0) + 1);
    phases.set(st.view.status, (phases.get(st.view.status) ?? 0) + 1);
  }
  s.pending = { stateId: st.stateId, at: performance.now(), phase: st.view.status, type: String(c.action.type) };
  actionsSent++;
  s.ws.send(JSON.stringify({ type: 'action', reqId: String(sent++), stateId: st.stateId, action: c.action }));
}

/**
 * Send one action for a seat of `g` that must decide; false when none can act now. A structured prompt's group
 * (Prompt.groups: a unit, then its destinations) is picked like a choice: its choices are asked for first
 * (WebSocket 'choices'), and one of them is played when they come.
 */
function step(g: Bench): boolean {
  for (const s of g.seats) {
    const st = s.last;
    if (s.pending || s.asking || !st || st.status !== 'running' || !st.view.prompt) continue;
    if (g.seats.some((o) => o.pending || o.asking)) return false; // one action in flight per game
    if (g.seats.some((o) => (o.last?.stateId ?? 0) > st.stateId)) continue; // this seat's news is still on its way
    const { choices, groups = [] } = st.view.prompt;
    const k = (n++ * 7919) % (choices.length + groups.length);
    if (k < choices.length) {
      sendAction(s, st, pickFrom(choices));
      return true;
    }
    const group = groups[k - choices.length]!.key;
    if (measuring) {
      groupAsks++;
      asked.set(`${g.id} ${st.stateId}`, { phase: st.view.status });
    }
    s.asking = { stateId: st.stateId };
    asksOut++;
    s.ws.send(JSON.stringify({ type: 'choices', reqId: `q${sent++}`, stateId: st.stateId, group }));
    return true;
  }
  return false;
}

const games: Bench[] = [];
for (let i = 0; i < nGames; i += 20) games.push(...await Promise.all(Array.from({ length: Math.min(20, nGames - i) }, newGame)));
await new Promise((r) => setTimeout(r, 500));
console.log(`server ${url} (${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${workers} game worker threads): ${nGames} games of ${ruleset} ${JSON.stringify(options)}, ${nGames * 2} WebSockets; target ${rate || 'max'} actions/s for ${nWindows} x ${seconds} s after ${warmup} s of warm-up`);

/** CPU seconds (user + system) a process or thread has used, from /proc (Linux); NaN elsewhere. */
function cpuOf(statPath: string): number {
  try {
    const f = readFileSync(statPath, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
}
/** The whole server process (every thread). */
const serverCpu = () => cpuOf(`/proc/${child.pid}/stat`);
/** CPU seconds of each of the server's threads, by thread id (Linux). */
function threadCpus(): Map<string, number> {
  const out = new Map<string, number>();
  try {
    for (const tid of readdirSync(`/proc/${child.pid}/task`)) out.set(tid, cpuOf(`/proc/${child.pid}/task/${tid}/stat`));
  } catch { /* not Linux */ }
  return out;
}
/** The busiest thread other than the main one over a window (the game worker when there is one): its CPU seconds. */
function busiestOther(a: Map<string, number>, b: Map<string, number>): number {
  let most = 0;
  for (const [tid, cpu] of b) if (tid !== String(child.pid)) most = Math.max(most, cpu - (a.get(tid) ?? 0));
  return most;
}
/** The game workers' threads together, CPU seconds, from `threadCpus()` (0 without game workers). */
function gameWorkersCpu(threads: Map<string, number>): number {
  let sum = 0;
  for (const { tid } of workerThreads.values()) sum += threads.get(tid) ?? 0;
  return sum;
}
/** The server's main thread alone (HTTP, WebSockets, input checks; with 0 game workers also the rules and storage). */
const mainThreadCpu = () => cpuOf(`/proc/${child.pid}/task/${child.pid}/stat`);
let cursor = 0, replacing = 0;
/**
 * Drive the games at the target rate for `secs` seconds. The rate counts actions: a group request counts as the action
 * it leads to while its answer is on its way, and not at all when that answer has no choice (before 2026-11-28, every
 * group request counted as an action sent, so those answered with no choice (17 % of them in a run at load 15, a third of the requests being group requests) were lost from the rate: 460 of 500/s).
 */
async function drive(secs: number): Promise<void> {
  const t0 = performance.now();
  const before = actionsSent + asksOut;
  const issued = () => actionsSent + asksOut - before;
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      const elapsed = (performance.now() - t0) / 1000;
      if (elapsed >= secs) {
        clearInterval(timer);
        done();
        return;
      }
      let tried = 0;
      const atTick = issued();
      while (tried < games.length && (rate === 0 || issued() < Math.floor(elapsed * rate))) {
        const g = games[cursor]!;
        cursor = (cursor + 1) % games.length;
        tried++;
        if (g.finished) {
          if (replacing < 10) {
            replacing++;
            const idx = games.indexOf(g);
            for (const s of g.seats) s.ws.close();
            g.finished = false; // replaced below; do not pick twice
            g.seats = [];
            void newGame().then((ng) => { games[idx] = ng; replacing--; });
          }
          continue;
        }
        step(g);
      }
      burst = Math.max(burst, issued() - atTick);
    }, 2);
  });
}

/** Advance game i by `advance` + i * spread / games actions, as fast as the server answers (not measured). */
async function stagger(): Promise<number> {
  const left = games.map((_, i) => advance + Math.round((i * spread) / games.length));
  let done = 0;
  const until = performance.now() + 120_000;
  while (left.some((k) => k > 0) && performance.now() < until) {
    games.forEach((g, i) => {
      if (left[i]! > 0 && !g.finished && step(g)) {
        left[i]!--;
        done++;
      }
    });
    await new Promise((r) => setTimeout(r, 2));
  }
  return done;
}
if (spread > 0 || advance > 0) {
  const t = performance.now();
  const done = await stagger();
  const how = lockstep ? `lockstep: every game first advanced by ${advance} actions` : `staggered: game i first advanced by i * ${spread} / ${nGames} actions`;
  console.log(`${how} (${done} actions in ${((performance.now() - t) / 1000).toFixed(1)} s, not measured)`);
}

// The first seconds after a start run cold (JIT, the rule set's caches): driven the same way but not measured.
await drive(warmup);
await new Promise((r) => setTimeout(r, 300));
latencies.length = 0;
sentTypes.clear();
phases.clear();
stale = illegal = finishedGames = 0;
measuring = true;
const load0 = loadavg();
const cpu0 = serverCpu();
const mainCpu0 = mainThreadCpu();
const clientCpu0 = process.cpuUsage();
const doneBefore = latencies.length;
const t0 = performance.now();
windowStart = t0;
let sampler: NodeJS.Timeout | undefined;
if (timeline) {
  const sample = () => ({ all: serverCpu(), main: mainThreadCpu(), workers: gameWorkersCpu(threadCpus()), client: process.cpuUsage() });
  let last = sample();
  sampler = setInterval(() => {
    const now = sample();
    const c = process.cpuUsage(last.client);
    const workers = now.workers - last.workers;
    cpuBySecond.push({ main: now.main - last.main, workers, others: now.all - now.main - (last.all - last.main) - workers, client: (c.user + c.system) / 1e6 });
    last = now;
  }, 1000);
}
/** A legal Duel log of `n` entries: the bids, then the first seat's free advance and its undo, over and over. */
function longLog(n: number): unknown {
  const g = Game.create(duel, 'standard', { rounds: 20 }, 'bench-import');
  g.act('red', { type: 'bid', n: 2 });
  g.act('blue', { type: 'bid', n: 1 });
  while (g.entries.length < n) {
    if (g.entries.length % 2 === 0) g.act('red', { type: 'advance' });
    else g.undo('red');
  }
  return g.toLog();
}
let importDone: Promise<void> = Promise.resolve();
if (importEntries > 0) {
  const body = { log: longLog(importEntries) };
  importDone = new Promise((r) => setTimeout(r, 2000)).then(async () => {
    importWindow.from = performance.now();
    importWindow.to = Infinity;
    const res = await http(url, 'POST', '/api/games/import', body);
    importWindow.to = performance.now();
    importWindow.ms = importWindow.to - importWindow.from;
    importWindow.status = res.status;
  });
}
/** Each window: when it ran, the server's CPU (whole process, main thread) and the load average at its start. */
interface Window { from: number; to: number; cpu: number; mainCpu: number; busiest: number; load: number; workerCpu: number[]; loopDelay: string }
const windows: Window[] = [];
for (let k = 0; k < nWindows; k++) {
  const from = performance.now(), cpuA = serverCpu(), mainA = mainThreadCpu(), threadsA = threadCpus(), load = loadavg()[0]!;
  loopDelay.reset();
  loopDelay.enable();
  burst = 0;
  await drive(seconds);
  loopDelay.disable();
  const threadsB = threadCpus();
  const busiest = busiestOther(threadsA, threadsB);
  const workerCpu = [...Array(nWorkers).keys()].map((i) => {
    const tid = workerThreads.get(i)?.tid;
    return tid ? (threadsB.get(tid) ?? NaN) - (threadsA.get(tid) ?? NaN) : NaN;
  });
  const delay = `p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms; most actions sent in one tick ${burst}`;
  windows.push({ from, to: performance.now(), cpu: serverCpu() - cpuA, mainCpu: mainThreadCpu() - mainA, busiest, load, workerCpu, loopDelay: delay });
}
await importDone;
clearInterval(sampler);
const wall = (performance.now() - t0) / 1000;
await new Promise((r) => setTimeout(r, traceRequests ? 1000 : 300)); // the workers' last trace lines
if (traceRequests) readTraced();
// --dump-requests FILE: every traced request of the windows as a JSON line (what it was, its times and parts)
const dumpTo = arg('--dump-requests', '');
if (dumpTo) {
  for (const r of received) actionOf.set(`${r.game} ${r.stateId}`, r);
  const lines = [...traced].filter(([, t]) => t.begin >= t0).map(([k, t]) => JSON.stringify({
    ...labelOf(t, k), key: k, worker: t.worker, posted: t.posted - t0, begin: t.begin - t0, end: t.end - t0, cpu: t.cpu, wait: t.wait,
    parts: Object.fromEntries(t.parts), ...(t.method === 'act' && actionOf.has(k.slice(4)) ? { sent: actionOf.get(k.slice(4))!.sent - t0, got: actionOf.get(k.slice(4))!.got - t0 } : {}),
  }));
  writeFileSync(dumpTo, lines.join('\n') + '\n');
}

/** The p-quantile of sorted `xs`. */
const quantile = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;
const f1 = (x: number) => x.toFixed(1);
/** GC pauses per thread within [from, to): count, total and longest pause, of scavenges and of full collections. */
function gcLine(from: number, to: number): string {
  const inside = gcPauses.filter((p) => p.at >= from && p.at < to && p.worker === undefined);
  const threads = [...new Set(inside.map((p) => p.thread))].sort((a, b) => a - b);
  if (!threads.length) return traceGc ? 'no GC' : 'GC not traced';
  const lines = threads.map((t) => {
    const mine = inside.filter((p) => p.thread === t);
    const part = (list: Pause[], name: string) => list.length
      ? `${list.length} ${name} ${f1(list.reduce((a, p) => a + p.ms, 0))} ms (longest ${f1(Math.max(...list.map((p) => p.ms)))})` : '';
    const steps = markingSteps.filter((m) => m.thread === t && m.at >= from && m.at < to);
    const marking = steps.length
      ? `, marking steps ${f1(steps.reduce((a, m) => a + m.ms, 0))} ms (biggest ${f1(Math.max(...steps.map((m) => m.biggest)))})` : '';
    const full = mine.filter((p) => p.kind !== 'Scavenge');
    // the heap left after a full collection: what the thread's games keep (it sets the length of the next one)
    const left = full.length ? ` (heap after ${full.map((p) => p.heapAfter.toFixed(0)).join(', ')} MB)` : '';
    const kinds = [part(mine.filter((p) => p.kind === 'Scavenge'), 'scavenges'), part(full, 'full') + left];
    return `thread ${t}${t === 1 ? ' (main)' : ''}: ${kinds.filter(Boolean).join(', ')}${marking}`;
  });
  // the game workers' incremental marking (--trace-gc names them by isolate only; their pauses are in workerLines)
  const steps = nWorkers > 0 ? markingSteps.filter((m) => m.thread !== 1 && m.at >= from && m.at < to) : [];
  if (steps.length) lines.push(`game workers' marking steps ${f1(steps.reduce((a, m) => a + m.ms, 0))} ms (biggest ${f1(Math.max(...steps.map((m) => m.biggest)))})`);
  return lines.join('; ');
}
/**
 * Each game worker over [from, to): the actions of its games, its share of a core, its GC pauses per 1,000 of its
 * actions (count, total, longest), and what its games keep: the old generation left after its full collections, less
 * the worker's at its start, per game held.
 */
function workerLines(from: number, to: number, acts: { worker: number }[], cpu: number[]): string[] {
  const secs = (to - from) / 1000;
  return [...Array(nWorkers).keys()].map((i) => {
    const n = acts.filter((r) => r.worker === i).length;
    const mine = gcPauses.filter((p) => p.worker === i && p.at >= from && p.at < to);
    const per = (list: Pause[], name: string) => {
      const total = list.reduce((a, p) => a + p.ms, 0);
      return `${f1((1000 * list.length) / (n || 1))} ${name} ${f1((1000 * total) / (n || 1))} ms${list.length ? ` (longest ${f1(Math.max(...list.map((p) => p.ms)))})` : ''}`;
    };
    const full = workerFull.filter((f) => f.worker === i && f.at >= from && f.at < to);
    const start = workerThreads.get(i)?.oldAtStart ?? 0;
    const kept = full.length
      ? `; old generation after its full GCs ${full.map((f) => f.old.toFixed(0)).join(', ')} MB = ${full.map((f) => (((f.old - start) * 1000) / (f.games || 1)).toFixed(0)).join(', ')} KB a game (${full[full.length - 1]!.games} games, ${start.toFixed(0)} MB at its start)`
      : '';
    return `game worker ${i}: ${n} actions, busy ${(cpu[i]! / secs).toFixed(2)} of a core; GC per 1,000 of its actions: ${per(mine.filter((p) => p.kind === 'Scavenge'), 'scavenges')}, ${per(mine.filter((p) => p.kind !== 'Scavenge'), 'full')}${kept}`;
  });
}
const PARTS = ['lock', 'apply', 'write', 'view', 'delta', 'json', 'choices', 'reply'];
const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / (xs.length || 1);
/** `k v, k v, ...` of a count map, largest first. */
const topOf = (m: Map<string, number>, k = 6) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([x, v]) => `${x} ${v}`).join(', ');
const countBy = <T>(xs: T[], key: (x: T) => string) => {
  const m = new Map<string, number>();
  for (const x of xs) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return m;
};
/** The 10th, 50th and 90th percentiles of `xs`. */
const deciles = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return [0.1, 0.5, 0.9].map((p) => quantile(s, p).toFixed(0)).join(' / ');
};
/** What a traced request was: an action's type and phase, or a group request's phase. */
function labelOf(t: Traced, key: string): { what: string; phase: string; stateId: number } {
  const [, game, stateId] = key.split(' ');
  if (t.method === 'choicesJson') return { what: 'group request', phase: asked.get(`${game} ${stateId}`)?.phase ?? '?', stateId: Number(stateId) };
  const r = actionOf.get(`${game} ${stateId}`);
  return { what: r?.type ?? t.method, phase: r?.phase ?? '?', stateId: Number(stateId) };
}
/**
 * Where a window's actions spent their time (THEATER_TRACE_REQUESTS), all of them and the slowest 1 %: from the
 * client to the game worker (socket, main thread, posting), queued in the worker (behind what), in it (its parts:
 * the lock, the rules' apply, the SQLite write, the views, their deltas, the JSON, the reply; and of that the thread's
 * wait for a core), and back to the client; what the slowest were (type, phase, the game's age in log entries); and
 * what the worker's longest requests of the window were.
 */
function requestLines(from: number, to: number, list: Received[], p99: number): string[] {
  if (!actionOf.size) for (const r of received) actionOf.set(`${r.game} ${r.stateId}`, r);
  const rows = list.flatMap((r) => {
    const t = traced.get(`act ${r.game} ${r.stateId}`);
    return t ? [{ r, t }] : [];
  });
  if (!rows.length) return [];
  const slow = rows.filter(({ r }) => r.got - r.sent >= p99);
  const seg = (xs: typeof rows) => {
    const f = (g: (x: (typeof rows)[0]) => number) => f1(mean(xs.map(g)));
    return `to the worker ${f(({ r, t }) => t.posted - r.sent)}, queued ${f(({ t }) => t.begin - t.posted)}, in it ${f(({ t }) => t.end - t.begin)} (CPU ${f(({ t }) => t.cpu)}, waiting for a core ${f(({ t }) => t.wait)}), back ${f(({ r, t }) => r.got - t.end)}`;
  };
  const parts = (xs: typeof rows) => PARTS.filter((p) => xs.some(({ t }) => t.parts.has(p)))
    .map((p) => `${p} ${mean(xs.map(({ t }) => t.parts.get(p) ?? 0)).toFixed(2)}`).join(', ');
  // what the slowest actions waited behind in their worker: the requests it ran meanwhile, by what they were
  const all = [...traced].filter(([, t]) => t.end >= from - 2000 && t.begin < to);
  const behind = new Map<string, number>();
  let waited = 0;
  for (const { r, t } of slow) {
    waited += t.begin - t.posted;
    for (const [k, o] of all) {
      if (o.worker !== t.worker) continue;
      const ms = Math.min(o.end, t.begin) - Math.max(o.begin, t.posted);
      if (ms <= 0) continue;
      const l = labelOf(o, k);
      const name = `${l.what} (${l.phase.replace(/^.*: /, '')})`;
      behind.set(name, (behind.get(name) ?? 0) + ms);
    }
    void r;
  }
  const behindText = [...behind].sort((a, b) => b[1] - a[1]).slice(0, 6)
    .map(([k, ms]) => `${k} ${((100 * ms) / (waited || 1)).toFixed(0)} %`).join(', ');
  // the worker's longest requests of the window (its top 1 % by time in it), actions and group requests
  const inWindow = all.filter(([, t]) => t.begin >= from && t.begin < to).sort((a, b) => (b[1].end - b[1].begin) - (a[1].end - a[1].begin));
  const longest = inWindow.slice(0, Math.max(1, Math.ceil(inWindow.length / 100)));
  const labels = longest.map(([k, t]) => labelOf(t, k));
  const lp = (p: string) => f1(mean(longest.map(([, t]) => t.parts.get(p) ?? 0)));
  // the worker's CPU by what it ran (every request begun in the window): what its time went to
  const byWhat = new Map<string, { n: number; cpu: number }>();
  let cpuAll = 0;
  for (const [k, t] of inWindow) {
    const name = labelOf(t, k).what;
    const e = byWhat.get(name) ?? { n: 0, cpu: 0 };
    e.n++;
    e.cpu += t.cpu;
    cpuAll += t.cpu;
    byWhat.set(name, e);
  }
  const cpuText = [...byWhat].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 8)
    .map(([k, e]) => `${k} ${e.n} x ${(e.cpu / e.n).toFixed(2)} ms = ${((100 * e.cpu) / (cpuAll || 1)).toFixed(0)} %`).join(', ');
  return [
    `time (mean ms), all ${rows.length}: ${seg(rows)}; slowest 1 % (${slow.length}): ${seg(slow)}`,
    `  in the worker (mean ms), all: ${parts(rows)}; slowest 1 %: ${parts(slow)}`,
    `  the worker's CPU in requests begun in the window, by what they were (count x mean CPU = share): ${cpuText}`,
    `  slowest 1 %: ${topOf(countBy(slow, ({ r }) => r.type), 4)}; phases ${topOf(countBy(slow, ({ r }) => r.phase.replace(/^.*: /, '')), 4)}; game age (log entries) p10/p50/p90 ${deciles(slow.map(({ r }) => r.stateId))} (all: ${deciles(rows.map(({ r }) => r.stateId))}); their queue was the worker running: ${behindText || '-'}`,
    `  the worker's longest 1 % (${longest.length} of ${inWindow.length} requests, ${f1(mean(longest.map(([, t]) => t.end - t.begin)))} ms, CPU ${f1(mean(longest.map(([, t]) => t.cpu)))}): apply ${lp('apply')}, write ${lp('write')}, view ${lp('view')}, delta ${lp('delta')}, json ${lp('json')}, choices ${lp('choices')}; ${topOf(countBy(labels, (l) => l.what), 4)}; phases ${topOf(countBy(labels, (l) => l.phase.replace(/^.*: /, '')), 4)}; game age p10/p50/p90 ${deciles(labels.map((l) => l.stateId))}`,
  ];
}
/**
 * The actions of a window at or above its p99: how much of their time (send to new view) the server's GC pauses
 * (any thread) and the SQLite checkpoints (their own thread: they compete for CPU and disk) covered.
 */
function slowLine(list: { sent: number; got: number; worker: number }[], p99: number): string {
  const slow = list.filter((r) => r.got - r.sent >= p99);
  // a game worker's pause holds up its own games only
  const covered = (ps: { ms: number; at: number; worker?: number }[]) => {
    let sum = 0;
    for (const r of slow) {
      for (const p of ps) if (p.worker === undefined || p.worker === r.worker) sum += Math.max(0, Math.min(p.at, r.got) - Math.max(p.at - p.ms, r.sent));
    }
    return sum;
  };
  const total = slow.reduce((a, r) => a + r.got - r.sent, 0);
  const pct = (x: number) => `${((100 * x) / (total || 1)).toFixed(0)} %`;
  return `slowest 1 % (${slow.length}, mean ${f1(total / (slow.length || 1))} ms): GC pauses cover ${pct(covered(gcPauses))} of their time, checkpoints ${pct(covered(checkpoints))}, this client's own GC ${pct(covered(clientGc))}`;
}
/** This client's GC pauses within [from, to): scavenges and full collections, count, total and longest. */
function clientGcLine(from: number, to: number): string {
  const inside = clientGc.filter((p) => p.at >= from && p.at < to);
  const part = (list: typeof inside, name: string) => `${list.length} ${name} ${f1(list.reduce((a, p) => a + p.ms, 0))} ms${list.length ? ` (longest ${f1(Math.max(...list.map((p) => p.ms)))})` : ''}`;
  return `GC ${part(inside.filter((p) => !p.full), 'scavenges')}, ${part(inside.filter((p) => p.full), 'full')}`;
}
function checkpointLine(from: number, to: number): string {
  const inside = checkpoints.filter((c) => c.at >= from && c.at < to);
  if (!inside.length) return 'no checkpoint';
  return `${inside.length} checkpoints ${f1(inside.reduce((a, c) => a + c.ms, 0))} ms (longest ${f1(Math.max(...inside.map((c) => c.ms)))})`;
}
/** The server's threads other than the main one and the game workers (V8's GC and compiler threads, the checkpointer). */
function helpers(w: Window, secs: number): string {
  const workers = w.workerCpu.reduce((a, b) => a + b, 0);
  if (!w.workerCpu.length || !Number.isFinite(workers)) return '';
  return `; its other threads (V8's GC and compiler threads, the checkpointer) ${((w.cpu - w.mainCpu - workers) / secs).toFixed(2)} of a core`;
}
const windowP99: number[] = [];
windows.forEach((w, k) => {
  const mine = received.filter((r) => r.got >= w.from && r.got < w.to);
  const lat = mine.map((r) => r.got - r.sent).sort((a, b) => a - b);
  const p99 = quantile(lat, 0.99);
  windowP99.push(p99);
  const secs = (w.to - w.from) / 1000;
  const per = (sec: number) => ((sec * 1000) / mine.length).toFixed(2);
  console.log(`window ${k + 1}: ${(mine.length / secs).toFixed(0)} actions/s, p50 ${f1(quantile(lat, 0.5))} ms, p99 ${f1(p99)} ms, max ${f1(quantile(lat, 1))} ms; server CPU ${per(w.cpu)} ms per action (main thread ${per(w.mainCpu)}); busiest other thread ${(w.busiest / secs).toFixed(2)} of a core${helpers(w, secs)}; load ${w.load.toFixed(1)}`);
  console.log(`  GC: ${gcLine(w.from, w.to)}; ${checkpointLine(w.from, w.to)}; ${slowLine(mine, p99)}`);
  console.log(`  this client: ${clientGcLine(w.from, w.to)}; its event loop's delay ${w.loopDelay}`);
  for (const l of workerLines(w.from, w.to, mine, w.workerCpu)) console.log(`  ${l}`);
  for (const l of requestLines(w.from, w.to, mine, p99)) console.log(`  ${l}`);
});
const sortedP99 = [...windowP99].sort((a, b) => a - b);
console.log(`p99 over ${windows.length} windows: median ${f1(quantile(sortedP99, 0.5))} ms, worst ${f1(sortedP99[sortedP99.length - 1]!)} ms (${windowP99.map(f1).join(', ')})`);
latencies.sort((a, b) => a - b);
const q = (p: number) => quantile(latencies, p);
console.log(`all windows together: actions acknowledged with a new view: ${latencies.length} in ${wall.toFixed(1)} s = ${(latencies.length / wall).toFixed(0)} actions/s`);
console.log(`latency send -> new view: p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms, max ${q(1).toFixed(1)} ms`);
const cpu = serverCpu() - cpu0;
const mainCpu = mainThreadCpu() - mainCpu0;
const clientCpu = process.cpuUsage(clientCpu0);
const acted = latencies.length - doneBefore;
const perAction = (sec: number) => ((sec * 1000) / acted).toFixed(2);
const clientSec = (clientCpu.user + clientCpu.system) / 1e6;
console.log(`bench client CPU: ${clientSec.toFixed(1)} s = ${perAction(clientSec)} ms per action; received ${(receivedBytes / acted / 1024).toFixed(1)} KiB per action, ${deltas} state messages with only the changed choices`);
console.log(`server CPU: ${cpu.toFixed(1)} s for ${acted} actions = ${perAction(cpu)} ms per action (main thread ${perAction(mainCpu)}, other threads ${perAction(cpu - mainCpu)})`);
const gcMs = gcPauses.filter((p) => p.at >= t0).reduce((a, p) => a + p.ms, 0);
console.log(`GC, all windows: ${gcLine(t0, Infinity)}; pauses ${(gcMs / acted).toFixed(3)} ms per action; ${checkpointLine(t0, Infinity)}`);
if (windows.length) {
  const cpuAll = [...Array(nWorkers).keys()].map((i) => windows.reduce((a, w) => a + w.workerCpu[i]!, 0));
  for (const l of workerLines(windows[0]!.from, windows[windows.length - 1]!.to, received, cpuAll)) console.log(`  ${l}`);
}
const la = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
console.log(`load average (1, 5, 15 min): before ${la(load0)}, after ${la(loadavg())} on ${availableParallelism()} CPUs`);
console.log(`stale ${stale}, refused ${illegal}, games finished (and replaced) ${finishedGames}; ${groupAsks} group requests, ${emptyGroups} of them answered with no choice (or stale)`);
if (importEntries > 0) {
  duringImport.sort((a, b) => a - b);
  const at = (p: number) => (duringImport[Math.min(duringImport.length - 1, Math.floor(p * duringImport.length))] ?? NaN).toFixed(1);
  console.log(`import of ${importEntries} entries: HTTP ${importWindow.status} after ${importWindow.ms.toFixed(0)} ms; ${duringImport.length} other actions under way meanwhile: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, worst ${at(1)} ms`);
}
const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${v}`).join(', ');
console.log(`actions sent by type: ${top(sentTypes)}${groupAsks ? `; ${groupAsks} structured-prompt groups asked for first` : ''}`);
console.log(`phases they were sent in: ${top(phases)}`);
if (timeline) {
  console.log('second: actions answered, p50 / p99 ms, CPU s (server main thread / game workers / its other threads: V8\'s GC and compiler threads, the checkpointer / bench client), phases sent in');
  seconds_.forEach((b, i) => {
    if (!b) return;
    b.lat.sort((x, y) => x - y);
    const at = (p: number) => b.lat[Math.min(b.lat.length - 1, Math.floor(p * b.lat.length))]!.toFixed(1);
    const c = cpuBySecond[i];
    const cpu = c ? `${c.main.toFixed(2)} / ${c.workers.toFixed(2)} / ${c.others.toFixed(2)} / ${c.client.toFixed(2)}` : '-';
    console.log(`${String(i).padStart(3)}: ${String(b.lat.length).padStart(4)}, ${at(0.5)} / ${at(0.99)}, ${cpu}, ${top(b.phases)}`);
  });
}

stopping = true;
for (const g of games) for (const s of g.seats) s.ws.close();
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
rmSync(dir, { recursive: true, force: true });
