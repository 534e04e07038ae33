// Movement of a unit whose next step depends on what it did before (it entered an enemy ZOC and may go one hex more,
// it met mud and moves at half speed): a cheapest-path search over states (node, layer) with costs and rules
// supplied by the rule set. Equal costs are settled in the order the states were found, so with unit costs the
// search is breadth-first and each node's path is the first one found.
import type { BoardGraph } from './board.ts';
import { MinHeap } from './search.ts';

/** How a unit with states moves. Nodes and edges are board indices; layers are the rule set's (0 .. layers-1). */
export interface LayeredMoveRules {
  /** Number of layers: the states a unit can be in on one node. */
  layers: number;
  /**
   * The layer the unit is in after stepping from `from` (in `layer`, `spent` MP used so far) into `to` along `edge`;
   * -1 forbids the step. A layer that may not be left answers -1 for every step out of it.
   */
  next(from: number, layer: number, to: number, edge: number, spent: number): number;
  /** MP the step costs (default 1); Infinity forbids it. Must be >= 0. */
  stepCost?(from: number, layer: number, to: number, edge: number): number;
}

/** What a layered search reached: for each node, its first state settled (the cheapest; equal costs: found first). */
export class LayeredReach {
  constructor(
    private readonly firstState: ReadonlyMap<number, number>,
    private readonly cost: readonly number[],
    private readonly prev: readonly number[],
    private readonly stateNode: readonly number[],
    private readonly stateLayer: readonly number[],
    /** Start node. */
    readonly start: number,
  ) {}

  /** Reached nodes, the start first, in the order their first state was settled. */
  nodes(): number[] {
    return [...this.firstState.keys()];
  }

  has(node: number): boolean {
    return this.firstState.has(node);
  }

  /** Cheapest cost to `node`; Infinity when not reached. */
  costTo(node: number): number {
    const i = this.firstState.get(node);
    return i === undefined ? Infinity : this.cost[i]!;
  }

  /** Layer of the first state reached on `node`; -1 when not reached. */
  layerAt(node: number): number {
    const i = this.firstState.get(node);
    return i === undefined ? -1 : this.stateLayer[i]!;
  }

  /** The path of the first state reached on `node`, start and node included; [] when not reached. */
  pathTo(node: number): number[] {
    const i = this.firstState.get(node);
    if (i === undefined) return [];
    const path: number[] = [];
    for (let k = i; k >= 0; k = this.prev[k]!) path.push(this.stateNode[k]!);
    return path.reverse();
  }
}

/**
 * Every node a unit at `start` (in `startLayer`) can reach with `budget` MP under `rules`, with the path to each.
 * States are kept sparsely: a search costs what it reaches, not the board's size.
 */
export function layeredMovementRange(graph: BoardGraph, start: number, startLayer: number, budget: number, rules: LayeredMoveRules): LayeredReach {
  const L = rules.layers;
  if (!(Number.isInteger(L) && L >= 1)) throw new Error(`layeredMovementRange: layers = ${L}; use a positive integer`);
  if (!(startLayer >= 0 && startLayer < L)) throw new Error(`layeredMovementRange: start layer ${startLayer} is not in 0..${L - 1}`);
  const { adjStart, adjNode, adjEdge } = graph;
  const index = new Map<number, number>(); // state key -> slot
  const cost: number[] = [];
  const prev: number[] = [];
  const stateNode: number[] = [];
  const stateLayer: number[] = [];
  const done: boolean[] = [];
  const firstState = new Map<number, number>();
  const bySeq: number[] = []; // heap items are find-order numbers, so equal keys pop first-found first
  const heap = new MinHeap();
  const offer = (node: number, layer: number, c: number, from: number): void => {
    const key = node * L + layer;
    let i = index.get(key);
    if (i === undefined) {
      i = cost.length;
      index.set(key, i);
      cost.push(c); prev.push(from); stateNode.push(node); stateLayer.push(layer); done.push(false);
    } else if (done[i] || cost[i]! <= c) return;
    else { cost[i] = c; prev[i] = from; }
    bySeq.push(i);
    heap.push(bySeq.length - 1, c);
  };
  offer(start, startLayer, 0, -1);
  while (heap.size > 0) {
    const i = bySeq[heap.pop()]!;
    if (done[i]) continue;
    done[i] = true;
    const n = stateNode[i]!, layer = stateLayer[i]!, spent = cost[i]!;
    if (!firstState.has(n)) firstState.set(n, i);
    for (let k = adjStart[n]!, end = adjStart[n + 1]!; k < end; k++) {
      const m = adjNode[k]!, e = adjEdge[k]!;
      const to = rules.next(n, layer, m, e, spent);
      if (to < 0) continue;
      if (to >= L) throw new Error(`layeredMovementRange: next() answered layer ${to}; layers are 0..${L - 1}`);
      const step = rules.stepCost ? rules.stepCost(n, layer, m, e) : 1;
      if (!(step < Infinity)) continue;
      if (step < 0) throw new Error(`layeredMovementRange: stepCost(${n}, ${m}) returned ${step}; costs must be >= 0`);
      if (spent + step <= budget) offer(m, to, spent + step, i);
    }
  }
  return new LayeredReach(firstState, cost, prev, stateNode, stateLayer, start);
}

/**
 * Every route of exactly `steps` steps from `start` that `mayStep` allows (a retreat of N hexes), each as the nodes
 * after the start, in depth-first order of the board's adjacency. `depth` is the number of steps already taken.
 */
export function routes(graph: BoardGraph, start: number, steps: number, mayStep: (from: number, to: number, edge: number, depth: number) => boolean): number[][] {
  const { adjStart, adjNode, adjEdge } = graph;
  const out: number[][] = [];
  const path: number[] = [];
  const walk = (n: number): void => {
    if (path.length === steps) { out.push([...path]); return; }
    for (let k = adjStart[n]!, end = adjStart[n + 1]!; k < end; k++) {
      const m = adjNode[k]!;
      if (!mayStep(n, m, adjEdge[k]!, path.length)) continue;
      path.push(m);
      walk(m);
      path.pop();
    }
  };
  walk(start);
  return out;
}
