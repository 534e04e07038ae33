import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Game, prompts, type GameLog } from '../engine/index.ts';
import { duel } from '../engine/testing/duel.ts';
import { seedCommitment, type VerifyReport } from '../server/fair-dice.ts';
import { registerServiceCommands } from './service-commands.ts';
import { runCommand } from './testing.ts';

const run = (...args: string[]) => runCommand([registerServiceCommands], args);

afterEach(() => {
  process.exitCode = undefined;
});

/** A Duel played to its end from `seed` (both seats attack whenever they may), committed to as the server does. */
function finishedLog(seed: string, actions = Infinity): GameLog {
  const g = Game.create(duel, 'standard', { rounds: 2 }, seed);
  g.seedCommitment = seedCommitment(seed);
  g.act('red', { type: 'bid', n: 1 });
  g.act('blue', { type: 'bid', n: 2 });
  while (!g.state.outcome && g.played.length < actions) {
    const p = prompts(duel, g.state)[0]!;
    g.act(p.seat, (p.choices.find((c) => c.action.type === 'attack') ?? p.choices[0]!).action);
  }
  return JSON.parse(JSON.stringify(g.toLog())) as GameLog;
}

const dir = mkdtempSync(join(tmpdir(), 'theater-verify-'));
let files = 0;
function file(log: unknown): string {
  const f = join(dir, `log-${++files}.json`);
  writeFileSync(f, JSON.stringify(log));
  return f;
}

const SEED = 'verify-cli-original-seed';
const original = finishedLog(SEED);
const commitment = seedCommitment(SEED);

describe('theater verify (docs/fair-dice.md)', () => {
  it('a finished log verifies: exit 0, every roll listed; with --commitment of the published commitment too', async () => {
    expect(original.seedCommitment).toBe(commitment);
    const plain = await run('verify', file(original));
    expect(plain.code).toBe(0);
    expect(plain.out).toMatch(/^OK: duel \/ standard/);
    expect(plain.out).toContain('seed commitment: matches sha256(seed)');
    expect(plain.out).toMatch(/#\d+ (red|blue): d6 \d — (red|blue) attack \(Duel 3\.1\)/);
    expect(plain.out).not.toContain('problem:');
    const known = await run('verify', file(original), '--commitment', commitment.toUpperCase());
    expect(known.code).toBe(0);
    expect(known.out).toContain(`known commitment ${commitment}: matches the log`);
    const json = await run('verify', file(original), '--commitment', commitment, '--json');
    expect(json.code).toBe(0);
    const r = JSON.parse(json.out) as VerifyReport;
    expect(r).toMatchObject({ ok: true, commitmentOk: true, knownCommitment: commitment, knownCommitmentOk: true, seedRevealed: true, replayOk: true, problems: [] });
    expect(r.rolls.length).toBeGreaterThan(0);
    expect(JSON.parse((await run('verify', file(original), '--json')).out)).toMatchObject({ ok: true, knownCommitment: null, knownCommitmentOk: null });
  });

  it('a log whose seed was altered fails: the seed does not hash to the commitment, and its dice are not the recorded ones', async () => {
    const altered = { ...original, seed: 'verify-cli-other-seed' };
    const r = await run('verify', file(altered));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^NOT VERIFIED/);
    expect(r.out).toContain('seed commitment: DOES NOT MATCH');
    expect(r.out).toContain(`problem: sha256(seed) is ${seedCommitment('verify-cli-other-seed')}, but the log committed to ${commitment}`);
    expect(r.out).toMatch(/problem: setup diverged.*the dice it rolls differ from the recorded ones/);
    const j = JSON.parse((await run('verify', file(altered), '--json')).out) as VerifyReport;
    expect(j).toMatchObject({ ok: false, commitmentOk: false, replayOk: false });
  });

  it('a log rewritten with another seed and its commitment passes on its own, but fails against the published commitment', async () => {
    const forged = finishedLog('verify-cli-forged-seed');
    expect(forged.seedCommitment).not.toBe(commitment);
    // consistent in itself: this is why the commitment must come from somewhere else than the log
    expect((await run('verify', file(forged))).code).toBe(0);
    const r = await run('verify', file(forged), '--commitment', commitment);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^NOT VERIFIED/);
    expect(r.out).toContain(`known commitment ${commitment}: DOES NOT MATCH`);
    expect(r.out).toContain(`problem: the log's seedCommitment ${forged.seedCommitment} is not the commitment given (${commitment})`);
    expect(r.out).toContain(`problem: sha256(seed) is ${forged.seedCommitment}, not the commitment given (${commitment})`);
    const j = JSON.parse((await run('verify', file(forged), '--commitment', commitment, '--json')).out) as VerifyReport;
    expect(j).toMatchObject({ ok: false, commitmentOk: true, replayOk: true, knownCommitment: commitment, knownCommitmentOk: false });
    expect(j.problems).toHaveLength(2);
  });

  it('an unfinished log (exported before the end) says the seed is not revealed yet; its commitment can still be checked', async () => {
    const unfinished = { ...finishedLog(SEED, 3), seed: '' };
    const r = await run('verify', file(unfinished));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^NOT VERIFIED/);
    expect(r.out).toContain('seed commitment: seed not revealed yet');
    expect(r.out).toContain('replay: not possible until the seed is revealed');
    expect(r.out).toContain('problem: the seed is not revealed yet: the log carries no seed, because the game had not ended when it was exported');
    expect(r.out.match(/^problem:/gm)).toHaveLength(1);
    const withKnown = await run('verify', file(unfinished), '--commitment', commitment, '--json');
    expect(withKnown.code).toBe(1);
    expect(JSON.parse(withKnown.out)).toMatchObject({ ok: false, seedRevealed: false, commitmentOk: null, knownCommitmentOk: true });
    const wrong = await run('verify', file(unfinished), '--commitment', seedCommitment('x'));
    expect(wrong.out).toContain(`known commitment ${seedCommitment('x')}: DOES NOT MATCH`);
  });

  it('a --commitment that is not a SHA-256 digest is refused, naming the flag\'s value', async () => {
    const r = await run('verify', file(original), '--commitment', 'abc123');
    expect(r.code).toBe(1);
    expect(r.out).toContain('problem: the commitment to check against must be 64 hex digits (a SHA-256 digest), not "abc123"');
  });
});
