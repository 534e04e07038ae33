// The session's menu on a small structured prompt (a stack that cannot move, stacks of different sizes): counts,
// empty groups, the seat's name and the "Waiting for" line, without a real rule set's setup.
import { describe, expect, it } from 'vitest';
import { Game, type BaseState, type Choice, type Ruleset } from '../../engine/index.ts';
import { makeStyle } from './render.ts';
import { gameTitle, possessive, PlaySession } from './session.ts';

interface StackState extends BaseState {
  moved: string[];
  side: 'allies' | 'axis';
}

/** Stacks A (2 moves), B (none: every neighbour is full) and C (3 moves); a move passes the turn, "end" ends the game. */
const MOVES: Record<string, string[]> = { a: ['x1', 'x2'], b: [], c: ['y1', 'y2', 'y3'] };

const stacks: Ruleset<StackState> = {
  id: 'stacks',
  title: 'Stacks (a session test)',
  rulesVersion: '1',
  seats: ['allies', 'axis'],
  scenarios: [{ id: 'one', name: 'One', description: 'Three stacks', seats: ['allies', 'axis'] }],
  options: [],
  setup: () => ({ moved: [], side: 'allies', stack: [{ proc: 'move' }] }),
  procedures: {
    move: {
      prompts: (s) => [{
        seat: s.side, rule: 'Stacks 1', kind: 'move', text: 'Move stacks, then end.',
        choices: [{ action: { type: 'end' }, label: 'End the game' }],
        groups: Object.keys(MOVES).map((k) => ({ key: `stack|${k}`, label: `Stack ${k.toUpperCase()}` })),
      }],
      choicesIn: (_s, _f, _seat, group): Choice[] => (MOVES[group.split('|')[1]!] ?? [])
        .map((to) => ({ action: { type: 'move', stack: group, to }, label: `Move ${group} to ${to}` })),
      groupOf: (_s, _f, _seat, a) => (a.type === 'move' ? String(a.stack) : null),
      act(ctx, _f, _seat, a) {
        if (a.type === 'end') ctx.end({ winner: 'allies', result: 'allies win', rule: 'Stacks 2' });
        else {
          ctx.state.moved.push(String(a.to));
          ctx.state.side = ctx.state.side === 'allies' ? 'axis' : 'allies';
        }
      },
    },
  },
  view: (s) => ({ moved: s.moved }),
};

function session(): { s: PlaySession; lines: string[] } {
  const lines: string[] = [];
  const game = Game.create(stacks, 'one', {}, 'stacks-1') as unknown as Game<BaseState>;
  const s = new PlaySession({
    game, controllers: { allies: { kind: 'human' }, axis: { kind: 'human' } }, out: (l) => lines.push(l),
    style: makeStyle(false), width: 100, budgetMs: 100,
  });
  const p = s.pending();
  if (p.kind !== 'human') throw new Error('the allies decide first');
  s.showTurn(p.prompt);
  return { s, lines };
}

/** Feed lines; the output each produced, in order. */
function run(s: PlaySession, lines: string[], input: string[]): string[] {
  return input.map((l) => {
    const from = lines.length;
    s.input(l);
    return lines.slice(from).join('\n');
  });
}

describe('play session menu on a structured prompt', () => {
  it('a group with no legal move is not opened: it says so and the list comes back, never "choose 1..0"', () => {
    const { s, lines } = session();
    const [open, again] = run(s, lines, ['2', '2']);
    expect(open).toContain('Stack B has no legal move; back to the list.');
    expect(open).toContain('3 groups and 1 choice, grouped');
    expect(open).toMatch(/2\) Stack B \[no legal move\] >/);
    expect(again).toContain('Stack B has no legal move');
    expect(lines.join('\n')).not.toContain('1..0');
    expect(s.refused).toBe(0);
    expect(s.promptString()).toBe('allies> ');
  });

  it('counts inside a group are of that group alone, however many groups were opened before', () => {
    const { s, lines } = session();
    const [a, , c, filtered, back] = run(s, lines, ['1', '..', '3', '/y2', '..']);
    expect(a).toContain('2 choices (group Stack A):');
    expect(c).toContain('3 choices (group Stack C):');
    expect(s.promptString()).toBe('allies> ');
    expect(filtered).toContain('1 of 3 choices (group Stack C, filter "y2"):');
    expect(back).toContain('3 groups and 1 choice, grouped');
    const [end] = run(s, lines, ['/end']);
    expect(end).toContain('0 of 3 groups and 1 choice (filter "end"):');
  });

  it('the open group\'s name, not its key, is in the prompt; its shortened lines can be typed', () => {
    const { s, lines } = session();
    run(s, lines, ['3']);
    expect(s.promptString()).toBe('allies Stack C> ');
    const [typed] = run(s, lines, ['Move to y3']);
    expect(typed).toContain('allies: Move stack|c to y3');
    expect((s.game.state as StackState).moved).toEqual(['y3']);
    // Hot-seat: the next seat by its name, without "'s" after an s.
    const p = s.pending();
    if (p.kind !== 'human') throw new Error('the axis decides next');
    s.showTurn(p.prompt);
    expect(lines).toContain('--- Axis\' turn at the keyboard ---');
  });

  it('the view\'s "Waiting for" line has no stray punctuation; the result is printed once', () => {
    const { s, lines } = session();
    const [view, end] = run(s, lines, ['view', '4']);
    expect(view).toContain('Waiting for allies: Move stacks, then end [Stacks 1]');
    expect(end).toBe('allies: End the game'); // the kernel's "Game over" event is left to the result line
    expect(s.result()).toBe('Game over: allies win (winner: allies) [Stacks 2]');
  });

  it('the heading says the words the title and the scenario share once', () => {
    expect(gameTitle('2WW: The War in Europe', 'The War in Europe, Autumn 1939')).toBe('2WW: The War in Europe, Autumn 1939');
    expect(gameTitle('Blitzkrieg General', 'Advanced game, 1941')).toBe('Blitzkrieg General: Advanced game, 1941');
    expect(gameTitle('Axis & Allies: Europe', 'Spring 1941')).toBe('Axis & Allies: Europe: Spring 1941');
  });

  it('possessives: no "\'s" after an s', () => {
    expect(possessive('Allies')).toBe('Allies\'');
    expect(possessive('Axis')).toBe('Axis\'');
    expect(possessive('Blue')).toBe('Blue\'s');
  });
});
