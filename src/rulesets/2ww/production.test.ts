import { describe, expect, it } from 'vitest';
import { prompts } from '../../engine/index.ts';
import { twoWW } from './index.ts';
import type { Side } from './state.ts';
import { POOL } from './state.ts';
import { testPosition, testRig, testWorld } from './testing.ts';
import { placementHexes, productionChoices, productionPoints, spendingOrder, upgradable } from './production.ts';
import { lendLeaseChoices } from './strategic-warfare.ts';
import { unitProductionCost } from './data/index.ts';

const { rs, start, play, choices } = testRig(twoWW, 'prod');

// Germany (west) with Berlin 0202 and a second production city 0204; Britain (east) with London 0602.
const world = testWorld({
  id: 'prod', cols: [1, 7], rows: [1, 5], country: 'ge',
  countries: { gb: ['0601', '0602', '0603', '0604', '0605', '0701', '0702', '0703', '0704', '0705'] },
  cities: { '0202': 'Berlin', '0204': 'Hamburg', '0602': 'London' }, production: ['0202', '0204', '0602'],
  capitals: { '0202': 'ge', '0602': 'gb' },
});
const control = { '0202': 'axis', '0204': 'axis', '0602': 'allies' } as const;
const pos = (turn: number, extra: Partial<Parameters<typeof testPosition>[1]> = {}) =>
  testPosition(world, { turn, units: {}, control: { ...control }, ...extra });

describe('2WW 7.1 production points', () => {
  it('2WW 7.1.1/7.1.2 a supplied production city gives 1 point; Germany adds Bucharest and Stockholm while Rumania is Axis and Sweden/Norway neutral', () => {
    const p = productionPoints(pos(3));
    expect(p.ge!.parts.map((x) => x.source).sort()).toEqual(['0202', '0204', 'bucharest', 'stockholm']);
    expect(p.ge!.total).toBe(4);
  });

  it('2WW 6.1.4 a successfully bombed city gives nothing this turn', () => {
    const s = pos(3);
    s.production.bombed = ['0204'];
    expect(productionPoints(s).ge!.total).toBe(3);
  });

  it('2WW 7.1.1 a city that cannot trace supply to its capital gives nothing', () => {
    // Berlin is in Allied hands: Hamburg has no capital to trace to.
    const s = pos(3, { control: { ...control, '0202': 'allies' } });
    expect(productionPoints(s).ge?.parts.some((x) => x.source === '0204')).toBe(false);
  });

  it('2WW 7.1.2 Britain gets 2 for the Dominions and 1 for Allied Iraq, plus Lend-Lease; the US 10 only after entry (7.1.5)', () => {
    const s = pos(8);
    s.production.lendLease = { gb: 3, su: 0 };
    const p = productionPoints(s);
    expect(p.gb!.parts.filter((x) => !/^\d/.test(x.source)).map((x) => [x.source, x.points])).toEqual([['dominions', 2], ['iraq', 1], ['lend-lease', 3]]);
    expect(p.us).toBeUndefined();
    s.politics.usEntered = true;
    expect(productionPoints(s).us!.total).toBe(7);
  });

  it('2WW 7.1.2 Germany gets the Iraq point while Iraq rebels; Britain loses it', () => {
    const s = pos(8, { politics: { iraq: 'rebel' } });
    const p = productionPoints(s);
    expect(p.ge!.parts.some((x) => x.source === 'iraq')).toBe(true);
    expect(p.gb!.parts.some((x) => x.source === 'iraq')).toBe(false);
  });

  it('2WW 7.1.6/12.4.2 the neutral USSR has no points before 1941, then 2 for upgrades only', () => {
    expect(productionPoints(pos(5)).su).toBeUndefined();
    const p = productionPoints(pos(6));
    expect(p.su).toMatchObject({ total: 2, upgradesOnly: true });
  });

  it('2WW 7.1.3 each Axis-controlled minor gets 1 point in Winter only', () => {
    expect(productionPoints(pos(6)).hu?.total).toBe(1); // Winter 1941
    expect(productionPoints(pos(7)).hu).toBeUndefined(); // Spring 1941
    expect(productionPoints(pos(6)).pl).toBeUndefined(); // neutral minors do not produce (3.4.2)
  });

  it('2WW 12.3.2, 12.6 Lend-Lease to the USSR: none while neutral, up to 2 at war, 1 if Iran (Persia) is Axis-controlled', () => {
    const s = pos(12);
    expect(Math.max(...lendLeaseChoices(s).map((o) => o.su))).toBe(0);
    s.politics.ussrNeutral = false;
    expect(Math.max(...lendLeaseChoices(s).map((o) => o.su))).toBe(2);
    expect(Math.max(...lendLeaseChoices(s).map((o) => o.gb + o.su))).toBe(4);
    s.countries.ir = { controller: 'axis', status: 'belligerent' };
    expect(Math.max(...lendLeaseChoices(s).map((o) => o.su))).toBe(1);
  });
});

describe('2WW 7.2 building and upgrading', () => {
  it('2WW 7.2.2 new land units go on or next to a friendly production city at home, never into an enemy land ZOC', () => {
    const s = pos(3, { units: { 'ge-inf-9': POOL, 'gb-arm-1': '0304' } });
    const hexes = placementHexes(s, 'ge-inf-9');
    expect(hexes).toContain('0202');
    expect(hexes).toContain('0203');
    expect(hexes).not.toContain('0404'); // not next to a production city
    expect(hexes).not.toContain('0204'); // in the British armor's ZOC
  });

  it('2WW 7.2.3 a minor with no production city places its unit in any hex of its country free of enemy units', () => {
    const hw = testWorld({
      id: 'prod-minor', cols: [1, 7], rows: [1, 5], country: 'ge',
      countries: { hu: ['0101', '0102', '0103', '0104', '0105'], gb: ['0701', '0702', '0703', '0704', '0705'] },
      cities: { '0303': 'Berlin', '0702': 'London' }, production: ['0303', '0702'], capitals: { '0303': 'ge', '0702': 'gb' },
    });
    const s = testPosition(hw, {
      turn: 4, control: { '0303': 'axis', '0702': 'allies' }, countries: { hu: { controller: 'axis', status: 'belligerent' } },
      units: { 'hu-inf': POOL, 'gb-air-raf1': '0105' },
    });
    expect(placementHexes(s, 'hu-inf')).toEqual(['0101', '0102', '0103', '0104']);
  });

  it('2WW 7, 7.1.4 the Production procedure builds from the pool at full strength for the chart\'s cost, upgrades, and loses unused points', () => {
    let s = start(pos(3, { units: { 'ge-inf-9': POOL, 'ge-inf-1': { where: '0203', reduced: true } } }), [{ proc: 'production' }]);
    expect(s.production.points.ge).toBe(4);
    // The prompt names the power and counts as players do.
    expect(prompts(rs, s)[0]).toMatchObject({ text: 'Germany: 4 production points left' });
    expect(prompts(rs, s)[0]!.choices.at(-1)!.label).toBe('Done (the 4 unused points are lost)');
    const build = unitProductionCost('ge-inf-9', 'build')!;
    s = play(s, 'axis', { type: 'build', unit: 'ge-inf-9', hex: '0202' });
    expect(s.units['ge-inf-9']).toMatchObject({ where: '0202', reduced: false });
    expect(s.production.points.ge).toBe(4 - build);
    s = play(s, 'axis', { type: 'upgrade', unit: 'ge-inf-1' });
    expect(s.units['ge-inf-1']!.reduced).toBe(false);
    if (choices(s, 'axis').length) s = play(s, 'axis', { type: 'done' });
    // Britain then spends (its points are all it gets; London alone traces).
    while (prompts(rs, s).length) s = play(s, prompts(rs, s)[0]!.seat as Side, { type: 'done' });
    expect(s.production.points).toEqual({});
  });

  it('2WW 7.2.1 the major powers spend in setup order; in Winter the minors spend after them, Allied minors first', () => {
    const countries = { hu: { controller: 'axis' as const, status: 'belligerent' as const }, gr: { controller: 'allies' as const, status: 'belligerent' as const } };
    expect(spendingOrder(pos(3, { countries }))).toEqual(['fr', 'su', 'gb', 'us', 'it', 'ge']);
    const winter = spendingOrder(pos(2, { countries }));
    expect(winter.slice(0, 6)).toEqual(['fr', 'su', 'gb', 'us', 'it', 'ge']);
    expect(winter.indexOf('gr')).toBeGreaterThan(5);
    expect(winter.indexOf('hu')).toBeGreaterThan(winter.indexOf('gr'));
    const side = (c: string) => pos(2, { countries }).countries[c]?.controller;
    const minors = winter.slice(6).map(side);
    expect(minors).toEqual([...minors].sort()); // 'allies' before 'axis'
  });

  it('2WW 7.2.5 a new fort displaces an enemy air unit in its hex (5.1.3)', () => {
    let s = start(pos(3, { units: { 'ge-fort-1': POOL, 'gb-air-raf1': '0203' } }), [{ proc: 'production' }]);
    const fort = { type: 'build', unit: 'ge-fort-1', hex: '0203' };
    for (let i = 0; i < 10 && !choices(s, 'axis').some((a) => a.type === 'build' && a.unit === 'ge-fort-1' && a.hex === '0203'); i++) {
      s = play(s, prompts(rs, s)[0]!.seat as Side, { type: 'done' });
    }
    s = play(s, 'axis', fort);
    expect(s.units['ge-fort-1']!.where).toBe('0203');
    expect(s.stack[s.stack.length - 1]!.proc).toBe('displacement');
    const p = prompts(rs, s)[0]!;
    expect(p.seat).toBe('allies');
    s = play(s, 'allies', p.choices[0]!.action);
    expect(s.units['gb-air-raf1']!.where).not.toBe('0203');
  });

  it('2WW 12.4.2 the neutral USSR may only upgrade', () => {
    const s = pos(6, { units: { 'su-inf-1': POOL } });
    expect(productionChoices(s, 'su', 2).some((a) => a.type === 'build')).toBe(false);
  });
});

describe('2WW 7.1.1 the side chooses which power uses a captured production city', () => {
  // Germany (Berlin 0202), Italy (Rome 0602) and conquered Poland between them with Warsaw 0402.
  const cw = testWorld({
    id: 'prod-captured', cols: [1, 7], rows: [1, 5], country: 'ge',
    countries: { pl: ['0401', '0402', '0403', '0404', '0405'], it: ['0601', '0602', '0603', '0604', '0605', '0701', '0702', '0703', '0704', '0705'] },
    cities: { '0202': 'Berlin', '0402': 'Warsaw', '0602': 'Rome' }, production: ['0202', '0402', '0602'],
    capitals: { '0202': 'ge', '0602': 'it' },
  });
  const captured = () => start(testPosition(cw, {
    turn: 7, units: {}, control: { '0202': 'axis', '0402': 'axis', '0602': 'axis' }, politics: { italyNeutral: false },
    countries: { ...testPosition(cw, { units: {} }).countries, pl: { controller: 'axis', status: 'conquered', conqueredBy: 'axis' } },
  }), [{ proc: 'production' }]);

  it('2WW 7.1.1 by default the first power in setup order uses it (ruling R-P1); the Axis may give it to Germany', () => {
    let s = captured();
    const p = prompts(rs, s)[0]!;
    expect([p.seat, p.kind, p.rule]).toEqual(['axis', 'assign', '2WW 7.1.1']);
    expect(p.choices.map((c) => c.action)).toEqual([{ type: 'assign', hex: '0402', power: 'ge' }, { type: 'done' }]);
    expect(p.choices[1]!.label).toBe('Keep: Warsaw (0402) to Italy');
    s = play(s, 'axis', { type: 'assign', hex: '0402', power: 'ge' });
    expect(choices(s, 'axis')).toEqual([{ type: 'assign', hex: '0402', power: 'it' }, { type: 'done' }]);
    s = play(s, 'axis', { type: 'done' });
    expect(productionPoints(s).ge!.parts.map((x) => x.source)).toContain('0402');
    expect(productionPoints(s).it!.parts.map((x) => x.source)).not.toContain('0402');
    expect(s.production.assign).toEqual({ '0402': 'ge' }); // kept for the next turns
  });
});

describe('2WW 7.3 upgrading reduced units', () => {
  // Berlin 0101; a British armor in 0202 closes columns 1-3 to German supply lines (11.2.2); 0502 is the capital of a
  // friendly power next to the German infantry in 0402: Rumania (a minor) or Italy (a major).
  const pocket = (capitalOf: string) => testPosition(testWorld({
    id: `upgrade-${capitalOf}`, cols: [1, 5], rows: [1, 3], country: 'ge', countries: { [capitalOf]: ['0501', '0502', '0503'] },
    capitals: { '0101': 'ge', '0502': capitalOf }, cities: { '0101': 'Berlin', '0502': capitalOf === 'ru' ? 'Bucharest' : 'Rome' },
  }), {
    turn: 6, units: { 'ge-inf-1': { where: '0402', reduced: true }, 'gb-arm-1': '0202' }, control: { '0101': 'axis', '0502': 'axis' },
    politics: { italyNeutral: false },
  });

  it('2WW 7.3.1 a reduced unit is upgraded only with a supply line to a friendly major power\'s capital, not a minor\'s', () => {
    expect(upgradable(pocket('ru'), 'ge', 10)).toEqual([]);
    expect(upgradable(pocket('it'), 'ge', 10)).toEqual(['ge-inf-1']);
  });

  it('2WW 7.3.2 a fleet in a friendly port is upgraded only with a line to a friendly production city (a capital alone is not enough)', () => {
    // Kiel 0103 is linked by land to Berlin 0101 (no production) and by nothing to Hamburg 0403 (production, across
    // neutral Spain in column 3).
    const w = testWorld({
      id: 'upgrade-fleet', cols: [1, 4], rows: [1, 4], country: 'ge', countries: { es: ['0301', '0302', '0303'] },
      sea: ['0104', '0204', '0304', '0404'], coastal: ['0103', '0203', '0403'], ports: ['0103', '0403'],
      capitals: { '0101': 'ge' }, cities: { '0101': 'Berlin', '0103': 'Kiel', '0403': 'Hamburg' }, production: ['0403'],
    });
    const at = (units: Parameters<typeof testPosition>[1]['units']) =>
      testPosition(w, { turn: 6, units: { 'ge-fleet-surface': { where: '0103', reduced: true }, ...units }, control: { '0101': 'axis', '0103': 'axis', '0403': 'axis' } });
    expect(upgradable(at({ 'gb-fleet-home': '0304' }), 'ge', 10)).toEqual([]);
    expect(upgradable(at({}), 'ge', 10)).toEqual(['ge-fleet-surface']);
  });
});
