// The simplest legal player: a uniformly random choice of the seat's prompt, from a seeded generator.
import { createRng, nextInt } from '../engine/rng.ts';
import { allChoices, type SeatView } from '../engine/kernel.ts';
import type { Action, Choice, Prompt, Seat } from '../engine/types.ts';
import { getRuleset } from '../rulesets/index.ts';
import { aiAdapterFor } from './adapters.ts';

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
  /** The game the decision belongs to (players that keep a turn budget key it by game). */
  game?: string;
}

export interface ChooseActionResult {
  action: Action;
  /** Why, in a sentence (shown to players who ask). */
  explanation?: string;
}

/**
 * Every legal choice of the prompt: a structured prompt's groups are expanded on the state the rule set's AI adapter
 * rebuilds from the view (the view alone does not list them).
 */
function legalChoices(req: ChooseActionRequest): Choice[] {
  if (!req.prompt.groups?.length) return req.prompt.choices;
  const adapter = aiAdapterFor(req.ruleset);
  if (!adapter) return req.prompt.choices;
  return allChoices(getRuleset(req.ruleset), adapter.stateFromView(req.view, req.seat, req.seed), req.prompt);
}

export function chooseRandomAction(req: ChooseActionRequest): ChooseActionResult {
  const choices = legalChoices(req);
  if (choices.length === 0) throw new Error(`${req.ruleset}: the prompt "${req.prompt.text}" for ${req.seat} offers no choice`);
  const rng = createRng(req.seed);
  const c = choices[nextInt(rng, choices.length)]!;
  return { action: c.action, explanation: `random legal choice: ${c.label}` };
}
