// The game manager: live games in memory (a Game per active game, rebuilt from the stored log on first access),
// every change written to storage before it is acknowledged or broadcast, views per seat, AI seats, clocks, webhooks.
import { Game, type GameLog, type LogEntry } from '../engine/game.ts';
import { choicesIn, eventsFor, prompts, type PromptMemo, RuleViolation, viewFor, type SeatView } from '../engine/kernel.ts';
import type { Action, Choice, GameEvent, Json, Ruleset, Seat } from '../engine/types.ts';
import { getPackage, getRuleset } from '../rulesets/index.ts';
import { type AiJob, type AiPool, AiTimeoutError } from './ai-pool.ts';
import { clockInfo, expiredSeats, newClock, tick } from './clock.ts';
import { ApiError, badRequest, forbidden, illegal, notFound, stale } from './errors.ts';
import { applyEntry, newSeed, replayLog, seedCommitment } from './fair-dice.ts';
import {
  diffChoices, type ClockSpec, type CreateGameResponse, type GameStatus, type GameSummary, type PlayResponse, type ReplayResponse, type SeatInfo,
  type SeatSpec, type ServerMessage, type ServerResult, type StateMessage, type TakebackRequest, type TokenLink,
} from './protocol.ts';
import {
  ConflictError, type EntryDerived, type EntryRecord, type GameRecord, type GameUpdate, type SeatRecord, type Storage,
} from './storage.ts';
import { newGameId, newToken } from './tokens.ts';
import { answerQuestion, type Answer, type Question } from './inspect.ts';

/** One open WebSocket (or any push channel) of one token. */
export interface Conn {
  token: string;
  seat: Seat | null;
  /** State id of the last state message sent. */
  lastStateId: number;
  /** The prompt choices of the last state message sent (its next one may send only what changed). */
  lastChoices?: Choice[] | null;
  send(msg: ServerMessage): void;
  /** The same for a message already in JSON (from a game worker thread); absent: parse and `send`. */
  sendText?(text: string): void;
  /** Close the channel (the client reconnects); used when a game worker thread had to be restarted. */
  close?(): void;
}

/** What the HTTP and WebSocket layer uses: a GameManager, or one spread over worker threads (game-workers.ts). */
export type ManagerApi = Pick<GameManager,
  'createGame' | 'importLog' | 'myGames' | 'replay' | 'play' | 'choices' | 'inspect' | 'act' | 'undo' | 'askTakeback' | 'answerTakeback' |
  'resign' | 'rematch' | 'claim' | 'setWebhook' | 'exportLog' | 'connect' | 'hello' | 'disconnect' | 'resumeAiGames' |
  'idle' | 'close'>;

interface Live {
  rec: GameRecord;
  seats: SeatRecord[];
  ruleset: Ruleset<any>;
  game: Game<any>;
  /** Per log entry: its events, and whether it was irreversible or a sealed answer (stored with the entry). */
  derived: EntryDerived[];
  lock: Promise<unknown>;
  aiBusy: Set<Seat>;
  lastUsed: number;
}

export interface ManagerOptions {
  storage: Storage;
  /** Server clock (ms); tests inject their own. */
  now?: () => number;
  ai?: AiPool | null;
  /** Snapshot the state every this many log entries. */
  snapshotEvery?: number;
  webhookTimeoutMs?: number;
  /** AI thinking time per decision (ms). */
  aiBudgetMs?: number;
  /** Live games kept in memory beyond those with open connections. */
  maxLiveGames?: number;
  log?: (msg: string) => void;
  /** Errors that are bugs (an AI seat that cannot move, a stored game that does not replay); default: `log`. */
  internal?: (where: string, e: unknown) => void;
  /** Games this manager may hold (worker threads share the games out); default: all. */
  owns?: (gameId: string) => boolean;
}

const link = (token: string): TokenLink => ({ token, link: `/play/${token}` });

/**
 * Prompts of the server's settled states (views, whose turn, checking the next action), listed once per state object.
 * Every live Game carries it: a Game's states are never changed once settled, so an entry cannot go stale.
 */
const settled: PromptMemo = new WeakMap();

export class GameManager {
  readonly storage: Storage;
  readonly now: () => number;
  private readonly ai: AiPool | null;
  private readonly snapshotEvery: number;
  private readonly webhookTimeoutMs: number;
  private readonly maxLive: number;
  private readonly aiBudgetMs: number;
  private readonly logMsg: (msg: string) => void;
  private readonly internal: (where: string, e: unknown) => void;
  private readonly owns: (gameId: string) => boolean;
  private live = new Map<string, Live>();
  private loading = new Map<string, Promise<Live>>();
  private conns = new Map<string, Set<Conn>>();
  private tokenGame = new Map<string, string>();
  private toMoveCache = new WeakMap<object, Seat[]>();
  private closed = false;
  /** Background work (AI moves, webhooks) the tests and close() can wait for. */
  private background = new Set<Promise<unknown>>();

  constructor(opts: ManagerOptions) {
    this.storage = opts.storage;
    this.now = opts.now ?? Date.now;
    this.ai = opts.ai ?? null;
    this.snapshotEvery = opts.snapshotEvery ?? 100;
    this.webhookTimeoutMs = opts.webhookTimeoutMs ?? 5000;
    this.maxLive = opts.maxLiveGames ?? 5000;
    this.aiBudgetMs = opts.aiBudgetMs ?? 3000;
    this.logMsg = opts.log ?? ((m) => console.error(m));
    this.internal = opts.internal ?? ((where, e) => this.logMsg(`internal error (${where}): ${(e as Error)?.stack ?? String(e)}`));
    this.owns = opts.owns ?? (() => true);
  }

  // ------------------------------------------------------------------------------------------- creation

  async createGame(req: {
    ruleset: string; scenario?: string; options?: Record<string, Json>; seats?: Record<Seat, SeatSpec>;
    clock?: ClockSpec; meta?: GameRecord['meta']; position?: Json;
  }): Promise<CreateGameResponse> {
    const ruleset = this.rulesetOr400(req.ruleset);
    const scenario = req.scenario ?? ruleset.scenarios[0]?.id;
    const info = ruleset.scenarios.find((s) => s.id === scenario);
    if (!info) throw badRequest(`rule set ${ruleset.id} has no scenario "${scenario}"; known: ${ruleset.scenarios.map((s) => s.id).join(', ')}`);
    const seed = newSeed();
    const position = withoutDiceState(req.position);
    let game: Game<any>;
    try {
      game = Game.create(ruleset, info.id, req.options ?? {}, seed, position);
    } catch (e) {
      if (e instanceof RuleViolation) throw badRequest(`${e.message}${e.legal.length ? ` (legal: ${e.legal.join(', ')})` : ''}`);
      throw e;
    }
    const meta = position === undefined ? req.meta ?? {} : { ...req.meta, position };
    return this.insertGame(ruleset, game, info.seats, req.seats ?? {}, req.clock, seedCommitment(seed), [], meta);
  }

  /** POST /api/games/import: a log file becomes a new game (continued from where it stopped, or replayed). */
  async importLog(log: unknown, seats: Record<Seat, SeatSpec> = {}): Promise<CreateGameResponse> {
    if (!log || typeof log !== 'object') throw badRequest('field "log" must be a theater log object');
    const l = log as GameLog;
    const ruleset = this.rulesetOr400(String(l.ruleset));
    if (l.seed === '') {
      throw badRequest('this log carries no seed: it is an export of an unfinished game and can be continued only on the server that holds it');
    }
    let replay: ReturnType<typeof replayLog>;
    const derived: EntryDerived[] = [];
    try {
      replay = replayLog(ruleset, l, (game, entry, events) => derived.push(deriveEntry(game, entry, events)));
    } catch (e) {
      throw badRequest(`the log does not replay: ${(e as Error).message}`);
    }
    const seatList = ruleset.scenarios.find((s) => s.id === l.scenario)?.seats ?? ruleset.seats;
    const commitment = typeof l.seedCommitment === 'string' ? l.seedCommitment : seedCommitment(l.seed);
    const meta: GameRecord['meta'] = { importedFrom: 'log' };
    if (l.position !== undefined) meta.position = l.position;
    return this.insertGame(ruleset, replay.game, seatList, seats, undefined, commitment, derived, meta);
  }

  private async insertGame(
    ruleset: Ruleset<any>, game: Game<any>, seatList: Seat[], specs: Record<Seat, SeatSpec>, clock: ClockSpec | undefined,
    commitment: string, derived: EntryDerived[], meta: GameRecord['meta'],
  ): Promise<CreateGameResponse> {
    for (const s of Object.keys(specs)) {
      if (!seatList.includes(s)) throw badRequest(`seat "${s}" is not a seat of this scenario; seats: ${seatList.join(', ')}`);
    }
    const now = this.now();
    let id = newGameId();
    while (!this.owns(id)) id = newGameId();
    game.seedCommitment = commitment;
    game.memo = settled;
    const seats: SeatRecord[] = seatList.map((seat) => {
      const sp = specs[seat] ?? { kind: 'open' as const };
      return {
        gameId: id, seat, token: newToken(), kind: sp.kind, level: sp.kind === 'ai' ? (sp.level ?? 1) : null,
        name: sp.name ?? null, webhook: sp.webhook ?? null,
      };
    });
    seats.push({ gameId: id, seat: null, token: newToken(), kind: 'open', level: null, name: null, webhook: null });
    const finished = game.state.outcome !== null;
    let clk = clock ? newClock(clock, seatList, now) : null;
    if (clk && !finished) clk = tick(clk, now, null, this.toMove(ruleset, game));
    const rec: GameRecord = {
      id, ruleset: ruleset.id, rulesVersion: ruleset.rulesVersion, scenario: game.scenario, options: game.options,
      seed: game.seed, seedCommitment: commitment, setupHash: game.setupHash, status: finished ? 'finished' : 'running',
      serverResult: null, clock: clk, meta, createdAt: now, updatedAt: now, entryCount: game.entries.length,
    };
    const entries: EntryRecord[] = game.entries.map((entry, idx) => ({ idx, entry, createdAt: now, derived: derived[idx] }));
    await this.storage.createGame(rec, seats, entries);
    const live: Live = {
      rec, seats, ruleset, game, derived, lock: Promise.resolve(),
      aiBusy: new Set(), lastUsed: now,
    };
    this.live.set(id, live);
    for (const s of seats) this.tokenGame.set(s.token, id);
    this.scheduleAi(live);
    return {
      gameId: id,
      seats: Object.fromEntries(seats.filter((s) => s.seat !== null).map((s) => [s.seat, link(s.token)])),
      spectator: link(seats.find((s) => s.seat === null)!.token),
      seedCommitment: commitment,
    };
  }

  private rulesetOr400(id: string): Ruleset<any> {
    try {
      return getRuleset(id);
    } catch (e) {
      throw badRequest((e as Error).message);
    }
  }

  // ------------------------------------------------------------------------------------------- loading

  /** The seat record of a token (404 when unknown). */
  async seatOf(token: string): Promise<{ live: Live; seat: SeatRecord }> {
    let gameId = this.tokenGame.get(token);
    if (!gameId) {
      const [s] = await this.storage.seatsByTokens([token]);
      if (!s) throw notFound('no game has this token; check the link');
      gameId = s.gameId;
      this.tokenGame.set(token, gameId);
    }
    const live = await this.load(gameId);
    const seat = live.seats.find((s) => s.token === token);
    if (!seat) throw notFound('no game has this token; check the link');
    return { live, seat };
  }

  private async load(gameId: string): Promise<Live> {
    const l = this.live.get(gameId);
    if (l) {
      l.lastUsed = this.now();
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
    const rec = await this.storage.getGame(gameId);
    if (!rec) throw notFound(`no game "${gameId}"`);
    const [seats, entries, snap] = await Promise.all([
      this.storage.seatsOf(gameId), this.storage.entries(gameId, 0), this.storage.latestSnapshot(gameId),
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
    const live: Live = { rec, seats, ruleset, game, derived, lock: Promise.resolve(), aiBusy: new Set(), lastUsed: this.now() };
    for (const e of entries.slice(game.entries.length)) this.replayStored(live, e);
    rec.entryCount = entries.length;
    this.live.set(gameId, live);
    for (const s of seats) this.tokenGame.set(s.token, gameId);
    this.evictIdle();
    this.scheduleAi(live);
    return live;
  }

  private replayStored(live: Live, e: EntryRecord): void {
    if (e.idx !== live.game.entries.length) throw new Error(`game ${live.rec.id}: log entry ${e.idx} out of order`);
    this.applyTracked(live, e.entry);
    const h = live.game.entries[live.game.entries.length - 1]!.hash;
    if (h !== e.entry.hash) throw new Error(`game ${live.rec.id}: replay diverged at entry ${e.idx} (state hash ${h}, stored ${e.entry.hash})`);
  }

  /** Apply a log entry, recording what it produced. */
  private applyTracked(live: Live, entry: LogEntry): void {
    live.derived.push(deriveEntry(live.game, entry, applyEntry(live.game, entry)));
  }

  private evict(gameId: string): void {
    this.live.delete(gameId);
  }

  private evictIdle(): void {
    if (this.live.size <= this.maxLive) return;
    const idle = [...this.live.values()].filter((l) => !this.conns.get(l.rec.id)?.size).sort((a, b) => a.lastUsed - b.lastUsed);
    for (const l of idle.slice(0, this.live.size - this.maxLive)) this.evict(l.rec.id);
  }

  /** Run `fn` with the game's lock held: changes to one game happen one at a time. */
  private async locked<T>(gameId: string, fn: (live: Live) => Promise<T> | T): Promise<T> {
    const live = await this.load(gameId);
    const run = live.lock.then(async () => {
      const cur = await this.load(gameId); // may have been reloaded while waiting
      return fn(cur);
    });
    live.lock = run.catch(() => undefined);
    return run;
  }

  /** PostgreSQL: another instance changed a game; take its new entries and tell our clients. */
  async onRemoteChange(gameId: string): Promise<void> {
    if (!this.owns(gameId)) return;
    if (!this.live.has(gameId)) {
      // Not in memory (or evicted after a conflict): a rebuild reads everything; clients here still need the news.
      if (!this.conns.get(gameId)?.size) return;
      const live = await this.load(gameId);
      this.broadcast(live);
      return;
    }
    await this.locked(gameId, async (live) => {
      const rec = await this.storage.getGame(gameId);
      if (!rec) return;
      const prevToMove = this.toMove(live.ruleset, live.game);
      const prevTakeback = this.takebackOf(live);
      const fresh = await this.storage.entries(gameId, live.game.entries.length);
      try {
        for (const e of fresh) this.replayStored(live, e);
      } catch (e) {
        this.internal(`reloading game ${gameId}`, e);
        this.evict(gameId);
        return;
      }
      live.rec = rec;
      live.rec.entryCount = live.game.entries.length;
      live.seats = await this.storage.seatsOf(gameId);
      this.afterChange(live, prevToMove);
      // What the other instance told its own clients about takebacks, told here too.
      const tb = this.takebackOf(live);
      if (tb && JSON.stringify(tb) !== JSON.stringify(prevTakeback)) {
        this.sendTo(gameId, (c) => c.seat !== null && c.seat !== tb.requestedBy, { type: 'takeback-request', ...tb });
      }
      for (const e of fresh) {
        if ('takeback' in e.entry) this.sendTo(gameId, () => true, { type: 'takeback-answer', accepted: true, by: e.entry.takeback.consentedBy });
      }
    });
  }

  /**
   * PostgreSQL: the LISTEN connection was lost and is back, so notifications may have been missed. Reload every
   * game held here (in memory or with clients) whose stored row or seats differ from this instance's.
   */
  async resync(): Promise<void> {
    const ids = new Set([...this.live.keys(), ...this.conns.keys()].filter(this.owns));
    await Promise.all([...ids].map(async (gameId) => {
      const live = this.live.get(gameId);
      if (live) {
        const [rec, seats] = await Promise.all([this.storage.getGame(gameId), this.storage.seatsOf(gameId)]);
        if (!rec || sameGame(live, rec, seats)) return;
      }
      await this.onRemoteChange(gameId);
    }));
  }

  // ------------------------------------------------------------------------------------------- reading

  /** Seats with a decision now; cached per state object (a rule set's prompts may be costly to list). */
  private toMove(ruleset: Ruleset<any>, game: Game<any>): Seat[] {
    let seats = this.toMoveCache.get(game.state);
    if (!seats) {
      seats = [...new Set(prompts(ruleset, game.state, settled).map((p) => p.seat))];
      this.toMoveCache.set(game.state, seats);
    }
    return seats;
  }

  private finished(live: Live): boolean {
    return live.rec.status === 'finished';
  }

  private seatInfos(live: Live): SeatInfo[] {
    const conns = this.conns.get(live.rec.id);
    return live.seats.filter((s) => s.seat !== null).map((s) => {
      const i: SeatInfo = { seat: s.seat!, kind: s.kind, connected: [...(conns ?? [])].some((c) => c.seat === s.seat) };
      if (s.level !== null) i.level = s.level;
      if (s.name !== null) i.name = s.name;
      return i;
    });
  }

  private aiSeats(live: Live): Seat[] {
    return live.seats.filter((s) => s.kind === 'ai' && s.seat !== null).map((s) => s.seat!);
  }

  private eventsSince(live: Live, stateId: number | undefined, seat: Seat | null): GameEvent[] {
    // No state id (or one we cannot place): everything from the set-up on. Otherwise only what came after it.
    if (stateId === undefined || stateId < 0 || stateId > live.derived.length) {
      return eventsFor([...live.game.setupEvents, ...live.derived.flatMap((d) => d.events)], seat);
    }
    const list = live.derived.slice(stateId).flatMap((d) => d.events);
    return eventsFor(list, seat);
  }

  private takebackOf(live: Live): TakebackRequest | null {
    const t = live.rec.meta.takeback as TakebackRequest | null | undefined;
    return t && t.stateId === live.rec.entryCount ? t : null;
  }

  private stateMessage(live: Live, conn: { seat: Seat | null }, since: number | undefined, view?: SeatView): StateMessage {
    const msg: StateMessage = {
      type: 'state', gameId: live.rec.id, stateId: live.rec.entryCount,
      view: view ?? viewFor(live.ruleset, live.game.state, conn.seat, settled),
      events: this.eventsSince(live, since, conn.seat),
      undoable: conn.seat !== null && !this.finished(live) ? live.game.undoableBy(conn.seat) : 0,
      clocks: clockInfo(live.rec.clock, this.now(), this.aiSeats(live)), status: live.rec.status,
      serverResult: live.rec.serverResult, takeback: this.takebackOf(live),
    };
    if (this.finished(live)) msg.seed = live.rec.seed;
    return msg;
  }

  async play(token: string): Promise<PlayResponse> {
    const { live, seat } = await this.seatOf(token);
    const s = seat.seat;
    const m = this.stateMessage(live, { seat: s }, undefined);
    const r: PlayResponse = {
      gameId: live.rec.id, seat: s, ruleset: live.rec.ruleset, scenario: live.rec.scenario, status: live.rec.status,
      outcome: live.game.state.outcome, serverResult: live.rec.serverResult, view: m.view, events: m.events,
      stateId: m.stateId, seats: this.seatInfos(live), clocks: m.clocks, seedCommitment: live.rec.seedCommitment,
      undoable: m.undoable, takeback: m.takeback, rematchOf: (live.rec.meta.rematchOf as string) ?? null,
      rematch: (live.rec.meta.rematch as string) ?? null, rematchToken: await this.rematchTokenOf(live, s),
    };
    if (m.seed !== undefined) r.seed = m.seed;
    return r;
  }

  async myGames(tokens: string[]): Promise<GameSummary[]> {
    const out: GameSummary[] = [];
    for (const token of [...new Set(tokens)]) {
      let found: Awaited<ReturnType<GameManager['seatOf']>>;
      try {
        found = await this.seatOf(token);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) continue;
        throw e;
      }
      const { live, seat } = found;
      out.push({
        gameId: live.rec.id, token, seat: seat.seat, ruleset: live.rec.ruleset, scenario: live.rec.scenario,
        status: live.rec.status, outcome: live.game.state.outcome, serverResult: live.rec.serverResult,
        yourTurn: seat.seat !== null && !this.finished(live) && this.toMove(live.ruleset, live.game).includes(seat.seat),
        stateId: live.rec.entryCount, seats: this.seatInfos(live), createdAt: live.rec.createdAt, updatedAt: live.rec.updatedAt,
      });
    }
    return out;
  }

  /** The log file for a token. Until the end: no seed, and other seats' sealed answers hidden. */
  async exportLog(token: string): Promise<GameLog> {
    const { live, seat } = await this.seatOf(token);
    const meta = { gameId: live.rec.id, exportedBy: seat.seat ?? 'spectator', status: live.rec.status } as Record<string, Json>;
    if (live.rec.serverResult) meta.serverResult = live.rec.serverResult as unknown as Json;
    const log = live.game.toLog(meta);
    log.seedCommitment = live.rec.seedCommitment;
    if (this.finished(live)) return log;
    log.seed = '';
    log.entries = log.entries.map((e, i) => {
      if ('action' in e && live.derived[i]?.sealed && e.seat !== seat.seat) return { seat: e.seat, action: { type: 'sealed' }, hash: e.hash };
      return e;
    });
    return log;
  }

  /** A view at action `at` (in force). Seat views only once the game has ended; the public view any time. */
  async replay(gameId: string, seat: Seat | null, at: number | undefined): Promise<ReplayResponse> {
    const live = await this.load(gameId);
    if (seat !== null && !live.seats.some((s) => s.seat === seat)) throw badRequest(`seat "${seat}" is not in this game`);
    if (seat !== null && !this.finished(live)) throw forbidden('seat views of a replay are available only after the game has ended; ask for the public view (no seat)');
    const length = live.game.played.length;
    const n = at ?? length;
    if (!Number.isInteger(n) || n < 0 || n > length) throw badRequest(`"at" must be an integer from 0 to ${length}`);
    const state = live.game.stateAt(n);
    const events = n === 0 ? live.game.setupEvents : live.game.played[n - 1]!.events;
    return { gameId, seat, at: n, length, view: viewFor(live.ruleset, state, seat, settled), events: eventsFor(events, seat) };
  }

  // ------------------------------------------------------------------------------------------- changes

  private actorOf(live: Live, seat: SeatRecord): Seat {
    if (seat.seat === null) throw forbidden('a spectator link cannot act; use a seat link');
    if (this.finished(live)) {
      throw new ApiError({ error: 'illegal', rule: 'game over', message: `the game has ended (${this.resultText(live)})`, legal: [] });
    }
    return seat.seat;
  }

  private resultText(live: Live): string {
    return live.rec.serverResult?.result ?? live.game.state.outcome?.result ?? 'over';
  }

  /** Write the entries added since `before` (one transaction), then update memory. */
  private async commit(live: Live, before: number, actor: Seat | null, extra: GameUpdate = {}): Promise<void> {
    const now = this.now();
    const entries: EntryRecord[] = live.game.entries.slice(before)
      .map((entry, i) => ({ idx: before + i, entry, createdAt: now, derived: live.derived[before + i] }));
    const over = live.game.state.outcome !== null || (extra.serverResult ?? live.rec.serverResult) !== null;
    const update: GameUpdate = { updatedAt: now, status: over ? 'finished' : 'running', ...extra };
    if (live.rec.clock && extra.clock === undefined) {
      update.clock = tick(live.rec.clock, now, actor, over ? [] : this.toMove(live.ruleset, live.game));
    }
    if (entries.length > 0 && live.rec.meta.takeback) update.meta = { ...live.rec.meta, ...(extra.meta ?? {}), takeback: null };
    const count = before + entries.length;
    const snapshot = entries.length > 0 && Math.floor(count / this.snapshotEvery) > Math.floor(before / this.snapshotEvery)
      ? { idx: count, state: live.game.state as unknown as Json, hash: live.game.entries[count - 1]!.hash } : undefined;
    try {
      await this.storage.append(live.rec.id, before, entries, update, snapshot);
    } catch (e) {
      this.evict(live.rec.id); // memory is ahead of storage: rebuild from the database on next access
      if (e instanceof ConflictError) throw stale((await this.storage.getGame(live.rec.id))?.entryCount ?? before);
      throw e;
    }
    Object.assign(live.rec, update);
    live.rec.entryCount = count;
  }

  /** Apply `change` to the game under its lock, write it, then broadcast. Returns the new state id. */
  private async change(
    gameId: string, check: (live: Live) => void, change: (live: Live) => { actor: Seat | null; extra?: GameUpdate },
  ): Promise<number> {
    return this.locked(gameId, async (live) => {
      check(live);
      const before = live.game.entries.length;
      const prevToMove = this.toMove(live.ruleset, live.game);
      const evBefore = live.derived.length;
      let r: { actor: Seat | null; extra?: GameUpdate };
      try {
        r = change(live);
      } catch (e) {
        live.derived.length = evBefore;
        if (live.game.entries.length !== before) this.evict(gameId);
        if (e instanceof RuleViolation) throw illegal(e);
        throw e;
      }
      await this.commit(live, before, r.actor, r.extra);
      this.afterChange(live, prevToMove);
      return live.rec.entryCount;
    });
  }

  /** The choices in one group of the holder's structured prompt (Prompt.groups), asked against `stateId`. */
  async choices(token: string, stateId: number, group: string): Promise<{ stateId: number; group: string; choices: Choice[] }> {
    const { live, seat } = await this.seatOf(token);
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
    const { live, seat } = await this.seatOf(token);
    if (seat.seat === null) throw forbidden('a spectator link has no decision to ask about; use a seat link');
    if (stateId !== live.rec.entryCount) throw stale(live.rec.entryCount);
    return { stateId, answer: answerQuestion(getPackage(live.ruleset.id), live.game.state, seat.seat, q, settled) };
  }

  /** An action from a token's holder, made against `stateId`. */
  async act(token: string, stateId: number, action: Action): Promise<number> {
    const { live: l0, seat } = await this.seatOf(token);
    return this.actAs(l0.rec.id, (live) => {
      const cur = live.seats.find((s) => s.token === token) ?? seat;
      if (cur.kind === 'ai') throw forbidden(`seat ${cur.seat} is played by the AI; its link cannot act`);
      return cur;
    }, stateId, action);
  }

  private async actAs(gameId: string, seatOf: (live: Live) => SeatRecord, stateId: number, action: Action): Promise<number> {
    let actor: Seat = '';
    return this.change(gameId, (live) => {
      actor = this.actorOf(live, seatOf(live));
      if (stateId !== live.rec.entryCount) throw stale(live.rec.entryCount);
    }, (live) => {
      this.applyTracked(live, { seat: actor, action, hash: '' });
      return { actor };
    });
  }

  async undo(token: string, stateId: number): Promise<number> {
    const { live: l0, seat } = await this.seatOf(token);
    let actor: Seat = '';
    return this.change(l0.rec.id, (live) => {
      actor = this.actorOf(live, seat);
      if (stateId !== live.rec.entryCount) throw stale(live.rec.entryCount);
    }, (live) => {
      this.applyTracked(live, { undo: actor, hash: '' });
      return { actor: null };
    });
  }

  /** Ask the other seat(s) to take back to `to` actions in force. AI seats agree at once. */
  async askTakeback(token: string, to: number): Promise<number> {
    const { live: l0, seat } = await this.seatOf(token);
    return this.locked(l0.rec.id, async (live) => {
      const asker = this.actorOf(live, seat);
      const n = live.game.played.length;
      if (!Number.isInteger(to) || to < 0 || to >= n) {
        throw illegal(new RuleViolation('takeback', `cannot take back to action ${to}; ${n} actions are in force (0..${n - 1})`));
      }
      const ai = live.seats.find((s) => s.kind === 'ai' && s.seat !== null && s.seat !== asker);
      if (ai) {
        const before = live.game.entries.length;
        const prevToMove = this.toMove(live.ruleset, live.game);
        this.applyTracked(live, { takeback: { to, requestedBy: asker, consentedBy: ai.seat! }, hash: '' });
        await this.commit(live, before, null);
        this.afterChange(live, prevToMove);
        return live.rec.entryCount;
      }
      const req: TakebackRequest = { to, requestedBy: asker, stateId: live.rec.entryCount };
      const meta = { ...live.rec.meta, takeback: req };
      await this.storage.updateGame(live.rec.id, { meta });
      live.rec.meta = meta;
      this.sendTo(live.rec.id, (c) => c.seat !== null && c.seat !== asker, { type: 'takeback-request', ...req });
      return live.rec.entryCount;
    });
  }

  async answerTakeback(token: string, accept: boolean): Promise<number> {
    const { live: l0, seat } = await this.seatOf(token);
    let req: TakebackRequest | null = null;
    let answerer: Seat = '';
    if (!accept) {
      return this.locked(l0.rec.id, async (live) => {
        answerer = this.actorOf(live, seat);
        req = this.takebackOf(live);
        if (!req || req.requestedBy === answerer) throw badRequest('there is no takeback request for you to answer');
        const meta = { ...live.rec.meta, takeback: null };
        await this.storage.updateGame(live.rec.id, { meta });
        live.rec.meta = meta;
        this.sendTo(live.rec.id, () => true, { type: 'takeback-answer', accepted: false, by: answerer });
        return live.rec.entryCount;
      });
    }
    const id = await this.change(l0.rec.id, (live) => {
      answerer = this.actorOf(live, seat);
      req = this.takebackOf(live);
      if (!req || req.requestedBy === answerer) throw badRequest('there is no takeback request for you to answer');
    }, (live) => {
      this.applyTracked(live, { takeback: { to: req!.to, requestedBy: req!.requestedBy, consentedBy: answerer }, hash: '' });
      return { actor: null };
    });
    this.sendTo(l0.rec.id, () => true, { type: 'takeback-answer', accepted: true, by: answerer });
    return id;
  }

  /** End the game by a server decision (resignation, time). */
  private async finish(gameId: string, check: (live: Live) => ServerResult): Promise<number> {
    return this.locked(gameId, async (live) => {
      const result = check(live);
      const prevToMove = this.toMove(live.ruleset, live.game);
      await this.commit(live, live.game.entries.length, null, { serverResult: result, status: 'finished' });
      this.afterChange(live, prevToMove);
      return live.rec.entryCount;
    });
  }

  async resign(token: string): Promise<number> {
    const { live: l0, seat } = await this.seatOf(token);
    return this.finish(l0.rec.id, (live) => {
      const loser = this.actorOf(live, seat);
      const others = live.seats.filter((s) => s.seat !== null && s.seat !== loser).map((s) => s.seat!);
      const winner = others.length === 1 ? others[0]! : null;
      return { kind: 'resigned', loser, winner, result: `${loser} resigned${winner ? `: ${winner} wins` : ''}` };
    });
  }

  /** An opponent's clock ran out: win the game, or hand the expired seat to the AI. */
  async claim(token: string, mode: 'win' | 'ai', which?: Seat): Promise<number> {
    const { live: l0, seat } = await this.seatOf(token);
    const gameId = l0.rec.id;
    const pick = (live: Live): Seat => {
      const claimer = this.actorOf(live, seat);
      if (!live.rec.clock) throw badRequest('this game has no clocks');
      const expired = expiredSeats(live.rec.clock, this.now(), this.aiSeats(live)).filter((s) => s !== claimer);
      if (expired.length === 0) throw badRequest('no opponent has run out of time');
      if (which !== undefined && !expired.includes(which)) throw badRequest(`seat "${which}" has not run out of time; expired: ${expired.join(', ')}`);
      return which ?? expired[0]!;
    };
    if (mode === 'win') {
      return this.finish(gameId, (live) => {
        const loser = pick(live);
        return { kind: 'time', loser, winner: seat.seat, result: `${loser} ran out of time: ${seat.seat} wins` };
      });
    }
    return this.locked(gameId, async (live) => {
      const expired = pick(live);
      const rec = live.seats.find((s) => s.seat === expired)!;
      await this.storage.updateSeat(rec.token, { kind: 'ai', level: 1 });
      rec.kind = 'ai';
      rec.level = 1;
      this.sendTo(gameId, () => true, { type: 'presence', seats: this.seatInfos(live) });
      this.scheduleAi(live);
      return live.rec.entryCount;
    });
  }

  /** A new game with the same rule set, scenario, options and players; `swap` moves every player to the next seat. */
  async rematch(token: string, swap: boolean): Promise<CreateGameResponse & { yourToken: TokenLink }> {
    const { live, seat } = await this.seatOf(token);
    if (seat.seat === null) throw forbidden('a spectator cannot ask for a rematch');
    if (!this.finished(live)) throw badRequest('a rematch can be made only after the game has ended');
    const existing = live.rec.meta.rematch as string | undefined;
    if (existing) throw new ApiError({ error: 'conflict', message: `a rematch already exists: game ${existing}` });
    const seats = live.seats.filter((s) => s.seat !== null);
    const order = seats.map((s) => s.seat!);
    const specs: Record<Seat, SeatSpec> = {};
    const newSeatOf = (old: Seat) => (swap ? order[(order.indexOf(old) + 1) % order.length]! : old);
    for (const s of seats) {
      const sp: SeatSpec = { kind: s.kind };
      if (s.level !== null) sp.level = s.level;
      if (s.name !== null) sp.name = s.name;
      if (s.webhook !== null) sp.webhook = s.webhook;
      specs[newSeatOf(s.seat!)] = sp;
    }
    const clock = live.rec.clock ? { initialMs: live.rec.clock.initialMs, incrementMs: live.rec.clock.incrementMs } : undefined;
    const created = await this.createGame({
      ruleset: live.rec.ruleset, scenario: live.rec.scenario, options: live.rec.options, seats: specs, clock,
      meta: { rematchOf: live.rec.id },
    });
    // Where each seat went, so that a player who was away when the rematch started finds their link (rematchTokenOf).
    const rematchSeats = Object.fromEntries(order.map((s) => [s, newSeatOf(s)]));
    await this.locked(live.rec.id, async (cur) => {
      const meta = { ...cur.rec.meta, rematch: created.gameId, rematchSeats };
      await this.storage.updateGame(cur.rec.id, { meta });
      cur.rec.meta = meta;
    });
    for (const c of this.conns.get(live.rec.id) ?? []) {
      if (c.seat !== null) c.send({ type: 'rematch', gameId: created.gameId, token: created.seats[newSeatOf(c.seat)]! });
    }
    return { ...created, yourToken: created.seats[newSeatOf(seat.seat)]! };
  }

  /** The link in this game's rematch of whoever holds `seat`'s token here (the spectator's for the spectator). */
  private async rematchTokenOf(live: Live, seat: Seat | null): Promise<TokenLink | null> {
    const id = live.rec.meta.rematch as string | undefined;
    const moved = live.rec.meta.rematchSeats as Record<Seat, Seat> | undefined;
    if (!id || (seat !== null && !moved?.[seat])) return null;
    const want = seat === null ? null : moved![seat]!;
    const rec = (await this.storage.seatsOf(id)).find((r) => r.seat === want);
    return rec ? link(rec.token) : null;
  }

  async setWebhook(token: string, url: string | null): Promise<void> {
    const { live, seat } = await this.seatOf(token);
    if (seat.seat === null) throw forbidden('a spectator has no turn to be told about');
    await this.storage.updateSeat(token, { webhook: url });
    const rec = live.seats.find((s) => s.token === token);
    if (rec) rec.webhook = url;
  }

  // ------------------------------------------------------------------------------------------- push

  private sendTo(gameId: string, which: (c: Conn) => boolean, msg: ServerMessage): void {
    for (const c of this.conns.get(gameId) ?? []) if (which(c)) c.send(msg);
  }

  /** Broadcast the new state to every connection, tell seats whose turn it became, start AI seats. */
  private afterChange(live: Live, prevToMove: Seat[]): void {
    this.broadcast(live);
    if (!this.finished(live)) {
      const now = this.toMove(live.ruleset, live.game);
      for (const s of now.filter((x) => !prevToMove.includes(x))) this.yourTurn(live, s);
    }
    this.scheduleAi(live);
  }

  /** Send every connection of the game its view and the events it has not had. */
  private broadcast(live: Live): void {
    const views = new Map<Seat | null, SeatView>();
    for (const c of this.conns.get(live.rec.id) ?? []) {
      let v = views.get(c.seat);
      if (!v) {
        v = viewFor(live.ruleset, live.game.state, c.seat, settled);
        views.set(c.seat, v);
      }
      sendState(c, this.stateMessage(live, c, c.lastStateId, v));
      c.lastStateId = live.rec.entryCount;
    }
  }

  private yourTurn(live: Live, seat: Seat): void {
    const rec = live.seats.find((s) => s.seat === seat);
    if (!rec || rec.kind === 'ai') return;
    const prompt = prompts(live.ruleset, live.game.state, settled).find((p) => p.seat === seat);
    const text = `Your turn (${seat}) in ${live.ruleset.title}, game ${live.rec.id}: ${prompt?.text ?? 'a decision is awaited'}`;
    this.sendTo(live.rec.id, (c) => c.seat === seat, { type: 'your-turn', gameId: live.rec.id, seat, text });
    if (rec.webhook) this.track(this.postWebhook(rec.webhook, text));
  }

  private async postWebhook(url: string, content: string): Promise<void> {
    try {
      const r = await fetch(url, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content }),
        signal: AbortSignal.timeout(this.webhookTimeoutMs),
      });
      if (!r.ok) this.logMsg(`webhook ${new URL(url).host}: HTTP ${r.status}`);
    } catch (e) {
      this.logMsg(`webhook ${url.slice(0, 60)}: ${(e as Error).message}`);
    }
  }

  private track(p: Promise<unknown>): void {
    this.background.add(p);
    void p.finally(() => this.background.delete(p));
  }

  /** Wait until no AI move or webhook is under way (tests). */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  private scheduleAi(live: Live): void {
    if (!this.ai || this.closed || this.finished(live)) return;
    const ai = this.ai;
    for (const seat of this.toMove(live.ruleset, live.game)) {
      const rec = live.seats.find((s) => s.seat === seat);
      if (!rec || rec.kind !== 'ai' || live.aiBusy.has(seat)) continue;
      live.aiBusy.add(seat);
      const gameId = live.rec.id;
      const stateId = live.rec.entryCount;
      const job: AiJob = {
        gameId, ruleset: live.rec.ruleset, state: live.game.state as unknown as Json, seat, level: rec.level ?? 1,
        seed: `${live.rec.seed}:ai:${seat}:${stateId}`, budgetMs: this.aiBudgetMs,
      };
      const run = ai.choose(job).catch((e: Error) => {
        if (!(e instanceof AiTimeoutError) || this.closed) throw e;
        // The AI overran its hard limit: the easiest level answers instead, with a quarter of the budget.
        this.logMsg(`${e.message}; answering at the easiest level`);
        return ai.choose({ ...job, level: 0, budgetMs: Math.floor(this.aiBudgetMs / 4) });
      }).then(async (r) => {
        live.aiBusy.delete(seat);
        if (this.closed) return;
        try {
          await this.actAs(gameId, (l) => l.seats.find((s) => s.seat === seat)!, stateId, r.action);
        } catch (e) {
          if (e instanceof ApiError && e.body.error === 'stale') {
            const cur = this.live.get(gameId);
            if (cur) this.scheduleAi(cur);
          } else if (!(e instanceof ApiError && e.body.rule === 'game over')) {
            this.internal(`AI ${seat} in game ${gameId}`, e);
          }
        }
      }, (e: Error) => {
        live.aiBusy.delete(seat);
        if (this.closed) return;
        // Out of time even at the easiest level: an overloaded machine, not a bug.
        if (e instanceof AiTimeoutError) this.logMsg(e.message);
        else this.internal(`AI ${seat} in game ${gameId}`, e);
      });
      this.track(run);
    }
  }

  // ------------------------------------------------------------------------------------------- connections

  async connect(conn: Conn, lastStateId?: number): Promise<void> {
    const { live, seat } = await this.seatOf(conn.token);
    conn.seat = seat.seat;
    if (seat.kind === 'open' && seat.seat !== null) {
      // An open seat belongs to whoever first comes with its link.
      await this.storage.updateSeat(seat.token, { kind: 'human' });
      seat.kind = 'human';
    }
    const gameId = live.rec.id;
    let set = this.conns.get(gameId);
    if (!set) this.conns.set(gameId, (set = new Set()));
    const wasConnected = conn.seat !== null && [...set].some((c) => c.seat === conn.seat);
    set.add(conn);
    await this.hello(conn, lastStateId);
    if (conn.seat !== null && !wasConnected) this.sendTo(gameId, () => true, { type: 'presence', seats: this.seatInfos(live) });
    const tb = this.takebackOf(live);
    if (tb && conn.seat !== null && tb.requestedBy !== conn.seat) conn.send({ type: 'takeback-request', ...tb });
  }

  /** (Re)send the current state and the events since `lastStateId`. */
  async hello(conn: Conn, lastStateId?: number): Promise<void> {
    const gameId = this.tokenGame.get(conn.token);
    if (!gameId) return;
    await this.locked(gameId, (live) => {
      sendState(conn, this.stateMessage(live, conn, lastStateId));
      conn.lastStateId = live.rec.entryCount;
    });
  }

  disconnect(conn: Conn): void {
    const gameId = this.tokenGame.get(conn.token);
    if (!gameId) return;
    const set = this.conns.get(gameId);
    if (!set?.delete(conn)) return;
    if (set.size === 0) this.conns.delete(gameId);
    const live = this.live.get(gameId);
    if (live && conn.seat !== null && ![...set].some((c) => c.seat === conn.seat)) {
      this.sendTo(gameId, () => true, { type: 'presence', seats: this.seatInfos(live) });
    }
  }

  /** After a restart: load running games with AI seats, so an AI whose turn it was plays on. */
  async resumeAiGames(): Promise<number> {
    const ids = (await this.storage.runningAiGames()).filter(this.owns);
    for (const id of ids) {
      try {
        await this.load(id);
      } catch (e) {
        this.internal(`resuming game ${id}`, e);
      }
    }
    return ids.length;
  }

  /** Game ids and entry counts held in memory (tests, diagnostics). */
  liveGames(): { gameId: string; status: GameStatus; entries: number }[] {
    return [...this.live.values()].map((l) => ({ gameId: l.rec.id, status: l.rec.status, entries: l.rec.entryCount }));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.live.values()].map((l) => l.lock));
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

/** What an entry just applied to `game` produced: its events, whether it was irreversible, whether it was a sealed answer. */
function deriveEntry(game: Game<any>, entry: LogEntry, events: GameEvent[]): EntryDerived {
  const d: EntryDerived = { events };
  if ('action' in entry) {
    if (game.played[game.played.length - 1]!.irreversible) d.irreversible = true;
    for (const box of Object.values(game.state.sealed as Record<string, Record<Seat, Action>>)) {
      if (entry.seat in box) d.sealed = true;
    }
  }
  return d;
}

/** A position's dice.rng would let a player foresee the dice; on the server the secret seed rolls them (docs/fair-dice.md). */
function withoutDiceState(position: Json | undefined): Json | undefined {
  if (!position || typeof position !== 'object' || Array.isArray(position)) return position;
  const dice = position.dice;
  if (!dice || typeof dice !== 'object' || Array.isArray(dice) || !('rng' in dice)) return position;
  const { rng: _rng, ...rest } = dice;
  return { ...position, dice: rest };
}

/** Send a state message, its prompt's choices as a change to the previous message's when that is shorter. */
function sendState(conn: Conn, msg: StateMessage): void {
  const prompt = msg.view.prompt;
  const runs = prompt ? diffChoices(conn.lastChoices ?? null, prompt.choices) : null;
  conn.lastChoices = prompt?.choices ?? null;
  // The view may be shared by several connections of the seat: the shortened one is a copy.
  conn.send(runs ? { ...msg, view: { ...msg.view, prompt: { ...prompt!, choices: [] } }, choicesDelta: runs } : msg);
}
