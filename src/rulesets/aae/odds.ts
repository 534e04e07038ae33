// The A&A Europe odds adapter: the odds of a battle before it is fought — of a battle the attacker is about to pick
// in Conduct Combat, or of the battle a combat move leads to (the web client's preview). Computed by the exact
// calculator (odds-calculator.ts) over the rules' own combat functions; the generic run-by-run enumeration also
// works on small battles and gives the same distribution (odds.test.ts checks that they agree).
import { applyAction, type Action, type Prompt, type Seat } from '../../engine/index.ts';
import type { CombatResult, DiceRequest, OddsAdapter } from '../../odds/types.ts';
import { attackerUnits, bombardingShips, defenderUnits, forces, tableOf, type BattleFrame } from './battle.ts';
import { combatant, takesPartInBattle, type BattleKind, type Combatant } from './combat-rules.ts';
import type { UnitType } from './data/index.ts';
import { designateAt, searchModifier } from './house/battle.ts';
import { convoyTarget } from './house/convoy-attack.ts';
import { maxRounds } from './house/rounds.ts';
import { aae } from './index.ts';
import { battleOutcomes, describeForce, unitsLost, type BattleSpec } from './odds-calculator.ts';
import type { AaeState } from './state.ts';
import { areaName, enemyUnitsAt, hostileSea, isLand } from './world.ts';

export interface Battle { state: AaeState; area: string; kind: BattleKind }

/** The battle an action leads to, on the state where it is about to be fought; null when it leads to none. */
export function battleOf(s: AaeState, seat: Seat, a: Action): Battle | null {
  if (a.type === 'battle') {
    const b = s.battles.find((x) => x.area === a.area);
    return b && b.kind !== 'raid' && b.kind !== 'convoy' ? { state: s, area: b.area, kind: b.kind } : null;
  }
  if (a.type !== 'move' || s.phase !== 'combat-move' || typeof a.to !== 'string' || a.mission) return null;
  const to = a.to;
  const kind: BattleKind = isLand(to) ? 'land' : 'sea';
  if (kind === 'land' ? enemyUnitsAt(s, to, s.power).length === 0 : !hostileSea(s, to, s.power) || convoyTarget(s, to, s.power)) return null;
  let after: AaeState;
  try {
    after = applyAction(aae, s, seat, a).state;
  } catch {
    return null;
  }
  return { state: after, area: to, kind };
}

/** The battle as its frame will start it (house rules: the defender names every anti-tank gun it may). */
function frameOf(b: Battle): BattleFrame {
  const f: BattleFrame = { proc: 'battle', area: b.area, kind: b.kind, round: 1, step: 'start' };
  if (b.kind === 'land') f.bombard = bombardingShips(b.state, b.area);
  if (b.kind === 'land' && b.state.opts.house['anti-tank']) f.at = designateAt(b.state, f, Number.MAX_SAFE_INTEGER);
  return f;
}

/** The forces of a battle about to be fought (bombarding ships with the attacker in a land battle). */
export function battleForces(b: Battle): { attacker: Combatant[]; defender: Combatant[] } {
  const { attC, defC } = forces(b.state, frameOf(b));
  return { attacker: attC, defender: defC };
}

/** The chance that the submarine search (one d10, 6 or more with its modifier) misses (house rules l.76). */
export function searchMisses(s: AaeState, area: string): number {
  const finds = Math.min(10, Math.max(0, 5 + searchModifier(s, { area })));
  return 1 - finds / 10;
}

/** The battle's table, with what the battle is (an amphibious assault...). */
const battleTable = (b: Battle) => tableOf(b.state, frameOf(b));

/** The battle as the calculator takes it: forces, table, round limit, the submarine search, the order of losses. */
export function battleSpec(b: Battle, order?: { attacker?: readonly string[]; defender?: readonly string[] }): BattleSpec {
  const { attacker, defender } = battleForces(b);
  const table = battleTable(b);
  const limit = b.kind === 'land' ? maxRounds(b.state, b.area) : 0;
  return {
    kind: b.kind, table, attacker, defender,
    ...(table.house?.naval ? { undetected: searchMisses(b.state, b.area) } : {}),
    ...(limit ? { maxRounds: limit } : {}),
    order: { attacker: order?.attacker as UnitType[] | undefined, defender: order?.defender as UnitType[] | undefined },
  };
}

/** One way a battle ends, as the odds report it: units lost by each side, who won, what is left. */
export function battleResult(kind: BattleKind, attBefore: Combatant[], attAfter: Combatant[], defBefore: Combatant[], defAfter: Combatant[]): CombatResult {
  const attFighting = attAfter.filter(takesPartInBattle);
  const defFighting = defAfter.filter(takesPartInBattle);
  const winner = attFighting.length === 0 ? 'defender' : defFighting.length === 0 ? 'attacker' : null;
  const detail: CombatResult['detail'] = { attackerLeft: describeForce(attAfter), defenderLeft: describeForce(defAfter.filter(takesPartInBattle)) };
  if (kind === 'land') detail.taken = winner === 'attacker' && attFighting.some((c) => c.type !== 'fighter' && c.type !== 'bomber');
  return { attackerLosses: unitsLost(attBefore, attAfter), defenderLosses: unitsLost(defBefore.filter(takesPartInBattle), defFighting), winner, detail };
}

/** From this many dice a roll is not branched over every ordered tuple of faces (7d10 is already 10 million). */
export const COUNTED_DICE = 8;

/**
 * The hit value of a battle group's roll ("Germany (attacker), 8 dice at 1 (air)"): the battle counts its dice at or
 * under it (AAE Conduct Combat). Null for any other roll, and for a group whose high hits are target hits (house
 * rules l.28: which faces hit matters there).
 */
export function groupHitValue(roll: DiceRequest): number | null {
  const m = /, (\d+) dice? at (\d+)(?: \([a-z-]+\))?$/.exec(roll.purpose);
  return m && Number(m[1]) === roll.count ? Number(m[2]) : null;
}

export const aaeOdds: OddsAdapter<AaeState> = {
  ruleset: 'aae',
  isCombat: (s, seat, a) => battleOf(s, seat, a) !== null,
  calculate(s, seat, a, opts) {
    const b = battleOf(s, seat, a);
    if (!b) throw new Error(`odds: ${JSON.stringify(a)} leads to no battle`);
    const spec = battleSpec(b, opts.casualtyOrder);
    const { attacker, defender } = spec;
    const outcomes = battleOutcomes(spec);
    return {
      outcomes: outcomes.map((o) => ({ p: o.p, result: battleResult(b.kind, attacker, o.attacker, defender, o.defender) })),
      stats: { leaves: outcomes.length },
    };
  },
  // The generic enumeration (small battles; the calculator's check): the battle frame has ended.
  combatOver: (_before, s) => !s.stack.some((f) => f.proc === 'battle'),
  summarize(before, after, seat, notes) {
    const b = battleOf(before, seat, { type: 'battle', area: String(notes.battle ?? '') });
    if (!b) throw new Error('odds: the enumerated action fought no battle');
    const { attacker, defender } = battleForces(b);
    const attAfter = attackerUnits(after, b.area, b.kind).map((u) => combatant(u));
    const defAfter = defenderUnits(after, b.area, b.kind).map((u) => combatant(u));
    return battleResult(b.kind, attacker, attAfter, defender, defAfter);
  },
  notes: (events) => {
    const e = events.find((x) => x.data && typeof x.data === 'object' && !Array.isArray(x.data) && 'battle' in x.data);
    return e ? { battle: (e.data as { battle: string }).battle } : null;
  },
  defaultChoice(_s, p: Prompt) {
    if (p.kind === 'allocate-loss') return { type: 'casualty', key: 'default' };
    if (p.kind === 'retreat') return { type: 'press-on' };
    if (p.rule.includes('Submerging')) return p.choices.find((c) => c.action.yes === false)?.action ?? null;
    return null;
  },
  // The generic enumeration (small battles, the calculator's check): rules here read each die but never their order.
  // Up to 7 dice every ordered tuple; from 8, a group's count of hits (binomial), else its faces in any order.
  perFace: (roll) => (roll.count < COUNTED_DICE ? true : 'any-order'),
  successes: (roll) => (roll.count < COUNTED_DICE ? null : groupHitValue(roll)),
  describe(s, seat, a) {
    const b = battleOf(s, seat, a);
    if (!b) return '';
    const { attacker, defender } = battleForces(b);
    return `${areaName(b.area)}: ${describeForce(attacker)} against ${describeForce(defender)} (each side loses its cheapest units first; the attacker fights to the end)`;
  },
};
