// Radius queries counted in steps over the graph, bounded by passability (a fleet's 3-hex ZOC that may not cross land).
import type { BoardGraph } from './board.ts';
import { Reach, type SearchScratch, scratchFor } from './search.ts';

/** What a radius may spread through; every predicate defaults to "yes". */
export interface RangeRules {
  /** May the radius cross the edge from `from` to `to` (e.g. not an all-land hexside, 2WW 5.1.2). */
  mayCross?(from: number, to: number, edge: number): boolean;
  /** May the radius include `node` (e.g. a fleet's ZOC never enters all-land hexes, 2WW 5.1.4). */
  mayEnter?(node: number): boolean;
  /** May the radius spread on beyond `node` once it includes it (default yes; never asked for the starts). */
  mayPass?(node: number): boolean;
}

/**
 * Nodes within `radius` steps of any start, each with its step count, spreading only where `rules` allow
 * (breadth-first). For an unobstructed hex radius, Board.hexesWithin is exact and faster.
 */
export function withinRange(
  graph: BoardGraph,
  starts: number | readonly number[],
  radius: number,
  rules: RangeRules = {},
  scratch?: SearchScratch,
): Reach {
  const s = scratchFor(graph.nodeCount, scratch);
  const gen = s.begin();
  const list = typeof starts === 'number' ? [starts] : starts;
  const { adjStart, adjNode, adjEdge } = graph;
  const { mayCross, mayEnter, mayPass } = rules;
  const { order, done, cost, prev, prevEdge } = s;
  for (const n of list) {
    if (done[n] === gen) continue;
    done[n] = gen;
    cost[n] = 0;
    prev[n] = -1;
    prevEdge[n] = -1;
    order[s.count++] = n;
  }
  for (let head = 0; head < s.count; head++) {
    const n = order[head];
    const d = cost[n] + 1;
    if (d > radius) continue;
    if (mayPass && cost[n] > 0 && !mayPass.call(rules, n)) continue;
    for (let k = adjStart[n], end = adjStart[n + 1]; k < end; k++) {
      const m = adjNode[k];
      if (done[m] === gen) continue;
      const e = adjEdge[k];
      if (mayEnter && !mayEnter.call(rules, m)) continue;
      if (mayCross && !mayCross.call(rules, n, m, e)) continue;
      done[m] = gen;
      cost[m] = d;
      prev[m] = n;
      prevEdge[m] = e;
      order[s.count++] = m;
    }
  }
  s.end();
  return new Reach(s, gen, list);
}

/** ORs `bit` into out[node] for every node withinRange reaches (build a ZOC mask from many units, one call each). */
export function markWithinRange(
  graph: BoardGraph,
  starts: number | readonly number[],
  radius: number,
  rules: RangeRules,
  out: Uint8Array,
  bit = 1,
  scratch?: SearchScratch,
): void {
  const reach = withinRange(graph, starts, radius, rules, scratch);
  for (let i = 0, n = reach.count; i < n; i++) out[reach.node(i)] |= bit;
}
