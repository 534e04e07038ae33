// Schemas of the A&A Europe data files (zod). Each file says where its facts come from (`provenance`).
import { z } from 'zod';

export const POWERS = ['germany', 'ussr', 'uk', 'usa'] as const;
export type Power = (typeof POWERS)[number];
export const PowerSchema = z.enum(POWERS);

/** Where a file's facts come from: the printed board game (through a transcription), the house rules, or us. */
export const ProvenanceSchema = z.strictObject({
  source: z.enum(['board-game', 'house-rules', 'reconstructed']),
  /** The document, edition and section the facts were taken from. */
  ref: z.string().min(1),
  note: z.string().optional(),
});

export const AREA_MARKS = ['capital', 'victory-city', 'factory', 'convoy', 'neutral', 'middle-east', 'region'] as const;

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

export const UNIT_TYPES = [
  'infantry', 'artillery', 'armour', 'aa', 'fighter', 'bomber', 'transport', 'submarine', 'destroyer', 'carrier', 'battleship',
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
export const UnitTypeIdSchema = z.enum(UNIT_TYPES);

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
