// The server's HTTP API and WebSocket, typed by src/server/protocol.ts.
import { StateReceiver, ERROR_STATUS } from '../server/protocol.ts';
import type { Choice } from '../engine/types.ts';
import type {
  Action, AssetsResponse, CreateGameRequest, CreateGameResponse, ErrorBody, GameLog, ImportResponse, MyGamesResponse,
  PlayResponse, RematchResponse, ReplayResponse, RulesetsResponse, ServerMessage, StateIdResponse, ClientMessage,
  EntropyRequest, InspectResponse, Question, RulesReference, InitialPositionResponse, ValidatePositionResponse, Json,
  Options,
} from '../server/protocol.ts';

/** An error answer of the server, with its code, rule case and legal choices when it has them. */
export class ApiError extends Error {
  constructor(readonly status: number, readonly body: Partial<ErrorBody>) {
    super(body.rule ? `${body.rule}: ${body.message ?? 'refused'}` : (body.message ?? `HTTP ${status}`));
    this.name = 'ApiError';
  }
}

/** No answer from the server at all (offline, or the server restarting): the browser's own words say nothing to a player. */
export class OfflineError extends Error {
  constructor() {
    super('The server cannot be reached (offline, or restarting): this was not done. The game reconnects by itself; try again then.');
    this.name = 'OfflineError';
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, headers: {} };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch (e) {
    // fetch rejects only when no answer came (a TypeError); an abort is the caller's own.
    if (e instanceof TypeError) throw new OfflineError();
    throw e;
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = { message: text.slice(0, 200) };
  }
  if (!res.ok) throw new ApiError(res.status, (json ?? {}) as Partial<ErrorBody>);
  return json as T;
}

const enc = encodeURIComponent;

export const api = {
  rulesets: () => call<RulesetsResponse>('GET', '/api/rulesets'),
  assets: (id: string) => call<AssetsResponse>('GET', `/api/rulesets/${enc(id)}/assets`),
  createGame: (req: CreateGameRequest) => call<CreateGameResponse>('POST', '/api/games', req),
  importGame: (log: GameLog) => call<ImportResponse>('POST', '/api/games/import', { log }),
  myGames: (tokens: string[]) => call<MyGamesResponse>('POST', '/api/my-games', { tokens }),
  play: (token: string) => call<PlayResponse>('GET', `/api/play/${enc(token)}`),
  act: (token: string, stateId: number, action: Action) =>
    call<StateIdResponse>('POST', `/api/play/${enc(token)}/action`, { stateId, action }),
  undo: (token: string, stateId: number) => call<StateIdResponse>('POST', `/api/play/${enc(token)}/undo`, { stateId }),
  takeback: (token: string, to: number) => call<StateIdResponse>('POST', `/api/play/${enc(token)}/takeback`, { to }),
  takebackAnswer: (token: string, accept: boolean) =>
    call<StateIdResponse>('POST', `/api/play/${enc(token)}/takeback/answer`, { accept }),
  claim: (token: string, mode: 'win' | 'ai', seat?: string) =>
    call<StateIdResponse>('POST', `/api/play/${enc(token)}/claim`, seat ? { mode, seat } : { mode }),
  resign: (token: string) => call<StateIdResponse>('POST', `/api/play/${enc(token)}/resign`, {}),
  rematch: (token: string, swap: boolean) => call<RematchResponse>('POST', `/api/play/${enc(token)}/rematch`, { swap }),
  webhook: (token: string, url: string | null) => call<{ ok: true }>('POST', `/api/play/${enc(token)}/webhook`, { url }),
  entropy: (token: string, c: EntropyRequest) => call<StateIdResponse>('POST', `/api/play/${enc(token)}/entropy`, c),
  log: (token: string) => call<GameLog>('GET', `/api/play/${enc(token)}/log`),
  choices: (token: string, stateId: number, group: string) =>
    call<{ stateId: number; group: string; choices: Choice[] }>('GET', `/api/play/${enc(token)}/choices/${enc(group)}?stateId=${stateId}`),
  inspect: (token: string, stateId: number, question: Question) =>
    call<InspectResponse>('POST', `/api/play/${enc(token)}/inspect`, { stateId, question }),
  rules: (id: string) => call<RulesReference>('GET', `/api/rulesets/${enc(id)}/rules`),
  initialPosition: (id: string, scenario: string, options: Options) =>
    call<InitialPositionResponse>('GET', `/api/rulesets/${enc(id)}/positions/initial?scenario=${enc(scenario)}&options=${enc(JSON.stringify(options))}`),
  validatePosition: (id: string, position: Json) =>
    call<ValidatePositionResponse>('POST', `/api/rulesets/${enc(id)}/positions/validate`, { position }),
  replay: (gameId: string, seat: string | null, at: number) =>
    call<ReplayResponse>('GET', `/api/replay/${enc(gameId)}?at=${at}${seat ? `&seat=${enc(seat)}` : ''}`),
};

/** The rule sets' listing, fetched once per page. */
let rulesetsOnce: Promise<RulesetsResponse> | null = null;
export function rulesetsCached(): Promise<RulesetsResponse> {
  rulesetsOnce ??= api.rulesets();
  rulesetsOnce.catch(() => { rulesetsOnce = null; });
  return rulesetsOnce;
}

/** A request a Live sends and whose answer (ack, choices or error) it awaits: a ClientMessage less its reqId. */
type LiveRequest = Exclude<ClientMessage, { type: 'hello' } | { type: 'ping' }> extends infer M
  ? M extends { reqId?: string } ? Omit<M, 'reqId'> : never : never;

/**
 * A live connection for one token; reconnects with backoff and says hello with the last state id it had. Changes
 * (act, undo, takeback, resign) and a group's choices go over this socket while it is open, so the answer comes after
 * the state message the change led to and no answer can race a newer state; HTTP is the fallback when it is not.
 */
export class Live {
  private ws: WebSocket | null = null;
  private closed = false;
  private retry = 500;
  private nextReq = 1;
  private readonly pending = new Map<string, { resolve: (m: ServerMessage) => void; reject: (e: Error) => void }>();
  lastStateId: number | undefined;
  constructor(
    private readonly token: string,
    private readonly onMessage: (m: ServerMessage) => void,
    private readonly onStatus: (connected: boolean) => void,
  ) {
    this.open();
  }

  private open(): void {
    if (this.closed) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/ws?token=${enc(this.token)}`);
    this.ws = ws;
    const choices = new StateReceiver();
    ws.onopen = () => {
      this.retry = 500;
      this.onStatus(true);
      this.send({ type: 'hello', lastStateId: this.lastStateId });
    };
    ws.onmessage = (e) => {
      if (this.ws !== ws) return;
      let m: ServerMessage;
      try {
        m = JSON.parse(String(e.data)) as ServerMessage;
      } catch {
        return; // a message that is not JSON is ignored
      }
      if (m.type === 'state') {
        try {
          m = choices.receive(m);
        } catch {
          ws.close(); // out of step: reconnect for a whole state
          return;
        }
        this.lastStateId = m.stateId;
      }
      if ((m.type === 'ack' || m.type === 'error' || m.type === 'choices') && m.reqId !== undefined && this.pending.has(m.reqId)) {
        const p = this.pending.get(m.reqId)!;
        this.pending.delete(m.reqId);
        if (m.type === 'error') p.reject(new ApiError(ERROR_STATUS[m.error] ?? 400, m));
        else p.resolve(m);
        return;
      }
      this.onMessage(m);
    };
    ws.onclose = () => {
      this.onStatus(false);
      // Whether a request in flight was applied is unknown: its caller reloads (the 'stale' path).
      for (const p of this.pending.values()) p.reject(new ApiError(409, { error: 'stale', message: 'the connection was lost; reloading the game' }));
      this.pending.clear();
      if (this.ws === ws && !this.closed) setTimeout(() => this.open(), (this.retry = Math.min(this.retry * 2, 10_000)));
    };
  }

  /** False when not connected (the caller then uses HTTP). */
  send(m: ClientMessage): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(m));
    return true;
  }

  get connected(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  /** Send a message answered by its reqId over the socket; null when the socket is not open (use HTTP). */
  private ask(m: LiveRequest): Promise<ServerMessage> | null {
    if (!this.connected) return null;
    const reqId = `r${this.nextReq++}`;
    return new Promise((resolve, reject) => {
      this.pending.set(reqId, { resolve, reject });
      this.send({ ...m, reqId } as ClientMessage);
    });
  }

  /** Send a change over the socket and resolve with its new state id; over HTTP when the socket is not open. */
  private async request(m: LiveRequest, http: () => Promise<StateIdResponse>): Promise<number> {
    const r = this.ask(m);
    if (!r) return (await http()).stateId;
    const a = await r;
    if (a.type !== 'ack') throw new ApiError(500, { error: 'internal', message: `unexpected answer ${a.type}` });
    return a.stateId;
  }

  act(stateId: number, action: Action): Promise<number> {
    return this.request({ type: 'action', stateId, action }, () => api.act(this.token, stateId, action));
  }

  undo(stateId: number): Promise<number> {
    return this.request({ type: 'undo', stateId }, () => api.undo(this.token, stateId));
  }

  takeback(to: number): Promise<number> {
    return this.request({ type: 'takeback', to }, () => api.takeback(this.token, to));
  }

  takebackAnswer(accept: boolean): Promise<number> {
    return this.request({ type: 'takeback-answer', accept }, () => api.takebackAnswer(this.token, accept));
  }

  resign(): Promise<number> {
    return this.request({ type: 'resign' }, () => api.resign(this.token));
  }

  /** The choices of one group of the seat's structured prompt at `stateId`. */
  async choices(stateId: number, group: string): Promise<Choice[]> {
    const r = this.ask({ type: 'choices', stateId, group });
    if (!r) return (await api.choices(this.token, stateId, group)).choices;
    const m = await r;
    return m.type === 'choices' ? m.choices : [];
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}
