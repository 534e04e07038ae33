import { beforeEach, describe, expect, it } from 'vitest';
import { actionKey, applyAction, Game, prompts, viewFor } from '../engine/index.ts';
import { twoWW } from '../rulesets/2ww/index.ts';
import { bindCombatWorld, rulesCombatWorld } from '../rulesets/2ww/combat/index.ts';
import type { TwoWWState } from '../rulesets/2ww/state.ts';
import { startAt, testPosition, testWorld } from '../rulesets/2ww/testing.ts';
import { chooseAction } from './index.ts';


const world = testWorld({ id: 'ai-strip', cols: [20, 25], rows: [11, 15], country: 'ge' });

function decide(s: TwoWWState, level: 'easy' | 'normal' = 'easy') {
  const p = prompts(twoWW, s)[0]!;
  const view = viewFor(twoWW, s, p.seat);
  return { p, r: chooseAction({ ruleset: '2ww', seat: p.seat, level, view, prompt: view.prompt!, seed: 't' }) };
}

describe('the AI in 2WW combat (2WW 9)', () => {
  beforeEach(() => bindCombatWorld({ ...rulesCombatWorld, landInSupply: () => true }));

  it('2WW 9.1.1 attacks a weak hex with every unit that can join, and explains the attack with its exact odds', () => {
    let s = startAt(testPosition(world, { turn: 3, units: { 'ge-inf-1': '2212', 'ge-arm-1': '2312', 'fr-inf-2': { where: '2213', reduced: true } } as any }),
      [{ proc: 'combat-phase', side: 'axis' }]);
    let d = decide(s);
    expect(d.r.action).toEqual({ type: 'attack', mode: 'land', hex: '2213' });
    expect(d.r.explanation).toMatch(/strength ratio 10\.0 to 1/);
    s = applyAction(twoWW, s, 'axis', d.r.action).state;
    const added: string[] = [];
    for (let i = 0; i < 5; i++) {
      d = decide(s);
      if (d.r.action.type !== 'add') break;
      added.push(d.r.action.unit as string);
      s = applyAction(twoWW, s, 'axis', d.r.action).state;
    }
    expect(added.sort()).toEqual(['ge-arm-1', 'ge-inf-1']);
    expect(d.r.action).toEqual({ type: 'confirm' });
    expect(d.r.explanation).toMatch(/^Attack 2213 with .*: \d+% to win, expected losses \d\.\d to \d\.\d/);
  });
});

describe('the AI plays the 2WW campaign', () => {
  it('answers the first decisions of the campaign (both sides) with legal choices only', () => {
    const g = Game.create(twoWW, 'campaign-1939', { quickSetup: true }, 'ai-campaign');
    for (let i = 0; i < 4 && !g.state.outcome; i++) {
      const { p, r } = decide(g.state);
      expect(p.choices.map((c) => actionKey(c.action))).toContain(actionKey(r.action));
      g.act(p.seat, r.action);
    }
    expect(g.seq).toBe(4);
  });
});
