// The generic exact-odds engine: run the rule set's own code on private copies in enumeration mode, branch over
// every result of each roll it asks for (DiceNeeded), follow a policy at decisions, stop when the combat is over.
import {
  actionKey, applyAction, contentKey, DiceNeeded, prompts, stateHash, withRng,
  type Action, type BaseState, type Frame, type GameEvent, type Json, type Prompt, type Ruleset, type Seat,
} from '../engine/index.ts';
import { faceBranches, successBranches, sumBranches, unorderedFaceBranches, type RollBranch } from './dice.ts';
import { Fraction } from './fraction.ts';
import type { CombatResult, DiceRequest, OddsAdapter, OddsOptions, OddsStats, RollGrouping } from './types.ts';

export type Dist = Map<string, { p: Fraction; result: CombatResult }>;

/** How an adapter reads rolls (OddsAdapter.perFace, .successes). */
export type RollReading = Pick<OddsAdapter, 'perFace' | 'successes'>;

/** The branches of one roll the engine explores: successes or faces when the adapter asks, else totals. */
export function rollBranches(req: DiceRequest, how?: RollReading | ((r: DiceRequest) => boolean | 'any-order')): RollBranch[] {
  const reading: RollReading | undefined = typeof how === 'function' ? { perFace: how } : how;
  const atMost = reading?.successes?.(req);
  if (atMost !== undefined && atMost !== null) return successBranches(req.sides, req.count, atMost);
  const faces = reading?.perFace?.(req);
  if (faces === 'any-order') return unorderedFaceBranches(req.sides, req.count);
  return faces ? faceBranches(req.sides, req.count) : sumBranches(req.sides, req.count);
}

/** A private copy that throws DiceNeeded instead of rolling, with these faces queued (the position's facts are shared). */
export function enumeratingCopy<S extends BaseState>(state: S, forced: number[]): S {
  return withRng(state, { ...state.rng, forced: [...forced], enumerating: true });
}

/**
 * applyAction on an enumerating copy. DiceNeeded is thrown for every roll, and capturing a stack trace is most of its
 * cost, so traces are off while the rules run; any other error is reproduced once with traces on, so a rules bug
 * still shows where it happened.
 */
export function applyEnumerating<S extends BaseState>(
  ruleset: Ruleset<S>, state: S, forced: number[], seat: Seat, action: Action,
): { state: S; events: GameEvent[] } {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return applyAction(ruleset, enumeratingCopy(state, forced), seat, action);
  } catch (e) {
    if (e instanceof DiceNeeded) throw e;
    Error.stackTraceLimit = limit;
    return applyAction(ruleset, enumeratingCopy(state, forced), seat, action);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** Canonical key of a combat result (field order never matters). */
export function resultKey(r: CombatResult): string {
  return actionKey(r as unknown as Action);
}

/** The decision the resolution takes at a prompt: the caller's policy, the adapter's default, else the first choice. */
export function resolutionChoice<S extends BaseState>(adapter: OddsAdapter<S>, opts: OddsOptions<S> = {}): (s: S, p: Prompt) => Action {
  return (s, p) => {
    const a = opts.policy?.(s, p) ?? adapter.defaultChoice?.(s, p) ?? p.choices[0]?.action;
    if (!a) throw new Error(`odds: ${p.seat} is asked "${p.text}" (${p.rule}) with no choice during the resolution`);
    return a;
  };
}

/**
 * `ruleset` where a lone prompt that `taken` selects is answered by `choose` inside the run that reaches it (as a step of
 * its procedure) instead of stopping there: the resolution takes the same decisions in one run of the rules instead
 * of one run each. Runs reach the same positions with the same events; the kernel's legality check of those answers
 * is skipped (they are among the prompt's choices).
 */
export function withDecisionsTaken<S extends BaseState>(ruleset: Ruleset<S>, taken: (p: Prompt) => boolean, choose: (s: S, p: Prompt) => Action): Ruleset<S> {
  const procedures: Ruleset<S>['procedures'] = {};
  for (const [name, proc] of Object.entries(ruleset.procedures)) {
    const { prompts: ask, act } = proc;
    if (!ask || !act || proc.simultaneous) {
      procedures[name] = proc;
      continue;
    }
    // The prompt found by `prompts` just before the kernel runs the same frame (advance asks, then runs).
    const asked = new WeakMap<object, Prompt>();
    const lone = (s: S, f: Frame): Prompt | null => {
      const ps = ask(s, f);
      return ps.length === 1 && taken(ps[0]!) ? ps[0]! : null;
    };
    procedures[name] = {
      ...proc,
      prompts(s, f) {
        const ps = ask(s, f);
        if (ps.length !== 1 || !taken(ps[0]!)) return ps;
        asked.set(f, ps[0]!);
        return [];
      },
      run(ctx, f) {
        const p = asked.get(f) ?? lone(ctx.state, f);
        asked.delete(f);
        if (p) {
          const depth = ctx.state.stack.length;
          act(ctx, f, p.seat, choose(ctx.state, p));
          // An answer that changed only the frame's fields: the frame is put back as it now is (the kernel's record
          // that the step made progress).
          if (ctx.state.stack.length === depth && ctx.state.stack[depth - 1] === f) {
            const { proc: same, ...locals } = f;
            ctx.goto(same, locals);
          }
        } else if (proc.run) proc.run(ctx, f);
        else throw new Error(`odds: ${ruleset.id}: procedure "${name}" awaits no decision and has no run step`);
      },
    };
  }
  return { ...ruleset, procedures };
}

export class OddsLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OddsLimitError';
  }
}

/**
 * Exact distribution of combat results after `seat` takes `action` in `state`. `grouping` (a rule set's calculator)
 * may branch over classes of rolls that lead to the same position instead of over every result of each roll.
 */
export function enumerateCombat<S extends BaseState>(
  ruleset: Ruleset<S>, adapter: OddsAdapter<S>, state: S, seat: Seat, action: Action, opts: OddsOptions<S> = {},
  grouping?: RollGrouping<S>,
): { dist: Dist; stats: OddsStats } {
  const stats: OddsStats = { applies: 0, rolls: 0, decisions: 0, memoHits: 0, leaves: 0 };
  const maxApplies = opts.maxApplies ?? 200_000;
  const useMemo = opts.memo ?? true;
  const memo = new Map<string, Dist>();
  const shared = new Map<string, { from: S; dist: Dist }>();
  const before = state;
  const choose = resolutionChoice(adapter, opts);

  // Distribution from a real (enumerating) state where `who` is about to take `act`; `notes` carried so far.
  const fromDecision = (s: S, who: Seat, act: Action, notes: Record<string, Json>): Dist => {
    const key = useMemo ? `${contentKey(s) ?? stateHash(s)}|${who}|${actionKey(act)}|${JSON.stringify(notes)}` : '';
    if (useMemo) {
      const hit = memo.get(key);
      if (hit) {
        stats.memoHits++;
        return hit;
      }
    }
    const t = grouping?.transposition;
    const tk = t?.key(s);
    const sharedKey = tk ? `${tk}|${who}|${actionKey(act)}|${JSON.stringify(notes)}` : '';
    const same = tk ? shared.get(sharedKey) : undefined;
    if (same) {
      stats.memoHits++;
      const out: Dist = new Map();
      for (const v of same.dist.values()) {
        const result = t!.shift(same.from, s, v.result);
        mergeInto(out, new Map([[resultKey(result), { p: v.p, result }]]), Fraction.ONE);
      }
      return out;
    }
    const d = withDice(s, who, act, [], notes);
    if (useMemo) memo.set(key, d);
    if (tk) shared.set(sharedKey, { from: s, dist: d });
    return d;
  };

  // Replays the action with `forced` queued; each roll it still needs becomes a branch point.
  const withDice = (s: S, who: Seat, act: Action, forced: number[], notes: Record<string, Json>): Dist => {
    const known = forced.length ? null : grouping?.firstRoll?.(s, who, act);
    const early = known ? grouping!.branches(s, who, act, forced, known) : null;
    if (early) {
      stats.rolls++;
      const out: Dist = new Map();
      for (const b of early) mergeInto(out, withDice(s, who, act, b.faces, notes), b.p);
      return out;
    }
    if (++stats.applies > maxApplies) {
      throw new OddsLimitError(`odds: the combat tree needs more than ${maxApplies} runs of the rules; raise maxApplies or simplify the position`);
    }
    let next: { state: S; events: GameEvent[] };
    try {
      next = applyEnumerating(ruleset, s, forced, who, act);
    } catch (e) {
      if (!(e instanceof DiceNeeded)) throw e;
      stats.rolls++;
      const out: Dist = new Map();
      const branches = grouping?.branches(s, who, act, forced, e) ?? rollBranches(e, adapter);
      for (const b of branches) mergeInto(out, withDice(s, who, act, [...forced, ...b.faces], notes), b.p);
      return out;
    }
    grouping?.check?.(s, who, act, forced, next.events);
    const found = adapter.notes?.(next.events, next.state);
    return fromState(next.state, found ? { ...notes, ...found } : notes);
  };

  const fromState = (s: S, notes: Record<string, Json>): Dist => {
    if (s.outcome || adapter.combatOver(before, s, seat)) {
      stats.leaves++;
      const result = adapter.summarize(before, s, seat, notes);
      return new Map([[resultKey(result), { p: Fraction.ONE, result }]]);
    }
    const ps = prompts(ruleset, s);
    const p = ps[0];
    if (!p) throw new Error(`odds: ${ruleset.id}: nobody can act and the combat is not over (stack: ${s.stack.map((f) => f.proc).join(' > ')})`);
    stats.decisions++;
    return fromDecision(s, p.seat, choose(s, p), notes);
  };

  const dist = adapter.scope ? adapter.scope(() => fromDecision(before, seat, action, {})) : fromDecision(before, seat, action, {});
  return { dist, stats };
}

function mergeInto(out: Dist, d: Dist, weight: Fraction): void {
  for (const [k, v] of d) {
    const p = v.p.mul(weight);
    const cur = out.get(k);
    out.set(k, cur ? { p: cur.p.add(p), result: cur.result } : { p, result: v.result });
  }
}

export interface ChanceOutcome<S> {
  state: S;
  p: number;
  /** A key equal for equal states (their JSON): inside withContentFacts their content's key with the dice and
   *  action count, elsewhere their stateHash. */
  hash: string;
}

/** The key of ChanceOutcome.hash: a content key reads only what the apply wrote (a late BKG position's whole JSON
 *  is ~40 KB, hashed once per result of a roll). */
const outcomeKey = (s: BaseState): string => {
  const c = contentKey(s);
  return c === null ? stateHash(s) : `${c}|${JSON.stringify(s.rng)}|${s.seq}`;
};

/**
 * Chance node for search: every distinct state `action` can lead to, with its probability, the dice enumerated by
 * total (results that end in the same state are merged). Null when more than `maxBranches` rolls' results would be
 * needed (the caller then samples instead). `spent.runs` counts the runs of the rules made, kept or not.
 */
export function chanceOutcomes<S extends BaseState>(
  ruleset: Ruleset<S>, state: S, seat: Seat, action: Action, maxBranches = 64,
  reading?: RollReading | ((r: DiceRequest) => boolean | 'any-order'), spent?: { runs: number },
): ChanceOutcome<S>[] | null {
  const out: ChanceOutcome<S>[] = [];
  const seen = new Map<string, ChanceOutcome<S>>();
  let budget = maxBranches;
  const walk = (forced: number[], p: number): boolean => {
    if (--budget < 0) return false;
    if (spent) spent.runs++;
    try {
      const next = applyEnumerating(ruleset, state, forced, seat, action).state;
      // The copy stays in enumeration mode only while this action resolves; later rolls use the generator again.
      next.rng = { ...next.rng, enumerating: false, forced: [] };
      delete next.rng.enumerating;
      const h = outcomeKey(next);
      const same = seen.get(h);
      if (same) same.p += p;
      else {
        const o = { state: next, p, hash: h };
        seen.set(h, o);
        out.push(o);
      }
      return true;
    } catch (e) {
      if (!(e instanceof DiceNeeded)) throw e;
      for (const b of rollBranches(e, reading)) if (!walk([...forced, ...b.faces], p * b.p.toNumber())) return false;
      return true;
    }
  };
  return walk([], 1) ? out : null;
}
