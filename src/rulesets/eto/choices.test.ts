// The prompt contract for ETO: every choice says what it points at (refs), and land movement is a structured prompt
// (one group per unit, its destinations asked for on demand), as the platform contract (issue 18) requires.
import { describe, expect, it } from 'vitest';
import { allChoices, applyAction, choicesIn, createRng, Game, nextInt, prompts } from '../../engine/index.ts';
import { eto } from './index.ts';
import { act } from './testing.ts';

/** Action fields that name a unit or a place: a choice carrying one must carry refs. */
const POINTING = ['unit', 'units', 'ship', 'ships', 'air', 'hex', 'to', 'target', 'space', 'path', 'hqs', 'leader'];

describe('ETO choices: refs and structured prompts', () => {
  it('every choice that names a unit or a place carries refs, and its places are places of the board', () => {
    const places = new Set([...Object.keys((eto.assets!() as any).board.hex.hexes), ...Object.keys((eto.assets!() as any).board.areas)]);
    for (const [scenario, options] of [['sink-the-bismarck', {}], ['case-white', {}], ['bulge', {}]] as const) {
      const g = Game.create(eto, scenario, options, `refs-${scenario}`);
      const rng = createRng(`refs-${scenario}`);
      for (let i = 0; i < 150 && !g.state.outcome; i++) {
        const ps = prompts(eto, g.state);
        const p = ps[nextInt(rng, ps.length)]!;
        const cs = allChoices(eto, g.state, p);
        for (const c of cs) {
          if (!POINTING.some((k) => k in c.action)) continue;
          expect(c.refs, `${scenario}: ${c.label}`).toBeDefined();
          for (const pl of [c.refs!.place, c.refs!.from, ...(c.refs!.path ?? [])]) if (pl) expect(places.has(pl), `${c.label}: ${pl}`).toBe(true);
        }
        const busy = cs.filter((c) => c.action.type !== 'done' && c.action.type !== 'pass');
        const pool = busy.length && nextInt(rng, 4) > 0 ? busy : cs;
        g.act(p.seat, pool[nextInt(rng, pool.length)]!.action);
      }
    }
  });

  it('ETO 30.0: the Movement phase is a group per unit; a unit\'s group holds its moves with refs of path and destination', () => {
    const g = Game.create(eto, 'bulge', {}, 'groups');
    act(g, 'allies', { type: 'suggested' });
    act(g, 'axis', { type: 'suggested' });
    while (g.state.stack.at(-1)!.proc !== 'movement-phase') act(g, prompts(eto, g.state)[0]!.seat as 'axis', { type: 'pass' });
    const p = prompts(eto, g.state)[0]!;
    expect(p.choices.map((c) => c.action.type)).toEqual(expect.arrayContaining(['done']));
    expect(p.choices.every((c) => c.action.type === 'done' || c.action.type === 'front')).toBe(true);
    const group = p.groups!.find((x) => x.key === 'de-armor-1')!;
    expect(group.refs!.units).toEqual(['de-armor-1']);
    const moves = choicesIn(eto, g.state, 'axis', group.key);
    expect(moves.length).toBeGreaterThan(0);
    for (const m of moves) {
      expect(m.action).toMatchObject({ type: 'move', unit: 'de-armor-1' });
      expect(m.refs!.from).toBe(group.refs!.place);
      expect(m.refs!.path!.at(-1)).toBe(m.refs!.place);
      expect(m.refs!.place).toBe(m.action.to);
    }
    // The kernel checks a move within its unit's group: a destination outside it is refused, naming the rule that
    // keeps it out of reach (the Movement phase's refusal explainer, issue 20: no land unit may enter W0101, 24.1).
    const other = choicesIn(eto, g.state, 'axis', p.groups!.find((x) => x.key !== 'de-armor-1' && choicesIn(eto, g.state, 'axis', x.key).length)!.key)[0]!;
    const forged = { ...other.action, unit: 'de-armor-1', to: 'W0101' };
    expect(() => applyAction(eto, g.state, 'axis', forged)).toThrow(/ETO 24\.1: no land unit may enter W0101/);
    // Expanded, the prompt is what it listed before: every unit's moves.
    expect(allChoices(eto, g.state, p).length).toBeGreaterThan(10 * p.choices.length);
  });
});
