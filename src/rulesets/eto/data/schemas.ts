// Zod schemas of the ETO data files. Data is validated here, at the edge, and trusted inside.
import { z } from 'zod';

/** Where a fact comes from: an ETO rule case / scenario / card, or a reconstruction with its reasoning. */
export const ProvenanceSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('rulebook'), rule: z.string().regex(/^ETO /, 'cite the source as "ETO 8.4" or "ETO scenario 1 [1.1]"') }).strict(),
  z.object({ source: z.literal('reconstructed'), reason: z.string().min(10, 'say why the value was chosen') }).strict(),
]);
export type Provenance = z.infer<typeof ProvenanceSchema>;

export const HexIdSchema = z.string().regex(/^[WE]\d{4}$/, 'ETO hex ids are a sheet letter and CCRR, e.g. "W3533"');

export const ControlPointsFileSchema = z.object({
  about: z.string(),
  points: z.array(z.object({
    hex: HexIdSchema, name: z.string(), lon: z.number().min(-180).max(180), lat: z.number().min(-90).max(90),
    weight: z.number().min(0).max(1), checkOnly: z.boolean().optional(), provenance: ProvenanceSchema,
  }).strict()),
  notReal: z.array(z.object({ hex: z.string(), note: z.string() }).strict()),
}).strict();

export const MapSheetsFileSchema = z.object({
  about: z.string(),
  sheets: z.array(z.object({
    prefix: z.enum(['W', 'E']),
    cols: z.tuple([z.number().int(), z.number().int()]),
    rows: z.tuple([z.number().int(), z.number().int()]),
    offset: z.enum(['odd-down', 'even-down']),
    join: z.object({ anchor: HexIdSchema, onto: HexIdSchema, colSign: z.union([z.literal(1), z.literal(-1)]), rowSign: z.union([z.literal(1), z.literal(-1)]) }).strict().optional(),
    provenance: ProvenanceSchema,
  }).strict()).min(1),
}).strict();
export type MapSheetsFile = z.infer<typeof MapSheetsFileSchema>;

export const AreaIdSchema = z.string().regex(/^[a-z][a-z-]*$/, 'sea-area ids are lower-case words joined by "-", e.g. "north-atlantic"');

export const SeaAreasFileSchema = z.object({
  about: z.string(),
  areas: z.array(z.object({
    id: AreaIdSchema, name: z.string(),
    /** MP to enter (ETO 7.4: 5 unless printed). */
    cost: z.number().int().min(1),
    /** Printed search modifier "INT -2" (ETO 8.4). */
    int: z.number().int().max(0),
    gridded: z.boolean(),
    provenance: ProvenanceSchema,
  }).strict()),
  areaLinks: z.array(z.tuple([AreaIdSchema, AreaIdSchema])),
  coastalHexes: z.array(z.object({
    hex: HexIdSchema, name: z.string(), port: z.enum(['minor', 'major']).nullable(), areas: z.array(AreaIdSchema),
    country: z.string(), provenance: ProvenanceSchema,
  }).strict()),
  /** Pairs of adjacent coastal hexes joined by water (ETO 7.3: never across an all-land hexside). */
  coastalLinks: z.array(z.tuple([HexIdSchema, HexIdSchema])),
}).strict();
export type SeaAreasFile = z.infer<typeof SeaAreasFileSchema>;

const RatingsSchema = z.object({ gunnery: z.number().int().min(0).max(5).nullable(), armor: z.number().int().min(2), speed: z.number().int().min(1) }).strict();
export type Ratings = z.infer<typeof RatingsSchema>;

export const NAVAL_TYPES = ['BB', 'CA', 'CV', 'CL', 'DD'] as const;
export const NavalUnitSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string(),
  nation: z.enum(['germany', 'uk']),
  type: z.enum(NAVAL_TYPES),
  full: RatingsSchema,
  damaged: RatingsSchema,
  /** Named single vessel (BB, CA, CV): +3 for naval air against it (ETO 16.3), removed for good when sunk (9.5). */
  named: z.boolean(),
  navalAir: z.object({ strength: z.number().int().min(1), range: z.number().int().min(1), quality: z.number().int().min(0), provenance: ProvenanceSchema }).strict().optional(),
  provenance: ProvenanceSchema,
  damagedProvenance: ProvenanceSchema,
}).strict();
export type NavalUnitData = z.infer<typeof NavalUnitSchema>;
export const NavalUnitsFileSchema = z.object({ about: z.string(), units: z.array(NavalUnitSchema) }).strict();

export const BismarckScenarioSchema = z.object({
  id: z.literal('sink-the-bismarck'), name: z.string(), number: z.literal(1),
  date: z.object({ month: z.string(), year: z.number().int() }).strict(),
  weather: z.object({ value: z.enum(['F', 'M', 'W']), provenance: ProvenanceSchema }).strict(),
  initiative: z.enum(['germany', 'uk']),
  setup: z.array(z.object({
    nation: z.enum(['germany', 'uk']), units: z.array(z.string()), at: z.union([HexIdSchema, z.literal('anywhere')]),
    inPort: z.boolean().optional(), except: z.array(HexIdSchema).optional(), rule: z.string(),
  }).strict()),
  victory: z.object({ area: AreaIdSchema, germanWin: z.array(z.string()), britishWinIfNoneOf: z.array(z.string()), rule: z.string() }).strict(),
}).strict();
export type BismarckScenario = z.infer<typeof BismarckScenarioSchema>;

export const CrtFileSchema = z.object({
  about: z.string(), provenance: ProvenanceSchema,
  columns: z.array(z.string().regex(/^\d-\d$/)).length(8),
  rows: z.array(z.array(z.string().regex(/^(AE|DE|DEx|XX|X|D\dx{0,2}|\(D2\))$/)).length(8)).length(8),
}).strict();
export type CrtFile = z.infer<typeof CrtFileSchema>;

const RectSchema = z.object({ sheet: z.enum(['W', 'E']), cols: z.tuple([z.number().int(), z.number().int()]), rows: z.tuple([z.number().int(), z.number().int()]) }).strict();
/** A scenario's land map: a window of map.json, hex corrections with provenance, starting control (24.4). */
export const TheatreLayerSchema = z.object({
  about: z.string(),
  provenance: ProvenanceSchema,
  /** Hexes of map.json whose id (any of its ids) lies in a rectangle and whose country is listed; the rest cannot be entered. */
  window: z.object({ rects: z.array(RectSchema).min(1), countries: z.array(z.string()) }).strict(),
  overrides: z.record(HexIdSchema, z.object({
    country: z.string(), name: z.string(), feature: z.enum(['city', 'resource', 'city-resource']), port: z.enum(['minor', 'major']).optional(),
    provenance: ProvenanceSchema,
  }).strict()),
  /** Starting control: listed hexes first, then countries; a window country in neither list is neutral. */
  control: z.object({
    allies: z.object({ countries: z.array(z.string()), hexes: z.array(HexIdSchema) }).strict(),
    axis: z.object({ countries: z.array(z.string()), hexes: z.array(HexIdSchema) }).strict(),
    provenance: ProvenanceSchema,
  }).strict(),
}).strict();
export type TheatreLayer = z.infer<typeof TheatreLayerSchema>;

/** A scenario's land unit entry; scenarios differ only in the nations they field. */
function landUnitDataSchema<const N extends [string, ...string[]]>(nations: N) {
  return z.object({
    id: z.string(), count: z.number().int().positive(), name: z.string(), nation: z.enum(nations),
    kind: z.enum(['inf', 'armor', 'general', 'hq']),
    strength: z.number().int().optional(), depleted: z.number().int().optional(), ma: z.number().int().optional(),
    steps: z.number().int().optional(), combat: z.number().int().optional(), exploit: z.number().int().optional(),
    radius: z.number().int().optional(), attacks: z.number().int().optional(),
    provenance: ProvenanceSchema,
  }).strict();
}
const LandUnitDataSchema = landUnitDataSchema(['germany', 'poland']);
const AirUnitDataSchema = z.object({
  id: z.string(), name: z.string(), nation: z.enum(['germany', 'poland']), kind: z.enum(['fighter', 'fighter-bomber', 'bomber']),
  strength: z.number().int(), depleted: z.number().int(), range: z.number().int(), quality: z.number().int(),
  provenance: ProvenanceSchema,
}).strict();
export const CaseWhiteScenarioSchema = z.object({
  about: z.string(), provenance: ProvenanceSchema, month: z.string(), year: z.number().int(), weather: z.enum(['F', 'M', 'W']),
  land: z.array(LandUnitDataSchema), air: z.array(AirUnitDataSchema), germanAirfields: z.number().int(),
  polishSetup: z.array(z.object({ hex: HexIdSchema, infantry: z.number().int(), air: z.boolean().optional() }).strict()),
  exampleGermanSetup: z.object({
    about: z.string(), units: z.record(z.string(), HexIdSchema), air: z.record(z.string(), HexIdSchema), airfields: z.array(HexIdSchema),
  }).strict(),
}).strict();
export type CaseWhiteScenario = z.infer<typeof CaseWhiteScenarioSchema>;

// ---------------------------------------------------------------- scenario 3, the Bulge

export const BulgeLayerSchema = TheatreLayerSchema.extend({
  cities: z.object({ brussels: HexIdSchema, antwerp: HexIdSchema, provenance: ProvenanceSchema }).strict(),
}).strict();
export type BulgeLayer = z.infer<typeof BulgeLayerSchema>;

const BulgeUnitSchema = landUnitDataSchema(['germany', 'us', 'uk']);
export const BulgeScenarioSchema = z.object({
  about: z.string(), provenance: ProvenanceSchema,
  turns: z.array(z.object({
    month: z.string(), year: z.number().int(), weather: z.enum(['F', 'M', 'W']),
    offensives: z.object({ axis: z.number().int().min(0), allies: z.number().int().min(0) }).strict(),
  }).strict()).min(1),
  weatherProvenance: ProvenanceSchema,
  offensivesProvenance: ProvenanceSchema,
  land: z.array(BulgeUnitSchema),
  suggestedSetup: z.object({ about: z.string(), provenance: ProvenanceSchema, allies: z.record(z.string(), HexIdSchema), axis: z.record(z.string(), HexIdSchema) }).strict(),
}).strict();
export type BulgeScenario = z.infer<typeof BulgeScenarioSchema>;
