import { describe, expect, it } from 'vitest';
import { deepFreeze, draftState, finalize, markPlain, normalize, snapshot } from './draft.ts';
import { checkDerivedFacts, Game } from './index.ts';
import { duel, type DuelState } from './testing/duel.ts';

type T = { a: { n: number; list: number[] }; b: { x: string }; c?: number };

describe('copy-on-write drafts of states (kernel)', () => {
  it('copies only the objects written to and their parents; the rest is shared; the base is untouched', () => {
    const base: T = { a: { n: 1, list: [1, 2] }, b: { x: 'y' } };
    markPlain(base);
    deepFreeze(base);
    const d = draftState(base);
    d.a.list.push(3);
    d.c = -0;
    expect(snapshot(d).a.list).toEqual([1, 2, 3]);
    const made = new Set<object>();
    const next = finalize(d, made);
    normalize(made);
    expect(next).not.toBe(base);
    expect(next.b).toBe(base.b);
    expect(next.a).not.toBe(base.a);
    expect(next.a.list).toEqual([1, 2, 3]);
    expect(Object.is(next.c, 0)).toBe(true);
    expect(base).toEqual({ a: { n: 1, list: [1, 2] }, b: { x: 'y' } });
    expect(() => d.a.n).toThrow(/after its step ended/);
  });

  it('a draft put in a new object or in two places is replaced by its plain value; undefined fields go as in JSON', () => {
    const base = { p: { q: [1] }, r: { s: 1 as number | undefined } };
    const d = draftState(base);
    (d as Record<string, unknown>).t = { copy: d.p, both: [d.p.q] };
    d.r.s = undefined;
    const made = new Set<object>();
    const next = finalize(d, made) as typeof base & { t: { copy: unknown; both: unknown[] } };
    normalize(made);
    expect(next.t.copy).toBe(base.p);
    expect(next.t.both[0]).toBe(base.p.q);
    expect(Object.keys(next.r)).toEqual([]);
  });

  it('check mode freezes every settled state: rule code writing past the draft throws', () => {
    const g = Game.create(duel, 'standard', {}, 'cow');
    checkDerivedFacts(g.state);
    g.act('red', { type: 'bid', n: 2 });
    g.act('blue', { type: 'bid', n: 1 });
    const s = g.state as DuelState;
    expect(Object.isFrozen(s.units)).toBe(true);
    expect(() => { (s.units.red as number[])[0] = 9; }).toThrow(TypeError);
  });
});
