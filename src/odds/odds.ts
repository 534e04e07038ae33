// combatOdds / oddsForChoice: the exact outcome distribution of one declared combat, through a rule set's adapter.
import type { Action, BaseState, Ruleset, Seat } from '../engine/index.ts';
import { getRuleset } from '../rulesets/index.ts';
import { enumerateCombat } from './enumerate.ts';
import { Fraction } from './fraction.ts';
import type { OddsAdapter, OddsOptions, OddsOutcome, OddsReport, OddsSummary } from './types.ts';

const adapters = new Map<string, OddsAdapter<any>>();

/** Rule sets register their adapter once (src/odds/adapters/index.ts). */
export function registerOddsAdapter(a: OddsAdapter<any>): void {
  adapters.set(a.ruleset, a);
}

export function oddsAdapterFor(rulesetId: string): OddsAdapter<any> | undefined {
  return adapters.get(rulesetId);
}

function resolveRuleset(r: Ruleset<any> | string): Ruleset<any> {
  return typeof r === 'string' ? getRuleset(r) : r;
}

/**
 * Exact odds of the combat that `seat` starts with `action` in `state`. Throws when the rule set has no odds adapter
 * or the action starts no combat. Uses only what `state` holds: for rule sets with hidden information, pass the
 * seat's determinised state (AI adapter `stateFromView`), not the full one.
 */
export function combatOdds<S extends BaseState>(
  ruleset: Ruleset<S> | string, state: S, seat: Seat, action: Action, opts: OddsOptions<S> = {},
): OddsReport {
  const rs = resolveRuleset(ruleset) as Ruleset<S>;
  const adapter = adapters.get(rs.id) as OddsAdapter<S> | undefined;
  if (!adapter) throw new Error(`odds: rule set "${rs.id}" has no odds adapter (known: ${[...adapters.keys()].join(', ')}); add one in src/odds/adapters/`);
  if (!adapter.isCombat(state, seat, action)) {
    throw new Error(`odds: ${JSON.stringify(action)} by ${seat} starts no combat in ${rs.id}; odds exist only for attack declarations`);
  }
  const { dist, stats } = enumerateCombat(rs, adapter, state, seat, action, opts);
  const outcomes: OddsOutcome[] = [...dist.entries()]
    .map(([key, v]) => ({ key, result: v.result, p: v.p.toNumber(), exact: v.p.toString(), frac: v.p }))
    .sort((a, b) => b.p - a.p || (a.key < b.key ? -1 : 1))
    .map(({ frac: _f, ...o }) => o);
  let win = Fraction.ZERO;
  for (const v of dist.values()) if (v.result.winner === 'attacker') win = win.add(v.p);
  const summary: OddsSummary = {
    pWin: win.toNumber(),
    pLose: sum(outcomes, (o) => (o.result.winner === 'defender' ? 1 : 0)),
    pNone: sum(outcomes, (o) => (o.result.winner === null ? 1 : 0)),
    expectedAttackerLosses: sum(outcomes, (o) => o.result.attackerLosses),
    expectedDefenderLosses: sum(outcomes, (o) => o.result.defenderLosses),
    pWinExact: win.toString(),
  };
  const report: OddsReport = { ruleset: rs.id, seat, action, outcomes, summary, stats };
  const description = adapter.describe?.(state, seat, action);
  if (description) report.description = description;
  return report;
}

function sum(os: OddsOutcome[], f: (o: OddsOutcome) => number): number {
  return os.reduce((a, o) => a + o.p * f(o), 0);
}

/**
 * For the server: odds of one of the seat's choices, or null when the rule set has no adapter or the choice starts
 * no combat (moves, passes...). The report is plain JSON.
 */
export function oddsForChoice<S extends BaseState>(
  ruleset: Ruleset<S> | string, state: S, seat: Seat, action: Action, opts: OddsOptions<S> = {},
): OddsReport | null {
  const rs = resolveRuleset(ruleset) as Ruleset<S>;
  const adapter = adapters.get(rs.id) as OddsAdapter<S> | undefined;
  if (!adapter || !adapter.isCombat(state, seat, action)) return null;
  return combatOdds(rs, state, seat, action, opts);
}

/** "83% to win, expected losses 1.2 to 2.1" */
export function describeOdds(r: OddsReport): string {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const s = r.summary;
  return `${pct(s.pWin)} to win, expected losses ${s.expectedAttackerLosses.toFixed(1)} to ${s.expectedDefenderLosses.toFixed(1)}`;
}
