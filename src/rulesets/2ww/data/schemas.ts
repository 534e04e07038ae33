// Zod schemas of the 2WW data files (one per file). Data is validated here, at the edge, and trusted inside.
import { z } from 'zod';

// ---- shared ----

/** Where a fact comes from: a rule case of the 2WW rulebook, or a reconstruction with its reasoning. */
export const ProvenanceSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('rulebook'), rule: z.string().regex(/^2WW /, 'cite the case as "2WW 2.3"'), note: z.string().optional() }).strict(),
  z.object({ source: z.literal('reconstructed'), reason: z.string().min(10, 'say why the value was chosen') }).strict(),
]);
export type Provenance = z.infer<typeof ProvenanceSchema>;

export const SIDES = ['axis', 'allies'] as const;
export const SideSchema = z.enum(SIDES);

/** Power ids: majors, Axis minors (ru = Rumania), neutrals (ir = Persia/Iran, iq = Iraq), and map-only countries. */
export const NATIONALITIES = [
  'ge', 'it', 'fr', 'gb', 'su', 'us',
  'fi', 'hu', 'ru', 'bg',
  'pl', 'be', 'nl', 'yu', 'gr', 'tr', 'es', 'pt', 'se', 'ir', 'iq',
  'no', 'dk', 'ch',
] as const;
export const NationalitySchema = z.enum(NATIONALITIES);
export type Nationality = z.infer<typeof NationalitySchema>;

export const HexIdSchema = z.string().regex(/^\d{4}$/, 'hex ids are four digits CCRR, e.g. "1909"');

// ---- counters.json ----

/** Unit types exactly as the rules name them (2WW 3.3): land, air (range 3 / strategic range 6 / naval), fleets. */
export const UNIT_TYPES = [
  'armor', 'infantry', 'artillery', 'paratroop', 'fort',
  'air', 'strategic-air', 'naval-air',
  'surface-fleet', 'submarine-fleet',
] as const;
export const UnitTypeSchema = z.enum(UNIT_TYPES);
export type UnitType = z.infer<typeof UnitTypeSchema>;

export const LAND_TYPES: readonly UnitType[] = ['armor', 'infantry', 'artillery', 'paratroop', 'fort'];
export const AIR_TYPES: readonly UnitType[] = ['air', 'strategic-air', 'naval-air'];
export const FLEET_TYPES: readonly UnitType[] = ['surface-fleet', 'submarine-fleet'];

const factor = z.number().int().min(0);
/**
 * Printed factors (digest 3.2): land combat-movement (forts combat-0); air combat-ASW-range; fleets combat-ASW-movement.
 */
export const FactorsSchema = z.object({
  combat: factor,
  asw: factor.optional(),
  movement: factor.optional(),
  range: factor.optional(),
}).strict();
export type Factors = z.infer<typeof FactorsSchema>;

export const CONFIDENCES = ['read', 'inferred', 'reconstructed'] as const;

export const CounterSchema = z.object({
  id: z.string().regex(/^[a-z]{2}-[a-z0-9-]+$/, 'ids look like "ge-inf-4"'),
  nationality: NationalitySchema,
  type: UnitTypeSchema,
  designation: z.string().min(1),
  name: z.string().optional(),
  /** 1 = single-sided: always reduced, never upgraded (2WW 7.3.1). */
  steps: z.union([z.literal(1), z.literal(2)]),
  full: FactorsSchema.nullable(),
  reduced: FactorsSchema,
  confidence: z.enum(CONFIDENCES),
  provenance: z.object({ identity: ProvenanceSchema, factors: ProvenanceSchema }).strict(),
  /** Position on the counter sheet (digest 3.3-3.4): columns U1-U10, A, B; rows 1-10. */
  sheet: z.object({ column: z.string(), row: z.number().int().min(1).max(10) }).strict().optional(),
  /** Raw OCR of the counter (reduced side / full side), kept so a reader can recheck the reading. */
  ocr: z.string().optional(),
}).strict().superRefine((c, ctx) => {
  if (c.steps === 1 && c.full !== null) ctx.addIssue({ code: 'custom', path: ['full'], message: 'a single-sided counter (steps 1) has no full side: set full to null (2WW 7.3.1)' });
  if (c.steps === 2 && c.full === null) ctx.addIssue({ code: 'custom', path: ['full'], message: 'a two-step counter needs its full-side factors' });
  const sides: ['full' | 'reduced', Factors | null][] = [['full', c.full], ['reduced', c.reduced]];
  for (const [side, f] of sides) {
    if (!f) continue;
    const need = LAND_TYPES.includes(c.type) ? ['movement'] : AIR_TYPES.includes(c.type) ? ['asw', 'range'] : ['asw', 'movement'];
    const forbid = LAND_TYPES.includes(c.type) ? ['asw', 'range'] : AIR_TYPES.includes(c.type) ? ['movement'] : ['range'];
    for (const k of need) if (f[k as keyof Factors] === undefined) ctx.addIssue({ code: 'custom', path: [side, k], message: `a ${c.type} counter needs a ${k} factor (digest 3.2 factor format)` });
    for (const k of forbid) if (f[k as keyof Factors] !== undefined) ctx.addIssue({ code: 'custom', path: [side, k], message: `a ${c.type} counter has no ${k} factor (digest 3.2 factor format)` });
    if (c.type === 'fort' && f.movement !== 0) ctx.addIssue({ code: 'custom', path: [side, 'movement'], message: 'forts cannot move (2WW 3.3.1): movement must be 0' });
    if (AIR_TYPES.includes(c.type) && f.range !== undefined && f.range !== 3 && f.range !== 6) ctx.addIssue({ code: 'custom', path: [side, 'range'], message: 'air ranges are 3 or 6 (2WW 5.1.3)' });
    if (c.type === 'strategic-air' && f.range !== 6) ctx.addIssue({ code: 'custom', path: [side, 'range'], message: 'strategic air units have range 6 (2WW 6.1.4)' });
  }
  if (c.full && c.full.combat < c.reduced.combat) ctx.addIssue({ code: 'custom', path: ['reduced', 'combat'], message: 'the reduced side cannot be stronger than the full side' });
});
export type Counter = z.infer<typeof CounterSchema>;

export const CountersFileSchema = z.object({
  format: z.literal('2ww-counters/1'),
  counters: z.array(CounterSchema),
}).strict();

// ---- setup.json ----

export const LocationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hex'), hex: HexIdSchema, city: z.string().optional() }).strict(),
  /** Player's choice within an area (2WW 2): the whole country, its ports, hexes next to a country, or a border zone. */
  z.object({
    kind: z.literal('area'),
    country: NationalitySchema,
    within: z.enum(['country', 'port', 'adjacent-to-country', 'border-zone']),
    countries: z.array(NationalitySchema).optional(),
    borderWith: z.array(NationalitySchema).optional(),
    alsoHexes: z.array(HexIdSchema).optional(),
  }).strict(),
  z.object({ kind: z.literal('box'), box: z.enum(['atlantic-ocean', 'atlantic-land', 'capetown', 'red-sea', 'persian-gulf']) }).strict(),
  /** "Available": in the force pool, may be produced (2WW 2). */
  z.object({ kind: z.literal('force-pool') }).strict(),
  /** Off the board until an event places it (the Iraq unit, 2WW 12.5). */
  z.object({ kind: z.literal('held'), until: z.enum(['iraq-rebellion']), note: z.string() }).strict(),
]);
export type Location = z.infer<typeof LocationSchema>;

export const SetupEntrySchema = z.object({
  unit: z.string(),
  side: z.enum(['full', 'reduced']),
  location: LocationSchema,
  provenance: ProvenanceSchema,
}).strict();
export type SetupEntry = z.infer<typeof SetupEntrySchema>;

export const COUNTRY_STATUSES = ['at-war', 'neutral', 'neutral-axis-controlled', 'axis-minor', 'not-entered', 'closed', 'impassable'] as const;
export const CountrySetupSchema = z.object({
  id: NationalitySchema,
  name: z.string(),
  kind: z.enum(['major', 'minor']),
  /** Side controlling its forces and cities at start; null = truly neutral (2WW 5.3.1). */
  controller: SideSchema.nullable(),
  status: z.enum(COUNTRY_STATUSES),
  territories: z.array(z.string()).optional(),
  provenance: ProvenanceSchema,
}).strict();
export type CountrySetup = z.infer<typeof CountrySetupSchema>;

export const ScenarioSchema = z.object({
  id: z.string(),
  name: z.string(),
  startTurn: z.number().int().min(1),
  endTurn: z.number().int().min(1),
  firstPlayer: SideSchema,
  skipOnFirstTurn: z.array(z.enum(['strategic-warfare', 'production'])),
  placementOrder: z.array(z.string()),
  provenance: ProvenanceSchema,
  countries: z.array(CountrySetupSchema),
  units: z.array(SetupEntrySchema),
}).strict();
export type Scenario = z.infer<typeof ScenarioSchema>;

export const SetupFileSchema = z.object({
  format: z.literal('2ww-setup/1'),
  scenarios: z.array(ScenarioSchema).min(1),
}).strict();

// ---- turn-track.json ----

export const SEASONS = ['winter', 'spring', 'summer', 'autumn'] as const;
export const SeasonSchema = z.enum(SEASONS);
export type Season = z.infer<typeof SeasonSchema>;

const milestone = z.object({ turn: z.number().int().min(1), provenance: ProvenanceSchema }).strict();

export const TurnTrackFileSchema = z.object({
  format: z.literal('2ww-turn-track/1'),
  seasonOrder: z.object({ order: z.array(SeasonSchema).length(4), provenance: ProvenanceSchema }).strict(),
  turns: z.array(z.object({ turn: z.number().int().min(1), season: SeasonSchema, year: z.number().int(), label: z.string() }).strict()),
  milestones: z.object({
    firstTurn: milestone, lastTurn: milestone, italyEntry: milestone, ussrProductionFrom: milestone,
    iraqRebellionFrom: milestone, ussrEntry: milestone, improvedAsw: milestone,
  }).strict(),
  usEntry: z.object({
    baseTurn: z.number().int().min(1),
    delayPerNeutralInvadedByGbOrFr: z.number().int().min(0),
    provenance: z.object({ baseTurn: ProvenanceSchema, delay: ProvenanceSchema }).strict(),
  }).strict(),
  lendLease: z.array(z.object({ fromTurn: z.number().int().min(1), max: z.number().int().min(0).max(10), provenance: ProvenanceSchema }).strict()).min(1),
  lendLeaseRules: z.object({ ussrShare: z.number().int(), ussrShareIfIranAxis: z.number().int(), provenance: ProvenanceSchema }).strict(),
  reinforcements: z.array(z.object({
    turn: z.number().int().min(1),
    unit: z.string(),
    /** Enters at the first Production on or after `turn` at which the condition holds. */
    condition: z.enum(['france-conquered']).optional(),
    provenance: ProvenanceSchema,
  }).strict()),
}).strict();
export type TurnTrack = z.infer<typeof TurnTrackFileSchema>;

// ---- combat-chart.json ----

export const COMBAT_LINES = ['land-vs-land', 'sea-vs-sea', 'asw', 'sea-vs-air', 'air-vs-sea', 'air-vs-air', 'bombing', 'convoy-attack'] as const;
export const CombatLineSchema = z.enum(COMBAT_LINES);
export type CombatLineId = z.infer<typeof CombatLineSchema>;

export const CombatColumnSchema = z.object({
  label: z.string(),
  min: z.number().int().min(1),
  /** Absent on the last, open-ended column ("32+"). */
  max: z.number().int().min(1).optional(),
  /** Loss points for each 2d6 total, rolls 2..12 in order. */
  losses: z.array(z.number().int().min(0)).length(11, 'one result for each 2d6 roll 2..12 (11 entries)'),
}).strict();
export type CombatColumn = z.infer<typeof CombatColumnSchema>;

export const CombatLineDataSchema = z.object({
  id: CombatLineSchema,
  name: z.string(),
  usedFor: z.string(),
  columns: z.array(CombatColumnSchema).min(1),
  provenance: z.object({ name: ProvenanceSchema, columns: ProvenanceSchema, losses: ProvenanceSchema }).strict(),
}).strict();

export const CombatChartFileSchema = z.object({
  format: z.literal('2ww-combat-chart/1'),
  dice: z.object({ count: z.literal(2), sides: z.literal(6), min: z.literal(2), max: z.literal(12), provenance: ProvenanceSchema }).strict(),
  resultMeaning: z.object({ provenance: ProvenanceSchema }).strict(),
  shifts: z.object({ direction: z.string(), provenance: ProvenanceSchema }).strict(),
  lines: z.array(CombatLineDataSchema),
}).strict();
export type CombatChartData = z.infer<typeof CombatChartFileSchema>;

// ---- terrain-chart.json ----

export const TerrainChartFileSchema = z.object({
  format: z.literal('2ww-terrain-chart/1'),
  appliesTo: z.object({ provenance: ProvenanceSchema }).strict(),
  maxShift: z.object({ value: z.number().int().min(0), provenance: ProvenanceSchema }).strict(),
  terrain: z.array(z.object({
    id: z.string().regex(/^[a-z-]+$/),
    name: z.string(),
    /** Movement points for a land unit to enter; null = land units may not enter. */
    landMovementCost: z.number().int().min(1).nullable(),
    /** Columns the attacker's fire moves (negative = left) when the defender is in this terrain. */
    defenderShift: z.number().int().max(0),
    provenance: ProvenanceSchema,
  }).strict()).min(1),
  hexsides: z.array(z.object({
    id: z.string(),
    name: z.string(),
    /** Extra movement points to cross; null = land units may not cross. */
    landMovementCost: z.number().int().min(0).nullable(),
    defenderShift: z.number().int().max(0),
    shiftCondition: z.enum(['all-firing-land-attackers-across']).optional(),
    provenance: z.union([ProvenanceSchema, z.object({ shift: ProvenanceSchema, values: ProvenanceSchema }).strict()]),
  }).strict()),
  forts: z.object({ defenderShift: z.number().int(), provenance: ProvenanceSchema }).strict(),
  hexTypes: z.object({ types: z.array(z.string()), provenance: ProvenanceSchema }).strict(),
}).strict();
export type TerrainChart = z.infer<typeof TerrainChartFileSchema>;

// ---- production-costs.json ----

export const ProductionCostsFileSchema = z.object({
  format: z.literal('2ww-production-costs/1'),
  basis: z.object({ provenance: ProvenanceSchema }).strict(),
  costs: z.array(z.object({
    type: UnitTypeSchema,
    /** Points to build a unit from the force pool at full strength (2WW 7.1.4). */
    build: z.number().int().min(1),
    /** Points to flip a reduced unit on the map to full (2WW 7.3). */
    upgrade: z.number().int().min(1),
    provenance: ProvenanceSchema,
  }).strict()),
  exceptions: z.array(z.object({
    /** "one-sided" or a counter id. */
    appliesTo: z.string(),
    kind: z.enum(['build', 'upgrade']),
    /** null = may not be bought at all. */
    cost: z.number().int().min(1).nullable(),
    provenance: ProvenanceSchema,
  }).strict()),
  placement: z.object({ provenance: ProvenanceSchema }).strict(),
}).strict();
export type ProductionCosts = z.infer<typeof ProductionCostsFileSchema>;
