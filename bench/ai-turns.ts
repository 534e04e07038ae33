// What a 2WW hard seat's turns cost against the size of the state (issue #23's 10 s turn): a saved game of `bench:ai
// --save` replayed, the hard seat's decisions asked again as `playGame` asked them (same seeds, same order), and for
// each of its player turns the CPU, the wall time, the positions computed and the units on the map printed. The chosen
// actions must equal the log's (else the build differs from the one that played it).
//   npx tsx bench/ai-turns.ts LOG.json --seat axis [--from-turn 1] [--to-turn 99]
import { readFileSync } from 'node:fs';
import { actionKey, Game, prompts, viewFor, type GameLog } from '../src/engine/index.ts';
import { chooseAction, forgetPlans } from '../src/ai/index.ts';
import { cpuMs } from '../src/ai/play.ts';
import { getRuleset } from '../src/rulesets/index.ts';
import { ELIMINATED, FUTURE, POOL, REMOVED } from '../src/rulesets/2ww/state.ts';
import { arg } from './args.ts';

const log = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as GameLog;
const seat = arg('--seat', 'axis'), fromTurn = Number(arg('--from-turn', '1')), toTurn = Number(arg('--to-turn', '99'));
const rs = getRuleset(log.ruleset);
const game = Game.create(rs, log.scenario, log.options, log.seed);
forgetPlans();
const OFF = new Set([POOL, ELIMINATED, REMOVED, FUTURE]);
type Row = { cpu: number; wall: number; positions: number; decisions: number; units: number };
const rows = new Map<string, Row>();
let differ = 0;
for (const e of log.entries) {
  if (!('action' in e)) throw new Error(`${process.argv[2]}: a takeback in the log (bench games have none)`);
  const st = game.state as unknown as { turn: number; activeSide: string | null; units: Record<string, { where: string }> };
  if (st.turn > toTurn) break;
  if (e.seat === seat && st.turn >= fromTurn) {
    const p = prompts(rs, game.state)[0]!;
    const view = viewFor(rs, game.state, p.seat);
    const c0 = cpuMs(), t0 = performance.now();
    const r = chooseAction({ ruleset: rs.id, seat, level: 'hard', view, prompt: view.prompt!, seed: `${log.seed}|${seat}|${game.seq}` });
    const dc = cpuMs() - c0, dt = performance.now() - t0;
    if (actionKey(r.action) !== actionKey(e.action)) differ++;
    const key = `${st.turn}|${st.activeSide ?? ''}`;
    const row = rows.get(key) ?? { cpu: 0, wall: 0, positions: 0, decisions: 0, units: 0 };
    row.cpu += dc;
    row.wall += dt;
    row.positions += r.stats?.positions ?? 0;
    row.decisions++;
    row.units = Object.values(st.units).filter((u) => !OFF.has(u.where)).length;
    rows.set(key, row);
  }
  game.act(e.seat, e.action);
}
console.log(`${process.argv[2]} ${seat}: ${differ} decisions differ from the log`);
console.log('turn|side        units  positions  cpu s  wall s  ms/position (CPU: every thread of the process, GC helpers included)');
for (const [k, r] of rows) {
  console.log(`${k.padEnd(16)} ${String(r.units).padStart(5)} ${String(r.positions).padStart(10)} ${(r.cpu / 1000).toFixed(2).padStart(6)} ${(r.wall / 1000).toFixed(2).padStart(7)} ${(r.cpu / Math.max(1, r.positions)).toFixed(2).padStart(8)}`);
}
