// The exact distribution of a battle's outcomes, computed as a Markov chain over the forces left, with the rules'
// own arithmetic (combat-rules.ts): each step's dice are the groups `strikes` gives (hits as exact binomials), hits
// fall where `mayTakeHit` allows in the order of HIT_CLASS_ORDER, and each side loses units in a stated order
// (`pickCasualty`: cheapest first unless the player gives another) — what the battle procedure does when both
// owners take the "cheapest first" choice and the attacker presses on to the end. Rounds after the first are alike,
// so a round that changes nothing is folded away exactly (its probability q divides the rest by 1 - q).
// Forces are interned (one object per distinct force), so a force hit k times is worked out once.
import type { UnitType } from './data/index.ts';
import {
  HIT_CLASS_ORDER, canHurt, casualtyKey, hitDestroys, pickCasualty, strikes, takesPartInBattle,
  type BattleKind, type BattleSide, type Combatant, type CombatTable, type HitClass, type Step, type StrikeGroup,
} from './combat-rules.ts';
import { hitsToSink, unitData } from './world.ts';

export interface BattleSpec {
  kind: BattleKind;
  table: CombatTable;
  attacker: Combatant[];
  defender: Combatant[];
  /** Orders in which each side loses units (unit types, first lost first); default cheapest first. */
  order?: { attacker?: readonly UnitType[]; defender?: readonly UnitType[] };
  /** Rounds the battle may last; then the attacker withdraws (house rules l.36). */
  maxRounds?: number;
}

export interface BattleOutcome {
  attacker: Combatant[];
  defender: Combatant[];
  winner: 'attacker' | 'defender' | null;
  p: number;
}

/** A unit in the calculator: a combatant, possibly hit for good in a step whose victims still fire back. */
type Unit = Combatant & { doomed?: boolean };

/** One distinct force (interned: equal forces are the same object). */
interface Force {
  key: string;
  id: number;
  units: Unit[];
  /** Hits it can still take (bombarding ships count 1: they leave). */
  hp: number;
  /** This force after hits, by hits signature: losses kept until the step ends [0] or removed at once [1]. */
  after: [Map<string, Force>, Map<string, Force>];
}

interface Dist<T> { v: T; p: number }

/** Stands in for a unit already lost: it can take no hit. */
const GONE: Combatant = { type: 'aa', power: 'germany' };

function binomial(n: number, value: number, sides: number): number[] {
  const p = value / sides;
  const out = new Array<number>(n + 1).fill(0);
  let c = 1;
  for (let k = 0; k <= n; k++) {
    out[k] = c * p ** k * (1 - p) ** (n - k);
    c = (c * (n - k)) / (k + 1);
  }
  return out;
}

function convolve(a: number[], b: number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) if (a[i]) for (let j = 0; j < b.length; j++) out[i + j] += a[i]! * b[j]!;
  return out;
}

/** Joint distribution of hits per class of some strike groups, as "cls:k,cls:k" signatures. */
function hitDistribution(groups: StrikeGroup[]): Dist<string>[] {
  const byClass = new Map<HitClass, number[]>();
  for (const g of groups) byClass.set(g.cls, convolve(byClass.get(g.cls) ?? [1], binomial(g.count, g.value, g.sides)));
  let out: Dist<string>[] = [{ v: '', p: 1 }];
  for (const cls of HIT_CLASS_ORDER) {
    const dist = byClass.get(cls);
    if (!dist) continue;
    const next: Dist<string>[] = [];
    for (const o of out) dist.forEach((p, k) => { if (p > 0) next.push({ v: k ? `${o.v}${cls}:${k},` : o.v, p: o.p * p }); });
    out = next;
  }
  return out;
}

class Calculator {
  private readonly forces = new Map<string, Force>();
  private readonly groupMemo = new Map<string, Dist<string>[]>();
  constructor(readonly spec: BattleSpec) {}

  force(units: Unit[]): Force {
    const key = units.map((c) => `${casualtyKey(c)}${c.bombarding ? 'b' : ''}${c.amphibious ? 'a' : ''}${c.doomed ? 'x' : ''}`).sort().join(',');
    let f = this.forces.get(key);
    if (!f) {
      const hp = units.reduce((n, c) => n + (c.doomed ? 0 : hitsToSink(c.type) - (c.damage ?? 0)) + (c.bombarding ? 1 : 0), 0);
      f = { key, id: this.forces.size, units, hp, after: [new Map(), new Map()] };
      this.forces.set(key, f);
    }
    return f;
  }

  /** The force after hits ("cls:k," signature), lost units marked (removed later) or removed at once. */
  hit(f: Force, sig: string, who: BattleSide, removeNow: boolean): Force {
    if (!sig) return f;
    const memo = f.after[removeNow ? 1 : 0];
    const known = memo.get(sig);
    if (known) return known;
    const list: Unit[] = f.units.map((c) => ({ ...c }));
    const order = who === 'attacker' ? this.spec.order?.attacker : this.spec.order?.defender;
    for (const part of sig.split(',')) {
      if (!part) continue;
      const [cls, k] = part.split(':') as [HitClass, string];
      for (let n = Number(k); n > 0; n--) {
        const i = pickCasualty(list.map((c) => (c.doomed ? GONE : c)), cls, who, order);
        if (i < 0) break;
        const c = list[i]!;
        if (hitDestroys(c)) c.doomed = true; else c.damage = (c.damage ?? 0) + 1;
      }
    }
    const out = this.force(removeNow ? list.filter((c) => !c.doomed) : list);
    memo.set(sig, out);
    return out;
  }

  /** Doomed units go when their step ends; bombarding ships leave after round 1. */
  settle(f: Force, endOfRoundOne: boolean): Force {
    if (!f.units.some((c) => c.doomed || (endOfRoundOne && c.bombarding))) return f;
    return this.force(f.units.filter((c) => !c.doomed && !(endOfRoundOne && c.bombarding)));
  }

  /** Distribution of the hits one side scores in a step (its strike groups as exact binomials). */
  hits(own: Force, enemy: Force, side: BattleSide, round: number, st: Step): Dist<string>[] {
    const k = `${own.id}|${enemy.id}|${side}|${round > 1 ? 2 : 1}|${st}`;
    let g = this.groupMemo.get(k);
    if (!g) { g = hitDistribution(strikes(this.spec.kind, this.spec.table, own.units, enemy.units, side, round, st)); this.groupMemo.set(k, g); }
    return g;
  }

  /** One step of round `r`: both sides roll, hits land. */
  step(dist: Dist<[Force, Force]>[], r: number, st: Step, removeNow: boolean): Dist<[Force, Force]>[] {
    const out = new Map<number, Dist<[Force, Force]>>();
    const add = (a: Force, d: Force, p: number) => {
      const k = a.id * 1e7 + d.id;
      const y = out.get(k);
      if (y) y.p += p; else out.set(k, { v: [a, d], p });
    };
    for (const { v: [att, def], p } of dist) {
      const da = this.hits(att, def, 'attacker', r, st);
      const dd = this.hits(def, att, 'defender', r, st);
      const att2 = dd.map((d) => this.hit(att, d.v, 'attacker', removeNow));
      for (const a of da) {
        const def2 = this.hit(def, a.v, 'defender', removeNow);
        for (let j = 0; j < dd.length; j++) add(att2[j]!, def2, p * a.p * dd[j]!.p);
      }
    }
    return [...out.values()];
  }

  round(att: Force, def: Force, r: number): Dist<[Force, Force]>[] {
    let dist: Dist<[Force, Force]>[] = [{ v: [att, def], p: 1 }];
    if (this.spec.kind === 'land') {
      if (r === 1) {
        dist = this.step(dist, r, 'aa', true);
        dist = this.step(dist, r, 'bombard', false);
      }
      dist = this.step(dist, r, 'main', true);
    } else {
      dist = this.step(dist, r, 'opening', true);
      dist = this.step(dist, r, 'main', true);
    }
    // After round 1 every loss is already removed (no bombardment): nothing to settle.
    if (r > 1) return dist;
    const out = new Map<number, Dist<[Force, Force]>>();
    for (const { v: [a, d], p } of dist) {
      const a2 = this.settle(a, r === 1);
      const d2 = this.settle(d, r === 1);
      const k = a2.id * 1e7 + d2.id;
      const y = out.get(k);
      if (y) y.p += p; else out.set(k, { v: [a2, d2], p });
    }
    return [...out.values()];
  }

  verdict(att: Force, def: Force): 'attacker' | 'defender' | 'stalemate' | null {
    const a = att.units.filter(takesPartInBattle);
    const d = def.units.filter(takesPartInBattle);
    if (a.length === 0) return 'defender';
    if (d.length === 0) return 'attacker';
    const { kind, table } = this.spec;
    if (!canHurt(kind, table, att.units, def.units, 'attacker') && !canHurt(kind, table, def.units, att.units, 'defender')) return 'stalemate';
    return null;
  }

  /**
   * Every end of the battle: probability mass flows forward from the starting forces, force pair by force pair in
   * order of hits left (every round that changes anything takes at least one hit off), so each pair is expanded
   * once, after all the mass that can reach it has arrived.
   */
  solve(): BattleOutcome[] {
    if (this.spec.maxRounds) return this.solveLimited(this.spec.maxRounds);
    const start = { att: this.force(this.spec.attacker), def: this.force(this.spec.defender) };
    const ends = new Map<string, BattleOutcome>();
    const end = (att: Force, def: Force, winner: BattleOutcome['winner'], p: number) => {
      const k = `${att.id}|${def.id}`;
      const y = ends.get(k);
      if (y) y.p += p; else ends.set(k, { attacker: att.units, defender: def.units, winner, p });
    };
    const buckets = new Map<number, Map<number, { att: Force; def: Force; p: number }>>();
    const put = (att: Force, def: Force, p: number) => {
      const t = att.hp + def.hp;
      let b = buckets.get(t);
      if (!b) { b = new Map(); buckets.set(t, b); }
      const k = att.id * 1e7 + def.id;
      const y = b.get(k);
      if (y) y.p += p; else b.set(k, { att, def, p });
    };
    for (const x of this.round(start.att, start.def, 1)) put(x.v[0], x.v[1], x.p);
    for (;;) {
      let top = -1;
      for (const t of buckets.keys()) if (t > top) top = t;
      if (top < 0) break;
      const bucket = buckets.get(top)!;
      buckets.delete(top);
      for (const { att, def, p } of bucket.values()) {
        const v = this.verdict(att, def);
        if (v) { end(att, def, v === 'stalemate' ? null : v, p); continue; }
        const next = this.round(att, def, 2);
        const self = next.find((x) => x.v[0] === att && x.v[1] === def);
        const stay = self?.p ?? 0;
        if (stay >= 1 - 1e-15) { end(att, def, null, p); continue; }
        for (const x of next) if (x !== self) put(x.v[0], x.v[1], (p * x.p) / (1 - stay));
      }
    }
    return [...ends.values()];
  }

  /** A battle of at most `max` rounds: round by round; what is left after the last one withdraws (no winner). */
  solveLimited(max: number): BattleOutcome[] {
    const ends = new Map<number, BattleOutcome>();
    const end = (att: Force, def: Force, winner: BattleOutcome['winner'], p: number) => {
      const k = att.id * 1e7 + def.id;
      const y = ends.get(k);
      if (y) y.p += p; else ends.set(k, { attacker: att.units, defender: def.units, winner, p });
    };
    let live = new Map<number, { att: Force; def: Force; p: number }>([[0, { att: this.force(this.spec.attacker), def: this.force(this.spec.defender), p: 1 }]]);
    for (let r = 1; r <= max && live.size; r++) {
      const next = new Map<number, { att: Force; def: Force; p: number }>();
      for (const { att, def, p } of live.values()) {
        for (const x of this.round(att, def, r)) {
          const [a, d] = x.v;
          const v = this.verdict(a, d);
          if (v) { end(a, d, v === 'stalemate' ? null : v, p * x.p); continue; }
          const k = a.id * 1e7 + d.id;
          const y = next.get(k);
          if (y) y.p += p * x.p; else next.set(k, { att: a, def: d, p: p * x.p });
        }
      }
      live = next;
    }
    for (const { att, def, p } of live.values()) end(this.force(att.units.filter((c) => !c.amphibious || unitData(c.type).domain !== 'land')), def, null, p);
    return [...ends.values()];
  }
}

/** The forces left after round `r` from the given forces, with their probabilities (the calculator's one step). */
export function roundOutcomes(spec: BattleSpec, r = 1): { attacker: Combatant[]; defender: Combatant[]; p: number }[] {
  const c = new Calculator(spec);
  return c.round(c.force(spec.attacker), c.force(spec.defender), r).map((x) => ({ attacker: x.v[0].units, defender: x.v[1].units, p: x.p }));
}

/** Every end of the battle with its probability (the attacker fights to the end; submarines never submerge). */
export function battleOutcomes(spec: BattleSpec): BattleOutcome[] {
  return new Calculator(spec).solve();
}

/** Units lost, counted from the start of the battle (a damaged battleship is not lost; bombarding ships are not in it). */
export function unitsLost(before: Combatant[], after: Combatant[]): number {
  return before.filter((c) => !c.bombarding).length - after.filter((c) => !c.bombarding).length;
}

export function describeForce(cs: Combatant[]): string {
  const n = new Map<string, number>();
  for (const c of cs) {
    if (c.bombarding) continue;
    const k = `${unitData(c.type).name.toLowerCase()}${c.damage ? ' (damaged)' : ''}`;
    n.set(k, (n.get(k) ?? 0) + 1);
  }
  return [...n].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${v} ${k}`).join(', ') || 'nothing';
}
