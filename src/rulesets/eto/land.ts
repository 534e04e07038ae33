// ETO land model: a scenario's window of the generated map on the W/E board, land and air units, control, ZOC (25), stacking
// (24.2), offensive movement (24, 25.2-25.3), supply tracing (32.3) and retreat paths (27.3).
import { etoData, playOf, type TheatreLayer } from './data/index.ts';
import { etoMap } from './data/map-schema.ts';
import { layeredMovementRange, movementRange, routes, traceSupply } from '../../board/index.ts';
import { write } from '../../engine/index.ts';
import { navalMap } from './map.ts';
import type { EtoState, Side } from './state.ts';

/** Land unit kinds; paratroops (19.0) count for neither stacking nor ZOC. */
export type LandKind = 'inf' | 'armor' | 'para' | 'general' | 'hq';
/** A nation id, as the data files spell it ("germany", "uk", "poland"). */
export type Nation = string;

export interface LandUnit {
  id: string;
  name: string;
  nation: Nation;
  side: Side;
  kind: LandKind;
  strength: number;
  depletedStrength: number;
  ma: number;
  steps: number;
  depleted: boolean;
  /** Hex on the map; null when off the map (see `where`). */
  hex: string | null;
  where: 'setup' | 'map' | 'replenishment' | 'force-pool' | 'removed' | 'aboard';
  /** Aboard this STP (10.1); the unit is where the STP is. */
  aboard?: string;
  /** Landed by amphibious assault this turn: in supply until its end (32.7). */
  landed?: boolean;
  radius?: number;
  attacks?: number;
  combat?: number;
  exploit?: number;
  /** Generals: eligible to exploit (28.5 flips it after a breakthrough). */
  eligible?: boolean;
  /** Marked out of supply in a Supply step (33.3). */
  oos?: boolean;
}

export interface AirUnit {
  id: string;
  name: string;
  nation: Nation;
  side: Side;
  kind: 'fighter' | 'fighter-bomber' | 'bomber' | 'atp';
  strength: number;
  depletedStrength: number;
  range: number;
  quality: number;
  depleted: boolean;
  where: 'setup' | 'map' | 'force-pool' | 'removed';
  base: string | null;
  /** Underlined strength: half as many air-naval attacks, at most 4 (16.2). */
  underlined?: boolean;
  /** 20.0 commitment: none, CC (this offensive), PC. */
  committed: 'none' | 'CC' | 'PC';
}

export interface LandState {
  /** The scenario (its land map and land rules: data/scenario-*.json "play"). */
  scenario: string;
  units: Record<string, LandUnit>;
  air: Record<string, AirUnit>;
  /** Hexes whose control differs from the layer's 1939 owner (24.4). */
  control: Record<string, Side>;
  airfields: string[];
  /** Units activated for the offensive (22.0). */
  activated: string[];
  hqs: string[];
  /** Nations against which the German blitzkrieg bonus is in effect this turn (44.1). */
  blitz: string[];
  /** Nations the blitzkrieg bonus has been used against (44.1: once per nation per game). */
  blitzed?: string[];
  /** Steps lost, land and air (scenario 4 [4.4]). */
  losses: Record<Side, number>;
  conquered: string[];
  /** Armor and generals that made a breakthrough attack this offensive (28.4). */
  brokeThrough: string[];
  /** Units that moved in step 3. */
  moved: string[];
  /** Hexes attacked in the current step (26.3) and attacks left in it. */
  attacked: string[];
  attacksLeft: number;
  /** Land units that attacked in the current step (26.3: one attack each per step). */
  attackedUnits: string[];
  /** Air units that flew a mission in the current step (12.5: one per step). */
  flown: string[];
  /** 28.4: armor whose breakthrough did not clear its target must attack it again in step 4. */
  mustAttack: { target: string; units: string[] }[];
  /** 29.1: units eligible to advance after combat in step 4 (armor may exploit). */
  mayExploit: string[];
  /** Armor in supply when the offensive began stays supplied for it (33.6). */
  armorSupplied: string[];
  /** Hexes whose installations are destroyed (21.5): no airbase, port or fortification until repaired (34.4). */
  destroyed?: string[];
  /** Air units depleted this turn over their home country: pilot recovery may rebuild them (34.3). */
  pilots?: string[];
  /** The land map when it is not the scenario's: a worked example of the rulebook played on its own map (ruling 66). */
  theatre?: TheatreId;
  /** Neutral minor countries invaded so far (39.2). */
  invaded?: string[];
  /** Supply markers (32.4): the hex each lies in and the side it supplies; `air` for an air supply marker (32.6). */
  markers?: { hex: string; side: Side; air?: boolean }[];
  /** ATPs that carried a paradrop or an air transport this turn (18.5, 19.1). */
  atpUsed?: string[];
  /** Units evacuated this Naval and Air phase (10.7). */
  evacuated?: string[];
  /** Hexes assaulted from the sea this turn (10.6: one assault per hex). */
  assaulted?: string[];
  /** Paratroops that dropped this turn: they stay in the hex they dropped into (19.4). */
  dropped?: string[];
  /** Offensives each side has performed this turn (a scenario's limit per turn). */
  offensivesUsed?: Partial<Record<Side, number>>;
  /** Offensives left on each side's OFF track (scenario 3). */
  offensives?: Record<Side, number>;
}

/** The land map a scenario plays on: a window of the generated map (scenario 4 Poland, scenario 3 the Ardennes). */
export type TheatreId = 'poland-1939' | 'bulge-1944' | 'britain-1940' | 'norway-1940' | 'west-1939';
export type WeatherZone = 'mild' | 'mild-fg' | 'moderate' | 'severe';
export type LandWeather = 'fair' | 'mud' | 'winter';

export interface TheatreHex {
  country: string;
  terrain: 'clear' | 'rough' | 'forest' | 'marsh';
  name?: string;
  feature?: 'city' | 'resource' | 'city-resource';
  port?: 'minor' | 'major';
  /** ETO 1.0 weather zone, from the generated map. */
  zone: WeatherZone;
  /** Side controlling the hex at the start (24.4); null = neutral. */
  owner: Side | null;
  /** The capital of its country (39.2). */
  capital?: true;
}

export interface LandMap {
  id: TheatreId;
  hexes: Record<string, TheatreHex>;
  /** Board node -> theatre hex (undefined: off the theatre). */
  hex: (node: number) => TheatreHex | undefined;
  river: Set<number>;
  /** Hexsides no land unit may cross: all-sea and lake sides (24.1). */
  closed: Set<number>;
  /**
   * Hexes on the window's edge with land of the window's countries beyond: the map goes on there in the hands of the
   * hex's side, so a front never cuts such a hex off (24.5, ruling 40).
   */
  edges: Set<string>;
  /** Per country, its hexes with a city or resource, and its city resource hexes (40.0): sorted. */
  featured: Readonly<Record<string, readonly string[]>>;
  cityResources: Readonly<Record<string, readonly string[]>>;
}

export function theatreOf(l: LandState): TheatreId {
  const t = l.theatre ?? playOf(l.scenario).theatre;
  if (!t) throw new Error(`eto: scenario ${l.scenario} has no land map (data "play.theatre")`);
  return t;
}

export function landMap(theatre: TheatreId): LandMap {
  let m = LAND_MAPS.get(theatre);
  if (!m) LAND_MAPS.set(theatre, (m = windowMap(theatre, LAYERS[theatre]())));
  return m;
}

/** 34.3 pilot recovery: an air unit depleted over its home country this turn may be rebuilt, where the scenario plays the step. */
export function notePilot(s: EtoState, id: string, hex: string): void {
  const l = landOf(s);
  const a = l.air[id]!;
  if (!a.depleted || a.where !== 'map' || !playOf(l.scenario).endPhase?.includes('replenishment')) return;
  const country = etoMap().hexes[hex]?.country ?? '';
  if (homeCountries(a.nation).includes(country) && !l.pilots?.includes(a.id)) {
    appendToLand(s, 'pilots', a.id);
  }
}

/** 40.0: the city resource hexes of a nation's home country in the scenario's land map (all captured: conquered). */
export function conquestHexes(l: LandState, nation: Nation): readonly string[] {
  const home = homeCountries(nation);
  const m = landMap(theatreOf(l));
  return home.length === 1 ? m.cityResources[home[0]!] ?? [] : home.flatMap((c) => m.cityResources[c] ?? []).sort();
}

/** 36.1, 41.3: the countries that are each nation's home country on the map. */
const HOME_COUNTRIES: Readonly<Record<string, string[]>> = { germany: ['germany', 'east-prussia'] };
export const homeCountries = (nation: Nation): string[] => HOME_COUNTRIES[nation] ?? [nation];

/**
 * A scenario's land map: the window of map.json its layer names (data/map-layers/<theatre>.json), the layer's hex
 * corrections and its starting control (24.4). Terrain, rivers, all-sea and lake hexsides, cities, resource hexes,
 * ports and weather zones are the generated map's.
 */
function windowMap(id: TheatreId, layer: TheatreLayer): LandMap {
  const map = etoMap();
  const b = navalMap().board;
  const hexes: Record<string, TheatreHex> = {};
  const { rects, countries } = layer.window;
  const ctl = layer.control;
  const inWindow = (hid: string): boolean => rects.some((w) => {
    const c = Number(hid.slice(1, 3));
    const r = Number(hid.slice(3));
    return hid[0] === w.sheet && c >= w.cols[0] && c <= w.cols[1] && r >= w.rows[0] && r <= w.rows[1];
  });
  for (const [hid, h] of Object.entries(map.hexes)) {
    if (!(h.ids ?? [hid]).some(inWindow)) continue;
    if (h.kind === 'sea' || !h.terrain || h.terrain === 'lake') continue;
    const o = layer.overrides[hid];
    const country = o?.country ?? h.country ?? '';
    if (!countries.includes(country)) continue;
    const feature = o?.feature ?? (h.city ? (h.city.resource === 'city' ? 'city-resource' : 'city') : h.resource === 'plain' ? 'resource' : undefined);
    const owner: Side | null = ctl.axis.hexes.includes(hid) ? 'axis' : ctl.allies.hexes.includes(hid) ? 'allies'
      : ctl.allies.countries.includes(country) ? 'allies' : ctl.axis.countries.includes(country) ? 'axis' : null;
    const port = o ? o.port : h.city?.port;
    const name = o?.name ?? h.city?.name ?? h.place;
    hexes[hid] = {
      country, terrain: h.terrain, owner, zone: h.weather,
      ...(name ? { name } : {}),
      ...(feature ? { feature } : {}),
      ...(port ? { port } : {}),
      ...(h.city?.capital && !o ? { capital: true as const } : {}),
    };
  }
  const river = new Set<number>();
  const closed = new Set<number>();
  for (const [key, side] of Object.entries(map.hexsides)) {
    const [a, c] = key.split('|') as [string, string];
    if (!hexes[a] || !hexes[c]) continue;
    const e = b.edgeBetween(b.index(a), b.index(c));
    if (e < 0) continue;
    if (side.type === 'sea' || side.lake) closed.add(e);
    else if (side.river) river.add(e);
  }
  const byNode = new Map<number, TheatreHex>();
  for (const [h, x] of Object.entries(hexes)) byNode.set(b.index(h), x);
  const edges = new Set<string>();
  for (const h of Object.keys(hexes)) {
    const n = b.index(h);
    for (let i = b.adjStart[n]!; i < b.adjStart[n + 1]!; i++) {
      const x = b.adjNode[i]!;
      if (x >= b.hexCount || byNode.has(x)) continue;
      const o = map.hexes[b.id(x)];
      if (o && o.kind !== 'sea' && o.terrain !== 'lake' && countries.includes(o.country ?? '')) { edges.add(h); break; }
    }
  }
  const featured: Record<string, string[]> = {};
  const cityResources: Record<string, string[]> = {};
  for (const h of Object.keys(hexes).sort()) {
    const x = hexes[h]!;
    if (x.feature) (featured[x.country] ??= []).push(h);
    if (x.feature === 'city-resource') (cityResources[x.country] ??= []).push(h);
  }
  return { id, hexes, hex: (n) => byNode.get(n), river, closed, edges, featured, cityResources };
}

/** Each theatre's layer of the data. */
const LAYERS: Readonly<Record<TheatreId, () => TheatreLayer>> = {
  'poland-1939': () => etoData().poland,
  'bulge-1944': () => etoData().bulgeLayer,
  'britain-1940': () => etoData().britain,
  'norway-1940': () => etoData().norway,
  'west-1939': () => etoData().west1939,
};

/**
 * The land maps built so far: each is built the first time a game of its theatre asks (constant data of the rule set,
 * like the data itself), not when the rule set is loaded (a third of loading every rule set: each server, worker and
 * test process pays that).
 */
const LAND_MAPS = new Map<TheatreId, LandMap>();

const board = () => navalMap().board;
export const idx = (h: string): number => board().index(h);
export const hid = (n: number): string => board().id(n);
export const dist = (a: string, b: string): number => board().distance(idx(a), idx(b));

/** Theatre hexes next to `h` that a land unit can reach across the hexside (24.1). */
export function neighbours(l: LandState, h: string): string[] {
  const b = board();
  const m = landMap(theatreOf(l));
  const n = b.index(h);
  const out: string[] = [];
  for (let i = b.adjStart[n]!; i < b.adjStart[n + 1]!; i++) {
    const x = b.adjNode[i]!;
    if (x < b.hexCount && m.hex(x) && !m.closed.has(b.adjEdge[i]!)) out.push(b.id(x));
  }
  return out;
}

export const layerHex = (l: LandState, h: string): TheatreHex | undefined => landMap(theatreOf(l)).hexes[h];
/** A hex as players read it: "Warsaw (W3533)", or the id of an unnamed hex. */
export function placeName(l: LandState, h: string): string {
  const n = layerHex(l, h)?.name;
  return n ? `${n} (${h})` : h;
}
export function acrossRiver(l: LandState, a: string, b: string): boolean {
  return landMap(theatreOf(l)).river.has(board().edgeBetween(idx(a), idx(b)));
}

/** 24.4 control: last side to enter with a land unit, else the scenario's starting owner; null = neutral. */
export function controller(l: LandState, h: string): Side | null {
  return l.control[h] ?? layerHex(l, h)?.owner ?? null;
}

export const isGermanTerritory = (l: LandState, h: string): boolean => layerHex(l, h)?.owner === 'axis';

/**
 * ETO 1.1-1.4: the weather a land unit meets in a hex of `zone` in a month of `condition`. The mild zone of France
 * and Germany is moderate for air grounding only; land units there are unaffected (1.4).
 */
export function zoneWeather(condition: 'F' | 'M' | 'W', zone: WeatherZone): LandWeather {
  if (condition === 'F' || zone === 'mild' || zone === 'mild-fg') return 'fair';
  if (condition === 'M') return zone === 'severe' ? 'mud' : 'fair';
  return zone === 'severe' ? 'winter' : 'mud';
}
export function hexWeather(l: LandState, condition: 'F' | 'M' | 'W', h: string): LandWeather {
  const x = layerHex(l, h);
  return x ? zoneWeather(condition, x.zone) : 'fair';
}

/** 24.2: land units (not generals or HQs) that count for stacking. */
export function landUnitsAt(l: LandState, h: string, side?: Side): LandUnit[] {
  return Object.values(l.units).filter((u) => u.where === 'map' && u.hex === h && (u.kind === 'inf' || u.kind === 'armor') && (!side || u.side === side));
}
/** Land units that fight in a hex: infantry, armor and paratroops (19.0: these count for neither stacking nor ZOC). */
export function combatantsAt(l: LandState, h: string, side?: Side): LandUnit[] {
  return Object.values(l.units).filter((u) => u.where === 'map' && u.hex === h && (u.kind === 'inf' || u.kind === 'armor' || u.kind === 'para') && (!side || u.side === side));
}
export function unitsAt(l: LandState, h: string): LandUnit[] {
  return Object.values(l.units).filter((u) => u.where === 'map' && u.hex === h);
}
export const stackLimit = (l: LandState, h: string): number => (layerHex(l, h)?.feature === 'city-resource' ? 3 : 2);

export function unitStrength(u: LandUnit): number {
  return u.depleted ? u.depletedStrength : u.strength;
}
export function airStrength(a: AirUnit): number {
  return a.depleted ? a.depletedStrength : a.strength;
}

/** 25.0-25.1: hexes in the ZOC of `side`'s infantry and armor (armor projects none into marsh). */
export function zocOf(l: LandState, side: Side): Set<string> {
  const z = new Set<string>();
  for (const u of Object.values(l.units)) {
    if (u.where !== 'map' || u.side !== side || (u.kind !== 'inf' && u.kind !== 'armor') || !u.hex) continue;
    for (const n of neighbours(l, u.hex)) if (!(u.kind === 'armor' && layerHex(l, n)?.terrain === 'marsh')) z.add(n);
  }
  return z;
}

/** A hex a land unit of `side` may enter at all: on the layer, not neutral (39.0), no enemy land unit. */
/** Side of the land units in each occupied hex (24.2: the two sides never share a hex). */
export function occupancy(l: LandState): Map<string, Side> {
  const m = new Map<string, Side>();
  for (const u of Object.values(l.units)) if (u.where === 'map' && u.hex && (u.kind === 'inf' || u.kind === 'armor' || u.kind === 'para')) m.set(u.hex, u.side);
  return m;
}

export function mayEnter(l: LandState, side: Side, h: string, kind: LandKind, occ?: Map<string, Side>): boolean {
  const x = layerHex(l, h);
  if (!x) return false;
  if (controller(l, h) === null) return false;
  if (kind === 'armor' && x.terrain === 'marsh') return false;
  return occ ? (occ.get(h) ?? side) === side : combatantsAt(l, h).every((u) => u.side === side);
}

/** Weather and step limits on a move: hexes whose weather halves the allowance, hexes it may not enter. */
export interface MoveLimits {
  ignoreZoc?: boolean;
  weather?: (h: string) => LandWeather;
  forbid?: (h: string) => boolean;
}

export interface MoveOption {
  to: string;
  path: string[];
}

/** A land unit's state on a hex during a move (25.2-25.3) and whether mud or winter has slowed it (1.2-1.3). */
const FREE = 0, SLIP = 1, STOP = 2, SLOW = 3;

/** True when a land unit may step from board node `from` to `to` along `edge`: both theatre hexes, not across an all-sea or lake side (24.1). */
function landStep(m: LandMap, to: number, edge: number): boolean {
  return m.hex(to) !== undefined && !m.closed.has(edge);
}

/**
 * 24.0, 25.2-25.3: every hex a unit can reach with `mp` 1-MP hexes, with the path taken (the first found, breadth
 * first). Infantry stops on entering enemy ZOC and may leave a ZOC hex only into a hex free of it; armor may move one
 * hex more after entering enemy ZOC and, starting in enemy ZOC, may move one hex into another ZOC hex.
 * `ignoreZoc` is breakthrough movement without a general (28.3).
 */
export function moveOptions(l: LandState, u: LandUnit, from: string, mp: number, opts: MoveLimits = {}): MoveOption[] {
  const b = board();
  const m = landMap(theatreOf(l));
  const zoc = zocOf(l, u.side === 'axis' ? 'allies' : 'axis');
  const occ = occupancy(l);
  const half = Math.ceil(mp / 2);
  const forest = (h: string) => layerHex(l, h)?.terrain === 'forest';
  const start = b.index(from);
  const reach = layeredMovementRange(b, start, FREE, mp, {
    layers: 6,
    next(f, layer, t, e, spent) {
      const mode = layer % SLOW;
      if (mode === STOP || !landStep(m, t, e)) return -1;
      const h = b.id(f), n = b.id(t);
      if (!mayEnter(l, u.side, n, u.kind, occ) || opts.forbid?.(n)) return -1;
      // 1.2, 1.3: entering a mud or winter hex halves the allowance (rounded up) for the whole move.
      const slow = layer >= SLOW || (opts.weather ? opts.weather(n) !== 'fair' : false);
      if (slow && spent + 1 > half) return -1;
      let next = FREE;
      if (!opts.ignoreZoc) {
        const fromZoc = zoc.has(h);
        const toZoc = zoc.has(n);
        if (u.kind === 'armor') {
          if (mode === SLIP) next = STOP;
          else if (toZoc) next = spent === 0 && fromZoc ? STOP : SLIP;
        } else if (mode === SLIP || (spent === 0 && fromZoc && toZoc)) {
          // 25.2: from a forest hex in enemy ZOC (entered or started in) infantry may go on to one adjacent forest hex
          // also in enemy ZOC, then stops (SLIP = that one hop is still open).
          if (!(u.kind === 'inf' && toZoc && fromZoc && forest(h) && forest(n))) return -1;
          next = STOP;
        } else if (toZoc) next = u.kind === 'inf' && forest(n) ? SLIP : STOP;
      }
      return next + (slow ? SLOW : 0);
    },
  });
  return reach.nodes().filter((n) => n !== start).map((n) => ({ to: b.id(n), path: reach.pathTo(n).map((x) => b.id(x)) }))
    .sort((x, y) => x.to.localeCompare(y.to));
}

/**
 * Why `to` is not among a land unit's moves, naming the rule (refusals cite the rule case, issue 20): the hex itself,
 * then one limit lifted at a time (enemy ZOC, weather, the allowance). Null when it is within reach or nothing single
 * explains it.
 */
export function explainLandMove(l: LandState, u: LandUnit, from: string, mp: number, opts: MoveLimits, to: string): { rule: string; message: string } | null {
  const x = layerHex(l, to);
  if (!x) return { rule: 'ETO 24.1', message: `no land unit may enter ${to} (all-sea, all-lake, Switzerland or off the theatre map)` };
  if (u.kind === 'armor' && x.terrain === 'marsh') return { rule: 'ETO 24.1', message: `armor cannot enter a marsh hex (${to})` };
  if (controller(l, to) === null) return { rule: 'ETO 24.1, 30.2', message: `${to} is neutral: no land unit crosses a neutral border here` };
  if (landUnitsAt(l, to).some((v) => v.side !== u.side)) return { rule: 'ETO 24.0', message: `${to} holds enemy land units (attack it instead)` };
  const reaches = (o: MoveLimits, m = mp) => moveOptions(l, u, from, m, o).some((v) => v.to === to);
  if (reaches(opts)) return null;
  if (!opts.ignoreZoc && reaches({ ...opts, ignoreZoc: true })) {
    return { rule: u.kind === 'armor' ? 'ETO 25.3' : 'ETO 25.2', message: `${u.name} would have to stop in an enemy ZOC on the way to ${to}` };
  }
  if (opts.weather && reaches({ ...opts, weather: undefined })) {
    return { rule: 'ETO 1.2, 1.3', message: `a mud or winter hex on the way halves the allowance of ${mp} (rounded up) for the whole move` };
  }
  if (reaches({ ignoreZoc: true }, 99)) return { rule: 'ETO 24.0', message: `${to} is beyond the ${mp} movement points ${u.name} has` };
  return null;
}

/** 23.2: HQ moves up to `mp` hexes; it may enter enemy ZOC only where a friendly land unit is (30.1: stopping there when `stopInZoc`). */
export function hqMoveOptions(l: LandState, hq: LandUnit, mp: number, opts: { stopInZoc?: boolean } = {}): MoveOption[] {
  const b = board();
  const m = landMap(theatreOf(l));
  const zoc = zocOf(l, hq.side === 'axis' ? 'allies' : 'axis');
  const occ = occupancy(l);
  const start = b.index(hq.hex!);
  const reach = movementRange(b, start, mp, {
    enterCost: (_f, t, e) => (landStep(m, t, e) ? 1 : Infinity),
    mayEnter(t) {
      const n = b.id(t);
      if (controller(l, n) === null || (occ.get(n) ?? hq.side) !== hq.side) return false;
      return !(zoc.has(n) && occ.get(n) !== hq.side);
    },
    mustStop: (t) => !!opts.stopInZoc && zoc.has(b.id(t)),
  });
  return reach.nodes().filter((n) => n !== start).map((n) => ({ to: b.id(n), path: reach.pathTo(n).map((x) => b.id(x)) }))
    .sort((x, y) => x.to.localeCompare(y.to));
}

/**
 * 32.1: supply sources of a side: the city resource hexes of its nations' home countries that it still controls. A
 * scenario may replace them (scenario 3 [3.2]: the Allies trace to French city or resource hexes that are ports,
 * and to Antwerp).
 */
export function supplySources(l: LandState, side: Side): string[] {
  const m = landMap(theatreOf(l));
  const special = playOf(l.scenario).rules.supply?.[side];
  const nations = new Set(Object.values(l.units).filter((u) => u.side === side).map((u) => u.nation));
  const home = new Set([...nations].flatMap(homeCountries));
  const ok = (h: string, x: TheatreHex): boolean => {
    if (controller(l, h) !== side) return false;
    if (special) return (special.portsOf.includes(x.country) && !!x.feature && !!x.port) || special.hexes.includes(h);
    return x.feature === 'city-resource' && home.has(x.country);
  };
  return Object.entries(m.hexes).filter(([h, x]) => ok(h, x)).map(([h]) => h);
}

/**
 * Theatre hexes joined to `sources` by land steps through hexes `mayEnter` allows (the sources themselves always
 * count): one multi-source search of src/board (supply lines, 32.3; the area behind a front, 24.5).
 */
export function landReach(l: LandState, sources: readonly string[], mayEnter: (h: string) => boolean): Set<string> {
  const b = board();
  const m = landMap(theatreOf(l));
  const from = new Set(sources.map((h) => b.index(h)));
  const sup = traceSupply(b, [...from], {
    mayOccupy: (n) => from.has(n) || (m.hex(n) !== undefined && mayEnter(b.id(n))),
    mayStep: (_f, t, e) => landStep(m, t, e),
  });
  return new Set(Object.keys(m.hexes).filter((h) => sup.isSupplied(b.index(h))));
}

/**
 * 32.3: hexes reachable from a source through friendly hexes free of enemy units and of enemy ZOC (unless occupied);
 * with `air`, the hexes of the side's air supply markers too (32.6: each supplies its own hex only, ruling 77).
 */
export function suppliedHexes(l: LandState, side: Side, air = true): Set<string> {
  const enemyZoc = zocOf(l, side === 'axis' ? 'allies' : 'axis');
  const occ = occupancy(l);
  const ok = (h: string) => controller(l, h) === side && (occ.get(h) ?? side) === side && (!enemyZoc.has(h) || occ.get(h) === side);
  // A source itself is never cut by enemy ZOC, only by enemy occupation (ruling); supply markers (32.4) are sources.
  const mine = (l.markers ?? []).filter((m) => m.side === side && controller(l, m.hex) === side && (occ.get(m.hex) ?? side) === side);
  const markers = mine.filter((m) => !m.air).map((m) => m.hex);
  const reach = landReach(l, [...supplySources(l, side), ...markers].filter((h) => (occ.get(h) ?? side) === side), ok);
  if (air) for (const m of mine) if (m.air) reach.add(m.hex);
  // 32.7: units that landed by amphibious assault are in supply for the rest of the turn.
  for (const u of Object.values(l.units)) if (u.landed && u.side === side && u.where === 'map' && u.hex) reach.add(u.hex);
  return reach;
}

/**
 * 27.3 retreat paths of `hexes` length from `from`: each hex farther from the combat hex, never into enemy units,
 * neutral hexes, or enemy ZOC without a friendly land unit; the end not overstacked and, when the stack has a
 * source, closer to one than the combat hex. Paths avoiding hexes next to enemy units are preferred when any exist.
 */
export function retreatPaths(l: LandState, side: Side, from: string, hexes: number, movers: LandUnit[]): string[][] {
  const b = board();
  const m = landMap(theatreOf(l));
  const enemy = side === 'axis' ? 'allies' : 'axis';
  const zoc = zocOf(l, enemy);
  const occ = occupancy(l);
  const sources = supplySources(l, side).filter((s) => s !== from);
  const start = b.index(from);
  const paths = routes(b, start, hexes, (_f, t, e, depth) => {
    if (!landStep(m, t, e) || b.distance(t, start) !== depth + 1) return false;
    const n = b.id(t);
    if (movers.some((x) => !mayEnter(l, side, n, x.kind))) return false;
    return !(zoc.has(n) && occ.get(n) !== side && layerHex(l, n)?.terrain !== 'forest');
  }).map((p) => p.map((x) => b.id(x))).filter((p) => {
    const h = p[p.length - 1]!;
    if (landUnitsAt(l, h, side).length + movers.filter((x) => x.kind === 'inf' || x.kind === 'armor').length > stackLimit(l, h)) return false;
    return !sources.length || sources.some((s) => dist(h, s) < dist(from, s));
  });
  const enemyUnits = new Set(Object.values(l.units).filter((u) => u.where === 'map' && u.side === enemy && (u.kind === 'inf' || u.kind === 'armor')).map((u) => u.hex!));
  const quiet = paths.filter((p) => p.every((h) => neighbours(l, h).every((n) => !enemyUnits.has(n))));
  return quiet.length ? quiet : paths;
}

/** The land state's lists that are absent until first used (pilots, markers, ...). */
type OptionalList = { [K in keyof LandState]-?: undefined extends LandState[K] ? (NonNullable<LandState[K]> extends unknown[] ? K : never) : never }[keyof LandState];

/** In an apply: `item` appended to one of those lists, made when absent (its key then comes last, as `??= []` put it). */
export function appendToLand<K extends OptionalList>(s: EtoState, key: K, item: NonNullable<LandState[K]>[number]): void {
  const l = write(s, 'land') as Record<OptionalList, unknown[] | undefined>;
  if (l[key]) (write(s, 'land', key) as unknown[]).push(item); else l[key] = [item];
}

export const landOf = (s: EtoState): LandState => {
  if (!s.land) throw new Error('ETO: this game has no land state (scenario without land rules)');
  return s.land;
};
