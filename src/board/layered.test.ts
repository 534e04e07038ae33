import { describe, expect, it } from 'vitest';
import { buildBoard } from './board.ts';
import { layeredMovementRange, routes } from './layered.ts';

const b = buildBoard({ sheets: [{ prefix: '', cols: [1, 9], rows: [1, 9], offset: 'odd-down' }] });
const ids = (ns: number[]) => ns.map((n) => b.id(n));

describe('layered movement: a unit whose next step depends on its state', () => {
  // Enemy ZOC on column 6: armor entering it may move one hex more (layer 1), then stops (layer 2), as ETO 25.3.
  const zoc = (n: number) => b.coords(n).col === 6;
  const armor = {
    layers: 3,
    next: (_f: number, layer: number, to: number) => (layer === 2 ? -1 : layer === 1 ? 2 : zoc(to) ? 1 : 0),
  };
  it('ETO 25.3 armor entering enemy ZOC goes one hex more, then stops', () => {
    const r = layeredMovementRange(b, b.index('0405'), 0, 6, armor);
    expect(r.has(b.index('0605'))).toBe(true);
    expect(r.has(b.index('0705'))).toBe(true); // the one hex more
    expect(r.has(b.index('0805'))).toBe(false); // stopped in 0705
    expect(r.costTo(b.index('0705'))).toBe(3);
    expect(r.layerAt(b.index('0705'))).toBe(2);
    const path = ids(r.pathTo(b.index('0705')));
    expect([path.length, path[0], path[2], path[3]]).toEqual([4, '0405', '0605', '0705']);
  });
  it('equal costs: each node keeps the first path found, breadth-first in adjacency order', () => {
    const r = layeredMovementRange(b, b.index('0505'), 0, 2, { layers: 1, next: () => 0 });
    // 0707 is two steps away by several routes; the first found leaves 0505 by the first neighbour that leads there.
    const firsts = ids(b.neighbours(b.index('0505')));
    const path = ids(r.pathTo(b.index('0706')));
    expect(path).toHaveLength(3);
    const candidates = firsts.filter((h) => b.neighbours(b.index(h)).includes(b.index('0706')));
    expect(path[1]).toBe(candidates[0]);
    expect(r.nodes()[0]).toBe(b.index('0505'));
    expect(r.nodes().length).toBe(19);
  });
  it('costs per step and the budget bound the reach', () => {
    const dear = (n: number) => (b.id(n) === '0504' ? 5 : 1);
    const r = layeredMovementRange(b, b.index('0505'), 0, 3, { layers: 1, next: () => 0, stepCost: (_f, _l, to) => dear(to) });
    expect(r.has(b.index('0504'))).toBe(false);
    expect(r.costTo(b.index('0503'))).toBe(3);
    expect(ids(r.pathTo(b.index('0503')))).not.toContain('0504');
  });
});

describe('routes: every way of exactly N steps', () => {
  it('ETO 27.3 retreat paths: each step farther from the start; two-hex routes from a hex are its 12 ring hexes\' approaches', () => {
    const from = b.index('0505');
    const rs = routes(b, from, 2, (_f, to, _e, depth) => b.distance(from, to) === depth + 1);
    expect(rs.every((r) => r.length === 2 && b.distance(from, r[1]!) === 2)).toBe(true);
    // 6 ring-2 corner hexes have one approach, the 6 side hexes two: 18 routes.
    expect(rs).toHaveLength(18);
    expect(new Set(rs.map((r) => r[1])).size).toBe(12);
  });
});
