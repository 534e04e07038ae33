import { describe, expect, it } from 'vitest';
import { type Board, buildBoard } from './board.ts';
import { SearchScratch } from './search.ts';
import { traceSupply, traceSupplySets, type TraceRules, type TraceTables } from './supply.ts';

const LAND = 0;
const SEA = 1;

// Mainland columns 1-4 (4 coastal), sea 5-8, island 9-12 (9 coastal). Capital 0104.
function islands(friendlyPorts: string[], enemyZoc: string[] = [], friendlyUnits: string[] = []) {
  const b = buildBoard({ sheets: [{ prefix: '', cols: [1, 12], rows: [1, 8], offset: 'odd-down' }] });
  const kind = (n: number): 'land' | 'coast' | 'sea' => {
    const { col } = b.coords(n);
    return col === 4 || col === 9 ? 'coast' : col >= 5 && col <= 8 ? 'sea' : 'land';
  };
  const mark = (list: string[]): Uint8Array => {
    const m = new Uint8Array(b.nodeCount);
    for (const id of list) m[b.index(id)] = 1;
    return m;
  };
  const port = mark(friendlyPorts);
  const zoc = mark(enemyZoc);
  const friend = mark(friendlyUnits);
  const rules: TraceRules = {
    layers: 2,
    mayOccupy: (n, layer) => (layer === LAND ? kind(n) !== 'sea' : kind(n) !== 'land'),
    mayTransfer: (n) => port[n] === 1,
    mayPass: (n, layer) => !(layer === LAND && zoc[n] === 1 && friend[n] === 0),
  };
  return { b, rules, capital: b.index('0104') };
}

/** The fixture's rules as traceSupplySets's tables (occupancy becomes a rule of the step into a node). */
function tablesOf(b: Board, rules: TraceRules): TraceTables {
  const step = new Uint8Array(b.adjNode.length), pass = new Uint8Array(b.nodeCount * 2), transfer = new Uint8Array(b.nodeCount);
  for (let n = 0; n < b.nodeCount; n++) {
    for (let k = b.adjStart[n]; k < b.adjStart[n + 1]; k++) for (const layer of [LAND, SEA]) if (rules.mayOccupy!(b.adjNode[k], layer)) step[k] |= 1 << layer;
    for (const layer of [LAND, SEA]) pass[n * 2 + layer] = rules.mayPass!(n, layer) ? 1 : 0;
    transfer[n] = rules.mayTransfer!(n, LAND, SEA) ? 1 : 0;
  }
  return { layers: 2, step, pass, transfer };
}

const ids = (b: Board, list: string[]): number[] => list.map((id) => b.index(id));

describe('supply tracing', () => {
  it('2WW 11 without ports a line stays on the mainland: island units are out of supply', () => {
    const { b, rules, capital } = islands([]);
    const supply = traceSupply(b, [capital], rules);
    for (let n = 0; n < b.hexCount; n++) {
      const { col } = b.coords(n);
      expect(supply.isSupplied(n, LAND)).toBe(col <= 4);
      expect(supply.isSupplied(n, SEA)).toBe(false);
    }
  });

  it('2WW 11 a line crosses the sea between two friendly ports and supplies the island and the sea', () => {
    const { b, rules, capital } = islands(['0404', '0904']);
    const supply = traceSupply(b, [capital], rules);
    for (const n of ids(b, ['1205', '1001', '0908', '0305'])) expect(supply.isSupplied(n, LAND)).toBe(true);
    for (const n of ids(b, ['0605', '0801', '0404', '0908'])) expect(supply.isSupplied(n, SEA)).toBe(true);
    expect(supply.isSupplied(b.index('0605'), LAND)).toBe(false);
    expect(supply.isSuppliedAny(b.index('0605'))).toBe(true);
  });

  it('2WW 11 land/sea changes only at friendly ports: an enemy port or a bare coast does not land a line', () => {
    // 0904 is enemy-controlled (not in the friendly list); 0906 is coast without a port.
    const { b, rules, capital } = islands(['0404']);
    const supply = traceSupply(b, [capital], rules);
    expect(supply.isSupplied(b.index('0605'), SEA)).toBe(true);
    expect(supply.isSupplied(b.index('0904'), SEA)).toBe(true); // a fleet there is supplied
    for (const n of ids(b, ['0904', '0906', '1205'])) expect(supply.isSupplied(n, LAND)).toBe(false);
    // And the sea is unreachable if the mainland port is lost too.
    const none = traceSupply(b, [capital], islands([]).rules);
    expect(none.isSupplied(b.index('0605'), SEA)).toBe(false);
  });

  it('2WW 11 a line may leave but not enter an enemy ZOC hex that holds no friendly land unit', () => {
    const chain = buildBoard({ sheets: [{ prefix: '', cols: [1, 8], rows: [1, 1], offset: 'odd-down' }] });
    const at = (id: string): number => chain.index(id);
    const zoc = new Uint8Array(chain.nodeCount);
    zoc[at('0401')] = 1;
    const friend = new Uint8Array(chain.nodeCount);
    const rules: TraceRules = { mayPass: (n) => !(zoc[n] === 1 && friend[n] === 0) };
    const cut = traceSupply(chain, [at('0101')], rules);
    expect(cut.isSupplied(at('0301'))).toBe(true);
    expect(cut.isSupplied(at('0401'))).toBe(true); // a unit in the ZOC hex traces out of it
    expect(cut.isSupplied(at('0501'))).toBe(false); // its line would have to enter 0401
    expect(cut.isSupplied(at('0801'))).toBe(false);
    friend[at('0401')] = 1; // a friendly land unit in 0401 negates the ZOC for supply
    expect(traceSupply(chain, [at('0101')], rules).isSupplied(at('0801'))).toBe(true);
    friend[at('0401')] = 0;
    // 2WW 11 several sources: a second capital east of the ZOC supplies the far side.
    const two = traceSupply(chain, [at('0101'), at('0801')], rules);
    for (let n = 0; n < chain.hexCount; n++) expect(two.isSupplied(n)).toBe(true);
    // A source in enemy ZOC without a friendly unit supplies only its own hex.
    const boxed = traceSupply(chain, [at('0401')], rules);
    expect([0, 1, 2, 3, 4, 5, 6, 7].filter((n) => boxed.isSupplied(n))).toEqual([at('0401')]);
  });

  it('ETO 23 a line limited in length: units beyond the maximum are out of supply', () => {
    const chain = buildBoard({ sheets: [{ prefix: '', cols: [1, 8], rows: [1, 1], offset: 'odd-down' }] });
    const supply = traceSupply(chain, [chain.index('0101')], { maxLength: 3 });
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((c) => supply.isSupplied(chain.hexAt(c, 1)))).toEqual([
      true, true, true, true, false, false, false, false,
    ]);
    // Costed steps: the fourth hex costs 2, so only three hexes fit in 3.
    const costed = traceSupply(chain, [chain.index('0101')], { maxLength: 3, stepCost: (_f, t) => (t === chain.index('0401') ? 2 : 1) });
    expect(costed.isSupplied(chain.index('0301'))).toBe(true);
    expect(costed.isSupplied(chain.index('0401'))).toBe(false);
    // Infinity forbids a step.
    const walled = traceSupply(chain, [chain.index('0101')], { stepCost: (_f, t) => (t === chain.index('0501') ? Infinity : 1) });
    expect(walled.isSupplied(chain.index('0401'))).toBe(true);
    expect(walled.isSupplied(chain.index('0501'))).toBe(false);
  });

  it('2WW 11 supply status of many units is a lookup; buffers can be reused', () => {
    const { b, rules, capital } = islands(['0404', '0904'], ['0706']);
    const scratch = new SearchScratch(b.nodeCount * 2);
    const out = new Uint8Array(b.nodeCount);
    const a = traceSupply(b, [capital], rules, { scratch, out });
    expect(a.mask).toBe(out);
    const units = ids(b, ['0101', '0404', '1208', '0301']);
    expect(units.map((n) => a.isSupplied(n, LAND))).toEqual([true, true, true, true]);
    // Losing the island port cuts the island, reusing the same buffers.
    const c = traceSupply(b, [capital], islands(['0404']).rules, { scratch, out });
    expect(units.map((n) => c.isSupplied(n, LAND))).toEqual([true, true, false, true]);
    expect(() => traceSupply(b, [capital], { layers: 9 })).toThrow(/layers = 9/);
    expect(() => traceSupply(b, [capital], rules, { scratch: new SearchScratch(b.nodeCount) })).toThrow(/too small/);
  });

  it('2WW 11 several powers at once: each source set sets its own bit, as its own trace would', () => {
    const { b, rules, capital } = islands(['0404', '0904'], ['0302']);
    const island = b.index('1105');
    const sets = traceSupplySets(b, [[capital], [island]], tablesOf(b, rules));
    for (const [i, src] of [capital, island].entries()) {
      const one = traceSupply(b, [src], rules);
      for (let n = 0; n < b.nodeCount; n++) {
        for (const layer of [LAND, SEA]) expect(sets.reaches(n, layer, i)).toBe(one.isSupplied(n, layer));
      }
    }
    expect(sets.setsAt(b.index('0605'), SEA)).toBe(3);
  });

  it('2WW 11 a source spreads even where a line could not pass (a capital in enemy ZOC still supplies)', () => {
    const { b, rules, capital } = islands([], ['0104']);
    expect(traceSupply(b, [capital], rules).isSupplied(b.index('0204'), LAND)).toBe(false);
    expect(traceSupplySets(b, [[capital]], tablesOf(b, rules)).reaches(b.index('0204'), LAND, 0)).toBe(true);
  });

  it('2WW 11 several source sets, some where lines may not pass: each set reaches what its own trace reaches', () => {
    for (const [ports, zoc, friends] of [[['0404', '0904'], ['0302'], []], [['0404'], ['0706', '0203'], ['0203']]] as const) {
      const { b, rules } = islands([...ports], [...zoc], [...friends]);
      const sources = [[b.index('0104')], [b.index('1105')], [b.index('0404'), b.index('0101')]];
      const sets = traceSupplySets(b, sources, tablesOf(b, rules));
      for (const [i, src] of sources.entries()) {
        const one = traceSupply(b, src, rules);
        for (let n = 0; n < b.nodeCount; n++) for (const layer of [LAND, SEA]) expect(sets.reaches(n, layer, i)).toBe(one.isSupplied(n, layer));
      }
      expect(sets.mask.some((m) => (m & (m - 1)) !== 0)).toBe(true); // states that several sets reach
    }
  });

  it('2WW 11 the mask is as narrow as the source sets allow (8, 16 or 32 bits), with the same bits at every width', () => {
    const { b, rules, capital } = islands(['0404', '0904'], ['0302']);
    const island = b.index('1105');
    const t = tablesOf(b, rules);
    const one = traceSupplySets(b, [[capital], [island]], t);
    for (const [n, type] of [[2, Uint8Array], [8, Uint8Array], [9, Uint16Array], [16, Uint16Array], [17, Uint32Array], [32, Uint32Array]] as const) {
      // the two sets last: bits n-2 and n-1, so that the widest bits are used
      const sources = [...Array.from({ length: n - 2 }, () => [] as number[]), [capital], [island]];
      const sets = traceSupplySets(b, sources, t);
      expect(sets.mask).toBeInstanceOf(type);
      for (let k = 0; k < one.mask.length; k++) expect(sets.mask[k]).toBe(one.mask[k]! * 2 ** (n - 2));
    }
  });
});
