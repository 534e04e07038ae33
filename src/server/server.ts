// The Theater server: static web client, HTTP API and WebSockets in one process (docs/server.md).
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';
import { resolve } from 'node:path';
import type { WebSocket } from 'ws';
import type { Assets } from '../engine/board.ts';
import { hashString } from '../engine/hash.ts';
import type { Ruleset, Seat } from '../engine/types.ts';
import { getRuleset, packages } from '../rulesets/index.ts';
import { AiPool } from './ai-pool.ts';
import { ApiError, badRequest, notFound, toApiError } from './errors.ts';
import { GameManager, type Conn, type ManagerApi } from './games.ts';
import { WorkerManager } from './game-workers.ts';
import { MAX_WS_MESSAGE_BYTES, type ErrorBody, type RulesetInfo, type ServerMessage } from './protocol.ts';
import { RateLimiter, type BucketConfig } from './rate-limit.ts';
import { registerRulesetRoutes } from './ruleset-routes.ts';
import {
  actionRequestSchema, checkDepth, claimSchema, clientMessageSchema, createGameSchema, emptySchema, entropySchema, inspectSchema,
  myGamesSchema, parseClientJson, parseOr400, rematchSchema, replayQuerySchema, SchemaError, takebackAnswerSchema, takebackSchema, undoSchema,
  webhookSchema,
} from './schemas.ts';
import { SqliteStorage } from './sqlite-storage.ts';
import type { WebhookPolicy } from './webhooks.ts';
import type { Storage } from './storage.ts';
import { isTokenShaped } from './tokens.ts';
import { seatLabel } from '../web/map/board-model.ts';

export interface ServerOptions {
  /** Default: PORT or 8080. 0 picks a free port. */
  port?: number;
  /** Default: HOST or 127.0.0.1. */
  host?: string;
  /** SQLite file (default THEATER_DB or ./data/theater.sqlite; ':memory:' for tests). Given, it beats DATABASE_URL. */
  db?: string;
  /** PostgreSQL URL; wins over `db`. Without either option, DATABASE_URL (when set) is used. */
  databaseUrl?: string;
  /** A ready storage (tests); wins over both. */
  storage?: Storage;
  /** Built web client (default ./dist/web). */
  webRoot?: string;
  /** AI worker threads (default 2; 0: AI seats do not play). */
  aiWorkers?: number;
  /**
   * Game worker threads (default THEATER_GAME_WORKERS or 0): games are shared out over this many threads, each with
   * its own database connection. 0, an in-memory SQLite database, a given `storage` or `now`: games run on the main thread.
   */
  gameWorkers?: number;
  /** AI thinking time per decision in ms (default 3000). */
  aiBudgetMs?: number;
  now?: () => number;
  /**
   * Token buckets: HTTP requests and WebSocket messages per token and per address; `/ws` upgrades per address; log
   * imports per address.
   */
  rateLimit?: { perToken?: BucketConfig; perAddress?: BucketConfig; wsUpgrades?: BucketConfig; imports?: BucketConfig };
  /**
   * Slow or greedy clients (docs/server.md "Limits"): the time to send a request's headers, and the whole request
   * (body included); open connections per client address (THEATER_MAX_CONNECTIONS_PER_ADDRESS; 0: no cap, as behind a
   * reverse proxy, where every connection comes from the proxy).
   */
  limits?: { headersTimeoutMs?: number; requestTimeoutMs?: number; maxConnectionsPerAddress?: number };
  /**
   * Client address from X-Forwarded-For (default THEATER_TRUST_PROXY, else off). `true`: one reverse proxy, the last
   * entry (the one it added) is the client; a number: that many proxies; a string: the proxies' addresses/CIDRs.
   */
  trustProxy?: boolean | number | string;
  /** Request body limit in bytes (default 1 MiB; log imports get 8 MiB). */
  bodyLimit?: number;
  snapshotEvery?: number;
  webhookTimeoutMs?: number;
  /**
   * Where "your turn" webhooks may go (docs/server.md "Security"): public addresses only, unless `allowPrivate`
   * (THEATER_WEBHOOK_PRIVATE=1) for a self-hosted server posting to its LAN; `perTarget`: the rate cap per host.
   */
  webhooks?: WebhookPolicy;
  /** Fastify request logging (default off). */
  logger?: boolean;
  log?: (msg: string) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  manager: ManagerApi;
  /** The main thread's database connection. */
  storage: Storage;
  app: FastifyInstance;
  /** Errors that are bugs (500s, failed socket handlers or background work), counted since the start. */
  readonly internalErrors: number;
  close(): Promise<void>;
}

const DEFAULT_PER_TOKEN: BucketConfig = { burst: 200, perSecond: 100 };
const DEFAULT_PER_ADDRESS: BucketConfig = { burst: 5000, perSecond: 2500 };
// A page opens one socket per token it shows and reconnects with backoff; a benchmark opens 400 at once.
const DEFAULT_WS_UPGRADES: BucketConfig = { burst: 1000, perSecond: 50 };
const DEFAULT_IMPORTS: BucketConfig = { burst: 10, perSecond: 0.1 };
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;
const DEFAULT_LIMITS = { headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, maxConnectionsPerAddress: 256 };

async function openStorage(opts: ServerOptions): Promise<Storage> {
  if (opts.storage) return opts.storage;
  // Explicit options beat the environment: a test's `db: ':memory:'` never lands on a DATABASE_URL by accident.
  const url = opts.databaseUrl ?? (opts.db === undefined ? process.env.DATABASE_URL : undefined);
  if (url) {
    const { PostgresStorage } = await import('./pg-storage.ts');
    return new PostgresStorage(url);
  }
  return new SqliteStorage(opts.db ?? process.env.THEATER_DB ?? './data/theater.sqlite');
}

/**
 * THEATER_TRUST_PROXY: unset, "", "0" or "false": off; "true": one proxy; a number: that many proxies; otherwise
 * a comma-separated list of the proxies' addresses or CIDRs.
 */
export function trustProxyFromEnv(env: string | undefined): boolean | number | string {
  if (env === undefined || env === '' || env === '0' || env === 'false') return false;
  if (env === 'true') return true;
  return /^\d+$/.test(env) ? Number(env) : env;
}

/**
 * Fastify's `trustProxy` for ours. `true` is one hop: Fastify's own `true` would believe the first X-Forwarded-For
 * entry, which the client writes. A hop count trusts that many addresses from the socket's peer on.
 */
function proxyTrust(t: boolean | number | string): boolean | string | ((addr: string, hop: number) => boolean) {
  if (t === true) t = 1;
  if (typeof t === 'number') {
    const hops = t;
    return (_addr, hop) => hop < hops;
  }
  return t;
}

/**
 * Close a connection from an address that already holds `max` open ones (0: no cap), before it can send anything:
 * slow clients cannot pile up connections. Counted on the socket's peer address.
 */
function limitConnectionsPerAddress(app: FastifyInstance, max: number): void {
  if (!max) return;
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const addr = socket.remoteAddress ?? '';
    const n = (open.get(addr) ?? 0) + 1;
    if (n > max) {
      socket.destroy();
      return;
    }
    open.set(addr, n);
    socket.once('close', () => {
      const left = (open.get(addr) ?? 1) - 1;
      if (left > 0) open.set(addr, left);
      else open.delete(addr);
    });
  });
}

function errorReply(reply: FastifyReply, e: unknown, internal: (where: string, e: unknown) => void): FastifyReply {
  const api = e instanceof SchemaError ? badRequest(e.message) : toApiError(e);
  if (api.body.error === 'internal') internal('http', e);
  return reply.code(api.status).send(api.body);
}

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const log = opts.log ?? ((m: string) => console.error(m));
  // Every error that is a bug is counted and logged here, whichever thread or handler it came from.
  let internalErrors = 0;
  const internal = (where: string, e: unknown) => {
    internalErrors++;
    log(`internal error (${where}): ${(e as Error)?.stack ?? String(e)}`);
  };
  const storage = await openStorage(opts);
  await storage.init();
  const aiWorkers = opts.aiWorkers ?? 2;
  const gameWorkers = opts.gameWorkers ?? Number(process.env.THEATER_GAME_WORKERS ?? 0);
  const pgUrl = storage.kind === 'postgres' ? (opts.databaseUrl ?? process.env.DATABASE_URL) : undefined;
  const webhooks: WebhookPolicy = { allowPrivate: process.env.THEATER_WEBHOOK_PRIVATE === '1', ...opts.webhooks };
  const sqliteFile = storage instanceof SqliteStorage && storage.file !== ':memory:' ? storage.file : undefined;
  let manager: ManagerApi;
  let ai: AiPool | null = null;
  if (gameWorkers > 0 && !opts.storage && !opts.now && (pgUrl || sqliteFile)) {
    const workers = new WorkerManager(storage, {
      count: gameWorkers, db: sqliteFile, databaseUrl: pgUrl, aiWorkers: aiWorkers > 0 ? Math.ceil(aiWorkers / gameWorkers) : 0,
      snapshotEvery: opts.snapshotEvery, webhookTimeoutMs: opts.webhookTimeoutMs, webhooks, aiBudgetMs: opts.aiBudgetMs,
    }, log, internal);
    await workers.ready();
    manager = workers;
  } else {
    ai = aiWorkers > 0 ? new AiPool(aiWorkers) : null;
    const local = new GameManager({
      storage, ai, now: opts.now, snapshotEvery: opts.snapshotEvery, webhookTimeoutMs: opts.webhookTimeoutMs, webhooks, log,
      aiBudgetMs: opts.aiBudgetMs, internal,
    });
    await storage.listen((gameId) => {
      local.onRemoteChange(gameId).catch((e: unknown) => internal(`remote change of ${gameId}`, e));
    }, () => {
      local.resync().catch((e: unknown) => internal('reloading games after the LISTEN connection came back', e));
    });
    manager = local;
  }
  const perToken = new RateLimiter(opts.rateLimit?.perToken ?? DEFAULT_PER_TOKEN);
  const perAddress = new RateLimiter(opts.rateLimit?.perAddress ?? DEFAULT_PER_ADDRESS);
  const wsUpgrades = new RateLimiter(opts.rateLimit?.wsUpgrades ?? DEFAULT_WS_UPGRADES);
  const imports = new RateLimiter(opts.rateLimit?.imports ?? DEFAULT_IMPORTS);
  const trustProxy = opts.trustProxy ?? trustProxyFromEnv(process.env.THEATER_TRUST_PROXY);
  const envCap = process.env.THEATER_MAX_CONNECTIONS_PER_ADDRESS;
  const limits = { ...DEFAULT_LIMITS, ...(envCap ? { maxConnectionsPerAddress: Number(envCap) } : {}), ...opts.limits };

  const app = Fastify({
    logger: opts.logger ?? false, bodyLimit: opts.bodyLimit ?? 1024 * 1024, trustProxy: proxyTrust(trustProxy),
    requestTimeout: limits.requestTimeoutMs,
    // Node checks the time-outs of open requests this often (default 30 s, which would let a slow client stay longer).
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4),
    },
  });
  limitConnectionsPerAddress(app, limits.maxConnectionsPerAddress);
  // An empty JSON body counts as {} (POST /resign with a content-type and nothing else).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    try {
      // A log import stays text here (only its depth is checked): the game worker that replays it parses it, so
      // this thread never holds every socket up for a large import.
      if (req.url.startsWith('/api/games/import')) {
        checkDepth(body as string, 'the body');
        return done(null, body || '{}');
      }
      if (body === '' || body === undefined) return done(null, {});
      done(null, parseClientJson(body as string, 'the body'));
    } catch (e) {
      done(new ApiError({ error: 'bad-request', message: (e as Error).message }), undefined);
    }
  });
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, _req, reply) => {
    if (err instanceof ApiError || err instanceof SchemaError) return errorReply(reply, err, internal);
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ error: 'too-large', message: 'the request body is larger than the server accepts' } satisfies ErrorBody);
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ error: 'bad-request', message: err.message } satisfies ErrorBody);
    }
    return errorReply(reply, err, internal);
  });

  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_WS_MESSAGE_BYTES } });

  // After the WebSocket plugin's own hook, which marks upgrades (req.ws): a refused upgrade's socket is then closed.
  app.addHook('onRequest', async (req, reply) => {
    if (req.ws) {
      if (!wsUpgrades.take(req.ip)) {
        return reply.code(429).send({ error: 'rate-limited', message: 'too many WebSocket connections from this address; slow down' } satisfies ErrorBody);
      }
      return;
    }
    if (!req.url.startsWith('/api/')) return;
    if (!perAddress.take(req.ip)) {
      return reply.code(429).send({ error: 'rate-limited', message: 'too many requests from this address; slow down' } satisfies ErrorBody);
    }
    if (req.url.startsWith('/api/games/import') && !imports.take(req.ip)) {
      return reply.code(429).send({ error: 'rate-limited', message: 'too many imports from this address; slow down' } satisfies ErrorBody);
    }
    const m = /^\/api\/play\/([^/?]+)/.exec(req.url);
    if (m && !perToken.take(m[1]!)) {
      return reply.code(429).send({ error: 'rate-limited', message: 'too many requests for this token; slow down' } satisfies ErrorBody);
    }
  });

  // ------------------------------------------------------------------------------------------ rule sets
  // A rule set's assets, built once (ETO's take a third of a second) for the asset route and the seats' names.
  const built = new Map<string, Assets | undefined>();
  const assetsOf = (r: Ruleset<any>): Assets | undefined => {
    if (!built.has(r.id)) built.set(r.id, r.assets?.());
    return built.get(r.id);
  };
  const seatNames = (r: Ruleset<any>): Record<Seat, string> => {
    const assets = assetsOf(r);
    const seats = new Set([...r.seats, ...r.scenarios.flatMap((sc) => sc.seats)]);
    return Object.fromEntries([...seats].map((s) => [s, seatLabel(assets, s)]));
  };
  // The catalogue is the same for every request; the seats' names come from the assets (built once, on first use).
  let catalogue: RulesetInfo[] | null = null;
  app.get('/api/rulesets', async () => (catalogue ??= Object.values(packages).map(({ ruleset: r, ...p }): RulesetInfo => ({
    id: r.id, title: r.title, rulesVersion: r.rulesVersion, seats: r.seats, seatNames: seatNames(r), scenarios: r.scenarios, options: r.options,
    ...(r.seatOptions ? { seatOptions: r.seatOptions } : {}), ...(p.hidden ? { hidden: true } : {}), aiSeats: p.ai ? r.seats : [], odds: !!p.odds, positions: !!r.positions, rules: !!p.rules,
    ...(p.scripted ? { scripted: { name: p.scripted.name, seats: Object.fromEntries(r.scenarios.map((sc) => [sc.id, p.scripted!.seats(sc.id)])) } } : {}),
  }))));
  registerRulesetRoutes(app);
  // Assets are the same for every game of a rule set: serialize once, serve with an ETag.
  const assetCache = new Map<string, { body: string; etag: string }>();
  app.get('/api/rulesets/:id/assets', async (req: FastifyRequest<{ Params: { id: string } }>, reply) => {
    let a = assetCache.get(req.params.id);
    if (!a) {
      let r;
      try {
        r = getRuleset(req.params.id);
      } catch (e) {
        throw notFound((e as Error).message);
      }
      const body = JSON.stringify(assetsOf(r) ?? {});
      a = { body, etag: `"${r.id}-${r.rulesVersion}-${hashString(body)}"` };
      assetCache.set(r.id, a);
    }
    reply.header('cache-control', 'public, max-age=3600').header('etag', a.etag);
    if (req.headers['if-none-match'] === a.etag) return reply.code(304).send();
    return reply.type('application/json').send(a.body);
  });

  // ------------------------------------------------------------------------------------------ games
  app.post('/api/games', async (req, reply) => {
    const body = parseOr400(createGameSchema, req.body, 'POST /api/games');
    reply.code(201);
    return manager.createGame(body);
  });
  app.post('/api/games/import', { bodyLimit: IMPORT_BODY_LIMIT }, async (req, reply) => {
    if (typeof req.body !== 'string') throw badRequest('POST /api/games/import: the body must be JSON {log, seats?}');
    const created = await manager.importBody(req.body);
    reply.code(201);
    return created;
  });
  app.post('/api/my-games', async (req) => {
    const body = parseOr400(myGamesSchema, req.body, 'POST /api/my-games');
    return manager.myGames(body.tokens.filter(isTokenShaped));
  });
  app.get('/api/replay/:gameId', async (req: FastifyRequest<{ Params: { gameId: string }; Querystring: Record<string, string> }>) => {
    const q = parseOr400(replayQuerySchema, req.query, 'GET /api/replay');
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(req.params.gameId)) throw notFound(`no game "${req.params.gameId.slice(0, 40)}"`);
    return manager.replay(req.params.gameId, q.seat ?? null, q.at);
  });

  // ------------------------------------------------------------------------------------------ per token
  type TokenReq = FastifyRequest<{ Params: { token: string } }>;
  const tokenOf = (req: TokenReq): string => {
    if (!isTokenShaped(req.params.token)) throw notFound('no game has this token; check the link');
    return req.params.token;
  };
  app.get('/api/play/:token', async (req: TokenReq) => manager.play(tokenOf(req)));
  app.get('/api/play/:token/choices/:group', async (req: FastifyRequest<{ Params: { token: string; group: string }; Querystring: Record<string, string> }>, reply: FastifyReply) => {
    const stateId = Number(req.query.stateId);
    if (!Number.isInteger(stateId) || stateId < 0) throw badRequest('query field "stateId": the state id the choices are asked for (an integer)');
    return reply.type('application/json').send(await manager.choicesJson(tokenOf(req as unknown as TokenReq), stateId, req.params.group));
  });
  app.post('/api/play/:token/inspect', async (req: TokenReq) => {
    const token = tokenOf(req);
    const b = parseOr400(inspectSchema, req.body, 'POST inspect');
    return manager.inspect(token, b.stateId, b.question);
  });
  app.post('/api/play/:token/action', async (req: TokenReq) => {
    const token = tokenOf(req);
    const b = parseOr400(actionRequestSchema, req.body, 'POST action');
    return { stateId: await manager.act(token, b.stateId, b.action) };
  });
  app.post('/api/play/:token/undo', async (req: TokenReq) => {
    const token = tokenOf(req);
    const b = parseOr400(undoSchema, req.body, 'POST undo');
    return { stateId: await manager.undo(token, b.stateId) };
  });
  app.post('/api/play/:token/takeback', async (req: TokenReq) => {
    const token = tokenOf(req);
    const b = parseOr400(takebackSchema, req.body, 'POST takeback');
    return { stateId: await manager.askTakeback(token, b.to) };
  });
  app.post('/api/play/:token/takeback/answer', async (req: TokenReq) => {
    const token = tokenOf(req);
    const b = parseOr400(takebackAnswerSchema, req.body, 'POST takeback/answer');
    return { stateId: await manager.answerTakeback(token, b.accept) };
  });
  app.post('/api/play/:token/resign', async (req: TokenReq) => {
    const token = tokenOf(req);
    parseOr400(emptySchema, req.body ?? {}, 'POST resign');
    return { stateId: await manager.resign(token) };
  });
  app.post('/api/play/:token/rematch', async (req: TokenReq, reply) => {
    const token = tokenOf(req);
    const b = parseOr400(rematchSchema, req.body ?? {}, 'POST rematch');
    reply.code(201);
    return manager.rematch(token, b.swap ?? false);
  });
  app.post('/api/play/:token/claim', async (req: TokenReq) => {
    const token = tokenOf(req);
    const b = parseOr400(claimSchema, req.body, 'POST claim');
    return { stateId: await manager.claim(token, b.mode, b.seat) };
  });
  app.post('/api/play/:token/entropy', async (req: TokenReq) => {
    const token = tokenOf(req);
    const b = parseOr400(entropySchema, req.body, 'POST entropy');
    return { stateId: await manager.contribute(token, b) };
  });
  app.post('/api/play/:token/webhook', async (req: TokenReq) => {
    const token = tokenOf(req);
    const b = parseOr400(webhookSchema, req.body, 'POST webhook');
    await manager.setWebhook(token, b.url);
    return { ok: true };
  });
  app.get('/api/play/:token/log', async (req: TokenReq, reply) => {
    const log = await manager.exportLog(tokenOf(req));
    reply.header('content-disposition', `attachment; filename="theater-${String(log.meta?.gameId ?? 'game')}.json"`);
    return log;
  });
  app.all('/api/*', async (req) => {
    throw notFound(`no API endpoint ${req.method} ${req.url.split('?')[0]!.slice(0, 200)}; see docs/server.md`);
  });

  // ------------------------------------------------------------------------------------------ WebSocket
  app.get('/ws', { websocket: true }, (socket: WebSocket, req: FastifyRequest<{ Querystring: Record<string, string> }>) => {
    const token = String(req.query.token ?? '');
    const lastRaw = req.query.lastStateId;
    // The texts sent to this socket in one turn of the event loop (an action's new state and its ack, say) leave in
    // one write: the socket is corked at the first and uncorked after the turn's promise continuations (setImmediate).
    const raw = req.socket;
    let corked = false;
    const uncork = () => {
      corked = false;
      raw.uncork();
    };
    const sendText = (text: string) => {
      if (socket.readyState !== socket.OPEN) return;
      if (!corked) {
        corked = true;
        raw.cork();
        setImmediate(uncork);
      }
      socket.send(text);
    };
    const send = (m: ServerMessage) => sendText(JSON.stringify(m));
    if (!isTokenShaped(token)) {
      send({ type: 'error', error: 'not-found', message: 'no game has this token; connect to /ws?token=<token from your link>' });
      socket.close(4004, 'unknown token');
      return;
    }
    const conn: Conn = { token, seat: null, lastStateId: 0, send, sendText, close: () => socket.close(1011, 'game worker restarted') };
    let ready: Promise<unknown> = manager.connect(conn, lastRaw !== undefined ? Number(lastRaw) || 0 : undefined).catch((e) => {
      const api = toApiError(e);
      if (api.body.error === 'internal') internal('ws connect', e);
      send({ type: 'error', ...api.body });
      socket.close(api.status === 404 ? 4004 : 4000, api.body.error);
    });
    let alive = true;
    socket.on('pong', () => { alive = true; });
    const ping = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, 30_000);
    ping.unref();
    socket.on('close', () => {
      clearInterval(ping);
      void ready.then(() => manager.disconnect(conn));
    });
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      ready = ready.then(() => handleMessage(conn, data, isBinary, req.ip, send, sendText)).catch((e: unknown) => internal('ws', e));
    });
  });

  async function handleMessage(
    conn: Conn, data: Buffer, isBinary: boolean, ip: string, send: (m: ServerMessage) => void, sendText: (text: string) => void,
  ) {
    let reqId: string | undefined;
    try {
      if (isBinary) throw badRequest('messages must be JSON text');
      const raw = parseClientJson(data.toString('utf8'), 'the message');
      if (raw && typeof raw === 'object' && typeof (raw as { reqId?: unknown }).reqId === 'string') {
        reqId = ((raw as { reqId: string }).reqId).slice(0, 100);
      }
      if (!perAddress.take(ip) || !perToken.take(conn.token)) {
        throw new ApiError({ error: 'rate-limited', message: 'too many messages; slow down' });
      }
      const m = parseOr400(clientMessageSchema, raw, 'WebSocket message');
      switch (m.type) {
        case 'hello': return manager.hello(conn, m.lastStateId);
        case 'ping': return send({ type: 'pong', reqId: m.reqId });
        case 'action': return send({ type: 'ack', reqId, stateId: await manager.act(conn.token, m.stateId, m.action) });
        case 'undo': return send({ type: 'ack', reqId, stateId: await manager.undo(conn.token, m.stateId) });
        case 'takeback': return send({ type: 'ack', reqId, stateId: await manager.askTakeback(conn.token, m.to) });
        case 'takeback-answer': return send({ type: 'ack', reqId, stateId: await manager.answerTakeback(conn.token, m.accept) });
        case 'resign': return send({ type: 'ack', reqId, stateId: await manager.resign(conn.token) });
        case 'entropy': return send({ type: 'ack', reqId, stateId: await manager.contribute(conn.token, m.commit !== undefined ? { commit: m.commit } : { reveal: m.reveal! }) });
        case 'choices': {
          // {stateId, group, choices} as JSON from the game's worker, spliced in without parsing it
          const body = await manager.choicesJson(conn.token, m.stateId, m.group);
          return sendText(`{"type":"choices",${reqId === undefined ? '' : `"reqId":${JSON.stringify(reqId)},`}${body.slice(1)}`);
        }
      }
    } catch (e) {
      const api = e instanceof SchemaError ? badRequest(e.message) : toApiError(e);
      if (api.body.error === 'internal') internal('ws message', e);
      send({ type: 'error', reqId, ...api.body });
    }
  }

  // ------------------------------------------------------------------------------------------ web client
  const webRoot = resolve(opts.webRoot ?? './dist/web');
  const hasClient = existsSync(resolve(webRoot, 'index.html'));
  if (hasClient) await app.register(fastifyStatic, { root: webRoot, prefix: '/', wildcard: false, index: 'index.html' });
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/ws')) {
      if (hasClient) return reply.type('text/html').sendFile('index.html');
      return reply.type('text/html').send('<!doctype html><title>Theater</title><p>The Theater server is running, but the web client is not built (npm run build puts it in dist/web).</p>');
    }
    return reply.code(404).send({ error: 'not-found', message: `no route ${req.method} ${req.url.slice(0, 200)}` } satisfies ErrorBody);
  });

  if (aiWorkers > 0) manager.resumeAiGames().catch((e: unknown) => internal('resuming AI games', e));
  const port = opts.port ?? Number(process.env.PORT ?? 8080);
  const host = opts.host ?? process.env.HOST ?? '127.0.0.1';
  await app.listen({ port, host });
  const addr = app.server.address();
  const realPort = typeof addr === 'object' && addr ? addr.port : port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${realPort}`;
  let closing: Promise<void> | null = null;
  return {
    url, port: realPort, manager, storage, app,
    get internalErrors() {
      return internalErrors;
    },
    close() {
      closing ??= (async () => {
        await manager.close();
        await app.close();
        await ai?.close();
        await storage.close();
      })();
      return closing;
    },
  };
}
