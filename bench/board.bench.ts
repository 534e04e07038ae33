// Board library benchmarks on an 80x50 (4,000-hex) grid with seeded random terrain. Run: npx tsx bench/board.bench.ts
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  type Board,
  FlagMap,
  type MoveRules,
  SearchScratch,
  type TraceRules,
  buildBoard,
  findPath,
  markWithinRange,
  movementRange,
  traceSupply,
} from '../src/board/index.ts';

/** Small seeded PRNG (mulberry32) so every run measures the same map. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function median(run: () => void, iterations: number, warmup = Math.min(200, iterations)): number {
  for (let i = 0; i < warmup; i++) run();
  const times = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    run();
    times[i] = performance.now() - t0;
  }
  times.sort();
  return times[iterations >> 1];
}

const round = (ms: number): number => Math.round(ms * 1000) / 1000;

interface Scenario {
  board: Board;
  cost: Float64Array; // land MP to enter each hex; Infinity = sea
  sides: FlagMap<'river'>;
  zoc: Uint8Array; // ZOC of the 8 enemy units near the mover
  enemy: Uint8Array;
  zocAll: Uint8Array; // ZOC of all 128 enemy units, for supply
  enemyAll: Uint8Array;
  port: Uint8Array;
  start: number;
}

function scenario(): Scenario {
  const rnd = prng(19390901);
  const board = buildBoard({ sheets: [{ prefix: '', cols: [1, 80], rows: [1, 50], offset: 'odd-down' }] });
  const cost = new Float64Array(board.nodeCount);
  for (let n = 0; n < board.hexCount; n++) {
    const r = rnd();
    cost[n] = r < 0.7 ? 1 : r < 0.85 ? 2 : r < 0.95 ? 3 : Infinity;
  }
  const sides = new FlagMap(board.edgeCount, ['river'] as const);
  for (let e = 0; e < board.edgeCount; e++) if (rnd() < 0.08) sides.set(e, 'river');
  const start = board.index('4025');
  cost[start] = 1;
  // Eight enemy units 3-6 hexes from the mover, their land ZOC the adjacent hexes (2WW 5.1.1).
  const zoc = new Uint8Array(board.nodeCount);
  const enemy = new Uint8Array(board.nodeCount);
  const near = board.hexesWithin(start, 6).filter((n) => board.distance(start, n) >= 3 && cost[n] < Infinity);
  for (let i = 0; i < 8; i++) {
    const e = near[Math.floor(rnd() * near.length)];
    enemy[e] = 1;
    for (const m of board.neighbours(e)) zoc[m] = 1;
  }
  // 120 more enemy units elsewhere; their ZOC cuts supply lines.
  const zocAll = zoc.slice();
  const enemyAll = enemy.slice();
  for (let i = 0; i < 120; ) {
    const e = Math.floor(rnd() * board.hexCount);
    if (cost[e] === Infinity || enemyAll[e]) continue;
    enemyAll[e] = 1;
    for (const m of board.neighbours(e)) zocAll[m] = 1;
    i++;
  }
  // Ports: a fifth of the land hexes next to the sea.
  const port = new Uint8Array(board.nodeCount);
  for (let n = 0; n < board.hexCount; n++) {
    if (cost[n] === Infinity) continue;
    if (board.neighbours(n).some((m) => cost[m] === Infinity) && rnd() < 0.2) port[n] = 1;
  }
  return { board, cost, sides, zoc, enemy, zocAll, enemyAll, port, start };
}

/** Runs the board benchmarks, prints the medians and returns them (milliseconds unless named otherwise). */
export function runBoardBench(): Record<string, number> {
  const buildMs = median(() => buildBoard({ sheets: [{ prefix: '', cols: [1, 80], rows: [1, 50], offset: 'odd-down' }] }), 30, 5);
  const s = scenario();
  const { board, cost, sides, zoc, enemy, zocAll, enemyAll, port, start } = s;
  const river = sides.mask('river');

  const land: MoveRules = {
    enterCost: (_from, to, edge) => cost[to] + ((sides.bits[edge] & river) !== 0 ? 1 : 0),
    mustStop: (n) => zoc[n] === 1,
    mayLeave: (from, to) => !(zoc[from] === 1 && zoc[to] === 1),
    mayEnter: (n) => enemy[n] === 0,
  };
  const scratch = new SearchScratch(board.nodeCount);
  let reached = 0;
  const move10 = median(() => {
    reached = movementRange(board, start, 10, land, scratch).count;
  }, 2000);
  const move12 = median(() => movementRange(board, start, 12, land, scratch), 2000);
  const move8Alloc = median(() => movementRange(board, start, 8, land), 1000);

  const from = board.index('0101');
  const to = board.index('8050');
  cost[from] = 1;
  cost[to] = 1;
  let pathLength = 0;
  const path = median(() => {
    pathLength = findPath(board, from, to, { enterCost: land.enterCost }, Infinity, scratch)?.nodes.length ?? 0;
  }, 300);

  // Supply (2WW 11): land layer 0, sea layer 1, changing only at friendly ports; enemy ZOC may be left, not entered.
  const friendlyUnit = new Uint8Array(board.nodeCount);
  const rnd = prng(7);
  const units: number[] = [];
  while (units.length < 500) {
    const n = Math.floor(rnd() * board.hexCount);
    if (cost[n] < Infinity && enemyAll[n] === 0) {
      units.push(n);
      friendlyUnit[n] = 1;
    }
  }
  const sources = ['1010', '4025', '7040'].map((id) => board.index(id));
  for (const n of sources) cost[n] = 1;
  const supplyRules: TraceRules = {
    layers: 2,
    mayOccupy: (n, layer) => (layer === 0 ? cost[n] < Infinity : cost[n] === Infinity || port[n] === 1),
    mayTransfer: (n) => port[n] === 1,
    mayPass: (n, layer) => layer === 1 || zocAll[n] === 0 || friendlyUnit[n] === 1,
  };
  const supplyScratch = new SearchScratch(board.nodeCount * 2);
  const out = new Uint8Array(board.nodeCount);
  let supplied = 0;
  const supply = median(() => {
    const map = traceSupply(board, sources, supplyRules, { scratch: supplyScratch, out });
    supplied = 0;
    for (const u of units) if (map.isSupplied(u, 0)) supplied++;
  }, 500);

  // ZOC masks: 20 fleets' 3-hex ZOC kept off land (2WW 5.1.2) plus 100 land units' 1-hex ZOC.
  const fleets: number[] = [];
  while (fleets.length < 20) {
    const n = Math.floor(rnd() * board.hexCount);
    if (cost[n] === Infinity) fleets.push(n);
  }
  const mask = new Uint8Array(board.nodeCount);
  const fleetRules = { mayEnter: (n: number) => cost[n] === Infinity || port[n] === 1 };
  const zocMasks = median(() => {
    mask.fill(0);
    for (const f of fleets) markWithinRange(board, f, 3, fleetRules, mask, 2, scratch);
    for (let i = 0; i < 100; i++) markWithinRange(board, units[i], 1, {}, mask, 1, scratch);
  }, 500);

  const figures = {
    hexes: board.hexCount,
    edges: board.edgeCount,
    buildBoardMs: round(buildMs),
    moveRange10MpMs: round(move10),
    moveRange10MpReached: reached,
    moveRange12MpMs: round(move12),
    moveRange8MpAllocatingMs: round(move8Alloc),
    pathAcrossMapMs: round(path),
    pathAcrossMapHexes: pathLength,
    supply500UnitsMs: round(supply),
    supply500UnitsSupplied: supplied,
    zocMasks20Fleets100UnitsMs: round(zocMasks),
  };
  console.log('board bench (80x50 hexes, seeded terrain; medians in ms)');
  for (const [k, v] of Object.entries(figures)) console.log(`  ${k.padEnd(28)} ${v}`);
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runBoardBench();
