// Paratroops (19.0-19.4): the 19.3 example (A4): a paratroop dropped on a stack attacked across a river adds its
// strength point and +1, and the river's -2 stays.
import { describe, expect, it } from 'vitest';
import { Game } from '../../engine/index.ts';
import { eto } from './index.ts';
import { type AttackFrame, attackFigures } from './land-attack.ts';
import { acrossRiver } from './land.ts';
import type { EtoState } from './state.ts';
import { act, declareAssault, germansInKiel, invadeNorway, resolveAttack, sailFromKiel } from './testing.ts';

const FROM = 'W3024', TARGET = 'W3023'; // a river hexside between them; the target a city (no supply modifier), fair in April 1940

/** Scenario 5's forces on a land position: a German infantry in W3023 attacks a Norwegian infantry across the river. */
function riverAttack(para: 'none' | 'full' | 'depleted'): { s: EtoState; f: AttackFrame } {
  const s = structuredClone(Game.create(eto, 'northward-strike', {}, 'a4').state);
  const l = s.land!;
  Object.assign(l.units['de-inf-1']!, { where: 'map', hex: FROM });
  Object.assign(l.units['no-inf-1']!, { where: 'map', hex: TARGET });
  const attackers = ['de-inf-1'];
  if (para !== 'none') {
    Object.assign(l.units['de-para-1']!, { where: 'map', hex: TARGET, depleted: para === 'depleted' });
    attackers.push('de-para-1');
  }
  const f = {
    proc: 'land-attack', attackers, target: TARGET, step: 'combat', stage: 'resolve', airIn: [], aborted: [], round: 1, attackerSteps: 0,
    retreat: 0, result: '', defSteps: 0, advanced: [], cleared: false, side: 'axis',
  } as AttackFrame;
  return { s, f };
}

describe('ETO 19.3 paradrop', () => {
  it('A4 (19.3 example): across a river the attack keeps -2; the undamaged paratroop adds 1 strength point and +1', () => {
    expect(acrossRiver(Game.create(eto, 'northward-strike', {}, 'a4').state.land!, FROM, TARGET)).toBe(true);
    const without = attackFigures(riverAttack('none').s, riverAttack('none').f);
    expect(without.notes).toEqual(['river -2']);
    expect([without.basic, without.drm]).toEqual([6, -2]);
    const { s, f } = riverAttack('full');
    const fig = attackFigures(s, f);
    expect(fig.notes).toEqual(['German paratroops dropped +1', 'river -2']);
    expect([fig.basic, fig.attack, fig.drm]).toEqual([7, 7, -1]);
  });

  it('19.3: a depleted paratroop still adds its strength point, but no modifier', () => {
    const { s, f } = riverAttack('depleted');
    const fig = attackFigures(s, f);
    expect([fig.basic, fig.drm, fig.notes]).toEqual([7, -2, ['river -2']]);
  });

  it('19.1-19.4 with 10.6: a paratroop flown from Copenhagen drops on Oslo beside the assault from the sea and lands in the cleared hex', () => {
    const COPENHAGEN = 'W4126', OSLO = 'W4725';
    const g = germansInKiel('drop1', { 'de-para-1': COPENHAGEN, 'de-atp-1': COPENHAGEN });
    expect(g.state.grounded).toEqual([]); // 18.5: with the severe zone grounded (1.4) the ATP could not fly to Oslo
    expect([g.state.land!.units['de-para-1']!.hex, g.state.land!.air['de-atp-1']!.base]).toEqual([COPENHAGEN, COPENHAGEN]);
    invadeNorway(g);
    for (const id of ['de-stp-1', 'de-stp-2', 'de-stp-3', 'de-stp-4']) act(g, 'axis', { type: 'select', ship: id });
    for (const unit of ['de-inf-1', 'de-inf-2']) act(g, 'axis', { type: 'embark', unit });
    sailFromKiel(g, OSLO);
    declareAssault(g, OSLO);
    act(g, 'axis', { type: 'drop', unit: 'de-para-1', atp: 'de-atp-1' });
    resolveAttack(g, [5, 6]); // the drop, then the attack
    const l = g.state.land!;
    const events = g.played.flatMap((p) => p.events);
    // The drop: 5, no modifier (the ATP gives no air superiority; the assault stack counts as next to the hex): undamaged.
    expect(events.find((e) => e.rule === 'ETO 19.2' && e.roll)!.roll!.total).toBe(5);
    expect(events.some((e) => e.text === 'German paratroops lands undamaged')).toBe(true);
    // 12 + 1 against 2: blitzkrieg +1, the paratroop +1, mud -1, from the sea -3.
    const fight = events.find((e) => e.rule === 'ETO 27.1' && e.data)!;
    expect(fight.data).toMatchObject({ attack: 13, defence: 2, column: '6-1', drm: -2, die: 6 });
    expect(l.air['de-atp-1']!.committed).toBe('CC');
    expect(l.atpUsed).toEqual(['de-atp-1']);
    expect([l.units['de-para-1']!.where, l.units['de-para-1']!.hex, l.dropped]).toEqual(['map', OSLO, ['de-para-1']]);
  });
});
