import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BoardSchema, schemaProblem } from '../../src/engine/board.ts';
import { buildAreaMap, splitPolygon } from './areas.ts';
import { buildText } from './build.ts';
import type { AreaMapConfig } from './config-types.ts';
import { REPO_ROOT } from './configs.ts';
import fixture from './fixtures/test-areas.config.ts';
import { insideRings } from './raster.ts';

describe('tools/map/areas.ts: area maps from geography', () => {
  const built = buildAreaMap(fixture);
  const { board } = built;
  const areas = board.areas!;
  const linked = (a: string, b: string): string | undefined =>
    board.adjacency!.find((l) => (l.a === a && l.b === b) || (l.a === b && l.b === a))?.kind;

  it('builds a board that conforms to BoardSchema, the same file every time, equal to the committed fixture', () => {
    expect(schemaProblem(BoardSchema, board)).toBeNull();
    const text = buildText(fixture).text;
    expect(text === JSON.stringify(board) + '\n').toBe(true);
    const committed = readFileSync(join(REPO_ROOT, fixture.outFile), 'utf8');
    expect(committed === text, 'fixture board is stale: npx tsx tools/map/build.ts tools/map/fixtures/test-areas.config.ts').toBe(true);
  });

  it('gives every area polygons, a label point inside it and its source', () => {
    expect(Object.keys(areas)).toHaveLength(11);
    for (const [id, a] of Object.entries(areas)) {
      expect(a.polygons.length, id).toBeGreaterThan(0);
      expect(insideRings(a.polygons, a.label[0], a.label[1]), `${id} label ${a.label}`).toBe(true);
      expect(a.source, id).toBeDefined();
    }
  });

  it('computes adjacency from shared borders: land-land, coast, sea-sea; a polyline splits Germany in two', () => {
    expect(linked('benelux', 'western-germany')).toBe('land');
    expect(linked('benelux', 'northern-france')).toBe('land');
    expect(linked('western-germany', 'eastern-germany')).toBe('land');
    expect(linked('denmark', 'western-germany')).toBe('land');
    // Denmark's border with Germany lies west of the 10.5°E split line.
    expect(linked('denmark', 'eastern-germany')).toBeUndefined();
    expect(linked('benelux', 'eastern-germany')).toBeUndefined();
    expect(linked('northern-france', 'southern-france')).toBe('land');
    expect(linked('great-britain', 'north-sea')).toBe('coast');
    expect(linked('northern-france', 'channel')).toBe('coast');
    expect(linked('channel', 'north-sea')).toBe('sea');
    // The Alps are not on this map: southern France touches no German area.
    expect(linked('southern-france', 'western-germany')).toBeUndefined();
  });

  it('adds declared links (a canal, a strait) and drops declared removals', () => {
    expect(linked('north-sea', 'baltic')).toBe('canal');
    expect(linked('great-britain', 'northern-france')).toBe('strait');
    expect(linked('irish-sea', 'channel')).toBeUndefined();
    const canal = board.adjacency!.find((l) => l.kind === 'canal')!;
    expect(canal.source).toEqual({ reconstructed: 'test fixture: the Kiel Canal joins the two seas' });
  });

  it('neighbours share their border exactly: every outline edge belongs to at most two areas, and each computed link has shared edges', () => {
    const owners = new Map<string, Set<string>>();
    for (const [id, a] of Object.entries(areas)) {
      for (const ring of a.polygons) {
        ring.forEach((p, i) => {
          const q = ring[(i + 1) % ring.length];
          const k = [p.join(','), q.join(',')].sort().join(' ');
          if (!owners.has(k)) owners.set(k, new Set());
          owners.get(k)!.add(id);
        });
      }
    }
    const pairs = new Set<string>();
    for (const set of owners.values()) {
      expect(set.size).toBeLessThanOrEqual(2);
      if (set.size === 2) pairs.add([...set].sort().join('|'));
    }
    for (const l of board.adjacency!) {
      if (['land', 'coast', 'sea'].includes(l.kind)) expect(pairs.has([l.a, l.b].sort().join('|')), `${l.a}|${l.b}`).toBe(true);
    }
  });

  it('a split line keeps the side asked for (left of a line running north is west)', () => {
    const left = splitPolygon([[5, 10], [5, 0]], 'left', [10, 10]);
    expect(insideRings([left], 2, 5)).toBe(true);
    expect(insideRings([left], 8, 5)).toBe(false);
    const right = splitPolygon([[5, 10], [5, 0]], 'right', [10, 10]);
    expect(insideRings([right], 8, 5)).toBe(true);
    expect(insideRings([right], 2, 5)).toBe(false);
  });

  it('names the config field that is wrong', () => {
    const bad = (patch: Partial<AreaMapConfig>): AreaMapConfig => ({ ...fixture, ...patch });
    expect(() => buildAreaMap(bad({ areas: { ...fixture.areas, benelux: { name: 'B', kind: 'land', land: [{ countries: ['Belgum'] }], source: { reconstructed: 'x' } } } })))
      .toThrow(/areas\.benelux\.land\[0\]\.countries: "Belgum" is not a Natural Earth country name \(did you mean "Belarus", "Belgium", "Belize"\?\)/);
    expect(() => buildAreaMap(bad({ unlinks: [{ a: 'great-britain', b: 'baltic', source: { reconstructed: 'x' } }] })))
      .toThrow(/unlinks great-britain\|baltic: the two areas do not touch/);
    expect(() => buildAreaMap(bad({ links: [{ a: 'north-sea', b: 'atlantis', kind: 'strait', source: { reconstructed: 'x' } }] })))
      .toThrow(/names unknown area "atlantis"/);
  });
});
