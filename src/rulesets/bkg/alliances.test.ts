// Optional 9.10 non-historic alliances (ruling 99): the choice at set-up, and each reader of a major's side under it.
import { describe, expect, it } from 'vitest';
import { applyAction, fuzzGame, prompts, setupGame, viewFor } from '../../engine/index.ts';
import { chooseAction } from '../../ai/index.ts';
import { bkg } from './index.ts';
import { bkgTerms } from './ai/adapter.ts';
import { atWar, createUnit, declareWar, entryForbidden, minorPlayers, newController, sideOf, ussrEntersWar, usaEntersWar, warForbidden } from './politics.ts';
import { area, bkgMap, isPointIsland } from './map.ts';
import { BLOCKED, arrive, envFor } from './movement.ts';
import { MAJORS, sideOfMajor, type Major, type Side } from './powers.ts';
import { economicGoal, economicPoints, victoryCheck } from './sequence.ts';
import { OPTIONAL_RULES, type BkgState } from './state.ts';
import { Play, ctxOn } from './testing.ts';

/** A game with optional 9.10 whose majors chose `axis` as the Axis, the others the Allies. */
function allied(axis: Major[], scenario = 'basic-1939'): Play {
  const p = new Play({ nonHistoricAlliances: true }, scenario);
  for (const m of MAJORS) p.act(m, { type: 'side', side: axis.includes(m) ? 'axis' : 'allies' });
  return p;
}
/** The rulebook's example (9.10): Axis USA, Germany, France. */
const EXAMPLE: Major[] = ['germany', 'usa', 'france'];

describe('BKG optional 9.10 non-historic alliances', () => {
  it('9.10 off: the state has no sides and the majors keep the set-up\'s; on: each major in turn chooses its side first', () => {
    const off = new Play({}, 'basic-1939');
    expect(off.s.sides).toBeUndefined();
    expect(sideOfMajor(off.s, 'france')).toBe('allies');
    const on = new Play({ nonHistoricAlliances: true }, 'basic-1939');
    const p = prompts(bkg, on.s);
    expect(p.map((x) => [x.seat, x.rule])).toEqual([['germany', 'BKG advanced 9.10']]);
    expect(p[0]!.choices.map((c) => c.label)).toEqual(['Germany joins the Axis (historic)', 'Germany joins the Allies']);
    on.act('germany', { type: 'side', side: 'allies' });
    expect(prompts(bkg, on.s)[0]!.seat).toBe('italy');
    expect(prompts(bkg, on.s)[0]!.text).toContain('So far: Axis none; Allies Germany');
  });

  it('9.10 each side needs a major: after seven Axis choices China may only join the Allies', () => {
    const p = new Play({ nonHistoricAlliances: true }, 'basic-1939');
    for (const m of MAJORS.slice(0, 7)) p.act(m, { type: 'side', side: 'axis' });
    expect(prompts(bkg, p.s)[0]!.choices.map((c) => c.action)).toEqual([{ type: 'side', side: 'allies' }]);
    expect(() => p.act('china', { type: 'side', side: 'axis' })).toThrow(/9\.10.*each side needs at least one major/);
    // In 1941 France is conquered: it does not count, so China must join the Allies when France did.
    const q = new Play({ nonHistoricAlliances: true }, 'advanced-1941');
    for (const m of MAJORS.slice(0, 6)) q.act(m, { type: 'side', side: 'axis' });
    q.act('france', { type: 'side', side: 'allies' });
    expect(prompts(bkg, q.s)[0]!.choices.map((c) => c.action)).toEqual([{ type: 'side', side: 'allies' }]);
  });

  it('9.10 the rulebook\'s example (Axis: USA, Germany, France): the wars between new allies end, Poland goes to BE, the Axis moves', () => {
    const p = allied(EXAMPLE);
    expect(p.s.sides).toEqual({ germany: 'axis', italy: 'allies', japan: 'allies', usa: 'axis', be: 'allies', ussr: 'allies', france: 'axis', china: 'allies' });
    expect(p.s.wars).toEqual(['be|germany', 'germany|poland']);
    expect(p.s.controller.poland).toBe('be');
    expect(p.s.production.be).toBe(15); // 13 + Poland's 2 (Time Table 3/39)
    expect(p.s.activeSide).toBe('axis');
    expect(prompts(bkg, p.s).every((x) => sideOfMajor(p.s, x.seat as Major) === 'axis')).toBe(true);
    // Germany attacks Poland as in history; France's units stand by their new ally.
    p.act('germany', { type: 'move', units: [p.unit('germany', 'prussia', 'Inf 4')], to: 'western-poland' });
    expect(p.s.battles.map((b) => b.place)).toEqual(['western-poland']);
  });

  it('8.4 with 9.10: a war declared between former allies (Germany on Italy), none on a new ally, France free to fight', () => {
    const p = allied(EXAMPLE);
    expect(warForbidden(p.s, 'france', 'germany')).toBe('BKG 8.4, advanced 9.10: a country does not declare war on its own side');
    expect(warForbidden(p.s, 'france', 'be')).toBeNull(); // at peace only because its enemy became its ally
    expect(warForbidden(p.s, 'japan', 'china')).toBe('BKG 8.4, advanced 9.10: a country does not declare war on its own side');
    expect(warForbidden(p.s, 'germany', 'italy')).toBeNull();
    const ctx = ctxOn(p.s);
    declareWar(ctx, 'germany', 'italy');
    expect(atWar(ctx.state, 'germany', 'italy')).toBe(true);
    expect(atWar(ctx.state, 'italy', 'france')).toBe(false); // France is not at war yet
    expect(ctx.state.events).toContain('italy-war');
  });

  it('Time Table with 9.10: the USA and the USSR enter the war against the other side\'s belligerents, the Axis minors only against the USSR', () => {
    const p = allied(EXAMPLE);
    const ctx = ctxOn(p.s);
    usaEntersWar(ctx, 'BKG Time Table 4/41', 'axis');
    expect(atWar(ctx.state, 'usa', 'be')).toBe(true);
    expect(atWar(ctx.state, 'usa', 'japan')).toBe(false); // Japan's war with China ended: Japan is at peace
    expect(atWar(ctx.state, 'japan', 'be')).toBe(false); // the historic "Japan at war with BE and France" is for the historic sides
    expect(ctx.state.production.usa).toBe(36);
    ussrEntersWar(ctx, 'BKG Time Table 2/41', 'allies');
    expect(['germany', 'usa'].map((m) => atWar(ctx.state, 'ussr', m))).toEqual([true, true]);
    expect(ctx.state.controller.romania).toBe('germany');
    // The USSR on Germany's side: it fights BE, and the Axis minors stay neutral.
    const q = ctxOn(allied(['germany', 'ussr', 'italy', 'japan']).s);
    ussrEntersWar(q, 'BKG Time Table 2/41', 'axis');
    expect(atWar(q.state, 'ussr', 'be')).toBe(true);
    expect(atWar(q.state, 'ussr', 'germany')).toBe(false);
    expect(q.state.controller.romania).toBeUndefined();
  });

  it('8.4 with 9.10: a minor attacked by a side is played by BE only when BE is on the other side, else by a random major of it at war', () => {
    const p = new Play({ nonHistoricAlliances: true }, 'basic-1939');
    for (const m of MAJORS) p.act(m, { type: 'side', side: m === 'germany' || m === 'be' ? 'axis' : 'allies' });
    // Time Table 3/39 runs after the last choice: Poland, Germany's victim, goes to an Allied major at war (ruling 99):
    // France alone (Italy, the USA and the USSR are neutral, Japan's war with China ended), so no die is rolled.
    expect(p.s.wars).toEqual(['france|germany', 'germany|poland']);
    expect(p.s.controller.poland).toBe('france');
    expect(p.s.production.france).toBe(11 + 2);
    // Two Allied majors at war (France and, Japan being Axis, China): a die chooses; 2 gives China.
    const q = new Play({ nonHistoricAlliances: true }, 'basic-1939');
    for (const m of MAJORS.slice(0, 7)) q.act(m, { type: 'side', side: ['germany', 'be', 'japan'].includes(m) ? 'axis' : 'allies' });
    q.dice(2).act('china', { type: 'side', side: 'allies' });
    q.diceUsed();
    expect(q.s.controller.poland).toBe('china');
    expect(q.s.production.china).toBe(8 + 2);
  });

  it('8.4 with 9.10: a neutral US of the advanced game does not take a minor\'s production (fuzz seed xb, advanced 1939: US production -1)', () => {
    // The fuzzer's alliance: Germany and BE the Allies, the six others the Axis. Poland, attacked by Germany's side,
    // went to a random Axis major: the neutral USA, whose advanced production track counts political points (7.2);
    // political events and Germany taking Western Poland then took that track below zero.
    const p = allied(['italy', 'japan', 'usa', 'ussr', 'france', 'china'], 'advanced-1939');
    expect(p.s.controller.poland).toBe('france'); // the only Axis major at war (with Germany)
    expect([p.s.production.usa, p.s.production.france]).toEqual([0, 13]);
    // No Axis major at war (an Axis of Italy, the USA and the USSR): a random one of them, but not the neutral USA.
    const q = allied(['italy', 'usa', 'ussr'], 'advanced-1939');
    expect(minorPlayers(q.s, 'axis')).toEqual(['italy', 'ussr']);
    expect(['italy', 'ussr']).toContain(q.s.controller.poland);
    expect(q.s.production.usa).toBe(0);
    // In the basic game the USA's production is its own (8 BP): it may be drawn.
    expect(minorPlayers(allied(['italy', 'usa', 'ussr']).s, 'axis')).toEqual(['italy', 'usa', 'ussr']);
    expect(bkg.invariants!(q.s)).toEqual([]);
  });

  it('6.4 with 9.10: an area won back for its owner stays with the conqueror while the owner\'s enemies stand there (ruling 101, fuzz seed p10b-advanced-1939-on-0)', () => {
    // The fuzzer's alliance (Axis: the USA, the USSR, France): a BNL unit (BE's) takes French-held Austria, where a
    // Yugoslav aircraft (the neutral USSR's minor, at war with Germany but not with BE) stands.
    const c = ctxOn(allied(['usa', 'ussr', 'france'], 'advanced-1939').s);
    const s = c.state;
    s.control.austria = 'france';
    s.controller = { ...s.controller, yugoslavia: 'ussr', bnl: 'be' };
    s.wars = [...s.wars, 'germany|yugoslavia'].sort();
    expect(newController(s, 'austria', 'bnl')).toBe('germany'); // Austria's owner, BE's associate at war
    const air = createUnit(s, 'yugoslavia', 'air', 1, 'austria');
    expect([atWar(s, 'germany', 'yugoslavia'), atWar(s, 'be', 'yugoslavia')]).toEqual([true, false]);
    expect(newController(s, 'austria', 'bnl')).toBe('be'); // handing it to Germany would put its enemy in its area
    delete s.units[air.id];
    expect(newController(s, 'austria', 'bnl')).toBe('germany');
  });

  it('8.2, 6.4 with 9.10: a third country\'s land units at peace with the conqueror of their area are relocated, so no war finds them in its area (ruling 103, fuzz seeds p10b-basic-1939-on-1, p10b-advanced-1941-on-1)', () => {
    // The fuzzer's alliance (Axis: Germany, the USA, BE, the USSR): BE, at war with China, takes Chinese Burma, where
    // Japanese infantry (Japan is China's ally, at peace with BE) stands. Left there, it stood in BE's area when Japan
    // declared war on BE, outside any combat.
    const c = ctxOn(allied(['germany', 'usa', 'be', 'ussr']).s);
    const s = c.state;
    s.wars = [...s.wars, 'be|china', 'china|ussr', 'japan|ussr'].sort();
    s.control.burma = 'china';
    const jp = createUnit(s, 'japan', 'inf', 4, 'burma');
    const arm = createUnit(s, 'be', 'arm', 4, 'india');
    expect([atWar(s, 'be', 'china'), atWar(s, 'be', 'japan')]).toEqual([true, false]);
    arrive(c, arm, 'burma', 'axis');
    expect(s.control.burma).toBe('be');
    const to = s.units[jp.id]!.where;
    expect(c.events.map((e) => e.text)).toContain(`Japan Inf 4 may not stay in Burma (at peace with British Empire): relocated to ${area(to).name}`);
    expect(s.control[to]).toBe('china'); // the nearest area friendly to Japan (none of Japan's own is next to Burma)
    expect(bkg.invariants!(s)).toEqual([]);
    declareWar(c, 'japan', 'be');
    expect(atWar(s, 'japan', 'be')).toBe(true);
    expect(bkg.invariants!(s)).toEqual([]);
    // Left in Burma (as before the ruling), the invariant names it.
    s.units[jp.id] = { ...s.units[jp.id]!, where: 'burma' };
    s.units[arm.id] = { ...s.units[arm.id]!, where: 'india' };
    expect(bkg.invariants!(s)).toEqual([`BKG 6.4: ${jp.id} stands in burma, which its enemy be controls, outside a combat`]);
    s.battles = [...s.battles, { place: 'burma', attacker: 'allies' }];
    expect(bkg.invariants!(s)).toEqual([]);
  });

  it('8.2 with 9.10 and 9.11: the relocation enters no area movement may not (ruling 103; ruling 97: Japan does not cooperate with China)', () => {
    // Ruling 103's Burma with cooperation on: China's areas are friendly to Japan but closed to its units (9.11), as
    // they are to its movement; the infantry goes on to the nearest area it may enter.
    const relocated = (options: Record<string, boolean>): { s: BkgState; to: string } => {
      const p = new Play({ nonHistoricAlliances: true, ...options }, 'basic-1939');
      for (const m of MAJORS) p.act(m, { type: 'side', side: ['germany', 'usa', 'be', 'ussr'].includes(m) ? 'axis' : 'allies' });
      const c = ctxOn(p.s);
      const s = c.state;
      s.wars = [...s.wars, 'be|china', 'china|ussr', 'japan|ussr'].sort();
      s.control.burma = 'china';
      const jp = createUnit(s, 'japan', 'inf', 4, 'burma');
      arrive(c, createUnit(s, 'be', 'arm', 4, 'india'), 'burma', 'axis');
      return { s, to: s.units[jp.id]!.where };
    };
    const off = relocated({});
    expect([off.to, off.s.control[off.to]]).toEqual(['kunming', 'china']);
    const on = relocated({ cooperation: true });
    expect(entryForbidden(on.s, 'japan', 'kunming')).toBe(true);
    expect(envFor(on.s, 'japan').status[bkgMap().board.index('kunming')]).toBe(BLOCKED); // movement reads the same limit
    expect([on.to, on.s.control[on.to]]).toEqual(['manchuria', 'japan']);
    expect(entryForbidden(on.s, 'japan', 'manchuria')).toBe(false);
  });

  it('8.2 with 9.10: the relocation goes to the unit\'s own country first among the nearest friendly areas (Finland: Karelia)', () => {
    // Advanced 1941, Axis: Italy, Japan, the USA, BE. A Swedish unit (Italy's) takes German-associated Finland, where a
    // Soviet infantry (Allied, at peace with Italy) stands; later BE's war on the USSR made it a combat it could win
    // and stay in Italy's area.
    const c = ctxOn(allied(['italy', 'japan', 'usa', 'be'], 'advanced-1941').s);
    const s = c.state;
    s.controller = { ...s.controller, sweden: 'italy' };
    s.wars = [...s.wars, 'germany|italy'].sort();
    for (const u of Object.values(s.units)) if (u.where === 'finland') delete s.units[u.id]; // an empty Finland
    const ru = createUnit(s, 'ussr', 'inf', 2, 'finland');
    const sw = createUnit(s, 'sweden', 'inf', 4, 'sweden');
    expect([atWar(s, 'sweden', 'finland'), atWar(s, 'italy', 'ussr')]).toEqual([true, false]);
    arrive(c, sw, 'finland', 'axis');
    expect(s.control.finland).toBe('italy');
    expect(s.units[ru.id]!.where).toBe('karelia'); // Norway (German) is as near; the USSR's own area comes first
    expect(c.events.map((e) => e.text)).toContain('USSR Inf 2 may not stay in Finland (at peace with Italy): relocated to Karelia');
  });

  it('8.5 with 9.10: economic points and total victory count the chosen sides, the winner is the side\'s first major', () => {
    const p = allied(EXAMPLE);
    const s = p.s;
    expect(economicPoints(s, 'axis')).toBe(s.production.germany + s.production.usa + s.production.france + islands(s, 'axis'));
    const ctx = ctxOn(structuredClone(s));
    ctx.state.conquered = ['italy', 'japan', 'be'];
    expect(victoryCheck(ctx)).toBe(true);
    expect(ctx.state.outcome?.winner).toBe('germany');
    const c2 = ctxOn(structuredClone(s));
    c2.state.conquered = ['germany', 'france'];
    expect(victoryCheck(c2)).toBe(true);
    expect(c2.state.outcome).toMatchObject({ winner: 'italy', result: 'Total Allied victory: two Axis majors conquered' });
    // Economic victory: 81 for the side weaker in the set-up's production, 131 for the other. The example's Axis has
    // 17 + 8 + 11 = 36 against 6 + 17 + 13 + 11 + 8 = 55; an Axis of Germany, BE, the USSR and the USA 49 against 42.
    expect([economicGoal(s, 'axis'), economicGoal(s, 'allies')]).toEqual([81, 131]);
    const big = allied(['germany', 'be', 'ussr', 'usa']).s;
    expect([economicGoal(big, 'axis'), economicGoal(big, 'allies')]).toEqual([131, 81]);
    // Germany alone against seven: its conquest is a total Allied victory.
    const c3 = ctxOn(structuredClone(allied(['germany']).s));
    c3.state.conquered = ['germany'];
    expect(victoryCheck(c3)).toBe(true);
    expect(c3.state.outcome).toMatchObject({ winner: 'italy', result: 'Total Allied victory: one Axis major conquered' });
  });

  it('the AI plays any seat with 9.10 on: it chooses a side, then plays France for the Axis with the Axis\'s terms', () => {
    const s0 = setupGame(bkg, 'basic-1939', { nonHistoricAlliances: true }, 'ai-9.10').state as BkgState;
    const p0 = prompts(bkg, s0)[0]!;
    const a0 = chooseAction({ ruleset: 'bkg', seat: p0.seat, level: 'easy', view: viewFor(bkg, s0, p0.seat), prompt: p0, seed: 'k' });
    expect(p0.choices.map((c) => c.action)).toContainEqual(a0.action);
    const p = allied(EXAMPLE);
    expect(bkgTerms(p.s, 'france')).toEqual(bkgTerms(p.s, 'germany'));
    expect(bkgTerms(p.s, 'italy')).toEqual(bkgTerms(p.s, 'be'));
    const q = prompts(bkg, p.s).find((x) => x.seat === 'france')!;
    const a = chooseAction({ ruleset: 'bkg', seat: 'france', level: 'easy', view: viewFor(bkg, p.s, 'france'), prompt: q, seed: 'k' });
    expect(() => applyAction(bkg, p.s, 'france', a.action)).not.toThrow();
  });

  // Longer games with the option: `theater fuzz --ruleset bkg --option nonHistoricAlliances=true` (docs/rulesets/bkg.md).
  it('8.5 a random basic game with 9.10 (random alliances) plays to its end with every invariant checked', () => {
    const r = fuzzGame(bkg, { scenario: 'basic-1939', options: { nonHistoricAlliances: true }, seed: 'nhc-1' });
    expect(r.failure ?? null).toBeNull();
    expect(r.outcome?.rule).toBe('BKG 8.5');
  }, 900_000);

  it('9.10 with every other optional rule: advanced 1939 and 1941 keep every invariant to a victory', () => {
    const all = Object.fromEntries(Object.keys(OPTIONAL_RULES).map((id) => [id, true]));
    const a = fuzzGame(bkg, { scenario: 'advanced-1939', options: all, seed: 'bkg-optional-advanced-1939', maxActions: 1200 });
    expect(a.failure ?? null).toBeNull();
    expect([a.actions, a.outcome]).toEqual([987, { winner: 'italy', result: 'Axis economic victory (89 points)', rule: 'BKG 8.5' }]); // rules 0.5.0
    const b = fuzzGame(bkg, { scenario: 'advanced-1941', options: all, seed: 'bkg-optional-advanced-1941' });
    expect(b.failure ?? null).toBeNull();
    expect(b.outcome).toMatchObject({ winner: 'usa', result: 'Axis economic victory (81 points)', rule: 'BKG 8.5' }); // the USA leads this Axis (rules 0.5.0: ruling 104 offers fewer groups)
  }, 300_000);
});

/** Pacific islands without production held by a side (8.5: a point each). */
function islands(s: BkgState, side: Side): number {
  return Object.entries(s.control).filter(([id, c]) => isPointIsland(id) && sideOf(s, c) === side).length;
}
