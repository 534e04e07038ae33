import { describe, expect, it } from 'vitest';
import type { GameLog } from '../server/protocol.ts';
import { actionsInForce, choiceLabel, takebackPoint } from './replay-steps.ts';

const act = (seat: string, n: number) => ({ seat, action: { type: 'bid', n }, hash: '' });

describe('replay steps from the log', () => {
  it('undo drops the last action and a takeback cuts back to its "to": the replay steps are the actions in force', () => {
    const entries = [act('red', 1), act('blue', 2), { undo: 'blue', hash: '' }, act('blue', 3), act('red', 4), act('blue', 5),
      { takeback: { to: 2, requestedBy: 'red', consentedBy: 'blue' }, hash: '' }, act('red', 6)] as GameLog['entries'];
    expect(actionsInForce(entries).map((s) => `${s.seat}${s.action.n}`)).toEqual(['red1', 'blue3', 'red6']);
  });

  it('a choice label is found whatever the key order of the action', () => {
    const prompt = { seat: 'axis', rule: '2WW 8.1', text: 'Move', kind: 'move', choices: [
      { action: { type: 'move', unit: 'ge-inf-4', to: '2305' }, label: 'Move GE 4th infantry to 2305' },
    ] };
    expect(choiceLabel(prompt as never, { to: '2305', unit: 'ge-inf-4', type: 'move' })).toBe('Move GE 4th infantry to 2305');
    expect(choiceLabel(prompt as never, { type: 'move', unit: 'ge-inf-4', to: '2306' })).toBeNull();
    expect(choiceLabel(null, { type: 'end' })).toBeNull();
  });

  it('a takeback asked here goes back to before the last action of a seat this browser holds, not the other side\'s', () => {
    const moves = actionsInForce([act('red', 1), act('blue', 2), act('blue', 3), act('red', 4), act('blue', 5), act('blue', 6)] as GameLog['entries']);
    expect(takebackPoint(moves, new Set(['red']))).toBe(3);
    expect(takebackPoint(moves, new Set(['blue']))).toBe(5);
    expect(takebackPoint(moves, new Set(['red', 'blue']))).toBe(5);
    expect(takebackPoint(moves.slice(1, 3), new Set(['red']))).toBeNull();
  });
});
