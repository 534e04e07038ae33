import { describe, expect, it } from 'vitest';
import { type Board, buildBoard } from './board.ts';
import { FlagMap } from './flags.ts';
import { markWithinRange, type RangeRules, withinRange } from './range.ts';
import { MinHeap } from './search.ts';

// Sea everywhere except an all-land column 5 (a land bridge); one all-land hexside between 0303 and 0304 (an isthmus).
function seaMap(): { b: Board; hexes: FlagMap<'allLand'>; sides: FlagMap<'allLand'>; fleetZoc: RangeRules } {
  const b = buildBoard({ sheets: [{ prefix: '', cols: [1, 10], rows: [1, 10], offset: 'odd-down' }] });
  const hexes = new FlagMap(b.nodeCount, ['allLand'] as const);
  for (let r = 1; r <= 10; r++) hexes.set(b.hexAt(5, r), 'allLand');
  const sides = new FlagMap(b.edgeCount, ['allLand'] as const);
  sides.set(b.hexsideKey('0303', '0304'), 'allLand');
  const fleetZoc: RangeRules = {
    mayEnter: (n) => !hexes.has(n, 'allLand'),
    mayCross: (_f, _t, e) => !sides.has(e, 'allLand'),
  };
  return { b, hexes, sides, fleetZoc };
}

describe('radius bounded by passability', () => {
  it('2WW 5.1.2 a fleet ZOC reaches 3 hexes but never into all-land hexes nor across them', () => {
    const { b, fleetZoc } = seaMap();
    const fleet = b.index('0405');
    expect(b.hexesWithin(fleet, 3)).toContain(b.index('0605')); // plain range crosses the land column
    const zoc = withinRange(b, fleet, 3, fleetZoc);
    for (let n = 0; n < b.hexCount; n++) {
      const { col } = b.coords(n);
      if (col >= 5) expect(zoc.has(n)).toBe(false);
    }
    expect(zoc.costTo(b.index('0205'))).toBe(2);
    expect(zoc.costTo(b.index('0402'))).toBe(3);
    expect(zoc.has(b.index('0401'))).toBe(false);
  });

  it('2WW 5.1.2 a fleet ZOC does not cross an all-land hexside between two sea hexes', () => {
    const { b, fleetZoc } = seaMap();
    const zoc = withinRange(b, b.index('0303'), 1, fleetZoc);
    expect(zoc.nodes().map((n) => b.id(n)).sort()).toEqual(['0203', '0204', '0302', '0303', '0403', '0404']);
    // Around the isthmus it takes two steps.
    expect(withinRange(b, b.index('0303'), 2, fleetZoc).costTo(b.index('0304'))).toBe(2);
  });

  it('2WW 5.1.3 an air ZOC ignores terrain: the plain radius equals the unobstructed search', () => {
    const { b } = seaMap();
    const c = b.index('0505');
    const plain = withinRange(b, c, 3);
    expect(plain.nodes().sort((x, y) => x - y)).toEqual(b.hexesWithin(c, 3).sort((x, y) => x - y));
  });

  it('2WW 5.1.2 mayPass: the radius includes a hex but does not spread beyond it', () => {
    const { b } = seaMap();
    const wall = b.index('0304');
    const r = withinRange(b, b.index('0303'), 2, { mayPass: (n) => n !== wall });
    expect(r.has(wall)).toBe(true);
    expect(r.costTo(b.index('0305'))).toBe(Infinity); // only reachable in 2 through 0304
  });

  it('2WW 5.1 ZOC masks of several units are ORed into one node mask', () => {
    const { b, fleetZoc } = seaMap();
    const mask = new Uint8Array(b.nodeCount);
    markWithinRange(b, b.index('0202'), 1, {}, mask, 1); // a land unit's ZOC
    markWithinRange(b, b.index('0405'), 3, fleetZoc, mask, 2); // a fleet's ZOC
    expect(mask[b.index('0203')]).toBe(1 | 2);
    expect(mask[b.index('0101')]).toBe(1);
    expect(mask[b.index('0605')]).toBe(0);
    expect(mask[b.index('0408')]).toBe(2);
  });

  it('multi-source radius: each node counts from its nearest start', () => {
    const { b } = seaMap();
    const r = withinRange(b, [b.index('0101'), b.index('1010')], 2);
    expect(r.costTo(b.index('0102'))).toBe(1);
    expect(r.costTo(b.index('1008'))).toBe(2);
    expect(r.has(b.index('0505'))).toBe(false);
    expect(r.starts).toEqual([b.index('0101'), b.index('1010')]);
  });
});

describe('binary heap', () => {
  it('pops keys in increasing order (equal keys: lowest item first), growing past its capacity', () => {
    const heap = new MinHeap(4);
    let x = 12345;
    const keys: number[] = [];
    for (let i = 0; i < 500; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      keys.push(x % 1000);
      heap.push(i, x % 1000);
    }
    const popped: number[] = [];
    while (heap.size > 0) {
      const k = heap.peekKey();
      const item = heap.pop();
      expect(keys[item]).toBe(k);
      popped.push(k);
    }
    expect(popped).toEqual(keys.slice().sort((a, b) => a - b));
    expect(heap.pop()).toBe(-1);
    for (const item of [9, 3, 7, 1]) heap.push(item, 5);
    expect([heap.pop(), heap.pop(), heap.pop(), heap.pop()]).toEqual([1, 3, 7, 9]);
  });
});

describe("a board's search buffers (ScratchPool)", () => {
  it('hands out one scratch per size and slot, so that searches one after another allocate none', () => {
    const { b } = seaMap();
    const s0 = b.scratches.get(b.nodeCount);
    expect(b.scratches.get(b.nodeCount)).toBe(s0);
    expect(b.scratches.get(b.nodeCount, 1)).not.toBe(s0);
    expect(b.scratches.get(b.nodeCount * 2)).not.toBe(s0);
    expect(() => b.scratches.get(b.nodeCount, 16)).toThrow(/slot 16; use an integer from 0 to 15/);
  });

  it('a result read after the next search on its slot throws; one on another slot stays readable', () => {
    const { b, fleetZoc } = seaMap();
    const first = withinRange(b, b.index('0303'), 1, fleetZoc, b.scratches.get(b.nodeCount));
    const other = withinRange(b, b.index('0808'), 1, fleetZoc, b.scratches.get(b.nodeCount, 1));
    withinRange(b, b.index('0101'), 1, fleetZoc, b.scratches.get(b.nodeCount));
    expect(() => first.has(b.index('0303'))).toThrow(/read after its SearchScratch ran another search/);
    expect(other.has(b.index('0808'))).toBe(true);
  });

  it('a search begun inside another on the same slot (from its rules) gets its own scratch: both answers are right', () => {
    const { b, fleetZoc } = seaMap();
    const alone = withinRange(b, b.index('0303'), 3, fleetZoc).nodes().sort((x, y) => x - y);
    const nested: number[][] = [];
    const outer = withinRange(b, b.index('0303'), 3, {
      ...fleetZoc,
      mayEnter: (n) => {
        if (nested.length === 0) nested.push(withinRange(b, b.index('0808'), 1, {}, b.scratches.get(b.nodeCount)).nodes());
        return fleetZoc.mayEnter!(n);
      },
    }, b.scratches.get(b.nodeCount));
    expect(outer.nodes().sort((x, y) => x - y)).toEqual(alone);
    expect(nested[0]!.map((n) => b.id(n)).sort()).toEqual(withinRange(b, b.index('0808'), 1).nodes().map((n) => b.id(n)).sort());
    // the slot's scratch is free again once the outer search has ended
    expect(b.scratches.get(b.nodeCount).searching).toBe(false);
  });
});
