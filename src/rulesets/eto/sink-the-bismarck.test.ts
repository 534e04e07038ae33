import { describe, expect, it } from 'vitest';
import { fuzzGame, Game, promptFor, RuleViolation } from '../../engine/index.ts';
import { eto } from './index.ts';
import { interceptionRange, navalNeighbours } from './map.ts';
import { airNavalResult, gunneryResult } from './naval-combat.ts';
import { formGroups, maxGroups, searchFinds, searchModifier } from './naval-interception.ts';
import { type EtoState, ratings } from './state.ts';
import { act } from './testing.ts';

const SCEN = 'sink-the-bismarck';

function newGame(seed = 's'): Game<EtoState> {
  return Game.create(eto, SCEN, {}, seed);
}

/** British placement of Hood, Prince of Wales and the DD (scenario 1 [1.1]). */
function placeAll(g: Game<EtoState>, space: string): void {
  for (const ship of ['hood', 'prince-of-wales', 'uk-dd-4']) act(g, 'allies', { type: 'place', ship, space, inPort: false });
}

/** Hood's group placed in `space`, the Germans move first, and `ships` leave Bergen's port as one stack (7.7). */
function leaveBergen(g: Game<EtoState>, space: string, ships: string[]): void {
  placeAll(g, space);
  act(g, 'axis', { type: 'first', side: 'axis' });
  for (const ship of ships) act(g, 'axis', { type: 'select', ship });
  act(g, 'axis', { type: 'move' });
  act(g, 'axis', { type: 'leave-port' });
}

describe('ETO scenario 1: Sink the Bismarck!', () => {
  it('ETO data files pass their schemas and cross-references', () => {
    expect(eto.validateData!()).toEqual([]);
  });

  it('ETO 7.3-7.4 a coastal hex costs 1 MP and a sea area its printed cost (default 5)', () => {
    expect(navalNeighbours('sink-the-bismarck', 'W4922')).toEqual([{ space: 'W5021', cost: 1 }, { space: 'north-sea', cost: 5 }]);
    expect(navalNeighbours('sink-the-bismarck', 'arctic-ocean').map((n) => n.space)).toEqual(['W5021', 'W5122', 'W5222', 'W6006', 'north-atlantic', 'north-sea']);
  });

  it('ETO 8.1 from a port: coastal hexes within 3 MP and the adjacent areas; from an area: it and its coastal hexes', () => {
    expect([...interceptionRange('sink-the-bismarck', 'W4716')].sort()).toEqual(['W4716', 'north-sea']);
    expect([...interceptionRange('sink-the-bismarck', 'W4922')].sort()).toEqual(['W4922', 'W5021', 'W5122', 'W5222', 'north-sea']);
    expect([...interceptionRange('sink-the-bismarck', 'north-sea')].sort()).toEqual(['W4716', 'W4922', 'W5021', 'north-sea']);
  });

  it('ETO scenario 1 [1.2] the coastal route north of Bergen reaches the North Atlantic outside Scapa Flow\'s range', () => {
    const scapa = interceptionRange('sink-the-bismarck', 'W4716');
    for (const sp of ['W4922', 'W5021', 'arctic-ocean', 'north-atlantic']) expect(scapa.has(sp)).toBe(false);
  });

  it('ETO 8.4 example of play: 4 groups +4, carrier air +1, South Atlantic INT -3 -> need a natural 5 or 6', () => {
    const g = newGame();
    const s = structuredClone(g.state);
    s.ships['ark-royal']!.space = 'south-atlantic';
    const { drm } = searchModifier(s, 'allies', 'south-atlantic', 4);
    expect(drm).toBe(2);
    // the example's four groups roll 1 (fails), 5 (finds Graf Spee), 3 (fails) and 6 (finds)
    expect([1, 5, 3, 6].map((d) => searchFinds(d, drm))).toEqual([false, true, false, true]);
    expect(searchFinds(4, drm)).toBe(false);
    expect(searchFinds(1, 20)).toBe(false); // natural 1 always fails
    expect(searchFinds(6, -20)).toBe(true); // natural 6 always finds
  });

  it('ETO 8.4 groups of at least 3 ships, fastest group first; fewer than 6 ships search as one group', () => {
    const s = structuredClone(newGame().state);
    const home = ['king-george-v', 'repulse', 'rodney', 'ramillies', 'revenge', 'victorious', 'suffolk', 'norfolk', 'uk-dd-1', 'uk-dd-2'];
    expect(maxGroups(s, home)).toBe(3);
    expect(maxGroups(s, home.slice(0, 5))).toBe(1);
    expect(maxGroups(s, [...home, 'hood', 'prince-of-wales', 'renown'])).toBe(4); // TC-NAV-3: 13 ships, at most 4 groups
    const groups = formGroups(s, home, 3);
    expect(groups.map((x) => x.length).sort()).toEqual([3, 3, 4]);
    expect(groups.flat().sort()).toEqual([...home].sort());
    expect(groups[0]).toContain('uk-dd-1'); // the destroyers (46) are in the fastest group
  });

  it('N4 (8.4 example): 14 ships may search as four groups of 3, 3, 4 and 4, as two groups of 7, or as one', () => {
    const s = structuredClone(newGame().state);
    const ships = ['king-george-v', 'repulse', 'rodney', 'ramillies', 'revenge', 'victorious', 'suffolk', 'norfolk', 'uk-dd-1', 'uk-dd-2',
      'renown', 'hood', 'prince-of-wales', 'uk-cl-1'];
    expect(maxGroups(s, ships)).toBe(4);
    const sizes = (n: number) => formGroups(s, ships, n).map((x) => x.length).sort((a, b) => a - b);
    expect(sizes(4)).toEqual([3, 3, 4, 4]);
    expect(sizes(2)).toEqual([7, 7]);
    expect(sizes(1)).toEqual([14]);
    // Every group has a unit with a gunnery rating (8.4).
    for (const n of [1, 2, 3, 4]) for (const grp of formGroups(s, ships, n)) expect(grp.some((id) => ratings(s.ships[id]!).gunnery !== null)).toBe(true);
  });

  it('ETO 9.2, 9.5 example of play (Graf Spee vs Ramillies and two CAs): hits, doubles sink, 12 needed does not', () => {
    expect(gunneryResult(3, 4, 4, 11)).toEqual({ hit: true, sinks: false }); // Ramillies 7 + 4 = 11: damaged
    expect(gunneryResult(1, 1, 2, 10)).toEqual({ hit: false, sinks: false }); // CA rolls 2: doubles too low
    expect(gunneryResult(2, 2, 2, 10)).toEqual({ hit: false, sinks: false }); // CA rolls 4
    expect(gunneryResult(5, 5, 1, 10)).toEqual({ hit: true, sinks: true }); // damaged Graf Spee 10 + 1: sinks the CA
    expect(gunneryResult(4, 5, 4, 11)).toEqual({ hit: true, sinks: false }); // round 2: Ramillies 9 + 4
    expect(gunneryResult(4, 5, 1, 11)).toEqual({ hit: false, sinks: false }); // Graf Spee 9 + 1 = 10 < 11
    expect(gunneryResult(6, 6, 0, 13)).toEqual({ hit: true, sinks: false }); // natural 12 hits; needed more than 12
    expect(gunneryResult(6, 6, 0, 12)).toEqual({ hit: true, sinks: false }); // needed exactly 12
    expect(gunneryResult(6, 6, 1, 12)).toEqual({ hit: true, sinks: true });
  });

  it('ETO 16.2-16.3 example of play: naval air +3 against a named ship, 7 + 3 = 10 misses armor 11', () => {
    expect(airNavalResult(3, 4, true, 11).hit).toBe(false);
    expect(airNavalResult(2, 3, true, 11).hit).toBe(false);
    expect(airNavalResult(4, 4, true, 11)).toEqual({ hit: true, sinks: true });
    expect(airNavalResult(4, 4, false, 11).hit).toBe(false); // squadrons get no +3
  });

  it('ETO 8.1 an interceptor out of range is refused with the rule case', () => {
    const g = newGame();
    leaveBergen(g, 'north-atlantic', ['bismarck']);
    // nobody can intercept in Bergen's hex: the axis keeps moving
    act(g, 'axis', { type: 'enter', space: 'north-sea' });
    const p = promptFor(eto, g.state, 'allies')!;
    expect(p.rule).toBe('ETO 8.2');
    expect(p.choices.some((c) => c.action.ship === 'hood')).toBe(false);
    expect(() => g.act('allies', { type: 'add-interceptor', ship: 'hood' })).toThrow(RuleViolation);
    try {
      g.act('allies', { type: 'add-interceptor', ship: 'hood' });
    } catch (e) {
      expect((e as RuleViolation).rule).toBe('ETO 8.1');
    }
  });

  it('ETO 8.2-9.6 a full interception in the North Atlantic with forced dice, then victory (scenario 1 [1.3])', () => {
    const g = newGame();
    leaveBergen(g, 'north-atlantic', ['bismarck', 'prinz-eugen']);
    act(g, 'axis', { type: 'enter', space: 'W5021' }); // Home Fleet at Scapa cannot reach it (8.1)
    expect(promptFor(eto, g.state, 'allies')).toBeUndefined();
    act(g, 'axis', { type: 'enter', space: 'arctic-ocean' });
    act(g, 'axis', { type: 'enter', space: 'north-atlantic' });
    // Hood, Prince of Wales and the DD intercept; one group: +1, INT -2 -> only a natural 6 finds
    act(g, 'allies', { type: 'add-interceptor', ship: 'hood' });
    act(g, 'allies', { type: 'add-interceptor', ship: 'prince-of-wales' });
    act(g, 'allies', { type: 'add-interceptor', ship: 'uk-dd-4' });
    g.force([6]);
    act(g, 'allies', { type: 'intercept' });
    // 9.1: the British have more ships and may hold out one (the Germans have 2 units with gunnery)
    expect(promptFor(eto, g.state, 'allies')!.rule).toBe('ETO 9.1');
    act(g, 'allies', { type: 'hold-out', ship: 'uk-dd-4' });
    // sub-round 5: Bismarck fires first (9.3); the dice roll once the sub-round's last shot is declared
    g.force([4, 4]); // 8 + 5 = 13 >= Hood's 12 with doubles: Hood sinks (9.5)
    act(g, 'axis', { type: 'fire', ship: 'bismarck', target: 'hood' });
    expect(g.state.ships.hood!.sunk).toBe(true);
    // sub-round 4: Prince of Wales fires
    g.force([5, 4]); // 9 + 4 = 13 >= 13: Bismarck damaged
    act(g, 'allies', { type: 'fire', ship: 'prince-of-wales', target: 'bismarck' });
    expect(g.state.ships.bismarck!.damaged).toBe(true);
    // sub-round 2: Prinz Eugen (gunnery 2); 9.4: Prince of Wales is the only committed British target left
    const pe = promptFor(eto, g.state, 'axis')!;
    expect(pe.choices.map((c) => c.action.target ?? null)).toEqual(['prince-of-wales', null]);
    g.force([1, 2]); // miss
    act(g, 'axis', { type: 'fire', ship: 'prinz-eugen', target: 'prince-of-wales' });
    // damaged Bismarck (now gunnery 3) already fired in sub-round 5: no second shot (9.4)
    // 9.6: withdrawal, secret and simultaneous
    act(g, 'axis', { type: 'withdraw', ships: [] });
    act(g, 'allies', { type: 'withdraw', ships: ['hood', 'prince-of-wales', 'uk-dd-4'].filter((id) => !g.state.ships[id]!.sunk) });
    // the British withdrew entirely: the Germans may fight round 2 or let them go
    act(g, 'axis', { type: 'let-go' });
    expect(g.state.step.withdrawn).toEqual(expect.arrayContaining(['prince-of-wales', 'uk-dd-4']));
    act(g, 'axis', { type: 'stop' });
    act(g, 'axis', { type: 'end-naval-movement' });
    // axis step 3: nothing to search; British phase
    act(g, 'axis', { type: 'end-naval-attacks' });
    act(g, 'allies', { type: 'end-naval-movement' });
    // step 3: the British in the North Atlantic may search the stationary Germans; they decline
    act(g, 'allies', { type: 'end-naval-attacks' });
    expect(g.state.outcome).toEqual({ winner: 'axis', result: 'German victory: Bismarck is in the North Atlantic', rule: 'ETO scenario 1 [1.3]' });
  });

  it('ETO 8.2 recursive counter-interception: Prinz Eugen counter-intercepts the interceptors, King George V counter-intercepts her; innermost first', () => {
    const g = newGame();
    leaveBergen(g, 'north-sea', ['bismarck']);
    expect(promptFor(eto, g.state, 'allies')!.rule).toBe('ETO 8.2'); // leaving Bergen, in range of the North Sea
    act(g, 'allies', { type: 'no-interception' });
    act(g, 'axis', { type: 'enter', space: 'north-sea' });
    for (const ship of ['hood', 'prince-of-wales', 'uk-dd-4']) act(g, 'allies', { type: 'add-interceptor', ship });
    act(g, 'allies', { type: 'intercept' });
    // level 1: Prinz Eugen, still in Bergen (8.1: the North Sea is adjacent), may counter-intercept the interceptors
    const p1 = promptFor(eto, g.state, 'axis')!;
    expect(p1.rule).toBe('ETO 8.2 (counter-interception)');
    expect(p1.choices.filter((c) => c.action.type === 'add-interceptor').map((c) => c.action.ship)).toEqual(['prinz-eugen']);
    act(g, 'axis', { type: 'add-interceptor', ship: 'prinz-eugen' });
    act(g, 'axis', { type: 'intercept' });
    // level 2: the Home Fleet at Scapa Flow may counter-intercept her; ships already in the chain may not
    const p2 = promptFor(eto, g.state, 'allies')!;
    expect(p2.rule).toBe('ETO 8.2 (counter-interception)');
    const level2 = p2.choices.filter((c) => c.action.type === 'add-interceptor').map((c) => c.action.ship);
    expect(level2).toContain('king-george-v');
    for (const busy of ['hood', 'prince-of-wales', 'uk-dd-4']) expect(level2).not.toContain(busy);
    act(g, 'allies', { type: 'add-interceptor', ship: 'king-george-v' });
    // level 3: no German ship is left to counter-intercept, so level 2 is searched first (one group: +1, need a 6)
    g.force([6]);
    act(g, 'allies', { type: 'intercept' });
    expect(promptFor(eto, g.state, 'axis')!.rule).toBe('ETO 8.7'); // Prinz Eugen is faster than King George V
    act(g, 'axis', { type: 'evade' });
    expect(g.state.counterIntercepted).toEqual(['king-george-v']);
    // back at level 1: Prinz Eugen survived and may go on to her target or break off (8.2)
    const cont = promptFor(eto, g.state, 'axis')!;
    expect([cont.rule, cont.choices.map((c) => c.action.type)]).toEqual(['ETO 8.2', ['continue', 'break-off']]);
    g.force([5]); // 5 + 1 < 7: not found
    act(g, 'axis', { type: 'continue' });
    // 8.3: a counter-interceptor of the moving side may not move afterwards
    expect(g.state.step.moved).toContain('prinz-eugen');
    // level 0 last: the British interceptors survived the counter-interception and go on
    expect(promptFor(eto, g.state, 'allies')!.choices.map((c) => c.action.type)).toEqual(['continue', 'break-off']);
    g.force([5]);
    act(g, 'allies', { type: 'continue' });
    expect(g.state.ships.bismarck!.space).toBe('north-sea');
    expect(g.state.ships.bismarck!.damaged).toBe(false);
    // 8.7: Bismarck survived every interception of its move and may go on moving
    expect(promptFor(eto, g.state, 'axis')!.choices.some((c) => c.action.type === 'enter')).toBe(true);
    const rolls = g.played.flatMap((p) => p.events.map((e) => e.text)).filter((t) => /^(found|not found) \(/.test(t));
    expect(rolls).toEqual(['found (6 +1)', 'not found (5 +1)', 'not found (5 +1)']);
  });

  it('ETO scenario 1 [1.3] British victory when the Germans stay in port', () => {
    const g = newGame();
    placeAll(g, 'W4716');
    act(g, 'axis', { type: 'first', side: 'allies' });
    act(g, 'allies', { type: 'end-naval-movement' });
    act(g, 'allies', { type: 'end-naval-attacks' });
    act(g, 'axis', { type: 'end-naval-movement' });
    act(g, 'axis', { type: 'end-naval-attacks' });
    expect(g.state.outcome?.winner).toBe('allies');
  });

  it('ETO 8.7 a faster stack may evade a slower searching group', () => {
    const g = newGame();
    leaveBergen(g, 'north-atlantic', ['prinz-eugen']);
    act(g, 'axis', { type: 'enter', space: 'W5021' });
    act(g, 'axis', { type: 'enter', space: 'arctic-ocean' });
    act(g, 'axis', { type: 'enter', space: 'north-atlantic' });
    act(g, 'allies', { type: 'add-interceptor', ship: 'hood' });
    act(g, 'allies', { type: 'add-interceptor', ship: 'prince-of-wales' });
    g.force([6]);
    act(g, 'allies', { type: 'intercept' });
    const p = promptFor(eto, g.state, 'axis')!;
    expect(p.rule).toBe('ETO 8.7'); // Prinz Eugen 42 is faster than the group's 39
    act(g, 'axis', { type: 'evade' });
    expect(g.state.ships['prinz-eugen']!.damaged).toBe(false);
    expect(g.state.step.successful).toEqual(expect.arrayContaining(['hood', 'prince-of-wales']));
  });

  it('ETO fuzzer: 20 random games of scenario 1 end without an exception, dead end or broken invariant', () => {
    const results: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = fuzzGame(eto, { scenario: SCEN, seed: `eto-fuzz-${i}`, maxActions: 20_000 });
      expect(r.failure).toBeUndefined();
      expect(r.ok).toBe(true);
      results.push(r.outcome!.rule ?? '');
    }
    expect(results.every((r) => r === 'ETO scenario 1 [1.3]')).toBe(true);
  });
});
