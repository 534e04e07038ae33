// Rate limits of the running server: HTTP requests per address, WebSocket upgrades per address, WebSocket messages
// per token; client addresses from X-Forwarded-For only with trustProxy.
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer, trustProxyFromEnv, type RunningServer, type ServerOptions } from './server.ts';
import { http, takeSeats, TestClient } from './test-helpers.ts';
import type { CreateGameResponse, ServerMessage } from './protocol.ts';

const NO_LIMIT = { burst: 1e9, perSecond: 1e9 };
const servers: RunningServer[] = [];
const clients: TestClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(opts: ServerOptions): Promise<RunningServer> {
  const s = await startServer({ port: 0, db: ':memory:', aiWorkers: 0, log: () => undefined, ...opts });
  servers.push(s);
  return s;
}

/** GET with an X-Forwarded-For header: status and JSON body. */
async function getFrom(srv: RunningServer, path: string, forwardedFor: string): Promise<{ status: number; body: any }> {
  const r = await fetch(srv.url + path, { headers: { 'x-forwarded-for': forwardedFor } });
  return { status: r.status, body: await r.json() };
}

async function newDuel(srv: RunningServer): Promise<CreateGameResponse> {
  const r = await http<CreateGameResponse>(srv.url, 'POST', '/api/games', { ruleset: 'duel', seats: { red: { kind: 'human' }, blue: { kind: 'human' } } });
  expect(r.status).toBe(201);
  await takeSeats(srv.url, [r.body.seats.red!.token, r.body.seats.blue!.token]);
  return r.body;
}

async function connect(srv: RunningServer, token: string, forwardedFor?: string): Promise<TestClient> {
  const c = new TestClient(srv.url, token, undefined, forwardedFor ? { 'x-forwarded-for': forwardedFor } : undefined);
  clients.push(c);
  await c.opened;
  await c.stateAtLeast(0);
  return c;
}

/** Open a socket that the server is expected to refuse before the upgrade: the HTTP status and body it answered. */
function refusedUpgrade(srv: RunningServer, token: string, forwardedFor: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${srv.url.replace(/^http/, 'ws')}/ws?token=${token}`, { headers: { 'x-forwarded-for': forwardedFor } });
    ws.once('open', () => {
      ws.close();
      reject(new Error('the upgrade was accepted'));
    });
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (d: Buffer) => { text += d.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    ws.once('error', reject);
  });
}

const pingPong = async (c: TestClient, reqId: string) => {
  c.send({ type: 'ping', reqId });
  return c.waitFor((m) => (m.type === 'pong' || m.type === 'error') && m.reqId === reqId);
};

describe('client addresses', () => {
  it('THEATER_TRUST_PROXY: off unless set; "true" is one proxy, a number that many, anything else the proxies\' addresses', () => {
    expect([undefined, '', '0', 'false'].map(trustProxyFromEnv)).toEqual([false, false, false, false]);
    expect(trustProxyFromEnv('true')).toBe(true);
    expect(trustProxyFromEnv('2')).toBe(2);
    expect(trustProxyFromEnv('127.0.0.1, 10.0.0.0/8')).toBe('127.0.0.1, 10.0.0.0/8');
  });
});

describe('HTTP requests per address', () => {
  it('with trustProxy, each X-Forwarded-For client has its own bucket: one gets 429, the others are still served', async () => {
    const srv = await start({ trustProxy: true, rateLimit: { perAddress: { burst: 4, perSecond: 0.001 } } });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await getFrom(srv, '/api/rulesets', '10.0.0.1')).status);
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
    expect((await getFrom(srv, '/api/rulesets', '10.0.0.1')).body).toEqual({ error: 'rate-limited', message: 'too many requests from this address; slow down' });
    // The proxy appends the address it saw: an entry the client wrote before it does not make a new client.
    expect((await getFrom(srv, '/api/rulesets', '10.0.0.99, 10.0.0.1')).status).toBe(429);
    expect((await getFrom(srv, '/api/rulesets', '10.0.0.1, 10.0.0.2')).status).toBe(200);
    const other = await getFrom(srv, '/api/rulesets', '10.0.0.3');
    expect(other.status).toBe(200);
    expect(other.body.some((r: { id: string }) => r.id === 'duel')).toBe(true);
  });

  it('without trustProxy (the default), X-Forwarded-For is ignored: the socket\'s address is the client', async () => {
    const srv = await start({ rateLimit: { perAddress: { burst: 3, perSecond: 0.001 } } });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await getFrom(srv, '/api/rulesets', `10.0.1.${i}`)).status);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
  });

  it('THEATER_TRUST_PROXY=true turns it on when the option is not given', async () => {
    const before = process.env.THEATER_TRUST_PROXY;
    process.env.THEATER_TRUST_PROXY = 'true';
    try {
      const srv = await start({ rateLimit: { perAddress: { burst: 1, perSecond: 0.001 } } });
      expect((await getFrom(srv, '/api/rulesets', '10.0.2.1')).status).toBe(200);
      expect((await getFrom(srv, '/api/rulesets', '10.0.2.1')).status).toBe(429);
      expect((await getFrom(srv, '/api/rulesets', '10.0.2.2')).status).toBe(200);
    } finally {
      if (before === undefined) delete process.env.THEATER_TRUST_PROXY;
      else process.env.THEATER_TRUST_PROXY = before;
    }
  });
});

describe('WebSocket limits', () => {
  it('upgrades per address: over the limit the server answers HTTP 429 before the upgrade; open sockets and other addresses go on', async () => {
    const srv = await start({ trustProxy: true, rateLimit: { wsUpgrades: { burst: 3, perSecond: 0.001 }, perAddress: NO_LIMIT } });
    const g = await newDuel(srv);
    const red = g.seats.red!.token, blue = g.seats.blue!.token;
    const open = [await connect(srv, red, '10.1.0.1'), await connect(srv, red, '10.1.0.1'), await connect(srv, g.spectator.token, '10.1.0.1')];
    const refused = await refusedUpgrade(srv, blue, '10.1.0.1');
    expect(refused).toEqual({ status: 429, body: { error: 'rate-limited', message: 'too many WebSocket connections from this address; slow down' } });
    expect((await refusedUpgrade(srv, red, '10.1.0.1')).status).toBe(429);
    // HTTP from that address is a bucket of its own; the sockets already open still work.
    expect((await getFrom(srv, `/api/play/${red}`, '10.1.0.1')).status).toBe(200);
    expect(await pingPong(open[0]!, 'still-open')).toMatchObject({ type: 'pong' });
    // Another address connects and plays; every open socket sees the change.
    const other = await connect(srv, blue, '10.1.0.2');
    const s = await other.stateAtLeast(0);
    other.send({ type: 'action', reqId: 'b1', stateId: s.stateId, action: s.view.prompt!.choices[0]!.action });
    expect(await other.waitFor((m) => (m.type === 'ack' || m.type === 'error') && m.reqId === 'b1')).toMatchObject({ type: 'ack', stateId: 2 });
    for (const c of open) expect((await c.stateAtLeast(2)).stateId).toBe(2);
  });

  it('messages per token: over the limit a message gets an error, the socket stays open, other tokens are still served', async () => {
    // burst 6: the seat's dice contribution (commit, reveal) takes two
    const srv = await start({ rateLimit: { perToken: { burst: 6, perSecond: 0.001 }, perAddress: NO_LIMIT } });
    const g = await newDuel(srv);
    const red = await connect(srv, g.seats.red!.token);
    const blue = await connect(srv, g.seats.blue!.token);
    const answers: ServerMessage[] = [];
    for (let i = 0; i < 6; i++) answers.push(await pingPong(red, `r${i}`));
    expect(answers.map((m) => m.type)).toEqual(['pong', 'pong', 'pong', 'pong', 'error', 'error']);
    expect(answers[4]).toEqual({ type: 'error', reqId: 'r4', error: 'rate-limited', message: 'too many messages; slow down' });
    expect(red.closed).toBe(false);
    // An action over the limit is refused like any other message and never applied.
    const s = await red.stateAtLeast(0);
    red.send({ type: 'action', reqId: 'over', stateId: s.stateId, action: s.view.prompt!.choices[0]!.action });
    expect(await red.waitFor((m) => m.type === 'error' && m.reqId === 'over')).toMatchObject({ error: 'rate-limited' });
    expect((await srv.storage.getGame(g.gameId))!.entryCount).toBe(1);
    // The other seat's token has its own bucket: it acts, and the limited socket still receives the new state.
    const bs = await blue.stateAtLeast(0);
    blue.send({ type: 'action', reqId: 'b1', stateId: bs.stateId, action: bs.view.prompt!.choices[0]!.action });
    expect(await blue.waitFor((m) => (m.type === 'ack' || m.type === 'error') && m.reqId === 'b1')).toMatchObject({ type: 'ack', stateId: 2 });
    expect((await red.stateAtLeast(2)).stateId).toBe(2);
    expect(await pingPong(blue, 'b-alive')).toMatchObject({ type: 'pong' });
  });
});
