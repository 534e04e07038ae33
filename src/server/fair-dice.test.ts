import { describe, expect, it } from 'vitest';
import { Game } from '../engine/game.ts';
import { prompts } from '../engine/kernel.ts';
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
  // ended by the server, as its export says (a resignation is no log entry)
  return g.toLog({ serverResult: { kind: 'resigned', loser: 'red', winner: 'blue', result: 'red resigned: blue wins' } });
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
    expect(r).toMatchObject({ complete: true, ended: 'by the server: red resigned: blue wins (the log\'s meta)' });
  });

  it('fair play 5: a log cut short is verified as a prefix, never OK; OK is kept for a complete game', () => {
    const seed = newSeed();
    const g = Game.create(duel, 'standard', { rounds: 2 }, seed);
    g.seedCommitment = seedCommitment(seed);
    while (!g.state.outcome) {
      const p = prompts(duel, g.state)[0]!;
      g.act(p.seat, (p.choices.find((c) => c.action.type === 'attack') ?? p.choices[0]!).action);
    }
    const whole = g.toLog();
    const half = Math.floor(whole.entries.length / 2);
    const cut = verifyLog({ ...whole, entries: whole.entries.slice(0, half) });
    expect(cut.ok).toBe(false);
    expect(cut).toMatchObject({ complete: false, replayOk: true, commitmentOk: true, ended: null });
    const full = verifyLog(whole);
    expect(full).toMatchObject({ ok: true, complete: true, problems: [] });
    expect(formatVerifyReport(full)).toContain(`verified: the complete game (ended by the rules: ${g.state.outcome.result})`);
    expect(cut.problems).toEqual([`only a prefix was verified: ${half} entries, and the game had not ended at the last one; OK is kept for a complete game`]);
    const text = formatVerifyReport(cut);
    expect(text).toMatch(/^NOT VERIFIED/);
    expect(text).toContain(`verified: a prefix only (${half} entries; the game had not ended)`);
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
