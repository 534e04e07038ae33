// The browser's part in the fair dice (docs/fair-dice.md): a refused contribution is made again without waiting for a
// state message, which may never come while the game waits for the dice.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiceStatus } from '../server/protocol.ts';

const calls: string[] = [];
let refuse = 1;
let status: DiceStatus;

vi.mock('./api.ts', () => ({
  api: {
    entropy: async (token: string, c: { commit?: string }) => {
      calls.push(`${token} ${c.commit ? 'commit' : 'reveal'}`);
      if (refuse > 0) {
        refuse--;
        throw new Error('refused');
      }
      if (!c.commit && status.phase !== 'reveal') throw new Error('400: the dice are keyed already');
      status = c.commit ? { ...status, seats: { ...status.seats, axis: 'committed' }, commitments: { ...status.commitments, axis: c.commit } }
        : { ...status, phase: 'done', seats: { ...status.seats, axis: 'revealed' } };
      return { stateId: 1 };
    },
    play: async () => ({ dice: status }),
  },
}));
vi.mock('./storage.ts', () => ({ loadTokens: () => [{ token: 't-axis', gameId: 'g1', seat: 'axis' }] }));

describe('fair dice in the browser', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) });
    vi.useFakeTimers();
    calls.length = 0;
    refuse = 1;
    status = { phase: 'commit', seats: { axis: 'waiting', allies: 'server' }, commitments: {} };
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a commitment the server refused is sent again on a timer, and only until it is taken', async () => {
    const { contribute } = await import('./dice.ts');
    await contribute('g1', status);
    expect(calls).toEqual(['t-axis commit']);
    expect(status.seats.axis).toBe('waiting');
    await vi.advanceTimersByTimeAsync(600);
    expect(calls).toEqual(['t-axis commit', 't-axis commit']);
    expect(status.seats.axis).toBe('committed');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toHaveLength(2);
  });

  it('QA 10: a seat reveals once; a stale status from before the reveal or the keying is not answered again', async () => {
    const { contribute } = await import('./dice.ts');
    refuse = 0;
    await contribute('g1', status);
    expect(calls).toEqual(['t-axis commit']);
    status = { ...status, phase: 'reveal' };
    const reveal = status;
    await contribute('g1', reveal);
    expect(calls).toEqual(['t-axis commit', 't-axis reveal']);
    expect(status.phase).toBe('done');
    // The same reveal-phase status again (a push overtaken by an answer): nothing more is sent.
    await contribute('g1', reveal);
    expect(calls).toHaveLength(2);
    await contribute('g1', status);
    await contribute('g1', reveal);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toHaveLength(2);
  });
});
