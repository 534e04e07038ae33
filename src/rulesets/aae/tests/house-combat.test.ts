// The house rules' combat (l.22-56, 82-97, 135, 143, 165, 175, 195): worked examples and rule computations, with
// forced dice.
import { describe, expect, it } from 'vitest';
import { eligible, landStrikes, pickCasualty, strikes, type Combatant } from '../combat-rules.ts';
import { searchModifier } from '../house/battle.ts';
import { maxRounds } from '../house/rounds.ts';
import { combatTable } from '../house/values.ts';
import { aaeRig, position, u, unitsOf } from '../testing.ts';
import type { AaeState } from '../state.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const asState = (b: ReturnType<typeof position>) => b as unknown as AaeState;
const rolls = (rig: ReturnType<typeof aaeRig>) => rig.events.filter((e) => e.roll).map((e) => `${e.roll!.count}: ${e.roll!.purpose.replace(/^.*?, /, '')}`);
const many = (n: number, c: Combatant): Combatant[] => Array.from({ length: n }, () => ({ ...c }));

describe('house rules l.40: Spring in Eastern Europe (worked computation)', () => {
  it('5 infantry and 3 armour attack 3 infantry and 1 artillery: 2 infantry and 1 armour fire against 2 infantry and 1 artillery; 3 rounds', () => {
    const s = asState(position({ options: on('d10', 'weather'), round: 5 }));
    const t = combatTable(s, 'ukraine', { kind: 'land' });
    const att = [...many(5, { type: 'infantry', power: 'germany' }), ...many(3, { type: 'armour', power: 'germany' })];
    const def = [...many(3, { type: 'infantry', power: 'ussr' }), { type: 'artillery', power: 'ussr' } as Combatant];
    expect(landStrikes(t, att, def, 'attacker', 1, 'main').map((g) => g.label)).toEqual(['1 die at 5', '2 dice at 2']);
    expect(landStrikes(t, def, att, 'defender', 1, 'main').map((g) => g.label)).toEqual(['3 dice at 3']);
    expect(maxRounds(s, 'ukraine')).toBe(3);
    expect(maxRounds(s, 'france')).toBe(0);
  });
});

describe('house rules l.36-38: terrain', () => {
  it('rough: armour -1, defending infantry +1, a round fewer; wetland: armour -2, aircraft halved, attacking infantry -1', () => {
    const s = asState(position({ options: on('d10', 'terrain', 'max-rounds'), round: 2 }));
    const rough = combatTable(s, 'yugoslavia', { kind: 'land' });
    expect(rough.attack({ type: 'armour', power: 'ussr' })).toBe(3);
    expect(rough.defense({ type: 'infantry', power: 'germany' })).toBe(4);
    const wet = combatTable(s, 'belorussia', { kind: 'land' });
    expect([wet.attack({ type: 'armour', power: 'ussr' }), wet.attack({ type: 'fighter', power: 'ussr' }), wet.attack({ type: 'infantry', power: 'ussr' })]).toEqual([2, 2, 1]);
    expect([maxRounds(s, 'yugoslavia'), maxRounds(s, 'moscow'), maxRounds(s, 'poland')]).toEqual([3, 4, 4]);
  });

  it('built-up city (worked computation): 3 hits on 2 defending infantry: the first is reduced and must take the next infantry hit', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'armour', 'belorussia', 3), u('ussr', 'infantry', 'moscow', 2)], control: { belorussia: 'germany' }, options: on('d10', 'terrain') }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /all 3 armour from Belorussia: attack Moscow/));
    s = rig.play(s, 'germany', { type: 'end-phase' });
    s = rig.play(rig.force(s, [1, 1, 1, 9, 9]), 'germany', { type: 'battle', area: 'moscow' });
    // The hits fall by themselves: A reduced, A lost (it still fires back this step), B reduced.
    expect(rig.log().filter((l) => /Moscow is reduced|is lost in Moscow/.test(l))).toEqual([
      'Soviet Union infantry in Moscow is reduced', 'Soviet Union infantry in Moscow is reduced', 'Soviet Union infantry is lost in Moscow',
    ]);
    expect(unitsOf(s, 'ussr', 'moscow')).toHaveLength(1);
    const a: Combatant = { type: 'infantry', power: 'ussr', hp: 2, damage: 1 };
    expect(eligible([{ type: 'infantry', power: 'ussr', hp: 2 }, a], 'any').idx).toEqual([1]);
  });
});

describe('house rules l.22, 175: antiaircraft fire every round; the 88s', () => {
  it('2 guns against 4 bombers and 3 fighters fire at 4 bombers and 2 fighters in every round; a spare German gun defends at 3', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('uk', 'bomber', 'united-kingdom', 4), u('uk', 'fighter', 'united-kingdom', 3), u('germany', 'infantry', 'netherlands-belgium', 3), u('germany', 'aa', 'netherlands-belgium', 2)], options: on('d10', 'aa-every-round') }), 'combat-move', 'uk');
    s = rig.play(s, 'uk', rig.pick(s, /all 4 bomber .*attack Netherlands-Belgium/));
    s = rig.play(s, 'uk', rig.pick(s, /all 3 fighter .*attack Netherlands-Belgium/));
    s = rig.play(s, 'uk', { type: 'end-phase' });
    s = rig.play(rig.force(s, Array(30).fill(10)), 'uk', { type: 'battle', area: 'netherlands-belgium' });
    rig.play(s, 'uk', { type: 'press-on' });
    expect(rolls(rig).filter((r) => /antiaircraft/.test(r))).toEqual([
      '4: antiaircraft fire at 4 bombers', '2: antiaircraft fire at 2 fighters', '4: antiaircraft fire at 4 bombers', '2: antiaircraft fire at 2 fighters',
    ]);
    const t = combatTable(asState(position({ options: on('d10', 'aa-every-round', '88s') })), 'germany', { kind: 'land' });
    const gun = { type: 'aa', power: 'germany' } as Combatant;
    expect(landStrikes(t, [gun], [{ type: 'infantry', power: 'uk' }], 'defender', 1, 'main').map((g) => g.label)).toEqual(['1 die at 3']);
  });
});

describe('house rules l.24-30: anti-tank guns, target hits and armour breakthrough', () => {
  it('a fighter\'s hit on 4 is a target hit: the attacker picks the defending armour', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'fighter', 'poland'), u('ussr', 'infantry', 'east-poland', 2), u('ussr', 'armour', 'east-poland')], options: on('d10', 'targeting') }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /fighter from Poland: attack East Poland/));
    s = rig.play(s, 'germany', { type: 'end-phase' });
    s = rig.play(rig.force(s, [4, 9, 9, 9]), 'germany', { type: 'battle', area: 'east-poland' });
    const p = rig.prompt(s)!;
    expect([p.seat, p.text]).toEqual(['germany', 'East Poland: 1 target hit: pick the enemy units hit']);
    s = rig.play(s, 'germany', rig.pick(s, /hit a Soviet Union armour/));
    expect(unitsOf(s, 'ussr', 'east-poland').map((x) => x.type)).toEqual(['infantry', 'infantry']);
  });

  it('breakthrough from round 2 only; armour hits fall on anti-tank guns first; the guns fire at armour only, at -1', () => {
    const s = asState(position({ options: on('d10', 'targeting', 'anti-tank') }));
    const t = combatTable(s, 'poland', { kind: 'land' });
    const tank = { type: 'armour', power: 'ussr' } as Combatant;
    const def: Combatant[] = [{ type: 'infantry', power: 'germany' }, { type: 'artillery', power: 'germany', at: true }];
    expect(landStrikes(t, [tank], def, 'attacker', 1, 'main').map((g) => g.label)).toEqual(['1 die at 4 (at)']);
    expect(landStrikes(t, [tank], def, 'attacker', 2, 'main').map((g) => g.label)).toEqual(['1 die at 4 (at) (4+: breakthrough)']);
    expect(landStrikes(t, def, [tank], 'defender', 1, 'main').map((g) => g.label)).toEqual(['1 die at 3', '1 die at 2 (armour)']);
    expect(eligible(def, 'at').idx).toEqual([1]);
    expect(pickCasualty([{ type: 'infantry', power: 'germany' }, { type: 'armour', power: 'germany' }], 'breakthrough', 'defender')).toBe(1);
  });
});

describe('house rules l.44, 143, 155: Winter 1941, Stalin\'s shock', () => {
  it('turn 4 east: German armour attacks at -2, German aircraft -2, the Finns untouched, 2 rounds for the Axis', () => {
    const s = asState(position({ options: on('d10', 'winter-1941'), round: 4 }));
    const t = combatTable(s, 'karelia', { kind: 'land' });
    expect([t.attack({ type: 'armour', power: 'germany' }), t.attack({ type: 'fighter', power: 'germany' }), t.attack({ type: 'infantry', power: 'germany', nation: 'finland' })]).toEqual([3, 2, 2]);
    expect(maxRounds(s, 'karelia')).toBe(2);
    const shock = asState(position({ options: on('d10', 'barbarossa', 'stalin-shock') }));
    expect(combatTable(shock, 'ukraine', { kind: 'land' }).defense({ type: 'armour', power: 'ussr' })).toBe(3);
  });
});

describe('house rules l.46: bombardment half hits', () => {
  it('a battleship\'s hit lays a defender on its side (-1); battleships bombard again before round 2', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('uk', 'battleship', 'english-channel'), u('uk', 'transport', 'english-channel'), u('uk', 'infantry', 'english-channel', 2, { aboard: 'u2' }), u('germany', 'infantry', 'france', 2)], options: on('d10', 'bombardment') }), 'combat-move', 'uk');
    s = rig.play(s, 'uk', rig.pick(s, /all 2 infantry .*land in France/));
    s = rig.play(s, 'uk', { type: 'end-phase' });
    s = rig.play(rig.force(s, [1, 9, 9, 9, 9]), 'uk', { type: 'battle', area: 'france' });
    expect(rig.log()).toContain('A Germany infantry in France takes a half hit: it fights at -1');
    expect(rolls(rig)).toContain('2: 2 dice at 2');
    rig.play(rig.force(s, [1, 9, 9, 9, 9]), 'uk', { type: 'press-on' });
    expect(rolls(rig).filter((r) => /at 6/.test(r))).toHaveLength(2);
  });
});

describe('house rules l.32-34: air reaction, the defender\'s retreat and pursuit', () => {
  it('before round 2 fighters next door join; or the defender retreats and the attacker pursues one round', () => {
    const rig = aaeRig();
    const units = [u('germany', 'infantry', 'poland', 4), u('ussr', 'infantry', 'east-poland', 3), u('ussr', 'fighter', 'belorussia')];
    let s = rig.start(position({ units, round: 2, options: on('d10', 'air-reaction', 'defender-retreat') }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /all 4 infantry from Poland: attack East Poland/));
    s = rig.play(s, 'germany', { type: 'end-phase' });
    s = rig.play(rig.force(s, Array(7).fill(9)), 'germany', { type: 'battle', area: 'east-poland' });
    s = rig.play(s, 'germany', { type: 'press-on' });
    expect(rig.choices(s).map((c) => c.label).slice(0, 3)).toEqual(['fight on', '1 fighter from Belorussia join the battle', 'retreat to Baltic States (the attacker may pursue for a round)']);
    const react = rig.play(rig.force(s, Array(8).fill(9)), 'ussr', rig.pick(s, /fighter from Belorussia/));
    // Fighters came: no retreat; round 2 is fought at once with the fighter among the defenders.
    expect(unitsOf(react, 'ussr', 'east-poland', 'fighter')).toHaveLength(1);
    expect(rolls(rig).slice(-3)).toEqual(['4: 4 dice at 2', '1: 1 die at 5', '3: 3 dice at 3']);
    expect(rig.prompt(react)!.text).toBe('East Poland, after round 2: press on or retreat?');
    const noFighter = rig.start(position({ units: units.slice(0, 2), round: 2, options: on('d10', 'defender-retreat') }), 'combat-move', 'germany');
    let t = rig.play(noFighter, 'germany', rig.pick(noFighter, /all 4 infantry from Poland: attack East Poland/));
    t = rig.play(t, 'germany', { type: 'end-phase' });
    t = rig.play(rig.force(t, Array(7).fill(9)), 'germany', { type: 'battle', area: 'east-poland' });
    t = rig.play(t, 'germany', { type: 'press-on' });
    t = rig.play(t, 'ussr', rig.pick(t, /retreat to Belorussia/));
    t = rig.play(rig.force(t, [9, 9, 9, 9, 3, 9, 9]), 'germany', { type: 'pursue', yes: true });
    // Pursuit: the defenders at 3 - 1 = 2 (the 3 misses); the survivors go to Belorussia and East Poland falls.
    expect(unitsOf(t, 'ussr', 'belorussia')).toHaveLength(3);
    expect(t.control['east-poland']).toBe('germany');
  });
});

describe('house rules l.76: the submarine search (worked computation)', () => {
  it('a destroyer +2 and Winter -1: a roll of 5 finds the submarines (5 + 2 - 1 = 6)', () => {
    const s = asState(position({ units: [u('uk', 'destroyer', 'north-sea'), u('uk', 'battleship', 'north-sea')], round: 4, options: on('d10', 'naval-sequence') }));
    s.power = 'uk';
    expect(searchModifier(s, { area: 'north-sea' })).toBe(1);
    const rig = aaeRig();
    let t = rig.start(position({ units: [u('uk', 'destroyer', 'north-sea'), u('germany', 'submarine', 'danish-sea')], round: 4, options: on('d10', 'naval-sequence') }), 'combat-move', 'uk');
    t = rig.play(t, 'uk', rig.pick(t, /destroyer from North Sea: attack Danish Sea/));
    t = rig.play(t, 'uk', { type: 'end-phase' });
    rig.play(rig.force(t, [5, 9, 9]), 'uk', { type: 'battle', area: 'danish-sea' });
    expect(rig.log()).toContain('The defending submarines in Danish Sea are found');
  });
});

describe('house rules l.78: the naval air battle', () => {
  it('attacking aircraft -2, carrier fighters -1, fighters come by air reaction -2 (d10 fighters 4/5)', () => {
    const t = combatTable(asState(position({ options: on('d10', 'naval-sequence') })), 'north-sea', { kind: 'sea' });
    const att: Combatant[] = [{ type: 'fighter', power: 'germany' }, { type: 'bomber', power: 'germany' }];
    const def: Combatant[] = [{ type: 'fighter', power: 'uk' }, { type: 'fighter', power: 'uk', reacted: true }, { type: 'carrier', power: 'uk' }];
    expect(strikes('sea', t, att, def, 'attacker', 2, 'air').map((g) => g.label)).toEqual(['1 die at 4 (fighter)', '1 die at 2 (fighter)']);
    expect(strikes('sea', t, def, att, 'defender', 2, 'air').map((g) => g.label)).toEqual(['1 die at 4 (air)', '1 die at 3 (air)']);
  });
});

describe('house rules l.135, 161: SS armour ignores its first hit on 3+', () => {
  it('the first hit on 3 is ignored, the second always kills', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('ussr', 'armour', 'east-poland', 2), u('germany', 'ss-armour', 'poland')], options: on('d10', 'ss') }), 'combat-move', 'ussr');
    s = rig.play(s, 'ussr', rig.pick(s, /all 2 armour from East Poland: attack Poland/));
    s = rig.play(s, 'ussr', { type: 'end-phase' });
    s = rig.play(rig.force(s, [1, 1, 9, 3]), 'ussr', { type: 'battle', area: 'poland' });
    expect(rig.log()).toContain('The SS armour in Poland ignores the hit');
    expect(unitsOf(s, 'germany', 'poland')).toHaveLength(0);
  });
});

describe('house rules l.76: night bombing', () => {
  it('British bombers by night: no escort, the interceptor at 5 - 3 = 2, no bomber defence, d6-2 a bomber (6 and 1: 4)', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('uk', 'bomber', 'netherlands-belgium', 2), u('uk', 'fighter', 'netherlands-belgium'), u('germany', 'fighter', 'germany')], ipcs: { germany: 30 }, control: { 'netherlands-belgium': 'uk' }, options: on('d10', 'sbr', 'night-bombing') }), 'combat-move', 'uk');
    s = rig.play(s, 'uk', rig.pick(s, /all 2 bomber .*bomb the industry of Germany by night/));
    expect(rig.choices(s).map((c) => c.label).filter((l) => /escort/.test(l))).toEqual([]);
    s = rig.play(s, 'uk', { type: 'end-phase' });
    s = rig.play(s, 'uk', { type: 'battle', area: 'germany' });
    s = rig.play(rig.force(s, [9, 6, 1]), 'germany', { type: 'intercept', count: 1 });
    expect(rolls(rig)).toEqual(['1: 1 intercepting fighter at 2', '2: 2 bombers over Germany']);
    expect(rig.log()).toContain('The raid on Germany does 4 damage: Germany loses 4 IPCs');
    expect(s.ipcs.germany).toBe(26);
  });
});
