// A simulation's games in parallel child processes (`theater simulate --jobs N`, `npm run bench:ai -- --jobs N`).
// Game i is the same game in any process (seed `<seed>-i`, plans and turn ledgers reset at each game), so a run with
// jobs gives the serial run's results. Child processes, not threads: each game's CPU time is its own process's.
// With a results file, every finished game is appended as it ends and a run started again skips the games it holds.
import { fork, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Ruleset } from '../engine/index.ts';
import { simulationResult, type GameSummary, type SimulateOptions, type SimulationResult } from './simulate.ts';

export interface JobsOptions {
  /** Games played at once (child processes). */
  jobs: number;
  /** JSON lines file: finished games are appended, and those of the same simulation are not played again. */
  resultsFile?: string;
  /** Folder for each game's log (`<ruleset>-<seed>.json`). */
  save?: string;
  /** A game's progress at each new turn of the adapter's `report` (long games: what a stopped run reached). */
  onTurn?: (game: number, p: GameProgress) => void;
}

/** Where a game stands: actions, the adapter's turn and the milestones reached so far. */
export interface GameProgress {
  actions: number;
  turn: number;
  turnLabel?: string;
  milestones: string[];
}

/** What a child process is asked: one game of a simulation (the options without callbacks). */
export interface GameJob {
  ruleset: string;
  o: Omit<SimulateOptions, 'onProgress' | 'onGame'>;
  index: number;
  save?: string;
}

export type GameJobReply = { index: number; summary: GameSummary } | { index: number; error: string } | { index: number; progress: GameProgress };

/** The key of a simulation in a results file: every input that decides its games. */
export function simulationKey(ruleset: string, o: SimulateOptions): string {
  return JSON.stringify([ruleset, o.scenario ?? null, o.options ?? {}, o.players, o.seed, o.maxActions ?? null, o.budgetMs ?? null]);
}

/** Games of a results file that belong to this simulation, by index. */
export function savedGames(file: string, key: string): Map<number, GameSummary> {
  const out = new Map<number, GameSummary>();
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const x = JSON.parse(line) as { key: string; index: number; summary: GameSummary };
    if (x.key === key) out.set(x.index, x.summary);
  }
  return out;
}

/**
 * `o.games` games, `j.jobs` at a time; `o.onGame` is called as each ends (in the order they end, `played` absent),
 * also for games read back from the results file. Resolves when all have ended; rejects on a game's error.
 */
export function simulateJobs(ruleset: Ruleset<any>, o: SimulateOptions, j: JobsOptions): Promise<SimulationResult> {
  const key = simulationKey(ruleset.id, o);
  const done = j.resultsFile ? savedGames(j.resultsFile, key) : new Map<number, GameSummary>();
  for (const [i, s] of [...done].sort((a, b) => a[0] - b[0])) if (i < o.games) o.onGame?.(i, s, undefined as never);
  const todo = Array.from({ length: o.games }, (_, i) => i).filter((i) => !done.has(i));
  const { onProgress: _p, onGame: _g, ...plain } = o;
  const children = new Set<ChildProcess>();
  return new Promise((resolve, reject) => {
    let failed = false;
    const finish = () => {
      if (failed || (done.size < o.games && (todo.length || children.size))) return;
      resolve(simulationResult(ruleset, o, Array.from({ length: o.games }, (_, i) => done.get(i)!)));
    };
    const next = () => {
      const index = todo.shift();
      if (index === undefined || failed) return finish();
      const child = fork(fileURLToPath(new URL('./simulate-job.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
      children.add(child);
      let answered = false;
      child.on('message', (m: GameJobReply) => {
        if ('progress' in m) return j.onTurn?.(index, m.progress);
        answered = true;
        if ('error' in m) {
          failed = true;
          for (const c of children) c.kill();
          reject(new Error(`${ruleset.id} game ${index} (seed ${o.seed}-${index}): ${m.error}`));
          return;
        }
        done.set(index, m.summary);
        if (j.resultsFile) appendFileSync(j.resultsFile, JSON.stringify({ key, index, summary: m.summary }) + '\n');
        o.onGame?.(index, m.summary, undefined as never);
      });
      child.on('exit', (code) => {
        children.delete(child);
        if (!answered && !failed) {
          failed = true;
          for (const c of children) c.kill();
          reject(new Error(`${ruleset.id} game ${index}: its process exited (code ${code}) without a result`));
          return;
        }
        next();
      });
      child.send({ ruleset: ruleset.id, o: plain, index, save: j.save } satisfies GameJob);
    };
    for (let k = 0; k < Math.max(1, j.jobs); k++) next();
    finish();
  });
}
