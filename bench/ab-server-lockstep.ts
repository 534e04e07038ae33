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
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { arg } from './args.ts';
import { fixRandomBytes, playGames } from './ab-server-play.ts';

const [baseDir, headDir] = process.argv.slice(2).filter((a) => !a.startsWith('--')).slice(0, 2);
if (!baseDir || !headDir) throw new Error('usage: ab-server-lockstep.ts BASE_DIR HEAD_DIR [--games N] [--actions N] [--spread K]');
const nGames = Number(arg('--games', '200'));
const nActions = Number(arg('--actions', '60'));
const spread = Number(arg('--spread', '100'));
const blocks = Number(arg('--blocks', '6'));

interface Tree { name: string; step: () => Promise<void>; digest: () => string; acted: () => number; close: () => Promise<void>; cpu: number }

async function tree(name: string, dir: string): Promise<Tree> {
  const src = (p: string) => import(pathToFileURL(resolve(dir, 'src', p)).href);
  const { GameManager } = await src('server/games.ts');
  const { SqliteStorage } = await src('server/sqlite-storage.ts');
  const { StateReceiver } = await src('server/protocol.ts');
  const { rulesets } = await src('rulesets/index.ts');
  fixRandomBytes();
  const tmp = mkdtempSync(join(tmpdir(), 'theater-ab-lockstep-'));
  const storage = new SqliteStorage(join(tmp, 'ab.sqlite'));
  await storage.init();
  const m = new GameManager({ storage, log: () => undefined });
  const digest = createHash('sha256');
  const { games, step: one, counts } = await playGames(m, () => new StateReceiver(), '2ww', rulesets['2ww'].scenarios[0].seats, {}, nGames,
    (text) => digest.update(text).update('\n'));
  for (let i = 0; i < 30; i++) await one(games[0]!);
  for (const [i, g] of games.entries()) for (let k = 0; k < Math.floor(i * spread / nGames); k++) await one(g);
  return {
    name, cpu: 0,
    step: async () => { for (const g of games) await one(g); },
    digest: () => digest.digest('hex').slice(0, 16),
    acted: () => counts.acted,
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
