import { describe, expect, it } from 'vitest';
import { act, choicesOf, destinations, startAt, testPosition, testWorld } from './testing.ts';
import { airZocOf, fleetZocFrom, landZocOfSide } from './zones-of-control.ts';
import { stackingExcesses } from './stacking.ts';
import { SupplyNet, supplyPhase } from './supply.ts';
import { victoryLevel } from './victory.ts';
import { ELIMINATED } from './state.ts';
import type { TwoWWState } from './state.ts';
import { placementHexes, productionPoints } from './production.ts';
import { bombableCities } from './strategic-warfare.ts';

// Germany (cols 1-4) and France (5-8) with Belgium (neutral) in 0501-0502, a sea strip in row 6 and a land
// isthmus: 0405 is land, so fleet ZOC from 0306 cannot reach 0506 across it except by sea.
const w = testWorld({
  id: 'rules-test', cols: [1, 8], rows: [1, 6], country: 'ge',
  countries: {
    fr: ['0503', '0504', '0505', '0601', '0602', '0603', '0604', '0605', '0701', '0702', '0703', '0704', '0705', '0801', '0802', '0803', '0804', '0805'],
    be: ['0501', '0502'],
  },
  sea: ['0106', '0206', '0306', '0406', '0506', '0606', '0706', '0806'],
  coastal: ['0105', '0205', '0305', '0505', '0605', '0705', '0805'],
  ports: ['0205', '0605'],
  capitals: { '0101': 'ge', '0801': 'fr', '0501': 'be' }, cities: { '0101': 'Berlin', '0801': 'Paris', '0501': 'Brussels', '0205': 'Kiel', '0605': 'Brest' },
});
const control = { '0101': 'axis', '0801': 'allies', '0205': 'axis', '0605': 'allies' } as const;
const id = (n: number) => w.board.id(n);
const nb = (h: string) => w.board.neighbours(w.board.index(h)).map(id).sort();
const pos = (units: Parameters<typeof testPosition>[1]['units'], extra: Partial<Parameters<typeof testPosition>[1]> = {}): TwoWWState =>
  testPosition(w, { turn: 5, units, control: { ...control }, ...extra });

describe('2WW 5.1 zones of control', () => {
  it('2WW 3.4.6 each kind of unit has its own ZOC size: land 1 hex, fleet 3 hexes, air its printed range', () => {
    const s = pos({ 'fr-inf-2': '0605', 'ge-air-1': '0303' });
    const far = (from: string, hexes: string[]) => Math.max(...hexes.map((h) => w.board.distance(w.board.index(from), w.board.index(h))));
    expect(far('0605', [...landZocOfSide(s, 'allies')].map(id))).toBe(1);
    expect(far('0306', fleetZocFrom(w, w.board.index('0306')).map(id))).toBe(3);
    expect(far('0303', airZocOf(s, 'ge-air-1').map(id))).toBe(3);
  });

  it('2WW 5.1.1 a land unit exerts a ZOC into the adjacent hexes it could enter, never all-sea hexes', () => {
    const s = pos({ 'fr-inf-2': '0605' });
    const zoc = [...landZocOfSide(s, 'allies')].map(id).sort();
    expect(zoc).toEqual(nb('0605').filter((h) => w.hexes[w.board.index(h)]!.kind !== 'sea'));
  });

  it('2WW 5.1.4 ZOCs never extend across a neutral border', () => {
    const s = pos({ 'ge-inf-1': '0402' });
    const zoc = [...landZocOfSide(s, 'axis')].map(id);
    for (const h of zoc) expect(['0501', '0502']).not.toContain(h);
    expect(zoc.length).toBeGreaterThan(0);
  });

  it('2WW 5.1.2 a fleet ZOC reaches three hexes but never into all-land hexes', () => {
    const zoc = fleetZocFrom(w, w.board.index('0306')).map(id);
    expect(zoc).toContain('0606');
    expect(zoc).not.toContain('0706');
    for (const h of zoc) expect(w.hexes[w.board.index(h)]!.kind).not.toBe('land');
  });

  it('2WW 5.1.3 an air unit ZOC covers every hex within its printed range', () => {
    const s = pos({ 'ge-air-1': '0303' });
    const zoc = airZocOf(s, 'ge-air-1').map(id);
    for (const h of zoc) expect(w.board.distance(w.board.index('0303'), w.board.index(h))).toBeLessThanOrEqual(3);
    expect(zoc).toContain('0603');
    expect(zoc).not.toContain('0703');
  });
});

describe('2WW 5.2 stacking', () => {
  it('2WW 5.2.1 three infantry in a hex are one too many; the owner eliminates one (5.2.2)', () => {
    let s = startAt(pos({ 'ge-inf-1': '0303', 'ge-inf-4': '0303', 'ge-inf-6': '0303', 'ge-art-1': '0303', 'ge-fort-1': '0303', 'ge-air-1': '0303' }), [{ proc: 'stacking' }]);
    expect(stackingExcesses(s).map((e) => e.why)).toEqual(['3 armor/infantry/paratroop units (limit 2)']);
    const c = choicesOf(s, 'axis');
    expect(c).toEqual(['ge-inf-1', 'ge-inf-4', 'ge-inf-6'].map((u) => ({ type: 'eliminate', unit: u })));
    s = act(s, 'axis', { type: 'eliminate', unit: 'ge-inf-4' });
    expect(s.units['ge-inf-4']!.where).toBe(ELIMINATED);
    expect(stackingExcesses(s)).toEqual([]);
    expect(s.stack).toEqual([]);
  });

  it('2WW 12.4.3 Soviet units never stack with other Allied units', () => {
    const s = pos({ 'su-inf-1': '0703', 'fr-inf-2': '0703' }, { politics: { ussrNeutral: false } });
    expect(stackingExcesses(s).map((e) => e.rule)).toEqual(['2WW 12.4.3']);
  });

  it('2WW 5.2.1 cargo aboard fleets does not count', () => {
    const s = pos({ 'ge-fleet-surface': '0205', 'ge-sub-1': '0205', 'ge-inf-1': { where: '0205', aboard: 'ge-fleet-surface' }, 'ge-inf-4': '0205', 'ge-inf-6': '0205' });
    expect(stackingExcesses(s)).toEqual([]);
  });
});

describe('2WW 11 supply', () => {
  it('2WW 11 a unit traces a line of any length over land to a friendly capital of its home country', () => {
    const s = pos({ 'ge-inf-1': '0403' });
    expect(new SupplyNet(s, 'axis').unitInSupply('ge-inf-1')).toBe(true);
    const lost = pos({ 'ge-inf-1': '0403' }, { control: { ...control, '0101': 'allies' } });
    expect(new SupplyNet(lost, 'axis').unitInSupply('ge-inf-1')).toBe(false);
  });

  it('2WW 11.2.2 a supply line may leave but not enter an enemy land ZOC hex without a friendly land unit', () => {
    // A one-hex-wide land corridor along row 2; a French unit in 0303 (the only other land hex) covers 0302.
    const c = testWorld({
      id: 'corridor', cols: [1, 6], rows: [1, 3], country: 'ge',
      sea: ['0101', '0201', '0301', '0401', '0501', '0601', '0103', '0203', '0403', '0503', '0603'],
      capitals: { '0102': 'ge' }, cities: { '0102': 'Berlin' }, countries: { fr: ['0303'] },
    });
    const at = (units: Parameters<typeof testPosition>[1]['units']) => testPosition(c, { turn: 5, units, control: { '0102': 'axis' } });
    expect(new SupplyNet(at({ 'ge-inf-1': '0602', 'fr-inf-2': '0303' }), 'axis').unitInSupply('ge-inf-1')).toBe(false);
    expect(new SupplyNet(at({ 'ge-inf-1': '0602', 'ge-inf-4': '0302', 'fr-inf-2': '0303' }), 'axis').unitInSupply('ge-inf-1')).toBe(true);
    expect(new SupplyNet(at({ 'ge-inf-1': '0302', 'fr-inf-2': '0303' }), 'axis').unitInSupply('ge-inf-1')).toBe(true);
    expect(new SupplyNet(at({ 'ge-inf-1': '0602' }), 'axis').unitInSupply('ge-inf-1')).toBe(true);
  });

  it('2WW 11.2.2 a unit in its own port inside enemy fleet ZOC traces straight out to sea; a line may not enter that port', () => {
    // Kiel 0104 and Berlin 0101 on the mainland (columns 1-3), neutral Spain in column 4 (no line passes it); an island
    // (0504, 0601-0604) whose port 0504 lies between a northern strait (0501-0503: the British fleet in 0501, three
    // hexes away, has a ZOC reaching 0504 and no further) and the southern sea (row 5).
    const p = testWorld({
      id: 'port-in-fleet-zoc', cols: [1, 6], rows: [1, 5], country: 'ge',
      sea: ['0501', '0502', '0503', '0105', '0205', '0305', '0405', '0505', '0605'], coastal: ['0104', '0204', '0304', '0504'],
      ports: ['0104', '0504'], capitals: { '0101': 'ge' }, cities: { '0101': 'Berlin', '0104': 'Kiel', '0504': 'Island' },
      countries: { es: ['0401', '0402', '0403', '0404'] },
    });
    const at = (units: Parameters<typeof testPosition>[1]['units']) =>
      testPosition(p, { turn: 5, units: { 'gb-fleet-home': '0501', ...units }, control: { '0101': 'axis', '0104': 'axis', '0504': 'axis' } });
    expect(fleetZocFrom(p, p.board.index('0501')).map((n) => p.board.id(n)).sort()).toEqual(['0502', '0503', '0504']);
    expect(new SupplyNet(at({ 'ge-inf-1': '0504' }), 'axis').unitInSupply('ge-inf-1')).toBe(true);
    // 0604 reaches the sea only through the island port, which its line would have to enter.
    expect(new SupplyNet(at({ 'ge-inf-1': '0604' }), 'axis').unitInSupply('ge-inf-1')).toBe(false);
    expect(new SupplyNet(at({ 'ge-inf-1': '0604', 'ge-fleet-surface': '0504' }), 'axis').unitInSupply('ge-inf-1')).toBe(true);
  });

  it('2WW 11.2.1 a line crosses the sea only through friendly-controlled ports', () => {
    // A German unit in 0705 (French coast) cut off on land by the French: it traces by sea from Kiel only via a port.
    const s = pos({ 'ge-inf-1': '0605', 'fr-inf-2': '0504', 'fr-inf-3': '0604', 'fr-inf-4': '0704' }, { control: { ...control, '0605': 'axis' } });
    expect(new SupplyNet(s, 'axis').unitInSupply('ge-inf-1')).toBe(true);
    const s2 = pos({ 'ge-inf-1': '0605', 'fr-inf-2': '0504', 'fr-inf-3': '0604', 'fr-inf-4': '0704' }, { control: { ...control, '0605': 'axis', '0205': 'allies' } });
    expect(new SupplyNet(s2, 'axis').unitInSupply('ge-inf-1')).toBe(false);
  });

  it('2WW 4.2 F air units out of supply are reduced, and eliminated if already reduced', () => {
    const s = pos({ 'ge-air-1': '0703', 'ge-air-2': { where: '0702', reduced: true }, 'fr-inf-2': '0602', 'fr-inf-3': '0604', 'fr-inf-4': '0802', 'fr-inf-alp': '0804', 'fr-arm-1': '0603', 'fr-inf-col': '0701' });
    const log: string[] = [];
    supplyPhase(s, (t) => log.push(t));
    expect(s.units['ge-air-1']!.reduced).toBe(true);
    expect(s.units['ge-air-2']!.where).toBe(ELIMINATED);
    expect(log.length).toBe(2);
  });
});

describe('2WW 5.3 and 12 politics', () => {
  it('2WW 5.3.1 entering a neutral country is an invasion: the opponent takes its forces and cities; British/French invasions delay US entry', () => {
    let s = startAt(pos({ 'fr-inf-2': '0503', 'be-inf': '0501' }), [{ proc: 'movement-phase', side: 'allies' }]);
    expect(s.countries.be!.status).toBe('neutral');
    s = act(s, 'allies', { type: 'move', unit: 'fr-inf-2', to: '0502' });
    expect(s.countries.be).toEqual({ controller: 'axis', status: 'belligerent' });
    expect(s.control['0501']).toBe('axis');
    expect(s.politics.usEntryDelay).toBe(1);
  });

  it('2WW 12.4.1 Soviet units may not move while the USSR is neutral', () => {
    const s = startAt(pos({ 'su-inf-1': '0703' }), [{ proc: 'movement-phase', side: 'allies' }]);
    expect(choicesOf(s, 'allies').filter((a) => a.unit === 'su-inf-1')).toEqual([]);
  });

  it('2WW 12.1.1 Italy enters the war at the start of Summer 1940 at the latest', () => {
    const s3 = startAt(testPosition(w, { turn: 3, units: {}, control: { ...control } }), [{ proc: 'game' }]);
    expect(s3.politics.italyNeutral).toBe(true);
    // The game loop runs to the first decision: the political clock has ticked.
    const s = startAt(testPosition(w, { turn: 4, units: {}, control: { ...control } }), [{ proc: 'game' }]);
    expect(s.politics.italyNeutral).toBe(false);
  });

  it('2WW 12.2.1 the Axis capturing Paris conquers France and creates Vichy France', () => {
    let s = startAt(pos({ 'ge-inf-1': '0702', 'fr-inf-2': '0605', 'fr-fleet': '0605' }), [{ proc: 'movement-phase', side: 'axis' }]);
    s = act(s, 'axis', { type: 'move', unit: 'ge-inf-1', to: '0801' });
    expect(s.countries.fr!.status).toBe('conquered');
    expect(s.politics.vichy).toBe('neutral');
    expect(s.units['fr-inf-2']!.where).toBe('removed');
  });

  it('2WW 12.2.1 Axis units in Vichy territory go to the nearest Axis city or port; a fleet and its cargo to a port', () => {
    // Found by the campaign fuzzer (fuzz-5): a German submarine in a Vichy port was sent to the nearest Axis city,
    // an inland one, where no fleet may stand (8.3.1).
    const vw = testWorld({
      id: 'vichy-move', cols: [1, 6], rows: [1, 5], country: 'ge',
      countries: { fr: ['0401', '0402', '0403', '0404', '0501', '0502', '0503', '0504', '0601', '0602', '0603', '0604'] },
      regions: { vichy: ['0503', '0504', '0603', '0604'] },
      sea: ['0105', '0205', '0305', '0405', '0505', '0605'], coastal: ['0104', '0204', '0304', '0404', '0504', '0604'],
      ports: ['0104', '0604'], capitals: { '0101': 'ge', '0401': 'fr' },
      cities: { '0101': 'Berlin', '0104': 'Kiel', '0303': 'Munich', '0401': 'Paris', '0604': 'Marseille' },
    });
    let s = startAt(testPosition(vw, {
      turn: 5, control: { '0101': 'axis', '0104': 'axis', '0303': 'axis', '0401': 'allies', '0604': 'axis' },
      units: { 'ge-inf-1': '0301', 'ge-inf-4': '0603', 'ge-sub-1': '0604', 'ge-fleet-surface': '0604', 'ge-inf-6': { where: '0604', aboard: 'ge-fleet-surface' } },
    }), [{ proc: 'movement-phase', side: 'axis' }]);
    s = act(s, 'axis', { type: 'move', unit: 'ge-inf-1', to: '0401' });
    expect(s.politics.vichy).toBe('neutral');
    expect(s.units['ge-inf-4']!.where).toBe('0303');
    expect(s.units['ge-sub-1']!.where).toBe('0104');
    expect(s.units['ge-fleet-surface']!.where).toBe('0104');
    expect(s.units['ge-inf-6']).toMatchObject({ where: '0104', aboard: 'ge-fleet-surface' });
  });

  it('2WW 5.3.2 a country is conquered at the end of a turn when the enemy holds its capital with a supply line', () => {
    const s = startAt(pos({ 'ge-inf-1': '0501', 'be-inf': '0502' }, { countries: { ...pos({}).countries, be: { controller: 'allies', status: 'belligerent' } }, control: { ...control, '0501': 'axis' } }), [{ proc: 'game', step: 10 }]);
    expect(s.countries.be!.status).toBe('conquered');
    expect(s.countries.be!.controller).toBe('axis');
    expect(s.units['be-inf']!.where).toBe('removed');
    expect(s.turn).toBe(6);
  });

  it('2WW 5.3.3 a conquered country is liberated at the end of a turn when the other side occupies its capital with a supply line', () => {
    const conquered = { ...pos({}).countries, be: { controller: 'axis' as const, status: 'conquered' as const, conqueredBy: 'axis' as const } };
    const s = startAt(pos({ 'gb-arm-1': '0501', 'be-inf': 'removed' }, { countries: conquered, control: { ...control, '0501': 'allies' } }), [{ proc: 'game', step: 10 }]);
    expect(s.countries.be).toMatchObject({ controller: 'allies', status: 'liberated' });
    expect(s.units['be-inf']!.where).toBe('pool');
  });

  it('2WW 12.5 the Iraqi rebellion: a 5 or 6 from Winter 1941', () => {
    const s = startAt(testPosition(w, { turn: 6, units: {}, control: { ...control } }), [{ proc: 'game' }], 'iraq', [5]);
    expect(s.politics.iraq).toBe('rebel');
    const s2 = startAt(testPosition(w, { turn: 6, units: {}, control: { ...control } }), [{ proc: 'game' }], 'iraq', [4]);
    expect(s2.politics.iraq).toBe('closed');
  });
});

describe('2WW 12 special rules', () => {
  it('2WW 12.5.2 the Allies taking Baghdad conquer Iraq: its unit leaves the map wherever it stands (5.3.2)', () => {
    const iw = testWorld({
      id: 'iraq-test', cols: [1, 4], rows: [1, 3], country: 'gb',
      countries: { iq: ['0301', '0302', '0303', '0401', '0402', '0403'], ge: ['0103'] },
      capitals: { '0101': 'gb', '0401': 'iq' }, cities: { '0401': 'Baghdad' },
    });
    let s = startAt(testPosition(iw, {
      turn: 8, units: { 'gb-arm-1': '0302', 'iq-inf': '0103', 'ge-inf-17': '0103' },
      control: { '0101': 'allies', '0401': 'axis' },
      politics: { iraq: 'rebel' }, countries: { iq: { controller: 'axis', status: 'belligerent' } },
    }), [{ proc: 'movement-phase', side: 'allies' }]);
    s = act(s, 'allies', { type: 'move', unit: 'gb-arm-1', to: '0401' });
    expect(s.politics.iraq).toBe('allied-conquered');
    expect(s.countries.iq).toMatchObject({ controller: 'allies', status: 'conquered' });
    expect(s.units['iq-inf']!.where).toBe('removed');
    expect(s.units['ge-inf-17']!.where).toBe('0103');
  });

  it('2WW 12.1.2 the Allies may not enter an Axis minor until an Axis unit has crossed its border', () => {
    const hw = testWorld({ id: 'minor-test', cols: [1, 4], rows: [1, 3], country: 'fr', countries: { hu: ['0301', '0302', '0303', '0401', '0402', '0403'] }, capitals: { '0101': 'fr', '0401': 'hu' } });
    const at = (politics: Partial<TwoWWState['politics']>) => startAt(testPosition(hw, { turn: 5, units: { 'fr-inf-2': '0202', 'hu-inf': '0403' }, control: { '0101': 'allies', '0401': 'axis' }, politics }), [{ proc: 'movement-phase', side: 'allies' }]);
    const closed = at({});
    for (const a of choicesOf(closed, 'allies')) if (a.unit === 'fr-inf-2' && a.to) expect(hw.hexes[hw.board.index(a.to as string)]!.country).toBe('fr');
    const open = at({ axisMinorsOpened: ['hu'] });
    expect(choicesOf(open, 'allies').some((a) => a.unit === 'fr-inf-2' && a.to === '0302')).toBe(true);
  });

  it('2WW 12.1.2 an Axis unit crossing an Axis minor border opens it to the Allies', () => {
    const hw = testWorld({ id: 'minor-test-2', cols: [1, 4], rows: [1, 3], country: 'ge', countries: { hu: ['0301', '0302', '0303', '0401', '0402', '0403'] }, capitals: { '0101': 'ge', '0401': 'hu' } });
    let s = startAt(testPosition(hw, { turn: 5, units: { 'ge-inf-1': '0202' }, control: { '0101': 'axis', '0401': 'axis' } }), [{ proc: 'movement-phase', side: 'axis' }]);
    s = act(s, 'axis', { type: 'move', unit: 'ge-inf-1', to: '0302' });
    expect(s.politics.axisMinorsOpened).toEqual(['hu']);
  });

  it('2WW 5.3.1 after US entry British and French units may not invade neutrals', () => {
    const s = startAt(pos({ 'fr-inf-2': '0503' }, { politics: { usEntered: true } }), [{ proc: 'movement-phase', side: 'allies' }]);
    expect(choicesOf(s, 'allies').some((a) => a.unit === 'fr-inf-2' && (a.to === '0502' || a.to === '0501'))).toBe(false);
  });

  it('2WW 12.2.2 an Allied unit entering Toulon ends Vichy: the French units join the Allies', () => {
    const vw = testWorld({
      id: 'vichy-test', cols: [1, 4], rows: [1, 3], country: 'fr', regions: { vichy: ['0302', '0303', '0402', '0403'] },
      cities: { '0101': 'Paris', '0403': 'Toulon', '0302': 'Algiers' }, capitals: { '0101': 'fr', '0401': 'gb' }, countries: { gb: ['0401'] },
    });
    let s = startAt(testPosition(vw, {
      turn: 12, units: { 'gb-arm-1': '0202', 'fr-fleet': { where: '0403', owner: 'neutral', permanent: true } },
      countries: { ...pos({}).countries, fr: { controller: 'axis', status: 'conquered', conqueredBy: 'axis' } },
      politics: { vichy: 'neutral', usEntered: true }, control: { '0101': 'axis', '0401': 'allies' },
    }), [{ proc: 'movement-phase', side: 'allies' }]);
    s = act(s, 'allies', { type: 'move', unit: 'gb-arm-1', to: '0302' });
    expect(s.politics.vichy).toBe('allied');
    expect(s.units['fr-fleet']!.owner).toBe('allies');
    expect(s.control['0403']).toBe('allies');
  });

  describe('2WW 12.2.2 Vichy France held by its own units', () => {
    // Southern France (Vichy): Toulon 0403 (the French fleet), Marseille 0303; Algeria (Fr): Algiers 0501 (the
    // Colonial infantry), 0402 and 0502. London 0101 and Britain in column 1; occupied France in column 2.
    const vw = testWorld({
      id: 'vichy-held', cols: [1, 5], rows: [1, 3], country: 'fr', countries: { gb: ['0101', '0102', '0103'] },
      regions: { vichy: ['0301', '0302', '0303', '0403'], algeria: ['0401', '0402', '0501', '0502', '0503'] },
      overseas: ['0401', '0402', '0501', '0502', '0503'], territoryCapitals: ['0501'], vichyProduction: ['0403'],
      cities: { '0101': 'London', '0201': 'Paris', '0102': 'Birmingham', '0403': 'Toulon', '0303': 'Marseille', '0501': 'Algiers' },
      capitals: { '0101': 'gb', '0201': 'fr' }, production: ['0102'],
    });
    const vichy = (units: Parameters<typeof testPosition>[1]['units'], politics: Partial<TwoWWState['politics']> = {}) => testPosition(vw, {
      turn: 12, units: { 'fr-inf-col': { where: '0501', owner: 'neutral', permanent: true }, 'fr-fleet': { where: '0403', owner: 'neutral', permanent: true }, ...units },
      countries: { ...pos({}).countries, fr: { controller: 'axis', status: 'conquered', conqueredBy: 'axis' } },
      politics: { vichy: 'neutral', usEntered: true, ...politics }, control: { '0101': 'allies', '0102': 'allies', '0201': 'axis' },
    });

    it('2WW 12.2.2 the Allies occupy Algiers while the Vichy Colonial infantry holds it: Vichy ends and the infantry joins them', () => {
      const before = startAt(vichy({ 'gb-arm-1': '0402' }, { usEntered: false }), [{ proc: 'movement-phase', side: 'allies' }]);
      expect(destinations(before, 'allies', 'gb-arm-1').filter((h) => h !== '0101' && h !== '0102' && h !== '0103' && !h.startsWith('02'))).toEqual([]);
      let s = startAt(vichy({ 'gb-arm-1': '0402' }), [{ proc: 'movement-phase', side: 'allies' }]);
      expect(destinations(s, 'allies', 'gb-arm-1')).toContain('0501');
      s = act(s, 'allies', { type: 'move', unit: 'gb-arm-1', to: '0501' });
      expect(s.politics.vichy).toBe('allied');
      expect([s.units['gb-arm-1']!.where, s.units['fr-inf-col']!.owner, s.units['fr-fleet']!.owner]).toEqual(['0501', 'allies', 'allies']);
      expect([s.control['0501'], s.control['0403']]).toEqual(['allies', 'allies']);
    });

    it('2WW 12.2.2 Toulon is an Allied production city once Vichy has ended, while the Allies hold it (ruling V-2)', () => {
      const during = vichy({});
      expect(productionPoints(during).gb!.parts.some((p) => p.source === '0403')).toBe(false);
      const after = vichy({}, { vichy: 'allied' });
      after.control['0403'] = 'allies';
      expect(productionPoints(after).gb!.parts.filter((p) => p.source === '0403')).toEqual([{ source: '0403', points: 1, rule: '2WW 7.1.1' }]);
      expect(bombableCities(after, 'axis')).toContain('0403');
      after.control['0403'] = 'axis';
      expect(productionPoints(after).ge?.parts.some((p) => p.source === '0403') ?? false).toBe(false);
    });

    it('2WW 7.2.4 the Free French armor is never placed in Vichy-held Algiers or Toulon, only once they are Allied-controlled', () => {
      const s = vichy({ 'fr-arm-ff1': 'pool' });
      expect(placementHexes(s, 'fr-arm-ff1')).toEqual(['0102']);
      const after = vichy({ 'fr-arm-ff1': 'pool' }, { vichy: 'allied' });
      Object.assign(after.control, { '0403': 'allies', '0501': 'allies' });
      expect(placementHexes(after, 'fr-arm-ff1')).toEqual(['0102', '0403', '0501']);
    });

    it('2WW 5.1.4 an Allied unit moving inside neutral Vichy territory ignores the Vichy unit\'s ZOC', () => {
      // 0402 is next to the Colonial infantry in Algiers: a British armor entering it is not stopped there (5.1.1).
      const s = startAt(vichy({ 'gb-arm-1': '0401' }), [{ proc: 'movement-phase', side: 'allies' }]);
      const r = act(s, 'allies', { type: 'move', unit: 'gb-arm-1', to: '0402' });
      expect(r.units['gb-arm-1']!.mpUsed).toBe(1);
      expect(destinations(r, 'allies', 'gb-arm-1')).toContain('0302');
      expect(r.politics.vichy).toBe('neutral');
    });
  });

  describe('2WW 12.2.3 the (Fr) territories after Vichy', () => {
    // Southern France (Toulon 0403, Marseille 0302), Algeria (Algiers 0501 its capital, Oran 0602), Tunisia (Tunis 0603).
    const fw = testWorld({
      id: 'fr-territories-test', cols: [1, 6], rows: [1, 3], country: 'fr',
      regions: { vichy: ['0302', '0303', '0402', '0403'], algeria: ['0501', '0502', '0601', '0602'], tunisia: ['0503', '0603'] },
      overseas: ['0501', '0502', '0601', '0602', '0503', '0603'], territoryCapitals: ['0501', '0603'],
      cities: { '0101': 'Paris', '0403': 'Toulon', '0302': 'Marseille', '0501': 'Algiers', '0602': 'Oran', '0603': 'Tunis' },
      capitals: { '0101': 'fr' },
    });
    const allied = { '0403': 'allies', '0302': 'allies', '0501': 'allies', '0602': 'allies', '0603': 'allies' } as const;
    const after = (units: Parameters<typeof testPosition>[1]['units']) => startAt(testPosition(fw, {
      turn: 14, units, countries: { ...pos({}).countries, fr: { controller: 'axis', status: 'conquered', conqueredBy: 'axis' } },
      politics: { vichy: 'allied', usEntered: true }, control: { '0101': 'axis', ...allied },
    }), [{ proc: 'movement-phase', side: 'axis' }]);

    it('2WW 12.2.3 a territory changes sides the instant an enemy unit enters its capital', () => {
      let s = after({ 'ge-inf-1': '0402' });
      s = act(s, 'axis', { type: 'move', unit: 'ge-inf-1', to: '0501' });
      expect([s.control['0501'], s.control['0602']]).toEqual(['axis', 'axis']); // Algiers and Oran
      expect([s.control['0603'], s.control['0403'], s.control['0302']]).toEqual(['allies', 'allies', 'allies']);
    });

    it('2WW 12.2.3 taking Toulon takes southern France and every territory whose capital the enemy does not occupy', () => {
      let s = after({ 'ge-inf-1': '0302', 'fr-inf-col': { where: '0603', owner: 'allies', permanent: true } });
      s = act(s, 'axis', { type: 'move', unit: 'ge-inf-1', to: '0403' });
      expect([s.control['0403'], s.control['0302']]).toEqual(['axis', 'axis']);
      expect([s.control['0501'], s.control['0602']]).toEqual(['axis', 'axis']);
      expect(s.control['0603']).toBe('allies'); // Tunis: the French Colonial infantry holds the capital
    });
  });

  it('2WW 8.1.2 rail movement never enters Libya, French North Africa and the other listed regions', () => {
    const rw = testWorld({ id: 'rail-test', cols: [1, 5], rows: [1, 2], country: 'it', regions: { libya: ['0401', '0402', '0501', '0502'] }, noRail: ['0401', '0402', '0501', '0502'], capitals: { '0101': 'it' } });
    const s = startAt(testPosition(rw, { turn: 5, units: { 'it-inf-2': '0101' }, control: { '0101': 'axis' }, politics: { italyNeutral: false } }), [{ proc: 'movement-phase', side: 'axis' }]);
    const rail = choicesOf(s, 'axis').filter((a) => a.type === 'rail').map((a) => a.to);
    expect(rail).toContain('0301');
    for (const h of ['0401', '0402', '0501', '0502']) expect(rail).not.toContain(h);
  });
});

describe('2WW 13 victory', () => {
  const base = pos({});
  const withAxis = (axis: string[]): TwoWWState => {
    const s = structuredClone(base);
    for (const c of Object.keys(s.countries)) s.countries[c] = { controller: axis.includes(c) ? 'axis' : 'allies', status: 'belligerent' };
    return s;
  };
  it('2WW 13.1 Allied total victory when no power on the map is Axis-controlled', () => {
    expect(victoryLevel(withAxis([])).result).toMatch(/^Allied total victory/);
  });
  it('2WW 13.1 Allied major victory when Germany is the only Axis-controlled power', () => {
    expect(victoryLevel(withAxis(['ge'])).result).toMatch(/^Allied major victory/);
  });
  it('2WW 13.1 Allied minor victory when Germany and one other power are Axis-controlled', () => {
    expect(victoryLevel(withAxis(['ge', 'be'])).result).toMatch(/^Allied minor victory/);
  });
  it('2WW 13.2 Axis minor victory with Germany and two other powers', () => {
    const o = victoryLevel(withAxis(['ge', 'be', 'fr']));
    expect(o.result).toMatch(/^Axis minor victory/);
    expect(o.winner).toBe('axis');
  });
});

describe('2WW 11 supply in neutral home countries', () => {
  it('2WW 11 Italian units are supplied inside neutral Italy (12.1.1)', () => {
    const iw = testWorld({ id: 'italy-supply', cols: [1, 4], rows: [1, 2], country: 'it', capitals: { '0101': 'it' }, cities: { '0101': 'Rome' } });
    const s = testPosition(iw, { turn: 2, units: { 'it-inf-2': '0402' }, control: { '0101': 'axis' } });
    expect(s.politics.italyNeutral).toBe(true);
    expect(new SupplyNet(s, 'axis').unitInSupply('it-inf-2')).toBe(true);
  });
});
