// Fair dice (docs/fair-dice.md): the server commits to a secret seed with SHA-256 before play and reveals it at the
// end; anyone can then check the commitment and replay every roll from the seed and the log.
import { createHash, randomBytes } from 'node:crypto';
import { checkLog, replayLog, type GameLog } from '../engine/game.ts';
import { getRuleset } from '../rulesets/index.ts';
import type { GameEvent, Ruleset } from '../engine/types.ts';

/** A fresh secret seed: 256 random bits, hex. */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

/** SHA-256 of the seed's UTF-8 text, hex: what is published before play. */
export function seedCommitment(seed: string): string {
  return createHash('sha256').update(seed, 'utf8').digest('hex');
}

export interface RollReport {
  /** Log entry that rolled (-1: setup). */
  entry: number;
  seat: string | null;
  purpose: string;
  rule: string;
  sides: number;
  faces: number[];
  /** Faces came from a {force} entry, not from the seed. */
  forced: boolean;
}

export interface VerifyReport {
  ok: boolean;
  ruleset: string;
  scenario: string;
  /** sha256(seed) equals the log's seedCommitment (null: the log has no commitment, or no seed yet). */
  commitmentOk: boolean | null;
  /** The commitment known independently of the log (`--commitment`: the one shown when the game was created), or null. */
  knownCommitment: string | null;
  /**
   * The log's seedCommitment and sha256(seed) both equal `knownCommitment` (only the commitment when the seed is not
   * revealed yet); null when no commitment was given.
   */
  knownCommitmentOk: boolean | null;
  /** The log carries its seed (the game had ended when it was exported). */
  seedRevealed: boolean;
  /** Every state hash matched on replay. */
  replayOk: boolean;
  entries: number;
  rolls: RollReport[];
  /** Number of forced rolls; any makes the game's dice not provably fair. */
  forcedRolls: number;
  /** What failed, in sentences. */
  problems: string[];
  outcome: string | null;
}

export interface VerifyOptions {
  /**
   * The seed commitment as published when the game was created (64 hex digits), known independently of the log. Without
   * it a log whose seed and commitment were both rewritten would still pass.
   */
  commitment?: string;
}

/** Message for a log exported before the end: its seed is '' (docs/fair-dice.md). */
export const SEED_NOT_REVEALED = 'the seed is not revealed yet: the log carries no seed, because the game had not ended when it was exported; export it again after the end to verify the dice';

/**
 * `theater verify LOG [--commitment HEX]`: check the commitment (the log's own and, when given, the one known
 * independently), replay the log (every state hash) and list every die roll.
 */
export function verifyLog(input: unknown, opts: VerifyOptions = {}): VerifyReport {
  const known = opts.commitment === undefined ? null : opts.commitment.trim().toLowerCase();
  const report: VerifyReport = {
    ok: false, ruleset: '', scenario: '', commitmentOk: null, knownCommitment: known, knownCommitmentOk: null,
    seedRevealed: false, replayOk: false, entries: 0, rolls: [], forcedRolls: 0, problems: [], outcome: null,
  };
  if (known !== null && !/^[0-9a-f]{64}$/.test(known)) {
    report.knownCommitmentOk = false;
    report.problems.push(`the commitment to check against must be 64 hex digits (a SHA-256 digest), not "${opts.commitment!.slice(0, 80)}"`);
  }
  let log: GameLog;
  try {
    log = checkLog(input);
  } catch (e) {
    report.problems.push((e as Error).message);
    return report;
  }
  report.ruleset = log.ruleset;
  report.scenario = log.scenario;
  report.entries = log.entries.length;
  report.seedRevealed = log.seed !== '';
  const own = typeof log.seedCommitment === 'string' ? log.seedCommitment.toLowerCase() : undefined;
  if (known !== null && report.knownCommitmentOk === null) {
    report.knownCommitmentOk = true;
    if (own !== undefined && own !== known) {
      report.knownCommitmentOk = false;
      report.problems.push(`the log's seedCommitment ${own} is not the commitment given (${known}): the seed and commitment in this log are not the ones published when the game was created`);
    }
    if (report.seedRevealed && seedCommitment(log.seed) !== known) {
      report.knownCommitmentOk = false;
      report.problems.push(`sha256(seed) is ${seedCommitment(log.seed)}, not the commitment given (${known}): this is not the seed committed to when the game was created`);
    }
  }
  if (!report.seedRevealed) {
    report.problems.push(SEED_NOT_REVEALED);
    if (own === undefined && known === null) report.problems.push('the log has no seedCommitment: the dice were not committed to before play');
    return report;
  }
  if (own === undefined) {
    if (known === null) report.problems.push('the log has no seedCommitment: the dice were not committed to before play');
  } else {
    report.commitmentOk = seedCommitment(log.seed) === own;
    if (!report.commitmentOk) report.problems.push(`sha256(seed) is ${seedCommitment(log.seed)}, but the log committed to ${own}`);
  }
  let ruleset: Ruleset<any>;
  try {
    ruleset = getRuleset(log.ruleset);
  } catch (e) {
    report.problems.push((e as Error).message);
    return report;
  }
  try {
    const { game, events } = replayLog(ruleset, log);
    report.replayOk = true;
    const add = (entry: number, seat: string | null, list: GameEvent[]) => {
      for (const ev of list) {
        if (!ev.roll) continue;
        const forced = ev.roll.forced === true;
        report.rolls.push({ entry, seat, purpose: ev.roll.purpose, rule: ev.roll.rule, sides: ev.roll.sides, faces: ev.roll.faces, forced });
        if (forced) report.forcedRolls++;
      }
    };
    add(-1, null, game.setupEvents);
    events.forEach((list, i) => {
      const e = log.entries[i]!;
      add(i, 'seat' in e ? e.seat : null, list);
    });
    if (report.forcedRolls > 0) report.problems.push(`${report.forcedRolls} roll(s) used forced dice ({force} log entries), not the seed`);
    report.outcome = game.state.outcome?.result ?? null;
  } catch (e) {
    report.problems.push(`${(e as Error).message}${report.commitmentOk === false ? ' (the seed does not match the commitment, so the dice it rolls differ from the recorded ones)' : ''}`);
  }
  const committed = report.commitmentOk === true || (own === undefined && report.knownCommitmentOk === true);
  report.ok = report.replayOk && committed && report.knownCommitmentOk !== false && report.forcedRolls === 0;
  return report;
}

/** Human-readable report for the CLI. */
export function formatVerifyReport(r: VerifyReport): string {
  const lines = [
    `${r.ok ? 'OK' : 'NOT VERIFIED'}: ${r.ruleset} / ${r.scenario}, ${r.entries} log entries${r.outcome ? `, ${r.outcome}` : ''}`,
    `seed commitment: ${!r.seedRevealed ? 'seed not revealed yet' : r.commitmentOk === null ? 'absent' : r.commitmentOk ? 'matches sha256(seed)' : 'DOES NOT MATCH'}`,
    ...(r.knownCommitment === null ? [] : [`known commitment ${r.knownCommitment}: ${r.knownCommitmentOk ? 'matches the log' : 'DOES NOT MATCH'}`]),
    `replay: ${r.replayOk ? 'every state hash matches' : !r.seedRevealed && r.ruleset !== '' ? 'not possible until the seed is revealed' : 'FAILED'}`,
    `dice: ${r.rolls.length} roll(s), ${r.forcedRolls} forced`,
  ];
  for (const x of r.rolls) {
    lines.push(`  ${x.entry < 0 ? 'setup' : `#${x.entry}`}${x.seat ? ` ${x.seat}` : ''}: d${x.sides} ${x.faces.join('+')} — ${x.purpose} (${x.rule})${x.forced ? ' [FORCED]' : ''}`);
  }
  for (const p of r.problems) lines.push(`problem: ${p}`);
  return lines.join('\n');
}
