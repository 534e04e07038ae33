// Area outlines for clients. Until the map generated from geography is built (docs/data/aae.md), each area is a
// small octagon at its approximate geographic centre (data/map.json "at"), projected equirectangularly at 50°N.
import type { Point, Ring, Source } from '../../engine/index.ts';
import { AREAS } from './world.ts';

const COS50 = Math.cos((50 * Math.PI) / 180);

export function project(lon: number, lat: number): Point {
  return [Math.round(lon * COS50 * 100) / 100, Math.round(-lat * 100) / 100];
}

export function areaGeometry(id: string): { polygons: Ring[]; label: Point; source: Source } {
  const a = AREAS.get(id)!;
  const [x, y] = project(a.at[0], a.at[1]);
  const r = a.kind === 'sea' ? 1.6 : 1.1;
  const ring: Ring = Array.from({ length: 8 }, (_, i) => {
    const t = (Math.PI / 4) * i + Math.PI / 8;
    return [Math.round((x + r * Math.cos(t)) * 100) / 100, Math.round((y + r * Math.sin(t)) * 100) / 100] as Point;
  });
  return {
    polygons: [ring], label: [x, y],
    source: { reconstructed: 'schematic outline at the area\'s approximate geographic centre until the generated map is built' },
  };
}
