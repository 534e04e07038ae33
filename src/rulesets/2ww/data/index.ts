// Typed loader for the 2WW game data (counters, setup, Turn Record Track, Combat, Terrain and Production Costs
// charts). Each file is parsed with its schema once, on first use, and cached. Pure helpers for the rules follow.
import type { z } from 'zod';
import countersJson from './counters.json' with { type: 'json' };
import setupJson from './setup.json' with { type: 'json' };
import turnTrackJson from './turn-track.json' with { type: 'json' };
import combatChartJson from './combat-chart.json' with { type: 'json' };
import terrainChartJson from './terrain-chart.json' with { type: 'json' };
import productionCostsJson from './production-costs.json' with { type: 'json' };
import { lazy } from './lazy.ts';
import {
  CombatChartFileSchema, CountersFileSchema, ProductionCostsFileSchema, SetupFileSchema, TerrainChartFileSchema,
  TurnTrackFileSchema,
  type CombatChartData, type CombatColumn, type CombatLineId, type Counter, type Factors, type ProductionCosts,
  type Scenario, type Season, type TerrainChart, type TurnTrack, type UnitType,
} from './schemas.ts';

export * from './schemas.ts';
export {
  loadMap2ww, validateMap, mapNeighbours, hexsideBetween, NAMED_HEXES, NAMED_CITIES,
  type Map2ww, type MapHex, type MapHexside, type MapBox, type MapCity, type MapCountry, type MapProblem,
} from './map.ts';

export type { CombatLineId as CombatLine };

/** The raw JSON of every data file, by file name (validate.ts checks copies of these). */
export const RAW_2WW_DATA = {
  'counters.json': countersJson as unknown,
  'setup.json': setupJson as unknown,
  'turn-track.json': turnTrackJson as unknown,
  'combat-chart.json': combatChartJson as unknown,
  'terrain-chart.json': terrainChartJson as unknown,
  'production-costs.json': productionCostsJson as unknown,
};
export type DataFileName = keyof typeof RAW_2WW_DATA;

export const DATA_SCHEMAS = {
  'counters.json': CountersFileSchema,
  'setup.json': SetupFileSchema,
  'turn-track.json': TurnTrackFileSchema,
  'combat-chart.json': CombatChartFileSchema,
  'terrain-chart.json': TerrainChartFileSchema,
  'production-costs.json': ProductionCostsFileSchema,
} as const satisfies Record<DataFileName, z.ZodType>;

function parse<F extends DataFileName>(file: F): () => z.infer<(typeof DATA_SCHEMAS)[F]> {
  return lazy(() => {
    const r = DATA_SCHEMAS[file].safeParse(RAW_2WW_DATA[file]);
    if (!r.success) {
      const i = r.error.issues[0]!;
      throw new Error(`2ww data: ${file} field ${i.path.join('.') || '(root)'}: ${i.message} (run validate2wwData() for all problems)`);
    }
    return r.data as z.infer<(typeof DATA_SCHEMAS)[F]>;
  });
}

/** Each data file parsed with its schema on first use: static data, never changed afterwards. */
const parsed = {
  'counters.json': parse('counters.json'),
  'setup.json': parse('setup.json'),
  'turn-track.json': parse('turn-track.json'),
  'combat-chart.json': parse('combat-chart.json'),
  'terrain-chart.json': parse('terrain-chart.json'),
  'production-costs.json': parse('production-costs.json'),
};

function load<F extends DataFileName>(file: F): z.infer<(typeof DATA_SCHEMAS)[F]> {
  return parsed[file]() as z.infer<(typeof DATA_SCHEMAS)[F]>;
}

// ---- counters ----

export function counters(): readonly Counter[] {
  return load('counters.json').counters;
}

/** Counters by id: a lookup table of static data. */
const byId = lazy(() => new Map(counters().map((c) => [c.id, c])));
export function counterById(id: string): Counter {
  const c = byId().get(id);
  if (!c) throw new Error(`2ww data: no counter "${id}" in counters.json (ids look like "ge-inf-4")`);
  return c;
}

export function hasCounter(id: string): boolean {
  return byId().has(id);
}

/** Printed factors of a counter; single-sided counters always use their one (reduced) side (2WW 7.3.1). */
export function unitFactors(counterId: string, reduced: boolean): Factors {
  const c = counterById(counterId);
  return reduced || c.full === null ? c.reduced : c.full;
}

// ---- setup ----

export function scenario(id = 'campaign-1939'): Scenario {
  const s = load('setup.json').scenarios.find((x) => x.id === id);
  if (!s) throw new Error(`2ww data: no scenario "${id}" in setup.json (known: ${load('setup.json').scenarios.map((x) => x.id).join(', ')})`);
  return s;
}

// ---- Turn Record Track ----

export function turnTrack(): TurnTrack {
  return load('turn-track.json');
}

export function turnInfo(turn: number): { turn: number; season: Season; year: number; label: string } {
  const t = turnTrack().turns.find((x) => x.turn === turn);
  if (!t) throw new Error(`2ww data: turn ${turn} is not on the Turn Record Track (1..${turnTrack().turns.length})`);
  return t;
}

/** The turn of a milestone of the Turn Record Track (Italy's entry, improved ASW...). */
export function milestoneTurn(k: keyof TurnTrack['milestones']): number {
  return turnTrack().milestones[k].turn;
}

/** Lend-Lease maximum in force on a turn: the last change at or before it (2WW 12.3.1); 0 before the first. */
export function lendLeaseMax(turn: number): number {
  let max = 0;
  for (const l of turnTrack().lendLease) if (l.fromTurn <= turn) max = l.max;
  return max;
}

/** Units the track adds to force pools on a turn (2WW 4.2 B.1), with any condition they wait for. */
export function reinforcementsOn(turn: number): TurnTrack['reinforcements'] {
  return turnTrack().reinforcements.filter((r) => r.turn === turn);
}

/** Turn the US enters the war given the British/French invasions of neutrals before then (2WW 5.3.1). */
export function usEntryTurn(neutralsInvadedByGbOrFr: number): number {
  const e = turnTrack().usEntry;
  return e.baseTurn + e.delayPerNeutralInvadedByGbOrFr * neutralsInvadedByGbOrFr;
}

// ---- Combat Chart ----

export function combatChart(): CombatChartData {
  return load('combat-chart.json');
}

function lineData(line: CombatLineId) {
  const l = combatChart().lines.find((x) => x.id === line);
  if (!l) throw new Error(`2ww data: combat-chart.json has no line "${line}"`);
  return l;
}

/** Index of the column holding `factors`, moved `shift` columns (negative = left), clamped to the line's ends. */
export function combatColumnIndex(line: CombatLineId, factors: number, shift: number): number | null {
  if (factors < 1) return null;
  const cols = lineData(line).columns;
  let i = cols.findIndex((c) => factors >= c.min && (c.max === undefined || factors <= c.max));
  if (i < 0) i = cols.length - 1;
  return Math.min(cols.length - 1, Math.max(0, i + shift));
}

/** Column label ("12-15") for `factors` on a line after a shift; null when there is nothing to fire. */
export function combatColumn(line: CombatLineId, factors: number, shift = 0): string | null {
  const i = combatColumnIndex(line, factors, shift);
  return i === null ? null : lineData(line).columns[i]!.label;
}

/** Loss points for a 2d6 total on a column (given by label or index). */
export function combatResult(line: CombatLineId, column: string | number, roll2d6: number): number {
  const cols = lineData(line).columns;
  const col: CombatColumn | undefined = typeof column === 'number' ? cols[column] : cols.find((c) => c.label === column);
  if (!col) throw new Error(`2ww data: line "${line}" has no column ${JSON.stringify(column)} (columns: ${cols.map((c) => c.label).join(', ')})`);
  if (!Number.isInteger(roll2d6) || roll2d6 < 2 || roll2d6 > 12) throw new Error(`2ww data: a Combat Chart roll is a 2d6 total 2..12, got ${roll2d6}`);
  return col.losses[roll2d6 - 2]!;
}

/** The chart as the combat code's CombatChart interface (src/rulesets/2ww/combat/chart.ts). */
export const campaignCombatChart = {
  dice: { count: 2, sides: 6 },
  column: (line: CombatLineId, factors: number, shift: number): string | null => combatColumn(line, factors, shift),
  result: (line: CombatLineId, column: string, roll: number): number => combatResult(line, column, roll),
};

// ---- Terrain Chart ----

export function terrainChart(): TerrainChart {
  return load('terrain-chart.json');
}

/**
 * Terrain in the World.terrain form (src/rulesets/2ww/world.ts): cost to enter (null = prohibited) and `shift` =
 * columns the attacker moves LEFT. The JSON keeps the signed form (defenderShift -1 = one column left).
 */
export function terrainRules(): Record<string, { cost: number | null; shift: number }> {
  const out: Record<string, { cost: number | null; shift: number }> = {};
  for (const t of terrainChart().terrain) out[t.id] = { cost: t.landMovementCost, shift: t.defenderShift === 0 ? 0 : -t.defenderShift };
  return out;
}

/** Extra movement points to cross a river hexside, and its signed column shift. */
export function riverRule(): { cost: number; defenderShift: number } {
  const r = terrainChart().hexsides.find((h) => h.id === 'river');
  return { cost: r?.landMovementCost ?? 0, defenderShift: r?.defenderShift ?? 0 };
}

// ---- Production Costs ----

export function productionCosts(): ProductionCosts {
  return load('production-costs.json');
}

/** Points to build (from the force pool, at full strength) or upgrade a unit of a type (2WW 7.1.4, 7.3). */
export function productionCost(type: UnitType, kind: 'build' | 'upgrade'): number {
  const c = productionCosts().costs.find((x) => x.type === type);
  if (!c) throw new Error(`2ww data: production-costs.json has no cost for type "${type}"`);
  return c[kind];
}

/**
 * Cost for one counter, applying the exceptions: single-sided units are rebuilt for the one-sided price and never
 * upgraded (2WW 7.3.1); the Maginot fort is never rebuilt (2WW 7.2.5). Null = may not be bought.
 */
export function unitProductionCost(counterId: string, kind: 'build' | 'upgrade'): number | null {
  const c = counterById(counterId);
  const ex = productionCosts().exceptions;
  const own = ex.find((e) => e.appliesTo === counterId && e.kind === kind);
  if (own) return own.cost;
  if (c.steps === 1) {
    if (kind === 'upgrade') return null;
    const one = ex.find((e) => e.appliesTo === 'one-sided' && e.kind === 'build');
    if (one) return one.cost;
  }
  return productionCost(c.type, kind);
}
