// New games: created from a rule set's scenario or a position, or imported from a log file; each gets its seats'
// tokens, a spectator token and (created) a fresh secret seed whose commitment is published at once.
import { Game, replayLog, type GameLog } from '../engine/game.ts';
import { RuleViolation } from '../engine/kernel.ts';
import type { Json, Ruleset, Seat } from '../engine/types.ts';
import { getRuleset } from '../rulesets/index.ts';
import { newClock, tick } from './clock.ts';
import { badRequest } from './errors.ts';
import { newSeed, seedCommitment } from './fair-dice.ts';
import type { GameManager } from './games.ts';
import { deriveEntry, settled, type Live } from './live-games.ts';
import type { ClockSpec, CreateGameResponse, SeatSpec } from './protocol.ts';
import { link } from './seats.ts';
import type { EntryDerived, EntryRecord, GameRecord, SeatRecord } from './storage.ts';
import { newGameId, newToken } from './tokens.ts';

export interface CreateGame {
  ruleset: string; scenario?: string; options?: Record<string, Json>; seats?: Record<Seat, SeatSpec>;
  clock?: ClockSpec; meta?: GameRecord['meta']; position?: Json;
}

export class NewGames {
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
      game = Game.create(ruleset, info.id, req.options ?? {}, seed, position);
    } catch (e) {
      if (e instanceof RuleViolation) throw badRequest(`${e.message}${e.legal.length ? ` (legal: ${e.legal.join(', ')})` : ''}`);
      throw e;
    }
    const meta = position === undefined ? req.meta ?? {} : { ...req.meta, position };
    return this.insertGame(ruleset, game, info.seats, req.seats ?? {}, req.clock, seedCommitment(seed), [], meta);
  }

  /** POST /api/games/import: a log file becomes a new game (continued from where it stopped, or replayed). */
  async importLog(log: unknown, seats: Record<Seat, SeatSpec> = {}): Promise<CreateGameResponse> {
    if (!log || typeof log !== 'object') throw badRequest('field "log" must be a theater log object');
    const l = log as GameLog;
    const ruleset = rulesetOr400(String(l.ruleset));
    if (l.seed === '') {
      throw badRequest('this log carries no seed: it is an export of an unfinished game and can be continued only on the server that holds it');
    }
    let replay: ReturnType<typeof replayLog>;
    const derived: EntryDerived[] = [];
    try {
      replay = replayLog(ruleset, l, (game, entry, events) => derived.push(deriveEntry(game, entry, events)));
    } catch (e) {
      throw badRequest(`the log does not replay: ${(e as Error).message}`);
    }
    const seatList = ruleset.scenarios.find((s) => s.id === l.scenario)?.seats ?? ruleset.seats;
    const commitment = typeof l.seedCommitment === 'string' ? l.seedCommitment : seedCommitment(l.seed);
    const meta: GameRecord['meta'] = { importedFrom: 'log' };
    if (l.position !== undefined) meta.position = l.position;
    return this.insertGame(ruleset, replay.game, seatList, seats, undefined, commitment, derived, meta);
  }

  private async insertGame(
    ruleset: Ruleset<any>, game: Game<any>, seatList: Seat[], specs: Record<Seat, SeatSpec>, clock: ClockSpec | undefined,
    commitment: string, derived: EntryDerived[], meta: GameRecord['meta'],
  ): Promise<CreateGameResponse> {
    const m = this.m;
    for (const s of Object.keys(specs)) {
      if (!seatList.includes(s)) throw badRequest(`seat "${s}" is not a seat of this scenario; seats: ${seatList.join(', ')}`);
    }
    const now = m.now();
    let id = newGameId();
    while (!m.owns(id)) id = newGameId();
    game.seedCommitment = commitment;
    game.memo = settled;
    const seats: SeatRecord[] = seatList.map((seat) => {
      const sp = specs[seat] ?? { kind: 'open' as const };
      return {
        gameId: id, seat, token: newToken(), kind: sp.kind, level: sp.kind === 'ai' ? (sp.level ?? 1) : null,
        name: sp.name ?? null, webhook: sp.webhook ?? null,
      };
    });
    seats.push({ gameId: id, seat: null, token: newToken(), kind: 'open', level: null, name: null, webhook: null });
    const finished = game.state.outcome !== null;
    let clk = clock ? newClock(clock, seatList, now) : null;
    if (clk && !finished) clk = tick(clk, now, null, m.games.toMove({ ruleset, game }));
    const rec: GameRecord = {
      id, ruleset: ruleset.id, rulesVersion: ruleset.rulesVersion, scenario: game.scenario, options: game.options,
      seed: game.seed, seedCommitment: commitment, setupHash: game.setupHash, status: finished ? 'finished' : 'running',
      serverResult: null, clock: clk, meta, createdAt: now, updatedAt: now, entryCount: game.entries.length,
    };
    const entries: EntryRecord[] = game.entries.map((entry, idx) => ({ idx, entry, createdAt: now, derived: derived[idx] }));
    await m.storage.createGame(rec, seats, entries);
    const live: Live = { rec, seats, ruleset, game, derived, lock: Promise.resolve(), aiBusy: new Set(), lastUsed: now };
    m.games.add(live);
    m.aiTurns.schedule(live);
    return {
      gameId: id,
      seats: Object.fromEntries(seats.filter((s) => s.seat !== null).map((s) => [s.seat, link(s.token)])),
      spectator: link(seats.find((s) => s.seat === null)!.token),
      seedCommitment: commitment,
    };
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
