// Area outlines for clients: the board generated from geography (data/board.json, built by tools/map from
// map.config.ts; docs/data/aae.md). Its own adjacency (from shared borders) is not used: the rules and the assets
// keep the printed board's connections (data/map.json).
import type { Point, Ring, Source } from '../../engine/index.ts';
import boardJson from './data/board.json' with { type: 'json' };
import regionsJson from './data/board-regions.json' with { type: 'json' };

interface BuiltArea { polygons: Ring[]; label: Point; source?: Source }
const BUILT = (boardJson as unknown as { areas: Record<string, BuiltArea> }).areas;
const BUILT_REGIONS = (regionsJson as unknown as { areas: Record<string, BuiltArea> }).areas;

/** Outlines of a printed area (data/board.json), or of a regional area (data/board-regions.json: hr-regions). */
export function areaGeometry(id: string, regional = false): { polygons: Ring[]; label: Point; source: Source } {
  const a = (regional ? BUILT_REGIONS : BUILT)[id];
  const cfg = regional ? 'src/rulesets/aae/map-regions.config.ts' : 'aae';
  if (!a) throw new Error(`aae: area "${id}" is not in data/${regional ? 'board-regions' : 'board'}.json; rebuild it: npx tsx src/cli/main.ts map build ${cfg}`);
  return { polygons: a.polygons, label: a.label, source: a.source ?? { reconstructed: 'drawn from geography for Theater' } };
}
