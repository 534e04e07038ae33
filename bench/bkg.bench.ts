// Blitzkrieg General figures for `npm run bench:ai -- --only bkg` (or alone: npx tsx bench/bkg.bench.ts [--games N]
// [--level easy|normal|hard] [--seed S] [--jobs N] [--results FILE.jsonl] [--baseline]): whole basic 1939 games of
// the AI on one side against the random player on the other, per side; how they end, actions, thinking per player
// turn. `--baseline`: random against random in the same seats too (the issue's "50 points more than random").
// `--jobs N` plays games at once in child processes (the same games; both sides side by side).
import type { PlayerKind } from '../src/ai/play.ts';
import { simulate, type GameSummary, type SimulateOptions } from '../src/ai/simulate.ts';
import { simulateJobs, type GameProgress } from '../src/ai/simulate-jobs.ts';
import { bkg } from '../src/rulesets/bkg/index.ts';
import { MAJORS, HISTORIC_SIDES, type Major } from '../src/rulesets/bkg/powers.ts';

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1]! : dflt;
}

type Side = 'axis' | 'allies';
const sideOf = (winner: string | null): Side | null => (winner ? HISTORIC_SIDES[winner as Major] ?? null : null);

async function bkgMatch(side: Side, level: PlayerKind, games: number, seed: string, jobs: number, resultsFile: string): Promise<string> {
  const players = Object.fromEntries(MAJORS.map((m) => [m, HISTORIC_SIDES[m] === side ? level : 'random']));
  const label = `bkg: ${level} as the ${side} against random`;
  const t0 = performance.now();
  const o: SimulateOptions = {
    scenario: 'basic-1939', games, players, seed: `${seed}-${side}`, maxActions: Number(arg('--max-actions', '20000')),
    onGame: (i: number, g: GameSummary) => {
      const won = sideOf(g.winner);
      const cpu = MAJORS.filter((m) => HISTORIC_SIDES[m] === side).map((m) => g.turnCpuMs[m]?.max ?? 0);
      console.log(`  ${label}, game ${i + 1} (seed ${g.seed}): ${g.unfinished ? `UNFINISHED at the ${g.actions}-action limit` : `${won === side ? 'WIN ' : won ? 'LOSS' : 'DRAW'} ${g.result}`} ` +
        `(${g.actions} actions, turn ${g.lastTurn}; longest player turn ${(Math.max(0, ...cpu) / 1000).toFixed(1)} s CPU; the game took ${(g.cpuMs / 1000).toFixed(0)} s CPU, ` +
        `${(g.wallMs / 1000).toFixed(0)} s wall; ${((performance.now() - t0) / 1000).toFixed(0)} s so far)`);
    },
  };
  const onTurn = (i: number, p: GameProgress) => console.log(`  ${label}, game ${i + 1}: turn ${p.turn}, ${p.actions} actions` +
    `${p.milestones.length ? `; ${p.milestones.join(', ')}` : ''} (${((performance.now() - t0) / 1000).toFixed(0)} s so far)`);
  const sim = jobs > 1 || resultsFile ? await simulateJobs(bkg, o, { jobs, resultsFile: resultsFile || undefined, onTurn }) : simulate(bkg, o);
  const wins = sim.games.filter((g) => sideOf(g.winner) === side).length;
  const losses = sim.games.filter((g) => { const w = sideOf(g.winner); return w && w !== side; }).length;
  const unfinished = sim.games.filter((g) => g.unfinished).length;
  const maxTurn = Math.max(0, ...sim.games.flatMap((g) => MAJORS.filter((m) => HISTORIC_SIDES[m] === side).map((m) => g.turnCpuMs[m]?.max ?? 0)));
  const results: Record<string, number> = {};
  for (const g of sim.games) results[g.result] = (results[g.result] ?? 0) + 1;
  return `${label}, ${games} games: ${wins} wins, ${losses} losses, ${games - wins - losses - unfinished} draws, ${unfinished} unfinished; ` +
    `${Math.round(sim.games.reduce((a, g) => a + g.actions, 0) / (games || 1))} actions a game; longest player turn ${(maxTurn / 1000).toFixed(1)} s CPU; ` +
    `results: ${Object.entries(results).map(([k, v]) => `${k} ${v}`).join('; ')}`;
}

export async function bkgAiBench(games: number, seed: string, level: PlayerKind = 'easy', jobs = 1, resultsFile = '', baseline = false): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  const sides: Side[] = arg('--side', '') ? [arg('--side', '') as Side] : ['axis', 'allies'];
  const levels: PlayerKind[] = baseline ? [level, 'random'] : [level];
  for (const lv of levels) {
    const per = Math.max(1, Math.floor(jobs / sides.length));
    const lines = await Promise.all(sides.map((side) => bkgMatch(side, lv, games, lv === 'random' ? `${seed}-rnd` : seed, per, resultsFile)));
    for (const l of lines) console.log(l);
    lines.forEach((l, k) => { figures[`bkg_${lv}_${sides[k]}_vs_random_winRate`] = Number(/(\d+) wins/.exec(l)![1]) / games; });
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await bkgAiBench(Number(arg('--games', '2')), arg('--seed', 'bench'), arg('--level', 'easy') as PlayerKind, Number(arg('--jobs', '1')),
    arg('--results', ''), process.argv.includes('--baseline'));
}
