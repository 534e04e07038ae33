// A game worker thread: a GameManager with its own database connection for the games whose id hashes to this
// worker (game-workers.ts). The main thread keeps the sockets; this thread sends them JSON text through the port.
import { openSync, readlinkSync, writeSync } from 'node:fs';
import { constants, PerformanceObserver, performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { AiPool } from './ai-pool.ts';
import { ApiError } from './errors.ts';
import { GameManager, type Conn } from './games.ts';
import { RequestTrace } from './request-trace.ts';
import { shardOf, type WorkerConfig, type WorkerReply, type WorkerRequest } from './game-workers.ts';
import { SqliteStorage, WriteTurns } from './sqlite-storage.ts';
import type { Storage } from './storage.ts';

const cfg = workerData as WorkerConfig;
const port = parentPort!;
// Replies and socket texts leave in batches, in order: a request's socket texts with its reply, in one postMessage as
// soon as it is answered (never held behind the next requests); texts sent outside a request (AI moves, clocks) at
// the end of the event loop's turn.
let outbox: WorkerReply[] = [];
const post = (m: WorkerReply) => {
  if (outbox.length === 0) setImmediate(flush);
  outbox.push(m);
};
function flush(): void {
  if (outbox.length === 0) return;
  const batch = outbox;
  outbox = [];
  port.postMessage(batch);
}
const log = (text: string) => post({ log: text });
// Counted on the main thread (RunningServer.internalErrors).
const internal = (where: string, e: unknown) => post({ internal: where, log: (e as Error)?.stack ?? String(e) });

let storage: Storage;
if (cfg.databaseUrl) {
  const { PostgresStorage } = await import('./pg-storage.ts');
  storage = new PostgresStorage(cfg.databaseUrl);
} else {
  // checkpoints run on their own thread (game-workers.ts); the workers take turns to write
  storage = new SqliteStorage(cfg.db!, undefined, false, cfg.writeTurns && new WriteTurns(cfg.writeTurns));
}
await storage.init();
const ai = cfg.aiWorkers > 0 ? new AiPool(cfg.aiWorkers) : null;
// THEATER_TRACE_REQUESTS=<path>: a line per action and group request in <path>-<worker index>.log
const traceFile = process.env.THEATER_TRACE_REQUESTS ? openSync(`${process.env.THEATER_TRACE_REQUESTS}-${cfg.index}.log`, 'a') : null;
const trace = traceFile !== null ? new RequestTrace() : null;
const manager = new GameManager({
  mark: trace ? (part) => trace.mark(part) : undefined,
  storage, ai, snapshotEvery: cfg.snapshotEvery, webhookTimeoutMs: cfg.webhookTimeoutMs, webhooks: cfg.webhooks, aiBudgetMs: cfg.aiBudgetMs, log,
  internal, owns: (gameId) => shardOf(gameId, cfg.count) === cfg.index,
  // one text for several sockets (a seat's tabs, the spectators) crosses to the main thread once
  sendTexts: (cs, text) => post({ conns: cs.map((c) => connIds.get(c)!), text }),
});
await storage.listen((gameId) => {
  manager.onRemoteChange(gameId).catch((e: unknown) => internal(`remote change of ${gameId}`, e));
}, () => {
  manager.resync().catch((e: unknown) => internal('reloading games after the LISTEN connection came back', e));
});

const conns = new Map<number, Conn>();
const connIds = new WeakMap<Conn, number>();

function connOf(id: number, token: string): Conn {
  let c = conns.get(id);
  if (!c) {
    c = {
      token, seat: null, lastStateId: 0,
      send: (msg) => post({ conns: [id], text: JSON.stringify(msg) }), sendText: (text) => post({ conns: [id], text }),
    };
    conns.set(id, c);
    connIds.set(c, id);
  }
  return c;
}

async function run(req: WorkerRequest): Promise<unknown> {
  const a = req.args as any[];
  switch (req.method) {
    case 'connect': return manager.connect(connOf(a[0], a[1]), a[2]);
    case 'hello': {
      const c = conns.get(a[0]);
      return c ? manager.hello(c, a[1]) : undefined;
    }
    case 'disconnect': {
      const c = conns.get(a[0]);
      conns.delete(a[0]);
      if (c) manager.disconnect(c);
      return undefined;
    }
    case 'resumeAiGames': return ai ? manager.resumeAiGames() : 0;
    case 'close': {
      await manager.close();
      await ai?.close();
      await storage.close();
      return undefined;
    }
    default: {
      const fn = (manager as unknown as Record<string, (...x: unknown[]) => unknown>)[req.method];
      if (typeof fn !== 'function') throw new Error(`game worker: no method ${req.method}`);
      return fn.apply(manager, a);
    }
  }
}

if (process.env.THEATER_TRACE_WORKERS === '1') traceWorker();

/**
 * For the benchmark (THEATER_TRACE_WORKERS=1): lines on the process's stdout, written at once from this thread, that
 * name this worker's thread (its CPU time is in /proc) and each of its GC pauses: kind, length, when it ended (ms since
 * the epoch) and, after a full collection, the old generation left and the games held. (--trace-gc names isolates by
 * address only, which says nothing of which worker holds which games.)
 */
function traceWorker(): void {
  const tag = `[game worker ${cfg.index}]`;
  const oldGeneration = () => v8.getHeapSpaceStatistics()
    .filter((s) => !s.space_name.startsWith('new_'))
    .reduce((a, s) => a + s.space_used_size, 0) / 1e6;
  writeSync(1, `${tag} thread ${readlinkSync('/proc/thread-self').split('/').pop()} old ${oldGeneration().toFixed(1)} MB\n`);
  const kinds: Record<number, string> = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge', [constants.NODE_PERFORMANCE_GC_MAJOR]: 'full',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental', [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak',
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = kinds[(e as unknown as { detail: { kind: number } }).detail.kind] ?? 'other';
      const end = performance.timeOrigin + e.startTime + e.duration;
      const after = kind === 'full' ? ` old ${oldGeneration().toFixed(1)} MB games ${manager.games.ids().length}` : '';
      writeSync(1, `${tag} gc ${kind} ${e.duration.toFixed(2)} ms at ${end.toFixed(1)}${after}\n`);
    }
  }).observe({ entryTypes: ['gc'] });
}

/** Methods a player's move or question calls, traced with THEATER_TRACE_REQUESTS (a token and a state id first). */
const traced = new Set(['act', 'choicesJson', 'undo']);
let traceLines: string[] = [];

port.on('message', (req: WorkerRequest) => {
  const tracing = trace && traced.has(req.method);
  if (tracing) trace.begin();
  run(req).then((value) => post({ id: req.id, value }), (e: unknown) => {
    if (e instanceof ApiError) post({ id: req.id, api: e.body });
    else post({ id: req.id, internal: (e as Error)?.stack ?? String(e) });
  }).then(() => {
    flush();
    if (tracing) traceRequest(req);
  });
});

function writeTraceLines(): void {
  writeSync(traceFile!, traceLines.join(''));
  traceLines = [];
}

/**
 * One line per traced request, written in batches: `[game worker i] req METHOD GAME STATE posted T begin T end T`
 * (ms since the epoch), `cpu C wait W` (ms) and each part's `name wall` ms (request-trace.ts).
 */
function traceRequest(req: WorkerRequest): void {
  const t = trace!.end();
  if (!t) return;
  const [token, stateId] = req.args as [string, number];
  const game = manager.games.gameOfToken(token) ?? '-';
  if (traceLines.length === 0) setTimeout(writeTraceLines, 100);
  traceLines.push(`[game worker ${cfg.index}] req ${req.method} ${game} ${stateId} posted ${(req.at ?? NaN).toFixed(2)} begin ${t.begin.toFixed(2)} end ${t.end.toFixed(2)} cpu ${t.cpu.toFixed(2)} wait ${t.wait.toFixed(2)} ${t.parts}\n`);
}
post({ ready: true });
