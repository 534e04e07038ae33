// The server's HTTP API and WebSocket, typed by src/server/protocol.ts.
import { ChoicesReceiver } from '../server/protocol.ts';
import type { Choice } from '../engine/types.ts';
import type {
  Action, AssetsResponse, CreateGameRequest, CreateGameResponse, ErrorBody, GameLog, ImportResponse, MyGamesResponse,
  PlayResponse, RematchResponse, ReplayResponse, RulesetsResponse, ServerMessage, StateIdResponse, ClientMessage,
  InspectResponse, Question, RulesReference, InitialPositionResponse, ValidatePositionResponse, Json, Options,
} from '../server/protocol.ts';

/** An error answer of the server, with its code, rule case and legal choices when it has them. */
export class ApiError extends Error {
  constructor(readonly status: number, readonly body: Partial<ErrorBody>) {
    super(body.rule ? `${body.rule}: ${body.message ?? 'refused'}` : (body.message ?? `HTTP ${status}`));
    this.name = 'ApiError';
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, headers: {} };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await fetch(path, init);
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

type Pending = { resolve(m: ServerMessage): void; reject(e: Error): void };

/**
 * A live connection for one token; reconnects with backoff and says hello with the last state id it had. Actions and
 * group choices go over it when it is open (each answered by its reqId), else over HTTP, so that an answer can never
 * race a newer state pushed on the same socket.
 */
export class Live {
  private ws: WebSocket | null = null;
  private closed = false;
  private retry = 500;
  private nextReq = 1;
  private readonly pending = new Map<string, Pending>();
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
    const choices = new ChoicesReceiver();
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
      const reqId = 'reqId' in m ? m.reqId : undefined;
      const p = reqId !== undefined ? this.pending.get(reqId) : undefined;
      if (p) {
        this.pending.delete(reqId!);
        if (m.type === 'error') p.reject(new ApiError(400, m));
        else p.resolve(m);
        return;
      }
      this.onMessage(m);
    };
    ws.onclose = () => {
      this.onStatus(false);
      for (const p of this.pending.values()) p.reject(new ApiError(0, { error: 'internal', message: 'the connection closed; try again' }));
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

  /** A message answered by its reqId (ack, choices or error); null when not connected. */
  private request(m: ClientMessage & { reqId?: string }): Promise<ServerMessage> | null {
    if (!this.connected) return null;
    const reqId = `r${this.nextReq++}`;
    const p = new Promise<ServerMessage>((resolve, reject) => this.pending.set(reqId, { resolve, reject }));
    this.send({ ...m, reqId } as ClientMessage);
    return p;
  }

  /** Sends an action against `stateId`: over the socket when open, else HTTP. Resolves with the new state id. */
  async act(stateId: number, action: Action): Promise<number> {
    const r = this.request({ type: 'action', stateId, action });
    if (!r) return (await api.act(this.token, stateId, action)).stateId;
    const m = await r;
    return m.type === 'ack' ? m.stateId : stateId;
  }

  /** The choices of one group of the seat's structured prompt at `stateId`. */
  async choices(stateId: number, group: string): Promise<Choice[]> {
    const r = this.request({ type: 'choices', stateId, group });
    if (!r) return (await api.choices(this.token, stateId, group)).choices;
    const m = await r;
    return m.type === 'choices' ? m.choices : [];
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}
