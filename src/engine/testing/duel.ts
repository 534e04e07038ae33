// A tiny rule set that exercises every kernel feature; used by the kernel's tests, benchmarks and as an example.
import type { Action, BaseState, Frame, Prompt, Ruleset } from '../types.ts';

export interface DuelState extends BaseState {
  units: Record<'red' | 'blue', number[]>;
  round: number;
  maxRounds: number;
  active: 'red' | 'blue';
  bids: Record<string, number>;
  marker: number;
}

const other = (s: 'red' | 'blue') => (s === 'red' ? 'blue' : 'red');

function prompt(seat: string, text: string, kind: string, actions: Action[], rule = 'Duel 1'): Prompt {
  return { seat, rule, text, kind, choices: actions.map((a) => ({ action: a, label: JSON.stringify(a) })) };
}

export const duel: Ruleset<DuelState> = {
  id: 'duel',
  title: 'Duel (kernel test rule set)',
  rulesVersion: '1',
  seats: ['red', 'blue'],
  scenarios: [{ id: 'standard', name: 'Standard', description: 'Three units a side', seats: ['red', 'blue'] }],
  options: [{ id: 'rounds', name: 'Rounds', description: 'Rounds before a draw', default: 6, values: [2, 6, 20] }],
  setup(_ctx, _scenario, options) {
    return {
      units: { red: [3, 2, 1], blue: [3, 2, 1] }, round: 1, maxRounds: options.rounds as number,
      active: 'red', bids: {}, marker: 0, stack: [{ proc: 'game' }, { proc: 'bid' }],
    };
  },
  procedures: {
    game: {
      run(ctx) {
        const s = ctx.state;
        if (s.units.red.length === 0 || s.units.blue.length === 0) {
          const winner = s.units.red.length ? 'red' : s.units.blue.length ? 'blue' : null;
          ctx.end({ winner, result: winner ? `${winner} wins` : 'draw', rule: 'Duel 4' });
        } else if (s.round > s.maxRounds) {
          ctx.end({ winner: null, result: 'draw by exhaustion', rule: 'Duel 4' });
        } else {
          ctx.push('turn');
        }
      },
    },
    bid: {
      simultaneous: true,
      prompts: () => ['red', 'blue'].map((seat) => prompt(seat, 'Bid for the first move', 'bid', [1, 2, 3].map((n) => ({ type: 'bid', n })), 'Duel 2')),
      actAll(ctx, _f, answers) {
        const r = answers.red!.n as number, b = answers.blue!.n as number;
        ctx.state.bids = { red: r, blue: b };
        ctx.state.active = b > r ? 'blue' : 'red';
        ctx.log(`bids red ${r}, blue ${b}: ${ctx.state.active} moves first`, 'Duel 2');
        ctx.pop();
      },
    },
    turn: {
      prompts(s) {
        const acts: Action[] = [{ type: 'attack' }, { type: 'pass' }];
        if (s.marker < 3) acts.push({ type: 'advance' });
        return [prompt(s.active, 'Attack, advance or pass', 'turn', acts, 'Duel 3')];
      },
      act(ctx, _f, seat, a) {
        const s = ctx.state;
        if (a.type === 'advance') {
          s.marker++;
          return; // stays in the turn: a free action
        }
        if (a.type === 'attack') {
          const d = ctx.roll(6, 1, `${seat} attack`, 'Duel 3.1');
          if (d.total >= 4) {
            ctx.goto('end-turn');
            ctx.push('allocate-loss', { victim: other(seat as 'red' | 'blue') });
            return;
          }
        }
        ctx.goto('end-turn');
      },
      explain(_s, _f, _seat, a) {
        return a.type === 'advance' ? { rule: 'Duel 3.2', message: 'the marker is already at 3' } : null;
      },
    },
    'allocate-loss': {
      prompts(s, f: Frame & { victim?: string }) {
        const v = f.victim as 'red' | 'blue';
        return [prompt(v, 'Choose the unit that takes the loss', 'allocate-loss', s.units[v].map((_, i) => ({ type: 'lose', unit: i })), 'Duel 3.3')];
      },
      act(ctx, f, _seat, a) {
        const v = f.victim as 'red' | 'blue';
        const list = ctx.state.units[v];
        const i = a.unit as number;
        if (list[i]! > 1) list[i]!--;
        else list.splice(i, 1);
        ctx.pop();
      },
    },
    'end-turn': {
      run(ctx) {
        const s = ctx.state;
        if (s.active === 'blue') s.round++;
        s.active = other(s.active);
        s.marker = 0;
        ctx.pop();
      },
    },
  },
  view(s) {
    return { units: s.units, round: s.round, active: s.active, bids: s.bids, marker: s.marker };
  },
  invariants(s) {
    const bad: string[] = [];
    for (const side of ['red', 'blue'] as const) if (s.units[side].some((x) => x < 1 || x > 3)) bad.push(`${side} has a unit of impossible strength`);
    return bad;
  },
  describe: (s) => `round ${s.round}, ${s.active} to act`,
};
