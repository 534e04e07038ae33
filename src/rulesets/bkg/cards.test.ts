// Cards with a continuing obligation or permission, and the cards played in movement (advanced 7.4, the Appendix),
// from positions on the 1941 set-up.
import { describe, expect, it } from 'vitest';
import { choicesIn, eventsFor, forceDice, prompts, setupGame, viewFor } from '../../engine/index.ts';
import { bkgData } from './data/index.ts';
import type { BkgState } from './state.ts';
import { bkg } from './index.ts';
import { effectiveStrength } from './combat-advanced.ts';
import { createUnit, warKey } from './politics.ts';
import { production, productionChoices } from './production.ts';
import { Play, advancedAxisMovement, ctxOn } from './testing.ts';
import { cardPlays, noteYugoslavia, playCard } from './cards.ts';
import { peaceRoll } from './advanced.ts';

describe('BKG cards in effect', () => {
  it('Free French Troops: BE and the USA build France\'s two "F" units and play them; nobody else', () => {
    const c = ctxOn(new Play({}, 'advanced-1941').s);
    const s = c.state;
    s.budget.be = 10; s.budget.usa = 10; s.budget.ussr = 10;
    const french = (m: 'be' | 'usa' | 'ussr') => productionChoices(s, m).filter((x) => x.action.power === 'france').map((x) => x.label);
    s.cards.inEffect = s.cards.inEffect.filter((x) => x !== 'free-french');
    expect(french('be')).toEqual([]);
    s.cards.inEffect.push('free-french');
    expect(french('be')).toEqual(['Build France Inf 3 (F) (3 BP, arrives in 1 quarter)']);
    expect(french('ussr')).toEqual([]);
    const build = (m: 'be' | 'usa') => production.act!(c, { proc: 'production', ended: [] } as never, m, productionChoices(s, m).find((x) => x.action.power === 'france')!.action);
    build('be');
    build('usa');
    expect(Object.values(s.units).filter((u) => u.tag === 'F').map((u) => `${u.power} ${u.where}`).sort()).toEqual(['be box', 'usa box']);
    expect(french('be')).toEqual([]); // both counters in play
    expect(french('usa')).toEqual([]);
  });

  it('Tito Partisans: German land units leave Yugoslavia only while 5 strength points stay', () => {
    let inf4 = '';
    const p = advancedAxisMovement((s) => {
      for (const u of Object.values(s.units)) if (u.where === 'yugoslavia') delete s.units[u.id];
      s.control.yugoslavia = 'germany';
      s.cards.inEffect.push('tito-partisans');
      inf4 = createUnit(s, 'germany', 'inf', 4, 'yugoslavia').id;
      createUnit(s, 'germany', 'inf', 3, 'yugoslavia');
      createUnit(s, 'germany', 'inf', 2, 'yugoslavia');
    });
    const leaving = () => [...new Set(choicesIn(bkg, p.s, 'germany', 'yugoslavia').filter((c) => c.action.type === 'move').map((c) => `${(c.action.units as string[]).map((id) => p.s.units[id]!.front).join('+')}`))].sort();
    expect(leaving()).toEqual(['2', '3', '4']); // any one may go (5 or more stay), never two
    p.act('germany', { type: 'move', units: [inf4], to: choicesIn(bkg, p.s, 'germany', 'yugoslavia').find((c) => (c.action.units as string[])[0] === inf4)!.action.to as string });
    expect(leaving()).toEqual([]); // Inf 3 and Inf 2 are the 5 points
  });

  it('Kamikaze (from 1943, three former Japanese islands lost): Japanese aircraft fire twice a round and are lost after the combat', () => {
    const air: string[] = [];
    const p = advancedAxisMovement((s) => {
      s.turn += 8; // 2/43
      s.wars = [...s.wars, 'japan|usa'].sort();
      for (const id of ['caroline', 'marshall', 'mariana']) s.control[id] = 'usa';
      for (const u of Object.values(s.units)) if (u.where === 'korea') delete s.units[u.id];
      s.control.korea = 'usa';
      for (let i = 0; i < 3; i++) createUnit(s, 'usa', 'inf', 3, 'korea');
      for (let i = 0; i < 2; i++) air.push(createUnit(s, 'japan', 'air', 3, 'southern-japan').id);
      s.cards.hands.japan.push({ id: 'kamikaze', turn: s.turn - 1 });
    });
    p.moveEach('japan', air, 'korea');
    for (const m of ['germany', 'italy', 'japan'] as const) p.act(m, { type: 'end' });
    for (const w of p.waiting()) if (w.endsWith(':react')) p.act(w.split(':')[0] as never, { type: 'end' });
    expect(p.waiting()).toEqual(['japan:card']);
    const from = p.events.length;
    p.dice(6, 6, 6, 1, 1, 6, 6);
    p.act('japan', { type: 'play', card: 'kamikaze' });
    expect(p.s.cards.inEffect).toContain('kamikaze');
    // The three US infantry fire anti-aircraft (one die each at 1): no hit; the two aircraft roll four dice (at 2 in
    // Korea's terrain): two hits, which the USA spreads over two infantry.
    expect(p.log(from)).toEqual(expect.arrayContaining(['USA (anti-aircraft): 6, 6, 6 at strength 1: no hit', 'Japan (land): 1, 1, 6, 6 at strength 2: 2 hits']));
    expect(p.waiting()).toEqual(['usa:allocate-loss']);
    p.act('usa', { type: 'hit', unit: p.unit('usa', 'korea', 'Inf 3') });
    p.diceUsed();
    // Only aircraft left against land units: they leave (6.2.4), and as kamikaze they are lost.
    expect(p.log(from).filter((l) => l.endsWith('is lost (Kamikaze)'))).toHaveLength(2);
    expect(air.some((id) => p.s.units[id])).toBe(false);
  });

  it('Para Troops: an infantry unit flies with an aircraft of its area to an enemy area within 2; the aircraft has no strength this turn', () => {
    let inf = '', air = '';
    const p = advancedAxisMovement((s) => {
      for (const u of Object.values(s.units)) if (u.where === 'normandy') delete s.units[u.id];
      inf = createUnit(s, 'germany', 'inf', 3, 'normandy').id;
      air = createUnit(s, 'germany', 'air', 4, 'normandy').id;
      s.cards.hands.germany.push({ id: 'para-troops', turn: s.turn - 1 });
    });
    const drops = choicesIn(bkg, p.s, 'germany', 'normandy').filter((c) => c.action.type === 'para-drop');
    expect(drops.map((c) => c.label)).toContain('Play Para Troops: Inf 3 flies with Air 4 to England');
    expect(drops.some((c) => c.action.to === 'paris')).toBe(false); // only enemy areas
    p.act('germany', drops.find((c) => c.action.to === 'england')!.action);
    expect(p.s.units[inf]!.where).toBe('england');
    expect(p.s.battles).toEqual([{ place: 'england', attacker: 'axis' }]);
    expect(p.s.units[air]).toMatchObject({ where: 'normandy', done: true });
    expect(effectiveStrength(p.s, 'england', 'axis', p.s.units[air]!, 'land', true)).toBe(0);
    expect(p.s.cards.deck.at(-1)).toBe('para-troops'); // back beneath the stack
    expect(choicesIn(bkg, p.s, 'germany', 'normandy').some((c) => c.action.type === 'para-drop')).toBe(false);
  });

  it('Espionage (Ultra): before its land units move, the major moves up to 10 of its land units and aircraft up to 4 areas', () => {
    const p = advancedAxisMovement((s) => {
      createUnit(s, 'germany', 'inf', 3, 'prussia');
      s.cards.hands.germany.push({ id: 'espionage', turn: s.turn - 1 });
    });
    const play = prompts(bkg, p.s).find((x) => x.seat === 'germany')!.choices!.find((c) => c.action.card === 'espionage')!;
    p.act('germany', play.action);
    expect(p.waiting()).toContain('germany:card');
    const from = (place: string) => prompts(bkg, p.s).find((x) => x.seat === 'germany')!.choices!.filter((c) => c.refs?.from === place && c.label.startsWith('Inf 3'));
    expect(from('prussia').map((c) => c.action.to)).toContain('paris'); // Prussia - Western Germany - BNL - Paris, all German
    expect(from('prussia').map((c) => c.action.to)).not.toContain('england');
    const move = from('prussia').find((c) => c.action.to === 'paris')!.action;
    p.act('germany', move);
    expect(p.s.units[move.unit as string]!.where).toBe('paris');
    p.act('germany', { type: 'end' });
    expect(p.waiting()).toEqual(['germany:move', 'italy:move', 'japan:move']);
    expect(p.s.cards.deck.at(-1)).toBe('espionage');
  });
  it('Tito Partisans: playable after a year of Axis occupation; Germany must bring the garrison up to 5 before ending its movement', () => {
    const c = ctxOn(new Play({}, 'advanced-1941').s);
    const s = c.state;
    s.control.yugoslavia = 'germany';
    s.cards.hands.germany.push({ id: 'tito-partisans', turn: 0 });
    noteYugoslavia(s);
    const offered = () => cardPlays(s, 'germany').some((x) => x.action.card === 'tito-partisans');
    expect(offered()).toBe(false);
    s.turn += 3;
    expect(offered()).toBe(false);
    s.turn += 1; // four quarters of occupation
    expect(offered()).toBe(true);
    const p = advancedAxisMovement((x) => {
      for (const u of Object.values(x.units)) if (u.where === 'yugoslavia') delete x.units[u.id];
      x.control.yugoslavia = 'germany';
      x.cards.inEffect.push('tito-partisans');
      createUnit(x, 'germany', 'inf', 2, 'yugoslavia');
    });
    const germany = () => prompts(bkg, p.s).find((x) => x.seat === 'germany')!;
    expect(germany().rule).toBe('BKG card Tito Partisans');
    expect(germany().choices!.some((x) => x.action.type === 'end')).toBe(false);
    const inf3 = choicesIn(bkg, p.s, 'germany', 'austria').find((x) => x.action.type === 'move' && x.action.to === 'yugoslavia' && x.label.includes('Inf 3'))!;
    p.act('germany', inf3.action);
    expect(germany().choices!.some((x) => x.action.type === 'end')).toBe(true); // 2 + 3 = 5
  });

  it('US Chinese Aircraft: once every Chinese "US" aircraft is built the USA may build another Allied major\'s aircraft, one a quarter', () => {
    const c = ctxOn(new Play({}, 'advanced-1941').s);
    const s = c.state;
    s.budget.usa = 30;
    const others = () => productionChoices(s, 'usa').filter((x) => x.action.type === 'build' && x.action.power !== 'usa').map((x) => x.label);
    expect(s.cards.inEffect).toContain('us-chinese-aircraft');
    expect(others()).toEqual(['Build China Air 2 (US) (4 BP, arrives in 2 quarters)']);
    for (const u of Object.values(s.units)) if (u.power === 'china' && u.tag === 'US') delete s.units[u.id];
    for (let i = 0; i < 4; i++) createUnit(s, 'china', 'air', 2, 'chungking', { tag: 'US' });
    expect(others()).toEqual([
      'Build China Air 1 (2 BP, arrives in 2 quarters)',
      'Build British Empire Air 3 (6 BP, arrives in 2 quarters)', 'Build British Empire Air 2 (4 BP, arrives in 2 quarters)',
      'Build USSR Air 3 (6 BP, arrives in 2 quarters)', 'Build USSR Air 2 (4 BP, arrives in 2 quarters)', // France is conquered in 1941
    ]);
    const be = productionChoices(s, 'usa').find((x) => x.label.startsWith('Build British Empire Air 3'))!;
    production.act!(c, { proc: 'production', ended: [] } as never, 'usa', be.action);
    expect(Object.values(s.units).filter((u) => u.where === 'box' && u.power === 'be' && u.type === 'air' && u.front === 3)).toHaveLength(1);
    expect(s.budget.usa).toBe(24);
    expect(others()).toEqual([]); // one aircraft a quarter
  });

  it('Force Peace (ruling 34): in effect while the peace lasts, then beneath the stack once (fuzz seed xe: the card was in play twice)', () => {
    const count = (s: { cards: { deck: string[]; inEffect: string[]; removed: string[]; hands: Record<string, { id: string }[]> } }) =>
      [...s.cards.deck, ...s.cards.inEffect, ...s.cards.removed, ...Object.values(s.cards.hands).flat().map((h) => h.id)].filter((c) => c === 'force-peace').length;
    // 1941: the peace holds from the set-up (the card out of the game); a roll of 12 ends it.
    const c = ctxOn(new Play({}, 'advanced-1941').s);
    expect(c.state.cards.removed).toContain('force-peace');
    forceDice(c.state.rng, [6, 6]);
    peaceRoll(c);
    expect(c.state.events).not.toContain('ussr-japan-peace');
    expect([count(c.state), c.state.cards.deck.at(-1)]).toEqual([1, 'force-peace']);
    // Played (the USSR and Japan at war): in effect, not beneath the stack, until the peace ends.
    const d = ctxOn(c.state);
    d.state.wars = [...d.state.wars, 'japan|ussr'].sort();
    d.state.cards.deck = d.state.cards.deck.filter((x) => x !== 'force-peace');
    d.state.cards.hands.ussr = [...d.state.cards.hands.ussr, { id: 'force-peace', turn: 0 }];
    playCard(d, 'ussr', 'force-peace');
    expect(d.state.events).toContain('ussr-japan-peace');
    expect([count(d.state), d.state.cards.inEffect.includes('force-peace')]).toEqual([1, true]);
    forceDice(d.state.rng, [6, 5]);
    peaceRoll(d); // 11 + 1 (1941): 12 ends it
    expect([count(d.state), d.state.cards.deck.at(-1), d.state.cards.inEffect.includes('force-peace')]).toEqual([1, 'force-peace', false]);
    expect([...bkg.invariants!(c.state), ...bkg.invariants!(d.state)]).toEqual([]); // each card in one place
  });

  it('French Vichy Surrender (ruling 102): Germany occupies France but a home area held by BE land units stays Allied (fuzz seed p10b-advanced-1939-off-0)', () => {
    const c = ctxOn(new Play({}, 'advanced-1939').s);
    const s = c.state;
    s.cards.deck = s.cards.deck.filter((x) => x !== 'vichy-surrender');
    s.cards.hands.germany = [...s.cards.hands.germany, { id: 'vichy-surrender', turn: 0 }];
    createUnit(s, 'be', 'inf', 2, 'normandy');
    playCard(c, 'germany', 'vichy-surrender');
    expect([s.control.normandy, s.control.paris, s.control.maginot, s.control.vichy]).toEqual(['be', 'germany', 'germany', 'vichy']);
    expect(bkg.invariants!(s)).toEqual([]);
  });

  it('Italian Surrender (ruling 114): only against an Italy on the Axis at war with the Allies; with Italy on the Allies (9.10) nobody may play it (fuzz seed p18-advanced-1941-all-1)', () => {
    const c = ctxOn(new Play({}, 'advanced-1941').s);
    const s = c.state;
    s.cards.deck = s.cards.deck.filter((x) => x !== 'italian-surrender');
    s.cards.hands.ussr = [...s.cards.hands.ussr, { id: 'italian-surrender', turn: 0 }];
    for (const a of ['tripolitania', 'cyreneica', 'abessinia', 'sudan', 'kenya', 'matruh']) if (s.control[a] === 'italy') s.control[a] = 'be';
    for (const u of Object.values(s.units)) if (u.where === 'southern-italy') delete s.units[u.id];
    s.control['southern-italy'] = 'be';
    const offered = () => cardPlays(s, 'ussr').some((x) => x.action.card === 'italian-surrender');
    expect(offered()).toBe(true); // the historic sides: Italy at war with the Allies, BE in Southern Italy
    // The fuzzer's sides: Italy and the USSR on the Allies, Germany on the Axis; a Turkish infantry stands in
    // Italian-held Southern Italy. Before, the USSR could play the card on its own ally: Southern Italy went to Germany
    // with the Turkish infantry in it (the invariant of 6.4 at action 10,014).
    s.sides = { germany: 'axis', italy: 'allies', japan: 'axis', be: 'axis', usa: 'axis', ussr: 'allies', france: 'allies', china: 'allies' };
    s.control['southern-italy'] = 'italy';
    s.wars = [...new Set([...s.wars.filter((w) => !w.split('|').includes('italy')), warKey('germany', 'italy'), warKey('germany', 'turkey')])].sort();
    createUnit(s, 'turkey', 'inf', 3, 'southern-italy');
    expect(offered()).toBe(false);
    // Italy on the Axis but Germany on the Allies: Italy's areas would go to its enemy.
    s.sides = { ...s.sides, italy: 'axis', germany: 'allies' };
    expect(offered()).toBe(false);
  });

  it('Japan occupies Indochine (ruling 107): not without a fight while land units of Japan\'s enemies other than French ones stand there (fuzz seed p12-advanced-1939-off-8)', () => {
    const c = ctxOn(new Play({}, 'advanced-1939').s);
    const s = c.state;
    s.turn += 4;
    s.conquered = [...s.conquered, 'france'];
    s.wars = [...new Set([...s.wars, warKey('japan', 'ussr')])].sort();
    s.cards.deck = s.cards.deck.filter((x) => x !== 'japan-occupies-indochine');
    s.cards.hands.japan = [...s.cards.hands.japan, { id: 'japan-occupies-indochine', turn: 0 }];
    const offered = () => cardPlays(s, 'japan').some((x) => x.action.card === 'japan-occupies-indochine');
    expect(s.control.indochine).toBe('france');
    createUnit(s, 'france', 'inf', 2, 'indochine');
    expect(offered()).toBe(true); // French units are removed by the card
    const arm = createUnit(s, 'ussr', 'arm', 2, 'indochine');
    expect(offered()).toBe(false);
    delete s.units[arm.id];
    expect(offered()).toBe(true);
    playCard(c, 'japan', 'japan-occupies-indochine');
    expect(s.control.indochine).toBe('japan');
    expect(Object.values(s.units).filter((u) => u.where === 'indochine')).toEqual([]);
  });
});

describe('BKG advanced 4.1: the face-down card stack', () => {
  it('the dice that shuffle it are seen by no seat, so nobody can work out its order from the log', () => {
    const { state, events: setupEvents } = setupGame(bkg, 'advanced-1941', {}, 'stack-order');
    const shuffle = setupEvents.filter((e) => e.roll?.purpose === 'shuffle the card stack');
    expect(shuffle.length).toBeGreaterThan(20); // one die per card but the last
    // Replaying those dice over the card ids gives the stack: exactly what must stay hidden.
    const ids = bkgData().cards.map((c) => c.id).filter((id) => (state as BkgState).cards.deck.includes(id));
    for (let i = ids.length - 1, k = 0; i > 0; i--, k++) {
      const j = shuffle[k]!.roll!.total - 1;
      [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    }
    expect(ids).toEqual((state as BkgState).cards.deck);
    for (const seat of [...bkg.seats, null]) {
      expect(eventsFor(setupEvents, seat).filter((e) => e.roll?.purpose === 'shuffle the card stack'), String(seat)).toEqual([]);
      expect(JSON.stringify(viewFor(bkg, state, seat).state)).not.toContain((state as BkgState).cards.deck.slice(0, 3).join('","'));
    }
  });
});

describe('BKG advanced 7.4: the cards a seat sees (board view)', () => {
  it('its own hand by name, other hands and the stack by count, the cards in effect and out of the game by name; none in the basic game', () => {
    const s = new Play({}, 'advanced-1941').s;
    const titles = (seat: string | null) => bkg.boardView!(s, seat).holdings!.map((h) => [h.title, h.items.map((x) => x.label).join(', '), h.hidden ?? 0]);
    const germany = titles('germany');
    expect(germany).toContainEqual(["Germany's cards", 'Coup in Iraq, Blitzkrieg, Surprise, Bridgehead', 0]);
    expect(germany).toContainEqual(['Other hands, face down', 'Italy 2, Japan 3, USA 2, British Empire 1, USSR 1, China 1', 0]);
    expect(germany).toContainEqual(['Cards in effect', 'Their Finest Hour, French Vichy Surrender, Japanese Navy, The USA may build Chinese Aircraft', 0]);
    expect(germany).toContainEqual(['Card stack', '', s.cards.deck.length]);
    expect(bkg.boardView!(s, 'germany').holdings![0]!.items[0]).toMatchObject({ rule: 'BKG card Coup in Iraq', note: 'held from the start' });
    // A spectator reads no hand.
    expect(titles(null).filter(([t]) => String(t).endsWith("'s cards"))).toEqual([]);
    expect(titles(null)).toContainEqual(['Hands, face down', 'Germany 4, Italy 2, Japan 3, USA 2, British Empire 1, USSR 1, China 1', 0]);
    expect(bkg.boardView!(new Play({}, 'basic-1939').s, 'germany').holdings).toBeUndefined();
  });
});
