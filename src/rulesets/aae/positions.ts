// A&A Europe positions (docs/positions.md): a game at any step as documented JSON — start a game from it, and write
// the position of any state so that a game continued from it plays exactly like the original. Browser-safe.
import { z } from 'zod';
import type { DataProblem, Json, PositionSupport, RngState } from '../../engine/index.ts';
import { ALL_POWERS, ALL_UNIT_TYPES, type Power, type UnitType } from './data/index.ts';
import { emptyPending, resolveOptions, initialState } from './setup.ts';
import { stackAt, type StartPhase } from './stacks.ts';
import type { AaeState, Unit } from './state.ts';
import { AREAS, isLand, isNeutral, unitData } from './world.ts';
import { transportRoomLeft } from './movement.ts';

export const POSITION_FORMAT = 'theater-position';
export const POSITION_VERSION = 1;

/** Named points of a power's turn a position may start at (AAE Order of Play). */
export const PHASES = ['turn-start', 'purchase', 'combat-move', 'combat', 'noncombat-move', 'mobilize', 'income'] as const;
const PHASE_START: Record<(typeof PHASES)[number], StartPhase> = {
  'turn-start': 'start', purchase: 'purchase', 'combat-move': 'combat-move', combat: 'combat',
  'noncombat-move': 'noncombat-move', mobilize: 'mobilize', income: 'income',
};

const power = z.enum(ALL_POWERS as [Power, ...Power[]]);
const unitType = z.enum(ALL_UNIT_TYPES as [UnitType, ...UnitType[]]);

/** One unit, or `count` identical ones (ids are then given in order). Marks of a turn in progress are optional. */
const UnitEntrySchema = z.strictObject({
  id: z.string().min(1).optional(),
  type: unitType,
  power,
  at: z.string().min(1),
  count: z.number().int().min(1).optional(),
  damage: z.number().int().min(1).optional(),
  spent: z.number().int().min(0).optional(),
  aboard: z.string().optional(),
  done: z.boolean().optional(),
  combatMoved: z.boolean().optional(),
  fought: z.boolean().optional(),
  cameFrom: z.string().optional(),
  landing: z.string().optional(),
  mission: z.enum(['attack', 'raid', 'rail', 'escort', 'night']).optional(),
  submerged: z.boolean().optional(),
  boardedThisTurn: z.boolean().optional(),
  secondAttack: z.boolean().optional(),
  /** An Axis Minor nation's piece, or a French one (house rules l.3, 187). */
  nation: z.string().optional(),
  // The house rules' marks (state.ts Unit).
  ew: z.boolean().optional(),
  unsupplied: z.boolean().optional(),
  landingCraft: z.boolean().optional(),
  building: z.boolean().optional(),
  inPort: z.boolean().optional(),
  shaken: z.boolean().optional(),
  saved: z.boolean().optional(),
  reactFrom: z.string().optional(),
  landedWithCraft: z.boolean().optional(),
});

export const AaePositionSchema = z.strictObject({
  format: z.literal(POSITION_FORMAT),
  version: z.literal(POSITION_VERSION),
  ruleset: z.literal('aae'),
  note: z.string().optional(),
  round: z.number().int().min(1),
  /** Whose turn it is. */
  power,
  /** A named start (the beginning of that part of the turn); with `stack`, the phase the stack is in. */
  phase: z.enum([...PHASES, 'bid', 'over']),
  /** The exact procedure stack, bottom first (positions taken from a game). */
  stack: z.array(z.looseObject({ proc: z.string().min(1) })).optional(),
  units: z.array(UnitEntrySchema),
  /** Controllers that differ from the original owners (area id -> power, or null for a neutral). */
  control: z.record(z.string(), power.nullable()).optional(),
  ipcs: z.partialRecord(power, z.number().int().min(0)).optional(),
  /** Units bought and not yet placed. */
  pending: z.partialRecord(power, z.array(unitType)).optional(),
  /** Options as given to a new game (bid, roundLimit, houseRules, hr-...). */
  options: z.record(z.string(), z.unknown()).optional(),
  /** Bookkeeping of the turn in progress (written by toPosition). */
  turn: z.strictObject({
    capturedThisTurn: z.array(z.string()).optional(),
    battles: z.array(z.strictObject({ area: z.string(), kind: z.enum(['land', 'sea', 'raid', 'convoy']) })).optional(),
    victoryWatch: z.strictObject({ axis: z.number().int().optional(), allies: z.number().int().optional() }).optional(),
    railDamage: z.record(z.string(), z.number().int()).optional(),
    railUsed: z.strictObject({ all: z.number().int(), soviet: z.number().int() }).optional(),
    farEast: z.array(z.string()).optional(),
    alliedBid: z.number().int().optional(),
    nextId: z.number().int().optional(),
    /** The house rules' own records (SS and Guards counts, a major defeat, militia call-ups, oil shortage). */
    house: z.record(z.string(), z.unknown()).optional(),
  }).optional(),
  dice: z.strictObject({ seed: z.string().optional(), rng: z.unknown().optional() }).optional(),
  toAct: z.unknown().optional(),
});
export type AaePosition = z.infer<typeof AaePositionSchema>;

function fieldOf(path: readonly PropertyKey[]): string {
  let s = '';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : s ? `.${String(p)}` : String(p);
  return s || '(root)';
}

/** Every problem of a position: its schema, then the rules (places, cargo, control). */
export function validatePosition(position: Json): DataProblem[] {
  const r = AaePositionSchema.safeParse(position);
  if (!r.success) return r.error.issues.map((i) => ({ file: 'position', field: fieldOf(i.path), message: i.message }));
  const p = r.data;
  const out: DataProblem[] = [];
  const add = (field: string, message: string) => out.push({ file: 'position', field, message });
  const ids = new Map<string, number>();
  const units = expandUnits(p);
  p.units.forEach((e, i) => {
    const f = `units[${i}]`;
    if (!AREAS.has(e.at)) { add(`${f}.at`, `"${e.at}" is no territory or sea zone of the map`); return; }
    const d = unitData(e.type);
    if (isNeutral(e.at)) add(`${f}.at`, `AAE Neutral Territories: no unit may be in ${AREAS.get(e.at)!.name}`);
    if (d.domain === 'sea' && isLand(e.at)) add(`${f}.at`, `a ${e.type} must be in a sea zone, not in ${AREAS.get(e.at)!.name}`);
    if (d.domain === 'land' && !isLand(e.at) && !e.aboard) add(`${f}.at`, `a ${e.type} at sea (${AREAS.get(e.at)!.name}) must be aboard a transport`);
    if (e.id) {
      if (ids.has(e.id)) add(`${f}.id`, `${e.id} appears twice (also units[${ids.get(e.id)}])`);
      ids.set(e.id, i);
      if (e.count && e.count > 1) add(`${f}.count`, 'a unit with an id is one unit: give count without id');
    }
  });
  units.forEach((u) => {
    if (!u.aboard) return;
    const i = p.units.findIndex((e) => e.id === u.id);
    const carrier = units.find((x) => x.id === u.aboard);
    if (!carrier) add(`units[${i}].aboard`, `${u.id} is aboard "${u.aboard}", which is no unit of the position`);
    else if (!unitData(carrier.type).transportRoom && !unitData(carrier.type).carrierRoom) add(`units[${i}].aboard`, `${u.aboard} is a ${carrier.type}: only transports and carriers carry units`);
  });
  const state = { units } as unknown as AaeState;
  for (const t of units) if (unitData(t.type).transportRoom && transportRoomLeft(state, t) < 0) add('units', `AAE Transports: transport ${t.id} in ${t.at} carries more than one tank or two other units`);
  for (const [id, c] of Object.entries(p.control ?? {})) {
    if (!AREAS.has(id)) add(`control.${id}`, `"${id}" is no territory or convoy centre`);
    else if (c !== null && isNeutral(id)) add(`control.${id}`, `AAE Neutral Territories: ${AREAS.get(id)!.name} stays neutral`);
    else if (AREAS.get(id)!.kind === 'sea' && !AREAS.get(id)!.marks?.includes('convoy')) add(`control.${id}`, `${AREAS.get(id)!.name} is an open sea zone: only convoy centres are held`);
  }
  if (!p.stack && (p.phase === 'bid' || p.phase === 'over')) add('phase', `"${p.phase}" needs the exact stack of a position taken from a game`);
  return out;
}

/** Units of a position with ids: given ones kept, the rest numbered after the highest. */
function expandUnits(p: AaePosition): Unit[] {
  let next = 1;
  for (const e of p.units) if (e.id && /^u\d+$/.test(e.id)) next = Math.max(next, Number(e.id.slice(1)) + 1);
  const out: Unit[] = [];
  for (const e of p.units) {
    const { count, id, ...rest } = e;
    for (let i = 0; i < (count ?? 1); i++) out.push({ id: id ?? `u${next++}`, ...rest } as Unit);
  }
  return out;
}

type Body = Omit<AaeState, 'ruleset' | 'scenario' | 'rng' | 'seq' | 'outcome' | 'sealed'> & { stack: AaeState['stack']; rng?: RngState };

export function bodyOfPosition(p: AaePosition): Body {
  const base = initialState((p.options ?? {}) as Record<string, Json>);
  const units = expandUnits(p);
  const maxId = units.reduce((m, u) => (/^u\d+$/.test(u.id) ? Math.max(m, Number(u.id.slice(1))) : m), 0);
  const t = p.turn ?? {};
  const body: Body = {
    ...base,
    opts: resolveOptions((p.options ?? {}) as Record<string, Json>),
    round: p.round,
    power: p.power,
    phase: p.phase === 'turn-start' ? 'purchase' : p.phase,
    units,
    nextId: Math.max(t.nextId ?? 0, maxId + 1),
    control: { ...base.control, ...(p.control ?? {}) },
    ipcs: { ...base.ipcs, ...(p.ipcs ?? {}) },
    pending: { ...emptyPending(base.opts), ...(p.pending ?? {}) },
    capturedThisTurn: t.capturedThisTurn ?? [],
    battles: t.battles ?? [],
    victoryWatch: t.victoryWatch ?? {},
    stack: p.stack ? (structuredClone(p.stack) as AaeState['stack']) : stackAt(PHASE_START[p.phase as (typeof PHASES)[number]], p.power),
  };
  if (t.railDamage) body.railDamage = t.railDamage;
  if (t.railUsed) body.railUsed = t.railUsed;
  if (t.farEast) body.farEast = t.farEast;
  if (t.house) body.house = structuredClone(t.house) as AaeState['house'];
  if (t.alliedBid !== undefined) body.alliedBid = t.alliedBid;
  if (p.dice?.rng) body.rng = structuredClone(p.dice.rng) as RngState;
  return body;
}

/** The position of a state: every unit with its id and marks, so that the game goes on exactly alike. */
export function positionOfState(s: AaeState): AaePosition {
  const control: Record<string, Power | null> = {};
  for (const a of AREAS.values()) {
    const c = s.control[a.id];
    if (c !== undefined && c !== (a.owner ?? null)) control[a.id] = c;
  }
  const options: Record<string, unknown> = { bid: s.opts.bid, roundLimit: s.opts.roundLimit };
  for (const [k, v] of Object.entries(s.opts.house)) if (v) options[`hr-${k}`] = true;
  const turn: NonNullable<AaePosition['turn']> = {
    capturedThisTurn: [...s.capturedThisTurn], battles: s.battles.map((b) => ({ ...b })), victoryWatch: { ...s.victoryWatch }, nextId: s.nextId,
  };
  if (s.railDamage) turn.railDamage = { ...s.railDamage };
  if (s.railUsed) turn.railUsed = { ...s.railUsed };
  if (s.farEast) turn.farEast = [...s.farEast];
  if (s.house && Object.keys(s.house).length) turn.house = JSON.parse(JSON.stringify(s.house)) as Record<string, unknown>;
  if (s.alliedBid !== undefined) turn.alliedBid = s.alliedBid;
  return {
    format: POSITION_FORMAT, version: POSITION_VERSION, ruleset: 'aae',
    round: s.round, power: s.power, phase: s.phase === 'purchase' && s.stack.length <= 3 ? 'turn-start' : s.phase,
    stack: structuredClone(s.stack) as AaePosition['stack'],
    units: s.units.map((u) => JSON.parse(JSON.stringify(u)) as AaePosition['units'][number]),
    control, ipcs: { ...s.ipcs }, pending: structuredClone(s.pending), options, turn,
    dice: { rng: structuredClone(s.rng) },
  };
}

export const aaePositions: PositionSupport<AaeState> = {
  validate: (position) => validatePosition(position),
  fromPosition(_ctx, position) {
    const problems = validatePosition(position);
    if (problems.length) throw new Error(`aae position: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`);
    return bodyOfPosition(AaePositionSchema.parse(position)) as ReturnType<PositionSupport<AaeState>['fromPosition']>;
  },
  toPosition: (state) => positionOfState(state) as unknown as Json,
};
