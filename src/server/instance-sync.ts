// Several server instances on one PostgreSQL database: another instance's change is taken in (its new log entries
// replayed, our clients told), and after a lost LISTEN connection every game held here is checked against storage.
import type { GameManager } from './games.ts';
import type { Live } from './live-games.ts';
import type { GameRecord, SeatRecord } from './storage.ts';

export class InstanceSync {
  constructor(private readonly m: GameManager) {}

  /** Another instance changed a game; take its new entries and tell our clients. */
  async onRemoteChange(gameId: string): Promise<void> {
    const m = this.m;
    if (!m.owns(gameId)) return;
    if (!m.games.get(gameId)) {
      // Not in memory (or evicted after a conflict): a rebuild reads everything; clients here still need the news.
      if (!m.conns.count(gameId)) return;
      const live = await m.games.load(gameId);
      m.conns.broadcast(live);
      return;
    }
    await m.games.locked(gameId, async (live) => {
      const rec = await m.storage.getGame(gameId);
      if (!rec) return;
      const prevToMove = m.games.toMove(live);
      const prevTakeback = m.takebacks.takebackOf(live);
      const fresh = await m.storage.entries(gameId, live.game.entries.length);
      try {
        for (const e of fresh) m.games.replayStored(live, e);
      } catch (e) {
        m.internal(`reloading game ${gameId}`, e);
        m.games.evict(gameId);
        return;
      }
      live.rec = rec;
      live.rec.entryCount = live.game.entries.length;
      live.seats = await m.storage.seatsOf(gameId);
      m.pipeline.afterChange(live, prevToMove);
      // What the other instance told its own clients about takebacks, told here too.
      const tb = m.takebacks.takebackOf(live);
      if (tb && JSON.stringify(tb) !== JSON.stringify(prevTakeback)) {
        m.conns.sendTo(gameId, (c) => c.seat !== null && c.seat !== tb.requestedBy, { type: 'takeback-request', ...tb });
      }
      for (const e of fresh) {
        if ('takeback' in e.entry) m.conns.sendTo(gameId, () => true, { type: 'takeback-answer', accepted: true, by: e.entry.takeback.consentedBy });
      }
    });
  }

  /**
   * The LISTEN connection was lost and is back, so notifications may have been missed. Reload every game held here
   * (in memory or with clients) whose stored row or seats differ from this instance's.
   */
  async resync(): Promise<void> {
    const m = this.m;
    const ids = new Set([...m.games.ids(), ...m.conns.gameIds()].filter(m.owns));
    await Promise.all([...ids].map(async (gameId) => {
      const live = m.games.get(gameId);
      if (live) {
        const [rec, seats] = await Promise.all([m.storage.getGame(gameId), m.storage.seatsOf(gameId)]);
        if (!rec || sameGame(live, rec, seats)) return;
      }
      await this.onRemoteChange(gameId);
    }));
  }
}

/** Whether the stored row and seats are what this instance holds (nothing was missed). */
function sameGame(live: Live, rec: GameRecord, seats: SeatRecord[]): boolean {
  const r = live.rec;
  if (rec.entryCount !== r.entryCount || rec.status !== r.status || rec.updatedAt !== r.updatedAt) return false;
  if (JSON.stringify(rec.meta) !== JSON.stringify(r.meta)) return false;
  const key = (list: SeatRecord[]) => JSON.stringify(list.map((s) => [s.token, s.kind, s.level, s.name, s.webhook]).sort());
  return key(seats) === key(live.seats);
}
