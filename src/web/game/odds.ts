// The hook for combat odds: a prompt's `context.odds` may give, per choice, the outcome distribution.
// Accepted shapes: an array of entries ({choice: index} or {action}), or an object keyed by actionKey(action).
import { actionKey } from '../../engine/kernel.ts';
import type { Choice, Json } from '../../engine/types.ts';

export interface OddsOutcome {
  label: string;
  /** Probability 0..1. */
  p: number;
}
export interface OddsEntry {
  outcomes: OddsOutcome[];
  /** One line: "3:1, column +1; expected attacker losses 0.4". */
  summary?: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function readEntry(v: unknown): OddsEntry | null {
  if (!isObj(v) || !Array.isArray(v.outcomes)) return null;
  const outcomes = v.outcomes.filter(isObj).map((o) => ({ label: String(o.label ?? o.result ?? ''), p: Number(o.p ?? o.probability ?? 0) }));
  return { outcomes, summary: typeof v.summary === 'string' ? v.summary : undefined };
}

/** Odds by choice index, read from the prompt context; empty when the context has none. */
export function oddsByChoice(choices: Choice[], context: Json | undefined): Map<number, OddsEntry> {
  const out = new Map<number, OddsEntry>();
  if (!isObj(context) || context.odds === undefined) return out;
  const odds = context.odds;
  if (Array.isArray(odds)) {
    odds.forEach((o, i) => {
      const e = readEntry(o);
      if (!e || !isObj(o)) return;
      let idx = typeof o.choice === 'number' ? o.choice : -1;
      if (idx < 0 && isObj(o.action)) {
        const k = actionKey(o.action as Choice['action']);
        idx = choices.findIndex((c) => actionKey(c.action) === k);
      }
      if (idx < 0 && odds.length === choices.length) idx = i;
      if (idx >= 0 && idx < choices.length) out.set(idx, e);
    });
  } else if (isObj(odds)) {
    choices.forEach((c, i) => {
      const e = readEntry(odds[actionKey(c.action)]);
      if (e) out.set(i, e);
    });
  }
  return out;
}
