// The two maps drawn from geography agree with the rules' links (data/map.json): every link of the rules is a shared
// border of the drawn areas or a declared link naming ruling 52, and no two areas touch in the drawing unless the
// rules link them (docs/rulings/bkg.md 52, docs/data/bkg.md "Polygons").
import { describe, expect, it } from 'vitest';
import type { Board } from '../../../engine/board.ts';
import { checkAssets } from '../../../engine/board.ts';
import mapJson from '../data/map.json' with { type: 'json' };
import boardEurope from '../data/board-europe.json' with { type: 'json' };
import boardPacific from '../data/board-pacific.json' with { type: 'json' };
import europe from './europe.config.ts';
import pacific from './pacific.config.ts';
import { RULING } from './differences.ts';
import { bkgAssets } from '../assets.ts';
import { getMapConfig, mapConfigIds, mapIds } from '../../../../tools/map/configs.ts';

type Link = [string, string, string, string[], string];
const areas = (mapJson as { areas: { id: string; map: string }[] }).areas;
const links = (mapJson as unknown as { links: Link[] }).links;
const key = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

describe.each([
  ['europe', boardEurope as unknown as Board, europe],
  ['pacific', boardPacific as unknown as Board, pacific],
] as const)('the %s map drawn from geography', (map, board, config) => {
  const ids = new Set(areas.filter((a) => a.map === map).map((a) => a.id));
  const drawn = new Map(board.adjacency!.map((l) => [key(l.a, l.b), l]));

  it('draws every area of the map, each with polygons and its provenance', () => {
    expect(new Set(Object.keys(board.areas!))).toEqual(ids);
    for (const [id, a] of Object.entries(board.areas!)) {
      expect(a.polygons.length, id).toBeGreaterThan(0);
      expect(!!a.source && 'reconstructed' in a.source && a.source.reconstructed.startsWith(`${a.name}: `), id).toBe(true);
    }
  });

  it('has exactly the links of the rules: shared borders, or declared links naming the ruling', () => {
    const rules = links.filter(([a, b]) => ids.has(a) && ids.has(b));
    expect(new Set(drawn.keys())).toEqual(new Set(rules.map(([a, b]) => key(a, b))));
    let shared = 0;
    for (const [a, b, kind] of rules) {
      const l = drawn.get(key(a, b))!;
      expect(l.kind, `${a}-${b}`).toBe(kind);
      if (l.source) expect('reconstructed' in l.source && l.source.reconstructed.startsWith(RULING), `${a}-${b}`).toBe(true);
      else shared++;
    }
    // Most links are borders the geography gives; the declared ones are the config's, one for one.
    expect(shared / rules.length).toBeGreaterThan(0.85);
    const declared = [...drawn.values()].filter((l) => l.source).map((l) => key(l.a, l.b)).sort();
    expect(declared).toEqual((config.links ?? []).map((l) => key(l.a, l.b)).sort());
    for (const u of config.unlinks ?? []) expect(rules.some(([a, b]) => key(a, b) === key(u.a, u.b)), `${u.a}-${u.b}`).toBe(false);
  });
});

describe('both maps on one board', () => {
  it('joins them by the cross-map links only, and the assets conform to the board contract', () => {
    const mapOf = new Map(areas.map((a) => [a.id, a.map]));
    const across = links.filter(([a, b]) => mapOf.get(a) !== mapOf.get(b));
    expect(across.length).toBeGreaterThan(0);
    for (const [a, b, , features] of across) expect(features, `${a}-${b}`).toContain('cross-map');
    const assets = bkgAssets();
    expect(() => checkAssets('bkg', assets as never)).not.toThrow();
    const xs = (ids: string[]) => ids.flatMap((id) => assets.board.areas![id]!.polygons.flat().map((p) => p[0]));
    const w = assets.board.windows as Record<string, string[]>;
    expect(Math.max(...xs(w.europe!))).toBeLessThan(Math.min(...xs(w.pacific!)));
  });
});

describe('the map tools find both configs (npx tsx src/cli/main.ts map build bkg)', () => {
  it('"bkg" names both maps, "bkg/europe" one; a single config needs the map named', async () => {
    expect(mapConfigIds()).toContain('bkg');
    expect(mapIds('bkg')).toEqual(['bkg/europe', 'bkg/pacific']);
    expect(mapIds('bkg/pacific')).toEqual(['bkg/pacific']);
    expect((await getMapConfig('bkg/europe')).outFile).toBe('src/rulesets/bkg/data/board-europe.json');
    await expect(getMapConfig('bkg')).rejects.toThrow('bkg/europe, bkg/pacific');
    expect(() => mapIds('bkg/atlantic')).toThrow('known: ');
  });
});
