// AI and odds figures. Run: npm run bench:ai (npx tsx bench/ai.bench.ts [--games N])
import { duel } from '../src/engine/testing/duel.ts';
import { setupGame } from '../src/engine/index.ts';
import { enumerateCombat, registerOddsAdapter } from '../src/odds/index.ts';
import { skirmish, skirmishOdds } from '../src/odds/testing-skirmish.ts';
import { aiAdapterFor } from '../src/ai/index.ts';
import { simulate } from '../src/ai/simulate.ts';
import type { PlayerKind } from '../src/ai/play.ts';
import { rulesets } from '../src/rulesets/index.ts';

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
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
  const figures: Record<string, number> = {};

  // Odds engine: a two-round battle (two rolls per round, a decision between rounds)
  registerOddsAdapter(skirmishOdds);
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

  // A full campaign at normal level, when the 2WW rule set and its AI adapter exist
  const ww = rulesets['2ww'];
  if (ww && aiAdapterFor('2ww')) {
    const t0 = performance.now();
    const r = simulate(ww, { games: 1, players: Object.fromEntries(ww.seats.map((x) => [x, 'normal'])), seed: 'bench-campaign', maxActions: arg('--max-actions', 20_000),
      onProgress: (_i, n) => { if (n % 100 === 0) process.stderr.write(`2ww campaign: ${n} actions, ${((performance.now() - t0) / 1000).toFixed(0)} s\n`); } });
    const g = r.games[0]!;
    const secs = (performance.now() - t0) / 1000;
    console.log(`2ww: one campaign, normal vs normal: ${g.result} (${g.victoryLevel}) after ${g.actions} actions, turn ${g.lastTurn}, ${secs.toFixed(1)} s (${((secs * 1000) / g.actions).toFixed(1)} ms per action)`);
    figures.campaignSeconds = secs;
    figures.campaignActions = g.actions;
  } else {
    console.log('2ww: campaign skipped (the 2WW rule set or its AI adapter is not registered yet)');
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) runAiBench();
