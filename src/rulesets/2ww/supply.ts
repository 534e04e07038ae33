// 2WW 11 Supply: lines of any length to a friendly-controlled capital of the home country, over land and sea,
// changing between them only in friendly-controlled ports; blocked by enemy land ZOC (land) and fleet ZOC (sea).
import { derived, derivedFrom, write } from '../../engine/index.ts';
import { type SupplySetsMap, traceSupplySets } from '../../board/supply.ts';
import type { Side, TwoWWState, UnitState } from './state.ts';
import { countryAt, isNeutralCountry } from './neutrals.ts';
import { fleetZocFrom, landZocFrom } from './zones-of-control.ts';
import {
  type UnitCounts, type World, eliminateUnit, hexData, onMap, powerOf, sideOfUnit, unitClass, unitCountArray, unitDef,
  unitList, unitName, UnitsSeen, worldOf,
} from './world.ts';

const LAND = 0, SEA = 1;

/** Capitals a power's units and cities trace to (2WW 11); US units trace to London, Paris, Algiers or Rome (11.2.3). */
export function supplySourceHexes(state: TwoWWState, power: string, side: Side): number[] {
  const w = worldOf(state);
  const out: number[] = [];
  for (const n of w.supplyEnds) {
    const h = w.hexes[n]!;
    let home = h.capitalOf === power;
    if (power === 'us') home = ['gb', 'fr', 'it'].includes(h.capitalOf ?? '') || h.city === 'Algiers';
    // French units fighting on after the fall of France trace to London (docs/rulings/2ww.md).
    if (power === 'fr' && state.countries.fr?.status === 'conquered') home = h.capitalOf === 'gb';
    if (home && state.control[h.id] === side) out.push(n);
  }
  return out;
}

/**
 * The supply inputs of a state (one derived fact): everything a supply search reads besides the board (11.2) —
 * politics, countries and control, where each land unit and fleet not aboard is and whose it is — and, for the board's
 * out-of-supply marks, where the air units and the units aboard are. A token: the same object while the inputs are
 * unchanged (then so is every supply answer). Kept from the state before while politics, countries and control are the
 * same settled objects and every unit stands where it stood, aboard the same, on the same side; only the units that
 * are new objects are looked at.
 */
export function supplyInputs(state: TwoWWState): object {
  type Made = {
    env: readonly unknown[]; record: TwoWWState['units']; keys: readonly string[]; seen: UnitsSeen;
    /** Per unit (in `keys` order): its place and side, undefined off the map. */
    places: readonly (string | undefined)[]; token: object;
  };
  const env = [state.world ?? 'campaign', state.politics, state.countries, state.control];
  const record = state.units;
  const placeOf = (id: string, u: UnitState): string | undefined =>
    onMap(u.where) ? `${u.where}${u.aboard ? '^' + u.aboard : ''}:${sideOfUnit(state, id) ?? '-'}` : undefined;
  return derivedFrom<Made>(state, '2ww:supply-inputs', (prev) => {
    const kept = !!prev && env.every((x, i) => x === prev.env[i] && (typeof x !== 'object' || Object.isFrozen(x)));
    if (kept && prev.record === record && Object.isFrozen(record)) return prev;
    const { keys, units } = unitList(state);
    if (kept && prev.keys === keys) {
      // Only the units that are new objects can stand elsewhere (a settled state shares every unit an action left).
      let places: (string | undefined)[] | undefined;
      for (let i = 0; i < keys.length; i++) {
        const u = units[i]!;
        if (prev.seen.same(i, u)) continue;
        const p = placeOf(keys[i]!, u);
        if (p !== prev.places[i]) (places ??= prev.places.slice())[i] = p;
      }
      return { env, record, keys, seen: new UnitsSeen(units), places: places ?? prev.places, token: places ? {} : prev.token };
    }
    return { env, record, keys, seen: new UnitsSeen(units), places: keys.map((id, i) => placeOf(id, units[i]!)), token: {} };
  }).token;
}

/** What one side's search reads of a state (11.2.2): per node*2+mode, may a line enter it; per node, a friendly port. */
interface TraceFlags { enter: Uint8Array; port: Uint8Array }

/**
 * Did a change of the flags leave a search unchanged? A search consults a state's entry flag only once a line reaches
 * it, and a node's port flag only from a reached node: changes where no line reached cannot change what it reaches.
 */
function sameWhereReached(before: TraceFlags, now: TraceFlags, reach: SupplySetsMap): boolean {
  const { enter: e0, port: p0 } = before, { enter: e1, port: p1 } = now;
  for (let k = 0; k < e0.length; k++) if (e0[k] !== e1[k] && reach.mask[k] !== 0) return false;
  for (let n = 0; n < p0.length; n++) if (p0[n] !== p1[n] && (reach.mask[n * 2] | reach.mask[n * 2 + 1]) !== 0) return false;
  return true;
}

/**
 * A supply search of `side` from `sources`, reused from the state before (derivedFrom) while the supply inputs are
 * unchanged, or while this side's flags changed only where no line of that search reached. Not inside an apply's
 * move (`moved`: the mover's own ZOC, an unsettled state).
 */
function reusedTrace(state: TwoWWState, side: Side, what: string, from: string, moved: boolean,
  flags: () => TraceFlags, trace: () => SupplySetsMap): SupplySetsMap {
  if (moved) return trace();
  const inputs = supplyInputs(state);
  return derivedFrom<{ inputs: object; from: string; flags: TraceFlags | null; result: SupplySetsMap }>(state, `2ww:supply:${side}:${what}`, (prev) => {
    if (prev?.inputs === inputs) return prev;
    const now = flags();
    if (prev && prev.from === from && prev.flags && sameWhereReached(prev.flags, now, prev.result)) return { inputs, from, flags: now, result: prev.result };
    return { inputs, from, flags: now, result: trace() };
  }).result;
}

/**
 * Where the land units and fleets (not aboard) are, and their land (5.1.1) and fleet (5.1.2) ZOC: per node, bit 1 for
 * the Axis's, 2 for the Allies'. One pass over the units per state serves both sides' flags.
 */
interface Presence {
  land: Uint8Array; fleet: Uint8Array; landZoc: Uint8Array; fleetZoc: Uint8Array;
  /** Each side's powers with units on the map (air included), in unit order, at most 31 (a bit each in its search). */
  powers: Record<Side, string[]>;
}

/** What one unit adds to presence: its side's bit (0: none), class, node (-1: none), aboard, power. */
interface Presenter { bit: number; cls: string; node: number; aboard: boolean; power: string }

/**
 * Presence, kept from the state before (derivedFrom; check mode recomputes and compares) while the world, the units'
 * ids, politics and countries (which the ZOC and the units' sides follow) are the same: only the units that are new
 * objects are taken out where they were and put in where they are, with a count per node and side behind each bit.
 */
function presence(state: TwoWWState): Presence {
  type Made = {
    world: World; record: TwoWWState['units']; keys: readonly string[]; politics: object; countries: object; seen: UnitsSeen; who: Presenter[];
    /** Per node*2+side (0 Axis, 1 Allies): how many land units, fleets, land ZOC and fleet ZOC make each bit. */
    counts: { land: UnitCounts; fleet: UnitCounts; landZoc: UnitCounts; fleetZoc: UnitCounts }; p: Presence;
  };
  return derivedFrom<Made>(state, '2ww:supply-presence', (prev) => {
    const w = worldOf(state), b = w.board, N = b.nodeCount;
    const { keys, units } = unitList(state);
    const { politics, countries } = state, record = state.units;
    const before = prev && prev.world === w && prev.keys === keys && prev.politics === politics && prev.countries === countries
      && Object.isFrozen(politics) && Object.isFrozen(countries) ? prev : undefined;
    // an action that moved no unit: the same presence
    if (before?.record === record && Object.isFrozen(record)) return before;
    // The state before's arrays are shared until a unit changes them (copied on the first change: never written after).
    type Counts = Made['counts'];
    const fresh = () => unitCountArray(keys.length, N * 2);
    const counts: Counts = before ? { ...before.counts } : { land: fresh(), fleet: fresh(), landZoc: fresh(), fleetZoc: fresh() };
    const copied = new Set<keyof Counts>();
    const touched: { a: keyof Counts; n: number }[] = [];
    const count = (x: Presenter, by: number) => {
      if (!x.bit || x.cls === 'air' || x.node < 0) return;
      const s = x.bit - 1, n = x.node;
      const bump = (a: keyof Counts, m: number) => {
        if (before && !copied.has(a)) {
          counts[a] = counts[a].slice();
          copied.add(a);
        }
        counts[a][m * 2 + s]! += by;
        touched.push({ a, n: m });
      };
      if (x.cls === 'fleet' && b.isHex(n)) for (const z of fleetZocFrom(w, n)) bump('fleetZoc', z);
      if (x.aboard) return;
      if (x.cls === 'land') {
        bump('land', n);
        if (b.isHex(n)) for (const z of landZocFrom(state, w, n)) bump('landZoc', z);
      } else bump('fleet', n);
    };
    const who: Presenter[] = new Array(keys.length);
    let powersSame = !!before;
    for (let i = 0; i < keys.length; i++) {
      const u = units[i]!;
      if (before?.seen.same(i, u)) {
        who[i] = before.who[i]!;
        continue;
      }
      const now = (who[i] = presenter(state, w, keys[i]!)), old = before?.who[i];
      if (old) {
        if (old.bit !== now.bit || old.power !== now.power) powersSame = false;
        if (old.bit === now.bit && old.cls === now.cls && old.node === now.node && old.aboard === now.aboard) continue;
        count(old, -1);
      }
      count(now, 1);
    }
    const q = before?.p;
    let p: Presence;
    if (q) {
      p = powersSame && !touched.length ? q : { ...q, powers: powersSame ? q.powers : powersOf(who) };
      const done = new Set<keyof Counts>();
      for (const { a, n } of touched) {
        if (!done.has(a)) {
          p[a] = p[a].slice();
          done.add(a);
        }
        p[a][n] = bitsAt(counts[a], n);
      }
    } else {
      p = { land: new Uint8Array(N), fleet: new Uint8Array(N), landZoc: new Uint8Array(N), fleetZoc: new Uint8Array(N), powers: powersOf(who) };
      for (let n = 0; n < N; n++) for (const a of ['land', 'fleet', 'landZoc', 'fleetZoc'] as const) p[a][n] = bitsAt(counts[a], n);
    }
    return { world: w, record, keys, politics, countries, seen: new UnitsSeen(units), who, counts, p };
  }).p;
}

/** Bit 1 when an Axis count of node n is not 0, bit 2 for the Allies. */
function bitsAt(a: UnitCounts, n: number): number {
  return (a[n * 2] ? 1 : 0) | (a[n * 2 + 1] ? 2 : 0);
}

function presenter(state: TwoWWState, w: World, id: string): Presenter {
  const u = state.units[id]!;
  const s = onMap(u.where) ? sideOfUnit(state, id) : null;
  if (!s) return NOBODY;
  return { bit: s === 'axis' ? 1 : 2, cls: unitClass(state, id), node: w.board.find(u.where), aboard: !!u.aboard, power: powerOf(state, id) };
}
const NOBODY: Presenter = Object.freeze({ bit: 0, cls: '', node: -1, aboard: false, power: '' });

/** Each side's powers with units on the map, in unit order, at most 31. */
function powersOf(who: readonly Presenter[]): Record<Side, string[]> {
  const powers: Record<Side, string[]> = { axis: [], allies: [] };
  for (const x of who) {
    if (!x.bit) continue;
    const list = powers[x.bit === 1 ? 'axis' : 'allies'];
    if (list.length < 31 && !list.includes(x.power)) list.push(x.power);
  }
  return powers;
}

/**
 * One side's supply sources, a set per power with units on the map (a bit each in the side's search): reused from the
 * state before while the powers, control and countries (the sources' inputs, supplySourceHexes) are the same.
 */
interface PowerSources { world: string; key: string; control: object; countries: object; bits: Map<string, number>; sets: number[][]; from: string }

function powerSources(state: TwoWWState, side: Side): PowerSources {
  const world = state.world ?? 'campaign';
  const powers = presence(state).powers[side];
  const key = powers.join(',');
  return derivedFrom<PowerSources>(state, `2ww:supply-sources:${side}`, (prev) => {
    const { control, countries } = state;
    if (prev && prev.world === world && prev.key === key && prev.control === control && prev.countries === countries
      && Object.isFrozen(control) && Object.isFrozen(countries)) return prev;
    const bits = new Map<string, number>(), sets: number[][] = [];
    for (const p of powers) {
      bits.set(p, 1 << bits.size);
      sets.push(supplySourceHexes(state, p, side));
    }
    return { world, key, control, countries, bits, sets, from: JSON.stringify(sets) };
  });
}

/**
 * What of one side's flags follows from the board, politics, countries and control alone (11.2.2): per node*2+mode,
 * may a line enter it were no unit on the map (neutral lands block, except a neutral the side controls; boxes by sea
 * only); per node, a friendly port. Reused from the state before while politics, countries and control are the same
 * settled (frozen) objects, as they are after most actions.
 */
interface BaseFlags { world: string; politics: object; countries: object; control: object; open: Uint8Array; port: Uint8Array }

function baseFlags(state: TwoWWState, side: Side): BaseFlags {
  const world = state.world ?? 'campaign';
  return derivedFrom<BaseFlags>(state, `2ww:supply-base-flags:${side}`, (prev) => {
    const { politics, countries, control } = state;
    if (prev && prev.world === world && prev.politics === politics && prev.countries === countries && prev.control === control
      && Object.isFrozen(politics) && Object.isFrozen(countries) && Object.isFrozen(control)) return prev;
    const w = worldOf(state), b = w.board, N = b.nodeCount;
    const blocked = new Map<string | null, boolean>();
    const open = new Uint8Array(N * 2), port = new Uint8Array(N);
    for (let n = 0; n < N; n++) {
      if (!b.isHex(n)) {
        const box = w.boxes[b.id(n)];
        open[n * 2 + SEA] = box && !box.land && (side === 'allies' || !box.alliedOnly) ? 1 : 0;
        continue;
      }
      const h = w.hexes[n];
      if (!h) continue;
      port[n] = h.port === true && control[h.id] === side ? 1 : 0;
      if (h.kind !== 'sea') {
        const c = countryAt(state, w, n);
        let shut = blocked.get(c);
        // Neutral lands block lines, except a neutral country the tracing side controls (Italy, the USSR, 12.1.1, 12.4).
        if (shut === undefined) blocked.set(c, (shut = c === 'ch' || (isNeutralCountry(state, c) && countries[c ?? '']?.controller !== side)));
        open[n * 2 + LAND] = shut ? 0 : 1;
      }
      if (h.kind !== 'land') open[n * 2 + SEA] = 1;
    }
    return { world, politics, countries, control, open, port };
  });
}

/**
 * One side's flags of a state (11.2.2): a line enters no hex of a neutral it does not control, no hex with enemy land
 * units (land) or fleets (sea), and no hex in enemy land or fleet ZOC without a friendly land unit or fleet there;
 * boxes by sea only (the Allies' boxes for the Axis never). Once per state and side; movement passes its own ZOC.
 */
function traceFlags(state: TwoWWState, side: Side, zocs?: { land: Set<number>; fleet: Set<number> }): TraceFlags {
  const make = (): TraceFlags => {
    const w = worldOf(state), b = w.board, N = b.nodeCount;
    const { land, fleet, landZoc, fleetZoc } = presence(state);
    const { open, port } = baseFlags(state, side);
    const mine = side === 'axis' ? 1 : 2, theirs = 3 - mine;
    const enter = new Uint8Array(N * 2);
    for (let n = 0; n < N; n++) {
      const oL = open[n * 2 + LAND], oS = open[n * 2 + SEA];
      if (!oL && !oS) continue;
      if (oL) {
        const zoc = zocs ? zocs.land.has(n) : (landZoc[n]! & theirs) !== 0;
        enter[n * 2 + LAND] = !(land[n]! & theirs) && !(zoc && !(land[n]! & mine)) ? 1 : 0;
      }
      if (oS) {
        const zoc = zocs ? zocs.fleet.has(n) : (fleetZoc[n]! & theirs) !== 0;
        enter[n * 2 + SEA] = !b.isHex(n) || (!(fleet[n]! & theirs) && !(zoc && !(fleet[n]! & mine))) ? 1 : 0;
      }
    }
    return { enter, port };
  };
  return zocs ? make() : derived(state, `2ww:supply-flags:${side}`, make);
}

/** Everything a supply search needs about one side, computed once. */
export class SupplyNet {
  private readonly w: World;
  private readonly cache = new Map<string, SupplySetsMap>();
  private readonly sourceCache = new Map<string, number[]>();

  /** `zocs`: the enemy's land and fleet ZOC of this state, when the caller (movement) already has them. */
  constructor(private readonly state: TwoWWState, readonly side: Side, private readonly zocs?: { land: Set<number>; fleet: Set<number> }) {
    this.w = worldOf(state);
  }

  private friendlyPort(n: number): boolean {
    const h = this.w.hexes[n];
    return !!h && h.port === true && this.state.control[h.id] === this.side;
  }

  private flagsCache: TraceFlags | null = null;

  /** Per node*2+mode: may a line enter it (11.2.2); per node: friendly-controlled port. */
  private flags(): TraceFlags {
    return (this.flagsCache ??= traceFlags(this.state, this.side, this.zocs));
  }

  /** One search from these source sets (src/board traceSupplySets): the world's steps (11.2.1), this side's flags. */
  private search(sets: readonly (readonly number[])[]): SupplySetsMap {
    const { enter, port } = this.flags();
    return traceSupplySets(this.w.board, sets, { layers: 2, step: this.w.supplySteps, pass: enter, transfer: port }, LAND);
  }

  /** Where lines leading back to `sources` reach, by node and mode (src/board traceSupplySets, one set). */
  private reach(sources: number[]): SupplySetsMap {
    const key = sources.join(',');
    const hit = this.cache.get(key);
    if (hit) return hit;
    const r = reusedTrace(this.state, this.side, key, JSON.stringify([sources]), !!this.zocs, () => this.flags(), () => this.search([sources]));
    this.cache.set(key, r);
    return r;
  }

  /**
   * A line from `node` (starting on land, at sea, or either for a fleet in port) to one of `sources`. 'place': the
   * line of a land unit or a city there, on land, or either way in a friendly-controlled port (11.2.1) or a box.
   */
  traces(node: number, sources: number[], start: 'land' | 'sea' | 'any' | 'place'): boolean {
    if (!sources.length || node < 0) return false;
    if (start === 'place') start = this.friendlyPort(node) || !this.w.board.isHex(node) ? 'any' : 'land';
    const r = this.reach(sources);
    if (start !== 'sea' && r.setsAt(node, LAND)) return true;
    if (start !== 'land' && r.setsAt(node, SEA)) return true;
    return false;
  }

  /** 2WW 11: is this unit in supply now (forts never need supply)? */
  unitInSupply(id: string): boolean {
    const s = this.state, w = this.w, u = s.units[id]!;
    if (!onMap(u.where)) return true;
    const d = unitDef(s, id);
    if (d.type === 'fort') return true;
    const cls = unitClass(s, id);
    const node = w.board.find(u.where);
    if (node < 0) return false;
    const carrier = u.aboard ? s.units[u.aboard] : undefined;
    if (!w.board.isHex(node)) {
      const box = w.boxes[u.where];
      if (box?.land) return this.side === 'allies';
      if (this.side === 'allies' && (cls === 'fleet' || carrier)) return true;
      if (this.side === 'axis' && d.type === 'submarine-fleet' && this.axisHoldsAPort()) return true;
    }
    const power = powerOf(s, id);
    const h = hexData(w, node);
    // A land unit in a friendly port may trace straight out to sea: the line leaves its hex, even in enemy fleet ZOC (11.2.2).
    const start = cls === 'fleet' || carrier ? (h?.kind === 'sea' || !w.board.isHex(node) ? 'sea' : 'any') : this.friendlyPort(node) ? 'any' : 'land';
    const m = this.multi();
    const bit = m.bits.get(power);
    if (bit !== undefined) {
      const got = (start !== 'sea' ? m.sets.setsAt(node, LAND) : 0) | (start !== 'land' ? m.sets.setsAt(node, SEA) : 0);
      return (got & bit) !== 0;
    }
    let sources = this.sourceCache.get(power);
    if (!sources) this.sourceCache.set(power, (sources = supplySourceHexes(s, power, this.side)));
    return this.traces(node, sources, start);
  }

  /** This side's search for all its powers at once: the same object while it is reused from the state before. */
  lines(): object {
    return this.multi().sets;
  }

  private multiCache: { bits: Map<string, number>; sets: SupplySetsMap } | null = null;

  /** One search for every power of this side at once: a bit per power, from its own sources (traceSupplySets). */
  private multi(): { bits: Map<string, number>; sets: SupplySetsMap } {
    if (this.multiCache) return this.multiCache;
    const src = powerSources(this.state, this.side);
    // The sources follow from control and countries, which are among the supply inputs.
    this.multiCache = { bits: src.bits, sets: reusedTrace(this.state, this.side, `powers:${src.key}`, src.from, !!this.zocs, () => this.flags(), () => this.search(src.sets)) };
    return this.multiCache;
  }

  private axisHoldsAPort(): boolean {
    for (const h of this.w.hexes) if (h?.port && this.state.control[h.id] === 'axis') return true;
    return false;
  }
}

/** A supply net for this position (build once per decision and ask it many questions). */
export function supplyNet(state: TwoWWState, side: Side): SupplyNet {
  return new SupplyNet(state, side);
}

/** Supply nets of both sides for one state (build once per decision). */
export function supplyNets(state: TwoWWState): Record<Side, SupplyNet> {
  return { axis: supplyNet(state, 'axis'), allies: supplyNet(state, 'allies') };
}

export function unitInSupply(state: TwoWWState, id: string): boolean {
  const side = sideOfUnit(state, id);
  if (!side) return true;
  return supplyNet(state, side).unitInSupply(id);
}

/** 2WW 11.2.4: factors of an unsupplied land unit are halved, fractions dropped. */
export function supplied(value: number, inSupply: boolean): number {
  return inSupply ? value : Math.floor(value / 2);
}

/** Can a hex trace to a friendly-controlled capital of `power` (production cities, 7.1.1; new forts, 7.2.5)? */
export function hexTracesTo(state: TwoWWState, side: Side, hex: string, power: string | null): boolean {
  const w = worldOf(state);
  const n = w.board.find(hex);
  if (n < 0) return false;
  const net = supplyNet(state, side);
  const sources = power ? supplySourceHexes(state, power, side) : allFriendlyCapitals(state, side);
  return net.traces(n, sources, 'any');
}

export function allFriendlyCapitals(state: TwoWWState, side: Side): number[] {
  const w = worldOf(state);
  const out: number[] = [];
  for (const n of w.supplyEnds) {
    const h = w.hexes[n]!;
    if (h.capitalOf && state.control[h.id] === side) out.push(n);
  }
  return out;
}

/** 2WW 4.2 F / 11: air units and fleets that cannot trace supply are reduced, or eliminated if already reduced. */
export function supplyPhase(state: TwoWWState, log: (text: string, rule: string) => void): void {
  const nets = supplyNets(state);
  const losers: string[] = [];
  for (const id of Object.keys(state.units).sort()) {
    const u = state.units[id]!;
    if (!onMap(u.where)) continue;
    const cls = unitClass(state, id);
    if (cls === 'land') continue;
    const side = sideOfUnit(state, id);
    if (!side) continue;
    if (!nets[side].unitInSupply(id)) losers.push(id);
  }
  for (const id of losers) {
    const u = state.units[id]!;
    const d = unitDef(state, id);
    if (!u.reduced && d.full) {
      write(state, 'units', id).reduced = true;
      log(`${unitName(state, id)} is out of supply and is reduced`, '2WW 11');
    } else {
      eliminateUnit(state, id);
      log(`${unitName(state, id)} is out of supply and is eliminated`, '2WW 11');
    }
  }
}
