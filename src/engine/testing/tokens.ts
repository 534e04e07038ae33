// A test game with a structured prompt: one seat moves tokens along a line 0..5, one group per token (the kernel's
// choicesIn/groupOf contract), or stops. Used by the kernel's and the server's tests.
import type { BaseState, Ruleset } from '../types.ts';

export interface TokensState extends BaseState {
  at: Record<string, number>;
}

const dests = (s: TokensState, t: string) => [s.at[t]! - 1, s.at[t]! + 1].filter((n) => n >= 0 && n <= 5);

export const tokens: Ruleset<TokensState> = {
  id: 'tokens', title: 'Tokens (structured-prompt test game)', rulesVersion: '1', seats: ['a'], options: [],
  scenarios: [{ id: 's', name: 'Two tokens', description: 'Tokens x at 0 and y at 3.', seats: ['a'] }],
  setup: () => ({ at: { x: 0, y: 3 }, stack: [{ proc: 'move' }] }),
  view: (s) => ({ at: s.at }),
  procedures: {
    move: {
      prompts: (s) => [{
        seat: 'a', rule: 'Tokens 1', text: 'Move a token', kind: 'move',
        choices: [{ action: { type: 'stop' }, label: 'Stop' }],
        groups: Object.keys(s.at).map((t) => ({ key: t, label: `token ${t}`, refs: { units: [t], place: String(s.at[t]) } })),
      }],
      choicesIn: (s, _f, _seat, group) => (Object.hasOwn(s.at, group) ? dests(s, group).map((n) => ({
        action: { type: 'move', token: group, to: n }, label: `${group} to ${n}`, refs: { units: [group], place: String(n) },
      })) : []),
      groupOf: (_s, _f, _seat, a) => (a.type === 'move' && typeof a.token === 'string' ? a.token : null),
      act(ctx, _f, _seat, a) {
        if (a.type === 'stop') ctx.end({ winner: 'a', result: 'stopped' });
        else {
          ctx.state.at[a.token as string] = a.to as number;
          ctx.goto('move');
        }
      },
    },
  },
};
