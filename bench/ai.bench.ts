// AI and odds figures (docs/ai.md). Run: npm run bench:ai (npx tsx bench/ai.bench.ts [options]). 2WW campaigns take
// minutes each; run the long parts alone (--only) and say what ran.
//   --only odds|duel|eto|2ww|aae|bkg   run one part (default: all but bkg)
//   --bkg-games N              BKG whole games of the AI against the random player, per side (default 2)
//   --level L                  BKG: the AI's level (default easy); --baseline: random against random too
//   --aae-games N              A&A Europe games of the AI against the random player, per side (default 20)
//   --games N                  duel games per match (default 40); ETO games per side and scenario (default 20)
//   --scenario ID              ETO: one scenario only
//   --campaigns N              2WW hard against random, per side (default 2; the issue's bar: 20)
//   --campaigns-easy N         2WW hard against easy, per side (default 1; the issue's bar: 20)
//   --campaigns-hard N         2WW hard against hard: how games end, when powers fall (default 1; the issue: 20)
//   --side axis|allies         2WW matches with the stronger player on this side only
//   --max-actions N            stop a game unfinished after N actions (default 20,000)
//   --seed S                   seed prefix
//   --chart FILE.svg           2WW hard against hard: write the milestones chart (theater simulate --chart)
//   --jobs N                   games at once, each in its own process (default 1); the same games as one at a time
//   --results FILE.jsonl       append each game's result as it ends; a run started again skips the games it holds
//   --save DIR                 with --jobs or --results: save each game's log there (to read a lost game)
import { writeFileSync } from 'node:fs';
import { duel } from '../src/engine/testing/duel.ts';
import { setupGame, type Options } from '../src/engine/index.ts';
import { enumerateCombat } from '../src/odds/index.ts';
import { skirmish, skirmishOdds } from '../src/odds/testing-skirmish.ts';
import { aiAdapterFor } from '../src/ai/index.ts';
import { milestoneTurns, simulate, simulationChart, type GameSummary, type SimulateOptions, type SimulationResult } from '../src/ai/simulate.ts';
import { simulateJobs, type GameProgress } from '../src/ai/simulate-jobs.ts';
import type { PlayerKind } from '../src/ai/play.ts';
import { getRuleset } from '../src/rulesets/index.ts';
import { aaeAiBench } from './aae.bench.ts';
import { bkgAiBench } from './bkg.bench.ts';
import { arg, argNum } from './args.ts';

const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

interface Match {
  label: string;
  /** Wins of the seat measured (`seat`). */
  wins: number;
  games: number;
  /** Results by the rule set's victory level, e.g. "Axis major victory: 14". */
  results: Record<string, number>;
  /** Thinking of the measured seat per player turn, seconds: mean and worst; worst single decision. */
  turnMean: number;
  turnMax: number;
  /** The same in CPU seconds of this process (the machine is shared: wall time depends on its load). */
  turnCpuMean: number;
  turnCpuMax: number;
  /** Positions the planner looked at per player turn: mean and most. */
  positionsMean: number;
  positionsMax: number;
  decisionMax: number;
  cpuSeconds: number;
  sim: SimulationResult;
}

/**
 * `n` games of `players`; `seat` is the seat whose wins and timing are reported. With `--jobs N` or `--results FILE`
 * the games run in child processes (`simulateJobs`): the same games, results printed as each ends.
 */
async function match(rulesetId: string, scenario: string, options: Options, players: Record<string, PlayerKind>, seat: string, n: number, seed: string, jobs = argNum('--jobs', 1)): Promise<Match> {
  const rs = getRuleset(rulesetId);
  const label = `${rulesetId}${rs.scenarios.length > 1 ? ` ${scenario}` : ''}${Object.keys(options).length ? ` ${JSON.stringify(options)}` : ''}: ` +
    Object.entries(players).map(([s, p]) => `${s} ${p}`).join(' vs ');
  const cpu0 = cpuSeconds();
  const t0 = performance.now();
  const o: SimulateOptions = {
    scenario, options, games: n, players, seed, maxActions: argNum('--max-actions', 20_000),
    onGame: (i: number, g: GameSummary) => {
      const t = g.turnCpuMs[seat];
      const outcome = g.unfinished ? `UNFINISHED at the ${g.actions}-action limit (turn ${g.lastTurn})`
        : `${g.winner === seat ? 'WIN ' : g.winner ? 'LOSS' : 'DRAW'} ${g.victoryLevel} after ${g.actions} actions (turn ${g.lastTurn})`;
      console.log(`  ${label} #${i + 1} (seed ${g.seed}): ${outcome}` +
        (t ? `; ${seat} thinks ${(t.mean / 1000).toFixed(1)} s CPU per player turn, ${(t.max / 1000).toFixed(1)} s worst` : '') +
        `; the game took ${(g.cpuMs / 1000).toFixed(0)} s CPU, ${(g.wallMs / 1000).toFixed(0)} s wall (${((performance.now() - t0) / 1000).toFixed(0)} s so far)`);
    },
  };
  const resultsFile = arg('--results', ''), save = arg('--save', '');
  const onTurn = (i: number, p: GameProgress) => console.log(`  ${label} #${i + 1}: ${p.turnLabel ?? `turn ${p.turn}`}, ${p.actions} actions` +
    `${p.milestones.length ? `; ${p.milestones.join(', ')}` : ''} (${((performance.now() - t0) / 1000).toFixed(0)} s so far)`);
  const sim = jobs > 1 || resultsFile ? await simulateJobs(rs, o, { jobs, resultsFile: resultsFile || undefined, save: save || undefined, onTurn }) : simulate(rs, o);
  const results: Record<string, number> = {};
  for (const g of sim.games) results[g.victoryLevel] = (results[g.victoryLevel] ?? 0) + 1;
  const ts = sim.games.map((g) => g.turnMs[seat]).filter((x) => x !== undefined);
  const cs = sim.games.map((g) => g.turnCpuMs[seat]).filter((x) => x !== undefined);
  const turns = ts.reduce((a, t) => a + t.turns, 0) || 1;
  return {
    label, wins: sim.wins[seat] ?? 0, games: n, results,
    turnMean: ts.reduce((a, t) => a + t.mean * t.turns, 0) / turns / 1000, turnMax: Math.max(0, ...ts.map((t) => t.max)) / 1000,
    turnCpuMean: cs.reduce((a, t) => a + t.mean * t.turns, 0) / turns / 1000, turnCpuMax: Math.max(0, ...cs.map((t) => t.max)) / 1000,
    positionsMean: sim.games.reduce((a, g) => a + (g.turnPositions[seat] ? g.turnPositions[seat]!.mean * g.turnPositions[seat]!.turns : 0), 0) / turns,
    positionsMax: Math.max(0, ...sim.games.map((g) => g.turnPositions[seat]?.max ?? 0)),
    decisionMax: Math.max(0, ...sim.games.map((g) => g.maxDecisionMs[seat] ?? 0)) / 1000, cpuSeconds: cpuSeconds() - cpu0, sim,
  };
}

function say(m: Match, seat: string): void {
  const pct = Math.round((100 * m.wins) / (m.games || 1));
  console.log(`${m.label}: ${seat} won ${m.wins} of ${m.games} (${pct}%); results ${Object.entries(m.results).map(([k, v]) => `${k} ${v}`).join(', ')}; ` +
    `${seat} thinks ${m.turnCpuMean.toFixed(1)} s CPU per player turn, ${m.turnCpuMax.toFixed(1)} s worst (wall ${m.turnMean.toFixed(1)} s mean, ${m.turnMax.toFixed(1)} s worst; ` +
    `one decision ${m.decisionMax.toFixed(1)} s wall); ${Math.round(m.positionsMean)} positions per player turn (most ${m.positionsMax}, ${m.turnCpuMean > 0 ? Math.round(m.positionsMean / m.turnCpuMean) : 0} per CPU second); process CPU ${m.cpuSeconds.toFixed(0)} s`);
}

function oddsBench(figures: Record<string, number>): void {
  // A two-round battle (two rolls per round, a decision between rounds), with and without the memo.
  const s = setupGame(skirmish, 'standard', {}, 'bench').state;
  for (const memo of [true, false]) {
    const n = 200;
    const t0 = performance.now();
    let stats;
    for (let i = 0; i < n; i++) stats = enumerateCombat(skirmish, skirmishOdds, s, 'a', { type: 'attack' }, { memo }).stats;
    const us = ((performance.now() - t0) / n) * 1000;
    console.log(`odds: skirmish battle, memo ${memo ? 'on ' : 'off'}: ${stats!.applies} runs of the rules, ${stats!.memoHits} shared sub-trees, ${us.toFixed(0)} us per combat`);
    figures[`oddsSkirmishApplies_${memo ? 'memo' : 'nomemo'}`] = stats!.applies;
  }
}

function duelBench(figures: Record<string, number>): void {
  const games = argNum('--games', 40);
  const half = Math.max(1, Math.floor(games / 2));
  const run = (red: PlayerKind, blue: PlayerKind) => simulate(duel, { games: half, players: { red, blue }, seed: `bench-${red}-${blue}`, options: { rounds: 20 } });
  for (const level of ['easy', 'normal', 'hard'] as const) {
    const a = run(level, 'random'), b = run('random', level);
    const wins = (a.wins.red ?? 0) + (b.wins.blue ?? 0);
    console.log(`duel: ${level} vs random, ${2 * half} games: ${wins} won`);
    figures[`duel_${level}_vs_random_winRate`] = wins / (2 * half);
  }
  const a = run('hard', 'easy'), b = run('easy', 'hard');
  console.log(`duel: hard vs easy, ${2 * half} games: hard ${(a.wins.red ?? 0) + (b.wins.blue ?? 0)}, easy ${(a.wins.blue ?? 0) + (b.wins.red ?? 0)} (Duel is mostly dice)`);
}

/**
 * Every scenario of a rule set, each side: hard against random, random against random in the same seats (the
 * baseline: "at least 50 points more than random" where a scenario is stacked against a side), hard against hard.
 */
async function scenarioBench(rulesetId: string, figures: Record<string, number>): Promise<void> {
  const rs = getRuleset(rulesetId);
  const n = argNum('--games', 20);
  const only = arg('--scenario', '');
  const seed = arg('--seed', 'bench');
  const variants: { scenario: string; options: Options; seats: string[] }[] = [];
  for (const sc of rs.scenarios) {
    if (only && sc.id !== only) continue;
    // A seat with a scripted side (Case White's Poles, [4.3]) is played by its script at every AI level.
    variants.push({ scenario: sc.id, options: {}, seats: sc.seats });
  }
  for (const v of variants) {
    for (const seat of v.seats) {
      const other = rs.seats.find((x) => x !== seat)!;
      const hard = await match(rulesetId, v.scenario, v.options, { [seat]: 'hard', [other]: 'random' }, seat, n, `${seed}-${v.scenario}-${seat}`);
      const base = await match(rulesetId, v.scenario, v.options, { [seat]: 'random', [other]: 'random' }, seat, n, `${seed}-${v.scenario}-${seat}-rnd`);
      say(hard, seat);
      console.log(`${rulesetId} ${v.scenario} ${seat}: hard wins ${hard.wins}/${n}, random in the same seat ${base.wins}/${n} ` +
        `(${Math.round((100 * (hard.wins - base.wins)) / n)} points more)`);
      figures[`${rulesetId}_${v.scenario}_${seat}_hard_vs_random`] = hard.wins / n;
      figures[`${rulesetId}_${v.scenario}_${seat}_random_vs_random`] = base.wins / n;
    }
    const hh = await match(rulesetId, v.scenario, v.options, Object.fromEntries(rs.seats.map((s) => [s, 'hard'])), v.seats[0]!, Math.max(1, Math.floor(n / 2)), `${seed}-${v.scenario}-hh`);
    console.log(`${hh.label}: how games end: ${Object.entries(hh.results).map(([k, x]) => `${k} ${x}`).join(', ')}`);
  }
}

async function twoWWBench(figures: Record<string, number>): Promise<void> {
  const seed = arg('--seed', 'bench');
  const sides = arg('--side', '') ? [arg('--side', '')] : ['axis', 'allies'];
  // With --jobs, both sides' games run side by side (the jobs shared between them), so a stopped run has both.
  const perSide = Math.max(1, Math.floor(argNum('--jobs', 1) / sides.length));
  const versus = async (opponent: PlayerKind, n: number) => {
    if (!n) return;
    const ms = await Promise.all(sides.map((side) => {
      const other = side === 'axis' ? 'allies' : 'axis';
      return match('2ww', 'campaign-1939', {}, { [side]: 'hard', [other]: opponent }, side, n, `${seed}-hard-${opponent}-${side}`, perSide);
    }));
    sides.forEach((side, k) => {
      const m = ms[k]!;
      say(m, side);
      figures[`ww_hard_vs_${opponent}_${side}_winRate`] = m.wins / n;
      figures[`ww_hard_vs_${opponent}_${side}_turnMax`] = m.turnMax;
    });
  };
  await versus('random', argNum('--campaigns', 2));
  await versus('easy', argNum('--campaigns-easy', 1));
  const nh = argNum('--campaigns-hard', 1);
  if (nh) {
    const m = await match('2ww', 'campaign-1939', {}, { axis: 'hard', allies: 'hard' }, 'axis', nh, `${seed}-hard-hard`);
    say(m, 'axis');
    console.log('2ww hard vs hard: when each power fell (turn 1 = Autumn 1939, 4 a year):');
    for (const x of milestoneTurns(m.sim)) {
      console.log(`  ${x.name}: ${x.games}/${nh} games, mean turn ${x.mean === null ? '-' : x.mean.toFixed(1)} (${x.range}); historical ${x.history ?? '-'}`);
    }
    const chart = arg('--chart', '');
    if (chart) writeFileSync(chart, simulationChart(m.sim));
  }
}

export async function runAiBench(): Promise<Record<string, number>> {
  const only = arg('--only', '');
  const figures: Record<string, number> = {};
  if (!only || only === 'odds') oddsBench(figures);
  if (!only || only === 'duel') duelBench(figures);
  if ((!only || only === 'eto') && aiAdapterFor('eto')) await scenarioBench('eto', figures);
  if ((!only || only === '2ww') && aiAdapterFor('2ww')) await twoWWBench(figures);
  // A&A Europe (its own bench file): exact odds of a large battle, the AI against the random player, AI against AI.
  if (!only || only === 'aae') Object.assign(figures, aaeAiBench(argNum('--aae-games', 20), arg('--seed', 'bench')));
  // Blitzkrieg General: whole basic games of the AI against the random player (minutes each: few by default).
  if (only === 'bkg') {
    Object.assign(figures, await bkgAiBench(argNum('--bkg-games', 2), arg('--seed', 'bench'), arg('--level', 'easy') as PlayerKind,
      argNum('--jobs', 1), arg('--results', ''), process.argv.includes('--baseline')));
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) await runAiBench();
