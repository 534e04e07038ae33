// What the A&A Europe AI knows of a position: how hard each territory is pressed, what each side's forces and
// territory are worth, and the exact odds of a battle the rules would fight (the odds calculator).
import { withinRange } from '../../../board/index.ts';
import type { Combatant, BattleKind } from '../combat-rules.ts';
import { combatant } from '../combat-rules.ts';
import type { Power } from '../data/index.ts';
import { combatTable } from '../house/values.ts';
import { maxRounds } from '../house/rounds.ts';
import { incomeOf } from '../income.ts';
import { battleOutcomes } from '../odds-calculator.ts';
import type { AaeState, Side, Unit } from '../state.ts';
import { AREAS, BOARD, capitalOf, controller, enemies, hasMark, isLand, sideOf, unitData } from '../world.ts';
import { POWERS } from '../data/index.ts';
import { isCity } from '../house/regions.ts';
import { AXIS_CITY_POINTS, axisCityPoints, germanAreas, germanAreasHeld, sovietGoals } from '../house/victory.ts';

/** Expected hits a round of a unit, on the game's dice. */
export function punch(s: AaeState, u: Pick<Unit, 'type' | 'power' | 'damage'>, role: 'attack' | 'defense', where = ''): number {
  const t = combatTable(s, where);
  const v = role === 'attack' ? t.attack(u) : t.defense(u);
  return Math.max(0, v) / t.sides;
}

/** How much a territory matters to its holder: its value, more for a capital or a factory (and, under the house victory, a goal). */
export function importance(id: string, s?: AaeState): number {
  const a = AREAS.get(id)!;
  return (a.value ?? 0) + (hasMark(id, 'capital') ? 20 : 0) + (hasMark(id, 'factory') ? 3 : 0) + (hasMark(id, 'victory-city') ? 5 : 0)
    + (s?.opts.house.victory ? goalWeight(s, id) : 0);
}

/** House rules l.241: the areas the powers' goals count (cities, the areas of Germany, the Soviet and British goals). */
function goalWeight(s: AaeState, id: string): number {
  return (isCity(s, id) ? 6 : 0) + (germanAreas(s).includes(id) ? 8 : 0) + (sovietGoals(s).includes(id) ? 6 : 0)
    + (id === 'egypt' || id === 'greece' || id === 'gibraltar' || id === 'northern-italy' ? 4 : 0);
}

export interface Pressure {
  /** Expected hits a round the enemy could bring against the territory next turn. */
  threat: Map<string, number>;
  /** Expected hits a round its defenders roll now. */
  guard: Map<string, number>;
}

/** For every territory `side` holds: the enemy's reach into it (land units within their move, aircraft within 4). */
export function pressure(s: AaeState, side: Side): Pressure {
  const threat = new Map<string, number>();
  const guard = new Map<string, number>();
  for (const u of s.units) {
    if (!isLand(u.at) && unitData(u.type).domain !== 'air') continue;
    if (sideOf(u.power) === side) {
      if (isLand(u.at) && u.type !== 'aa') guard.set(u.at, (guard.get(u.at) ?? 0) + punch(s, u, 'defense', u.at));
      continue;
    }
    const d = unitData(u.type);
    if (d.domain === 'sea' || u.type === 'aa') continue;
    const p = punch(s, u, 'attack', u.at);
    const reach = withinRange(BOARD, BOARD.index(u.at), d.domain === 'air' ? 3 : d.move, d.domain === 'air' ? {} : {
      mayCross: (_f, _t, e) => BOARD.edgeKind(e) === 'land',
      mayPass: (n) => { const c = controller(s, BOARD.id(n)); return c !== null && sideOf(c) !== side; },
    });
    for (let i = 0; i < reach.count; i++) {
      const id = BOARD.id(reach.node(i));
      const c = controller(s, id);
      if (!isLand(id) || c === null || sideOf(c) !== side) continue;
      threat.set(id, (threat.get(id) ?? 0) + p);
    }
  }
  return { threat, guard };
}

/** How short of defence a territory is (positive: it needs more), weighed by what it is worth. */
export function need(p: Pressure, id: string, s?: AaeState): number {
  const t = p.threat.get(id) ?? 0;
  if (t === 0) return 0;
  return (t - (p.guard.get(id) ?? 0)) * (1 + importance(id, s) / 10);
}

/** The battle the rules would fight in `area` with these forces: chance the attacker clears it, expected losses. */
export function battleOdds(s: AaeState, area: string, kind: BattleKind, attacker: Combatant[], defender: Combatant[]): { pWin: number; attLoss: number; defLoss: number } {
  if (defender.length === 0) return { pWin: 1, attLoss: 0, defLoss: 0 };
  if (attacker.length === 0) return { pWin: 0, attLoss: 0, defLoss: 0 };
  const limit = kind === 'land' ? maxRounds(s, area) : 0;
  const outs = battleOutcomes({ kind, table: combatTable(s, area), attacker, defender, ...(limit ? { maxRounds: limit } : {}) });
  let pWin = 0;
  let attLoss = 0;
  let defLoss = 0;
  const cost = (cs: Combatant[]) => cs.reduce((a, c) => a + (c.bombarding ? 0 : unitData(c.type).cost), 0);
  const a0 = cost(attacker);
  const d0 = cost(defender.filter((c) => c.type !== 'aa'));
  for (const o of outs) {
    if (o.winner === 'attacker') pWin += o.p;
    attLoss += o.p * (a0 - cost(o.attacker));
    defLoss += o.p * (d0 - cost(o.defender.filter((c) => c.type !== 'aa')));
  }
  return { pWin, attLoss, defLoss };
}

export const defendersOf = (s: AaeState, area: string, p: Power): Combatant[] =>
  s.units.filter((u) => u.at === area && enemies(u.power, p) && !u.submerged && (isLand(area) ? !u.aboard && unitData(u.type).domain !== 'sea' : unitData(u.type).domain !== 'land')).map((u) => combatant(u));

// ---------------------------------------------------------------------------------------------------------------
// Scoring terms (docs/ai.md): each in [-1, 1] for the seat's side.

const SIDE_POWERS: Record<Side, Power[]> = { axis: ['germany', 'minor'], allies: ['ussr', 'uk', 'usa'] };

export function unitValue(s: AaeState, side: Side): number {
  let v = 0;
  for (const u of s.units) if (sideOf(u.power) === side) v += unitData(u.type).cost;
  // Units bought count; IPCs in hand do not (the planner compares a battle's ends, one of which may have crossed an
  // income phase: production weighs the income itself).
  for (const p of SIDE_POWERS[side]) v += (s.pending[p] ?? []).reduce((a, t) => a + unitData(t).cost, 0);
  return v;
}

const ratio = (a: number, b: number) => (a + b === 0 ? 0 : (a - b) / (a + b));

export function terms(s: AaeState, side: Side): Record<string, number> {
  const other: Side = side === 'axis' ? 'allies' : 'axis';
  const income = (x: Side) => SIDE_POWERS[x].reduce((a, p) => a + incomeOf(s, p).total, 0);
  let objectives = 0;
  let total = 0;
  for (const p of POWERS) {
    const cap = capitalOf(p);
    const c = controller(s, cap);
    const w = p === 'germany' ? 3 : 1;
    total += w;
    if (c && sideOf(c) === side) objectives += w;
  }
  const victory = s.opts.house.victory ? houseProgress(s, side) - houseProgress(s, other)
    : s.victoryWatch[side] !== undefined ? 1 : s.victoryWatch[other] !== undefined ? -1 : 0;
  return {
    material: ratio(unitValue(s, side), unitValue(s, other)),
    production: ratio(income(side), income(other)),
    objectives: (2 * objectives) / total - 1,
    victory,
  };
}

/** House rules l.241: how near a side is to a goal, 0 to 1 (the Axis from the 6 city points they start with). */
export function houseProgress(s: AaeState, side: Side): number {
  if (side === 'axis') return Math.max(0, Math.min(1, (axisCityPoints(s) - 6) / (AXIS_CITY_POINTS - 6)));
  const goals = sovietGoals(s);
  const soviet = goals.filter((id) => { const c = controller(s, id); return c !== null && sideOf(c) === 'allies'; }).length / goals.length;
  const reich = germanAreas(s);
  return Math.max(soviet, (reich.length - germanAreasHeld(s)) / Math.max(1, reich.length - 1));
}

export const WEIGHTS: Record<string, number> = { material: 0.35, production: 0.3, objectives: 0.25, victory: 0.1 };

export function evaluateSide(s: AaeState, side: Side): number {
  const t = terms(s, side);
  return Object.entries(WEIGHTS).reduce((a, [k, w]) => a + w * (t[k] ?? 0), 0);
}
