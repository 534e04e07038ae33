// Helpers for the server's tests and benchmark: JSON over HTTP, the seats' dice contributions, and a WebSocket client
// that queues messages.
import { createHash, randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { StateReceiver, type ServerMessage } from './protocol.ts';

export interface HttpResult<T = any> {
  status: number;
  body: T;
  text: string;
}

export async function http<T = any>(base: string, method: string, path: string, body?: unknown, raw?: string | Uint8Array): Promise<HttpResult<T>> {
  const init: RequestInit = { method, headers: {} };
  if (raw !== undefined) {
    init.body = raw as BodyInit;
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const r = await fetch(base + path, init);
  const text = await r.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: r.status, body: parsed as T, text };
}

/**
 * Every seat's dice contribution over HTTP (docs/fair-dice.md), as a client does when it takes its seat: a commitment
 * for each token, then (every seat having committed) each value. Returns the state id once the dice are keyed.
 */
export async function takeSeats(base: string, tokens: string[]): Promise<number> {
  const values = tokens.map(() => randomBytes(32).toString('hex'));
  for (const [i, t] of tokens.entries()) {
    const r = await http(base, 'POST', `/api/play/${t}/entropy`, { commit: createHash('sha256').update(values[i]!).digest('hex') });
    if (r.status !== 200) throw new Error(`commit for ${t}: ${r.status} ${r.text}`);
  }
  let stateId = -1;
  for (const [i, t] of tokens.entries()) {
    const r = await http(base, 'POST', `/api/play/${t}/entropy`, { reveal: values[i] });
    if (r.status !== 200) throw new Error(`reveal for ${t}: ${r.status} ${r.text}`);
    stateId = r.body.stateId as number;
  }
  return stateId;
}

/**
 * A WebSocket client that keeps every message (state messages made whole, as the web client does) and can wait for
 * one matching a predicate. `deltas` counts the state messages that came as a change of the previous choices,
 * `viewDeltas` those whose view came as a change of the previous view.
 */
export class TestClient {
  readonly messages: ServerMessage[] = [];
  deltas = 0;
  viewDeltas = 0;
  private readonly choices = new StateReceiver();
  private waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void; from: number }[] = [];
  readonly ws: WebSocket;
  readonly opened: Promise<void>;
  closed = false;

  /** `headers`: extra upgrade request headers (X-Forwarded-For in the rate limit tests). */
  constructor(url: string, token: string, lastStateId?: number, headers?: Record<string, string>) {
    const q = `token=${token}${lastStateId !== undefined ? `&lastStateId=${lastStateId}` : ''}`;
    this.ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?${q}`, { headers });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.ws.on('message', (d) => {
      let m = JSON.parse(d.toString()) as ServerMessage;
      if (m.type === 'state') {
        if (m.choicesDelta) this.deltas++;
        if (m.viewDelta) this.viewDeltas++;
        m = this.choices.receive(m);
      }
      this.messages.push(m);
      const idx = this.messages.length - 1;
      this.waiters = this.waiters.filter((w) => {
        if (idx >= w.from && w.pred(m)) {
          w.resolve(m);
          return false;
        }
        return true;
      });
    });
    this.ws.on('close', () => { this.closed = true; });
  }

  send(m: unknown): void {
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  /** The first message (from index `from`) matching `pred`; rejects after `ms`. */
  waitFor<M extends ServerMessage = ServerMessage>(pred: (m: ServerMessage) => boolean, ms = 10_000, from = 0): Promise<M> {
    for (let i = from; i < this.messages.length; i++) if (pred(this.messages[i]!)) return Promise.resolve(this.messages[i] as M);
    return new Promise((resolve, reject) => {
      const w = { pred, resolve: resolve as (m: ServerMessage) => void, from };
      this.waiters.push(w);
      setTimeout(() => {
        if (this.waiters.includes(w)) {
          this.waiters = this.waiters.filter((x) => x !== w);
          reject(new Error(`no matching message within ${ms} ms; got ${JSON.stringify(this.messages.slice(-3)).slice(0, 600)}`));
        }
      }, ms).unref();
    });
  }

  /** The next state message with a state id of at least `stateId`. */
  stateAtLeast(stateId: number, ms?: number) {
    return this.waitFor<Extract<ServerMessage, { type: 'state' }>>((m) => m.type === 'state' && m.stateId >= stateId, ms);
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}
