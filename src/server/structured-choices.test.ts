// A structured prompt over the server (docs/server.md): a group's choices are asked for by WebSocket or HTTP against a
// state id; stale ids and unknown groups are refused; an action inside a group is played like any other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokens } from '../engine/testing/tokens.ts';
import { packages, rulesets } from '../rulesets/index.ts';
import type { CreateGameResponse, PlayResponse } from './protocol.ts';
import { startServer, type RunningServer } from './server.ts';
import { http, takeSeats, TestClient } from './test-helpers.ts';

let srv: RunningServer;
beforeAll(async () => {
  rulesets[tokens.id] = tokens;
  packages[tokens.id] = { ruleset: tokens, hidden: true };
  srv = await startServer({ port: 0, db: ':memory:', aiWorkers: 0, log: () => undefined });
});
afterAll(async () => {
  await srv.close();
  delete rulesets[tokens.id];
  delete packages[tokens.id];
});

describe('structured prompts over the server', () => {
  it('lists a group\'s choices by HTTP and WebSocket, refuses stale ids and unknown groups, plays a grouped action', async () => {
    const created = (await http<CreateGameResponse>(srv.url, 'POST', '/api/games', { ruleset: 'tokens', seats: { a: { kind: 'human' } } })).body;
    const token = created.seats.a!.token;
    await takeSeats(srv.url, [token]);
    const play = (await http<PlayResponse>(srv.url, 'GET', `/api/play/${token}`)).body;
    expect(play.view.prompt!.groups!.map((g) => g.key)).toEqual(['x', 'y']);
    expect(play.view.prompt!.choices.map((c) => c.label)).toEqual(['Stop']);

    const viaHttp = await http(srv.url, 'GET', `/api/play/${token}/choices/y?stateId=${play.stateId}`);
    expect(viaHttp.status, viaHttp.text).toBe(200);
    expect(viaHttp.body.choices.map((c: { label: string }) => c.label)).toEqual(['y to 2', 'y to 4']);
    expect((await http(srv.url, 'GET', `/api/play/${token}/choices/y?stateId=${play.stateId + 1}`)).status).toBe(409);
    const unknown = await http(srv.url, 'GET', `/api/play/${token}/choices/zz?stateId=${play.stateId}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/no group "zz"/);

    const c = new TestClient(srv.url, token);
    await c.opened;
    c.send({ type: 'choices', reqId: 'q1', stateId: play.stateId, group: 'x' });
    const m = await c.waitFor((x) => x.type === 'choices' && x.reqId === 'q1');
    expect(m.type === 'choices' && m.choices.map((x) => x.action)).toEqual([{ type: 'move', token: 'x', to: 1 }]);

    const acted = await http(srv.url, 'POST', `/api/play/${token}/action`, { stateId: play.stateId, action: { type: 'move', token: 'y', to: 4 } });
    expect(acted.status, acted.text).toBe(200);
    const outside = await http(srv.url, 'POST', `/api/play/${token}/action`, { stateId: acted.body.stateId, action: { type: 'move', token: 'x', to: 3 } });
    expect(outside.status).toBe(422);
    await c.close();
  });
});
