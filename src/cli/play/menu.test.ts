import { describe, expect, it } from 'vitest';
import type { Choice } from '../../engine/index.ts';
import { choiceByLabel, GROUP_ABOVE, groupSummary, menuItems } from './menu.ts';
import { columns, dataLine, dataLines, eventLines, eventsLines, makeStyle, viewSummary, wrap } from './render.ts';

const moves: Choice[] = [];
for (const unit of ['ge-inf-1', 'ge-inf-2', 'ge-arm-1']) {
  for (let h = 0; h < 40; h++) moves.push({ action: { type: 'move', unit, to: String(2200 + h) }, label: `Move ${unit} to ${2200 + h}`, refs: { units: [unit], place: String(2200 + h) } });
  moves.push({ action: { type: 'rail', unit, to: '2106' }, label: `Rail ${unit} to 2106`, refs: { units: [unit], place: '2106' } });
}
moves.push({ action: { type: 'end-phase' }, label: 'End the movement phase' });

describe('choice menu', () => {
  it('2WW 8: a long movement list is grouped by the unit each choice points at (refs), with lone choices shown as they are', () => {
    const items = menuItems(moves, { filter: [], group: null });
    expect(items).toHaveLength(4);
    expect(items.slice(0, 3).map((i) => ('group' in i ? i.group.key : null))).toEqual(['ge-inf-1', 'ge-inf-2', 'ge-arm-1']);
    expect('group' in items[0]! && groupSummary(items[0].group)).toBe('move 40, rail 1');
    expect('choice' in items[3]! && items[3].choice.label).toBe('End the movement phase');
  });

  it('a filter keeps choices containing every word; a short result is flat, an open group lists its choices', () => {
    const f = menuItems(moves, { filter: ['inf-2', '2106'], group: null });
    expect(f.map((i) => ('choice' in i ? i.choice.label : '?'))).toEqual(['Rail ge-inf-2 to 2106']);
    expect(menuItems(moves, { filter: [], group: 'ge-arm-1' })).toHaveLength(41);
    expect(menuItems(moves.slice(0, GROUP_ABOVE), { filter: [], group: null }).every((i) => 'choice' in i)).toBe(true);
    expect(menuItems(moves, { filter: ['sofia'], group: null }, (c) => (c.action.to === '2211' ? 'Sofia' : ''))).toHaveLength(3);
  });

  it('a structured prompt\'s groups lead the menu; an open one lists the choices the kernel gave it', () => {
    const groups = [{ key: 'A1', label: 'Stack in A1', structured: true, choices: [moves[0]!] }, { key: 'A2', label: 'Stack in A2', structured: true, choices: [] }];
    const end = moves[moves.length - 1]!;
    const items = menuItems([end], { filter: [], group: null }, () => '', { groups });
    expect(items.map((i) => ('group' in i ? i.group.label : i.choice.label))).toEqual(['Stack in A1', 'Stack in A2', 'End the movement phase']);
    expect(menuItems([end], { filter: [], group: 'A1' }, () => '', { groups })).toEqual([{ choice: moves[0] }]);
    expect(menuItems([end], { filter: ['a2'], group: null }, () => '', { groups }).map((i) => 'group' in i && i.group.key)).toEqual(['A2']);
  });

  it('a label typed in full picks its choice, ignoring case and spacing', () => {
    expect(choiceByLabel(moves, '  move GE-ARM-1   to 2205')?.action).toEqual({ type: 'move', unit: 'ge-arm-1', to: '2205' });
    expect(choiceByLabel(moves, 'Move ge-arm-1 to 9999')).toBeUndefined();
  });
});

describe('rendering', () => {
  const st = makeStyle(false);
  it('2WW 9.2: a die shows its faces, purpose and rule; combat data gives its arithmetic in one line', () => {
    expect(eventLines({ text: 'x', rule: '2WW 9.2', roll: { sides: 6, count: 2, faces: [4, 5], total: 9, purpose: 'axis air fire', rule: '2WW 9.2' } }, st, ''))
      .toEqual(['2d6: 4+5=9  axis air fire [2WW 9.2]']);
    // BKG advanced 6.5.1: each die hits on its own; a sum would mean nothing.
    const each = { sides: 6, count: 4, faces: [6, 2, 5, 4], total: 17, purpose: 'Germany (land): 4 dice at strength 4', rule: 'BKG advanced 6.5.1', each: true as const };
    expect(eventLines({ text: 'x', rule: 'BKG advanced 6.5.1', roll: each }, st, '')).toEqual(['4×d6: 6, 2, 5, 4  Germany (land): 4 dice at strength 4 [BKG advanced 6.5.1]']);
    expect(dataLine({ strengths: { attacker: 12, defender: 6 }, column: '2-1', die: { attacker: 4, defender: null }, winner: 'attacker' }))
      .toBe('strengths: attacker 12, defender 6; column 2-1; die: attacker 4; winner attacker');
    expect(dataLine({ unit: 'ge-inf-1', from: '1905', to: '1804' })).toBeNull(); // no figures: the text says it all
  });

  it('2WW 9.1.3: a combat whose data has the same fields for both sides prints as a table', () => {
    const land = {
      line: 'Land vs Land', strengths: { attacker: 12, defender: 6 }, column: { attacker: '7-9', defender: '5-6' },
      die: { attacker: 9, defender: 4 }, result: { attacker: 2, defender: 1 }, shifts: { attacker: -1 }, winner: 'attacker',
    };
    expect(dataLines(land, 80)).toEqual([
      '           attacker  defender',
      'strengths  12        6',
      'column     7-9       5-6',
      'die        9         4',
      'result     2         1',
      'line Land vs Land; shifts: attacker -1; winner attacker',
    ]);
    const air = { attacker: { strength: 4, die: 9, result: 0 }, defender: { strength: 3, die: 4, result: 1 } };
    expect(dataLines(air, 80)).toEqual(['          attacker  defender', 'strength  4         3', 'die       9         4', 'result    0         1']);
  });

  it('2WW 4.2 B.2: a table row too long for the width wraps under its last column, each listed record apart', () => {
    const parts = (n: number) => Array.from({ length: n }, (_, i) => ({ source: `15${i}4`, points: 1, rule: '2WW 7.1.1' }));
    const points = { gb: { total: 6, parts: parts(3) }, fi: { total: 1, parts: [{ source: 'winter', points: 1, rule: '2WW 7.1.3' }] } };
    const lines = dataLines(points, 60);
    expect(lines).toEqual([
      '    total  parts',
      'gb  6      source 1504 points 1 rule 2WW 7.1.1; source 1514',
      '           points 1 rule 2WW 7.1.1; source 1524 points 1',
      '           rule 2WW 7.1.1',
      'fi  1      source winter points 1 rule 2WW 7.1.3',
    ]);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(60);
  });

  it('ETO 8.4: a die with a long purpose wraps under it, the rule last', () => {
    const roll = { sides: 6, count: 1, faces: [5], total: 5, purpose: 'Search by DD squadron, CL squadron, Cornwall, Exeter, Norfolk, Glorious in North Sea', rule: 'ETO 8.4' };
    expect(eventLines({ text: 'x', rule: 'ETO 8.4', roll }, st, '  ', 60)).toEqual([
      '  1d6: 5  Search by DD squadron, CL squadron, Cornwall,',
      '    Exeter, Norfolk, Glorious in North Sea [ETO 8.4]',
    ]);
  });

  it('BKG advanced 4.1: a run of single dice for one purpose is one line; two alone stay apart', () => {
    const die = (face: number, sides: number) => ({ text: 'x', rule: 'BKG advanced 4.1', roll: { sides, count: 1, faces: [face], total: face, purpose: 'shuffle the card stack', rule: 'BKG advanced 4.1' } });
    const other = { text: 'Quarter 2/41 begins', rule: 'BKG 5.0' };
    expect(eventsLines([die(24, 29), die(16, 28), die(8, 27), die(5, 26), other], st, '  ', 80)).toEqual([
      '  4 dice: 24, 16, 8, 5  shuffle the card stack [BKG advanced 4.1]',
      '  Quarter 2/41 begins [BKG 5.0]',
    ]);
    expect(eventsLines([die(1, 3), die(2, 2)], st, '  ', 80)).toEqual([
      '  1d3: 1  shuffle the card stack [BKG advanced 4.1]',
      '  1d2: 2  shuffle the card stack [BKG advanced 4.1]',
    ]);
  });

  it('long event texts wrap at spaces, keeping their indent and putting the rule last', () => {
    expect(wrap('    one two three four', 14, '      ')).toEqual(['    one two', '      three', '      four']);
    const lines = eventLines({ text: 'gb-fleet-home moves 1503 > 1403 > 1304 > 1204 > 1105', rule: '2WW 8.3' }, st, '  ', 40);
    expect(lines).toEqual(['  gb-fleet-home moves 1503 > 1403 > 1304', '    > 1204 > 1105 [2WW 8.3]']);
    expect(lines.every((l) => l.length <= 40)).toBe(true);
  });

  it('columns read down each column and fit the width', () => {
    expect(columns(['1) a', '2) b', '3) c'], 20, '')).toEqual(['1) a   3) c', '2) b']);
    expect(columns(['1) a long label', '2) another one'], 20, '')).toEqual(['1) a long label', '2) another one']);
  });

  it('a board view is a table by location: place names, unit names, factors and marks from the board', () => {
    const assets = {
      board: { hex: { sheets: [{ prefix: '', cols: [21, 22] as [number, number], rows: [6, 6] as [number, number], offset: 'even-down' as const }], hexes: { '2106': { kind: 'land' as const, city: { name: 'Berlin' } }, '2105': { kind: 'land' as const } } } },
      counters: {
        powers: { ge: { name: 'Germany', side: 'axis', color: '#999', abbr: 'GE' }, fr: { name: 'France', side: 'allies', color: '#99f', abbr: 'FR' } },
        types: { inf: { name: 'infantry', symbol: 'infantry' }, arm: { name: 'armor', symbol: 'armor' } },
        units: { 'ge-arm-1': { power: 'ge', type: 'arm', name: '1st', full: [6, 5], reduced: [3, 5] } },
      },
    };
    const board = {
      pieces: [
        { id: 'ge-inf-1', where: '2106', side: 'axis', power: 'ge', type: 'inf', name: '1st' },
        { id: 'ge-arm-1', where: '2106', side: 'axis', power: 'ge', type: 'arm', reduced: true, marks: ['ops-complete'] },
        { id: 'fr-inf-1', where: 'pool', side: 'allies', power: 'fr', type: 'inf' },
        { id: 'ge-inf-2', where: '2105', side: 'axis', power: 'ge', type: 'inf', name: '2d', factors: [4, 3] },
        { id: 'ge-inf-3', where: '2105', side: 'axis', power: 'ge', type: 'inf', name: '2d', factors: [4, 3] },
      ],
      markers: [], control: { '2106': 'allies' }, turn: { index: 3, label: 'Spring 1940' }, phase: 'Axis movement',
    };
    const lines = viewSummary({}, board, { assets, style: st, width: 100 });
    expect(lines[0]).toBe('Spring 1940, Axis movement');
    expect(lines).toContain('  2106 Berlin  GE 1st armor 3-5 (reduced, ops complete), GE 1st infantry');
    expect(lines).toContain('  2105         2 × GE 2d infantry 4-3'); // identical pieces counted once
    expect(lines).toContain('  off the board: Force pool 1');
    expect(lines).toContain('  held by another side than at the start: 2106 Berlin (allies)');
    // Off the map: a hand by name, another counted, an empty list.
    const held = viewSummary({}, { ...board, holdings: [
      { title: "Germany's cards", items: [{ label: 'Blitzkrieg', note: 'held from the start' }, { label: 'Surprise' }] },
      { title: 'Card stack', items: [], hidden: 30 }, { title: 'Cards in effect', items: [] },
    ] }, { assets, style: st, width: 100 });
    expect(held.slice(-3)).toEqual(["Germany's cards: Blitzkrieg (held from the start), Surprise", 'Card stack: 30 face down', 'Cards in effect: none']);
    expect(viewSummary({ turn: 3, units: { red: [1] } }, null, { assets: null, style: st, width: 80 })).toEqual(['turn 3', 'units: {"red":[1]}']);
  });
});
