// A label raster (one area id per pixel, 0 = none) turned into area outlines that share their borders exactly,
// a label point per area and the length of every shared border. Used by the area-map builder (areas.ts).
import { ringArea, simplify } from './build-util.ts';

export interface LabelGrid {
  width: number;
  height: number;
  /** Row-major labels, 0 = no area. */
  data: Int32Array;
}

const at = (g: LabelGrid, i: number, j: number): number => (i < 0 || j < 0 || i >= g.width || j >= g.height ? 0 : g.data[j * g.width + i]);

/**
 * Pieces (4-connected) smaller than `minPiece` pixels join the label they border most among labels of their own
 * medium (`water[p]` 1 for water pixels; `waterLabel(l)` whether label l is a sea). The largest piece of each label
 * always stays, so a small island area is kept. Decided from the input labels in one pass (order-free).
 */
export function despeckle(g: LabelGrid, water: Uint8Array, waterLabel: (l: number) => boolean, minPiece: number): void {
  const { width: W, height: H, data } = g;
  const comp = new Int32Array(W * H).fill(-1);
  const comps: { label: number; pixels: number[]; waterN: number; nb: Map<number, number> }[] = [];
  const largest = new Map<number, number>();
  const stack: number[] = [];
  for (let start = 0; start < W * H; start++) {
    if (comp[start] >= 0) continue;
    const label = data[start];
    const c = { label, pixels: [] as number[], waterN: 0, nb: new Map<number, number>() };
    const id = comps.length;
    comps.push(c);
    comp[start] = id;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      c.pixels.push(p);
      c.waterN += water[p];
      const i = p % W;
      const j = (p - i) / W;
      for (const [ni, nj] of [[i - 1, j], [i + 1, j], [i, j - 1], [i, j + 1]]) {
        if (ni < 0 || nj < 0 || ni >= W || nj >= H) continue;
        const q = nj * W + ni;
        if (data[q] !== label) {
          c.nb.set(data[q], (c.nb.get(data[q]) ?? 0) + 1);
          continue;
        }
        if (comp[q] >= 0) continue;
        comp[q] = id;
        stack.push(q);
      }
    }
    const best = largest.get(label);
    if (label !== 0 && (best === undefined || comps[best].pixels.length < c.pixels.length)) largest.set(label, id);
  }
  const relabel: [number[], number][] = [];
  comps.forEach((c, id) => {
    if (c.pixels.length >= minPiece || (c.label !== 0 && largest.get(c.label) === id)) return;
    const isWater = c.waterN * 2 > c.pixels.length;
    let to = -1;
    let toN = 0;
    for (const [l, n] of [...c.nb.entries()].sort((a, b) => a[0] - b[0])) {
      if (l === 0 || waterLabel(l) !== isWater) continue;
      if (n > toN) {
        to = l;
        toN = n;
      }
    }
    if (to > 0) relabel.push([c.pixels, to]);
  });
  for (const [pixels, to] of relabel) for (const p of pixels) data[p] = to;
}

/** Number of pixels of each label. */
export function labelSizes(g: LabelGrid): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of g.data) if (l) out.set(l, (out.get(l) ?? 0) + 1);
  return out;
}

/** Shared border length (pixel edges) of every pair of touching labels, keyed "a,b" with a < b. */
export function sharedBorders(g: LabelGrid): Map<string, number> {
  const out = new Map<string, number>();
  const add = (a: number, b: number): void => {
    if (!a || !b || a === b) return;
    const k = a < b ? `${a},${b}` : `${b},${a}`;
    out.set(k, (out.get(k) ?? 0) + 1);
  };
  for (let j = 0; j < g.height; j++) {
    for (let i = 0; i < g.width; i++) {
      const l = g.data[j * g.width + i];
      if (i + 1 < g.width) add(l, g.data[j * g.width + i + 1]);
      if (j + 1 < g.height) add(l, g.data[(j + 1) * g.width + i]);
    }
  }
  return out;
}

/** The pixel of each label farthest from its borders (chamfer distance), as pixel-centre coordinates. */
export function labelPoints(g: LabelGrid): Map<number, [number, number]> {
  const { width: W, height: H, data } = g;
  const INF = 1 << 29;
  const d = new Int32Array(W * H);
  for (let j = 0; j < H; j++) {
    for (let i = 0; i < W; i++) {
      const l = data[j * W + i];
      const edge = at(g, i - 1, j) !== l || at(g, i + 1, j) !== l || at(g, i, j - 1) !== l || at(g, i, j + 1) !== l || i === 0 || j === 0 || i === W - 1 || j === H - 1;
      d[j * W + i] = edge ? 0 : INF;
    }
  }
  for (let j = 1; j < H; j++) {
    for (let i = 1; i < W - 1; i++) {
      const p = j * W + i;
      d[p] = Math.min(d[p], d[p - 1] + 3, d[p - W] + 3, d[p - W - 1] + 4, d[p - W + 1] + 4);
    }
  }
  for (let j = H - 2; j >= 0; j--) {
    for (let i = W - 2; i >= 1; i--) {
      const p = j * W + i;
      d[p] = Math.min(d[p], d[p + 1] + 3, d[p + W] + 3, d[p + W + 1] + 4, d[p + W - 1] + 4);
    }
  }
  const best = new Map<number, [number, number]>();
  for (let p = 0; p < W * H; p++) {
    const l = data[p];
    if (!l) continue;
    const b = best.get(l);
    if (!b || d[p] > b[1]) best.set(l, [p, d[p]]);
  }
  const out = new Map<number, [number, number]>();
  for (const [l, [p]] of best) out.set(l, [(p % W) + 0.5, Math.floor(p / W) + 0.5]);
  return out;
}

/**
 * Outlines of every label as rings of pixel-corner coordinates. Each border between two labels is simplified once
 * (Douglas-Peucker, `tolerance` pixels) and used by both, so neighbours share it exactly. Outer rings and holes
 * are all listed; draw an area's rings with the even-odd rule. Pixels touching only at a corner stay apart.
 */
export function traceOutlines(g: LabelGrid, tolerance: number): Map<number, [number, number][][]> {
  const { width: W, height: H } = g;
  const VW = W + 1;
  const NV = VW * (H + 1);
  // Boundary edges meeting at each pixel corner; 3 or more make a node, where chains between two labels end.
  const deg = new Uint8Array(NV);
  for (let j = 0; j < H; j++) {
    for (let i = 0; i <= W; i++) {
      if (at(g, i - 1, j) !== at(g, i, j)) {
        deg[j * VW + i]++;
        deg[(j + 1) * VW + i]++;
      }
    }
  }
  for (let j = 0; j <= H; j++) {
    for (let i = 0; i < W; i++) {
      if (at(g, i, j - 1) !== at(g, i, j)) {
        deg[j * VW + i]++;
        deg[j * VW + i + 1]++;
      }
    }
  }
  // Directed edges with their label on the right (clockwise on screen); dir 0 E, 1 S, 2 W, 3 N.
  const from: number[] = [];
  const to: number[] = [];
  const dir: number[] = [];
  const lab: number[] = [];
  const out = new Map<number, number[]>();
  const addEdge = (l: number, a: number, b: number, d: number): void => {
    const e = from.length;
    from.push(a);
    to.push(b);
    dir.push(d);
    lab.push(l);
    const k = l * NV + a;
    const list = out.get(k);
    if (list) list.push(e);
    else out.set(k, [e]);
  };
  for (let j = 0; j < H; j++) {
    for (let i = 0; i < W; i++) {
      const l = g.data[j * W + i];
      if (!l) continue;
      if (at(g, i, j - 1) !== l) addEdge(l, j * VW + i, j * VW + i + 1, 0);
      if (at(g, i + 1, j) !== l) addEdge(l, j * VW + i + 1, (j + 1) * VW + i + 1, 1);
      if (at(g, i, j + 1) !== l) addEdge(l, (j + 1) * VW + i + 1, (j + 1) * VW + i, 2);
      if (at(g, i - 1, j) !== l) addEdge(l, (j + 1) * VW + i, j * VW + i, 3);
    }
  }
  const used = new Uint8Array(from.length);
  const xy = (v: number): [number, number] => [v % VW, Math.floor(v / VW)];
  const id = ([x, y]: [number, number]): number => y * VW + x;

  /** Simplifies a chain in a direction that does not depend on which side traced it. */
  const chain = (seq: number[], closed: boolean): number[] => {
    let s = seq;
    let rev = false;
    if (closed) {
      // Start at the smallest corner, go towards its smaller neighbour.
      let k = 0;
      for (let n = 1; n < s.length; n++) if (s[n] < s[k]) k = n;
      s = [...s.slice(k), ...s.slice(0, k)];
      if (s.length > 2 && s[1] > s[s.length - 1]) {
        s = [s[0], ...s.slice(1).reverse()];
        rev = true;
      }
      const kept = simplify([...s, s[0]].map(xy), tolerance).slice(0, -1).map(id);
      return rev ? [kept[0], ...kept.slice(1).reverse()] : kept;
    }
    const a = s[0];
    const b = s[s.length - 1];
    if (a > b || (a === b && s.length > 2 && s[1] > s[s.length - 2])) {
      s = [...s].reverse();
      rev = true;
    }
    const kept = simplify(s.map(xy), tolerance).map(id);
    return rev ? kept.reverse() : kept;
  };

  const rings = new Map<number, [number, number][][]>();
  for (let start = 0; start < from.length; start++) {
    if (used[start]) continue;
    const l = lab[start];
    const ring: number[] = [];
    let e = start;
    do {
      if (used[e]) throw new Error(`area outline tracing: edge ${e} of label ${l} reached twice`);
      used[e] = 1;
      ring.push(from[e]);
      const cands = out.get(l * NV + to[e])!;
      const d = dir[e];
      e = [(d + 1) % 4, d, (d + 3) % 4].map((nd) => cands.find((c) => dir[c] === nd)).find((c) => c !== undefined)!;
    } while (e !== start);
    const nodes = ring.map((v, k) => (deg[v] >= 3 ? k : -1)).filter((k) => k >= 0);
    let simple: number[];
    if (!nodes.length) simple = chain(ring, true);
    else {
      const r = [...ring.slice(nodes[0]), ...ring.slice(0, nodes[0])];
      const cut = nodes.map((k) => k - nodes[0]);
      simple = [];
      for (let n = 0; n < cut.length; n++) {
        const seg = n + 1 < cut.length ? r.slice(cut[n], cut[n + 1] + 1) : [...r.slice(cut[n]), r[0]];
        simple.push(...chain(seg, false).slice(0, -1));
      }
    }
    const pts = simple.map(xy);
    if (pts.length < 3 || Math.abs(ringArea(pts)) < 0.5) continue;
    if (!rings.has(l)) rings.set(l, []);
    rings.get(l)!.push(pts);
  }
  return rings;
}
