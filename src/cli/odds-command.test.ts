import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Game } from '../engine/index.ts';
import { duel } from '../engine/testing/duel.ts';
import { formatReport, registerOddsCommand } from './odds-command.ts';
import { registerSimulateCommand } from './simulate-command.ts';
import { runCommand } from './testing.ts';

const run = (args: string[]) => runCommand([registerOddsCommand, registerSimulateCommand], args);

afterEach(() => vi.restoreAllMocks());

/** A saved Duel after the bids (2 and 1) and red's attack: its file. */
function savedDuel(seed: string): string {
  const g = Game.create(duel, 'standard', { rounds: 20 }, seed);
  g.act('red', { type: 'bid', n: 2 });
  g.act('blue', { type: 'bid', n: 1 });
  g.act('red', { type: 'attack' });
  const file = join(mkdtempSync(join(tmpdir(), 'odds-')), 'game.json');
  writeFileSync(file, JSON.stringify(g.toLog()));
  return file;
}

describe('theater odds', () => {
  it('a report that covers less than the whole combat says what it covers (BKG: the first round past the run budget)', async () => {
    const file = savedDuel('cli-note');
    const report = JSON.parse((await run(['odds', file, '--at', '2', '--choice', '1', '--json'])).out);
    expect(formatReport(report, 'attack')).not.toMatch(/^covers:/m);
    expect(formatReport({ ...report, note: 'the first round only: the whole combat needs more than 2,000 runs' }, 'attack'))
      .toMatch(/^red: attack\nred attacks blue: one d6, a hit on 4\+ \(Duel 3\.1\)\ncovers: the first round only: the whole combat needs more than 2,000 runs\n\n/);
  });

  it('Duel 3.1 choice 1 after the bids of a saved game: 1/2 to win, every outcome listed', async () => {
    const file = savedDuel('cli');
    const list = await run(['odds', file, '--at', '2']);
    expect(list.out).toMatch(/^ +1 +\{"type":"attack"\}: 50\.0% to win, losses 0\.00 to 0\.50$/m);
    const one = await run(['odds', file, '--at', '2', '--choice', '1']);
    expect(one.out).toMatch(/attacker wins 50\.0% \(1\/2\)/);
    expect(one.out.match(/^ +50\.0% +1\/2 /gm)).toHaveLength(2);
    const json = JSON.parse((await run(['odds', file, '--at', '2', '--choice', '1', '--json'])).out);
    expect(json.summary.pWinExact).toBe('1/2');
  });
  it('refuses a choice number past the prompt, saying how many there are', async () => {
    await expect(run(['odds', '--ruleset', 'duel', '--choice', '9'])).rejects.toThrow(/has 3 choices/);
  });
});

describe('theater simulate', () => {
  it('prints one line per game and the totals, and writes the SVG chart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    const chart = join(dir, 'out.svg');
    const r = await run(['simulate', '--ruleset', 'duel', '--games', '3', '--seats', 'easy,random', '--option', 'rounds=20', '--chart', chart]);
    expect(r.out.split('\n').filter((l) => /^\d+ +1-\d/.test(l))).toHaveLength(3);
    expect(r.out).toMatch(/red \(easy\) \d+ wins/);
    expect(r.err).toMatch(/game 3\/3/);
    expect(readFileSync(chart, 'utf8')).toMatch(/^<svg /);
  });
  it('needs one player per seat', async () => {
    await expect(run(['simulate', '--ruleset', 'duel', '--seats', 'easy'])).rejects.toThrow(/one player per seat of duel \(red, blue\)/);
  });
});
