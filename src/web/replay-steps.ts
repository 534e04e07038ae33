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
