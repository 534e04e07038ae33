// Fog of war through the server (Ruleset.hiddenActions, BKG advanced 9.12, ruling 96): before the end, nothing an
// Allied seat or a spectator reads names a German unit it may not see (an action names its units, and a unit's id
// names its type); after the end the log export is whole. The search is for the hidden units' ids themselves.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { allChoices, Game, prompts, type Action, type GameLog, type Seat } from '../engine/index.ts';
import { bkg } from '../rulesets/bkg/index.ts';
import { fogFor } from '../rulesets/bkg/fog.ts';
import type { BkgState } from '../rulesets/bkg/state.ts';
import { startServer, type RunningServer } from './server.ts';
import { http, takeSeats, TestClient } from './test-helpers.ts';
import type { CreateGameResponse, PlayResponse, ReplayResponse } from './protocol.ts';

let srv: RunningServer;
const clients: TestClient[] = [];
beforeAll(async () => {
  srv = await startServer({
    port: 0, db: ':memory:', aiWorkers: 0, now: () => 1_000_000, log: () => undefined,
    rateLimit: { perToken: { burst: 1e6, perSecond: 1e6 }, perAddress: { burst: 1e6, perSecond: 1e6 } },
  });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await srv.close();
});

const api = <T = any>(method: string, path: string, body?: unknown) => http<T>(srv.url, method, path, body);
async function act(token: string, action: Action): Promise<void> {
  const p = await api<PlayResponse>('GET', `/api/play/${token}`);
  const r = await api('POST', `/api/play/${token}/action`, { stateId: p.body.stateId, action });
  expect(r.status, r.text).toBe(200);
}

/** Whether `text` names unit `id` (not merely a longer id that starts with it). */
const names = (text: string, id: string) => new RegExp(`(?<![\\w-])${id}(?![\\w-])`).test(text);

/** The ids hidden from `seat` in every state from `from` actions in force to the end of `g`. */
function hiddenThroughout(g: Game<BkgState>, seat: Seat | null, from: number): string[] {
  let out = [...fogFor(g.stateAt(from), seat).hidden];
  for (let n = from + 1; n <= g.played.length; n++) {
    const h = fogFor(g.stateAt(n), seat).hidden;
    out = out.filter((id) => h.has(id));
  }
  return out;
}

it('BKG 9.12 fog of war: no channel an Allied seat or a spectator reads names a hidden German unit until the end', async () => {
  // The 1941 set-up with its 2/41 reinforcements placed (the placements name the units), played as a log.
  const g = Game.create(bkg, 'advanced-1941', { fogOfWar: true }, 'fog-server') as Game<BkgState>;
  for (;;) {
    const ps = prompts(bkg, g.state);
    const pl = ps.find((x) => x.kind === 'place');
    if (!pl) break;
    if (ps.length === 1 && pl.text.includes('(1 left)')) g.force([6, 1, 4, 1]); // initiative, weather, limits
    g.act(pl.seat, pl.choices![0]!.action);
  }
  const imported = g.played.length;
  const res = await api<CreateGameResponse>('POST', '/api/games/import', {
    log: JSON.parse(JSON.stringify(g.toLog())), seats: Object.fromEntries(bkg.seats.map((s) => [s, { kind: 'human' }])),
  });
  expect(res.status, res.text).toBe(201);
  const { gameId, seats, spectator } = res.body;
  const watch = async (token: string) => {
    const ws = new TestClient(srv.url, token);
    clients.push(ws);
    await ws.opened;
    await ws.stateAtLeast(0);
    return ws;
  };
  const readers = { be: { token: seats.be!.token, ws: await watch(seats.be!.token) }, spectator: { token: spectator.token, ws: await watch(spectator.token) } };
  await takeSeats(srv.url, bkg.seats.map((s) => seats[s]!.token));

  // On the server: the Axis end rail moves and rebasing, and Germany moves a unit under the top of a stack.
  for (const m of ['germany', 'italy', 'japan', 'germany', 'italy', 'japan']) {
    await act(seats[m]!.token, { type: 'end' });
    g.act(m, { type: 'end' });
  }
  const move: Action = { type: 'move', units: ['germany-air3-28'], to: 'western-poland' };
  expect(allChoices(bkg, g.state, prompts(bkg, g.state).find((p) => p.seat === 'germany')!).map((c) => c.action)).toContainEqual(move);
  await act(seats.germany!.token, move);
  g.act('germany', move);

  const hidden = { be: hiddenThroughout(g, 'be', imported), spectator: hiddenThroughout(g, null, imported) };
  expect(hidden.be).toContain('germany-air3-28');
  expect(hidden.be.filter((id) => id.startsWith('germany-')).length).toBeGreaterThan(10);
  for (const [who, r] of Object.entries(readers)) {
    const from = r.ws.messages.length;
    r.ws.send({ type: 'ping', reqId: 'sync' });
    await r.ws.waitFor((m) => m.type === 'pong', 10_000, from); // every earlier message has arrived
    const seen: [string, string][] = [
      ['WebSocket messages', JSON.stringify(r.ws.messages)],
      ['GET /api/play/:token', (await api('GET', `/api/play/${r.token}`)).text],
      ['POST /api/my-games', (await api('POST', '/api/my-games', { tokens: [r.token] })).text],
      ['GET /api/play/:token/log', (await api('GET', `/api/play/${r.token}/log`)).text],
    ];
    for (const [channel, text] of seen) {
      for (const id of hidden[who as keyof typeof hidden]) expect(names(text, id), `${who}: ${channel} names ${id}`).toBe(false);
    }
    const exp = (await api<GameLog>('GET', `/api/play/${r.token}/log`)).body;
    expect(exp.seed).toBe('');
    const others = exp.entries.filter((e) => 'action' in e && e.seat !== who);
    expect(others.length).toBeGreaterThan(imported);
    for (const e of others) expect(e).toEqual({ seat: (e as { seat: Seat }).seat, action: { type: 'hidden' }, hash: '' });
  }
  // The public replay shows each state's public view: no unit hidden from a spectator in that state.
  const length = (await api<ReplayResponse>('GET', `/api/replay/${gameId}`)).body.length;
  expect(length).toBe(g.played.length);
  for (let at = 0; at <= length; at++) {
    const text = (await api('GET', `/api/replay/${gameId}?at=${at}`)).text;
    for (const id of fogFor(g.stateAt(at), null).hidden) expect(names(text, id), `replay at ${at} names ${id}`).toBe(false);
  }
  // Positive controls: Germany's own export names the unit it moved; after the end every export is whole.
  const own = (await api<GameLog>('GET', `/api/play/${seats.germany!.token}/log`)).body;
  expect(own.entries.at(-1)).toMatchObject({ seat: 'germany', action: move });
  const notGerman = g.toLog().entries.filter((e) => 'action' in e && e.seat !== 'germany').length; // Italy's and Japan's
  expect(notGerman).toBeGreaterThan(4);
  expect(own.entries.filter((e) => 'action' in e && e.action.type === 'hidden').length).toBe(notGerman);
  expect((await api('POST', `/api/play/${seats.be!.token}/resign`, {})).status).toBe(200);
  const full = (await api<GameLog>('GET', `/api/play/${seats.be!.token}/log`)).body;
  expect(full.seed).toBe('fog-server');
  expect(full.entries.some((e) => 'action' in e && e.action.type === 'hidden')).toBe(false);
  expect(full.entries.at(-1)).toMatchObject({ seat: 'germany', action: move });
  expect(full.entries.every((e) => e.hash !== '')).toBe(true);
  expect(names(JSON.stringify(full), 'germany-air3-28')).toBe(true);
}, 120_000);
