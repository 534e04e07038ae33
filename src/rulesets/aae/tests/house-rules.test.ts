import { describe, expect, it } from 'vitest';
import { setupGame } from '../../../engine/index.ts';
import { incomeOf, usBaseIncome } from '../income.ts';
import { aae } from '../index.ts';
import { railCost, raidDamage } from '../bombing.ts';
import { HOUSE_RULES, houseSwitches } from '../house/options.ts';
import { secondAttackRounds } from '../house/second-attack.ts';
import { fortressHits, reservistsFrom } from '../house/turn.ts';
import { combatTable, unitCost } from '../house/values.ts';
import { aaeRig, position, u, unitsOf } from '../testing.ts';
import type { AaeState } from '../state.ts';

const ALL = { houseRules: true };
const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const asState = (b: ReturnType<typeof position>) => b as unknown as AaeState;
const rolls = (rig: ReturnType<typeof aaeRig>) => rig.events.filter((e) => e.roll).map((e) => `${e.roll!.count}: ${e.roll!.purpose.replace(/^.*?, /, '')}`);

describe('house rules: options', () => {
  it('the preset switches every house rule on; one given false stays off; alone, each is its own switch', () => {
    expect(Object.keys(houseSwitches(ALL))).toEqual(HOUSE_RULES.map((r) => r.id));
    expect(houseSwitches({ houseRules: true, 'hr-malta': false }).malta).toBeUndefined();
    expect(houseSwitches({ 'hr-malta': true })).toEqual({ malta: true });
    expect(setupGame(aae, 'spring-1941', { 'hr-d10': true }, 's').state.opts.house).toEqual({ d10: true });
  });
});

describe('house rules l.66-68: bombing rail targets (the worked example)', () => {
  it('a bomber rolling 6 does 5 damage: +3 rail points to move each unit through that territory until its holder\'s next turn ends', () => {
    expect(railCost(5)).toBe(3);
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('uk', 'bomber', 'united-kingdom')], options: on('rail') }), 'combat-move', 'uk');
    s = rig.play(s, 'uk', rig.pick(s, /bomber .*bomb the rail of Netherlands-Belgium/));
    s = rig.play(s, 'uk', { type: 'end-phase' });
    s = rig.force(s, [6]);
    s = rig.play(s, 'uk', { type: 'battle', area: 'netherlands-belgium' });
    expect(rig.log()).toContain('The rail raid on Netherlands-Belgium does 5 damage: +3 to move each unit by rail through it until Germany\'s next turn ends');
    expect(s.railDamage).toEqual({ 'netherlands-belgium': 3 });
    const t = rig.start({ ...position({ units: [u('germany', 'infantry', 'germany')], options: on('rail') }), railDamage: { 'netherlands-belgium': 3 } }, 'noncombat-move', 'germany');
    const rail = rig.choices(t).filter((c) => c.action.kind === 'rail').map((c) => c.label);
    expect(rail).toContain('infantry from Germany: by rail to Netherlands-Belgium (5 rail points)');
    expect(rail).toContain('infantry from Germany: by rail to Poland (2 rail points)');
  });
});

describe('house rules l.56: armour second attacks (the worked example)', () => {
  it('a first battle ending in round 1 leaves rounds 3 and 4; in Winter only round 3; ending in round 2 in Winter, none', () => {
    expect(secondAttackRounds(1, 4)).toBe(2);
    expect(secondAttackRounds(1, 3)).toBe(1);
    expect(secondAttackRounds(2, 3)).toBe(0);
  });

  it('armour that moved one area wins in round 1 and attacks on, its battle limited to 2 rounds', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'armour', 'poland', 2), u('ussr', 'infantry', 'east-poland'), u('ussr', 'infantry', 'belorussia', 3)], options: on('armour-second-attack', 'max-rounds') }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /all 2 armour from Poland: attack East Poland/));
    s = rig.play(s, 'germany', { type: 'end-phase' });
    s = rig.force(s, [1, 6, 6]);
    s = rig.play(s, 'germany', { type: 'battle', area: 'east-poland' });
    expect(rig.choices(s).map((c) => c.label)).toContain('2 armour attack Belorussia (2 rounds, from round 3)');
    s = rig.force(s, [6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    s = rig.play(s, 'germany', rig.pick(s, /2 armour attack Belorussia/));
    s = rig.play(s, 'germany', { type: 'press-on' });
    expect(rig.log()).toContain('Belorussia: the last round (2) is fought; the attacker must withdraw');
    s = rig.play(s, 'germany', { type: 'withdraw', to: 'east-poland' });
    expect(unitsOf(s, 'germany', 'east-poland')).toHaveLength(2);
    expect(s.control.belorussia).toBe('ussr');
  });
});

describe('house rules l.58-64, 181: strategic bombing', () => {
  it('three bombers rolling 6, 6, 4 on a territory of value 2 do 5 + 5 + 3 = 13, capped at 4', () => {
    const s = asState(position({ options: on('sbr') }));
    expect(raidDamage(s, 'moscow', [6, 6, 4])).toBe(4);
    const rig = aaeRig();
    let t = rig.start(position({ units: [u('germany', 'bomber', 'belorussia', 3)], control: { belorussia: 'germany' }, ipcs: { ussr: 20 }, options: on('sbr') }), 'combat-move', 'germany');
    t = rig.play(t, 'germany', rig.pick(t, /all 3 bomber .*bomb the industry of Moscow/));
    t = rig.play(t, 'germany', { type: 'end-phase' });
    t = rig.force(t, [6, 6, 4]);
    t = rig.play(t, 'germany', { type: 'battle', area: 'moscow' });
    expect(t.ipcs.ussr).toBe(16);
  });

  it('four US bombers defend with 4 dice at 1, four British bombers with 2', () => {
    for (const [power, dice] of [['usa', '4 bomber defence dice at 1'], ['uk', '2 bomber defence dice at 1']] as const) {
      const rig = aaeRig();
      let s = rig.start(position({ units: [u(power, 'bomber', 'netherlands-belgium', 4), u('germany', 'fighter', 'germany')], control: { 'netherlands-belgium': power }, options: on('sbr', 'd10') }), 'combat-move', power);
      s = rig.play(s, power, rig.pick(s, /all 4 bomber .*bomb the industry of Germany/));
      s = rig.play(s, power, { type: 'end-phase' });
      s = rig.play(s, power, { type: 'battle', area: 'germany' });
      rig.play(rig.force(s, [6, 6, 6, 6, 6, 1, 1, 1, 1]), 'germany', { type: 'intercept', count: 1 });
      expect(rolls(rig)[0]).toBe(`${dice.split(' ')[0]}: ${dice}`);
    }
  });

  it('each antiaircraft gun fires at up to 3 bombers, on 1; escorts are not fired at', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('uk', 'bomber', 'netherlands-belgium', 4), u('uk', 'fighter', 'netherlands-belgium'), u('germany', 'aa', 'germany')], control: { 'netherlands-belgium': 'uk' }, options: on('sbr') }), 'combat-move', 'uk');
    s = rig.play(s, 'uk', rig.pick(s, /all 4 bomber .*bomb the industry of Germany/));
    s = rig.play(s, 'uk', rig.pick(s, /fighter .*escort the raid on Germany/));
    s = rig.play(s, 'uk', { type: 'end-phase' });
    rig.play(rig.force(s, [6, 6, 6, 6, 6, 6, 6]), 'uk', { type: 'battle', area: 'germany' });
    expect(rolls(rig)).toEqual(['3: antiaircraft fire at 3 raiding bombers over Germany', '4: 4 bombers over Germany']);
  });
});

describe('house rules l.179: US production', () => {
  it('turns 1 to 10: 20, 20, 30, 30, 40, 40, 50, 50, 60, 60; a cut US convoy centre still costs its value', () => {
    expect(Array.from({ length: 10 }, (_, i) => usBaseIncome(i + 1))).toEqual([20, 20, 30, 30, 40, 40, 50, 50, 60, 60]);
    expect(incomeOf(asState(position({ options: on('us-income') })), 'usa').total).toBe(20);
    expect(incomeOf(asState(position({ options: on('us-income'), round: 9, control: { 'us-convoy-2': 'germany' } })), 'usa').total).toBe(54);
  });
});

describe('house rules: income', () => {
  it('l.111: a captured territory yields half its value; l.169: Germany is worth 9 in 1943 and 12 in 1944; l.199: Malta costs the British 1', () => {
    const s = asState(position({ options: on('half-value', 'speer', 'malta'), control: { ukraine: 'germany', 'east-poland': 'germany' }, round: 9 }));
    expect(incomeOf(s, 'germany').items.filter((i) => ['ukraine', 'east-poland', 'germany'].includes(i.area))).toEqual([
      { area: 'ukraine', value: 1 }, { area: 'east-poland', value: 0 }, { area: 'germany', value: 9 },
    ]);
    expect(incomeOf(asState(position({ options: on('speer'), round: 13 })), 'germany').total).toBe(46);
    expect(incomeOf(s, 'uk').total).toBe(24);
  });
});

describe('house rules: fortresses (l.159 Copenhagen, l.197 Gibraltar)', () => {
  it('Copenhagen: an Allied destroyer rolling 5 takes 1 hit (5-1); a submarine rolling 6 takes 1 (6-2); Gibraltar: an Axis destroyer rolling 6 takes 1, a battleship 2', () => {
    expect(fortressHits('copenhagen', 'destroyer', 5)).toBe(1);
    expect(fortressHits('copenhagen', 'submarine', 6)).toBe(1);
    expect(fortressHits('copenhagen', 'battleship', 5)).toBe(2);
    expect(fortressHits('gibraltar', 'destroyer', 6)).toBe(1);
    expect(fortressHits('gibraltar', 'battleship', 6)).toBe(2);
    expect(fortressHits('gibraltar', 'submarine', 4)).toBe(0);
  });

  it('the fortress fires when the combat phase begins: the battleship is sunk, the destroyer damaged... sunk', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'battleship', 'strait-of-gibraltar'), u('germany', 'destroyer', 'strait-of-gibraltar'), u('uk', 'infantry', 'gibraltar')], options: on('fortresses') }), 'combat-move', 'germany');
    s = rig.force(s, [6, 2]);
    s = rig.play(s, 'germany', { type: 'end-phase' });
    expect(rig.log()).toContain('The Gibraltar fortress sink a Germany battleship (2 hits)');
    expect(unitsOf(s, 'germany', 'strait-of-gibraltar').map((x) => x.type)).toEqual(['destroyer']);
  });
});

describe('house rules l.117: Soviet army reservists', () => {
  it('ten dice, six even and four odd: six infantry placed now, four free infantry in the builds', () => {
    expect(reservistsFrom([2, 4, 6, 2, 4, 6, 1, 3, 5, 1])).toEqual({ now: 6, builds: 4 });
    const rig = aaeRig();
    let s = rig.start(position({ units: [], options: on('reservists') }), 'start', 'ussr', [2, 4, 6, 2, 4, 6, 1, 3, 5, 1]);
    expect(s.pending.ussr).toEqual(['infantry', 'infantry', 'infantry', 'infantry']);
    for (let i = 0; i < 6; i++) s = rig.play(s, 'ussr', rig.choices(s)[i]!.action);
    expect(s.units.filter((x) => x.power === 'ussr')).toHaveLength(6);
    expect(new Set(s.units.map((x) => x.at)).size).toBe(6);
  });
});

describe('house rules l.211: war with Japan', () => {
  it('end of turn 3 a destroyer leaves; end of turn 4 the battleship and a fighter, and British income falls by 3', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [u('uk', 'destroyer', 'north-sea', 2), u('uk', 'battleship', 'north-sea'), u('uk', 'fighter', 'united-kingdom')], round: 3, options: on('japan') }), 'income', 'uk');
    expect(s.units.filter((x) => x.type === 'destroyer')).toHaveLength(1);
    let t = rig.start(position({ units: [u('uk', 'destroyer', 'north-sea'), u('uk', 'battleship', 'north-sea'), u('uk', 'fighter', 'united-kingdom')], round: 4, options: on('japan') }), 'income', 'uk');
    expect(t.units.map((x) => x.type)).toEqual(['destroyer']);
    expect(t.farEast).toEqual(['battleship']);
    expect(incomeOf(asState(position({ options: on('japan'), round: 5 })), 'uk').total).toBe(22);
    t = rig.start({ ...position({ units: [u('uk', 'infantry', 'united-kingdom')], round: 6, options: on('japan') }), farEast: ['battleship'] }, 'combat', 'uk', [3]);
    expect(unitsOf(t, 'uk', 'eastern-mediterranean', 'battleship')).toHaveLength(1);
  });

  it('Italy out of the war: on a 5-6 at the start of the British move a battleship goes east, then a carrier; two destroyers for a missing one (ruling 89)', () => {
    const rig = aaeRig();
    const italyGone = { surrender: { surrendered: { italy: 7 }, rolled: [] } };
    const body = (units: ReturnType<typeof u>[], recalls = 0) => ({ ...position({ units, round: 8, options: on('japan', 'surrender') }), house: { ...italyGone, ...(recalls ? { japanRecalls: recalls } : {}) } });
    const fleet = [u('uk', 'battleship', 'north-sea'), u('uk', 'carrier', 'north-sea'), u('uk', 'destroyer', 'north-sea', 2)];
    expect(rig.start(body(fleet), 'combat', 'uk', [5]).units.map((x) => x.type)).toEqual(['carrier', 'destroyer', 'destroyer']);
    expect(rig.start(body(fleet), 'combat', 'uk', [4]).units).toHaveLength(4);
    expect(rig.start(body(fleet, 1), 'combat', 'uk', [6]).units.map((x) => x.type)).toEqual(['battleship', 'destroyer', 'destroyer']);
    expect(rig.start(body(fleet.slice(1)), 'combat', 'uk', [6]).units.map((x) => x.type)).toEqual(['carrier']);
    expect(rig.start(body(fleet, 2), 'combat', 'uk', [6]).units).toHaveLength(4);
  });
});

describe('house rules l.199: Malta starves', () => {
  it('no British ship in the Mediterranean and an Axis warship there: the British lose a unit in Malta at the end of the turn', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [u('uk', 'fighter', 'malta'), u('germany', 'submarine', 'sicilian-sea')], options: on('malta') }), 'income', 'germany');
    expect(s.units.filter((x) => x.at === 'malta')).toHaveLength(0);
    const t = rig.start(position({ units: [u('uk', 'fighter', 'malta'), u('germany', 'transport', 'sicilian-sea')], options: on('malta') }), 'income', 'germany');
    expect(t.units.filter((x) => x.at === 'malta')).toHaveLength(1);
  });
});

describe('house rules l.48-54, 92-97: combat on d10', () => {
  it('German armour attacks on 5 and costs 6; British carriers cost 15; a damaged battleship fights at 3', () => {
    const s = asState(position({ options: on('d10') }));
    const t = combatTable(s, 'east-poland');
    expect(t.sides).toBe(10);
    expect(t.attack({ type: 'armour', power: 'germany' })).toBe(5);
    expect(t.attack({ type: 'armour', power: 'ussr' })).toBe(4);
    expect(t.defense({ type: 'battleship', power: 'uk', damage: 1 })).toBe(3);
    expect(unitCost(s, 'armour', 'germany')).toBe(6);
    expect(unitCost(s, 'carrier', 'uk')).toBe(15);
    const b = asState(position({ options: on('d10', 'barbarossa') }));
    expect(combatTable(b, 'ukraine').attack({ type: 'fighter', power: 'germany' })).toBe(5);
    expect(combatTable(b, 'ukraine').defense({ type: 'fighter', power: 'ussr' })).toBe(3);
  });
});

describe('house rules l.7, 109: factory limits', () => {
  it('Moscow (value 2) takes at most 4 new units a turn; a captured complex only infantry, up to its value', () => {
    const rig = aaeRig();
    let s = rig.start({ ...position({ units: [], options: on('factory-limit') }), pending: { germany: [], ussr: Array(6).fill('infantry'), uk: [], usa: [], minor: [], vichy: [] } }, 'mobilize', 'ussr');
    for (let i = 0; i < 4; i++) s = rig.play(s, 'ussr', rig.pick(s, /place infantry in Moscow/));
    expect(rig.choices(s).some((c) => /Moscow/.test(c.label))).toBe(false);
    const t = rig.start({ ...position({ units: [], options: on('factory-limit'), control: { stalingrad: 'germany' } }), pending: { germany: ['armour', 'infantry'], ussr: [], uk: [], usa: [], minor: [], vichy: [] } }, 'mobilize', 'germany');
    expect(rig.choices(t).filter((c) => /Stalingrad/.test(c.label)).map((c) => c.label)).toEqual(['place infantry in Stalingrad']);
  });
});

describe('house rules l.105: movement', () => {
  it('a fighter that did not move to attack redeploys 6 over friendly territory', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [u('germany', 'fighter', 'france')], control: { bessarabia: 'germany' }, options: on('air-bonus') }), 'noncombat-move', 'germany');
    expect(rig.choices(s).map((c) => c.label)).toContain('fighter from France: redeploy to Bessarabia over friendly territory');
    const t = rig.start(position({ units: [u('germany', 'fighter', 'france')], control: { bessarabia: 'germany' } }), 'noncombat-move', 'germany');
    expect(rig.choices(t).some((c) => c.action.to === 'bessarabia')).toBe(false);
  });

  it('ships move 3', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [u('germany', 'destroyer', 'baltic-sea')], options: on('naval-move') }), 'noncombat-move', 'germany');
    expect(rig.choices(s).map((c) => c.action.to)).toContain('atlantic');
  });
});

describe('house rules l.36: four combat rounds', () => {
  it('after round 4 the attacker withdraws; in Winter after round 3', () => {
    for (const [round, last] of [[1, 4], [4, 3]] as const) {
      const rig = aaeRig();
      let s = rig.start(position({ units: [u('germany', 'infantry', 'poland'), u('ussr', 'infantry', 'east-poland')], round, options: on('max-rounds') }), 'combat-move', 'germany');
      s = rig.play(s, 'germany', rig.pick(s, /infantry from Poland: attack East Poland/));
      s = rig.play(s, 'germany', { type: 'end-phase' });
      s = rig.force(s, Array(20).fill(6));
      s = rig.play(s, 'germany', { type: 'battle', area: 'east-poland' });
      for (let r = 1; r < last; r++) s = rig.play(s, 'germany', { type: 'press-on' });
      expect(rig.prompt(s)!.text).toContain(`has lasted its ${last} rounds`);
    }
  });
});
