// The AI player: chooseAction sees only the seat's view and prompt, determinises a state through the rule set's
// adapter, searches it with the rule set's own code and explains the choice (docs/ai.md).
import { actionKey, allChoices, createRng, nextInt, type Choice } from '../engine/index.ts';
import { describeOdds, oddsForChoice } from '../odds/index.ts';
import { getPackage, getRuleset } from '../rulesets/index.ts';
import { aiAdapterFor } from './adapters.ts';
import { LEVELS, normalizeLevel } from './levels.ts';
import { Searcher } from './search.ts';
import type { ChooseActionRequest, ChooseActionResult } from './types.ts';

export type { AiAdapter, AiLevel, ChooseActionRequest, ChooseActionResult, PositionReport } from './types.ts';
export { aiAdapterFor } from './adapters.ts';
export { LEVELS, normalizeLevel } from './levels.ts';
export type { LevelParams } from './levels.ts';


export function chooseAction(req: ChooseActionRequest): ChooseActionResult {
  const { prompt, seat } = req;
  if (prompt.seat !== seat) throw new Error(`AI: the prompt "${prompt.text}" is for ${prompt.seat}, not ${seat}`);
  // A scenario's scripted side (the package's solitaire player) plays an AI seat it covers.
  const script = getPackage(req.ruleset).scripted;
  const scripted = script?.seats(req.view.scenario).includes(seat) ? script.choose(req.view, prompt, seat) : null;
  if (scripted) return { action: scripted, explanation: script!.name };
  const ruleset = getRuleset(req.ruleset);
  const adapter = aiAdapterFor(ruleset.id);
  // A structured prompt's groups (src/engine/types.ts) are expanded against the determinised state.
  const grouped = !!prompt.groups?.length;
  const early = grouped ? adapter?.stateFromView(req.view, seat, req.seed) : undefined;
  const choices = grouped ? allChoices(ruleset, early ?? req.view.state, prompt) : prompt.choices;
  if (choices.length === 0) throw new Error(`${req.ruleset}: the prompt "${prompt.text}" (${prompt.rule}) for ${seat} offers no choice`);
  if (choices.length === 1) return { action: choices[0]!.action, explanation: `${choices[0]!.label}: the only legal choice` };
  if (!adapter) {
    const c = choices[nextInt(createRng(req.seed), choices.length)]!;
    return { action: c.action, explanation: `${c.label}: random legal choice (no AI adapter for ${ruleset.id} yet)` };
  }
  const level = normalizeLevel(req.level);
  const base = { ...LEVELS[level], ...adapter.levels?.[level] };
  const params = { ...base, maxNodes: Math.max(1, Math.floor(base.maxNodes / (adapter.budgetScale ?? 1))) };
  const state = early ?? adapter.stateFromView(req.view, seat, req.seed);
  const legal = new Map(choices.map((c) => [actionKey(c.action), c]));

  const quick = adapter.quickChoice?.(state, prompt, seat);
  const quickChoice = quick ? legal.get(actionKey(quick)) : undefined;
  if (quickChoice) {
    const headline = adapter.headline?.(state, seat, quickChoice.action);
    const odds = oddsText(req, state, quickChoice);
    const why = [odds, adapter.explain?.(state, seat, quickChoice.action)].filter(Boolean).join('; ');
    if (headline) return { action: quickChoice.action, explanation: why ? `${headline}; ${why}` : headline };
    return { action: quickChoice.action, explanation: `${quickChoice.label}: ${why || 'standing rule for this decision'}` };
  }

  // The adapter may order and prune the root, but only ever among the prompt's own choices.
  const ordered = (adapter.candidates?.(state, prompt, seat) ?? choices)
    .map((c) => legal.get(actionKey(c.action)))
    .filter((c): c is Choice => c !== undefined);
  const roots = (ordered.length ? ordered : choices).slice(0, params.rootWidth ?? Infinity);
  const deadline = req.budgetMs !== undefined ? performance.now() + req.budgetMs : null;
  const searcher = new Searcher(ruleset, adapter, seat, params, `${req.seed}|${req.seq ?? req.view.seq}`, deadline);
  const r = searcher.root(state, roots);
  const chosen = roots[r.best]!;
  return {
    action: chosen.action,
    explanation: explain(req, state, chosen, r.values[r.best]!, r.depth, r.nodes, r.timedOut),
    stats: { nodes: r.nodes, depth: r.depth, timedOut: r.timedOut, values: roots.map((c, i) => ({ label: c.label, value: r.values[i]! })) },
  };
}

/**
 * Runs of the rules an explanation's exact odds may cost: a 2WW run costs ~10-20 ms in a campaign position, so a
 * combat with many dice is explained without its odds rather than stall the turn.
 */
const ODDS_EXPLAIN_APPLIES = 150;

/** "50% to win, expected losses 0.0 to 0.5" when the choice starts a combat; null otherwise or when too costly. */
function oddsText(req: ChooseActionRequest, state: any, c: Choice): string | null {
  const adapter = aiAdapterFor(req.ruleset);
  if (adapter?.oddsInExplain) return null;
  try {
    const odds = oddsForChoice(getPackage(req.ruleset), state, req.seat, c.action, { maxApplies: ODDS_EXPLAIN_APPLIES });
    return odds ? describeOdds(odds) : null;
  } catch {
    return null; // odds too costly or refused in the determinised state: the explanation goes without them
  }
}

function explain(req: ChooseActionRequest, state: any, c: Choice, value: number, depth: number, nodes: number, timedOut: boolean): string {
  const parts: string[] = [];
  const odds = oddsText(req, state, c);
  if (odds) parts.push(odds);
  const extra = aiAdapterFor(req.ruleset)?.explain?.(state, req.seat, c.action);
  if (extra) parts.push(extra);
  parts.push(`value ${value >= 0 ? '+' : ''}${value.toFixed(2)} (searched ${depth} ${depth === 1 ? "ply" : "plies"}, ${nodes} positions${timedOut ? ', cut by the time budget' : ''})`);
  return `${c.label}: ${parts.join('; ')}`;
}
