// The game manager: what the HTTP and WebSocket layer (and each game worker thread) calls. It only wires the parts,
// each with one job: games in memory (live-games.ts), new games (new-games.ts), the action pipeline
// (action-pipeline.ts), seats and tokens (seats.ts), the seats' dice contributions (seat-entropy.ts), takebacks and
// rematches (takebacks.ts), what a reader sees (views.ts), open channels (connections.ts), "your turn" notices
// (notifications.ts), AI seats (ai-turns.ts) and sync between server instances (instance-sync.ts).
import type { GameLog } from '../engine/game.ts';
import type { Action, Choice, Seat } from '../engine/types.ts';
import { ActionPipeline } from './action-pipeline.ts';
import type { AiPool } from './ai-pool.ts';
import { AiTurns } from './ai-turns.ts';
import { Connections, type Conn } from './connections.ts';
import { InstanceSync } from './instance-sync.ts';
import { LiveGames } from './live-games.ts';
import { NewGames, type CreateGame } from './new-games.ts';
import { Notifications } from './notifications.ts';
import type {
  CreateGameResponse, GameStatus, GameSummary, PlayResponse, ReplayResponse, SeatSpec, TokenLink,
} from './protocol.ts';
import { SeatEntropy } from './seat-entropy.ts';
import { Seats } from './seats.ts';
import type { Storage } from './storage.ts';
import { Takebacks } from './takebacks.ts';
import { Views } from './views.ts';
import type { Answer, Question } from './inspect.ts';
import type { WebhookPolicy } from './webhooks.ts';

export type { Conn };

/** What the HTTP and WebSocket layer uses: a GameManager, or one spread over worker threads (game-workers.ts). */
export type ManagerApi = Pick<GameManager,
  'createGame' | 'importLog' | 'importBody' | 'myGames' | 'replay' | 'play' | 'choices' | 'choicesJson' | 'inspect' | 'act' | 'undo' | 'askTakeback' | 'answerTakeback' |
  'resign' | 'rematch' | 'claim' | 'setWebhook' | 'contribute' | 'exportLog' | 'connect' | 'hello' | 'disconnect' | 'resumeAiGames' |
  'idle' | 'close'>;

export interface ManagerOptions {
  storage: Storage;
  /** Server clock (ms); tests inject their own. */
  now?: () => number;
  ai?: AiPool | null;
  /** Snapshot the state every this many log entries. */
  snapshotEvery?: number;
  webhookTimeoutMs?: number;
  /** Where webhooks may go (webhooks.ts): public addresses only unless `allowPrivate`. */
  webhooks?: WebhookPolicy;
  /** AI thinking time per decision (ms). */
  aiBudgetMs?: number;
  /** Live games kept in memory beyond those with open connections. */
  maxLiveGames?: number;
  /** A live game unused this long (ms) drops its state's derived facts (LiveGames.shedIdle); 0: never. */
  shedFactsAfterMs?: number;
  log?: (msg: string) => void;
  /** Errors that are bugs (an AI seat that cannot move, a stored game that does not replay); default: `log`. */
  internal?: (where: string, e: unknown) => void;
  /** Games this manager may hold (worker threads share the games out); default: all. */
  owns?: (gameId: string) => boolean;
  /** One text for several channels at once (a game worker posts it to the main thread once); default: each `sendText`. */
  sendTexts?: (conns: Conn[], text: string) => void;
  /** A request under way reached a part of its work (request-trace.ts, for the benchmark); absent: not traced. */
  mark?: (part: string) => void;
}

export class GameManager {
  readonly storage: Storage;
  readonly now: () => number;
  readonly ai: AiPool | null;
  readonly snapshotEvery: number;
  readonly webhookTimeoutMs: number;
  readonly webhookPolicy: WebhookPolicy;
  readonly maxLive: number;
  readonly aiBudgetMs: number;
  readonly log: (msg: string) => void;
  readonly internal: (where: string, e: unknown) => void;
  readonly owns: (gameId: string) => boolean;
  /** Send one JSON text to channels that all have `sendText`. */
  readonly sendTexts: (conns: Conn[], text: string) => void;
  readonly mark: ((part: string) => void) | undefined;
  closed = false;
  private shedTimer: ReturnType<typeof setInterval> | undefined;
  /** Background work (AI moves, webhooks) the tests and close() can wait for. */
  private background = new Set<Promise<unknown>>();

  readonly games: LiveGames;
  readonly creation: NewGames;
  readonly pipeline: ActionPipeline;
  readonly seats: Seats;
  readonly entropy: SeatEntropy;
  readonly takebacks: Takebacks;
  readonly views: Views;
  readonly conns: Connections;
  readonly notify: Notifications;
  readonly aiTurns: AiTurns;
  readonly sync: InstanceSync;

  constructor(opts: ManagerOptions) {
    this.storage = opts.storage;
    this.now = opts.now ?? Date.now;
    this.ai = opts.ai ?? null;
    this.snapshotEvery = opts.snapshotEvery ?? 100;
    this.webhookTimeoutMs = opts.webhookTimeoutMs ?? 5000;
    this.webhookPolicy = opts.webhooks ?? {};
    this.maxLive = opts.maxLiveGames ?? 5000;
    this.aiBudgetMs = opts.aiBudgetMs ?? 3000;
    this.log = opts.log ?? ((m) => console.error(m));
    this.internal = opts.internal ?? ((where, e) => this.log(`internal error (${where}): ${(e as Error)?.stack ?? String(e)}`));
    this.owns = opts.owns ?? (() => true);
    this.sendTexts = opts.sendTexts ?? ((conns, text) => { for (const c of conns) c.sendText!(text); });
    this.mark = opts.mark;
    this.games = new LiveGames(this);
    this.creation = new NewGames(this);
    this.pipeline = new ActionPipeline(this);
    this.seats = new Seats(this);
    this.entropy = new SeatEntropy(this);
    this.takebacks = new Takebacks(this);
    this.views = new Views(this);
    this.conns = new Connections(this);
    this.notify = new Notifications(this);
    this.aiTurns = new AiTurns(this);
    this.sync = new InstanceSync(this);
    const shedAfter = opts.shedFactsAfterMs ?? 30_000;
    if (shedAfter > 0) {
      this.shedTimer = setInterval(() => this.games.shedIdle(shedAfter), Math.max(1000, shedAfter / 3));
      this.shedTimer.unref();
    }
  }

  /** Keep background work (an AI move, a webhook) where idle() and close() can wait for it. */
  track(p: Promise<unknown>): void {
    this.background.add(p);
    void p.finally(() => this.background.delete(p));
  }

  // ------------------------------------------------------------------------------------------- the API

  createGame(req: CreateGame): Promise<CreateGameResponse> {
    return this.creation.createGame(req);
  }

  importLog(log: unknown, seats?: Record<Seat, SeatSpec>): Promise<CreateGameResponse> {
    return this.creation.importLog(log, seats);
  }

  /** POST /api/games/import's body as text: parsed where the game is made (a game worker), not on the main thread. */
  importBody(text: string): Promise<CreateGameResponse> {
    return this.creation.importBody(text);
  }

  play(token: string): Promise<PlayResponse> {
    return this.views.play(token);
  }

  choices(token: string, stateId: number, group: string): Promise<{ stateId: number; group: string; choices: Choice[] }> {
    return this.views.choices(token, stateId, group);
  }

  /**
   * The same as JSON text: it leaves a game worker thread as a string, not as objects to clone (a unit's destinations
   * in 2WW cost 0.2 ms to clone there and 0.7 ms to rebuild on the main thread, 0.04 ms to write as JSON).
   */
  async choicesJson(token: string, stateId: number, group: string): Promise<string> {
    const answer = await this.views.choices(token, stateId, group);
    this.mark?.('choices');
    return JSON.stringify(answer);
  }

  /** A question about the holder's decision that changes nothing (src/server/inspect.ts), asked against `stateId`. */
  inspect(token: string, stateId: number, q: Question): Promise<{ stateId: number; answer: Answer }> {
    return this.views.inspect(token, stateId, q);
  }

  myGames(tokens: string[]): Promise<GameSummary[]> {
    return this.views.myGames(tokens);
  }

  exportLog(token: string): Promise<GameLog> {
    return this.views.exportLog(token);
  }

  replay(gameId: string, seat: Seat | null, at: number | undefined): Promise<ReplayResponse> {
    return this.views.replay(gameId, seat, at);
  }

  act(token: string, stateId: number, action: Action): Promise<number> {
    return this.pipeline.act(token, stateId, action);
  }

  undo(token: string, stateId: number): Promise<number> {
    return this.pipeline.undo(token, stateId);
  }

  resign(token: string): Promise<number> {
    return this.pipeline.resign(token);
  }

  askTakeback(token: string, to: number): Promise<number> {
    return this.takebacks.askTakeback(token, to);
  }

  answerTakeback(token: string, accept: boolean): Promise<number> {
    return this.takebacks.answerTakeback(token, accept);
  }

  rematch(token: string, swap: boolean): Promise<CreateGameResponse & { yourToken: TokenLink }> {
    return this.takebacks.rematch(token, swap);
  }

  claim(token: string, mode: 'win' | 'ai', which?: Seat): Promise<number> {
    return this.seats.claim(token, mode, which);
  }

  setWebhook(token: string, url: string | null): Promise<void> {
    return this.seats.setWebhook(token, url);
  }

  contribute(token: string, c: { commit?: string; reveal?: string }): Promise<number> {
    return this.entropy.contribute(token, c);
  }

  connect(conn: Conn, lastStateId?: number): Promise<void> {
    return this.conns.connect(conn, lastStateId);
  }

  hello(conn: Conn, lastStateId?: number): Promise<void> {
    return this.conns.hello(conn, lastStateId);
  }

  disconnect(conn: Conn): void {
    this.conns.disconnect(conn);
  }

  resumeAiGames(): Promise<number> {
    return this.aiTurns.resumeAiGames();
  }

  /** PostgreSQL: another instance changed a game. */
  onRemoteChange(gameId: string): Promise<void> {
    return this.sync.onRemoteChange(gameId);
  }

  /** PostgreSQL: the LISTEN connection is back; reload what changed meanwhile. */
  resync(): Promise<void> {
    return this.sync.resync();
  }

  /** Game ids and entry counts held in memory (tests, diagnostics). */
  liveGames(): { gameId: string; status: GameStatus; entries: number }[] {
    return this.games.liveGames();
  }

  /** Wait until no AI move or webhook is under way (tests). */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.shedTimer);
    await this.games.settle();
  }
}

