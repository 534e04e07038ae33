// The fuzzer: random legal play to the end, checking for exceptions, dead ends, broken invariants and replay drift.
import { Game } from './game.ts';
import { allChoices, checkDerivedFacts, prompts } from './kernel.ts';
import { createRng, nextInt } from './rng.ts';
import type { BaseState, GameLog, Options, Ruleset } from './index.ts';

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
}

export interface FuzzResult {
  ok: boolean;
  actions: number;
  outcome: BaseState['outcome'];
  /** Why the game failed: exception, dead end, invariant, replay, too long. */
  failure?: { kind: 'exception' | 'dead-end' | 'invariant' | 'replay' | 'too-long'; message: string; at: number };
  log: GameLog;
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
      const choices = allChoices(ruleset, game.state, p);
      if (choices.length === 0) return fail('dead-end', `${p.seat} is asked "${p.text}" (${p.rule}) with no legal choice`);
      const c = choices[nextInt(pick, choices.length)]!;
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
