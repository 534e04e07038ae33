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
      status = { ...status, seats: { ...status.seats, axis: 'committed' }, commitments: { ...status.commitments, axis: c.commit! } };
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
});
