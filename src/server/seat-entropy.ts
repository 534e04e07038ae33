// Every seat's dice contribution (docs/fair-dice.md). A seat not played by the AI commits to a random value (its
// SHA-256) when it takes its seat; once every such seat has committed, each reveals its value; the server then writes
// the log entry from which the dice follow from its secret seed and every value, so that not even the operator can
// choose them. AI seats have no value of their own: the server's seed stands for them. Until that entry the game
// accepts no action and no clock runs; the seats still to contribute are the ones it waits for.
import type { DiceEntropy } from '../engine/game.ts';
import { RuleViolation } from '../engine/kernel.ts';
import type { Seat } from '../engine/types.ts';
import { ApiError, badRequest, forbidden, illegal } from './errors.ts';
import { seedCommitment } from './fair-dice.ts';
import type { GameManager } from './games.ts';
import type { Live } from './live-games.ts';
import type { DiceSeatStatus, DiceStatus } from './protocol.ts';
import type { DiceRound, SeatRecord } from './storage.ts';

/** A contribution made again after another instance changed the round first (then the error is the caller's). */
const CONTRIBUTE_ATTEMPTS = 4;

export class SeatEntropy {
  constructor(private readonly m: GameManager) {}

  /** Seats that contribute: every seat not played by the AI. */
  contributors(live: Live): Seat[] {
    return live.seats.filter((s) => s.seat !== null && s.kind !== 'ai').map((s) => s.seat!);
  }

  /** The round is under way: the game waits for contributions. */
  open(live: Live): boolean {
    return live.rec.dice !== null && live.rec.dice.entry === undefined;
  }

  /** Seats the round waits for: those without a commitment, then (every seat committed) those without a reveal. */
  waitingOn(live: Live): Seat[] {
    const r = live.rec.dice;
    if (!r || r.entry !== undefined) return [];
    const seats = this.contributors(live);
    const uncommitted = seats.filter((s) => !(s in r.commitments));
    return uncommitted.length ? uncommitted : seats.filter((s) => !(s in r.reveals));
  }

  status(live: Live): DiceStatus | null {
    const r = live.rec.dice;
    if (!r) return null;
    const contributors = this.contributors(live);
    const seats: Record<Seat, DiceSeatStatus> = {};
    for (const s of live.seats) {
      if (s.seat === null) continue;
      seats[s.seat] = !contributors.includes(s.seat) ? 'server'
        : s.seat in r.reveals ? 'revealed' : s.seat in r.commitments ? 'committed' : 'waiting';
    }
    const phase = r.entry !== undefined ? 'done' : contributors.every((s) => s in r.commitments) ? 'reveal' : 'commit';
    return { phase, seats, commitments: { ...r.commitments } };
  }

  /** Refuse a change to the game while the round is under way. */
  refuseWhileOpen(live: Live): void {
    if (!this.open(live)) return;
    const waiting = this.waitingOn(live);
    throw illegal(new RuleViolation('fair dice', `the game starts once every seat has taken its seat and contributed to the dice; waiting for ${waiting.join(', ') || 'the server'} (docs/fair-dice.md)`));
  }

  /**
   * POST /api/play/:token/entropy, WebSocket 'entropy'. A commitment while seats commit (again: it replaces the seat's
   * own, nothing being revealed yet); during the reveal a new commitment starts the round over (a seat that lost its
   * value), since every other seat then commits a fresh value. A reveal must hash to the seat's commitment.
   * Seats may contribute through different server instances at once: a write that finds the stored round changed
   * meanwhile is refused, and the contribution is made again on the round as stored.
   */
  async contribute(token: string, c: { commit?: string; reveal?: string }): Promise<number> {
    const { live: l0, seat } = await this.m.games.seatOf(token);
    await this.m.seats.take(seat); // contributing takes an open seat, as a first connection does
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.contributeOnce(l0.rec.id, seat, c);
      } catch (e) {
        if (attempt >= CONTRIBUTE_ATTEMPTS || !(e instanceof ApiError && e.body.error === 'stale')) throw e;
      }
    }
  }

  private contributeOnce(gameId: string, seat: SeatRecord, c: { commit?: string; reveal?: string }): Promise<number> {
    let round: DiceRound;
    let prev: DiceRound | null = null;
    return this.m.pipeline.change(gameId, (live) => {
      const me = this.m.seats.actorOf(live, seat);
      if (seat.kind === 'ai') throw forbidden(`seat ${me} is played by the AI: the server's seed stands for it`);
      const r = live.rec.dice;
      prev = r;
      if (!r || r.entry !== undefined) throw badRequest('this game takes no more dice contributions: its dice are keyed already');
      const phase = this.status(live)!.phase;
      if (c.commit !== undefined) {
        round = phase === 'reveal' ? { ...r, commitments: { [me]: c.commit }, reveals: {} } : { ...r, commitments: { ...r.commitments, [me]: c.commit } };
      } else {
        if (phase !== 'reveal') throw badRequest(`reveal your value once every seat has committed; waiting for ${this.waitingOn(live).join(', ')} to commit`);
        if (!(me in r.commitments)) throw badRequest('commit first');
        if (seedCommitment(c.reveal!) !== r.commitments[me]) {
          throw badRequest(`the value does not hash to your commitment ${r.commitments[me]}; commit a new value to start the round over`);
        }
        round = { ...r, reveals: { ...r.reveals, [me]: c.reveal! } };
      }
    }, (live) => {
      if (this.contributors(live).every((s) => s in round.reveals)) round = this.key(live, round);
      live.rec.dice = round; // before the write, so that the clocks run for the seats the round now waits for
      return { actor: null, extra: { dice: round }, expect: { dice: prev } };
    });
  }

  /**
   * Every contributor has revealed (or none has to: AI seats only): write the entry that keys the dice. Called inside a
   * change, with the round as it will be stored.
   */
  key(live: Live, round: DiceRound): DiceRound {
    const seats: Record<Seat, string> = {};
    const commitments: Record<Seat, string> = {};
    for (const s of this.contributors(live)) {
      seats[s] = round.reveals[s]!;
      commitments[s] = round.commitments[s]!;
    }
    const e: DiceEntropy = { seats, commitments };
    if (round.serverSeed) e.serverSeed = { commitment: round.serverCommitment!, seed: round.serverSeed };
    const entry = live.game.entries.length;
    this.m.games.applyTracked(live, { entropy: e, hash: '' });
    live.keyedNow = true;
    return { ...round, entry };
  }

  /** A seat changed hands (to the AI): the round may be complete now. Broadcasts; starts the AI. */
  async recheck(gameId: string): Promise<number> {
    return this.m.pipeline.change(gameId, () => undefined, (live) => {
      const r = live.rec.dice;
      if (!r || r.entry !== undefined || !this.contributors(live).every((s) => s in r.reveals)) return { actor: null };
      live.rec.dice = this.key(live, r);
      return { actor: null, extra: { dice: live.rec.dice }, expect: { dice: r } };
    });
  }
}
