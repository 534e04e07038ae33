// The powers' special rules of the draft: the Soviet convoys (l.121-123), Communist partisans (l.131), Red Army towns
// and the NKVD (l.139), Axis oil (l.163), city militia (l.129, 171).
import { describe, expect, it } from 'vitest';
import type { Power, UnitType } from '../data/index.ts';
import { moveAllowance } from '../movement.ts';
import { militiaMax } from '../house/militia.ts';
import { positionOfState, validatePosition } from '../positions.ts';
import { incomeOf } from '../income.ts';
import { railPoints } from '../movement.ts';
import { aaeRig, position, u, unitsOf } from '../testing.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const convoyItems = (round: number, control: Record<string, Power> = {}, options = on('convoys', 'regions')) => {
  const s = aaeRig().start(position({ control, options, round, units: [u('ussr', 'infantry', 'moscow')] }), 'purchase', 'ussr');
  return incomeOf(s, 'ussr').items.filter((i) => /convoy/.test(i.area)).map((i) => `${i.area} ${i.value}`);
};

describe('house rules l.121-123: the Soviet convoys', () => {
  it('the Arctic convoy pays from Winter 1941 (turn 4): 4, then 2 with Murmansk or Archangel Axis, nothing with both', () => {
    expect(convoyItems(3)).toEqual([]);
    expect(convoyItems(4)).toEqual(['soviet-convoy 4']);
    expect(convoyItems(4, { murmansk: 'germany' })).toEqual(['soviet-convoy 2']);
    expect(convoyItems(4, { archangel: 'germany' })).toEqual(['soviet-convoy 2']);
    expect(convoyItems(4, { murmansk: 'germany', archangel: 'germany' })).toEqual([]);
    // Without the regional map Karelia stands for Murmansk; without the rule Archangel lost cuts the centre (base game).
    expect(convoyItems(5, { karelia: 'germany' }, on('convoys'))).toEqual(['soviet-convoy 2']);
    expect(convoyItems(5, { archangel: 'germany' }, {})).toEqual([]);
    expect(convoyItems(1, {}, {})).toEqual(['soviet-convoy 4']);
  });

  it('the Atlantic convoys add 3 from Summer 1942 (turn 6) and 3 more from Winter 1942 (turn 8); 1 each with Northern Iran or Iraq Axis', () => {
    expect(convoyItems(5)).toEqual(['soviet-convoy 4']);
    expect(convoyItems(6)).toEqual(['soviet-convoy 4', 'atlantic-convoy-1 3']);
    expect(convoyItems(8)).toEqual(['soviet-convoy 4', 'atlantic-convoy-1 3', 'atlantic-convoy-2 3']);
    expect(convoyItems(8, { iraq: 'germany' })).toEqual(['soviet-convoy 4', 'atlantic-convoy-1 1', 'atlantic-convoy-2 1']);
    expect(convoyItems(8, { 'northern-iran': 'germany' })).toEqual(['soviet-convoy 4', 'atlantic-convoy-1 1', 'atlantic-convoy-2 1']);
    // The income collected: Soviet territory plus the convoys.
    const rig = aaeRig();
    const s = rig.start(position({ options: on('convoys'), round: 8, units: [u('ussr', 'infantry', 'moscow')] }), 'income', 'ussr');
    expect(rig.log().some((l) => /Soviet Union collects \d+ IPCs/.test(l))).toBe(true);
    expect(s.ipcs.ussr).toBe(24 + incomeOf(s, 'ussr').total);
  });
});

describe('house rules l.131: Communist partisans', () => {
  it('German rail inside Soviet territory: 8 points in 1941, 6 in 1942, 4 from 1943 (10 in all)', () => {
    const at = (round: number) => railPoints(aaeRig().start(position({ round, options: on('rail', 'partisans'), units: [u('germany', 'infantry', 'poland')] }), 'noncombat-move', 'germany'), 'germany');
    expect([at(2), at(6), at(10), at(14)]).toEqual([{ all: 10, soviet: 8 }, { all: 10, soviet: 6 }, { all: 10, soviet: 4 }, { all: 10, soviet: 4 }]);
  });

  it('Axis defenders retreating from a Soviet attack lose an infantry on a d10 of 9 or 0 in 1942; an 8 does no harm', () => {
    const fight = (face: number) => {
      const rig = aaeRig();
      const units = [u('ussr', 'infantry', 'east-poland', 4), u('germany', 'infantry', 'poland', 3)];
      let s = rig.start(position({ units, round: 6, options: on('d10', 'defender-retreat', 'partisans') }), 'combat-move', 'ussr');
      s = rig.play(s, 'ussr', rig.pick(s, /all 4 infantry from East Poland: attack Poland/));
      s = rig.play(s, 'ussr', { type: 'end-phase' });
      s = rig.play(rig.force(s, Array(7).fill(9)), 'ussr', { type: 'battle', area: 'poland' });
      s = rig.play(s, 'ussr', { type: 'press-on' });
      s = rig.play(s, 'germany', rig.pick(s, /retreat to Germany/));
      s = rig.play(rig.force(s, [face]), 'ussr', { type: 'pursue', yes: false });
      return { left: unitsOf(s, 'germany', 'germany').length, log: rig.log().filter((l) => /^The partisans/.test(l)) };
    };
    expect(fight(9)).toEqual({ left: 2, log: ['The partisans roll 9: an Axis infantry retreating to Germany is lost'] });
    expect(fight(10).left).toBe(2);
    expect(fight(8)).toEqual({ left: 3, log: ['The partisans roll 8: no harm done'] });
  });
});

describe('house rules l.139: Red Army towns and the NKVD', () => {
  it('one infantry a mobilization in a Soviet territory without a complex; a second is refused citing the rule', () => {
    const rig = aaeRig();
    const body = { ...position({ units: [u('ussr', 'infantry', 'moscow')], options: on('nkvd', 'regions') }), pending: { germany: [], ussr: ['infantry', 'infantry', 'armour'] as UnitType[], uk: [], usa: [], minor: [], vichy: [] } };
    let s = rig.start(body, 'mobilize', 'ussr');
    const towns = rig.choices(s).filter((c) => /Red Army town/.test(c.label)).map((c) => c.action.at);
    expect(towns).toContain('baku');
    expect(towns).toContain('ukraine');
    expect(towns).not.toContain('moscow');
    s = rig.play(s, 'ussr', rig.pick(s, /place infantry in Ukraine S.S.R. \(Red Army town/));
    expect(unitsOf(s, 'ussr', 'ukraine', 'infantry')).toHaveLength(1);
    expect(rig.choices(s).some((c) => /Red Army town/.test(c.label))).toBe(false);
    expect(() => rig.play(s, 'ussr', { type: 'place', unit: 'infantry', at: 'caucasus', factory: 'nkvd' })).toThrow(/l\.139.*one infantry a turn/);
    // Without the rule: only at complexes.
    const off = rig.start({ ...body, opts: position({ options: on('regions') }).opts }, 'mobilize', 'ussr');
    expect(rig.choices(off).some((c) => /Red Army town/.test(c.label))).toBe(false);
  });
});

describe('house rules l.163: Axis oil vulnerability', () => {
  const units = [u('germany', 'armour', 'poland'), u('germany', 'fighter', 'poland'), u('germany', 'infantry', 'poland'), u('germany', 'submarine', 'baltic-sea')];
  it('Rumania Soviet and Baku not Axis: Germany names armour and aircraft, which move one less this turn', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units, control: { rumania: 'ussr' }, options: on('oil', 'regions') }), 'start', 'germany');
    expect(rig.prompt(s)!.rule).toBe('AAE house rules l.163 (Axis oil vulnerability)');
    expect(rig.choices(s).map((c) => c.action.class)).toEqual(['submarines', 'surface ships', 'aircraft', 'armour']);
    s = rig.play(s, 'germany', { type: 'oil-short', class: 'armour' });
    // The refusal names its rule once ("AAE house rules l.163 (...): the classes are ...").
    expect(() => rig.play(s, 'germany', { type: 'oil-short', class: 'armour' })).toThrow(/^AAE house rules l\.163 \(Axis oil vulnerability\): the classes are /);
    s = rig.play(s, 'germany', { type: 'oil-short', class: 'aircraft' });
    expect(units.map((x, i) => moveAllowance(s, s.units[i]!)).join(' ')).toBe('1 3 1 2');
    expect(rig.log()).toContain('Axis oil: German armour and aircraft move one less this turn');
  });

  it('no crisis while the Axis hold Baku, or Rumania is Axis', () => {
    const rig = aaeRig();
    const held = rig.start(position({ units, control: { rumania: 'ussr', baku: 'germany' }, options: on('oil', 'regions') }), 'start', 'germany');
    expect(rig.prompt(held)!.rule).not.toMatch(/l\.163/);
    const rumania = rig.start(position({ units, options: on('oil') }), 'start', 'germany');
    expect(moveAllowance(rumania, rumania.units[0]!)).toBe(2);
  });
});

describe('house rules l.129, 171: city militia', () => {
  it('Moscow (value 2) attacked by land: up to 4 militia at 1 IPC each; at the end of the Soviet turn made infantry or disbanded', () => {
    const rig = aaeRig();
    const units = [u('germany', 'armour', 'belorussia', 2), u('ussr', 'infantry', 'moscow')];
    let s = rig.start(position({ units, control: { belorussia: 'germany' }, options: on('militia') }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /all 2 armour from Belorussia: attack Moscow/));
    s = rig.play(s, 'germany', { type: 'end-phase' });
    expect(rig.prompt(s)!.seat).toBe('ussr');
    expect(rig.choices(s).map((c) => c.label)).toEqual(['raise 4 militia in Moscow (4 IPCs)', 'raise 3 militia in Moscow (3 IPCs)', 'raise 2 militia in Moscow (2 IPCs)', 'raise 1 militia in Moscow (1 IPCs)', 'raise none']);
    expect(() => rig.play(s, 'ussr', { type: 'militia', count: 5 })).toThrow(/l\.129, 171.*at most 4/);
    s = rig.play(s, 'ussr', { type: 'militia', count: 4 });
    expect([unitsOf(s, 'ussr', 'moscow', 'militia').length, s.ipcs.ussr]).toEqual([4, 20]);
    // A position taken now keeps the call-up.
    expect(positionOfState(s).turn!.house).toEqual({ militia: { moscow: { calls: 1, status: 'raised' } } });
    expect(validatePosition(positionOfState(s) as never)).toEqual([]);
    // The Soviet turn's end with the city held: make them infantry (4 IPCs), or disband them (+4).
    const held = () => ({ ...position({ units: [u('ussr', 'militia', 'moscow', 3)], options: on('militia') }), house: { militia: { moscow: { calls: 1, status: 'raised' } } } });
    let e = rig.start(held(), 'income', 'ussr');
    expect(rig.prompt(e)!.text).toBe('Moscow held: disband its militia or make them infantry?');
    const ipcs = e.ipcs.ussr;
    e = rig.play(e, 'ussr', { type: 'militia-end', convert: true });
    expect([unitsOf(e, 'ussr', 'moscow', 'infantry').length, e.ipcs.ussr]).toEqual([3, ipcs - 3]);
    let d = rig.start(held(), 'income', 'ussr');
    d = rig.play(d, 'ussr', { type: 'militia-end', convert: false });
    expect([unitsOf(d, 'ussr', 'moscow').length, d.ipcs.ussr]).toEqual([0, ipcs + 3]);
    // A second call-up after a disband: the city's value (2); after a conversion none.
    expect([militiaMax(d, 'moscow'), militiaMax(e, 'moscow')]).toEqual([2, 0]);
  });
});
