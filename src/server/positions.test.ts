// POST /api/games with a position (docs/positions.md): the game starts there, survives a restart, and its log
// carries the position (without the generator state: the server's secret seed rolls the dice).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from './server.ts';
import { http } from './test-helpers.ts';
import type { CreateGameResponse, PlayResponse } from './protocol.ts';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../rulesets/2ww/positions/fixtures/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;

describe('POST /api/games with a position', () => {
  it('starts a 2WW game from a position, keeps it over a restart, and refuses a broken one with the rule', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'theater-pos-')), 'games.db');
    const position: Record<string, unknown> = { ...fixture('valid-rhine.json'), dice: { seed: 'x', rng: { s: [1, 2, 3, 4], forced: [], drawn: 0 } } };
    let srv = await startServer({ port: 0, db, aiWorkers: 0, log: () => undefined });
    let gameId: string, spectator: string;
    try {
      const bad = await http(srv.url, 'POST', '/api/games', { ruleset: '2ww', position: fixture('broken-switzerland.json') });
      expect(bad.status).toBe(400);
      expect(bad.text).toMatch(/2WW 3\.4\.2: ge-inf-4 is in Switzerland/);
      const g = await http<CreateGameResponse>(srv.url, 'POST', '/api/games', { ruleset: '2ww', position });
      expect(g.status, g.text).toBe(201);
      gameId = g.body.gameId;
      spectator = g.body.spectator.token;
      const p = (await http<PlayResponse>(srv.url, 'GET', `/api/play/${spectator}`)).body;
      expect((p.view.state as any).units['ge-inf-6']).toMatchObject({ where: '1907', reduced: true, ops: true });
      expect(p.view.status).toMatch(/Axis combat/);
      const log = (await http(srv.url, 'GET', `/api/play/${spectator}/log`)).body;
      expect(log.position.dice).toEqual({ seed: 'x' });
      expect(log.position.units).toEqual(position.units);
    } finally {
      await srv.close();
    }
    srv = await startServer({ port: 0, db, aiWorkers: 0, log: () => undefined });
    try {
      const p = (await http<PlayResponse>(srv.url, 'GET', `/api/play/${spectator}`));
      expect(p.status, p.text).toBe(200);
      expect((p.body.view.state as any).units['ge-inf-6'].reduced).toBe(true);
      expect((await srv.storage.getGame(gameId))!.meta.position).toBeTruthy();
    } finally {
      await srv.close();
    }
  });
});
