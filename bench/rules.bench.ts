// Rules speed (issue #19), in CPU time of this process: apply plus the next prompts on the positions of a random
// campaign (median, p99), whole random games with invariants on and off, for 2WW and ETO's three scenarios, and the
// exact odds of a fixed set of 2WW land combats. Run: npm run bench (or alone: npx tsx bench/rules.bench.ts [--quick]).
import {
  allChoices, applyAction, fuzzGame, Game, prompts, stateHash, type BaseState, type Options, type Ruleset,
} from '../src/engine/index.ts';
import { createRng, nextInt } from '../src/engine/rng.ts';
import { combatOdds } from '../src/odds/index.ts';
import { twoWW } from '../src/rulesets/2ww/index.ts';
import { twoWWPackage } from '../src/rulesets/2ww/package.ts';
import { eto } from '../src/rulesets/eto/index.ts';
import { declaredCombat, FIXED_COMBATS } from '../src/rulesets/2ww/odds-fixtures.ts';

/** CPU time of this process in microseconds (user + system). */
const cpuUs = (): number => {
  const c = process.cpuUsage();
  return c.user + c.system;
};

const pct = (sorted: Float64Array, q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

interface GameFigures {
  actions: number;
  /** Apply plus the next prompts (a structured prompt's groups not expanded), per action, µs. */
  median: number;
  p99: number;
  /** Apply plus the next prompts with every choice listed (allChoices of each prompt: the fuzzer, the AI), µs. */
  allMedian: number;
  allP99: number;
  /** The whole game as the fuzzer plays it (fuzzGame: pick, apply, the chosen prompt's choices, state hash), ms CPU. */
  offMs: number;
  /** The same with the invariants checked after every action, ms CPU. */
  onMs: number;
  /**
   * The game of the same seed played group first (fuzzGame `pick: 'group'`: a prompt's own choice or a group, then one
   * of the group's choices, as a player does): its actions and ms CPU with invariants off and on. Another game.
   */
  groupActions: number;
  groupOffMs: number;
  groupOnMs: number;
  /** Of the timed pass: the state hashes and the invariants, ms CPU. */
  hashMs: number;
  invariantsMs: number;
}

/**
 * One random game played as the fuzzer plays it (fuzzGame: random prompt, random choice among all choices, a Game
 * that hashes each state, invariants after every action): once with each part timed on its own, then twice untimed
 * for the whole game's CPU (invariants off, on), so that the timers' own cost (a few µs a call) stays out of it; then
 * the game of the same seed played group first (another game), untimed, invariants off and on.
 */
export function randomGame<S extends BaseState>(ruleset: Ruleset<S>, scenario: string, options: Options, seed: string): GameFigures {
  const game = Game.create(ruleset, scenario, options, seed);
  const pick = createRng(`player:${seed}`);
  const steps: number[] = [];
  const stepsAll: number[] = [];
  let invariants = 0, hash = 0;
  let state = game.state;
  while (!state.outcome && steps.length < 200_000) {
    const ps = prompts(ruleset, state);
    const p = ps[nextInt(pick, ps.length)]!;
    const choices = allChoices(ruleset, state, p);
    const c = choices[nextInt(pick, choices.length)]!;
    const t0 = cpuUs();
    const next = applyAction(ruleset, state, p.seat, c.action).state;
    const qs = prompts(ruleset, next);
    const tp = cpuUs();
    for (const q of qs) allChoices(ruleset, next, q);
    const t1 = cpuUs();
    steps.push(tp - t0);
    stepsAll.push(t1 - t0);
    stateHash(next);
    const t2 = cpuUs();
    hash += t2 - t1;
    ruleset.invariants?.(next);
    invariants += cpuUs() - t2;
    state = next;
  }
  const sorted = Float64Array.from(steps).sort();
  const sortedAll = Float64Array.from(stepsAll).sort();
  let groupActions = 0;
  const whole = (every: number, pick: 'all' | 'group' = 'all') => {
    const t0 = cpuUs();
    const r = fuzzGame(ruleset, { scenario, options, seed, checkReplay: false, invariantEvery: every, maxActions: 200_000, pick });
    if (pick === 'group') groupActions = r.actions;
    else if (r.actions !== steps.length) throw new Error(`${ruleset.id} ${scenario}: the untimed game took ${r.actions} actions, the timed one ${steps.length}`);
    return (cpuUs() - t0) / 1000;
  };
  return {
    actions: steps.length, median: pct(sorted, 0.5), p99: pct(sorted, 0.99), allMedian: pct(sortedAll, 0.5), allP99: pct(sortedAll, 0.99),
    offMs: whole(Number.MAX_SAFE_INTEGER), onMs: whole(1), invariantsMs: invariants / 1000, hashMs: hash / 1000,
    groupOffMs: whole(Number.MAX_SAFE_INTEGER, 'group'), groupOnMs: whole(1, 'group'), groupActions,
  };
}

function report(label: string, f: GameFigures): Record<string, number> {
  console.log(`${label}: ${f.actions} actions; apply + next prompts median ${f.median.toFixed(0)} µs, p99 ${f.p99.toFixed(0)} µs ` +
    `(every choice listed: median ${f.allMedian.toFixed(0)} µs, p99 ${f.allP99.toFixed(0)} µs); ` +
    `game ${f.offMs.toFixed(0)} ms CPU with invariants off, ${f.onMs.toFixed(0)} ms on (timed pass: hashing ${f.hashMs.toFixed(0)} ms, invariants ${f.invariantsMs.toFixed(0)} ms); ` +
    `played group first: ${f.groupActions} actions, ${f.groupOffMs.toFixed(0)} ms off, ${f.groupOnMs.toFixed(0)} ms on`);
  return {
    actions: f.actions, medianUs: f.median, p99Us: f.p99, allMedianUs: f.allMedian, allP99Us: f.allP99,
    offMs: f.offMs, onMs: f.onMs, groupActions: f.groupActions, groupOffMs: f.groupOffMs, groupOnMs: f.groupOnMs,
  };
}

// ---- exact odds of fixed 2WW land combats (campaign map, src/rulesets/2ww/odds-fixtures.ts) ----

export function oddsFigures(rounds: number): Record<string, number> {
  const out: Record<string, number> = {};
  const cases = FIXED_COMBATS.map((c) => ({ c, s: declaredCombat(c) }));
  // The first odds of each combat in this process (the JIT compiles the enumeration's paths; supply traced afresh).
  const first = cases.map(({ c, s }) => {
    const t0 = cpuUs();
    combatOdds(twoWWPackage, s, c.side, { type: 'confirm' });
    return (cpuUs() - t0) / 1000;
  });
  // Warm: one untimed pass more over every combat, so that the median is the steady cost a server or an AI pays.
  for (const { c, s } of cases) combatOdds(twoWWPackage, s, c.side, { type: 'confirm' });
  for (const [i, { c, s }] of cases.entries()) {
    const times: number[] = [];
    let r;
    // At least 3 runs; more up to `rounds` while they take under 2 s in all.
    for (let k = 0, spent = 0; k < rounds && (k < 3 || spent < 2000); k++) {
      const t0 = cpuUs();
      r = combatOdds(twoWWPackage, s, c.side, { type: 'confirm' });
      times.push((cpuUs() - t0) / 1000);
      spent += times.at(-1)!;
    }
    const sorted = [...times].sort((a, b) => a - b);
    const med = sorted[Math.floor(sorted.length / 2)]!;
    console.log(`2WW odds, ${c.name}: ${r!.stats.applies} runs of the rules, ${r!.outcomes.length} outcomes, P(win) ${r!.summary.pWinExact}; ` +
      `first in the process ${first[i]!.toFixed(1)} ms, warm median of ${times.length} ${med.toFixed(1)} ms CPU`);
    out[`odds ${c.name}`] = med;
    out[`odds first ${c.name}`] = first[i]!;
  }
  return out;
}

export function runRulesBench(quick = false): Record<string, number> {
  const figures: Record<string, number> = {};
  const add = (prefix: string, r: Record<string, number>) => { for (const [k, v] of Object.entries(r)) figures[`${prefix} ${k}`] = v; };
  // Warm-up: the JIT and the data files' lazy loads, so the first measured game is not charged for them.
  randomGame(eto, 'sink-the-bismarck', {}, 'warm');
  for (const seed of quick ? ['bench-1'] : ['bench-1', 'bench-2']) {
    add(`2ww ${seed}`, report(`2WW random campaign (quickSetup, seed ${seed})`, randomGame(twoWW, 'campaign-1939', { quickSetup: true }, seed)));
  }
  for (const scenario of eto.scenarios.map((x) => x.id)) {
    add(`eto ${scenario}`, report(`ETO ${scenario} random game (seed bench-1)`, randomGame(eto, scenario, {}, 'bench-1')));
  }
  Object.assign(figures, oddsFigures(quick ? 5 : 9));
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) runRulesBench(process.argv.includes('--quick'));
