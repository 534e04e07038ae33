// Hard's positions per CPU second: the first N actions of hard vs easy (seeds rate-axis / rate-allies), run from a tree root.
import { Game, prompts, viewFor, type BaseState } from './src/engine/index.ts';
import { getRuleset } from './src/rulesets/index.ts';
import { chooseAction, forgetPlans } from './src/ai/index.ts';
const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const [seedArg, hardSeat, maxArg] = process.argv.slice(2);
const ruleset = getRuleset('2ww');
const seed = `${seedArg}-0`;
const game = Game.create(ruleset as any, ruleset.scenarios[0]!.id, {}, seed);
forgetPlans();
const players: Record<string, string> = hardSeat === 'axis' ? { axis: 'hard', allies: 'easy' } : { axis: 'easy', allies: 'hard' };
let hardCpu = 0, work = 0, reached = 0, plans = 0, decisions = 0;
const t0 = cpu();
while (!game.state.outcome && game.seq < Number(maxArg ?? 300)) {
  const p = prompts(ruleset, game.state)[0]!;
  const view = viewFor(ruleset, game.state, p.seat);
  const c0 = cpu();
  const r = chooseAction({ ruleset: '2ww', seat: p.seat, level: players[p.seat] as any, view, prompt: view.prompt!, seed: `${seed}|${p.seat}|${game.seq}` });
  const dc = cpu() - c0;
  if (players[p.seat] === 'hard') { hardCpu += dc; decisions++; work += r.stats?.positions ?? 0; reached += r.stats?.reached ?? 0; plans += r.stats?.plans ?? 0; }
  game.act(p.seat, r.action);
}
console.log(JSON.stringify({ seed: seedArg, hardSeat, actions: game.seq, hash: (await import('./src/engine/index.ts')).stateHash(game.state as BaseState), hardCpuS: +(hardCpu / 1000).toFixed(2), decisions, work, reached, plans,
  workPerS: Math.round(work / hardCpu * 1000), reachedPerS: Math.round(reached / hardCpu * 1000), totalCpuS: +((cpu() - t0) / 1000).toFixed(2) }));
