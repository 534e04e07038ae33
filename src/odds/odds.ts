// combatOdds / oddsForChoice: the exact outcome distribution of one declared combat, through a rule set's adapter.
import type { Action, BaseState, Seat } from '../engine/index.ts';
import type { RulesetPackage } from '../rulesets/package.ts';
import { enumerateCombat, resultKey } from './enumerate.ts';
import { Fraction } from './fraction.ts';
import type { CalculatedOdds, CombatResult, OddsOptions, OddsOutcome, OddsReport, OddsStats, OddsSummary } from './types.ts';

/** A rule set with its odds adapter: its package (src/rulesets/<id>/package.ts, `getPackage(id)`), or any pair. */
export type OddsSubject<S extends BaseState = any> = Pick<RulesetPackage<S>, 'ruleset' | 'odds'>;

/**
 * Exact odds of the combat that `seat` starts with `action` in `state`. Throws when the rule set has no odds adapter
 * or the action starts no combat. Uses only what `state` holds: for rule sets with hidden information, pass the
 * seat's determinised state (AI adapter `stateFromView`), not the full one.
 */
export function combatOdds<S extends BaseState>(
  subject: OddsSubject<S>, state: S, seat: Seat, action: Action, opts: OddsOptions<S> = {},
): OddsReport {
  const { ruleset: rs, odds: adapter } = subject;
  if (!adapter) throw new Error(`odds: rule set "${rs.id}" has no odds adapter; add one to its package (src/rulesets/${rs.id}/package.ts)`);
  if (!adapter.isCombat(state, seat, action)) {
    throw new Error(`odds: ${JSON.stringify(action)} by ${seat} starts no combat in ${rs.id}; odds exist only for attack declarations`);
  }
  let fallback: string | undefined;
  if (adapter.calculate) {
    const c = adapter.calculate(state, seat, action, opts, rs);
    if (!('fallback' in c)) {
      const report = calculatedReport(subject, state, seat, action, c);
      if (c.note) report.note = c.note;
      return report;
    }
    fallback = c.fallback;
  }
  const { dist, stats } = enumerateCombat(rs, adapter, state, seat, action, opts);
  const report = exactReport(subject, state, seat, action, [...dist.values()], stats, 'enumerated');
  if (fallback) report.fallback = fallback;
  return report;
}

/** A report from exact probabilities (the enumeration's, or a calculator's that keeps fractions). */
function exactReport<S extends BaseState>(
  subject: OddsSubject<S>, state: S, seat: Seat, action: Action, dist: { p: Fraction; result: CombatResult }[], stats: OddsStats,
  method: OddsReport['method'],
): OddsReport {
  const { ruleset: rs, odds: adapter } = subject;
  const merged = new Map<string, { p: Fraction; result: CombatResult }>();
  for (const v of dist) {
    const key = resultKey(v.result);
    const cur = merged.get(key);
    merged.set(key, cur ? { p: cur.p.add(v.p), result: cur.result } : v);
  }
  const outcomes: OddsOutcome[] = [...merged.entries()]
    .map(([key, v]) => ({ key, result: v.result, p: v.p.toNumber(), exact: v.p.toString(), frac: v.p }))
    .sort((a, b) => b.p - a.p || (a.key < b.key ? -1 : 1))
    .map(({ frac: _f, ...o }) => o);
  let win = Fraction.ZERO;
  for (const v of merged.values()) if (v.result.winner === 'attacker') win = win.add(v.p);
  const summary: OddsSummary = {
    pWin: win.toNumber(),
    pLose: sum(outcomes, (o) => (o.result.winner === 'defender' ? 1 : 0)),
    pNone: sum(outcomes, (o) => (o.result.winner === null ? 1 : 0)),
    expectedAttackerLosses: sum(outcomes, (o) => o.result.attackerLosses),
    expectedDefenderLosses: sum(outcomes, (o) => o.result.defenderLosses),
    pWinExact: win.toString(),
  };
  const report: OddsReport = { ruleset: rs.id, seat, action, outcomes, summary, stats, method };
  const description = adapter!.describe?.(state, seat, action);
  if (description) report.description = description;
  return report;
}

/** A report from the rule set's own calculator: exact when it gives fractions, else `exact` holds the decimals. */
function calculatedReport<S extends BaseState>(subject: OddsSubject<S>, state: S, seat: Seat, action: Action, c: CalculatedOdds): OddsReport {
  const { ruleset: rs, odds: adapter } = subject;
  const stats = { applies: 0, rolls: 0, decisions: 0, memoHits: 0, leaves: c.outcomes.length, ...(c.stats ?? {}) };
  if (c.outcomes.every((o) => o.exact)) {
    return exactReport(subject, state, seat, action, c.outcomes.map((o) => ({ p: o.exact!, result: o.result })), stats, 'calculated');
  }
  const merged = new Map<string, OddsOutcome>();
  for (const o of c.outcomes) {
    const key = resultKey(o.result);
    const cur = merged.get(key);
    if (cur) cur.p += o.p; else merged.set(key, { key, result: o.result, p: o.p, exact: '' });
  }
  const decimal = (x: number) => String(Number(x.toPrecision(15)));
  const outcomes = [...merged.values()].map((o) => ({ ...o, exact: decimal(o.p) })).sort((a, b) => b.p - a.p || (a.key < b.key ? -1 : 1));
  const pWin = sum(outcomes, (o) => (o.result.winner === 'attacker' ? 1 : 0));
  const summary: OddsSummary = {
    pWin,
    pLose: sum(outcomes, (o) => (o.result.winner === 'defender' ? 1 : 0)),
    pNone: sum(outcomes, (o) => (o.result.winner === null ? 1 : 0)),
    expectedAttackerLosses: sum(outcomes, (o) => o.result.attackerLosses),
    expectedDefenderLosses: sum(outcomes, (o) => o.result.defenderLosses),
    pWinExact: decimal(pWin),
  };
  stats.leaves = outcomes.length;
  const report: OddsReport = { ruleset: rs.id, seat, action, outcomes, summary, stats, method: 'calculated' };
  const description = adapter!.describe?.(state, seat, action);
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
  subject: OddsSubject<S>, state: S, seat: Seat, action: Action, opts: OddsOptions<S> = {},
): OddsReport | null {
  if (!subject.odds || !subject.odds.isCombat(state, seat, action)) return null;
  return combatOdds(subject, state, seat, action, opts);
}

/** "83% to win, expected losses 1.2 to 2.1" */
export function describeOdds(r: OddsReport): string {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const s = r.summary;
  return `${pct(s.pWin)} to win, expected losses ${s.expectedAttackerLosses.toFixed(1)} to ${s.expectedDefenderLosses.toFixed(1)}`;
}
