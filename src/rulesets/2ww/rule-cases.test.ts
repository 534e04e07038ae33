// Rule cases that had no test named after them (issue 20: read each section once more against the code).
import { describe, expect, it } from 'vitest';
import { act, choicesOf, destinations, startAt, testPosition, testWorld } from './testing.ts';
import { stackingExcesses } from './stacking.ts';
import { SupplyNet } from './supply.ts';

describe('2WW 11.2.3 US supply', () => {
  // All land, two rows: London (0101), an Axis wall in column 3 whose ZOC cuts the board, Algiers (0601) beyond it.
  const w = testWorld({
    id: 'us-supply', cols: [1, 6], rows: [1, 2], country: 'gb', countries: { fr: ['0501', '0502', '0601', '0602'] },
    capitals: { '0101': 'gb' }, cities: { '0101': 'London', '0601': 'Algiers' },
  });
  it('2WW 11.2.3 a US unit traces to Algiers when London is Allied but out of reach', () => {
    const s = testPosition(w, {
      turn: 10, politics: { usEntered: true }, control: { '0101': 'allies', '0601': 'allies' },
      units: { 'us-arm-1': '0602', 'gb-arm-1': '0102', 'ge-inf-1': '0301', 'ge-inf-4': '0302' },
    });
    const net = new SupplyNet(s, 'allies');
    expect(net.unitInSupply('gb-arm-1')).toBe(true);
    expect(net.unitInSupply('us-arm-1')).toBe(true);
    s.control['0601'] = 'axis';
    expect(new SupplyNet(s, 'allies').unitInSupply('us-arm-1')).toBe(false);
  });
});

describe('2WW 5.2.4, 8.3.6, 10.1.2 boxes, the US port, Armored Action', () => {
  // Germany (columns 1-4) and France (5-8), a sea strip in row 6; its west end (0106) links to the Atlantic ocean box,
  // which links to its land portion, the United States.
  const w = testWorld({
    id: 'boxes-test', cols: [1, 8], rows: [1, 6], country: 'ge',
    countries: { fr: ['0501', '0502', '0503', '0504', '0505', '0601', '0602', '0603', '0604', '0605', '0701', '0702', '0703', '0704', '0705', '0801', '0802', '0803', '0804', '0805'] },
    sea: ['0106', '0206', '0306', '0406', '0506', '0606', '0706', '0806'],
    coastal: ['0105', '0205', '0305', '0405', '0505', '0605', '0705', '0805'], ports: ['0205', '0605'],
    capitals: { '0101': 'ge', '0801': 'fr' }, cities: { '0101': 'Berlin', '0801': 'Paris', '0205': 'Kiel', '0605': 'Brest' },
    boxes: [
      { id: 'atlantic-ocean', alliedOnly: false, links: [{ to: ['0106'], cost: 30 }, { to: ['atlantic-land'], cost: 0 }] },
      { id: 'atlantic-land', alliedOnly: true, land: true, links: [] },
    ],
  });
  const control = { '0101': 'axis', '0801': 'allies', '0205': 'axis', '0605': 'allies' } as const;

  it('2WW 5.2.4 no stacking limit in a sea-zone box', () => {
    const s = testPosition(w, { turn: 10, control: { ...control }, units: { 'us-fleet-8': 'atlantic-ocean', 'us-fleet-10': 'atlantic-ocean', 'us-fleet-12': 'atlantic-ocean', 'gb-fleet-home': '0606', 'gb-fleet-medit': '0606', 'gb-fleet-channel': '0606' } });
    expect(stackingExcesses(s).map((e) => e.hex)).toEqual(['0606']);
  });

  it('2WW 8.3.6 the United States is a port: a US unit there boards a US fleet, which enters the Atlantic', () => {
    let s = startAt(testPosition(w, { turn: 10, politics: { usEntered: true }, control: { ...control }, units: { 'us-arm-1': 'atlantic-land', 'us-fleet-8': 'atlantic-land' } }), [{ proc: 'movement-phase', side: 'allies' }]);
    s = act(s, 'allies', { type: 'embark', unit: 'us-arm-1', fleet: 'us-fleet-8' });
    expect(destinations(s, 'allies', 'us-fleet-8')).toContain('atlantic-ocean');
    s = act(s, 'allies', { type: 'move', unit: 'us-fleet-8', to: 'atlantic-ocean' });
    expect(s.units['us-arm-1']).toMatchObject({ where: 'atlantic-ocean', aboard: 'us-fleet-8' });
  });

  it('2WW 10.1.2 no rail movement, airdrop or landing in Armored Action', () => {
    const normal = startAt(testPosition(w, { turn: 10, control: { ...control }, units: { 'ge-arm-1': '0102' } }), [{ proc: 'movement-phase', side: 'axis' }]);
    expect(choicesOf(normal, 'axis').some((a) => a.type === 'rail')).toBe(true);
    const armored = startAt(testPosition(w, { turn: 10, control: { ...control }, units: { 'ge-arm-1': '0102', 'ge-arm-2': { where: '0206', aboard: 'ge-fleet-surface' }, 'ge-fleet-surface': '0206' } }), [{ proc: 'movement-phase', side: 'axis', armored: true }]);
    const types = new Set(choicesOf(armored, 'axis').map((a) => a.type));
    expect(types.has('move')).toBe(true);
    for (const t of ['rail', 'airdrop', 'land', 'embark']) expect(types.has(t)).toBe(false);
  });
});

describe('2WW 8.1.3 amphibious landing', () => {
  // Germany (columns 1-2), neutral Belgium (3), France (4-6); a sea row 4 with the coast in row 3 (Kiel 0103, Brest 0503).
  const w = testWorld({
    id: 'landing-test', cols: [1, 6], rows: [1, 4], country: 'ge',
    countries: { be: ['0301', '0302', '0303'], fr: ['0401', '0402', '0403', '0501', '0502', '0503', '0601', '0602', '0603'] },
    sea: ['0104', '0204', '0304', '0404', '0504', '0604'], coastal: ['0103', '0203', '0303', '0403', '0503', '0603'],
    ports: ['0103', '0503'], capitals: { '0101': 'ge', '0601': 'fr', '0301': 'be' },
    cities: { '0101': 'Berlin', '0103': 'Kiel', '0601': 'Paris', '0301': 'Brussels', '0503': 'Brest' },
  });
  const sail = (to: string) => {
    const s = startAt(testPosition(w, {
      turn: 5, control: { '0101': 'axis', '0103': 'axis', '0601': 'allies', '0503': 'allies' },
      units: { 'ge-fleet-surface': '0104', 'ge-inf-1': { where: '0104', aboard: 'ge-fleet-surface' } },
    }), [{ proc: 'movement-phase', side: 'axis' }]);
    return act(s, 'axis', { type: 'move', unit: 'ge-fleet-surface', to });
  };

  it('2WW 8.1.3.1, 8.1.3.2 a unit lands on a friendly non-port coast hex and stops there; its fleet sails on', () => {
    let s = sail('0203');
    s = act(s, 'axis', { type: 'land', unit: 'ge-inf-1' });
    expect(s.units['ge-inf-1']).toMatchObject({ where: '0203' });
    expect(s.units['ge-inf-1']!.aboard).toBeUndefined();
    expect(destinations(s, 'axis', 'ge-inf-1')).toEqual([]);
    expect(destinations(s, 'axis', 'ge-fleet-surface')).toContain('0104');
  });

  it('2WW 8.1.3.3 a landing in a neutral country invades it; in an enemy country only an assault on a port', () => {
    let s = sail('0303');
    s = act(s, 'axis', { type: 'land', unit: 'ge-inf-1' });
    expect(s.countries.be).toMatchObject({ controller: 'allies' });
    const french = sail('0403');
    expect(choicesOf(french, 'axis').filter((a) => a.type === 'land')).toEqual([]);
  });
});

describe('2WW 9.2.1 air strikes', () => {
  const w = testWorld({ id: 'strike-test', cols: [1, 6], rows: [1, 3], country: 'ge', countries: { fr: ['0401', '0402', '0403', '0501', '0502', '0503', '0601', '0602', '0603'] }, capitals: { '0101': 'ge', '0601': 'fr' }, cities: { '0101': 'Berlin', '0601': 'Paris' } });
  it('2WW 9.2.1 air units strike no hex holding only enemy land units; enemy air in the hex makes it a target', () => {
    const combat = (units: Parameters<typeof testPosition>[1]['units']) =>
      startAt(testPosition(w, { turn: 5, control: { '0101': 'axis', '0601': 'allies' }, units }), [{ proc: 'combat-phase', side: 'axis' }]);
    const strikes = (s: ReturnType<typeof combat>) => choicesOf(s, 'axis').filter((a) => a.type === 'attack' && a.mode === 'strike').map((a) => a.hex);
    expect(strikes(combat({ 'ge-air-1': '0202', 'fr-inf-2': '0402' }))).toEqual([]);
    expect(strikes(combat({ 'ge-air-1': '0202', 'fr-inf-2': '0402', 'fr-air-1': '0402' }))).toEqual(['0402']);
  });
});
