// New games: created from a rule set's scenario or a position, or imported from a log file; each gets its seats'
// tokens, a spectator token, a fresh secret seed whose commitment is published at once, and a round of the seats'
// dice contributions (seat-entropy.ts).
import { Game, setupOfLog, type GameLog } from '../engine/game.ts';
import { RuleViolation } from '../engine/kernel.ts';
import { seatsInPlay, type Json, type Ruleset, type Seat } from '../engine/types.ts';
import { getRuleset } from '../rulesets/index.ts';
import { newClock, tick } from './clock.ts';
import { badRequest, ApiError } from './errors.ts';
import { newSeed, seedCommitment } from './fair-dice.ts';
import type { GameManager } from './games.ts';
import { deriveEntry, settled, type Live } from './live-games.ts';
import type { ClockSpec, CreateGameResponse, ImportInfo, SeatSpec } from './protocol.ts';
import { importSchema, parseClientJson, parseOr400, SchemaError } from './schemas.ts';
import { link } from './seats.ts';
import type { DiceRound, EntryDerived, EntryRecord, GameRecord, SeatRecord } from './storage.ts';
import { newGameId, newToken } from './tokens.ts';
import { webhookUrlProblem } from './webhooks.ts';

/** Most log entries an import may hold (docs/server.md "Limits"); a whole 2WW campaign is 1,000 to 2,000. */
export const MAX_IMPORT_ENTRIES = 20_000;
/** An import's replay yields to other games after this long (ms), so that it never holds up their actions. */
const IMPORT_SLICE_MS = 8;
/** Entries written per storage transaction when an import is stored. */
const IMPORT_WRITE_CHUNK = 1000;

export interface CreateGame {
  ruleset: string; scenario?: string; options?: Record<string, Json>; seats?: Record<Seat, SeatSpec>;
  clock?: ClockSpec; meta?: GameRecord['meta']; position?: Json;
}

export class NewGames {
  /** Imports replay one at a time. */
  private importing: Promise<unknown> = Promise.resolve();

  constructor(private readonly m: GameManager) {}

  async createGame(req: CreateGame): Promise<CreateGameResponse> {
    const ruleset = rulesetOr400(req.ruleset);
    const scenario = req.scenario ?? ruleset.scenarios[0]?.id;
    const info = ruleset.scenarios.find((s) => s.id === scenario);
    if (!info) throw badRequest(`rule set ${ruleset.id} has no scenario "${scenario}"; known: ${ruleset.scenarios.map((s) => s.id).join(', ')}`);
    const seed = newSeed();
    const position = withoutDiceState(req.position);
    let game: Game<any>;
    try {
      // A position may not set what the kernel owns (the generator, sealed answers...): the committed seed rolls the dice.
      game = Game.create(ruleset, info.id, req.options ?? {}, seed, position, { refuseKernelFields: true });
    } catch (e) {
      if (e instanceof RuleViolation) throw badRequest(`${e.message}${e.legal.length ? ` (legal: ${e.legal.join(', ')})` : ''}`);
      // The rule set's validator let through a position its set-up cannot build: the request's fault, named.
      if (position !== undefined) throw badRequest(`the position could not be set up: ${(e as Error).message}`);
      throw e;
    }
    const meta = position === undefined ? req.meta ?? {} : { ...req.meta, position };
    const round: DiceRound = { commitments: {}, reveals: {} };
    return this.insertGame(ruleset, game, info.seats, req.seats ?? {}, req.clock, seedCommitment(seed), [], meta, round);
  }

  /** POST /api/games/import as its body's text, parsed and checked here (in the game worker, off the main thread). */
  async importBody(text: string): Promise<CreateGameResponse> {
    let body: { log: Record<string, unknown>; seats?: Record<Seat, SeatSpec> };
    try {
      body = parseOr400(importSchema, parseClientJson(text, 'the body'), 'POST /api/games/import');
    } catch (e) {
      if (e instanceof SchemaError) throw badRequest(e.message);
      throw e;
    }
    return this.importLog(body.log, body.seats);
  }

  /**
   * POST /api/games/import: a log file becomes a new game (continued from where it stopped, or replayed). Its
   * commitment must be the SHA-256 of its seed; the game is marked imported; a game continued here gets a seed of
   * the server's own and a round of contributions, so its dice from here on are as fair as a new game's. The replay
   * runs in slices, one import at a time, never holding up other games' actions.
   */
  async importLog(log: unknown, seats: Record<Seat, SeatSpec> = {}): Promise<CreateGameResponse> {
    if (!log || typeof log !== 'object') throw badRequest('field "log" must be a theater log object');
    const l = log as GameLog;
    const ruleset = rulesetOr400(String(l.ruleset));
    if (l.seed === '') {
      throw badRequest('this log carries no seed: it is an export of an unfinished game and can be continued only on the server that holds it');
    }
    if (Array.isArray(l.entries) && l.entries.length > MAX_IMPORT_ENTRIES) {
      throw badRequest(`the log has ${l.entries.length} entries; an import may hold at most ${MAX_IMPORT_ENTRIES}`);
    }
    if (l.seedCommitment !== undefined && (typeof l.seed !== 'string' || l.seedCommitment !== seedCommitment(l.seed))) {
      throw badRequest(`log field "seedCommitment": ${JSON.stringify(String(l.seedCommitment).slice(0, 80))} is not the SHA-256 of the log's seed (${typeof l.seed === 'string' ? seedCommitment(l.seed) : 'no seed'})`);
    }
    const run = this.importing.then(() => this.replayImport(ruleset, l));
    this.importing = run.catch(() => undefined);
    const { game, derived } = await run;
    const seatList = ruleset.scenarios.find((s) => s.id === l.scenario)?.seats ?? ruleset.seats;
    const imported: ImportInfo = { entries: game.entries.length, logSeedCommitment: l.seedCommitment ?? null };
    const meta: GameRecord['meta'] = { importedFrom: 'log', imported: imported as unknown as Json };
    if (l.position !== undefined) meta.position = l.position;
    let round: DiceRound | null = null;
    if (game.state.outcome === null) {
      const serverSeed = newSeed();
      round = { commitments: {}, reveals: {}, serverSeed, serverCommitment: seedCommitment(serverSeed) };
    }
    return this.insertGame(ruleset, game, seatList, seats, undefined, seedCommitment(l.seed), derived, meta, round);
  }

  /** Replay an imported log entry by entry (Game.replay), yielding to other work every few milliseconds. */
  private async replayImport(ruleset: Ruleset<any>, l: GameLog): Promise<{ game: Game<any>; derived: EntryDerived[] }> {
    try {
      const { game, log } = setupOfLog(ruleset, l);
      const derived: EntryDerived[] = [];
      let slice = performance.now();
      for (const e of log.entries) {
        derived.push(deriveEntry(game, e, game.replay(e)));
        if (performance.now() - slice > IMPORT_SLICE_MS) {
          await new Promise((r) => setImmediate(r));
          slice = performance.now();
        }
      }
      return { game, derived };
    } catch (e) {
      if (e instanceof ApiError) throw e;
      throw badRequest(`the log does not replay: ${(e as Error).message}`);
    }
  }

  private async insertGame(
    ruleset: Ruleset<any>, game: Game<any>, seatList: Seat[], specs: Record<Seat, SeatSpec>, clock: ClockSpec | undefined,
    commitment: string, derived: EntryDerived[], meta: GameRecord['meta'], round: DiceRound | null,
  ): Promise<CreateGameResponse> {
    const m = this.m;
    specs = { ...specs };
    const inPlay = seatsInPlay(ruleset, game.scenario, game.options);
    for (const [s, spec] of Object.entries(specs)) {
      if (!seatList.includes(s)) throw badRequest(`seat "${s}" is not a seat of this scenario; seats: ${seatList.join(', ')}`);
      if (!inPlay.includes(s)) delete specs[s]; // a seat these options leave out (e.g. aae's Axis Minor without its house rule)
      const problem = spec.webhook === undefined ? null : webhookUrlProblem(spec.webhook, m.webhookPolicy);
      if (problem) throw badRequest(`seats.${s}.webhook: ${problem}`);
    }
    const now = m.now();
    let id = newGameId();
    while (!m.owns(id)) id = newGameId();
    game.seedCommitment = commitment;
    game.memo = settled;
    const seats: SeatRecord[] = inPlay.map((seat) => {
      const sp = specs[seat] ?? { kind: 'open' as const };
      return {
        gameId: id, seat, token: newToken(), kind: sp.kind, level: sp.kind === 'ai' ? (sp.level ?? 1) : null,
        name: sp.name ?? null, webhook: sp.webhook ?? null,
      };
    });
    seats.push({ gameId: id, seat: null, token: newToken(), kind: 'open', level: null, name: null, webhook: null });
    const finished = game.state.outcome !== null;
    const rec: GameRecord = {
      id, ruleset: ruleset.id, rulesVersion: ruleset.rulesVersion, scenario: game.scenario, options: game.options,
      seed: game.seed, seedCommitment: commitment, setupHash: game.setupHash, status: finished ? 'finished' : 'running',
      serverResult: null, clock: null, meta, dice: round, createdAt: now, updatedAt: now, entryCount: 0,
    };
    const live: Live = { rec, seats, ruleset, game, derived, lock: Promise.resolve(), aiBusy: new Set(), lastUsed: now };
    // Only AI seats: nobody has to contribute, the dice are keyed at once.
    if (round && m.entropy.contributors(live).length === 0) rec.dice = m.entropy.key(live, round);
    if (clock) rec.clock = newClock(clock, inPlay, now);
    if (rec.clock && !finished) rec.clock = tick(rec.clock, now, null, m.games.clockSeats(live));
    rec.entryCount = game.entries.length;
    const entries: EntryRecord[] = game.entries.map((entry, idx) => ({ idx, entry, createdAt: now, derived: derived[idx] }));
    await this.store(rec, seats, entries, game);
    m.games.add(live);
    m.aiTurns.schedule(live);
    const r: CreateGameResponse = {
      gameId: id,
      seats: Object.fromEntries(seats.filter((s) => s.seat !== null).map((s) => [s.seat, link(s.token)])),
      spectator: link(seats.find((s) => s.seat === null)!.token),
      seedCommitment: rec.dice?.serverCommitment ?? commitment,
    };
    if (meta.imported) r.imported = meta.imported as unknown as ImportInfo;
    return r;
  }

  /**
   * Write a new game. A long log (an import) goes in chunks, one transaction each, with a snapshot after its last
   * entry so that the game loads without replaying it; nobody holds its tokens before the last chunk is written.
   */
  private async store(rec: GameRecord, seats: SeatRecord[], entries: EntryRecord[], game: Game<any>): Promise<void> {
    const storage = this.m.storage;
    if (entries.length <= IMPORT_WRITE_CHUNK) {
      await storage.createGame(rec, seats, entries);
    } else {
      await storage.createGame(rec, seats, entries.slice(0, IMPORT_WRITE_CHUNK));
      for (let from = IMPORT_WRITE_CHUNK; from < entries.length; from += IMPORT_WRITE_CHUNK) {
        await new Promise((r) => setImmediate(r));
        await storage.append(rec.id, from, entries.slice(from, from + IMPORT_WRITE_CHUNK), {});
      }
    }
    if (entries.length >= this.m.snapshotEvery) {
      await storage.append(rec.id, entries.length, [], {}, { idx: entries.length, state: game.state as unknown as Json, hash: entries.at(-1)!.entry.hash });
    }
  }
}

function rulesetOr400(id: string): Ruleset<any> {
  try {
    return getRuleset(id);
  } catch (e) {
    throw badRequest((e as Error).message);
  }
}

/** A position's dice.rng would let a player foresee the dice; on the server the secret seed rolls them (docs/fair-dice.md). */
function withoutDiceState(position: Json | undefined): Json | undefined {
  if (!position || typeof position !== 'object' || Array.isArray(position)) return position;
  const dice = position.dice;
  if (!dice || typeof dice !== 'object' || Array.isArray(dice) || !('rng' in dice)) return position;
  const { rng: _rng, ...rest } = dice;
  return { ...position, dice: rest };
}
