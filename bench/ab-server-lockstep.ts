// A/B of a game worker's CPU per action in one process, for a loaded machine: two trees' GameManagers (each imported
// from its own directory) play the same fixed sequence of actions as bench/ab-server-cpu.ts (N 2WW games, two connected
// seats each, a spread pick per action), round by round in turn, so the machine's load falls on both alike; each round's
// CPU time (this thread) is added to its tree. Prints each tree's CPU per action, their ratio per block of rounds, and
// a digest of the texts each tree's seats received (must be equal).
//   npx tsx bench/ab-server-lockstep.ts BASE_DIR HEAD_DIR [--games 200] [--actions 60] [--spread 100] [--blocks 6]
// Under `node --expose-gc --import tsx`, a full GC runs (untimed) before each timed round: each round then pays only the
// scavenges its own garbage causes, not the other tree's (steadier; most of the GC cost is then left out).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { arg } from './args.ts';

const [baseDir, headDir] = process.argv.slice(2).filter((a) => !a.startsWith('--')).slice(0, 2);
if (!baseDir || !headDir) throw new Error('usage: ab-server-lockstep.ts BASE_DIR HEAD_DIR [--games N] [--actions N] [--spread K]');
const nGames = Number(arg('--games', '200'));
const nActions = Number(arg('--actions', '60'));
const spread = Number(arg('--spread', '100'));
const blocks = Number(arg('--blocks', '6'));

// The server's seeds, game ids and tokens from a counter (as ab-server-cpu.ts), reset for each tree: the same games.
let drawn = 0;
const randomBytes = (n: number): Buffer => {
  const out = Buffer.alloc(n);
  for (let at = 0; at < n; at += 32) createHash('sha256').update(`ab-server-cpu ${drawn++}`).digest().copy(out, at);
  return out;
};
const crypto = createRequire(import.meta.url)('node:crypto') as { randomBytes: unknown };
crypto.randomBytes = randomBytes;
syncBuiltinESMExports();

interface Tree { name: string; step: () => Promise<void>; digest: () => string; acted: () => number; close: () => Promise<void>; cpu: number }

async function tree(name: string, dir: string): Promise<Tree> {
  const src = (p: string) => import(pathToFileURL(resolve(dir, 'src', p)).href);
  const { GameManager } = await src('server/games.ts');
  const { SqliteStorage } = await src('server/sqlite-storage.ts');
  const { StateReceiver } = await src('server/protocol.ts');
  const { rulesets } = await src('rulesets/index.ts');
  drawn = 0;
  const tmp = mkdtempSync(join(tmpdir(), 'theater-ab-lockstep-'));
  const storage = new SqliteStorage(join(tmp, 'ab.sqlite'));
  await storage.init();
  const m = new GameManager({ storage, log: () => undefined });
  const digest = createHash('sha256');
  type Seat = { token: string; last: any };
  const games: Seat[][] = [];
  for (let g = 0; g < nGames; g++) {
    const seatNames = rulesets['2ww'].scenarios[0].seats as string[];
    const r = await m.createGame({ ruleset: '2ww', options: {}, seats: Object.fromEntries(seatNames.map((s) => [s, { kind: 'human' }])) });
    const seats: Seat[] = [];
    for (const s of seatNames) {
      const token = r.seats[s].token;
      const receiver = new StateReceiver();
      const sc: Seat = { token, last: null };
      const got = (text: string) => {
        digest.update(text).update('\n');
        const msg = JSON.parse(text);
        if (msg.type === 'state') sc.last = receiver.receive(msg);
      };
      await m.connect({ token, seat: null, lastStateId: 0, send: (msg: unknown) => got(JSON.stringify(msg)), sendText: got });
      seats.push(sc);
    }
    const values = seats.map(() => randomBytes(32).toString('hex'));
    for (const [i, s] of seats.entries()) await m.contribute(s.token, { commit: createHash('sha256').update(values[i]!).digest('hex') });
    for (const [i, s] of seats.entries()) await m.contribute(s.token, { reveal: values[i]! });
    games.push(seats);
  }
  let n = 0, acted = 0;
  const one = async (g: Seat[]): Promise<void> => {
    for (const s of g) {
      const st = s.last;
      if (!st || st.status !== 'running' || !st.view.prompt) continue;
      const { choices, groups = [] } = st.view.prompt;
      const k = (n++ * 7919) % (choices.length + groups.length);
      let action = choices[k]?.action;
      if (!action) {
        const list = JSON.parse(await m.choicesJson(s.token, st.stateId, groups[k - choices.length].key)).choices;
        if (!list.length) return;
        action = list[(n++ * 7919) % list.length].action;
      }
      await m.act(s.token, st.stateId, action);
      acted++;
      return;
    }
  };
  for (let i = 0; i < 30; i++) await one(games[0]!);
  for (const [i, g] of games.entries()) for (let k = 0; k < Math.floor(i * spread / nGames); k++) await one(g);
  return {
    name, cpu: 0,
    step: async () => { for (const g of games) await one(g); },
    digest: () => digest.digest('hex').slice(0, 16),
    acted: () => acted,
    close: async () => { await m.close(); await storage.close(); rmSync(tmp, { recursive: true, force: true }); },
  };
}

const gc = (globalThis as { gc?: () => void }).gc;
const trees = [await tree('base', baseDir), await tree('head', headDir)];
const start = trees.map((t) => t.acted());
const per = Math.ceil(nActions / blocks);
const blockCpu: number[][] = [];
for (let round = 0; round < nActions; round++) {
  if (round % per === 0) blockCpu.push([0, 0]);
  // alternate which tree goes first, so neither always runs right after the other's garbage
  const order = round % 2 ? [1, 0] : [0, 1];
  for (const i of order) {
    gc?.();
    const t = process.cpuUsage();
    await trees[i]!.step();
    const d = process.cpuUsage(t);
    const ms = (d.user + d.system) / 1000;
    trees[i]!.cpu += ms;
    blockCpu[blockCpu.length - 1]![i]! += ms;
  }
}
for (const [i, t] of trees.entries()) {
  const acted = t.acted() - start[i]!;
  console.log(`${t.name}: ${acted} actions, CPU ${(t.cpu / acted).toFixed(3)} ms per action (rules, views, JSON, SQLite, the client's parsing), digest ${t.digest()}`);
}
console.log(`head / base per block of ${per} rounds: ${blockCpu.map(([b, h]) => (h! / b!).toFixed(3)).join(' ')}; all: ${(trees[1]!.cpu / trees[0]!.cpu).toFixed(3)}`);
for (const t of trees) await t.close();
