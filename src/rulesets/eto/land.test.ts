import { describe, expect, it } from 'vitest';
import { Game } from '../../engine/index.ts';
import { eto } from './index.ts';
import { type LandState, landMap, landOf, layerHex, mayEnter, moveOptions, neighbours, zocOf } from './land.ts';

/** The Bulge theatre with one US infantry unit and one German infantry unit on the map, nothing else. */
function twoUnits(): { l: LandState; us: string; de: string } {
  const l = structuredClone(landOf(Game.create(eto, 'bulge', {}, 's').state));
  for (const u of Object.values(l.units)) { u.where = 'force-pool'; u.hex = null; }
  const us = Object.values(l.units).find((u) => u.nation === 'us' && u.kind === 'inf')!.id;
  const de = Object.values(l.units).find((u) => u.nation === 'germany' && u.kind === 'inf')!.id;
  return { l, us, de };
}

describe('ETO 25.2 infantry and enemy ZOC in forest', () => {
  it('ETO 25.2 from a forest hex in enemy ZOC infantry may go on to one adjacent forest hex in enemy ZOC, then stops', () => {
    // The generated map has one forest hex in the Bulge window (W3321, the Ardennes); a neighbour is made forest
    // for this test only, so that the exception can arise.
    const a = 'W3321';
    expect(landMap('bulge-1944').hexes[a]!.terrain).toBe('forest');
    const { l, us, de } = twoUnits();
    const inf = l.units[us]!;
    const put = (id: string, h: string) => { l.units[id]!.where = 'map'; l.units[id]!.hex = h; };
    // b: a neighbour of a; e: the German hex next to both; c: a start hex next to a, outside e's ZOC, from which b is
    // two hexes away only through a.
    let found: { b: string; e: string; c: string } | undefined;
    for (const b of neighbours(l, a)) {
      if (!mayEnter(l, 'allies', b, 'inf')) continue;
      for (const e of neighbours(l, b).filter((x) => x !== a && neighbours(l, a).includes(x) && mayEnter(l, 'axis', x, 'inf'))) {
        put(de, e);
        const zoc = zocOf(l, 'axis');
        const c = neighbours(l, a).find((x) => x !== b && x !== e && !zoc.has(x) && mayEnter(l, 'allies', x, 'inf')
          && !moveOptions(l, inf, x, 2).some((o) => o.to === b));
        if (c) { found = { b, e, c }; break; }
      }
      if (found) break;
    }
    expect(found).toBeDefined();
    const { b, e, c } = found!;
    put(de, e);
    const hex = landMap('bulge-1944').hexes[b]!;
    const was = hex.terrain;
    try {
      expect(moveOptions(l, inf, c, 2).find((o) => o.to === a)?.path).toEqual([c, a]); // stops in a: b is not forest
      expect(moveOptions(l, inf, a, 1).some((o) => o.to === b)).toBe(false); // 25.2: from ZOC straight into ZOC
      hex.terrain = 'forest';
      expect(layerHex(l, b)!.terrain).toBe('forest');
      expect(moveOptions(l, inf, c, 2).find((o) => o.to === b)?.path).toEqual([c, a, b]); // entered a, one forest hop
      expect(moveOptions(l, inf, a, 1).find((o) => o.to === b)?.path).toEqual([a, b]); // began in a
      // one hop only: every hex reached through b is b itself (it stops there)
      for (const o of moveOptions(l, inf, c, 4)) if (o.path.includes(b)) expect(o.to).toBe(b);
    } finally {
      hex.terrain = was;
    }
  });
});
