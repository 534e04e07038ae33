// Blitzkrieg General figures for `npm run bench:ai -- --only bkg` (or alone: npx tsx bench/bkg.bench.ts [--games N]
// [--level easy|normal|hard] [--seed S] [--jobs N] [--results FILE.jsonl] [--baseline]): whole basic 1939 games of
// the AI on one side against the random player on the other, per side; how they end, actions, thinking per player
// turn. `--baseline`: random against random in the same seats too (the issue's "50 points more than random").
// `--jobs N` plays games at once in child processes (the same games; both sides side by side).
// `--late T`: instead, one game turn of the hard AI on a late position: the random player plays every seat to the start of
// turn T (seed `--seed`, default `late`), then `--level` (default hard) plays `--side` (default axis) to the start of turn
// T + 1 against random; CPU and positions of each seat's turn, and a digest of the actions chosen (same plays).
// `--index I`: only game I (0-based, seed `<seed>-<side>-I`, the same game as in a `--games` run) of `--side` (default
// axis) at `--level` (default hard), in this process: its result, each AI seat's slowest player turns (CPU, positions) and the units
// on the map by game turn.
// `--odds`: instead, the exact odds of the basic tutorial's Western Poland (3/39) in CPU time: the whole combat by unit
// mixes (what the web preview and `theater odds` ask), its first round by the rules' runs, the rules' rounds chained.
import { actionKey, applyAction, Game, prompts, setupGame, stateHash, viewFor, type Action } from '../src/engine/index.ts';
import { chooseAction, forgetPlans } from '../src/ai/index.ts';
import { chooseRandomAction } from '../src/ai/random-player.ts';
import { cpuMs } from '../src/ai/play.ts';
import { combatOdds } from '../src/odds/index.ts';
import { roundOdds, wholeCombatByRounds } from '../src/rulesets/bkg/odds.ts';
import { bkgPackage } from '../src/rulesets/bkg/package.ts';
import { type BkgState, unitLabel } from '../src/rulesets/bkg/state.ts';
import type { PlayerKind } from '../src/ai/play.ts';
import { simulate, simulateGame, type GameSummary, type SimulateOptions } from '../src/ai/simulate.ts';
import { simulateJobs, type GameProgress } from '../src/ai/simulate-jobs.ts';
import { bkg } from '../src/rulesets/bkg/index.ts';
import { MAJORS, HISTORIC_SIDES, type Major } from '../src/rulesets/bkg/powers.ts';
import { arg } from './args.ts';

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

/** The tutorial's 3/39 up to Germany's choice of combat (Western Poland and Wuhan), as odds.test.ts plays it. */
function westernPoland(): BkgState {
  let s = setupGame(bkg, 'basic-1939', { polishRetreat: true }, 'bkg-test').state;
  const act = (seat: string, a: Action) => { s = applyAction(bkg, s, seat, a).state; };
  const ids = (power: string, where: string, label?: string) => Object.values(s.units)
    .filter((u) => u.power === power && u.where === where && !u.aboard && (label === undefined || unitLabel(u) === label)).map((u) => u.id).sort();
  for (const l of ['Inf 3', 'Inf 2', 'Air 2']) act('japan', { type: 'move', units: [ids('japan', 'shanghai', l)[0]!], to: 'wuhan' });
  act('japan', { type: 'end' });
  for (const from of ['prussia', 'austria']) act('germany', { type: 'move', units: ids('germany', from), to: 'western-poland' });
  for (const m of ['germany', 'italy', 'be', 'france', 'china']) act(m, { type: 'end' });
  if (prompts(bkg, s)[0]?.kind !== 'choose-combat') throw new Error('bench: Western Poland is not awaiting the choice of combat');
  return s;
}

function oddsBench(): void {
  const s = westernPoland();
  const fight = { type: 'fight', place: 'western-poland' };
  const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
  const timed = <T>(name: string, n: number, run: () => T, line: (r: T) => string) => {
    const times: number[] = [];
    let r: T | undefined;
    for (let i = 0; i < n; i++) { const t0 = cpu(); r = run(); times.push(cpu() - t0); }
    const med = [...times].sort((a, b) => a - b)[n >> 1]!;
    console.log(`bkg odds, Western Poland (3/39), ${name}: median ${med.toFixed(0)} ms CPU of ${n}; ${line(r!)}`);
  };
  timed('the whole combat by unit mixes', 9, () => combatOdds(bkgPackage, s, 'germany', fight),
    (r) => `${r.stats.decisions} positions, ${r.stats.applies} runs of the rules, ${r.outcomes.length} outcomes, P(win) ${r.summary.pWin}${r.note ? `; ${r.note}` : ''}`);
  timed('the first round by the rules\' runs', 3, () => roundOdds(bkg, s, 'germany', fight), (r) => `${r.stats!.applies} runs`);
  timed('the rules\' rounds chained (2,000 runs at most)', 1, () => wholeCombatByRounds(bkg, s, 'germany', fight, {}), (r) => `${r.stats!.applies} runs${r.note ? `; ${r.note}` : ''}`);
}

/** One game turn of the AI on the position the random players reach at the start of turn `turn` (see the head). */
function lateTurnBench(turn: number, seed: string, level: PlayerKind, side: Side): void {
  const game = Game.create(bkg, 'basic-1939', {}, seed);
  forgetPlans();
  const st = () => game.state as unknown as BkgState;
  const act = (kind: PlayerKind) => {
    const p = prompts(bkg, game.state)[0]!;
    const view = viewFor(bkg, game.state, p.seat);
    const req = { ruleset: 'bkg', seat: p.seat, view, prompt: view.prompt!, seed: `${seed}|${p.seat}|${game.seq}` };
    const c = kind === 'random' ? chooseRandomAction({ ...req, level: 0 }) : chooseAction({ ...req, level: kind });
    game.act(p.seat, c.action);
    return { seat: p.seat, action: c.action, positions: (c as { stats?: { positions: number } }).stats?.positions ?? 0 };
  };
  while (!game.state.outcome && st().turn < turn) act('random');
  if (game.state.outcome) throw new Error(`bench: the random game ${seed} ended before turn ${turn} (${game.state.outcome.result})`);
  const units = Object.values(st().units).filter((u) => u.where !== 'box').length;
  console.log(`bkg late turn: seed ${seed}, turn ${turn} (${st().turn}), ${game.seq} random actions before, ${units} units on the map, state ${stateHash(game.state).slice(0, 12)}`);
  const per = new Map<string, { cpu: number; positions: number; decisions: number }>();
  const keys: string[] = [];
  while (!game.state.outcome && st().turn === turn) {
    const seat = prompts(bkg, game.state)[0]!.seat;
    const mine = HISTORIC_SIDES[seat as Major] === side;
    const c0 = cpuMs();
    const r = act(mine ? level : 'random');
    if (!mine) continue;
    const t = per.get(seat) ?? { cpu: 0, positions: 0, decisions: 0 };
    t.cpu += cpuMs() - c0;
    t.positions += r.positions;
    t.decisions++;
    per.set(seat, t);
    keys.push(`${seat}:${actionKey(r.action)}`);
  }
  for (const [seat, t] of per) console.log(`  ${seat}: ${(t.cpu / 1000).toFixed(1)} s CPU, ${t.positions} positions, ${t.decisions} decisions`);
  console.log(`  total ${([...per.values()].reduce((a, t) => a + t.cpu, 0) / 1000).toFixed(1)} s CPU; plays digest ${stateHash(keys).slice(0, 12)} (${keys.length} decisions); ` +
    `end ${st().outcome?.result ?? `turn ${st().turn}`}`);
}

/** Game `index` of a `--games` run of `level` as `side` against random (see the head). */
function oneGame(index: number, seed: string, level: PlayerKind, side: Side): void {
  const players = Object.fromEntries(MAJORS.map((m) => [m, HISTORIC_SIDES[m] === side ? level : 'random']));
  const units = new Map<number, number>();
  const o: SimulateOptions = {
    scenario: 'basic-1939', games: index + 1, players, seed: `${seed}-${side}`, maxActions: Number(arg('--max-actions', '20000')),
    onProgress: (_i, _n, state) => {
      const s = state as unknown as BkgState;
      if (!units.has(s.turn)) units.set(s.turn, Object.values(s.units).filter((u) => u.where !== 'box').length);
    },
  };
  const { summary: g, played } = simulateGame(bkg, o, index);
  console.log(`bkg: ${level} as the ${side} against random, game ${index} (seed ${g.seed}): ${g.result} (${g.actions} actions, turn ${g.lastTurn}; ` +
    `the game took ${(g.cpuMs / 1000).toFixed(0)} s CPU, ${(g.wallMs / 1000).toFixed(0)} s wall)`);
  for (const m of MAJORS.filter((x) => HISTORIC_SIDES[x] === side)) {
    const cpu = played.turnCpuMs[m] ?? [], pos = played.turnPositions[m] ?? [];
    const top = cpu.map((c, k) => ({ c, k })).sort((a, b) => b.c - a.c).slice(0, 4);
    console.log(`  ${m}: slowest player turns ${top.map(({ c, k }) => `#${k + 1} ${(c / 1000).toFixed(1)} s CPU (${pos[k]} positions)`).join(', ')}; ` +
      `${cpu.length} player turns, mean ${(cpu.reduce((a, c) => a + c, 0) / (cpu.length || 1) / 1000).toFixed(1)} s`);
  }
  console.log(`  units on the map at each turn's start: ${[...units].map(([t, n]) => `${t}: ${n}`).join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--index')) {
  oneGame(Number(arg('--index', '0')), arg('--seed', 'bench'), arg('--level', 'hard') as PlayerKind, arg('--side', 'axis') as Side);
} else if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--late')) {
  lateTurnBench(Number(arg('--late', '12')), arg('--seed', 'late'), arg('--level', 'hard') as PlayerKind, arg('--side', 'axis') as Side);
} else if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--odds')) oddsBench();
else if (import.meta.url === `file://${process.argv[1]}`) {
  await bkgAiBench(Number(arg('--games', '2')), arg('--seed', 'bench'), arg('--level', 'easy') as PlayerKind, Number(arg('--jobs', '1')),
    arg('--results', ''), process.argv.includes('--baseline'));
}
