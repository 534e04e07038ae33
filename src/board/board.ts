// One graph over hex sheets, off-map boxes and areas. Nodes and edges are small integers; string ids only at the edge.
import {
  type ColumnOffset,
  type HexDirection,
  DIRECTION_DCOL,
  DIRECTION_DY2,
  HEX_DIRECTIONS,
  SQRT3,
  cornersAround,
  doubledDistance,
  doubledY,
} from './hex-geometry.ts';
import { type HexIdFormat, formatHexId, parseHexId } from './hex-ids.ts';
import { ScratchPool } from './search.ts';

/** A map edge of one sheet, in compass terms of the assembled board. */
export type MapEdge = 'west' | 'east' | 'north' | 'south';

/** How a sheet lies against an earlier one: one hex of this sheet placed on a position of the earlier numbering. */
export interface SheetJoin {
  /** An id in this sheet's numbering (need not exist on the sheet), e.g. "E0101". */
  anchor: string;
  /** Where the anchor hex lies, in an earlier sheet's numbering: an id on that sheet (overlapping sheets: the
   * shared hexes get both ids) or beyond its edge (abutting sheets), e.g. "W6101". */
  onto: string;
  /** -1 when this sheet's column numbers run the other way from the earlier sheet's (default 1). */
  colSign?: 1 | -1;
  /** -1 when this sheet's row numbers run the other way from the earlier sheet's (default 1). */
  rowSign?: 1 | -1;
}

/** One printed map sheet: a block of columns and rows, ids written per `prefix` and digit counts. */
export interface SheetSpec extends HexIdFormat {
  /** First and last column numbers (inclusive). */
  cols: [number, number];
  /** First and last row numbers (inclusive). */
  rows: [number, number];
  /** Which columns sit half a hex lower. */
  offset: ColumnOffset;
  /** Ids inside the block that are not on the sheet (half hexes, cut corners). */
  omit?: string[];
  /** Placement against an earlier sheet; required for every sheet but the first. */
  join?: SheetJoin;
}

/** A node that is not a hex: an off-map box, an area, a sea zone. */
export interface NodeSpec {
  id: string;
  /** Rule-set kind, e.g. "box", "land-area", "sea-zone" (default "box"). */
  kind?: string;
  /** Display name (default: the id). */
  name?: string;
  /** Drawing position in board units, used by centre() (default: none). */
  at?: [number, number];
}

/** The far end(s) of a link: one node id, a list of ids, or every hex on one edge of a sheet. */
export type LinkTarget = string | readonly string[] | { edgeOf: string; side: MapEdge };

/** Costed links from node `a` to each target (box to west-edge hexes, area to area, box to box). */
export interface LinkSpec {
  a: string;
  b: LinkTarget;
  /** Rule-set kind of the link, e.g. "box-edge", "land", "sea" (default "link"). */
  kind?: string;
  /** Base cost the rule set may read back through edgeCost (default 0). */
  cost?: number;
}

/** Everything a board is built from; plain data (JSON-able). */
export interface BoardSpec {
  sheets?: SheetSpec[];
  nodes?: NodeSpec[];
  links?: LinkSpec[];
}

/** The kind of every hex node. */
export const HEX_KIND = 'hex';
/** The kind of every edge between two adjacent hexes. */
export const HEXSIDE_KIND = 'hexside';

interface Placement {
  spec: SheetSpec;
  prefix: string;
  colSign: number;
  colShift: number;
  rowSign: number;
  y2Shift: number;
}

/**
 * Read-only graph every algorithm works on: nodes 0..nodeCount-1, undirected edges 0..edgeCount-1, adjacency in
 * compressed form (the neighbours of n are adjNode[adjStart[n] .. adjStart[n+1]-1], along edges adjEdge[...]).
 */
export interface BoardGraph {
  readonly nodeCount: number;
  readonly edgeCount: number;
  readonly adjStart: Int32Array;
  readonly adjNode: Int32Array;
  readonly adjEdge: Int32Array;
  /** Edge between a and b, or -1. */
  edgeBetween(a: number, b: number): number;
}

/** A hex grid (one or more sheets) plus boxes and areas, built by buildBoard. Hexes are nodes 0..hexCount-1. */
export class Board implements BoardGraph {
  readonly nodeCount: number;
  readonly hexCount: number;
  readonly edgeCount: number;
  readonly adjStart: Int32Array;
  readonly adjNode: Int32Array;
  readonly adjEdge: Int32Array;
  /** Lower-numbered end of each edge. */
  readonly edgeA: Int32Array;
  /** Higher-numbered end of each edge. */
  readonly edgeB: Int32Array;
  /** Base cost of each edge from its LinkSpec (0 for hexsides). */
  readonly edgeCost: Float64Array;
  /** Buffers for the searches run on this board one after another (ScratchPool). */
  readonly scratches = new ScratchPool();

  private readonly ids: string[];
  private readonly names: string[];
  private readonly lookup: Map<string, number>;
  private readonly nodeKindOf: Uint8Array;
  private readonly nodeKinds: string[];
  private readonly edgeKindOf: Uint8Array;
  private readonly edgeKinds: string[];
  private readonly positions: ([number, number] | undefined)[];
  private readonly sheets: Placement[];
  private readonly hexSheet: Uint8Array;
  private readonly hexCol: Int32Array;
  private readonly hexRow: Int32Array;
  private readonly gCol: Int32Array;
  private readonly gY2: Int32Array;
  private readonly sideOf: Int32Array;
  private readonly cellMinCol: number;
  private readonly cellMinY2: number;
  private readonly cellCols: number;
  private readonly cellRows: number;
  private readonly cells: Int32Array;

  constructor(spec: BoardSpec) {
    const sheetSpecs = spec.sheets ?? [];
    if (sheetSpecs.length > 255) throw new Error(`board: ${sheetSpecs.length} sheets given; at most 255 are supported`);
    this.sheets = [];
    this.ids = [];
    this.lookup = new Map();
    const hexSheet: number[] = [];
    const hexCol: number[] = [];
    const hexRow: number[] = [];
    const gCol: number[] = [];
    const gY2: number[] = [];
    const cellOf = new Map<number, number>();

    for (const [si, s] of sheetSpecs.entries()) {
      const placement = this.place(s, si);
      this.sheets.push(placement);
      const omit = new Set<string>();
      for (const id of s.omit ?? []) {
        if (!parseHexId(s, id)) throw new Error(`board: sheet "${s.prefix}" omits "${id}", which is not an id of that sheet`);
        omit.add(id);
      }
      if (s.cols[0] > s.cols[1] || s.rows[0] > s.rows[1]) {
        throw new Error(`board: sheet "${s.prefix}" has cols ${s.cols} rows ${s.rows}; each must be [first, last] with first <= last`);
      }
      for (let c = s.cols[0]; c <= s.cols[1]; c++) {
        for (let r = s.rows[0]; r <= s.rows[1]; r++) {
          const id = formatHexId(s, c, r);
          if (omit.has(id)) continue;
          if (this.lookup.has(id)) throw new Error(`board: hex id "${id}" is produced by two sheets; give each sheet its own prefix`);
          const gc = placement.colSign * c + placement.colShift;
          const gy = placement.rowSign * doubledY(c, r, s.offset) + placement.y2Shift;
          const cell = (gc + 0x8000) * 0x10000 + (gy + 0x8000);
          const existing = cellOf.get(cell);
          if (existing !== undefined) {
            this.lookup.set(id, existing); // overlapping sheets: the same hex under a second id
            continue;
          }
          const n = this.ids.length;
          cellOf.set(cell, n);
          this.ids.push(id);
          this.lookup.set(id, n);
          hexSheet.push(si);
          hexCol.push(c);
          hexRow.push(r);
          gCol.push(gc);
          gY2.push(gy);
        }
      }
    }
    this.hexCount = this.ids.length;
    this.hexSheet = Uint8Array.from(hexSheet);
    this.hexCol = Int32Array.from(hexCol);
    this.hexRow = Int32Array.from(hexRow);
    this.gCol = Int32Array.from(gCol);
    this.gY2 = Int32Array.from(gY2);

    // Dense cell table for lattice lookups (neighbours, radius queries).
    let minC = 0, maxC = -1, minY = 0, maxY = -1;
    if (this.hexCount > 0) {
      minC = maxC = gCol[0];
      minY = maxY = gY2[0];
      for (let n = 1; n < this.hexCount; n++) {
        minC = Math.min(minC, gCol[n]); maxC = Math.max(maxC, gCol[n]);
        minY = Math.min(minY, gY2[n]); maxY = Math.max(maxY, gY2[n]);
      }
    }
    this.cellMinCol = minC;
    this.cellMinY2 = minY;
    this.cellCols = maxC - minC + 1;
    this.cellRows = maxY - minY + 1;
    this.cells = new Int32Array(Math.max(0, this.cellCols * this.cellRows)).fill(-1);
    for (let n = 0; n < this.hexCount; n++) this.cells[(gCol[n] - minC) * this.cellRows + (gY2[n] - minY)] = n;

    // Non-hex nodes.
    this.nodeKinds = [HEX_KIND];
    this.names = this.ids.slice();
    this.positions = new Array(this.hexCount).fill(undefined);
    const kindOf: number[] = new Array(this.hexCount).fill(0);
    for (const node of spec.nodes ?? []) {
      if (this.lookup.has(node.id)) throw new Error(`board: node id "${node.id}" is used twice (or is also a hex id); node ids must be unique`);
      const n = this.ids.length;
      this.ids.push(node.id);
      this.names.push(node.name ?? node.id);
      this.positions.push(node.at);
      this.lookup.set(node.id, n);
      kindOf.push(this.kindIndex(this.nodeKinds, node.kind ?? 'box', 'node'));
    }
    this.nodeCount = this.ids.length;
    this.nodeKindOf = Uint8Array.from(kindOf);

    // Edges: hexsides first (each pair once, from its N/NW-most end), then links in spec order.
    const ea: number[] = [];
    const eb: number[] = [];
    const ecost: number[] = [];
    const ekind: number[] = [];
    this.edgeKinds = [HEXSIDE_KIND];
    this.sideOf = new Int32Array(this.hexCount * 6).fill(-1);
    for (let n = 0; n < this.hexCount; n++) {
      for (let d = 1; d <= 3; d++) {
        const m = this.cellAt(gCol[n] + DIRECTION_DCOL[d], gY2[n] + DIRECTION_DY2[d]);
        if (m < 0) continue;
        const e = ea.length;
        ea.push(Math.min(n, m)); eb.push(Math.max(n, m)); ecost.push(0); ekind.push(0);
        this.sideOf[n * 6 + d] = e;
        this.sideOf[m * 6 + ((d + 3) % 6)] = e;
      }
    }
    const pairs = new Set<number>();
    for (let e = 0; e < ea.length; e++) pairs.add(ea[e] * this.nodeCount + eb[e]);
    const linkEdges: number[][] = Array.from({ length: this.nodeCount }, () => []);
    for (const link of spec.links ?? []) {
      const a = this.index(link.a);
      const kind = this.kindIndex(this.edgeKinds, link.kind ?? 'link', 'edge');
      const cost = link.cost ?? 0;
      if (!(cost >= 0)) throw new Error(`board: link from "${link.a}" has cost ${cost}; link costs must be numbers >= 0`);
      for (const b of this.linkTargets(link.b)) {
        if (a === b) throw new Error(`board: link from "${link.a}" to itself; a link joins two different nodes`);
        const key = Math.min(a, b) * this.nodeCount + Math.max(a, b);
        if (pairs.has(key)) {
          throw new Error(`board: "${this.ids[a]}" and "${this.ids[b]}" are joined twice (two links, or a link between adjacent hexes); keep one edge per pair`);
        }
        pairs.add(key);
        const e = ea.length;
        ea.push(Math.min(a, b)); eb.push(Math.max(a, b)); ecost.push(cost); ekind.push(kind);
        linkEdges[a].push(e);
        linkEdges[b].push(e);
      }
    }
    this.edgeCount = ea.length;
    this.edgeA = Int32Array.from(ea);
    this.edgeB = Int32Array.from(eb);
    this.edgeCost = Float64Array.from(ecost);
    this.edgeKindOf = Uint8Array.from(ekind);

    // Compressed adjacency: a hex lists its sides in direction order (N, NE, SE, S, SW, NW), then its links.
    this.adjStart = new Int32Array(this.nodeCount + 1);
    for (let n = 0; n < this.nodeCount; n++) {
      let deg = linkEdges[n].length;
      if (n < this.hexCount) for (let d = 0; d < 6; d++) if (this.sideOf[n * 6 + d] >= 0) deg++;
      this.adjStart[n + 1] = this.adjStart[n] + deg;
    }
    this.adjNode = new Int32Array(this.adjStart[this.nodeCount]);
    this.adjEdge = new Int32Array(this.adjStart[this.nodeCount]);
    for (let n = 0; n < this.nodeCount; n++) {
      let k = this.adjStart[n];
      const put = (e: number): void => {
        this.adjEdge[k] = e;
        this.adjNode[k] = this.edgeA[e] === n ? this.edgeB[e] : this.edgeA[e];
        k++;
      };
      if (n < this.hexCount) for (let d = 0; d < 6; d++) if (this.sideOf[n * 6 + d] >= 0) put(this.sideOf[n * 6 + d]);
      for (const e of linkEdges[n]) put(e);
    }
  }

  // ---- ids and kinds ----

  /** Node of an id (hex id, alias on an overlapping sheet, box or area id); throws when unknown. */
  index(id: string): number {
    const n = this.lookup.get(id);
    if (n === undefined) throw new Error(`board: no hex, box or area has the id "${id}"; hex ids are prefix+CCRR like "2214" or "W3533"`);
    return n;
  }

  /** Node of an id, or -1. */
  find(id: string): number {
    return this.lookup.get(id) ?? -1;
  }

  /** Canonical id of a node (a hex shared by two sheets answers with the first sheet's id). */
  id(node: number): string {
    return this.ids[node];
  }

  /** Display name of a node (its id for hexes). */
  name(node: number): string {
    return this.names[node];
  }

  /** Kind of a node: "hex" or the kind given in its NodeSpec. */
  nodeKind(node: number): string {
    return this.nodeKinds[this.nodeKindOf[node]];
  }

  /** Kind of an edge: "hexside" or the kind given in its LinkSpec. */
  edgeKind(edge: number): string {
    return this.edgeKinds[this.edgeKindOf[edge]];
  }

  /** True for hex nodes. */
  isHex(node: number): boolean {
    return node >= 0 && node < this.hexCount;
  }

  /** All nodes of one kind, in node order. */
  nodesOfKind(kind: string): number[] {
    const k = this.nodeKinds.indexOf(kind);
    const out: number[] = [];
    for (let n = 0; n < this.nodeCount; n++) if (this.nodeKindOf[n] === k) out.push(n);
    return out;
  }

  // ---- adjacency ----

  /** Neighbours of a node (allocates; algorithms read adjStart/adjNode directly). */
  neighbours(node: number): number[] {
    return Array.from(this.adjNode.subarray(this.adjStart[node], this.adjStart[node + 1]));
  }

  /** Edge between a and b, or -1. */
  edgeBetween(a: number, b: number): number {
    for (let k = this.adjStart[a], end = this.adjStart[a + 1]; k < end; k++) if (this.adjNode[k] === b) return this.adjEdge[k];
    return -1;
  }

  /** Canonical integer key of the hexside (or link) between two adjacent nodes, same for (a,b) and (b,a); throws if not adjacent. */
  hexsideKey(a: number | string, b: number | string): number {
    const na = typeof a === 'string' ? this.index(a) : a;
    const nb = typeof b === 'string' ? this.index(b) : b;
    const e = this.edgeBetween(na, nb);
    if (e < 0) throw new Error(`board: "${this.ids[na]}" and "${this.ids[nb]}" are not adjacent, so they share no hexside; name two neighbouring hexes`);
    return e;
  }

  /** Edge on side `dir` of a hex, or -1 at the map edge. */
  hexside(node: number, dir: HexDirection): number {
    if (!this.isHex(node)) throw new Error(`board: "${this.ids[node]}" is not a hex and has no hexsides`);
    return this.sideOf[node * 6 + HEX_DIRECTIONS.indexOf(dir)];
  }

  /** The two nodes of an edge, lower node first. */
  edgeEnds(edge: number): [number, number] {
    return [this.edgeA[edge], this.edgeB[edge]];
  }

  /** The end of `edge` that is not `node`. */
  otherEnd(edge: number, node: number): number {
    return this.edgeA[edge] === node ? this.edgeB[edge] : this.edgeA[edge];
  }

  /** Readable canonical name of an edge: "2214|2215" (lower node first). */
  edgeName(edge: number): string {
    return `${this.ids[this.edgeA[edge]]}|${this.ids[this.edgeB[edge]]}`;
  }

  // ---- hex coordinates and geometry ----

  /** Sheet prefix, column and row of a hex in its first sheet's numbering. */
  coords(node: number): { sheet: string; col: number; row: number } {
    if (!this.isHex(node)) throw new Error(`board: "${this.ids[node]}" is not a hex and has no column/row`);
    return { sheet: this.sheets[this.hexSheet[node]].prefix, col: this.hexCol[node], row: this.hexRow[node] };
  }

  /** Hex at (col,row) of the sheet with prefix `sheet` (default ""), or -1 (outside the sheet, or omitted). */
  hexAt(col: number, row: number, sheet = ''): number {
    const p = this.sheets.find((s) => s.prefix === sheet);
    if (!p || col < p.spec.cols[0] || col > p.spec.cols[1] || row < p.spec.rows[0] || row > p.spec.rows[1]) return -1;
    const c = p.colSign * col + p.colShift;
    return this.cellAt(c, p.rowSign * doubledY(col, row, p.spec.offset) + p.y2Shift);
  }

  /** Hex distance between two hexes of the assembled board (across sheet joins); throws for boxes and areas. */
  distance(a: number, b: number): number {
    if (!this.isHex(a) || !this.isHex(b)) {
      throw new Error(`board: distance needs two hexes, got "${this.ids[a]}" and "${this.ids[b]}"; use movementRange or withinRange for boxes and areas`);
    }
    return doubledDistance(this.gCol[a], this.gY2[a], this.gCol[b], this.gY2[b]);
  }

  /** Centre of a node in board units (unit hex size, x east, y south); a box or area answers its `at`, else throws. */
  centre(node: number): [number, number] {
    if (this.isHex(node)) return [1.5 * this.gCol[node], SQRT3 * (this.gY2[node] / 2)];
    const at = this.positions[node];
    if (!at) throw new Error(`board: node "${this.ids[node]}" has no position; give it "at" in its NodeSpec`);
    return [at[0], at[1]];
  }

  /** The six corners of a hex in board units: east corner first, then clockwise on screen. */
  corners(node: number): [number, number][] {
    if (!this.isHex(node)) throw new Error(`board: "${this.ids[node]}" is not a hex and has no corners`);
    const [x, y] = this.centre(node);
    return cornersAround(x, y);
  }

  /** Every hex at distance <= radius from `center`, ignoring terrain (e.g. an air unit's plain range). */
  hexesWithin(center: number, radius: number): number[] {
    const out: number[] = [];
    if (!this.isHex(center)) throw new Error(`board: hexesWithin needs a hex centre, got "${this.ids[center]}"`);
    const c0 = this.gCol[center];
    const y0 = this.gY2[center];
    for (let dc = -radius; dc <= radius; dc++) {
      const span = 2 * radius - Math.abs(dc);
      for (let y = y0 - span; y <= y0 + span; y += 2) {
        const n = this.cellAt(c0 + dc, y);
        if (n >= 0) out.push(n);
      }
    }
    return out;
  }

  /** Hexes at exactly distance `radius` from `center`, clockwise from the south-west corner of the ring. */
  ring(center: number, radius: number): number[] {
    if (!this.isHex(center)) throw new Error(`board: ring needs a hex centre, got "${this.ids[center]}"`);
    if (radius === 0) return [center];
    const out: number[] = [];
    let c = this.gCol[center] + DIRECTION_DCOL[4] * radius;
    let y = this.gY2[center] + DIRECTION_DY2[4] * radius;
    for (let d = 0; d < 6; d++) {
      for (let j = 0; j < radius; j++) {
        const n = this.cellAt(c, y);
        if (n >= 0) out.push(n);
        c += DIRECTION_DCOL[d];
        y += DIRECTION_DY2[d];
      }
    }
    return out;
  }

  /** Hexes of one sheet along one edge of the assembled board (west: its westernmost column; north: the top hex of each column). */
  edgeHexes(sheet: string, side: MapEdge): number[] {
    const si = this.sheets.findIndex((s) => s.prefix === sheet);
    if (si < 0) throw new Error(`board: no sheet has the prefix "${sheet}"`);
    const own: number[] = [];
    for (let n = 0; n < this.hexCount; n++) if (this.hexSheet[n] === si) own.push(n);
    if (side === 'west' || side === 'east') {
      const pick = side === 'west' ? Math.min : Math.max;
      const col = own.reduce((c, n) => pick(c, this.gCol[n]), this.gCol[own[0]]);
      return own.filter((n) => this.gCol[n] === col);
    }
    const best = new Map<number, number>();
    for (const n of own) {
      const b = best.get(this.gCol[n]);
      if (b === undefined || (side === 'north' ? this.gY2[n] < this.gY2[b] : this.gY2[n] > this.gY2[b])) best.set(this.gCol[n], n);
    }
    return [...best.values()].sort((x, y) => x - y);
  }

  // ---- construction helpers ----

  private cellAt(col: number, y2: number): number {
    const c = col - this.cellMinCol;
    const y = y2 - this.cellMinY2;
    if (c < 0 || y < 0 || c >= this.cellCols || y >= this.cellRows) return -1;
    return this.cells[c * this.cellRows + y];
  }

  private place(s: SheetSpec, si: number): Placement {
    const prefix = s.prefix;
    if (si === 0) {
      if (s.join) throw new Error(`board: the first sheet ("${prefix}") cannot have a join; joins place later sheets against earlier ones`);
      return { spec: s, prefix, colSign: 1, colShift: 0, rowSign: 1, y2Shift: 0 };
    }
    if (!s.join) throw new Error(`board: sheet "${prefix}" needs a join (anchor/onto) placing it against an earlier sheet`);
    const anchor = parseHexId(s, s.join.anchor);
    if (!anchor) throw new Error(`board: join anchor "${s.join.anchor}" is not an id of sheet "${prefix}"`);
    let target: [number, number] | null = null;
    for (const p of this.sheets) {
      const rc = parseHexId(p.spec, s.join.onto);
      if (rc) {
        target = [p.colSign * rc[0] + p.colShift, p.rowSign * doubledY(rc[0], rc[1], p.spec.offset) + p.y2Shift];
        break;
      }
    }
    if (!target) throw new Error(`board: join of sheet "${prefix}" is onto "${s.join.onto}", which is not an id of an earlier sheet`);
    const colSign = s.join.colSign ?? 1;
    const rowSign = s.join.rowSign ?? 1;
    return {
      spec: s,
      prefix,
      colSign,
      colShift: target[0] - colSign * anchor[0],
      rowSign,
      y2Shift: target[1] - rowSign * doubledY(anchor[0], anchor[1], s.offset),
    };
  }

  private kindIndex(table: string[], kind: string, what: string): number {
    let k = table.indexOf(kind);
    if (k < 0) {
      if (table.length >= 255) throw new Error(`board: more than 255 ${what} kinds; "${kind}" is one too many`);
      k = table.length;
      table.push(kind);
    }
    return k;
  }

  private linkTargets(t: LinkTarget): number[] {
    if (typeof t === 'string') return [this.index(t)];
    if ('edgeOf' in t) return this.edgeHexes(t.edgeOf, t.side);
    return t.map((id) => this.index(id));
  }
}

/** Builds a board from plain data; throws a descriptive error on bad ids, joins or duplicate links. */
export function buildBoard(spec: BoardSpec): Board {
  return new Board(spec);
}
