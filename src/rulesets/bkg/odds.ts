// Odds adapter for BKG (issue #19): the exact odds of a whole combat (BKG 6.2; advanced 6.5), started by choosing the
// combat to fight ('fight') or by the attacker's decision to fight another round ('continue'): a basic combat by the
// chain over unit mixes (odds-chain.ts), any other from the rules' own rounds (a round ends at the next retreat
// question, 6.2.3, or with the combat).
// Each fire roll counts the dice at or under one strength (6.2.1), so it is branched by its number of hits (a
// binomial: src/odds successes), not by its 6^k ordered faces.
import { actionKey, DiceNeeded, prompts, stateHash, type Action, type GameEvent, type Json, type Prompt, type Ruleset, type Seat } from '../../engine/index.ts';
import { applyEnumerating, enumerateCombat, OddsLimitError, resolutionChoice } from '../../odds/enumerate.ts';
import type { RollBranch } from '../../odds/dice.ts';
import { Fraction } from '../../odds/fraction.ts';
import type { CalculatedOdds, CombatResult, DiceRequest, OddsAdapter, OddsOptions, OddsStats, RollGrouping } from '../../odds/types.ts';
import { battleSides } from './combat.ts';
import { area } from './map.ts';
import { describeUnits } from './movement.ts';
import { ChainUnfit, combatChain, compareLossRank, lossRank } from './odds-chain.ts';
import { sideOf } from './politics.ts';
import { sideOfMajor, type Major, type Side } from './powers.ts';
import { type BkgState, type Unit, stepsLeft } from './state.ts';

interface BattleTop {
  proc: string;
  place: string;
  attacker: Side;
  step: string;
  round: number;
}

const battleFrame = (s: BkgState, place?: string) =>
  s.stack.findLast((f) => f.proc === 'battle' && (place === undefined || (f as unknown as BattleTop).place === place)) as unknown as BattleTop | undefined;

/** The place of the combat `action` fights or goes on with, and its attacking side; null when it starts none. */
function combatOf(s: BkgState, seat: Seat, action: Action): { place: string; attacker: Side } | null {
  const side = sideOfMajor(s, seat as Major);
  const top = s.stack.at(-1) as unknown as BattleTop | undefined;
  if (action.type === 'fight' && top?.proc === 'combat-phase') {
    const b = s.battles.find((x) => x.place === action.place);
    // A bombardment mission (advanced 6.5.6) is not a combat for the odds: its outcome is production lost, not steps.
    return b && b.attacker === side && !b.raid ? { place: b.place, attacker: b.attacker } : null;
  }
  if (action.type === 'continue' && top?.proc === 'battle' && top.step === 'ask-att' && top.attacker === side) return { place: top.place, attacker: top.attacker };
  return null;
}

const sideSteps = (s: BkgState, units: Unit[], side: Side) =>
  units.filter((u) => sideOf(s, u.power) === side).reduce((n, u) => n + (s.units[u.id] ? stepsLeft(s.units[u.id]!) : 0), 0);

/** The adapter for the combat at `place` (bound by calculate, which knows the action). */
function bound(place: string, attacker: Side, round: number): OddsAdapter<BkgState> {
  const defender: Side = attacker === 'axis' ? 'allies' : 'axis';
  return {
    ...bkgOdds,
    // Over when the combat has ended (its frame is gone) or a later round awaits the attacker's retreat question.
    combatOver: (_before, s) => {
      const f = battleFrame(s, place);
      return !f || (f.step === 'ask-att' && f.round > round);
    },
    summarize(before, after): CombatResult {
      const here = Object.values(before.units).filter((u) => u.where === place);
      const left = (side: Side) => Object.values(after.units).some((u) => u.where === place && !u.aboard && sideOf(after, u.power) === side);
      const ended = !battleFrame(after, place);
      const aLeft = left(attacker), dLeft = left(defender);
      return {
        attackerLosses: sideSteps(before, here, attacker) - sideSteps(after, here, attacker),
        defenderLosses: sideSteps(before, here, defender) - sideSteps(after, here, defender),
        // The combat ends when one side is left (6.2.5); after a round both sides still there: nobody has won yet.
        winner: ended && aLeft && !dLeft ? 'attacker' : ended && dLeft && !aLeft ? 'defender' : null,
        detail: { combatEnds: ended, areaTaken: ended && sideOf(after, after.control[place] ?? '') === attacker && sideOf(before, before.control[place] ?? '') !== attacker },
      };
    },
  };
}

const PROBE_PAD = 400; // faces enough for any round of one combat
// Past this many runs of the rules a combat round's odds stop with OddsLimitError (the server then says "too many
// outcomes to count exactly"); the tutorial's Western Poland takes 1,106 (most of them the choice of a unit per hit).
const MAX_RUNS = 2_000;
const FIRE = /^(.*): \d+ di(?:e|ce) at strength (-?\d+)$/;

/**
 * The rolls of one round, grouped. A side fires its strengths from the strongest down, a few dice at a time, and stops
 * once every enemy step is hit (combat.ts fire, 6.2.2): its hits are min(steps, successes of all its dice), so its
 * first roll branches over that number (the binomials of its strengths convolved) with all its later rolls forced at
 * once. And when this combat has ended, the phase goes on by itself to the last one left (6.2.1) and the same run
 * rolls its dice: this combat's result is settled by then, so that run gets one branch. Probe runs with every later
 * die a miss, then a hit, tell the side's dice and the steps they can hit, and whose roll it is (the last
 * "<area>, round n:" line before it).
 */
function roundRolls(ruleset: Ruleset<BkgState>, place: string): RollGrouping<BkgState> {
  const mine = `${area(place).name}, round `;
  const probe = (s: BkgState, who: Seat, act: Action, forced: number[], face: number) => {
    try {
      return applyEnumerating(ruleset, s, [...forced, ...new Array<number>(PROBE_PAD).fill(face)], who, act).events;
    } catch (e) {
      if (e instanceof DiceNeeded) return null;
      throw e;
    }
  };
  /** The rolls from the one that needs dice on, and the events before it; null when the faces do not line up. */
  const from = (events: GameEvent[], forced: number[], roll: DiceRequest) => {
    const rolls = events.filter((e) => e.roll);
    let used = 0, at = 0;
    while (at < rolls.length && used < forced.length) used += rolls[at++]!.roll!.faces.length;
    if (used !== forced.length || rolls[at]?.roll!.purpose !== roll.purpose) return null;
    // This round's rolls end where another round or combat begins (its own "<area>, round n:" line): a side of the
    // same name firing in the next combat of the phase is not this side.
    const start = events.indexOf(rolls[at]!);
    const later = events.slice(start);
    const next = later.findIndex((e, i) => i > 0 && !e.roll && / round \d+: /.test(e.text));
    return { rolls: (next < 0 ? later : later.slice(0, next)).filter((e) => e.roll), before: events.slice(0, start) };
  };
  return {
    branches(s, who, act, forced, roll) {
      const misses = probe(s, who, act, forced, 6);
      const m = misses && from(misses, forced, roll);
      if (!m) return null;
      const round = m.before.findLast((e) => !e.roll && / round \d+: /.test(e.text));
      if (round && !round.text.startsWith(mine)) return [{ faces: new Array<number>(PROBE_PAD).fill(1), total: PROBE_PAD, p: Fraction.ONE }];
      const first = FIRE.exec(roll.purpose);
      if (!first || roll.sides !== 6) return null;
      // This side's strengths and their dice (all roll when every die misses), strongest first.
      const groups: { st: number; n: number }[] = [];
      for (const e of m.rolls) {
        const x = FIRE.exec(e.roll!.purpose);
        if (!x || x[1] !== first[1]) break;
        const st = Number(x[2]);
        if (st >= 6) return null; // a sure hit stops the probe early: rolls branched one by one
        if (groups.at(-1)?.st === st) groups.at(-1)!.n += e.roll!.faces.length;
        else groups.push({ st, n: e.roll!.faces.length });
      }
      const all = groups.reduce((a, g) => a + g.n, 0);
      const hits = probe(s, who, act, forced, 1);
      const h = hits && from(hits, forced, roll);
      if (!h) return null;
      let taken = 0;
      for (const e of h.rolls) {
        const x = FIRE.exec(e.roll!.purpose);
        if (!x || x[1] !== first[1]) break;
        taken += e.roll!.faces.length;
      }
      const cap = taken < all ? taken : all; // every die a hit: the side stops at the enemy's steps
      // ways[k]: face tuples of all the side's dice with k successes
      let ways: bigint[] = [1n];
      for (const g of groups) {
        for (let i = 0; i < g.n; i++) {
          const next = new Array<bigint>(ways.length + 1).fill(0n);
          ways.forEach((w, k) => { next[k]! += w * BigInt(6 - g.st); next[k + 1]! += w * BigInt(g.st); });
          ways = next;
        }
      }
      const den = 6n ** BigInt(all);
      const facesFor = (k: number): number[] => {
        const out: number[] = [];
        let left = k;
        for (const g of groups) {
          const hit = Math.min(left, g.n);
          left -= hit;
          out.push(...new Array<number>(hit).fill(g.st));
          if (k < cap) out.push(...new Array<number>(g.n - hit).fill(6));
        }
        return out;
      };
      const out: RollBranch[] = [];
      let atCap = 0n;
      ways.forEach((w, k) => {
        if (w === 0n) return;
        if (k >= cap) atCap += w;
        else out.push({ faces: facesFor(k), total: 0, p: Fraction.of(w, den) });
      });
      if (atCap > 0n) out.push({ faces: facesFor(cap), total: 0, p: Fraction.of(atCap, den) });
      for (const b of out) b.total = b.faces.reduce((a, f) => a + f, 0);
      return out;
    },
  };
}

/** A position at the end of a round, the battle's round count left out (the rules read it only as "the first", 6.5). */
function positionKey(s: BkgState, place: string): string {
  const f = battleFrame(s, place);
  const stack = f && f.round > 0 ? s.stack.map((x) => (x === (f as unknown) ? { ...x, round: 1 } : x)) : s.stack;
  return stateHash({ ...s, stack, rng: null, seq: 0 } as unknown as Json);
}

interface RoundEnd { state: BkgState; key: string; p: Fraction }

/**
 * The positions one round leads to from `s` where `seat` takes `act` (fight, fight on, withdraw...): the combat
 * ended, or the attacker asked again after the next round (6.2.3), each with its exact probability.
 */
function roundEnds(ruleset: Ruleset<BkgState>, s: BkgState, seat: Seat, act: Action, opts: OddsOptions<BkgState>, place: string, attacker: Side) {
  const seen = new Map<string, BkgState>();
  const adapter: OddsAdapter<BkgState> = {
    ...bound(place, attacker, battleFrame(s, place)?.round ?? 0),
    summarize(_before, after) {
      const key = positionKey(after, place);
      seen.set(key, after);
      return { attackerLosses: 0, defenderLosses: 0, winner: null, detail: { at: key } };
    },
  };
  const { dist, stats } = enumerateCombat(ruleset, adapter, s, seat, act, opts, roundRolls(ruleset, place));
  const ends: RoundEnd[] = [...dist.values()].map((v) => ({ state: seen.get(v.result.detail!.at as string)!, key: v.result.detail!.at as string, p: v.p }));
  return { ends, stats };
}

const MAX_ROUNDS = 200;

/**
 * The whole combat (6.2). A basic combat of units at war (no loads, no task forces in support) with the odds' own
 * choices (no caller's policy): the chain over unit mixes (odds-chain.ts), milliseconds. Anything else, or a chain
 * past the run budget: the chain over the rules' positions between rounds (wholeCombatByRounds).
 */
function wholeCombat(ruleset: Ruleset<BkgState>, s0: BkgState, seat: Seat, action: Action, opts: OddsOptions<BkgState>): CalculatedOdds {
  const c = combatOf(s0, seat, action)!;
  if (!opts.policy) {
    const roundsBefore = battleFrame(s0, c.place)?.round ?? 0;
    try {
      return combatChain({
        ruleset, s0, seat, action, place: c.place, attacker: c.attacker, round: bound(c.place, c.attacker, roundsBefore), roundsBefore,
        choose: resolutionChoice(bkgOdds, opts), grouping: roundRolls(ruleset, c.place), maxApplies: Math.min(opts.maxApplies ?? MAX_RUNS, MAX_RUNS),
      });
    } catch (e) {
      if (!(e instanceof ChainUnfit) && !(e instanceof OddsLimitError)) throw e;
    }
  }
  return wholeCombatByRounds(ruleset, s0, seat, action, opts);
}

/**
 * The whole combat (6.2) from the rules' own rounds: a Markov chain over the positions between rounds. Each round's positions come from the
 * enumeration of that round (roundEnds, once per position); between rounds the attacker decides by the caller's
 * policy, else fights on (the defender stands, defaultChoice), until one side is gone or leaves. A round that changes
 * nothing returns to its own position: with probability q it is folded away exactly (the others divided by 1 - q); a
 * position no round can change (q = 1) ends the odds there, with nobody winning. Past the run budget, the odds of the
 * first round alone, and the report says so (note).
 */
export function wholeCombatByRounds(ruleset: Ruleset<BkgState>, s0: BkgState, seat: Seat, action: Action, opts: OddsOptions<BkgState>): CalculatedOdds {
  const c = combatOf(s0, seat, action)!;
  const budget = Math.min(opts.maxApplies ?? MAX_RUNS, MAX_RUNS);
  const total: OddsStats = { applies: 0, rolls: 0, decisions: 0, memoHits: 0, leaves: 0 };
  const final = bound(c.place, c.attacker, 0);
  const outcomes = (ends: { state: BkgState; p: Fraction }[]) => ends.map((e) => {
    const result = final.summarize(s0, e.state, seat, {});
    return { result, p: e.p.toNumber(), exact: e.p };
  });
  const step = (s: BkgState, who: Seat, act: Action) => {
    const r = roundEnds(ruleset, s, who, act, { ...opts, maxApplies: budget - total.applies }, c.place, c.attacker);
    for (const k of Object.keys(total) as (keyof OddsStats)[]) total[k] += r.stats[k];
    return r.ends;
  };
  const first = step(s0, seat, action);
  const done: { state: BkgState; p: Fraction }[] = [];
  const memo = new Map<string, RoundEnd[]>();
  let frontier = new Map<string, RoundEnd>();
  const add = (to: Map<string, RoundEnd>, e: RoundEnd, p: Fraction) => {
    const cur = to.get(e.key);
    if (cur) cur.p = cur.p.add(p);
    else to.set(e.key, { ...e, p });
  };
  const route = (e: RoundEnd, p: Fraction) => (battleFrame(e.state, c.place) ? add(frontier, e, p) : done.push({ state: e.state, p }));
  for (const e of first) route(e, e.p);
  try {
    for (let rounds = 0; frontier.size; rounds++) {
      if (rounds > MAX_ROUNDS) throw new OddsLimitError(`odds: bkg: the combat in ${area(c.place).name} goes on past ${MAX_ROUNDS} rounds`);
      const now = frontier;
      frontier = new Map();
      for (const x of now.values()) {
        const prompt = prompts(ruleset, x.state)[0];
        if (!prompt) throw new Error(`odds: bkg: nobody decides between two rounds in ${area(c.place).name}`);
        const act = opts.policy?.(x.state, prompt) ?? prompt.choices.find((ch) => ch.action.type === 'continue')?.action;
        if (!act) throw new Error(`odds: bkg: no choice to fight on in ${area(c.place).name} (${prompt.text})`);
        const mk = `${x.key}|${actionKey(act)}`;
        let ends = memo.get(mk);
        if (ends) total.memoHits++;
        else memo.set(mk, ends = step(x.state, prompt.seat, act));
        const q = ends.filter((e) => e.key === x.key).reduce((a, e) => a.add(e.p), Fraction.ZERO);
        if (q.equals(Fraction.ONE)) {
          done.push({ state: x.state, p: x.p });
          continue;
        }
        const scale = x.p.div(Fraction.ONE.sub(q));
        for (const e of ends) if (e.key !== x.key) route(e, e.p.mul(scale));
      }
    }
  } catch (e) {
    if (!(e instanceof OddsLimitError)) throw e;
    return { outcomes: outcomes(first), stats: total, note: `the first round only: the whole combat needs more than ${budget.toLocaleString('en')} runs of the rules` };
  }
  return { outcomes: outcomes(done), stats: total };
}

export const bkgOdds: OddsAdapter<BkgState> = {
  ruleset: 'bkg',
  isCombat: (s, seat, action) => combatOf(s, seat, action) !== null,
  combatOver: () => {
    throw new Error('odds: bkg: the combat is enumerated through calculate, which knows the place fought');
  },
  summarize: () => {
    throw new Error('odds: bkg: the combat is enumerated through calculate, which knows the place fought');
  },
  // 6.2.1: hits are the dice at or under the strength the roll is made at ("...: 3 dice at strength 2").
  successes(roll) {
    const m = / di(?:e|ce) at strength (-?\d+)$/.exec(roll.purpose);
    return m && roll.sides === 6 ? Number(m[1]) : null;
  },
  defaultChoice(s, prompt: Prompt): Action | null {
    switch (prompt.kind) {
      // The owner chooses (6.2.2): odds flip a full unit before eliminating one, the weakest first (lossRank).
      case 'allocate-loss': {
        const rank = (c: Prompt['choices'][number]) => lossRank(s, s.units[c.action.unit as string]!);
        return [...prompt.choices].sort((a, b) => compareLossRank(rank(a), rank(b)))[0]?.action ?? null;
      }
      // The defender stands for the round (the attacker's own decision is the one being weighed).
      case 'retreat': return prompt.choices.find((c) => c.action.type === 'continue')?.action ?? null;
      case 'card': return prompt.choices.find((c) => c.action.type === 'pass')?.action ?? null;
      // Advanced 6.5.3: the BATTLECHART as it is forced (every unit on its usual segment).
      case 'assign': return prompt.choices.find((c) => c.action.type === 'assigned')?.action ?? null;
      default: return null;
    }
  },
  calculate: (s, seat, action, opts, ruleset) => wholeCombat(ruleset, s, seat, action, opts),
  describe(s, seat, action) {
    const c = combatOf(s, seat, action);
    if (!c) return `${seat} combat`;
    const f = battleFrame(s, c.place);
    const { att, def } = battleSides(s, { place: c.place, attacker: c.attacker } as BkgState['battles'][number]);
    return `${area(c.place).name}, round ${(f?.round ?? 0) + 1}: ${describeUnits(att) || 'none'} against ${describeUnits(def) || 'none'}`;
  },
};

/** The odds of the one round `action` fights (for tests: the whole combat is built from such rounds). */
export function roundOdds(ruleset: Ruleset<BkgState>, s: BkgState, seat: Seat, action: Action, opts: OddsOptions<BkgState> = {}): CalculatedOdds {
  const c = combatOf(s, seat, action)!;
  const round = battleFrame(s, c.place)?.round ?? 0;
  const limited = { ...opts, maxApplies: Math.min(opts.maxApplies ?? MAX_RUNS, MAX_RUNS) };
  const { dist, stats } = enumerateCombat(ruleset, bound(c.place, c.attacker, round), s, seat, action, limited, roundRolls(ruleset, c.place));
  return { outcomes: [...dist.values()].map((v) => ({ result: v.result, p: v.p.toNumber(), exact: v.p })), stats };
}

/** For tests: the bound adapter of the combat `action` starts (the notes it keeps are none). */
export function bkgCombatAdapter(s: BkgState, seat: Seat, action: Action): OddsAdapter<BkgState> {
  const c = combatOf(s, seat, action);
  if (!c) throw new Error(`odds: bkg: ${JSON.stringify(action)} by ${seat} fights no combat`);
  return bound(c.place, c.attacker, battleFrame(s, c.place)?.round ?? 0);
}
