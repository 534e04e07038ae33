// Supply tracing (2WW 11, ETO 23): one multi-source search from the supply sources answers every unit's status.
// The search runs from the sources outward; each state is (node, layer), e.g. layer 0 = overland, 1 = by sea.
import type { BoardGraph } from './board.ts';
import { type SearchScratch, scratchFor } from './search.ts';

/** What a supply line may do, supplied by the rule set; every predicate defaults to the permissive answer. */
export interface TraceRules {
  /** Number of layers (default 1). At most 8. */
  layers?: number;
  /** May a line run through `node` in `layer` (e.g. land layer: land and coastal hexes only). */
  mayOccupy?(node: number, layer: number): boolean;
  /** May a line step between `from` and `to` along `edge` in `layer` (e.g. never across an all-sea hexside overland). */
  mayStep?(from: number, to: number, edge: number, layer: number): boolean;
  /**
   * May a line pass through `node` (default yes). A node that may not be passed is still supplied but ends the
   * line: 2WW 11, a line may leave but not enter a hex in enemy ZOC without a friendly unit.
   */
  mayPass?(node: number, layer: number): boolean;
  /** May a line change from `fromLayer` to `toLayer` at `node` (e.g. only at a friendly port, 2WW 11); default no. */
  mayTransfer?(node: number, fromLayer: number, toLayer: number): boolean;
  /** Length of one step (default 1); Infinity forbids the step. */
  stepCost?(from: number, to: number, edge: number, layer: number): number;
  /** Longest allowed line (default unlimited). */
  maxLength?: number;
}

/** Result of traceSupply: which nodes a supply line reaches, per layer. Independent of any scratch. */
export class SupplyMap {
  constructor(
    /** Bit `layer` of mask[node] is set when a line reaches node in that layer. */
    readonly mask: Uint8Array,
    readonly layers: number,
  ) {}

  /** True when a supply line reaches `node` in `layer` (default 0). */
  isSupplied(node: number, layer = 0): boolean {
    return (this.mask[node] & (1 << layer)) !== 0;
  }

  /** True when a supply line reaches `node` in any layer. */
  isSuppliedAny(node: number): boolean {
    return this.mask[node] !== 0;
  }
}

/**
 * Marks every node a supply line from any of `sources` reaches. Sources start in `sourceLayer` (default 0) and
 * are themselves supplied; change layers only where mayTransfer allows. Pass a SearchScratch of
 * graph.nodeCount * layers states and an `out` mask to allocate nothing.
 */
export function traceSupply(
  graph: BoardGraph,
  sources: readonly number[],
  rules: TraceRules = {},
  options: { sourceLayer?: number; scratch?: SearchScratch; out?: Uint8Array } = {},
): SupplyMap {
  const L = rules.layers ?? 1;
  if (!(L >= 1 && L <= 8 && Number.isInteger(L))) throw new Error(`traceSupply: layers = ${L}; use an integer from 1 to 8`);
  const N = graph.nodeCount;
  const s = scratchFor(N * L, options.scratch);
  const gen = s.begin();
  const out = options.out ?? new Uint8Array(N);
  if (out.length < N) throw new Error(`traceSupply: out mask has ${out.length} entries; it needs one per node (${N})`);
  out.fill(0, 0, N);
  const { adjStart, adjNode, adjEdge } = graph;
  const { mayOccupy, mayStep, mayPass, mayTransfer, stepCost } = rules;
  const maxLength = rules.maxLength ?? Infinity;
  const { done, cost, heap } = s;
  const layer0 = options.sourceLayer ?? 0;

  for (const n of sources) if (!mayOccupy || mayOccupy.call(rules, n, layer0)) s.relax(n * L + layer0, 0, -1, -1);
  while (heap.size > 0) {
    const st = heap.pop();
    if (done[st] === gen) continue;
    done[st] = gen;
    const n = (st / L) | 0;
    const layer = st - n * L;
    out[n] |= 1 << layer;
    if (mayPass && !mayPass.call(rules, n, layer)) continue;
    const base = cost[st];
    if (mayTransfer && L > 1) {
      for (let l2 = 0; l2 < L; l2++) {
        if (l2 === layer || done[n * L + l2] === gen) continue;
        if (mayOccupy && !mayOccupy.call(rules, n, l2)) continue;
        if (mayTransfer.call(rules, n, layer, l2)) s.relax(n * L + l2, base, st, -1);
      }
    }
    for (let k = adjStart[n], end = adjStart[n + 1]; k < end; k++) {
      const m = adjNode[k];
      const sm = m * L + layer;
      if (done[sm] === gen) continue;
      const e = adjEdge[k];
      if (mayOccupy && !mayOccupy.call(rules, m, layer)) continue;
      if (mayStep && !mayStep.call(rules, n, m, e, layer)) continue;
      const step = stepCost ? stepCost.call(rules, n, m, e, layer) : 1;
      if (!(step >= 0 && step < Infinity)) {
        if (step < 0) throw new Error(`traceSupply: stepCost(${n}, ${m}) returned ${step}; step lengths must be >= 0 (Infinity forbids)`);
        continue;
      }
      const c = base + step;
      if (c <= maxLength) s.relax(sm, c, st, e);
    }
  }
  s.end();
  return new SupplyMap(out, L);
}

/** Result of traceSupplySets: for each (node, layer), which source sets reach it (bit i = set i). */
export class SupplySetsMap {
  constructor(
    /** Bits of the source sets whose lines reach mask[node * layers + layer]: 8, 16 or 32 bits as the sets need. */
    readonly mask: Uint8Array | Uint16Array | Uint32Array,
    readonly layers: number,
  ) {}

  /** Bits of the source sets reaching `node` in `layer`. */
  setsAt(node: number, layer = 0): number {
    return this.mask[node * this.layers + layer];
  }

  /** True when a line from source set `set` reaches `node` in `layer`. */
  reaches(node: number, layer: number, set: number): boolean {
    return (this.mask[node * this.layers + layer] & (1 << set)) !== 0;
  }
}

/**
 * The rules of traceSupplySets as tables (no call per step: the search is asked after every move). Built by the rule
 * set: `step` once per board, `pass` and `transfer` once per state.
 */
export interface TraceTables {
  /** Number of layers (1 to 8). */
  layers: number;
  /** Per adjacency entry k of the graph (adjStart order): bit `layer` set when a line may take that step in that layer. */
  step: Uint8Array;
  /** Per state node*layers+layer: 1 when a line may pass it (a state that may not be passed still gets its bits). */
  pass: Uint8Array;
  /** Per node: 1 when a line may change layers there. */
  transfer: Uint8Array;
}

/**
 * Several supply traces in one pass (2WW 11: each power traces to its own capitals): the lines of source set i set
 * bit i, up to 32 sets. Lines have no length; a state that may not be passed is reached but ends the line, except a
 * source, which always spreads (from `sourceLayer`, default 0, and from each layer it may change to there), and a
 * layer reached by a change of layers. Order-dependent where such a state may not be passed (it spreads the bits it
 * holds when taken off the work list, and a change of layers bringing bits it already holds does not put it back on
 * it): another order changes results, so this one (last in, first out) is kept (docs/rulings/2ww.md).
 */
export function traceSupplySets(graph: BoardGraph, sourceSets: readonly (readonly number[])[], t: TraceTables, sourceLayer = 0): SupplySetsMap {
  const L = t.layers;
  if (!(L >= 1 && L <= 8 && Number.isInteger(L))) throw new Error(`traceSupplySets: layers = ${L}; use an integer from 1 to 8`);
  if (sourceSets.length > 32) throw new Error(`traceSupplySets: ${sourceSets.length} source sets; at most 32 (one bit each)`);
  const N = graph.nodeCount;
  const { adjStart, adjNode } = graph;
  const { step, pass, transfer } = t;
  if (step.length < adjNode.length || pass.length < N * L || transfer.length < N) throw new Error(`traceSupplySets: tables too short for a graph of ${N} nodes and ${adjNode.length} steps`);
  // the narrowest mask for the sets: a game server's states keep many (kept outside the JS heap, they start full GCs)
  const sets = sourceSets.length;
  const mask = sets <= 8 ? new Uint8Array(N * L) : sets <= 16 ? new Uint16Array(N * L) : new Uint32Array(N * L);
  const work: number[] = [];
  const add = (k: number, m: number, spread: boolean) => {
    const fresh = m & ~mask[k];
    if (!fresh) return;
    mask[k] |= fresh;
    if (spread) work.push(k);
  };
  sourceSets.forEach((set, i) => {
    for (const n of set) {
      add(n * L + sourceLayer, 1 << i, true);
      if (transfer[n]) for (let l2 = 0; l2 < L; l2++) if (l2 !== sourceLayer) add(n * L + l2, 1 << i, true);
    }
  });
  while (work.length) {
    const st = work.pop()!;
    const n = (st / L) | 0;
    const layer = st - n * L;
    const m = mask[st];
    if (transfer[n] && L > 1) for (let l2 = 0; l2 < L; l2++) if (l2 !== layer) add(n * L + l2, m, true);
    const bit = 1 << layer;
    for (let k = adjStart[n], end = adjStart[n + 1]; k < end; k++) {
      if (!(step[k] & bit)) continue;
      const sm = adjNode[k] * L + layer;
      if ((m & ~mask[sm]) !== 0) add(sm, m, pass[sm] === 1);
    }
  }
  return new SupplySetsMap(mask, L);
}
