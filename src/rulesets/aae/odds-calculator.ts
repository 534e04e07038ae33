// The exact distribution of a battle's outcomes, computed as a Markov chain over the forces left, with the rules'
// own arithmetic (combat-rules.ts): each step's dice are the groups `strikes` gives (hits as exact binomials), hits
// fall where `mayTakeHit` allows in the order of HIT_CLASS_ORDER, and each side loses units in a stated order
// (`pickCasualty`: cheapest first unless the player gives another) — what the battle procedure does when both
// owners take the "cheapest first" choice and the attacker presses on to the end. Rounds after the first are alike,
// so a round that changes nothing is folded away exactly (its probability q divides the rest by 1 - q).
// Forces are interned (one object per distinct force), so a force hit k times is worked out once.
import type { UnitType } from './data/index.ts';
import {
  HIT_CLASS_ORDER, canHurt, casualtyKey, hitDestroys, isSub, maxHits, pickCasualty, roundSteps, saveLeft, saveOn, strikes, takesPartInBattle,
  type BattleKind, type BattleSide, type Combatant, type CombatTable, type HitClass, type Step, type StrikeGroup,
} from './combat-rules.ts';
import { unitData } from './world.ts';

export interface BattleSpec {
  kind: BattleKind;
  table: CombatTable;
  attacker: Combatant[];
  defender: Combatant[];
  /** Orders in which each side loses units (unit types, first lost first); default cheapest first. */
  order?: { attacker?: readonly UnitType[]; defender?: readonly UnitType[] };
  /** Rounds the battle may last; then the attacker withdraws (house rules l.36). */
  maxRounds?: number;
  /** The chance that the submarine search misses the defending submarines in round 1 (house rules l.76). */
  undetected?: number;
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
  after: [Map<string, Dist<Force>[]>, Map<string, Dist<Force>[]>];
}

interface Dist<T> { v: T; p: number }

/** Stands in for a unit already lost: it can take no hit. */
const GONE: Combatant = { type: 'aa', power: 'germany' };

/** Units whose dice depend on the round (house rules: rockets rounds 1-2, V-weapons and paratroops round 1). */
const HOUSE_ROUND_TYPES: ReadonlySet<string> = new Set(['rocket-artillery', 'v1', 'v2', 'paratroop', 'militia', 'home-guard']);

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

/** One group's dice when some hits are target hits: the joint (ordinary, target) counts, multinomial per die. */
function splitGroup(g: StrikeGroup): Dist<[number, number]>[] {
  const pt = Math.max(0, g.value - g.target!.from + 1) / g.sides;
  const po = g.value / g.sides - pt;
  let dist = new Map<string, Dist<[number, number]>>([['0,0', { v: [0, 0], p: 1 }]]);
  for (let i = 0; i < g.count; i++) {
    const next = new Map<string, Dist<[number, number]>>();
    const add = (o: number, t: number, p: number) => {
      if (p <= 0) return;
      const k = `${o},${t}`;
      const y = next.get(k);
      if (y) y.p += p; else next.set(k, { v: [o, t], p });
    };
    for (const { v: [o, t], p } of dist.values()) { add(o, t, p * (1 - po - pt)); add(o + 1, t, p * po); add(o, t + 1, p * pt); }
    dist = next;
  }
  return [...dist.values()];
}

/** Joint distribution of hits per class of some strike groups, as "cls:k,cls:k" signatures. */
function hitDistribution(groups: StrikeGroup[]): Dist<string>[] {
  if (groups.some((g) => g.target)) return jointDistribution(groups);
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

/** The same when some groups score target hits: counts per class carried jointly. */
function jointDistribution(groups: StrikeGroup[]): Dist<string>[] {
  const idx = new Map(HIT_CLASS_ORDER.map((c, i) => [c, i]));
  let dist = new Map<string, { v: number[]; p: number }>([['', { v: HIT_CLASS_ORDER.map(() => 0), p: 1 }]]);
  for (const g of groups) {
    const outcomes: { add: [number, number][]; p: number }[] = g.target
      ? splitGroup(g).map(({ v: [o, t], p }) => ({ add: [[idx.get(g.cls)!, o], [idx.get(g.target!.cls)!, t]], p }))
      : binomial(g.count, g.value, g.sides).map((p, k) => ({ add: [[idx.get(g.cls)!, k]], p }));
    const next = new Map<string, { v: number[]; p: number }>();
    for (const d of dist.values()) {
      for (const o of outcomes) {
        if (o.p <= 0) continue;
        const v = [...d.v];
        for (const [i, k] of o.add) v[i]! += k;
        const key = v.join(',');
        const y = next.get(key);
        if (y) y.p += d.p * o.p; else next.set(key, { v, p: d.p * o.p });
      }
    }
    dist = next;
  }
  return [...dist.values()].map(({ v, p }) => ({ v: v.map((k, i) => (k ? `${HIT_CLASS_ORDER[i]}:${k},` : '')).join(''), p }));
}

class Calculator {
  private readonly forces = new Map<string, Force>();
  private readonly groupMemo = new Map<string, Dist<string>[]>();
  /** The house rules make rounds 1, 2 and 3 on differ (rockets, breakthroughs, second bombardment...). */
  private readonly byRound: boolean;
  private readonly steps: Step[];
  private readonly lastBombard: number;
  /** Some unit may make a save (its dice depend on the step). */
  private readonly saves: boolean;
  constructor(readonly spec: BattleSpec) {
    this.saves = spec.attacker.concat(spec.defender).some((c) => saveLeft(c, spec.table));
    this.byRound = !!spec.table.house || spec.attacker.concat(spec.defender).some((c) => HOUSE_ROUND_TYPES.has(c.type));
    this.steps = roundSteps(spec.kind, spec.table);
    this.lastBombard = spec.table.house?.bombardHalf ? 2 : 1;
  }

  private rk(r: number): number {
    return this.byRound ? Math.min(r, 3) : Math.min(r, 2);
  }

  force(units: Unit[]): Force {
    const key = units.map((c) => `${casualtyKey(c)}${c.bombarding ? 'b' : ''}${c.amphibious ? 'a' : ''}${c.doomed ? 'x' : ''}${c.undetected ? 'u' : ''}`).sort().join(',');
    let f = this.forces.get(key);
    if (!f) {
      // A save still to make counts as a hit (every change then takes at least one off: solve's order).
      const hp = units.reduce((n, c) => n + (c.doomed ? 0 : maxHits(c) - (c.damage ?? 0) + (saveLeft(c, this.spec.table) ? 1 : 0)) + (c.bombarding ? 1 : 0), 0);
      f = { key, id: this.forces.size, units, hp, after: [new Map(), new Map()] };
      this.forces.set(key, f);
    }
    return f;
  }

  /**
   * The force after hits ("cls:k," signature), lost units marked (removed later) or removed at once; a hit on a unit
   * with a save splits the force in two (saved, or not).
   */
  hit(f: Force, sig: string, who: BattleSide, removeNow: boolean, round: number, st: Step): Dist<Force>[] {
    if (!sig) return [{ v: f, p: 1 }];
    const memo = f.after[removeNow ? 1 : 0];
    const mk = `${sig}${this.byRound ? `|${this.rk(round)}` : ''}${this.saves ? `|${st}` : ''}`;
    const known = memo.get(mk);
    if (known) return known;
    const order = who === 'attacker' ? this.spec.order?.attacker : this.spec.order?.defender;
    let lists: Dist<Unit[]>[] = [{ v: f.units.map((c) => ({ ...c })), p: 1 }];
    for (const part of sig.split(',')) {
      if (!part) continue;
      const [cls, k] = part.split(':') as [HitClass, string];
      for (let n = Number(k); n > 0; n--) {
        const next: Dist<Unit[]>[] = [];
        for (const d of lists) {
          const list = d.v;
          const i = pickCasualty(list.map((c) => (c.doomed ? GONE : c)), cls, who, order, round);
          if (i < 0) { next.push(d); continue; }
          const c = list[i]!;
          // A bombardment half hit lays a unit on its side; a second one destroys it (house rules l.46).
          if (cls === 'half' && !c.shaken) { c.shaken = true; next.push(d); continue; }
          const on = saveOn(c, st, this.spec.table);
          if (on) {
            const ps = (7 - on) / 6;
            const kept = list.map((x, j) => (j === i ? { ...x, saved: true } : { ...x }));
            next.push({ v: kept, p: d.p * ps });
            c.saved = true;
            if (hitDestroys(c)) c.doomed = true; else c.damage = (c.damage ?? 0) + 1;
            next.push({ v: list, p: d.p * (1 - ps) });
            continue;
          }
          if (hitDestroys(c)) c.doomed = true; else c.damage = (c.damage ?? 0) + 1;
          next.push(d);
        }
        lists = next;
      }
    }
    const byForce = new Map<Force, number>();
    for (const d of lists) {
      const g = this.force(removeNow ? d.v.filter((c) => !c.doomed) : d.v);
      byForce.set(g, (byForce.get(g) ?? 0) + d.p);
    }
    const out = [...byForce].map(([v, p]) => ({ v, p }));
    memo.set(mk, out);
    return out;
  }

  /** Doomed units go when their step ends; bombarding ships leave after their last bombardment. */
  settle(f: Force, r: number): Force {
    const leave = r === this.lastBombard;
    if (!f.units.some((c) => c.doomed || (leave && c.bombarding))) return f;
    return this.force(f.units.filter((c) => !c.doomed && !(leave && c.bombarding)));
  }

  /** Distribution of the hits one side scores in a step (its strike groups as exact binomials). */
  hits(own: Force, enemy: Force, side: BattleSide, round: number, st: Step): Dist<string>[] {
    const k = `${own.id}|${enemy.id}|${side}|${this.rk(round)}|${st}`;
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
      const att2 = dd.map((d) => this.hit(att, d.v, 'attacker', removeNow, r, st));
      for (const a of da) {
        const def2 = this.hit(def, a.v, 'defender', removeNow, r, st);
        for (let j = 0; j < dd.length; j++) {
          const q = p * a.p * dd[j]!.p;
          for (const x of att2[j]!) for (const y of def2) add(x.v, y.v, q * x.p * y.p);
        }
      }
    }
    return [...out.values()];
  }

  round(att: Force, def: Force, r: number): Dist<[Force, Force]>[] {
    let dist: Dist<[Force, Force]>[] = [{ v: [att, def], p: 1 }];
    for (const st of this.steps) {
      if (st === 'bombard' && r > this.lastBombard) continue;
      if (st === 'aa' && r > 1 && !this.spec.table.house?.aaEveryRound) continue;
      // Victims of bombardment fire back in the main step.
      dist = this.step(dist, r, st, st !== 'bombard');
    }
    // After the bombardments every loss is already removed: nothing to settle.
    if (r > this.lastBombard) return dist;
    const out = new Map<number, Dist<[Force, Force]>>();
    for (const { v: [a, d], p } of dist) {
      const a2 = this.settle(a, r);
      const d2 = this.settle(d, r);
      const k = a2.id * 1e7 + d2.id;
      const y = out.get(k);
      if (y) y.p += p; else out.set(k, { v: [a2, d2], p });
    }
    return [...out.values()];
  }

  /** The starting forces: with the naval sequence, the defending submarines missed by the search or not (l.76). */
  starts(): Dist<[Force, Force]>[] {
    const att = this.force(this.spec.attacker);
    const def = this.force(this.spec.defender);
    const q = this.spec.undetected ?? 0;
    if (q <= 0 || !this.spec.defender.some((c) => isSub(c.type))) return [{ v: [att, def], p: 1 }];
    const hidden = this.force(this.spec.defender.map((c) => (isSub(c.type) ? { ...c, undetected: true } : c)));
    return q >= 1 ? [{ v: [att, hidden], p: 1 }] : [{ v: [att, def], p: 1 - q }, { v: [att, hidden], p: q }];
  }

  /** From round 2 every submarine is found (l.88). */
  found(f: Force): Force {
    return f.units.some((c) => c.undetected) ? this.force(f.units.map(({ undetected: _u, ...c }) => c)) : f;
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
    // With rounds that differ (house rules), round 2 is expanded on its own; rounds 3 on are alike.
    const later = this.byRound ? 3 : 2;
    for (const s0 of this.starts()) {
      for (const x of this.round(s0.v[0], s0.v[1], 1)) {
        const [a1, d1] = [x.v[0], this.found(x.v[1])];
        if (!this.byRound) { put(a1, d1, s0.p * x.p); continue; }
        const v = this.verdict(a1, d1);
        if (v) { end(a1, d1, v === 'stalemate' ? null : v, s0.p * x.p); continue; }
        for (const y of this.round(a1, d1, 2)) put(y.v[0], y.v[1], s0.p * x.p * y.p);
      }
    }
    for (;;) {
      let top = -1;
      for (const t of buckets.keys()) if (t > top) top = t;
      if (top < 0) break;
      const bucket = buckets.get(top)!;
      buckets.delete(top);
      for (const { att, def, p } of bucket.values()) {
        const v = this.verdict(att, def);
        if (v) { end(att, def, v === 'stalemate' ? null : v, p); continue; }
        const next = this.round(att, def, later);
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
    let live = new Map<number, { att: Force; def: Force; p: number }>(this.starts().map((x, i) => [i, { att: x.v[0], def: x.v[1], p: x.p }]));
    for (let r = 1; r <= max && live.size; r++) {
      const next = new Map<number, { att: Force; def: Force; p: number }>();
      for (const { att, def, p } of live.values()) {
        for (const x of this.round(att, def, r)) {
          const [a, d] = [x.v[0], this.found(x.v[1])];
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
  const from = r === 1 ? c.starts() : [{ v: [c.force(spec.attacker), c.force(spec.defender)] as [Force, Force], p: 1 }];
  return from.flatMap((s) => c.round(s.v[0], s.v[1], r).map((x) => ({ attacker: x.v[0].units, defender: x.v[1].units, p: s.p * x.p })));
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
