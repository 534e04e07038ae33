// House rules l.3-5, 151-153 (the Axis Minor player, `hr-axis-minor`); rulings 79-80.
import { describe, expect, it } from 'vitest';
import { applyAction, prompts, seatsInPlay, setupGame } from '../../../engine/index.ts';
import { aae } from '../index.ts';
import { SCENARIO, initialState, resolveOptions } from '../setup.ts';
import type { AaeState } from '../state.ts';
import { aaeRig, position, u, unitsOf } from '../testing.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const labels = (rig: ReturnType<typeof aaeRig>, s: AaeState) => rig.choices(s).map((c) => c.label);

describe('house rules l.3: the Axis Minor, a fifth power', () => {
  it('takes its nations\' pieces, territories and their worth in IPCs from Germany at set-up (ruling 79)', () => {
    const s = initialState({ bid: false, ...on('axis-minor') });
    const base = initialState({ bid: false });
    expect(new Set(s.units.filter((x) => x.at === 'northern-italy').map((x) => x.power))).toEqual(new Set(['minor']));
    expect(s.units.filter((x) => x.at === 'hungary').every((x) => x.power === 'minor' && x.nation === 'hungary')).toBe(true);
    expect(s.units.filter((x) => x.at === 'germany').every((x) => x.power === 'germany')).toBe(true);
    expect(['northern-italy', 'southern-italy', 'greece', 'libya', 'hungary', 'rumania', 'bulgaria', 'finland'].map((id) => s.control[id])).toEqual(Array(8).fill('minor'));
    // Northern Italy 4, Southern Italy 2, Libya, Greece, Hungary 2, Bulgaria, Rumania, Finland: 13 of Germany's 40.
    expect([s.ipcs.germany, s.ipcs.minor]).toEqual([27, 13]);
    expect([base.ipcs.germany, base.control['northern-italy'], base.units.some((x) => x.power === 'minor')]).toEqual([40, 'germany', false]);
  });

  it('has a seat exactly when its switch is on, by itself or by the preset (Ruleset.seatOptions, served to the home page)', () => {
    for (const houseRules of [false, true]) {
      for (const v of [null, false, true]) {
        const options = { houseRules, 'hr-axis-minor': v };
        const has = seatsInPlay(aae, SCENARIO, options).includes('minor');
        expect(has).toBe(resolveOptions(options).house['axis-minor'] === true);
        expect(has).toBe(v === true || (v === null && houseRules));
      }
    }
  });

  it('plays its own turn after Germany\'s, before the Soviet Union\'s, on its own seat', () => {
    let s = setupGame(aae, SCENARIO, { bid: false, ...on('axis-minor') }, 'minor-order').state;
    const seen: string[] = [];
    for (let n = 0; n < 40 && seen.length < 3; n++) {
      const p = prompts(aae, s)[0]!;
      if (seen[seen.length - 1] !== p.seat) seen.push(p.seat);
      const done = p.choices.find((c) => ['done', 'end-phase'].includes(c.action.type)) ?? p.choices[p.choices.length - 1]!;
      s = applyAction(aae, s, p.seat, done.action).state;
    }
    expect(seen).toEqual(['germany', 'minor', 'ussr']);
  });

  it('collects the value of the territories it holds (Italy and the others) with Germany\'s capital in Axis hands', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [], options: on('axis-minor'), ipcs: { minor: 0 } }), 'income', 'minor');
    expect(s.ipcs.minor).toBe(13);
  });
});

describe('house rules l.5: what each nation builds', () => {
  const pending = (types: string[]) => ({ germany: [], ussr: [], uk: [], usa: [], minor: types }) as unknown as AaeState['pending'];

  it('Bulgaria one infantry and Finland one regular infantry without a complex, Hungary two ground units; early-war but for the Finns', () => {
    const rig = aaeRig();
    let s = rig.start({ ...position({ units: [], options: on('axis-minor') }), pending: pending(['infantry', 'infantry', 'infantry', 'infantry', 'armour']) }, 'mobilize', 'minor');
    const places = labels(rig, s);
    expect(places).toContain('place infantry in Bulgaria');
    expect(places).toContain('place infantry in Finland');
    expect(places).toContain('place armour in Hungary');
    expect(places).not.toContain('place armour in Bulgaria');
    s = rig.play(s, 'minor', rig.pick(s, /^place infantry in Bulgaria$/));
    expect(labels(rig, s)).not.toContain('place infantry in Bulgaria');
    s = rig.play(s, 'minor', rig.pick(s, /^place infantry in Finland$/));
    s = rig.play(s, 'minor', rig.pick(s, /^place armour in Hungary$/));
    s = rig.play(s, 'minor', rig.pick(s, /^place infantry in Hungary$/));
    // Hungary's two are placed: the last infantry goes to the Italian complex or Rumania (twice its value, l.7).
    expect(labels(rig, s).filter((l) => l.startsWith('place infantry'))).toEqual(['place infantry in Northern Italy', 'place infantry in Rumania']);
    const made = s.units.map((x) => `${x.type} ${x.at} ${x.nation} ${x.ew ? 'ew' : 'regular'}`);
    expect(made).toEqual(['infantry bulgaria bulgaria ew', 'infantry finland finland regular', 'armour hungary hungary ew', 'infantry hungary hungary ew']);
  });

  it('Italian ships are regular; Rumania builds submarines in the Black Sea; no SS armour or paratroops on sale', () => {
    const rig = aaeRig();
    let s = rig.start({ ...position({ units: [], options: on('axis-minor') }), pending: pending(['submarine', 'destroyer']) }, 'mobilize', 'minor');
    expect(labels(rig, s)).toContain('place submarine in Black Sea (built in Rumania)');
    expect(labels(rig, s).some((l) => /^place destroyer in .* \(built in Northern Italy\)$/.test(l))).toBe(true);
    expect(labels(rig, s).some((l) => /^place destroyer in Black Sea/.test(l))).toBe(false);
    s = rig.play(s, 'minor', rig.pick(s, /^place destroyer in .* \(built in Northern Italy\)$/));
    expect(s.units.map((x) => [x.nation, x.ew ?? false])).toEqual([['italy', false]]);
    const shop = labels(rig, rig.start(position({ units: [], options: { houseRules: true }, ipcs: { minor: 30 } }), 'purchase', 'minor'));
    expect(shop.some((l) => /SS armour|paratroop/i.test(l))).toBe(false);
  });
});

describe('house rules l.151-153: hostile neighbours and the Eastern front', () => {
  const units = [
    u('minor', 'infantry', 'hungary', 2, { nation: 'hungary' }), u('minor', 'infantry', 'bulgaria', 1, { nation: 'bulgaria' }),
    u('minor', 'infantry', 'rumania', 3, { nation: 'italy' }), u('ussr', 'infantry', 'ukraine'),
  ];

  it('Hungarians stay out of Rumania, Bulgarians go only to Greece and Yugoslavia; a refused move names the rule', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units, options: on('axis-minor'), control: { bessarabia: 'germany' } }), 'noncombat-move', 'minor');
    const to = (id: string) => rig.choices(s).filter((c) => c.action.type === 'move' && (c.action.units as string[]).includes(id)).map((c) => c.action.to);
    expect(to('u1')).not.toContain('rumania');
    expect(to('u1')).toContain('yugoslavia');
    expect(new Set(to('u3'))).toEqual(new Set(['greece', 'yugoslavia']));
    expect(() => rig.play(s, 'minor', { type: 'move', units: ['u1'], to: 'rumania' })).toThrow(/l\.151 \(hostile neighbours\)/);
  });

  it('Italy sends one unit a turn into the Soviet Union, Hungary none before turn 2', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units, options: on('axis-minor'), control: { bessarabia: 'germany' } }), 'noncombat-move', 'minor');
    const into = (st: AaeState, id: string) => rig.choices(st).filter((c) => c.action.to === 'bessarabia' && (c.action.units as string[]).includes(id));
    expect(into(s, 'u1')).toEqual([]);
    expect(into(s, 'u4').map((c) => (c.action.units as string[]).length)).toEqual([1]);
    s = rig.play(s, 'minor', into(s, 'u4')[0]!.action);
    expect(into(s, 'u5')).toEqual([]);
    expect(() => rig.play(s, 'minor', { type: 'move', units: ['u5'], to: 'bessarabia' })).toThrow(/l\.153/);
    // Rumania has no such limit: two Rumanian infantry go into Bessarabia together.
    const rumanians = rig.start(position({ units: [u('minor', 'infantry', 'rumania', 2, { nation: 'rumania' })], options: on('axis-minor'), control: { bessarabia: 'germany' } }), 'noncombat-move', 'minor');
    expect(into(rumanians, 'u1').map((c) => (c.action.units as string[]).length)).toEqual([1, 2]);
    const turn2 = rig.start(position({ units, options: on('axis-minor'), control: { bessarabia: 'germany' }, round: 2 }), 'noncombat-move', 'minor');
    expect(into(turn2, 'u1').map((c) => (c.action.units as string[]).length)).toEqual([1]);
  });

  it('Hungarians and Rumanians share a territory only beside a German unit (l.151 stacking, ruling 84)', () => {
    const rig = aaeRig();
    const units = [u('minor', 'infantry', 'hungary', 1, { nation: 'hungary' }), u('minor', 'infantry', 'yugoslavia', 1, { nation: 'rumania' })];
    const apart = rig.start(position({ units, options: on('axis-minor') }), 'noncombat-move', 'minor');
    const to = (st: AaeState) => rig.choices(st).filter((c) => c.action.type === 'move' && (c.action.units as string[]).includes('u1')).map((c) => c.action.to);
    expect(to(apart)).not.toContain('yugoslavia');
    expect(to(apart)).toContain('austria');
    expect(() => rig.play(apart, 'minor', { type: 'move', units: ['u1'], to: 'yugoslavia' })).toThrow(/l\.151 \(hostile neighbours\): Hungarian and Rumanian units may share a territory only with a German unit/);
    const beside = rig.start(position({ units: [...units, u('germany', 'infantry', 'yugoslavia')], options: on('axis-minor') }), 'noncombat-move', 'minor');
    expect(to(beside)).toContain('yugoslavia');
    const s = rig.play(beside, 'minor', { type: 'move', units: ['u1'], to: 'yugoslavia' });
    expect(s.units.filter((x) => x.at === 'yugoslavia').map((x) => x.nation ?? x.power).sort()).toEqual(['germany', 'hungary', 'rumania']);
  });
});

describe('house rules l.20 a: the Axis Minor traces supply to its home country', () => {
  it('cut off in Finland, Finnish infantry is in supply at home; Hungarian and German infantry there are not (ruling 84)', () => {
    const rig = aaeRig();
    const units = [
      u('minor', 'infantry', 'finland', 1, { nation: 'finland' }), u('minor', 'infantry', 'finland', 1, { nation: 'hungary' }),
      u('germany', 'infantry', 'finland'), u('uk', 'battleship', 'baltic-sea'), u('uk', 'battleship', 'barents-sea'),
    ];
    let s = rig.start(position({ units, control: { norway: 'uk' }, options: on('axis-minor', 'supply') }), 'purchase', 'germany');
    s = rig.play(s, 'germany', { type: 'done' });
    expect(rig.log()).toContain('Germany: 1 unit out of supply (-1 in combat)');
    expect(rig.log()).toContain('Axis Minor: 1 unit out of supply (-1 in combat)');
    expect(unitsOf(s, 'minor', 'finland').map((x) => [x.nation, x.unsupplied ?? false])).toEqual([['finland', false], ['hungary', true]]);
    expect(unitsOf(s, 'germany', 'finland')[0]!.unsupplied).toBe(true);
  });
});
