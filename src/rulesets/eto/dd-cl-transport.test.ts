// 10.8 DD/CL transport on scenario 5's German fleet in Kiel: a DD and a CL stacked together are one STP for infantry
// and supply markers (never armor or air), two of each carry one infantry to an assault, with no tripling past 6 MP
// while no STP marker is involved, and either ship sunk loses the pair's STP (10.9). Ruling 76.
import { describe, expect, it } from 'vitest';
import { controller } from './land.ts';
import { assaultNeed, assaultTargets, cargoOf, embarkChoices, pairsIn, points } from './sea-transport.ts';
import { act, choicesFor, declareAssault, germansInKiel, invadeNorway, KIEL, playUntil, resolveAttack, sailFromKiel, editable } from './testing.ts';

const OSLO = 'W4725';
const embarkable = (g: ReturnType<typeof germansInKiel>, ships: string[]): string[] =>
  embarkChoices(g.state, 'axis', ships).filter((c) => c.action.by === 'dd-cl').map((c) => String(c.action.unit ?? c.action.type));

describe('ETO 10.8 DD/CL transport', () => {
  it('10.8: one DD and one CL carry one infantry (1 STP), never armor; the HQ rides free; a lone DD carries nothing', () => {
    const g = germansInKiel('ddcl1', { 'de-armor': KIEL });
    expect(g.state.land!.units['de-armor']!.hex).toBe(KIEL);
    act(g, 'axis', { type: 'select', ship: 'de-dd-1' });
    expect(embarkable(g, ['de-dd-1'])).toEqual([]);
    act(g, 'axis', { type: 'select', ship: 'de-cl-1' });
    const offered = embarkable(g, ['de-dd-1', 'de-cl-1']);
    // The armor and the paratroops in Kiel are not offered (10.8: infantry and supply markers only).
    expect(offered).toEqual(['de-inf-1', 'hq-m', 'load-supply']);
    expect(g.state.land!.units['de-para-1']!.hex).toBe(KIEL);
    expect(embarkChoices(g.state, 'axis', ['de-stp-1', 'de-stp-2']).map((c) => c.action.unit)).toContain('de-armor');
    act(g, 'axis', { type: 'embark', unit: 'de-inf-1', by: 'dd-cl' });
    const s = g.state;
    expect([s.ships['de-dd-1']!.pair, s.ships['de-cl-1']!.pair]).toEqual(['de-cl-1', 'de-dd-1']);
    expect(points(pairsIn(s, 'axis', KIEL))).toBe(1);
    expect(cargoOf(s, ['de-dd-1']).map((u) => u.id)).toEqual(['de-inf-1']);
    // The pair's one STP is full: no second infantry, no supply marker; the HQ still rides free (10.2).
    expect(embarkable(g, ['de-dd-1', 'de-cl-1'])).toEqual(['hq-m']);
    // 10.8: the pair stays together while it carries: neither ship is dropped off on the way.
    act(g, 'axis', { type: 'move' });
    act(g, 'axis', { type: 'leave-port' });
    playUntil(g, 'axis', (c) => c.action.type === 'enter', true);
    expect(choicesFor(g.state, 'axis').some((c) => c.action.type === 'drop-off')).toBe(false);
  });

  it('10.8, 10.2: two pairs carry one infantry to an assault, twice the table, not three times past 6 MP; an STP marker among them triples', () => {
    const g = germansInKiel('ddcl2');
    for (const id of ['de-dd-1', 'de-dd-2', 'de-cl-1', 'de-cl-2']) act(g, 'axis', { type: 'select', ship: id });
    act(g, 'axis', { type: 'embark', unit: 'de-inf-1', by: 'dd-cl' });
    const s = structuredClone(g.state);
    expect(pairsIn(s, 'axis', KIEL).map((sh) => sh.id)).toEqual(['de-dd-1', 'de-dd-2']);
    const inf = [s.land!.units['de-inf-1']!];
    for (const id of ['de-dd-1', 'de-dd-2', 'de-stp-1']) s.ships[id]!.carried = 7;
    expect(assaultNeed(s, ['de-dd-1', 'de-dd-2'], inf)).toBe(2);
    expect(assaultNeed(s, ['de-dd-1', 'de-dd-2', 'de-stp-1'], inf)).toBe(3);
    expect(assaultNeed(s, ['de-dd-1'], inf)).toBe(2);
  });

  it('10.8, 10.6: two DDs and two CLs carry an infantry from Kiel to Oslo and assault; one pair\'s STP is spent, no ship lost', () => {
    const g = germansInKiel('ddcl3');
    invadeNorway(g);
    for (const id of ['de-dd-1', 'de-dd-2', 'de-cl-1', 'de-cl-2']) act(g, 'axis', { type: 'select', ship: id });
    act(g, 'axis', { type: 'embark', unit: 'de-inf-1', by: 'dd-cl' });
    sailFromKiel(g, OSLO);
    expect(g.state.ships['de-dd-1']!.carried).toBe(6);
    expect(assaultTargets(g.state, 'axis')).toEqual([OSLO]);
    declareAssault(g, OSLO);
    resolveAttack(g, [6]);
    const s = g.state, l = s.land!;
    const fight = g.played.flatMap((p) => p.events).find((e) => e.rule === 'ETO 27.1' && e.data)!;
    // 6 against Oslo's infantry 2 at 3-1; blitzkrieg +1, mud -1, from the sea -3: the 6 reads 3, D3x.
    expect(fight.data).toEqual({ attack: 6, defence: 2, column: '3-1', drm: -3, die: 6, row: 3, result: 'D3x' });
    // 44.1: the first German attack on Norwegians in newly invaded Norway carries the blitzkrieg bonus.
    expect(fight.text).toBe('3-1, modified roll 3: D3x (die blitzkrieg +1, mud -1, amphibious assault -3)');
    expect(['de-dd-1', 'de-dd-2', 'de-cl-1', 'de-cl-2'].map((id) => s.ships[id]!.sunk)).toEqual([false, false, false, false]);
    expect(g.played.flatMap((p) => p.events).filter((e) => e.rule === 'ETO 10.6, 10.8')).toHaveLength(1);
    expect(pairsIn(s, 'axis', OSLO)).toHaveLength(1);
    expect([l.units['de-inf-1']!.where, l.units['de-inf-1']!.hex, l.units['de-inf-1']!.depleted, controller(l, OSLO)]).toEqual(['map', OSLO, true, 'axis']);
  });

  it('10.8, 10.9: Cornwall sinks the CL of the pair in Kiel\'s port (doubles): the pair\'s STP is gone and the infantry aboard with it', () => {
    const g = germansInKiel('ddcl4');
    editable(g);
    for (const sh of Object.values(g.state.ships)) if (sh.side === 'axis' && (sh.type === 'BB' || sh.type === 'CA')) Object.assign(sh, { space: 'W3822', inPort: true });
    Object.assign(g.state.ships['cornwall']!, { space: KIEL, inPort: false });
    for (const id of ['de-dd-1', 'de-cl-1']) act(g, 'axis', { type: 'select', ship: id });
    act(g, 'axis', { type: 'embark', unit: 'de-inf-1', by: 'dd-cl' });
    act(g, 'axis', { type: 'move' });
    act(g, 'axis', { type: 'stop' });
    playUntil(g, 'allies', (x) => x.action.type === 'attack-port');
    expect(g.state.land!.units['de-inf-1']!.where).toBe('aboard');
    for (const sh of ['de-cl-2', 'de-dd-2', 'de-ss-1', 'de-stp-1', 'de-stp-2', 'de-stp-3', 'de-stp-4', 'de-stp-5', 'de-stp-6']) act(g, 'axis', { type: 'hold-out', ship: sh });
    act(g, 'axis', { type: 'commit' });
    // Cornwall (gunnery 2) fires at the CL (armor 8): 3 + 3 + 2 = 8 hits, and doubles sink (9.2, 9.5).
    g.force([3, 3]);
    act(g, 'allies', { type: 'fire', ship: 'cornwall', target: 'de-cl-1' });
    while (choicesFor(g.state, 'axis').some((c) => c.action.type === 'hold-fire')) act(g, 'axis', { type: 'hold-fire' });
    const s = g.state;
    expect([s.ships['de-cl-1']!.sunk, s.ships['de-dd-1']!.sunk, s.ships['de-dd-1']!.pair]).toEqual([true, false, undefined]);
    expect(s.land!.units['de-inf-1']!.where).toBe('force-pool');
    expect(g.played.flatMap((p) => p.events).some((e) => e.rule === 'ETO 10.9' && /German infantry is lost/.test(e.text))).toBe(true);
  });
});
