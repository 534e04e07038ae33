// Schema and loader of the generated two-sheet ETO map (data/map.json, built by tools/map/eto-build.ts).
import { z } from 'zod';
import mapJson from './map.json' with { type: 'json' };
import { ProvenanceSchema } from './schemas.ts';

const HexId = z.string().regex(/^[WE][0-9]{4}$/, 'a sheet prefix W or E + CCRR, e.g. "W3533"');
const Provs = z.record(z.string(), ProvenanceSchema);

export const EtoMapHexSchema = z.strictObject({
  /** Every printed id of the hex when the sheets overlap (the key is the first sheet's). */
  ids: z.array(HexId).optional(),
  sheet: z.enum(['W', 'E']),
  kind: z.enum(['land', 'coastal', 'sea']),
  landFraction: z.number().min(0).max(1),
  /** ETO terrain key: clear, rough, forest, marsh; 'lake' = all-lake hex. Null for all-sea hexes. */
  terrain: z.enum(['clear', 'rough', 'forest', 'marsh', 'lake']).nullable(),
  country: z.string().nullable(),
  /** ETO 1.0 weather zone; 'mild-fg' = the France/Germany mild zone (moderate for air grounding, 1.4). */
  weather: z.enum(['mild', 'mild-fg', 'moderate', 'severe']),
  seaArea: z.string().optional(),
  city: z.strictObject({
    name: z.string(),
    also: z.array(z.string()).optional(),
    port: z.enum(['minor', 'major']).optional(),
    capital: z.literal(true).optional(),
    resource: z.literal('city').optional(),
    provenance: Provs,
  }).optional(),
  resource: z.literal('plain').optional(),
  /** Place name of a hex that is not a city (a plain resource hex at a town). */
  place: z.string().optional(),
  named: z.string().optional(),
  /** A map-edge hex the rules name (ETO 24.1 Iraq; Advanced ETO Soviet east edge). */
  mapEdge: z.string().optional(),
  provenance: Provs,
});
export type EtoMapHex = z.infer<typeof EtoMapHexSchema>;

export const EtoMapHexsideSchema = z.strictObject({
  type: z.enum(['sea', 'land', 'coast']),
  border: z.literal(true).optional(),
  river: z.string().optional(),
  lake: z.literal(true).optional(),
  /** ETO 24.1: an all-sea hexside bridged by a ferry symbol: land units may cross it (7.8 ferry crossings). */
  ferry: z.string().optional(),
  /** An all-sea hexside across a strait that no ferry bridges (naval passage only). */
  strait: z.string().optional(),
  /** ETO 7.8: a hexside along a canal (Kiel, Suez): naval units pass, 1 MP per hexside; no effect on land movement. */
  canal: z.string().optional(),
});

const ResidualSchema = z.strictObject({
  hex: HexId, name: z.string(), fittedHex: HexId.or(z.literal('')), hexSteps: z.number(), distance: z.number(), checkOnly: z.boolean(),
});

export const EtoMapSchema = z.strictObject({
  rulesetId: z.literal('eto'),
  title: z.string(),
  generatedBy: z.string(),
  grid: z.strictObject({
    layout: z.literal('flat-top-columns'),
    size: z.literal(1),
    idFormat: z.string(),
    sheets: z.array(z.strictObject({
      prefix: z.enum(['W', 'E']),
      cols: z.tuple([z.number().int(), z.number().int()]),
      rows: z.tuple([z.number().int(), z.number().int()]),
      offset: z.enum(['odd-down', 'even-down']),
      join: z.strictObject({ anchor: HexId, onto: HexId, colSign: z.union([z.literal(1), z.literal(-1)]), rowSign: z.union([z.literal(1), z.literal(-1)]) }).optional(),
      placement: z.strictObject({ prefix: z.string(), colSign: z.number(), colShift: z.number(), rowSign: z.number(), y2Shift: z.number() }),
    })),
  }),
  /** One projection for both sheets (fitted together on the joined board). */
  projection: z.strictObject({
    kind: z.string(), lon0: z.number(), parallels: z.tuple([z.number(), z.number()]), affine: z.array(z.number()).length(6),
    warp: z.string(), rms: z.number(), residuals: z.array(ResidualSchema),
  }),
  provenance: Provs,
  countries: z.record(z.string(), z.strictObject({ name: z.string() })),
  seaAreas: z.record(z.string(), z.strictObject({ name: z.string() })),
  hexes: z.record(HexId, EtoMapHexSchema),
  hexsides: z.record(z.string().regex(/^[WE][0-9]{4}\|[WE][0-9]{4}$/), EtoMapHexsideSchema),
  render: z.strictObject({ bounds: z.array(z.number()).length(4), coast: z.array(z.array(z.array(z.number()))) }),
  buildProblems: z.array(z.string()),
});
export type EtoMap = z.infer<typeof EtoMapSchema>;

/**
 * A cheap guard on the generated map at load: the fields the rules read are there, each problem naming file and field.
 * The whole schema (EtoMapSchema, about 0.1-0.7 s of CPU on 1.5 MB) is checked by the data check instead:
 * validateEtoData ("theater validate", and the data tests), so a process that loads ETO does not pay it.
 */
export function mapShapeProblem(raw: unknown): string | null {
  const m = raw as Partial<Record<keyof EtoMap, unknown>> | null;
  if (typeof m !== 'object' || m === null) return '(root): expected an object';
  if (m.rulesetId !== 'eto') return `rulesetId: expected "eto", got ${JSON.stringify(m.rulesetId)}`;
  for (const k of ['grid', 'hexes', 'hexsides', 'countries', 'seaAreas', 'render'] as const) {
    if (typeof m[k] !== 'object' || m[k] === null || Array.isArray(m[k])) return `${k}: expected an object`;
  }
  if (!Array.isArray(m.buildProblems)) return 'buildProblems: expected an array';
  for (const [id, h] of Object.entries(m.hexes as Record<string, Partial<EtoMap['hexes'][string]> | null>)) {
    if (typeof h !== 'object' || h === null) return `hexes.${id}: expected an object`;
    if (h.kind !== 'land' && h.kind !== 'coastal' && h.kind !== 'sea') return `hexes.${id}.kind: expected land, coastal or sea`;
  }
  return null;
}

function loadMap(): EtoMap {
  const problem = mapShapeProblem(mapJson);
  if (problem) throw new Error(`src/rulesets/eto/data/map.json: ${problem} (rebuild with npx tsx tools/map/build.ts eto; npx tsx src/cli/main.ts validate --ruleset eto lists every problem)`);
  return mapJson as unknown as EtoMap;
}

/** The raw generated map, for the data check (validateEtoData). */
export const RAW_ETO_MAP: unknown = mapJson;

/** The generated map, guarded when the rule set is loaded and schema-checked by the data check (validateEtoData). */
const MAP = loadMap();
export const etoMap = (): EtoMap => MAP;
