// Questions a seat may ask about its decision without making it (POST /api/play/:token/inspect, docs/server.md):
// the exact odds of the listed choices that start a combat, why an action is illegal, and what an action leads to
// when that is certain. Nothing here changes a game; nothing answers with what the seat may not see.
import { applyAction, prompts, RuleViolation, viewFor, type PromptMemo } from '../engine/kernel.ts';
import type { PieceView } from '../engine/board.ts';
import type { Action, BaseState, Outcome, Seat } from '../engine/types.ts';
import { DiceNeeded } from '../engine/index.ts';
import { enumeratingCopy, oddsForChoice, OddsLimitError, type OddsReport } from '../odds/index.ts';
import type { RulesetPackage } from '../rulesets/index.ts';

export type Question =
  | { kind: 'odds' }
  | { kind: 'explain'; action: Action }
  | { kind: 'preview'; action: Action };

export interface OddsAnswer {
  kind: 'odds';
  /** Per listed choice that starts a combat: its index in `prompt.choices`, and the exact distribution (or why not). */
  entries: { choice: number; report: OddsReport | null; note?: string }[];
}
export interface ExplainAnswer {
  kind: 'explain';
  legal: boolean;
  rule?: string;
  message?: string;
}
export interface PreviewAnswer {
  kind: 'preview';
  /** False when the action's result depends on dice or reveals something: nothing more is said. */
  known: boolean;
  /** The game ends with this result. */
  outcome?: Outcome | null;
  /** This seat's next decision, when it is this seat's again. */
  next?: { text: string; rule: string; kind: string } | null;
  /**
   * The seat's own pieces the action takes off the board (aircraft with nowhere to land when a move ends...), by piece
   * as the seat's board view shows it, with how many. Absent when none.
   */
  lost?: { piece: PieceView; count: number }[];
}
export type Answer = OddsAnswer | ExplainAnswer | PreviewAnswer;

/** A combat's enumeration stops past this many runs of the rules (about a second of work at worst). */
const ODDS_MAX_APPLIES = 50_000;

export function answerQuestion<S extends BaseState>(pkg: RulesetPackage<S>, state: S, seat: Seat, q: Question, memo?: PromptMemo): Answer {
  const rs = pkg.ruleset;
  const prompt = prompts(rs, state, memo).find((p) => p.seat === seat) ?? null;
  if (q.kind === 'odds') {
    const entries: OddsAnswer['entries'] = [];
    if (!prompt || !pkg.odds) return { kind: 'odds', entries };
    // What the seat sees (a determinisation where the AI adapter has one), never the hidden rest of the state.
    const seen = pkg.ai ? pkg.ai.stateFromView(viewFor(rs, state, seat, memo), seat, `odds|${state.seq}`) : state;
    prompt.choices.forEach((c, i) => {
      if (!pkg.odds!.isCombat(seen, seat, c.action)) return;
      try {
        entries.push({ choice: i, report: oddsForChoice(pkg, seen, seat, c.action, { maxApplies: ODDS_MAX_APPLIES }) });
      } catch (e) {
        if (!(e instanceof OddsLimitError)) throw e;
        entries.push({ choice: i, report: null, note: 'too many outcomes to count exactly' });
      }
    });
    return { kind: 'odds', entries };
  }
  if (q.kind === 'explain') {
    if (!prompt) return { kind: 'explain', legal: false, rule: 'sequence of play', message: `${seat} has no decision to make now` };
    try {
      // On a copy that cannot roll: a legal action stops at its first die, and nothing is kept either way.
      applyWithoutDice(rs, state, seat, q.action);
      return { kind: 'explain', legal: true };
    } catch (e) {
      if (e instanceof DiceNeeded) return { kind: 'explain', legal: true };
      if (e instanceof RuleViolation) {
        const m = e.message.startsWith(`${e.rule}: `) ? e.message.slice(e.rule.length + 2) : e.message;
        return { kind: 'explain', legal: false, rule: e.rule, message: m };
      }
      throw e;
    }
  }
  if (!prompt) return { kind: 'preview', known: false };
  let r;
  try {
    r = applyWithoutDice(rs, state, seat, q.action);
  } catch (e) {
    if (e instanceof DiceNeeded || e instanceof RuleViolation) return { kind: 'preview', known: false };
    throw e;
  }
  // An irreversible action reveals something (or rolled): its consequences are not told in advance.
  if (r.irreversible) return { kind: 'preview', known: false };
  const next = prompts(rs, r.state).find((p) => p.seat === seat);
  const lost = rs.boardView ? piecesLost(rs.boardView(state, seat).pieces, rs.boardView(r.state, seat).pieces, seat) : [];
  return {
    kind: 'preview', known: true, outcome: r.state.outcome,
    next: next ? { text: next.text, rule: next.rule, kind: next.kind } : null,
    ...(lost.length ? { lost } : {}),
  };
}

/** Places off the board where a piece stands once it is lost. */
const GONE = new Set(['eliminated', 'sunk', 'removed']);

/** The seat's pieces (by power or side) on the board before and fewer, or gone, after: by identity, else by kind. */
export function piecesLost(before: PieceView[], after: PieceView[], seat: Seat): { piece: PieceView; count: number }[] {
  const key = (p: PieceView) => `${p.power}|${p.type}|${p.name ?? ''}`;
  const count = (list: PieceView[]) => {
    const m = new Map<string, { piece: PieceView; count: number }>();
    for (const p of list) {
      if ((p.power !== seat && p.side !== seat) || GONE.has(p.where)) continue;
      const e = m.get(key(p));
      if (e) e.count += p.count ?? 1;
      else m.set(key(p), { piece: p, count: p.count ?? 1 });
    }
    return m;
  };
  const b = count(before), a = count(after);
  const out: { piece: PieceView; count: number }[] = [];
  for (const [k, e] of b) {
    const n = e.count - (a.get(k)?.count ?? 0);
    if (n > 0) out.push({ piece: e.piece, count: n });
  }
  return out;
}

/** applyAction on a copy whose dice throw DiceNeeded (src/odds enumeratingCopy): no secret die is ever drawn. */
function applyWithoutDice<S extends BaseState>(rs: RulesetPackage<S>['ruleset'], state: S, seat: Seat, action: Action) {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return applyAction(rs, enumeratingCopy(state, []), seat, action);
  } finally {
    Error.stackTraceLimit = limit;
  }
}
