// The actions in force of a game log, and the label a prompt gave an action: what the replay shows for each step.
import { actionKey } from '../engine/kernel.ts';
import type { Action, Prompt } from '../engine/types.ts';
import type { GameLog } from '../server/protocol.ts';

export interface StepAction {
  seat: string;
  action: Action;
}

/** The actions in force after the whole log: undos drop the last action, takebacks cut back to `to`. */
export function actionsInForce(entries: GameLog['entries']): StepAction[] {
  const out: StepAction[] = [];
  for (const e of entries) {
    if ('action' in e) out.push({ seat: e.seat, action: e.action });
    else if ('undo' in e) out.pop();
    else if ('takeback' in e) out.length = Math.min(out.length, e.takeback.to);
  }
  return out;
}

/** The label of the prompt's choice that is `action`, or null (no prompt, or no such choice). */
export function choiceLabel(prompt: Prompt | null | undefined, action: Action): string | null {
  if (!prompt) return null;
  const k = actionKey(action);
  return prompt.choices.find((c) => actionKey(c.action) === k)?.label ?? null;
}

/**
 * Where a takeback asked at this browser goes back to: before the last action in force made by one of `seats` (the
 * seats this browser holds), so that the other side's later actions go with it but never yours alone is spared; null
 * when none of them has an action in force.
 */
export function takebackPoint(moves: StepAction[], seats: ReadonlySet<string>): number | null {
  for (let i = moves.length - 1; i >= 0; i--) if (seats.has(moves[i]!.seat)) return i;
  return null;
}
