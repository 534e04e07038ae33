// Schemas of the A&A Europe data files (zod). Each file says where its facts come from (`provenance`).
import { z } from 'zod';

/** The printed game's powers (each with a capital on the map). */
export const POWERS = ['germany', 'ussr', 'uk', 'usa'] as const;
/** The house rules' fifth power, the Axis Minor (l.3): in play only with hr-axis-minor. */
export const AXIS_MINOR = 'minor';
export type BasePower = (typeof POWERS)[number];
/** Vichy France's forces (l.177): a neutral defender with no turn, no seat and no IPCs (hr-vichy). */
export const VICHY = 'vichy';
/** The powers that play turns. */
export type PlayingPower = BasePower | typeof AXIS_MINOR;
export type Power = PlayingPower | typeof VICHY;
/** Every power a game may have: the printed four, the Axis Minor, Vichy. */
export const ALL_POWERS: readonly Power[] = [...POWERS, AXIS_MINOR, VICHY];
export const PowerSchema = z.enum(POWERS);

/** Where a file's facts come from: the printed board game (through a transcription), the house rules, or us. */
export const ProvenanceSchema = z.strictObject({
  source: z.enum(['board-game', 'house-rules', 'reconstructed']),
  /** The document, edition and section the facts were taken from. */
  ref: z.string().min(1),
  note: z.string().optional(),
});

export const AREA_MARKS = ['capital', 'victory-city', 'factory', 'convoy', 'neutral', 'middle-east', 'region', 'city', 'box'] as const;

export const AreaSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, 'ids are lower-case words joined by "-"'),
  name: z.string().min(1),
  kind: z.enum(['land', 'sea']),
  /** Production (IPC) value; convoy centres carry theirs too. */
  value: z.number().int().min(0).optional(),
  /** Original owner; absent on neutral territories and open sea zones. */
  owner: PowerSchema.optional(),
  marks: z.array(z.enum(AREA_MARKS)).optional(),
});
export type AreaData = z.infer<typeof AreaSchema>;

export const ADJACENCY_KINDS = ['land', 'sea', 'coast', 'canal'] as const;
export type AdjacencyKind = (typeof ADJACENCY_KINDS)[number];

export const MapFileSchema = z.strictObject({
  provenance: ProvenanceSchema,
  areas: z.array(AreaSchema).min(1),
  /** [a, b, kind]: land-land, sea-sea, land-sea (coast) or a canal between two seas. */
  adjacency: z.array(z.tuple([z.string(), z.string(), z.enum(ADJACENCY_KINDS)])),
  canals: z.array(z.strictObject({
    id: z.string(), name: z.string(),
    seas: z.tuple([z.string(), z.string()]),
    /** Ships pass only while their side controls every one of these territories. */
    land: z.array(z.string()).min(1),
  })),
});
export type MapFile = z.infer<typeof MapFileSchema>;

/** The Axis Minor's nations (house rules l.3). */
export const NATIONS = ['italy', 'hungary', 'rumania', 'bulgaria', 'finland'] as const;
export type MinorNation = (typeof NATIONS)[number];

const Forces = z.record(z.string(), z.number().int().min(1));

/**
 * The house rules' map (house-map.json): the regional areas the draft names, carved from the printed territory they
 * lie in (`host`), and the facts its rules need (terrain, ports, Eastern Europe, the minor nations, Vichy, neutrals).
 */
export const HouseMapFileSchema = z.strictObject({
  provenance: ProvenanceSchema,
  regions: z.array(AreaSchema.extend({ host: z.string().optional() })),
  adjacency: z.array(z.tuple([z.string(), z.string(), z.enum(ADJACENCY_KINDS)])),
  canals: MapFileSchema.shape.canals,
  /** Values of the hosts once their regions are carved out. */
  hostValues: z.record(z.string(), z.number().int().min(0)),
  /** Built-up cities among the printed territories (l.38); regional areas marked "city" are too. */
  cities: z.array(z.string()),
  /** Without the regional areas, these stand for their cities. */
  citiesWithoutRegions: z.array(z.string()),
  terrain: z.strictObject({ rough: z.array(z.string()), wetland: z.array(z.string()) }),
  /** Coastal territories that are no port (l.105 d). */
  noPort: z.array(z.string()),
  /** "Finland, Poland, Yugoslavia, Bulgaria and all areas east of that" (l.40). */
  easternEurope: z.array(z.string()),
  minorNations: z.record(z.enum(NATIONS), z.array(z.string())),
  vichy: z.strictObject({
    areas: z.array(z.string()),
    forces: z.record(z.string(), Forces),
    fleet: z.strictObject({ zone: z.string(), units: Forces }),
    /** Where units of the printed set-up in a Vichy territory go. */
    displaced: z.record(z.string(), z.string()),
  }),
  /** Defence forces of the neutrals that may be attacked (l.113: the set-up chart is missing). */
  neutralForces: z.record(z.string(), Forces),
  /**
   * The Gulf of Finland mines (l.173): the regional sea zone (in play with hr-mines), the printed links it replaces
   * (Leningrad's and Vyborg's coast lies on it instead) and the areas whose Soviet control clears mines from 1942.
   */
  gulfOfFinland: z.strictObject({ zone: z.string(), replaces: z.array(z.tuple([z.string(), z.string()])), clearance: z.array(z.string()) }),
});
export type HouseMapFile = z.infer<typeof HouseMapFileSchema>;

export const UNIT_TYPES = [
  'infantry', 'artillery', 'armour', 'aa', 'fighter', 'bomber', 'transport', 'submarine', 'destroyer', 'carrier', 'battleship',
] as const;
export type BaseUnitType = (typeof UNIT_TYPES)[number];
export const UnitTypeIdSchema = z.enum(UNIT_TYPES);

/**
 * The house rules' new units (their figures are in house/units.ts, each with its line): coastal fort (l.14),
 * paratroop (l.18), militia (l.129, 171), Home Guard (l.193), partisan (l.205), SS armour (l.161), Guards armour
 * (l.135), Volksgrenadier (l.167), rocket artillery (Katyusha l.219, Nebelwerfer l.229), V1 and V2 (l.227),
 * Superfortress (l.239).
 */
export const HOUSE_UNIT_TYPES = [
  'fort', 'paratroop', 'militia', 'home-guard', 'partisan', 'ss-armour', 'guards-armour', 'volksgrenadier',
  'rocket-artillery', 'v1', 'v2', 'superfortress',
] as const;
export type HouseUnitType = (typeof HOUSE_UNIT_TYPES)[number];
export type UnitType = BaseUnitType | HouseUnitType;
export const ALL_UNIT_TYPES: readonly UnitType[] = [...UNIT_TYPES, ...HOUSE_UNIT_TYPES];

export const UnitTypeSchema = z.strictObject({
  name: z.string(),
  domain: z.enum(['land', 'air', 'sea']),
  attack: z.number().int().min(0),
  defense: z.number().int().min(0),
  move: z.number().int().min(1),
  cost: z.number().int().min(1),
  /** Room taken aboard a transport (land units). */
  load: z.number().int().min(1).optional(),
  /** Room taken aboard a carrier (fighters). */
  carrierLoad: z.number().int().min(1).optional(),
  transportRoom: z.number().int().min(1).optional(),
  carrierRoom: z.number().int().min(1).optional(),
  /** Hits it takes to sink (battleship 2). */
  hits: z.number().int().min(2).optional(),
  /** Shore bombardment value in an amphibious assault. */
  bombard: z.number().int().min(1).optional(),
  /** Value in the air battle of a strategic bombing raid, as escort and as interceptor. */
  escort: z.number().int().min(0).optional(),
  intercept: z.number().int().min(0).optional(),
  /** Antiaircraft fire value against each attacking aircraft. */
  antiaircraft: z.number().int().min(1).optional(),
  supportedByArtillery: z.boolean().optional(),
  artillery: z.boolean().optional(),
  blitz: z.boolean().optional(),
  strategicBomber: z.boolean().optional(),
  submarine: z.boolean().optional(),
  destroyer: z.boolean().optional(),
});
export type UnitTypeData = z.infer<typeof UnitTypeSchema>;

export const UnitsFileSchema = z.strictObject({
  provenance: ProvenanceSchema,
  types: z.record(UnitTypeIdSchema, UnitTypeSchema),
});
export type UnitsFile = z.infer<typeof UnitsFileSchema>;

export const SetupFileSchema = z.strictObject({
  provenance: ProvenanceSchema,
  turnOrder: z.array(PowerSchema).length(4),
  ipcs: z.record(PowerSchema, z.number().int().min(0)),
  /** The special cash advance: IPCs each side spends on units before the first turn. */
  bid: z.strictObject({ axis: z.number().int().min(0), allies: z.number().int().min(0) }),
  units: z.array(z.strictObject({
    area: z.string(),
    power: PowerSchema,
    type: UnitTypeIdSchema,
    count: z.number().int().min(1),
  })),
});
export type SetupFile = z.infer<typeof SetupFileSchema>;
