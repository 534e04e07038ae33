import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Game, stateHash, type GameLog } from '../../engine/index.ts';
import { twoWW } from '../../rulesets/2ww/index.ts';
import { playScript } from './testing.ts';

const dir = mkdtempSync(join(tmpdir(), 'theater-play-2ww-'));
const readLog = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as GameLog;
const base = { ruleset: '2ww', seed: 'cli-2ww', options: { quickSetup: true }, seats: ['allies=random'] };

describe('theater play on 2ww, scripted', () => {
  it('2WW 8: the movement menu is grouped by unit, a filter narrows it, a number opens a unit and moves it', async () => {
    const out = join(dir, 'move.json');
    const r = await playScript({ ...base, out }, ['/ge-inf-1', '1', '1', 'quit'], 120);
    expect(r.out).toContain('axis decides: Move units, then end the movement phase [2WW 8]');
    // 2WW 8 is a structured prompt: a group per unit or stack, its choices asked for when opened
    expect(r.out).toMatch(/\d+ groups and 1 choice, grouped: a number opens a group/);
    expect(r.out).toMatch(/1\) GE 1st infantry at \d{4} \S+ \(\d-\d\) >/); // unit, hex and city, factors
    // the filter that found the unit matches all its choices: inside the group it is dropped
    expect(r.out).toMatch(/\n\d+ choices \(group GE 1st infantry at 1905 Kiel\):/);
    expect(r.out).toMatch(/axis: Move GE 1st infantry to \d{4}/);
    expect(r.out).toMatch(/GE 1st infantry moves \d{4} > .*\[2WW 8\.1\]/);
    expect(r.code).toBe(0);
    const log = readLog(out);
    expect(log.entries).toHaveLength(1);
    expect((log.entries[0] as any).action).toMatchObject({ type: 'move', unit: 'ge-inf-1' });
  });

  it('2WW 8, 9: ending the movement phase opens the combat phase, and save/--load reproduces the state hash', async () => {
    const out = join(dir, 'save.json');
    const r1 = await playScript({ ...base, out }, ['/ge-arm-1', '1', '1', 'End the movement phase', '/2306', '1', 'view 2205', 'quit'], 120);
    expect(r1.out).toContain('axis: End the movement phase');
    expect(r1.out).toContain('axis decides: axis combat: declare an attack or end the phase [2WW 9]');
    // 2WW 9 is a structured prompt too: a group per hex an attack may reach, its attacks listed when opened
    expect(r1.out).toMatch(/\d+\) Attack 2306 Lodz >/);
    expect(r1.out).toMatch(/1\) Land attack on Lodz/);
    expect(r1.out).toMatch(/Pieces by location matching "2205"/);
    const log1 = readLog(out);
    const hash1 = log1.entries[log1.entries.length - 1]!.hash;
    expect(log1.entries).toHaveLength(2);

    const again = join(dir, 'again.json');
    const r2 = await playScript({ load: out, out: again, seats: ['allies=random'] }, ['log 2', 'view', 'quit'], 120);
    expect(r2.out).toContain('Loaded 2 action(s) in force; every state hash verified.');
    expect(r2.out).toMatch(/ {4}1 axis: Move GE 1st armor to \d{4}/);
    expect(r2.out).toMatch(/Pieces by location \(\d+ locations\)/);
    expect(r2.out).toMatch(/2903 Moscow +SU Moscow fort 6-0/); // 2WW 2.2: place and unit names come from the rule set's board
    const log2 = readLog(again);
    expect(log2.entries).toEqual(log1.entries);
    expect(stateHash(Game.load(twoWW as any, log2).state)).toBe(hash1);
  });

  it('2WW 8: inside a unit\'s group /berlin filters its choices and "Rail to 2106", as listed, takes one', async () => {
    const out = join(dir, 'rail.json');
    const r = await playScript({ ...base, out }, ['/ge-inf-4', '1', '/berlin', 'Rail to 2106', 'quit'], 120);
    expect(r.out).toContain('axis GE 4th infantry at 2304 Danzig> /berlin\n1 of 41 choices (group GE 4th infantry at 2304 Danzig, filter "berlin"):\n  1) Rail to 2106 Berlin\n');
    expect(r.out).toContain('axis GE 4th infantry at 2304 Danzig /berlin> Rail to 2106\naxis: Rail GE 4th infantry to 2106 Berlin\n');
    expect(r.out).not.toContain('axis ge-inf-4');
    expect(r.code).toBe(0);
    expect((readLog(out).entries[0] as any).action).toEqual({ type: 'rail', unit: 'ge-inf-4', to: '2106' });
  });
});
