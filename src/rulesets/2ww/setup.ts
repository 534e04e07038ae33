// 2WW 2 Setup from data/setup.json: fixed hexes are placed at once; "anywhere in X" units are placed by their
// side through prompts (or by a default deployment with the quickSetup option).
import { write } from '../../engine/index.ts';
import type { Frame, Procedure } from '../../engine/index.ts';
import { type Location, scenario } from './data/index.ts';
import { lazy } from './data/lazy.ts';
import { extraMapCountries } from './campaign.ts';
import { initialControl, initialCountries, initialPolitics } from './politics.ts';
import { FUTURE, POOL, type Side, type TwoWWState, type UnitState } from './state.ts';
import { actionOf, type PlaceAction } from './actions.ts';
import { STACKING_LIMITS, stackClass } from './stacking.ts';
import { type World, onMap, placeName, sideOfUnit, unitEntries, unitName, worldOf, worldById } from './world.ts';

/** Side that places a group (2WW 2.7, 2.8: the Allies place the neutrals). */
function placer(state: TwoWWState, unit: string): Side {
  return sideOfUnit(state, unit) === 'axis' ? 'axis' : 'allies';
}

/** Hexes of each setup location per world, listed on first use: a memo of static data (worlds and locations never change). */
const locationCache = new WeakMap<World, Map<Location, readonly number[]>>();

/** Hexes a setup location allows. */
export function locationHexes(w: World, loc: Location): readonly number[] {
  let byLoc = locationCache.get(w);
  if (!byLoc) locationCache.set(w, (byLoc = new Map()));
  let hexes = byLoc.get(loc);
  if (!hexes) byLoc.set(loc, (hexes = scanLocation(w, loc)));
  return hexes;
}

function scanLocation(w: World, loc: Location): number[] {
  const out: number[] = [];
  if (loc.kind === 'hex') return [w.board.index(loc.hex)];
  if (loc.kind !== 'area') return out;
  const inCountry = (n: number, c: string) => {
    const h = w.hexes[n];
    return !!h && h.kind !== 'sea' && h.country === c && !h.overseas;
  };
  for (let n = 0; n < w.board.hexCount; n++) {
    if (!inCountry(n, loc.country)) continue;
    const h = w.hexes[n]!;
    if (loc.within === 'country') out.push(n);
    else if (loc.within === 'port') { if (h.port) out.push(n); }
    else if (loc.within === 'adjacent-to-country') {
      if (w.adj[n]!.some((b) => (loc.countries ?? []).some((c) => c === w.hexes[b]?.country))) out.push(n);
    } else if (loc.within === 'border-zone') {
      const border = (x: number) => w.adj[x]!.some((b) => (loc.borderWith ?? []).some((c) => c === w.hexes[b]?.country));
      if (border(n) || w.adj[n]!.some((b) => inCountry(b, loc.country) && border(b))) out.push(n);
    }
  }
  for (const extra of loc.kind === 'area' ? loc.alsoHexes ?? [] : []) {
    const n = w.board.find(extra);
    if (n >= 0 && !out.includes(n)) out.push(n);
  }
  return out;
}

/** Hexes where a unit may still be placed: in its area, with room under the stacking limits (5.2.1). */
export function placementHexes(state: TwoWWState, unit: string, loc: Location): string[] {
  const w = worldOf(state);
  const side = sideOfUnit(state, unit);
  const cls = stackClass(state, unit);
  // Count the unit's own kind per place once, not once per candidate hex.
  const same = new Map<string, number>();
  for (const [o, u] of unitEntries(state)) {
    if (o === unit || !onMap(u.where) || sideOfUnit(state, o) !== side || stackClass(state, o) !== cls) continue;
    same.set(u.where, (same.get(u.where) ?? 0) + 1);
  }
  return locationHexes(w, loc).filter((n) => (same.get(w.board.id(n)) ?? 0) < STACKING_LIMITS[cls]).map((n) => w.board.id(n)).sort();
}

/** Default deployment: the least crowded legal hex, cities first, then by id. */
export function defaultPlacement(state: TwoWWState, unit: string, loc: Location): string | null {
  const w = worldOf(state);
  const opts = placementHexes(state, unit, loc);
  if (!opts.length) return null;
  const count = new Map<string, number>();
  for (const u of Object.values(state.units)) count.set(u.where, (count.get(u.where) ?? 0) + 1);
  const score = new Map(opts.map((h) => [h, (count.get(h) ?? 0) * 10 + (w.hexes[w.board.index(h)]?.city ? 0 : 1)]));
  return [...opts].sort((a, b) => score.get(a)! - score.get(b)! || (a < b ? -1 : 1))[0]!;
}

export interface PlacementFrame extends Frame { queue: string[] }

/** Each unit's setup location (setup.json): static data, read once. */
const locations = lazy((): ReadonlyMap<string, Location> => new Map(scenario().units.map((e) => [e.unit, e.location])));

/** Build the starting state of the campaign (without the kernel's fields). */
export function campaignSetup(options: Record<string, unknown>): Omit<TwoWWState, 'ruleset' | 'scenario' | 'rng' | 'seq' | 'outcome' | 'sealed'> {
  const w = worldById('campaign');
  const sc = scenario();
  const units: Record<string, UnitState> = {};
  for (const id of Object.keys(w.units)) units[id] = { where: FUTURE, reduced: false, ops: false };
  const countries = initialCountries();
  for (const c of extraMapCountries()) countries[c] ??= { controller: null, status: 'neutral' };
  const state = {
    world: 'campaign', options: { quickSetup: !!options.quickSetup },
    turn: sc.startTurn, phase: 'Setup', activeSide: null, units, control: {}, countries,
    politics: initialPolitics(),
    production: { bombed: [], points: {}, lendLease: { gb: 0, su: 0 }, convoyLosses: {} },
    stack: [] as Frame[],
  } as unknown as TwoWWState;
  state.control = initialControl(state);
  const queue: string[] = [];
  const order = sc.placementOrder;
  const group = (unit: string): number => {
    const nat = w.units[unit]!.nationality;
    const i = order.indexOf(nat);
    if (i >= 0) return i;
    return ['fi', 'hu', 'ru', 'bg'].includes(nat) ? order.indexOf('axis-minors') : order.indexOf('neutrals');
  };
  const entries = [...sc.units].sort((a, b) => group(a.unit) - group(b.unit));
  for (const e of entries) {
    const u = units[e.unit]!;
    u.reduced = e.side === 'reduced';
    if (e.location.kind === 'hex') u.where = e.location.hex;
    else if (e.location.kind === 'box') u.where = e.location.box;
    else if (e.location.kind === 'force-pool') u.where = POOL;
    else if (e.location.kind === 'held') u.where = FUTURE;
    else queue.push(e.unit);
  }
  const loc = locations();
  if (options.quickSetup) {
    for (const id of queue) units[id]!.where = defaultPlacement(state, id, loc.get(id)!) ?? POOL;
    state.stack = [{ proc: 'game' }];
  } else {
    state.stack = [{ proc: 'game' }, { proc: 'setup-placement', queue }];
  }
  return state;
}

/** 2WW 2: each side places its "anywhere in X" units, one at a time, in the order of section 2. */
export const setupPlacement: Procedure<TwoWWState, PlacementFrame> = {
  prompts(state, frame) {
    const unit = frame.queue[0];
    if (!unit) return [];
    const loc = locations().get(unit)!;
    const hexes = placementHexes(state, unit, loc);
    const w = worldOf(state);
    return [{
      seat: placer(state, unit), rule: '2WW 2', kind: 'place',
      text: `Setup: place ${unitName(state, unit)}${state.units[unit]!.reduced ? ' (reduced)' : ''}`,
      choices: hexes.map((h) => ({ action: { type: 'place', unit, hex: h }, label: `Place ${unitName(state, unit)} in ${placeName(w, h)}`, refs: { units: [unit], place: h } })),
    }];
  },
  run(ctx, frame) {
    const unit = frame.queue[0];
    if (!unit) {
      ctx.state.phase = 'Setup complete';
      ctx.pop();
      return;
    }
    // No room at all: the unit waits in the force pool.
    write(ctx.state, 'units', unit).where = POOL;
    ctx.log(`${unit} finds no legal setup hex and goes to the force pool`, '2WW 2');
    ctx.goto('setup-placement', { queue: frame.queue.slice(1) });
  },
  act(ctx, frame, _seat, action) {
    const a = actionOf<PlaceAction>(action);
    write(ctx.state, 'units', a.unit).where = a.hex;
    ctx.goto('setup-placement', { queue: frame.queue.slice(1) });
  },
};

/** Units on the map of a power (for tests and views). */
export function unitsOnMap(state: TwoWWState): string[] {
  return Object.keys(state.units).filter((id) => onMap(state.units[id]!.where));
}
