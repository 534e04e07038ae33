// Open push channels (WebSockets) per game: connecting takes an open seat, and every change is sent to each channel as
// that seat's view with the events it has not had.
import { viewFor, type SeatView } from '../engine/kernel.ts';
import type { Seat } from '../engine/types.ts';
import type { GameManager } from './games.ts';
import { settled, type Live } from './live-games.ts';
import { diffChoices, diffJson, type DiffMemo, type ServerMessage, type StateMessage } from './protocol.ts';
import type { Choice } from '../engine/types.ts';

/** One open WebSocket (or any push channel) of one token. */
export interface Conn {
  token: string;
  seat: Seat | null;
  /** State id of the last state message sent. */
  lastStateId: number;
  /** The prompt choices of the last state message sent (its next one may send only what changed). */
  lastChoices?: Choice[] | null;
  /** The view of the last state message sent, when the next one may send only what changed (`viewDelta`). */
  lastView?: SeatView | null;
  send(msg: ServerMessage): void;
  /** The same for a message already in JSON (from a game worker thread); absent: parse and `send`. */
  sendText?(text: string): void;
  /** Close the channel (the client reconnects); used when a game worker thread had to be restarted. */
  close?(): void;
}

export class Connections {
  private conns = new Map<string, Set<Conn>>();

  constructor(private readonly m: GameManager) {}

  /** Open channels of a game. */
  count(gameId: string): number {
    return this.conns.get(gameId)?.size ?? 0;
  }

  /** Games with open channels here. */
  gameIds(): string[] {
    return [...this.conns.keys()];
  }

  /** Some channel of `seat` is open. */
  isConnected(gameId: string, seat: Seat): boolean {
    return [...(this.conns.get(gameId) ?? [])].some((c) => c.seat === seat);
  }

  each(gameId: string, fn: (c: Conn) => void): void {
    for (const c of this.conns.get(gameId) ?? []) fn(c);
  }

  /** Send `msg` to the game's channels that `which` picks: written as JSON once for all of them. */
  sendTo(gameId: string, which: (c: Conn) => boolean, msg: ServerMessage): void {
    const texts: Conn[] = [];
    for (const c of this.conns.get(gameId) ?? []) {
      if (!which(c)) continue;
      if (c.sendText) texts.push(c);
      else c.send(msg);
    }
    if (texts.length) this.m.sendTexts(texts, JSON.stringify(msg));
  }

  /**
   * Send every channel of the game its view and the events it has not had. A view is made once per seat, a message
   * written as JSON once for the channels that get the same one (several tabs of a seat, spectators) and handed to them
   * together (`GameManager.sendTexts`: a game worker posts it to the main thread once), and a part of the views that
   * several seats share (the same object, e.g. 2WW's board) written once for all of them.
   */
  broadcast(live: Live): void {
    const views = new Map<Seat | null, SeatView>();
    const written = new Map<object, string>();
    const sent = new Map<string, { msg: StateMessage; conns: Conn[] }>();
    const known = new Map<object, number>();
    const id = (x: object | null | undefined) => {
      if (!x) return 0;
      if (!known.has(x)) known.set(x, known.size + 1);
      return known.get(x)!;
    };
    const delta = !!live.ruleset.copyOnWrite;
    const memo: DiffMemo = new Map();
    const conns = this.conns.get(live.rec.id) ?? [];
    for (const c of conns) if (!views.has(c.seat)) views.set(c.seat, viewFor(live.ruleset, live.game.state, c.seat, settled));
    this.m.mark?.('view');
    for (const c of conns) {
      const v = views.get(c.seat)!;
      // what the message depends on besides the seat: the events it has missed, the choices and the view it had
      const key = `${c.seat}\u0000${c.lastStateId}\u0000${id(c.lastChoices)}\u0000${id(c.lastView)}`;
      const one = sent.get(key);
      if (!one) {
        sent.set(key, { msg: messageFor(c, this.m.views.stateMessage(live, c, c.lastStateId, v), delta, memo), conns: [c] });
      } else {
        c.lastChoices = v.prompt?.choices ?? null;
        c.lastView = delta ? v : null;
        one.conns.push(c);
      }
      c.lastStateId = live.rec.entryCount;
    }
    this.m.mark?.('delta');
    // each message once: written as JSON once and handed over once for all the channels that get it
    for (const { msg, conns } of sent.values()) {
      const texts = conns.filter((c) => c.sendText);
      if (texts.length) this.m.sendTexts(texts, writeJson(msg, written, 3));
      if (texts.length < conns.length) for (const c of conns) if (!c.sendText) c.send(msg);
    }
    this.m.mark?.('json');
  }

  /** Tell everyone who is connected. */
  presence(live: Live): void {
    this.sendTo(live.rec.id, () => true, { type: 'presence', seats: this.m.seats.infos(live) });
  }

  async connect(conn: Conn, lastStateId?: number): Promise<void> {
    const { live, seat } = await this.m.games.seatOf(conn.token);
    conn.seat = seat.seat;
    await this.m.seats.take(seat);
    const gameId = live.rec.id;
    let set = this.conns.get(gameId);
    if (!set) this.conns.set(gameId, (set = new Set()));
    const wasConnected = conn.seat !== null && this.isConnected(gameId, conn.seat);
    set.add(conn);
    await this.hello(conn, lastStateId);
    if (conn.seat !== null && !wasConnected) this.presence(live);
    const tb = this.m.takebacks.takebackOf(live);
    if (tb && conn.seat !== null && tb.requestedBy !== conn.seat) conn.send({ type: 'takeback-request', ...tb });
  }

  /** (Re)send the current state and the events since `lastStateId`. */
  async hello(conn: Conn, lastStateId?: number): Promise<void> {
    const gameId = this.m.games.gameOfToken(conn.token);
    if (!gameId) return;
    await this.m.games.locked(gameId, (live) => {
      conn.lastView = null; // a whole view: the client may have lost what it held
      sendState(conn, this.m.views.stateMessage(live, conn, lastStateId), !!live.ruleset.copyOnWrite);
      conn.lastStateId = live.rec.entryCount;
    });
  }

  disconnect(conn: Conn): void {
    const gameId = this.m.games.gameOfToken(conn.token);
    if (!gameId) return;
    const set = this.conns.get(gameId);
    if (!set?.delete(conn)) return;
    if (set.size === 0) this.conns.delete(gameId);
    const live = this.m.games.get(gameId);
    if (live && conn.seat !== null && !this.isConnected(gameId, conn.seat)) this.presence(live);
  }
}

/** Send a state message, its prompt's choices as a change to the previous message's when that is shorter. */
function sendState(conn: Conn, msg: StateMessage, delta: boolean): void {
  conn.send(messageFor(conn, msg, delta));
}

/**
 * The state message for `conn`: its prompt's choices as a change to the previous message's when that is shorter, and
 * with `delta`, its view as a change of the view the connection had (`viewDelta`; whole when it had none). Records
 * what the connection now holds.
 */
function messageFor(conn: Conn, msg: StateMessage, delta: boolean, memo?: DiffMemo): StateMessage {
  const prompt = msg.view.prompt;
  const runs = prompt ? diffChoices(conn.lastChoices ?? null, prompt.choices) : null;
  conn.lastChoices = prompt?.choices ?? null;
  const prev = conn.lastView;
  conn.lastView = delta ? msg.view : null;
  // The view may be shared by several connections of the seat: the shortened one is a copy.
  const view = runs ? { ...msg.view, prompt: { ...prompt!, choices: [] } } : msg.view;
  if (delta && prev) {
    const { view: _whole, ...rest } = msg;
    return { ...rest, viewDelta: diffJson(prev, view, memo) ?? [1, {}], ...(runs ? { choicesDelta: runs } : {}) } as StateMessage;
  }
  return runs ? { ...msg, view, choicesDelta: runs } : msg;
}

/**
 * `JSON.stringify(value)`, with the text of each object met down to `depth` levels kept in `written` and reused when
 * the same object comes again (views of several seats share objects: each is written once per broadcast).
 */
export function writeJson(value: unknown, written: Map<object, string>, depth: number): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  let text = written.get(value);
  if (text !== undefined) return text;
  const proto = Object.getPrototypeOf(value);
  if (depth > 0 && (proto === Object.prototype || proto === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
    text = '{';
    for (const key of Object.keys(value)) {
      const v = (value as Record<string, unknown>)[key];
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
      text += `${text.length > 1 ? ',' : ''}${JSON.stringify(key)}:${writeJson(v, written, depth - 1)}`;
    }
    text += '}';
  } else {
    text = JSON.stringify(value);
  }
  written.set(value, text);
  return text;
}
