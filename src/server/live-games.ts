// Games in memory: a Live per active game, rebuilt from storage on first access (its latest snapshot plus the entries
// after it, or its whole log), evicted when idle, changed one at a time under its lock; tokens mapped to their games.
import { Game, type LogEntry } from '../engine/game.ts';
import { prompts, type PromptMemo } from '../engine/kernel.ts';
import type { Action, GameEvent, Json, Ruleset, Seat } from '../engine/types.ts';
import { getRuleset } from '../rulesets/index.ts';
import { notFound } from './errors.ts';
import type { GameManager } from './games.ts';
import type { GameStatus, ImportInfo } from './protocol.ts';
import type { EntryDerived, EntryRecord, GameRecord, SeatRecord } from './storage.ts';

/** One game held in memory. */
export interface Live {
  rec: GameRecord;
  seats: SeatRecord[];
  ruleset: Ruleset<any>;
  game: Game<any>;
  /** Per log entry: its events, and whether it was irreversible or a sealed answer (stored with the entry). */
  derived: EntryDerived[];
  lock: Promise<unknown>;
  aiBusy: Set<Seat>;
  lastUsed: number;
  /** Its state's derived facts were dropped after it sat idle (shedIdle); cleared when it is used again. */
  shed?: boolean;
  /** The change under way keyed the dice (seat-entropy.ts): every seat with a decision is told it is its turn. */
  keyedNow?: boolean;
}

/**
 * Prompts of the server's settled states (views, whose turn, checking the next action), listed once per state object.
 * Every live Game carries it: a Game's states are never changed once settled, so an entry cannot go stale.
 */
export const settled: PromptMemo = new WeakMap();

/** The game has ended (by the rules or by a server decision). */
export function isFinished(live: Live): boolean {
  return live.rec.status === 'finished';
}

/**
 * What an entry just applied to `game` produced: its events, whether it was irreversible, whether it was a sealed
 * answer, and whose sealed answers the state after it holds (its hash depends on them).
 */
export function deriveEntry(game: Game<any>, entry: LogEntry, events: GameEvent[]): EntryDerived {
  const d: EntryDerived = { events };
  const sealedBy = new Set<Seat>();
  for (const box of Object.values(game.state.sealed as Record<string, Record<Seat, Action>>)) {
    for (const seat of Object.keys(box)) sealedBy.add(seat);
  }
  if (sealedBy.size) d.sealedBy = [...sealedBy];
  if ('action' in entry) {
    if (game.played[game.played.length - 1]!.irreversible) d.irreversible = true;
    if (sealedBy.has(entry.seat)) d.sealed = true;
  }
  return d;
}

/** The import marker of a game (null: created here). */
export function importOf(live: Live): ImportInfo | null {
  return (live.rec.meta.imported as ImportInfo | undefined) ?? null;
}

export class LiveGames {
  private live = new Map<string, Live>();
  private loading = new Map<string, Promise<Live>>();
  private tokenGame = new Map<string, string>();
  private toMoveCache = new WeakMap<object, Seat[]>();

  constructor(private readonly m: GameManager) {}

  get(gameId: string): Live | undefined {
    return this.live.get(gameId);
  }

  ids(): string[] {
    return [...this.live.keys()];
  }

  all(): Live[] {
    return [...this.live.values()];
  }

  /** A game just created or imported. */
  add(live: Live): void {
    this.live.set(live.rec.id, live);
    for (const s of live.seats) this.tokenGame.set(s.token, live.rec.id);
  }

  /** The game of a token already seen by this instance. */
  gameOfToken(token: string): string | undefined {
    return this.tokenGame.get(token);
  }

  /** The seat record of a token (404 when unknown). */
  async seatOf(token: string): Promise<{ live: Live; seat: SeatRecord }> {
    let gameId = this.tokenGame.get(token);
    if (!gameId) {
      const [s] = await this.m.storage.seatsByTokens([token]);
      if (!s) throw notFound('no game has this token; check the link');
      gameId = s.gameId;
      this.tokenGame.set(token, gameId);
    }
    const live = await this.load(gameId);
    const seat = live.seats.find((s) => s.token === token);
    if (!seat) throw notFound('no game has this token; check the link');
    return { live, seat };
  }

  async load(gameId: string): Promise<Live> {
    const l = this.live.get(gameId);
    if (l) {
      l.lastUsed = this.m.now();
      l.shed = false;
      return l;
    }
    let p = this.loading.get(gameId);
    if (!p) {
      p = this.rebuild(gameId).finally(() => this.loading.delete(gameId));
      this.loading.set(gameId, p);
    }
    return p;
  }

  /**
   * Rebuild a game from storage: from its latest snapshot plus the entries after it when every earlier entry kept
   * what it produced, else by replaying the whole log. Every replayed entry's state hash is checked.
   */
  private async rebuild(gameId: string): Promise<Live> {
    const storage = this.m.storage;
    const rec = await storage.getGame(gameId);
    if (!rec) throw notFound(`no game "${gameId}"`);
    const [seats, entries, snap] = await Promise.all([
      storage.seatsOf(gameId), storage.entries(gameId, 0), storage.latestSnapshot(gameId),
    ]);
    const ruleset = getRuleset(rec.ruleset);
    const position = rec.meta.position as Json | undefined;
    const prefix = snap && snap.idx <= entries.length ? entries.slice(0, snap.idx) : [];
    let game: Game<any>;
    let derived: EntryDerived[] = [];
    if (prefix.length > 0 && prefix.every((e) => e.derived)) {
      derived = prefix.map((e) => e.derived!);
      game = Game.fromSnapshot(ruleset, rec.scenario, rec.options, rec.seed, position,
        prefix.map((e) => ({ entry: e.entry, events: e.derived!.events, irreversible: !!e.derived!.irreversible })), snap!.state as any);
    } else {
      game = Game.create(ruleset, rec.scenario, rec.options, rec.seed, position);
    }
    game.memo = settled;
    game.seedCommitment = rec.seedCommitment;
    if (game.setupHash !== rec.setupHash) throw new Error(`game ${gameId}: setup hash ${game.setupHash} differs from the stored ${rec.setupHash}`);
    const live: Live = { rec, seats, ruleset, game, derived, lock: Promise.resolve(), aiBusy: new Set(), lastUsed: this.m.now() };
    for (const e of entries.slice(game.entries.length)) this.replayStored(live, e);
    rec.entryCount = entries.length;
    this.add(live);
    this.evictIdle();
    this.m.aiTurns.schedule(live);
    return live;
  }

  /** Replay a stored entry, checking its hash. */
  replayStored(live: Live, e: EntryRecord): void {
    if (e.idx !== live.game.entries.length) throw new Error(`game ${live.rec.id}: log entry ${e.idx} out of order`);
    try {
      live.derived.push(deriveEntry(live.game, e.entry, live.game.replay(e.entry)));
    } catch (err) {
      throw new Error(`game ${live.rec.id}: ${(err as Error).message}`, { cause: err });
    }
  }

  /** Apply a new log entry, recording what it produced. */
  applyTracked(live: Live, entry: LogEntry): void {
    live.derived.push(deriveEntry(live.game, entry, live.game.apply(entry)));
  }

  /** Forget a game: the next access rebuilds it from storage. */
  evict(gameId: string): void {
    this.live.delete(gameId);
  }

  /**
   * Games unused for `idleMs` keep their state without its derived facts (Game.shedFacts): about a third of what a
   * 2WW game holds. A player who comes back waits once for them to be computed again (milliseconds). Returns how many.
   */
  shedIdle(idleMs: number): number {
    const before = this.m.now() - idleMs;
    let n = 0;
    for (const l of this.live.values()) {
      if (l.shed || l.lastUsed > before) continue;
      l.game.shedFacts();
      l.shed = true;
      n++;
    }
    return n;
  }

  private evictIdle(): void {
    if (this.live.size <= this.m.maxLive) return;
    const idle = [...this.live.values()].filter((l) => !this.m.conns.count(l.rec.id)).sort((a, b) => a.lastUsed - b.lastUsed);
    for (const l of idle.slice(0, this.live.size - this.m.maxLive)) this.evict(l.rec.id);
  }

  /** Run `fn` with the game's lock held: changes to one game happen one at a time. */
  async locked<T>(gameId: string, fn: (live: Live) => Promise<T> | T): Promise<T> {
    const live = await this.load(gameId);
    const run = live.lock.then(async () => {
      const cur = await this.load(gameId); // may have been reloaded while waiting
      return fn(cur);
    });
    live.lock = run.catch(() => undefined);
    return run;
  }

  /**
   * Seats the game waits for: those still to contribute to the dice while that round is under way, else those with a
   * decision; cached per state object (a rule set's prompts may be costly to list).
   */
  toMove(live: Live): Seat[] {
    if (this.m.entropy.open(live)) return this.m.entropy.waitingOn(live);
    const state = live.game.state;
    let seats = this.toMoveCache.get(state);
    if (!seats) {
      seats = [...new Set(prompts(live.ruleset, state, settled).map((p) => p.seat))];
      this.toMoveCache.set(state, seats);
    }
    return seats;
  }

  /** Seats whose clocks run: those with a decision; nobody's before the dice are keyed (the game has not begun). */
  clockSeats(live: Live): Seat[] {
    return this.m.entropy.open(live) ? [] : this.toMove(live);
  }

  /** Game ids and entry counts held in memory (tests, diagnostics). */
  liveGames(): { gameId: string; status: GameStatus; entries: number }[] {
    return this.all().map((l) => ({ gameId: l.rec.id, status: l.rec.status, entries: l.rec.entryCount }));
  }

  /** Wait for every game's pending change (closing). */
  async settle(): Promise<void> {
    await Promise.allSettled(this.all().map((l) => l.lock));
  }
}
