// The 2WW land-combat odds calculator (issue #19): the generic enumeration runs the rules' own code as ever, but each
// pair of fire rolls (the support battle, 2WW 9.1.2; the land combat, 9.1) is branched over classes of results that
// lead to the same position instead of over all 121 pairs of totals, one run of the rules for each class. The
// classes are computed from the Combat Chart with the fire strengths the rules logged in a probe run; every run
// checks what it logged against the class it stands for. Rolls of anything else (a transit attack on a retreating
// fleet, 8.3.5) are not modelled: the calculator then hands the combat back to the plain enumeration.
import type { Action, Ctx, GameEvent, Json, Prompt, Ruleset, Seat } from '../../engine/index.ts';
import { applyEnumerating, enumerateCombat, resolutionChoice, withDecisionsTaken } from '../../odds/enumerate.ts';
import { sumBranches, type RollBranch } from '../../odds/dice.ts';
import { Fraction } from '../../odds/fraction.ts';
import type { CalculatedOdds, DiceRequest, OddsAdapter, OddsOptions, RollGrouping } from '../../odds/types.ts';
import { DiceNeeded, stateHash } from '../../engine/index.ts';
import { combatWorld, decideWinner, fireAll, fortCapacity, LINE_NAMES, resolveLandCombat, type CombatChart, type CombatLine, type Volley } from './combat/index.ts';
import type { DeclareFrame } from './combat/combat-phase.ts';
import { landUnitsIn, type LandCombatFrame } from './combat/land-combat.ts';
import { combatFactor, inPlay } from './combat/common.ts';
import { otherSide } from './combat/world.ts';
import type { Side, TwoWWState } from './state.ts';
import { unitSteps } from './odds.ts';

/** A combat the calculator does not model: the enumeration takes over. */
export class Unmodelled extends Error {}

/** What one class of a pair of rolls does, as the rules log it. */
type Prediction =
  | { kind: 'land'; attackerLosses: number; defenderLosses: number; fortAbsorbs: number; winner: 'attacker' | 'defender' | null }
  | { kind: 'support'; attackerVolleys: number; byAttacker: number; byDefender: number };

const PROBE_PAD = 64; // spare faces so that a probe run never stops at a later roll
const LINES = Object.fromEntries(Object.entries(LINE_NAMES).map(([k, v]) => [v, k])) as Record<string, CombatLine>;
const pairKind = (purpose: string): PairKind | null => (/ support fire$/.test(purpose) ? 'support' : / land combat fire$/.test(purpose) ? 'land' : null);
const data = (e: GameEvent) => (e.data && typeof e.data === 'object' && !Array.isArray(e.data) ? e.data as Record<string, Json> : null);

/** Index of the events that follow the second roll of the pair starting at roll number `roll`. */
function afterPair(events: GameEvent[], roll: number): number {
  let seen = -1;
  for (let i = 0; i < events.length; i++) if (events[i]!.roll && ++seen === roll + 1) return i + 1;
  throw new Unmodelled('a run logged fewer rolls than it was given');
}

/** Fire strengths of the pair as the rules logged them in a probe run (attacker rolled 12, defender 2). */
function probeVolleys(kind: 'land' | 'support', events: GameEvent[], from: number): { a: Volley[]; d: Volley[] } {
  const a: Volley[] = [], d: Volley[] = [];
  for (let i = from; i < events.length && !events[i]!.roll; i++) {
    const x = data(events[i]!);
    if (!x) continue;
    if (kind === 'land' && x.line === 'Land vs Land') {
      const st = x.strengths as Record<string, number>, sh = x.shifts as Record<string, number>;
      return { a: [{ line: 'land-vs-land', factors: st.attacker!, shift: sh.attacker! }], d: [{ line: 'land-vs-land', factors: st.defender!, shift: 0 }] };
    }
    if (kind === 'support' && events[i]!.text.startsWith('Support battle') && typeof x.line === 'string' && LINES[x.line]) {
      (x.die === 12 ? a : d).push({ line: LINES[x.line]!, factors: x.strength as number, shift: x.shift as number });
    }
  }
  if (kind === 'land') throw new Unmodelled('the land combat logged no Land vs Land line');
  return { a, d };
}

/** Loss points a defending fort absorbs at most in this combat (2WW 9.1.3): the first fort among the defenders. */
function fortCap(s: TwoWWState, hex: string, def: Side): number {
  const w = combatWorld(s);
  const fort = landUnitsIn(s, hex, def).filter((id) => inPlay(s, id)).find((id) => w.facts(s, id).kind === 'fort');
  return fort ? fortCapacity({ reduced: s.units[fort]!.reduced, twoSided: !!w.facts(s, fort).reduced }) : 0;
}

export type PairKind = 'land' | 'support';

const stepsOf = (s: TwoWWState, ids: string[]) => ids.reduce((n, id) => n + unitSteps(s, id), 0);

/** Steps that can take the land combat's loss points (2WW 9.1.3): the attackers', and every defender's with the fort. */
function landRoom(s: TwoWWState, hex: string, attackers: string[], def: Side): { a: number; d: number } {
  return { a: stepsOf(s, attackers), d: stepsOf(s, landUnitsIn(s, hex, def)) };
}

/** Steps of each side's support (2WW 9.1.2: support battle losses fall on the support only), from the declared attack. */
function supportRoom(s: TwoWWState): { a: number; d: number } {
  const f = [...s.stack].reverse().find((x) => x.proc === 'combat-declare' || x.proc === 'land-combat') as DeclareFrame | undefined;
  if (!f) throw new Unmodelled('no declared land combat on the stack at a support battle roll');
  return { a: stepsOf(s, f.support), d: stepsOf(s, f.defSupport) };
}

/**
 * The land combat only asks the winner whether to advance, and the odds adapter answers no (the land combat then
 * cleans up, 2WW 5.2.3, which finds no attacker in the hex, and ends): the result is settled without that run.
 */
function onlyAdvanceLeft(s: TwoWWState, f: DeclareFrame): boolean {
  const n = s.stack.length;
  const top = s.stack[n - 1], below = s.stack[n - 2] as (typeof s.stack)[number] & { step?: string; hex?: string };
  if (top?.proc !== 'combat-advance' || below?.proc !== 'land-combat' || below.step !== 'cleanup' || below.hex !== f.hex) return false;
  const w = combatWorld(s);
  return !Object.keys(s.units).some((id) => s.units[id]!.where === f.hex && w.sideOf(s, id) === f.side);
}

/**
 * When the declared combat has left the stack, the combat phase below it always asks the attacker for its next attack
 * (2WW 9), so every run stops there: a stand-in for that prompt stops it as well without listing every attack the
 * side could make next (most of the cost of a short run). Runs reach the same states; the stand-in is never answered.
 */
function stopAtPhase(ruleset: Ruleset<TwoWWState>, state: TwoWWState, seat: Seat): Ruleset<TwoWWState> {
  const depth = state.stack.length;
  const below = state.stack[depth - 2];
  const phase = below && ruleset.procedures[below.proc];
  if (below?.proc !== 'combat-phase' || !phase?.prompts) return ruleset;
  const over: Prompt[] = [{ seat, rule: '2WW 9', kind: 'attack', text: 'the combat is over (odds)', choices: [] }];
  const prompts: typeof phase.prompts = (s, f) => (s.stack.length < depth && (f as { begun?: boolean }).begun ? over : phase.prompts!(s, f));
  return { ...ruleset, procedures: { ...ruleset.procedures, [below.proc]: { ...phase, prompts } } };
}

/** The stand-in decision before the land combat's fire (stopAtLandFire): its frame is marked once it is answered. */
const LAND_FIRE = { type: 'odds-land-fire' };
type FireFrame = LandCombatFrame & { oddsFire?: boolean };

/**
 * A stand-in decision before the land combat's fire makes the position there a decision state of the enumeration:
 * the probe and every class of the fire pair run from it, so the declaration and the defender's support questions
 * run once per odds instead of once per class. After a support battle (2WW 9.1.2) the fire reads the support battle only through which support joins, so the
 * support battle's results that leave the same land combat share its resolution (the transposition below) instead
 * of each running it again. An attack on a neutral's army (2WW 5.3.1, ruling M9) makes that army an enemy when it is
 * declared: the classes of the fire count its steps from that position. Runs reach the same states; the answer only
 * marks the frame.
 */
function stopAtLandFire(ruleset: Ruleset<TwoWWState>, f: DeclareFrame, seat: Seat): Ruleset<TwoWWState> {
  const lc = ruleset.procedures['land-combat']!;
  const waiting = (x: FireFrame) => x.step === 'land' && x.hex === f.hex && !x.oddsFire;
  const stop: Prompt[] = [{ seat, rule: '2WW 9.1', kind: 'odds-land-fire', text: 'the land combat fires (odds)', choices: [{ action: LAND_FIRE, label: 'fire' }] }];
  const procedure = {
    ...lc,
    prompts: (s: TwoWWState, x: FireFrame) => (waiting(x) ? stop : lc.prompts?.(s, x) ?? []),
    act: (ctx: Ctx<TwoWWState>, x: FireFrame, who: Seat, a: Action) => {
      if (!waiting(x)) {
        if (!lc.act) throw new Unmodelled('a decision of the land combat the calculator does not know');
        lc.act(ctx, x, who, a);
        return;
      }
      const { proc, ...locals } = x;
      ctx.goto(proc, { ...locals, oddsFire: true });
    },
  } as typeof lc;
  return { ...ruleset, procedures: { ...ruleset.procedures, 'land-combat': procedure } };
}

/** Decisions of the resolution taken inside the runs (withDecisionsTaken): losses, retreats, advances (2WW 9). The defender's support (9.1.2) stays a decision: the classes of the support battle read it from the position. */
const TAKEN: ReadonlySet<string> = new Set(['allocate-loss', 'retreat', 'advance']);

/** Exact odds of the land combat `action` confirms, or why the calculator leaves it to the enumeration. */
export function calculateLandCombat(
  ruleset: Ruleset<TwoWWState>, adapter: OddsAdapter<TwoWWState>, state: TwoWWState, seat: Seat, action: Action, opts: OddsOptions<TwoWWState>,
): CalculatedOdds | { fallback: string } {
  const f = state.stack[state.stack.length - 1] as DeclareFrame;
  if (f.mode !== 'land') return { fallback: 'the calculator models land combat (2WW 9.1); air strikes (2WW 9.2) and sea attacks (2WW 9.3) are enumerated' };
  if (opts.policy) return { fallback: 'a resolution policy of the caller: the calculator follows the odds adapter\'s defaults' };
  try {
    // One run per class seldom meets a position twice: the memo's hash of every position costs more than it saves.
    const settled = { ...adapter, combatOver: (b: TwoWWState, s: TwoWWState, a: Seat) => adapter.combatOver(b, s, a) || onlyAdvanceLeft(s, f) };
    const stepwise = stopAtLandFire(stopAtPhase(ruleset, state, seat), f, seat);
    const rules = withDecisionsTaken(stepwise, (p) => TAKEN.has(p.kind), resolutionChoice(settled, opts));
    // The probes of the fire pairs stop at the first decision after the pair (all they read).
    const { dist, stats } = enumerateCombat(rules, settled, state, seat, action, { ...opts, memo: opts.memo === true }, firePairGrouping(stepwise, state));
    return { outcomes: [...dist.values()].map((v) => ({ result: v.result, p: v.p.toNumber(), exact: v.p })), stats };
  } catch (e) {
    if (e instanceof Unmodelled) return { fallback: e.message };
    throw e;
  }
}

/**
 * The fire pairs of the land combat declared in `state`, branched by class. `grouped`: the kinds of pair branched so
 * (both by default; a test groups one kind and enumerates the other roll by roll). Throws `Unmodelled` for any other
 * roll, and when a run logs other results than its class predicted.
 */
export function firePairGrouping(ruleset: Ruleset<TwoWWState>, state: TwoWWState, grouped: readonly PairKind[] = ['land', 'support']): RollGrouping<TwoWWState> {
  const f = state.stack[state.stack.length - 1] as DeclareFrame;
  const rules = combatWorld(state).chart;
  // Each class computation reads the same few columns 121 times: looked up once each.
  const columns = new Map<string, string | null>();
  const chart: CombatChart = {
    ...rules,
    column(line, factors, shift) {
      const k = `${line}|${factors}|${shift}`;
      let c = columns.get(k);
      if (c === undefined) columns.set(k, (c = rules.column(line, factors, shift)));
      return c;
    },
    result: (line, column, roll) => rules.result(line, column, roll),
  };
  const def = otherSide(f.side);
  const twoD6 = sumBranches(6, 2);
  // Predictions by the decision state a run starts from and the faces forced through the pair.
  const predicted = new WeakMap<TwoWWState, Map<string, Prediction>>();

  // Once the land combat has fired, the rest (its losses, retreat, advance: 2WW 9.1.3, 9) reads and changes only land
  // units and what their retreats displace: positions that differ only in support units out of that reach (their
  // steps, Ops Complete marks, elimination) and in the support battle's record on the frame resolve alike, their
  // results apart by the support's steps.
  const w = combatWorld(state);
  // Retreats enter hexes next to the attacked hex (the defender's) or to an attacker's (the attacker's) and displace
  // enemy air and fleets there: a support unit within such reach of the enemy is not set aside.
  const attackerHexes = f.attackers.map((id) => state.units[id]!.where);
  const near = (s: TwoWWState, at: string, hexes: string[]) => hexes.some((h) => h === at || w.adjacent(s, h, at));
  const outOfReach = (s: TwoWWState, support: string[]) => support.every((id) => {
    const at = s.units[id]?.where;
    if (!at || !inPlay(s, id)) return true;
    return !near(s, at, w.sideOf(state, id) === f.side ? [f.hex] : attackerHexes);
  });
  // The defender's support is added after the declaration (2WW 9.1.2): both sides' are read from the land combat.
  const landFrame = (s: TwoWWState) => s.stack.findLast((x) => x.proc === 'land-combat') as LandCombatFrame | undefined;
  const supportSteps = (s: TwoWWState, side: Side) => {
    const lc = landFrame(s)!;
    return (side === f.side ? lc.support : lc.defSupport).reduce((n, id) => n + unitSteps(s, id), 0);
  };
  const transposition: RollGrouping<TwoWWState>['transposition'] = {
    key(s) {
      const lc = landFrame(s);
      if (!f.support.length || !lc || lc.hex !== f.hex) return null;
      const support = [...lc.support, ...lc.defSupport];
      // Before the land combat's fire (stopAtLandFire) it reads which support joins and their combat factors (2WW
      // 9.1.2): those stay in the key, the units themselves do not.
      const atFire = lc.step === 'land' && s.stack.at(-1) === lc;
      if (!(atFire || ['retreat', 'advance', 'cleanup'].includes(lc.step ?? '')) || !outOfReach(s, support)) return null;
      const joins = atFire ? lc.supportJoins ?? 'none' : 'none';
      const factors = (ids: string[]) => ids.map((id) => combatFactor(w, s, id)).sort((a, b) => a - b).join(',');
      const joined = `${joins === 'both' || joins === 'attacker' ? factors(lc.support) : ''}|${joins === 'both' || joins === 'defender' ? factors(lc.defSupport) : ''}`;
      const units = { ...s.units };
      for (const id of support) delete units[id];
      const stack = s.stack.map((x) => (x === lc ? { ...x, supA: 0, supD: 0, rollA: 0, rollD: 0, supportJoins: joins } : x));
      return `${joined}|${stateHash({ ...s, units, stack, rng: null, seq: 0 } as unknown as Json)}`;
    },
    shift: (from, to, r) => ({
      ...r,
      attackerLosses: r.attackerLosses + supportSteps(from, f.side) - supportSteps(to, f.side),
      defenderLosses: r.defenderLosses + supportSteps(from, def) - supportSteps(to, def),
    }),
  };

  const grouping: RollGrouping<TwoWWState> = {
    transposition,
    // The stand-in before the land combat's fire (stopAtLandFire) is answered by the attacker's fire roll (2WW 9.1);
    // the probe in `branches` checks that the run logs it and the defender's after it.
    firstRoll: (_s, _who, act) => (act.type === LAND_FIRE.type ? { sides: chart.dice.sides, count: chart.dice.count, purpose: `${f.side} land combat fire`, rule: '2WW 9.1' } : null),
    branches(s, who, act, forced, roll: DiceRequest): RollBranch[] | null {
      const kind = pairKind(roll.purpose);
      if (!kind || roll.sides !== 6 || roll.count !== 2 || forced.length % 2) {
        throw new Unmodelled(`a roll the calculator does not model: ${roll.purpose} (${roll.rule})`);
      }
      if (!grouped.includes(kind)) return null;
      const rollNo = forced.length / 2;
      let probe: GameEvent[];
      try {
        probe = applyEnumerating(ruleset, s, [...forced, 6, 6, 1, 1, ...new Array<number>(PROBE_PAD).fill(1)], who, act).events;
      } catch (e) {
        if (e instanceof DiceNeeded) throw new Unmodelled('a probe run needed more dice than it was given');
        throw e;
      }
      const rolls = probe.filter((e) => e.roll);
      if (rolls[rollNo]?.roll?.purpose !== roll.purpose || rolls[rollNo]!.roll!.faces.length !== roll.count || pairKind(rolls[rollNo + 1]?.roll?.purpose ?? '') !== kind) {
        throw new Unmodelled(`${roll.purpose} is not followed by the other side's roll`);
      }
      const v = probeVolleys(kind, probe, afterPair(probe, rollNo));
      const cap = kind === 'land' ? fortCap(s, f.hex, def) : 0;
      const room = kind === 'land' ? landRoom(s, f.hex, f.attackers, def) : supportRoom(s);
      const predict = (rA: number, rD: number): Prediction => {
        if (kind === 'support') {
          const byA = fireAll(chart, v.a, rA).losses, byD = fireAll(chart, v.d, rD).losses;
          return { kind, attackerVolleys: v.a.length, byAttacker: byA, byDefender: byD };
        }
        const out = resolveLandCombat(chart, {
          attackerLand: v.a[0]!.factors, attackerSupport: 0, defenderLand: v.d[0]!.factors, defenderSupport: 0, terrainShift: v.a[0]!.shift,
          fort: cap ? { reduced: cap < 2, twoSided: cap === 2 } : null, attackerRoll: rA, defenderRoll: rD,
        });
        return { kind, attackerLosses: out.attackerFire.losses, defenderLosses: out.defenderFire.losses, fortAbsorbs: out.fortAbsorbs, winner: out.winner };
      };
      // The position after the pair depends on the rolls only through the losses and who wins (2WW 9, DSoP: fewer
      // loss points, then the higher roll); the support battle keeps its rolls for that comparison alone.
      const classes = new Map<string, { faces: number[]; p: Fraction; pred: Prediction; total: number }>();
      for (const a of twoD6) {
        for (const d of twoD6) {
          const pred = predict(a.total, d.total);
          // Loss points beyond the steps that can take them are ignored (ruling R-20): they change only the winner.
          const key = pred.kind === 'land'
            ? `${Math.min(pred.defenderLosses, room.a)}|${Math.min(pred.attackerLosses, room.d)}|${pred.winner}`
            : `${Math.min(pred.byDefender, room.a)}|${Math.min(pred.byAttacker, room.d)}|${decideWinner(pred.byDefender, a.total, pred.byAttacker, d.total)}`;
          const p = a.p.mul(d.p);
          const c = classes.get(key);
          if (c) c.p = c.p.add(p);
          else classes.set(key, { faces: [...a.faces, ...d.faces], p, pred, total: a.total });
        }
      }
      let mine = predicted.get(s);
      if (!mine) predicted.set(s, mine = new Map());
      const out: RollBranch[] = [];
      for (const c of classes.values()) {
        mine.set([...forced, ...c.faces].join(','), c.pred);
        out.push({ faces: c.faces, total: c.total, p: c.p });
      }
      return out;
    },
    check(s, _who, _act, forced, events) {
      if (!forced.length) return;
      const mine = predicted.get(s);
      const rolls = events.filter((e) => e.roll);
      for (let n = 0; n * 2 < forced.length; n += 2) {
        const kind = pairKind(rolls[n]?.roll?.purpose ?? '');
        if (!kind || !grouped.includes(kind)) continue;
        const pred = mine?.get(forced.slice(0, n * 2 + 4).join(','));
        if (!pred || pred.kind !== kind) throw new Unmodelled('a run was given faces no class predicted');
        const from = afterPair(events, n);
        const next = events.findIndex((e, i) => i >= from && e.roll);
        const logged = events.slice(from, next < 0 ? undefined : next);
        if (pred.kind === 'land') {
          const x = logged.map(data).find((d) => d?.line === 'Land vs Land');
          const r = x?.result as Record<string, number> | undefined;
          if (!x || r?.attacker !== pred.attackerLosses || r?.defender !== pred.defenderLosses || x.fortAbsorbs !== pred.fortAbsorbs || x.winner !== pred.winner) {
            throw new Unmodelled('the land combat did not resolve as the chart predicted');
          }
        } else {
          const fired = logged.filter((e) => e.text.startsWith('Support battle')).map((e) => data(e)!.result as number);
          const byA = fired.slice(0, pred.attackerVolleys).reduce((a, b) => a + b, 0), byD = fired.slice(pred.attackerVolleys).reduce((a, b) => a + b, 0);
          if (byA !== pred.byAttacker || byD !== pred.byDefender) throw new Unmodelled('the support battle did not resolve as the chart predicted');
        }
      }
    },
  };
  return grouping;
}
