// House rules l.193 (Home Guard, `hr-home-guard`): called out by the first Axis ground invasion of the United Kingdom;
// ruling 71.
import { describe, expect, it } from 'vitest';
import type { AaeState } from '../state.ts';
import { aaeRig, position, u } from '../testing.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const guards = (s: AaeState) => s.units.filter((x) => x.type === 'home-guard').map((x) => x.at).sort();

describe('house rules l.193: the Home Guard', () => {
  it('on the regional map: 2, 3 and 5 dice for London, the North and the South; even dice now, odd dice at the British turn', () => {
    const rig = aaeRig();
    // London 2 4 (2 now), the North 1 3 6 (1 now, 2 later), the South 5 5 2 1 4 (2 now, 3 later).
    const s = rig.start(position({
      units: [u('germany', 'infantry', 'united-kingdom', 1, { combatMoved: true }), u('uk', 'infantry', 'united-kingdom'), u('uk', 'infantry', 'london')],
      options: on('home-guard', 'regions'),
    }), 'combat', 'germany', [2, 4, 1, 3, 6, 5, 5, 2, 1, 4]);
    expect(guards(s)).toEqual(['london', 'london', 'northern-britain', 'united-kingdom', 'united-kingdom']);
    expect(rig.log()).toContain('The Home Guard turns out in Northern Britain: 1 now, 2 at the start of the next British turn');
    expect(s.house?.homeGuard).toEqual({ later: { 'northern-britain': 2, 'united-kingdom': 3 } });
  });

  it('without the regional map all 10 dice fall on the United Kingdom; the rest arrive when the British turn begins', () => {
    const rig = aaeRig();
    const body = position({ units: [u('uk', 'infantry', 'united-kingdom'), u('germany', 'infantry', 'germany')], options: on('home-guard') });
    body.house = { homeGuard: { later: { 'united-kingdom': 4 } } };
    const s = rig.start(body, 'start', 'uk');
    expect(guards(s)).toEqual(Array(4).fill('united-kingdom'));
    expect(s.house?.homeGuard).toEqual({ later: {} });
    const first = aaeRig();
    const t = first.start(position({
      units: [u('germany', 'armour', 'united-kingdom', 1, { combatMoved: true }), u('uk', 'infantry', 'united-kingdom')], options: on('home-guard'),
    }), 'combat', 'germany', [1, 1, 1, 2, 2, 3, 3, 3, 3, 3]);
    expect(guards(t)).toEqual(['united-kingdom', 'united-kingdom']);
    expect(t.house?.homeGuard).toEqual({ later: { 'united-kingdom': 8 } });
  });

  it('not without the switch, and only once a game; an invasion elsewhere calls nobody', () => {
    const rig = aaeRig();
    const units = [u('germany', 'infantry', 'united-kingdom', 1, { combatMoved: true }), u('uk', 'infantry', 'united-kingdom')];
    expect(guards(rig.start(position({ units }), 'combat', 'germany', [2, 2, 2, 2, 2, 2, 2, 2, 2, 2]))).toEqual([]);
    const again = position({ units, options: on('home-guard') });
    again.house = { homeGuard: { later: {} } };
    expect(guards(rig.start(again, 'combat', 'germany', [2, 2, 2, 2, 2, 2, 2, 2, 2, 2]))).toEqual([]);
    const elsewhere = position({ units: [u('germany', 'infantry', 'egypt', 1, { combatMoved: true }), u('uk', 'infantry', 'egypt')], options: on('home-guard') });
    expect(guards(rig.start(elsewhere, 'combat', 'germany', [2, 2, 2, 2, 2, 2, 2, 2, 2, 2]))).toEqual([]);
  });

  it('a Home Guard moves inside the United Kingdom only', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [u('uk', 'home-guard', 'united-kingdom'), u('uk', 'transport', 'north-sea'), u('germany', 'infantry', 'germany')], options: on('home-guard', 'regions') }), 'noncombat-move', 'uk');
    const to = rig.choices(s).filter((c) => /^Home Guard/i.test(c.label) && c.action.type === 'move').map((c) => c.action.to as string).sort();
    expect(to).toEqual(['london', 'northern-britain']);
  });

  it('the Home Guard defend at 1 and are not taken while the regular infantry fights, though cheaper (combat-rules shielded)', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'armour', 'united-kingdom', 3, { combatMoved: true }), u('uk', 'infantry', 'united-kingdom')], options: on('home-guard') }),
      'combat', 'germany', Array(10).fill(2));
    expect(guards(s)).toHaveLength(10);
    s = rig.play(rig.force(s, [1, 6, 6, 6, ...Array(10).fill(6)]), 'germany', rig.pick(s, /battle for United Kingdom: 3 armour against 1 infantry, 10 home guard/));
    expect(rig.log()).toContain('United Kingdom (defender), 10 dice at 1: rolled 6, 6, 6, 6, 6, 6, 6, 6, 6, 6');
    expect(rig.log()).toContain('United Kingdom infantry is lost in United Kingdom');
    expect(s.units.filter((x) => x.power === 'uk').map((x) => x.type)).toEqual(Array(10).fill('home-guard'));
  });
});
