// AI and odds figures. Run: npm run bench:ai (npx tsx bench/ai.bench.ts [options]); 2WW campaigns take minutes each.
//   --games N               duel games per match (default 40)
//   --campaigns N           2WW campaigns of hard against the random player, per side (default 2; the issue's bar: 20)
//   --campaigns-easy N      2WW campaigns of hard against easy, per side (default 1)
//   --campaigns-normal N    timed 2WW campaigns of normal against normal (default 1)
//   --max-actions N         stop a 2WW campaign after N actions (default 20,000)
//   --only duel|2ww|aae     run one part
//   --aae-games N           A&A Europe games of the AI against the random player, per side (default 20)
//   --side axis|allies      2WW matches with the stronger level on this side only
//   --seed S                seed prefix of the 2WW campaigns
import { duel } from '../src/engine/testing/duel.ts';
import { setupGame } from '../src/engine/index.ts';
import { enumerateCombat } from '../src/odds/index.ts';
import { skirmish, skirmishOdds } from '../src/odds/testing-skirmish.ts';
import { aiAdapterFor } from '../src/ai/index.ts';
import { simulate } from '../src/ai/simulate.ts';
import { playGame, type PlayerKind } from '../src/ai/play.ts';
import { rulesets } from '../src/rulesets/index.ts';
import { aaeAiBench } from './aae.bench.ts';

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}
function argStr(name: string, dflt: string): string {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1]! : dflt;
}

interface CampaignFigures {
  winner: string | null; result: string; actions: number; lastTurn: number; seconds: number;
  /** Seconds per decision of each AI seat, mean and worst. */
  decision: Record<string, { mean: number; max: number; n: number }>;
  /** Wall seconds of each side's player turns (choosing plus the rules applying), mean and worst. */
  playerTurn: Record<string, { mean: number; max: number; n: number }>;
  /** CPU seconds of this process per player turn (less sensitive to the machine's load than wall time). */
  playerTurnCpu: Record<string, { mean: number; max: number; n: number }>;
}

const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** One 2WW campaign, timing every decision and every player turn (by the side whose turn it is). */
function campaign(players: Record<string, PlayerKind>, seed: string, maxActions: number, label: string): CampaignFigures {
  const ww = rulesets['2ww']!;
  const t0 = performance.now();
  let last = t0, turnKey = '', turnStart = t0, cpuStart = cpuSeconds();
  const turns: Record<string, number[]> = {}, cpuTurns: Record<string, number[]> = {};
  const closeTurn = (now: number) => {
    if (!turnKey) return;
    const side = turnKey.split('|')[1]!;
    (turns[side] ??= []).push((now - turnStart) / 1000);
    (cpuTurns[side] ??= []).push(cpuSeconds() - cpuStart);
  };
  const g = playGame(ww, {
    seed, players, maxActions,
    onAction: (n, st) => {
      const now = performance.now();
      const s = st as { turn?: number; activeSide?: string | null };
      const key = s.activeSide ? `${s.turn}|${s.activeSide}` : '';
      if (key !== turnKey) { closeTurn(now); turnKey = key; turnStart = now; cpuStart = cpuSeconds(); }
      if (n % 500 === 0) process.stderr.write(`  ${label}: ${n} actions, turn ${s.turn}, ${((now - t0) / 1000).toFixed(0)} s\n`);
      last = now;
    },
  });
  closeTurn(last);
  const stat = (xs: number[]) => ({ mean: xs.reduce((a, b) => a + b, 0) / (xs.length || 1), max: Math.max(0, ...xs), n: xs.length });
  const decision: CampaignFigures['decision'] = {};
  for (const [seat, kind] of Object.entries(players)) {
    if (kind === 'random' || !g.decisions[seat]) continue;
    decision[seat] = { mean: g.thinkMs[seat]! / g.decisions[seat]! / 1000, max: NaN, n: g.decisions[seat]! };
  }
  const playerTurn = Object.fromEntries(Object.entries(turns).map(([k, v]) => [k, stat(v)]));
  const playerTurnCpu = Object.fromEntries(Object.entries(cpuTurns).map(([k, v]) => [k, stat(v)]));
  return {
    winner: g.outcome?.winner ?? null, result: g.outcome?.result ?? 'unfinished', actions: g.actions,
    lastTurn: (g.game.state as { turn?: number }).turn ?? 0, seconds: (performance.now() - t0) / 1000, decision, playerTurn, playerTurnCpu,
  };
}

/** `level` against `opponent` in `n` campaigns as each side: wins of `level` per side. */
function campaignMatch(level: PlayerKind, opponent: PlayerKind, n: number, maxActions: number, seed: string, figures: Record<string, number>) {
  const sides = argStr('--side', '') ? [argStr('--side', '') as 'axis' | 'allies'] : (['axis', 'allies'] as const);
  for (const side of sides) {
    let wins = 0, done = 0;
    const other = side === 'axis' ? 'allies' : 'axis';
    for (let i = 0; i < n; i++) {
      const label = `2ww ${level} (${side}) vs ${opponent} #${i + 1}`;
      const c = campaign({ [side]: level, [other]: opponent }, `${seed}-${level}-${opponent}-${side}-${i}`, maxActions, label);
      done++;
      if (c.winner === side) wins++;
      const pt = c.playerTurn[side], cpu = c.playerTurnCpu[side];
      console.log(`${label}: ${c.winner === side ? 'WIN ' : c.winner ? 'LOSS' : 'none'} ${c.result.replace(/ \(.*$/, '')} after ${c.actions} actions (turn ${c.lastTurn}), ${c.seconds.toFixed(0)} s; ` +
        `${level} ${(c.decision[side]?.mean ?? 0).toFixed(3)} s per decision, player turns ${pt ? `${pt.mean.toFixed(1)} s mean, ${pt.max.toFixed(1)} s worst` : '-'}` +
        `${cpu ? ` (CPU ${cpu.mean.toFixed(1)} s mean, ${cpu.max.toFixed(1)} s worst)` : ''}`);
    }
    console.log(`2ww ${level} vs ${opponent} as ${side}: ${wins} of ${done} won (${((100 * wins) / (done || 1)).toFixed(0)}%)`);
    figures[`ww_${level}_vs_${opponent}_${side}_winRate`] = wins / (done || 1);
    figures[`ww_${level}_vs_${opponent}_${side}_games`] = done;
  }
}

function duelMatch(red: PlayerKind, blue: PlayerKind, games: number) {
  const t0 = performance.now();
  const r = simulate(duel, { games, players: { red, blue }, seed: `bench-${red}-${blue}`, options: { rounds: 20 } });
  const ms = performance.now() - t0;
  const decisions = r.games.reduce((a, g) => a + g.actions, 0);
  return { red: r.wins.red ?? 0, blue: r.wins.blue ?? 0, draws: r.draws, ms, msPerAction: ms / decisions };
}

export function runAiBench(): Record<string, number> {
  const games = arg('--games', 40);
  const only = argStr('--only', '');
  const figures: Record<string, number> = {};
  if (only === '' || only === 'duel') {
    // Odds engine: a two-round battle (two rolls per round, a decision between rounds)
    const s = setupGame(skirmish, 'standard', {}, 'bench').state;
    for (const memo of [true, false]) {
      const n = 200;
      const t0 = performance.now();
      let stats;
      for (let i = 0; i < n; i++) stats = enumerateCombat(skirmish, skirmishOdds, s, 'a', { type: 'attack' }, { memo }).stats;
      const us = ((performance.now() - t0) / n) * 1000;
      console.log(`odds: skirmish battle, memo ${memo ? 'on ' : 'off'}: ${stats!.applies} runs of the rules, ${stats!.memoHits} shared sub-trees, ${us.toFixed(0)} us per combat`);
      figures[`oddsSkirmishApplies_${memo ? 'memo' : 'nomemo'}`] = stats!.applies;
      figures[`oddsSkirmishUs_${memo ? 'memo' : 'nomemo'}`] = Math.round(us);
    }

    // Against the random player, each level on each side
    for (const level of ['easy', 'normal', 'hard'] as const) {
      const half = Math.max(1, Math.floor(games / 2));
      const a = duelMatch(level, 'random', half), b = duelMatch('random', level, half);
      const wins = a.red + b.blue, losses = a.blue + b.red;
      console.log(`duel: ${level} vs random, ${2 * half} games: ${wins} wins, ${losses} losses, ${2 * half - wins - losses} draws; ${((a.msPerAction + b.msPerAction) / 2).toFixed(2)} ms per action`);
      figures[`duel_${level}_vs_random_winRate`] = wins / (2 * half);
    }
    // Hard vs easy
    {
      const half = Math.max(1, Math.floor(games / 2));
      const a = duelMatch('hard', 'easy', half), b = duelMatch('easy', 'hard', half);
      const hard = a.red + b.blue, easy = a.blue + b.red;
      console.log(`duel: hard vs easy, ${2 * half} games: hard ${hard} wins, easy ${easy} wins, ${2 * half - hard - easy} draws`);
      figures.duel_hard_vs_easy_winRate = hard / (2 * half);
    }
  }

  // 2WW campaigns: hard against the random player and against easy, each side; normal against normal, timed.
  const ww = rulesets['2ww'];
  if (ww && aiAdapterFor('2ww') && (only === '' || only === '2ww')) {
    const maxActions = arg('--max-actions', 20_000);
    const seed = argStr('--seed', 'bench');
    campaignMatch('hard', 'random', arg('--campaigns', 2), maxActions, seed, figures);
    campaignMatch('hard', 'easy', arg('--campaigns-easy', 1), maxActions, seed, figures);
    for (let i = 0; i < arg('--campaigns-normal', 1); i++) {
      const cpu0 = cpuSeconds();
      const c = campaign({ axis: 'normal', allies: 'normal' }, `${seed}-normal-${i}`, maxActions, `2ww normal vs normal #${i + 1}`);
      const cpu = cpuSeconds() - cpu0;
      console.log(`2ww normal vs normal #${i + 1}: ${c.result} after ${c.actions} actions (turn ${c.lastTurn}), ${c.seconds.toFixed(1)} s ` +
        `(${((c.seconds * 1000) / c.actions).toFixed(1)} ms per action; target < 300 s), CPU ${cpu.toFixed(1)} s`);
      figures.campaignSeconds = c.seconds;
      figures.campaignActions = c.actions;
    }
  } else if (only !== 'duel' && only !== 'aae') {
    console.log('2ww: campaigns skipped (the 2WW rule set or its AI adapter is not registered yet)');
  }
  // A&A Europe: exact odds of a large battle, the AI against the random player on each side, AI against AI.
  if (only === '' || only === 'aae') Object.assign(figures, aaeAiBench(arg('--aae-games', 20), argStr('--seed', 'bench')));
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) runAiBench();
