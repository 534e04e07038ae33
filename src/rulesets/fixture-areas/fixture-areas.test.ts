// The area test game: its board follows the contract, it plays to the end through structured prompts, its odds are
// exact, its positions round-trip, its rules reference is well formed.
import { describe, expect, it } from 'vitest';
import { checkAssets } from '../../engine/board.ts';
import { fuzzGame } from '../../engine/fuzz.ts';
import { Game } from '../../engine/game.ts';
import { choicesIn, prompts } from '../../engine/kernel.ts';
import type { Json } from '../../engine/types.ts';
import { combatOdds } from '../../odds/odds.ts';
import { checkRulesReference } from '../rules-reference.ts';
import { fixtureAreasPackage } from './package.ts';
import { fixtureAreas, suppliedAreas, type AreasState } from './index.ts';

const rs = fixtureAreas;

describe('Insula, the area test game (hidden package)', () => {
  it('its assets follow the board contract: twelve areas, adjacency, tracks, counters', () => {
    const a = checkAssets(rs.id, rs.assets!());
    expect(Object.keys(a.board.areas!)).toHaveLength(12);
    expect(a.board.adjacency!.some((x) => x.kind === 'coast')).toBe(true);
    expect(a.board.tracks!.map((t) => t.kind)).toEqual(['turn', 'sequence', 'victory']);
    expect(fixtureAreasPackage.hidden).toBe(true);
    checkRulesReference('fixture-areas/rules-reference.json', fixtureAreasPackage.rules);
  });

  it('Areas 2 the set-up places reinforcements one by one, or the rest as usual', () => {
    const g = Game.create(rs, 'skirmish', {}, 'setup');
    const p = prompts(rs, g.state)[0]!;
    expect(p.seat).toBe('north');
    expect(p.choices.map((c) => c.refs?.place).filter(Boolean)).toEqual(['ncoast', 'nhold', 'highlands']);
    g.act('north', { type: 'place', area: 'ncoast' });
    g.act('north', { type: 'place-rest' });
    expect(prompts(rs, g.state)[0]!.seat).toBe('south');
    g.act('south', { type: 'place-rest' });
    expect(g.state.units.n6!.at).toBe('ncoast');
    expect(g.state.units.s6!.at).toBe('shold');
    // As usual respects the stacking limit: South Hold holds three, the last one goes to Southmarsh (Areas 3.4).
    expect(g.state.units.s7!.at).toBe('marsh');
  });

  it('Areas 3.4 a fourth infantry placed in an area is allowed, then its owner must remove one', () => {
    const g = Game.create(rs, 'skirmish', {}, 'stack');
    g.act('north', { type: 'place', area: 'nhold' });
    g.act('north', { type: 'place', area: 'nhold' });
    const p = prompts(rs, g.state)[0]!;
    expect([p.seat, p.kind, p.rule, p.text]).toEqual(['north', 'eliminate', 'Areas 3.4', 'Overstacked in North Hold: remove one infantry (at most 3)']);
    g.act('north', { type: 'remove', area: 'nhold' });
    expect(Object.values(g.state.units).filter((u) => u.at === 'nhold').length).toBe(3);
    expect(prompts(rs, g.state)[0]!.seat).toBe('south');
  });

  it('Areas 3 movement is a structured prompt: a stack, then its moves (refs name the stack and the area)', () => {
    const g = Game.create(rs, 'skirmish', { quickSetup: true }, 'move');
    const p = prompts(rs, g.state)[0]!;
    expect(p.choices.map((c) => c.label)).toEqual(['End the movement phase']);
    expect(p.groups!.map((x) => x.key)).toEqual(['highlands', 'ncoast', 'nhold', 'nsea']);
    const mid = choicesIn(rs, g.state, 'north', 'nhold');
    expect(mid.map((c) => c.refs!.place)).toEqual(['ncoast', 'highlands', 'midmarch']);
    expect(mid[0]!.refs!.units).toEqual(['north-inf@nhold']);
    expect(() => g.act('north', { type: 'move', from: 'nhold', to: 'shold', unit: 'inf' })).toThrow(/Areas 3.1: South Hold does not touch North Hold/);
    g.act('north', { type: 'move', from: 'nhold', to: 'midmarch', unit: 'inf' });
    expect(g.state.control.midmarch).toBe('north');
  });

  it('Areas 4.3 exact odds of a battle: 2 infantry against 1, no support: the attacker wins 7/12', () => {
    const g = Game.create(rs, 'skirmish', { quickSetup: true }, 'odds');
    const s = structuredClone(g.state) as AreasState;
    s.units.n1!.at = 'midmarch'; s.units.n2!.at = 'midmarch'; s.units.s1!.at = 'midmarch';
    s.control.midmarch = 'north';
    s.stack = [{ proc: 'game' }, { proc: 'combat', side: 'north' }, { proc: 'battle', side: 'north', area: 'midmarch', support: [] }];
    const r = combatOdds(fixtureAreasPackage, s, 'north', { type: 'confirm' });
    // 2 + d6 against 1 + d6: the attacker wins when its die is at least the defender's (21 of 36 pairs), ties on
    // a die one lower (5 pairs), loses otherwise (10).
    expect(r.summary.pWinExact).toBe('7/12');
    expect(r.outcomes.find((o) => o.result.winner === null)!.exact).toBe('5/36');
    expect(r.summary.pLose).toBeCloseTo(10 / 36);
  });

  it('Areas 6 infantry cut off from its hold is out of supply and shown so on the board', () => {
    const g = Game.create(rs, 'skirmish', { quickSetup: true }, 'supply');
    const s = structuredClone(g.state) as AreasState;
    s.control.ncoast = 'south'; s.control.wfields = 'south';
    s.units.n3!.at = 'marsh';
    expect(suppliedAreas(s, 'north').has('ncoast')).toBe(false);
    const piece = rs.boardView!(s, 'north').pieces.find((p) => p.id === 'north-inf@marsh')!;
    expect(piece.marks).toEqual(['out-of-supply']);
    expect(piece.note).toMatch(/Areas 6/);
  });

  it('random games end by capture or on points, every state replayable; positions round-trip mid-game', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e']) {
      const r = fuzzGame(rs, { scenario: 'skirmish', seed, checkReplay: true, maxActions: 2000 });
      expect(r.failure, seed).toBeUndefined();
      expect(r.outcome!.rule, seed).toMatch(/^Areas 7\.[12]$/);
      const g = Game.load(rs, r.log);
      const mid = g.stateAt(Math.floor(g.seq / 2));
      const pos = rs.positions!.toPosition(mid as AreasState) as Json;
      expect(rs.positions!.validate(pos)).toEqual([]);
      const back = Game.create(rs, 'skirmish', {}, 'x', pos).state as AreasState;
      expect({ ...back, rng: null, seq: 0 }).toMatchObject({ ...(mid as AreasState), rng: null, seq: 0, outcome: null });
    }
  });
});
