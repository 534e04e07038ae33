// A game: setup plus its action log, with replay, state hashes, undo and consented takebacks.
import { applyAction, EngineError, type PromptMemo, RuleViolation, setupGame, type SetupOptions, withoutFacts } from './kernel.ts';
import { stateHash } from './hash.ts';
import { createRng, forceDice } from './rng.ts';
import type { Action, BaseState, GameEvent, Json, Options, RngState, Ruleset, Seat } from './types.ts';

export const LOG_FORMAT = 'theater-log';
/** 2: `entropy` entries and `takeback.freshDice` (docs/log-format.md). */
export const LOG_VERSION = 2;
/** Oldest log version this build still reads. */
export const LOG_MIN_VERSION = 1;

export interface Takeback {
  to: number;
  requestedBy: Seat;
  consentedBy: Seat;
  /** The dice after the takeback come from a new stream of the game's key (log version 2), not the rewound one. */
  freshDice?: boolean;
}

/** Every seat's dice contribution, revealed once all had committed (docs/fair-dice.md). */
export interface DiceEntropy {
  /** Each contributing seat's value (64 hex digits). */
  seats: Record<Seat, string>;
  /** SHA-256 of each value, as published before any value was revealed. */
  commitments: Record<Seat, string>;
  /**
   * A server's own seed for the part played there, when it is not the log's `seed` (an imported game continued on a
   * server): its SHA-256, published at the import, and the seed, revealed at the end ('' until then).
   */
  serverSeed?: { commitment: string; seed: string };
}

export type LogEntry =
  | { seat: Seat; action: Action; hash: string }
  /** `seat` takes back its own last action. */
  | { undo: Seat; hash: string }
  /** Actions after the first `to` are taken back, asked by one seat and agreed by the other. */
  | { takeback: Takeback; hash: string }
  /** Dice faces queued before the generator (tests, worked examples, sandbox). Breaks fair-dice verification. */
  | { force: number[]; hash: string }
  /** The generator re-keyed from a secret seed and every seat's contribution. Nothing before it can be taken back. */
  | { entropy: DiceEntropy; hash: string };

/** The key of the generator after an `entropy` entry: the secret seed and each seat's value, by seat. */
export function entropyKey(secret: string, seats: Record<Seat, string>): string {
  return ['theater-dice', secret, ...Object.keys(seats).sort().map((s) => `${s}=${seats[s]}`)].join('|');
}

export interface GameLog {
  format: typeof LOG_FORMAT;
  version: number;
  ruleset: string;
  rulesVersion: string;
  scenario: string;
  options: Options;
  seed: string;
  /** SHA-256 of the seed, published before play (docs/fair-dice.md). */
  seedCommitment?: string;
  /** Hash of the state right after setup. */
  setupHash: string;
  /** The position the game started from instead of the scenario's set-up (docs/positions.md). */
  position?: Json;
  entries: LogEntry[];
  /** Free-form metadata (players, dates); never read by the rules. */
  meta?: Record<string, Json>;
}

/** One action that currently counts (not taken back), with what it produced. */
export interface Played {
  seat: Seat;
  action: Action;
  events: GameEvent[];
  irreversible: boolean;
  /** Dice forced just before this action (re-applied when the game is rewound). */
  forced?: number[];
}

const CHECKPOINT_EVERY = 64;

export class Game<S extends BaseState = BaseState> {
  readonly entries: LogEntry[] = [];
  /** Actions in force, in order. */
  readonly played: Played[] = [];
  /**
   * States after every CHECKPOINT_EVERY actions in force (stateAt replays from the nearest). Each is kept without its
   * derived facts (withoutFacts) once the game has moved past it: a facts-laden old state held for the whole game
   * cost a 2WW server game about 150 KB each.
   */
  private checkpoints = new Map<number, S>();
  /**
   * The last state `stateAt` returned, without its facts: the next step forward (a replay's viewer, the CLI's labels
   * of the actions in force) applies one action from it rather than up to CHECKPOINT_EVERY from a checkpoint. It stays
   * true: a rewind asks for the state it rewinds to, which becomes the cursor, before any action after it changes; and
   * new dice at the cursor's own position (a re-key, a takeback's fresh stream) are set again by stateAt's loop.
   */
  private cursor: { n: number; state: S } | undefined;
  private pendingForce: number[] = [];
  /** Generators installed after n actions in force (an entropy entry, a takeback with fresh dice), by n. */
  private reseeds = new Map<number, RngState>();
  /** Where new dice streams come from: the seed, then the key of the latest entropy entry. Secret like the seed. */
  private diceKey: string;
  /** Actions in force when the dice were last re-keyed: no undo or takeback reaches before them. */
  private floor = 0;
  state: S;
  /**
   * Set by an owner that never changes this game's states in place (the server): prompts are then listed once per
   * state, and those of each new state come from applying the action.
   */
  memo?: PromptMemo;
  readonly setupEvents: GameEvent[];
  readonly setupHash: string;

  private constructor(
    readonly ruleset: Ruleset<S>, readonly scenario: string, readonly options: Options, readonly seed: string,
    public seedCommitment?: string, readonly position?: Json, setup?: SetupOptions,
  ) {
    // The rule set may build its state from the position in place: give it a copy, keep the caller's intact.
    const r = setupGame(ruleset, scenario, options, seed, position === undefined ? undefined : structuredClone(position), setup);
    this.state = r.state;
    this.setupEvents = r.events;
    this.setupHash = stateHash(r.state, null);
    this.checkpoints.set(0, r.state);
    this.diceKey = seed;
  }

  static create<S extends BaseState>(
    ruleset: Ruleset<S>, scenario: string, options: Options, seed: string, position?: Json, setup?: SetupOptions,
  ): Game<S> {
    return new Game(ruleset, scenario, options, seed, undefined, position, setup);
  }

  /** Rebuild a game from its log, checking every state hash (replayLog). */
  static load<S extends BaseState>(ruleset: Ruleset<S>, log: unknown): Game<S> {
    return replayLog(ruleset, log).game;
  }

  /**
   * Resume a game from a stored state after its first `prefix.length` log entries, without replaying them: the
   * owner (the server) kept each entry's events and irreversibility, and the state's hash must match the last entry.
   * The entries after it are then applied as usual. Rewinding into the prefix replays from the setup.
   */
  static fromSnapshot<S extends BaseState>(
    ruleset: Ruleset<S>, scenario: string, options: Options, seed: string, position: Json | undefined,
    prefix: readonly { entry: LogEntry; events: GameEvent[]; irreversible: boolean }[], state: S,
  ): Game<S> {
    const g = new Game(ruleset, scenario, options, seed, undefined, position);
    for (const { entry: e, events, irreversible } of prefix) {
      g.entries.push(e);
      if ('action' in e) {
        const p: Played = { seat: e.seat, action: e.action, events, irreversible };
        if (g.pendingForce.length) p.forced = g.pendingForce;
        g.pendingForce = [];
        g.played.push(p);
      } else if ('force' in e) {
        g.pendingForce = [...g.pendingForce, ...e.force];
      } else if ('entropy' in e) {
        g.rekey(e.entropy);
      } else {
        g.played.length = 'undo' in e ? g.played.length - 1 : e.takeback.to;
        for (const k of [...g.reseeds.keys()]) if (k > g.played.length) g.reseeds.delete(k);
        g.pendingForce = [];
        if ('takeback' in e && e.takeback.freshDice) g.reseeds.set(g.played.length, g.freshStream(g.entries.length - 1));
      }
    }
    const last = g.entries[g.entries.length - 1];
    const h = stateHash(state, null);
    if (!last || last.hash !== h) {
      throw new LogError(`snapshot after entry ${prefix.length - 1} has state hash ${h}, the log says ${last?.hash ?? '(no entry)'}`);
    }
    g.state = state;
    // With dice forced after the last action, the state is not the one rewinds start from (they force again).
    if (g.pendingForce.length === 0) g.checkpoints.set(g.played.length, state);
    return g;
  }

  /**
   * Apply one log entry as act, undo, takeback and force write them (its `hash` is not read) and return the events it
   * produced; an undo, a takeback and forced dice get a line of their own. The one way every log entry is replayed.
   */
  apply(e: LogEntry): GameEvent[] {
    if ('action' in e) return this.act(e.seat, e.action);
    if ('undo' in e) {
      this.undo(e.undo);
      return [{ text: `${e.undo} took back their last action`, rule: 'undo' }];
    }
    if ('takeback' in e) {
      const t = e.takeback;
      this.takeback(t.to, t.requestedBy, t.consentedBy, t.freshDice === true);
      return [{ text: `takeback to action ${t.to}, asked by ${t.requestedBy}, agreed by ${t.consentedBy}${t.freshDice ? '; the dice from here on are new' : ''}`, rule: 'takeback' }];
    }
    if ('force' in e) {
      this.force(e.force);
      return [{ text: `dice forced: ${e.force.join(', ')}`, rule: 'force' }];
    }
    if ('entropy' in e) {
      this.entropy(e.entropy);
      const seats = Object.keys(e.entropy.seats);
      return [{
        text: `fair dice: from here on the dice follow from the ${e.entropy.serverSeed ? "server's new" : "game's"} secret seed` +
          (seats.length ? ` and the contributions of ${seats.join(', ')}` : ' alone (no seat contributed)'),
        rule: 'fair dice',
      }];
    }
    throw new LogError(`unknown log entry ${JSON.stringify(e)}`);
  }

  /** `apply` a recorded entry and check that the state hash it records is this build's; throws LogError otherwise. */
  replay(e: LogEntry): GameEvent[] {
    const i = this.entries.length;
    let events: GameEvent[];
    try {
      events = this.apply(e);
    } catch (err) {
      if (err instanceof LogError) throw err;
      throw new LogError(`entry ${i} could not be replayed: ${(err as Error).message}`);
    }
    const h = this.entries[i]!.hash;
    if (h !== e.hash) throw new LogError(`replay diverged at entry ${i}: state hash ${h}, log says ${e.hash}`);
    return events;
  }

  get seq(): number {
    return this.played.length;
  }

  /** Apply an action; throws RuleViolation (nothing changes) when illegal. */
  act(seat: Seat, action: Action): GameEvent[] {
    const before = this.state;
    const r = applyAction(this.ruleset, before, seat, action, this.memo);
    this.moveOn(r.state);
    const p: Played = { seat, action, events: r.events, irreversible: r.irreversible };
    if (this.pendingForce.length) p.forced = this.pendingForce;
    this.pendingForce = [];
    this.played.push(p);
    if (this.played.length % CHECKPOINT_EVERY === 0) this.checkpoints.set(this.played.length, r.state);
    this.entries.push({ seat, action, hash: stateHash(r.state, before) });
    return r.events;
  }

  /**
   * The game keeps its state without the facts derived from it and those it inherited (withoutFacts): an idle 2WW game
   * on a server then holds about a third less. They are computed afresh when next asked; the prompts listed for the
   * state (`memo`) are kept, as they do not depend on them.
   */
  shedFacts(): void {
    const twin = withoutFacts(this.state);
    const listed = this.memo?.get(this.state);
    if (listed) this.memo!.set(twin, listed);
    this.moveOn(twin);
  }

  /** The game's state becomes `next`: a checkpoint of the state it leaves keeps no derived facts from now on. */
  private moveOn(next: S): void {
    const n = this.played.length;
    if (this.checkpoints.get(n) === this.state) this.checkpoints.set(n, withoutFacts(this.state));
    this.state = next;
  }

  /** Queue dice faces for the next rolls (recorded in the log). */
  force(faces: number[]): void {
    const s = structuredClone(this.state);
    forceDice(s.rng, faces);
    this.moveOn(s);
    this.pendingForce = [...this.pendingForce, ...faces];
    this.entries.push({ force: [...faces], hash: stateHash(s) });
  }

  /**
   * Re-key the generator from every seat's contribution (docs/fair-dice.md): the dice from here on follow from the
   * secret seed (the log's, or `serverSeed`'s) and the seats' values; queued forced faces are dropped.
   */
  entropy(e: DiceEntropy): void {
    if (e.serverSeed && e.serverSeed.seed === '') throw new LogError('the entropy entry\'s server seed is not revealed yet');
    this.rekey(e);
    const s = structuredClone(this.state);
    s.rng = structuredClone(this.reseeds.get(this.played.length)!);
    this.moveOn(s);
    this.entries.push({ entropy: structuredClone(e), hash: stateHash(s) });
  }

  private rekey(e: DiceEntropy): void {
    this.diceKey = entropyKey(e.serverSeed ? e.serverSeed.seed : this.seed, e.seats);
    this.reseeds.set(this.played.length, createRng(this.diceKey));
    this.floor = this.played.length;
    this.pendingForce = [];
  }

  /** The generator a takeback at log entry `entry` starts: a stream of the dice key no one has seen. */
  private freshStream(entry: number): RngState {
    return createRng(`${this.diceKey}|takeback|${entry}`);
  }

  /** How many of its own latest actions `seat` may take back alone (stops at dice, reveals, other seats). */
  undoableBy(seat: Seat): number {
    let n = 0;
    for (let i = this.played.length - 1; i >= this.floor; i--) {
      const p = this.played[i]!;
      if (p.seat !== seat || p.irreversible) break;
      n++;
    }
    return n;
  }

  /** Take back `seat`'s last action. Refused past the last irreversible event or another seat's decision. */
  undo(seat: Seat): void {
    if (this.undoableBy(seat) === 0) {
      const last = this.played[this.played.length - 1];
      const why = !last ? 'no action has been played'
        : last.seat !== seat ? `the last decision was ${last.seat}'s`
          : 'the last action rolled dice or revealed hidden information';
      throw new RuleViolation('undo', `${seat} cannot take back: ${why}; a takeback needs the other side's consent`);
    }
    this.rewindTo(this.played.length - 1);
    this.entries.push({ undo: seat, hash: stateHash(this.state, null) });
  }

  /**
   * Take back to `to` actions in force, with the consent of another seat (recorded in the log). With `freshDice` (what
   * every new takeback does) the dice after it come from a new stream, so nobody replays a die already seen.
   */
  takeback(to: number, requestedBy: Seat, consentedBy: Seat, freshDice = true): void {
    if (!Number.isInteger(to) || to < 0 || to >= this.played.length) {
      throw new RuleViolation('takeback', `cannot take back to action ${to}; ${this.played.length} actions are in force`);
    }
    if (to < this.floor) {
      throw new RuleViolation('takeback', `cannot take back to action ${to}: the dice were re-keyed by every seat's contribution after action ${this.floor}, and nothing before that can be taken back`);
    }
    if (requestedBy === consentedBy) throw new RuleViolation('takeback', 'a takeback must be agreed by another seat');
    this.rewindTo(to);
    const t: Takeback = { to, requestedBy, consentedBy };
    if (freshDice) {
      t.freshDice = true;
      const rng = this.freshStream(this.entries.length);
      this.reseeds.set(to, rng);
      const s = structuredClone(this.state);
      s.rng = structuredClone(rng);
      this.state = s;
    }
    this.entries.push({ takeback: t, hash: stateHash(this.state, null) });
  }

  /** State after the first `n` actions in force. */
  stateAt(n: number): S {
    if (n < 0 || n > this.played.length) throw new RangeError(`no state at action ${n}`);
    let from = 0;
    for (const k of this.checkpoints.keys()) if (k <= n && k > from) from = k;
    // a twin: what is derived while replaying from it (or from the state returned) is not kept with the checkpoint
    let s: S;
    const c = this.cursor;
    if (c && c.n <= n && c.n >= from) {
      from = c.n;
      s = withoutFacts(c.state);
    } else s = withoutFacts(this.checkpoints.get(from)!);
    for (let i = from; i <= n; i++) {
      const rng = this.reseeds.get(i);
      if (rng) s = { ...s, rng: structuredClone(rng) };
      if (i === n) break;
      const p = this.played[i]!;
      if (p.forced) {
        s = structuredClone(s);
        forceDice(s.rng, p.forced);
      }
      s = applyAction(this.ruleset, s, p.seat, p.action, this.memo).state;
    }
    this.cursor = { n, state: withoutFacts(s) };
    return s;
  }

  private rewindTo(n: number): void {
    const s = this.stateAt(n);
    this.played.length = n;
    for (const k of [...this.checkpoints.keys()]) if (k > n) this.checkpoints.delete(k);
    for (const k of [...this.reseeds.keys()]) if (k > n) this.reseeds.delete(k);
    this.state = s;
    this.pendingForce = [];
  }

  toLog(meta?: Record<string, Json>): GameLog {
    const log: GameLog = {
      format: LOG_FORMAT, version: LOG_VERSION, ruleset: this.ruleset.id, rulesVersion: this.ruleset.rulesVersion,
      scenario: this.scenario, options: this.options, seed: this.seed, setupHash: this.setupHash,
      entries: this.entries.map((e) => ({ ...e })),
    };
    if (this.seedCommitment) log.seedCommitment = this.seedCommitment;
    if (this.position !== undefined) log.position = this.position;
    if (meta) log.meta = meta;
    return log;
  }
}

export class LogError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogError';
  }
}

/**
 * Rebuild a game from a log: the set-up, then every entry through `Game.replay`, checking each state hash. `onEntry`
 * sees the game after each entry with the events it produced (the server keeps them). Throws LogError naming the
 * first entry that diverges.
 */
export function replayLog<S extends BaseState>(
  ruleset: Ruleset<S>, log: unknown, onEntry?: (game: Game<S>, entry: LogEntry, events: GameEvent[]) => void,
): { game: Game<S>; events: GameEvent[][] } {
  const { game, log: l } = setupOfLog(ruleset, log);
  const events: GameEvent[][] = [];
  for (const e of l.entries) {
    try {
      events.push(game.replay(e));
    } catch (err) {
      throw err instanceof LogError ? new LogError(err.message + versionHint(l, ruleset)) : err;
    }
    onEntry?.(game, e, events[events.length - 1]!);
  }
  return { game, events };
}

/** A log checked (checkLog) and the game it starts from: its set-up, whose hash must be the log's. Then `replay` each entry. */
export function setupOfLog<S extends BaseState>(ruleset: Ruleset<S>, log: unknown): { game: Game<S>; log: GameLog } {
  const l = checkLog(log, ruleset);
  const game = Game.create(ruleset, l.scenario, l.options, l.seed, l.position);
  if (l.seedCommitment) game.seedCommitment = l.seedCommitment;
  if (game.setupHash !== l.setupHash) {
    throw new LogError(`setup diverged: the log's setup hash ${l.setupHash} is not this build's ${game.setupHash}${versionHint(l, ruleset)}` +
      (l.seed === '' ? ' (the log carries no seed: it is an export of an unfinished game)' : ''));
  }
  return { game, log: l };
}

function versionHint(l: GameLog, r: Ruleset<any>): string {
  return l.rulesVersion !== r.rulesVersion
    ? ` (the log was written by rules version ${l.rulesVersion}; this build has ${r.rulesVersion})` : '';
}

/** Check a parsed log file's shape and version; names the field that is wrong. */
export function checkLog(log: unknown, ruleset?: Ruleset<any>): GameLog {
  const fail = (field: string, msg: string): never => {
    throw new LogError(`log field "${field}": ${msg}`);
  };
  if (!log || typeof log !== 'object' || Array.isArray(log)) fail('(root)', 'a log must be a JSON object');
  const l = log as Record<string, unknown>;
  if (l.format !== LOG_FORMAT) fail('format', `expected "${LOG_FORMAT}", found ${JSON.stringify(l.format)}`);
  if (typeof l.version !== 'number') fail('version', 'must be a number');
  const v = l.version as number;
  if (v > LOG_VERSION) fail('version', `${v} is newer than this Theater reads (${LOG_MIN_VERSION}..${LOG_VERSION}); update Theater`);
  if (v < LOG_MIN_VERSION) fail('version', `${v} is no longer supported (this Theater reads ${LOG_MIN_VERSION}..${LOG_VERSION})`);
  for (const f of ['ruleset', 'rulesVersion', 'scenario', 'seed', 'setupHash'] as const) {
    if (typeof l[f] !== 'string') fail(f, 'must be a string');
  }
  if (ruleset && l.ruleset !== ruleset.id) fail('ruleset', `this log is for "${String(l.ruleset)}", not "${ruleset.id}"`);
  if (!l.options || typeof l.options !== 'object' || Array.isArray(l.options)) fail('options', 'must be an object');
  if (!Array.isArray(l.entries)) fail('entries', 'must be an array');
  (l.entries as unknown[]).forEach((e, i) => {
    if (!e || typeof e !== 'object') fail(`entries[${i}]`, 'must be an object');
    const o = e as Record<string, unknown>;
    if (typeof o.hash !== 'string') fail(`entries[${i}].hash`, 'must be a string');
    if ('action' in o) {
      if (typeof o.seat !== 'string') fail(`entries[${i}].seat`, 'must be a string');
      const a = o.action as Record<string, unknown> | null;
      if (!a || typeof a !== 'object' || typeof a.type !== 'string') fail(`entries[${i}].action`, 'must be an object with a "type"');
    } else if ('entropy' in o) {
      if (v < 2) fail(`entries[${i}].entropy`, 'entropy entries need log version 2');
      const x = o.entropy as Record<string, unknown> | null;
      const strings = (r: unknown) => !!r && typeof r === 'object' && !Array.isArray(r) && Object.values(r).every((y) => typeof y === 'string');
      if (!x || typeof x !== 'object' || !strings(x.seats) || !strings(x.commitments)) {
        fail(`entries[${i}].entropy`, 'must hold "seats" and "commitments", objects of strings by seat');
      }
      const srv = x!.serverSeed as Record<string, unknown> | undefined;
      if (srv !== undefined && (!srv || typeof srv.commitment !== 'string' || typeof srv.seed !== 'string')) {
        fail(`entries[${i}].entropy.serverSeed`, 'must hold "commitment" and "seed" strings');
      }
    } else if ('takeback' in o) {
      const t = o.takeback as Record<string, unknown> | null;
      if (!t || typeof t !== 'object' || typeof t.to !== 'number' || typeof t.requestedBy !== 'string' || typeof t.consentedBy !== 'string') {
        fail(`entries[${i}].takeback`, 'must hold "to" (a number), "requestedBy" and "consentedBy"');
      }
      if (t!.freshDice !== undefined && v < 2) fail(`entries[${i}].takeback.freshDice`, 'needs log version 2');
    } else if (!('undo' in o) && !('force' in o)) {
      fail(`entries[${i}]`, 'must hold an action, undo, takeback, force or entropy');
    }
  });
  return l as unknown as GameLog;
}

export { EngineError };
