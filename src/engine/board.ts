// The board contract: what a rule set declares for every client to draw (hex sheets, areas, off-map boxes, tracks)
// and what a seat sees on it (pieces, markers, control). Clients read these typed shapes; nothing guesses field names.
import { z } from 'zod';
import type { Json } from './types.ts';

/** A point in map coordinates: x grows east, y grows south. Hex maps use hex units (centre to vertex = 1). */
export const PointSchema = z.tuple([z.number(), z.number()]);
/** A closed polygon ring (first point not repeated). */
export const RingSchema = z.array(PointSchema).min(3);
export type Point = z.infer<typeof PointSchema>;
export type Ring = z.infer<typeof RingSchema>;

/** Where a fact comes from: the rulebook (with its section) or a reconstruction (with the reasoning). */
export const SourceSchema = z.union([
  z.strictObject({ rulebook: z.string() }),
  z.strictObject({ reconstructed: z.string() }),
]);
export type Source = z.infer<typeof SourceSchema>;

/** One hex sheet: ids prefix + CC + RR, flat-topped columns, `join` places it against an earlier sheet. */
export const SheetSchema = z.strictObject({
  prefix: z.string(),
  cols: z.tuple([z.number().int(), z.number().int()]),
  rows: z.tuple([z.number().int(), z.number().int()]),
  offset: z.enum(['odd-down', 'even-down']),
  colDigits: z.number().int().optional(),
  rowDigits: z.number().int().optional(),
  join: z.strictObject({
    anchor: z.string(), onto: z.string(),
    colSign: z.union([z.literal(1), z.literal(-1)]).optional(),
    rowSign: z.union([z.literal(1), z.literal(-1)]).optional(),
  }).optional(),
});

export const CitySchema = z.strictObject({
  name: z.string(),
  port: z.boolean().optional(),
  capital: z.boolean().optional(),
  /** Production or resource city: drawn with a star. */
  production: z.boolean().optional(),
  fort: z.boolean().optional(),
});

/** One hex. `kind` picks the fill; `terrain` a pattern (unknown terrains draw as clear). */
export const HexSchema = z.strictObject({
  kind: z.enum(['land', 'coastal', 'sea', 'lake']),
  terrain: z.string().optional(),
  /** Country id (borders are drawn where it changes). */
  country: z.string().optional(),
  city: CitySchema.optional(),
  /** Short text printed in a hex without a city (a strait, a sea's name). */
  label: z.string().optional(),
});

/** A hexside, keyed "AAAA/BBBB" (ids in any order). Features: river, major-river, strait, canal, border, all-sea, impassable... */
export const HexsideSchema = z.strictObject({ features: z.array(z.string()).min(1) });

export const HexMapSchema = z.strictObject({
  sheets: z.array(SheetSchema).min(1),
  hexes: z.record(z.string(), HexSchema),
  hexsides: z.record(z.string(), HexsideSchema).optional(),
  /** Land polygons (coastlines); without them land hexes are filled whole. */
  land: z.array(RingSchema).optional(),
});

/** An area (territory, sea zone, region): polygons, where its name goes, and what it is. */
export const AreaSchema = z.strictObject({
  name: z.string(),
  /** 'land' | 'sea' | any other (drawn as land). */
  kind: z.string(),
  polygons: z.array(RingSchema).min(1),
  /** Where the name and the counters go. */
  label: PointSchema,
  /** Country or power that owns it at the start (colour, borders). */
  owner: z.string().optional(),
  /** A figure printed in the area (production value...). */
  value: z.number().optional(),
  /** What the rules mark on it: 'capital', 'victory-city', 'convoy', 'island', 'factory'... */
  marks: z.array(z.string()).optional(),
  source: SourceSchema.optional(),
});

/** Two places that touch; `kind`: 'land' | 'sea' | 'coast' | 'strait' | 'canal' | any other the rules use. */
export const AdjacencySchema = z.strictObject({
  a: z.string(),
  b: z.string(),
  kind: z.string(),
  source: SourceSchema.optional(),
});

/** An off-map box (an ocean box, a force pool, a holding box), drawn as a panel beside the map. */
export const BoxSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** 'sea' | 'land' | 'pool' | any other. */
  kind: z.string().optional(),
  /** Places it links to (shown as text). */
  connects: z.array(z.string()).optional(),
  note: z.string().optional(),
  /** Scenarios that use it (absent: every scenario). */
  scenarios: z.array(z.string()).optional(),
});

/** A track printed on the board: turns, production, victory points. */
export const TrackSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  cells: z.array(z.strictObject({ id: z.string(), label: z.string() })).min(1),
});

export const CountrySchema = z.strictObject({
  name: z.string(),
  color: z.string().optional(),
});

/** Everything a rule set's board holds. Any part may be absent; a board has hexes, areas or boxes. */
export const BoardSchema = z.strictObject({
  hex: HexMapSchema.optional(),
  areas: z.record(z.string(), AreaSchema).optional(),
  adjacency: z.array(AdjacencySchema).optional(),
  boxes: z.array(BoxSchema).optional(),
  tracks: z.array(TrackSchema).optional(),
  countries: z.record(z.string(), CountrySchema).optional(),
  /** The part of the board a scenario uses (hex or area ids); scenarios not listed use all of it. */
  windows: z.record(z.string(), z.array(z.string())).optional(),
});
export type Board = z.infer<typeof BoardSchema>;
export type BoardArea = z.infer<typeof AreaSchema>;
export type BoardHex = z.infer<typeof HexSchema>;

/** A power (nation) that owns counters. `abbr` keeps nations apart without colour. */
export const PowerSchema = z.strictObject({
  name: z.string(),
  side: z.string(),
  color: z.string(),
  text: z.string().optional(),
  abbr: z.string().optional(),
});

/** A unit type; `symbol` names the symbol drawn: 'armor' | 'infantry' | 'air' | 'fleet' | 'bomber' | ... */
export const UnitTypeSchema = z.strictObject({
  name: z.string(),
  symbol: z.string(),
  domain: z.enum(['land', 'air', 'naval', 'fort', 'other']).optional(),
});

const FactorsSchema = z.union([z.array(z.number()), z.string()]);

/** Static facts of one counter that a seat's view need not repeat. */
export const CounterSchema = z.strictObject({
  power: z.string(),
  type: z.string(),
  /** Designation printed on the counter ("4", "Home", "Bismarck"). */
  name: z.string().optional(),
  full: FactorsSchema.optional(),
  /** Absent: a one-step counter. */
  reduced: FactorsSchema.optional(),
});

export const CounterManifestSchema = z.strictObject({
  powers: z.record(z.string(), PowerSchema),
  types: z.record(z.string(), UnitTypeSchema),
  units: z.record(z.string(), CounterSchema).optional(),
  sides: z.record(z.string(), z.strictObject({ name: z.string(), color: z.string().optional() })).optional(),
});

/** A chart shown as a table; `reconstructed` lists cells (row, column) that are not from the rulebook. */
export const ChartSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  rule: z.string().optional(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number()]))),
  reconstructed: z.union([z.boolean(), z.array(z.tuple([z.number().int(), z.number().int()]))]).optional(),
  note: z.string().optional(),
});

export const ReconstructedNoteSchema = z.strictObject({ subject: z.string(), text: z.string() });

/** What `Ruleset.assets()` returns: static, the same for every game of the rule set, cacheable by clients. */
export const AssetsSchema = z.strictObject({
  board: BoardSchema,
  counters: CounterManifestSchema.optional(),
  charts: z.array(ChartSchema).optional(),
  notes: z.array(z.string()).optional(),
  reconstructed: z.array(ReconstructedNoteSchema).optional(),
  /** Labels of the turns, index 0 = turn 1 ("Autumn 1939"). */
  turns: z.array(z.string()).optional(),
});
export type Assets = z.infer<typeof AssetsSchema>;
export type CounterManifest = z.infer<typeof CounterManifestSchema>;
export type Chart = z.infer<typeof ChartSchema>;

/** A unit (or a stack of identical units: `count`) as one seat sees it. */
export interface PieceView {
  id: string;
  /** A hex, area or box id, or another place ("pool", "eliminated"): places not on the board are listed as panels. */
  where: string;
  side: string;
  power: string;
  type: string;
  /** Designation ("4", "Bismarck"); default from the counter manifest. */
  name?: string;
  /** Printed factors; default from the manifest's full or reduced side. */
  factors?: number[] | string;
  reduced?: boolean;
  /** Identical units in this piece (area games); default 1. */
  count?: number;
  /** Carried by this unit (a fleet, a transport). */
  aboard?: string;
  /** Only the side is known to this seat. */
  hidden?: boolean;
  /** Status marks shown on the counter: 'ops-complete', 'out-of-supply', 'disrupted', 'moved'... */
  marks?: string[];
  /** One line on the unit's state, for the inspector ("out of supply since Spring 1941: 2WW 11.3"). */
  note?: string;
}

/** A marker on the board or on a track: control, turn, production level... */
export interface MarkerView {
  kind: string;
  /** A place, or "<track id>:<cell id>". */
  where: string;
  side?: string;
  label?: string;
}

/** What seats hold off the map as one seat may see it: a hand of cards, the cards in effect, a face-down stack. */
export interface HoldingView {
  /** "Germany's cards", "Cards in effect". */
  title: string;
  /** The seat holding it, when one does. */
  seat?: string;
  /** What the viewer may read, each with the rule case it is played under. */
  items: { label: string; rule?: string; note?: string }[];
  /** How many more there are that the viewer may not see (another seat's hand, the stack). */
  hidden?: number;
}

/** The part of a seat's view that the board shows. Produced by `Ruleset.boardView`; redacted like `view`. */
export interface BoardView {
  pieces: PieceView[];
  markers: MarkerView[];
  /** Place -> side or power controlling it, where it differs from the place's owner at the start. */
  control: Record<string, string>;
  /** Turn number (1-based) and its label. */
  turn?: { index: number; label: string };
  phase?: string;
  activeSide?: string | null;
  /** Off the map: hands of cards and the like (HoldingView). */
  holdings?: HoldingView[];
}

/** The first problem of a value against a schema, as "field: message"; null when it conforms. */
export function schemaProblem(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  if (r.success) return null;
  const i = r.error.issues[0]!;
  return `${i.path.join('.') || '(root)'}: ${i.message}`;
}

/** Hexside key of two places, order-free ("AAAA/BBBB"). */
export function hexsideKey(a: string, b: string): string {
  return a < b ? `${a}/${b}` : `${b}/${a}`;
}

/** Checks a rule set's assets; throws an error naming the field. Used by `theater validate` and the rule sets' tests. */
export function checkAssets(rulesetId: string, assets: Json): Assets {
  const p = schemaProblem(AssetsSchema, assets);
  if (p) throw new Error(`${rulesetId} assets: ${p}`);
  return assets as unknown as Assets;
}
