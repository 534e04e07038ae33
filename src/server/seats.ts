// Seats and their tokens: who holds a seat (human, AI, open), who may act with a token, an open seat taken by the first
// link holder, an expired seat handed to the AI, a seat's webhook.
import type { Seat } from '../engine/types.ts';
import { expiredSeats } from './clock.ts';
import { ApiError, badRequest, forbidden } from './errors.ts';
import type { GameManager } from './games.ts';
import { isFinished, type Live } from './live-games.ts';
import type { SeatInfo, TokenLink } from './protocol.ts';
import type { SeatRecord } from './storage.ts';
import { webhookUrlProblem } from './webhooks.ts';

export const link = (token: string): TokenLink => ({ token, link: `/play/${token}` });

export class Seats {
  constructor(private readonly m: GameManager) {}

  /** Every seat with its kind, level, name and whether a channel of it is open. */
  infos(live: Live): SeatInfo[] {
    return live.seats.filter((s) => s.seat !== null).map((s) => {
      const i: SeatInfo = { seat: s.seat!, kind: s.kind, connected: this.m.conns.isConnected(live.rec.id, s.seat!) };
      if (s.level !== null) i.level = s.level;
      if (s.name !== null) i.name = s.name;
      return i;
    });
  }

  aiSeats(live: Live): Seat[] {
    return live.seats.filter((s) => s.kind === 'ai' && s.seat !== null).map((s) => s.seat!);
  }

  /** The seat a token's holder acts for: refused for a spectator, and once the game has ended. */
  actorOf(live: Live, seat: SeatRecord): Seat {
    if (seat.seat === null) throw forbidden('a spectator link cannot act; use a seat link');
    if (isFinished(live)) {
      throw new ApiError({ error: 'illegal', rule: 'game over', message: `the game has ended (${resultText(live)})`, legal: [] });
    }
    return seat.seat;
  }

  /**
   * `actorOf` for what only a player does (resign, undo, a takeback, a claim): an AI seat's link, which the game's
   * creator receives, cannot do it for the AI (403); the seat's current kind counts (a seat handed to the AI).
   */
  playerOf(live: Live, seat: SeatRecord): Seat {
    const me = this.actorOf(live, seat);
    const cur = live.seats.find((s) => s.token === seat.token) ?? seat;
    if (cur.kind === 'ai') throw forbidden(`seat ${me} is played by the AI; its link cannot act for it`);
    return me;
  }

  /** An open seat belongs to whoever first comes with its link. */
  async take(seat: SeatRecord): Promise<void> {
    if (seat.kind !== 'open' || seat.seat === null) return;
    await this.m.storage.updateSeat(seat.token, { kind: 'human' });
    seat.kind = 'human';
  }

  /** An opponent's clock ran out: win the game, or hand the expired seat to the AI. */
  async claim(token: string, mode: 'win' | 'ai', which?: Seat): Promise<number> {
    const { live: l0, seat } = await this.m.games.seatOf(token);
    const gameId = l0.rec.id;
    const pick = (live: Live): Seat => {
      const claimer = this.playerOf(live, seat);
      if (!live.rec.clock) throw badRequest('this game has no clocks');
      const expired = expiredSeats(live.rec.clock, this.m.now(), this.aiSeats(live)).filter((s) => s !== claimer);
      if (expired.length === 0) throw badRequest('no opponent has run out of time');
      if (which !== undefined && !expired.includes(which)) throw badRequest(`seat "${which}" has not run out of time; expired: ${expired.join(', ')}`);
      return which ?? expired[0]!;
    };
    if (mode === 'win') {
      return this.m.pipeline.finish(gameId, (live) => {
        const loser = pick(live);
        return { kind: 'time', loser, winner: seat.seat, result: `${loser} ran out of time: ${seat.seat} wins` };
      });
    }
    await this.m.games.locked(gameId, async (live) => {
      const expired = pick(live);
      const rec = live.seats.find((s) => s.seat === expired)!;
      await this.m.storage.updateSeat(rec.token, { kind: 'ai', level: 1 });
      rec.kind = 'ai';
      rec.level = 1;
      this.m.conns.presence(live);
    });
    // The seat no longer contributes to the dice (the server's seed stands for it): the round may be complete.
    return this.m.entropy.recheck(gameId);
  }

  async setWebhook(token: string, url: string | null): Promise<void> {
    const { live, seat } = await this.m.games.seatOf(token);
    if (seat.seat === null) throw forbidden('a spectator has no turn to be told about');
    const problem = url === null ? null : webhookUrlProblem(url, this.m.webhookPolicy);
    if (problem) throw badRequest(problem);
    await this.m.storage.updateSeat(token, { webhook: url });
    const rec = live.seats.find((s) => s.token === token);
    if (rec) rec.webhook = url;
  }
}

/** How the game ended, in a sentence. */
export function resultText(live: Live): string {
  return live.rec.serverResult?.result ?? live.game.state.outcome?.result ?? 'over';
}
