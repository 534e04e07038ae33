import { describe, expect, it } from 'vitest';
import { allChoices, checkAssets, checkDerivedFacts, Game, prompts, setupGame, viewFor } from '../../engine/index.ts';
import { twoWW } from './index.ts';
import { testPosition, testWorld } from './testing.ts';

describe('2WW board contract (src/engine/board.ts)', () => {
  const assets = checkAssets('2ww', twoWW.assets!());

  it('declares the hex map, its boxes, the turn track, the counter sheet and the charts', () => {
    const hex = assets.board.hex!;
    expect(Object.keys(hex.hexes)).toHaveLength(630);
    expect(hex.hexes['2903']).toMatchObject({ kind: 'land', country: 'ussr', city: { name: 'Moscow', capital: true, production: true } });
    expect(hex.hexes['1315']).toMatchObject({ kind: 'coastal', city: { name: 'Gibraltar', port: true } });
    expect(hex.hexes['2911']!.kind).toBe('coastal');
    expect(hex.hexsides!['2403/2404']).toBeUndefined(); // 2WW 3.2 errata: no border inside East Prussia
    expect(Object.values(hex.hexsides!).some((s) => s.features.includes('river'))).toBe(true);
    expect(hex.land!.length).toBeGreaterThan(10);
    expect(assets.board.boxes!.map((b) => b.id).sort()).toEqual(['atlantic-land', 'atlantic-ocean', 'capetown', 'persian-gulf', 'red-sea']);
    expect(assets.board.tracks![0]!.cells).toHaveLength(23);
    expect(assets.turns![0]).toBe('Autumn 1939');
    expect(Object.keys(assets.counters!.units!)).toHaveLength(119);
    expect(assets.counters!.units!['fr-fort-maginot']).toEqual({ power: 'fr', type: 'fort', name: 'Maginot', full: [6, 0], reduced: [3, 0] });
    expect(assets.counters!.powers.ge!.side).toBe('axis');
    const ids = assets.charts!.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(['combat-land-vs-land', 'terrain', 'production-costs', 'turn-record-track']));
    const land = assets.charts!.find((c) => c.id === 'combat-land-vs-land')!;
    expect(land.rows).toHaveLength(11);
    expect(land.reconstructed).toBe(true);
    expect(Array.isArray(assets.charts!.find((c) => c.id === 'terrain')!.reconstructed)).toBe(true);
  });

  it('shows every unit as a piece with its side, factors and marks; the kernel hands it to each seat', () => {
    const s = setupGame(twoWW, 'campaign-1939', { quickSetup: true }, 'board').state;
    const v = viewFor(twoWW, s, 'axis');
    expect(v.board!.pieces).toHaveLength(119);
    expect(v.board!.pieces.find((p) => p.id === 'fr-fort-maginot')).toMatchObject({ where: '1909', side: 'allies', power: 'fr', type: 'fort', factors: [6, 0] });
    expect(v.board!.turn).toEqual({ index: 1, label: 'Autumn 1939' });
    expect(v.board!.markers).toContainEqual({ kind: 'turn', where: 'turn:1', label: 'Autumn 1939' });
    expect(v.board!.control).toEqual({});
  });

  it('marks Ops Complete, out of supply (with the rule) and control that changed hands (Berlin lost: no German supply)', () => {
    const w = testWorld({ id: 'board-view', cols: [1, 6], rows: [1, 4], country: 'ge', capitals: { '0101': 'ge', '0604': 'fr' }, cities: { '0101': 'Berlin', '0604': 'Paris', '0601': 'Lille' }, countries: { fr: ['0501', '0502', '0503', '0504', '0601', '0602', '0603', '0604'] } });
    const s = testPosition(w, {
      units: { 'ge-inf-1': '0601', 'ge-air-1': { where: '0203', ops: true }, 'fr-inf-2': '0304' },
      control: { '0601': 'axis', '0101': 'allies', '0604': 'allies' },
    });
    const b = twoWW.boardView!(s, null);
    const inf = b.pieces.find((p) => p.id === 'ge-inf-1')!;
    expect(inf.marks).toContain('out-of-supply');
    expect(inf.note).toMatch(/2WW 11/);
    expect(b.pieces.find((p) => p.id === 'ge-air-1')!.marks).toEqual(['ops-complete', 'out-of-supply']);
    expect(b.pieces.find((p) => p.id === 'fr-inf-2')!.marks).toBeUndefined();
    expect(b.control).toEqual({ '0601': 'axis', '0101': 'allies' });
  });

  it('reuses the out-of-supply marks only while supply cannot have changed: every view equals one built afresh', () => {
    const game = Game.create(twoWW, 'campaign-1939', { quickSetup: true }, 'board-view-reuse');
    checkDerivedFacts(game.state); // a reused fact is also computed afresh and compared
    let unsupplied = 0;
    for (let i = 0; i < 120 && !game.state.outcome; i++) {
      const p = prompts(twoWW, game.state)[0]!;
      const choices = allChoices(twoWW, game.state, p);
      game.act(p.seat, choices[(i * 7919) % choices.length]!.action);
      const shared = viewFor(twoWW, game.state, 'axis').board!;
      expect(viewFor(twoWW, game.state, 'allies').board).toBe(shared); // built once per state
      // a copy is not settled: its view is built from scratch
      expect(shared).toEqual(twoWW.boardView!(structuredClone(game.state), null));
      if (shared.pieces.some((x) => x.marks?.includes('out-of-supply'))) unsupplied++;
    }
    expect(unsupplied).toBeGreaterThan(0);
  });
});
