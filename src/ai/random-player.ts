// The simplest legal player: a uniformly random choice of the seat's prompt, from a seeded generator.
import { createRng, nextInt } from '../engine/rng.ts';
import { allChoices, type SeatView } from '../engine/kernel.ts';
import { getRuleset } from '../rulesets/index.ts';
import type { Action, Prompt, Seat } from '../engine/types.ts';

/** What every AI player receives: the seat's own view and prompt only, never the full state. */
export interface ChooseActionRequest {
  ruleset: string;
  seat: Seat;
  level: number;
  view: SeatView;
  prompt: Prompt;
  /** Seed for the player's own choices (not the game's dice). */
  seed: string;
  /** Thinking time the server allows (ms); players that search stop by then. */
  budgetMs?: number;
}

export interface ChooseActionResult {
  action: Action;
  /** Why, in a sentence (shown to players who ask). */
  explanation?: string;
}

export function chooseRandomAction(req: ChooseActionRequest): ChooseActionResult {
  // A structured prompt's groups (src/engine/types.ts) are expanded against the seat's view of the game.
  const choices = req.prompt.groups?.length ? allChoices(getRuleset(req.ruleset), req.view.state as never, req.prompt) : req.prompt.choices;
  if (choices.length === 0) throw new Error(`${req.ruleset}: the prompt "${req.prompt.text}" for ${req.seat} offers no choice`);
  const rng = createRng(req.seed);
  const c = choices[nextInt(rng, choices.length)]!;
  return { action: c.action, explanation: `random legal choice: ${c.label}` };
}
