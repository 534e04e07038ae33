// The static side of a 2WW game: board, hex attributes, hexsides, boxes, unit catalogue, terrain costs.
// A state names its world by `state.world` (absent = the campaign map); tests register small worlds of their own.
import { derivedFrom, write } from '../../engine/index.ts';
import { type Board, buildBoard, type BoardSpec } from '../../board/board.ts';
import { withinRange } from '../../board/range.ts';
import type { CombatWorld } from './combat/world.ts';
import { buildCampaignWorld } from './campaign.ts';
import { counters, type Factors, type UnitType } from './data/index.ts';
import { lazy } from './data/lazy.ts';
import { ELIMINATED, FUTURE, POOL, REMOVED, type Side, type TwoWWState, type UnitState } from './state.ts';

/** Hex types of the HEX TYPE SAMPLES (2WW 5.1.2) plus straits (2WW 8.1). */
export type HexKind = 'land' | 'coastal' | 'sea' | 'straits';

export interface HexData {
  id: string;
  kind: HexKind;
  /** Terrain Chart key ("clear", "mountain", ...); sea hexes: "sea". */
  terrain: string;
  /** Power (or territory owner) whose country the hex belongs to; null at sea. */
  country: string | null;
  /** Named region for special rules: "libya", "french-north-africa", "tunisia", "spanish-morocco", "saudi-arabia",
   * "persia", "egypt", "vichy" (France south of the dotted brown line, 2WW 12.2.1), "ireland", "britain"... */
  region?: string;
  city?: string;
  port?: boolean;
  production?: boolean;
  /** Power whose capital this is (2WW 3.4.1); the USSR has three. */
  capitalOf?: string;
  /** Overseas territory of a major power, ignored for victory unless named (2WW 13). */
  overseas?: boolean;
  /** The capital of its territory (`region`), e.g. Algiers for Algeria (Fr) (2WW 12.2.3). */
  territoryCapital?: boolean;
  /** No rail movement may enter (2WW 8.1.2: Spanish Morocco, French N. Africa, Tunisia, Libya, Saudi Arabia, Persia). */
  noRail?: boolean;
  /** Toulon: a production city once Vichy France has ended, while the Allies hold it (2WW 12.2.2). */
  vichyProduction?: boolean;
}

export interface HexsideData {
  river?: boolean;
  /** Entirely sea: land units may not cross (2WW 8.1). */
  allSea?: boolean;
  /** Entirely land: fleets and fleet ZOC may not cross (2WW 5.1.2, 8.3.1). */
  allLand?: boolean;
}

/** Off-map sea boxes (2WW 3.2, 8.3.3). */
export interface BoxData {
  id: string;
  /** Printed name ("Capetown (Indian Ocean)"). */
  name?: string;
  /** Only Allied fleets may enter (2WW 3.3.3). */
  alliedOnly: boolean;
  /** The land portion of the Atlantic box: the United States, a port (2WW 8.3.6). */
  land?: boolean;
}

export type { UnitType };

export type { Factors };

export interface UnitDef {
  id: string;
  /** Power id: fr gb su us ge it, minors fi hu ru bg iq es pt tr ir pl be nl gr yu se. */
  nationality: string;
  type: UnitType;
  designation?: string;
  name?: string;
  /** 1: one printed side, always reduced (2WW 7.3.1). */
  steps: 1 | 2;
  full: Factors | null;
  reduced: Factors;
}

export interface TerrainRule {
  /** Movement points for a land unit to enter; null = prohibited. */
  cost: number | null;
  /** Column shift against an attacker firing into this terrain (2WW 9). */
  shift: number;
}

export interface World {
  id: string;
  board: Board;
  /** By node index; boxes have no HexData. */
  hexes: (HexData | undefined)[];
  boxes: Record<string, BoxData>;
  /** By board edge index. */
  hexsides: (HexsideData | undefined)[];
  units: Record<string, UnitDef>;
  terrain: Record<string, TerrainRule>;
  /** Extra MP to cross a river hexside (Terrain Chart). */
  riverCost: number;
  /** Neighbours of each node (hexes and boxes), precomputed. */
  adj: number[][];
  /** Neighbours a land unit could step into by terrain alone (no all-sea hexside, no all-sea or barred hex). */
  landAdj: number[][];
  /** Hexes a fleet in each hex could reach spending 3 MP (its ZOC, 2WW 5.1.2), by node; [] for boxes. */
  fleetZoc: readonly (readonly number[])[];
  /**
   * Per adjacency entry of the board (adjStart order): bit 0 when a land supply line may take that step, bit 1 a sea
   * line (11.2.1): boxes by sea only; land never across an all-sea hexside or into a sea hex, sea never across an
   * all-land hexside or into a land hex.
   */
  supplySteps: Uint8Array;
  /** Each counter's name (unitName), by unit id. */
  names: Readonly<Record<string, string>>;
  /** Each node's name (placeName), by node. */
  placeNames: readonly string[];
  /** Each counter's class (land, air, fleet), by unit id. */
  classOf: Readonly<Record<string, UnitClass>>;
  /** The hexes a supply line may end at (2WW 11.2.3): every capital, and Algiers; by node, ascending. */
  supplyEnds: readonly number[];
  /** Combat's view of the rules (combat/world.ts) when a test world replaces it; absent: the rules' own. */
  combat?: CombatWorld;
}

/** The campaign world, built from data/ on first use (campaign.ts): static data, never changed. */
const campaignWorld = lazy(buildCampaignWorld);

/**
 * Worlds tests build (`testWorld`), by id: a registry of static data like the rule sets' one. A world never changes
 * once registered, and an id names one world only.
 */
const testWorlds = new Map<string, World>();

export function registerWorld(w: World): World {
  const had = testWorlds.get(w.id);
  if (w.id === 'campaign' || (had && had !== w)) throw new Error(`2ww: a world "${w.id}" is already registered; give this one another id`);
  testWorlds.set(w.id, w);
  return w;
}

export function worldById(id: string): World {
  if (id === 'campaign') return campaignWorld();
  const w = testWorlds.get(id);
  if (!w) throw new Error(`2ww: no world "${id}" is registered (state.world names the map; tests register theirs with registerWorld)`);
  return w;
}

export function worldOf(state: TwoWWState): World {
  const id = state.world;
  return id === undefined || id === 'campaign' ? campaignWorld() : worldById(id);
}

// ---- unit catalogue ----

/** The 119 counters of data/counters.json (validated, data/index.ts). */
export function campaignUnits(): Record<string, UnitDef> {
  const out: Record<string, UnitDef> = {};
  for (const c of counters()) {
    out[c.id] = {
      id: c.id, nationality: c.nationality, type: c.type, designation: c.designation, name: c.name,
      steps: c.steps, full: c.full, reduced: c.reduced,
    };
  }
  return out;
}

export const MAJOR_POWERS = ['fr', 'gb', 'su', 'us', 'ge', 'it'] as const;
export const AXIS_MAJORS = ['ge', 'it'];
export const ALLIED_MAJORS = ['fr', 'gb', 'su', 'us'];
export const AXIS_MINORS = ['fi', 'hu', 'ru', 'bg'];
export const NEUTRAL_MINORS = ['pt', 'es', 'be', 'nl', 'pl', 'se', 'yu', 'gr', 'tr', 'ir'];
export const POWER_NAMES: Record<string, string> = {
  fr: 'France', gb: 'Great Britain', su: 'Soviet Union', us: 'United States', ge: 'Germany', it: 'Italy',
  fi: 'Finland', hu: 'Hungary', ru: 'Rumania', bg: 'Bulgaria', iq: 'Iraq', pt: 'Portugal', es: 'Spain',
  be: 'Belgium', nl: 'Netherlands', pl: 'Poland', se: 'Sweden', yu: 'Yugoslavia', gr: 'Greece', tr: 'Turkey',
  ir: 'Persia', no: 'Norway', dk: 'Denmark', ch: 'Switzerland', ie: 'Ireland', vc: 'Vichy France',
  sa: 'Saudi Arabia', af: 'Afghanistan', lu: 'Luxembourg',
};

export const isMajor = (p: string): boolean => (MAJOR_POWERS as readonly string[]).includes(p);

export const other = (s: Side): Side => (s === 'axis' ? 'allies' : 'axis');

/** Codes printed on counters; Rumania's power id is "ru" but its code is RO. */
export const POWER_CODES: Readonly<Record<string, string>> = { ru: 'RO', su: 'SU', ir: 'IR' };

/**
 * The name players read ("GE 4th infantry", "Kriegsmarine"), as the clients name the unit (the board view gives a
 * named counter's name): unnamed counters by the code printed on them, designation and type in words.
 */
export function unitName(state: TwoWWState, id: string): string {
  return worldOf(state).names[id] ?? id;
}

/** unitName of a counter, once per world (World.names). */
function counterName(d: UnitDef): string {
  const code = POWER_CODES[d.nationality] ?? d.nationality.toUpperCase();
  // A designation the type already says ("Fort" of a fort, "Surface" of a surface fleet) is not said twice.
  const des = d.designation?.toLowerCase() === d.type.split('-')[0] ? '' : d.designation ?? '';
  return d.name ?? `${code} ${des} ${d.type.replace(/-/g, ' ')}`.replace(/\s+/g, ' ').trim();
}

export function unitDef(state: TwoWWState, id: string): UnitDef {
  const d = worldOf(state).units[id];
  if (!d) throw new Error(`2ww: unit "${id}" is not in the counter catalogue`);
  return d;
}

export const isLandType = (t: UnitType): boolean => t === 'armor' || t === 'infantry' || t === 'artillery' || t === 'paratroop' || t === 'fort';
export const isAirType = (t: UnitType): boolean => t === 'air' || t === 'strategic-air' || t === 'naval-air';
export const isFleetType = (t: UnitType): boolean => t === 'surface-fleet' || t === 'submarine-fleet';

export type UnitClass = 'land' | 'air' | 'fleet';
const classOfType = (t: UnitType): UnitClass => (isLandType(t) ? 'land' : isAirType(t) ? 'air' : 'fleet');
export function unitClass(state: TwoWWState, id: string): UnitClass {
  return worldOf(state).classOf[id] ?? classOfType(unitDef(state, id).type);
}

/** The Free French armor is British for all purposes (2WW 12.2.1). */
export function powerOf(state: TwoWWState, id: string): string {
  return id === 'fr-arm-ff1' ? 'gb' : unitDef(state, id).nationality;
}

/** Unit counts per node (or node and side): see unitCountArray. */
export type UnitCounts = Uint8Array | Uint16Array;

/**
 * An array of counts of a state's `units` units per node (or node and side). A unit adds at most one to an entry, so
 * 8 bits up to 255 units (the campaign has 119): a server's states keep many such arrays, outside the JS heap, where
 * their growth starts full GCs (docs/performance.md, "Twenty-fifth session").
 */
export function unitCountArray(units: number, size: number): UnitCounts {
  return units <= 255 ? new Uint8Array(size) : new Uint16Array(size);
}

/**
 * The state's unit ids in their order (`keys`) and sorted, and for each sorted id its position in `keys` (`order`):
 * the same arrays while the ids are the same in the same order (a settled state's copy of the units keeps their
 * order), so the facts that walk the units by position need not sort them at every state.
 */
export function unitIds(state: TwoWWState): { keys: readonly string[]; sorted: readonly string[]; order: Int32Array } {
  return derivedFrom<{ keys: string[]; sorted: string[]; order: Int32Array }>(state, '2ww:unit-ids', (prev) => {
    const keys = Object.keys(state.units);
    if (prev && prev.keys.length === keys.length && keys.every((k, i) => k === prev.keys[i])) return prev;
    const order = Int32Array.from(keys, (_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : 1));
    return { keys, sorted: Array.from(order, (i) => keys[i]!), order };
  });
}

/**
 * The state's units walked once (record lookups by id cost several times an array's): the unit objects in the order
 * of `unitIds`' keys (`units`) and of its sorted ids (`sortedUnits`), for the facts that go over every unit.
 */
export function unitList(state: TwoWWState): { keys: readonly string[]; sorted: readonly string[]; units: readonly UnitState[]; sortedUnits: readonly UnitState[] } {
  type Made = { record: TwoWWState['units']; keys: readonly string[]; sorted: readonly string[]; units: readonly UnitState[]; sortedUnits: readonly UnitState[] };
  // The lists before while the units record is the same settled object (an action that moved no unit).
  return derivedFrom<Made>(state, '2ww:unit-list', (prev) => {
    const record = state.units;
    if (prev?.record === record && Object.isFrozen(record)) return prev;
    const { keys, sorted, order } = unitIds(state);
    const units = Object.values(record); // in the order of Object.keys
    return { record, keys, sorted, units, sortedUnits: Array.from(order, (i) => units[i]!) };
  });
}

/**
 * The unit objects a fact was made from, by position: bookkeeping, not part of the fact's answer (a private field:
 * check mode compares answers, and a fact reused while its inputs are unchanged keeps the objects it was made from).
 * The same settled object later means the same unit.
 */
export class UnitsSeen {
  readonly #us: readonly unknown[];
  constructor(us: readonly unknown[]) {
    this.#us = us;
  }

  same(i: number, u: object): boolean {
    return this.#us[i] === u && Object.isFrozen(u);
  }
}

type UnitEntry = readonly [string, UnitState];

/**
 * The state's units as [id, unit] pairs in record order (as Object.entries), made once per settled state and shared
 * by the rules that walk every unit; an unsettled state (inside an apply) gets them afresh at each call. A settled
 * state keeps the pairs of the state before (derivedFrom) whose id and unit object are the same: a move makes one pair.
 */
export function unitEntries(state: TwoWWState): readonly UnitEntry[] {
  return derivedFrom<readonly UnitEntry[]>(state, '2ww:unit-entries', (prev) => {
    if (!prev) return Object.entries(state.units);
    const { keys, units } = unitList(state);
    if (prev.length !== keys.length) return Object.entries(state.units);
    let list: UnitEntry[] | undefined;
    for (let i = 0; i < keys.length; i++) {
      const [id, u] = prev[i]!;
      if (id === keys[i] && u === units[i]) continue;
      if (id !== keys[i]) return Object.entries(state.units);
      (list ??= prev.slice())[i] = [id, units[i]!];
    }
    return list ?? prev;
  });
}

/** Side commanding a unit now, or null for a neutral's forces. */
export function sideOfUnit(state: TwoWWState, id: string): Side | null {
  const u = state.units[id];
  if (u?.owner !== undefined) return u.owner === 'neutral' ? null : u.owner;
  return state.countries[powerOf(state, id)]?.controller ?? null;
}

const OFF_MAP = new Set<string>([POOL, ELIMINATED, REMOVED, FUTURE]);
export function onMap(where: string): boolean {
  return !OFF_MAP.has(where);
}

/** Current factors of a unit (one-sided units always use their printed, reduced side). */
export function factors(state: TwoWWState, id: string): Factors {
  const d = unitDef(state, id);
  return state.units[id]!.reduced || !d.full ? d.reduced : d.full;
}

export function movementFactor(state: TwoWWState, id: string): number {
  const f = factors(state, id);
  return f.movement ?? 0;
}

export function airRange(state: TwoWWState, id: string): number {
  return factors(state, id).range ?? 3;
}

// ---- hexes ----

export function hexData(w: World, node: number): HexData | undefined {
  return w.hexes[node];
}

export function nodeOf(w: World, id: string): number {
  return w.board.index(id);
}

export function hexsideData(w: World, a: number, b: number): HexsideData {
  const e = w.board.edgeBetween(a, b);
  return (e >= 0 ? w.hexsides[e] : undefined) ?? {};
}

export const isBoxNode = (w: World, n: number): boolean => !w.board.isHex(n);

/** A place as players read it: "2406 Lublin", "1909", "Capetown (Indian Ocean)". */
export function placeName(w: World, id: string): string {
  const n = w.board.find(id);
  return n < 0 ? id : w.placeNames[n]!;
}

/** placeName of each node, once per world (World.placeNames). */
function nodePlaceName(board: Board, hexes: readonly (HexData | undefined)[], boxes: Record<string, BoxData>, n: number): string {
  const id = board.id(n);
  if (!board.isHex(n)) return boxes[id]?.name ?? id;
  const city = hexes[n]?.city;
  return city ? `${id} ${city}` : id;
}

/** Units at each place (hex id or box id), with cargo listed under its carrier's place too. */
export function unitsByPlace(state: TwoWWState): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const [id, u] of unitEntries(state)) {
    if (!onMap(u.where)) continue;
    let l = m.get(u.where);
    if (!l) m.set(u.where, (l = []));
    l.push(id);
  }
  return m;
}

/** Build a World from a board spec and per-hex data (used by tests and by the campaign loader). */
export function makeWorld(o: {
  id: string; board: BoardSpec; hexes: Record<string, HexData>; boxes?: BoxData[];
  hexsides?: Record<string, HexsideData>; units?: Record<string, UnitDef>;
  terrain?: Record<string, TerrainRule>; riverCost?: number; combat?: CombatWorld;
}): World {
  const board = buildBoard(o.board);
  const hexes: (HexData | undefined)[] = new Array(board.nodeCount).fill(undefined);
  for (const [id, h] of Object.entries(o.hexes)) hexes[board.index(id)] = h;
  for (let n = 0; n < board.hexCount; n++) {
    if (!hexes[n]) hexes[n] = { id: board.id(n), kind: 'sea', terrain: 'sea', country: null };
  }
  const hexsides: (HexsideData | undefined)[] = new Array(board.edgeCount).fill(undefined);
  for (const [key, s] of Object.entries(o.hexsides ?? {})) {
    const [a, b] = key.split('|');
    hexsides[board.hexsideKey(a!, b!)] = s;
  }
  // A hexside between two sea hexes is all sea; between two all-land hexes all land, unless said otherwise.
  for (let e = 0; e < board.edgeCount; e++) {
    const [a, b] = board.edgeEnds(e);
    const ha = hexes[a], hb = hexes[b];
    if (!ha || !hb || hexsides[e]) continue;
    if (ha.kind === 'sea' || hb.kind === 'sea') hexsides[e] = { allSea: true };
    else if (ha.kind === 'land' || hb.kind === 'land') hexsides[e] = { allLand: true };
  }
  const boxes: Record<string, BoxData> = {};
  for (const b of o.boxes ?? []) boxes[b.id] = b;
  const adj: number[][] = [];
  for (let n = 0; n < board.nodeCount; n++) adj.push(board.neighbours(n));
  const terrain = o.terrain ?? DEFAULT_TERRAIN;
  const landAdj: number[][] = adj.map((ns, a) => (!board.isHex(a) ? [] : ns.filter((b) => {
    const hb = hexes[b];
    if (!board.isHex(b) || !hb || hb.kind === 'sea' || hb.country === 'ch') return false;
    if (hexsides[board.edgeBetween(a, b)]?.allSea) return false;
    return terrain[hb.terrain]?.cost !== null;
  })));
  // A fleet's ZOC: 3 steps over sea and coastal hexes, never across an all-land hexside (2WW 5.1.2).
  const fleetZoc = adj.map((_, n) => (board.isHex(n) ? withinRange(board, n, 3, {
    mayEnter: (b) => board.isHex(b) && hexes[b]!.kind !== 'land',
    mayCross: (_a, _b, e) => !hexsides[e]?.allLand,
  }).nodes().slice(1) : []));
  const supplySteps = new Uint8Array(board.adjNode.length);
  for (let n = 0; n < board.nodeCount; n++) {
    for (let k = board.adjStart[n]!; k < board.adjStart[n + 1]!; k++) {
      const u = board.adjNode[k]!, side = hexsides[board.adjEdge[k]!], kind = hexes[u]?.kind;
      supplySteps[k] = !board.isHex(u) || !board.isHex(n) ? 2 : (!side?.allSea && kind !== 'sea' ? 1 : 0) | (!side?.allLand && kind !== 'land' ? 2 : 0);
    }
  }
  const units = o.units ?? campaignUnits();
  const classOf: Record<string, UnitClass> = {};
  const names: Record<string, string> = {};
  for (const [id, d] of Object.entries(units)) {
    classOf[id] = classOfType(d.type);
    names[id] = counterName(d);
  }
  const placeNames: string[] = [];
  for (let n = 0; n < board.nodeCount; n++) placeNames.push(nodePlaceName(board, hexes, boxes, n));
  const supplyEnds: number[] = [];
  for (let n = 0; n < board.hexCount; n++) if (hexes[n]!.capitalOf || hexes[n]!.city === 'Algiers') supplyEnds.push(n);
  return {
    id: o.id, board, hexes, boxes, hexsides, adj, landAdj, fleetZoc, supplySteps, names, placeNames, classOf, units, supplyEnds,
    terrain, riverCost: o.riverCost ?? 0, ...(o.combat ? { combat: o.combat } : {}),
  };
}

/** Used when no terrain chart is loaded: clear 1, rough 2, no column shifts beyond the chart's. */
export const DEFAULT_TERRAIN: Record<string, TerrainRule> = {
  clear: { cost: 1, shift: 0 },
  forest: { cost: 2, shift: 1 },
  mountain: { cost: 2, shift: 2 },
  marsh: { cost: 2, shift: 1 },
  desert: { cost: 1, shift: 0 },
  city: { cost: 1, shift: 1 },
  sea: { cost: null, shift: 0 },
};

/** Remove a unit from play (to the force pool via ELIMINATED, or for good), with any cargo it carries. */
export function eliminateUnit(state: TwoWWState, id: string): void {
  for (const [cid, c] of Object.entries(state.units)) if (c.aboard === id) eliminateUnit(state, cid);
  const u = write(state, 'units', id);
  u.where = u.permanent || id === 'fr-fort-maginot' ? REMOVED : ELIMINATED;
  u.reduced = false;
  u.ops = false;
  delete u.aboard;
  delete u.mpUsed;
  delete u.moveMode;
  delete u.mustAttack;
}

/** Move a unit and whatever it carries. */
export function placeUnit(state: TwoWWState, id: string, where: string): void {
  write(state, 'units', id).where = where;
  for (const k in state.units) if (state.units[k]!.aboard === id) write(state, 'units', k).where = where;
}
