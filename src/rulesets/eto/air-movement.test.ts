// Change of base (12.3, 13.1): the example of play's Liverpool-Malta flight (TC-AIR-1, A1) on its own map, the
// `west-1939` window (September 1939: Italy neutral), with scenario 2's British 4*-5/2 fighter.
import { describe, expect, it } from 'vitest';
import { Game, prompts } from '../../engine/index.ts';
import { flightPath, rebaseRoutes } from './air.ts';
import { etoMap } from './data/map-schema.ts';
import { eto } from './index.ts';
import { dist } from './land.ts';
import type { EtoState } from './state.ts';
import { act, choicesFor, PASS, playUntil } from './testing.ts';

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

describe('ETO 21.3 change of base in an air offensive', () => {
  it('an uncommitted unit of the German air offensive changes base instead of attacking and is committed like the units that attack (20.1, 4B D)', () => {
    const g = Game.create(eto, 'their-finest-hour', {}, 'rebase-213');
    // Every seat declines up to the German offensive (the Naval and Air phase passes without missions).
    playUntil(g, 'axis', (c) => c.action.type === 'offensive' && c.action.method === 'air');
    const l = g.state.land!;
    const p = prompts(eto, g.state)[0]!;
    expect([p.seat, p.rule]).toEqual(['axis', 'ETO 4B, 21.1-21.4']);
    const rebase = choicesFor(g.state, 'axis').filter((c) => c.action.type === 'rebase');
    expect(rebase.length).toBeGreaterThan(0);
    const c = rebase[0]!;
    const unit = String(c.action.air), to = String(c.action.to), from = l.air[unit]!.base!;
    expect(rebaseRoutes(g.state, l.air[unit]!).has(to)).toBe(true);
    const events = g.act('axis', c.action);
    expect(events.find((e) => e.text.includes('(change of base)'))!.rule).toBe('ETO 21.3');
    // The British may intercept the flight (14.1); they decline.
    for (let n = 0; n < 20 && g.state.land!.air[unit]!.base === from; n++) {
      const q = prompts(eto, g.state)[0]!;
      const cs = choicesFor(g.state, q.seat as 'axis' | 'allies');
      g.act(q.seat, (cs.find((x) => PASS.test(String(x.action.type)) && x.action.type !== 'air-done') ?? cs[0]!).action);
    }
    expect(g.state.land!.air[unit]).toMatchObject({ base: to, committed: 'CC' });
    // It flew its mission: it is offered nothing more in this offensive.
    expect(choicesFor(g.state, 'axis').filter((x) => x.action.air === unit)).toEqual([]);
    act(g, 'axis', { type: 'air-done' });
    expect(g.state.land!.air[unit]!.committed).toBe('PC');
  });
});
