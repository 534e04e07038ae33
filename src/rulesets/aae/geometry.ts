// Area outlines for clients: the board generated from geography (data/board.json, built by tools/map from
// map.config.ts; docs/data/aae.md). Its own adjacency (from shared borders) is not used: the rules and the assets
// keep the printed board's connections (data/map.json).
import type { Point, Ring, Source } from '../../engine/index.ts';
import boardJson from './data/board.json' with { type: 'json' };

interface BuiltArea { polygons: Ring[]; label: Point; source?: Source }
const BUILT = (boardJson as unknown as { areas: Record<string, BuiltArea> }).areas;

export function areaGeometry(id: string): { polygons: Ring[]; label: Point; source: Source } {
  const a = BUILT[id];
  if (!a) throw new Error(`aae: area "${id}" is not in data/board.json; rebuild it: npx tsx src/cli/main.ts map build aae`);
  return { polygons: a.polygons, label: a.label, source: a.source ?? { reconstructed: 'drawn from geography for Theater' } };
}
