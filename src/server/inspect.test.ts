// Questions about a decision that change nothing (POST /api/play/:token/inspect, src/server/inspect.ts), and the rule
// set routes the browser uses instead of rule set code (src/server/ruleset-routes.ts): the listing's flags, the rules
// reference, the positions the editor starts from and checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateGameResponse, InspectResponse, PlayResponse, RulesetInfo } from './protocol.ts';
import { startServer, type RunningServer } from './server.ts';
import { http, takeSeats } from './test-helpers.ts';

let srv: RunningServer;
beforeAll(async () => {
  srv = await startServer({ port: 0, db: ':memory:', aiWorkers: 0, log: () => undefined });
});
afterAll(() => srv.close());

async function areasGame(options: Record<string, unknown> = {}) {
  const g = (await http<CreateGameResponse>(srv.url, 'POST', '/api/games', {
    ruleset: 'fixture-areas', options, seats: { north: { kind: 'human' }, south: { kind: 'human' } },
  })).body;
  await takeSeats(srv.url, [g.seats.north!.token, g.seats.south!.token]);
  return { north: g.seats.north!.token, south: g.seats.south!.token, spectator: g.spectator.token };
}
const stateOf = async (token: string) => (await http<PlayResponse>(srv.url, 'GET', `/api/play/${token}`)).body.stateId;
const act = async (token: string, action: Record<string, unknown>) => {
  const r = await http(srv.url, 'POST', `/api/play/${token}/action`, { stateId: await stateOf(token), action });
  expect(r.status, r.text).toBe(200);
};
const ask = (token: string, stateId: number, question: unknown) => http<InspectResponse>(srv.url, 'POST', `/api/play/${token}/inspect`, { stateId, question });

describe('the rule set listing and routes', () => {
  it('#21 item 11: the listing says which games are hidden, which seats an AI plays, and what the server offers', async () => {
    const list = (await http<RulesetInfo[]>(srv.url, 'GET', '/api/rulesets')).body;
    const by = Object.fromEntries(list.map((r) => [r.id, r]));
    expect(by.duel).toMatchObject({ hidden: true, aiSeats: ['red', 'blue'], odds: true });
    expect(by['fixture-areas']).toMatchObject({ hidden: true, aiSeats: [], odds: true, positions: true, rules: true });
    expect(by['2ww']).toMatchObject({ aiSeats: ['axis', 'allies'], odds: true, positions: true });
    expect(by['2ww']!.hidden).toBeUndefined();
    expect(by.eto!.aiSeats).toEqual(['axis', 'allies']);
    // Seats as players read them, for the home page (which loads no assets).
    expect(by.aae!.seatNames).toMatchObject({ germany: 'Germany', ussr: 'Soviet Union', uk: 'United Kingdom' });
    expect(by.bkg!.seatNames).toMatchObject({ be: 'British Empire', usa: 'USA' });
    // Case White's solitaire Poles play the allies seat when it is an AI seat; no other scenario has a script.
    expect(by.eto!.scripted?.seats['case-white']).toEqual(['allies']);
    expect(by.eto!.scripted?.seats.bulge).toEqual([]);
  });

  it('#21 item 8: the rules reference is served per rule set; a rule set without one is a 404 that says where it goes', async () => {
    const r = await http(srv.url, 'GET', '/api/rulesets/fixture-areas/rules');
    expect(r.status).toBe(200);
    expect(r.body.prefix).toBe('Areas');
    expect(r.body.cases['4.3'].title).toBe('Resolving a battle');
    const none = await http(srv.url, 'GET', '/api/rulesets/duel/rules');
    expect(none.status).toBe(404);
    expect(none.body.message).toContain('src/rulesets/duel/rules-reference.json');
  });

  it('#18 positions for the editor: the set-up\'s position with options, validated by the rule set, errors named', async () => {
    const init = await http(srv.url, 'GET', `/api/rulesets/fixture-areas/positions/initial?scenario=skirmish&options=${encodeURIComponent('{"quickSetup":true}')}`);
    expect(init.status, init.text).toBe(200);
    expect(init.body.position.units.find((u: { id: string }) => u.id === 'n6').at).toBe('nhold');
    const ok = await http(srv.url, 'POST', '/api/rulesets/fixture-areas/positions/validate', { position: init.body.position });
    expect(ok.body).toEqual({ problems: [] });
    const bad = { ...init.body.position, units: init.body.position.units.map((u: { id: string; at: string }) => (u.id === 'n1' ? { ...u, at: 'nsea' } : u)) };
    const r = await http(srv.url, 'POST', '/api/rulesets/fixture-areas/positions/validate', { position: bad });
    expect(r.body.problems).toEqual([{ file: 'position', field: 'units[0].at', message: 'Areas 3.2: n1 is infantry and must stand on land (North Sea)' }]);
    expect((await http(srv.url, 'GET', '/api/rulesets/duel/positions/initial')).status).toBe(404);
    expect((await http(srv.url, 'GET', '/api/rulesets/fixture-areas/positions/initial?scenario=nope')).status).toBe(400);
    expect((await http(srv.url, 'GET', '/api/rulesets/fixture-areas/positions/initial?options=%7B%22x%22%3A1%7D')).body.message).toContain('has no option "x"');
  });
});

describe('inspect: questions about a decision that change nothing', () => {
  it('#21 item 3: the exact odds of the listed choice that starts a combat, with the state unchanged', async () => {
    const t = await areasGame({ quickSetup: true });
    await act(t.north, { type: 'move', from: 'nhold', to: 'midmarch', unit: 'inf' });
    await act(t.north, { type: 'move', from: 'nhold', to: 'midmarch', unit: 'inf' });
    await act(t.north, { type: 'end-move' });
    await act(t.north, { type: 'end-combat' });
    await act(t.south, { type: 'move', from: 'shold', to: 'midmarch', unit: 'inf' });
    await act(t.south, { type: 'end-move' });
    const s0 = await stateOf(t.south);
    const none = (await ask(t.south, s0, { kind: 'odds' })).body;
    expect(none.answer).toEqual({ kind: 'odds', entries: [] });
    await act(t.south, { type: 'attack', area: 'midmarch' });
    const s1 = await stateOf(t.south);
    const r = await ask(t.south, s1, { kind: 'odds' });
    expect(r.status, r.text).toBe(200);
    const entries = (r.body.answer as { entries: { choice: number; report: { summary: { pWinExact: string } } }[] }).entries;
    // 1 + d6 against 2 + d6: South wins on a die two higher than North's, 10 of 36.
    expect(entries).toHaveLength(1);
    expect(entries[0]!.report.summary.pWinExact).toBe('5/18');
    expect(await stateOf(t.south)).toBe(s1);
    expect((await ask(t.south, s1 - 1, { kind: 'odds' })).status).toBe(409);
    expect((await ask(t.spectator, s1, { kind: 'odds' })).status).toBe(403);
  });

  it('#21 item 9: why an action is illegal, from the rules\' own explanation; a legal one is said to be legal, and not played', async () => {
    const t = await areasGame({ quickSetup: true });
    const s = await stateOf(t.north);
    const bad = (await ask(t.north, s, { kind: 'explain', action: { type: 'move', from: 'nhold', to: 'scoast', unit: 'inf' } })).body.answer;
    expect(bad).toEqual({ kind: 'explain', legal: false, rule: 'Areas 3.1', message: 'South Coast does not touch North Hold: a unit moves one area' });
    const good = (await ask(t.north, s, { kind: 'explain', action: { type: 'move', from: 'nhold', to: 'midmarch', unit: 'inf' } })).body.answer;
    expect(good).toEqual({ kind: 'explain', legal: true });
    expect(await stateOf(t.north)).toBe(s);
  });

  it('#21 bug 6: a preview says the next decision would be a forced loss (Areas 3.4); dice keep the future unknown', async () => {
    const t = await areasGame();
    await act(t.north, { type: 'place', area: 'nhold' });
    const s = await stateOf(t.north);
    const over = (await ask(t.north, s, { kind: 'preview', action: { type: 'place', area: 'nhold' } })).body.answer;
    expect(over).toEqual({ kind: 'preview', known: true, outcome: null, next: { text: 'Overstacked in North Hold: remove one infantry (at most 3)', rule: 'Areas 3.4', kind: 'eliminate' } });
    const fine = (await ask(t.north, s, { kind: 'preview', action: { type: 'place', area: 'ncoast' } })).body.answer;
    expect(fine).toEqual({ kind: 'preview', known: true, outcome: null, next: null });

    const d = (await http<CreateGameResponse>(srv.url, 'POST', '/api/games', { ruleset: 'duel', seats: { red: { kind: 'human' }, blue: { kind: 'human' } } })).body;
    const red = d.seats.red!.token, blue = d.seats.blue!.token;
    await takeSeats(srv.url, [red, blue]);
    await act(red, { type: 'bid', n: 3 });
    await act(blue, { type: 'bid', n: 1 });
    const dice = (await ask(red, await stateOf(red), { kind: 'preview', action: { type: 'attack' } })).body.answer;
    expect(dice).toEqual({ kind: 'preview', known: false });
  });

  it('#21 bug 5: a preview of the last step says it ends the game, with the result', async () => {
    // Turn 4, South's combat: ending it ends the game on points (Areas 7.2).
    const pos = (await http(srv.url, 'GET', '/api/rulesets/fixture-areas/positions/initial?options=%7B%22quickSetup%22%3Atrue%7D')).body.position;
    const g = (await http<CreateGameResponse>(srv.url, 'POST', '/api/games', {
      ruleset: 'fixture-areas', position: { ...pos, stack: undefined, turn: 4, phase: 'south-combat' }, seats: { north: { kind: 'human' }, south: { kind: 'human' } },
    }));
    expect(g.status, g.text).toBe(201);
    const south = g.body.seats.south!.token;
    const end = (await ask(south, await stateOf(south), { kind: 'preview', action: { type: 'end-combat' } })).body.answer;
    expect(end).toEqual({ kind: 'preview', known: true, outcome: { winner: null, result: 'a draw on points, 5 each', rule: 'Areas 7.2' }, next: null });
  });
});
