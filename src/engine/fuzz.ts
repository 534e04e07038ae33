// The fuzzer: random legal play to the end, checking for exceptions, dead ends, broken invariants and replay drift.
import { Game } from './game.ts';
import { allChoices, checkDerivedFacts, choicesIn, prompts } from './kernel.ts';
import { createRng, nextInt } from './rng.ts';
import type { BaseState, Choice, GameLog, Options, Prompt, Ruleset } from './index.ts';
import type { RngState } from './types.ts';

export interface FuzzOptions {
  scenario: string;
  options?: Options;
  /** Seed of the game's dice. */
  seed: string;
  /** Seed of the random player's choices (defaults to the game seed). */
  playerSeed?: string;
  /** Give up (as a failure) after this many actions. */
  maxActions?: number;
  /** Check invariants every N actions (1 = every action). */
  invariantEvery?: number;
  /** Replay the finished log and compare every state hash. */
  checkReplay?: boolean;
  /** Occasionally exercise undo (probability per action in 1/1000). */
  undoPerMille?: number;
  /** Check mode of the kernel's derived facts: every fact reused from a previous state is recomputed and compared. */
  checkDerivedFacts?: boolean;
  /**
   * How the random player picks in a structured prompt: 'all' (default) lists every choice and picks one; 'group'
   * picks among the prompt's own choices and its groups, then among the chosen group's choices (a group with none is
   * dropped and the pick made again), as a player of a structured prompt does: each unit's destinations are listed
   * only when that unit is picked. Both are uniform at each level; they play different games from the same seed.
   */
  pick?: 'all' | 'group';
}

export interface FuzzResult {
  ok: boolean;
  actions: number;
  outcome: BaseState['outcome'];
  /** Why the game failed: exception, dead end, invariant, replay, too long. */
  failure?: { kind: 'exception' | 'dead-end' | 'invariant' | 'replay' | 'too-long'; message: string; at: number };
  log: GameLog;
}

/** A choice among all of the prompt's choices, its groups' included (null when it has none). */
function pickAmongAll<S extends BaseState>(ruleset: Ruleset<S>, state: S, p: Prompt, rng: RngState): Choice | null {
  const choices = allChoices(ruleset, state, p);
  return choices.length ? choices[nextInt(rng, choices.length)]! : null;
}

/** One of the prompt's own choices or one of its groups, then (a group) one of the group's choices; null when none. */
function pickByGroup<S extends BaseState>(ruleset: Ruleset<S>, state: S, p: Prompt, rng: RngState): Choice | null {
  const options: (Choice | string)[] = [...p.choices, ...(p.groups ?? []).map((g) => g.key)];
  while (options.length) {
    const i = nextInt(rng, options.length);
    const o = options[i]!;
    if (typeof o !== 'string') return o;
    const inGroup = choicesIn(ruleset, state, p.seat, o);
    if (inGroup.length) return inGroup[nextInt(rng, inGroup.length)]!;
    options.splice(i, 1);
  }
  return null;
}

export function fuzzGame<S extends BaseState>(ruleset: Ruleset<S>, o: FuzzOptions): FuzzResult {
  const game = Game.create(ruleset, o.scenario, o.options ?? {}, o.seed);
  if (o.checkDerivedFacts) checkDerivedFacts(game.state);
  const pick = createRng(`player:${o.playerSeed ?? o.seed}`);
  const max = o.maxActions ?? 200_000;
  const every = o.invariantEvery ?? 1;
  const fail = (kind: NonNullable<FuzzResult['failure']>['kind'], message: string): FuzzResult => ({
    ok: false, actions: game.seq, outcome: game.state.outcome, failure: { kind, message, at: game.seq }, log: game.toLog(),
  });
  try {
    while (!game.state.outcome) {
      if (game.seq >= max) return fail('too-long', `no result after ${max} actions (${ruleset.describe?.(game.state) ?? ''})`);
      const ps = prompts(ruleset, game.state);
      if (ps.length === 0) return fail('dead-end', `nobody can act and the game is not over (stack: ${game.state.stack.map((f) => f.proc).join(' > ') || 'empty'})`);
      const p = ps[nextInt(pick, ps.length)]!;
      const c = o.pick === 'group' ? pickByGroup(ruleset, game.state, p, pick) : pickAmongAll(ruleset, game.state, p, pick);
      if (!c) return fail('dead-end', `${p.seat} is asked "${p.text}" (${p.rule}) with no legal choice`);
      game.act(p.seat, c.action);
      if (o.undoPerMille && nextInt(pick, 1000) < o.undoPerMille && game.undoableBy(p.seat) > 0) {
        game.undo(p.seat);
      }
      if (ruleset.invariants && game.seq % every === 0) {
        const broken = ruleset.invariants(game.state);
        if (broken.length) return fail('invariant', broken.join('; '));
      }
    }
  } catch (e) {
    return fail('exception', (e as Error).stack ?? String(e));
  }
  const log = game.toLog();
  if (o.checkReplay ?? true) {
    try {
      Game.load(ruleset, JSON.parse(JSON.stringify(log)));
    } catch (e) {
      return { ...fail('replay', (e as Error).message), log };
    }
  }
  return { ok: true, actions: game.seq, outcome: game.state.outcome, log };
}
