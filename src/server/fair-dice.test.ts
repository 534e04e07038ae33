import { describe, expect, it } from 'vitest';
import { Game } from '../engine/game.ts';
import { duel } from '../engine/testing/duel.ts';
import { newSeed, seedCommitment, verifyLog, formatVerifyReport } from './fair-dice.ts';
import { createHash } from 'node:crypto';

function playedLog(force = false) {
  const seed = newSeed();
  const g = Game.create(duel, 'standard', { rounds: 2 }, seed);
  g.seedCommitment = seedCommitment(seed);
  g.act('red', { type: 'bid', n: 1 });
  g.act('blue', { type: 'bid', n: 2 });
  if (force) g.force([6]);
  g.act('blue', { type: 'attack' });
  return g.toLog();
}

describe('fair dice', () => {
  it('the commitment is SHA-256 of the seed text; seeds are 256 random bits', () => {
    const s = newSeed();
    expect(s).toMatch(/^[0-9a-f]{64}$/);
    expect(newSeed()).not.toBe(s);
    expect(seedCommitment('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
  });

  it('verifyLog accepts an honest log and lists every roll with its purpose and rule', () => {
    const r = verifyLog(playedLog());
    expect(r.problems).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.commitmentOk).toBe(true);
    expect(r.rolls).toHaveLength(1);
    expect(r.rolls[0]).toMatchObject({ entry: 2, seat: 'blue', purpose: 'blue attack', rule: 'Duel 3.1', sides: 6, forced: false });
    expect(formatVerifyReport(r)).toContain('#2 blue: d6');
  });

  it('verifyLog flags forced dice', () => {
    const r = verifyLog(playedLog(true));
    expect(r.ok).toBe(false);
    expect(r.forcedRolls).toBe(1);
    expect(r.rolls[0]).toMatchObject({ faces: [6], forced: true });
    expect(formatVerifyReport(r)).toContain('[FORCED]');
  });

  it('verifyLog refuses a seed that does not match the commitment, and a log whose dice were changed', () => {
    const log = playedLog();
    const swapped = verifyLog({ ...log, seed: newSeed() });
    expect(swapped.ok).toBe(false);
    expect(swapped.commitmentOk).toBe(false);
    expect(swapped.problems.join(' ')).toContain('sha256(seed)');
    const edited = verifyLog({ ...log, entries: log.entries.map((e, i) => (i === 2 ? { ...e, hash: '0'.repeat(28) } : e)) });
    expect(edited.ok).toBe(false);
    expect(edited.replayOk).toBe(false);
    expect(edited.problems.join(' ')).toContain('replay diverged at entry 2');
    const unfinished = verifyLog({ ...log, seed: '' });
    expect(unfinished.ok).toBe(false);
    expect(unfinished.problems[0]).toContain('no seed');
    expect(verifyLog({ nope: 1 }).problems[0]).toContain('format');
  });
});
