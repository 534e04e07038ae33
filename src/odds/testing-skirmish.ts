// A small rule set for the odds engine's own tests: a two-round battle with several rolls per action, a decision
// between rounds, and a volley that reads single dice. Exact answers are computed by hand in odds.test.ts.
import type { BaseState, Frame, Ruleset } from '../engine/index.ts';
import type { OddsAdapter } from './types.ts';

export interface SkirmishState extends BaseState {
  atk: number;
  def: number;
  turn: number;
}

type BattleFrame = Frame & { round: number; asking: boolean };

export const skirmish: Ruleset<SkirmishState> = {
  id: 'skirmish',
  title: 'Skirmish (odds engine test rule set)',
  rulesVersion: '1',
  seats: ['a', 'd'],
  scenarios: [{ id: 'standard', name: 'Standard', description: 'Five strength a side', seats: ['a', 'd'] }],
  options: [],
  setup: () => ({ atk: 5, def: 5, turn: 1, stack: [{ proc: 'front' }] }),
  procedures: {
    front: {
      prompts: () => [{
        seat: 'a', rule: 'Skirmish 1', text: 'Attack, volley or wait', kind: 'turn',
        choices: [{ type: 'attack' }, { type: 'volley' }, { type: 'wait' }].map((a) => ({ action: a, label: a.type })),
      }],
      act(ctx, _f, _seat, a) {
        const s = ctx.state;
        s.turn++;
        if (a.type === 'attack') ctx.push('battle', { round: 1, asking: false });
        else if (a.type === 'volley') {
          // Skirmish 3: each die of 5 or 6 is one hit (a rule that reads single faces).
          const r = ctx.roll(6, 2, 'volley', 'Skirmish 3');
          s.def -= r.faces.filter((f) => f >= 5).length;
          ctx.goto('front');
        } else ctx.end({ winner: null, result: 'no battle', rule: 'Skirmish 1' });
      },
    },
    battle: {
      prompts: (_s, f: BattleFrame) => (f.asking ? [{
        seat: 'a', rule: 'Skirmish 2.2', text: 'Press on or break off', kind: 'yes-no',
        choices: [{ action: { type: 'press' }, label: 'press on' }, { action: { type: 'break' }, label: 'break off' }],
      }] : []),
      // Skirmish 2.1: the attacker hits on 2d6 >= 8, the defender on 1d6 >= 5, simultaneously.
      run(ctx, f: BattleFrame) {
        const s = ctx.state;
        const a = ctx.roll(6, 2, 'attacker fire', 'Skirmish 2.1');
        const d = ctx.roll(6, 1, 'defender fire', 'Skirmish 2.1');
        if (a.total >= 8) s.def--;
        if (d.total >= 5) s.atk--;
        if (f.round < 2) ctx.goto('battle', { round: f.round, asking: true });
        else ctx.pop();
      },
      act(ctx, f: BattleFrame, _seat, a) {
        if (a.type === 'press') ctx.goto('battle', { round: f.round + 1, asking: false });
        else ctx.pop();
      },
    },
  },
  view: (s) => ({ atk: s.atk, def: s.def, turn: s.turn }),
};

export const skirmishOdds: OddsAdapter<SkirmishState> = {
  ruleset: 'skirmish',
  isCombat: (_s, _seat, a) => a.type === 'attack' || a.type === 'volley',
  combatOver: (_b, s) => !s.stack.some((f) => f.proc === 'battle'),
  summarize(before, after) {
    const attackerLosses = before.atk - after.atk, defenderLosses = before.def - after.def;
    return {
      attackerLosses, defenderLosses,
      winner: defenderLosses > attackerLosses ? 'attacker' : defenderLosses < attackerLosses ? 'defender' : null,
    };
  },
  perFace: (r) => r.purpose === 'volley',
};
