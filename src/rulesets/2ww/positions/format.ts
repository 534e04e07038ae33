// The 2WW position file (docs/positions.md): a game at any step as documented JSON, with its zod schema.
// Browser-safe: no Node imports.
import { z } from 'zod';

export const POSITION_FORMAT = 'theater-position';
export const POSITION_VERSION = 1;

/** Places that are not a hex or box (state.ts). */
export const PSEUDO_PLACES = ['pool', 'eliminated', 'removed', 'future'] as const;

/**
 * Named points of the 2WW sequence of play (2WW 4) a position may start at, each the start of a phase. A position
 * taken from a game instead carries its exact procedure stack (`stack`); `phase` then names the phase it is in.
 */
export const PHASES = [
  'setup', 'turn-start', 'strategic-warfare', 'production', 'axis-movement', 'axis-combat', 'allied-movement',
  'allied-combat', 'axis-armored-action', 'allied-armored-action', 'supply', 'end-of-turn',
] as const;
export type PhaseId = (typeof PHASES)[number];

const side = z.enum(['axis', 'allies']);
const frame = z.looseObject({ proc: z.string().min(1) });
const jsonValue: z.ZodType<unknown> = z.unknown();

/** Every field a unit may carry besides where it is (state.ts UnitState). Unknown fields are refused. */
export const unitEntrySchema = z.strictObject({
  id: z.string().min(1),
  /** Hex id ("2214"), box id ("atlantic-ocean") or pool / eliminated / removed / future. */
  at: z.string().min(1),
  reduced: z.boolean().optional(),
  ops: z.boolean().optional(),
  aboard: z.string().optional(),
  mpUsed: z.number().int().min(0).optional(),
  moveMode: z.enum(['normal', 'rail', 'airdrop', 'amphibious', 'assault']).optional(),
  strategicUsed: z.boolean().optional(),
  attacked: z.boolean().optional(),
  owner: z.enum(['axis', 'allies', 'neutral']).optional(),
  permanent: z.boolean().optional(),
  mustAttack: z.string().optional(),
});
export type UnitEntry = z.infer<typeof unitEntrySchema>;

export const countrySchema = z.strictObject({
  controller: side.nullable(),
  status: z.enum(['belligerent', 'neutral', 'conquered', 'liberated']),
  conqueredBy: side.optional(),
});

export const politicsSchema = z.strictObject({
  italyNeutral: z.boolean(),
  ussrNeutral: z.boolean(),
  usEntered: z.boolean(),
  usEntryDelay: z.number().int().min(0),
  vichy: z.enum(['none', 'neutral', 'allied', 'axis']),
  iraq: z.enum(['closed', 'rebel', 'allied-conquered', 'axis-liberated']),
  axisMinorsOpened: z.array(z.string()),
});

export const productionSchema = z.strictObject({
  bombed: z.array(z.string()),
  points: z.record(z.string(), z.number()),
  lendLease: z.strictObject({ gb: z.number().int().min(0), su: z.number().int().min(0) }),
  convoyLosses: z.record(z.string(), z.number()),
  /** Chosen users of captured production cities (2WW 7.1.1), hex -> power. */
  assign: z.record(z.string(), z.string()).optional(),
});

export const rngSchema = z.strictObject({
  s: z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]),
  forced: z.array(z.number().int().min(1)),
  drawn: z.number().int().min(0),
});

export const positionSchema = z.strictObject({
  format: z.literal(POSITION_FORMAT),
  version: z.literal(POSITION_VERSION),
  ruleset: z.literal('2ww'),
  /** Registered world (map and counters); absent = the campaign map. */
  world: z.string().optional(),
  options: z.record(z.string(), z.union([z.boolean(), z.number(), z.string()])).optional(),
  /** 1 = Autumn 1939 ... 23 = Spring 1945. */
  turn: z.number().int().min(1).max(23),
  phase: z.enum(PHASES),
  /** Exact procedure stack, bottom first. Absent: the start of `phase`. */
  stack: z.array(frame).min(1).optional(),
  /** Text shown for the phase (state.phase); absent: made from `phase`. */
  phaseLabel: z.string().optional(),
  activeSide: side.nullable().optional(),
  /** Written by toPosition for readers: who decides now. Ignored on load. */
  toAct: z.array(z.looseObject({ seat: z.string() })).optional(),
  /** Units not listed here go to this place (default "removed"). */
  unlisted: z.enum(PSEUDO_PLACES).optional(),
  units: z.array(unitEntrySchema),
  /** Control of city and port hexes (2WW 3.4.7), hex id -> side. */
  control: z.record(z.string(), side).optional(),
  countries: z.record(z.string(), countrySchema).optional(),
  politics: politicsSchema.partial().optional(),
  production: productionSchema.partial().optional(),
  dice: z.strictObject({
    /** The seed of the game the position was taken from (the log's seed). */
    seed: z.string().optional(),
    /** The generator's exact state: a game started from the position continues the same dice. */
    rng: rngSchema.optional(),
  }).optional(),
  /** Kernel's sealed simultaneous answers (state.sealed), when any are pending. */
  sealed: z.record(z.string(), z.record(z.string(), z.looseObject({ type: z.string() }))).optional(),
  /** State fields this version of the format does not name, carried verbatim. */
  extra: z.record(z.string(), jsonValue).optional(),
  /** Free text (where the position comes from). Never read by the rules. */
  note: z.string().optional(),
});

export type TwoWWPosition = z.infer<typeof positionSchema>;
