// 2WW hard's positions per CPU second (issue #19; docs/performance.md, docs/ai.md): the first N actions of hard against
// easy as `theater simulate --seed rate-axis` (game 0) plays them, chooseAction for every decision, hard's CPU per
// decision summed. Prints hard's positions computed and reached, its CPU, the rate, and a digest of the game's
// actions (the A/B: two builds must print the same digest and counts).
//   npx tsx bench/ai-rate.ts [--side axis|allies] [--actions 300] [--seed rate] [--save FILE.jsonl]
// `--save` writes hard's requests (view, prompt, seed) one a line; `--replay FILE.jsonl [--rounds N]` asks them again
// in order, alone (no game, no easy player): the fixed positions to profile (`node --cpu-prof --import tsx ...`).
import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { actionKey, Game, prompts, stateHash, viewFor } from '../src/engine/index.ts';
import { chooseAction, forgetPlans, type ChooseActionRequest } from '../src/ai/index.ts';
import { cpuMs } from '../src/ai/play.ts';
import { getRuleset } from '../src/rulesets/index.ts';
import { arg } from './args.ts';

const save = arg('--save', ''), replay = arg('--replay', '');
if (replay) {
  const reqs = readFileSync(replay, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as ChooseActionRequest);
  for (let round = 0; round < Number(arg('--rounds', '1')); round++) {
    forgetPlans();
    const digest = createHash('sha256');
    let cpu = 0, positions = 0, reached = 0;
    for (const req of reqs) {
      const c0 = cpuMs();
      const r = chooseAction(req);
      cpu += cpuMs() - c0;
      positions += r.stats?.positions ?? 0;
      reached += r.stats?.reached ?? r.stats?.positions ?? 0;
      digest.update(`${actionKey(r.action)}\n`);
    }
    console.log(`${replay} round ${round + 1}: ${reqs.length} decisions, ${(cpu / 1000).toFixed(2)} s CPU, ${positions} positions computed ` +
      `(${Math.round(positions / (cpu / 1000))} per CPU s), ${reached} reached (${Math.round(reached / (cpu / 1000))} per CPU s); actions ${digest.digest('hex').slice(0, 16)}`);
  }
  process.exit(0);
}
if (save) writeFileSync(save, '');
const sides = arg('--side', '') ? [arg('--side', '')] : ['axis', 'allies'];
const maxActions = Number(arg('--actions', '300'));
const prefix = arg('--seed', 'rate');
const rs = getRuleset('2ww');
for (const side of sides) {
  const seed = `${prefix}-${side}-0`;
  const game = Game.create(rs, rs.scenarios[0]!.id, {}, seed);
  forgetPlans();
  const digest = createHash('sha256');
  let cpu = 0, positions = 0, reached = 0, decisions = 0;
  while (!game.state.outcome && game.seq < maxActions) {
    const p = prompts(rs, game.state)[0]!;
    const view = viewFor(rs, game.state, p.seat);
    const level = p.seat === side ? 'hard' : 'easy';
    const c0 = cpuMs();
    const req: ChooseActionRequest = { ruleset: '2ww', seat: p.seat, level, view, prompt: view.prompt!, seed: `${seed}|${p.seat}|${game.seq}` };
    if (save && level === 'hard') appendFileSync(save, `${JSON.stringify(req)}\n`);
    const r = chooseAction(req);
    const dc = cpuMs() - c0;
    if (p.seat === side) {
      cpu += dc;
      positions += r.stats?.positions ?? 0;
      reached += r.stats?.reached ?? r.stats?.positions ?? 0;
      decisions++;
    }
    digest.update(`${p.seat}:${actionKey(r.action)}\n`);
    game.act(p.seat, r.action);
  }
  console.log(`${seed}: ${game.seq} actions, hard (${side}) ${decisions} decisions, ${(cpu / 1000).toFixed(2)} s CPU, ` +
    `${positions} positions computed (${Math.round(positions / (cpu / 1000))} per CPU s), ${reached} reached ` +
    `(${Math.round(reached / (cpu / 1000))} per CPU s); actions ${digest.digest('hex').slice(0, 16)}, final hash ${stateHash(game.state).slice(0, 16)}`);
}
