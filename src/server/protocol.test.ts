import { describe, expect, it } from 'vitest';
import { createRng, nextInt } from '../engine/rng.ts';
import type { Choice } from '../engine/types.ts';
import { ChoicesReceiver, diffChoices, patchChoices, type StateMessage } from './protocol.ts';
import { writeJson } from './connections.ts';

const choice = (n: number): Choice => ({ action: { type: 'move', unit: `u${n % 40}`, to: String(1000 + n) }, label: `Move u${n % 40} to ${1000 + n}` });

describe('choices sent as a change of the previous list', () => {
  it('rebuilds the exact list from runs of the previous one and new choices, for random edits', () => {
    const rng = createRng('delta');
    for (let t = 0; t < 300; t++) {
      const prev = Array.from({ length: 20 + nextInt(rng, 200) }, (_, i) => choice(i));
      // Keep most choices (some as equal copies, not the same objects), drop some, insert new ones.
      const next: Choice[] = [];
      for (const c of prev) {
        const r = nextInt(rng, 20);
        if (r === 0) continue;
        if (r === 1) next.push(choice(5000 + next.length));
        next.push(r === 2 ? structuredClone(c) : c);
      }
      const runs = diffChoices(prev, next);
      if (runs) expect(patchChoices(prev, runs)).toEqual(next);
      else expect(next.length).toBeLessThan(16);
    }
  });

  it('sends the list whole when little of it is kept, and never matches a label whose action differs', () => {
    const prev = Array.from({ length: 40 }, (_, i) => choice(i));
    expect(diffChoices(prev, Array.from({ length: 40 }, (_, i) => choice(i + 100)))).toBeNull();
    const relabelled = prev.map((c) => ({ label: c.label, action: { ...c.action, to: 'elsewhere' } }));
    expect(diffChoices(prev, relabelled)).toBeNull();
    expect(diffChoices(prev, prev)).toEqual([[0, 40]]);
  });

  it('a receiver refuses a change with no list before it and a run outside the previous list', () => {
    const prompt = { seat: 'a', rule: 'X 1', text: 't', kind: 'move', choices: [] as Choice[] };
    const msg = (choices: Choice[], delta?: unknown) => ({ type: 'state', view: { prompt: { ...prompt, choices } }, ...(delta ? { choicesDelta: delta } : {}) }) as unknown as StateMessage;
    expect(() => new ChoicesReceiver().receive(msg([], [[0, 1]]))).toThrow(/without a previous list/);
    const r = new ChoicesReceiver();
    const first = Array.from({ length: 30 }, (_, i) => choice(i));
    r.receive(msg(first));
    expect(r.receive(msg([], [[0, 10], choice(99)])).view.prompt!.choices).toEqual([...first.slice(0, 10), choice(99)]);
    expect(() => r.receive(msg([], [[5, 10]]))).toThrow(/outside 11 choices/);
  });
});

describe('a broadcast writes the objects its seats share once', () => {
  it('writes exactly what JSON.stringify writes, reusing a shared part\'s text', () => {
    const board = { pieces: [{ id: 'a', where: '0101', marks: ['moved'] }], control: { '0101': 'axis' }, skip: undefined };
    const seat = (s: string) => ({ type: 'state', stateId: 3, view: { seat: s, board, state: { units: board.pieces, at: new Date(0), n: NaN } }, f: () => 1 });
    const written = new Map<object, string>();
    for (const s of ['axis', 'allies']) expect(writeJson(seat(s), written, 3)).toBe(JSON.stringify(seat(s)));
    expect(written.get(board)).toBe(JSON.stringify(board));
  });
});
