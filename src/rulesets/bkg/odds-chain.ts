// The whole basic combat (6.2) as a Markov chain over the mix of units in it: a position between rounds is how many
// units of each kind (signature, full or flipped) each side has left, not which counters; every round strictly lowers
// the steps left or changes nothing, so the positions are taken from the most steps down, each once, with every path
// to it merged. A round: each side's hits are min(its successes, the enemy's steps) (6.2.1, 6.2.2), the owners take
// them by the odds' standing choice (lossRank), the attacker fights on and the defender stands (6.2.3). An end the
// chain cannot read alone (aircraft without a holding unit, a side that cannot land an aircraft, both sides without a
// holding unit) is played by the rules themselves, once per end position.
import { prompts, type Action, type Seat, type Ruleset, type Prompt } from '../../engine/index.ts';
import { enumerateCombat, withDecisionsTaken } from '../../odds/enumerate.ts';
import type { RollBranch } from '../../odds/dice.ts';
import { Fraction } from '../../odds/fraction.ts';
import type { CombatResult, DiceRequest, OddsAdapter, OddsStats, RollGrouping } from '../../odds/types.ts';
import { landingPlaces, sidesHere } from './combat.ts';
import { isSeaZone } from './map.ts';
import { signature } from './movement.ts';
import { atWar, isBelligerent, sideOf } from './politics.ts';
import type { Side } from './powers.ts';
import { type BkgState, type Unit, optional, strength } from './state.ts';

/**
 * The odds' standing choice of the unit that takes a hit (6.2.2: the owner chooses): a full two-step unit is flipped
 * before any unit is eliminated, the weakest first; ties by signature, so the choice never depends on counter ids.
 * Lower ranks first.
 */
export function lossRank(s: BkgState, u: Unit): [number, string] {
  return [(u.reduced || u.back === null ? 100 : 0) + strength(u), signature(s, u)];
}

export function compareLossRank(a: [number, string], b: [number, string]): number {
  return a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
}

/** One kind of unit in the combat: its counters, the side, and its two faces' signatures. */
interface Kind {
  att: boolean;
  type: Unit['type'];
  front: number;
  back: number | null;
  ids: string[];
  /** Signatures full and flipped (loss ranks' tie-break). */
  sig: [string, string];
  /** An aircraft with no friendly base within 2 (6.1.1): the rules decide what it becomes. */
  noBase: boolean;
}

/** Counts per kind: [full, flipped] for kind i at 2i, 2i + 1. */
type Mix = number[];

export class ChainUnfit extends Error {}

const isGround = (t: Unit['type']) => t === 'inf' || t === 'arm';
const isShipType = (t: Unit['type']) => t === 'conv' || t === 'tf' || t === 'sub';

interface ChainInput {
  ruleset: Ruleset<BkgState>;
  s0: BkgState;
  seat: Seat;
  action: Action;
  place: string;
  attacker: Side;
  /** The adapter of this combat's round (its summarize reads `before`, its combatOver the round). */
  round: OddsAdapter<BkgState>;
  /** The odds' choices at decisions the rules meet (bkgOdds.defaultChoice). */
  choose: (s: BkgState, p: Prompt) => Action;
  /** Grouped fire rolls of this combat (roundRolls). */
  grouping: RollGrouping<BkgState>;
  maxApplies: number;
}

/**
 * The whole basic combat as a chain over unit mixes, or ChainUnfit (thrown) when the combat holds what the chain does
 * not model (advanced rules, a policy, loads, task forces in support, units not at war, a first round nobody fires).
 */
export function combatChain(x: ChainInput): { outcomes: { result: CombatResult; p: number; exact?: Fraction }[]; stats: OddsStats } {
  try {
    return chain(x, EXACT);
  } catch (e) {
    if (!(e instanceof TooLong)) throw e;
    return chain(x, DOUBLE);
  }
}

/** The arithmetic of the chain's probabilities: exact fractions while their denominators stay short, else doubles. */
interface Arith<T> {
  of(ways: bigint, den: bigint): T;
  from(f: Fraction): T;
  one: T;
  add(a: T, b: T): T;
  mul(a: T, b: T): T;
  /** a / (1 - q) */
  unloop(a: T, q: T): T;
  isZero(a: T): boolean;
  isOne(a: T): boolean;
  out(a: T): { p: number; exact?: Fraction };
}

class TooLong extends Error {}
// Each position's 1 - q is a new factor of the denominators: past this, the fractions cost seconds (Western Poland's
// whole combat runs to thousands of digits) and the chain goes on in doubles.
const MAX_DEN = 1n << 192n;
const short = (f: Fraction) => {
  if (f.den > MAX_DEN) throw new TooLong();
  return f;
};
const EXACT: Arith<Fraction> = {
  of: (w, d) => Fraction.of(w, d),
  from: (f) => f,
  one: Fraction.ONE,
  add: (a, b) => short(a.add(b)),
  mul: (a, b) => a.mul(b),
  unloop: (a, q) => short(a.div(Fraction.ONE.sub(q))),
  isZero: (a) => a.isZero(),
  isOne: (a) => a.equals(Fraction.ONE),
  out: (a) => ({ p: a.toNumber(), exact: a }),
};
const DOUBLE: Arith<number> = {
  of: (w, d) => Number(w) / Number(d),
  from: (f) => f.toNumber(),
  one: 1,
  add: (a, b) => a + b,
  mul: (a, b) => a * b,
  unloop: (a, q) => a / (1 - q),
  isZero: (a) => a === 0,
  isOne: (a) => a === 1,
  out: (a) => ({ p: a }),
};

function chain<T>(x: ChainInput, A: Arith<T>): { outcomes: { result: CombatResult; p: number; exact?: Fraction }[]; stats: OddsStats } {
  const { s0, place, attacker } = x;
  if (s0.rules !== 'basic') throw new ChainUnfit('advanced rules');
  if (optional(s0, 'altCoupCards')) throw new ChainUnfit('coup cards (9.2)');
  const b = { place, attacker };
  const { a0, d0 } = sidesHere(s0, b);
  const sea = isSeaZone(place);
  const here = Object.values(s0.units).filter((u) => u.where === place);
  if (here.some((u) => u.aboard || u.from || (u.reduced && u.back === null))) throw new ChainUnfit('loads or task forces in support');
  if (!a0.length || !d0.length) throw new ChainUnfit('one side is missing');
  if (a0.some((u) => !d0.some((v) => atWar(s0, u.power, v.power))) || d0.some((u) => !isBelligerent(s0, u.power) || !a0.some((v) => atWar(s0, u.power, v.power)))) {
    throw new ChainUnfit('units not at war');
  }
  const kinds: Kind[] = [];
  const byKey = new Map<string, number>();
  const mix0: Mix = [];
  for (const u of [...a0, ...d0].sort((p, q) => (p.id < q.id ? -1 : 1))) {
    const full = signature(s0, { ...u, reduced: false });
    let i = byKey.get(full);
    if (i === undefined) {
      i = kinds.length;
      byKey.set(full, i);
      kinds.push({
        att: sideOf(s0, u.power) === attacker, type: u.type, front: u.front, back: u.back, ids: [],
        sig: [full, signature(s0, { ...u, reduced: true })],
        noBase: u.type === 'air' && landingPlaces(s0, u, place).length === 0,
      });
      mix0.push(0, 0);
    }
    kinds[i]!.ids.push(u.id);
    mix0[2 * i + (u.reduced && u.back !== null ? 1 : 0)]! += 1;
  }
  const rankOf = (i: number, red: boolean): [number, string] => {
    const k = kinds[i]!;
    const oneStep = red || k.back === null;
    return [(oneStep ? 100 : 0) + (red ? (k.back ?? 0) : k.front), k.sig[red ? 1 : 0]];
  };
  const steps = (m: Mix, att: boolean) => kinds.reduce((n, k, i) => (k.att !== att || k.type === 'hq' ? n : n + m[2 * i]! * (k.back === null ? 1 : 2) + m[2 * i + 1]!), 0);
  const has = (m: Mix, att: boolean, f: (k: Kind) => boolean) => kinds.some((k, i) => k.att === att && f(k) && m[2 * i]! + m[2 * i + 1]! > 0);
  const fires = (m: Mix, att: boolean) => kinds.some((k, i) => k.att === att && k.type !== 'hq' && ((m[2 * i]! > 0 && k.front > 0) || (m[2 * i + 1]! > 0 && (k.back ?? 0) > 0)));

  // ways of k successes of a side's dice (capped at the enemy's steps), over 6^dice: memoised by the side's mix and cap.
  const fireMemo = new Map<string, T[]>();
  const fire = (m: Mix, att: boolean, cap: number): T[] => {
    const dice: number[] = [];
    kinds.forEach((k, i) => {
      if (k.att !== att || k.type === 'hq') return;
      const per = k.type === 'arm' ? 2 : 1;
      for (const [n, st] of [[m[2 * i]!, k.front], [m[2 * i + 1]!, k.back ?? 0]] as const) if (st > 0) for (let j = 0; j < n * per; j++) dice.push(Math.min(st, 6));
    });
    const key = `${dice.sort().join('')}|${cap}`;
    const hit = fireMemo.get(key);
    if (hit) return hit;
    let ways: bigint[] = [1n];
    for (const st of dice) {
      const next = new Array<bigint>(ways.length + 1).fill(0n);
      ways.forEach((w, k) => { next[k]! += w * BigInt(6 - st); next[k + 1]! += w * BigInt(st); });
      ways = next;
    }
    const den = 6n ** BigInt(dice.length);
    const out: T[] = [];
    let over = 0n;
    ways.forEach((w, k) => { if (k < cap) out.push(A.of(w, den)); else over += w; });
    if (ways.length > cap) out.push(A.of(over, den));
    fireMemo.set(key, out);
    return out;
  };

  // The side's mix after h hits (6.2.2): all its steps at once, else one hit at a time on the lowest loss rank.
  const lose = (m: Mix, att: boolean, h: number): Mix => {
    const out = [...m];
    if (h === 0) return out;
    if (h >= steps(m, att)) {
      kinds.forEach((k, i) => { if (k.att === att && k.type !== 'hq') out[2 * i] = out[2 * i + 1] = 0; });
      return out;
    }
    for (let n = 0; n < h; n++) {
      let best: [number, boolean] | null = null;
      let bestRank: [number, string] | null = null;
      kinds.forEach((k, i) => {
        if (k.att !== att || k.type === 'hq') return;
        for (const red of [false, true]) {
          if (!out[2 * i + (red ? 1 : 0)]) continue;
          const r = rankOf(i, red);
          if (!bestRank || compareLossRank(r, bestRank) < 0) { best = [i, red]; bestRank = r; }
        }
      });
      const [i, red] = best!;
      if (red || kinds[i]!.back === null) out[2 * i + (red ? 1 : 0)]! -= 1;
      else { out[2 * i]! -= 1; out[2 * i + 1]! += 1; }
    }
    return out;
  };

  const holds = (m: Mix, att: boolean) => has(m, att, (k) => (sea ? isShipType(k.type) : isGround(k.type)));
  const anyLeft = (m: Mix, att: boolean) => has(m, att, () => true);
  const stepsBefore = { att: steps(mix0, true), def: steps(mix0, false) };

  /** What the rules do after a round left mix m (the step 'after', 6.2.4, 6.2.5): the result, 'fight' or 'rules'. */
  const after = (m: Mix): CombatResult | 'fight' | 'rules' => {
    const aLeft = anyLeft(m, true), dLeft = anyLeft(m, false);
    const result = (winner: 'attacker' | 'defender' | null): CombatResult => ({
      attackerLosses: stepsBefore.att - steps(m, true),
      defenderLosses: stepsBefore.def - steps(m, false),
      winner,
      detail: {
        combatEnds: true,
        areaTaken: winner === 'attacker' && !sea && has(m, true, (k) => isGround(k.type)) && sideOf(s0, s0.control[place] ?? '') !== attacker,
      },
    });
    // Aircraft that must find a base and may not: the rules land them.
    const landable = (att: boolean) => !has(m, att, (k) => k.noBase);
    if (!aLeft && !dLeft) return result(null);
    if (!aLeft || !dLeft) {
      const att = aLeft;
      // The side left wins if something of it stays there (its aircraft land elsewhere or there: the rules choose).
      return has(m, att, (k) => k.type !== 'air') && landable(att) ? result(att ? 'attacker' : 'defender') : 'rules';
    }
    const aHolds = holds(m, true), dHolds = holds(m, false);
    if (aHolds && dHolds) return fires(m, true) || fires(m, false) ? 'fight' : 'rules';
    if (!aHolds && !dHolds) return 'rules';
    // 6.2.4: the side with only aircraft (and HQs, overrun) leaves; its aircraft land elsewhere; the other side stays.
    return landable(true) && landable(false) ? result(aHolds ? 'attacker' : 'defender') : 'rules';
  };

  if (after(mix0) !== 'fight') throw new ChainUnfit('the first round is not a plain exchange of fire');

  const stats: OddsStats = { applies: 0, rolls: 0, decisions: 0, memoHits: 0, leaves: 0 };
  const ends = new Map<string, { result: CombatResult; p: T }>();
  const endWith = (result: CombatResult, p: T) => {
    const key = JSON.stringify(result);
    const cur = ends.get(key);
    if (cur) cur.p = A.add(cur.p, p);
    else ends.set(key, { result, p });
  };

  // Ends played by the rules: from the mix before the round (its counters put back as the mix says) with the round's
  // hits forced, once per end position.
  const byRules = new Map<string, { result: CombatResult; p: Fraction }[]>();
  const rulesEnd = (from: Mix, to: Mix, hitsOnAtt: number, hitsOnDef: number) => {
    const key = to.join(',');
    const known = byRules.get(key);
    if (known) {
      stats.memoHits++;
      return known;
    }
    const s1 = withMix(s0, kinds, from);
    const who = prompts(x.ruleset, s1)[0]?.seat ?? x.seat;
    const attFires = fires(from, true);
    const forcedHits: RollGrouping<BkgState> = {
      branches(s, w, act, forced, roll: DiceRequest): RollBranch[] | null {
        const bs = x.grouping.branches(s, w, act, forced, roll);
        if (!bs) throw new ChainUnfit(`a roll the chain cannot force (${roll.purpose})`);
        if (bs.length === 1 && bs[0]!.p.equals(Fraction.ONE)) return bs; // another combat's dice
        const want = attFires && forced.length === 0 ? hitsOnDef : hitsOnAtt;
        const pick = bs.filter((br) => br.faces.filter((f) => f < 6).length === want);
        if (pick.length !== 1) throw new Error(`odds: bkg: no roll of ${want} hits in ${roll.purpose}`);
        return [{ ...pick[0]!, p: Fraction.ONE }];
      },
    };
    const adapter: OddsAdapter<BkgState> = { ...x.round, summarize: (_b, after) => x.round.summarize(s0, after, x.seat, {}) };
    const taken = withDecisionsTaken(x.ruleset, (p) => p.kind === 'allocate-loss', x.choose);
    const r = enumerateCombat(taken, adapter, s1, who, x.action, { maxApplies: x.maxApplies - stats.applies }, forcedHits);
    for (const k of Object.keys(stats) as (keyof OddsStats)[]) if (k !== 'memoHits') stats[k] += r.stats[k];
    const out = [...r.dist.values()];
    if (out.some((o) => !o.result.detail?.combatEnds)) throw new Error(`odds: bkg: the rules go on fighting after a round the chain ended (${key})`);
    byRules.set(key, out);
    return out;
  };

  // Positions between rounds by steps left (every round that changes something lowers them).
  const buckets = new Map<number, Map<string, { mix: Mix; p: T }>>();
  const put = (m: Mix, p: T) => {
    const n = steps(m, true) + steps(m, false);
    const key = m.join(',');
    let bucket = buckets.get(n);
    if (!bucket) buckets.set(n, bucket = new Map());
    const cur = bucket.get(key);
    if (cur) cur.p = A.add(cur.p, p);
    else bucket.set(key, { mix: m, p });
  };
  put(mix0, A.one);
  for (let n = stepsBefore.att + stepsBefore.def; n >= 0; n--) {
    for (const { mix, p } of buckets.get(n)?.values() ?? []) {
      stats.decisions++;
      const onDef = fire(mix, true, steps(mix, false)), onAtt = fire(mix, false, steps(mix, true));
      const q = A.mul(onDef[0]!, onAtt[0]!);
      if (A.isOne(q)) throw new Error('odds: bkg: a round where both sides fire cannot change nothing for sure');
      const scale = A.unloop(p, q);
      const afterAtt = onAtt.map((_, h) => lose(mix, true, h));
      onDef.forEach((pd, hd) => {
        if (A.isZero(pd)) return;
        const pdScaled = A.mul(pd, scale);
        const defMix = lose(mix, false, hd);
        onAtt.forEach((pa, ha) => {
          if ((ha === 0 && hd === 0) || A.isZero(pa)) return;
          const m = afterAtt[ha]!.map((v, i) => (kinds[i >> 1]!.att ? v : defMix[i]!));
          const pp = A.mul(pdScaled, pa);
          const next = after(m);
          if (next === 'fight') return put(m, pp);
          stats.leaves++;
          if (next !== 'rules') return endWith(next, pp);
          for (const o of rulesEnd(mix, m, ha, hd)) endWith(o.result, A.mul(A.from(o.p), pp));
        });
      });
    }
    buckets.delete(n);
  }
  return { outcomes: [...ends.values()].map((e) => ({ result: e.result, ...A.out(e.p) })), stats };
}

/** `s` with the combat's counters set to the mix (the lowest ids of a kind stay, full ones first; the rest are gone). */
function withMix(s: BkgState, kinds: Kind[], m: Mix): BkgState {
  const units = { ...s.units };
  kinds.forEach((k, i) => {
    let full = m[2 * i]!, flipped = m[2 * i + 1]!;
    for (const id of k.ids) {
      if (full > 0) { full--; units[id] = { ...units[id]!, reduced: false }; }
      else if (flipped > 0) { flipped--; units[id] = { ...units[id]!, reduced: true }; }
      else delete units[id];
    }
  });
  return { ...s, units };
}
