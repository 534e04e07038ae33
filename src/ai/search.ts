// Expectiminimax over the rule set's own code: own decisions maximise, the other side's minimise, dice are averaged
// exactly (enumerated by total) or by seeded samples when too wide. Depth by iterative deepening under a node
// budget, so a choice depends only on the position, the level and the seed.
import {
  allChoices, applyAction, createRng, nextUint32, prompts, RuleViolation,
  type Action, type BaseState, type Choice, type Prompt, type Ruleset, type Seat,
} from '../engine/index.ts';
import { chanceOutcomes } from '../odds/index.ts';
import type { LevelParams } from './levels.ts';
import type { AiAdapter } from './types.ts';

export interface SearchResult {
  /** Index into the root choices of the best one. */
  best: number;
  values: number[];
  /** Deepest completed iteration. */
  depth: number;
  nodes: number;
  timedOut: boolean;
}

class OutOfBudget extends Error {}

/** Forced decisions followed in a row below one searched decision before the position is evaluated as it stands. */
const MAX_FORCED = 24;

export class Searcher<S extends BaseState> {
  nodes = 0;
  /** Transposition table: value by position, side whose ply it is, plies and chain left. */
  private table = new Map<string, number>();
  tableHits = 0;
  private limit = 0;
  private timedOut = false;

  constructor(
    readonly ruleset: Ruleset<S>, readonly adapter: AiAdapter<S>, readonly me: Seat, readonly params: LevelParams,
    readonly seed: string, readonly deadline: number | null,
  ) {}

  private friendly(seat: Seat): boolean {
    return seat === this.me || (this.adapter.sameSide?.(seat, this.me) ?? false);
  }

  private leafValue(state: S): number {
    if (state.outcome) {
      if (this.adapter.terminalValue) return this.adapter.terminalValue(state, this.me);
      const w = state.outcome.winner;
      return w === null ? 0 : this.friendly(w) ? 1 : -1;
    }
    return this.adapter.evaluate(state, this.me);
  }

  private charge(n: number): void {
    this.nodes += n;
    if (this.nodes > this.limit) throw new OutOfBudget();
    // The clock is only an outer guard (never during depth 1): checked every 256 nodes; when it fires, the answer
    // depends on the machine's speed.
    if (this.deadline !== null && this.limit !== Infinity && (this.nodes & 255) === 0 && performance.now() > this.deadline) {
      this.timedOut = true;
      throw new OutOfBudget();
    }
  }

  /**
   * Expected value of `seat` taking `action`: dice enumerated, or sampled when too many. `plies` is how many more
   * changes of the deciding side the search may see, `chain` how many more decisions within one side's ply; `last`
   * is the side whose ply goes on (a forced answer by the other side does not end it).
   */
  actionValue(state: S, seat: Seat, action: Action, plies: number, chain: number, path: string, last: Seat = seat, forced = 0): number {
    const shallow = this.adapter.shallowValue?.(state, seat, action, this.me);
    if (shallow !== undefined && shallow !== null) {
      this.charge(1);
      return shallow;
    }
    const outs = chanceOutcomes(this.ruleset, state, seat, action, this.params.maxBranches);
    if (outs) {
      this.charge(outs.length);
      let v = 0;
      for (let i = 0; i < outs.length; i++) {
        const o = outs[i]!;
        const key = `${o.hash}|${this.friendly(last) ? 1 : 0}|${plies}|${chain}`;
        let x = this.table.get(key);
        if (x === undefined) {
          x = this.value(o.state, last, plies, chain, `${path}.${i}`, forced);
          this.table.set(key, x);
        } else this.tableHits++;
        v += o.p * x;
      }
      return v;
    }
    let v = 0;
    for (let i = 0; i < this.params.samples; i++) {
      this.charge(1);
      const s = { ...state, rng: createRng(`${this.seed}|${path}|${i}`) };
      v += this.value(applyAction(this.ruleset, s, seat, action).state, last, plies, chain, `${path}.s${i}`, forced);
    }
    return v / this.params.samples;
  }

  /**
   * Value of a position reached after `last` decided. A ply is one side's run of decisions: the search stops at the
   * first change of side past its last ply (a quiet point), or when a ply runs longer than the chain allows. Forced
   * decisions (one choice, or the adapter's standing rule) cost nothing.
   */
  value(state: S, last: Seat, plies: number, chain: number, path: string, forced = 0): number {
    if (state.outcome) return this.leafValue(state);
    const p = prompts(this.ruleset, state)[0];
    if (!p) return this.leafValue(state);
    const quick = p.choices.length === 1 && !p.groups?.length ? p.choices[0]!.action : this.adapter.quickChoice?.(state, p, p.seat, true);
    if (quick) {
      // A long run of forced answers (a rule set may ask dozens in a row) ends in an evaluation, not a deep stack.
      if (forced >= MAX_FORCED) return this.leafValue(state);
      return this.actionValue(state, p.seat, quick, plies, chain, `${path}/q`, last, forced + 1);
    }
    const newPly = this.friendly(p.seat) !== this.friendly(last);
    const left = newPly ? plies - 1 : plies;
    const chainLeft = newPly ? this.params.maxChain : chain - 1;
    if (left <= 0 || chainLeft <= 0) return this.leafValue(state);
    const cands = this.candidates(state, p).slice(0, this.params.width).map((c) => c.action);
    const max = this.friendly(p.seat);
    let best = max ? -Infinity : Infinity;
    cands.forEach((a, i) => {
      const v = this.actionValue(state, p.seat, a, left, chainLeft, `${path}/${i}`);
      best = max ? Math.max(best, v) : Math.min(best, v);
    });
    return best;
  }

  candidates(state: S, p: Prompt): Choice[] {
    return this.adapter.candidates?.(state, p, p.seat) ?? allChoices(this.ruleset, state, p);
  }

  /**
   * Values of the root choices, deepening (in plies) while the budget lasts. Ply 1, the seat's own run of decisions,
   * always completes; a deeper iteration cut by the budget is discarded.
   */
  root(state: S, choices: Choice[]): SearchResult {
    const noiseRng = createRng(`${this.seed}|noise`);
    const noise = choices.map(() => (this.params.noise ? ((nextUint32(noiseRng) / 0x100000000) * 2 - 1) * this.params.noise : 0));
    let values: number[] = [];
    let depth = 0;
    for (let d = 1; d <= this.params.maxDepth; d++) {
      this.limit = d === 1 ? Infinity : this.params.maxNodes;
      try {
        values = choices.map((c, i) => {
          try {
            return this.actionValue(state, this.me, c.action, d, this.params.maxChain - 1, `${i}`);
          } catch (e) {
            // The determinised state may refuse a choice the real prompt offers: never pick it over a legal one.
            if (e instanceof RuleViolation) return -Infinity;
            throw e;
          }
        });
        depth = d;
      } catch (e) {
        if (!(e instanceof OutOfBudget)) throw e;
        break;
      }
    }
    let best = 0;
    values.forEach((v, i) => {
      if (v + noise[i]! > values[best]! + noise[best]! + 1e-12) best = i;
    });
    return { best, values, depth, nodes: this.nodes, timedOut: this.timedOut };
  }
}
