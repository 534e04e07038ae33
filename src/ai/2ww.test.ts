import { beforeEach, describe, expect, it } from 'vitest';
import { actionKey, applyAction, Game, prompts, viewFor } from '../engine/index.ts';
import { twoWW } from '../rulesets/2ww/index.ts';
import { bindCombatWorld, rulesCombatWorld } from '../rulesets/2ww/combat/index.ts';
import type { TwoWWState } from '../rulesets/2ww/state.ts';
import { startAt, testPosition, testWorld } from '../rulesets/2ww/testing.ts';
import { debugFigures, twoWWAi } from './adapters/2ww.ts';
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

describe('the 2WW evaluation plans from the objectives', () => {
  // A few units near Paris on the campaign map (a position file, docs/positions.md), Allied movement, Spring 1940.
  const paris = (units: [string, string][]) => Game.create(twoWW, twoWW.scenarios[0]!.id, {}, 'eval', {
    format: 'theater-position', version: 1, ruleset: '2ww', turn: 3, phase: 'allied-movement',
    units: units.map(([id, at]) => ({ id, at })),
  } as any).state;

  it('2WW 12.2.1 an empty Paris in reach of German armor is a threat; a garrison removes it', () => {
    const empty = debugFigures(paris([['ge-arm-1', '1808'], ['fr-inf-2', '1609']]));
    const held = debugFigures(paris([['ge-arm-1', '1808'], ['fr-inf-2', '1708']]));
    expect(empty.threatened.allies - held.threatened.allies).toBe(3 + 8); // Paris: capital 2 + production 1, +8 as a capital
    expect(twoWWAi.evaluate(paris([['ge-arm-1', '1808'], ['fr-inf-2', '1708']]), 'allies'))
      .toBeGreaterThan(twoWWAi.evaluate(paris([['ge-arm-1', '1808'], ['fr-inf-2', '1609']]), 'allies'));
  });

  it('2WW 5.3.2 and 13: a power whose capital the enemy holds counts as turned before its conquest', () => {
    const s = paris([['ge-arm-1', '1708'], ['fr-inf-2', '1610']]);
    const before = debugFigures(paris([['ge-arm-1', '1808'], ['fr-inf-2', '1610']])).powers.count;
    expect(debugFigures({ ...s, control: { ...s.control, '1708': 'axis' } }).powers.count).toBe(before + 1);
  });

  it('2WW 5.2.1 move candidates never end over the stacking limit', () => {
    const s = paris([['fr-inf-2', '1708'], ['fr-inf-3', '1708'], ['fr-inf-4', '1709'], ['ge-inf-1', '1908']]);
    const p = prompts(twoWW, s)[0]!;
    expect(p.choices.some((c) => c.action.unit === 'fr-inf-4' && c.action.to === '1708')).toBe(true);
    expect(twoWWAi.candidates!(s, p, 'allies').some((c) => c.action.unit === 'fr-inf-4' && c.action.to === '1708')).toBe(false);
  });
});
