// Game clocks: time per seat with an increment; the seats with a decision to make run. Time comes from an injected
// now(), so tests control it.
import type { Seat } from '../engine/types.ts';
import type { ClockInfo, ClockSpec } from './protocol.ts';
import type { ClockState } from './storage.ts';

export function newClock(spec: ClockSpec, seats: Seat[], now: number): ClockState {
  return {
    initialMs: spec.initialMs, incrementMs: spec.incrementMs,
    remaining: Object.fromEntries(seats.map((s) => [s, spec.initialMs])), running: [], since: now,
  };
}

/**
 * Charge the running clocks up to `now`, add the increment to `actor` (a seat that just acted), and start the clocks
 * of `toMove` (seats with a decision now; none when the game ended).
 */
export function tick(c: ClockState, now: number, actor: Seat | null, toMove: Seat[]): ClockState {
  const remaining = { ...c.remaining };
  const elapsed = Math.max(0, now - c.since);
  for (const s of c.running) remaining[s] = (remaining[s] ?? 0) - elapsed;
  if (actor !== null && actor in remaining) remaining[actor]! += c.incrementMs;
  return { ...c, remaining, running: [...toMove], since: now };
}

/** Remaining time per seat as of `now`. */
export function remainingAt(c: ClockState, now: number): Record<Seat, number> {
  const out = { ...c.remaining };
  const elapsed = Math.max(0, now - c.since);
  for (const s of c.running) out[s] = (out[s] ?? 0) - elapsed;
  return out;
}

/** Running seats whose time is up (seats in `exempt`, e.g. AI seats, never expire). */
export function expiredSeats(c: ClockState, now: number, exempt: Seat[] = []): Seat[] {
  const r = remainingAt(c, now);
  return c.running.filter((s) => !exempt.includes(s) && (r[s] ?? 0) <= 0);
}

export function clockInfo(c: ClockState | null, now: number, exempt: Seat[] = []): ClockInfo | null {
  if (!c) return null;
  return {
    initialMs: c.initialMs, incrementMs: c.incrementMs, remainingMs: remainingAt(c, now), running: [...c.running],
    asOf: now, expired: expiredSeats(c, now, exempt),
  };
}
