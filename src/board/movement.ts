// Movement range and paths (Dijkstra over the board graph) with costs and ZOC rules supplied by the rule set.
import type { BoardGraph } from './board.ts';
import { Reach, type SearchScratch, scratchFor } from './search.ts';

/** How a unit moves, supplied by the rule set. Nodes and edges are board indices. */
export interface MoveRules {
  /** Cost of stepping from `from` into `to` along `edge`; Infinity (or NaN) forbids the step. Must be >= 0. */
  enterCost(from: number, to: number, edge: number): number;
  /** Entering `node` ends the move (e.g. an enemy land ZOC, 2WW 5.1.1). Never applied to the start. */
  mustStop?(node: number): boolean;
  /** May the unit step from `from` to `to` (e.g. not directly from one enemy ZOC hex to another, 2WW 5.1.1). */
  mayLeave?(from: number, to: number, edge: number): boolean;
  /** May the unit enter `node` at all (e.g. not a hex holding enemy units). Not asked for the start. */
  mayEnter?(node: number): boolean;
}

function expand(g: BoardGraph, s: SearchScratch, start: number, budget: number, rules: MoveRules, target: number): void {
  const { adjStart, adjNode, adjEdge } = g;
  const { enterCost, mustStop, mayLeave, mayEnter } = rules;
  const gen = s.gen;
  const cost = s.cost;
  const done = s.done;
  const heap = s.heap;
  s.relax(start, 0, -1, -1);
  while (heap.size > 0) {
    const n = heap.pop();
    if (done[n] === gen) continue; // stale heap entry
    done[n] = gen;
    s.order[s.count++] = n;
    if (n === target) return;
    if (n !== start && mustStop && mustStop.call(rules, n)) continue;
    const base = cost[n];
    for (let k = adjStart[n], end = adjStart[n + 1]; k < end; k++) {
      const m = adjNode[k];
      if (done[m] === gen) continue;
      const e = adjEdge[k];
      if (mayEnter && !mayEnter.call(rules, m)) continue;
      if (mayLeave && !mayLeave.call(rules, n, m, e)) continue;
      const step = enterCost.call(rules, n, m, e);
      if (!(step < Infinity)) continue; // Infinity or NaN: forbidden
      if (step < 0) throw new Error(`board: enterCost(${n}, ${m}) returned ${step}; movement costs must be >= 0 (Infinity forbids a step)`);
      const c = base + step;
      if (c <= budget) s.relax(m, c, n, e);
    }
  }
}

/**
 * Every node a unit at `start` can reach with `budget` MP, with its cheapest cost and path (2WW 8, ETO 7).
 * Pass a SearchScratch(graph.nodeCount) to avoid allocating; the result is then valid until that scratch's next search.
 */
export function movementRange(graph: BoardGraph, start: number, budget: number, rules: MoveRules, scratch?: SearchScratch): Reach {
  const s = scratchFor(graph.nodeCount, scratch);
  const gen = s.begin();
  expand(graph, s, start, budget, rules, -1);
  s.end();
  return new Reach(s, gen, [start]);
}

/** A cheapest path: nodes from start to goal, both included, and its cost. */
export interface BoardPath {
  nodes: number[];
  cost: number;
}

/** Cheapest legal path from `from` to `to` under `rules` within `budget` (default unlimited); null when there is none. */
export function findPath(
  graph: BoardGraph,
  from: number,
  to: number,
  rules: MoveRules,
  budget = Infinity,
  scratch?: SearchScratch,
): BoardPath | null {
  const s = scratchFor(graph.nodeCount, scratch);
  const gen = s.begin();
  expand(graph, s, from, budget, rules, to);
  s.end();
  const reach = new Reach(s, gen, [from]);
  if (!reach.has(to)) return null;
  return { nodes: reach.pathTo(to), cost: reach.costTo(to) };
}
