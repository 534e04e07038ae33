import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Game, type GameLog, type Json } from '../engine/index.ts';
import { duel } from '../engine/testing/duel.ts';
import { registerKernelCommands } from './kernel-commands.ts';
import { runCommand } from './testing.ts';

const run = (...args: string[]) => runCommand([registerKernelCommands], args);

afterEach(() => {
  process.exitCode = undefined;
});

const dir = mkdtempSync(join(tmpdir(), 'theater-replay-'));

/** A Duel of two bids, exported with `meta` (as the server writes a resignation into it). */
function logFile(name: string, meta: Record<string, Json>): string {
  const g = Game.create(duel, 'standard', { rounds: 2 }, 'replay-cli');
  g.act('red', { type: 'bid', n: 1 });
  g.act('blue', { type: 'bid', n: 2 });
  const f = join(dir, `${name}.json`);
  writeFileSync(f, JSON.stringify(g.toLog(meta) as GameLog));
  return f;
}

describe('theater replay', () => {
  it('a game the server ended (a resignation in the log\'s meta) is reported ended, not in progress', async () => {
    const f = logFile('resigned', { status: 'finished', serverResult: { kind: 'resigned', loser: 'red', winner: 'blue', result: 'red resigned: blue wins' } });
    const r = await run('replay', f, '--quiet');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Ended by the server: red resigned: blue wins');
    expect(r.out).not.toContain('In progress');
    const j = JSON.parse((await run('replay', f, '--json', '--quiet')).out);
    expect(j).toMatchObject({ serverResult: 'red resigned: blue wins', outcome: null, waitingFor: [] });
  });

  it('a game still running says who is awaited', async () => {
    const r = await run('replay', logFile('running', {}), '--quiet');
    expect(r.out).toMatch(/In progress: .*; waiting for (red|blue)/);
  });
});
