import { describe, expect, it } from 'vitest';
import { hashString, stateHash } from './hash.ts';

const deepFreeze = <T>(v: T): T => {
  if (typeof v === 'object' && v !== null) {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
};
const plain = (v: unknown) => hashString(JSON.stringify(v));

describe('stateHash', () => {
  it('is the hash of the JSON text, with frozen parts (kept texts), large records, undefined and odd keys', () => {
    const units: Record<string, unknown> = {};
    for (let i = 0; i < 50; i++) units[i % 7 ? `u${i}` : String(i)] = { where: `h${i}`, reduced: i % 2 === 0, gone: undefined, marks: [i, null, 'x"y'] };
    const record = deepFreeze({ ...units });
    const state = { ruleset: 't', seq: 3, rng: { s: [1, 2] }, units: record, control: deepFreeze({ a: 'axis', '0101': 'allies' }), none: undefined, stack: [{ proc: 'p' }], f: () => 1 };
    expect(stateHash(state)).toBe(plain(state));
    expect(stateHash(state)).toBe(plain(state)); // the kept texts again
    const next = { ...state, units: Object.freeze({ ...record, u1: deepFreeze({ where: 'moved' }) }) };
    expect(stateHash(next)).toBe(plain(next));
    for (const v of [{}, [], null, 'x', 0, [1, { a: undefined }], Object.freeze({})]) expect(stateHash(v)).toBe(plain(v));
  });

  it('gives the same hash for a record fed member by member (first hash), joined (second) and kept (third)', () => {
    const members: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) members[`k${i}`] = i % 3 ? deepFreeze({ at: i, s: 'a"b' }) : i;
    const record = deepFreeze({ ...members, skip: undefined });
    const loose = Object.freeze({ ...members, open: { n: 1 } }); // a member not frozen: never kept
    const state = { record, loose, nested: deepFreeze({ inner: { ...members } }) };
    for (let i = 0; i < 3; i++) expect(stateHash(state)).toBe(plain(state));
    (loose.open as { n: number }).n = 2;
    expect(stateHash(state)).toBe(plain(state));
  });

  it('hashes a next state from the chunks of the record before: members changed, keys added and removed', () => {
    const units: Record<string, unknown> = {};
    for (let i = 0; i < 70; i++) units[`u${i}`] = deepFreeze({ where: `h${i}`, mp: i % 4, marks: [i, 'a"b'] });
    let state: Record<string, unknown> = { seq: 0, units: deepFreeze({ ...units }), flag: true };
    expect(stateHash(state, {})).toBe(plain(state));
    const steps: ((u: Record<string, unknown>) => void)[] = [
      (u) => { u.u3 = deepFreeze({ where: 'x"1', mp: 9 }); }, // in the first chunk
      (u) => { u.u40 = deepFreeze({ where: 'x2' }); u.u69 = 5; }, // in two later chunks
      () => undefined, // a copy with every member the same
      (u) => { delete u.u20; }, // the keys shift from the second chunk on
      (u) => { u.z = deepFreeze({ where: 'new' }); }, // a key added at the end
      (u) => { u.u50 = Object.freeze({ where: 'frozen', marks: [1] }); }, // frozen, but not all through
      (u) => { u.u51 = undefined; }, // a skipped member
      (u) => { delete u.u51; u.u52 = deepFreeze({ where: 'back to chunks' }); },
    ];
    for (const change of steps) {
      const u = { ...(state.units as Record<string, unknown>) };
      change(u);
      const next = { ...state, seq: (state.seq as number) + 1, units: Object.freeze(u) };
      expect(stateHash(next, state)).toBe(plain(next));
      expect(stateHash(next)).toBe(plain(next));
      state = next;
    }
    // a member not frozen all through changes in place: the record is read again, never from kept chunks
    ((state.units as Record<string, { marks: number[] }>).u50!.marks)[0] = 7;
    const again = { ...state, seq: 99 };
    expect(stateHash(again, state)).toBe(plain(again));
  });

  it('reads a shallowly frozen object again when something inside it changed', () => {
    const inner = { n: 1 };
    const state = { part: Object.freeze({ inner }) };
    expect(stateHash(state)).toBe(plain(state));
    inner.n = 2;
    expect(stateHash(state)).toBe(plain(state));
  });

  it('hashString keeps the values logs record (cyrb53, both seeds)', () => {
    expect(hashString('')).toBe('0bdcb81aee8d8310c329583afc3b');
    expect(hashString('abc')).toBe('11f9f91ac18c8d110670909284e7');
    expect(hashString('{"a":[1,2,3],"b":"é"}')).toBe('1e7dabacd682911fba89e635a354');
  });
});
