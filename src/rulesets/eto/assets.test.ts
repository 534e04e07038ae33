import { describe, expect, it } from 'vitest';
import { checkAssets } from '../../engine/board.ts';
import { fuzzGame, Game, type Json, viewFor } from '../../engine/index.ts';
import { etoAssets } from './assets.ts';
import { etoData } from './data/index.ts';
import { eto } from './index.ts';
import { landMap } from './land.ts';
import { navalMap } from './map.ts';
import { SCENARIOS } from './scenarios.ts';
import { act, soloGame } from './testing.ts';

const a = etoAssets();

describe('ETO board declaration (the board contract, src/engine/board.ts)', () => {
  it('conforms to AssetsSchema: both sheets, every hex of the map, sea areas, tracks, boxes', () => {
    expect(() => checkAssets('eto', a as unknown as Json)).not.toThrow();
    expect(a.board.hex!.sheets.map((s) => s.prefix)).toEqual(['W', 'E']);
    expect(Object.keys(a.board.hex!.hexes).length).toBeGreaterThan(3500);
    expect(a.board.hex!.hexes.W3533).toMatchObject({ kind: 'land', city: { name: 'Warsaw', capital: true } });
    expect(Object.values(a.board.hex!.hexsides!).filter((s) => s.features.includes('river')).length).toBeGreaterThan(300);
    expect(a.board.tracks!.map((t) => t.id)).toEqual(['turn', 'offensives-axis', 'offensives-allies', 'victory']);
    expect(a.turns![0]).toBe('September 1939');
    expect(a.turns![20]).toBe('May 1941');
    expect(a.turns!.at(-1)).toBe('June 1945');
  });

  it('ETO 7.2: each sea area is drawn as polygons over its hexes, named at one of them', () => {
    const b = navalMap().board;
    for (const id of etoData().sea.areas.map((x) => x.id)) {
      const area = a.board.areas![id]!;
      expect(area.kind, id).toBe('sea');
      expect(area.polygons.length, id).toBeGreaterThan(0);
      const [x, y] = area.label;
      const at = Object.keys(a.board.hex!.hexes).find((h) => { const [cx, cy] = b.centre(b.index(h)); return Math.hypot(cx - x, cy - y) < 1e-3; });
      expect(at && a.board.hex!.hexes[at]!.kind, id).toBe('sea');
    }
    expect(a.board.areas!['north-atlantic']!.marks).toEqual(['gridless', 'INT -2', 'MP 5']);
    // Naval links: the North Sea touches Bergen and Scapa Flow (scenario 1 [1.1]).
    const touching = a.board.adjacency!.filter((l) => l.a === 'north-sea' || l.b === 'north-sea').map((l) => (l.a === 'north-sea' ? l.b : l.a));
    expect(touching).toEqual(expect.arrayContaining(['arctic-ocean', 'W4922', 'W4716']));
  });

  it('every scenario\'s window holds its playable places: the land maps of scenarios 4 and 3, the naval spaces of scenarios 1 and 5', () => {
    for (const [scenario, theatre] of [['case-white', 'poland-1939'], ['bulge', 'bulge-1944']] as const) {
      const win = new Set(a.board.windows![scenario]);
      expect(Object.keys(landMap(theatre).hexes).filter((h) => !win.has(h))).toEqual([]);
    }
    // Scenario 5's naval spaces (its sea areas drawn over the hexes, 7.2) are in its window too.
    const g = Game.create(eto, 'northward-strike', {}, 'window');
    const north = new Set(a.board.windows!['northward-strike']);
    expect([...navalMap(g.state).areas.keys(), ...navalMap(g.state).coastal.keys()].filter((sp) => !north.has(sp))).toEqual([]);
    const naval = new Set(a.board.windows!['sink-the-bismarck']);
    for (const sp of [...navalMap().areas.keys(), ...navalMap().coastal.keys()]) expect(naval.has(sp), sp).toBe(true);
    for (const w of Object.values(a.board.windows!)) for (const p of w) expect(!!a.board.hex!.hexes[p] || !!a.board.areas![p], p).toBe(true);
  });

  it('ETO 3.1-3.3: every unit of the scenarios has a counter with its printed factors; ships show gunnery-armor-speed', () => {
    const units = a.counters!.units!;
    const starts = Object.values(SCENARIOS).map((x) => x.initial());
    for (const st of starts.filter((x) => x.land)) {
      for (const u of [...Object.values(st.land!.units), ...Object.values(st.land!.air)]) {
        const c = units[u.id]!;
        expect(a.counters!.powers[c.power], u.id).toBeDefined();
        expect(a.counters!.types[c.type], u.id).toBeDefined();
        expect(c.full, u.id).toBeDefined();
      }
    }
    for (const sh of starts.flatMap((x) => Object.values(x.ships))) expect(units[sh.id]!.full, sh.id).toBeDefined();
    expect(units['prince-of-wales']).toMatchObject({ type: 'BB', name: 'Prince of Wales', full: [4, 13, 39], reduced: [2, 12, 26] });
    // Named as the rules' choices name them (#21: one name per unit): a land unit's own name says its type.
    expect(units['de-para-1']).toMatchObject({ type: 'para', name: 'German paratroops' });
    expect(units.guderian).toMatchObject({ type: 'general', name: 'General Guderian' });
    expect(units['de-stp-1']).toMatchObject({ type: 'STP', name: '1 STP' }); // a transport marker shows its size
    expect(units.victorious!.full).toBe('–-11-40');
    expect(units['de-bomber']).toMatchObject({ type: 'bomber', full: [6, 12] });
    const crt = a.charts!.find((c) => c.id === 'crt')!;
    expect(crt.rows[3]).toEqual([3, 'AE', 'X', 'D1x', 'D1', 'D2x', 'D3x', '(D2)', 'DEx']);
  });
});

describe('ETO board view (what each seat sees on the board)', () => {
  const places = new Set([...Object.keys(a.board.hex!.hexes), ...Object.keys(a.board.areas!), ...a.board.boxes!.map((b) => b.id)]);
  it('puts every piece of every scenario on a hex, a sea area or a box, through a played game', () => {
    for (const [scenario, options] of [['sink-the-bismarck', {}], ['case-white', {}], ['bulge', {}]] as const) {
      const r = fuzzGame(eto, { scenario, options, seed: `board-${scenario}`, maxActions: 200, checkReplay: false });
      const g = Game.load(eto, r.log);
      for (const n of [0, Math.floor(g.seq / 2), g.seq]) {
        const v = viewFor(eto, g.stateAt(n), n % 2 ? 'axis' : 'allies');
        for (const p of v.board!.pieces) {
          expect(places.has(p.where), `${scenario}: ${p.id} at ${p.where}`).toBe(true);
          expect(a.counters!.units![p.id], p.id).toBeDefined();
        }
      }
    }
  });
  it('scenario 1: the ships start in their ports with their ratings; the turn is May 1941', () => {
    const v = eto.boardView!(Game.create(eto, 'sink-the-bismarck', {}, 's').state, 'axis');
    expect(v.pieces.find((p) => p.id === 'bismarck')).toMatchObject({ where: 'W4922', side: 'axis', factors: [5, 13, 39], marks: ['in-port'] });
    expect(v.pieces.find((p) => p.id === 'hood')!.where).toBe('setup');
    expect(v.turn).toEqual({ index: 21, label: 'May 1941' });
    expect(v.phase).toBe('Set-up');
  });
  it('scenario 3: the offensives tracks and the depleted units show', () => {
    const g = Game.create(eto, 'bulge', {}, 's');
    const v = eto.boardView!(g.state, null);
    expect(v.markers.filter((m) => m.kind === 'offensives').map((m) => m.where)).toEqual(['offensives-axis:3', 'offensives-allies:1']);
    expect(v.turn).toEqual({ index: 64, label: 'December 1944' });
    // The weather in words, on the turn marker and in the status line (the state keeps the track's letter).
    expect(v.markers.find((m) => m.kind === 'turn')?.label).toBe('December 1944, winter weather');
    expect(eto.describe!(g.state)).toMatch(/^December 1944 \(winter weather\), Set-up/);
  });
  it('where the sides stand: scenario 4 [4.4] applied to the position once set up, on the victory track', () => {
    const g = soloGame('s');
    expect(eto.boardView!(g.state, null).markers.find((m) => m.kind === 'victory')).toBeUndefined();
    act(g, 'axis', { type: 'example' });
    const v = eto.boardView!(g.state, null);
    expect(v.markers.filter((m) => m.kind === 'victory')).toEqual([
      { kind: 'victory', where: 'victory:now', label: 'If it ended now: Polish major victory: Poland not conquered (German losses 0 steps)' }]);
  });
});
