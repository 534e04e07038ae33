// Who plays each seat: a person at this terminal, the AI, the random legal player, or someone elsewhere (by email).
import type { SeatView, Seat } from '../../engine/index.ts';
import { chooseAction, normalizeLevel } from '../../ai/index.ts';
import { chooseRandomAction } from '../../ai/random-player.ts';
import type { AiLevel, ChooseActionResult } from '../../ai/index.ts';
import { CliError } from '../io.ts';

export type Controller =
  | { kind: 'human' }
  | { kind: 'ai'; level: AiLevel }
  | { kind: 'random' }
  /** Plays elsewhere (play-by-email): when only remote seats must decide, the session saves and stops. */
  | { kind: 'remote' };

export const CONTROLLER_KINDS = 'human | ai[:easy|normal|hard] | random | remote';

export function parseController(text: string, where: string): Controller {
  const [kind, level] = text.trim().toLowerCase().split(':');
  if (kind === 'human' && level === undefined) return { kind: 'human' };
  if (kind === 'random' && level === undefined) return { kind: 'random' };
  if (kind === 'remote' && level === undefined) return { kind: 'remote' };
  if (kind === 'ai') {
    try {
      return { kind: 'ai', level: normalizeLevel(level === undefined ? 'normal' : /^\d$/.test(level) ? Number(level) : level) };
    } catch (e) {
      throw new CliError(`${where}: ${(e as Error).message}`);
    }
  }
  throw new CliError(`${where}: "${text}" is not a player; use ${CONTROLLER_KINDS}`);
}

export function controllerName(c: Controller): string {
  return c.kind === 'ai' ? `ai ${c.level}` : c.kind;
}

/**
 * Seats' controllers from `--seat NAME=KIND` pairs, per-seat options (`--axis ai`) and `--as SEAT` (that seat
 * human, every other remote). Seats not named are human: hot-seat.
 */
export function resolveSeats(
  seats: Seat[], pairs: string[], perSeat: Record<string, string | undefined>, as: string | undefined,
): Record<Seat, Controller> {
  const out: Record<Seat, Controller> = {};
  const known = (s: string, where: string) => {
    if (!seats.includes(s)) throw new CliError(`${where}: this game has no seat "${s}"; its seats are ${seats.join(', ')}`);
  };
  for (const s of seats) out[s] = { kind: 'human' };
  if (as !== undefined) {
    known(as, '--as');
    for (const s of seats) out[s] = s === as ? { kind: 'human' } : { kind: 'remote' };
  }
  for (const [s, v] of Object.entries(perSeat)) {
    if (v === undefined) continue;
    known(s, `--${s}`);
    out[s] = parseController(v, `--${s}`);
  }
  for (const p of pairs) {
    const i = p.indexOf('=');
    if (i < 1) throw new CliError(`--seat wants NAME=${CONTROLLER_KINDS}, not "${p}"`);
    const s = p.slice(0, i);
    known(s, '--seat');
    out[s] = parseController(p.slice(i + 1), `--seat ${s}`);
  }
  return out;
}

export interface AutoRequest {
  ruleset: string;
  seat: Seat;
  view: SeatView;
  seed: string;
  budgetMs: number;
}

/** An automatic seat's choice. The AI (src/ai) for `ai`, the uniformly random legal player for `random`. */
export function chooseAutomatic(c: Controller, req: AutoRequest): ChooseActionResult {
  const prompt = req.view.prompt;
  if (!prompt) throw new Error(`${req.seat} has no decision to make`);
  if (c.kind === 'ai') {
    return chooseAction({ ruleset: req.ruleset, seat: req.seat, level: c.level, view: req.view, prompt, seed: req.seed, budgetMs: req.budgetMs });
  }
  return chooseRandomAction({ ruleset: req.ruleset, seat: req.seat, level: 0, view: req.view, prompt, seed: req.seed });
}
