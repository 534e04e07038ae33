import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Game, prompts, stateHash } from '../engine/index.ts';
import type { GameLog, Json } from '../engine/index.ts';
import { twoWW } from '../rulesets/2ww/index.ts';
import { writeJsonFile } from './io.ts';
import { registerPositionCommands } from './position-command.ts';
import { runCommand } from './testing.ts';

const run = (...args: string[]) => runCommand([registerPositionCommands], args);

const dir = mkdtempSync(join(tmpdir(), 'theater-positions-'));
const fixture = new URL('../rulesets/2ww/positions/fixtures/', import.meta.url).pathname;
const readJson = (p: string): any => JSON.parse(readFileSync(p, 'utf8'));

afterEach(() => {
  process.exitCode = undefined;
});

describe('theater new / position (docs/positions.md)', () => {
  it('theater new --position starts a game from a position file and writes its log with the position', async () => {
    const log = join(dir, 'rhine.json');
    const r = await run('new', '--ruleset', '2ww', '--position', `${fixture}valid-rhine.json`, '--seed', '7', '--out', log);
    expect(r.err).toMatch(/seed 7: Spring 1940: Axis combat; waiting for axis/);
    const l = readJson(log) as GameLog;
    expect(l.seed).toBe('7');
    expect(l.position).toEqual(readJson(`${fixture}valid-rhine.json`));
    const g = Game.load(twoWW, l);
    expect(g.state.units['ge-inf-6']!.reduced).toBe(true);
  });

  it('theater new refuses a broken position, listing each problem with its rule', async () => {
    await expect(run('new', '--ruleset', '2ww', '--position', `${fixture}broken-overstack.json`))
      .rejects.toThrow(/units\[0\]: 2WW 5\.2\.1: hex 2106 holds 3 armor\/infantry\/paratroop units/);
  });

  it('theater position LOG --at N writes the position after action N; a game from it plays on like the log', async () => {
    const g = Game.create(twoWW, 'campaign-1939', { quickSetup: true }, 'cli');
    for (let i = 0; i < 12; i++) {
      const p = prompts(twoWW, g.state)[0]!;
      g.act(p.seat, p.choices[i % p.choices.length]!.action);
    }
    const logFile = join(dir, 'game.json');
    writeJsonFile(logFile, g.toLog());
    const posFile = join(dir, 'pos-8.json');
    await run('position', logFile, '--at', '8', '--out', posFile);
    const pos = readJson(posFile);
    expect(pos.dice.seed).toBe('cli');
    expect(pos.toAct[0].seat).toBe(prompts(twoWW, g.stateAt(8))[0]!.seat);
    const copy = Game.create(twoWW, 'campaign-1939', {}, 'cli', pos as Json);
    for (const p of g.played.slice(8)) copy.act(p.seat, p.action);
    expect(stateHash({ ...copy.state, seq: 0 })).toBe(stateHash({ ...g.state, seq: 0 }));
    await expect(run('position', logFile, '--at', '99')).rejects.toThrow(/has only 12 actions/);
  });

  it('theater check-position lists the problems of a file and sets the exit code', async () => {
    const r = await run('check-position', `${fixture}broken-switzerland.json`);
    expect(r.out).toMatch(/units\[0\]\.at: 2WW 3\.4\.2: ge-inf-4 is in Switzerland \(hex 2009\)/);
    expect(process.exitCode).toBe(1);
    process.exitCode = undefined;
    expect((await run('check-position', `${fixture}valid-rhine.json`)).out).toMatch(/a valid position/);
    expect(process.exitCode).toBeUndefined();
  });
});
