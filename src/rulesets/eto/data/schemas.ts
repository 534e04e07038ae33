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

export const NAVAL_TYPES = ['BB', 'CA', 'CV', 'CL', 'DD', 'SS', 'STP'] as const;
export const NavalUnitSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string(),
  nation: z.enum(['germany', 'uk', 'norway']),
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

// ---------------------------------------------------------------- what every scenario plays (sequence of play)

export const SideSchema = z.enum(['axis', 'allies']);
export const WeatherSchema = z.enum(['F', 'M', 'W']);
/** The phases of the monthly turn (sequence of play 1-6) a scenario plays. */
export const PHASES = ['weather', 'naval-and-air', 'offensive', 'movement', 'end'] as const;
/** The End phase's steps (sequence of play 6). */
export const END_STEPS = ['naval-movement', 'supply', 'replenishment', 'command-status'] as const;
export const TurnSchema = z.object({
  month: z.string(), year: z.number().int(), weather: WeatherSchema,
  /** Offensives set on each side's OFF track at the start of the turn (a scenario rule in place of the seasonal turn). */
  offensives: z.object({ axis: z.number().int().min(0), allies: z.number().int().min(0) }).strict().optional(),
}).strict();
export const PlaySchema = z.object({
  number: z.number().int().min(1).max(15), name: z.string(), description: z.string(),
  initiative: SideSchema,
  turns: z.array(TurnSchema).min(1),
  weatherProvenance: ProvenanceSchema,
  offensivesProvenance: ProvenanceSchema.optional(),
  phases: z.array(z.enum(PHASES)).min(1),
  endPhase: z.array(z.enum(END_STEPS)).optional(),
  /** The step of the last turn after which the scenario ends (default: its last phase). */
  endsAfter: z.enum(END_STEPS).optional(),
  /** Sides in the order they set up. */
  setUp: z.array(SideSchema),
  /** The scenario book's set-up section (default "<number>.1"). */
  setUpRule: z.string().optional(),
  /** The land map (a layer of data/map-layers) the scenario's land units play on. */
  theatre: z.enum(['poland-1939', 'bulge-1944', 'britain-1940', 'norway-1940', 'west-1939']).optional(),
  /** Countries each side controls at the start where no land map says (ports of a naval scenario, 7.7). */
  control: z.partialRecord(SideSchema, z.array(z.string())).optional(),
  rules: z.object({
    /** 44.0 in play (the example of play's Case White). */
    blitzkrieg: z.boolean().optional(),
    /** Minor countries of the scenario: they set up under 39.2 (one infantry or more in the capital). */
    minors: z.array(z.string()).optional(),
    /** Neutral minor countries each side may invade (39.1-39.2). */
    invaders: z.partialRecord(SideSchema, z.array(z.string())).optional(),
    /** Nations whose conquest (40.0) the scenario follows. */
    conquest: z.array(z.string()).optional(),
    /** The game ends the moment a nation is conquered. */
    endOnConquest: z.boolean().optional(),
    /** Ways an offensive may be started (22.1-22.3); default all. */
    offensiveMethods: z.array(z.enum(['hq', 'general', 'stack', 'air'])).optional(),
    /** Most offensives a side may perform in one turn. */
    offensivesPerTurn: z.partialRecord(SideSchema, z.number().int().min(0)).optional(),
    /** EPs each side has in its economic reserve at the start (37.8). */
    reserve: z.partialRecord(SideSchema, z.number().int().min(0)).optional(),
    /** Countries each side sets up in, where narrower than the territory it controls. */
    setUpIn: z.partialRecord(SideSchema, z.array(z.string())).optional(),
    /** Combined offensives (23.6) the scenario grants without EPs. */
    combined: z.array(z.array(z.string()).min(2)).optional(),
    /** Supply sources a side traces to instead of 32.1's: city or resource hexes that are ports in these countries, and these hexes. */
    supply: z.partialRecord(SideSchema, z.object({ portsOf: z.array(z.string()), hexes: z.array(HexIdSchema) }).strict()).optional(),
  }).strict(),
  provenance: ProvenanceSchema,
}).strict();
export type Play = z.infer<typeof PlaySchema>;

export const BismarckScenarioSchema = z.object({
  id: z.literal('sink-the-bismarck'), name: z.string(), number: z.literal(1),
  play: PlaySchema,
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

/** A scenario's naval spaces derived from the generated map: its window, its sea areas (7.4, 8.4) and their links. */
export const DerivedNavalSchema = z.object({
  about: z.string(), provenance: ProvenanceSchema,
  window: RectSchema,
  areas: z.array(z.object({ id: AreaIdSchema, name: z.string(), cost: z.number().int().min(1), int: z.number().int().max(0), gridded: z.boolean() }).strict()).min(1),
  areaLinks: z.array(z.tuple([AreaIdSchema, AreaIdSchema])),
  /** Sea areas of coastal hexes the generated map leaves without one. */
  areaOf: z.record(HexIdSchema, AreaIdSchema),
}).strict();
export type DerivedNaval = z.infer<typeof DerivedNavalSchema>;

export const BombingTableSchema = z.object({
  about: z.string(), provenance: ProvenanceSchema,
  columns: z.array(z.string().regex(/^\d+(-\d+|\+)$/)).length(9),
  rows: z.array(z.array(z.string().regex(/^\d+\*?$/)).length(9)).length(12),
}).strict();
export type BombingTable = z.infer<typeof BombingTableSchema>;

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
    kind: z.enum(['inf', 'armor', 'para', 'general', 'hq']),
    strength: z.number().int().optional(), depleted: z.number().int().optional(), ma: z.number().int().optional(),
    steps: z.number().int().optional(), combat: z.number().int().optional(), exploit: z.number().int().optional(),
    radius: z.number().int().optional(), attacks: z.number().int().optional(),
    provenance: ProvenanceSchema,
  }).strict();
}
const LandUnitDataSchema = landUnitDataSchema(['germany', 'poland']);
const AirUnitDataSchema = z.object({
  id: z.string(), count: z.number().int().positive().optional(), name: z.string(), nation: z.enum(['germany', 'poland', 'uk', 'norway']),
  kind: z.enum(['fighter', 'fighter-bomber', 'bomber', 'atp']),
  strength: z.number().int(), depleted: z.number().int(), range: z.number().int(), quality: z.number().int(),
  /** Underlined strength: half as many air-naval attacks, at most 4 (16.2). */
  underlined: z.boolean().optional(),
  provenance: ProvenanceSchema,
}).strict();
export type AirUnitData = z.infer<typeof AirUnitDataSchema>;

const NorthwardUnitSchema = landUnitDataSchema(['germany', 'norway', 'uk']);
export const NorthwardStrikeSchema = z.object({
  about: z.string(), provenance: ProvenanceSchema, play: PlaySchema,
  land: z.array(NorthwardUnitSchema), air: z.array(AirUnitDataSchema),
  ships: z.array(z.object({ nation: z.enum(['germany', 'uk', 'norway']), units: z.array(z.string()) }).strict()),
  /** [5.3]: a ship that replaces another sunk or damaged, placed in port at the end of that turn. */
  replacement: z.object({ lost: z.string(), arrives: z.string(), at: HexIdSchema, rule: z.string() }).strict(),
}).strict();
export type NorthwardStrike = z.infer<typeof NorthwardStrikeSchema>;

export const TheirFinestHourSchema = z.object({ about: z.string(), provenance: ProvenanceSchema, play: PlaySchema, air: z.array(AirUnitDataSchema) }).strict();
export type TheirFinestHour = z.infer<typeof TheirFinestHourSchema>;
export const CaseWhiteScenarioSchema = z.object({
  about: z.string(), provenance: ProvenanceSchema, play: PlaySchema,
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
  about: z.string(), provenance: ProvenanceSchema, play: PlaySchema,
  land: z.array(BulgeUnitSchema),
  suggestedSetup: z.object({ about: z.string(), provenance: ProvenanceSchema, allies: z.record(z.string(), HexIdSchema), axis: z.record(z.string(), HexIdSchema) }).strict(),
}).strict();
export type BulgeScenario = z.infer<typeof BulgeScenarioSchema>;
