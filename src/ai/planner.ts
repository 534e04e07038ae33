// The general planner (docs/ai.md): online evolutionary planning of a whole plan — the seat's run of decisions until
// the other side decides, dice roll or the phase ends — played out by the rule set's own code on determinised states,
// judged by the rule set's named scoring terms, with the exact odds (src/odds) wherever a plan ends in a roll.
import {
  actionKey, adoptState, applyAction, choicesIn as kernelChoicesIn, contentKey, createRng, nextInt, nextUint32, prompts, RuleViolation,
  withContentFacts, type Action, type BaseState, type Choice, type Prompt, type PromptMemo, type Ruleset, type Seat,
} from '../engine/index.ts';
import { chanceOutcomes } from '../odds/index.ts';
import type { LevelParams } from './levels.ts';
import type { AiAdapter, AiProgress, ChoiceSource } from './types.ts';

/** One decision of a plan: the action and the group it belongs to (a unit, a stack...; alternatives share it). */
export interface Gene { action: Action; group: string }

/** Forced decisions (one choice, or a standing rule) followed in a row before a position is judged as it stands. */
const MAX_FORCED = 48;
/** Own decisions in one plan at most. */
const MAX_PLAN = 96;

export interface PlanResult<S> {
  genes: Gene[];
  value: number;
  /** Where the plan was judged (on the first determinisation), or the position before its closing roll. */
  leaf: S;
  /** The root's alternatives and their values (one per root candidate tried). */
  alternatives: { action: Action; value: number }[];
}

interface Decoded<S> { value: number; genes: Gene[]; leaf: S }

type Rng = ReturnType<typeof createRng>;

/** An action applied to a state (`from`), or its refusal. */
type Applied<S> = { state: S; rolled: boolean; from: S } | RuleViolation;

/**
 * The group of a choice: its structured prompt's group, else the units it acts on; a choice about no unit (a step
 * of a path, ending a phase) is grouped by its place in the plan (`step`: the own decisions before it).
 */
export function groupOfChoice(c: Choice, step: number, tagged?: string): string {
  if (tagged !== undefined) return tagged;
  if (c.refs?.units?.length) return `u:${[...c.refs.units].sort().join('+')}`;
  if (typeof c.action.unit === 'string') return `u:${c.action.unit}`;
  return `@${step}`;
}

const byPlace = (g: string) => g.startsWith('@');

/**
 * A choice that ends a phase or passes ("End movement", "Pass", "Done", "Stop"): by its action's type (`end`, `pass`,
 * `done`, `stop`, `end-…`, `…-end`, `…-done`). Without an adapter's order these come after every other choice, so a
 * default plan acts before it stops.
 */
export function endsOrPasses(c: Choice): boolean {
  const t = c.action.type;
  return typeof t === 'string' && /^(end|pass|done|stop)$|^end-|-(end|done)$/.test(t);
}

/** `choices` with the ending and passing ones last, each part in its own order. */
export function endLast(choices: Choice[]): Choice[] {
  const ends = choices.filter(endsOrPasses);
  return ends.length && ends.length < choices.length ? [...choices.filter((c) => !endsOrPasses(c)), ...ends] : choices;
}

/**
 * The choices of `prompt` on `state`, groups expanded on demand through the kernel's `choicesIn` (kept with a settled
 * state); `tag` learns each group's choices.
 */
export function choiceSource<S extends BaseState>(ruleset: Ruleset<S>, state: S, prompt: Prompt, tag?: (group: string, c: Choice) => void): ChoiceSource {
  let all: Choice[] | null = null;
  // The kernel's choicesIn keeps each group's choices with a settled state: the legality check of the move chosen
  // from them (applyAction) reads the same list instead of listing the unit's moves again.
  const inGroup = (g: string) => {
    const cs = kernelChoicesIn(ruleset, state, prompt.seat, g);
    if (tag) for (const c of cs) tag(g, c);
    return cs;
  };
  return {
    prompt, listed: prompt.choices, groups: prompt.groups ?? [],
    choicesIn: inGroup,
    all: () => {
      if (all) return all;
      if (!prompt.groups?.length) return (all = prompt.choices);
      all = [...prompt.choices];
      for (const g of prompt.groups) all.push(...inGroup(g.key));
      return all;
    },
  };
}

/**
 * The adapter's cost of a position of `state` (AiAdapter.positionCost), at least 1 and in eighths: sums of costs stay
 * exact, so equal searches count equal positions.
 */
export function positionCostOf<S extends BaseState>(adapter: AiAdapter<S>, state: S): number {
  const c = adapter.positionCost?.(state) ?? 1;
  return Number.isFinite(c) && c > 1 ? Math.round(c * 8) / 8 : 1;
}

export class Planner<S extends BaseState> {
  /** Work done: runs of the rules and evaluations computed (what the budgets count). */
  positions = 0;
  /** Positions the plans reached, a run of the rules or an evaluation reused from an equal earlier one included. */
  reached = 0;
  plans = 0;
  generations = 0;
  timedOut = false;
  budget = 0;
  /** Positions this search may spend at most: what is left of the seat's turn budget (LevelParams.turnPositions). */
  limit = Infinity;
  /** What each position counts against the budgets: the adapter's positionCost of the search's root (default 1). */
  cost = 1;
  /** Stale genes whose refusal threw something else than a RuleViolation (a rule set's explain() bug). */
  refusalErrors = 0;
  private memo: PromptMemo = new WeakMap();
  private tags = new WeakMap<Choice, string>();
  private evalCache = new WeakMap<object, number>();
  /** Evaluations by content (positions equal but for dice and action count: plans that differ in order only). */
  private evalByContent = new Map<string, number>();
  /**
   * Each action applied to a state (states never change): plans that share their first decisions replay them from
   * here, and a stale gene is refused once. A refusal keeps its RuleViolation.
   */
  private applied = new WeakMap<object, Map<string, Applied<S>>>();
  /**
   * The same, shared by positions of equal content (copy-on-write rule sets: `contentKey`): plans that differ only in
   * the order of independent decisions reach equal positions, and their later decisions are replayed for nothing.
   */
  private appliedByContent = new Map<string, Map<string, Applied<S>>>();
  private orderCache = new WeakMap<object, Choice[]>();
  private lastProgress = 0;
  private readonly rng: Rng;

  constructor(
    readonly ruleset: Ruleset<S>, readonly adapter: AiAdapter<S>, readonly me: Seat, readonly params: LevelParams,
    readonly seed: string, readonly deadline: number | null, readonly onProgress?: (p: AiProgress) => void,
  ) {
    this.rng = createRng(`planner|${seed}`);
  }

  friendly(seat: Seat, state: S): boolean {
    return seat === this.me || (this.adapter.sameSide?.(seat, this.me, state) ?? false);
  }

  // ------------------------------------------------------------------ evaluation

  private charge(n = 1): void {
    this.positions += n * this.cost;
    if (this.onProgress && this.positions - this.lastProgress >= 64) {
      this.lastProgress = this.positions;
      this.onProgress({ fraction: this.budget ? Math.min(1, this.positions / this.budget) : 0, positions: this.positions, plans: this.plans });
    }
  }

  outOfTime(): boolean {
    if (this.deadline !== null && performance.now() > this.deadline) this.timedOut = true;
    return this.timedOut;
  }

  weightsFor(state: S): Record<string, number> {
    const w = this.adapter.weights;
    return typeof w === 'function' ? w(state, this.me) : w;
  }

  /** The weighted sum of the rule set's terms for the planning seat, or the ended game's value. */
  value(state: S): number {
    this.reached++;
    const hit = this.evalCache.get(state);
    if (hit !== undefined) return hit;
    const ck = state.outcome ? null : contentKey(state);
    const same = ck === null ? undefined : this.evalByContent.get(ck);
    if (same !== undefined) {
      this.evalCache.set(state, same);
      return same;
    }
    let v: number;
    if (state.outcome) {
      if (this.adapter.terminalValue) v = this.adapter.terminalValue(state, this.me);
      else {
        const w = state.outcome.winner;
        v = w === null ? 0 : this.friendly(w, state) ? 1 : -1;
      }
    } else if (this.adapter.evaluate) {
      this.charge();
      v = this.adapter.evaluate(state, this.me);
    } else {
      this.charge();
      const terms = this.adapter.terms(state, this.me);
      const weights = this.weightsFor(state);
      v = 0;
      for (const [k, x] of Object.entries(terms)) v += (weights[k] ?? 0) * x;
    }
    this.evalCache.set(state, v);
    if (ck !== null) this.evalByContent.set(ck, v);
    return v;
  }

  // ------------------------------------------------------------------ choices

  source(state: S, prompt: Prompt): ChoiceSource {
    return choiceSource(this.ruleset, state, prompt, (g, c) => this.tags.set(c, g));
  }

  groupOf(c: Choice, step: number): string {
    return groupOfChoice(c, step, this.tags.get(c));
  }

  /** The seat's choices worth planning with, best first: the adapter's order, else one step of lookahead when few. */
  ordered(state: S, prompt: Prompt): Choice[] {
    const hit = this.orderCache.get(state);
    if (hit) return hit;
    const src = this.source(state, prompt);
    let out = this.adapter.candidates?.(state, prompt, prompt.seat, src) ?? null;
    if (!out) {
      // Without the adapter's order: ending or passing last (ties of the lookahead too), else the prompt's order.
      const all = endLast(src.all());
      if (all.length <= 1 || all.length > this.params.lookahead) out = all;
      else {
        const friendly = this.friendly(prompt.seat, state);
        const scored = all.map((c, i) => {
          const v = this.actionValue(state, prompt.seat, c.action);
          return { c, i, v: friendly ? v : -v };
        });
        out = scored.sort((a, b) => b.v - a.v || a.i - b.i).map((x) => x.c);
      }
    }
    if (!out.length) out = endLast(src.all());
    if (this.params.choicesPerPosition < Infinity) this.charge(Math.floor(src.all().length / this.params.choicesPerPosition));
    this.orderCache.set(state, out);
    return out;
  }

  /** A decision taken without planning: the only choice, or the adapter's standing rule. */
  standing(state: S, prompt: Prompt): Action | null {
    if (prompt.choices.length === 1 && !prompt.groups?.length) return prompt.choices[0]!.action;
    return this.adapter.quickChoice?.(state, prompt, prompt.seat, true) ?? null;
  }

  promptOf(state: S): Prompt | undefined {
    const ps = prompts(this.ruleset, state, this.memo);
    return ps.find((p) => this.friendly(p.seat, state)) ?? ps[0];
  }

  samePlan(first: Prompt, next: Prompt): boolean {
    return this.adapter.samePlan ? this.adapter.samePlan(first, next, this.me) : true;
  }

  // ------------------------------------------------------------------ playing out

  /** Apply an action by the rules; `rolled`: dice were drawn (the plan ends in a chance node). */
  apply(state: S, seat: Seat, action: Action): { state: S; rolled: boolean } {
    this.reached++;
    let byAction = this.applied.get(state);
    if (!byAction) {
      const ck = this.ruleset.copyOnWrite && !state.outcome ? contentKey(state) : null;
      byAction = ck === null ? undefined : this.appliedByContent.get(ck);
      if (!byAction) {
        byAction = new Map();
        if (ck !== null) this.appliedByContent.set(ck, byAction);
      }
      this.applied.set(state, byAction);
    }
    const key = `${seat}\u0000${actionKey(action)}`;
    const hit = byAction.get(key);
    if (hit instanceof RuleViolation) throw hit;
    // A roll from another position of equal content drew other dice: rolled again here.
    if (hit && (!hit.rolled || hit.from === state)) return hit;
    this.charge();
    try {
      const r = applyAction(this.ruleset, state, seat, action, this.memo);
      const out = { state: r.state, rolled: r.state.rng.drawn !== state.rng.drawn, from: state };
      byAction.set(key, out);
      return out;
    } catch (e) {
      if (e instanceof RuleViolation) byAction.set(key, e);
      throw e;
    }
  }

  /**
   * Value of `seat` taking `action` in `state` where the action rolls dice: the exact expectation over the roll's
   * results (src/odds, equal positions merged), each followed through standing decisions; seeded samples when the
   * results are too many.
   */
  chanceValue(state: S, seat: Seat, action: Action, sampled?: S): number {
    const spent = { runs: 0 };
    const outs = chanceOutcomes(this.ruleset, state, seat, action, this.params.maxBranches, this.adapter.rollReading, spent);
    // The runs beyond the kept outcomes, at the level's weight (in eighths: sums of charges stay exact).
    const extra = (n: number) => Math.round(this.params.chargeEnumeration * n * 8) / 8;
    if (outs) {
      this.charge(outs.length + extra(spent.runs - outs.length));
      let v = 0;
      for (const o of outs) v += o.p * this.settle(o.state);
      return v;
    }
    this.charge(extra(spent.runs));
    let v = sampled ? this.settle(sampled) : 0;
    const n = Math.max(1, this.params.samples);
    for (let i = sampled ? 1 : 0; i < n; i++) {
      const s = { ...state, rng: createRng(`${this.seed}|sample|${i}|${nextUint32(this.rng)}`) };
      v += this.settle(this.apply(s, seat, action).state);
    }
    return v / n;
  }

  /** Follow standing decisions (any seat; further dice as they fall) until a real decision, then judge. */
  settle(state: S): number {
    let s = state;
    for (let i = 0; i < MAX_FORCED; i++) {
      if (s.outcome) break;
      const p = this.promptOf(s);
      if (!p) break;
      const a = this.standing(s, p);
      if (!a) break;
      try {
        s = this.apply(s, p.seat, a).state;
      } catch (e) {
        if (e instanceof RuleViolation) break;
        throw e;
      }
    }
    return this.value(s);
  }

  /** Value of one action (any seat), dice exact: for ordering choices by one step of lookahead. */
  actionValue(state: S, seat: Seat, action: Action): number {
    try {
      const r = this.apply(state, seat, action);
      return r.rolled ? this.chanceValue(state, seat, action, r.state) : this.settle(r.state);
    } catch (e) {
      if (e instanceof RuleViolation) return this.friendly(seat, state) ? -Infinity : Infinity;
      throw e;
    }
  }

  /**
   * Play a plan from `root`: own decisions from the genes in order (a gene no longer legal is skipped; when the
   * genes run out, the best-ordered choice), standing decisions by the adapter's rules, until the other side must
   * decide, dice roll, the phase ends or the game ends. `record` collects each own decision's alternatives.
   */
  decode(
    root: S, genes: Gene[], record?: (state: S, prompt: Prompt, ordered: Choice[], step: number) => void, trace?: (state: S, gene: Gene) => void,
  ): Decoded<S> {
    let s = root;
    let first: Prompt | null = null;
    const played: Gene[] = [];
    let gi = 0, forced = 0, rolls = 0;
    for (;;) {
      if (s.outcome) return { value: this.value(s), genes: played, leaf: s };
      const p = this.promptOf(s);
      if (!p) return { value: this.value(s), genes: played, leaf: s };
      const own = this.friendly(p.seat, s);
      if (own && first && played.length && !this.samePlan(first, p)) return this.end(s, played);
      // The root's question is the one being planned: never answered by a standing rule here.
      const quick = s === root && own ? null : this.standing(s, p);
      if (quick) {
        if (++forced > MAX_FORCED) return { value: this.value(s), genes: played, leaf: s };
        const r = this.tryApply(s, p.seat, quick);
        if (!r) return { value: this.value(s), genes: played, leaf: s };
        if (r.rolled && (rolls++ >= this.params.rolls || played.length === 0)) return { value: this.chanceValue(s, p.seat, quick, r.state), genes: played, leaf: s };
        s = r.state;
        continue;
      }
      if (!own) return this.end(s, played);
      first ??= p;
      if (played.length >= MAX_PLAN) return { value: this.value(s), genes: played, leaf: s };
      let chosen: { gene: Gene; r: { state: S; rolled: boolean } } | null = null;
      while (gi < genes.length && !chosen) {
        const g = genes[gi++]!;
        const r = this.tryApply(s, p.seat, g.action, true);
        if (r) chosen = { gene: g, r };
      }
      if (!chosen || record) {
        const ord = this.ordered(s, p);
        record?.(s, p, ord, played.length);
        if (!chosen) {
          for (const c of ord) {
            const r = this.tryApply(s, p.seat, c.action);
            if (r) { chosen = { gene: { action: c.action, group: this.groupOf(c, played.length) }, r }; break; }
          }
          if (!chosen) return { value: this.value(s), genes: played, leaf: s };
        }
      }
      played.push(chosen.gene);
      trace?.(s, chosen.gene);
      // A plan whose first decision rolls is judged by that roll's exact odds (what follows is planned again).
      if (chosen.r.rolled && (rolls++ >= this.params.rolls || played.length === 1)) return { value: this.chanceValue(s, p.seat, chosen.gene.action, chosen.r.state), genes: played, leaf: s };
      s = chosen.r.state;
    }
  }

  /**
   * Apply `a` or null when illegal. `stale`: a gene from another position, which a rule set's explanation of the
   * refusal may not expect (any error then counts as a refusal; `refusalErrors` counts them for the bench).
   */
  private tryApply(s: S, seat: Seat, a: Action, stale = false): { state: S; rolled: boolean } | null {
    try {
      return this.apply(s, seat, a);
    } catch (e) {
      if (e instanceof RuleViolation) return null;
      if (stale) {
        this.refusalErrors++;
        return null;
      }
      throw e;
    }
  }

  /** The plan stopped at another side's decision or the next phase: judged there, or after the reply. */
  private end(s: S, played: Gene[]): Decoded<S> {
    if (this.params.reply <= 0) return { value: this.value(s), genes: played, leaf: s };
    return { value: this.reply(s), genes: played, leaf: s };
  }

  /** The other side's default plan from `state` (its best-ordered choices), then judged. */
  private reply(state: S): number {
    let s = state;
    let first: Prompt | null = null;
    for (let n = 0; n < MAX_PLAN + MAX_FORCED; n++) {
      if (s.outcome) break;
      const p = this.promptOf(s);
      if (!p) break;
      const own = this.friendly(p.seat, s);
      const quick = this.standing(s, p);
      let a: Action | null = quick;
      if (!a) {
        if (own) break;
        if (first && !this.samePlan(first, p)) break;
        first ??= p;
        a = this.ordered(s, p)[0]?.action ?? null;
        if (!a) break;
      }
      const r = this.tryApply(s, p.seat, a);
      if (!r) break;
      if (r.rolled) return this.chanceValue(s, p.seat, a, r.state);
      s = r.state;
    }
    return this.value(s);
  }

  // ------------------------------------------------------------------ evolution

  /** Mean value of a plan over the determinisations. */
  private judge(roots: S[], genes: Gene[]): Decoded<S> {
    this.plans++;
    let first: Decoded<S> | null = null;
    let sum = 0;
    for (const r of roots) {
      const d = this.decode(r, genes);
      first ??= d;
      sum += d.value;
    }
    return { value: sum / roots.length, genes: first!.genes, leaf: first!.leaf };
  }

  /**
   * The best plan from the determinised states `roots` (the same question asked in each). The default plan (each
   * decision's best-ordered choice) and the root's alternatives seed the first generation; then tournament
   * selection, crossover by group and mutations (another alternative of a group, insert, delete, swap) while the
   * position budget lasts.
   */
  plan(roots: S[]): PlanResult<S> {
    // Settled roots keep their prompts and facts across the search; the content memo makes equal positions (plans
    // that differ in order only) share their evaluation and the rules' facts kept by content.
    // (Copy-on-write rule sets only: the content of their settled states is read from what each apply changed.)
    for (const r of roots) adoptState(this.ruleset, r);
    this.cost = positionCostOf(this.adapter, roots[0]!);
    return this.ruleset.copyOnWrite ? withContentFacts(() => this.search(roots)) : this.search(roots);
  }

  private search(roots: S[]): PlanResult<S> {
    const root = roots[0]!;
    const pool = new Map<string, Action[]>();
    const addPool = (g: string, a: Action) => {
      const list = pool.get(g) ?? [];
      if (!list.some((x) => actionKey(x) === actionKey(a))) list.push(a);
      pool.set(g, list);
    };
    let rootAlts: Choice[] = [];
    const record = (s: S, _p: Prompt, ord: Choice[], step: number) => {
      if (s === root) rootAlts = ord.slice(0, Math.max(1, this.params.rootWidth));
      for (const c of ord.slice(0, Math.max(1, this.params.poolWidth))) addPool(this.groupOf(c, step), c.action);
    };
    this.plans++;
    const seedDecoded = this.decode(root, [], record);
    const seedGenes = seedDecoded.genes;
    const L = Math.max(1, seedGenes.length);
    this.budget = Math.min(this.params.maxPositions, this.params.minPositions + this.params.perDecision * L, this.limit - this.positions) + this.positions;
    const memo = new Map<string, Decoded<S>>();
    const keyOf = (genes: Gene[]) => genes.map((g) => actionKey(g.action)).join('|');
    const judge = (genes: Gene[]): Decoded<S> => {
      const k = keyOf(genes);
      let d = memo.get(k);
      if (!d) {
        d = roots.length === 1 && genes === seedGenes ? seedDecoded : this.judge(roots, genes);
        memo.set(k, d);
        memo.set(keyOf(d.genes), d);
      }
      return d;
    };
    const alternatives: { action: Action; value: number }[] = [];
    let pop: Decoded<S>[] = [judge(seedGenes)];
    if (seedGenes.length) alternatives.push({ action: seedGenes[0]!.action, value: pop[0]!.value });
    // The root's alternatives, each followed by the default plan's other decisions.
    for (const c of rootAlts) {
      if (!seedGenes.length || actionKey(c.action) === actionKey(seedGenes[0]!.action)) continue;
      if (this.positions >= this.budget || this.outOfTime()) break;
      const g = this.groupOf(c, 0);
      const d = judge([{ action: c.action, group: g }, ...seedGenes.slice(1).filter((x) => byPlace(g) || x.group !== g)]);
      alternatives.push({ action: c.action, value: d.value });
      pop.push(d);
    }
    // A plan of one decision is settled by trying the alternatives; longer plans evolve.
    const P = Math.max(2, this.params.population);
    let stale = 0;
    while (L > 1 && this.positions < this.budget && !this.outOfTime() && stale < 4 * P) {
      this.generations++;
      pop.sort((a, b) => b.value - a.value);
      const elite = pop.slice(0, Math.max(1, Math.ceil(P / 4)));
      const next = [...elite];
      while (next.length < P && this.positions < this.budget && !this.outOfTime() && stale < 4 * P) {
        const a = this.tournament(pop), b = this.tournament(pop);
        let genes = nextInt(this.rng, 2) === 0 && a !== b ? this.crossover(a.genes, b.genes) : [...a.genes];
        genes = this.mutate(genes, pool, rootAlts);
        const k = keyOf(genes);
        if (memo.has(k)) { stale++; continue; }
        const d = judge(genes);
        const root0 = d.genes[0];
        if (root0 && !alternatives.some((x) => actionKey(x.action) === actionKey(root0.action))) alternatives.push({ action: root0.action, value: d.value });
        else if (root0) {
          const alt = alternatives.find((x) => actionKey(x.action) === actionKey(root0.action))!;
          alt.value = Math.max(alt.value, d.value);
        }
        next.push(d);
      }
      pop = next;
    }
    pop.sort((a, b) => b.value - a.value);
    const best = this.robustFirst(roots, pop[0]!, judge);
    return { genes: best.genes, value: best.value, leaf: best.leaf, alternatives };
  }

  /**
   * Among orders of the best plan that end as well, the one whose first decision is best by itself (a garrison
   * enters the capital before the old one leaves): dice, reactions and a lost plan then cost least.
   */
  private robustFirst(roots: S[], best: Decoded<S>, judge: (genes: Gene[]) => Decoded<S>): Decoded<S> {
    const root = roots[0]!;
    if (best.genes.length < 2) return best;
    const alone = (g: Gene) => this.actionValue(root, this.me, g.action);
    const first = alone(best.genes[0]!);
    // Each decision judged alone costs a play-out: within what is left of the turn budget only.
    const scored: { g: Gene; v: number }[] = [];
    for (const g of best.genes.slice(1)) {
      if (this.positions >= this.limit) break;
      scored.push({ g, v: alone(g) });
    }
    const better = scored.filter((x) => x.v > first + 1e-9).sort((a, b) => b.v - a.v);
    for (const { g } of better.slice(0, 3)) {
      const d = judge([g, ...best.genes.filter((x) => x !== g)]);
      if (d.value >= best.value - 1e-9 && d.genes[0] && actionKey(d.genes[0].action) === actionKey(g.action)) return d;
    }
    return best;
  }

  private tournament(pop: Decoded<S>[]): Decoded<S> {
    const a = pop[nextInt(this.rng, pop.length)]!, b = pop[nextInt(this.rng, pop.length)]!;
    return a.value >= b.value ? a : b;
  }

  /** The first parent's order; each group shared with the second takes either parent's decision. */
  private crossover(a: Gene[], b: Gene[]): Gene[] {
    const other = new Map(b.map((g) => [g.group, g]));
    return a.map((g) => (other.has(g.group) && nextInt(this.rng, 2) === 1 ? other.get(g.group)! : g));
  }

  private mutate(genes: Gene[], pool: Map<string, Action[]>, rootAlts: Choice[]): Gene[] {
    const out = [...genes];
    const ops = 1 + (nextInt(this.rng, 3) === 0 ? 1 : 0) + (nextInt(this.rng, 6) === 0 ? 1 : 0);
    const groups = [...pool.keys()];
    for (let n = 0; n < ops; n++) {
      const op = nextInt(this.rng, 10);
      const i = out.length ? nextInt(this.rng, out.length) : 0;
      if (op < 4 && out.length) {
        // Another alternative for the same group (another destination for the same unit...).
        const alts = (pool.get(out[i]!.group) ?? []).filter((a) => actionKey(a) !== actionKey(out[i]!.action));
        if (alts.length) out[i] = { action: alts[nextInt(this.rng, alts.length)]!, group: out[i]!.group };
      } else if (op < 6 && groups.length) {
        // A decision for a group the plan leaves alone, at a random place.
        const unused = groups.filter((g) => !out.some((x) => x.group === g));
        const g = unused.length ? unused[nextInt(this.rng, unused.length)]! : groups[nextInt(this.rng, groups.length)]!;
        const alts = pool.get(g)!;
        const at = byPlace(g) ? Math.min(out.length, Number(g.slice(1))) : nextInt(this.rng, out.length + 1);
        out.splice(at, 0, { action: alts[nextInt(this.rng, alts.length)]!, group: g });
      } else if (op < 7 && out.length > 1) {
        out.splice(i, 1);
      } else if (op < 9 && out.length > 1) {
        const j = Math.min(out.length - 1, i + 1 + nextInt(this.rng, 3));
        [out[i], out[j]] = [out[j]!, out[i]!];
      } else if (rootAlts.length > 1) {
        // Another first decision.
        const c = rootAlts[nextInt(this.rng, rootAlts.length)]!;
        const g = this.groupOf(c, 0);
        const rest = out.slice(out[0] && byPlace(out[0].group) ? 1 : 0).filter((x) => byPlace(g) || x.group !== g);
        out.splice(0, out.length, { action: c.action, group: g }, ...rest);
      }
    }
    return out;
  }
}
