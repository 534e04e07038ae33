// Rules speed (issue #19), in CPU time of this process: apply plus the next prompts on the positions of a random
// campaign (median, p99), whole random games with invariants on and off, for 2WW and ETO's three scenarios, and the
// exact odds of a fixed set of 2WW land combats. Run: npm run bench (or alone: npx tsx bench/rules.bench.ts [--quick]).
import {
  allChoices, applyAction, Game, prompts, stateHash, type BaseState, type Json, type Options, type Ruleset,
} from '../src/engine/index.ts';
import { createRng, nextInt } from '../src/engine/rng.ts';
import { combatOdds } from '../src/odds/index.ts';
import { twoWW } from '../src/rulesets/2ww/index.ts';
import { twoWWPackage } from '../src/rulesets/2ww/package.ts';
import type { Side, TwoWWState } from '../src/rulesets/2ww/state.ts';
import { eto } from '../src/rulesets/eto/index.ts';

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
  /** The whole game as the fuzzer plays it (pick, apply, prompts, state hash), ms CPU. */
  totalMs: number;
  /** Of which the invariants after every action, ms CPU. */
  invariantsMs: number;
  hashMs: number;
}

/**
 * One random game played as the fuzzer plays it (fuzzGame: random prompt, random choice among all choices, a Game
 * that hashes each state, invariants after every action), each part timed on its own.
 */
export function randomGame<S extends BaseState>(ruleset: Ruleset<S>, scenario: string, options: Options, seed: string): GameFigures {
  const c0 = cpuUs();
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
  const total = cpuUs() - c0;
  const sorted = Float64Array.from(steps).sort();
  const sortedAll = Float64Array.from(stepsAll).sort();
  return {
    actions: steps.length, median: pct(sorted, 0.5), p99: pct(sorted, 0.99), allMedian: pct(sortedAll, 0.5), allP99: pct(sortedAll, 0.99),
    totalMs: total / 1000, invariantsMs: invariants / 1000, hashMs: hash / 1000,
  };
}

function report(label: string, f: GameFigures): Record<string, number> {
  console.log(`${label}: ${f.actions} actions; apply + next prompts median ${f.median.toFixed(0)} µs, p99 ${f.p99.toFixed(0)} µs ` +
    `(every choice listed: median ${f.allMedian.toFixed(0)} µs, p99 ${f.allP99.toFixed(0)} µs); ` +
    `game ${(f.totalMs - f.invariantsMs).toFixed(0)} ms CPU with invariants off, ${f.totalMs.toFixed(0)} ms on (hashing ${f.hashMs.toFixed(0)} ms)`);
  return {
    actions: f.actions, medianUs: f.median, p99Us: f.p99, allMedianUs: f.allMedian, allP99Us: f.allP99,
    offMs: f.totalMs - f.invariantsMs, onMs: f.totalMs,
  };
}

// ---- exact odds of fixed 2WW land combats (campaign map) ----

interface FixedCombat {
  name: string;
  side: Side;
  turn: number;
  phase: string;
  units: { id: string; at: string; reduced?: boolean }[];
  hex: string;
  attackers: string[];
  support: string[];
}

/** Plain land combats, then the same with support battles on both sides (the defender adds all its support). */
export const FIXED_COMBATS: FixedCombat[] = [
  {
    name: 'ge inf+arm vs reduced fr inf (clear)', side: 'axis', turn: 3, phase: 'axis-combat', hex: '1808',
    units: [{ id: 'ge-inf-1', at: '1908' }, { id: 'ge-arm-1', at: '1908' }, { id: 'fr-inf-2', at: '1808', reduced: true }, { id: 'fr-inf-3', at: '1610' }],
    attackers: ['ge-inf-1', 'ge-arm-1'], support: [],
  },
  {
    name: 'fr arm+inf vs reduced ge inf', side: 'allies', turn: 3, phase: 'allied-combat', hex: '1808',
    units: [{ id: 'ge-inf-1', at: '1808', reduced: true }, { id: 'ge-arm-2', at: '2007' }, { id: 'fr-arm-1', at: '1708' }, { id: 'fr-inf-2', at: '1709' }],
    attackers: ['fr-arm-1', 'fr-inf-2'], support: [],
  },
  {
    name: 'ge inf+arm vs 2 fr inf (full)', side: 'axis', turn: 3, phase: 'axis-combat', hex: '1808',
    units: [{ id: 'ge-inf-1', at: '1908' }, { id: 'ge-arm-1', at: '1908' }, { id: 'fr-inf-2', at: '1808' }, { id: 'fr-inf-3', at: '1808' }],
    attackers: ['ge-inf-1', 'ge-arm-1'], support: [],
  },
  {
    name: 'ge inf+arm + air vs 2 fr inf + air (support battle)', side: 'axis', turn: 3, phase: 'axis-combat', hex: '1808',
    units: [{ id: 'ge-inf-1', at: '1908' }, { id: 'ge-arm-1', at: '1908' }, { id: 'ge-air-1', at: '1906' },
      { id: 'fr-inf-2', at: '1808' }, { id: 'fr-inf-3', at: '1808' }, { id: 'fr-air-1', at: '1708' }],
    attackers: ['ge-inf-1', 'ge-arm-1'], support: ['ge-air-1'],
  },
  {
    name: 'ge inf+arm + 2 air vs 2 fr inf + 2 air (support battles)', side: 'axis', turn: 3, phase: 'axis-combat', hex: '1808',
    units: [{ id: 'ge-inf-1', at: '1908' }, { id: 'ge-arm-1', at: '1908' }, { id: 'ge-air-1', at: '1906' }, { id: 'ge-air-2', at: '2007' },
      { id: 'fr-inf-2', at: '1808' }, { id: 'fr-inf-3', at: '1808' }, { id: 'fr-air-1', at: '1708' }, { id: 'gb-air-raf1', at: '1709' }],
    attackers: ['ge-inf-1', 'ge-arm-1'], support: ['ge-air-1', 'ge-air-2'],
  },
];

export function declaredCombat(c: FixedCombat): TwoWWState {
  const position = { format: 'theater-position', version: 1, ruleset: '2ww', turn: c.turn, phase: c.phase, units: c.units } as unknown as Json;
  let s = Game.create(twoWW, 'campaign-1939', {}, 'odds-bench', position).state;
  s = applyAction(twoWW, s, c.side, { type: 'attack', mode: 'land', hex: c.hex }).state;
  for (const id of c.attackers) if (!(s.stack.at(-1) as unknown as { attackers: string[] }).attackers.includes(id)) s = applyAction(twoWW, s, c.side, { type: 'add', unit: id, role: 'attacker' }).state;
  for (const id of c.support) s = applyAction(twoWW, s, c.side, { type: 'add', unit: id, role: 'support' }).state;
  return s;
}

export function oddsFigures(rounds: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of FIXED_COMBATS) {
    const s = declaredCombat(c);
    const times: number[] = [];
    let r;
    // At least 3 runs; more up to `rounds` while they take under 2 s in all.
    for (let i = 0, spent = 0; i < rounds && (i < 3 || spent < 2000); i++) {
      const t0 = cpuUs();
      r = combatOdds(twoWWPackage, s, c.side, { type: 'confirm' });
      times.push((cpuUs() - t0) / 1000);
      spent += times.at(-1)!;
    }
    const sorted = [...times].sort((a, b) => a - b);
    const med = sorted[Math.floor(sorted.length / 2)]!;
    console.log(`2WW odds, ${c.name}: ${r!.stats.applies} runs of the rules, ${r!.outcomes.length} outcomes, P(win) ${r!.summary.pWinExact}; ` +
      `first ${times[0]!.toFixed(1)} ms, median ${med.toFixed(1)} ms CPU`);
    out[`odds ${c.name}`] = med;
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
  Object.assign(figures, oddsFigures(quick ? 3 : 7));
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) runRulesBench(process.argv.includes('--quick'));
