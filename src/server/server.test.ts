import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import { startServer, type RunningServer } from './server.ts';
import { Game } from '../engine/game.ts';
import { createRng, nextInt } from '../engine/rng.ts';
import { verifyLog } from './fair-dice.ts';
import type { BaseState, Ruleset } from '../engine/types.ts';
import { packages, rulesets } from '../rulesets/index.ts';
import { http, takeSeats, TestClient } from './test-helpers.ts';
import type { CreateGameResponse, PlayResponse, ServerMessage, StateMessage } from './protocol.ts';

let srv: RunningServer;
let clock = 1_000_000;
const clients: TestClient[] = [];

/** A one-seat test game with a long flat choice list that loses one choice per action (choices sent as changes). */
const countdown: Ruleset<BaseState & { left: number[] }> = {
  id: 'countdown', title: 'Countdown (test game)', rulesVersion: '1', seats: ['a'], options: [],
  scenarios: [{ id: 's', name: 'Forty numbers', description: 'Take them one by one.', seats: ['a'] }],
  setup: () => ({ left: Array.from({ length: 40 }, (_, i) => i), stack: [{ proc: 'take' }] }),
  view: (s) => ({ left: s.left }),
  procedures: {
    take: {
      prompts: (s) => [{ seat: 'a', rule: 'Countdown 1', text: 'Take a number', kind: 'take', choices: s.left.map((n) => ({ action: { type: 'take', n }, label: `take ${n}` })) }],
      act(ctx, _f, _seat, a) {
        ctx.state.left = ctx.state.left.filter((n) => n !== a.n);
        if (ctx.state.left.length === 0) ctx.end({ winner: 'a', result: 'all taken' });
      },
    },
  },
};

beforeAll(async () => {
  rulesets[countdown.id] = countdown;
  packages[countdown.id] = { ruleset: countdown, hidden: true };
  // webhooks to this machine's test receiver: the self-hoster's setting for LAN webhooks
  srv = await startServer({ port: 0, db: ':memory:', aiWorkers: 1, now: () => clock, log: () => undefined, webhooks: { allowPrivate: true } });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await srv.close();
  delete rulesets[countdown.id];
  delete packages[countdown.id];
});

const api = <T = any>(method: string, path: string, body?: unknown) => http<T>(srv.url, method, path, body);
const client = async (token: string, last?: number) => {
  const c = new TestClient(srv.url, token, last);
  clients.push(c);
  await c.opened;
  return c;
};
/** A Duel whose seats (all but AI seats) have taken their seats: their dice contributions make log entry 0. */
async function newDuel(extra: Record<string, unknown> = {}): Promise<CreateGameResponse> {
  const seats = (extra.seats ?? { red: { kind: 'human' }, blue: { kind: 'human' } }) as Record<string, { kind: string }>;
  const r = await api<CreateGameResponse>('POST', '/api/games', { ruleset: 'duel', scenario: 'standard', seats, ...extra });
  expect(r.status).toBe(201);
  const humans = Object.keys(seats).filter((s) => seats[s]!.kind !== 'ai').map((s) => r.body.seats[s]!.token);
  if (humans.length) expect(await takeSeats(srv.url, humans)).toBe(1);
  return r.body;
}
const play = async (token: string) => (await api<PlayResponse>('GET', `/api/play/${token}`)).body;
async function act(token: string, action: Record<string, unknown>) {
  const p = await play(token);
  const r = await api('POST', `/api/play/${token}/action`, { stateId: p.stateId, action });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.stateId as number;
}

describe('rule sets and game creation', () => {
  it('lists the registered rule sets with seats, scenarios and options', async () => {
    const r = await api('GET', '/api/rulesets');
    expect(r.status).toBe(200);
    const duel = r.body.find((x: any) => x.id === 'duel');
    expect(duel.seats).toEqual(['red', 'blue']);
    expect(duel.scenarios[0].id).toBe('standard');
    const a = await fetch(`${srv.url}/api/rulesets/duel/assets`);
    expect(a.status).toBe(200);
    expect(await a.json()).toEqual({});
    expect(a.headers.get('cache-control')).toContain('max-age');
    const again = await fetch(`${srv.url}/api/rulesets/duel/assets`, { headers: { 'if-none-match': a.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await api('GET', '/api/rulesets/nope/assets')).status).toBe(404);
  });

  it('creates a game with an unguessable 128-bit token and link per seat, a spectator link and a seed commitment', async () => {
    const g = await newDuel();
    expect(Object.keys(g.seats).sort()).toEqual(['blue', 'red']);
    for (const t of [g.seats.red!, g.seats.blue!, g.spectator]) {
      expect(t.token).toMatch(/^[0-9a-f]{32}$/);
      expect(t.link).toBe(`/play/${t.token}`);
    }
    expect(new Set([g.seats.red!.token, g.seats.blue!.token, g.spectator.token]).size).toBe(3);
    expect(g.seedCommitment).toMatch(/^[0-9a-f]{64}$/);
    const p = await play(g.seats.red!.token);
    expect(p.seat).toBe('red');
    expect(p.stateId).toBe(1); // entry 0: the seats' dice contributions
    expect(p.view.prompt?.kind).toBe('bid');
    expect(p.seed).toBeUndefined();
    expect(p.seats.map((s) => s.kind)).toEqual(['human', 'human']);
    const s = await play(g.spectator.token);
    expect(s.seat).toBeNull();
    expect(s.view.prompt).toBeNull();
  });

  it('an open seat is taken by the first client that comes with its link; presence shows who is connected', async () => {
    const g = (await api<CreateGameResponse>('POST', '/api/games', { ruleset: 'duel' })).body;
    expect((await play(g.spectator.token)).seats.map((s) => s.kind)).toEqual(['open', 'open']);
    const sc = await client(g.spectator.token);
    await client(g.seats.red!.token);
    const pres = await sc.waitFor<Extract<ServerMessage, { type: 'presence' }>>((m) => m.type === 'presence');
    expect(pres.seats).toEqual([{ seat: 'red', kind: 'human', connected: true }, { seat: 'blue', kind: 'open', connected: false }]);
  });

  it('refuses bad creation requests with 400 and a message naming the field', async () => {
    const r1 = await api('POST', '/api/games', { ruleset: 'nope' });
    expect(r1.status).toBe(400);
    expect(r1.body.message).toContain('unknown rule set "nope"');
    const r2 = await api('POST', '/api/games', { ruleset: 'duel', seats: { green: { kind: 'human' } } });
    expect(r2.status).toBe(400);
    expect(r2.body.message).toContain('seat "green"');
    const r3 = await api('POST', '/api/games', { ruleset: 'duel', options: { rounds: 7 } });
    expect(r3.status).toBe(400);
    expect(r3.body.message).toContain('rounds');
    const r4 = await api('POST', '/api/games', { ruleset: 'duel', seats: { red: { kind: 'robot' } } });
    expect(r4.status).toBe(400);
    expect(r4.body.message).toContain('seats.red.kind');
    expect(r4.text).not.toContain('    at ');
  });
});

describe('actions', () => {
  it('Duel 2: an action is applied once; the same state id again is stale and never applied twice', async () => {
    const g = await newDuel();
    const red = g.seats.red!.token;
    const r = await api('POST', `/api/play/${red}/action`, { stateId: 1, action: { type: 'bid', n: 2 } });
    expect(r.status).toBe(200);
    expect(r.body.stateId).toBe(2);
    const again = await api('POST', `/api/play/${red}/action`, { stateId: 1, action: { type: 'bid', n: 2 } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'stale', message: 'the game moved on', stateId: 2 });
    const log = (await api('GET', `/api/play/${red}/log`)).body;
    expect(log.entries.length).toBe(2);
  });

  it('Duel 2: an illegal action gets 422 with the rule, a message and the legal choices', async () => {
    const g = await newDuel();
    const r = await api('POST', `/api/play/${g.seats.red!.token}/action`, { stateId: 1, action: { type: 'bid', n: 9 } });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('illegal');
    expect(r.body.rule).toBe('Duel 2');
    expect(r.body.legal).toEqual(['{"type":"bid","n":1}', '{"type":"bid","n":2}', '{"type":"bid","n":3}']);
  });

  it('Duel 3: a seat may not act on the other seat\'s decision; a spectator may not act at all', async () => {
    const g = await newDuel();
    await act(g.seats.red!.token, { type: 'bid', n: 3 });
    await act(g.seats.blue!.token, { type: 'bid', n: 1 });
    const p = await play(g.seats.blue!.token);
    expect(p.view.waitingFor.map((w) => w.seat)).toEqual(['red']);
    const r = await api('POST', `/api/play/${g.seats.blue!.token}/action`, { stateId: p.stateId, action: { type: 'pass' } });
    expect(r.status).toBe(422);
    expect(r.body.message).toContain("it is not blue's decision");
    const s = await api('POST', `/api/play/${g.spectator.token}/action`, { stateId: p.stateId, action: { type: 'pass' } });
    expect(s.status).toBe(403);
    expect(s.body.error).toBe('forbidden');
    const u = await api('POST', `/api/play/${'0'.repeat(32)}/action`, { stateId: p.stateId, action: { type: 'pass' } });
    expect(u.status).toBe(404);
  });

  it('WebSocket: every seat receives its own view after every change; actions are acked; stale and illegal get errors', async () => {
    const g = await newDuel();
    const red = await client(g.seats.red!.token);
    const blue = await client(g.seats.blue!.token);
    const spec = await client(g.spectator.token);
    await red.stateAtLeast(1);
    red.send({ type: 'action', reqId: 'a1', stateId: 1, action: { type: 'bid', n: 2 } });
    const ack = await red.waitFor((m) => m.type === 'ack' && m.reqId === 'a1');
    expect(ack).toMatchObject({ stateId: 2 });
    const bs = await blue.stateAtLeast(2);
    expect(bs.view.prompt?.kind).toBe('bid');
    red.send({ type: 'action', reqId: 'a2', stateId: 1, action: { type: 'bid', n: 2 } });
    const st = await red.waitFor<Extract<ServerMessage, { type: 'error' }>>((m) => m.type === 'error' && m.reqId === 'a2');
    expect(st).toMatchObject({ error: 'stale', stateId: 2 });
    blue.send({ type: 'action', reqId: 'b1', stateId: 2, action: { type: 'advance' } });
    const il = await blue.waitFor<Extract<ServerMessage, { type: 'error' }>>((m) => m.type === 'error' && m.reqId === 'b1');
    expect(il.error).toBe('illegal');
    expect(il.rule).toBe('Duel 2');
    blue.send({ type: 'action', reqId: 'b2', stateId: 2, action: { type: 'bid', n: 3 } });
    const after = await spec.stateAtLeast(3);
    expect(after.view.prompt).toBeNull();
    expect((after.view.state as any).bids).toEqual({ red: 2, blue: 3 });
    expect(after.events.some((e) => e.text.includes('bids red 2, blue 3'))).toBe(true);
    blue.send({ type: 'action', reqId: 'b3', stateId: 3, action: { type: 'pass' } });
    const yt = await red.waitFor((m) => m.type === 'your-turn');
    expect(yt).toMatchObject({ seat: 'red' });
    expect(blue.messages.some((m) => m.type === 'your-turn')).toBe(false);
  });

  it('2WW movement over WebSocket: a structured prompt (one group per unit) comes short; a unit\'s destinations by \'choices\'; the WebSocket prompt is the HTTP one', async () => {
    const r = await api<CreateGameResponse>('POST', '/api/games', {
      ruleset: '2ww', options: { quickSetup: true }, seats: { axis: { kind: 'human' }, allies: { kind: 'human' } },
    });
    expect(r.status).toBe(201);
    const token = r.body.seats.axis!.token;
    await takeSeats(srv.url, [token, r.body.seats.allies!.token]);
    const axis = await client(token);
    let m = await axis.stateAtLeast(1);
    for (let i = 0; i < 3; i++) {
      const groups = m.view.prompt!.groups!;
      expect(groups.length).toBeGreaterThan(10);
      axis.send({ type: 'choices', reqId: `g${i}`, stateId: m.stateId, group: groups[i * 3]!.key });
      const got = await axis.waitFor<Extract<ServerMessage, { type: 'choices' }>>((x) => x.type === 'choices' && x.reqId === `g${i}`);
      const move = got.choices.find((c) => c.action.type === 'move')!;
      axis.send({ type: 'action', stateId: m.stateId, action: move.action });
      m = await axis.stateAtLeast(m.stateId + 1);
      const whole = await play(token);
      expect(whole.stateId).toBe(m.stateId);
      expect(m.view.prompt).toEqual(whole.view.prompt);
    }
  });

  it('a long flat list over WebSocket: each state message sends only the changed choices, and the client rebuilds the whole prompt', async () => {
    const g = (await api<CreateGameResponse>('POST', '/api/games', { ruleset: 'countdown', seats: { a: { kind: 'human' } } })).body;
    const token = g.seats.a!.token;
    await takeSeats(srv.url, [token]);
    const c = await client(token);
    let m = await c.stateAtLeast(1);
    expect(c.deltas).toBe(0); // a new connection gets the whole list
    for (let i = 0; i < 3; i++) {
      c.send({ type: 'action', stateId: m.stateId, action: m.view.prompt!.choices[i * 7]!.action });
      m = await c.stateAtLeast(m.stateId + 1);
      const whole = await play(token);
      expect(m.view.prompt!.choices).toEqual(whole.view.prompt!.choices);
      expect(m.view.prompt!.choices).toHaveLength(39 - i);
    }
    expect(c.deltas).toBe(3);
    const second = await client(token); // another connection of the seat starts whole again
    const s2 = await second.stateAtLeast(m.stateId);
    expect(second.deltas).toBe(0);
    expect(s2.view.prompt!.choices).toEqual(m.view.prompt!.choices);
  });

  it('reconnecting with the last state id resumes: the current view and only the events since', async () => {
    const g = await newDuel();
    const red = g.seats.red!.token, blue = g.seats.blue!.token;
    await act(red, { type: 'bid', n: 1 });
    const c1 = await client(blue);
    const s1 = await c1.stateAtLeast(2);
    await c1.close();
    await act(blue, { type: 'bid', n: 3 });
    await act(blue, { type: 'advance' });
    const c2 = await client(blue, s1.stateId);
    const s2 = await c2.stateAtLeast(4);
    expect(s2.events.map((e) => e.text)).toEqual(['bids red 1, blue 3: blue moves first']);
    c2.send({ type: 'hello', lastStateId: 3 });
    const s3 = await c2.waitFor<StateMessage>((m) => m.type === 'state', 5000, c2.messages.length);
    expect(s3.events).toEqual([]);
    expect(s3.view.prompt?.kind).toBe('turn');
  });

  it('malformed WebSocket messages get an error and the connection stays usable', async () => {
    const g = await newDuel();
    const c = await client(g.seats.red!.token);
    await c.stateAtLeast(0);
    c.send('not json');
    await c.waitFor((m) => m.type === 'error' && m.message.includes('not valid JSON'));
    c.send({ type: 'action', reqId: 'x', stateId: 'zero', action: {} });
    const e = await c.waitFor<Extract<ServerMessage, { type: 'error' }>>((m) => m.type === 'error' && m.reqId === 'x');
    expect(e.error).toBe('bad-request');
    expect(e.message).toContain('stateId');
    c.send({ type: 'ping', reqId: 'p' });
    await c.waitFor((m) => m.type === 'pong');
  });
});

describe('hidden information', () => {
  it('Duel 2: before both have bid, no view, event, replay or export for the other seat holds a sealed bid; the seed only after the end', async () => {
    // Two games where red bids 1 and 3: everything blue and a spectator receive must be the same in both.
    const seen: string[][] = [];
    let g!: CreateGameResponse, red = '', blue = '';
    for (const n of [1, 3]) {
      g = await newDuel();
      red = g.seats.red!.token;
      blue = g.seats.blue!.token;
      const bc = await client(blue);
      const sc = await client(g.spectator.token);
      await act(red, { type: 'bid', n });
      // the seats' dice commitments are random values, different in each game
      const strip = (x: unknown) => JSON.stringify(x, (k, v: unknown) => (k === 'dice' ? undefined : v))
        .replaceAll(g.gameId, 'G').replaceAll(g.seedCommitment, 'C');
      seen.push([
        strip(await bc.stateAtLeast(2)), strip(await sc.stateAtLeast(2)), strip(await play(blue)),
        strip(await play(g.spectator.token)), strip((await api('GET', `/api/replay/${g.gameId}?at=1`)).body),
      ]);
    }
    expect(seen[1]).toEqual(seen[0]);
    for (const text of seen[1]!) expect(text).not.toContain('sealed');
    const seatRep = await api('GET', `/api/replay/${g.gameId}?seat=red&at=1`);
    expect(seatRep.status).toBe(403);
    const exp = (await api('GET', `/api/play/${blue}/log`)).body;
    expect(exp.seed).toBe('');
    expect(exp.seedCommitment).toBe(g.seedCommitment);
    expect(exp.entries[1].action).toEqual({ type: 'sealed' });
    expect(JSON.stringify(exp)).not.toContain('"n":3');
    const own = (await api('GET', `/api/play/${red}/log`)).body;
    expect(own.entries[1].action).toEqual({ type: 'bid', n: 3 });
    expect(own.seed).toBe('');
    // an unfinished export cannot be imported (no seed)
    const imp = await api('POST', '/api/games/import', { log: exp });
    expect(imp.status).toBe(400);
    expect(imp.body.message).toContain('no seed');
    // the end reveals the seed
    await api('POST', `/api/play/${blue}/resign`, {});
    const after = await play(red);
    expect(after.status).toBe('finished');
    expect(after.seed).toMatch(/^[0-9a-f]{64}$/);
    const full = (await api('GET', `/api/play/${blue}/log`)).body;
    expect(full.seed).toBe(after.seed);
    expect(verifyLog(full).ok).toBe(true);
  });
});

describe('undo, takeback, resign, rematch', () => {
  it('undo takes back a seat\'s own reversible action (Game.undo); it is refused past the other seat\'s decision', async () => {
    const g = await newDuel();
    const red = g.seats.red!.token, blue = g.seats.blue!.token;
    await act(red, { type: 'bid', n: 1 });
    await act(blue, { type: 'bid', n: 3 });
    const s = await act(blue, { type: 'advance' });
    expect((await play(blue)).undoable).toBe(1);
    const u = await api('POST', `/api/play/${blue}/undo`, { stateId: s });
    expect(u.status).toBe(200);
    const p = await play(blue);
    expect(p.view.seq).toBe(2);
    expect((p.view.state as any).marker).toBe(0);
    expect(p.stateId).toBe(5);
    const r = await api('POST', `/api/play/${red}/undo`, { stateId: p.stateId });
    expect(r.status).toBe(422);
    expect(r.body.rule).toBe('undo');
  });

  it('a takeback needs the other seat\'s consent; refused requests change nothing', async () => {
    const g = await newDuel();
    const red = g.seats.red!.token, blue = g.seats.blue!.token;
    const rc = await client(red);
    await act(red, { type: 'bid', n: 1 });
    await act(blue, { type: 'bid', n: 3 });
    await act(blue, { type: 'pass' });
    const ask = await api('POST', `/api/play/${blue}/takeback`, { to: 2 });
    expect(ask.status).toBe(200);
    const req = await rc.waitFor((m) => m.type === 'takeback-request');
    expect(req).toMatchObject({ to: 2, requestedBy: 'blue' });
    expect((await api('POST', `/api/play/${blue}/takeback/answer`, { accept: true })).status).toBe(400);
    const no = await api('POST', `/api/play/${red}/takeback/answer`, { accept: false });
    expect(no.status).toBe(200);
    expect((await play(red)).view.seq).toBe(3);
    await api('POST', `/api/play/${blue}/takeback`, { to: 2 });
    const yes = await api('POST', `/api/play/${red}/takeback/answer`, { accept: true });
    expect(yes.status).toBe(200);
    const p = await play(blue);
    expect(p.view.seq).toBe(2);
    expect(p.view.prompt?.kind).toBe('turn');
    const log = (await api('GET', `/api/play/${red}/log`)).body;
    expect(log.entries.at(-1).takeback).toEqual({ to: 2, requestedBy: 'blue', consentedBy: 'red', freshDice: true });
  });

  it('with two players and AI seats, a takeback waits for the other player: no AI agrees for them, no AI link answers', async () => {
    const seats = { germany: { kind: 'human' }, ussr: { kind: 'human' }, uk: { kind: 'ai' }, usa: { kind: 'ai' } };
    const r = await api<CreateGameResponse>('POST', '/api/games', { ruleset: 'aae', seats });
    expect(r.status).toBe(201);
    const de = r.body.seats.germany!.token, su = r.body.seats.ussr!.token, uk = r.body.seats.uk!.token;
    expect(await takeSeats(srv.url, [de, su])).toBe(1);
    const p0 = await play(de);
    const buy = p0.view.prompt!.choices.find((c) => c.label.startsWith('buy infantry'))!;
    await act(de, buy.action);
    const sc = await client(su);
    const ask = await api('POST', `/api/play/${de}/takeback`, { to: 0 });
    expect(ask.status).toBe(200);
    expect((await play(de)).view.seq).toBe(1);
    expect(await sc.waitFor((m) => m.type === 'takeback-request')).toMatchObject({ to: 0, requestedBy: 'germany' });
    // The creator holds the AI seats' links: they cannot agree in the player's place.
    const byAi = await api('POST', `/api/play/${uk}/takeback/answer`, { accept: true });
    expect(byAi.status).toBe(403);
    expect((await play(de)).view.seq).toBe(1);
    expect((await api('POST', `/api/play/${su}/takeback/answer`, { accept: true })).status).toBe(200);
    expect((await play(de)).view.seq).toBe(0);
    expect((await api('GET', `/api/play/${de}/log`)).body.entries.at(-1).takeback).toMatchObject({ to: 0, requestedBy: 'germany', consentedBy: 'ussr' });
  });

  it('with three players a takeback takes every other player\'s consent: one who holds two seats cannot agree alone', async () => {
    const seats = { germany: { kind: 'human' }, ussr: { kind: 'human' }, uk: { kind: 'human' }, usa: { kind: 'ai' } };
    const r = await api<CreateGameResponse>('POST', '/api/games', { ruleset: 'aae', seats });
    expect(r.status).toBe(201);
    const de = r.body.seats.germany!.token, su = r.body.seats.ussr!.token, uk = r.body.seats.uk!.token;
    expect(await takeSeats(srv.url, [de, su, uk])).toBe(1);
    const buy = (await play(de)).view.prompt!.choices.find((c) => c.label.startsWith('buy infantry'))!;
    await act(de, buy.action);
    const sc = await client(su);
    expect((await api('POST', `/api/play/${de}/takeback`, { to: 0 })).status).toBe(200);
    // The German player also holds the British seat: its consent alone does not take the move back.
    expect((await api('POST', `/api/play/${uk}/takeback/answer`, { accept: true })).status).toBe(200);
    expect((await play(de)).view.seq).toBe(1);
    expect(await sc.waitFor((m) => m.type === 'takeback-request' && !!m.agreed)).toMatchObject({ to: 0, requestedBy: 'germany', agreed: ['uk'] });
    expect((await play(su)).takeback).toMatchObject({ agreed: ['uk'] });
    expect((await api('POST', `/api/play/${su}/takeback/answer`, { accept: true })).status).toBe(200);
    expect((await play(de)).view.seq).toBe(0);
    expect((await api('GET', `/api/play/${de}/log`)).body.entries.at(-1).takeback).toMatchObject({ to: 0, requestedBy: 'germany', consentedBy: 'ussr' });
  });

  it('an AI seat\'s link (the creator holds it) cannot resign, undo or ask a takeback for the AI: 403, the game goes on', async () => {
    const g = await newDuel({ seats: { red: { kind: 'human' }, blue: { kind: 'ai', level: 0 } } });
    const blue = g.seats.blue!.token;
    const p = await play(g.seats.red!.token);
    for (const [path, body] of [['resign', {}], ['undo', { stateId: p.stateId }], ['takeback', { to: 0 }]] as const) {
      const r = await api('POST', `/api/play/${blue}/${path}`, body);
      expect(r.status, path).toBe(403);
      expect(r.body.message).toContain('played by the AI');
    }
    const after = await play(g.seats.red!.token);
    expect(after.status).toBe('running');
    expect(after.serverResult).toBeNull();
  });

  it('resign ends the game for both seats; a rematch with swapped seats gives each player the other seat', async () => {
    const g = await newDuel();
    const red = g.seats.red!.token, blue = g.seats.blue!.token;
    const bc = await client(blue);
    const r = await api('POST', `/api/play/${red}/resign`);
    expect(r.status).toBe(200);
    const p = await play(blue);
    expect(p.serverResult).toMatchObject({ kind: 'resigned', loser: 'red', winner: 'blue' });
    const late = await api('POST', `/api/play/${blue}/action`, { stateId: p.stateId, action: { type: 'bid', n: 1 } });
    expect(late.status).toBe(422);
    expect(late.body.rule).toBe('game over');
    const rm = await api('POST', `/api/play/${red}/rematch`, { swap: true });
    expect(rm.status).toBe(201);
    const mine = await play(rm.body.yourToken.token);
    expect(mine.seat).toBe('blue');
    expect(mine.rematchOf).toBe(g.gameId);
    const msg = await bc.waitFor<Extract<ServerMessage, { type: 'rematch' }>>((m) => m.type === 'rematch');
    expect((await play(msg.token.token)).seat).toBe('red');
    expect((await api('POST', `/api/play/${blue}/rematch`, {})).status).toBe(409);
    expect((await play(red)).rematch).toBe(rm.body.gameId);
    // A player who was not connected finds their link in the old game: each seat where it moved, the spectator's too.
    expect((await play(blue)).rematchToken).toEqual(rm.body.seats.red);
    expect((await play(red)).rematchToken).toEqual(rm.body.seats.blue);
    expect((await play(g.spectator.token)).rematchToken).toEqual(rm.body.spectator);
  });

  it('a swapped rematch of two players among AI seats (A&A Europe) swaps the two players; the AI keeps its seats', async () => {
    const seats = { germany: { kind: 'human', name: 'Ann' }, ussr: { kind: 'human', name: 'Bob' }, uk: { kind: 'ai', level: 0 }, usa: { kind: 'ai', level: 0 } };
    const r = await api<CreateGameResponse>('POST', '/api/games', { ruleset: 'aae', seats });
    expect(r.status).toBe(201);
    const de = r.body.seats.germany!.token, su = r.body.seats.ussr!.token;
    expect(await takeSeats(srv.url, [de, su])).toBe(1);
    expect((await api('POST', `/api/play/${su}/resign`)).status).toBe(200);
    const rm = await api('POST', `/api/play/${de}/rematch`, { swap: true });
    expect(rm.status).toBe(201);
    expect((await play(rm.body.yourToken.token)).seat).toBe('ussr');
    const mine = await play(rm.body.yourToken.token);
    expect(mine.seats.map((s) => [s.seat, s.kind, s.name ?? null])).toEqual([
      ['germany', 'human', 'Bob'], ['ussr', 'human', 'Ann'], ['uk', 'ai', null], ['usa', 'ai', null],
    ]);
    expect((await play(su)).rematchToken).toEqual(rm.body.seats.germany);
  });

  it('a rematch with swap: false keeps every player in their seat, with its name and kind', async () => {
    const g = await newDuel({ seats: { red: { kind: 'human', name: 'Ann' }, blue: { kind: 'human', name: 'Bob' } } });
    const red = g.seats.red!.token, blue = g.seats.blue!.token;
    const bc = await client(blue);
    expect((await api('POST', `/api/play/${blue}/resign`)).status).toBe(200);
    const rm = await api('POST', `/api/play/${red}/rematch`, { swap: false });
    expect(rm.status).toBe(201);
    expect(rm.body.yourToken).toEqual(rm.body.seats.red);
    const mine = await play(rm.body.yourToken.token);
    expect(mine.seat).toBe('red');
    expect(mine.rematchOf).toBe(g.gameId);
    expect(mine.status).toBe('running');
    expect(mine.seats.map((s) => [s.seat, s.kind, s.name])).toEqual([['red', 'human', 'Ann'], ['blue', 'human', 'Bob']]);
    const msg = await bc.waitFor<Extract<ServerMessage, { type: 'rematch' }>>((m) => m.type === 'rematch');
    expect(msg.gameId).toBe(rm.body.gameId);
    expect(msg.token).toEqual(rm.body.seats.blue);
    expect((await play(msg.token.token)).seat).toBe('blue');
    expect((await play(blue)).rematch).toBe(rm.body.gameId);
    expect((await play(blue)).rematchToken).toEqual(rm.body.seats.blue);
    expect((await play(red)).rematchToken).toEqual(rm.body.seats.red);
  });
});

describe('game lists, replays, export and import', () => {
  it('POST /api/my-games returns a summary for every known token, with whose turn it is', async () => {
    const g1 = await newDuel();
    const g2 = await newDuel();
    await act(g2.seats.red!.token, { type: 'bid', n: 1 });
    const r = await api('POST', '/api/my-games', { tokens: [g1.seats.red!.token, g2.seats.red!.token, g2.seats.blue!.token, 'bogus', 'f'.repeat(32)] });
    expect(r.status).toBe(200);
    expect(r.body.map((s: any) => [s.gameId, s.seat, s.yourTurn])).toEqual([
      [g1.gameId, 'red', true], [g2.gameId, 'red', false], [g2.gameId, 'blue', true],
    ]);
    // Whose turn it is when it is not yours: the list can say whom the game waits for.
    expect(r.body.map((s: any) => s.toMove)).toEqual([['red', 'blue'], ['blue'], ['blue']]);
    expect((await api('POST', `/api/play/${g1.seats.red!.token}/resign`)).status).toBe(200);
    expect((await api('POST', '/api/my-games', { tokens: [g1.seats.blue!.token] })).body[0]).toMatchObject({ yourTurn: false, toMove: [] });
  });

  it('a finished game is kept for replay: every seat\'s view at any action, and its log replays through import', async () => {
    const g = await newDuel({ options: { rounds: 2 } });
    const red = g.seats.red!.token, blue = g.seats.blue!.token;
    await act(red, { type: 'bid', n: 1 });
    await act(blue, { type: 'bid', n: 1 });
    for (let i = 0; i < 20; i++) {
      const p = await play(red);
      if (p.status === 'finished') break;
      const w = p.view.waitingFor[0]!.seat;
      const tok = w === 'red' ? red : blue;
      const pp = await play(tok);
      const choice = pp.view.prompt!.choices.find((c) => c.action.type === 'pass') ?? pp.view.prompt!.choices[0]!;
      await act(tok, choice.action);
    }
    const end = await play(red);
    expect(end.status).toBe('finished');
    expect(end.outcome?.result).toBe('draw by exhaustion');
    const rep = await api('GET', `/api/replay/${g.gameId}?seat=blue&at=1`);
    expect(rep.status).toBe(200);
    expect(rep.body.view.seq).toBe(1);
    expect(rep.body.length).toBe(end.view.seq);
    expect((await api('GET', `/api/replay/${g.gameId}?at=99`)).status).toBe(400);
    const log = (await api('GET', `/api/play/${g.spectator.token}/log`)).body;
    expect(log.seed).toBe(end.seed);
    const imp = await api('POST', '/api/games/import', { log });
    expect(imp.status).toBe(201);
    const again = await play(imp.body.spectator.token);
    expect(again.status).toBe('finished');
    expect(again.view.state).toEqual(end.view.state);
  });

  it('an imported log of a running game can be continued', async () => {
    const g = await newDuel();
    await act(g.seats.red!.token, { type: 'bid', n: 2 });
    await api('POST', `/api/play/${g.seats.red!.token}/resign`);
    const log = (await api('GET', `/api/play/${g.seats.red!.token}/log`)).body;
    const imp = await api('POST', '/api/games/import', { log, seats: { red: { kind: 'human' }, blue: { kind: 'human' } } });
    expect(imp.status).toBe(201);
    expect(imp.body.imported).toEqual({ entries: 2, logSeedCommitment: g.seedCommitment });
    expect(await takeSeats(srv.url, [imp.body.seats.red.token, imp.body.seats.blue.token])).toBe(3);
    const p = await play(imp.body.seats.blue.token);
    expect(p.status).toBe('running');
    expect(p.stateId).toBe(3);
    await act(imp.body.seats.blue.token, { type: 'bid', n: 1 });
    const bad = await api('POST', '/api/games/import', { log: { ...log, entries: [{ ...log.entries[0], hash: 'x' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('replay diverged at entry 0');
  });
});

describe('asynchronous play: webhooks and clocks', () => {
  let hook: Server;
  const posts: any[] = [];
  let hookUrl = '';
  beforeAll(async () => {
    hook = createServer((req, res) => {
      let b = '';
      req.on('data', (d) => { b += d; });
      req.on('end', () => {
        posts.push({ type: req.headers['content-type'], body: JSON.parse(b) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
    const a = hook.address();
    hookUrl = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/hook`;
  });
  afterAll(() => new Promise<void>((r) => hook.close(() => r())));

  it('a seat whose turn it becomes gets a Discord-style JSON webhook POST {content}', async () => {
    const g = await newDuel({ seats: { red: { kind: 'human' }, blue: { kind: 'human', webhook: hookUrl } } });
    await act(g.seats.red!.token, { type: 'bid', n: 3 });
    await act(g.seats.blue!.token, { type: 'bid', n: 1 });
    await act(g.seats.red!.token, { type: 'pass' });
    await srv.manager.idle();
    const mine = posts.filter((p) => p.body.content.includes(g.gameId));
    // when both seats had contributed (the game starts: the bid), and when red had passed
    expect(mine.map((p) => p.body.content.split(': ').at(-1))).toEqual(['Bid for the first move', 'Attack, advance or pass']);
    expect(mine[0].type).toBe('application/json');
    expect(mine[1].body.content).toContain('Your turn (blue)');
    expect(mine[1].body.content).not.toContain(g.seats.blue!.token);
  });

  it('clocks run for the seat to move, gain the increment, and an expired clock lets the opponent claim the game', async () => {
    const g = await newDuel({ clock: { initialMs: 60_000, incrementMs: 5_000 } });
    const red = g.seats.red!.token, blue = g.seats.blue!.token;
    let p = await play(red);
    expect(p.clocks?.running.sort()).toEqual(['blue', 'red']);
    clock += 10_000;
    await act(red, { type: 'bid', n: 3 });
    p = await play(red);
    expect(p.clocks?.remainingMs.red).toBe(55_000);
    expect(p.clocks?.running).toEqual(['blue']);
    const early = await api('POST', `/api/play/${red}/claim`, { mode: 'win' });
    expect(early.status).toBe(400);
    clock += 60_000;
    p = await play(red);
    expect(p.clocks?.expired).toEqual(['blue']);
    const c = await api('POST', `/api/play/${red}/claim`, { mode: 'win' });
    expect(c.status).toBe(200);
    p = await play(blue);
    expect(p.serverResult).toMatchObject({ kind: 'time', loser: 'blue', winner: 'red' });
    expect(p.seed).toBeDefined();
  });

  it('an expired seat can be handed to the AI, which then plays it', async () => {
    const g = await newDuel({ clock: { initialMs: 1_000, incrementMs: 0 } });
    const red = g.seats.red!.token;
    await act(red, { type: 'bid', n: 3 });
    clock += 5_000;
    const c = await api('POST', `/api/play/${red}/claim`, { mode: 'ai' });
    expect(c.status).toBe(200);
    for (let i = 0; i < 100 && (await play(red)).stateId < 3; i++) await srv.manager.idle();
    const p = await play(red);
    expect(p.stateId).toBeGreaterThanOrEqual(3);
    expect(p.seats.find((s) => s.seat === 'blue')?.kind).toBe('ai');
  });
});

describe('AI seats', () => {
  it('two AI seats play a whole game on the worker pool, each from its own view; the log verifies', async () => {
    const g = await newDuel({ seats: { red: { kind: 'ai', level: 1 }, blue: { kind: 'ai', level: 1 } } });
    let p = await play(g.spectator.token);
    for (let i = 0; i < 500 && p.status !== 'finished'; i++) {
      await srv.manager.idle();
      p = await play(g.spectator.token);
    }
    expect(p.status).toBe('finished');
    const v = verifyLog((await api('GET', `/api/play/${g.spectator.token}/log`)).body);
    expect(v.problems).toEqual([]);
    expect(v.ok).toBe(true);
  });

  it('a human against the AI: the AI answers each human move', async () => {
    const g = await newDuel({ seats: { red: { kind: 'human' }, blue: { kind: 'ai' } } });
    const rc = await client(g.seats.red!.token);
    // blue (AI) bids at once once red has taken its seat: red acts against the state after that bid
    await rc.stateAtLeast(2);
    rc.send({ type: 'action', reqId: 'r', stateId: 2, action: { type: 'bid', n: 3 } });
    const s = await rc.waitFor<StateMessage>((m) => m.type === 'state' && (m.view.state as any).bids?.red === 3);
    expect(s.stateId).toBe(3);
    expect(s.view.prompt?.kind).toBe('turn');
    const ai = await api('POST', `/api/play/${g.seats.blue!.token}/action`, { stateId: s.stateId, action: { type: 'pass' } });
    expect(ai.status).toBe(403);
    expect(ai.body.message).toContain('played by the AI');
  });
});

describe('web client and rate limits', () => {
  it('serves the built client for client routes (/play/<token>, /replay/<id>) and limits requests per token with a clear 429', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const web = mkdtempSync(join(tmpdir(), 'theater-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>client</title>');
    writeFileSync(join(web, 'app.js'), 'console.log(1)');
    const s2 = await startServer({
      port: 0, db: ':memory:', aiWorkers: 0, webRoot: web, log: () => undefined,
      rateLimit: { perToken: { burst: 5, perSecond: 0.001 }, perAddress: { burst: 1000, perSecond: 1000 } },
    });
    try {
      for (const path of ['/', '/play/abc', '/replay/xyz']) {
        const r = await fetch(s2.url + path);
        expect(r.status).toBe(200);
        expect(await r.text()).toContain('<title>client</title>');
      }
      expect(await (await fetch(s2.url + '/app.js')).text()).toBe('console.log(1)');
      expect((await http(s2.url, 'GET', '/api/nothing')).status).toBe(404);
      const g = (await http<CreateGameResponse>(s2.url, 'POST', '/api/games', { ruleset: 'duel' })).body;
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) codes.push((await http(s2.url, 'GET', `/api/play/${g.seats.red!.token}`)).status);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const r = await http(s2.url, 'GET', `/api/play/${g.seats.red!.token}`);
      expect(r.body).toEqual({ error: 'rate-limited', message: 'too many requests for this token; slow down' });
      expect((await http(s2.url, 'GET', `/api/play/${g.seats.blue!.token}`)).status).toBe(200);
    } finally {
      await s2.close();
      rmSync(web, { recursive: true, force: true });
    }
  });
});

describe('restart', () => {
  it('running games with an AI seat resume after a restart without any client coming back', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'theater-resume-'));
    const db = join(dir, 't.sqlite');
    try {
      const s1 = await startServer({ port: 0, db, aiWorkers: 0, log: () => undefined });
      const g = (await http<CreateGameResponse>(s1.url, 'POST', '/api/games', { ruleset: 'duel', seats: { red: { kind: 'human' }, blue: { kind: 'ai' } } })).body;
      await takeSeats(s1.url, [g.seats.red!.token]);
      expect((await http(s1.url, 'POST', `/api/play/${g.seats.red!.token}/action`, { stateId: 1, action: { type: 'bid', n: 3 } })).status).toBe(200);
      await s1.close();
      const s2 = await startServer({ port: 0, db, aiWorkers: 1, log: () => undefined });
      // The AI worker plays blue's bid once it has started: wait for it (the test's time limit bounds the wait).
      while ((await s2.storage.getGame(g.gameId))!.entryCount < 3) await new Promise((r) => setTimeout(r, 25));
      expect((await s2.storage.getGame(g.gameId))!.entryCount).toBe(3);
      await s2.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a restarted server resumes a game from its latest snapshot: the same views, events, undo rights, replays and export', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'theater-snap-'));
    const db = join(dir, 't.sqlite');
    const fromSnapshot = vi.spyOn(Game, 'fromSnapshot');
    try {
      const s1 = await startServer({ port: 0, db, aiWorkers: 0, snapshotEvery: 4, log: () => undefined });
      const g = (await http<CreateGameResponse>(s1.url, 'POST', '/api/games', {
        ruleset: 'duel', options: { rounds: 20 }, seats: { red: { kind: 'human' }, blue: { kind: 'human' } },
      })).body;
      const tokens = [g.seats.red!.token, g.seats.blue!.token, g.spectator.token];
      await takeSeats(s1.url, tokens.slice(0, 2));
      const rng = createRng('snapshot-restart');
      for (let i = 0; i < 14; i++) {
        const [red, blue] = await Promise.all(tokens.slice(0, 2).map(async (t) => (await http<PlayResponse>(s1.url, 'GET', `/api/play/${t}`)).body));
        const mine = [red!, blue!].filter((p) => p.view.prompt);
        if (mine.length === 0) break;
        const p = mine[nextInt(rng, mine.length)]!;
        const t = tokens[p.seat === 'red' ? 0 : 1]!;
        const choices = p.view.prompt!.choices;
        const r = await http(s1.url, 'POST', `/api/play/${t}/action`, { stateId: p.stateId, action: choices[nextInt(rng, choices.length)]!.action });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      const snapshot = await s1.storage.latestSnapshot(g.gameId);
      expect(snapshot!.idx).toBeGreaterThanOrEqual(8);
      const seen = async (base: string) => {
        const plays = await Promise.all(tokens.map(async (t) => (await http<PlayResponse>(base, 'GET', `/api/play/${t}`)).body));
        const logs = await Promise.all(tokens.map(async (t) => (await http(base, 'GET', `/api/play/${t}/log`)).body));
        const replays = await Promise.all([0, 3, 7, 10].map(async (at) => (await http(base, 'GET', `/api/replay/${g.gameId}?at=${at}`)).body));
        return { plays, logs, replays };
      };
      const before = await seen(s1.url);
      await s1.close();
      fromSnapshot.mockClear();
      const s2 = await startServer({ port: 0, db, aiWorkers: 0, snapshotEvery: 4, log: () => undefined });
      try {
        const after = await seen(s2.url);
        expect(fromSnapshot).toHaveBeenCalledTimes(1);
        expect(after).toEqual(before);
        const p = after.plays.find((x) => x.view.prompt)!;
        const t = tokens[p.seat === 'red' ? 0 : 1]!;
        const r = await http(s2.url, 'POST', `/api/play/${t}/action`, { stateId: p.stateId, action: p.view.prompt!.choices[0]!.action });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      } finally {
        await s2.close();
      }
    } finally {
      fromSnapshot.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
