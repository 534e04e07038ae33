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
