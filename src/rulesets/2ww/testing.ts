// Test helpers for 2WW rules: small hand-made worlds and positions, and a way to play from them.
//
// Usage (any 2WW test, combat included):
//   const w = testWorld({ id: 'my-test', cols: [1, 6], rows: [1, 5], country: 'ge',
//     sea: ['0101', '0201'], coastal: ['0102'], ports: ['0102'], countries: { fr: ['0501', '0502'] } });
//   let s = testPosition(w, { turn: 3, units: { 'ge-inf-1': '0302', 'fr-inf-2': { where: '0402', reduced: true } } });
//   s = startAt(s, [{ proc: 'movement-phase', side: 'axis' }]);      // kernel fields + advance to the first prompt
//   s = act(s, 'axis', { type: 'move', unit: 'ge-inf-1', to: '0303' }); // applyAction with the 2WW rule set
//   choicesOf(s, 'axis')                                              // the legal actions now
// Units come from data/counters.json unless `units` is given to testWorld. Units not placed are in the FUTURE box.
import { allChoices, applyAction, createRng, setupGame, forceDice, prompts } from '../../engine/index.ts';
import type { Action, Frame, GameEvent, Ruleset } from '../../engine/index.ts';
import { FUTURE, type Side, type TwoWWState, type UnitState } from './state.ts';
import { type BoxData, type HexData, type HexKind, type World, makeWorld, registerWorld } from './world.ts';
import { twoWW } from './index.ts';
import { type CombatWorld, rulesCombatWorld } from './combat/index.ts';
import { initialCountries, initialPolitics } from './politics.ts';

export interface TestWorldSpec {
  id: string;
  cols: [number, number];
  rows: [number, number];
  /** Country of every hex not listed elsewhere (default "ge"). */
  country?: string;
  sea?: string[];
  coastal?: string[];
  straits?: string[];
  ports?: string[];
  /** Country of listed hexes. */
  countries?: Record<string, string[]>;
  /** Terrain of listed hexes (default clear). */
  terrain?: Record<string, string>;
  cities?: Record<string, string>;
  production?: string[];
  /** Capital hex -> power. */
  capitals?: Record<string, string>;
  regions?: Record<string, string[]>;
  /** Hexes rail movement may not enter (2WW 8.1.2). */
  noRail?: string[];
  /** Toulon's hex: a production city after Vichy (2WW 12.2.2). */
  vichyProduction?: string[];
  overseas?: string[];
  /** Capitals of their region's territory (2WW 12.2.3). */
  territoryCapitals?: string[];
  rivers?: string[];
  /** Hexsides "aaaa|bbbb" that are all sea between two coastal hexes. */
  seaSides?: string[];
  boxes?: (BoxData & { links: { to: string[]; cost: number }[] })[];
  /** Combat's view of the rules on this world, when a test replaces part of it (e.g. every unit in supply). */
  combat?: CombatWorld;
}

/** The rules' combat world with every land unit in supply: for small test worlds without capitals (2WW 11). */
export const allSupplied: CombatWorld = { ...rulesCombatWorld, landInSupply: () => true };

/** A small flat-topped hex board (odd columns shifted down), registered under `id`. */
export function testWorld(spec: TestWorldSpec): World {
  const kindOf = new Map<string, HexKind>();
  for (const h of spec.sea ?? []) kindOf.set(h, 'sea');
  for (const h of spec.coastal ?? []) kindOf.set(h, 'coastal');
  for (const h of spec.straits ?? []) kindOf.set(h, 'straits');
  for (const h of spec.ports ?? []) if (!kindOf.has(h)) kindOf.set(h, 'coastal');
  const countryOf = new Map<string, string>();
  for (const [c, hs] of Object.entries(spec.countries ?? {})) for (const h of hs) countryOf.set(h, c);
  const regionOf = new Map<string, string>();
  for (const [r, hs] of Object.entries(spec.regions ?? {})) for (const h of hs) regionOf.set(h, r);
  const hexes: Record<string, HexData> = {};
  for (let c = spec.cols[0]; c <= spec.cols[1]; c++) {
    for (let r = spec.rows[0]; r <= spec.rows[1]; r++) {
      const id = String(c).padStart(2, '0') + String(r).padStart(2, '0');
      const kind = kindOf.get(id) ?? 'land';
      const h: HexData = {
        id, kind, terrain: kind === 'sea' ? 'sea' : spec.terrain?.[id] ?? 'clear',
        country: kind === 'sea' ? null : countryOf.get(id) ?? spec.country ?? 'ge',
      };
      if (spec.ports?.includes(id)) h.port = true;
      if (spec.cities?.[id]) h.city = spec.cities[id];
      if (spec.production?.includes(id)) h.production = true;
      if (spec.capitals?.[id]) h.capitalOf = spec.capitals[id];
      if (regionOf.has(id)) h.region = regionOf.get(id);
      if (spec.overseas?.includes(id)) h.overseas = true;
      if (spec.territoryCapitals?.includes(id)) h.territoryCapital = true;
      if (spec.noRail?.includes(id)) h.noRail = true;
      if (spec.vichyProduction?.includes(id)) h.vichyProduction = true;
      hexes[id] = h;
    }
  }
  const hexsides: Record<string, { river?: boolean; allSea?: boolean }> = {};
  for (const r of spec.rivers ?? []) hexsides[r] = { river: true };
  for (const r of spec.seaSides ?? []) hexsides[r] = { allSea: true };
  const w = makeWorld({
    id: spec.id,
    board: {
      sheets: [{ prefix: '', cols: spec.cols, rows: spec.rows, offset: 'odd-down' }],
      nodes: (spec.boxes ?? []).map((b) => ({ id: b.id, kind: 'box' })),
      links: (spec.boxes ?? []).flatMap((b) => b.links.map((l) => ({ a: b.id, b: l.to, kind: 'box', cost: l.cost }))),
    },
    hexes, hexsides, boxes: (spec.boxes ?? []).map(({ links: _l, ...b }) => b), riverCost: 1, combat: spec.combat,
  });
  return registerWorld(w);
}

export interface PositionSpec {
  turn?: number;
  units: Record<string, string | (Partial<UnitState> & { where: string })>;
  countries?: TwoWWState['countries'];
  politics?: Partial<TwoWWState['politics']>;
  control?: Record<string, Side>;
  activeSide?: Side | null;
}

/** A game state on world `w` (kernel fields are added by startAt). */
export function testPosition(w: World, p: PositionSpec): TwoWWState {
  const units: Record<string, UnitState> = {};
  for (const id of Object.keys(w.units)) units[id] = { where: FUTURE, reduced: false, ops: false };
  for (const [id, v] of Object.entries(p.units)) {
    if (!w.units[id]) throw new Error(`testPosition: unit "${id}" is not in world "${w.id}"`);
    units[id] = typeof v === 'string' ? { where: v, reduced: false, ops: false } : { reduced: false, ops: false, ...v };
  }
  const countries = { ...initialCountries(), ...(p.countries ?? {}) };
  const s = {
    ruleset: '2ww', scenario: 'campaign-1939', rng: { s: [1, 2, 3, 4], forced: [], drawn: 0 }, stack: [], seq: 0,
    outcome: null, sealed: {}, world: w.id, options: {},
    turn: p.turn ?? 1, phase: 'test', activeSide: p.activeSide ?? null, units, control: { ...(p.control ?? {}) },
    countries, politics: { ...initialPolitics(), ...(p.politics ?? {}) },
    production: { bombed: [], points: {}, lendLease: { gb: 0, su: 0 }, convoyLosses: {} },
  } as unknown as TwoWWState;
  return s;
}

/** Put `stack` on the position, add the kernel's fields and advance to the first decision; `dice` are forced first. */
export function startAt(position: TwoWWState, stack: Frame[], seed = 'test', dice: number[] = []): TwoWWState {
  const { ruleset: _r, scenario: _s, rng: _g, seq: _q, outcome: _o, sealed: _x, ...body } = position;
  const rng = createRng(seed);
  if (dice.length) forceDice(rng, dice);
  const r = { ...twoWW, setup: () => ({ ...body, rng, stack }) };
  return setupGame(r as typeof twoWW, 'campaign-1939', {}, seed).state;
}

export function act(state: TwoWWState, seat: Side, action: Action): TwoWWState {
  return applyAction(twoWW, state, seat, action).state;
}

/** Every legal action of `seat` now, a structured prompt's groups expanded. */
export function choicesOf(state: TwoWWState, seat: Side): Action[] {
  return prompts(twoWW, state).filter((x) => x.seat === seat).flatMap((x) => allChoices(twoWW, state, x).map((c) => c.action));
}

/** Destinations offered to one unit by `type` ('move', 'rail', 'airdrop'). */
export function destinations(state: TwoWWState, seat: Side, unit: string, type = 'move'): string[] {
  return choicesOf(state, seat).flatMap((a) => (a.type === type && a.unit === unit && typeof a.to === 'string' ? [a.to] : [])).sort();
}

/**
 * A rule set (2WW, or 2WW with test procedures added) with start/play/choices bound to it and the events played so
 * far: `start` sets `stack` on the position, advances to the first decision, then forces `faces`.
 */
export function testRig(rs: Ruleset<TwoWWState> = twoWW, seed = 'test') {
  const events: GameEvent[] = [];
  return {
    rs, events,
    start(p: TwoWWState, stack: Frame[], faces: number[] = []): TwoWWState {
      const { ruleset: _r, scenario: _s, rng: _g, seq: _q, outcome: _o, sealed: _x, ...body } = p;
      const r = setupGame({ ...rs, setup: () => ({ ...body, stack }) } as Ruleset<TwoWWState>, 'campaign-1939', {}, seed);
      events.length = 0;
      events.push(...r.events);
      if (faces.length) forceDice(r.state.rng, faces);
      return r.state;
    },
    play(s: TwoWWState, seat: Side, a: Action): TwoWWState {
      const r = applyAction(rs, s, seat, a);
      events.push(...r.events);
      return r.state;
    },
    choices: (s: TwoWWState, seat: Side): Action[] => prompts(rs, s).filter((x) => x.seat === seat).flatMap((x) => allChoices(rs, s, x).map((c) => c.action)),
  };
}
