// The optional rules of advanced 9, each switched on alone (and off: the rule set as before), from positions.
import { describe, expect, it } from 'vitest';
import { choicesIn, forceDice, prompts } from '../../engine/index.ts';
import { bkg } from './index.ts';
import { cardData, playCard } from './cards.ts';
import { createUnit } from './politics.ts';
import { productionChoices, production, railIncreases, reinforcements } from './production.ts';
import { research } from './research.ts';
import { battle } from './combat.ts';
import { conquestCheck, reconquest } from './sequence.ts';
import { OPTIONAL_RULES, type BkgState } from './state.ts';
import { Play, advancedAxisMovement, ctxOn, placeReinforcements } from './testing.ts';
import { coastsOf } from './map.ts';
import { destinations, envFor, moveUnit } from './movement.ts';

const on = (rule: keyof typeof OPTIONAL_RULES) => ({ [rule]: true });

describe('BKG optional rules (advanced 9)', () => {
  it('9.0 every optional rule is its own game option, off by default', () => {
    const opts = bkg.options.filter((o) => o.name.startsWith('Optional 9.'));
    expect(opts.map((o) => o.name.split(':')[0])).toEqual(Object.values(OPTIONAL_RULES).map((o) => `Optional ${o.rule}`));
    expect(opts.every((o) => o.default === false)).toBe(true);
    expect(new Play({}, 'advanced-1941').s.opts).toEqual({ polishRetreat: false }); // old games: the same state
    expect(new Play(on('altResearch'), 'advanced-1941').s.opts).toEqual({ polishRetreat: false, optional: ['altResearch'] });
  });

  it('9.2 alternative use of coup cards: after a round in Western Turkey, BE gives Turkey up to Germany and saves 1 BP a unit', () => {
    const afterRound = (options: Record<string, boolean>) => {
      const c = ctxOn(new Play(options, 'advanced-1941').s);
      const s = c.state;
      for (const u of Object.values(s.units)) if (u.power === 'turkey') delete s.units[u.id];
      for (const where of ['western-turkey', 'western-turkey', 'eastern-turkey']) createUnit(s, 'turkey', 'inf', 2, where);
      createUnit(s, 'germany', 'inf', 3, 'western-turkey');
      s.controller = { ...s.controller, turkey: 'be' };
      s.wars = [...s.wars, 'germany|turkey'].sort();
      s.battles = [{ place: 'western-turkey', attacker: 'axis' }];
      s.cards.hands.be.push({ id: 'coup-turkey', turn: 0 });
      const f = { proc: 'battle' as const, place: 'western-turkey', attacker: 'axis' as const, step: 'after' as const, round: 1, hitsAtt: 0, hitsDef: 0 };
      s.stack.push(f);
      battle.run!(c, f);
      return c;
    };
    expect(afterRound({}).state.stack.at(-1)).toMatchObject({ step: 'ask-att' });
    const c = afterRound(on('altCoupCards'));
    const f = c.state.stack.at(-1) as never;
    expect(c.state.stack.at(-1)).toMatchObject({ step: 'surrender', coupAsked: [1] });
    const ask = battle.prompts!(c.state, f);
    expect(ask.map((p) => [p.seat, p.choices!.map((x) => x.action)])).toEqual([['be', [{ type: 'surrender', card: 'coup-turkey' }, { type: 'pass' }]]]);
    const saved = c.state.saved.be;
    battle.act!(c, f, 'be', { type: 'surrender', card: 'coup-turkey' });
    expect(c.state.saved.be).toBe(saved + 3);
    expect(Object.values(c.state.units).some((u) => u.power === 'turkey')).toBe(false);
    expect([c.state.control['western-turkey'], c.state.control['eastern-turkey']]).toEqual(['germany', 'germany']);
    expect(c.state.conquered).toContain('turkey');
    expect(c.state.cards.removed).toContain('coup-turkey');
    expect(c.state.stack.at(-1)).toMatchObject({ step: 'after' });
  });

  it('9.3 assembly of backsides: two identical reduced units in one place become one full unit in the reinforcement phase', () => {
    const assemble = (options: Record<string, boolean>) => {
      const c = ctxOn(new Play(options).s);
      const a = createUnit(c.state, 'germany', 'inf', 4, 'bavaria', { reduced: true });
      const b = createUnit(c.state, 'germany', 'inf', 4, 'bavaria', { reduced: true });
      createUnit(c.state, 'germany', 'inf', 3, 'bavaria', { reduced: true }); // not the same unit
      const f = { proc: 'reinforcements' };
      const ger = reinforcements.prompts!(c.state, f).find((p) => p.seat === 'germany');
      return { c, a, b, f, choices: (ger?.choices ?? []).filter((x) => x.action.type === 'assemble' || x.action.type === 'assembled') };
    };
    expect(assemble({}).choices).toEqual([]);
    const { c, a, b, f, choices } = assemble(on('assemblyOfBacksides'));
    expect(choices.map((x) => x.action)).toEqual([{ type: 'assemble', unit: a.id, with: b.id }, { type: 'assembled' }]);
    reinforcements.act!(c, f, 'germany', choices[0]!.action);
    expect(c.state.units[a.id]!.reduced).toBe(false);
    expect(c.state.units[b.id]).toBeUndefined();
    expect(c.events.at(-1)!.rule).toBe('BKG advanced 9.3');
  });

  it('9.4 alternative re-conquest: the re-conquering major keeps the area\'s production or frees its associate', () => {
    const check = (options: Record<string, boolean>) => {
      const c = ctxOn(new Play(options, 'advanced-1941').s);
      expect(c.state.conquered).toContain('france');
      c.state.control.paris = 'be';
      return { c, offers: conquestCheck(c) };
    };
    const off = check({});
    expect(off.offers).toEqual([]);
    expect(off.c.state.conquered).not.toContain('france'); // 7.1: freed
    const { c, offers } = check(on('altReconquest'));
    expect(offers).toEqual([{ country: 'france', area: 'paris', by: 'be' }]);
    expect(c.state.conquered).toContain('france');
    const f = { proc: 'reconquest' as const, ...offers[0]! };
    expect(reconquest.prompts!(c.state, f)[0]!.choices!.map((x) => x.action.type)).toEqual(['free', 'keep']);
    const be = c.state.production.be;
    reconquest.act!(c, f, 'be', { type: 'keep' });
    expect(c.state.control.paris).toBe('be');
    expect(c.state.production.be).toBe(be);
    expect(c.state.conquered).toContain('france');
    reconquest.act!(c, f, 'be', { type: 'free' });
    expect(c.state.control.paris).toBe('france');
    expect(c.state.conquered).not.toContain('france');
  });

  it('9.5 naval HQ on task forces: Yamamoto boards a task force, which takes him along (and supports no land combat)', () => {
    const position = (options: Record<string, boolean>) => {
      let tf = '', hq = '', zone = '';
      const p = advancedAxisMovement((s) => {
        const y = Object.values(s.units).find((u) => u.hq === 'yamamoto')!;
        zone = coastsOf('southern-japan')[0]!;
        for (const u of Object.values(s.units)) if (u.where === zone || u.where === 'southern-japan') delete s.units[u.id];
        s.units[y.id] = { ...y, where: 'southern-japan' };
        delete s.units[y.id]!.arrive;
        hq = y.id;
        tf = createUnit(s, 'japan', 'tf', 3, zone).id;
      }, options);
      const loads = () => choicesIn(bkg, p.s, 'japan', 'southern-japan').filter((c) => c.action.type === 'load');
      return { p, tf, hq, zone, loads };
    };
    expect(position({}).loads()).toEqual([]);
    const { p, tf, hq, zone, loads } = position(on('navalHqByTf'));
    expect(loads().map((c) => c.action)).toEqual([{ type: 'load', unit: hq, convoy: tf }]);
    p.act('japan', loads()[0]!.action);
    expect(p.s.units[hq]).toMatchObject({ where: zone, aboard: tf });
    const move = choicesIn(bkg, p.s, 'japan', zone).find((c) => c.action.type === 'move' && (c.action.units as string[])[0] === tf)!;
    p.act('japan', move.action);
    expect(p.s.units[hq]).toMatchObject({ where: move.action.to, aboard: tf });
    expect(bkg.invariants!(p.s)).toEqual([]);
  });

  it('9.6 Cape Magellan: ships with double range sail from the Coral Sea to the South Atlantic with all their movement', () => {
    const magellan = (options: Record<string, boolean>) => {
      const c = ctxOn(new Play(options).s);
      for (const u of Object.values(c.state.units)) if (u.where === 'south-atlantic' || u.where === 'coral-sea') delete c.state.units[u.id];
      c.state.wars = [...c.state.wars, 'japan|usa'].sort();
      createUnit(c.state, 'japan', 'tf', 3, 'sea-of-panama'); // the way by the Panama Canal is barred (basic 6.1.2)
      const tf = createUnit(c.state, 'usa', 'tf', 3, 'coral-sea');
      return { c, tf, to: destinations(envFor(c.state, 'usa'), tf, 'move').get('south-atlantic') };
    };
    expect(magellan({}).to).toBeUndefined();
    const { c, tf, to } = magellan(on('capeMagellan'));
    expect(to).toEqual({ path: ['coral-sea', 'south-atlantic'], double: true, attack: false, magellan: true });
    moveUnit(c, tf, 'south-atlantic', to!, 'allies');
    expect(c.state.units[tf.id]).toMatchObject({ where: 'south-atlantic', mp: 6, dbl: true, done: true });
    tf.mp = 1; // a ship that has moved already cannot round the Cape
    expect(destinations(envFor(c.state, 'usa'), { ...tf, where: 'coral-sea', dbl: false, done: false }, 'move').get('south-atlantic')).toBeUndefined();
  });

  it('9.7 rail capacity increase: 5 BP in production, +1 rail capacity two quarters later', () => {
    const c = ctxOn(new Play(on('railIncrease'), 'advanced-1941').s);
    c.state.budget.germany = 7;
    expect(productionChoices(new Play({}, 'advanced-1941').s, 'germany').some((x) => x.action.type === 'build-rail')).toBe(false);
    const rail = productionChoices(c.state, 'germany').find((x) => x.action.type === 'build-rail')!;
    expect(rail.label).toBe('Build a rail capacity increase (5 BP, +1 rail capacity in 2 quarters; now 2)');
    production.act!(c, { proc: 'production', ended: [] } as never, 'germany', rail.action);
    expect(c.state.budget.germany).toBe(2);
    const turn = c.state.turn;
    c.state.turn = turn + 1;
    railIncreases(c);
    expect(c.state.rail.germany).toBe(2);
    c.state.turn = turn + 2;
    railIncreases(c);
    expect(c.state.rail.germany).toBe(3);
    expect(c.state.railBuilds).toBeUndefined();
  });

  it('9.8 isolated areas: one reinforcement a turn in South Africa (no land link to another BE home area) unless it has nowhere else', () => {
    const place = (options: Record<string, boolean>) => {
      const c = ctxOn(new Play(options).s);
      for (const u of Object.values(c.state.units)) if (u.where === 'box') delete c.state.units[u.id];
      createUnit(c.state, 'be', 'inf', 2, 'box', { arrive: c.state.turn });
      createUnit(c.state, 'be', 'inf', 2, 'box', { arrive: c.state.turn });
      const f = { proc: 'reinforcements' };
      const to = () => reinforcements.prompts!(c.state, f).find((p) => p.seat === 'be')!.choices!.map((x) => x.action.to as string);
      expect(to()).toContain('south-africa');
      reinforcements.act!(c, f, 'be', reinforcements.prompts!(c.state, f).find((p) => p.seat === 'be')!.choices!.find((x) => x.action.to === 'south-africa')!.action);
      const g = c.state.stack.at(-1) ?? f;
      return { c, g, second: reinforcements.prompts!(c.state, { ...f, ...g }).find((p) => p.seat === 'be')!.choices!.map((x) => x.action.to as string) };
    };
    expect(place({}).second).toContain('south-africa');
    const { second } = place(on('isolatedAreas'));
    expect(second).not.toContain('south-africa');
    expect(second.length).toBeGreaterThan(0);
  });

  it('9.9 Coup in Iran: a used Coup in Ireland goes beneath the stack as Coup in Iran, which can win Iran', () => {
    const playIreland = (options: Record<string, boolean>) => {
      const c = ctxOn(new Play(options, 'advanced-1941').s);
      c.state.cards.hands.be.push({ id: 'coup-ireland', turn: 0 });
      forceDice(c.state.rng, [3, 3]); // 6: no effect
      playCard(c, 'be', 'coup-ireland');
      return c;
    };
    const off = playIreland({});
    expect(off.state.cards.removed).toContain('coup-ireland');
    expect(off.state.cards.deck).not.toContain('coup-iran');
    const c = playIreland(on('coupInIran'));
    expect(c.state.cards.removed).not.toContain('coup-ireland');
    expect(c.state.cards.deck.at(-1)).toBe('coup-iran');
    expect(cardData('coup-iran').coup).toEqual({ ...cardData('coup-ireland').coup, minor: 'iran' });
    c.state.cards.hands.be.push({ id: 'coup-iran', turn: 0 });
    forceDice(c.state.rng, [5, 4]); // 9: success
    playCard(c, 'be', 'coup-iran');
    expect(c.state.controller.iran).toBe('be');
    expect(c.state.cards.removed).toContain('coup-iran');
  });

  it('9.13 alternate initiative: the side winning the initiative chooses to move second', () => {
    const p = new Play(on('altInitiative'), 'advanced-1941');
    placeReinforcements(p, 6, 1, 4, 1); // initiative Axis 6 : Allies 1, then weather and the JP/CH limits
    const ask = prompts(bkg, p.s);
    expect(ask.map((x) => `${x.seat}:${x.rule}`)).toEqual(['germany:BKG advanced 9.13']);
    p.act('germany', { type: 'order', first: 'allies' });
    expect(p.s.initiative).toBe('axis');
    expect(p.s.moveFirst).toBe('allies');
    expect(p.waiting().length).toBeGreaterThan(0);
    expect(p.waiting().every((w) => ['usa', 'be', 'ussr', 'france', 'china'].includes(w.split(':')[0]!))).toBe(true);
    expect(p.s.activeSide).toBe('allies');
    const q = new Play({}, 'advanced-1941');
    placeReinforcements(q, 6, 1, 4, 1);
    expect(q.s.activeSide).toBe('axis');
  });

  it('9.14 research: a failed roll loses only the die\'s excess over the numbers', () => {
    const roll = (options: Record<string, boolean>, numbers: number, die: number): number => {
      const c = ctxOn(new Play(options, 'advanced-1941').s);
      c.state.research.usa = numbers;
      forceDice(c.state.rng, [die]);
      research.run!(c, { proc: 'research', step: 'sabotage', who: 'usa', ended: [], order: ['usa'] });
      return (c.state as BkgState).research.usa;
    };
    expect(roll({}, 4, 6)).toBe(0);
    expect(roll(on('altResearch'), 4, 6)).toBe(2); // the book's example
    expect(roll(on('altResearch'), 3, 5)).toBe(1);
    expect(roll(on('altResearch'), 2, 6)).toBe(0);
    expect(roll(on('altResearch'), 4, 2)).toBe(0); // success: spent
  });
});
