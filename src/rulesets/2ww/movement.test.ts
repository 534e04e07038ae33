import { describe, expect, it } from 'vitest';
import { RuleViolation, applyAction, prompts, setupGame } from '../../engine/index.ts';
import { twoWW } from './index.ts';
import { act, choicesOf, destinations, startAt, testPosition, testWorld } from './testing.ts';
import { unitCountArray, worldById } from './world.ts';

// 8 x 6 land board: Germany in columns 1-4, France in columns 5-8, a sea strip in row 6 with ports at 0205 and 0605.
const w = testWorld({
  id: 'movement-test', cols: [1, 8], rows: [1, 6], country: 'ge',
  countries: { fr: ['0501', '0502', '0503', '0504', '0505', '0601', '0602', '0603', '0604', '0605', '0701', '0702', '0703', '0704', '0705', '0801', '0802', '0803', '0804', '0805'] },
  sea: ['0106', '0206', '0306', '0406', '0506', '0606', '0706', '0806'],
  coastal: ['0105', '0305', '0405', '0505', '0705', '0805'],
  ports: ['0205', '0605'],
  capitals: { '0101': 'ge', '0801': 'fr' }, cities: { '0101': 'Berlin', '0801': 'Paris', '0205': 'Kiel', '0605': 'Brest' },
  terrain: { '0302': 'mountain' },
});
const control = { '0101': 'axis', '0801': 'allies', '0205': 'axis', '0605': 'allies' } as const;
const nb = (h: string) => w.board.neighbours(w.board.index(h)).map((n) => w.board.id(n));

function movement(units: Parameters<typeof testPosition>[1]['units'], side: 'axis' | 'allies' = 'axis', extra: Partial<Parameters<typeof testPosition>[1]> = {}) {
  return startAt(testPosition(w, { turn: 5, units, control: { ...control }, ...extra }), [{ proc: 'movement-phase', side }]);
}

describe('2WW 8 movement', () => {
  it('2WW 5.1.1 a land unit must stop on entering an enemy land ZOC', () => {
    const s = movement({ 'ge-inf-1': '0203', 'fr-inf-2': '0503' });
    const zoc = nb('0503');
    const dests = destinations(s, 'axis', 'ge-inf-1');
    expect(dests).toContain('0403');
    expect(zoc).toContain('0403');
    const s2 = act(s, 'axis', { type: 'move', unit: 'ge-inf-1', to: '0403' });
    expect(s2.units['ge-inf-1']!.where).toBe('0403');
    expect(destinations(s2, 'axis', 'ge-inf-1')).toEqual([]);
    // No destination is reached through a ZOC hex: each one beyond the ZOC is reachable around it.
    for (const d of dests) if (zoc.includes(d)) expect(nb(d).some((x) => !zoc.includes(x) && (dests.includes(x) || x === '0203'))).toBe(true);
  });

  it('2WW 5.1.1 a land unit may not move directly from one enemy ZOC hex to another', () => {
    const s = movement({ 'ge-inf-1': '0403', 'fr-inf-2': '0503' });
    const zoc = nb('0503');
    const dests = destinations(s, 'axis', 'ge-inf-1');
    expect(dests.length).toBeGreaterThan(0);
    // A neighbouring ZOC hex may only be reached by stepping out of the ZOC first.
    for (const d of nb('0403')) {
      if (!zoc.includes(d) || !dests.includes(d)) continue;
      const ev = applyAction(twoWW, s, 'axis', { type: 'move', unit: 'ge-inf-1', to: d }).events.map((e) => e.text).join(' ');
      const steps = ev.match(/moves (.*?)$/)![1]!.split(' > ');
      expect(steps.length).toBeGreaterThan(2);
      expect(zoc).not.toContain(steps[1]);
    }
    // Out of supply (Berlin lost), the infantry has 1 MP (11.2.4): no detour, so the direct ZOC-to-ZOC step is refused.
    const cut = movement({ 'ge-inf-1': '0403', 'fr-inf-2': '0503' }, 'axis', { control: { ...control, '0101': 'allies' } });
    expect(destinations(cut, 'axis', 'ge-inf-1')).toEqual(['0303', '0402']);
    const to = '0404';
    expect(zoc).toContain(to);
    expect(() => act(cut, 'axis', { type: 'move', unit: 'ge-inf-1', to })).toThrow(RuleViolation);
    expect(() => act(cut, 'axis', { type: 'move', unit: 'ge-inf-1', to })).toThrow(/2WW 5.1.1/);
  });

  it('2WW 8.1 terrain costs limit land movement (mountain 3)', () => {
    const s = movement({ 'ge-inf-1': '0202' });
    const dests = destinations(s, 'axis', 'ge-inf-1');
    expect(nb('0202')).toContain('0302');
    expect(dests).toContain('0302'); // 3 MP
    const beyond = nb('0302').filter((h) => !nb('0202').includes(h) && h !== '0202');
    // Hexes only reachable through the mountain are out of reach of a 3-MP infantry.
    for (const h of beyond) {
      const around = nb(h).some((x) => x !== '0302' && dests.includes(x) && x !== h);
      if (!around) expect(dests).not.toContain(h);
    }
  });

  it('2WW 8.1 land units never enter all-sea hexes', () => {
    const s = movement({ 'ge-inf-1': '0205' });
    for (const d of destinations(s, 'axis', 'ge-inf-1')) expect(worldById('movement-test').hexes[w.board.index(d)]!.kind).not.toBe('sea');
  });

  it('2WW 8.1.2 rail movement: unlimited in friendly countries, never into an enemy land ZOC or a neutral country', () => {
    const s = movement({ 'ge-inf-1': '0101', 'fr-inf-2': '0503' });
    const rail = destinations(s, 'axis', 'ge-inf-1', 'rail');
    expect(rail).toContain('0104');
    for (const d of rail) {
      expect(w.hexes[w.board.index(d)]!.country).toBe('ge');
      expect(nb('0503')).not.toContain(d);
    }
    const s2 = act(s, 'axis', { type: 'rail', unit: 'ge-inf-1', to: '0104' });
    expect(s2.units['ge-inf-1']!.moveMode).toBe('rail');
    expect(destinations(s2, 'axis', 'ge-inf-1')).toEqual([]);
  });

  it('2WW 8.1.2 a unit starting in an enemy land ZOC may not move by rail', () => {
    const s = movement({ 'ge-inf-1': '0403', 'fr-inf-2': '0503' });
    expect(destinations(s, 'axis', 'ge-inf-1', 'rail')).toEqual([]);
  });

  it('2WW 8.1.1 a paratroop airdrops up to three hexes, onto enemy units if it wishes, and must then attack', () => {
    const s = movement({ 'ge-para-1': '0203', 'fr-inf-2': '0503' });
    const drops = destinations(s, 'axis', 'ge-para-1', 'airdrop');
    expect(drops).toContain('0503');
    for (const d of drops) expect(w.board.distance(w.board.index('0203'), w.board.index(d))).toBeLessThanOrEqual(3);
    expect(drops).not.toContain('0603');
    const s2 = act(s, 'axis', { type: 'airdrop', unit: 'ge-para-1', to: '0503' });
    expect(s2.units['ge-para-1']!.mustAttack).toBe('0503');
  });

  it('2WW 8.2 an air unit may not enter an enemy land ZOC hex unless a friendly land unit is there', () => {
    const s = movement({ 'ge-air-1': '0101', 'fr-inf-2': '0503', 'ge-inf-1': '0404' });
    const dests = destinations(s, 'axis', 'ge-air-1');
    expect(dests).not.toContain('0403');
    expect(dests).toContain('0404');
    expect(dests).not.toContain('0503');
  });

  it('2WW 8.3 a fleet moves one point a hex over sea and must stop next to an enemy fleet (5.1.2)', () => {
    const s = movement({ 'ge-fleet-surface': '0205', 'fr-fleet': '0706' });
    const dests = destinations(s, 'axis', 'ge-fleet-surface');
    expect(dests).toContain('0606');
    expect(dests).not.toContain('0806'); // beyond the adjacent ZOC of the French fleet
    expect(dests).not.toContain('0706'); // never into a hex with an enemy fleet
    for (const d of dests) expect(w.hexes[w.board.index(d)]!.kind).not.toBe('land');
  });

  it('2WW 8.3.4 a land unit embarks in port and lands at a friendly port, where it may move on', () => {
    let s = movement({ 'ge-fleet-surface': '0205', 'ge-inf-1': '0205' });
    expect(choicesOf(s, 'axis')).toContainEqual({ type: 'embark', unit: 'ge-inf-1', fleet: 'ge-fleet-surface' });
    s = act(s, 'axis', { type: 'embark', unit: 'ge-inf-1', fleet: 'ge-fleet-surface' });
    s = act(s, 'axis', { type: 'move', unit: 'ge-fleet-surface', to: '0305' });
    expect(s.units['ge-inf-1']!.where).toBe('0305');
    expect(s.units['ge-inf-1']!.aboard).toBe('ge-fleet-surface');
    s = act(s, 'axis', { type: 'land', unit: 'ge-inf-1' });
    expect(s.units['ge-inf-1']!.aboard).toBeUndefined();
    expect(destinations(s, 'axis', 'ge-inf-1')).toEqual([]); // 8.1.3.2: landed in a non-port hex
  });

  it('2WW 8.1.4.1 an amphibious assault must target an enemy-controlled port', () => {
    let s = movement({ 'ge-fleet-surface': '0205', 'ge-inf-1': '0205' });
    s = act(s, 'axis', { type: 'embark', unit: 'ge-inf-1', fleet: 'ge-fleet-surface' });
    s = act(s, 'axis', { type: 'move', unit: 'ge-fleet-surface', to: '0505' });
    expect(choicesOf(s, 'axis')).not.toContainEqual({ type: 'land', unit: 'ge-inf-1' });
    s = act(s, 'axis', { type: 'move', unit: 'ge-fleet-surface', to: '0605' });
    expect(choicesOf(s, 'axis')).toContainEqual({ type: 'land', unit: 'ge-inf-1' });
    s = act(s, 'axis', { type: 'land', unit: 'ge-inf-1' });
    expect(s.units['ge-inf-1']!.moveMode).toBe('assault');
    expect(s.units['ge-inf-1']!.mustAttack).toBe('0605');
  });

  it('2WW 10.1.1 armor in Armored Action pays one extra point to enter an enemy ZOC and may move from ZOC to ZOC', () => {
    const s = startAt(testPosition(w, { turn: 5, units: { 'ge-arm-1': '0403', 'fr-inf-2': '0503' }, control: { ...control } }), [{ proc: 'movement-phase', side: 'axis', armored: true }]);
    const dests = destinations(s, 'axis', 'ge-arm-1');
    const zocNext = nb('0403').filter((h) => nb('0503').includes(h) && h !== '0503');
    for (const h of zocNext) expect(dests).toContain(h);
    expect(choicesOf(s, 'axis').some((a) => a.type === 'rail')).toBe(false);
  });

  it('2WW 10.1 only armor moves in Armored Action', () => {
    const s = startAt(testPosition(w, { turn: 5, units: { 'ge-arm-1': '0203', 'ge-inf-1': '0103' }, control: { ...control } }), [{ proc: 'movement-phase', side: 'axis', armored: true }]);
    expect(destinations(s, 'axis', 'ge-inf-1')).toEqual([]);
    expect(destinations(s, 'axis', 'ge-arm-1').length).toBeGreaterThan(0);
    expect(prompts(twoWW, s)[0]!.choices.map((c) => c.label)).toEqual(['End the Armored Action phase']);
  });

  it('2WW 5.1.1 a land unit entering a coastal hex with an enemy fleet makes it displace', () => {
    let s = movement({ 'ge-inf-1': '0304', 'fr-fleet': '0305' });
    s = act(s, 'axis', { type: 'move', unit: 'ge-inf-1', to: '0305' });
    expect(s.units['ge-inf-1']!.where).toBe('0305');
    if (s.stack[s.stack.length - 1]!.proc === 'displacement') {
      const c = choicesOf(s, 'allies')[0]!;
      s = act(s, 'allies', c);
    }
    expect(s.units['fr-fleet']!.where).not.toBe('0305');
    expect(w.hexes[w.board.index(s.units['fr-fleet']!.where)]!.kind).not.toBe('land');
  });

  it('2WW 8.3.5 a fleet entering an enemy air ZOC may be transit-attacked, then resumes its move if not forced back', () => {
    let s = movement({ 'fr-fleet': '0605', 'ge-air-1': '0303' }, 'allies');
    s = act(s, 'allies', { type: 'move', unit: 'fr-fleet', to: '0206' });
    const top = s.stack[s.stack.length - 1]!;
    expect(top.proc).toBe('transit-attack');
    expect(top.side).toBe('allies');
    expect(choicesOf(s, 'axis')).toContainEqual({ type: 'decline' });
    const at = s.units['fr-fleet']!.where;
    expect(w.board.distance(w.board.index(at), w.board.index('0303'))).toBeLessThanOrEqual(3);
    // Declining at each hex lets the fleet go on to its destination.
    for (let i = 0; i < 10 && s.stack[s.stack.length - 1]!.proc === 'transit-attack'; i++) s = act(s, 'axis', { type: 'decline' });
    expect(s.units['fr-fleet']!.where).toBe('0206');
    expect(s.stack[s.stack.length - 1]!.proc).toBe('movement-phase');
  });
});

describe('2WW 8.1.2 rail movement on the campaign map', () => {
  const cw = worldById('campaign');
  const control = setupGame(twoWW, 'campaign-1939', { quickSetup: true }, 'rail').state.control;
  const hex = (id: string) => cw.hexes[cw.board.index(id)]!;
  const railFrom = (unit: string, where: string, countries = {}) => {
    const s = startAt(testPosition(cw, { turn: 8, units: { [unit]: where }, control: { ...control }, countries }), [{ proc: 'movement-phase', side: 'allies' }]);
    return { rail: destinations(s, 'allies', unit, 'rail'), move: destinations(s, 'allies', unit) };
  };

  it('2WW 8.1.2 no rail movement inside French North Africa: the French Colonial infantry in Algiers (1915)', () => {
    const { rail, move } = railFrom('fr-inf-col', '1915');
    expect(move.filter((h) => hex(h).region === 'algeria').length).toBeGreaterThan(0);
    expect(rail.filter((h) => hex(h).noRail)).toEqual([]);
    expect(rail).toEqual([]);
  });

  it('2WW 8.1.2 no rail movement inside Persia, even once the Allies control it: British armor in Tehran (4308)', () => {
    const { rail, move } = railFrom('gb-arm-1', '4308', { ir: { controller: 'allies', status: 'belligerent' } });
    expect(move.filter((h) => hex(h).country === 'ir').length).toBeGreaterThan(0);
    expect(rail.filter((h) => hex(h).country === 'ir' || hex(h).noRail)).toEqual([]);
  });

  it('2WW 8.1.2 the map flags exactly the listed regions: Spanish Morocco, French N. Africa, Tunisia, Libya, Saudi Arabia, Persia', () => {
    const flagged = new Set(cw.hexes.filter((h) => h?.noRail).map((h) => h!.region ?? h!.country));
    expect([...flagged].sort()).toEqual(['algeria', 'french-morocco', 'ir', 'libya', 'sa', 'spanish-morocco', 'tunisia']);
    expect(['1316', '1415'].map((h) => hex(h).noRail)).toEqual([true, true]);
  });
});

describe('unit counts per node (movement surroundings, supply presence)', () => {
  it('2WW 5.1, 11.2.2 a unit adds at most one to a count: 8 bits for the 119 counters, 16 above 255 units', () => {
    const s = setupGame(twoWW, 'campaign-1939', { quickSetup: true }, 'counts').state;
    const units = Object.keys(s.units).length;
    expect(units).toBe(119);
    expect(unitCountArray(units, 10)).toBeInstanceOf(Uint8Array);
    expect(unitCountArray(255, 10)).toBeInstanceOf(Uint8Array);
    const wide = unitCountArray(256, 10);
    expect(wide).toBeInstanceOf(Uint16Array);
    expect(wide.length).toBe(10);
  });
});
