// Blitzkrieg General rules speed: random games as `theater fuzz` plays them (same seeds give the same games), CPU time
// of each action (prompts, every choice listed, apply, invariants), median and mean, per scenario.
// Run: npx tsx bench/bkg-rules.bench.ts [--seed S] [--max-actions N] [--only basic-1939,advanced-1941]
// Before/after: copy this file into a checkout of the base and run both, one after the other (docs/performance.md).
import { Game, allChoices, createRng, nextInt, prompts } from '../src/engine/index.ts';
import { bkg } from '../src/rulesets/bkg/index.ts';
import { arg } from './args.ts';

const cpuUs = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};

/** One fuzzed game (fuzzGame's loop and dice: `theater fuzz --seed S` plays game S-0 the same), timed per action. */
export function timeGame(scenario: string, seed: string, maxActions: number): { actions: number; result: string; us: number[] } {
  const game = Game.create(bkg, scenario, {}, seed);
  const pick = createRng(`player:${seed}`);
  const us: number[] = [];
  while (!game.state.outcome && game.seq < maxActions) {
    const t0 = cpuUs();
    const ps = prompts(bkg, game.state);
    const p = ps[nextInt(pick, ps.length)]!;
    const choices = allChoices(bkg, game.state, p);
    const c = choices[nextInt(pick, choices.length)]!;
    game.act(p.seat, c.action);
    const broken = bkg.invariants!(game.state);
    us.push(cpuUs() - t0);
    if (broken.length) throw new Error(`${scenario} ${seed} action ${game.seq}: ${broken.join('; ')}`);
  }
  return { actions: game.seq, result: game.state.outcome?.result ?? `stopped after ${maxActions} actions`, us };
}

const seed = arg('--seed', 'bench');
const max = Number(arg('--max-actions', '1500'));
const only = arg('--only', '').split(',').filter(Boolean);
for (const sc of bkg.scenarios) {
  if (only.length && !only.includes(sc.id)) continue;
  const { actions, result, us } = timeGame(sc.id, `${seed}-0`, max);
  const sorted = [...us].sort((a, b) => a - b);
  const total = us.reduce((a, b) => a + b, 0);
  console.log(`bkg ${sc.id} seed ${seed}-0: ${actions} actions (${result}); CPU per action median ${sorted[sorted.length >> 1]} µs, mean ${Math.round(total / us.length)} µs, p99 ${sorted[Math.floor(sorted.length * 0.99)]} µs; ${(total / 1e6).toFixed(1)} s in all`);
}
