// A&A Europe figures for `npm run bench:ai` (or alone: npx tsx bench/aae.bench.ts [--games N] [--seed S]; levels:
// --levels [--random] [--house] [--games N] [--jobs N] [--results FILE.jsonl]):
// exact odds of a 20-against-20 land battle, the AI's standing rules against the random player on each side, AI
// against AI (how games end), turn times.
import { combatOdds } from '../src/odds/index.ts';
import { aae } from '../src/rulesets/aae/index.ts';
import { aaeOdds } from '../src/rulesets/aae/odds.ts';
import { aaeRig, position, u } from '../src/rulesets/aae/testing.ts';
import { selfPlay } from '../src/rulesets/aae/ai/self-play.ts';
import type { Power } from '../src/rulesets/aae/data/index.ts';
import { simulate } from '../src/ai/simulate.ts';
import { simulateJobs } from '../src/ai/simulate-jobs.ts';
import type { PlayerKind } from '../src/ai/play.ts';
import { arg } from './args.ts';

const cpuMs = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };

/** 10 infantry, 5 artillery, 5 armour against 15 infantry, 3 armour, 2 artillery: milliseconds, warm and cold. */
export function oddsBench(): Record<string, number> {
  const rig = aaeRig();
  let s = rig.start(position({ units: [
    u('germany', 'infantry', 'poland', 10), u('germany', 'artillery', 'poland', 5), u('germany', 'armour', 'poland', 5),
    u('ussr', 'infantry', 'east-poland', 15), u('ussr', 'armour', 'east-poland', 3), u('ussr', 'artillery', 'east-poland', 2),
  ] }), 'combat-move', 'germany');
  for (const m of [/all 10 infantry from Poland: attack East Poland/, /all 5 artillery from Poland: attack East Poland/, /all 5 armour from Poland: attack East Poland/]) s = rig.play(s, 'germany', rig.pick(s, m));
  s = rig.play(s, 'germany', { type: 'end-phase' });
  const wall: number[] = [];
  const cpu: number[] = [];
  let report;
  for (let i = 0; i < 12; i++) {
    const t0 = performance.now(), c0 = cpuMs();
    report = combatOdds({ ruleset: aae, odds: aaeOdds }, s, 'germany', { type: 'battle', area: 'east-poland' });
    wall.push(performance.now() - t0);
    cpu.push(cpuMs() - c0);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`aae odds, 20 against 20 land units: ${report!.outcomes.length} outcomes, ${(report!.summary.pWin * 100).toFixed(1)}% to win; ` +
    `first ${wall[0]!.toFixed(0)} ms, median ${median(wall.slice(2)).toFixed(1)} ms wall (${median(cpu.slice(2)).toFixed(1)} ms CPU); target <= 50 ms`);
  return { aae_odds_20v20_ms: median(wall.slice(2)), aae_odds_20v20_cpu_ms: median(cpu.slice(2)) };
}

const AXIS: Power[] = ['germany'];
const ALLIES: Power[] = ['ussr', 'uk', 'usa'];

export function aaeAiBench(games: number, seed: string): Record<string, number> {
  const figures: Record<string, number> = oddsBench();
  const turn: number[] = [];
  for (const [label, ai, mine] of [['Axis', AXIS, 'axis'], ['Allies', ALLIES, 'allies']] as const) {
    let wins = 0, losses = 0;
    const rounds: number[] = [];
    for (let i = 0; i < games; i++) {
      const r = selfPlay({ seed: `${seed}-${label}-${i}`, ai: [...ai] });
      const w = r.outcome?.winner;
      const side = w ? (w === 'germany' || w === 'minor' ? 'axis' : 'allies') : null;
      if (side === mine) wins++; else if (side) losses++;
      rounds.push(r.rounds);
      for (const p of ai) turn.push(...r.msPerTurn[p]);
    }
    console.log(`aae: AI as the ${label} against the random player, ${games} games: ${wins} wins, ${losses} losses, ${games - wins - losses} draws; mean ${(rounds.reduce((a, b) => a + b, 0) / games).toFixed(1)} rounds`);
    figures[`aae_ai_${label.toLowerCase()}_vs_random_winRate`] = wins / games;
  }
  const ends: Record<string, number> = {};
  for (let i = 0; i < Math.max(2, Math.floor(games / 4)); i++) {
    const r = selfPlay({ seed: `${seed}-both-${i}`, ai: [...AXIS, ...ALLIES] });
    const k = `${r.outcome?.result ?? 'unfinished'} (round ${r.rounds})`;
    ends[k] = (ends[k] ?? 0) + 1;
    for (const p of [...AXIS, ...ALLIES]) turn.push(...r.msPerTurn[p]);
  }
  console.log(`aae: AI against AI: ${Object.entries(ends).map(([k, n]) => `${n} x ${k}`).join('; ')}`);
  const sorted = [...turn].sort((a, b) => a - b);
  console.log(`aae: AI turn times: mean ${(turn.reduce((a, b) => a + b, 0) / turn.length / 1000).toFixed(2)} s, p95 ${(sorted[Math.floor(sorted.length * 0.95)]! / 1000).toFixed(2)} s, worst ${(sorted[sorted.length - 1]! / 1000).toFixed(2)} s (target: at most 10 s)`);
  figures.aae_ai_turn_worst_s = sorted[sorted.length - 1]! / 1000;
  return figures;
}

/**
 * Hard against easy (or `against: 'random'`) through the AI's front door (src/ai: the planner weighs the battle
 * decisions), each side; with the house rules the Axis Minor seat plays with Germany. With `jobs` > 1 both sides' games
 * run side by side, each game in its own process (src/ai/simulate-jobs.ts: the same games), finished games appended to
 * `resultsFile` when given (a run started again skips them).
 */
export async function aaeLevelBench(games: number, seed: string, options: Record<string, boolean | number> = {}, against: PlayerKind = 'easy', jobs = 1, resultsFile = ''): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  const sides = ['axis', 'allies'] as const;
  const run = (hardSide: 'axis' | 'allies') => {
    const lvl = (side: 'axis' | 'allies'): PlayerKind => (side === hardSide ? 'hard' : against);
    const players = { germany: lvl('axis'), ussr: lvl('allies'), uk: lvl('allies'), usa: lvl('allies'), minor: lvl('axis') };
    const o = { games, players, seed: `${seed}-levels-${hardSide}`, options };
    return jobs > 1 || resultsFile
      ? simulateJobs(aae, o, { jobs: Math.max(1, Math.floor(jobs / sides.length)), resultsFile: resultsFile || undefined })
      : Promise.resolve(simulate(aae, o));
  };
  const t0 = performance.now();
  const results = jobs > 1 ? await Promise.all(sides.map(run)) : [await run('axis'), await run('allies')];
  sides.forEach((hardSide, k) => {
    const r = results[k]!;
    let hard = 0, easy = 0;
    const ends: string[] = [];
    for (const g of r.games) {
      const side = g.winner ? (g.winner === 'germany' || g.winner === 'minor' ? 'axis' : 'allies') : null;
      if (side === hardSide) hard++; else if (side) easy++;
      ends.push(`${g.result} (turn ${g.lastTurn})`);
    }
    const hardSeats = hardSide === 'axis' ? ['germany', ...(options.houseRules ? ['minor'] : [])] : ['ussr', 'uk', 'usa'];
    const turns = r.games.flatMap((g) => hardSeats.map((p) => g.turnCpuMs[p]!));
    const turnMax = Math.max(...r.games.flatMap((g) => hardSeats.map((p) => g.turnMs[p]!.max)));
    const cpuMax = Math.max(...turns.map((t) => t.max));
    const cpuMean = turns.reduce((a, t) => a + t.mean * t.turns, 0) / (turns.reduce((a, t) => a + t.turns, 0) || 1);
    console.log(`aae: hard as the ${hardSide === 'axis' ? 'Axis' : 'Allies'} against ${against}, ${games} games: hard ${hard}, ${against} ${easy}, draws ${games - hard - easy}; ` +
      `hard's turns ${(cpuMean / 1000).toFixed(1)} s CPU mean, worst ${(cpuMax / 1000).toFixed(1)} s CPU (${(turnMax / 1000).toFixed(1)} s wall); ${((performance.now() - t0) / 1000).toFixed(0)} s in all; ${ends.join('; ')}`);
    figures[`aae_hard_${hardSide}_vs_${against}_winRate`] = hard / games;
  });
  return figures;
}

if (process.argv.includes('--levels')) {
  void aaeLevelBench(Number(arg('--games', '2')), arg('--seed', 'bench'), process.argv.includes('--house') ? { houseRules: true } : {},
    process.argv.includes('--random') ? 'random' : 'easy', Number(arg('--jobs', '1')), arg('--results', ''));
}
else if (import.meta.url === `file://${process.argv[1]}`) aaeAiBench(Number(arg('--games', '20')), arg('--seed', 'bench'));
