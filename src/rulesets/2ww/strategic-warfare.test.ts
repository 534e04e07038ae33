import { describe, expect, it } from 'vitest';
import { forceDice, prompts } from '../../engine/index.ts';
import { twoWW } from './index.ts';
import { testPosition, testRig, testWorld, allSupplied } from './testing.ts';
import { lendLeaseChoices, convoyExposure } from './strategic-warfare.ts';
import { productionPoints } from './production.ts';


const { rs, events, start, play, choices } = testRig(twoWW, 'sw');

describe('2WW 6.1 city bombing', () => {
  const world = testWorld({ combat: allSupplied,
    id: 'sw-moscow', cols: [26, 31], rows: [1, 5], country: 'su', countries: { ge: ['2601', '2602', '2603', '2604', '2605'] },
    cities: { '2903': 'Moscow' }, production: ['2903'], capitals: { '2903': 'su' },
  });

  it('2WW 6 city bombing example (TC-1): interceptor 3 rolls 4 (1 loss), bombers 8 halved to 4 roll 11 (none), 6 factors bomb on 5-8 and roll 9: no effect', () => {
    let s = start(testPosition(world, {
      turn: 12, units: { 'ge-air-1': '2602', 'ge-air-2': '2603', 'su-air-1': '3003' }, politics: { ussrNeutral: false },
    }), [{ proc: 'strategic-warfare' }]);
    expect(choices(s, 'axis')).toEqual([{ type: 'bomb', city: '2903' }, { type: 'pass' }]);
    s = play(s, 'axis', { type: 'bomb', city: '2903' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-1' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-2' });
    s = play(s, 'axis', { type: 'confirm' });
    s = play(s, 'allies', { type: 'add', unit: 'su-air-1' });
    forceDice(s.rng, [1, 3, 5, 6, 4, 5]); // interceptors 4, bombers 11, bombing 9
    s = play(s, 'allies', { type: 'confirm' });
    const ic = events.find((e) => e.rule === '2WW 6.1.3' && e.data && (e.data as any).interceptors)!.data as any;
    expect([ic.interceptors.strength, ic.interceptors.column, ic.interceptors.die, ic.interceptors.result]).toEqual([3, '3-4', 4, 1]);
    expect([ic.bombers.strength, ic.bombers.column, ic.bombers.die, ic.bombers.result]).toEqual([4, '3-4', 11, 0]);
    // The Axis flips the 2nd air to take the loss.
    s = play(s, 'axis', { type: 'take-loss', unit: 'ge-air-2' });
    const b = events.find((e) => e.rule === '2WW 6.1.4' && e.data && (e.data as any).line)!.data as any;
    expect([b.line, b.strength, b.column, b.shift, b.die, b.result, b.bombed]).toEqual(['Bombing', 6, '5-8', 0, 9, 0, false]);
    expect(s.production.bombed).toEqual([]);
    expect(s.units['ge-air-2']!.reduced).toBe(true);
    expect(s.units['su-air-1']!.reduced).toBe(false);
    for (const id of ['ge-air-1', 'ge-air-2', 'su-air-1']) expect(s.units[id]).toMatchObject({ ops: false, strategicUsed: true });
    // Next pick is the Allies'; they have nothing to bomb, the Axis has no unused bomber: bombing ends.
    expect(s.stack.at(-1)!.step).not.toBe('bombing');
  });

  it('2WW 6.1.1, 6.1.2 bombers are ready air units with the city in their ZOC; interceptors also need a printed range of 3', () => {
    let s = start(testPosition(world, {
      turn: 12, politics: { ussrNeutral: false },
      units: { 'ge-air-1': '2602', 'ge-air-2': { where: '2603', ops: true }, 'ge-air-3': '2601', 'su-air-1': '3003', 'gb-air-bomber': '3004' },
    }), [{ proc: 'strategic-warfare' }]);
    s = play(s, 'axis', { type: 'bomb', city: '2903' });
    expect(choices(s, 'axis').filter((a) => a.type === 'add').map((a) => a.unit)).toEqual(['ge-air-1']);
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-1' });
    s = play(s, 'axis', { type: 'confirm' });
    expect(choices(s, 'allies').filter((a) => a.type === 'add').map((a) => a.unit)).toEqual(['su-air-1']);
  });

  it('2WW 6.1.4 a roll of 8 or less on the 5-8 column stops the city producing; a range-6 bomber shifts one column right', () => {
    let s = start(testPosition(world, {
      turn: 12, units: { 'ge-air-1': '2602', 'ge-air-2': { where: '2603', reduced: true } }, politics: { ussrNeutral: false },
    }), [{ proc: 'strategic-warfare' }]);
    s = play(s, 'axis', { type: 'bomb', city: '2903' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-1' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-2' });
    forceDice(s.rng, [4, 4]);
    s = play(s, 'axis', { type: 'confirm' }); // no Soviet air to intercept
    expect(s.production.bombed).toEqual(['2903']);
    const pts = productionPoints(s);
    expect(pts.su?.parts.find((p) => p.source === '2903')).toBeUndefined();
  });

  it('2WW 6.1.3 the once-per-turn limit starts afresh each Strategic Warfare phase', () => {
    const s = start(testPosition(world, {
      turn: 12, units: { 'ge-air-1': { where: '2602', strategicUsed: true } }, politics: { ussrNeutral: false },
    }), [{ proc: 'strategic-warfare' }]);
    expect(choices(s, 'axis')).toContainEqual({ type: 'bomb', city: '2903' });
  });

  it('2WW 6.1 bombing ends only when both sides pass in succession', () => {
    let s = start(testPosition(world, {
      turn: 12, units: { 'ge-air-1': '2602', 'ge-air-2': '2603' }, politics: { ussrNeutral: false },
    }), [{ proc: 'strategic-warfare' }]);
    s = play(s, 'axis', { type: 'pass' });
    // The Allies have nothing to bomb (an automatic pass): two passes in succession end the bombing.
    expect(prompts(rs, s).some((p) => p.kind === 'bomb')).toBe(false);
  });
});

describe('2WW 6.2 convoy attack', () => {
  const world = testWorld({ combat: allSupplied,
    id: 'sw-atlantic', cols: [17, 19], rows: [1, 4], country: 'ge',
    sea: ['1701', '1702', '1703', '1704', '1801', '1803', '1804'], coastal: ['1802'], ports: ['1802'], cities: { '1802': 'Oslo' },
    boxes: [{ id: 'atlantic-ocean', alliedOnly: false, links: [{ to: ['1701', '1702', '1703', '1704'], cost: 30 }] }],
  });
  const position = () => testPosition(world, {
    turn: 8, // Summer 1941
    units: {
      'gb-fleet-home': 'atlantic-ocean', 'gb-air-naval': { where: 'atlantic-ocean', aboard: 'gb-fleet-home' }, 'gb-fleet-channel': 'atlantic-ocean',
      'ge-sub-1': 'atlantic-ocean', 'ge-sub-2': 'atlantic-ocean', 'ge-fleet-surface': 'atlantic-ocean',
    },
    control: { '1802': 'axis' },
  });

  it('2WW 6 convoy attack example (TC-2), 6.2.1, 12.3.3: 7 factors roll 5 sink 2 Lend-Lease points; sea combat 8 vs 7, rolls 4 and 5; the Axis retreats to port', () => {
    let s = start(position(), [{ proc: 'strategic-warfare' }]);
    expect(lendLeaseChoices(s).some((o) => o.su > 0)).toBe(false); // the USSR is not at war yet
    s = play(s, 'allies', { type: 'lend-lease', gb: 3, su: 0 });
    forceDice(s.rng, [2, 3, 2, 3, 1, 3]); // convoy 5; sea: Axis 5, Allies 4
    s = play(s, 'axis', { type: 'convoy-attack' });
    const cv = events.find((e) => e.rule === '2WW 6.2.3' && e.data && (e.data as any).line)!.data as any;
    expect([cv.line, cv.strength, cv.column, cv.die, cv.result]).toEqual(['Convoy Attack', 7, '7-9', 5, 2]);
    s = play(s, 'axis', { type: 'sink', source: 'lend-lease-gb' });
    s = play(s, 'axis', { type: 'sink', source: 'lend-lease-gb' });
    expect(convoyExposure(s)).toEqual({ dominions: 2, iraq: 1, 'lend-lease-gb': 1, 'lend-lease-su': 0 });
    const sea = events.find((e) => e.rule === '2WW 6.2.1' && e.data && (e.data as any).attacker)!.data as any;
    expect([sea.defender.line, sea.defender.strength, sea.defender.column, sea.defender.die, sea.defender.result]).toEqual(['Sea vs Sea', 8, '7-9', 4, 2]);
    expect([sea.attacker.line, sea.attacker.strength, sea.attacker.column, sea.attacker.die, sea.attacker.result]).toEqual(['Sea vs Sea', 7, '7-9', 5, 1]);
    s = play(s, 'axis', { type: 'take-loss', unit: 'ge-fleet-surface' });
    s = play(s, 'axis', { type: 'take-loss', unit: 'ge-sub-2' });
    s = play(s, 'allies', { type: 'take-loss', unit: 'gb-air-naval' });
    for (const id of ['ge-sub-1', 'ge-sub-2', 'ge-fleet-surface']) expect(s.units[id]).toMatchObject({ where: '1802', ops: true });
    expect(s.units['ge-fleet-surface']!.reduced).toBe(true);
    expect(s.units['ge-sub-2']!.reduced).toBe(true);
    expect(s.units['gb-air-naval']!.reduced).toBe(true);
    expect(s.stack.length).toBe(0);
    // Britain receives 4 exposed points: 1 Lend-Lease, 2 Dominions, 1 Iraq.
    const gb = productionPoints(s).gb!;
    expect(gb.parts.filter((p) => ['dominions', 'iraq', 'lend-lease'].includes(p.source)).reduce((a, p) => a + p.points, 0)).toBe(4);
  });

  it('2WW 12.3.1 the US sends any amount up to the turn\'s maximum (4 in Summer 1941), split between Britain and the USSR', () => {
    const s = position();
    s.politics.ussrNeutral = false;
    const opts = lendLeaseChoices(s);
    expect(Math.max(...opts.map((o) => o.gb + o.su))).toBe(4);
    expect(opts).toContainEqual({ gb: 0, su: 0 });
    expect(opts).toContainEqual({ gb: 2, su: 2 });
    expect(opts.every((o) => o.su <= 2)).toBe(true); // 12.3.2: at most 2 to the USSR
  });

  it('2WW 6.2.2 from Spring 1943 the sea combat comes first: a beaten Axis force retreats before it can attack the convoys', () => {
    const p = position();
    p.turn = 15;
    let s = start(p, [{ proc: 'strategic-warfare' }]);
    s = play(s, 'allies', { type: 'lend-lease', gb: 3, su: 0 });
    forceDice(s.rng, [2, 3, 1, 3]); // sea: Axis 5, Allies 4
    s = play(s, 'axis', { type: 'convoy-attack' });
    s = play(s, 'axis', { type: 'take-loss', unit: 'ge-fleet-surface' });
    s = play(s, 'axis', { type: 'take-loss', unit: 'ge-sub-2' });
    s = play(s, 'allies', { type: 'take-loss', unit: 'gb-air-naval' });
    expect(s.units['ge-sub-1']!.where).toBe('1802');
    expect(convoyExposure(s)).toEqual({ dominions: 2, iraq: 1, 'lend-lease-gb': 3, 'lend-lease-su': 0 });
    expect(events.some((e) => e.rule === '2WW 6.2.3' && e.data)).toBe(false);
  });
});
