import { describe, expect, it } from 'vitest';
import { buildBoard } from './board.ts';
import { distancesFrom, type Neighbours } from './distances.ts';
import { movementRange } from './movement.ts';
import { SearchScratch } from './search.ts';

// A line of areas 0-1-2-3-4-5 (land borders, cost 1) and a sea lift 0 <-> 4 (cost 1.5), as an area game draws them.
const LINE = 6;
const line: Neighbours = (n, step) => {
  if (n > 0) step(n - 1, 1);
  if (n < LINE - 1) step(n + 1, 1);
  if (n === 0) step(4, 1.5);
  if (n === 4) step(0, 1.5);
};

describe('distances from several sources', () => {
  it('each node gets the cost from its nearest source, over land or the cheaper lift', () => {
    const r = distancesFrom(LINE, [0], line);
    expect([0, 1, 2, 3, 4, 5].map((n) => r.costTo(n))).toEqual([0, 1, 2, 2.5, 1.5, 2.5]);
    expect(r.pathTo(5)).toEqual([0, 4, 5]);
    expect(r.previous(0)).toBe(-1);
    expect(r.previousEdge(4)).toBe(-1); // the steps are the caller's, not board edges
    const two = distancesFrom(LINE, [0, 5], line);
    expect([0, 1, 2, 3, 4, 5].map((n) => two.costTo(n))).toEqual([0, 1, 2, 2, 1, 0]);
    expect(two.pathTo(3)).toEqual([5, 4, 3]);
  });

  it('settles nodes in order of cost (equal costs: lower node first) and stops at maxCost', () => {
    const r = distancesFrom(LINE, [0], line, { maxCost: 2 });
    expect(r.nodes()).toEqual([0, 1, 4, 2]);
    expect(r.has(3)).toBe(false);
    expect(r.costTo(5)).toBe(Infinity);
  });

  it('forbids a step of Infinity or NaN and refuses a negative one or a node off the graph', () => {
    const walled: Neighbours = (n, step) => line(n, (to, c) => step(to, (n === 2 && to === 3) || (n === 3 && to === 2) ? Infinity : n === 4 && to === 5 ? NaN : c));
    const r = distancesFrom(LINE, [0], walled);
    expect(r.costTo(3)).toBe(2.5); // round by the lift
    expect(r.has(5)).toBe(false);
    expect(() => distancesFrom(LINE, [0], (n, step) => step(n + 1, -1))).toThrow(/costs must be >= 0/);
    expect(() => distancesFrom(LINE, [0], (_n, step) => step(LINE, 1))).toThrow(/outside 0\.\.5/);
    expect(() => distancesFrom(LINE, [9], line)).toThrow(/source 9/);
  });

  it('with no sources reaches nothing', () => {
    expect(distancesFrom(LINE, [], line).count).toBe(0);
  });

  it('over a board\'s own edges from one source, the costs movementRange finds', () => {
    const b = buildBoard({ sheets: [{ prefix: '', cols: [1, 8], rows: [1, 8], offset: 'odd-down' }] });
    const cost = (to: number) => 1 + (to % 3); // uneven terrain
    const edges: Neighbours = (n, step) => {
      for (let k = b.adjStart[n]!; k < b.adjStart[n + 1]!; k++) step(b.adjNode[k]!, cost(b.adjNode[k]!));
    };
    const start = b.index('0404');
    const scratch = new SearchScratch(b.nodeCount);
    const d = distancesFrom(b.nodeCount, [start], edges, { maxCost: 7, scratch });
    const costs = Array.from({ length: b.nodeCount }, (_, n) => d.costTo(n));
    const m = movementRange(b, start, 7, { enterCost: (_f, to) => cost(to) });
    expect(costs).toEqual(Array.from({ length: b.nodeCount }, (_, n) => m.costTo(n)));
    expect(costs.filter((c) => c < Infinity).length).toBeGreaterThan(20);
  });
});
