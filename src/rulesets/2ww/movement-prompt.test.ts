// The movement phase as a structured prompt (one group per unit, its destinations on request) and the reuse of a
// unit's destinations from the state before, checked against fresh answers.
import { describe, expect, it } from 'vitest';
import {
  allChoices, applyAction, checkDerivedFacts, choicesIn, createRng, Game, nextInt, prompts, RuleViolation, setupGame,
} from '../../engine/index.ts';
import { twoWW } from './index.ts';
import type { TwoWWState } from './state.ts';

/** The first Axis movement decision of a quick-setup campaign. */
function firstMovement(): TwoWWState {
  return setupGame(twoWW, 'campaign-1939', { quickSetup: true }, 'mp').state;
}

describe('2WW 8 movement prompt', () => {
  it('lists one group per unit and only "end the phase"; a group gives the unit\'s moves with refs', () => {
    const s = firstMovement();
    const p = prompts(twoWW, s)[0]!;
    expect(p.kind).toBe('move');
    expect(p.choices.map((c) => c.action)).toEqual([{ type: 'end-phase' }]);
    const g = p.groups!.find((x) => x.key === 'ge-arm-1')!;
    expect(g.refs).toEqual({ units: ['ge-arm-1'], place: s.units['ge-arm-1']!.where });
    const moves = choicesIn(twoWW, s, 'axis', 'ge-arm-1');
    expect(moves.length).toBeGreaterThan(5);
    for (const c of moves) {
      expect(c.action.unit).toBe('ge-arm-1');
      expect(c.refs!.units).toEqual(['ge-arm-1']);
      expect(c.refs!.place).toBe(c.action.to);
      expect(c.refs!.from).toBe(s.units['ge-arm-1']!.where);
      if (c.action.type === 'move') expect(c.refs!.path!.at(-1)).toBe(c.action.to);
    }
    expect(moves.find((c) => c.action.to === '2403')?.label).toMatch(/^Move GE .* to 2403/);
    expect(choicesIn(twoWW, s, 'allies', 'ge-arm-1')).toEqual([]);
    expect(choicesIn(twoWW, s, 'axis', 'no-such-unit')).toEqual([]);
  });

  it('the prompt is a fraction of the flat list, and the kernel accepts a group\'s move and refuses another unit\'s', () => {
    const s = firstMovement();
    const p = prompts(twoWW, s)[0]!;
    const all = allChoices(twoWW, s, p);
    expect(all.length).toBeGreaterThan(10 * p.groups!.length / 2);
    expect(JSON.stringify(p).length * 5).toBeLessThan(JSON.stringify(all).length);
    const move = choicesIn(twoWW, s, 'axis', 'ge-arm-1')[0]!.action;
    const next = applyAction(twoWW, s, 'axis', move).state;
    expect(next.units['ge-arm-1']!.where).toBe(move.to);
    expect(() => applyAction(twoWW, s, 'axis', { ...move, unit: 'fr-arm-1' })).toThrow(RuleViolation);
  });

  it('reused destinations equal fresh ones during random play (the kernel\'s check mode, and fresh copies)', () => {
    const g = Game.create(twoWW, 'campaign-1939', { quickSetup: true }, 'reuse-check');
    checkDerivedFacts(g.state);
    const pick = createRng('reuse-check-player');
    let checked = 0;
    for (let i = 0; i < 500 && !g.state.outcome; i++) {
      const ps = prompts(twoWW, g.state);
      const p = ps[nextInt(pick, ps.length)]!;
      const cs = allChoices(twoWW, g.state, p);
      if (p.groups && i % 25 === 0) {
        // A JSON copy is not a settled state: everything is computed from scratch.
        const copy = JSON.parse(JSON.stringify(g.state)) as TwoWWState;
        expect(JSON.stringify(allChoices(twoWW, copy, prompts(twoWW, copy)[0]!))).toBe(JSON.stringify(cs));
        checked++;
      }
      g.act(p.seat, cs[nextInt(pick, cs.length)]!.action);
    }
    expect(checked).toBeGreaterThan(5);
  }, 600_000);
});
