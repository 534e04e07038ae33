// Fair play (docs/fair-dice.md, docs/server.md "Security"): one test per defect of issue 17, each named after it.
// Defect 5 (theater verify and a log cut short) is in fair-dice.test.ts.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game, LOG_VERSION, replayLog, type GameLog } from '../engine/game.ts';
import { applyAction } from '../engine/kernel.ts';
import { rollDice } from '../engine/rng.ts';
import { stateHash } from '../engine/hash.ts';
import { duel } from '../engine/testing/duel.ts';
import type { Json } from '../engine/types.ts';
import { getRuleset } from '../rulesets/index.ts';
import { formatVerifyReport, seedCommitment, verifyLog } from './fair-dice.ts';
import type { GameManager } from './games.ts';
import { MAX_IMPORT_ENTRIES } from './new-games.ts';
import type { CreateGameResponse, GameSummary, PlayResponse, ServerMessage } from './protocol.ts';
import { startServer, type RunningServer } from './server.ts';
import { http, takeSeats, TestClient } from './test-helpers.ts';
import { nonPublicAddress, webhookUrlProblem, WebhookSender } from './webhooks.ts';

const NO_LIMIT = { burst: 1e9, perSecond: 1e9 };
let srv: RunningServer;
const clients: TestClient[] = [];
beforeAll(async () => {
  srv = await startServer({
    port: 0, db: ':memory:', aiWorkers: 1, log: () => undefined,
    rateLimit: { perToken: NO_LIMIT, perAddress: NO_LIMIT, imports: NO_LIMIT },
  });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await srv.close();
});

const api = <T = any>(method: string, path: string, body?: unknown, raw?: string | Uint8Array) => http<T>(srv.url, method, path, body, raw);
const play = async (token: string) => (await api<PlayResponse>('GET', `/api/play/${token}`)).body;
async function act(token: string, action: Record<string, Json>): Promise<number> {
  const r = await api('POST', `/api/play/${token}/action`, { stateId: (await play(token)).stateId, action });
  expect(r.status, r.text).toBe(200);
  return r.body.stateId as number;
}
async function newGame(body: Record<string, unknown>): Promise<CreateGameResponse> {
  const r = await api<CreateGameResponse>('POST', '/api/games', body);
  expect(r.status, r.text).toBe(201);
  return r.body;
}
const humanDuel = () => newGame({ ruleset: 'duel', options: { rounds: 20 }, seats: { red: { kind: 'human' }, blue: { kind: 'human' } } });
const client = async (token: string) => {
  const c = new TestClient(srv.url, token);
  clients.push(c);
  await c.opened;
  return c;
};
const sha = (v: string) => createHash('sha256').update(v).digest('hex');
const manager = () => srv.manager as GameManager; // games on the main thread: the test may look at the server's state
const RHINE = JSON.parse(readFileSync(new URL('../rulesets/2ww/positions/fixtures/valid-rhine.json', import.meta.url), 'utf8')) as Record<string, Json>;

/** Both seats of a Duel play on until `rolls` dice have been rolled (attacking whenever they may), then red resigns. */
async function playDice(g: CreateGameResponse, rolls: number): Promise<GameLog> {
  const tokens = { red: g.seats.red!.token, blue: g.seats.blue!.token };
  for (let i = 0; i < 400; i++) {
    const log = (await api<GameLog>('GET', `/api/play/${tokens.red}/log`)).body;
    const p = await play(g.spectator.token);
    if (p.status === 'finished') break;
    const done = (await play(tokens.red)).events.filter((e) => e.roll).length;
    if (done >= rolls && log.entries.length > 0) break;
    const seat = p.view.waitingFor[0]!.seat as 'red' | 'blue';
    const mine = await play(tokens[seat]);
    const c = mine.view.prompt!.choices;
    await act(tokens[seat], (c.find((x) => x.action.type === 'attack') ?? c.find((x) => x.action.type !== 'advance') ?? c[0]!).action as Record<string, Json>);
  }
  if ((await play(tokens.red)).status !== 'finished') expect((await api('POST', `/api/play/${tokens.red}/resign`, {})).status).toBe(200);
  return (await api<GameLog>('GET', `/api/play/${tokens.red}/log`)).body;
}

describe('fair play (issue 17)', () => {
  it('1: a position cannot carry the dice generator or other kernel state; one position, two seeds, different dice', async () => {
    const withRng = { ...RHINE, extra: { rng: { s: [1, 2, 3, 4], forced: [], drawn: 0 } } };
    const r1 = await api('POST', '/api/games', { ruleset: '2ww', position: withRng });
    expect(r1.status, r1.text).toBe(400);
    expect(r1.body.message).toContain('extra.rng');
    const sealed = await api('POST', '/api/games', { ruleset: '2ww', position: { ...RHINE, sealed: { '2:x': { axis: { type: 'pass' } } } } });
    expect(sealed.status, sealed.text).toBe(400);
    expect(sealed.body.message).toContain('"sealed" (sealed answers), which only the kernel may set');
    // The same position twice: the server's seeds, not the position, give each game its dice.
    const a = await newGame({ ruleset: '2ww', position: RHINE });
    const b = await newGame({ ruleset: '2ww', position: RHINE });
    const dice = (id: string) => rollDice(structuredClone(manager().games.get(id)!.game.state.rng), 6, 12, 'test', 'test').faces;
    expect(dice(a.gameId)).not.toEqual(dice(b.gameId));
    // The local sandbox keeps the feature: a position's dice.rng replays the original's dice there.
    const local = (seed: string) => Game.create(getRuleset('2ww'), 'campaign-1939', {}, seed, { ...RHINE, dice: { rng: { s: [1, 2, 3, 4], forced: [], drawn: 0 } } });
    expect(local('one').state.rng).toEqual(local('two').state.rng);
  });

  it('2: a sealed answer cannot be found by trying every candidate against anything a seat or spectator reads', async () => {
    const g = await humanDuel();
    const red = g.seats.red!.token, blue = g.seats.blue!.token;
    await takeSeats(srv.url, [red, blue]);
    const readers = [await client(blue), await client(g.spectator.token)];
    const sealedAt = await act(red, { type: 'bid', n: 2 }); // red's secret
    const seen: string[] = [];
    for (const [c, token] of readers.map((x, i) => [x, [blue, g.spectator.token][i]!] as const)) {
      await c.stateAtLeast(sealedAt);
      seen.push(JSON.stringify(c.messages), JSON.stringify(await play(token)), (await api('GET', `/api/play/${token}/log`)).text);
      seen.push((await api('POST', '/api/my-games', { tokens: [token] })).text);
    }
    for (let at = 0; at <= 2; at++) seen.push((await api('GET', `/api/replay/${g.gameId}?at=${at}`)).text);
    // The end reveals everything: an attacker who knew all but red's answer (the state before it, generator included)
    // computes the hash of each candidate's state.
    await act(blue, { type: 'bid', n: 1 });
    await api('POST', `/api/play/${blue}/resign`, {});
    const full = (await api<GameLog>('GET', `/api/play/${blue}/log`)).body;
    const before = replayLog(duel, { ...full, entries: full.entries.slice(0, sealedAt - 1) }).game.state;
    const candidates = [1, 2, 3].map((n) => stateHash(applyAction(duel, before, 'red', { type: 'bid', n }).state));
    expect(full.entries[sealedAt - 1]!.hash).toBe(candidates[1]); // the search would find it where it is shown
    for (const text of seen) for (const h of candidates) expect(text.includes(h), `a channel holds ${h}: ${text.slice(0, 200)}`).toBe(false);
  });

  it('3: an imported game: a commitment that is not its seed\'s hash is refused; it is marked imported where a player sees it; its dice from then on are fresh; verify says which part it proved', async () => {
    const seed = 'played-elsewhere';
    const local = Game.create(duel, 'standard', { rounds: 20 }, seed);
    local.seedCommitment = seedCommitment(seed);
    local.act('red', { type: 'bid', n: 3 });
    local.act('blue', { type: 'bid', n: 1 });
    const log = JSON.parse(JSON.stringify(local.toLog())) as GameLog;
    const hello = await api('POST', '/api/games/import', { log: { ...log, seedCommitment: 'hello' } });
    expect(hello.status, hello.text).toBe(400);
    expect(hello.body.message).toContain('"seedCommitment": "hello" is not the SHA-256 of the log\'s seed');
    const imp = await api<CreateGameResponse>('POST', '/api/games/import', { log, seats: { red: { kind: 'human' }, blue: { kind: 'human' } } });
    expect(imp.status, imp.text).toBe(201);
    const g = imp.body;
    expect(g.imported).toEqual({ entries: 2, logSeedCommitment: log.seedCommitment });
    expect(g.seedCommitment).not.toBe(log.seedCommitment); // the server's own seed, for the part played here
    expect((await play(g.seats.red!.token)).imported).toEqual(g.imported);
    expect((await api<GameSummary[]>('POST', '/api/my-games', { tokens: [g.seats.blue!.token] })).body[0]!.imported).toEqual(g.imported);
    expect((await api('GET', `/api/replay/${g.gameId}?at=1`)).body.imported).toEqual(g.imported);
    await takeSeats(srv.url, [g.seats.red!.token, g.seats.blue!.token]);
    const full = await playDice(g, 10);
    // What the importer, who knows the log's seed, would have predicted for the next dice: not what was rolled.
    const rolled = (await play(g.spectator.token)).events.filter((e) => e.roll).map((e) => e.roll!.faces[0]!);
    expect(rolled.length).toBeGreaterThanOrEqual(10);
    const predicted = rollDice(structuredClone(local.state.rng), 6, rolled.length, 'prediction', '-').faces;
    expect(rolled).not.toEqual(predicted); // equal only by a chance of 1 in 6^10
    const v = verifyLog(full, { commitment: g.seedCommitment });
    expect(v).toMatchObject({ ok: false, serverPartOk: true, complete: true, knownCommitmentOk: true, replayOk: true });
    expect(v.parts.map((p) => [p.from, p.source, p.imported])).toEqual([[0, 'seed', true], [2, 'server', false]]);
    const text = formatVerifyReport(v);
    expect(text).toMatch(/^OK FOR THE PART PLAYED ON THE SERVER/);
    expect(text).toContain('entries 0..1: imported, played elsewhere');
    expect(text).toContain(`the server's own seed (commitment ${g.seedCommitment}) and the contributions of red, blue`);
  });

  it('4: a takeback never shows the requester a die to choose again: the AI declines one past a die; an agreed one starts new dice', async () => {
    const g = await newGame({ ruleset: 'duel', options: { rounds: 20 }, seats: { red: { kind: 'human' }, blue: { kind: 'ai' } } });
    const red = g.seats.red!.token;
    await takeSeats(srv.url, [red]);
    await srv.manager.idle(); // the AI bids
    await act(red, { type: 'bid', n: 3 }); // red moves first
    await act(red, { type: 'advance' });
    const beforeAttack = (await play(red)).view.seq;
    // a takeback of a move that rolled nothing: the AI agrees
    const ok = await api('POST', `/api/play/${red}/takeback`, { to: beforeAttack - 1 });
    expect(ok.status, ok.text).toBe(200);
    await act(red, { type: 'attack' }); // a die
    await srv.manager.idle();
    const past = await api('POST', `/api/play/${red}/takeback`, { to: beforeAttack - 1 });
    expect(past.status, past.text).toBe(422);
    expect(past.body.message).toMatch(/blue \(AI\) declines: action \d+ rolled a die or revealed something hidden/);
    // between players a takeback may be agreed: the dice after it come from a stream nobody has seen
    const h = await humanDuel();
    await takeSeats(srv.url, [h.seats.red!.token, h.seats.blue!.token]);
    await act(h.seats.red!.token, { type: 'bid', n: 3 });
    await act(h.seats.blue!.token, { type: 'bid', n: 1 });
    const beforeDie = structuredClone(manager().games.get(h.gameId)!.game.state.rng);
    await act(h.seats.red!.token, { type: 'attack' });
    await api('POST', `/api/play/${h.seats.red!.token}/takeback`, { to: 2 });
    expect((await api('POST', `/api/play/${h.seats.blue!.token}/takeback/answer`, { accept: true })).status).toBe(200);
    const live = manager().games.get(h.gameId)!.game;
    expect(live.entries.at(-1)).toMatchObject({ takeback: { to: 2, requestedBy: 'red', consentedBy: 'blue', freshDice: true } });
    expect(live.state.rng).not.toEqual(beforeDie); // the die red saw is not the one it would roll again
  });

  it('6: webhooks go to public addresses only, checked after name resolution and at connect time; no redirects, a cap per target, no credentials in the log', async () => {
    for (const [url, what] of [
      ['http://2130706433/hook', 'loopback'], ['http://[::ffff:127.0.0.1]/', 'loopback'], ['http://localhost:9/', 'this machine'],
      ['http://localhost./x', 'this machine'], ['http://0x7f000001/', 'loopback'], ['http://169.254.169.254/latest/meta-data', 'link-local'],
      ['http://10.1.2.3/', 'private'], ['http://192.168.1.1/', 'private'], ['http://[fd00::1]/', 'private'], ['http://[fe80::1]/', 'link-local'],
      ['http://[::1]/', 'loopback'], ['http://[64:ff9b::7f00:1]/', 'loopback'], ['http://0.0.0.0/', 'this network'], ['ftp://example.com/', 'http(s)'],
    ] as const) expect(webhookUrlProblem(url), url).toContain(what);
    expect(webhookUrlProblem('https://discord.com/api/webhooks/1/abc')).toBeNull();
    expect(nonPublicAddress('93.184.216.34')).toBeNull();
    expect(nonPublicAddress('2606:2800:220:1:248:1893:25c8:1946')).toBeNull();
    // refused when set, at creation and later
    const c = await api('POST', '/api/games', { ruleset: 'duel', seats: { blue: { kind: 'human', webhook: 'http://2130706433:8080/hook' } } });
    expect(c.status, c.text).toBe(400);
    expect(c.body.message).toBe('seats.blue.webhook: webhook host 127.0.0.1 is a loopback address; webhooks go to public addresses only');
    const g = await humanDuel();
    const w = await api('POST', `/api/play/${g.seats.red!.token}/webhook`, { url: 'http://[::ffff:127.0.0.1]/' });
    expect(w.status, w.text).toBe(400);

    // The sender, against a receiver on this machine.
    const got: { url: string; auth?: string }[] = [];
    const receiver: Server = createServer((req, res) => {
      got.push({ url: req.url ?? '', auth: req.headers.authorization });
      req.resume();
      if (req.url === '/redirect') res.writeHead(307, { location: '/elsewhere' }).end();
      else res.writeHead(204).end();
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as { port: number }).port;
    try {
      const logged: string[] = [];
      const names = { 'hooks.example': '127.0.0.1', 'rebind.example': '127.0.0.1' } as Record<string, string>;
      const resolve = async (host: string) => [{ address: names[host] ?? '203.0.113.9', family: 4 }];
      // a name that resolves to this machine is refused, with nothing sent
      await new WebhookSender({}, 2000, (m) => logged.push(m), resolve).post(`http://user:s3cret@hooks.example:${port}/hook/KEY123`, 'x');
      expect(got).toEqual([]);
      expect(logged.at(-1)).toBe(`webhook http://hooks.example:${port}: not sent: hooks.example resolves to 127.0.0.1, a loopback address; webhooks go to public addresses only`);
      // LAN webhooks when the server allows them: the connection goes to the checked address (this name has no other)
      const lan = new WebhookSender({ allowPrivate: true, perTarget: { burst: 3, perSecond: 0.001 } }, 2000, (m) => logged.push(m), resolve);
      await lan.post(`http://user:s3cret@rebind.example:${port}/redirect`, 'x');
      expect(got.map((x) => x.url)).toEqual(['/redirect']); // the 307 is not followed
      expect(logged.at(-1)).toBe(`webhook http://rebind.example:${port}: HTTP 307; redirects are not followed`);
      for (let i = 0; i < 5; i++) await lan.post(`http://rebind.example:${port}/hook/KEY123`, 'x');
      expect(got.length).toBe(3); // a burst of 3 per target, then nothing
      expect(logged.filter((m) => m.includes('over the rate cap for this target'))).toHaveLength(3);
      expect(logged.join('\n')).not.toMatch(/s3cret|KEY123|user/);
    } finally {
      await new Promise((r) => receiver.close(r));
    }
  });

  it('7: a large import never holds up another game: its actions are answered while the import replays; a snapshot after it; over the limit refused', async () => {
    const other = await humanDuel();
    await takeSeats(srv.url, [other.seats.red!.token, other.seats.blue!.token]);
    await act(other.seats.red!.token, { type: 'bid', n: 2 });
    await act(other.seats.blue!.token, { type: 'bid', n: 1 });
    const long = (n: number) => {
      const l = Game.create(duel, 'standard', { rounds: 20 }, 'long-import');
      l.act('red', { type: 'bid', n: 2 });
      l.act('blue', { type: 'bid', n: 1 });
      while (l.entries.length < n) {
        if (l.entries.length % 2 === 0) l.act('red', { type: 'advance' });
        else l.undo('red');
      }
      return l.toLog();
    };
    let imported: CreateGameResponse | null = null;
    const importing = api<CreateGameResponse>('POST', '/api/games/import', { log: long(MAX_IMPORT_ENTRIES) }).then((r) => { imported = r.body; });
    const red = other.seats.red!.token;
    for (let i = 0; i < 3; i++) {
      await act(red, { type: 'advance' });
      await api('POST', `/api/play/${red}/undo`, { stateId: (await play(red)).stateId });
    }
    expect(imported).toBeNull(); // six actions of another game were answered while the import was replayed
    await importing;
    expect(imported!.imported?.entries).toBe(MAX_IMPORT_ENTRIES);
    const snap = await srv.storage.latestSnapshot(imported!.gameId);
    expect(snap?.idx).toBe(MAX_IMPORT_ENTRIES);
    expect((await play(imported!.spectator.token)).stateId).toBe(MAX_IMPORT_ENTRIES);
    const over = await api('POST', '/api/games/import', { log: long(MAX_IMPORT_ENTRIES + 2) });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(`the log has ${MAX_IMPORT_ENTRIES + 2} entries; an import may hold at most ${MAX_IMPORT_ENTRIES}`);
  });

  it('8: malformed requests get a clear 4xx, never an internal error', async () => {
    const errors = srv.internalErrors;
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const r = await api('POST', '/api/games', { ruleset: id });
      expect(r.status, r.text).toBe(400);
      expect(r.body.message).toContain(`unknown rule set "${id}"`);
      expect((await api('GET', `/api/rulesets/${id}/assets`)).status).toBe(404);
    }
    const deep = (n: number) => '{"ruleset":' + '['.repeat(n) + ']'.repeat(n) + '}';
    const d = await api('POST', '/api/games', undefined, deep(2500));
    expect(d.status).toBe(400);
    expect(d.body.message).toBe('the body: nested more than 64 levels deep');
    const di = await api('POST', '/api/games/import', undefined, `{"log":${deep(3000).slice(11)}`);
    expect(di.status).toBe(400);
    const g = await humanDuel();
    const c = await client(g.seats.red!.token);
    c.send(`{"type":"ping","reqId":"deep","x":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    expect(await c.waitFor((m) => m.type === 'error')).toMatchObject({ error: 'bad-request', message: 'the message: nested more than 64 levels deep' });
    const junk = await api('POST', '/api/games', { ruleset: '2ww', position: { ...RHINE, extra: { units: 'x' } } });
    expect(junk.status, junk.text).toBe(400);
    expect(junk.body.message).toContain('extra.units');
    const bytes = await api('POST', '/api/games', undefined, new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]));
    expect(bytes.status).toBe(400);
    expect(srv.internalErrors).toBe(errors);
  });

  it('9: a request whose headers or body trickle in is cut off at its time-out; connections per address are capped', async () => {
    const s = await startServer({
      port: 0, db: ':memory:', aiWorkers: 0, log: () => undefined,
      limits: { headersTimeoutMs: 300, requestTimeoutMs: 600, maxConnectionsPerAddress: 3 },
    });
    const open = (): Promise<Socket> => new Promise((resolve) => {
      const sock = connect(s.port, '127.0.0.1', () => resolve(sock));
      sock.on('error', () => undefined);
    });
    const closed = (sock: Socket) => new Promise<string>((resolve) => {
      let got = '';
      sock.on('data', (d) => { got += d.toString(); });
      sock.on('close', () => resolve(got));
    });
    try {
      const slowBody = await open();
      const bodyDone = closed(slowBody);
      slowBody.write('POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
      const trickle = setInterval(() => slowBody.write(' '), 50);
      const slowHeaders = await open();
      const headersDone = closed(slowHeaders);
      slowHeaders.write('GET /api/rulesets HTTP/1.1\r\nHost: x\r\n');
      // the cap: a fourth connection from this address is closed before it can send anything
      const third = await open();
      const fourth = await open();
      expect(await closed(fourth)).toBe('');
      expect(await bodyDone).toMatch(/^HTTP\/1\.1 408/);
      clearInterval(trickle);
      expect(await headersDone).toMatch(/^HTTP\/1\.1 408/);
      third.destroy();
      // room again: a normal request goes through
      expect((await http(s.url, 'GET', '/api/rulesets')).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('10: text fields: a lone surrogate or an oversized text is refused, naming the field', async () => {
    const lone = await api('POST', '/api/games', undefined, '{"ruleset":"duel","seats":{"red":{"kind":"human","name":"Ann\\ud800"}}}');
    expect(lone.status).toBe(400);
    expect(lone.body.message).toBe('the body: seats.red.name: not valid Unicode (a lone surrogate at character 3)');
    const long = await api('POST', '/api/games', { ruleset: 'duel', seats: { red: { kind: 'human', name: 'A'.repeat(101) } } });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('seats.red.name');
    const label = await api('POST', '/api/games', { ruleset: '2ww', position: { ...RHINE, phaseLabel: 'x'.repeat(500_000) } });
    expect(label.status).toBe(400);
    expect(label.body.message).toBe('the body: position.phaseLabel: a text of 500000 characters (at most 10000)');
    const g = await humanDuel();
    const c = await client(g.seats.red!.token);
    c.send('{"type":"ping","reqId":"\\udc00"}');
    expect(await c.waitFor((m) => m.type === 'error')).toMatchObject({ error: 'bad-request', message: 'the message: reqId: not valid Unicode (a lone surrogate at character 0)' });
  });

  it('11a: a seat its options leave out gets no seat and no one waits for its dice (aae: the Axis Minor plays only with hr-axis-minor)', async () => {
    const five = Object.fromEntries(['germany', 'ussr', 'uk', 'usa', 'minor'].map((s) => [s, { kind: 'human' }]));
    const base = await newGame({ ruleset: 'aae', options: { bid: false }, seats: five });
    expect(Object.keys(base.seats).sort()).toEqual(['germany', 'uk', 'usa', 'ussr']);
    expect(Object.keys((await play(base.seats.germany!.token)).dice!.seats).sort()).toEqual(['germany', 'uk', 'usa', 'ussr']);
    const minor = await newGame({ ruleset: 'aae', options: { 'hr-axis-minor': true, bid: false }, seats: five });
    expect(Object.keys(minor.seats).sort()).toEqual(['germany', 'minor', 'uk', 'usa', 'ussr']);
  });

  it('11: every seat contributes to the dice, committing then revealing; no action before; the dice follow from the seed and every contribution; verify checks each', async () => {
    const g = await humanDuel();
    const red = g.seats.red!.token, blue = g.seats.blue!.token;
    expect((await play(red)).dice).toEqual({ phase: 'commit', seats: { red: 'waiting', blue: 'waiting' }, commitments: {} });
    const early = await api('POST', `/api/play/${red}/action`, { stateId: 0, action: { type: 'bid', n: 1 } });
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ rule: 'fair dice', message: 'fair dice: the game starts once every seat has taken its seat and contributed to the dice; waiting for red, blue (docs/fair-dice.md)' });
    const [vr, vb, lost] = ['a', 'b', 'c'].map((x) => x.repeat(64));
    expect((await api('POST', `/api/play/${red}/entropy`, { reveal: vr })).body.message).toContain('once every seat has committed');
    const rc = await client(red);
    rc.send({ type: 'entropy', reqId: 'c1', commit: sha(lost!) }); // over the socket, as the web client may
    expect(await rc.waitFor((m) => m.type === 'ack' && m.reqId === 'c1')).toMatchObject({ stateId: 0 });
    expect((await api('POST', `/api/play/${red}/entropy`, { commit: sha(vr!) })).status).toBe(200); // replaced: nothing was revealed
    expect((await api('POST', `/api/play/${blue}/entropy`, { commit: sha(vb!) })).status).toBe(200);
    expect((await play(blue)).dice).toMatchObject({ phase: 'reveal', seats: { red: 'committed', blue: 'committed' }, commitments: { red: sha(vr!), blue: sha(vb!) } });
    const wrong = await api('POST', `/api/play/${red}/entropy`, { reveal: lost });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(`the value does not hash to your commitment ${sha(vr!)}; commit a new value to start the round over`);
    expect((await api('POST', `/api/play/${red}/entropy`, { reveal: vr })).body).toEqual({ stateId: 0 });
    expect((await api('POST', `/api/play/${blue}/entropy`, { reveal: vb })).body).toEqual({ stateId: 1 });
    expect((await play(red)).dice).toMatchObject({ phase: 'done', seats: { red: 'revealed', blue: 'revealed' } });
    expect((await api('POST', `/api/play/${red}/entropy`, { commit: sha(lost!) })).status).toBe(400);
    const full = await playDice(g, 6);
    expect(full.version).toBe(LOG_VERSION);
    expect(full.entries[0]).toMatchObject({ entropy: { seats: { red: vr, blue: vb }, commitments: { red: sha(vr!), blue: sha(vb!) } } });
    const v = verifyLog(full, { commitment: g.seedCommitment });
    expect(v).toMatchObject({ ok: true, complete: true, problems: [] });
    expect(v.contributions).toEqual([{ entry: 0, seat: 'red', ok: true }, { entry: 0, seat: 'blue', ok: true }]);
    expect(formatVerifyReport(v)).toMatch(/entries 0\.\.\d+: \d+ roll\(s\) from the secret seed and the contributions of red, blue, each revealed after all had committed: neither a player nor the operator could choose them/);
    // The seed alone does not give these dice: the same actions from the seed without the contributions roll others.
    const seedOnly = { ...full, entries: full.entries.slice(1) };
    expect(() => Game.load(duel, seedOnly)).toThrow(/diverged|could not be replayed/);
    // A contribution changed (with its own commitment, so that it still matches) changes the dice: the log no longer replays.
    const other = 'd'.repeat(64);
    const forged = structuredClone(full);
    (forged.entries[0] as { entropy: { seats: Record<string, string>; commitments: Record<string, string> } }).entropy.seats.red = other;
    (forged.entries[0] as { entropy: { seats: Record<string, string>; commitments: Record<string, string> } }).entropy.commitments.red = sha(other);
    expect(verifyLog(forged).problems.join(' ')).toContain('replay diverged at entry 0');
    const tampered = structuredClone(full);
    (tampered.entries[0] as { entropy: { seats: Record<string, string> } }).entropy.seats.blue = other;
    expect(verifyLog(tampered).problems[0]).toBe(`entry 0: blue's contribution does not hash to its commitment ${sha(vb!)}`);

    // AI seats are the server's; a hot-seat player holds several seats and contributes for each.
    const ai = await newGame({ ruleset: 'duel', seats: { red: { kind: 'ai' }, blue: { kind: 'ai' } } });
    expect((await play(ai.spectator.token)).dice).toMatchObject({ phase: 'done', seats: { red: 'server', blue: 'server' } });
    const vsAi = await newGame({ ruleset: 'duel', seats: { red: { kind: 'human' }, blue: { kind: 'ai' } } });
    expect((await play(vsAi.seats.red!.token)).dice).toMatchObject({ phase: 'commit', seats: { red: 'waiting', blue: 'server' } });
    expect(await takeSeats(srv.url, [vsAi.seats.red!.token])).toBe(1);
    await srv.manager.idle();
    expect((await play(vsAi.seats.red!.token)).stateId).toBe(2); // the AI has bid
    // a seat that lost its value during the reveal commits again: the round starts over, the other seats commit afresh
    const again = await humanDuel();
    const [ar, ab] = [again.seats.red!.token, again.seats.blue!.token];
    await api('POST', `/api/play/${ar}/entropy`, { commit: sha(vr!) });
    await api('POST', `/api/play/${ab}/entropy`, { commit: sha(vb!) });
    await api('POST', `/api/play/${ab}/entropy`, { reveal: vb });
    expect((await api('POST', `/api/play/${ar}/entropy`, { commit: sha(lost!) })).status).toBe(200);
    expect((await play(ab)).dice).toEqual({ phase: 'commit', seats: { red: 'committed', blue: 'waiting' }, commitments: { red: sha(lost!) } });
    const msgs: ServerMessage[] = rc.messages;
    expect(msgs.filter((m) => m.type === 'state').at(-1)).not.toHaveProperty('dice'); // keyed: state messages stop carrying it
  });
});
