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

/** A stretch of the log whose dice come from one key: the log's seed, then each `entropy` entry's. */
export interface DicePart {
  /** Log entries from..to-1. */
  from: number;
  to: number;
  /**
   * 'seed': the log's seed alone; 'seats': the log's (the server's) seed and every seat's contribution; 'server':
   * a server's own seed for a game imported there, and every seat's contribution.
   */
  source: 'seed' | 'seats' | 'server';
  /** Played elsewhere and imported: its dice followed from a seed whoever imported the log knew. */
  imported: boolean;
  /** Seats whose contribution keyed this part ('seats', 'server'). */
  seats: string[];
  /** The commitment of this part's secret seed (the log's, or the server's). */
  commitment: string | null;
  /** Rolls of this part, and how many were forced. */
  rolls: number;
  forcedRolls: number;
}

export interface VerifyReport {
  ok: boolean;
  ruleset: string;
  scenario: string;
  /** The game had ended at the last entry (by its rules, or by resignation or time as the log's meta says). */
  complete: boolean;
  /** How it ended, in a sentence (null: it had not). */
  ended: string | null;
  /** sha256(seed) equals the log's seedCommitment (null: the log has no commitment, or no seed yet). */
  commitmentOk: boolean | null;
  /** The commitment known independently of the log (`--commitment`: the one shown when the game was created), or null. */
  knownCommitment: string | null;
  /**
   * The commitment given matches the log: its seedCommitment and sha256(seed), or (an imported game) the commitment
   * and seed of the server's own seed for the part played there; null when no commitment was given.
   */
  knownCommitmentOk: boolean | null;
  /** The log carries its seed (the game had ended when it was exported). */
  seedRevealed: boolean;
  /** Every state hash matched on replay. */
  replayOk: boolean;
  entries: number;
  /** Where each stretch of the log's dice came from. */
  parts: DicePart[];
  /** Every seat's contribution (entropy entries): the value hashes to the commitment published before any reveal. */
  contributions: { entry: number; seat: string; ok: boolean }[];
  /** The last part (the one played on the server, for an imported game) is proven: OK but for the imported part. */
  serverPartOk: boolean;
  rolls: RollReport[];
  /** Number of forced rolls; any makes the game's dice not provably fair. */
  forcedRolls: number;
  /** What was proven, in sentences. */
  proven: string[];
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

const range = (p: DicePart) => (p.to - p.from === 1 ? `entry ${p.from}` : p.to === p.from ? `no entry (from ${p.from})` : `entries ${p.from}..${p.to - 1}`);

/**
 * `theater verify LOG [--commitment HEX]`: check the commitments (the log's own and, when given, the one known
 * independently) and every seat's contribution, replay the log (every state hash), list every die roll, and say what
 * was proven: the complete game or only a prefix, and for an imported game which part.
 */
export function verifyLog(input: unknown, opts: VerifyOptions = {}): VerifyReport {
  const known = opts.commitment === undefined ? null : opts.commitment.trim().toLowerCase();
  const report: VerifyReport = {
    ok: false, ruleset: '', scenario: '', complete: false, ended: null, commitmentOk: null, knownCommitment: known,
    knownCommitmentOk: null, seedRevealed: false, replayOk: false, entries: 0, parts: [], contributions: [],
    serverPartOk: false, rolls: [], forcedRolls: 0, proven: [], problems: [], outcome: null,
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
  // The server seeds of imported games continued on a server, each with its commitment, in log order.
  const serverSeeds = log.entries.flatMap((e) => ('entropy' in e && e.entropy.serverSeed ? [e.entropy.serverSeed] : []));
  const lastServer = serverSeeds.at(-1);
  if (known !== null && report.knownCommitmentOk === null) {
    report.knownCommitmentOk = true;
    if (lastServer && lastServer.commitment.toLowerCase() === known) {
      // An imported game: the commitment published at the import is that of the server's own seed.
      if (lastServer.seed !== '' && seedCommitment(lastServer.seed) !== known) {
        report.knownCommitmentOk = false;
        report.problems.push(`sha256 of the server's seed is ${seedCommitment(lastServer.seed)}, not the commitment given (${known})`);
      }
    } else {
      if (own !== undefined && own !== known) {
        report.knownCommitmentOk = false;
        report.problems.push(`the log's seedCommitment ${own} is not the commitment given (${known}): the seed and commitment in this log are not the ones published when the game was created`);
      }
      if (report.seedRevealed && seedCommitment(log.seed) !== known) {
        report.knownCommitmentOk = false;
        report.problems.push(`sha256(seed) is ${seedCommitment(log.seed)}, not the commitment given (${known}): this is not the seed committed to when the game was created`);
      }
    }
  }
  if (!report.seedRevealed || serverSeeds.some((x) => x.seed === '')) {
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
  // Every seat's contribution and every server seed of an entropy entry must hash to its commitment.
  log.entries.forEach((e, i) => {
    if (!('entropy' in e)) return;
    for (const [seat, value] of Object.entries(e.entropy.seats)) {
      const ok = seedCommitment(value) === e.entropy.commitments[seat];
      report.contributions.push({ entry: i, seat, ok });
      if (!ok) report.problems.push(`entry ${i}: ${seat}'s contribution does not hash to its commitment ${e.entropy.commitments[seat]}`);
    }
    const srv = e.entropy.serverSeed;
    if (srv && seedCommitment(srv.seed) !== srv.commitment) {
      report.problems.push(`entry ${i}: sha256 of the server's seed is ${seedCommitment(srv.seed)}, not its commitment ${srv.commitment}`);
    }
  });
  // The parts: the log's seed up to the first entropy entry, then each entropy entry's key.
  const cuts = log.entries.flatMap((e, i) => ('entropy' in e ? [i] : []));
  const lastImport = log.entries.reduce((k, e, i) => ('entropy' in e && e.entropy.serverSeed ? i : k), -1);
  let part: DicePart = { from: 0, to: 0, source: 'seed', imported: false, seats: [], commitment: own ?? null, rolls: 0, forcedRolls: 0 };
  for (const cut of [...cuts, log.entries.length]) {
    report.parts.push({ ...part, to: cut, imported: cut <= lastImport });
    const e = log.entries[cut];
    if (e && 'entropy' in e) {
      part = {
        ...part, from: cut, source: e.entropy.serverSeed ? 'server' : 'seats', seats: Object.keys(e.entropy.seats),
        commitment: e.entropy.serverSeed?.commitment ?? own ?? null,
      };
    }
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
    const partOf = (entry: number) => report.parts.find((p) => entry >= p.from && entry < p.to) ?? report.parts[0]!;
    const add = (entry: number, seat: string | null, list: GameEvent[]) => {
      for (const ev of list) {
        if (!ev.roll) continue;
        const forced = ev.roll.forced === true;
        report.rolls.push({ entry, seat, purpose: ev.roll.purpose, rule: ev.roll.rule, sides: ev.roll.sides, faces: ev.roll.faces, forced });
        const part = entry < 0 ? report.parts[0]! : partOf(entry);
        part.rolls++;
        if (forced) {
          report.forcedRolls++;
          part.forcedRolls++;
        }
      }
    };
    add(-1, null, game.setupEvents);
    events.forEach((list, i) => {
      const e = log.entries[i]!;
      add(i, 'seat' in e ? e.seat : null, list);
    });
    report.outcome = game.state.outcome?.result ?? null;
    const serverResult = log.meta?.serverResult as { result?: unknown } | undefined;
    if (report.outcome !== null) report.ended = `by the rules: ${report.outcome}`;
    else if (serverResult && typeof serverResult.result === 'string') report.ended = `by the server: ${serverResult.result} (the log's meta)`;
    report.complete = report.ended !== null;
  } catch (e) {
    report.problems.push(`${(e as Error).message}${report.commitmentOk === false ? ' (the seed does not match the commitment, so the dice it rolls differ from the recorded ones)' : ''}`);
  }
  // An empty stretch (the seats contributed before any entry) is left out unless the set-up rolled in it.
  report.parts = report.parts.filter((p, i) => p.to > p.from || p.rolls > 0 || i === report.parts.length - 1);
  const committed = report.commitmentOk === true || (own === undefined && report.knownCommitmentOk === true);
  const contributionsOk = report.contributions.every((c) => c.ok) && !report.problems.some((p) => p.includes("server's seed"));
  const last = report.parts.at(-1)!;
  report.serverPartOk = report.replayOk && contributionsOk && report.knownCommitmentOk !== false && last.forcedRolls === 0 &&
    (last.source === 'server' || committed);
  const imported = report.parts.some((p) => p.imported);
  for (const p of report.parts) {
    if (p.imported) {
      report.proven.push(`${range(p)}: imported, played elsewhere; their ${p.rolls} roll(s) followed from the log's own seed, which whoever imported the log knew: nothing is proven about them`);
    } else if (p.source === 'seed') {
      report.proven.push(`${range(p)}: ${p.rolls} roll(s) from the log's seed alone${cuts.length === 0 ? ': no seat contributed to the dice, so whoever chose the seed could have chosen them (a log from before version 2, or played without a server)' : ' (before every seat had contributed: set-up only)'}`);
    } else {
      const who = p.seats.length ? `the contributions of ${p.seats.join(', ')}, each revealed after all had committed` : 'no seat\'s contribution (only AI seats)';
      const what = p.source === 'server' ? `the server's own seed (commitment ${p.commitment})` : 'the secret seed';
      report.proven.push(`${range(p)}: ${p.rolls} roll(s) from ${what} and ${who}${p.seats.length ? ': neither a player nor the operator could choose them' : ''}`);
    }
  }
  if (!report.complete && report.replayOk) {
    report.problems.push(`only a prefix was verified: ${report.entries} entries, and the game had not ended at the last one; OK is kept for a complete game`);
  }
  if (report.forcedRolls > 0) report.problems.push(`${report.forcedRolls} roll(s) used forced dice ({force} log entries), not the seed`);
  if (imported) report.problems.push('the game was imported: its first entries were played elsewhere, with dice nothing here proves fair');
  report.ok = report.complete && report.serverPartOk && committed && report.forcedRolls === 0 && !imported && contributionsOk;
  return report;
}

/** Human-readable report for the CLI. */
export function formatVerifyReport(r: VerifyReport): string {
  const serverOnly = !r.ok && r.serverPartOk && r.complete && r.parts.some((p) => p.imported);
  const lines = [
    `${r.ok ? 'OK' : serverOnly ? 'OK FOR THE PART PLAYED ON THE SERVER' : 'NOT VERIFIED'}: ${r.ruleset} / ${r.scenario}, ${r.entries} log entries${r.outcome ? `, ${r.outcome}` : ''}`,
    `verified: ${!r.replayOk ? 'nothing (no replay)' : r.complete ? `the complete game (ended ${r.ended})` : `a prefix only (${r.entries} entries; the game had not ended)`}`,
    `seed commitment: ${!r.seedRevealed ? 'seed not revealed yet' : r.commitmentOk === null ? 'absent' : r.commitmentOk ? 'matches sha256(seed)' : 'DOES NOT MATCH'}`,
    ...(r.knownCommitment === null ? [] : [`known commitment ${r.knownCommitment}: ${r.knownCommitmentOk ? 'matches the log' : 'DOES NOT MATCH'}`]),
    ...(r.contributions.length ? [`contributions: ${r.contributions.map((c) => `${c.seat} ${c.ok ? 'matches its commitment' : 'DOES NOT MATCH'}`).join(', ')}`] : []),
    `replay: ${r.replayOk ? 'every state hash matches' : !r.seedRevealed && r.ruleset !== '' ? 'not possible until the seed is revealed' : 'FAILED'}`,
    ...r.proven.map((p) => `dice, ${p}`),
    `dice: ${r.rolls.length} roll(s), ${r.forcedRolls} forced`,
  ];
  for (const x of r.rolls) {
    lines.push(`  ${x.entry < 0 ? 'setup' : `#${x.entry}`}${x.seat ? ` ${x.seat}` : ''}: d${x.sides} ${x.faces.join('+')} — ${x.purpose} (${x.rule})${x.forced ? ' [FORCED]' : ''}`);
  }
  for (const p of r.problems) lines.push(`problem: ${p}`);
  return lines.join('\n');
}
