// Blitzkrieg General figures for `npm run bench:ai -- --only bkg` (or alone: npx tsx bench/bkg.bench.ts [--games N]
// [--level easy|normal|hard] [--seed S]): whole basic 1939 games of the AI on one side against the random player on
// the other, per side; how they end, actions, thinking time per player turn.
import { playGame, type PlayerKind } from '../src/ai/play.ts';
import { bkg } from '../src/rulesets/bkg/index.ts';
import { MAJORS, SIDE_OF_MAJOR } from '../src/rulesets/bkg/powers.ts';

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1]! : dflt;
}

export function bkgAiBench(games: number, seed: string, level: PlayerKind = 'easy'): Record<string, number> {
  const figures: Record<string, number> = {};
  for (const side of ['axis', 'allies'] as const) {
    let wins = 0, losses = 0, actions = 0, maxTurnMs = 0;
    for (let i = 0; i < games; i++) {
      const players = Object.fromEntries(MAJORS.map((m) => [m, SIDE_OF_MAJOR[m] === side ? level : 'random']));
      const g = playGame(bkg, { scenario: 'basic-1939', seed: `${seed}-${side}-${i}`, players });
      const w = g.outcome?.winner;
      const won = w ? SIDE_OF_MAJOR[w as keyof typeof SIDE_OF_MAJOR] : null;
      if (won === side) wins++; else if (won) losses++;
      actions += g.actions;
      for (const m of MAJORS) if (SIDE_OF_MAJOR[m] === side) maxTurnMs = Math.max(maxTurnMs, ...(g.turnMs[m] ?? [0]));
      console.log(`bkg: ${level} AI as the ${side} against random, game ${i + 1}: ${g.outcome?.result ?? 'unfinished'} (${g.actions} actions, turn ${(g.game.state as unknown as { turn: number }).turn})`);
    }
    console.log(`bkg: ${level} AI as the ${side} against the random player, ${games} games: ${wins} wins, ${losses} losses, ${games - wins - losses} draws; ${Math.round(actions / games)} actions a game; longest player turn ${(maxTurnMs / 1000).toFixed(1)} s`);
    figures[`bkg_ai_${side}_vs_random_winRate`] = wins / games;
    figures[`bkg_ai_${side}_max_turn_ms`] = maxTurnMs;
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) bkgAiBench(Number(arg('--games', '2')), arg('--seed', 'bench'), arg('--level', 'easy') as PlayerKind);
