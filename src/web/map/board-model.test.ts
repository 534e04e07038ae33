import { describe, expect, it } from 'vitest';
import { faceDesignation, nameHexesIn, pieceName, placeLabel, windowAssets, type Assets } from './board-model.ts';

const assets: Assets = {
  board: {
    hex: {
      sheets: [{ prefix: '', cols: [1, 2], rows: [1, 2], offset: 'odd-down' }],
      hexes: { '0101': { kind: 'land', city: { name: 'Lublin' } }, '0102': { kind: 'land' }, '0201': { kind: 'sea', label: 'Baltic' } },
      hexsides: { '0101/0102': { features: ['river'] }, '0101/0201': { features: ['river'] } },
      land: [[[0, 0], [1, 0], [1, 1]]],
    },
    areas: { north: { name: 'Northland', kind: 'land', polygons: [[[0, 0], [1, 0], [1, 1]]], label: [0.5, 0.5] } },
    boxes: [{ id: 'north-sea', name: 'North Sea', scenarios: ['naval'] }, { id: 'atlantic', name: 'Atlantic' }],
    windows: { small: ['0101', '0102'], naval: [] },
  },
  counters: {
    powers: { ge: { name: 'Germany', side: 'axis', color: '#999', abbr: 'GE' } },
    types: { inf: { name: 'infantry', symbol: 'infantry' } },
    units: { 'ge-inf-4': { power: 'ge', type: 'inf', name: '4th', full: [4, 3], reduced: [2, 3] } },
  },
};

describe('the board as the client names and cuts it', () => {
  it('places are named for players: a hex with its city or label, an area, a box, a pool', () => {
    expect(placeLabel(assets, '0101')).toBe('0101 Lublin');
    expect(placeLabel(assets, '0201')).toBe('0201 Baltic');
    expect(placeLabel(assets, '0102')).toBe('0102');
    expect(placeLabel(assets, 'north')).toBe('Northland');
    expect(placeLabel(assets, 'atlantic')).toBe('Atlantic');
    expect(placeLabel(assets, 'pool')).toBe('Force pool');
  });

  it('pieces are named by power, designation and type; a stack of several by its count', () => {
    expect(pieceName({ id: 'ge-inf-4', where: '0101', side: 'axis', power: 'ge', type: 'inf' }, assets.counters)).toBe('GE 4th infantry');
    expect(pieceName({ id: 'x', where: 'north', side: 'axis', power: 'ge', type: 'inf', count: 3 }, assets.counters)).toBe('3 × GE infantry');
    expect(pieceName({ id: 'y', where: 'north', side: 'axis', power: 'ge', type: 'inf', hidden: true }, assets.counters)).toBe('Axis unit');
    // A designation that says the type is the whole name, as the rule set's choices say it (#21: one name per unit).
    expect(pieceName({ id: 'z', where: 'north', side: 'axis', power: 'ge', type: 'inf', name: 'German infantry' }, assets.counters)).toBe('German infantry');
    // A name the view gives other than the printed designation is the unit's own (2WW's "Kriegsmarine", ETO's transports).
    expect(pieceName({ id: 'ge-inf-4', where: '0101', side: 'axis', power: 'ge', type: 'inf', name: 'Afrika Korps' }, assets.counters)).toBe('Afrika Korps');
  });

  it('a counter face prints what the whole name adds to the nation, type and factors, so it stays on the counter', () => {
    expect(faceDesignation('4th', 'infantry', 'Germany')).toBe('4th');
    expect(faceDesignation('German fighter 4*-4/3', 'fighter', 'Germany')).toBeUndefined();
    expect(faceDesignation('General Guderian', 'general', 'Germany')).toBe('Guderian');
    expect(faceDesignation('Volksgrenadier infantry', 'infantry', 'Germany')).toBe('Volksgrenadier');
    expect(faceDesignation('British bomber 4-12', 'bomber', 'Britain')).toBeUndefined();
  });

  it('a scenario window keeps its hexes and the hexsides between them, drops the coast; boxes of other scenarios go', () => {
    const w = windowAssets(assets, 'small').board;
    expect(Object.keys(w.hex!.hexes).sort()).toEqual(['0101', '0102']);
    expect(Object.keys(w.hex!.hexsides!)).toEqual(['0101/0102']);
    expect(w.hex!.land).toBeUndefined();
    expect(w.areas).toEqual({});
    expect(w.boxes!.map((b) => b.id)).toEqual(['atlantic']);
    const naval = windowAssets(assets, 'naval').board;
    expect(naval.hex).toBeUndefined();
    expect(naval.boxes!.map((b) => b.id)).toEqual(['north-sea', 'atlantic']);
    expect(windowAssets(assets, 'other').board.hex!.land).toBeDefined();
  });
});

describe('nameHexesIn: hexes a log line cites by id are named as players know them', () => {
  const eto: Assets = {
    board: { hex: { sheets: [{ prefix: 'W', cols: [33, 34], rows: [21, 22], offset: 'odd-down' }], hexes: {
      W3321: { kind: 'land', city: { name: 'Bastogne' } }, W3322: { kind: 'land' }, W3421: { kind: 'land', city: { name: 'Cologne' } }, '1939': { kind: 'land', city: { name: 'Year' } },
      '2106': { kind: 'land', city: { name: 'Berlin' } }, '2204': { kind: 'land' },
    } } },
  } as unknown as Assets;
  it('adds the city to an id, leaves hexes without one, years and ids already named', () => {
    expect(nameHexesIn(eto, 'Attack on W3321: 21 vs 6 (3-1)')).toBe('Attack on W3321 Bastogne: 21 vs 6 (3-1)');
    expect(nameHexesIn(eto, 'US armor move W3322 > W3421 > W3322')).toBe('US armor move W3322 > W3421 Cologne > W3322');
    expect(nameHexesIn(eto, 'Attack Bastogne (W3321); W3421 Cologne holds; Autumn 1939')).toBe('Attack Bastogne (W3321); W3421 Cologne holds; Autumn 1939');
    expect(nameHexesIn(null, 'W3321')).toBe('W3321');
    // 2WW's ids are numbers: named too, the years of the war never.
    expect(nameHexesIn(eto, 'GE 2d armor moves 2204 > 2106 > 2204 (Autumn 1939)')).toBe('GE 2d armor moves 2204 > 2106 Berlin > 2204 (Autumn 1939)');
  });
});
