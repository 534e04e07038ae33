// The view sent as a change (docs/server.md, WebSocket): over a 2WW game, every state message a seat's or a spectator's
// socket rebuilds equals the whole view the HTTP API answers for the same state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateGameResponse, PlayResponse, StateMessage } from './protocol.ts';
import { startServer, type RunningServer } from './server.ts';
import { http, takeSeats, TestClient } from './test-helpers.ts';

let srv: RunningServer;
beforeAll(async () => {
  srv = await startServer({ port: 0, db: ':memory:', aiWorkers: 0, log: () => undefined });
});
afterAll(async () => {
  await srv.close();
});

describe('the view as a change of the previous one', () => {
  it('rebuilds on every socket exactly the view GET /api/play answers, through moves, groups and phases', async () => {
    const created = (await http<CreateGameResponse>(srv.url, 'POST', '/api/games', {
      ruleset: '2ww', options: { quickSetup: true }, seats: { axis: { kind: 'human' }, allies: { kind: 'human' } },
    })).body;
    const tokens = { axis: created.seats.axis!.token, allies: created.seats.allies!.token, spectator: created.spectator.token };
    let stateId = await takeSeats(srv.url, [tokens.axis, tokens.allies]);
    const clients = Object.fromEntries(Object.entries(tokens).map(([s, t]) => [s, new TestClient(srv.url, t)])) as Record<keyof typeof tokens, TestClient>;
    for (const c of Object.values(clients)) await c.opened;
    let n = 0;
    for (let step = 0; step < 30; step++) {
      for (const [seat, c] of Object.entries(clients)) {
        const got = (await c.stateAtLeast(stateId)) as StateMessage;
        expect(got.stateId).toBe(stateId);
        const whole = (await http<PlayResponse>(srv.url, 'GET', `/api/play/${tokens[seat as keyof typeof tokens]}`)).body;
        expect(JSON.parse(JSON.stringify(got.view)), `${seat} at state ${stateId}`).toEqual(whole.view);
      }
      // the seat to act plays a spread pick, a structured prompt's group asked for first
      const last = (s: 'axis' | 'allies') => clients[s].messages.findLast((m) => m.type === 'state') as StateMessage;
      const seat = (['axis', 'allies'] as const).find((s) => last(s).view.prompt);
      if (!seat) break;
      const prompt = last(seat).view.prompt!;
      const k = (n++ * 7919) % (prompt.choices.length + (prompt.groups?.length ?? 0));
      let action = prompt.choices[k]?.action;
      if (!action) {
        const group = prompt.groups![k - prompt.choices.length]!.key;
        const list = (await http(srv.url, 'GET', `/api/play/${tokens[seat]}/choices/${group}?stateId=${stateId}`)).body.choices as { action: never }[];
        action = list.length ? list[(n++ * 7919) % list.length]!.action : prompt.choices[0]!.action;
      }
      const r = await http(srv.url, 'POST', `/api/play/${tokens[seat]}/action`, { stateId, action });
      expect(r.status, r.text).toBe(200);
      stateId = r.body.stateId as number;
    }
    for (const c of Object.values(clients)) expect(c.viewDeltas).toBeGreaterThan(20);
    // a reconnect gets the view whole
    const again = new TestClient(srv.url, tokens.axis, stateId);
    const first = (await again.stateAtLeast(stateId)) as StateMessage;
    expect(again.viewDeltas).toBe(0);
    expect(first.view).toEqual((await http<PlayResponse>(srv.url, 'GET', `/api/play/${tokens.axis}`)).body.view);
    for (const c of [...Object.values(clients), again]) await c.close();
  });
});
