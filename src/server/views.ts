// What a token's holder reads: the state message (live and on connect), GET /api/play, my games, the log export and
// replays. Every reader gets its seat's view and the events it may see; the seed only after the end.
import type { GameLog } from '../engine/game.ts';
import { choicesIn, eventsFor, prompts, viewFor, type SeatView } from '../engine/kernel.ts';
import type { Choice, GameEvent, Json, Seat } from '../engine/types.ts';
import { clockInfo } from './clock.ts';
import { ApiError, badRequest, forbidden, stale } from './errors.ts';
import type { GameManager } from './games.ts';
import { importOf, isFinished, settled, type Live } from './live-games.ts';
import type { GameSummary, PlayResponse, ReplayResponse, StateMessage } from './protocol.ts';
import { getPackage } from '../rulesets/index.ts';
import { answerQuestion, type Answer, type Question } from './inspect.ts';
import { hideOthersActions } from './hidden-actions.ts';

export class Views {
  constructor(private readonly m: GameManager) {}

  /** Events `seat` may see after state id `stateId`; all of them (from the set-up on) when it is unknown. */
  private eventsSince(live: Live, stateId: number | undefined, seat: Seat | null): GameEvent[] {
    if (stateId === undefined || stateId < 0 || stateId > live.derived.length) {
      return eventsFor([...live.game.setupEvents, ...live.derived.flatMap((d) => d.events)], seat);
    }
    const list = live.derived.slice(stateId).flatMap((d) => d.events);
    return eventsFor(list, seat);
  }

  stateMessage(live: Live, conn: { seat: Seat | null }, since: number | undefined, view?: SeatView): StateMessage {
    const msg: StateMessage = {
      type: 'state', gameId: live.rec.id, stateId: live.rec.entryCount,
      view: view ?? viewFor(live.ruleset, live.game.state, conn.seat, settled),
      events: this.eventsSince(live, since, conn.seat),
      undoable: conn.seat !== null && !isFinished(live) ? live.game.undoableBy(conn.seat) : 0,
      clocks: clockInfo(live.rec.clock, this.m.now(), this.m.seats.aiSeats(live)), status: live.rec.status,
      serverResult: live.rec.serverResult, takeback: this.m.takebacks.takebackOf(live),
    };
    if (isFinished(live)) msg.seed = live.rec.seed;
    if (this.m.entropy.open(live)) msg.dice = this.m.entropy.status(live)!;
    return msg;
  }

  async play(token: string): Promise<PlayResponse> {
    const { live, seat } = await this.m.games.seatOf(token);
    const s = seat.seat;
    const m = this.stateMessage(live, { seat: s }, undefined);
    const r: PlayResponse = {
      gameId: live.rec.id, seat: s, ruleset: live.rec.ruleset, scenario: live.rec.scenario, status: live.rec.status,
      outcome: live.game.state.outcome, serverResult: live.rec.serverResult, view: m.view, events: m.events,
      stateId: m.stateId, seats: this.m.seats.infos(live), clocks: m.clocks,
      seedCommitment: live.rec.dice?.serverCommitment ?? live.rec.seedCommitment,
      undoable: m.undoable, takeback: m.takeback, dice: this.m.entropy.status(live), imported: importOf(live), rematchOf: (live.rec.meta.rematchOf as string) ?? null,
      rematch: (live.rec.meta.rematch as string) ?? null, rematchToken: await this.m.takebacks.rematchTokenOf(live, s),
    };
    if (m.seed !== undefined) r.seed = m.seed;
    return r;
  }

  /** The choices in one group of the holder's structured prompt (Prompt.groups), asked against `stateId`. */
  async choices(token: string, stateId: number, group: string): Promise<{ stateId: number; group: string; choices: Choice[] }> {
    const { live, seat } = await this.m.games.seatOf(token);
    if (seat.seat === null) throw forbidden('a spectator link has no choices; use a seat link');
    if (stateId !== live.rec.entryCount) throw stale(live.rec.entryCount);
    const state = live.game.state;
    const prompt = prompts(live.ruleset, state, settled).find((p) => p.seat === seat.seat);
    if (!prompt) throw badRequest(`seat ${seat.seat} has no decision to make now`);
    if (!prompt.groups?.some((g) => g.key === group)) {
      throw badRequest(`the prompt "${prompt.text}" has no group "${group.slice(0, 100)}"`);
    }
    return { stateId, group, choices: choicesIn(live.ruleset, state, seat.seat, group, settled) };
  }

  /** A question about the holder's decision that changes nothing (src/server/inspect.ts), asked against `stateId`. */
  async inspect(token: string, stateId: number, q: Question): Promise<{ stateId: number; answer: Answer }> {
    const { live, seat } = await this.m.games.seatOf(token);
    if (seat.seat === null) throw forbidden('a spectator link has no decision to ask about; use a seat link');
    if (stateId !== live.rec.entryCount) throw stale(live.rec.entryCount);
    return { stateId, answer: answerQuestion(getPackage(live.ruleset.id), live.game.state, seat.seat, q, settled) };
  }

  async myGames(tokens: string[]): Promise<GameSummary[]> {
    const out: GameSummary[] = [];
    for (const token of [...new Set(tokens)]) {
      let found: Awaited<ReturnType<GameManager['games']['seatOf']>>;
      try {
        found = await this.m.games.seatOf(token);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) continue;
        throw e;
      }
      const { live, seat } = found;
      const toMove = isFinished(live) ? [] : this.m.games.toMove(live);
      out.push({
        gameId: live.rec.id, token, seat: seat.seat, ruleset: live.rec.ruleset, scenario: live.rec.scenario,
        status: live.rec.status, outcome: live.game.state.outcome, serverResult: live.rec.serverResult,
        yourTurn: seat.seat !== null && toMove.includes(seat.seat), toMove: [...toMove],
        stateId: live.rec.entryCount, seats: this.m.seats.infos(live), createdAt: live.rec.createdAt, updatedAt: live.rec.updatedAt,
        imported: importOf(live),
      });
    }
    return out;
  }

  /**
   * The log file for a token. Until the end: no seed (the log's, or a server seed of an imported game's), other seats'
   * sealed answers hidden, and no state hash that depends on one: with the rest of the state such a hash would let
   * anyone test the few possible answers. A rule set with hidden actions (fog of war): other seats' actions too.
   */
  async exportLog(token: string): Promise<GameLog> {
    const { live, seat } = await this.m.games.seatOf(token);
    const meta = { gameId: live.rec.id, exportedBy: seat.seat ?? 'spectator', status: live.rec.status } as Record<string, Json>;
    if (live.rec.serverResult) meta.serverResult = live.rec.serverResult as unknown as Json;
    const imported = importOf(live);
    if (imported) meta.imported = imported as unknown as Json;
    const log = live.game.toLog(meta);
    log.seedCommitment = live.rec.seedCommitment;
    if (isFinished(live)) return log;
    log.seed = '';
    const mine = (seats: Seat[]) => seats.every((s) => s === seat.seat);
    log.entries = log.entries.map((e, i) => {
      const d = live.derived[i];
      // Entries stored before `sealedBy` was kept: the sealing entry itself.
      const hidden = !mine(d?.sealedBy ?? (d?.sealed && 'action' in e ? [e.seat] : []));
      if ('action' in e && d?.sealed && e.seat !== seat.seat) return { seat: e.seat, action: { type: 'sealed' }, hash: '' };
      if ('entropy' in e && e.entropy.serverSeed) e = { ...e, entropy: { ...e.entropy, serverSeed: { ...e.entropy.serverSeed, seed: '' } } };
      return hidden ? { ...e, hash: '' } : e;
    });
    if (live.ruleset.hiddenActions?.(log.options)) log.entries = hideOthersActions(log.entries, seat.seat);
    return log;
  }

  /** A view at action `at` (in force). Seat views only once the game has ended; the public view any time. */
  async replay(gameId: string, seat: Seat | null, at: number | undefined): Promise<ReplayResponse> {
    const live = await this.m.games.load(gameId);
    if (seat !== null && !live.seats.some((s) => s.seat === seat)) throw badRequest(`seat "${seat}" is not in this game`);
    if (seat !== null && !isFinished(live)) throw forbidden('seat views of a replay are available only after the game has ended; ask for the public view (no seat)');
    const length = live.game.played.length;
    const n = at ?? length;
    if (!Number.isInteger(n) || n < 0 || n > length) throw badRequest(`"at" must be an integer from 0 to ${length}`);
    const state = live.game.stateAt(n);
    const events = n === 0 ? live.game.setupEvents : live.game.played[n - 1]!.events;
    return {
      gameId, seat, at: n, length, view: viewFor(live.ruleset, state, seat, settled), events: eventsFor(events, seat),
      imported: importOf(live),
    };
  }
}
