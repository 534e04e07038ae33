// The BKG AI adapter: a state from a seat's view asks the same question and deals the unseen cards again, the terms
// are each side's mirror, and the planner plays legal moves through the contract (docs/ai.md).
import { describe, expect, it } from 'vitest';
import { allChoices, applyAction, createRng, nextInt, prompts, setupGame, viewFor } from '../../../engine/index.ts';
import { chooseAction } from '../../../ai/index.ts';
import { chanceOutcomes } from '../../../odds/index.ts';
import { choiceSource } from '../../../ai/planner.ts';
import { bkg } from '../index.ts';
import { bkgAi, bkgTerms, frontDistance, liftTargets } from './adapter.ts';
import { bkgOdds } from '../odds.ts';
import { conquer, removeUnit, usaEntersWar } from '../politics.ts';
import { economicPoints } from '../sequence.ts';
import type { BkgState } from '../state.ts';
import { Play, ctxOn } from '../testing.ts';

describe('BKG AI adapter', () => {
  it('records conquests (7.1) and entries into the war as milestones for theater simulate, under the names of their history', () => {
    const s = setupGame(bkg, 'basic-1939', {}, 'ai-milestones').state as BkgState;
    const on = (x: BkgState) => Object.entries(bkgAi.report!(x).milestones!).filter(([, v]) => v).map(([k]) => k);
    expect(on(s)).toEqual([]);
    const ctx = ctxOn(s);
    conquer(ctx, 'poland');
    usaEntersWar(ctx, 'test', 'axis');
    expect(on(ctx.state).sort()).toEqual(['Poland conquered', 'USA at war']);
    // 3/39 is turn 1 of the 1939 games, 2/41 of the 1941 game (whose set-up has the 1939-40 conquests done).
    const h39 = bkgAi.history!('basic-1939'), h41 = bkgAi.history!('advanced-1941');
    expect(h39.find((h) => h.milestone === 'Poland conquered')!.turn).toBe(1);
    expect(h39.find((h) => h.milestone === 'USA at war')!.turn).toBe(10);
    expect(h41.find((h) => h.milestone === 'USA at war')!.turn).toBe(3);
    expect(h41.some((h) => h.milestone === 'France conquered')).toBe(false);
  });

  it('advanced 7.4: the view hides the others\' cards; the determinised state keeps the seat\'s own and deals the rest from the unseen cards', () => {
    const s = setupGame(bkg, 'advanced-1941', {}, 'ai-cards').state as BkgState;
    const p = prompts(bkg, s)[0]!;
    const view = viewFor(bkg, s, p.seat);
    const d = bkgAi.stateFromView(view, p.seat, 'x');
    expect(prompts(bkg, d)[0]!.text).toBe(p.text);
    expect(d.cards.hands[p.seat as 'germany']).toEqual(s.cards.hands[p.seat as 'germany']);
    expect(d.cards.deck.length).toBe(s.cards.deck.length);
    const all = [...d.cards.deck, ...Object.values(d.cards.hands).flat().map((c) => c.id), ...d.cards.inEffect, ...d.cards.removed];
    const truth = [...s.cards.deck, ...Object.values(s.cards.hands).flat().map((c) => c.id), ...s.cards.inEffect, ...s.cards.removed];
    expect(all.includes('hidden')).toBe(false);
    expect([...all].sort()).toEqual([...truth].sort());
  });

  it('BKG 6.1 the planner starts from an attack: 3/39 Germany\'s move candidates put attacks first, marches before the end of the movement', () => {
    const s = setupGame(bkg, 'basic-1939', {}, 'ai-candidates').state as BkgState;
    const p = prompts(bkg, s).find((x) => x.seat === 'germany')!;
    const source = choiceSource(bkg, s, p);
    const c = bkgAi.candidates!(s, p, 'germany', source)!;
    expect(c.map((x) => x.label).sort()).toEqual(source.all().map((x) => x.label).sort());
    expect(c[0]!.label).toMatch(/\(attack\)/);
    expect(c.some((x) => x.action.type === 'move' && x.action.to === 'western-poland' && x.label.includes('(attack)'))).toBe(true);
    // Germany's units nearer the enemy after the move (Bavaria to Western Germany, next to the Maginot Line) come before the
    // end of the movement, moves that are no nearer after it.
    const dist = frontDistance(s, 'axis');
    const end = c.findIndex((x) => x.action.type === 'end');
    const nearer = (x: (typeof c)[number]) => !x.label.includes('(attack)') && x.action.type === 'move' &&
      (x.action.units as string[]).every((id) => (dist.get(x.action.to as string) ?? Infinity) < (dist.get(s.units[id]!.where) ?? Infinity));
    expect(c.findIndex(nearer)).toBeGreaterThan(0);
    expect(c.findIndex(nearer)).toBeLessThan(end);
    expect(c.slice(end + 1).some(nearer)).toBe(false);
    expect(c.slice(end + 1).length).toBeGreaterThan(0);
  });

  it('BKG 6.1.3 A the planner\'s movement candidates: attacks, loads onto convoys, marches nearer the enemy, the end, other moves', () => {
    // 3/39: Japan's four convoys in the Chinese Sea (Shanghai's and Southern Japan's coasts).
    const s = setupGame(bkg, 'basic-1939', {}, 'ai-candidates').state as BkgState;
    const p = prompts(bkg, s).find((x) => x.seat === 'japan')!;
    const c = bkgAi.candidates!(s, p, 'japan', choiceSource(bkg, s, p))!;
    const dist = frontDistance(s, 'axis');
    const kind = (x: (typeof c)[number]): string => {
      const a = x.action;
      if (a.type === 'end') return 'end';
      if (a.type === 'load') return ['inf', 'arm'].includes(s.units[a.unit as string]!.type) ? 'load' : 'other';
      const units = (a.units as string[]).map((id) => s.units[id]!);
      if (x.label.includes('(attack)') && !units.every((u) => u.type === 'conv')) return 'attack';
      const to = dist.get(a.to as string);
      return to !== undefined && units.every((u) => ['inf', 'arm'].includes(u.type) && to < (dist.get(u.where) ?? Infinity)) ? 'march' : 'other';
    };
    const kinds = c.map(kind);
    const order = ['attack', 'load', 'march', 'end', 'other'];
    expect(kinds.map((k) => order.indexOf(k))).toEqual([...kinds.map((k) => order.indexOf(k))].sort((a, b) => a - b));
    expect(new Set(kinds)).toEqual(new Set(['attack', 'load', 'end', 'other']));
    expect(c.filter((x) => x.action.type === 'load').map((x) => s.units[x.action.unit as string]!.where)).toContain('southern-japan');
    expect(kinds.indexOf('load')).toBeGreaterThan(0);
  });
  it('scores the two sides as mirrors, each term in [-1, 1]', () => {
    const s = setupGame(bkg, 'basic-1939', {}, 'ai-terms').state as BkgState;
    const ax = bkgTerms(s, 'germany'), al = bkgTerms(s, 'usa');
    for (const [k, v] of Object.entries(ax)) {
      expect(Math.abs(v), k).toBeLessThanOrEqual(1);
      expect(al[k], k).toBeCloseTo(-v, 10);
    }
    expect(bkgTerms(s, 'italy')).toEqual(ax);
  });

  it('BKG 8.5 the victory term: the side nearer its own economic goal (81 Axis, 131 Allies) is ahead, more so near the goal', () => {
    const at = (axis: number, allies: number) => {
      const s = structuredClone(setupGame(bkg, 'basic-1939', {}, 'ai-victory').state as BkgState);
      // All of a side's points on its boss: 45 Axis and 59 Allied points in the set-up, no islands held.
      s.production.germany += axis - economicPoints(s, 'axis');
      s.production.usa += allies - economicPoints(s, 'allies');
      expect([economicPoints(s, 'axis'), economicPoints(s, 'allies')]).toEqual([axis, allies]);
      return s;
    };
    const victory = (s: BkgState, seat = 'germany') => bkgTerms(s, seat).victory!;
    // Behind on points, ahead in the race: 76 of 81 against 110 of 131.
    const race = at(76, 110);
    expect(bkgTerms(race, 'germany').production).toBeLessThan(0);
    expect(victory(race)).toBeGreaterThan(0);
    expect(victory(race, 'usa')).toBeCloseTo(-victory(race), 12);
    // A point near the goal weighs more than one far from it, for either side.
    expect(victory(at(80, 100)) - victory(at(79, 100))).toBeGreaterThan(3 * (victory(at(56, 100)) - victory(at(55, 100))));
    expect(victory(at(60, 129), 'usa') - victory(at(60, 128), 'usa')).toBeGreaterThan(3 * (victory(at(60, 91), 'usa') - victory(at(60, 90), 'usa')));
    // Denying the Allies three points at 130 of 131 is worth more to the Axis than gaining three at 60 of 81.
    expect(victory(at(60, 127))).toBeGreaterThan(victory(at(63, 130)));
    expect(victory(at(81, 100))).toBeCloseTo(1 - (100 / 131) ** 6, 12);
  });

  it('chooses a legal action of the prompt from the seat\'s view alone, the same for the same seed', () => {
    const s = setupGame(bkg, 'basic-1939', {}, 'ai-choose').state as BkgState;
    const p = prompts(bkg, s)[0]!;
    const req = { ruleset: 'bkg', seat: p.seat, level: 'easy' as const, view: viewFor(bkg, s, p.seat), prompt: p, seed: 'k' };
    const a = chooseAction(req);
    expect(chooseAction(req).action).toEqual(a.action);
    expect(() => applyAction(bkg, s, p.seat, a.action)).not.toThrow();
    expect(a.explanation).toBeTruthy();
  });

  it('BKG 6.2.1 the planner reads a fire roll by its hits: the same positions and odds as every ordered face, from fewer runs', () => {
    // Round 2 in Yugoslavia: Germany's Inf 4 against Yugoslavia's Inf 3 and Inf 2 (round 1 all misses).
    const p = new Play();
    p.act('germany', { type: 'move', units: [p.unit('germany', 'austria', 'Inf 4')], to: 'yugoslavia' });
    p.edit((s) => {
      const keep = [3, 2];
      for (const u of Object.values(s.units).filter((v) => v.where === 'yugoslavia' && v.power === 'yugoslavia')) {
        const i = keep.indexOf(u.front);
        if (u.type === 'inf' && i >= 0) keep.splice(i, 1);
        else removeUnit(s, u);
      }
    });
    p.act('germany', { type: 'end' }).act('italy', { type: 'end' }).act('japan', { type: 'end' }).act('be', { type: 'end' });
    p.dice(6, 6, 6);
    p.act('france', { type: 'end' });
    expect(p.waiting()).toEqual(['germany:retreat']);
    const go = { type: 'continue' };
    // Germany fights on; Yugoslavia (the BE player) stands, and the round's dice roll.
    const s = applyAction(bkg, p.s, 'germany', go).state;
    const q = prompts(bkg, s)[0]!;
    const byHits = chanceOutcomes(bkg, s, q.seat, go, 144, bkgAi.rollReading)!;
    const byFaces = chanceOutcomes(bkg, s, q.seat, go, 1000, { perFace: () => true })!;
    const odds = (xs: typeof byHits) => new Map(xs.map((o) => [o.hash, o.p]));
    const h = odds(byHits), f = odds(byFaces);
    expect([...h.keys()].sort()).toEqual([...f.keys()].sort());
    for (const [k, v] of h) expect(v, k).toBeCloseTo(f.get(k)!, 12);
    expect([...h.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // Three dice (Germany's, Yugoslavia's at 3 and at 2): a hit or a miss each, against 6 faces each.
    expect(chanceOutcomes(bkg, s, q.seat, go, 24, bkgAi.rollReading)).not.toBeNull();
    expect(chanceOutcomes(bkg, s, q.seat, go, 24, { perFace: () => true })).toBeNull();
  });

  it('BKG 6.2.1, 6.2.2 the order of the combats, the losses and the control of a conquest follow standing rules; spent, a movement ends', () => {
    let s = setupGame(bkg, 'basic-1939', {}, 'ai-standing').state as BkgState;
    const rng = createRng('ai-standing');
    const seen = new Set<string>();
    const wanted = ['choose-combat', 'allocate-loss', 'move', 'retreat'];
    for (let n = 0; n < 3000 && !s.outcome && !wanted.every((k) => seen.has(k)); n++) {
      const p = prompts(bkg, s)[0]!;
      const cs = allChoices(bkg, s, p);
      if (p.kind === 'choose-combat' || p.kind === 'designate') expect(bkgAi.quickChoice!(s, p, p.seat)).toEqual(cs[0]!.action);
      if (p.kind === 'allocate-loss') expect(bkgAi.quickChoice!(s, p, p.seat)).toEqual(bkgOdds.defaultChoice!(s, p));
      if (p.kind === 'move') expect(bkgAi.whenSpent!(s, p, p.seat)).toEqual({ type: 'end' });
      if (p.kind === 'retreat') expect(bkgAi.quickChoice!(s, p, p.seat)).toBeNull();
      seen.add(p.kind!);
      s = applyAction(bkg, s, p.seat, cs[nextInt(rng, cs.length)]!.action).state;
    }
    expect([...seen]).toEqual(expect.arrayContaining(wanted));
  });
  it('BKG 5.2 reinforcements go to the home area nearest the enemy, not the first by name', () => {
    // 2/41: Germany at war with the BE and Yugoslavia (the BE's): Austria borders Yugoslavia, the first area and the nearest.
    const s0 = setupGame(bkg, 'advanced-1941', {}, 'ai-place').state as BkgState;
    const place = (s: BkgState) => {
      const p = prompts(bkg, s).find((x) => x.seat === 'germany' && x.kind === 'place')!;
      expect(allChoices(bkg, s, p).filter((c) => c.action.type === 'place').map((c) => c.action.to)).toEqual(['austria', 'bavaria', 'prussia', 'western-germany']);
      return bkgAi.quickChoice!(s, p, 'germany')!.to;
    };
    expect(place(s0)).toBe('austria');
    // Yugoslavia taken and the USSR at war: Prussia borders East Poland and the Baltic States (Soviet), Austria and
    // Bavaria are two steps away (over Western Poland), Western Germany a convoy lift from England (6.1.3 A).
    const s = structuredClone(s0);
    s.wars = [...s.wars, 'germany|ussr'];
    s.control.yugoslavia = 'germany';
    const d = frontDistance(s, 'axis');
    expect(['austria', 'bavaria', 'prussia', 'western-germany'].map((a) => d.get(a))).toEqual([2, 2, 1, 1.5]);
    expect(place(s)).toBe('prussia');
  });
  it('BKG 5.2, 6.1.3 A a convoy lift is a move: Britain\'s reinforcements go to England with Germany across the Channel', () => {
    // 2/41: Germany holds Western France and the BNL, one lift from England; Japan is at peace with the BE, and
    // Calcutta is farther from Germany's and Italy's areas.
    const s = setupGame(bkg, 'advanced-1941', {}, 'ai-place-be').state as BkgState;
    expect([s.control['western-france'], s.control.bnl]).toEqual(['germany', 'germany']);
    expect(liftTargets('england')).toEqual(expect.arrayContaining(['western-france', 'bnl', 'normandy']));
    const d = frontDistance(s, 'allies', 'be');
    expect([d.get('england'), d.get('calcutta')]).toEqual([1.5, 2.5]);
    const p = prompts(bkg, s).find((x) => x.seat === 'be' && x.kind === 'place')!;
    const cs = allChoices(bkg, s, p);
    // The prompt's first is Calcutta; by land alone (England has no land border) every new British unit went there.
    expect(cs[0]!.action.to).toBe('calcutta');
    expect(bkgAi.quickChoice!(s, p, 'be')!.to).toBe('england');
  });
  it('BKG 6.1.3 A the reach term counts a unit on Japan\'s home islands a lift from China and from the USA\'s Pacific', () => {
    // 3/39: Japan's Inf 3 in Southern Japan: no land border, a lift from Canton (Chinese).
    const s0 = setupGame(bkg, 'basic-1939', {}, 'ai-reach-japan').state as BkgState;
    const d0 = frontDistance(s0, 'axis', 'japan');
    expect(d0.get('southern-japan')).toBe(1.5);
    expect(liftTargets('southern-japan')).toEqual(expect.arrayContaining(['canton', 'philippines', 'midway', 'wake']));
    const s = structuredClone(s0);
    const u = s.units['japan-inf3-39']!;
    expect(u.where).toBe('southern-japan');
    const at = (where: string) => { u.where = where; return bkgTerms(s, 'japan').reach!; };
    const far = [...frontDistance(s0, 'axis')].find(([, v]) => v === 3)![0];
    expect(at('shanghai')).toBeGreaterThan(at('southern-japan'));
    expect(at('southern-japan')).toBeGreaterThan(at(far));
    // China all Japan's and the USA at war: the Pacific islands of the USA are the lift's targets.
    const ctx = ctxOn(structuredClone(s0));
    for (const [a, c] of Object.entries(ctx.state.control)) if (c === 'china') ctx.state.control[a] = 'japan';
    expect(frontDistance(ctx.state, 'axis', 'japan').get('southern-japan')).toBeUndefined();
    usaEntersWar(ctx, 'test', 'axis');
    expect(frontDistance(ctx.state, 'axis', 'japan').get('southern-japan')).toBe(1.5);
  });
  it('BKG 6.1.3 A a lift needs a convoy at hand: Japan\'s convoys sailing to the Atlantic leave its home army out of reach', () => {
    // 3/39: Japan's four convoys in the Chinese Sea, on Southern Japan's coast. A drawn hard game (r11hard-axis-0) had
    // them in the Atlantic from 1940 on while some 70 factors waited on the home islands.
    const s0 = setupGame(bkg, 'basic-1939', {}, 'ai-convoys').state as BkgState;
    const convoys = Object.values(s0.units).filter((u) => u.power === 'japan' && u.type === 'conv');
    expect(convoys.map((u) => u.where)).toEqual(['chinese-sea', 'chinese-sea', 'chinese-sea', 'chinese-sea']);
    expect(frontDistance(s0, 'axis', 'japan').get('southern-japan')).toBe(1.5);
    const sailTo = (zone: string) => {
      const s = structuredClone(s0);
      for (const u of convoys) s.units[u.id]!.where = zone;
      return s;
    };
    // One zone off the coast the convoy still sails in to load; in the Atlantic it lifts nobody from Japan.
    expect(frontDistance(sailTo('mariana-sea'), 'axis', 'japan').get('southern-japan')).toBe(1.5);
    const away = sailTo('central-atlantic');
    expect(frontDistance(away, 'axis', 'japan').get('southern-japan')).toBeUndefined();
    expect(bkgTerms(away, 'japan').reach).toBeLessThan(bkgTerms(s0, 'japan').reach!);
  });
  it('the reach term: ground strength brought within reach of the enemy counts for its side, the same against the other', () => {
    // 3/39: Bavaria borders only German areas (two steps from France's Maginot Line), Western Germany borders it.
    const s0 = setupGame(bkg, 'basic-1939', {}, 'ai-reach').state as BkgState;
    const d = frontDistance(s0, 'axis');
    expect([d.get('bavaria'), d.get('western-germany'), d.get('maginot')]).toEqual([2, 1, 0]);
    const s = structuredClone(s0);
    const u = Object.values(s.units).find((x) => x.power === 'germany' && x.type === 'inf' && x.where !== 'box')!;
    u.where = 'bavaria';
    const back = bkgTerms(s, 'germany').reach!;
    u.where = 'western-germany';
    const up = bkgTerms(s, 'germany').reach!;
    expect(up).toBeGreaterThan(back);
    expect(bkgTerms(s, 'france').reach).toBeCloseTo(-up, 12);
  });
});
