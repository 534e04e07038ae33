// Reusable buffers for graph searches: a binary min-heap and per-node arrays reset by a generation stamp, not by clearing.

/** Binary min-heap of (item, key) in typed arrays; grows when full. Equal keys pop lowest item first. */
export class MinHeap {
  private items: Int32Array;
  private keys: Float64Array;
  /** Number of entries. */
  size = 0;

  constructor(capacity = 256) {
    this.items = new Int32Array(capacity);
    this.keys = new Float64Array(capacity);
  }

  /** Empties the heap (keeps its memory). */
  clear(): void {
    this.size = 0;
  }

  /** Adds `item` with priority `key`. */
  push(item: number, key: number): void {
    if (this.size === this.items.length) this.grow();
    const items = this.items;
    const keys = this.keys;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p] < key || (keys[p] === key && items[p] <= item)) break;
      items[i] = items[p];
      keys[i] = keys[p];
      i = p;
    }
    items[i] = item;
    keys[i] = key;
  }

  /** Key of the smallest entry (undefined behaviour when empty). */
  peekKey(): number {
    return this.keys[0];
  }

  /** Removes and returns the item with the smallest key; -1 when empty. */
  pop(): number {
    if (this.size === 0) return -1;
    const items = this.items;
    const keys = this.keys;
    const top = items[0];
    const n = --this.size;
    const item = items[n];
    const key = keys[n];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && (keys[c + 1] < keys[c] || (keys[c + 1] === keys[c] && items[c + 1] < items[c]))) c++;
      if (keys[c] > key || (keys[c] === key && items[c] >= item)) break;
      items[i] = items[c];
      keys[i] = keys[c];
      i = c;
    }
    items[i] = item;
    keys[i] = key;
    return top;
  }

  private grow(): void {
    const items = new Int32Array(this.items.length * 2);
    const keys = new Float64Array(this.keys.length * 2);
    items.set(this.items);
    keys.set(this.keys);
    this.items = items;
    this.keys = keys;
  }
}

/**
 * Buffers for searches over `size` states (nodes, or node*layers). One scratch serves any number of searches one after
 * another; a result read after its scratch began another search throws instead of answering wrongly.
 */
export class SearchScratch {
  readonly cost: Float64Array;
  readonly prev: Int32Array;
  readonly prevEdge: Int32Array;
  /** States settled by the current search, in order of cost. */
  readonly order: Int32Array;
  count = 0;
  /** seen[s] === gen: cost/prev of s belong to the current search; done[s] === gen: s is settled. */
  readonly seen: Uint32Array;
  readonly done: Uint32Array;
  gen = 0;
  /** Between begin() and end(): a search is running on it (a ScratchPool then hands out another). */
  searching = false;
  readonly heap = new MinHeap();

  constructor(readonly size: number) {
    this.cost = new Float64Array(size);
    this.prev = new Int32Array(size);
    this.prevEdge = new Int32Array(size);
    this.order = new Int32Array(size);
    this.seen = new Uint32Array(size);
    this.done = new Uint32Array(size);
  }

  /** Starts a new search: invalidates every earlier result on this scratch. */
  begin(): number {
    this.gen++;
    if (this.gen === 0xffffffff) {
      this.seen.fill(0);
      this.done.fill(0);
      this.gen = 1;
    }
    this.count = 0;
    this.heap.clear();
    this.searching = true;
    return this.gen;
  }

  /** The search begun last has ended: its result stays readable until the next begin(). */
  end(): void {
    this.searching = false;
  }

  /** Offers cost c for state s reached from p along edge e; true if it improved. */
  relax(s: number, c: number, p: number, e: number): boolean {
    if (this.seen[s] === this.gen && this.cost[s] <= c) return false;
    this.seen[s] = this.gen;
    this.cost[s] = c;
    this.prev[s] = p;
    this.prevEdge[s] = e;
    this.heap.push(s, c);
    return true;
  }
}

/**
 * Search buffers kept for the searches run one after another on one board (a rule set's movement questions), one per
 * size and slot, so that a search allocates none: a new scratch's typed arrays live outside the JS heap, and those
 * kept by many states' facts made V8 start most of a game server's full GCs (external memory). A result is read
 * before the next search on its slot begins (a Reach throws otherwise); a search begun while its slot's scratch is in
 * a search (from one of that search's rules) gets a new scratch. Nothing passes from one search to the next.
 */
export class ScratchPool {
  private readonly kept = new Map<number, SearchScratch>();

  /** The scratch of `slot` (0 to 15) for searches over `size` states. */
  get(size: number, slot = 0): SearchScratch {
    if (!(slot >= 0 && slot < 16 && Number.isInteger(slot))) throw new Error(`ScratchPool: slot ${slot}; use an integer from 0 to 15`);
    const key = size * 16 + slot;
    const s = this.kept.get(key);
    if (s?.searching) return new SearchScratch(size);
    if (s) return s;
    const made = new SearchScratch(size);
    this.kept.set(key, made);
    return made;
  }
}

/** Scratch sized for `size` states: the caller's if it fits, else a new one. */
export function scratchFor(size: number, scratch?: SearchScratch): SearchScratch {
  if (!scratch) return new SearchScratch(size);
  if (scratch.size < size) {
    throw new Error(`SearchScratch of ${scratch.size} states is too small for a search over ${size}; create it with new SearchScratch(${size})`);
  }
  return scratch;
}

/** Nodes reached by a search: cost to each and the cheapest path (predecessors). Valid until its scratch is reused. */
export class Reach {
  constructor(
    private readonly s: SearchScratch,
    private readonly gen: number,
    /** Start node(s) of the search. */
    readonly starts: readonly number[],
  ) {}

  /** Number of nodes reached (starts included). */
  get count(): number {
    this.check();
    return this.s.count;
  }

  /** The i-th node reached, in order of increasing cost (equal costs: lower node first). */
  node(i: number): number {
    this.check();
    return this.s.order[i];
  }

  /** All reached nodes in order of increasing cost (allocates). */
  nodes(): number[] {
    this.check();
    return Array.from(this.s.order.subarray(0, this.s.count));
  }

  /** True when `node` was reached. */
  has(node: number): boolean {
    this.check();
    return this.s.done[node] === this.gen;
  }

  /** Cheapest cost to `node`; Infinity when not reached. */
  costTo(node: number): number {
    this.check();
    return this.s.done[node] === this.gen ? this.s.cost[node] : Infinity;
  }

  /** Node before `node` on its cheapest path; -1 for a start or an unreached node. */
  previous(node: number): number {
    this.check();
    return this.s.done[node] === this.gen ? this.s.prev[node] : -1;
  }

  /** Edge by which `node` was entered on its cheapest path; -1 for a start or an unreached node. */
  previousEdge(node: number): number {
    this.check();
    return this.s.done[node] === this.gen ? this.s.prevEdge[node] : -1;
  }

  /** Cheapest path from a start to `node`, both included; [] when not reached. */
  pathTo(node: number): number[] {
    this.check();
    if (this.s.done[node] !== this.gen) return [];
    const path: number[] = [];
    for (let n = node; n >= 0; n = this.s.prev[n]) path.push(n);
    return path.reverse();
  }

  private check(): void {
    if (this.s.gen !== this.gen) {
      throw new Error('board: this search result was read after its SearchScratch ran another search; copy what you need first or use separate scratches');
    }
  }
}
