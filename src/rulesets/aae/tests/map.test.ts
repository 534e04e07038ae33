import { describe, expect, it } from 'vitest';
import config from '../map.config.ts';
import boardJson from '../data/board.json' with { type: 'json' };
import { AAE_DATA } from '../data/index.ts';
import { BoardSchema, schemaProblem } from '../../../engine/index.ts';

describe('aae map geometry', () => {
  it('the generated board has every area of the printed board, with outlines, and conforms to the board contract', () => {
    expect(schemaProblem(BoardSchema, boardJson)).toBeNull();
    const built = (boardJson as { areas: Record<string, { polygons: unknown[] }> }).areas;
    expect(Object.keys(built).sort()).toEqual(AAE_DATA.map.areas.map((a) => a.id).sort());
    for (const a of Object.values(built)) expect(a.polygons.length).toBeGreaterThan(0);
  });

  it('the map config names, owners and values agree with the printed board (data/map.json)', () => {
    for (const a of AAE_DATA.map.areas) {
      const c = config.areas[a.id]!;
      expect({ id: a.id, name: c.name, kind: c.kind === 'neutral' ? 'land' : c.kind }).toEqual({ id: a.id, name: a.name, kind: a.kind });
      if (a.kind === 'land' && !a.marks?.includes('neutral')) expect({ id: a.id, owner: c.owner, value: c.value }).toEqual({ id: a.id, owner: a.owner, value: a.value });
    }
  });
});
