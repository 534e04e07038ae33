// Change of base (12.3, 13.1): the example of play's Liverpool-Malta flight (TC-AIR-1, A1) on its own map, the
// `west-1939` window (September 1939: Italy neutral), with scenario 2's British 4*-5/2 fighter.
import { describe, expect, it } from 'vitest';
import { Game } from '../../engine/index.ts';
import { flightPath, rebaseRoutes } from './air.ts';
import { etoMap } from './data/map-schema.ts';
import { eto } from './index.ts';
import { dist } from './land.ts';
import type { EtoState } from './state.ts';

const LIVERPOOL = 'W3915', W3020 = 'W3020', BASTIA = 'W2123', MALTA = 'W1128';

/** Scenario 2's forces on the example of play's map, the British fighter 4*-5/2 in Liverpool and no other air unit. */
function example(): EtoState {
  const s = structuredClone(Game.create(eto, 'their-finest-hour', {}, 'a1').state);
  const l = s.land!;
  l.theatre = 'west-1939';
  for (const a of Object.values(l.air)) { a.where = 'force-pool'; a.base = null; }
  Object.assign(l.air['uk-fighter-b-1']!, { where: 'map', base: LIVERPOOL });
  return s;
}

const italianLand = (path: string[]) => path.filter((h) => etoMap().hexes[h]!.country === 'italy' && etoMap().hexes[h]!.kind === 'land');
const italianCoast = (path: string[]) => path.filter((h) => etoMap().hexes[h]!.country === 'italy' && etoMap().hexes[h]!.kind === 'coastal');

describe('ETO 12.3 change of base', () => {
  it('A1 (example of play, TC-AIR-1): Liverpool to W3020 to Bastia to Malta, three hops of at most 10, veering round neutral Italy, over its coast', () => {
    const s = example();
    const a = s.land!.air['uk-fighter-b-1']!;
    expect([a.range, 2 * a.range]).toEqual([5, 10]);
    // Hop 1: 10 hexes to the French resource hex W3020, an airbase (13.2).
    expect(flightPath(s, LIVERPOOL, W3020, 10)).toHaveLength(11);
    // Hop 2: nine hexes as the crow flies, but every nine-hex line crosses Italian land: ten.
    expect(dist(W3020, BASTIA)).toBe(9);
    expect(flightPath(s, W3020, BASTIA, 9)).toBeNull();
    const hop2 = flightPath(s, W3020, BASTIA, 10)!;
    expect([hop2.length, italianLand(hop2)]).toEqual([11, []]);
    // Hop 3: ten hexes to Malta, over Italian coastal hexes round Sicily.
    const hop3 = flightPath(s, BASTIA, MALTA, 10)!;
    expect([hop3.length, italianLand(hop3)]).toEqual([11, []]);
    expect(italianCoast(hop3).length).toBeGreaterThan(0);
    // The change of base offers Malta, in three hops at most.
    const route = rebaseRoutes(s, a).get(MALTA)!;
    expect(route[0]).toBe(LIVERPOOL);
    expect(route.length - 1).toBeLessThanOrEqual(30);
    // Malta is as far as it goes: a fighter of range 4 (hops of 8) cannot get there in three.
    a.range = 4;
    expect(rebaseRoutes(s, a).has(MALTA)).toBe(false);
  });
});
