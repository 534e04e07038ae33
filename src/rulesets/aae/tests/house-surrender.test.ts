// House rules l.3, 147-149 (the Axis Minor nations and their surrender, `hr-surrender`); ruling 72.
import { describe, expect, it } from 'vitest';
import { initialState } from '../setup.ts';
import type { AaeState } from '../state.ts';
import { aaeRig, position, u } from '../testing.ts';
import { strongAttack, surrenderForces } from '../house/surrender.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const nations = (s: Pick<AaeState, 'units'>, at: string) => [...new Set(s.units.filter((x) => x.at === at).map((x) => x.nation ?? '-'))];
const surrendered = (s: AaeState) => (s.house?.surrender as { surrendered: Record<string, number> } | undefined)?.surrendered ?? {};

describe('house rules l.3: the Axis Minor nations\' pieces', () => {
  it('the set-up marks the pieces in each nation\'s territory and the Mediterranean fleet as Italian; Germany\'s own stay unmarked', () => {
    const s = initialState({ bid: false, ...on('surrender') });
    expect(nations(s, 'northern-italy')).toEqual(['italy']);
    expect(nations(s, 'greece')).toEqual(['italy']);
    expect(nations(s, 'tyrrhenian-sea')).toEqual(['italy']);
    expect(nations(s, 'hungary')).toEqual(['hungary']);
    expect(nations(s, 'finland')).toEqual(['finland']);
    expect(nations(s, 'bulgaria')).toEqual(['bulgaria']);
    expect(nations(s, 'germany')).toEqual(['-']);
    expect(nations(s, 'bay-of-biscay')).toEqual(['-']);
    expect(nations(initialState({ bid: false }), 'northern-italy')).toEqual(['-']);
  });
});

describe('house rules l.147: Italy leaves the war', () => {
  const italians = [
    u('germany', 'infantry', 'southern-italy', 1, { nation: 'italy' }), u('germany', 'fighter', 'southern-italy', 1, { nation: 'italy' }),
    u('germany', 'infantry', 'southern-italy'),
    u('germany', 'battleship', 'tyrrhenian-sea', 1, { nation: 'italy' }), u('germany', 'destroyer', 'tyrrhenian-sea', 1, { nation: 'italy' }),
    u('germany', 'transport', 'tyrrhenian-sea', 1, { nation: 'italy' }), u('germany', 'armour', 'tyrrhenian-sea', 1, { aboard: 'u6' }),
    u('uk', 'infantry', 'northern-italy'), u('ussr', 'infantry', 'russia'), u('usa', 'infantry', 'eastern-usa'),
  ];

  it('Northern Italy lost at the end of a turn: the Italian army and air force go, each ship scuttles on 1-2 or turns British on 3-6', () => {
    const rig = aaeRig();
    // Battleship 2 (scuttles), destroyer 5 and transport 3 (join the British; the German armour aboard is lost).
    const s = rig.start(position({ units: italians, control: { 'northern-italy': 'uk' }, options: on('surrender') }), 'income', 'uk', [2, 5, 3]);
    expect(surrendered(s)).toEqual({ italy: 1 });
    expect(s.units.filter((x) => x.at === 'southern-italy').map((x) => `${x.power} ${x.type} ${x.nation ?? ''}`)).toEqual(['germany infantry ']);
    expect(s.units.filter((x) => x.at === 'tyrrhenian-sea').map((x) => `${x.power} ${x.type}`)).toEqual(['uk destroyer', 'uk transport']);
    expect(rig.log()).toContain('Italy surrenders after Italy has lost its homeland: 2 land and air units leave the war');
    expect(rig.log()).toContain('The Italian battleship in Tyrrhenian Sea scuttles (2)');
    expect(s.control['southern-italy']).toBe('germany');
  });

  it('two of Sardinia, Sicily and Southern Italy are not enough while Italy holds North Africa (Tripoli too on the regional map)', () => {
    const rig = aaeRig();
    const control = { sardinia: 'uk', sicily: 'uk', libya: 'uk' } as const;
    const holds = rig.start(position({ units: italians, control: { sardinia: 'uk', sicily: 'uk' }, options: on('surrender') }), 'income', 'uk', [6, 6, 6]);
    expect(surrendered(holds)).toEqual({});
    const regional = rig.start(position({ units: italians, control, options: on('surrender', 'regions') }), 'income', 'uk', [6, 6, 6]);
    expect(surrendered(regional)).toEqual({});
    const falls = rig.start(position({ units: italians, control: { ...control, tripoli: 'uk' }, options: on('surrender', 'regions') }), 'income', 'uk', [6, 6, 6]);
    expect(surrendered(falls)).toEqual({ italy: 1 });
    expect(falls.units.filter((x) => x.at === 'tyrrhenian-sea').map((x) => x.power)).toEqual(['uk', 'uk', 'uk']);
    const off = rig.start(position({ units: italians, control: { 'northern-italy': 'uk' } }), 'income', 'uk');
    expect(off.units.filter((x) => x.nation === 'italy')).toHaveLength(5);
  });
});

describe('house rules l.149: the other nations', () => {
  it('Hungary leaves when Budapest falls (Hungary without the regional map); the others fight on', () => {
    const rig = aaeRig();
    const units = [u('germany', 'infantry', 'ukraine', 2, { nation: 'hungary' }), u('germany', 'infantry', 'ukraine', 1, { nation: 'rumania' }), u('ussr', 'infantry', 'budapest'), u('uk', 'infantry', 'egypt')];
    const s = rig.start(position({ units, control: { budapest: 'ussr' }, options: on('surrender', 'regions') }), 'income', 'ussr');
    expect(surrendered(s)).toEqual({ hungary: 1 });
    expect(nations(s, 'ukraine')).toEqual(['rumania']);
    expect(rig.log()).toContain('Hungary surrenders after Budapest has fallen: 2 land and air units leave the war');
    const plain = rig.start(position({ units: units.slice(0, 2), control: { hungary: 'ussr' }, options: on('surrender') }), 'income', 'ussr');
    expect(surrendered(plain)).toEqual({ hungary: 1 });
    const regionalHostOnly = rig.start(position({ units, control: { hungary: 'ussr' }, options: on('surrender', 'regions') }), 'income', 'ussr');
    expect(surrendered(regionalHostOnly)).toEqual({});
  });

  const attack = (extra: ReturnType<typeof u>[] = []) => [
    u('ussr', 'infantry', 'rumania', 3, { combatMoved: true, cameFrom: 'bessarabia' }), u('ussr', 'fighter', 'rumania', 1, { combatMoved: true, mission: 'attack', spent: 1 }),
    u('germany', 'infantry', 'rumania', 2, { nation: 'rumania' }), u('germany', 'infantry', 'germany'), ...extra,
  ];

  it('150% of the ground and air defenders: Rumania rolls before the battle and gives up on 3 or less; the empty area falls', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: attack(), options: on('surrender') }), 'combat', 'ussr', [3]);
    expect(surrendered(s)).toEqual({ rumania: 1 });
    expect(s.control.rumania).toBe('ussr');
    expect(s.units.filter((x) => x.at === 'rumania').map((x) => x.power)).toEqual(['ussr', 'ussr', 'ussr', 'ussr']);
    expect(rig.log()).toContain("Rumania surrenders after the Soviet Union's attack on Rumania (rolled 3): 2 land and air units leave the war");
  });

  it('on 4 Rumania fights on and never rolls again; after a major German defeat the die counts one less', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: attack(), options: on('surrender') }), 'combat', 'ussr', [4]);
    expect(surrendered(s)).toEqual({});
    expect(s.house?.surrender).toEqual({ surrendered: {}, rolled: ['rumania'] });
    expect(rig.log()).toContain('Rumania fights on (rolled 4; surrenders on 3 or less)');
    expect(rig.choices(s).some((c) => /battle for Rumania/.test(c.label))).toBe(true);
    const again = position({ units: attack(), options: on('surrender') });
    again.house = { surrender: { surrendered: {}, rolled: ['rumania'] } };
    expect(rig.start(again, 'combat', 'ussr', [1]).house?.surrender).toEqual({ surrendered: {}, rolled: ['rumania'] });
    const beaten = position({ units: attack(), options: on('surrender') });
    beaten.house = { majorDefeat: 3 };
    expect(surrendered(rig.start(beaten, 'combat', 'ussr', [4]))).toEqual({ rumania: 1 });
  });

  it('the defenders count the Germans too; the attack needs aircraft; no roll without the switch', () => {
    const rig = aaeRig();
    const body = position({ units: attack([u('germany', 'infantry', 'rumania')]), options: on('surrender') });
    const s = rig.start(body, 'combat', 'ussr', [1]);
    expect(surrenderForces(s, 'rumania', 'ussr')).toEqual({ ground: [3, 3], air: [1, 0] });
    expect(s.house?.surrender).toBeUndefined();
    expect(strongAttack({ ground: [3, 2], air: [0, 0] })).toBe(false);
    expect(strongAttack({ ground: [3, 2], air: [3, 2] })).toBe(true);
    expect(strongAttack({ ground: [3, 2], air: [2, 2] })).toBe(false);
    expect(rig.start(position({ units: attack() }), 'combat', 'ussr', [1]).control.rumania).toBe('germany');
  });
});
