// ETO land model: the Polish-theatre hex layer on the W/E board, land and air units, control, ZOC (25), stacking
// (24.2), offensive movement (24, 25.2-25.3), supply tracing (32.3) and retreat paths (27.3).
import type { LandLayer } from './data/index.ts';
import { etoData } from './data/index.ts';
import { navalMap } from './map.ts';
import type { EtoState, Side } from './state.ts';

export type LandKind = 'inf' | 'armor' | 'general' | 'hq';
export type Nation = 'germany' | 'poland';

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
  where: 'setup' | 'map' | 'replenishment' | 'force-pool' | 'removed';
  radius?: number;
  attacks?: number;
  combat?: number;
  exploit?: number;
  /** Generals: eligible to exploit (28.5 flips it after a breakthrough). */
  eligible?: boolean;
}

export interface AirUnit {
  id: string;
  name: string;
  nation: Nation;
  side: Side;
  kind: 'fighter' | 'fighter-bomber' | 'bomber';
  strength: number;
  depletedStrength: number;
  range: number;
  quality: number;
  depleted: boolean;
  where: 'setup' | 'map' | 'force-pool';
  base: string | null;
  /** 20.0 commitment: none, CC (this offensive), PC. */
  committed: 'none' | 'CC' | 'PC';
}

export interface LandState {
  units: Record<string, LandUnit>;
  air: Record<string, AirUnit>;
  /** Hexes whose control differs from the layer's 1939 owner (24.4). */
  control: Record<string, Side>;
  airfields: string[];
  polishSide: 'scripted' | 'human';
  /** Units activated for the offensive (22.0). */
  activated: string[];
  hqs: string[];
  /** Nations against which the German blitzkrieg bonus is in effect this turn (44.1). */
  blitz: string[];
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
}

export interface LandMap {
  layer: LandLayer;
  /** Board node -> layer hex (undefined: off the layer). */
  hex: (node: number) => LandLayer['hexes'][string] | undefined;
  river: Set<number>;
}

let cached: LandMap | null = null;

export function landMap(): LandMap {
  if (cached) return cached;
  const layer = etoData().poland;
  const b = navalMap().board;
  const byNode = new Map<number, LandLayer['hexes'][string]>();
  for (const [id, h] of Object.entries(layer.hexes)) byNode.set(b.index(id), h);
  const river = new Set<number>();
  for (const [a, c, name] of layer.rivers) {
    const e = b.edgeBetween(b.index(a), b.index(c));
    if (e < 0) throw new Error(`map-layers/poland-1939.json rivers: ${a} and ${c} (${name}) are not adjacent; list neighbours only`);
    river.add(e);
  }
  cached = { layer, hex: (n) => byNode.get(n), river };
  return cached;
}

const board = () => navalMap().board;
export const idx = (h: string): number => board().index(h);
export const hid = (n: number): string => board().id(n);
export const dist = (a: string, b: string): number => board().distance(idx(a), idx(b));

export function neighbours(h: string): string[] {
  const b = board();
  const n = b.index(h);
  const out: string[] = [];
  for (let i = b.adjStart[n]!; i < b.adjStart[n + 1]!; i++) {
    const m = b.adjNode[i]!;
    if (m < b.hexCount && landMap().hex(m)) out.push(b.id(m));
  }
  return out;
}

export const layerHex = (h: string) => landMap().layer.hexes[h];
export function acrossRiver(a: string, b: string): boolean {
  return landMap().river.has(board().edgeBetween(idx(a), idx(b)));
}

const OWNER: Record<string, Side | null> = {
  germany: 'axis', 'east-prussia': 'axis', slovakia: 'axis', poland: 'allies',
  lithuania: null, latvia: null, ussr: null, hungary: null, romania: null,
};

/** 24.4 control: last side to enter with a land unit, else the 1939 owner; null = neutral. */
export function controller(l: LandState, h: string): Side | null {
  return l.control[h] ?? OWNER[layerHex(h)?.country ?? ''] ?? null;
}

export const isGermanTerritory = (h: string): boolean => OWNER[layerHex(h)?.country ?? ''] === 'axis';

/** 24.2: land units (not generals or HQs) that count for stacking. */
export function landUnitsAt(l: LandState, h: string, side?: Side): LandUnit[] {
  return Object.values(l.units).filter((u) => u.where === 'map' && u.hex === h && (u.kind === 'inf' || u.kind === 'armor') && (!side || u.side === side));
}
export function unitsAt(l: LandState, h: string): LandUnit[] {
  return Object.values(l.units).filter((u) => u.where === 'map' && u.hex === h);
}
export const stackLimit = (h: string): number => (layerHex(h)?.feature === 'city-resource' ? 3 : 2);

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
    for (const n of neighbours(u.hex)) if (!(u.kind === 'armor' && layerHex(n)?.terrain === 'marsh')) z.add(n);
  }
  return z;
}

/** A hex a land unit of `side` may enter at all: on the layer, not neutral (39.0), no enemy land unit. */
export function mayEnter(l: LandState, side: Side, h: string, kind: LandKind): boolean {
  const x = layerHex(h);
  if (!x) return false;
  if (controller(l, h) === null) return false;
  if (kind === 'armor' && x.terrain === 'marsh') return false;
  return landUnitsAt(l, h).every((u) => u.side === side);
}

export interface MoveOption {
  to: string;
  path: string[];
}

/**
 * 24.0, 25.2-25.3: every hex a unit can reach with `mp` 1-MP hexes. Infantry stops on entering enemy ZOC and may
 * leave a ZOC hex only into a hex free of it; armor may move one hex more after entering enemy ZOC and, starting in
 * enemy ZOC, may move one hex into another ZOC hex. `ignoreZoc` is breakthrough movement without a general (28.3).
 */
export function moveOptions(l: LandState, u: LandUnit, from: string, mp: number, opts: { ignoreZoc?: boolean } = {}): MoveOption[] {
  const zoc = zocOf(l, u.side === 'axis' ? 'allies' : 'axis');
  type St = { h: string; mode: 'free' | 'slip' | 'stop'; path: string[] };
  const best = new Map<string, MoveOption>();
  const seen = new Set<string>();
  let frontier: St[] = [{ h: from, mode: 'free', path: [from] }];
  for (let step = 0; step < mp && frontier.length; step++) {
    const next: St[] = [];
    for (const s of frontier) {
      if (s.mode === 'stop') continue;
      for (const n of neighbours(s.h)) {
        if (!mayEnter(l, u.side, n, u.kind)) continue;
        let mode: St['mode'] = 'free';
        if (!opts.ignoreZoc) {
          const fromZoc = zoc.has(s.h);
          const toZoc = zoc.has(n);
          if (u.kind === 'armor') {
            if (s.mode === 'slip') mode = 'stop';
            else if (toZoc) mode = step === 0 && fromZoc ? 'stop' : 'slip';
          } else {
            if (step === 0 && fromZoc && toZoc) continue;
            if (toZoc) mode = 'stop';
          }
        }
        const key = `${n}|${mode}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const path = [...s.path, n];
        if (!best.has(n) && n !== from) best.set(n, { to: n, path });
        next.push({ h: n, mode, path });
      }
    }
    frontier = next;
  }
  return [...best.values()].sort((a, b) => a.to.localeCompare(b.to));
}

/** 23.2: HQ moves up to 3 hexes; it may enter enemy ZOC only where a friendly land unit is. */
export function hqMoveOptions(l: LandState, hq: LandUnit, mp: number): MoveOption[] {
  const zoc = zocOf(l, hq.side === 'axis' ? 'allies' : 'axis');
  const best = new Map<string, MoveOption>([[hq.hex!, { to: hq.hex!, path: [hq.hex!] }]]);
  let frontier = [hq.hex!];
  for (let i = 0; i < mp; i++) {
    const next: string[] = [];
    for (const h of frontier) {
      for (const n of neighbours(h)) {
        if (best.has(n) || controller(l, n) === null) continue;
        if (landUnitsAt(l, n).some((x) => x.side !== hq.side)) continue;
        if (zoc.has(n) && landUnitsAt(l, n, hq.side).length === 0) continue;
        best.set(n, { to: n, path: [...best.get(h)!.path, n] });
        next.push(n);
      }
    }
    frontier = next;
  }
  best.delete(hq.hex!);
  return [...best.values()].sort((a, b) => a.to.localeCompare(b.to));
}

/** 32.1: supply sources of a side: its home city resource hexes it still controls. */
export function supplySources(l: LandState, side: Side): string[] {
  const home = side === 'axis' ? ['germany', 'east-prussia'] : ['poland'];
  return Object.entries(landMap().layer.hexes)
    .filter(([h, x]) => x.feature === 'city-resource' && home.includes(x.country) && controller(l, h) === side)
    .map(([h]) => h);
}

/** 32.3: hexes reachable from a source through friendly hexes free of enemy units and of enemy ZOC (unless occupied). */
export function suppliedHexes(l: LandState, side: Side): Set<string> {
  const enemyZoc = zocOf(l, side === 'axis' ? 'allies' : 'axis');
  const ok = (h: string) => controller(l, h) === side && landUnitsAt(l, h).every((u) => u.side === side)
    && (!enemyZoc.has(h) || landUnitsAt(l, h, side).length > 0);
  const out = new Set<string>();
  // A source itself is never cut by enemy ZOC, only by enemy occupation (ruling).
  const queue = supplySources(l, side).filter((h) => landUnitsAt(l, h).every((u) => u.side === side));
  for (const q of queue) out.add(q);
  while (queue.length) {
    const h = queue.shift()!;
    for (const n of neighbours(h)) if (!out.has(n) && ok(n)) { out.add(n); queue.push(n); }
  }
  return out;
}

/**
 * 27.3 retreat paths of `hexes` length from `from`: each hex farther from the combat hex, never into enemy units,
 * neutral hexes, or enemy ZOC without a friendly land unit; the end not overstacked and, when the stack has a
 * source, closer to one than the combat hex. Paths avoiding hexes next to enemy units are preferred when any exist.
 */
export function retreatPaths(l: LandState, side: Side, from: string, hexes: number, movers: LandUnit[]): string[][] {
  const enemy = side === 'axis' ? 'allies' : 'axis';
  const zoc = zocOf(l, enemy);
  const sources = supplySources(l, side).filter((s) => s !== from);
  const paths: string[][] = [];
  const walk = (path: string[]) => {
    const h = path[path.length - 1]!;
    if (path.length - 1 === hexes) {
      if (landUnitsAt(l, h, side).length + movers.filter((m) => m.kind === 'inf' || m.kind === 'armor').length > stackLimit(h)) return;
      if (sources.length && !sources.some((s) => dist(h, s) < dist(from, s))) return;
      paths.push(path.slice(1));
      return;
    }
    for (const n of neighbours(h)) {
      if (dist(n, from) !== path.length) continue;
      if (movers.some((m) => !mayEnter(l, side, n, m.kind))) continue;
      if (zoc.has(n) && landUnitsAt(l, n, side).length === 0 && layerHex(n)?.terrain !== 'forest') continue;
      walk([...path, n]);
    }
  };
  walk([from]);
  const enemyUnits = new Set(Object.values(l.units).filter((u) => u.where === 'map' && u.side === enemy && (u.kind === 'inf' || u.kind === 'armor')).map((u) => u.hex!));
  const quiet = paths.filter((p) => p.every((h) => neighbours(h).every((n) => !enemyUnits.has(n))));
  return quiet.length ? quiet : paths;
}

export const landOf = (s: EtoState): LandState => {
  if (!s.land) throw new Error('ETO: this game has no land state (scenario without land rules)');
  return s.land;
};
