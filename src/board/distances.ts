// Distances from several sources at once (Dijkstra) over the caller's own steps: moves to the nearest enemy, by land
// and by other means the board has no edges for (a convoy lift), each with its own cost.
import { Reach, type SearchScratch, scratchFor } from './search.ts';

/**
 * The steps out of `node`: calls `step(to, cost)` once for each (cost >= 0; Infinity or NaN forbids the step). Nodes
 * are indices below the search's node count, as a BoardGraph's, but the steps need not be its edges.
 */
export type Neighbours = (node: number, step: (to: number, cost: number) => void) => void;

/**
 * The cheapest cost from the nearest of `sources` (each at cost 0) to every node within `maxCost` (default unlimited),
 * over the steps `neighbours` gives. The result's `previous` leads back toward a source (`previousEdge` is -1: the
 * steps are the caller's). Pass a SearchScratch(nodeCount) to allocate nothing; the result is then valid until that
 * scratch's next search.
 */
export function distancesFrom(
  nodeCount: number,
  sources: readonly number[],
  neighbours: Neighbours,
  options: { maxCost?: number; scratch?: SearchScratch } = {},
): Reach {
  const s = scratchFor(nodeCount, options.scratch);
  const gen = s.begin();
  const maxCost = options.maxCost ?? Infinity;
  const { cost, done, heap } = s;
  let from = -1, base = 0;
  const step = (to: number, c: number): void => {
    if (!(c < Infinity)) return; // Infinity or NaN: forbidden
    if (c < 0) throw new Error(`distancesFrom: a step from ${from} to ${to} costs ${c}; costs must be >= 0 (Infinity forbids a step)`);
    if (!(to >= 0 && to < nodeCount)) throw new Error(`distancesFrom: a step from ${from} leads to node ${to}, outside 0..${nodeCount - 1}`);
    if (done[to] === gen) return;
    const total = base + c;
    if (total <= maxCost) s.relax(to, total, from, -1);
  };
  for (const n of sources) {
    if (!(n >= 0 && n < nodeCount)) throw new Error(`distancesFrom: source ${n} is outside 0..${nodeCount - 1}`);
    s.relax(n, 0, -1, -1);
  }
  while (heap.size > 0) {
    const n = heap.pop();
    if (done[n] === gen) continue; // stale heap entry
    done[n] = gen;
    s.order[s.count++] = n;
    from = n;
    base = cost[n];
    neighbours(n, step);
  }
  s.end();
  return new Reach(s, gen, sources);
}
