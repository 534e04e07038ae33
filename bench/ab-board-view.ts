// A/B of what the board view costs the server after each action of real play (the lockstep run's movement and
// combat): 2WW quick set-up games played at random (a unit's group first, as the web client and the bench do), then
// each recorded action applied again from its position, and CPU time of the board view of the state after it (the
// state before had its view built, as on the server), apart from the apply. Uses only the engine's public API, so
// the same file runs in a copy of the base.
//   npx tsx bench/ab-board-view.ts [--games 6] [--actions 150] [--rounds 5] [--check]
// --check: the games are played in check mode with each state's view built, so every fact reused from the state
// before is also computed afresh and compared (an EngineError on a difference).
import { allChoices, applyAction, checkDerivedFacts, choicesIn, createRng, Game, nextInt, prompts, viewFor, type Action, type Choice } from '../src/engine/index.ts';
import { twoWW } from '../src/rulesets/2ww/index.ts';
import type { TwoWWState } from '../src/rulesets/2ww/state.ts';
import { arg } from './args.ts';

const nGames = Number(arg('--games', '6')), nActions = Number(arg('--actions', '150')), rounds = Number(arg('--rounds', '5'));
const check = process.argv.includes('--check');

const samples: { before: TwoWWState; seat: string; action: Action }[] = [];
for (let g = 0; g < nGames; g++) {
  const game = Game.create(twoWW, 'campaign-1939', { quickSetup: true }, `bv${g}`);
  const rng = createRng(`p${g}`);
  if (check) checkDerivedFacts(game.state);
  for (let i = 0; i < nActions && !game.state.outcome; i++) {
    const p = prompts(twoWW, game.state)[0]!;
    const groups = p.groups ?? [];
    let c: Choice | undefined;
    // mostly a group's choice (a move, an attack), now and then a listed one (the end of a phase)
    if (groups.length && nextInt(rng, 30) !== 0) {
      for (let tries = 0; !c && tries < 20; tries++) {
        const l = choicesIn(twoWW, game.state, p.seat, groups[nextInt(rng, groups.length)]!.key);
        if (l.length) c = l[nextInt(rng, l.length)];
      }
    }
    if (!c) {
      const all = p.choices.length ? p.choices : allChoices(twoWW, game.state, p);
      c = all[nextInt(rng, all.length)]!;
    }
    samples.push({ before: game.state as TwoWWState, seat: p.seat, action: c.action });
    game.act(p.seat, c.action);
    if (check) viewFor(twoWW, game.state, 'axis');
  }
}
if (check) {
  console.log(`${samples.length} actions in check mode: every reused fact equals the fact computed afresh`);
  process.exit(0);
}
for (const s of samples) viewFor(twoWW, s.before, 'axis');
let apply = 0, view = 0;
for (let r = 0; r < rounds; r++) {
  for (const s of samples) {
    const t = process.cpuUsage();
    const after = applyAction(twoWW, s.before, s.seat, s.action).state;
    const t2 = process.cpuUsage();
    viewFor(twoWW, after, 'axis');
    viewFor(twoWW, after, 'allies');
    const d1 = process.cpuUsage(t), d2 = process.cpuUsage(t2);
    apply += (d1.user + d1.system - d2.user - d2.system) / 1000;
    view += (d2.user + d2.system) / 1000;
  }
}
const n = samples.length * rounds;
console.log(`${samples.length} actions of ${nGames} quick set-up games x ${rounds}: apply ${(apply / n).toFixed(3)} ms, both seats' views (the board once) ${(view / n).toFixed(3)} ms per action`);
