// A secret simultaneous decision at the terminal (ETO 9.6's withdrawals are one): an answer stays sealed from the
// other people at this keyboard, the AI's reason too; the last answer opens them all.
import { describe, expect, it } from 'vitest';
import { Game, type BaseState, type Ruleset } from '../../engine/index.ts';
import { makeStyle } from './render.ts';
import { PlaySession } from './session.ts';
import type { AutoRequest, Controller } from './seats.ts';

/** The AI picks the first choice and gives a reason that tells it. */
const telling = (_c: Controller, req: AutoRequest) => ({ action: req.view.prompt!.choices[0]!.action, explanation: 'Odd: odd wins against this player' });

interface GuessState extends BaseState { answers: string[] }

const guess: Ruleset<GuessState> = {
  id: 'guess',
  title: 'Guess (a session test)',
  rulesVersion: '1',
  seats: ['red', 'blue'],
  scenarios: [{ id: 'one', name: 'One', description: 'Both guess at once', seats: ['red', 'blue'] }],
  options: [],
  setup: () => ({ answers: [], stack: [{ proc: 'guess' }] }),
  procedures: {
    guess: {
      simultaneous: true,
      prompts: () => (['red', 'blue'] as const).map((seat) => ({
        seat, rule: 'Guess 1', kind: 'choice', text: 'Odd or even, in secret.',
        choices: [{ action: { type: 'odd' }, label: 'Odd' }, { action: { type: 'even' }, label: 'Even' }],
      })),
      actAll(ctx, _f, answers) {
        ctx.state.answers = ['red', 'blue'].map((s) => answers[s]!.type);
        ctx.end({ winner: null, result: 'both answered', rule: 'Guess 2' });
      },
    },
  },
  view: (s) => ({ answers: s.answers }),
};

function session(controllers: Record<string, Controller>): { s: PlaySession; lines: string[] } {
  const lines: string[] = [];
  const game = Game.create(guess, 'one', {}, 'guess-1') as unknown as Game<BaseState>;
  const s = new PlaySession({ game, controllers, out: (l) => lines.push(l), style: makeStyle(false), width: 80, budgetMs: 100, choose: telling });
  return { s, lines };
}

/** Show the person's decision, then answer it: the lines the answer printed. */
function answer(s: PlaySession, lines: string[], text: string): string[] {
  const p = s.pending();
  if (p.kind !== 'human') throw new Error('a person decides');
  s.showTurn(p.prompt);
  const from = lines.length;
  s.input(text);
  return lines.slice(from);
}

describe('play session: sealed answers', () => {
  it('hot-seat: the first answer is sealed; the last is shown and opens the first', () => {
    const { s, lines } = session({ red: { kind: 'human' }, blue: { kind: 'human' } });
    expect(answer(s, lines, '1')).toEqual(['red: answer sealed']);
    expect(answer(s, lines, '2')).toEqual(['blue: Even', 'red: Odd (answer opened)']);
  });

  it('against the AI: its sealed answer prints no reason; the person\'s answer opens it', () => {
    const { s, lines } = session({ red: { kind: 'ai', level: 'normal' }, blue: { kind: 'human' } });
    const p = s.pending();
    if (p.kind !== 'auto') throw new Error('the AI answers first');
    s.playAuto(p.prompt);
    expect(lines).toEqual(['red (ai normal): answer sealed']);
    expect(answer(s, lines, '2')).toEqual(['blue: Even', 'red (ai normal): Odd (answer opened)']);
  });
});
