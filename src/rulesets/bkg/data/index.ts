// Typed, validated BKG data: the two maps, the counters, the scenarios. Each file is parsed with its schema once;
// validateBkgData (the rule set's validateData) also checks cross-references, naming file and field.
import { z } from 'zod';
import type { DataProblem } from '../../../engine/index.ts';
import { SourceSchema } from '../../../engine/board.ts';
import mapJson from './map.json' with { type: 'json' };
import countersJson from './counters.json' with { type: 'json' };
import scenario1939Json from './scenario-1939.json' with { type: 'json' };
import scenario1941Json from './scenario-1941.json' with { type: 'json' };
import cardsJson from './cards.json' with { type: 'json' };
import tablesJson from './tables.json' with { type: 'json' };

const Terrain = z.enum(['clear', 'forest', 'mountain', 'swamp', 'desert', 'fortress']);
const AreaSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  name: z.string(),
  map: z.enum(['europe', 'pacific']),
  kind: z.enum(['land', 'sea']),
  at: z.tuple([z.number(), z.number()]),
  /** Political unit: a home country (germany, uk, canada...), a colony's power, or a minor. */
  country: z.string().optional(),
  /** Controlling power at the start when it is not the country's own. */
  owner: z.string().optional(),
  /** National flag printed (majors) / part of the home country (minors). */
  home: z.boolean().optional(),
  prod: z.union([z.tuple([z.number().int().min(0), z.number().int().min(0)]), z.literal('D')]).optional(),
  /** BE production that only counts once activated (Time Table: Axis conquers France). */
  pacificProduction: z.boolean().optional(),
  terrain: Terrain.optional(),
  forbiddenCoast: z.boolean().optional(),
  island: z.union([z.boolean(), z.string()]).optional(),
  limit: z.number().int().optional(),
  src: z.string(),
  note: z.string().optional(),
});
const LinkSchema = z.tuple([z.string(), z.string(), z.enum(['land', 'lake', 'coast', 'sea', 'strait', 'canal']), z.array(z.string()), z.string()]);
const MapFileSchema = z.strictObject({
  about: z.string(),
  sources: z.record(z.string(), SourceSchema),
  areas: z.array(AreaSchema),
  links: z.array(LinkSchema),
});

const UnitType = z.enum(['inf', 'arm', 'hq', 'air', 'conv', 'tf', 'sub']);
const CountersFileSchema = z.strictObject({
  about: z.string(),
  sources: z.record(z.string(), SourceSchema),
  types: z.record(UnitType, z.strictObject({
    name: z.string(), domain: z.enum(['land', 'air', 'naval']), range: z.number().int(), build: z.number().int(),
    cost: z.enum(['front', '2x', '1', '3', '4']), fires: z.number().int().optional(),
  })),
  backs: z.record(z.string(), z.record(z.string(), z.number().int().nullable())),
  hqs: z.record(z.string(), z.strictObject({ power: z.string(), name: z.string(), rating: z.number().int(), naval: z.boolean().optional() })),
  mix: z.record(z.string(), z.record(z.string().regex(/^(inf|arm|air|conv|tf|sub)\d(\/\w+)?$/), z.number().int().min(1))),
});

const UnitSpec = z.string().regex(/^((inf|arm|air|conv|tf|sub)\d(\/\w+)?(:b)?(\*\d+)?|hq:[a-z]+)$/);
const Placement = z.record(z.string(), z.array(UnitSpec));
const ScenarioSchema = z.strictObject({
  about: z.string(),
  sources: z.record(z.string(), SourceSchema),
  id: z.string(),
  start: z.string().regex(/^[1-4]\/\d\d$/),
  production: z.record(z.string(), z.number().int()),
  advancedProduction: z.record(z.string(), z.number().int()).optional(),
  rail: z.record(z.string(), z.number().int()),
  railAtWar: z.record(z.string(), z.number().int()),
  /** Saved research numbers (1939: "Germany has achieved research level 3"). */
  research: z.record(z.string(), z.number().int()),
  achievements: z.record(z.string(), z.array(z.string())).optional(),
  /** Side that had the initiative before the first turn (1941) or has it in the first turn (1939). */
  initiative: z.enum(['axis', 'allies']),
  weatherRoll: z.number().int().optional(),
  wars: z.array(z.tuple([z.string(), z.string()])),
  belligerent: z.array(z.string()).optional(),
  controllers: z.record(z.string(), z.string()).optional(),
  conquered: z.array(z.string()).optional(),
  events: z.array(z.string()).optional(),
  deliveries: z.record(z.string(), z.number().int()).optional(),
  control: z.record(z.string(), z.string()).optional(),
  fortressDestroyed: z.boolean().optional(),
  /** HQs destroyed before the scenario starts (7.3.6: they may be rebuilt). */
  deadHqs: z.array(z.string()).optional(),
  cardsRemoved: z.array(z.string()).optional(),
  cardsInEffect: z.array(z.string()).optional(),
  hands: z.record(z.string(), z.array(z.string())).optional(),
  setup: z.record(z.string(), Placement),
  noRetreat: z.record(z.string(), z.array(z.string())),
  reinforcements: z.record(z.string(), z.record(z.string().regex(/^[1-4]\/\d\d$/), z.array(UnitSpec))),
  neutralForces: z.record(z.string(), Placement).optional(),
});

const CardSchema = z.strictObject({
  id: z.string(), name: z.string(), buyers: z.array(z.string()).min(1), cost: z.number().int().min(0),
  disposal: z.enum(['discard', 'return', 'permanent']),
  coup: z.strictObject({ minor: z.string(), success: z.tuple([z.number().int(), z.number().int()]), counter: z.tuple([z.number().int(), z.number().int()]) }).optional(),
});
const CardsFileSchema = z.strictObject({ about: z.string(), sources: z.record(z.string(), SourceSchema), cards: z.array(CardSchema).length(55) });
export type CardData = z.infer<typeof CardSchema>;

const Quarters = z.strictObject({ '1': z.array(z.number().int()), '2': z.array(z.number().int()), '3': z.array(z.number().int()), '4': z.array(z.number().int()) });
const SearchRow = z.strictObject({ good: z.number().int(), bad: z.number().int() });
const TablesFileSchema = z.strictObject({
  about: z.string(),
  sources: z.record(z.string(), SourceSchema),
  /** Rolls giving bad weather, by map and quarter. */
  weather: z.strictObject({ europe: Quarters, pacific: Quarters }),
  search: z.strictObject({ 'cv-air-ships': SearchRow, 'ships-ships': SearchRow, 'ships-subs': SearchRow, 'subs-ships': SearchRow }),
});
export type TablesFile = z.infer<typeof TablesFileSchema>;

export type AreaData = z.infer<typeof AreaSchema>;
export type LinkData = z.infer<typeof LinkSchema>;
export type MapFile = z.infer<typeof MapFileSchema>;
export type CountersFile = z.infer<typeof CountersFileSchema>;
export type ScenarioFile = z.infer<typeof ScenarioSchema>;
export type UnitType = z.infer<typeof UnitType>;

const FILES = {
  'map.json': { raw: mapJson as unknown, schema: MapFileSchema },
  'counters.json': { raw: countersJson as unknown, schema: CountersFileSchema },
  'scenario-1939.json': { raw: scenario1939Json as unknown, schema: ScenarioSchema },
  'scenario-1941.json': { raw: scenario1941Json as unknown, schema: ScenarioSchema },
  'cards.json': { raw: cardsJson as unknown, schema: CardsFileSchema },
  'tables.json': { raw: tablesJson as unknown, schema: TablesFileSchema },
} as const;
type FileName = keyof typeof FILES;

function parse<T>(file: FileName): T {
  const f = FILES[file];
  const r = f.schema.safeParse(f.raw);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`src/rulesets/bkg/data/${file}: field ${i.path.join('.') || '(root)'}: ${i.message}`);
  }
  return r.data as T;
}

export interface BkgData {
  map: MapFile;
  counters: CountersFile;
  scenarios: Record<string, ScenarioFile>;
  cards: CardData[];
  tables: TablesFile;
}

/** The parsed files: constants built when the rule set loads (a malformed file fails the import, naming file and
 *  field). */
const DATA: BkgData = {
  map: parse<MapFile>('map.json'),
  counters: parse<CountersFile>('counters.json'),
  scenarios: { '1939': parse<ScenarioFile>('scenario-1939.json'), '1941': parse<ScenarioFile>('scenario-1941.json') },
  cards: parse<{ cards: CardData[] }>('cards.json').cards,
  tables: parse<TablesFile>('tables.json'),
};

export function bkgData(): BkgData {
  return DATA;
}

/** A unit spec of a scenario file: "inf2/O:b*3", "hq:guderian". */
export interface UnitSpecParts { type: UnitType; front: number; tag?: string; reduced: boolean; count: number; hq?: string }

export function parseUnitSpec(spec: string): UnitSpecParts {
  if (spec.startsWith('hq:')) return { type: 'hq', front: 0, reduced: false, count: 1, hq: spec.slice(3) };
  const m = /^(inf|arm|air|conv|tf|sub)(\d)(?:\/(\w+))?(:b)?(?:\*(\d+))?$/.exec(spec);
  if (!m) throw new Error(`bad unit spec "${spec}"`);
  const out: UnitSpecParts = { type: m[1] as UnitType, front: Number(m[2]), reduced: !!m[4], count: m[5] ? Number(m[5]) : 1 };
  if (m[3]) out.tag = m[3];
  return out;
}

/** Every problem of the data files' cross-references (areas of links and set-ups, counters of set-ups, backs). */
export function validateBkgData(): DataProblem[] {
  const out: DataProblem[] = [];
  const d = bkgData();
  const file = (f: string) => `src/rulesets/bkg/data/${f}`;
  const areas = new Map(d.map.areas.map((a) => [a.id, a]));
  if (areas.size !== d.map.areas.length) out.push({ file: file('map.json'), field: 'areas', message: 'duplicate area id' });
  d.map.areas.forEach((a, i) => {
    if (!d.map.sources[a.src]) out.push({ file: file('map.json'), field: `areas.${i}.src`, message: `unknown source "${a.src}"` });
    if (a.kind === 'land' && !a.country) out.push({ file: file('map.json'), field: `areas.${i}.country`, message: `land area ${a.id} has no country` });
    if (typeof a.island === 'string' && areas.get(a.island)?.kind !== 'land') out.push({ file: file('map.json'), field: `areas.${i}.island`, message: `sea zone ${a.id} names island "${a.island}", which is not a land area` });
  });
  const seen = new Set<string>();
  d.map.links.forEach(([a, b, kind], i) => {
    const A = areas.get(a), B = areas.get(b);
    if (!A || !B) { out.push({ file: file('map.json'), field: `links.${i}`, message: `unknown area "${!A ? a : b}"` }); return; }
    const key = a < b ? `${a}|${b}` : `${b}|${a}`;
    if (seen.has(key)) out.push({ file: file('map.json'), field: `links.${i}`, message: `${a}-${b} is linked twice` });
    seen.add(key);
    const want = kind === 'land' || kind === 'lake' ? ['land', 'land'] : kind === 'coast' ? ['land', 'sea'] : ['sea', 'sea'];
    if (A.kind !== want[0] || B.kind !== want[1]) out.push({ file: file('map.json'), field: `links.${i}`, message: `a ${kind} link must join ${want.join(' and ')} (${a} is ${A.kind}, ${b} is ${B.kind})` });
    if (!d.map.sources[d.map.links[i]![4]]) out.push({ file: file('map.json'), field: `links.${i}.4`, message: `unknown source "${d.map.links[i]![4]}"` });
  });
  for (const [type, fronts] of Object.entries(d.counters.backs)) {
    for (const [front, back] of Object.entries(fronts)) {
      if (back !== null && back >= Number(front)) out.push({ file: file('counters.json'), field: `backs.${type}.${front}`, message: 'a back must be lower than its front (basic 2.1)' });
    }
  }
  for (const [power, mix] of Object.entries(d.counters.mix)) {
    for (const key of Object.keys(mix)) {
      const m = /^(\w+?)(\d)/.exec(key)!;
      if (!(m[2]! in (d.counters.backs[m[1]!] ?? {}))) out.push({ file: file('counters.json'), field: `mix.${power}.${key}`, message: `no back value for ${m[1]} ${m[2]}` });
    }
  }
  for (const [id, sc] of Object.entries(d.scenarios)) {
    const f = file(`scenario-${id}.json`);
    const check = (field: string, power: string, where: string, specs: string[]) => {
      if (!areas.has(where)) out.push({ file: f, field, message: `unknown area "${where}"` });
      for (const s of specs) {
        const p = parseUnitSpec(s);
        if (p.hq) {
          if (d.counters.hqs[p.hq]?.power !== power) out.push({ file: f, field, message: `HQ "${p.hq}" is not a ${power} HQ in counters.json` });
          continue;
        }
        const key = `${p.type}${p.front}${p.tag ? `/${p.tag}` : ''}`;
        if (!d.counters.mix[power]?.[key]) out.push({ file: f, field, message: `${power} has no counter ${key} in counters.json` });
      }
    };
    for (const [power, placement] of Object.entries(sc.setup)) for (const [where, specs] of Object.entries(placement)) check(`setup.${power}.${where}`, power, where, specs);
    for (const [power, placement] of Object.entries(sc.neutralForces ?? {})) for (const [where, specs] of Object.entries(placement)) check(`neutralForces.${power}.${where}`, power, where, specs);
    for (const [power, byTurn] of Object.entries(sc.reinforcements)) for (const [t, specs] of Object.entries(byTurn)) check(`reinforcements.${power}.${t}`, power, 'england', specs);
    for (const [id2, c] of Object.entries(sc.control ?? {})) if (areas.get(id2)?.kind !== 'land') out.push({ file: f, field: `control.${id2}`, message: `${c} controls "${id2}", which is not a land area` });
    const cardIds = new Set(d.cards.map((c) => c.id));
    for (const c of [...(sc.cardsRemoved ?? []), ...(sc.cardsInEffect ?? []), ...Object.values(sc.hands ?? {}).flat()]) if (!cardIds.has(c)) out.push({ file: f, field: 'cards', message: `unknown card "${c}"` });
  }
  const seenCards = new Set<string>();
  d.cards.forEach((c, i) => { if (seenCards.has(c.id)) out.push({ file: file('cards.json'), field: `cards.${i}.id`, message: `card "${c.id}" listed twice` }); seenCards.add(c.id); });
  return out;
}
