// Basic rules case by case (the tutorial test plays the common cases; these are the others).
import { describe, expect, it } from 'vitest';
import { choicesIn, prompts } from '../../engine/index.ts';
import { bkg } from './index.ts';
import { economicPoints, timeTable, conquestCheck } from './sequence.ts';
import { area } from './map.ts';
import { arrive, destinations, envFor, unloadTargets } from './movement.ts';
import { atWar, conquer, createUnit, declareWar, freeCountry, friendly, setControl } from './politics.ts';
import { poolCount, production, productionChoices } from './production.ts';
import type { Unit } from './state.ts';
import { battle } from './combat.ts';
import { assignmentChoices } from './combat-advanced.ts';
import { Play, advancedAxisMovement, ctxOn } from './testing.ts';

const moveTargets = (p: Play, seat: Parameters<Play['act']>[0], place: string, unit: string) =>
  choicesIn(bkg, p.s, seat, place).filter((c) => c.action.type === 'move' && (c.action.units as string[]).length === 1 && (c.action.units as string[])[0] === unit).map((c) => c.action.to as string).sort();

describe('BKG basic rules', () => {
  it('8.5 economic points at the start: each BP one point, each Pacific island without production one more', () => {
    const p = new Play();
    // Axis: Germany 17, Italy 6, Japan 17 + Caroline, Marshall, Mariana, Bonin, Kurile islands.
    expect(economicPoints(p.s, 'axis')).toBe(40 + 5);
    // Allies: BE 15 (with Poland), France 11, USSR 11, China 8, USA 8 + Hawaii, Midway, Wake, Aleutians, Gilbert, Solomons.
    expect(economicPoints(p.s, 'allies')).toBe(53 + 6);
  });

  it('6.1.1 armor passes an empty enemy area, infantry stops in it; 6.1.2 double range never enters an enemy area', () => {
    const p = new Play();
    const arm = p.unit('germany', 'prussia', 'Arm 5');
    const inf = p.unit('germany', 'prussia', 'Inf 4');
    p.s.units = Object.fromEntries(Object.entries(p.s.units).filter(([, u]) => u.power !== 'poland')); // Poland empty
    // Infantry: one area (Western and East Poland occupied, the Baltic States a declaration of war); double range only
    // through German areas, which adds nothing here.
    expect(moveTargets(p, 'germany', 'prussia', inf)).toEqual(['austria', 'baltic', 'bavaria', 'eastern-poland', 'western-germany', 'western-poland']);
    // Armor: through empty Western or East Poland into Lwow, Hungary (war on a neutral), White Russia (war on the USSR).
    expect(moveTargets(p, 'germany', 'prussia', arm)).toEqual(expect.arrayContaining(['lwow', 'hungary', 'white-russia', 'pripiet']));
    // Not through a neutral: the Baltic stops it (no Leningrad), nor into the Maginot line's enemy... France is 2 away
    // through Western Germany: Maginot is an attack reached over a friendly area.
    const armTo = moveTargets(p, 'germany', 'prussia', arm);
    expect(armTo).not.toContain('leningrad');
    expect(armTo).toContain('maginot');
    expect(armTo).not.toContain('paris');
  });

  it('8.1 aircraft never fly over a neutral area (BNL), and land only in friendly areas', () => {
    const p = new Play();
    const air = p.unit('germany', 'prussia', 'Air 4');
    const to = moveTargets(p, 'germany', 'prussia', air);
    expect(to).not.toContain('bnl');
    expect(to).toContain('western-poland'); // an attack
    expect(to).not.toContain('eastern-poland'); // enemy, empty: no landing there
  });

  it('6.1.1, 8.3 a stack keeps the way it was offered when its first unit declares war (ruling 111)', () => {
    // Armor and HQ Guderian in Eastern Poland; Lwow Polish with a Soviet infantry passing through it (the USSR at
    // peace); Kiev Soviet. Together they may go through Lwow into Kiev: the armor's arrival declares war on the USSR,
    // and the HQ follows the same way although Lwow now holds an enemy (the fuzzer's r16hard-allies-10, 4/39).
    const p = new Play();
    const arm = p.unit('germany', 'prussia', 'Arm 5');
    p.edit((s) => {
      for (const u of Object.values(s.units)) if (u.where === 'eastern-poland' || u.where === 'lwow') u.where = 'box';
      s.control['eastern-poland'] = 'germany';
      s.units[arm]!.where = 'eastern-poland';
      s.units['hq-guderian']!.where = 'eastern-poland';
      s.units[Object.values(s.units).find((u) => u.power === 'ussr' && u.type === 'inf' && u.where === 'kiev')!.id]!.where = 'lwow';
    });
    expect(atWar(p.s, 'germany', 'ussr')).toBe(false);
    const together = choicesIn(bkg, p.s, 'germany', 'eastern-poland').find((c) => c.action.to === 'kiev' && (c.action.units as string[]).length === 2)!;
    expect(together.label).toBe('All that can (Arm 5, HQ Guderian) to Kiev (attack)');
    p.act('germany', together.action);
    expect(atWar(p.s, 'germany', 'ussr')).toBe(true);
    expect([p.s.units[arm]!.where, p.s.units['hq-guderian']!.where]).toEqual(['kiev', 'kiev']);
    expect(p.s.battles.some((b) => b.place === 'kiev' && b.attacker === 'axis')).toBe(true);
  });

  it('6.1.1 every unit of a stack that occupies an empty enemy area crosses the border it was offered (ruling 111)', () => {
    // Prussia's whole stack into an empty Eastern Poland: the first unit's arrival makes it German, and the others
    // still go the way the move offered, over the Prussian border (the mark the advanced border penalties read).
    const p = new Play();
    p.edit((s) => { for (const u of Object.values(s.units)) if (u.where === 'eastern-poland') u.where = 'box'; });
    const all = choicesIn(bkg, p.s, 'germany', 'prussia').find((c) => c.action.to === 'eastern-poland' && c.label.startsWith('All that can'))!;
    const combat = (all.action.units as string[]).filter((id) => p.s.units[id]!.type !== 'hq');
    expect(combat.length).toBe(5);
    p.act('germany', all.action);
    expect(p.s.control['eastern-poland']).toBe('germany');
    expect(combat.map((id) => p.s.units[id]!.via)).toEqual(combat.map(() => 'prussia'));
  });

  it('8.4 entering a neutral declares war: Denmark joins the Allies under BE and falls to the German occupation', () => {
    const p = new Play();
    const inf = p.unit('germany', 'western-germany', 'Inf 2');
    expect(moveTargets(p, 'germany', 'western-germany', inf)).toContain('denmark');
    p.act('germany', { type: 'move', units: [inf], to: 'denmark' });
    expect(p.s.controller.denmark).toBe('be');
    expect(p.s.control.denmark).toBe('germany');
    expect(p.s.production.germany).toBe(17); // Denmark's conqueror number is 0 (docs/data/bkg.md)
    expect(p.s.production.be).toBe(15); // +1 when Denmark joined, -1 when it fell
    expect(p.s.wars).toContain('denmark|germany');
  });

  it('8.4 a neutral with forces sets them up and the entry is an attack (Yugoslavia)', () => {
    const p = new Play();
    p.act('germany', { type: 'move', units: [p.unit('germany', 'austria', 'Inf 4')], to: 'yugoslavia' });
    expect(p.s.controller.yugoslavia).toBe('be');
    expect(p.describe('yugoslavia').split(', ').filter((x) => x.startsWith('yugo')).sort()).toEqual(['yugoslavia Air 1', 'yugoslavia Inf 2', 'yugoslavia Inf 2', 'yugoslavia Inf 2', 'yugoslavia Inf 2', 'yugoslavia Inf 3']);
    expect(p.s.battles).toEqual([{ place: 'yugoslavia', attacker: 'axis' }]);
    expect(p.s.production.be).toBe(15 + 2);
  });

  it('8.4 an Allied unit entering neutral Italy attacks it (fuzz seed xd): the battle is the Allies\', and winning takes the area (6.4)', () => {
    const p = new Play();
    for (let i = 0; i < 2; i++) for (const m of ['germany', 'italy', 'japan'] as const) p.act(m, { type: 'end' }); // the Axis moves and exploits
    // Northern Italy keeps one Italian Inf 2; the others go south.
    p.edit((s) => { for (const u of Object.values(s.units)) if (u.where === 'northern-italy' && u.power === 'italy' && u.id !== 'italy-inf2-23') u.where = 'southern-italy'; });
    p.act('france', { type: 'move', units: [p.unit('france', 'paris', 'Arm 4')], to: 'northern-italy' });
    expect(p.s.wars).toContain('france|italy');
    // Italy entered the war by the French attack: the Allies attack (it was recorded as an Axis attack, so France's
    // win left Northern Italy Italian with French armor in it).
    expect(p.s.battles).toEqual([{ place: 'northern-italy', attacker: 'allies' }]);
    for (const m of ['usa', 'be', 'ussr', 'france', 'china'] as const) p.act(m, { type: 'end' });
    // The reactions end and the only combat is fought: France's armor rolls 1, 1 (two hits), Italy's infantry 6.
    p.act('germany', { type: 'end' }).dice(1, 1, 6).act('italy', { type: 'end' });
    p.diceUsed();
    expect(p.log().slice(-3)).toEqual([
      'Italy Inf 2 flipped to Inf 1 (B)', 'Italy Inf 1 (B) eliminated', 'France now controls Northern Italy (production: Italy -3, France +2)',
    ]);
    expect([p.s.control['northern-italy'], p.s.production.italy, p.s.production.france]).toEqual(['france', 6 - 3, 11 + 2]);
  });

  it('8.2 a neutral major (the USSR) may not enter an area of a country at war', () => {
    const p = new Play();
    p.act('germany', { type: 'end' }); p.act('italy', { type: 'end' }); p.act('japan', { type: 'end' });
    const inf = p.unit('ussr', 'white-russia', 'Inf 2');
    const to = moveTargets(p, 'ussr', 'white-russia', inf);
    expect(to).not.toContain('eastern-poland');
    expect(to).not.toContain('baltic'); // entering the Baltic States would be a declaration of war: allowed? no, neutral USSR
  });

  it('Time Table 2/40, 2/41, 4/41: Italy, the USSR and the USA enter the war', () => {
    const p = new Play();
    const at = (label: string) => {
      const c = ctxOn(p.s);
      const [q, yy] = label.split('/').map(Number);
      c.state.turn = (yy! - 39) * 4 + q! - 2;
      timeTable(c);
      return c.state;
    };
    const s40 = at('2/40');
    expect(s40.wars).toEqual(expect.arrayContaining(['france|italy', 'be|italy']));
    const s41 = at('2/41');
    expect(s41.wars).toEqual(expect.arrayContaining(['germany|ussr']));
    expect(s41.production.ussr).toBe(34);
    // Germany: -3 USSR delivery, -2 Romanian delivery, + all production of Finland 1, Romania 3, Hungary 1, Bulgaria 1;
    // USA -> Japan delivery ends in 2/41 (basic): Japan -3.
    expect(s41.production.germany).toBe(17 - 3 - 2 + 1 + 3 + 1 + 1);
    expect(s41.production.japan).toBe(17 - 3);
    expect(Object.values(s41.units).filter((u) => u.power === 'finland').length).toBe(3);
    const s41b = at('4/41');
    expect(s41b.production.usa).toBe(36);
    expect(s41b.wars).toEqual(expect.arrayContaining(['germany|usa', 'japan|usa', 'be|japan', 'france|japan']));
    expect(s41b.production.be).toBe(15 + 7); // BE Pacific production with the US entry
  });

  it('7.1 conquest of France: its forces leave, its colonies are neutral, BE Pacific production is activated', () => {
    const p = new Play();
    const c = ctxOn(p.s);
    for (const a of ['paris', 'normandy', 'western-france', 'maginot', 'vichy']) c.state.control[a] = 'germany';
    conquestCheck(c);
    expect(c.state.conquered).toContain('france');
    expect(Object.values(c.state.units).some((u) => u.power === 'france')).toBe(false);
    expect(c.state.production.be).toBe(15 + 7);
    expect(c.state.production.france).toBe(0);
  });

  it('7.1, 7.3.4 a conquered Germany\'s deliveries end (Sweden, Romania, the USSR) and it is left with 0 production, not -6 (ruling 105; fuzz seed p12-basic-1939-off-4)', () => {
    const c = ctxOn(new Play().s);
    c.state.production.germany = 7;
    conquer(c, 'germany');
    expect(c.state.conquered).toContain('germany');
    expect(c.state.deliveries['sweden>germany']).toBeUndefined();
    expect(c.events.map((e) => e.text)).toContain('Delivery agreement Sweden to Germany ends: Germany -1');
    expect([c.state.production.germany, c.state.saved.germany]).toEqual([0, 0]);
    expect(bkg.invariants!(c.state).filter((x) => x.includes('Production'))).toEqual([]);
  });

  it('7.1, 7.3.1 the Baltic\'s BP goes to Germany only while Germany stands, and a freed Germany counts it again (ruling 112; fuzz seed p17-basic-1939-all-1)', () => {
    const c = ctxOn(new Play().s);
    const g0 = c.state.production.germany;
    setControl(c, 'baltic', 'italy'); // held by Germany's side: Germany +1 ('D')
    expect(c.state.production.germany).toBe(g0 + 1);
    conquer(c, 'germany');
    expect(c.state.production.germany).toBe(0);
    setControl(c, 'baltic', 'ussr'); // a conquered Germany has nothing there to lose
    expect(c.state.production.germany).toBe(0);
    expect(bkg.invariants!(c.state).filter((x) => x.includes('Production'))).toEqual([]);
    setControl(c, 'baltic', 'italy'); // nor to gain
    expect(c.state.production.germany).toBe(0);
    const freed = (holder: string) => {
      const f = ctxOn(structuredClone(c.state));
      setControl(f, 'baltic', holder);
      freeCountry(f, 'germany');
      return f.state.production.germany;
    };
    expect(freed('italy') - freed('ussr')).toBe(1);
  });
});

describe('BKG advanced special rules', () => {
  it('advanced 8.8 Bulgarian troops never enter the USSR; a Romanian unit beside them may', () => {
    const p = new Play({}, 'advanced-1941');
    const s = structuredClone(p.s); // settled states are frozen
    s.wars = [...new Set([...s.wars, 'germany|ussr'])].sort();
    for (const u of p.at('odessa')) delete s.units[u.id];
    const bg = createUnit(s, 'bulgaria', 'arm', 2, 'romania');
    const ro = createUnit(s, 'romania', 'arm', 2, 'romania');
    expect(atWar(s, 'bulgaria', 'ussr')).toBe(true);
    const reach = (u: Unit) => [...destinations(envFor(s, u.power), u, 'move').keys()];
    expect(reach(ro)).toContain('odessa');
    expect(reach(bg).filter((a) => area(a).country === 'ussr')).toEqual([]);
    expect(reach(bg).length).toBeGreaterThan(0);
  });

  it('ruling 9: an HQ unloads into a hostile area only into its side\'s land attack there (fuzz seed bkg-fuzz-1: HQ Monty alone in an empty Norway at war with BE)', () => {
    const p = new Play();
    const s = structuredClone(p.s); // settled states are frozen
    for (const u of p.at('norway')) delete s.units[u.id];
    s.controller = { ...s.controller, norway: 'germany' };
    s.wars = [...s.wars, 'be|norway'].sort();
    const c1 = createUnit(s, 'be', 'conv', 1, 'north-sea');
    const c2 = createUnit(s, 'be', 'conv', 1, 'north-sea');
    const hq = { ...s.units['hq-monty']!, where: 'north-sea', aboard: c1.id };
    s.units[hq.id] = hq;
    const inf = createUnit(s, 'be', 'inf', 2, 'north-sea');
    inf.aboard = c2.id;
    const into = (u: Unit) => unloadTargets(envFor(s, 'be'), u).map((t) => t.to);
    expect(into(inf)).toContain('norway');
    expect(into(hq)).not.toContain('norway');
    expect(into(hq)).toContain('england');
    // Once its infantry has taken Norway, the HQ may follow.
    const c = ctxOn(s);
    arrive(c, c.state.units[inf.id]!, 'norway', 'allies', true);
    expect(c.state.control.norway).toBe('be');
    expect(unloadTargets(envFor(c.state, 'be'), c.state.units[hq.id]!).map((t) => t.to)).toContain('norway');
  });
  it('6.2.4 an HQ whose combat units all fell does not stay in the enemy area it attacked: it retreats (ruling 106; fuzz seed p12-advanced-1941-off-5)', () => {
    // 2/41: HQ Rommel and an Arm 2 (B) attack Vichy Algeria (Inf 2); the armor and the infantry fall in round 1.
    const p = advancedAxisMovement();
    p.act('germany', { type: 'move', units: [p.unit('germany', 'tripolitania', 'Arm 2 (B)'), 'hq-rommel'], to: 'algeria' });
    for (const m of ['germany', 'italy', 'japan', 'be'] as const) p.act(m, { type: 'end' });
    expect(p.waiting()).toEqual(['germany:card']);
    p.dice(2, 2, 1).act('germany', { type: 'pass' });
    p.diceUsed();
    expect(p.log()).toContain('Vichy France Inf 1 (B) eliminated');
    expect(p.describe('algeria')).toBe('germany HQ Rommel');
    expect(p.s.control.algeria).toBe('vichy');
    expect(p.log()).toContain('Algeria: HQ Rommel cannot hold the area alone and must retreat');
    const ask = prompts(bkg, p.s);
    expect(ask.map((x) => `${x.seat}:${x.kind}`)).toEqual(['germany:retreat-destination']);
    expect(ask[0]!.choices!.map((c) => c.action)).toEqual([{ type: 'retreat-to', units: ['hq-rommel'], to: 'tripolitania' }]);
    expect(bkg.invariants!(p.s)).toEqual([]);
    p.act('germany', { type: 'retreat-to', units: ['hq-rommel'], to: 'tripolitania' });
    expect(p.s.units['hq-rommel']!.where).toBe('tripolitania');
    expect(bkg.invariants!(p.s)).toEqual([]);
  });
});

describe('BKG 6.2.5 a combat in the attacker\'s own area (9.10; ruling 109, fuzz seed p14-advanced-1941-all-9)', () => {
  // Italy chose the Allies, Germany the Axis: the Afrika Korps stands in Italy's Tripolitania, and Italy attacked it
  // there (ruling 100); the Italians retreated to Cyrenaica, leaving the Germans alone in the area at the combat's end.
  const SIDES = { germany: 'axis', italy: 'allies', japan: 'axis', usa: 'axis', be: 'allies', ussr: 'allies', france: 'axis', china: 'allies' } as const;
  const endOfItalianAttack = (keep: (u: Unit) => boolean) => {
    const p = new Play({ nonHistoricAlliances: true }, 'advanced-1941');
    for (const [m, side] of Object.entries(SIDES)) p.act(m as keyof typeof SIDES, { type: 'side', side });
    const c = ctxOn(p.s);
    const s = c.state;
    expect(s.control.tripolitania).toBe('italy');
    s.wars = [...new Set([...s.wars, 'germany|italy'])].sort(); // as in the fuzz game by its first combat phase
    expect(atWar(s, 'germany', 'italy')).toBe(true);
    for (const u of Object.values(s.units)) {
      if (u.where !== 'tripolitania') continue;
      if (u.power === 'italy') u.where = 'cyreneica';
      else if (!keep(u)) delete s.units[u.id];
    }
    s.battles = [{ place: 'tripolitania', attacker: 'allies' }];
    const f = { proc: 'battle', place: 'tripolitania', attacker: 'allies', step: 'end', round: 1, hitsAtt: 0, hitsDef: 0 };
    s.stack.push(f);
    battle.run!(c, f as never);
    return c;
  };

  it('the defender\'s armor left holding the attacker\'s area takes it', () => {
    const c = endOfItalianAttack(() => true);
    expect(Object.values(c.state.units).filter((u) => u.where === 'tripolitania').map((u) => u.id).sort()).toEqual(['germany-air2-34', 'germany-arm4-33', 'hq-rommel']);
    expect(c.state.control.tripolitania).toBe('germany');
    expect(c.events.map((e) => e.rule)).toContain('BKG 6.2.5, 6.4');
    expect(c.state.stack.at(-1)).toMatchObject({ proc: 'land-air', place: 'tripolitania' }); // the aircraft land after it
  });

  it('an HQ left alone does not take it (ruling 106) and must retreat', () => {
    const c = endOfItalianAttack((u) => u.type === 'hq');
    expect(c.state.control.tripolitania).toBe('italy');
    expect(c.state.stack.at(-1)).toMatchObject({ proc: 'retreat', place: 'tripolitania', units: ['hq-rommel'], seat: 'germany' });
  });

  // Ruling 113 (fuzz seed p17b-advanced-1941-all-0): Germany declares war on Italy while the Afrika Korps stands in
  // Italy's Tripolitania with no Italian unit left there, so no combat.
  const warOnItaly = (keep: (u: Unit) => boolean) => {
    const p = new Play({ nonHistoricAlliances: true }, 'advanced-1941');
    for (const [m, side] of Object.entries(SIDES)) p.act(m as keyof typeof SIDES, { type: 'side', side });
    const c = ctxOn(p.s);
    const s = c.state;
    expect(atWar(s, 'germany', 'italy')).toBe(false);
    for (const u of Object.values(s.units)) {
      if (u.where !== 'tripolitania') continue;
      if (u.power === 'italy') u.where = 'cyreneica';
      else if (!keep(u)) delete s.units[u.id];
    }
    declareWar(c, 'germany', 'italy');
    expect(s.battles.some((b) => b.place === 'tripolitania')).toBe(false);
    expect(bkg.invariants!(s)).toEqual([]);
    return c;
  };

  it('a declaration of war leaves the armor alone in the new enemy\'s area: it takes it (ruling 113)', () => {
    const c = warOnItaly(() => true);
    expect(c.state.control.tripolitania).toBe('germany');
    expect(c.state.units['hq-rommel']!.where).toBe('tripolitania');
  });

  it('a declaration of war leaves an HQ alone in the new enemy\'s area: it goes to the nearest friendly area (ruling 113)', () => {
    const c = warOnItaly((u) => u.type === 'hq');
    expect(c.state.control.tripolitania).toBe('italy');
    const at = c.state.units['hq-rommel']!.where;
    expect(at).not.toBe('tripolitania');
    expect(friendly(c.state, 'germany', c.state.control[at]!)).toBe(true);
    expect(c.events.map((e) => e.text)).toContain(`Germany HQ Rommel may not stay in Tripolitania (at war with Italy): relocated to ${area(at).name}`);
  });
});

describe('BKG advanced cards', () => {
  it('card National War (USSR): orange units disbanded in production give their cost less their hits, and leave the game (advanced tutorial 2/41: Air 1, Inf 1, Arm 3 = 9 BP)', () => {
    const p = new Play({}, 'advanced-1941');
    const c = ctxOn(p.s);
    const s = c.state;
    s.budget.ussr = 33;
    s.wars = [...new Set([...s.wars, 'germany|ussr'])].sort();
    s.cards.hands.ussr = [{ id: 'national-war-ussr', turn: s.turn - 1 }];
    for (const u of Object.values(s.units)) if (u.tag === 'O') delete s.units[u.id];
    const air = createUnit(s, 'ussr', 'air', 1, 'usbekistan', { tag: 'O' });
    const inf = createUnit(s, 'ussr', 'inf', 2, 'usbekistan', { tag: 'O' });
    inf.reduced = true;
    const arm = createUnit(s, 'ussr', 'arm', 3, 'voronesh', { tag: 'O' });
    const frame = { proc: 'production', ended: [] };
    expect(productionChoices(s, 'ussr').some((x) => x.action.type === 'disband')).toBe(false);
    production.act!(c, frame, 'ussr', { type: 'play', card: 'national-war-ussr' });
    expect(s.cards.hands.ussr).toEqual([]);
    const disband = productionChoices(s, 'ussr').filter((x) => x.action.type === 'disband').map((x) => x.action.unit);
    expect(disband.sort()).toEqual([air.id, inf.id, arm.id].sort());
    const pool = poolCount(s, 'ussr', 'arm3/O');
    for (const u of [air, inf, arm]) production.act!(c, frame, 'ussr', { type: 'disband', unit: u.id });
    expect(s.budget.ussr).toBe(42);
    expect([air, inf, arm].some((u) => s.units[u.id])).toBe(false);
    expect(poolCount(s, 'ussr', 'arm3/O')).toBe(pool); // not back in the pool to be rebuilt
  });

  it('card US Chinese Aircraft: the USA builds one Chinese "US" aircraft a quarter, and none without the card (ruling 74)', () => {
    const p = new Play({}, 'advanced-1941');
    const c = ctxOn(p.s);
    const s = c.state;
    s.budget.usa = 20;
    const chinese = () => productionChoices(s, 'usa').filter((x) => x.action.power === 'china').map((x) => x.label);
    expect(chinese()).toEqual(['Build China Air 2 (US) (4 BP, arrives in 2 quarters)']);
    production.act!(c, { proc: 'production', ended: [] }, 'usa', productionChoices(s, 'usa').find((x) => x.action.power === 'china')!.action);
    expect(chinese()).toEqual([]);
    s.turn += 1; // a quarter later
    expect(chinese()).toHaveLength(1);
    s.cards.inEffect = s.cards.inEffect.filter((x) => x !== 'us-chinese-aircraft');
    expect(chinese()).toEqual([]);
  });

  it('card Japanese Navy: Japan spends 6 BP a quarter on naval units before anything that would leave less (ruling 73)', () => {
    const s = structuredClone(new Play({}, 'advanced-1941').s); // settled states are frozen
    s.budget.japan = 8;
    const frame = { proc: 'production', ended: [] as string[] };
    const japan = () => production.prompts!(s, frame as never).find((x) => x.seat === 'japan')!;
    expect(japan().choices!.some((x) => x.action.type === 'done')).toBe(false);
    expect(japan().choices!.map((x) => x.label).filter((l) => l.startsWith('Build Japan Inf'))).toEqual(['Build Japan Inf 2 (2 BP, arrives in 1 quarter)']);
    s.cards.inEffect = s.cards.inEffect.filter((x) => x !== 'japanese-navy');
    expect(japan().choices!.some((x) => x.action.type === 'done')).toBe(true);
  });
});

describe('BKG advanced 6.5.3 the BATTLECHART placement', () => {
  it('a side of several countries names each unit\'s country, so that a German and an Italian Air 2 are told apart', () => {
    const at = 'tripolitania';
    let mine: Unit[] = [], theirs: Unit[] = [];
    const s = new Play({}, 'advanced-1941').edit((x) => {
      mine = [createUnit(x, 'germany', 'air', 2, at), createUnit(x, 'italy', 'air', 2, at), createUnit(x, 'italy', 'inf', 2, at)];
      theirs = [createUnit(x, 'be', 'air', 2, at), createUnit(x, 'be', 'inf', 2, at)];
    }).s;
    const none = { air: [], aa: [], antisub: [] };
    const labels = assignmentChoices(s, at, mine, theirs, none, none, false).map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(['Germany Air 2 to the air/sea segment', 'Italy Air 2 to the air/sea segment', 'Italy Inf 2 fires anti-aircraft (1)']));
    // One country alone: the unit as its counter says.
    expect(assignmentChoices(s, at, theirs, mine, none, none, false).map((c) => c.label)).toContain('Inf 2 fires anti-aircraft (1)');
  });
});

describe('BKG board view: the quarter on the quarter track', () => {
  it('the 1941 scenario stands on the track\'s 2/41 cell, not its first (3/39)', () => {
    const cells = bkg.assets!().board.tracks!.find((t) => t.id === 'turn')!.cells;
    for (const [scenario, label] of [['basic-1939', '3/39'], ['advanced-1941', '2/41']] as const) {
      const v = bkg.boardView!(new Play({}, scenario).s, 'germany');
      expect(v.turn!.label).toBe(label);
      expect(cells[v.turn!.index - 1]!.label).toBe(label);
      expect(v.markers.find((m) => m.kind === 'turn')!.where).toBe(`turn:${cells.find((c) => c.label === label)!.id}`);
    }
  });
});
