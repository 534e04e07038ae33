// Server benchmark: N concurrent games, two WebSocket seats each, on loopback against a server child process on a
// SQLite file. Prints actions/second and the latency from sending an action to receiving the new view.
//   npx tsx bench/server.bench.ts [--ruleset duel] [--games 200] [--rate 500] [--seconds 20] [--workers 2]
//     [--database-url postgres://...] [--options '{"quickSetup":true}']
// --rate 0 drives every game as fast as it goes (closed loop) to find the ceiling. --workers: the server's game worker
// threads (THEATER_GAME_WORKERS). --database-url: PostgreSQL instead of the SQLite file. Each action is a choice of
// the acting seat's prompt (a spread pick, not the cheapest); the types sent are counted and printed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { rulesets } from '../src/rulesets/index.ts';
import WebSocket from 'ws';
import { http } from '../src/server/test-helpers.ts';
import type { CreateGameResponse, StateMessage } from '../src/server/protocol.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const ruleset = arg('ruleset', process.env.THEATER_BENCH_RULESET ?? ('2ww' in rulesets ? '2ww' : 'duel'));
const nGames = Number(arg('games', '200'));
const rate = Number(arg('rate', '500'));
const seconds = Number(arg('seconds', '20'));
const workers = arg('workers', process.env.THEATER_GAME_WORKERS ?? '2');
const databaseUrl = arg('database-url', '');
const options = JSON.parse(arg('options', ruleset === 'duel' ? '{"rounds":20}' : '{}')) as Record<string, unknown>;

const dir = mkdtempSync(join(tmpdir(), 'theater-bench-'));
const child = spawn(process.execPath, [...(process.env.THEATER_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'src/server/main-for-tests.ts', join(dir, 'bench.sqlite'), '0'], {
  stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, THEATER_AI_WORKERS: '0', THEATER_GAME_WORKERS: workers, ...(databaseUrl ? { THEATER_TEST_PG: databaseUrl } : {}) },
});
const url = JSON.parse(await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve))).url as string;

interface Seat { ws: WebSocket; opened: Promise<void>; seat: string; last: StateMessage | null; pending: { stateId: number; at: number } | null }
interface Bench { id: string; seats: Seat[]; finished: boolean }

const latencies: number[] = [];
const sentTypes = new Map<string, number>();
const phases = new Map<string, number>();
let stale = 0, illegal = 0, finishedGames = 0, sent = 0;
let n = 0;
let stopping = false;
let measuring = false;

async function newGame(): Promise<Bench> {
  const info = rulesets[ruleset]!;
  const seatNames = info.scenarios[0]!.seats;
  const body: Record<string, unknown> = { ruleset, options, seats: Object.fromEntries(seatNames.map((s) => [s, { kind: 'human' }])) };
  const r = await http<CreateGameResponse>(url, 'POST', '/api/games', body);
  if (r.status !== 201) throw new Error(`create game: ${r.status} ${r.text}`);
  const g: Bench = { id: r.body.gameId, seats: [], finished: false };
  for (const s of seatNames) {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?token=${r.body.seats[s]!.token}`);
    const opened = new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
    const seat: Seat = { ws, opened, seat: s, last: null, pending: null };
    ws.on('error', (e) => { if (!stopping) console.error(`socket of game ${g.id}: ${e.message}`); });
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString());
      if (m.type === 'state') {
        seat.last = m;
        if (seat.pending && m.stateId > seat.pending.stateId) {
          latencies.push(performance.now() - seat.pending.at);
          seat.pending = null;
        }
        if (m.status === 'finished' && !g.finished) {
          g.finished = true;
          finishedGames++;
        }
      } else if (m.type === 'error' && seat.pending) {
        if (m.error === 'stale') stale++;
        else illegal++;
        seat.pending = null;
      }
    });
    g.seats.push(seat);
  }
  await Promise.all(g.seats.map((s) => s.opened));
  return g;
}

/** Send one action for a seat of `g` that must decide; false when none can act now. */
function step(g: Bench): boolean {
  for (const s of g.seats) {
    const st = s.last;
    if (s.pending || !st || st.status !== 'running' || !st.view.prompt) continue;
    if (g.seats.some((o) => o.pending)) return false; // one action in flight per game
    if (g.seats.some((o) => (o.last?.stateId ?? 0) > st.stateId)) continue; // this seat's news is still on its way
    const choices = st.view.prompt.choices;
    const c = choices[(n++ * 7919) % choices.length]!;
    if (measuring) {
      sentTypes.set(String(c.action.type), (sentTypes.get(String(c.action.type)) ?? 0) + 1);
      phases.set(st.view.status, (phases.get(st.view.status) ?? 0) + 1);
    }
    s.pending = { stateId: st.stateId, at: performance.now() };
    s.ws.send(JSON.stringify({ type: 'action', reqId: String(sent++), stateId: st.stateId, action: c.action }));
    return true;
  }
  return false;
}

const games: Bench[] = [];
for (let i = 0; i < nGames; i += 20) games.push(...await Promise.all(Array.from({ length: Math.min(20, nGames - i) }, newGame)));
await new Promise((r) => setTimeout(r, 500));
console.log(`server ${url} (${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${workers} game worker threads): ${nGames} games of ${ruleset} ${JSON.stringify(options)}, ${nGames * 2} WebSockets; target ${rate || 'max'} actions/s for ${seconds} s`);
measuring = true;

/** CPU seconds (user + system) the server process has used, from /proc (Linux); NaN elsewhere. */
function serverCpu(): number {
  try {
    const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
}
const cpu0 = serverCpu();
const clientCpu0 = process.cpuUsage();
const doneBefore = latencies.length;
const t0 = performance.now();
let issued = 0, cursor = 0, replacing = 0;
await new Promise<void>((done) => {
  const timer = setInterval(() => {
    const elapsed = (performance.now() - t0) / 1000;
    if (elapsed >= seconds) {
      clearInterval(timer);
      done();
      return;
    }
    const due = rate > 0 ? Math.floor(elapsed * rate) - issued : Infinity;
    let tried = 0;
    while (issued < issued + due && tried < games.length && (rate === 0 || issued < Math.floor(elapsed * rate))) {
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
      if (step(g)) issued++;
    }
  }, 2);
});
const wall = (performance.now() - t0) / 1000;
await new Promise((r) => setTimeout(r, 300));

latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
console.log(`actions acknowledged with a new view: ${latencies.length} in ${wall.toFixed(1)} s = ${(latencies.length / wall).toFixed(0)} actions/s`);
console.log(`latency send -> new view: p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms, max ${q(1).toFixed(1)} ms`);
const cpu = serverCpu() - cpu0;
const clientCpu = process.cpuUsage(clientCpu0);
console.log(`bench client CPU: ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(1)} s`);
console.log(`server CPU: ${cpu.toFixed(1)} s for ${latencies.length - doneBefore} actions = ${((cpu * 1000) / (latencies.length - doneBefore)).toFixed(2)} ms per action`);
console.log(`stale ${stale}, refused ${illegal}, games finished (and replaced) ${finishedGames}`);
const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${v}`).join(', ');
console.log(`actions sent by type: ${top(sentTypes)}`);
console.log(`phases they were sent in: ${top(phases)}`);

stopping = true;
for (const g of games) for (const s of g.seats) s.ws.close();
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
rmSync(dir, { recursive: true, force: true });
