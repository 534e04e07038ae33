import { describe, expect, it } from 'vitest';
import { etoAssets } from './assets.ts';
import { bulgeSetup } from './bulge.ts';
import { caseWhiteSetup } from './case-white.ts';
import { landMap } from './land.ts';

interface Assets {
  map: { grid: { sheets: { prefix: string }[] }; hexes: Record<string, { kind: string }>; windows: Record<string, string[]> };
  counters: { powers: Record<string, unknown>; types: Record<string, unknown>; units: Record<string, { power: string; type: string }> };
}
const a = etoAssets() as unknown as Assets;

describe('ETO assets for the browser client (scenario windows of the W/E map, counters)', () => {
  it('ETO scenario 4 and 3: every playable hex of the scenario\'s land map is in its drawn window', () => {
    for (const [scenario, theatre] of [['case-white', 'poland-1939'], ['bulge', 'bulge-1944']] as const) {
      const win = new Set(a.map.windows[scenario]);
      const playable = Object.keys(landMap(theatre).hexes);
      expect(playable.filter((h) => !win.has(h))).toEqual([]);
      expect(win.size).toBeLessThan(300);
      for (const h of win) expect(a.map.hexes[h]).toBeDefined();
    }
    expect(a.map.windows['sink-the-bismarck']).toEqual([]);
    expect(a.map.grid.sheets.map((s) => s.prefix)).toEqual(['W', 'E']);
  });
  it('ETO scenario 4 [4.1] and 3 [3.1]: every land and air unit has a counter of a known power and type', () => {
    for (const st of [caseWhiteSetup('scripted'), bulgeSetup()]) {
      for (const u of [...Object.values(st.land!.units), ...Object.values(st.land!.air)]) {
        const c = a.counters.units[u.id]!;
        expect(c, u.id).toBeDefined();
        expect(a.counters.powers[c.power], u.id).toBeDefined();
        expect(a.counters.types[c.type], u.id).toBeDefined();
      }
    }
  });
});
