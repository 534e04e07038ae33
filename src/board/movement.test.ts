import { describe, expect, it } from 'vitest';
import { type Board, buildBoard } from './board.ts';
import { FlagMap } from './flags.ts';
import { findPath, movementRange, type MoveRules } from './movement.ts';
import { SearchScratch } from './search.ts';

const grid = (): Board => buildBoard({ sheets: [{ prefix: '', cols: [1, 10], rows: [1, 10], offset: 'odd-down' }] });

/** Land ZOC of enemy units: the hexes next to them (2WW 5.1.1), as a node mask. */
function zocOf(b: Board, enemies: string[]): { zoc: Uint8Array; enemy: Uint8Array } {
  const zoc = new Uint8Array(b.nodeCount);
  const enemy = new Uint8Array(b.nodeCount);
  for (const id of enemies) {
    enemy[b.index(id)] = 1;
    for (const m of b.neighbours(b.index(id))) zoc[m] = 1;
  }
  return { zoc, enemy };
}

function landRules(zoc: Uint8Array, enemy: Uint8Array): MoveRules {
  return {
    enterCost: () => 1,
    mustStop: (n) => zoc[n] === 1,
    mayLeave: (from, to) => !(zoc[from] === 1 && zoc[to] === 1),
    mayEnter: (n) => enemy[n] === 0,
  };
}

describe('movement range', () => {
  it('2WW 8.1 with 1 MP per hex and no enemies, the range is every hex within the MP', () => {
    const b = grid();
    const start = b.index('0505');
    const reach = movementRange(b, start, 3, { enterCost: () => 1 });
    expect(reach.count).toBe(37);
    for (const n of b.hexesWithin(start, 3)) expect(reach.costTo(n)).toBe(b.distance(start, n));
    expect(reach.has(b.index('0509'))).toBe(false);
    expect(reach.costTo(b.index('0509'))).toBe(Infinity);
    expect(reach.node(0)).toBe(start);
    const nodes = reach.nodes();
    for (let i = 1; i < nodes.length; i++) expect(reach.costTo(nodes[i])).toBeGreaterThanOrEqual(reach.costTo(nodes[i - 1]));
  });

  it('2WW 8.1 terrain costs: the cheapest path goes around expensive hexes and pathTo returns it', () => {
    const b = grid();
    const rough = new Uint8Array(b.nodeCount);
    for (const id of ['0604', '0605', '0606']) rough[b.index(id)] = 1;
    const rules: MoveRules = { enterCost: (_f, to) => (rough[to] ? 3 : 1) };
    const reach = movementRange(b, b.index('0505'), 4, rules);
    // 0705 lies two columns east: via a rough hex 3+1 = 4, around it 0504-0603-0704-0705 = 4 too; either way 4.
    expect(reach.costTo(b.index('0705'))).toBe(4);
    expect(reach.costTo(b.index('0605'))).toBe(3);
    const path = reach.pathTo(b.index('0705'));
    expect(path[0]).toBe(b.index('0505'));
    expect(path[path.length - 1]).toBe(b.index('0705'));
    let cost = 0;
    for (let i = 1; i < path.length; i++) {
      expect(b.edgeBetween(path[i - 1], path[i])).toBeGreaterThanOrEqual(0);
      cost += rules.enterCost(path[i - 1], path[i], b.edgeBetween(path[i - 1], path[i]));
    }
    expect(cost).toBe(4);
    expect(reach.previousEdge(path[1])).toBe(b.edgeBetween(path[0], path[1]));
  });

  it('2WW 5.1.1 a land unit must stop on entering an enemy ZOC hex', () => {
    const b = grid();
    const { zoc, enemy } = zocOf(b, ['0505']);
    const reach = movementRange(b, b.index('0503'), 5, landRules(zoc, enemy));
    expect(reach.costTo(b.index('0504'))).toBe(1); // ZOC hex next to the enemy
    expect(reach.costTo(b.index('0605'))).toBe(2); // 0503-0604-0605
    expect(reach.has(b.index('0505'))).toBe(false); // the enemy's own hex
    // 0506 (south of the enemy, in ZOC) needs a 7-hex detour around the ZOC ring.
    expect(reach.has(b.index('0506'))).toBe(false);
    // No reached hex was entered from a ZOC hex: movement ended there.
    for (const n of reach.nodes()) {
      const p = reach.previous(n);
      if (p >= 0) expect(zoc[p]).toBe(0);
    }
  });

  it('2WW 5.1.1 a land unit may not move directly from one enemy ZOC hex to another', () => {
    const b = grid();
    const { zoc, enemy } = zocOf(b, ['0505']);
    const start = b.index('0504'); // in the ZOC of 0505
    const reach = movementRange(b, start, 3, landRules(zoc, enemy));
    // Leaving the ZOC is allowed.
    expect(reach.costTo(b.index('0503'))).toBe(1);
    expect(reach.costTo(b.index('0604'))).toBe(1);
    // 0605 and 0405 are ZOC hexes next to 0504: not directly, only by stepping out first.
    expect(reach.costTo(b.index('0605'))).toBe(2);
    expect(reach.pathTo(b.index('0605')).map((n) => b.id(n))).toEqual(['0504', '0604', '0605']);
    expect(reach.costTo(b.index('0405'))).toBe(2);
    expect(reach.previous(b.index('0405'))).not.toBe(start);
  });

  it('2WW 10.1.1 armor in Armored Action pays +1 MP to enter enemy ZOC and may move ZOC to ZOC', () => {
    const b = grid();
    const { zoc, enemy } = zocOf(b, ['0505']);
    const reach = movementRange(b, b.index('0504'), 4, {
      enterCost: (_f, to) => (zoc[to] ? 2 : 1),
      mayEnter: (n) => enemy[n] === 0,
    });
    expect(reach.pathTo(b.index('0605')).map((n) => b.id(n))).toEqual(['0504', '0605']);
    expect(reach.costTo(b.index('0605'))).toBe(2);
    expect(reach.costTo(b.index('0606'))).toBe(4);
  });

  it('2WW 8.1 an all-sea (blocked) hexside stops land movement; a gap lets the path through', () => {
    const b = grid();
    const sides = new FlagMap(b.edgeCount, ['allSea'] as const);
    for (let e = 0; e < b.edgeCount; e++) {
      const [x, y] = b.edgeEnds(e);
      const cols = [b.coords(x).col, b.coords(y).col].sort();
      if (cols[0] === 5 && cols[1] === 6) sides.set(e, 'allSea');
    }
    const blocked = sides.mask('allSea');
    const rules: MoveRules = { enterCost: (_f, _t, e) => (sides.any(e, blocked) ? Infinity : 1) };
    const from = b.index('0503');
    const to = b.index('0603');
    expect(b.distance(from, to)).toBe(1);
    expect(findPath(b, from, to, rules)).toBeNull();
    expect(movementRange(b, from, 50, rules).count).toBe(50); // columns 1-5 only
    // Open one crossing at the south edge: 0510-0610.
    sides.set(b.hexsideKey('0510', '0610'), 'allSea', false);
    const path = findPath(b, from, to, rules);
    expect(path).not.toBeNull();
    expect(path!.nodes).toContain(b.index('0510'));
    expect(path!.nodes).toContain(b.index('0610'));
    expect(path!.cost).toBe(path!.nodes.length - 1);
    expect(path!.cost).toBe(7 + 1 + 7); // down column 5 to row 10, across, up column 6 to row 3
    expect(findPath(b, from, to, rules, 14)).toBeNull();
  });

  it('2WW 8.3.3 a fleet pays 30 MP to leave the Atlantic box by the west edge, 0 into a listed hex', () => {
    const b = buildBoard({
      sheets: [{ prefix: '', cols: [1, 40], rows: [1, 6], offset: 'odd-down' }],
      nodes: [{ id: 'Atlantic' }, { id: 'Capetown' }],
      links: [
        { a: 'Atlantic', b: { edgeOf: '', side: 'west' }, cost: 30 },
        { a: 'Capetown', b: { edgeOf: '', side: 'west' }, cost: 30 },
        { a: 'Atlantic', b: 'Capetown', cost: 30 },
        { a: 'Atlantic', b: ['4003'], cost: 0 },
      ],
    });
    const fleet: MoveRules = { enterCost: (_f, _t, e) => (b.edgeKind(e) === 'hexside' ? 1 : b.edgeCost[e]) };
    const reach = movementRange(b, b.index('Atlantic'), 40, fleet);
    expect(reach.costTo(b.index('0101'))).toBe(30);
    expect(reach.costTo(b.index('0106'))).toBe(30);
    expect(reach.costTo(b.index('Capetown'))).toBe(30);
    expect(reach.costTo(b.index('4003'))).toBe(0);
    expect(reach.costTo(b.index('3903'))).toBe(1);
    expect(reach.costTo(b.index('0501'))).toBe(34); // 30 + 4 from the west edge; 35 from 4003
    expect(reach.pathTo(b.index('0501'))[0]).toBe(b.index('Atlantic'));
    const atlantic = b.index('Atlantic');
    for (let n = 0; n < b.hexCount; n++) {
      const viaEdge = 30 + b.coords(n).col - 1;
      const viaListed = b.distance(b.index('4003'), n);
      const best = Math.min(viaEdge, viaListed);
      expect(reach.costTo(n)).toBe(best <= 40 ? best : Infinity);
    }
    expect(reach.previous(b.index('0101'))).toBe(atlantic);
    // 2WW 8.3.3: Axis fleets may enter and leave only the Atlantic box.
    const capetown = b.index('Capetown');
    const axis = movementRange(b, atlantic, 40, { ...fleet, mayEnter: (n) => n !== capetown });
    expect(axis.has(capetown)).toBe(false);
    expect(axis.costTo(b.index('0101'))).toBe(30);
  });

  it('BKG areas: a land unit moves along land links only, a fleet along sea links only', () => {
    const b = buildBoard({
      nodes: [
        { id: 'GER', kind: 'land' }, { id: 'POL', kind: 'land' }, { id: 'RUS', kind: 'land' },
        { id: 'BAL', kind: 'sea' }, { id: 'NOR', kind: 'sea' },
      ],
      links: [
        { a: 'GER', b: 'POL', kind: 'land' }, { a: 'POL', b: 'RUS', kind: 'land' },
        { a: 'GER', b: ['BAL', 'NOR'], kind: 'coast' }, { a: 'BAL', b: 'NOR', kind: 'sea' },
      ],
    });
    const land = movementRange(b, b.index('GER'), 1, { enterCost: (_f, _t, e) => (b.edgeKind(e) === 'land' ? 1 : Infinity) });
    expect(land.nodes().map((n) => b.id(n))).toEqual(['GER', 'POL']);
    const path = findPath(b, b.index('GER'), b.index('RUS'), { enterCost: (_f, _t, e) => (b.edgeKind(e) === 'land' ? 1 : Infinity) });
    expect(path!.nodes.map((n) => b.id(n))).toEqual(['GER', 'POL', 'RUS']);
    const sea = movementRange(b, b.index('BAL'), 5, { enterCost: (_f, _t, e) => (b.edgeKind(e) === 'sea' ? 1 : Infinity) });
    expect(sea.nodes().map((n) => b.id(n))).toEqual(['BAL', 'NOR']);
  });

  it('searches share a scratch; a result read after the scratch is reused is refused', () => {
    const b = grid();
    const scratch = new SearchScratch(b.nodeCount);
    const first = movementRange(b, b.index('0101'), 2, { enterCost: () => 1 }, scratch);
    const c1 = first.count;
    const second = movementRange(b, b.index('0505'), 1, { enterCost: () => 1 }, scratch);
    expect(second.count).toBe(7);
    expect(() => first.count).toThrow(/after its SearchScratch ran another search/);
    expect(c1).toBe(b.hexesWithin(b.index('0101'), 2).length);
    expect(() => movementRange(b, 0, 1, { enterCost: () => 1 }, new SearchScratch(5))).toThrow(/too small/);
    expect(() => movementRange(b, 0, 3, { enterCost: () => -1 })).toThrow(/movement costs must be >= 0/);
  });
});
