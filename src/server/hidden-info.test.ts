// Hidden information on every channel a seat reads (docs/server.md "Views"): live WebSocket messages (state, events,
// your-turn, presence, takeback), GET /api/play/:token, POST /api/my-games, GET /api/replay/:gameId (public; per seat
// after the end), GET /api/play/:token/log and the your-turn webhook POST. Each check searches the serialized payloads
// for the hidden values themselves (the exact JSON of another seat's sealed answer, a private event's marker), and
// a positive control shows that the same search finds them where they may be seen.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsFor, Game, viewFor, type Action, type GameLog, type Json, type Ruleset, type Seat } from '../engine/index.ts';
import { duel, type DuelState } from '../engine/testing/duel.ts';
import { eto } from '../rulesets/eto/index.ts';
import type { EtoState } from '../rulesets/eto/state.ts';
import { act as etoAct } from '../rulesets/eto/testing.ts';
import { packages, rulesets } from '../rulesets/index.ts';
import { seedCommitment } from './fair-dice.ts';
import { startServer, type RunningServer } from './server.ts';
import { http, takeSeats, TestClient } from './test-helpers.ts';
import type { CreateGameResponse, PlayResponse, ReplayResponse, ServerMessage, StateMessage } from './protocol.ts';

// ------------------------------------------------------------------------------------------- a Duel with secrets

// No rule set emits events with `visibleTo` yet (src/rulesets/2ww and src/rulesets/eto never pass it to ctx.log, and
// neither does Duel). This variant of Duel does, at setup, when the sealed bids are revealed and on every pass, and
// its view gives each seat a secret of its own, so the server's per-seat filtering is exercised on every channel.
interface SecretDuelState extends DuelState {
  intel: Record<string, string>;
}
const secretOf = (seat: Seat, where: string) => `${seat.toUpperCase()}-ONLY-${where}`;
const duelProcs = duel.procedures;
const secretDuel: Ruleset<SecretDuelState> = {
  ...(duel as unknown as Ruleset<SecretDuelState>),
  id: 'duel-secret',
  title: 'Duel with private events (hidden-information test)',
  setup(ctx, scenario, options) {
    const body = duel.setup(ctx, scenario, options);
    return { ...body, intel: { red: secretOf('red', 'view'), blue: secretOf('blue', 'view') }, stack: [...body.stack, { proc: 'brief' }] };
  },
  procedures: {
    ...(duelProcs as unknown as Ruleset<SecretDuelState>['procedures']),
    brief: {
      run(ctx) {
        for (const seat of ['red', 'blue']) ctx.log(`briefing for ${seat}: ${secretOf(seat, 'setup')}`, 'Secret 1', { note: secretOf(seat, 'setup-data') }, [seat]);
        ctx.pop();
      },
    },
    bid: {
      ...duelProcs.bid!,
      actAll(ctx, f, answers) {
        duelProcs.bid!.actAll!(ctx as never, f, answers);
        for (const seat of ['red', 'blue']) ctx.log(`scouts report to ${seat}: ${secretOf(seat, 'bids')}`, 'Secret 2', undefined, [seat]);
      },
    },
    turn: {
      ...duelProcs.turn!,
      act(ctx, f, seat, a) {
        if (a.type === 'pass') ctx.log(`${seat} notes privately: ${secretOf(seat, `pass-${ctx.state.round}`)}`, 'Secret 3', undefined, [seat]);
        duelProcs.turn!.act!(ctx as never, f, seat, a);
      },
    },
  },
  view(s, seat) {
    const v = duel.view(s, seat) as Record<string, Json>;
    if (seat !== null) v.intel = s.intel[seat]!;
    return v;
  },
};

// ------------------------------------------------------------------------------------------- server and helpers

let srv: RunningServer;
const clients: TestClient[] = [];
let hook: Server;
let hookBase = '';
const posts: { path: string; type: string | undefined; body: { content: string } }[] = [];

beforeAll(async () => {
  rulesets[secretDuel.id] = secretDuel;
  packages[secretDuel.id] = { ruleset: secretDuel };
  srv = await startServer({
    port: 0, db: ':memory:', aiWorkers: 0, now: () => 1_000_000, log: () => undefined,
    rateLimit: { perToken: { burst: 1e6, perSecond: 1e6 }, perAddress: { burst: 1e6, perSecond: 1e6 } },
    webhooks: { allowPrivate: true, perTarget: { burst: 1e6, perSecond: 1e6 } }, // the test's receiver on this machine
  });
  hook = createServer((req, res) => {
    let b = '';
    req.on('data', (d) => { b += d; });
    req.on('end', () => {
      posts.push({ path: req.url ?? '', type: req.headers['content-type'], body: JSON.parse(b) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
  const a = hook.address();
  hookBase = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await srv.close();
  await new Promise<void>((r) => hook.close(() => r()));
  delete rulesets[secretDuel.id];
  delete packages[secretDuel.id];
});

const api = <T = any>(method: string, path: string, body?: unknown) => http<T>(srv.url, method, path, body);
const play = async (token: string) => {
  const r = await api<PlayResponse>('GET', `/api/play/${token}`);
  expect(r.status, r.text).toBe(200);
  return r.body;
};
async function post(token: string, what: string, body: unknown): Promise<number> {
  const r = await api('POST', `/api/play/${token}/${what}`, body);
  expect(r.status, `${what}: ${r.text}`).toBe(200);
  return r.body.stateId as number;
}
async function act(token: string, action: Action): Promise<number> {
  return post(token, 'action', { stateId: (await play(token)).stateId, action });
}

let reqs = 0;
/** Every message the server sent before this call has arrived (a ping's pong comes after them on the socket). */
async function sync(c: TestClient): Promise<void> {
  const reqId = `sync-${++reqs}`;
  const from = c.messages.length;
  c.send({ type: 'ping', reqId });
  await c.waitFor((m) => m.type === 'pong' && m.reqId === reqId, 10_000, from);
}

/** Someone holding one token: a seat (or the spectator), its socket and its webhook. */
interface Reader {
  label: string;
  seat: Seat | null;
  token: string;
  gameId: string;
  ws: TestClient;
  /** Path the seat's webhook posts to (seats only). */
  hook?: string;
}

async function readers(g: CreateGameResponse, hooks: Record<string, string>): Promise<Record<string, Reader>> {
  const out: Record<string, Reader> = {};
  for (const [seat, t] of [...Object.entries(g.seats), ['spectator', g.spectator] as const]) {
    const ws = new TestClient(srv.url, t.token);
    clients.push(ws);
    await ws.opened;
    await ws.stateAtLeast(0);
    out[seat] = { label: seat, seat: seat === 'spectator' ? null : seat, token: t.token, gameId: g.gameId, ws, hook: hooks[seat] };
  }
  return out;
}

interface Channel {
  channel: string;
  text: string;
}

/** Everything `r` can read now, each channel serialized. */
async function readAll(r: Reader): Promise<Channel[]> {
  await sync(r.ws);
  await srv.manager.idle(); // webhooks delivered
  const out: Channel[] = [];
  out.push({ channel: `${r.label}: WebSocket messages`, text: JSON.stringify(r.ws.messages) });
  out.push({ channel: `${r.label}: GET /api/play/:token`, text: JSON.stringify(await play(r.token)) });
  const mine = await api('POST', '/api/my-games', { tokens: [r.token] });
  expect(mine.status).toBe(200);
  expect(mine.body).toHaveLength(1);
  out.push({ channel: `${r.label}: POST /api/my-games`, text: mine.text });
  const exp = await api('GET', `/api/play/${r.token}/log`);
  expect(exp.status).toBe(200);
  out.push({ channel: `${r.label}: GET /api/play/:token/log`, text: exp.text });
  const now = await api<ReplayResponse>('GET', `/api/replay/${r.gameId}`);
  expect(now.status).toBe(200);
  for (let at = 0; at <= now.body.length; at++) {
    const rep = await api('GET', `/api/replay/${r.gameId}?at=${at}`);
    expect(rep.status).toBe(200);
    out.push({ channel: `GET /api/replay/:gameId?at=${at} (public)`, text: rep.text });
  }
  if (r.seat !== null) {
    const finished = (await play(r.token)).status === 'finished';
    for (let at = 0; at <= now.body.length; at++) {
      const rep = await api('GET', `/api/replay/${r.gameId}?seat=${r.seat}&at=${at}`);
      expect(rep.status, rep.text).toBe(finished ? 200 : 403);
      out.push({ channel: `${r.label}: GET /api/replay/:gameId?seat=${r.seat}&at=${at}`, text: rep.text });
    }
  }
  if (r.hook) {
    const mineHooks = posts.filter((p) => p.path === r.hook);
    for (const p of mineHooks) expect(p.type).toBe('application/json');
    out.push({ channel: `${r.label}: webhook POST bodies`, text: JSON.stringify(mineHooks.map((p) => p.body)) });
  }
  return out;
}

/** No channel holds any of `secrets` (compared without regard to case). */
function expectHidden(seen: Channel[], secrets: string[]): void {
  for (const c of seen) {
    const text = c.text.toLowerCase();
    for (const s of secrets) expect(text.includes(s.toLowerCase()), `${c.channel} holds ${s}: ${c.text.slice(0, 300)}`).toBe(false);
  }
}

/** Some channel holds `secret`: the search above would find it (positive control). */
function expectShown(seen: Channel[], secret: string, channel?: string): void {
  const where = seen.filter((c) => c.text.toLowerCase().includes(secret.toLowerCase())).map((c) => c.channel);
  expect(where.length, `no channel holds ${secret}`).toBeGreaterThan(0);
  if (channel) expect(where.some((w) => w.includes(channel)), `${secret} is in ${where.join('; ')}, not in ${channel}`).toBe(true);
}

const json = (a: Action) => JSON.stringify(a);

// ------------------------------------------------------------------------------------------- ETO 9.6

const withdraw = (ships: string[]): Action => ({ type: 'withdraw', ships });
const A = withdraw(['bismarck']);
const B = withdraw(['prinz-eugen']);
const C = withdraw(['bismarck', 'prinz-eugen']);
/** What would show the German answer before the reveal: the action's JSON, its label, the reveal event's text. */
const beforeReveal = (a: Action) => [json(a), `Withdraw ${(a.ships as string[]).map((s) => (s === 'bismarck' ? 'Bismarck' : 'Prinz Eugen')).join(', ')}`, 'withdraws'];

/**
 * Sink the Bismarck! (scenario 1) up to the last shot of round 1 of a naval combat in the North Atlantic: Hood sunk
 * and Bismarck damaged with forced dice (the course of ETO 8.2-9.6 in sink-the-bismarck.test.ts). Prinz Eugen's shot,
 * played on the server, then leads to the secret, simultaneous withdrawal of ETO 9.6 (a `simultaneous` procedure:
 * naval-withdrawal in src/rulesets/eto/naval-combat.ts, the only one in ETO).
 */
function etoToLastShot(): { log: GameLog; played: number } {
  const g = Game.create(eto, 'sink-the-bismarck', {}, 'hidden-info-eto') as Game<EtoState>;
  for (const ship of ['hood', 'prince-of-wales', 'uk-dd-4']) etoAct(g, 'allies', { type: 'place', ship, space: 'north-atlantic', inPort: false });
  etoAct(g, 'axis', { type: 'first', side: 'axis' });
  for (const ship of ['bismarck', 'prinz-eugen']) etoAct(g, 'axis', { type: 'select', ship });
  etoAct(g, 'axis', { type: 'move' });
  etoAct(g, 'axis', { type: 'leave-port' });
  for (const space of ['W5021', 'arctic-ocean', 'north-atlantic']) etoAct(g, 'axis', { type: 'enter', space });
  for (const ship of ['hood', 'prince-of-wales', 'uk-dd-4']) etoAct(g, 'allies', { type: 'add-interceptor', ship });
  g.force([6]);
  etoAct(g, 'allies', { type: 'intercept' });
  etoAct(g, 'allies', { type: 'hold-out', ship: 'uk-dd-4' });
  g.force([4, 4]);
  etoAct(g, 'axis', { type: 'fire', ship: 'bismarck', target: 'hood' });
  g.force([5, 4]);
  etoAct(g, 'allies', { type: 'fire', ship: 'prince-of-wales', target: 'bismarck' });
  // Prinz Eugen's shot misses: both sides must now choose secretly. Played in the log, because a server's own dice
  // (its seed and the seats' contributions) are nobody's to choose, a test's included.
  g.force([1, 1]);
  etoAct(g, 'axis', LAST_SHOT);
  return { log: JSON.parse(JSON.stringify(g.toLog())) as GameLog, played: g.played.length };
}
const LAST_SHOT: Action = { type: 'fire', ship: 'prinz-eugen', target: 'prince-of-wales' };

let gameNo = 0;
/** A new server game imported from `log`, both seats human with webhooks, every reader connected. */
async function importGame(log: GameLog): Promise<{ g: CreateGameResponse; r: Record<string, Reader> }> {
  const n = ++gameNo;
  const hooks = { axis: `/hook/${n}/axis`, allies: `/hook/${n}/allies` };
  const res = await api<CreateGameResponse>('POST', '/api/games/import', {
    log, seats: { axis: { kind: 'human', webhook: hookBase + hooks.axis }, allies: { kind: 'human', webhook: hookBase + hooks.allies } },
  });
  expect(res.status, res.text).toBe(201);
  const r = await readers(res.body, hooks);
  await takeSeats(srv.url, [r.axis!.token, r.allies!.token]); // the game goes on here with dice of its own
  return { g: res.body, r };
}

/** `seen` with the ids that differ from game to game replaced, and (exports) the state hashes left out. */
function normalize(seen: Channel[], g: CreateGameResponse): string[] {
  return seen.map((c) => {
    // the seats' dice contributions are random values, different in each game
    let t = JSON.stringify(JSON.parse(c.text), (k, v: unknown) => (k === 'dice' || k === 'entropy' ? undefined : v))
      .replaceAll(g.gameId, 'GAME').replaceAll(g.seedCommitment, 'COMMITMENT');
    for (const [k, v] of Object.entries(g.seats)) t = t.replaceAll(v.token, `TOKEN-${k}`);
    t = t.replaceAll(g.spectator.token, 'TOKEN-spectator');
    if (c.channel.endsWith('/log')) t = t.replace(/"hash":"[0-9a-z]+"/g, '"hash":"-"');
    if (c.channel.includes('webhook')) t = t.replace(/\/hook\/\d+\//g, '/hook/N/');
    return `${c.channel}\n${t}`;
  });
}

describe('hidden information on every channel', () => {
  const start = etoToLastShot();

  it('ETO 9.6: until the Allies answer, nothing the Allies or a spectator read holds the sealed German withdrawal', async () => {
    // Two games that differ only in the German answer: everything the Allies and a spectator read must be the same.
    const runs: { normal: string[]; allies: Channel[]; spectator: Channel[]; axis: Channel[] }[] = [];
    for (const answer of [A, B]) {
      const { g, r } = await importGame(start.log); // the combat's round 1 has ended: both sides must choose secretly
      const yt = await r.allies!.ws.waitFor((m) => m.type === 'your-turn');
      expect(yt).toMatchObject({ seat: 'allies', gameId: g.gameId });
      const sealed = await act(r.axis!.token, answer);
      const p = await play(r.allies!.token);
      expect(p.stateId).toBe(sealed);
      expect(p.view.prompt?.kind).toBe('withdraw');
      expect(p.view.waitingFor.map((w) => w.seat)).toEqual(['allies']);
      const allies = await readAll(r.allies!);
      const spectator = await readAll(r.spectator!);
      const axis = await readAll(r.axis!);
      // state and your-turn messages (presence and pong depend on connection timing)
      const wsOf = (x: Reader) => ({
        channel: `${x.label}: state and your-turn messages`,
        text: JSON.stringify(x.ws.messages.filter((m) => m.type === 'state' || m.type === 'your-turn')),
      });
      runs.push({ normal: normalize([...allies, ...spectator, wsOf(r.allies!), wsOf(r.spectator!)].filter((c) => !c.channel.endsWith('WebSocket messages')), g), allies, spectator, axis });
      // the webhook told the Allies it was their turn, and nothing more
      expect(posts.filter((x) => x.path === r.allies!.hook).map((x) => x.body.content)).toEqual([
        `Your turn (allies) in ${eto.title}, game ${g.gameId}: Secretly choose the units that withdraw (none, all, or at most half)`,
      ]);
      // the export shows the German answer as {type:'sealed'}, without the seed
      const exp = (await api<GameLog>('GET', `/api/play/${r.allies!.token}/log`)).body;
      expect(exp.seed).toBe('');
      expect(exp.seedCommitment).toBe(seedCommitment('hidden-info-eto')); // the imported log's own
      expect(exp.entries.at(-1)).toMatchObject({ seat: 'axis', action: { type: 'sealed' } });
      expect(exp.entries.at(-2)).toMatchObject({ entropy: { serverSeed: { commitment: g.seedCommitment, seed: '' } } });
      expect(exp.entries.at(-3)).toMatchObject({ seat: 'axis', action: LAST_SHOT });
      const own = (await api<GameLog>('GET', `/api/play/${r.axis!.token}/log`)).body;
      expect(own.entries.at(-1)).toMatchObject({ seat: 'axis', action: answer });
    }
    for (const [i, answer] of [A, B].entries()) {
      const { allies, spectator, axis } = runs[i]!;
      expectHidden([...allies, ...spectator], [...beforeReveal(A), ...beforeReveal(B)]);
      expectShown(axis, json(answer), 'axis: GET /api/play/:token/log');
      expectShown(allies, 'Secretly choose the units that withdraw', 'allies: webhook');
    }
    expect(runs[1]!.normal).toEqual(runs[0]!.normal);
  });

  it('ETO 9.6: a sealed answer undone, and one taken back, never reaches the Allies; exports and replays after the end', async () => {
    const { g, r } = await importGame(start.log);
    const axis = r.axis!, allies = r.allies!;
    const n = start.played; // actions in force when the withdrawal is asked
    // the Germans seal A, then undo it (a sealed answer that revealed nothing is their own to take back)
    const sA = await act(axis.token, A);
    expect((await play(axis.token)).undoable).toBe(1);
    await post(axis.token, 'undo', { stateId: sA });
    expect((await play(allies.token)).view.waitingFor.map((w) => w.seat).sort()).toEqual(['allies', 'axis']);
    expectHidden([...await readAll(allies), ...await readAll(r.spectator!)], beforeReveal(A));
    // ... seal B instead, which the Allies ask to take back and the Germans agree
    await act(axis.token, B);
    expectHidden([...await readAll(allies), ...await readAll(r.spectator!)], [...beforeReveal(A), ...beforeReveal(B)]);
    await post(allies.token, 'takeback', { to: n });
    await axis.ws.waitFor((m) => m.type === 'takeback-request');
    await post(axis.token, 'takeback/answer', { accept: true });
    expect((await play(allies.token)).view.seq).toBe(n);
    // ... and seal C
    await act(axis.token, C);
    const sealedExport = (await api<GameLog>('GET', `/api/play/${allies.token}/log`)).body;
    const tail = sealedExport.entries.slice(-7).map((e) => ('undo' in e ? 'undo' : 'takeback' in e ? 'takeback' : 'entropy' in e ? 'entropy' : 'action' in e ? (e.action.type === 'sealed' ? 'sealed' : e.action.type) : 'force'));
    expect(tail).toEqual(['fire', 'entropy', 'sealed', 'undo', 'sealed', 'takeback', 'sealed']);
    expect(sealedExport.seed).toBe('');
    expectHidden([...await readAll(allies), ...await readAll(r.spectator!)], [...beforeReveal(A), ...beforeReveal(B), ...beforeReveal(C)]);
    // the Allies answer: C is revealed; A and B, never in force when both had answered, stay hidden
    await act(allies.token, withdraw([]));
    const revealed = await readAll(allies);
    expectShown(revealed, 'axis withdraws Bismarck, Prinz Eugen', 'allies: WebSocket messages');
    expectHidden([...revealed, ...await readAll(r.spectator!)], [json(A), json(B)]);
    const live = (await api<GameLog>('GET', `/api/play/${allies.token}/log`)).body;
    expect(live.seed).toBe('');
    expect(JSON.stringify(live.entries)).not.toContain('"ships":["bismarck"]');

    // the end: the seed and the whole log are everyone's, and per-seat replays give exactly each seat's view
    await post(allies.token, 'resign', {});
    const full = (await api<GameLog>('GET', `/api/play/${allies.token}/log`)).body;
    expect(full.seed).toMatch(/^hidden-info-eto$/);
    expect(full.entries.slice(-8).filter((e) => 'action' in e && e.seat === 'axis').map((e) => 'action' in e && e.action)).toEqual([LAST_SHOT, A, B, C]);
    const local = Game.load(eto, full);
    const length = local.played.length;
    for (const seat of ['axis', 'allies', null] as const) {
      for (let at = 0; at <= length; at++) {
        const q = seat === null ? `at=${at}` : `seat=${seat}&at=${at}`;
        const rep = await api<ReplayResponse>('GET', `/api/replay/${g.gameId}?${q}`);
        expect(rep.status).toBe(200);
        const events = at === 0 ? local.setupEvents : local.played[at - 1]!.events;
        expect(rep.body.view, `${q}`).toEqual(JSON.parse(JSON.stringify(viewFor(eto, local.stateAt(at), seat))));
        expect(rep.body.events).toEqual(JSON.parse(JSON.stringify(eventsFor(events, seat))));
        if (at === length - 1) expect(rep.text).not.toContain(json(C)); // C pending: sealed in every seat's view
      }
    }
  });

  it('an imported log that ends in a pending sealed answer: the other seat\'s export shows it as {type:\'sealed\'}', async () => {
    const g = Game.load(eto, start.log);
    g.act('axis', A);
    const { r } = await importGame(JSON.parse(JSON.stringify(g.toLog())) as GameLog);
    expect((await play(r.allies!.token)).view.waitingFor.map((w) => w.seat)).toEqual(['allies']);
    const seen = [...await readAll(r.allies!), ...await readAll(r.spectator!)];
    expectHidden(seen.filter((c) => !c.channel.endsWith('/log')), beforeReveal(A));
    const exp = (await api<GameLog>('GET', `/api/play/${r.allies!.token}/log`)).body;
    expect(exp.seed).toBe('');
    // Fails today: games.ts insertGame() records imported entries without their `sealed` flag, so exportLog() shows
    // the Germans' pending answer to the Allies and to a spectator while the game is in memory.
    expectHidden(seen.filter((c) => c.channel.endsWith('/log')), beforeReveal(A));
    expect(exp.entries.at(-2)).toMatchObject({ seat: 'axis', action: { type: 'sealed' } });
    expect(exp.entries.at(-1)).toMatchObject({ entropy: {} }); // the seats' contributions, after the imported part
  });

  it('events with visibleTo (a Duel with private events): only their seats receive them, live, in replays and after a takeback', async () => {
    const res = await api<CreateGameResponse>('POST', '/api/games', {
      ruleset: secretDuel.id, scenario: 'standard',
      seats: { red: { kind: 'human', webhook: `${hookBase}/hook/secret/red` }, blue: { kind: 'human', webhook: `${hookBase}/hook/secret/blue` } },
    });
    expect(res.status, res.text).toBe(201);
    const g = res.body;
    const r = await readers(g, { red: '/hook/secret/red', blue: '/hook/secret/blue' });
    await takeSeats(srv.url, [r.red!.token, r.blue!.token]);
    const red = r.red!, blue = r.blue!, spectator = r.spectator!;
    const check = async () => {
      const seen = { red: await readAll(red), blue: await readAll(blue), spectator: await readAll(spectator) };
      expectHidden(seen.red, ['BLUE-ONLY']);
      expectHidden(seen.blue, ['RED-ONLY']);
      expectHidden(seen.spectator, ['RED-ONLY', 'BLUE-ONLY']);
      return seen;
    };
    let seen = await check();
    for (const seat of ['red', 'blue'] as const) {
      expectShown(seen[seat], secretOf(seat, 'setup'), `${seat}: WebSocket messages`);
      expectShown(seen[seat], secretOf(seat, 'setup-data'), `${seat}: GET /api/play/:token`);
      expectShown(seen[seat], secretOf(seat, 'view'), `${seat}: GET /api/play/:token`);
    }
    await act(red.token, { type: 'bid', n: 1 });
    await act(blue.token, { type: 'bid', n: 2 }); // blue moves first
    await act(blue.token, { type: 'pass' });
    await act(red.token, { type: 'pass' }); // round 2: blue to act
    seen = await check();
    for (const seat of ['red', 'blue'] as const) {
      expectShown(seen[seat], secretOf(seat, 'bids'), `${seat}: WebSocket messages`);
      expectShown(seen[seat], secretOf(seat, 'pass'), `${seat}: GET /api/play/:token`);
    }
    expectShown(seen.red, 'Your turn (red)', 'red: webhook');
    // red's pass is taken back (blue asks, red agrees); red passes again in round 1
    await post(blue.token, 'takeback', { to: 3 });
    await red.ws.waitFor((m) => m.type === 'takeback-request');
    await post(red.token, 'takeback/answer', { accept: true });
    await act(red.token, { type: 'advance' });
    const s = await act(red.token, { type: 'pass' });
    await blue.ws.stateAtLeast(s);
    await check();
    // the end: per-seat replays (checked by check() for every action) and the full log carry no event
    await post(red.token, 'resign', {});
    seen = await check();
    for (const seat of ['red', 'blue'] as const) {
      expectShown(seen[seat], secretOf(seat, 'bids'), `${seat}: GET /api/replay/:gameId?seat=${seat}&at=2`);
      expectShown(seen[seat], secretOf(seat, 'view'), `${seat}: GET /api/replay/:gameId?seat=${seat}&at=0`);
    }
    const last = blue.ws.messages.filter((m): m is StateMessage => m.type === 'state').at(-1)!;
    expect(last.status).toBe('finished');
    expect(last.seed).toMatch(/^[0-9a-f]{64}$/);
    const msgs: ServerMessage[] = red.ws.messages;
    expect(msgs.some((m) => m.type === 'takeback-request')).toBe(true);
  });
});
