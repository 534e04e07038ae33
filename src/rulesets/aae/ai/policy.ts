// The A&A Europe AI's standing rules: one decision at a time, worked out from the position (no memory between
// decisions, so a plan followed across a phase is the same plan recomputed). Attacks are chosen by exact odds;
// moves, placements and purchases by the pressure on each territory (assess.ts).
import { allChoices, type Action, type Choice, type Prompt } from '../../../engine/index.ts';
import { battleForces } from '../odds.ts';
import { combatant, isAir, type Combatant } from '../combat-rules.ts';
import type { Power, UnitType } from '../data/index.ts';
import { d10Value, unitCost } from '../house/values.ts';
import { fortPlaces } from '../house/new-units.ts';
import { aae } from '../index.ts';
import { MoveEnv, moveOptions, type MoveOption } from '../movement.ts';
import { stackKey } from '../move-phase.ts';
import type { AaeState, Side, Unit } from '../state.ts';
import { BOARD, capitalOf, controller, enemies, enemyLand, hasMark, hostileSea, isLand, neighbours, playingSide, sideOf, unitData } from '../world.ts';
import { battleOdds, defendersOf, importance, need, pressure, punch, type Pressure } from './assess.ts';
import { withinRange } from '../../../board/index.ts';
import { convoyEscort, convoyTarget } from '../house/convoy-attack.ts';

/** Chance to clear a territory the AI wants before it commits no more units to it. */
export const ATTACK_ODDS = 0.8;
/** Below this the attacker retreats when it can. */
export const PRESS_ON_ODDS = 0.35;

type Top = { proc: string; [k: string]: unknown };
const topOf = (s: AaeState): Top => s.stack[s.stack.length - 1] as Top;

/** The AI's decision for this prompt (always one of its legal choices). */
export function decide(s: AaeState, prompt: Prompt): Action {
  const all = allChoices(aae, s, prompt);
  const pick = (f: (c: Choice) => boolean) => all.find(f)?.action;
  const first = all[0]!.action;
  const top = topOf(s);
  switch (top.proc) {
    case 'purchase': return purchase(s, top, all) ?? first;
    case 'bid-place': case 'reservists': case 'commonwealth': return bestPlace(s, all) ?? first;
    case 'move': return (top.mode === 'combat' ? combatMove(s, all) : noncombatMove(s, all)) ?? pick((c) => c.action.type === 'end-phase') ?? first;
    case 'mobilize': return bestPlace(s, all.filter((c) => c.action.type === 'place')) ?? first;
    case 'battle': {
      if (prompt.kind === 'allocate-loss') return pick((c) => c.action.key === 'default') ?? first;
      if (prompt.rule.includes('Submerging')) return pick((c) => c.action.yes === false) ?? first;
      if (prompt.kind === 'retreat' && all.some((c) => c.action.type === 'press-on')) return pressOn(s, top, all);
      if (all.some((c) => c.action.type === 'stand')) return defenderRound(s, top, all);
      if (all.some((c) => c.action.type === 'pursue')) return pursue(s, top, all);
      return first;
    }
    case 'raid': {
      if (prompt.kind === 'allocate-loss') return pick((c) => c.action.key === 'default') ?? first;
      const escorts = s.units.filter((u) => u.at === top.area && u.mission === 'escort').length;
      const fighters = all.length - 1;
      return pick((c) => c.action.count === (fighters >= escorts ? fighters : 0)) ?? first;
    }
    case 'middle-east': return [...all].sort((a, b) => s.ipcs[b.action.power as Power] - s.ipcs[a.action.power as Power])[0]!.action;
    case 'lend-lease': return first;
    // House rules l.99-103: without an escort option A (more damage), else B (the escort first).
    case 'convoy-attack': return pick((c) => c.action.option === (convoyEscort(s, top.area as string).length ? 'B' : 'A')) ?? first;
    case 'second-attack': return secondAttack(s, all) ?? pick((c) => c.action.type === 'no-second-attack') ?? first;
    default: return first;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Purchase: a mix per power, spent in full.

const MIX: Record<Power, Partial<Record<UnitType, number>>> = {
  germany: { infantry: 0.45, armour: 0.35, artillery: 0.15, fighter: 0.05 },
  ussr: { infantry: 0.6, armour: 0.25, artillery: 0.15 },
  uk: { fighter: 0.45, bomber: 0.35, infantry: 0.2 },
  usa: { bomber: 0.5, fighter: 0.5 },
  minor: { infantry: 0.7, artillery: 0.3 },
  vichy: {},
};

/** A type's figures per IPC, in the attack and in defence (d10 values under hr-d10; a fort's against an assault, l.14). */
export function valuePerIpc(s: AaeState, p: Power, t: UnitType): { attack: number; defense: number } {
  const d = unitData(t);
  const v = (side: 'attack' | 'defense') => (s.opts.house.d10 ? d10Value({ type: t, power: p }, side) : d[side]) * (d.hits ?? 1);
  const cost = unitCost(s, t, p);
  return { attack: v('attack') / cost, defense: v('defense') / cost };
}

/**
 * Every type on sale is weighed by its value: one of the same domain outside the mix stands in for the mix's pick
 * when it is worth at least as much per IPC in the pick's role (defence when pressed, else attack and defence alike),
 * once a turn. A coastal fort stands in only where a coastal territory it could go to is under threat.
 */
function valueStandIn(s: AaeState, p: Power, pick: UnitType, all: Choice[], bought: UnitType[], pr: Pressure, pressed: boolean): Action | null {
  const role = (t: UnitType) => { const v = valuePerIpc(s, p, t); return pressed || t === 'fort' ? v.defense : (v.attack + v.defense) / 2; };
  const base = role(pick);
  const forts = fortPlaces(s, p, {}).filter((id) => need(pr, id, s) > 0).length;
  let best: { t: UnitType; v: number } | null = null;
  for (const c of all) {
    const t = c.action.unit as UnitType | undefined;
    if (c.action.type !== 'buy' || !t || t === pick || MIX[p][t] !== undefined || bought.includes(t)) continue;
    if (unitData(t).domain !== unitData(pick).domain || (t === 'fort' && forts === 0)) continue;
    const v = role(t);
    if (v >= base && (!best || v > best.v)) best = { t, v };
  }
  return all.find((c) => c.action.type === 'buy' && c.action.unit === (best?.t ?? pick))?.action ?? null;
}

function purchase(s: AaeState, top: Top, all: Choice[]): Action | null {
  const p = top.power as Power;
  const bid = top.bid !== undefined;
  const bought: UnitType[] = bid ? (top.bought as UnitType[] | undefined) ?? [] : s.pending[p];
  const money = bid ? (top.bid as number) : s.ipcs[p];
  const buy = (t: UnitType) => all.find((c) => c.action.type === 'buy' && c.action.unit === t)?.action ?? null;
  if (bid) return buy('infantry') ?? all.find((c) => c.action.type === 'done')!.action;
  // Under heavy pressure at home, infantry first.
  const pr = pressure(s, playingSide(p));
  const homeNeed = need(pr, capitalOf(p), s);
  const mix = homeNeed > 1 ? { infantry: 0.8, armour: 0.2 } : MIX[p];
  const spent = bought.reduce((a, t) => a + unitCost(s, t, p), 0);
  let best: UnitType | null = null;
  let bestGap = -Infinity;
  for (const [t, share] of Object.entries(mix) as [UnitType, number][]) {
    if (unitCost(s, t, p) > money) continue;
    const have = bought.filter((x) => x === t).reduce((a, x) => a + unitCost(s, x, p), 0);
    const gap = share * (spent + money) - have;
    if (gap > bestGap) { bestGap = gap; best = t; }
  }
  if (best) return valueStandIn(s, p, best, all, bought, pr, homeNeed > 1);
  // Spend what is left on the cheapest unit of the mix, else stop.
  return buy('infantry') ?? all.find((c) => c.action.type === 'done')!.action;
}

// ---------------------------------------------------------------------------------------------------------------
// Placement: where the pressure is greatest.

function bestPlace(s: AaeState, all: Choice[]): Action | null {
  const places = all.filter((c) => typeof c.action.at === 'string');
  if (places.length === 0) return all.find((c) => c.action.type === 'done' || c.action.at === null)?.action ?? null;
  const pr = pressure(s, playingSide(s.power));
  const score = (id: string) => (isLand(id) ? need(pr, id, s) + frontWeight(s, id) : 0);
  return [...places].sort((a, b) => score(b.action.at as string) - score(a.action.at as string))[0]!.action;
}

/** Territories next to the enemy pull units toward them a little even when not pressed. */
function frontWeight(s: AaeState, id: string): number {
  const p = controller(s, id);
  if (!p) return 0;
  return neighbours(id).some((n) => enemyLand(s, n.id, p)) ? 0.5 : 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Combat move: keep adding to the attacks begun until they reach ATTACK_ODDS, take empty territory, begin the best new
// attack that can reach those odds, send Allied bombers on raids.

interface Reach { unit: Unit; option: MoveOption; head?: string }

function myOptions(s: AaeState): Map<string, Reach[]> {
  const env = new MoveEnv(s);
  const byTarget = new Map<string, Reach[]>();
  for (const u of s.units) {
    if (u.power !== s.power || u.done) continue;
    const head = stackHead(s, u).id;
    for (const o of moveOptions(s, u, 'combat', env)) {
      const list = byTarget.get(o.to) ?? [];
      list.push({ unit: u, option: o, head });
      byTarget.set(o.to, list);
    }
  }
  return byTarget;
}

/** A single-unit move names the first unit of its stack (the move phase's choices do). */
function stackHead(s: AaeState, u: Unit): Unit {
  const k = stackKey(u);
  return s.units.find((x) => x.power === u.power && !x.done && stackKey(x) === k) ?? u;
}

const moveAction = (r: Reach): Action => {
  const a: Action = { type: 'move', units: [r.head ?? r.unit.id], to: r.option.to };
  if (r.option.kind !== 'move') a.kind = r.option.kind;
  if (r.option.transport) a.transport = r.option.transport;
  if (r.option.mission && r.option.mission !== 'attack') a.mission = r.option.mission;
  return a;
};

/** May this unit leave where it stands? Not out of a pressed capital or factory territory it is needed in. */
function mayLeave(s: AaeState, pr: Pressure, u: Unit): boolean {
  if (!isLand(u.at) || unitData(u.type).domain === 'air') return true;
  const guard = (pr.guard.get(u.at) ?? 0) - punch(s, u, 'defense', u.at);
  const threat = pr.threat.get(u.at) ?? 0;
  const key = hasMark(u.at, 'capital') || hasMark(u.at, 'factory');
  return !key || guard >= threat;
}

function attackers(s: AaeState, area: string): Combatant[] {
  return battleForces({ state: s, area, kind: isLand(area) ? 'land' : 'sea' }).attacker;
}

/** Strongest attackers first; land units before aircraft so that a land unit is there to take the territory. */
function byStrength(s: AaeState, rs: Reach[], area: string): Reach[] {
  return [...rs].sort((a, b) => Number(isAir(a.unit.type)) - Number(isAir(b.unit.type)) || punch(s, b.unit, 'attack', area) - punch(s, a.unit, 'attack', area) || (a.unit.id < b.unit.id ? -1 : 1));
}

function combatMove(s: AaeState, all: Choice[]): Action | null {
  const p = s.power;
  const side = playingSide(p);
  const pr = pressure(s, side);
  const options = myOptions(s);
  const legal = (a: Action) => all.some((c) => JSON.stringify(c.action) === JSON.stringify(a));
  const usable = (rs: Reach[] | undefined, kind: 'move' | 'unload' | 'any' = 'any') =>
    (rs ?? []).filter((r) => (r.option.mission ?? 'attack') === 'attack' && r.option.kind !== 'board' && (kind === 'any' || r.option.kind === kind) && mayLeave(s, pr, r.unit));

  // 1. Battles begun: reinforce those short of the odds.
  const begun = [...new Set(s.units.filter((u) => u.power === p && u.mission === 'attack').map((u) => u.at))].sort();
  for (const area of begun) {
    const def = defendersOf(s, area, p);
    if (def.length === 0) continue;
    const att = attackers(s, area);
    if (battleOdds(s, area, isLand(area) ? 'land' : 'sea', att, def).pWin >= ATTACK_ODDS) continue;
    const more = byStrength(s, usable(options.get(area)), area);
    if (more.length) return moveAction(more[0]!);
  }

  // 2. Empty enemy territory worth something: the cheapest unit that may go.
  const empties = [...options.keys()].filter((id) => isLand(id) && enemyLand(s, id, p) && defendersOf(s, id, p).length === 0 && !s.units.some((u) => u.at === id && enemies(u.power, p)))
    .sort((a, b) => importance(b, s) - importance(a, s) || (a < b ? -1 : 1));
  for (const id of empties) {
    if (importance(id, s) <= 0 && !neighbours(id).length) continue;
    const land = usable(options.get(id)).filter((r) => unitData(r.unit.type).domain === 'land')
      .sort((a, b) => unitData(a.unit.type).cost - unitData(b.unit.type).cost || (a.unit.id < b.unit.id ? -1 : 1));
    if (land.length) return moveAction(land[0]!);
  }

  // 3. The best new attack that reaches the odds.
  let best: { area: string; first: Reach; score: number } | null = null;
  for (const [area, rs] of options) {
    const hostile = isLand(area) ? enemyLand(s, area, p) : hostileSea(s, area, p);
    if (!hostile || begun.includes(area)) continue;
    const def = defendersOf(s, area, p);
    if (def.length === 0) continue;
    const cands = byStrength(s, usable(rs), area);
    if (isLand(area) && !cands.some((r) => unitData(r.unit.type).domain === 'land')) continue;
    // The fewest of the strongest 14 that reach the odds: all 14 first (most targets are out of reach), then halving.
    const att = cands.slice(0, 14).map((r) => combatant(r.unit, r.option.kind === 'unload' ? { amphibious: true } : {}));
    const oddsWith = (k: number) => battleOdds(s, area, isLand(area) ? 'land' : 'sea', att.slice(0, k), def);
    let odds = oddsWith(att.length);
    if (odds.pWin < ATTACK_ODDS) continue;
    let lo = 0, hi = att.length;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      const o = oddsWith(mid);
      if (o.pWin >= ATTACK_ODDS) { hi = mid; odds = o; } else lo = mid;
    }
    const gain = (isLand(area) ? importance(area, s) : 0) + odds.defLoss - odds.attLoss;
    if (gain <= 0) continue;
    if (!best || gain > best.score) best = { area, first: cands[0]!, score: gain };
  }
  if (best) return moveAction(best.first);

  // 4. Allied bombers left over raid the enemy's industry.
  if (side === 'allies') {
    for (const [, rs] of [...options].sort(([a], [b]) => importance(b, s) - importance(a, s))) {
      const raid = rs.find((r) => r.option.mission === 'raid');
      if (raid && legal(moveAction(raid))) return moveAction(raid);
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Noncombat move: aircraft land where they are most useful; land units go where the pressure is, or toward the front.

/** Steps from every territory of `side` to the nearest one next to the enemy, over its own land. */
function frontDistance(s: AaeState, side: Side): Map<string, number> {
  const fronts: number[] = [];
  for (let n = 0; n < BOARD.nodeCount; n++) {
    const id = BOARD.id(n);
    const c = controller(s, id);
    if (isLand(id) && c && sideOf(c) === side && neighbours(id).some((x) => { const o = controller(s, x.id); return x.kind === 'land' && o !== null && sideOf(o) !== side; })) fronts.push(n);
  }
  const reach = withinRange(BOARD, fronts, 30, {
    mayCross: (_f, _t, e) => BOARD.edgeKind(e) === 'land',
    mayEnter: (n) => { const c = controller(s, BOARD.id(n)); return c !== null && sideOf(c) === side; },
  });
  const out = new Map<string, number>();
  for (let i = 0; i < reach.count; i++) out.set(BOARD.id(reach.node(i)), reach.costTo(reach.node(i)));
  return out;
}

function noncombatMove(s: AaeState, _all: Choice[]): Action | null {
  const p = s.power;
  const side = playingSide(p);
  const pr = pressure(s, side);
  const dist = frontDistance(s, side);
  const env = new MoveEnv(s);
  const place = (id: string) => need(pr, id, s) * 2 - (dist.get(id) ?? 15) + frontWeight(s, id);
  for (const u of s.units) {
    if (u.power !== p || u.done) continue;
    const d = unitData(u.type);
    if (d.domain === 'sea') {
      // German submarines go for Allied convoy centres.
      if (u.type !== 'submarine' || side !== 'axis') continue;
      const opts = moveOptions(s, u, 'noncombat', env).filter((o) => hasMark(o.to, 'convoy') && controller(s, o.to) !== null && enemies(controller(s, o.to)!, p));
      // With convoy attacks (l.99-103) one already in an Allied convoy centre stays to attack it again.
      if (opts.length && !(hasMark(u.at, 'convoy') && (controller(s, u.at) === p || convoyTarget(s, u.at, p)))) return { type: 'move', units: [stackHead(s, u).id], to: opts[0]!.to };
      continue;
    }
    const opts = moveOptions(s, u, 'noncombat', env).filter((o) => o.kind === 'move' || o.kind === 'rail');
    if (!opts.length) continue;
    if (d.domain === 'air') {
      const here = isLand(u.at) && !u.combatMoved && !u.spent ? place(u.at) + 0.5 : -Infinity;
      const best = [...opts].sort((a, b) => place(b.to) - place(a.to) || (a.to < b.to ? -1 : 1))[0]!;
      if (place(best.to) > here) return optionAction(stackHead(s, u), best);
      continue;
    }
    if (!mayLeave(s, pr, u)) continue;
    const here = place(u.at);
    const best = [...opts].sort((a, b) => place(b.to) - place(a.to) || (a.to < b.to ? -1 : 1))[0]!;
    if (place(best.to) > here + 0.25) return optionAction(stackHead(s, u), best);
  }
  return null;
}

function optionAction(u: Unit, o: MoveOption): Action {
  const a: Action = { type: 'move', units: [u.id], to: o.to };
  if (o.kind !== 'move') a.kind = o.kind;
  return a;
}

// ---------------------------------------------------------------------------------------------------------------
// In battle

function pressOn(s: AaeState, top: Top, all: Choice[]): Action {
  const area = top.area as string;
  const kind = top.kind as 'land' | 'sea';
  const f = battleForces({ state: s, area, kind });
  const odds = battleOdds(s, area, kind, f.attacker.filter((c) => !c.bombarding), f.defender);
  const press = all.find((c) => c.action.type === 'press-on')!.action;
  if (odds.pWin >= PRESS_ON_ODDS) return press;
  return all.find((c) => c.action.type === 'retreat' && c.action.to)?.action ?? press;
}

/** The attacker's chance to win the battle as it stands. */
function attackerOdds(s: AaeState, top: Top): number {
  const area = top.area as string;
  const kind = top.kind as 'land' | 'sea';
  const f = battleForces({ state: s, area, kind });
  return battleOdds(s, area, kind, f.attacker.filter((c) => !c.bombarding), f.defender).pWin;
}

/** House rules l.32-34: before round 2 the defender retreats from a lost battle, else brings in fighters, else stands. */
function defenderRound(s: AaeState, top: Top, all: Choice[]): Action {
  const stand = all.find((c) => c.action.type === 'stand')!.action;
  const retreat = all.find((c) => c.action.type === 'retreat-defender')?.action;
  if (retreat && attackerOdds(s, top) >= ATTACK_ODDS) return retreat;
  return all.find((c) => c.action.type === 'react')?.action ?? stand;
}

/** House rules l.34: pursue the retreating defenders while the battle would be worth pressing on. */
function pursue(s: AaeState, top: Top, all: Choice[]): Action {
  const yes = all.find((c) => c.action.type === 'pursue' && c.action.yes === true)?.action;
  const no = all.find((c) => c.action.type === 'pursue' && c.action.yes === false)!.action;
  return yes && attackerOdds(s, top) >= PRESS_ON_ODDS ? yes : no;
}

function secondAttack(s: AaeState, all: Choice[]): Action | null {
  for (const c of all) {
    if (c.action.type !== 'second-attack') continue;
    const to = c.action.to as string;
    const def = defendersOf(s, to, s.power);
    const att = s.units.filter((u) => c.refs?.units?.includes(u.id)).map((u) => combatant(u));
    if (def.length === 0 || battleOdds(s, to, 'land', att, def).pWin >= ATTACK_ODDS) return c.action;
  }
  return null;
}

