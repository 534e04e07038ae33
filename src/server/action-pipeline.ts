// The action pipeline: every change to a game (an action, an undo, an agreed takeback, the end by resignation or time)
// is checked and applied under the game's lock, written to storage in one transaction, and only then broadcast, with
// "your turn" notices and AI seats started.
import { RuleViolation } from '../engine/kernel.ts';
import type { Action, Json, Seat } from '../engine/types.ts';
import { tick } from './clock.ts';
import { forbidden, illegal, stale } from './errors.ts';
import type { GameManager } from './games.ts';
import { isFinished, type Live } from './live-games.ts';
import type { ServerResult } from './protocol.ts';
import { ConflictError, type EntryRecord, type GameExpect, type GameUpdate, type SeatRecord } from './storage.ts';

/** What a change did: who acted, what else the game row takes, what it must still hold when written. */
export interface Change {
  actor: Seat | null;
  extra?: GameUpdate;
  expect?: GameExpect;
}

export class ActionPipeline {
  constructor(private readonly m: GameManager) {}

  /** Write the entries added since `before` (one transaction), then update memory. */
  async commit(live: Live, before: number, actor: Seat | null, extra: GameUpdate = {}, expect?: GameExpect): Promise<void> {
    const m = this.m;
    const now = m.now();
    const entries: EntryRecord[] = live.game.entries.slice(before)
      .map((entry, i) => ({ idx: before + i, entry, createdAt: now, derived: live.derived[before + i] }));
    const over = live.game.state.outcome !== null || (extra.serverResult ?? live.rec.serverResult) !== null;
    const update: GameUpdate = { updatedAt: now, status: over ? 'finished' : 'running', ...extra };
    if (live.rec.clock && extra.clock === undefined) {
      update.clock = tick(live.rec.clock, now, actor, over ? [] : m.games.clockSeats(live));
    }
    if (entries.length > 0 && live.rec.meta.takeback) update.meta = { ...live.rec.meta, ...(extra.meta ?? {}), takeback: null };
    const count = before + entries.length;
    const snapshot = entries.length > 0 && Math.floor(count / m.snapshotEvery) > Math.floor(before / m.snapshotEvery)
      ? { idx: count, state: live.game.state as unknown as Json, hash: live.game.entries[count - 1]!.hash } : undefined;
    try {
      await m.storage.append(live.rec.id, before, entries, update, snapshot, expect);
    } catch (e) {
      m.games.evict(live.rec.id); // memory is ahead of storage: rebuild from the database on next access
      if (e instanceof ConflictError) throw stale((await m.storage.getGame(live.rec.id))?.entryCount ?? before);
      throw e;
    }
    Object.assign(live.rec, update);
    live.rec.entryCount = count;
  }

  /**
   * Broadcast the new state to every connection, tell seats whose turn it became (every seat with a decision when the
   * change keyed the dice: the game starts), start AI seats.
   */
  afterChange(live: Live, prevToMove: Seat[]): void {
    this.m.conns.broadcast(live);
    const prev = live.keyedNow ? [] : prevToMove;
    live.keyedNow = false;
    if (!isFinished(live)) {
      for (const s of this.m.games.toMove(live).filter((x) => !prev.includes(x))) this.m.notify.yourTurn(live, s);
    }
    this.m.aiTurns.schedule(live);
  }

  /** Apply `change` to the game under its lock, write it, then broadcast. Returns the new state id. */
  async change(
    gameId: string, check: (live: Live) => void, change: (live: Live) => Change,
  ): Promise<number> {
    return this.m.games.locked(gameId, async (live) => {
      check(live);
      this.m.mark?.('lock');
      const before = live.game.entries.length;
      const prevToMove = this.m.games.toMove(live);
      const evBefore = live.derived.length;
      let r: Change;
      try {
        r = change(live);
      } catch (e) {
        live.derived.length = evBefore;
        if (live.game.entries.length !== before) this.m.games.evict(gameId);
        if (e instanceof RuleViolation) throw illegal(e);
        throw e;
      }
      this.m.mark?.('apply');
      await this.commit(live, before, r.actor, r.extra, r.expect);
      this.m.mark?.('write');
      this.afterChange(live, prevToMove);
      return live.rec.entryCount;
    });
  }

  /** An action from a token's holder, made against `stateId`. */
  async act(token: string, stateId: number, action: Action): Promise<number> {
    const { live: l0, seat } = await this.m.games.seatOf(token);
    return this.actAs(l0.rec.id, (live) => {
      const cur = live.seats.find((s) => s.token === token) ?? seat;
      if (cur.kind === 'ai') throw forbidden(`seat ${cur.seat} is played by the AI; its link cannot act`);
      return cur;
    }, stateId, action);
  }

  /** An action for the seat `seatOf` names (a player's, or an AI seat's answer), made against `stateId`. */
  async actAs(gameId: string, seatOf: (live: Live) => SeatRecord, stateId: number, action: Action): Promise<number> {
    let actor: Seat = '';
    return this.change(gameId, (live) => {
      actor = this.m.seats.actorOf(live, seatOf(live));
      if (stateId !== live.rec.entryCount) throw stale(live.rec.entryCount);
      this.m.entropy.refuseWhileOpen(live);
    }, (live) => {
      this.m.games.applyTracked(live, { seat: actor, action, hash: '' });
      return { actor };
    });
  }

  async undo(token: string, stateId: number): Promise<number> {
    const { live: l0, seat } = await this.m.games.seatOf(token);
    let actor: Seat = '';
    return this.change(l0.rec.id, (live) => {
      actor = this.m.seats.playerOf(live, seat);
      if (stateId !== live.rec.entryCount) throw stale(live.rec.entryCount);
      this.m.entropy.refuseWhileOpen(live);
    }, (live) => {
      this.m.games.applyTracked(live, { undo: actor, hash: '' });
      return { actor: null };
    });
  }

  /** End the game by a server decision (resignation, time). */
  async finish(gameId: string, check: (live: Live) => ServerResult): Promise<number> {
    return this.m.games.locked(gameId, async (live) => {
      const result = check(live);
      const prevToMove = this.m.games.toMove(live);
      await this.commit(live, live.game.entries.length, null, { serverResult: result, status: 'finished' });
      this.afterChange(live, prevToMove);
      return live.rec.entryCount;
    });
  }

  async resign(token: string): Promise<number> {
    const { live: l0, seat } = await this.m.games.seatOf(token);
    return this.finish(l0.rec.id, (live) => {
      const loser = this.m.seats.playerOf(live, seat);
      const others = live.seats.filter((s) => s.seat !== null && s.seat !== loser).map((s) => s.seat!);
      const winner = others.length === 1 ? others[0]! : null;
      return { kind: 'resigned', loser, winner, result: `${loser} resigned${winner ? `: ${winner} wins` : ''}` };
    });
  }
}
