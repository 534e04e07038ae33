import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Game, LOG_VERSION } from '../engine/game.ts';
import { getRuleset } from '../rulesets/index.ts';
import { SqliteStorage } from './sqlite-storage.ts';
import { http, takeSeats, TestClient } from './test-helpers.ts';
import type { CreateGameResponse, StateMessage } from './protocol.ts';

const dir = mkdtempSync(join(tmpdir(), 'theater-crash-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function spawnServer(dbFile: string, gameWorkers: number): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main-for-tests.ts', dbFile, '0'], {
    stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, THEATER_AI_WORKERS: '1', THEATER_GAME_WORKERS: String(gameWorkers) },
  });
  children.push(child);
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
  return { child, url: JSON.parse(line).url as string };
}

// With game workers as `theater serve` runs by default (one on two cores), and with the games on the main thread.
describe.each([
  { config: 'one game worker thread', gameWorkers: 1 },
  { config: 'games on the main thread', gameWorkers: 0 },
])('crash safety, $config', ({ gameWorkers }) => {
  it('after kill -9, every acknowledged action is stored, every game replays to its stored hashes, and clients go on', async () => {
    const dbFile = join(dir, `theater-${gameWorkers}.sqlite`);
    const first = await spawnServer(dbFile, gameWorkers);
    const games: CreateGameResponse[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await http<CreateGameResponse>(first.url, 'POST', '/api/games', {
        ruleset: 'duel', options: { rounds: 20 }, seats: { red: { kind: 'human' }, blue: { kind: 'human' } },
      });
      expect(r.status).toBe(201);
      await takeSeats(first.url, [r.body.seats.red!.token, r.body.seats.blue!.token]);
      games.push(r.body);
    }
    // Clients play as fast as they can; remember every acknowledged state id per game.
    const acked = new Map<string, number>();
    let stop = false;
    const players = games.flatMap((g) => (['red', 'blue'] as const).map(async (seat) => {
      const c = new TestClient(first.url, g.seats[seat]!.token);
      await c.opened;
      let n = 0;
      while (!stop && !c.closed) {
        const s = c.messages.filter((m): m is StateMessage => m.type === 'state').at(-1);
        const prompt = s?.view.prompt;
        if (!s || !prompt || s.status === 'finished') {
          await new Promise((r) => setTimeout(r, 2));
          continue;
        }
        const reqId = `${seat}${n++}`;
        c.send({ type: 'action', reqId, stateId: s.stateId, action: prompt.choices[n % prompt.choices.length]!.action });
        const reply = await c.waitFor((m) => (m.type === 'ack' || m.type === 'error') && m.reqId === reqId, 1500).catch(() => null);
        if (reply?.type === 'ack') acked.set(g.gameId, Math.max(acked.get(g.gameId) ?? 0, reply.stateId));
        if (reply?.type === 'error' && reply.error === 'stale') await c.stateAtLeast(reply.stateId!, 2000).catch(() => null);
      }
      await c.close().catch(() => undefined);
    }));
    await new Promise((r) => setTimeout(r, 1500));
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    stop = true;
    await Promise.all(players);
    expect([...acked.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(20);

    // The database alone: every acknowledged entry is there and every game replays to its stored hashes.
    const store = new SqliteStorage(dbFile);
    await store.init();
    for (const g of games) {
      const rec = (await store.getGame(g.gameId))!;
      const entries = await store.entries(g.gameId, 0);
      expect(entries.length).toBe(rec.entryCount);
      expect(rec.entryCount).toBeGreaterThanOrEqual(acked.get(g.gameId) ?? 0);
      const log = {
        format: 'theater-log', version: LOG_VERSION, ruleset: rec.ruleset, rulesVersion: rec.rulesVersion, scenario: rec.scenario,
        options: rec.options, seed: rec.seed, setupHash: rec.setupHash, entries: entries.map((e) => e.entry),
      };
      expect(() => Game.load(getRuleset(rec.ruleset), log)).not.toThrow();
    }
    await store.close();

    // Restart: clients reconnect with their last state id and play on.
    const second = await spawnServer(dbFile, gameWorkers);
    for (const g of games) {
      const p = await http(second.url, 'GET', `/api/play/${g.seats.red!.token}`);
      expect(p.status).toBe(200);
      expect(p.body.stateId).toBeGreaterThanOrEqual(acked.get(g.gameId) ?? 0);
      const c = new TestClient(second.url, g.seats.red!.token, p.body.stateId);
      const s = await c.stateAtLeast(p.body.stateId);
      expect(s.events).toEqual([]);
      const who = s.view.waitingFor[0]?.seat;
      if (s.status === 'running' && who) {
        const tok = g.seats[who]!.token;
        const pp = await http(second.url, 'GET', `/api/play/${tok}`);
        const r = await http(second.url, 'POST', `/api/play/${tok}/action`, { stateId: pp.body.stateId, action: pp.body.view.prompt.choices[0].action });
        expect(r.status).toBe(200);
        await c.stateAtLeast(pp.body.stateId + 1);
      }
      await c.close();
    }
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
  });
});
