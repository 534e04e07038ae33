// A/B of what ending a movement phase costs the server (the lockstep run's burst: every game enters combat together):
// the apply with the next prompt (2WW's combat prompt) and both seats' views, CPU time, on end-of-movement positions of
// quick set-up games played at random. Uses only the engine's public API, so the same file runs in a copy of the base.
//   npx tsx bench/ab-end-of-movement.ts [--games 6] [--rounds 10]
import { allChoices, applyAction, choicesIn, createRng, Game, nextInt, prompts, viewFor, type Action, type Choice } from '../src/engine/index.ts';
import { twoWW } from '../src/rulesets/2ww/index.ts';
import type { TwoWWState } from '../src/rulesets/2ww/state.ts';
import { arg } from './args.ts';

const nGames = Number(arg('--games', '6')), rounds = Number(arg('--rounds', '10'));

// Positions: each game's first two movement phases ended after 25 random moves each.
const samples: { before: TwoWWState; seat: string; action: Action }[] = [];
for (let g = 0; g < nGames; g++) {
  const game = Game.create(twoWW, 'campaign-1939', { quickSetup: true }, `eom${g}`);
  const rng = createRng(`p${g}`);
  let moves = 0;
  while (!game.state.outcome && game.seq < 400 && samples.length < (g + 1) * 2) {
    const p = prompts(twoWW, game.state)[0]!;
    let c: Choice | undefined;
    if (p.kind === 'move') {
      const end = p.choices.find((x) => x.action.type === 'end-phase')!;
      if (moves++ > 25) {
        samples.push({ before: game.state as TwoWWState, seat: p.seat, action: end.action });
        c = end;
        moves = 0;
      }
      const groups = p.groups ?? [];
      for (let tries = 0; !c && tries < 20; tries++) {
        const l = choicesIn(twoWW, game.state, p.seat, groups[nextInt(rng, groups.length)]!.key);
        if (l.length) c = l[nextInt(rng, l.length)];
      }
      c ??= end;
    } else {
      const all = allChoices(twoWW, game.state, p);
      c = all.find((x) => x.action.type === 'end-combat') ?? all[nextInt(rng, all.length)]!;
    }
    game.act(p.seat, c.action);
  }
}
// As on the server, the state before had its prompt and views made (the views after reuse their unchanged parts).
for (const s of samples) {
  prompts(twoWW, s.before);
  viewFor(twoWW, s.before, 'axis');
}
let cpu = 0;
for (let r = 0; r < rounds; r++) {
  for (const s of samples) {
    const t = process.cpuUsage();
    const after = applyAction(twoWW, s.before, s.seat, s.action).state;
    prompts(twoWW, after);
    viewFor(twoWW, after, 'axis');
    viewFor(twoWW, after, 'allies');
    const d = process.cpuUsage(t);
    cpu += (d.user + d.system) / 1000;
  }
}
console.log(`${samples.length} ends of movement x ${rounds}: server CPU ${(cpu / (samples.length * rounds)).toFixed(2)} ms each (apply with the next prompt, both seats' views)`);
