// Takebacks (asked by one seat, agreed by another; AI seats agree at once) and rematches (a new game with the same
// players, seats kept or moved on).
import { RuleViolation } from '../engine/kernel.ts';
import type { Seat } from '../engine/types.ts';
import { ApiError, badRequest, forbidden, illegal } from './errors.ts';
import type { GameManager } from './games.ts';
import { isFinished, type Live } from './live-games.ts';
import type { CreateGameResponse, SeatSpec, TakebackRequest, TokenLink } from './protocol.ts';
import { link } from './seats.ts';
import type { SeatRecord } from './storage.ts';

export class Takebacks {
  constructor(private readonly m: GameManager) {}

  /** The seats played by people (not the AI), but `seat`. */
  private playersBut(live: Live, seat: Seat): Seat[] {
    return live.seats.filter((s) => s.seat !== null && s.seat !== seat && s.kind !== 'ai').map((s) => s.seat!);
  }

  /**
   * The request `seat`'s holder may answer, and who answers: refused when there is none or it is theirs. `also`: a
   * check made once the answerer is known (an open dice round refuses an agreement).
   */
  private toAnswer(live: Live, seat: SeatRecord, also?: () => void): { req: TakebackRequest; answerer: Seat } {
    const answerer = this.m.seats.playerOf(live, seat);
    also?.();
    const req = this.takebackOf(live);
    if (!req || req.requestedBy === answerer) throw badRequest('there is no takeback request for you to answer');
    return { req, answerer };
  }

  /** The takeback request awaiting an answer, if it was made at the current state. */
  takebackOf(live: Live): TakebackRequest | null {
    const t = live.rec.meta.takeback as TakebackRequest | null | undefined;
    return t && t.stateId === live.rec.entryCount ? t : null;
  }

  /**
   * Ask the other seat(s) to take back to `to` actions in force. When every other seat is an AI, the AI agrees at once
   * to a takeback that undoes no die and no reveal, and declines any other (docs/fair-dice.md): the requester would
   * otherwise roll again at will. With another player in the game the players answer, every one of them (an AI never
   * agrees for them): one who holds several seats cannot consent alone for the others.
   */
  async askTakeback(token: string, to: number): Promise<number> {
    const { live: l0, seat } = await this.m.games.seatOf(token);
    return this.m.games.locked(l0.rec.id, async (live) => {
      const asker = this.m.seats.playerOf(live, seat);
      this.m.entropy.refuseWhileOpen(live);
      const n = live.game.played.length;
      if (!Number.isInteger(to) || to < 0 || to >= n) {
        throw illegal(new RuleViolation('takeback', `cannot take back to action ${to}; ${n} actions are in force (0..${n - 1})`));
      }
      const others = live.seats.filter((s) => s.seat !== null && s.seat !== asker);
      const ai = others.every((s) => s.kind === 'ai') ? others[0] : undefined;
      if (ai) {
        const past = live.game.played.slice(to).findIndex((p) => p.irreversible);
        if (past >= 0) {
          throw illegal(new RuleViolation('takeback', `${ai.seat} (AI) declines: action ${to + past + 1} rolled a die or revealed something hidden, and the AI agrees only to takebacks that undo neither (docs/fair-dice.md)`));
        }
        const before = live.game.entries.length;
        const prevToMove = this.m.games.toMove(live);
        this.m.games.applyTracked(live, { takeback: { to, requestedBy: asker, consentedBy: ai.seat!, freshDice: true }, hash: '' });
        await this.m.pipeline.commit(live, before, null);
        this.m.pipeline.afterChange(live, prevToMove);
        return live.rec.entryCount;
      }
      const req: TakebackRequest = { to, requestedBy: asker, stateId: live.rec.entryCount };
      const meta = { ...live.rec.meta, takeback: req };
      await this.m.storage.updateGame(live.rec.id, { meta });
      live.rec.meta = meta;
      this.m.conns.sendTo(live.rec.id, (c) => c.seat !== null && c.seat !== asker, { type: 'takeback-request', ...req });
      return live.rec.entryCount;
    });
  }

  async answerTakeback(token: string, accept: boolean): Promise<number> {
    const { live: l0, seat } = await this.m.games.seatOf(token);
    let req: TakebackRequest | null = null;
    let answerer: Seat = '';
    if (!accept) {
      return this.m.games.locked(l0.rec.id, async (live) => {
        ({ req, answerer } = this.toAnswer(live, seat));
        const meta = { ...live.rec.meta, takeback: null };
        await this.m.storage.updateGame(live.rec.id, { meta });
        live.rec.meta = meta;
        this.m.conns.sendTo(live.rec.id, () => true, { type: 'takeback-answer', accepted: false, by: answerer });
        return live.rec.entryCount;
      });
    }
    // Every other player agrees (AI seats do not count): each answer is kept until the last one comes.
    const waiting = await this.m.games.locked(l0.rec.id, async (live) => {
      const { req: cur, answerer: me } = this.toAnswer(live, seat, () => this.m.entropy.refuseWhileOpen(live));
      const agreed = [...new Set([...(cur.agreed ?? []), me])];
      if (this.playersBut(live, cur.requestedBy).every((s) => agreed.includes(s))) return null;
      const next: TakebackRequest = { ...cur, agreed };
      const meta = { ...live.rec.meta, takeback: next };
      await this.m.storage.updateGame(live.rec.id, { meta });
      live.rec.meta = meta;
      this.m.conns.sendTo(live.rec.id, (c) => c.seat !== null, { type: 'takeback-request', ...next });
      return live.rec.entryCount;
    });
    if (waiting !== null) return waiting;
    // The last answer: checked again under the pipeline's lock (the request may have changed in between).
    const id = await this.m.pipeline.change(l0.rec.id, (live) => {
      ({ req, answerer } = this.toAnswer(live, seat, () => this.m.entropy.refuseWhileOpen(live)));
      const agreed = [...(req.agreed ?? []), answerer];
      if (!this.playersBut(live, req.requestedBy).every((s) => agreed.includes(s))) throw badRequest('the takeback changed while you answered: answer again');
    }, (live) => {
      this.m.games.applyTracked(live, { takeback: { to: req!.to, requestedBy: req!.requestedBy, consentedBy: answerer, freshDice: true }, hash: '' });
      return { actor: null };
    });
    this.m.conns.sendTo(l0.rec.id, () => true, { type: 'takeback-answer', accepted: true, by: answerer });
    return id;
  }

  /**
   * A new game with the same rule set, scenario, options and players; `swap` moves every player to the next seat held
   * by a player (two players among AI seats change places, the AI keeps its seats); a lone player against the AI
   * moves to the next seat and the AI takes theirs.
   */
  async rematch(token: string, swap: boolean): Promise<CreateGameResponse & { yourToken: TokenLink }> {
    const { live, seat } = await this.m.games.seatOf(token);
    if (seat.seat === null) throw forbidden('a spectator cannot ask for a rematch');
    if (!isFinished(live)) throw badRequest('a rematch can be made only after the game has ended');
    const existing = live.rec.meta.rematch as string | undefined;
    if (existing) throw new ApiError({ error: 'conflict', message: `a rematch already exists: game ${existing}` });
    const seats = live.seats.filter((s) => s.seat !== null);
    const order = seats.map((s) => s.seat!);
    const specs: Record<Seat, SeatSpec> = {};
    const players = seats.filter((s) => s.kind !== 'ai').map((s) => s.seat!);
    const ring = players.length >= 2 ? players : order;
    const newSeatOf = (old: Seat) => (swap && ring.includes(old) ? ring[(ring.indexOf(old) + 1) % ring.length]! : old);
    for (const s of seats) {
      const sp: SeatSpec = { kind: s.kind };
      if (s.level !== null) sp.level = s.level;
      if (s.name !== null) sp.name = s.name;
      if (s.webhook !== null) sp.webhook = s.webhook;
      specs[newSeatOf(s.seat!)] = sp;
    }
    const clock = live.rec.clock ? { initialMs: live.rec.clock.initialMs, incrementMs: live.rec.clock.incrementMs } : undefined;
    const created = await this.m.creation.createGame({
      ruleset: live.rec.ruleset, scenario: live.rec.scenario, options: live.rec.options, seats: specs, clock,
      meta: { rematchOf: live.rec.id },
    });
    // Where each seat went, so that a player who was away when the rematch started finds their link (rematchTokenOf).
    const rematchSeats = Object.fromEntries(order.map((s) => [s, newSeatOf(s)]));
    await this.m.games.locked(live.rec.id, async (cur) => {
      const meta = { ...cur.rec.meta, rematch: created.gameId, rematchSeats };
      await this.m.storage.updateGame(cur.rec.id, { meta });
      cur.rec.meta = meta;
    });
    this.m.conns.each(live.rec.id, (c) => {
      if (c.seat !== null) c.send({ type: 'rematch', gameId: created.gameId, token: created.seats[newSeatOf(c.seat)]! });
    });
    return { ...created, yourToken: created.seats[newSeatOf(seat.seat)]! };
  }

  /** The link in this game's rematch of whoever holds `seat`'s token here (the spectator's for the spectator). */
  async rematchTokenOf(live: Live, seat: Seat | null): Promise<TokenLink | null> {
    const id = live.rec.meta.rematch as string | undefined;
    const moved = live.rec.meta.rematchSeats as Record<Seat, Seat> | undefined;
    if (!id || (seat !== null && !moved?.[seat])) return null;
    const want = seat === null ? null : moved![seat]!;
    const rec = (await this.m.storage.seatsOf(id)).find((r) => r.seat === want);
    return rec ? link(rec.token) : null;
  }
}
