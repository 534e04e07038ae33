import { describe, expect, it } from 'vitest';
import { createRng, nextInt } from '../engine/rng.ts';
import type { Choice } from '../engine/types.ts';
import { StateReceiver, diffChoices, diffJson, patchChoices, patchJson, sameJson, type StateMessage } from './protocol.ts';
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
    expect(() => new StateReceiver().receive(msg([], [[0, 1]]))).toThrow(/without a previous list/);
    const r = new StateReceiver();
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

describe('the view sent as a change of the previous one', () => {
  /** A random edit of a JSON value that shares what it leaves unchanged, as a copy-on-write state does. */
  function edit(rng: ReturnType<typeof createRng>, v: unknown, depth: number): unknown {
    const r = nextInt(rng, 10);
    if (typeof v !== 'object' || v === null || depth > 3 || r === 0) return r < 3 ? { n: nextInt(rng, 5) } : r < 6 ? `s${nextInt(rng, 3)}` : r < 8 ? [nextInt(rng, 3)] : null;
    if (Array.isArray(v)) {
      const out = [...v];
      const i = nextInt(rng, out.length + 1);
      if (r < 4) out.splice(i, 1);
      else if (r < 6) out.splice(i, 0, { id: `new${nextInt(rng, 100)}` });
      else if (i < out.length) out[i] = r < 8 ? structuredClone(out[i]) : edit(rng, out[i], depth + 1);
      return out;
    }
    const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
    const keys = Object.keys(out);
    const k = keys.length && r > 2 ? keys[nextInt(rng, keys.length)]! : `k${nextInt(rng, 6)}`;
    if (r === 1) delete out[k];
    else if (r === 2) out[k] = undefined;
    else out[k] = edit(rng, out[k], depth + 1);
    return out;
  }

  it('rebuilds exactly the JSON of the new value, sharing the unchanged parts, for random edits', () => {
    const rng = createRng('view-delta');
    let v: unknown = { units: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`u${i}`, { where: `${i}`, marks: ['a'] }])), list: Array.from({ length: 20 }, (_, i) => ({ id: i })), seq: 1 };
    for (let t = 0; t < 500; t++) {
      let next = v;
      for (let e = nextInt(rng, 4); e >= 0; e--) next = edit(rng, next, 0);
      const patch = diffJson(v, next);
      const got = patch ? patchJson(JSON.parse(JSON.stringify(v)), JSON.parse(JSON.stringify(patch))) : v;
      expect(JSON.parse(JSON.stringify(got))).toEqual(JSON.parse(JSON.stringify(next)));
      if (JSON.stringify(v) === JSON.stringify(next)) expect(patch).toBeNull();
      // the arrays' test of equal elements answers as the whole change: no change, the same JSON
      expect(sameJson(v, next)).toBe(patch === null);
      expect(sameJson(next, JSON.parse(JSON.stringify(next)))).toBe(true);
      // a broadcast's memo (seats' views sharing parts) gives the same change, asked twice
      const memo = new Map();
      expect(diffJson(v, next, memo)).toEqual(patch);
      expect(diffJson(v, next, memo)).toEqual(patch);
      v = next;
    }
  });

  it('rebuilds arrays whose elements moved: swapped, rotated, the same object twice', () => {
    const a = { id: 'a' }, b = { id: 'b' }, c = { id: 'c' };
    const lists: unknown[][] = [[a, b], [b, a], [c, a, b], [b, c, a], [a, a, b], [b, a, a], [], [a]];
    for (const prev of lists) {
      for (const next of lists) {
        const patch = diffJson(prev, next);
        const got = patch ? patchJson(prev, patch) : prev;
        expect(got).toEqual(next);
      }
    }
    // a long list with one element changed: a run, the new element, a run
    const long = Array.from({ length: 400 }, (_, i) => ({ id: i }));
    const changed = long.map((x, i) => (i === 200 ? { id: -1 } : x));
    expect(diffJson(long, changed)).toEqual([2, [[0, 200], { v: { id: -1 } }, [201, 199]]]);
  });

  it('a receiver refuses a change with no view before it, or one that does not fit the view', () => {
    const view = { seq: 1, prompt: null, board: { pieces: [{ id: 'a' }] } };
    expect(() => new StateReceiver().receive({ type: 'state', viewDelta: [1, {}] } as unknown as StateMessage)).toThrow(/without a previous view/);
    const r = new StateReceiver();
    r.receive({ type: 'state', view } as unknown as StateMessage);
    const next = r.receive({ type: 'state', viewDelta: [1, { seq: [0, 2], board: [1, { pieces: [2, [[0, 1], { v: { id: 'b' } }]] }] }] } as unknown as StateMessage);
    expect(next.view).toEqual({ seq: 2, prompt: null, board: { pieces: [{ id: 'a' }, { id: 'b' }] } });
    expect((next.view as unknown as typeof view).board.pieces[0]).toBe(view.board.pieces[0]);
    expect(() => r.receive({ type: 'state', viewDelta: [1, { board: [1, { pieces: [2, [[1, 5]]] }] }] } as unknown as StateMessage)).toThrow(/outside 2 elements/);
    expect(() => r.receive({ type: 'state', viewDelta: [1, { seq: [1, {}] }] } as unknown as StateMessage)).toThrow(/not an object/);
  });
});
