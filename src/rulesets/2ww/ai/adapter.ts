// AI adapter for 2WW. Evaluation from the game's objectives (2WW 13 victory powers, production cities and capitals,
// material in play, pressure of land units on enemy objectives); standing rules for the combat decisions, which use
// the exact odds; move candidates pruned by how much closer they bring a unit to an enemy objective.
import { allChoices, createRng, derived, prompts, type Action, type Choice, type Prompt, type SeatView } from '../../../engine/index.ts';
import { twoWW } from '../index.ts';
import { combatWorld } from '../combat/index.ts';
import { forcedAttackHexes } from '../combat/combat-phase.ts';
import { phantomDefence } from '../combat/land-combat.ts';
import { firstCargoOf, fleetReach, moveFactsOf } from '../movement.ts';
import { resolveLandCombat } from '../combat/resolve.ts';
import { invasionDue, untimelyInvasion } from './invasions.ts';
import { acceptable, describeEstimate, estimateAttack, nextDeclareAdd, phaseBefore, rankAttacks, worthAttacking } from './combat.ts';
import { turnLabel } from '../sequence-of-play.ts';
import { ELIMINATED, FUTURE, POOL, REMOVED, type Side, type TwoWWState } from '../state.ts';
import { countryAt, isNeutralCountry } from '../neutrals.ts';
import { supplyNets } from '../supply.ts';
import { unitProductionCost } from '../data/index.ts';
import { landZocFrom, landZocOfSide } from '../zones-of-control.ts';
import { ATLANTIC_LAND, ATLANTIC_OCEAN } from '../campaign.ts';
import { victoryPowers } from '../victory.ts';
import { nodeOf, powerOf, unitClass, unitDef, unitEntries, worldOf, type World } from '../world.ts';
import type { AiAdapter } from '../../../ai/types.ts';

const OUT = new Set([POOL, ELIMINATED, REMOVED, FUTURE]);
const other = (s: string): Side => (s === 'axis' ? 'allies' : 'axis');

interface Objective { hex: string; node: number; weight: number; capitalOf?: string; production: boolean }
interface WorldFacts { objectives: Objective[]; totalWeight: number; powers: string[]; capitals: Map<string, string[]>; ports: number[] }
const worldFactsCache = new Map<string, WorldFacts>();

/**
 * Production cities and capitals (2WW 3.4.1, 7.1: production and supply hang on them; a capital's capture conquers its
 * power, 5.3.2) and the powers counted for victory (2WW 13), once per world.
 */
function worldFacts(s: TwoWWState): WorldFacts {
  const w = worldOf(s);
  const hit = worldFactsCache.get(w.id);
  if (hit) return hit;
  const objectives: Objective[] = [];
  const capitals = new Map<string, string[]>();
  const ports: number[] = [];
  for (const h of w.hexes) {
    if (h?.port) ports.push(nodeOf(w, h.id));
    if (!h || (!h.production && !h.capitalOf)) continue;
    objectives.push({ hex: h.id, node: nodeOf(w, h.id), weight: (h.production ? 1 : 0) + (h.capitalOf ? 2 : 0), capitalOf: h.capitalOf, production: !!h.production });
    if (h.capitalOf) capitals.set(h.capitalOf, [...(capitals.get(h.capitalOf) ?? []), h.id]);
  }
  const facts = { objectives, totalWeight: objectives.reduce((a, o) => a + o.weight, 0) || 1, powers: victoryPowers(s), capitals, ports };
  worldFactsCache.set(w.id, facts);
  return facts;
}

function factor(s: TwoWWState, id: string): number {
  const u = s.units[id];
  if (!u) return 0;
  const d = unitDef(s, id);
  return (u.reduced || !d.full ? d.reduced : d.full).combat;
}

function movementOf(s: TwoWWState, id: string): number {
  const d = unitDef(s, id);
  return (s.units[id]!.reduced || !d.full ? d.reduced : d.full).movement ?? 0;
}

/** Distance from a hex to the nearest objective the enemy of `side` holds (0 when none or off the map). */
function distanceToEnemyObjective(s: TwoWWState, w: World, node: number, side: Side): number {
  if (node < 0 || !w.board.isHex(node)) return 0;
  let best = Infinity;
  for (const o of worldFacts(s).objectives) {
    if (!isTarget(s, w, side, o)) continue;
    const d = w.board.distance(node, o.node);
    if (d < best) best = d;
  }
  return best === Infinity ? 0 : best;
}

/** An objective `side` goes for: the enemy's, or for the Axis a neutral's whose invasion is due (below). */
function isTarget(s: TwoWWState, w: World, side: Side, o: Objective): boolean {
  const c = s.control[o.hex];
  if (c === side) return false;
  if (c !== undefined) return true;
  return side === 'axis' && invasionDue(s, countryAt(s, w, o.node));
}

/** A hex of a neutral country: no threat to or from it until someone invades (2WW 5.3.1). */
function neutralAt(s: TwoWWState, w: World, node: number): boolean {
  return isNeutralCountry(s, countryAt(s, w, node));
}

/**
 * Can a land unit walk from a to b in at most `max` steps when it must stop on entering `stops` (2WW 5.1.1: the
 * enemy's land ZOC)? Terrain costs are ignored; b itself may lie in the ZOC.
 */
function reaches(s: TwoWWState, w: World, a: number, b: number, max: number, stops: Set<number>, armor = false): boolean {
  return walk(w, a, max, stops, s, armor).get(b) !== undefined;
}

/**
 * Steps from a to each hex within `max`, never going on from a hex in `stops` (2WW 5.1.1) nor through a neutral
 * country (5.3.1: entering one is an invasion, not a way round a front) other than `home`, the unit's own. `armor`:
 * armor in the Armored Action phase, which pays one more to enter a ZOC hex and may go on (2WW 10.1).
 */
function walk(w: World, a: number, max: number, stops: Set<number> | null, s?: TwoWWState, armor = false, home?: string): Map<number, number> {
  const dist = new Map([[a, 0]]);
  const byCost: number[][] = [[a]];
  // Armor may also enter a ZOC hex at the usual cost and stop there, as any unit does outside Armored Action (5.1.1).
  const stopsAt = new Map<number, number>();
  for (let d = 0; d <= max; d++) {
    for (const n of byCost[d] ?? []) {
      if (dist.get(n) !== d || (n !== a && s && neutralAt(s, w, n) && (!home || countryAt(s, w, n) !== home))) continue;
      if (n !== a && stops?.has(n) && !armor) continue;
      for (const m of w.landAdj[n] ?? []) {
        const zoc = armor && stops?.has(m);
        if (zoc && d + 1 <= max && d + 1 < (stopsAt.get(m) ?? Infinity)) stopsAt.set(m, d + 1);
        const c = d + (zoc ? 2 : 1);
        if (c > max || (dist.get(m) ?? Infinity) <= c) continue;
        dist.set(m, c);
        (byCost[c] ??= []).push(m);
      }
    }
  }
  for (const [m, c] of stopsAt) if (c < (dist.get(m) ?? Infinity)) dist.set(m, c);
  return dist;
}

interface LandUnit {
  id: string; side: Side; node: number; factor: number; move: number; armor?: boolean; para?: boolean;
  /** A neutral country's army whose invasion is due (dueArmies): it walks through its own country. */
  home?: string;
}

/** Steps of an enemy land unit to a hex through `zoc` (the holder's, 2WW 5.1.1), one walk per unit, its movement deep. */
function stepsFor(s: TwoWWState, w: World, zoc: Set<number>): (l: LandUnit, holder: Side, node: number) => number {
  const walks = new Map<string, Map<number, number>>();
  return (l, _holder, node) => {
    const k = `${l.node}|${l.move}|${l.armor ? 1 : 0}|${l.home ?? ''}`;
    let m = walks.get(k);
    if (!m) walks.set(k, (m = walk(w, l.node, l.move, zoc, s, l.armor, l.home)));
    return m.get(node) ?? Infinity;
  };
}

/** 2WW 8.1.1: a paratroop airdrops up to 3 hexes, whatever the terrain, enemy units or ZOC on the way. */
const AIRDROP = 3;

/** Can an enemy paratroop drop on `node` next turn (2WW 8.1.1: not in Armored Action, so only in a player turn)? */
const dropsOn = (w: World, l: LandUnit, node: number): boolean => !!l.para && w.board.distance(l.node, node) <= AIRDROP;

/**
 * Paratroops in a force pool, at each production city of their power that their side holds in its home country:
 * the next production places them there (2WW 7.2) before that side moves and airdrops (8.1.1). No move and no ZOC:
 * they count only as airdrop threats. An eliminated paratroop counts too: it rejoins the pool at the start of that
 * production (4.2 B.1); in `bench-hard-easy-allies-5` the British beat the German paratroop next to London, left
 * London empty, and the paratroop was rebuilt at Essen and dropped into London the next turn (Britain fell).
 */
function pooledParatroops(s: TwoWWState, w: World): LandUnit[] {
  const out: LandUnit[] = [];
  const cw = combatWorld(s);
  for (const [id, u] of unitEntries(s)) {
    if ((u.where !== POOL && u.where !== ELIMINATED) || unitDef(s, id).type !== 'paratroop') continue;
    const side = cw.sideOf(s, id), power = powerOf(s, id);
    if (!side) continue;
    for (const o of worldFacts(s).objectives) {
      if (o.production && s.control[o.hex] === side && countryAt(s, w, o.node) === power) out.push({ id, side, node: o.node, factor: 0, move: 0, para: true });
    }
  }
  return out;
}

interface AirUnit { side: Side; node: number; factor: number; range: number }

/**
 * How surely the Allies take an Axis capital's garrison next turn (2WW 9.1, 5.3.2): the chance that the strongest
 * attack they can bring wins — every Allied land unit that can walk next to the capital within its movement allowance
 * (the Axis ZOC stops it on the way, 5.1.1; armor may cross it in Armored Action, 10.1; a paratroop drops within 3
 * hexes, 8.1.1), with the Allied air within range as support (9.1.2, at most the land factors) — against the garrison
 * and forts, by the Combat Chart's own arithmetic (`resolveLandCombat`, terrain ignored). The older reckoning (the
 * factors in reach against the garrison, nothing up to 1 to 1, in full from 5 to 1) called Berlin safe at 12 against
 * 10, yet such an attack wins about half the time: in bench-hard-easy-axis-3 (Autumn 1942) a Soviet tank and
 * infantry came up the empty Baltic coast, took Berlin from its two units at 12 (with air) against 10 and Germany fell.
 */
function axisCapitalRisk(s: TwoWWState, w: World, o: Objective, held: number, land: LandUnit[], air: AirUnit[],
  stepsTo: (l: LandUnit, holder: Side, node: number) => number): number {
  const strike = alliedStrikeOn(w, o.node, land, air, stepsTo);
  return strike ? attackerWins(combatWorld(s).chart, strike, held) : 0;
}

/**
 * `land` with the armies of the neutral countries whose invasion by the Axis is due (invasionDue; 2WW 5.3.1: an
 * invasion hands the country's forces to the other side, 12.4: the USSR joins the Allies): Allied units that walk
 * through their own country. The Axis capital risk counts them: in a rerun of bench-hard-easy-axis-9 (Summer 1941)
 * Berlin held one infantry while the Soviet tanks stood in the neutral USSR, out of reach by the walk (it never crosses
 * a neutral country); the Axis attack on 2505 invaded the USSR, two Soviet tanks came next to Berlin, took it and
 * Germany fell in turn 9.
 */
function withDueArmies(s: TwoWWState, w: World, land: LandUnit[]): LandUnit[] {
  const cw = combatWorld(s);
  const due: LandUnit[] = [];
  const ids = new Set<string>();
  for (const [id, u] of unitEntries(s)) {
    if (OUT.has(u.where) || u.aboard || unitClass(s, id) !== 'land' || unitDef(s, id).type === 'fort') continue;
    const node = w.board.find(u.where);
    if (node === undefined || node < 0 || !w.board.isHex(node)) continue;
    const c = countryAt(s, w, node);
    if (!c || !invasionDue(s, c) || (cw.sideOf(s, id) !== null && powerOf(s, id) !== c)) continue;
    const type = unitDef(s, id).type;
    due.push({ id, side: 'allies', node, factor: factor(s, id), move: movementOf(s, id), armor: type === 'armor', para: type === 'paratroop', home: c });
    ids.add(id);
  }
  return due.length ? [...land.filter((l) => !ids.has(l.id)), ...due] : land;
}

/** The Allied land factors that can attack `node` next turn, with their air support (axisCapitalRisk). */
function alliedStrikeOn(w: World, node: number, land: LandUnit[], air: AirUnit[], stepsTo: (l: LandUnit, holder: Side, node: number) => number): number {
  const around = w.landAdj[node] ?? [];
  let attack = 0;
  for (const l of land) {
    if (l.side !== 'allies' || !l.factor) continue;
    if (around.includes(l.node) || (l.para && w.board.distance(l.node, node) <= AIRDROP + 1) ||
      around.some((n) => w.board.distance(l.node, n) <= l.move && stepsTo(l, 'axis', n) <= l.move)) attack += l.factor;
  }
  if (!attack) return 0;
  let support = 0;
  for (const a of air) if (a.side === 'allies' && w.board.distance(a.node, node) <= a.range) support += a.factor;
  return attack + Math.min(support, attack);
}

/** Allied air units on the map, for the support they give an attack (2WW 9.1.2). */
function alliedAir(s: TwoWWState, w: World): AirUnit[] {
  const cw = combatWorld(s);
  const out: AirUnit[] = [];
  for (const [id, u] of unitEntries(s)) {
    if (OUT.has(u.where) || u.aboard || unitClass(s, id) !== 'air' || cw.sideOf(s, id) !== 'allies') continue;
    const node = w.board.find(u.where);
    if (node !== undefined && node >= 0 && w.board.isHex(node)) out.push({ side: 'allies', node, factor: factor(s, id), range: (unitDef(s, id).full ?? unitDef(s, id).reduced).range ?? 2 });
  }
  return out;
}

/** attackerWins by chart (static data), then by `a|d`. */
const winsCache = new WeakMap<object, Map<string, number>>();

/** The chance that a land attack of `a` factors beats `d` (2WW 9.1: two 2d6 fire rolls on the Land vs Land line). */
function attackerWins(chart: ReturnType<typeof combatWorld>['chart'], a: number, d: number): number {
  let byChart = winsCache.get(chart);
  if (!byChart) winsCache.set(chart, (byChart = new Map()));
  const key = `${a}|${d}`;
  const hit = byChart.get(key);
  if (hit !== undefined) return hit;
  const p2d6 = (t: number) => (6 - Math.abs(t - 7)) / 36;
  let p = 0;
  for (let ra = 2; ra <= 12; ra++) {
    for (let rd = 2; rd <= 12; rd++) {
      const out = resolveLandCombat(chart, { attackerLand: a, attackerSupport: 0, defenderLand: Math.max(1, d), defenderSupport: 0, terrainShift: 0, fort: null, attackerRoll: ra, defenderRoll: rd });
      if (out.winner === 'attacker') p += p2d6(ra) * p2d6(rd);
    }
  }
  byChart.set(key, p);
  return p;
}

/**
 * Material of the land and air units waiting in a land box (2WW 8.3.4: they leave it only aboard a surface fleet, one
 * unit a fleet): half for as many of them, strongest first, as the power has surface fleets in play, a quarter beyond.
 * In every game the hard Allies lost to easy at 2b47f12 the US had 28-45 land and air factors in the United States
 * box from turn 12 to the end and at most 3 surface fleets (none before turn 13-16): it built armor and air, whose
 * strength per point ranked first, and fleets last.
 */
function waitingMaterial(factors: number[], fleets: number): number {
  return [...factors].sort((a, b) => b - a).reduce((a, f, i) => a + (i < fleets ? f / 2 : f / 4), 0);
}

/** A land or air unit in a land box (the United States), which it leaves only aboard a surface fleet (2WW 8.3.4, 8.3.6). */
function waitsForSealift(s: TwoWWState, id: string): boolean {
  const u = s.units[id]!;
  return !u.aboard && !!worldOf(s).boxes[u.where]?.land && unitClass(s, id) !== 'fleet';
}

/** The sealift of a power (2WW 8.3.4): its side, the factors of its units waiting in a land box, its surface fleets in play. */
interface Sealift { side: Side | null; waiting: number[]; fleets: number }

/**
 * Each power's sealift, once per state: what `material` counts of the units waiting (waitingMaterial) and what
 * production weighs a surface fleet by (productionCandidates).
 */
function sealiftOf(s: TwoWWState): Map<string, Sealift> {
  return derived(s, '2ww:ai-sealift', () => {
    const cw = combatWorld(s);
    const out = new Map<string, Sealift>();
    const of = (id: string) => {
      const p = powerOf(s, id);
      let v = out.get(p);
      if (!v) out.set(p, (v = { side: cw.sideOf(s, id), waiting: [], fleets: 0 }));
      return v;
    };
    for (const [id, u] of unitEntries(s)) {
      if (OUT.has(u.where)) continue;
      if (unitDef(s, id).type === 'surface-fleet') of(id).fleets++;
      else if (waitsForSealift(s, id)) of(id).waiting.push(factor(s, id));
    }
    return out;
  });
}

interface Figures {
  material: Record<Side, number>;
  objectives: Record<Side, number>;
  /** Weight of a side's objectives that an enemy land unit could enter next turn, ungarrisoned (2WW 3.4.7). */
  threatened: Record<Side, number>;
  pressure: Record<Side, number>;
  /** Land combat factors out of supply (2WW 11.2.4: halved). */
  unsupplied: Record<Side, number>;
  /**
   * What each side could strike (2WW 9.1.1: attacks from adjacent hexes): every enemy land stack by the land factors
   * next to it against twice its own, weighted by its factors and objective.
   */
  attack: Record<Side, number>;
  /** Empty enemy objectives next to each side's land units (taken by moving in, 3.4.7). */
  take: Record<Side, number>;
  /**
   * Capitals at risk, by hex: how surely the enemy takes each next turn (1 when empty and in reach, TWO_TURNS two
   * moves away, else by how far the enemy land units in reach outnumber the garrison). A capital's fall conquers its
   * power (2WW 5.3.2), Germany's loses the game (13).
   */
  danger: Map<string, number>;
  /** Fleet factors in the Atlantic ocean box (2WW 6.2: Axis raiders there attack the convoys, Allied fleets fight them). */
  atlantic: Record<Side, number>;
  /** Production cities held and not bombed this turn (2WW 7.1, 6.1.4: a bombed city gives no point this turn). */
  production: Record<Side, number>;
  /** The Allied land factors gathered toward an Axis-held Berlin, each by `berlinPull` (2WW 13: the drive on Germany). */
  drive: number;
}

/** The weight of the objectives each side controls (what `figures` and the games' reports count). */
function objectiveWeights(s: TwoWWState): Record<Side, number> {
  const obj = { axis: 0, allies: 0 };
  for (const o of worldFacts(s).objectives) {
    const c = s.control[o.hex];
    if (c === 'axis' || c === 'allies') obj[c] += o.weight;
  }
  return obj;
}

function figures(s: TwoWWState, withSupply = true): Figures {
  const w = worldOf(s);
  const cw = combatWorld(s);
  const material = { axis: 0, allies: 0 }, pressure = { axis: 0, allies: 0 }, landCount = { axis: 0, allies: 0 };
  const unsupplied = { axis: 0, allies: 0 };
  const land: LandUnit[] = [];
  const air: AirUnit[] = [];
  const landAt = new Map<number, Record<Side, number>>();
  const atlantic = { axis: 0, allies: 0 };
  const garrison = new Set<string>();
  const forts = new Map<string, number>();
  const nets = withSupply ? supplyNets(s) : null;
  const berlin = axisBerlin(s, w);
  let drive = 0;
  for (const [id, u] of unitEntries(s)) {
    if (OUT.has(u.where)) continue;
    const side = cw.sideOf(s, id);
    if (!side) continue;
    const f = factor(s, id);
    const type = unitDef(s, id).type;
    const isLand = type === 'armor' || type === 'infantry' || type === 'artillery' || type === 'paratroop';
    if (isLand && !u.aboard && nets && !nets[side].unitInSupply(id)) {
      unsupplied[side] += f;
    }
    // Land and air units in the United States box fight nowhere until a fleet carries them over (2WW 8.3.4): counted
    // after the loop, by the sealift (`waitingMaterial`).
    if (!waitsForSealift(s, id)) material[side] += f;
    if (u.where === ATLANTIC_OCEAN && (type === 'surface-fleet' || type === 'submarine-fleet')) atlantic[side] += f;
    if (!isLand && type !== 'fort') {
      if (unitClass(s, id) === 'air' && !u.aboard) {
        const node = w.board.find(u.where);
        if (node !== undefined && node >= 0 && w.board.isHex(node)) air.push({ side, node, factor: f, range: (unitDef(s, id).full ?? unitDef(s, id).reduced).range ?? 2 });
      }
      continue;
    }
    garrison.add(`${side}|${u.where}`);
    if (type === 'fort') {
      forts.set(u.where, (forts.get(u.where) ?? 0) + f);
      continue;
    }
    const node = w.board.find(u.where);
    if (node === undefined || node < 0 || u.aboard || !w.board.isHex(node)) continue;
    land.push({ id, side, node, factor: f, move: movementOf(s, id), armor: type === 'armor', para: type === 'paratroop' });
    if (side === 'allies' && berlin >= 0) drive += f * berlinPull(w, node, berlin);
    const at = landAt.get(node) ?? { axis: 0, allies: 0 };
    at[side] += f;
    landAt.set(node, at);
    pressure[side] += distanceToEnemyObjective(s, w, node, side);
    landCount[side]++;
  }
  for (const lift of sealiftOf(s).values()) if (lift.side && lift.waiting.length) material[lift.side] += waitingMaterial(lift.waiting, lift.fleets);
  land.push(...pooledParatroops(s, w));
  const obj = objectiveWeights(s), threatened = { axis: 0, allies: 0 }, attack = { axis: 0, allies: 0 }, production = { axis: 0, allies: 0 };
  const take = { axis: 0, allies: 0 };
  const danger = new Map<string, number>();
  let strikers: LandUnit[] | undefined;
  const bombed = new Set(s.production?.bombed ?? []);
  const zoc = { axis: landZocOfSide(s, 'axis'), allies: landZocOfSide(s, 'allies') };
  // One walk per land unit, two moves deep (steps within one move are the same in it), for every objective it nears.
  const walks = new Map<string, Map<number, number>>();
  const stepsTo = (l: LandUnit, holder: Side, node: number): number => {
    const k = `${l.node}|${l.move}|${l.armor ? 1 : 0}|${holder}|${l.home ?? ''}`;
    let m = walks.get(k);
    if (!m) walks.set(k, (m = walk(w, l.node, 2 * l.move, zoc[holder], s, l.armor, l.home)));
    return m.get(node) ?? Infinity;
  };
  for (const o of worldFacts(s).objectives) {
    const c = s.control[o.hex];
    if (c !== 'axis' && c !== 'allies') continue;
    if (o.production && !bombed.has(o.hex)) production[c]++;
    if (neutralAt(s, w, o.node)) continue;
    const e = other(c);
    // An empty enemy objective next to own land units is there for the taking.
    // So is one the enemy's land units stand in, empty of own ones (an amphibious assault or an airdrop, 8.1.4, 8.1.1).
    if (!landAt.get(o.node)?.[c] && (landAt.get(o.node)?.[e] || (w.landAdj[o.node] ?? []).some((n) => landAt.get(n)?.[e]))) take[e] += 3 * o.weight;
    if (garrison.has(`${c}|${o.hex}`)) {
      if (!o.capitalOf) continue;
      if (c === 'axis') {
        const d = axisCapitalRisk(s, w, o, (landAt.get(o.node)?.axis ?? 0) + (forts.get(o.hex) ?? 0), strikers ??= withDueArmies(s, w, land), air, stepsTo);
        if (d > 0) danger.set(o.hex, d);
        continue;
      }
      // A capital's garrison too weak for the enemy land units that can come next to it next turn (2WW 9.1.1: an
      // attack from an adjacent hex; movement allowance plus one, terrain ignored): at risk as an empty one from 5
      // to 1 (the garrison must be beaten first). Its fall conquers the power (5.3.2): the victory term weighs it.
      const held = (landAt.get(o.node)?.[c] ?? 0) + (forts.get(o.hex) ?? 0);
      let near = 0;
      for (const l of land) if (l.side === e && w.board.distance(l.node, o.node) <= l.move + 1) near += l.factor;
      const d = Math.min(1, Math.max(0, near / (held + 0.5) - 1) / 4);
      if (d > 0 && o.capitalOf) danger.set(o.hex, d);
      continue;
    }
    // An enemy land unit within its movement allowance may walk in unless the holder's ZOC stops it on the way
    // (5.1.1; terrain ignored: a cautious reading), or a paratroop drop in (8.1.1). A capital's fall conquers its
    // power (5.3.2): it weighs more.
    if (land.some((l) => l.side !== c && (dropsOn(w, l, o.node) || (w.board.distance(l.node, o.node) <= l.move && stepsTo(l, c, o.node) <= l.move)))) {
      threatened[c] += o.weight + (o.capitalOf ? 8 : 0);
      if (o.capitalOf) danger.set(o.hex, 1);
    } else if (land.some((l) => l.side !== c && w.board.distance(l.node, o.node) <= 2 * l.move && stepsTo(l, c, o.node) <= 2 * l.move)) {
      // Two turns ahead: reachable in two moves through today's front counts, less (the line may still close).
      threatened[c] += TWO_TURNS * (o.weight + (o.capitalOf ? 8 : 0));
      if (o.capitalOf) danger.set(o.hex, TWO_TURNS);
    }
  }
  for (const side of ['axis', 'allies'] as const) pressure[side] = landCount[side] ? pressure[side] / landCount[side] : 0;
  // Strikes (2WW 9.1.1: attacks from adjacent hexes, better at higher odds): each land stack by how far the enemy land
  // factors next to it outnumber it (nothing at even odds, in full from 2 to 1: a strike at poor odds is not made);
  // what is at stake is its factors and three times its objective's weight.
  const objAt = new Map(worldFacts(s).objectives.map((o) => [o.node, o.weight]));
  for (const [node, at] of landAt) {
    for (const victim of ['axis', 'allies'] as const) {
      const def = at[victim];
      if (!def) continue;
      const e = other(victim);
      let adj = 0;
      for (const n of w.landAdj[node] ?? []) adj += landAt.get(n)?.[e] ?? 0;
      if (adj > def) attack[e] += (def + 3 * (objAt.get(node) ?? 0)) * Math.min(1, (adj - def) / (def + 1));
    }
  }
  return { material, objectives: obj, threatened, pressure, unsupplied, attack, take, danger, atlantic, production, drive };
}

/** Berlin's node while the Axis holds it, else -1 (2WW 5.3.2, 13: its fall conquers Germany and the Axis loses). */
function axisBerlin(s: TwoWWState, w: World): number {
  const hex = worldFacts(s).capitals.get('ge')?.[0];
  return hex !== undefined && s.control[hex] === 'axis' ? nodeOf(w, hex) : -1;
}

/** Hexes from Berlin within which an Allied land unit counts toward the drive on it, more the nearer. */
const DRIVE_RING = 12;

/**
 * How much a land unit at `node` counts toward the drive on Berlin: 1 next to it (or in it), nothing from DRIVE_RING
 * hexes on, and nothing where no land way leads to Berlin (a pull across the North Sea kept a British armor out of the
 * threatened London in position hold-london-pooled-paratroop). Every Allied win against easy at main 39be254 had
 * Germany conquered, none of the losses; in the losses the Soviet army kept 22-39 of its 45-60 land factors within 6 hexes of Berlin (the wins 45-57), and in seed 2's turns 19
 * and 20 Berlin stood empty with no Allied unit in reach: the only pull was toward the nearest objective (Helsinki,
 * Bucharest...), 0.3 a hex in the move order and almost nothing in the pressure term's mean.
 */
function berlinPull(w: World, node: number, berlin: number): number {
  if (!overLand(w, berlin).has(node)) return 0;
  return Math.max(0, 1 - (w.board.distance(node, berlin) - 1) / (DRIVE_RING - 1));
}

/** Hexes joined to `from` by land (2WW 5.1: land movement), per world: an army in Britain reaches Berlin only by sea. */
const landMasses = new WeakMap<World, Map<number, Set<number>>>();

function overLand(w: World, from: number): Set<number> {
  let byStart = landMasses.get(w);
  if (!byStart) landMasses.set(w, (byStart = new Map()));
  let seen = byStart.get(from);
  if (seen) return seen;
  seen = new Set([from]);
  const todo = [from];
  while (todo.length) {
    for (const m of w.landAdj[todo.pop()!] ?? []) {
      if (seen.has(m)) continue;
      seen.add(m);
      todo.push(m);
    }
  }
  byStart.set(from, seen);
  return seen;
}

/**
 * Victory powers the Axis holds (2WW 13), counting a power whose capitals are all held by the other side as already
 * turned (its conquest follows at the end of the turn, 5.3.2).
 */
function axisPowers(s: TwoWWState, risk?: { danger: Map<string, number>; me: Side }): { count: number; ge: boolean; huRu: number; geHeld: number } {
  const wf = worldFacts(s);
  let count = 0, ge = false, huRu = 0, geHeld = 0;
  for (const p of wf.powers) {
    let c = s.countries[p]?.controller ?? null;
    const caps = wf.capitals.get(p);
    if (caps?.length && c && caps.every((h) => s.control[h] === other(c!))) c = other(c);
    if (c !== 'axis' && c !== 'allies') continue;
    // With `risk`: a power whose capital is at risk counts as held only as surely as the capital holds (the side
    // judging moves after the enemy: its own capitals' risk in full, the enemy's a third).
    let d = 0;
    if (risk) for (const h of caps ?? []) d = Math.max(d, (s.control[h] === c ? risk.danger.get(h) ?? 0 : 0) * (c === risk.me ? 1 : 1 / 3));
    const axis = c === 'axis' ? 1 - d : d;
    if (p === 'ge') {
      ge = c === 'axis';
      geHeld = axis;
      continue;
    }
    if (c === 'axis') count++;
    if (!risk) {
      if ((p === 'hu' || p === 'ru') && c === 'axis') huRu++;
      continue;
    }
    count += axis - (c === 'axis' ? 1 : 0);
    if (p === 'hu' || p === 'ru') huRu += axis;
  }
  return { count, ge, huRu, geHeld: risk ? geHeld : ge ? 1 : 0 };
}

/**
 * The named terms for the Axis, each in [-1, 1] (negated for the Allies): victory level (2WW 13), objectives held
 * (3.4.1, 7.1) and threatened (3.4.7, 5.1.1), material and supply (11.2.4), pressure toward the enemy's objectives.
 * `me` is the side judging: the other side moves next from where plans end, so threats to `me`'s objectives count in
 * full and its own threats on the enemy's a third.
 */
function axisTerms(s: TwoWWState, me: Side = 'axis', withSupply = true): Record<string, number> {
  const f = figures(s, withSupply);
  const v = axisPowers(s, { danger: f.danger, me });
  // 2WW 13: Germany plus 2 others is a minor Axis victory, plus Hungary, Rumania and 3 others a major one; without
  // Germany the Axis loses (counted as surely as Berlin may fall next turn).
  const victory = !v.ge ? -1 : v.geHeld * Math.tanh((v.count - 2.5 + 0.5 * v.huRu) / 2) - (1 - v.geHeld);
  const tw = worldFacts(s).totalWeight;
  const matTotal = f.material.axis + f.material.allies || 1;
  const clamp = (x: number) => Math.max(-1, Math.min(1, x));
  const next = actsNext(s);
  const strikeOf = (side: Side) => f.attack[side] * (next.strike === side ? 1 : 0.5) + f.take[side] * (next.move === side ? 1 : 0.5);
  return {
    victory,
    objectives: clamp((f.objectives.axis - f.objectives.allies) / tw * 4),
    front: clamp((f.threatened.allies * (me === 'axis' ? 1 / 3 : 1) - f.threatened.axis * (me === 'axis' ? 1 : 1 / 3)) / tw * 4),
    material: (f.material.axis - f.material.allies) / matTotal,
    supply: (f.unsupplied.allies - f.unsupplied.axis) / matTotal,
    pressure: Math.tanh((f.pressure.allies - f.pressure.axis) / 6),
    // The side whose combat phase comes first strikes first (2WW 4; a movement plan ends where its own combat begins):
    // its strikes count in full, the other side's at half; empty objectives go to the side that moves first.
    attack: clamp((strikeOf('axis') - strikeOf('allies')) / matTotal * 2),
    // The convoy war (2WW 6.2): raiders in the ocean box destroy Allied production points unless met there by a
    // stronger Allied fleet, which sinks them instead.
    naval: Math.tanh(f.atlantic.axis >= f.atlantic.allies ? (f.atlantic.axis - f.atlantic.allies) / 4 : -f.atlantic.axis / 8),
    production: clamp((f.production.axis - f.production.allies) / Math.max(1, f.production.axis + f.production.allies)),
    // The drive on Berlin (2WW 13: without Germany the Axis loses): the Allied land factors gathered toward it.
    drive: -Math.tanh(f.drive / DRIVE_SCALE),
  };
}

/**
 * Who strikes and who moves first from here (2WW 4: each player turn moves, then fights; Armored Action after both
 * player turns, 10): read from the innermost phase on the procedure stack; production and strategic warfare come
 * before the Axis player turn.
 */
export function actsNext(s: TwoWWState): { strike: Side; move: Side } {
  for (let i = s.stack.length - 1; i >= 0; i--) {
    const f = s.stack[i] as unknown as { proc: string; side?: Side; step?: number };
    if (!f.side) continue;
    const x = f.side, y = other(x), step = f.step ?? 0;
    if (f.proc === 'movement-phase') return { strike: x, move: x };
    if (f.proc === 'combat-phase') return { strike: x, move: y };
    // The frames' steps count the sub-phases already begun (sequence-of-play.ts, armored-action.ts).
    if (f.proc === 'player-turn') return step <= 1 ? { strike: x, move: x } : step <= 3 ? { strike: x, move: y } : { strike: y, move: y };
    if (f.proc === 'armored-action') return step <= 0 ? { strike: x, move: x } : step <= 1 ? { strike: x, move: y } : { strike: y, move: y };
  }
  return { strike: 'axis', move: 'axis' };
}

const WEIGHTS = { victory: 0.25, objectives: 0.3, front: 0.15, material: 0.2, supply: 0.1, pressure: 0.1, attack: 0.1, naval: 0.05, production: 0.05, drive: 0.1 };
/** Allied land factors toward Berlin (`berlinPull`) at which the drive term reaches tanh(1). */
const DRIVE_SCALE = 40;

function axisScore(s: TwoWWState, me: Side = 'axis', withSupply = true): number {
  const t = axisTerms(s, me, withSupply);
  return Object.entries(t).reduce((a, [k, v]) => a + (WEIGHTS as Record<string, number>)[k]! * v, 0);
}

function top(s: TwoWWState): { proc: string; [k: string]: unknown } | undefined {
  return s.stack[s.stack.length - 1] as any;
}

interface MoveContext {
  enemies: LandUnit[];
  /** Per node, memoised: distance to the nearest enemy-held objective; an enemy land unit could walk in next turn. */
  dist: Map<number, number>;
  near: Map<number, boolean>;
  /** Own land units per hex. */
  own: Map<string, number>;
  objectives: Map<number, Objective>;
  /** The side's land ZOC (enemy land units stop on entering it, 2WW 5.1.1). */
  zoc: Set<number>;
  /**
   * Gaps in the front: empty hexes through which an enemy land unit can walk into an own ungarrisoned objective this
   * coming turn, with the weight of the objectives they open.
   */
  gaps: Map<number, number>;
  /** Enemy land stacks by node: their combat factors and the weight of the objective they hold (0: none). */
  stacks: Map<number, { strength: number; weight: number }>;
  /**
   * Own garrisoned objectives outnumbered by the enemy land units in reach (movement allowance plus one, 2WW 9.1.1):
   * by node, the weight at stake (a capital's fall conquers its power, 5.3.2) times how far the garrison is outnumbered.
   */
  weak: Map<number, number>;
  /**
   * Axis capitals garrisoned (2WW 5.3.2: a capital's fall conquers its power; Berlin's loses the game, 13): by node, the
   * garrison's factors (land units and forts), the enemy land factors in reach (movement allowance plus one, 9.1.1)
   * and the weight at stake. Empty for the Allies.
   */
  garrisons: Map<number, { held: number; near: number; stake: number }>;
  /** Combat factors of each side's fleets in the Atlantic ocean box (2WW 6.2: the convoy war). */
  atlantic: Record<Side, number>;
  /** The side's own stacks (2WW 5.2.1), counted when first asked. */
  ownStacks: () => Stacks;
  /** What an amphibious assault on a port is worth by node (`assaultValue`), counted when first asked. */
  assaults: Map<number, { defence: number; assaulting: number; weight: number } | null>;
  /** By fleet: the ports it reaches within an amphibious assault's five hexes (`assaultFrom`), counted when first asked. */
  assaultReach: Map<string, number[]>;
}

function moveContext(s: TwoWWState, side: Side): MoveContext {
  const w = worldOf(s);
  const cw = combatWorld(s);
  const enemies: LandUnit[] = [];
  const own = new Map<string, number>();
  for (const [id, u] of unitEntries(s)) {
    if (OUT.has(u.where) || u.aboard || unitClass(s, id) !== 'land') continue;
    const sd = cw.sideOf(s, id);
    if (sd === side) own.set(u.where, (own.get(u.where) ?? 0) + 1);
    else if (sd) {
      const node = w.board.find(u.where);
      if (node !== undefined && node >= 0 && w.board.isHex(node) && unitDef(s, id).type !== 'fort') enemies.push({ id, side: sd, node, factor: factor(s, id), move: movementOf(s, id), armor: unitDef(s, id).type === 'armor', para: unitDef(s, id).type === 'paratroop' });
    }
  }
  const zoc = landZocOfSide(s, side);
  const objectives = new Map(worldFacts(s).objectives.map((o) => [o.node, o]));
  const reserve = pooledParatroops(s, w).filter((l) => l.side !== side);
  const stacks = new Map<number, { strength: number; weight: number }>();
  for (const e of enemies) {
    const st = stacks.get(e.node) ?? { strength: 0, weight: objectives.get(e.node)?.weight ?? 0 };
    st.strength += e.factor;
    stacks.set(e.node, st);
  }
  // The Axis also prepares the invasions that are due (a neutral's army defends its country, 2WW 5.3.1).
  if (side === 'axis') {
    for (const [id, u] of unitEntries(s)) {
      if (OUT.has(u.where) || u.aboard || cw.sideOf(s, id) !== null || unitClass(s, id) !== 'land') continue;
      const node = w.board.find(u.where);
      if (node === undefined || node < 0 || !w.board.isHex(node) || !invasionDue(s, countryAt(s, w, node))) continue;
      const st = stacks.get(node) ?? { strength: 0, weight: objectives.get(node)?.weight ?? 0 };
      st.strength += factor(s, id);
      stacks.set(node, st);
    }
  }
  const atlantic = { axis: 0, allies: 0 };
  for (const [id, u] of unitEntries(s)) {
    if (u.where !== ATLANTIC_OCEAN || unitClass(s, id) !== 'fleet') continue;
    const sd = cw.sideOf(s, id);
    if (sd) atlantic[sd] += factor(s, id);
  }
  const weak = new Map<number, number>();
  const held = new Map<string, number>();
  for (const [id, u] of unitEntries(s)) {
    if (OUT.has(u.where) || u.aboard || cw.sideOf(s, id) !== side || (unitClass(s, id) !== 'land' && unitDef(s, id).type !== 'fort')) continue;
    held.set(u.where, (held.get(u.where) ?? 0) + factor(s, id));
  }
  const garrisons = new Map<number, { held: number; near: number; stake: number }>();
  let strikeSteps: ((l: LandUnit, holder: Side, node: number) => number) | undefined;
  let axisAir: AirUnit[] | undefined;
  let strikers: LandUnit[] | undefined;
  for (const o of worldFacts(s).objectives) {
    const g = held.get(o.hex);
    if (!g || s.control[o.hex] !== side) continue;
    let near = 0;
    for (const e of enemies) if (w.board.distance(e.node, o.node) <= e.move + 1) near += e.factor;
    const d = Math.min(1, Math.max(0, near / (g + 0.5) - 1) / 4);
    if (d > 0) weak.set(o.node, d * (o.weight + (o.capitalOf ? 8 : 0)));
    if (side === 'axis' && o.capitalOf) {
      strikeSteps ??= stepsFor(s, w, zoc);
      const strike = alliedStrikeOn(w, o.node, strikers ??= withDueArmies(s, w, enemies), axisAir ??= alliedAir(s, w), strikeSteps);
      if (strike > 0) garrisons.set(o.node, { held: g, near: strike, stake: (o.weight + 8) * (o.capitalOf === 'ge' ? 2 : 1) });
    }
  }
  // Airdrop threats only (nearness of an objective): no stack to attack, no gap to close.
  enemies.push(...reserve);
  let counted: Stacks | undefined;
  return {
    enemies, own, objectives, dist: new Map(), near: new Map(), zoc, gaps: frontGaps(s, w, side, enemies, own, zoc), stacks, atlantic, weak, garrisons,
    ownStacks: () => (counted ??= stacksOf(s, side)),
    assaults: new Map(),
    assaultReach: new Map(),
  };
}

/**
 * 2WW 5.1.1 and 3.4.7: the hexes on an enemy land unit's way into an own ungarrisoned objective (a hex n lies on a
 * way when the steps from the unit to n plus from n to the objective fit its movement allowance). Enemy armor makes
 * no gaps: it may cross a ZOC in Armored Action (10.1), so only a garrison keeps it out.
 */
function frontGaps(s: TwoWWState, w: World, side: Side, enemies: LandUnit[], own: Map<string, number>, zoc: Set<number>): Map<number, number> {
  const gaps = gapsWithin(s, w, side, enemies, own, zoc, 1);
  // Two turns ahead (the front planning): the ways an enemy unit takes in two moves, worth less.
  for (const [n, v] of gapsWithin(s, w, side, enemies, own, zoc, 2)) if (!gaps.has(n)) gaps.set(n, TWO_TURNS * v);
  return gaps;
}

/** Weight of a threat two enemy moves away against one move away. */
const TWO_TURNS = 0.4;

function gapsWithin(s: TwoWWState, w: World, side: Side, enemies: LandUnit[], own: Map<string, number>, zoc: Set<number>, turns: number): Map<number, number> {
  const gaps = new Map<number, number>();
  // Each walk once: from an enemy unit (whatever the objective), back from an objective (whatever the unit).
  const walks = new Map<string, Map<number, number>>();
  const walkOnce = (a: number, max: number, stops: Set<number> | null) => {
    const k = `${a}|${max}|${stops ? 1 : 0}`;
    let m = walks.get(k);
    if (!m) walks.set(k, (m = walk(w, a, max, stops, s)));
    return m;
  };
  for (const o of worldFacts(s).objectives) {
    if (s.control[o.hex] !== side || own.get(o.hex) || neutralAt(s, w, o.node)) continue;
    const weight = o.weight + (o.capitalOf ? 8 : 0);
    const open = new Set<number>();
    for (const e of enemies) {
      // Armor crosses a ZOC in the Armored Action phase (2WW 10.1): no gap to close, only a garrison stops it.
      const move = e.move * turns;
      if (e.armor || e.move <= 1 || w.board.distance(e.node, o.node) > move) continue;
      const from = walkOnce(e.node, move, zoc);
      if ((from.get(o.node) ?? Infinity) > move) continue;
      const to = walkOnce(o.node, move, null);
      for (const [n, d] of from) {
        if (n !== o.node && n !== e.node && !zoc.has(n) && !neutralAt(s, w, n) && d + (to.get(n) ?? Infinity) <= move) open.add(n);
      }
    }
    for (const n of open) gaps.set(n, (gaps.get(n) ?? 0) + weight);
  }
  return gaps;
}

/**
 * Quick score of a move for ordering (the search then applies the best few for real): capturing an enemy objective,
 * garrisoning an own threatened one, leaving one bare, and coming closer to the enemy's objectives.
 */
function moveScore(s: TwoWWState, side: Side, a: Action, ctx: MoveContext): number {
  const w = worldOf(s);
  const u = s.units[a.unit as string];
  if (u && a.type === 'embark') {
    if (u.where === ATLANTIC_LAND) return 3 + 0.1 * factor(s, a.unit as string);
    // A land unit in a port boards for an assault within reach (2WW 8.1.4), after the units waiting in the box.
    const v = unitClass(s, a.unit as string) === 'land' ? assaultFrom(s, side, a.fleet as string, factor(s, a.unit as string), ctx) : 0;
    return v > 0 ? Math.min(2.9, 2 + 0.3 * v + 0.05 * factor(s, a.unit as string)) : -1;
  }
  if (u && a.type === 'land') {
    const at = s.units[u.aboard ?? '']?.where;
    const n = at === undefined ? -1 : w.board.find(at);
    if (n >= 0 && s.control[at!] !== side) {
      const v = unitClass(s, a.unit as string) === 'land' ? assaultValue(s, side, n, factor(s, a.unit as string), ctx) : 0;
      return v > 0 ? 5 + v : -1;
    }
    return landingScore(s, side, a.unit as string, ctx);
  }
  if (!u || typeof a.to !== 'string') return -1;
  if (unitClass(s, a.unit as string) === 'fleet') return fleetScore(s, side, a, ctx);
  const to = w.board.find(a.to), from = w.board.find(u.where);
  if (to === undefined || from === undefined || to < 0 || from < 0 || !w.board.isHex(to) || !w.board.isHex(from)) return 0;
  const dist = (node: number) => {
    let d = ctx.dist.get(node);
    if (d === undefined) ctx.dist.set(node, (d = distanceToEnemyObjective(s, w, node, side)));
    return d;
  };
  let score = (dist(from) - dist(to)) * 0.3;
  const type = unitDef(s, a.unit as string).type;
  if (type !== 'armor' && type !== 'infantry' && type !== 'artillery' && type !== 'paratroop') {
    // Air (2WW 9.1.2): within reach of the enemy stacks next to the front, where it supports attacks.
    if (unitClass(s, a.unit as string) === 'air') {
      const range = (unitDef(s, a.unit as string).full ?? unitDef(s, a.unit as string).reduced).range ?? 2;
      const reach = (n: number) => w.board.isHex(n) && [...ctx.stacks.keys()].some((e) => w.board.distance(e, n) <= range);
      if (reach(to) && !reach(from)) score += 1;
    }
    return score;
  }
  // Ready to attack (2WW 9.1.1, attacks from adjacent hexes): next to a weak enemy stack, more for an objective.
  let prep = 0;
  for (const n of w.landAdj[to] ?? []) {
    const e = ctx.stacks.get(n);
    if (!e || (w.landAdj[from] ?? []).includes(n)) continue;
    prep = Math.max(prep, (e.weight ? 1 + e.weight : 0.5) * Math.min(2, factor(s, a.unit as string) / (e.strength + 1)));
  }
  score += prep;
  const near = (node: number) => {
    let n = ctx.near.get(node);
    if (n === undefined) {
      n = ctx.enemies.some((e) => dropsOn(w, e, node) || (w.board.distance(e.node, node) <= Math.max(1, e.move) && reaches(s, w, e.node, node, Math.max(1, e.move), ctx.zoc, e.armor)));
      ctx.near.set(node, n);
    }
    return n;
  };
  // Closing a gap (2WW 5.1.1): the unit's ZOC from its new hex stops the enemy on the way to the objective.
  if (ctx.gaps.size) {
    let closed = 0;
    for (const n of [to, ...landZocFrom(s, w, to)]) closed = Math.max(closed, ctx.gaps.get(n) ?? 0);
    score += 4 * closed;
  }
  const at = ctx.objectives.get(to);
  if (at && s.control[at.hex] !== side) score += 10 * at.weight;
  if (at && s.control[at.hex] === side && !ctx.own.get(at.hex) && !neutralAt(s, w, to) && near(to)) score += 5 * at.weight;
  // Reinforcing an outnumbered garrison (a capital most: its fall conquers the power, 2WW 5.3.2).
  // An Axis capital also by the odds of the attack on it (joiningCapital), whichever counts more: against an attack far
  // stronger than any garrison one more unit changes the odds little, yet several may hold.
  score += Math.max(at && !ctx.weak.has(from) ? ctx.weak.get(to) ?? 0 : 0, joiningCapital(s, a.unit as string, from, to, ctx));
  const left = ctx.objectives.get(from);
  if (left && ctx.own.get(left.hex) === 1 && near(from)) score -= 5 * left.weight;
  score -= leavingCapital(s, a.unit as string, from, to, ctx);
  return score;
}

/** 2WW 8.1.4.1: an amphibious assault sails at most five hexes. */
const ASSAULT_HEXES = 5;
/** An assault goes in when the land units landing have this many times the port's phantom defence (8.1.4.3). */
const ASSAULT_RATIO = 1.5;

/**
 * An invasion from the sea (2WW 8.1.4): the Western Allies' armies in Britain fought nowhere once France fell (the
 * lost games of the tenth round: 5 British armor and the US army idle in Britain for 15 turns while the Axis held
 * 11 powers). An enemy-held port with no enemy land unit in it is assaulted by the cargo of a fleet; its defence is
 * the phantom defence of 8.1.4.3 (half the enemy land units with a ZOC into it, 1 with none). Worth it when `factor`
 * (with the own land units already assaulting there) has ASSAULT_RATIO times that defence: the port's objective
 * weight, 0.5 for a port that is no objective. The Allies only: the Axis's play was measured without it.
 */
function assaultValue(s: TwoWWState, side: Side, node: number, strength: number, ctx: MoveContext): number {
  if (side !== 'allies') return 0;
  let t = ctx.assaults.get(node);
  if (t === undefined) {
    t = null;
    const w = worldOf(s), e = other(side);
    const h = w.board.isHex(node) ? w.hexes[node] : undefined;
    if (h?.port && s.control[h.id] === e && !neutralAt(s, w, node)) {
      const cw = combatWorld(s);
      let enemy = false, assaulting = 0;
      for (const [id, u] of unitEntries(s)) {
        if (u.where !== h.id || u.aboard) continue;
        const sd = cw.sideOf(s, id);
        if (sd === e && unitClass(s, id) !== 'air') enemy = true;
        if (sd === side && u.moveMode === 'assault') assaulting += factor(s, id);
      }
      if (!enemy) t = { defence: phantomDefence(s, h.id, e).strength, assaulting, weight: ctx.objectives.get(node)?.weight ?? 0 };
    }
    ctx.assaults.set(node, t);
  }
  if (!t || strength + t.assaulting < ASSAULT_RATIO * t.defence) return 0;
  return t.weight || 0.5;
}

/**
 * The best port `fleet` can sail to within an assault's five hexes (2WW 8.1.4.1; the rules' own fleet reach: Danish
 * waters and enemy fleet ZOC, 8.3.2, 5.1.2) for a land unit of `strength` (0: none). The hex distance counted ports
 * no fleet could reach: in a rerun of bench-hard-easy-allies-2 (turn 19) two Soviet infantry boarded the Baltic Fleet
 * at Riga for Copenhagen, behind the closed Danish waters, came ashore again and did so ten times, till the loop guard
 * stopped them (1,100 positions of that turn's 7,252).
 */
function assaultFrom(s: TwoWWState, side: Side, fleet: string, strength: number, ctx: MoveContext): number {
  if (side !== 'allies') return 0;
  let ports = ctx.assaultReach.get(fleet);
  if (!ports) {
    const r = fleetReach(moveFactsOf(s, side), fleet, true, { budget: ASSAULT_HEXES });
    const w = worldOf(s);
    ports = r.nodes().filter((n) => w.board.isHex(n) && !!w.hexes[n]?.port && r.costTo(n) <= ASSAULT_HEXES);
    ctx.assaultReach.set(fleet, ports);
  }
  let best = 0;
  for (const n of ports) best = Math.max(best, assaultValue(s, side, n, strength, ctx));
  return best;
}

/**
 * What a land unit's leaving weakens an Axis capital's garrison (2WW 5.3.2, 13): the stake times how much more surely
 * the strongest Allied attack in reach wins against what stays (axisCapitalRisk; until the twelfth round a quarter a
 * ratio point beyond 1 to 1, which still counts where it is more). In bench-hard-easy-axis-0 (Winter
 * 1944) both German armor left Berlin, already outnumbered on paper, its artillery lost to one Soviet tank and Germany
 * fell; those moves ranked as good ones, so the movement plan made them before it ended.
 */
function leavingCapital(s: TwoWWState, id: string, from: number, to: number, ctx: MoveContext): number {
  const g = ctx.garrisons.get(from);
  if (!g || from === to) return 0;
  const chart = combatWorld(s).chart, f = factor(s, id);
  const ratio = (held: number) => Math.max(0, g.near / (held + 0.5) - 1);
  // Twelfth round: also by the chance that the strongest Allied attack in reach wins (axisCapitalRisk), whichever
  // counts more (the ratio where the attack is far stronger, the odds where it is about even).
  const odds = attackerWins(chart, g.near, Math.max(0, g.held - f)) - attackerWins(chart, g.near, g.held);
  return g.stake * Math.max(odds, Math.min(1, (ratio(Math.max(0, g.held - f)) - ratio(g.held)) / 4));
}

/**
 * What a land unit's coming in strengthens an Axis capital's garrison (2WW 5.3.2, 13): the stake times how much less
 * surely the strongest Allied attack in reach wins (axisCapitalRisk). In bench-hard-easy-axis-3 (Autumn 1942) the
 * artillery three hexes from Berlin, whose slot there was free, stayed in Belgium; Berlin fell to 12 against 10.
 */
function joiningCapital(s: TwoWWState, id: string, from: number, to: number, ctx: MoveContext): number {
  const g = ctx.garrisons.get(to);
  if (!g || from === to) return 0;
  const chart = combatWorld(s).chart;
  return g.stake * (attackerWins(chart, g.near, g.held) - attackerWins(chart, g.near, g.held + factor(s, id)));
}

/**
 * The naval plan (2WW 6.2, 8.3): Axis fleets raid the Atlantic convoys from the ocean box while the Allied fleets
 * there are weaker; Allied fleets go there to meet them; otherwise fleets keep to friendly ports (9.3: fleets in a
 * friendly port cannot be attacked by fleets).
 */
function fleetScore(s: TwoWWState, side: Side, a: Action, ctx: MoveContext): number {
  const id = a.unit as string, to = a.to as string;
  const f = factor(s, id);
  // A fleet carrying a unit out of the United States box (2WW 8.3.4) sails to the own port nearest the enemy's
  // objectives, where the unit comes ashore (8.1.3).
  // So does a loaded fleet whose cargo cannot come ashore where it is (a full port, 5.2.1: in a lost game US armor
  // and air stayed aboard in London, whose limits were full, for the last 5 and 7 turns).
  const cargo = firstCargoOf(s).get(id);
  const w = worldOf(s);
  const ashoreAt = (hex: string) => {
    const n = w.board.find(hex);
    return n !== undefined && n >= 0 && w.board.isHex(n) && !!w.hexes[n]?.port && s.control[hex] === side && !!cargo && !overstacks(s, { type: 'land', unit: cargo, to: hex }, ctx.ownStacks());
  };
  // A loaded fleet on the map sails its land cargo to a port worth an amphibious assault (8.1.4).
  if (cargo && s.units[id]!.where !== ATLANTIC_LAND && unitClass(s, cargo) === 'land') {
    const v = assaultValue(s, side, w.board.find(to), factor(s, cargo), ctx);
    if (v > 0) return 5 + v;
  }
  if (cargo && (s.units[id]!.where === ATLANTIC_LAND || !ashoreAt(s.units[id]!.where))) {
    if (!ashoreAt(to)) return -1;
    return 4 + 0.1 * Math.max(0, 20 - distanceToEnemyObjective(s, w, w.board.find(to), side));
  }
  // An empty US fleet goes back for the units waiting there, one a fleet (the others keep their seas).
  if (to === ATLANTIC_LAND) {
    if (powerOf(s, id) !== 'us') return -1;
    const there = unitEntries(s).filter(([, u]) => u.where === ATLANTIC_LAND && !u.aboard);
    const waiting = there.filter(([c]) => unitClass(s, c) === 'land' || unitClass(s, c) === 'air').length;
    const fleets = there.filter(([c]) => unitDef(s, c).type === 'surface-fleet').length;
    return !cargo && unitDef(s, id).type === 'surface-fleet' && waiting > fleets ? 2.5 : -1;
  }
  if (to === ATLANTIC_OCEAN) {
    if (side === 'axis') return ctx.atlantic.allies < ctx.atlantic.axis + f ? 3 + (unitDef(s, id).type === 'submarine-fleet' ? 1 : 0) : -1;
    return ctx.atlantic.axis > 0 ? 3 : 0.2;
  }
  if (s.units[id]!.where === ATLANTIC_OCEAN) return side === 'axis' && ctx.atlantic.allies > ctx.atlantic.axis ? 2 : -2;
  const inPort = (hex: string) => {
    const n = w.board.find(hex);
    return n !== undefined && n >= 0 && !!w.hexes[n]?.port && s.control[hex] === side;
  };
  if (inPort(s.units[id]!.where)) return -0.5;
  const n = w.board.find(to);
  const exposed = n !== undefined && n >= 0 && w.board.isHex(n) && [...ctx.stacks.keys()].some((e) => w.board.distance(e, n) <= 2);
  return inPort(to) ? 0.5 : exposed ? -1 : 0;
}

/**
 * A unit aboard a fleet comes ashore (2WW 8.1.3) in an own port on the map: aboard it fights nowhere. Never back into
 * a box, and no amphibious assault (8.1.4) by this rule. Not where the fleet has not sailed yet while the assault it
 * boarded for is still in reach (`assaultFrom`): coming ashore there undoes the boarding (in a rerun of
 * bench-hard-easy-allies-2, turn 19, two Soviet infantry boarded the Baltic Fleet at Riga and came ashore again ten
 * times, 1,100 positions of that player turn's 7,252, till the loop guard stopped them).
 */
function landingScore(s: TwoWWState, side: Side, id: string, ctx: MoveContext): number {
  const fleet = s.units[id]!.aboard;
  const at = fleet ? s.units[fleet]?.where : undefined;
  const w = worldOf(s);
  const n = at === undefined ? undefined : w.board.find(at);
  if (n === undefined || n < 0 || !w.board.isHex(n) || s.control[at!] !== side) return -1;
  if (!(s.units[fleet!]!.mpUsed ?? 0) && unitClass(s, id) === 'land' && assaultFrom(s, side, fleet!, factor(s, id), ctx) > 0) return -1;
  return 3;
}

/**
 * Production with a purpose (2WW 7.2, 7.3): each unit's best two placements, ranked by what the side needs — land
 * units whose ZOC closes a gap in front of an own objective (5.1.1), the Atlantic convoy war for fleets (6.2: Axis
 * raiders while the Allied fleets there are weaker, Allied fleets to meet them), else strength nearest the front
 * per production point — then every upgrade and "done".
 */
function productionCandidates(s: TwoWWState, side: Side, all: Choice[]): Choice[] {
  const ctx = moveContext(s, side);
  const w = worldOf(s);
  const sealift = sealiftOf(s);
  const need = (c: Choice): number => {
    const id = c.action.unit as string, hex = c.action.hex as string;
    const type = unitDef(s, id).type;
    const f = (unitDef(s, id).full ?? unitDef(s, id).reduced).combat;
    const cost = unitProductionCost(id, 'build') ?? 3;
    const n = w.board.find(hex);
    if (type === 'surface-fleet' || type === 'submarine-fleet') {
      const raid = side === 'axis' ? ctx.atlantic.allies < ctx.atlantic.axis + f : ctx.atlantic.axis > 0;
      // The sealift (2WW 8.3.4): a surface fleet for a power whose units wait in its land box beyond its fleets.
      const mine = sealift.get(powerOf(s, id));
      const lift = type === 'surface-fleet' && w.boxes[hex]?.land && !!mine && mine.waiting.length > mine.fleets;
      return (raid ? 3 : 0) + (lift ? 4 : 0) + f / cost;
    }
    if (n === undefined || n < 0 || !w.board.isHex(n)) return f / cost;
    let d = 12;
    for (const e of ctx.enemies) d = Math.min(d, w.board.distance(e.node, n));
    let gap = 0;
    if (type !== 'air' && type !== 'strategic-air' && type !== 'naval-air') {
      for (const m of [n, ...landZocFrom(s, w, n)]) gap = Math.max(gap, ctx.gaps.get(m) ?? 0);
    }
    const o = ctx.objectives.get(n);
    return 0.5 * gap + (12 - d) * 0.2 + f / cost + (o && s.control[o.hex] === side ? 0.2 * o.weight : 0);
  };
  const byUnit = new Map<string, { c: Choice; g: number }[]>();
  const stacks = stacksOf(s, side);
  for (const c of all) {
    if (c.action.type !== 'build' || overstacks(s, { ...c.action, to: c.action.hex }, stacks)) continue;
    const list = byUnit.get(c.action.unit as string) ?? [];
    list.push({ c, g: need(c) });
    byUnit.set(c.action.unit as string, list);
  }
  const builds = [...byUnit.values()].flatMap((l) => l.sort((a, b) => b.g - a.g).slice(0, 2)).sort((a, b) => b.g - a.g)
    .slice(0, 2 * BUILD_CANDIDATES).map((x) => x.c);
  return [...builds, ...all.filter((c) => c.action.type !== 'build')];
}

/**
 * 2WW 5.2.2: the owner of an overstacked hex eliminates the excess, the unit whose loss costs least (fewest combat
 * factors); where Soviet and other Allied units share a hex (12.4.3), one of the weaker camp's.
 */
function overstackLoss(s: TwoWWState, prompt: Prompt): Action | null {
  let ids = prompt.choices.map((c) => c.action.unit as string);
  if (prompt.rule === '2WW 12.4.3') {
    const soviet = ids.filter((id) => powerOf(s, id) === 'su'), others = ids.filter((id) => powerOf(s, id) !== 'su');
    const sum = (xs: string[]) => xs.reduce((a, id) => a + factor(s, id), 0);
    ids = sum(soviet) <= sum(others) ? soviet : others;
  }
  const id = [...ids].sort((a, b) => factor(s, a) - factor(s, b) || a.localeCompare(b))[0];
  return prompt.choices.find((c) => c.action.unit === id)?.action ?? null;
}

function phaseOfPrompt(kind: string): string {
  return kind === 'assign' ? 'produce' : kind;
}

/**
 * The side's units by hex and stacking class (2WW 5.2.1), and for the Allies by camp (12.4.3), counted once per
 * position for `overstacks`.
 */
interface Stacks { allies: boolean; n: Map<string, number> }

function stacksOf(s: TwoWWState, side: Side): Stacks {
  const n = new Map<string, number>();
  const cw = combatWorld(s);
  const add = (k: string) => n.set(k, (n.get(k) ?? 0) + 1);
  for (const [id, u] of unitEntries(s)) {
    if (u.aboard || OUT.has(u.where) || cw.sideOf(s, id) !== side) continue;
    const cls = stackClass(s, id);
    if (cls) add(`${u.where}|${cls}`);
    if (side === 'allies') add(`${u.where}|${campOf(s, id)}`);
  }
  return { allies: side === 'allies', n };
}

/** 2WW 12.4.3: Soviet units never stack with the other Allied powers' units. */
const campOf = (s: TwoWWState, id: string) => (powerOf(s, id) === 'su' ? 'soviet' : 'western');

/**
 * Would the move end over the stacking limit (2WW 5.2.1: two armor/infantry/paratroop, one artillery, one air), or
 * put Soviet and other Allied units together (12.4.3)? Boxes have no limits (5.2.4).
 */
function overstacks(s: TwoWWState, a: Action, stacks: Stacks): boolean {
  if (typeof a.to !== 'string' || typeof a.unit !== 'string') return false;
  const w = worldOf(s);
  const node = w.board.find(a.to);
  if (node === undefined || node < 0 || !w.board.isHex(node)) return false;
  const u = s.units[a.unit];
  const here = !!u && u.where === a.to && !u.aboard;
  if (stacks.allies && !here && stacks.n.get(`${a.to}|${campOf(s, a.unit) === 'soviet' ? 'western' : 'soviet'}`)) return true;
  const cls = stackClass(s, a.unit);
  if (!cls) return false;
  // The unit itself does not count where it already stands.
  return (stacks.n.get(`${a.to}|${cls}`) ?? 0) - (here ? 1 : 0) >= (cls === 'line' ? 2 : 1);
}

function stackClass(s: TwoWWState, id: string): 'line' | 'artillery' | 'air' | null {
  const t = unitDef(s, id).type;
  if (t === 'armor' || t === 'infantry' || t === 'paratroop') return 'line';
  if (t === 'artillery') return 'artillery';
  if (t === 'air' || t === 'strategic-air' || t === 'naval-air') return 'air';
  return null;
}

/** Destinations kept per unit for the plans (2WW movement lists hundreds per unit). */
const PER_UNIT = 4;
/** A move is worth making from this quick score up (2 hexes closer to an objective, any attack preparation...). */
const GOOD_MOVE = 0.5;
const BUILD_CANDIDATES = 8;
/** Strike passing fleets (2WW 8.3.5.1) when the strength ratio is at least this. */
const ATTACK_RATIO = 1.5;

/**
 * 2WW 9: the best land attack by exact odds if acceptable, else end the phase; when attacks are owed (5.2.3) and none
 * is acceptable, an owed one.
 */
function combatPhaseChoice(s: TwoWWState, prompt: Prompt, side: Side): Action {
  const end = prompt.choices.find((c) => c.action.type === 'end-combat')?.action;
  const plans = rankAttacks(s, side, prompt, !end);
  const owed = forcedAttackHexes(s, side);
  // An owed attack first (5.2.3: the hex an assault or airdrop landed in; attacking elsewhere left an assaulted empty
  // port in enemy hands with the assaulting unit in it).
  const due = plans.find((p) => owed.includes(p.hex) && acceptable(p.est!));
  if (due) return { type: 'attack', mode: 'land', hex: due.hex };
  const best = plans[0];
  if (best && worthAttacking(s, side, best.hex, best.est!)) return { type: 'attack', mode: 'land', hex: best.hex };
  if (end) return end;
  const all = allChoices(twoWW, s, prompt);
  return all.find((c) => c.action.type === 'attack' && owed.includes(c.action.hex as string))?.action ??
    (best ? { type: 'attack', mode: 'land', hex: best.hex } : all[0]!.action);
}

/**
 * The combat phase's choice, on the position this declaration began in, is this very attack: a cancel would return
 * to that position (2WW 9: cancelling undoes the declaration) and the same attack would be declared again, forever.
 * The choice was made knowing its odds (an owed attack, 5.2.3, or the best of a phase that cannot end): it goes in.
 */
function chosenInPhase(s: TwoWWState, side: Side): boolean {
  const phase = phaseBefore(s), f = top(s);
  const p = phase && prompts(twoWW, phase)[0];
  if (!p || !f) return false;
  const a = combatPhaseChoice(phase, p, side);
  return a.type === 'attack' && a.mode === 'land' && a.hex === f.hex;
}

/** Why the combat phase choice: the odds of the attack taken, or of the best one declined. */
function explainCombatPhase(s: TwoWWState, side: Side, action: Action): string | null {
  const p = prompts(twoWW, s)[0];
  if (!p || p.kind !== 'attack') return null;
  const plans = rankAttacks(s, side, p, !p.choices.some((c) => c.action.type === 'end-combat'));
  const names = (ids: string[]) => ids.map((id) => combatWorld(s).facts(s, id).name).join(', ');
  if (action.type === 'attack' && action.mode === 'land') {
    const plan = plans.find((x) => x.hex === action.hex);
    if (!plan) return `attacked ${action.hex as string}: owed attack (2WW 5.2.3)`;
    return `attacked ${plan.hex}: ${describeEstimate(plan.est!)} with ${names(plan.est!.units)} (2WW 9)`;
  }
  if (action.type === 'end-combat') {
    const b = plans[0];
    return b ? `ended the combat phase: the best attack, on ${b.hex}, has ${describeEstimate(b.est!)} (2WW 9)`
      : 'ended the combat phase: no attack reaches a strength ratio of 1 to 3 (2WW 9)';
  }
  return null;
}

export const twoWWAi: AiAdapter<TwoWWState> = {
  ruleset: '2ww',
  stateFromView(view: SeatView, _seat, seed) {
    // 2WW hides nothing but the dice: the view is the state without its generator.
    const v = view.state as unknown as TwoWWState;
    return { ...structuredClone(v), rng: createRng(`ai-determinisation|${seed}`), sealed: {} };
  },
  // The movement, displacement and stacking frames count every step in `n` (kept for recorded hashes): a fleet
  // shuttling at no cost between two boxes comes back to the same position with a higher count.
  positionKey(view) {
    const stack = view.stack as { n?: number }[] | undefined;
    return Array.isArray(stack) ? { ...view, stack: stack.map((f) => ('n' in f ? { ...f, n: 0 } : f)) } : view;
  },
  levels: {
    // Turn budgets: 500-960 positions a CPU second here (eighth round), so hard's 4,000 hold a game turn under 10 s
    // (issue 23); hard's searches may spend 80 positions a decision of the default plan (2,400 never bound at 40).
    easy: { maxPositions: 60, perDecision: 1, turnPositions: 200 },
    normal: { maxPositions: 600, perDecision: 8, rolls: 0, turnPositions: 1_200 },
    // Hard counts each ordering of a decision's choices too, a position per 150 (scoring a move costs about a 150th of
    // a position): a movement phase of 5,000 moves, ordered afresh at each step of ~1,000 plans' tails, took 40-48 s
    // CPU (bench-hard-random-allies-2, turn 4) and now keeps the turn's bound. Easy and normal search too little for it.
    hard: { maxPositions: 4_000, perDecision: 80, reply: 0, rolls: 0, turnPositions: 4_000, choicesPerPosition: 150 },
  },
  // Hard Axis searches a decision up to 200 positions (within the same 4,000 a search and a turn). Measured against easy
  // (docs/ai.md, eighteenth round): the Axis won more games with 200 than with 80; the Allies won fewer (their terms
  // mislead a longer search), so they keep 80. A run of the rules inside a chance node's enumeration counts a quarter
  // of a position for the hard Axis (nineteenth round): 20,216 uncounted runs made turn 4 of v18-hard-easy-axis-2 (the
  // battles in France) take 11.5 s CPU for 3,205 positions. The hard Allies' turns stay under 10 s without it (alone), and
  // counting it for every seat cost them games against easy (13 of the first 19).
  seatLevels: { axis: { hard: { perDecision: 200, chargeEnumeration: 0.25 } } },
  // A plan covers one phase: production, movement (with its reactions), the combat phase's own standing rules...
  // and the stacking check that ends the phase (2WW 5.2.2: its losses are the plan's, judged after them).
  samePlan: (first, next) => next.kind === 'eliminate' || phaseOfPrompt(first.kind) === phaseOfPrompt(next.kind),
  terms: (s, seat) => {
    const t = axisTerms(s, seat as Side);
    if (seat === 'axis') return t;
    return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, -v]));
  },
  weights: WEIGHTS,
  terminalValue(s, seat) {
    const w = s.outcome?.winner;
    if (!w) return 0;
    // 2WW 13: a total victory is worth more than a minor one.
    const level = /total/i.test(s.outcome!.result) ? 1 : /major/i.test(s.outcome!.result) ? 0.9 : 0.8;
    return w === seat ? level : -level;
  },
  candidates(s, prompt, seat, source): Choice[] {
    const side = seat as Side;
    const all = source.all();
    // Selections are built up, never taken back: a plan that may both add and remove a unit can cycle forever.
    if (all.some((c) => c.action.type === 'remove')) {
      const kept = all.filter((c) => c.action.type !== 'remove');
      if (kept.length) return kept;
    }
    if (prompt.kind === 'move') {
      const ctx = moveContext(s, side);
      // Each unit's best few destinations (the plans' alternatives), best first.
      const byUnit = new Map<string, { c: Choice; g: number; i: number }[]>();
      const stacks = ctx.ownStacks();
      all.forEach((c, i) => {
        // Coming ashore (2WW 8.1.3) enters the fleet's hex.
        const dest = c.action.type === 'land' ? { ...c.action, to: s.units[s.units[c.action.unit as string]?.aboard ?? '']?.where } : c.action;
        if (typeof c.action.unit !== 'string' || untimelyInvasion(s, side, c.action) || overstacks(s, dest, stacks)) return;
        const list = byUnit.get(c.action.unit) ?? [];
        list.push({ c, g: moveScore(s, side, c.action, ctx), i });
        byUnit.set(c.action.unit, list);
      });
      // One way to each destination (a move and a rail to the same hex end alike).
      const distinct = (l: { c: Choice; g: number; i: number }[]) => {
        const seen = new Set<string>();
        return l.filter((x) => !seen.has(x.c.action.to as string) && seen.add(x.c.action.to as string));
      };
      const scored = [...byUnit.values()].flatMap((l) => distinct(l.sort((a, b) => b.g - a.g || a.i - b.i)).slice(0, PER_UNIT))
        .sort((a, b) => b.g - a.g || a.i - b.i);
      // The phase ends once no move is worth making (coming 2 hexes closer to an objective is).
      const good = scored.filter((x) => x.g >= GOOD_MOVE).map((x) => x.c), rest = scored.filter((x) => x.g < GOOD_MOVE).map((x) => x.c);
      return [...good, ...all.filter((c) => typeof c.action.unit !== 'string'), ...rest];
    }
    // A retreat or displacement into a hex it overstacks loses a unit at the phase's stacking check (2WW 5.2.2):
    // such hexes last.
    if (prompt.kind === 'retreat' || prompt.kind === 'displace') {
      const stacks = stacksOf(s, side);
      const over = (c: Choice) => overstacks(s, { ...c.action, to: c.action.to ?? c.action.hex }, stacks);
      return [...all.filter((c) => !over(c)), ...all.filter(over)];
    }
    if (prompt.kind === 'produce' && all.length > BUILD_CANDIDATES) return productionCandidates(s, side, all);
    return all;
  },
  quickChoice(s, prompt, seat, inSearch): Action | null {
    const f = top(s);
    const pick = (t: string) => prompt.choices.find((c) => c.action.type === t)?.action ?? null;
    // Below the root (a retreat searched in mid-combat...) the search evaluates the position as the combat left it:
    // no further attack is declared there, and none planned by exact odds (0.2-1 s each). Where the phase cannot end
    // (an attack owed, 5.2.3) the plan is judged at that decision: ranking the attacks by their odds in every plan's
    // leaf took 12.8 s CPU for one Soviet retreat (517 positions; bench-hard-easy-allies-9, action 738, main 511dddd).
    if (inSearch && prompt.kind === 'attack' && f?.proc === 'combat-phase') return pick('end-combat');
    if (prompt.kind === 'attack' && f?.proc === 'combat-phase') return combatPhaseChoice(s, prompt, seat as Side);
    if (prompt.kind === 'attack' && f?.proc === 'combat-declare') {
      if (f.mode !== 'land' || f.step === 'defend') return prompt.choices.find((c) => c.action.type === 'add')?.action ?? pick('confirm') ?? pick('cancel');
      // The planned group joins unit by unit (one 12.4.3 camp for the Allies); then confirm only at acceptable odds.
      const add = nextDeclareAdd(s, prompt);
      if (add) return add;
      const confirm = pick('confirm'), cancel = pick('cancel');
      if (!confirm || !cancel) return confirm ?? cancel;
      return worthAttacking(s, seat as Side, f.hex as string, estimateAttack(s, seat as Side)) || chosenInPhase(s, seat as Side) ? confirm : cancel;
    }
    if (prompt.kind === 'support') return pick('add') ?? pick('confirm');
    // 2WW 6.1.1: a raid once named goes in with every bomber that can reach the city.
    if (prompt.kind === 'bomb' && f?.proc === 'city-bombing') return pick('add') ?? pick('confirm') ?? pick('cancel');
    // 2WW 7.1.1: which major uses a captured city: keep the rules' default (choosing again would only toggle).
    if (prompt.kind === 'assign') return pick('done') ?? prompt.choices[0]!.action;
    if (prompt.kind === 'intercept' && f?.proc === 'city-bombing') {
      // 2WW 6.1.3: bombers fire at half strength; intercept with everything when the interceptors out-gun that half.
      const bombers = ((f.bombers as string[] | undefined) ?? []).reduce((a, id) => a + (s.units[id] ? factor(s, id) : 0), 0);
      const sel = (f.interceptors as string[] | undefined) ?? [];
      const adds = prompt.choices.filter((c) => c.action.type === 'add').map((c) => c.action.unit as string);
      const mine = [...sel, ...adds].reduce((a, id) => a + factor(s, id), 0);
      if (adds.length && mine >= Math.floor(bombers / 2)) return pick('add');
      return pick('confirm');
    }
    if (prompt.kind === 'transit-attack' && f?.proc === 'transit-attack') {
      // 2WW 8.3.5.1: strike the passing fleets with everything when clearly stronger, else let them pass.
      const sel = (f.attackers as string[] | undefined) ?? [];
      const adds = prompt.choices.filter((c) => c.action.type === 'add').map((c) => c.action.unit as string);
      const mine = [...sel, ...adds].reduce((a, id) => a + factor(s, id), 0);
      const theirs = ((f.fleets as string[] | undefined) ?? []).reduce((a, id) => a + (s.units[id] ? factor(s, id) : 0), 0);
      if (mine < ATTACK_RATIO * Math.max(1, theirs)) return pick('decline');
      return pick('add') ?? pick('attack') ?? pick('decline');
    }
    if (prompt.kind === 'allocate-loss') {
      const cw = combatWorld(s);
      const score = (id: string) => (!s.units[id] ? 1000 : (!s.units[id]!.reduced && cw.facts(s, id).reduced ? 0 : 100) + factor(s, id));
      return [...prompt.choices].sort((a, b) => score(a.action.unit as string) - score(b.action.unit as string))[0]?.action ?? null;
    }
    if (prompt.kind === 'eliminate') return overstackLoss(s, prompt);
    if (prompt.kind === 'advance') {
      // Take the vacated hex with one unit; the rest hold the line. Never a unit out of an Axis capital (2WW 5.3.2, 13):
      // in three of the lost hard Axis games of the eleventh round (bench-hard-easy-axis-0, -5, -6) a unit advanced out
      // of Berlin after a won combat, the one or two left were beaten next and Germany fell.
      const a = prompt.choices.find((c) => c.action.type !== 'done' && !(seat === 'axis' && inOwnCapital(s, 'axis', c.action.unit)));
      const occupied = a && Object.values(s.units).some((u) => u.where === a.action.hex && combatWorld(s).sideOf(s, a.action.unit as string) === seat);
      return a && !occupied ? a.action : pick('done');
    }
    return null;
  },
  oddsInExplain: true,
  report(s) {
    const objectives = objectiveWeights(s);
    const milestones: Record<string, boolean> = {};
    for (const [c, st] of Object.entries(s.countries)) if (st.status === 'conquered') milestones[`${c} conquered`] = true;
    return {
      turn: s.turn, turnLabel: turnLabel(s.turn),
      production: { 'axis objectives': objectives.axis, 'allied objectives': objectives.allies },
      milestones,
    };
  },
  victoryLevel: (s) => s.outcome?.result.replace(/ \(.*$/, '') ?? 'unfinished',
  // When each power fell historically (2WW's seasons: turn 1 is Autumn 1939, 4 a year), by the rules' conquest
  // (the capital taken, 5.3.2); Italy's 1943 armistice and the 1944-45 defections stand for their conquest.
  history: () => [
    { milestone: 'pl conquered', turn: 1, label: 'Poland, autumn 1939' },
    { milestone: 'dk conquered', turn: 3, label: 'Denmark, spring 1940' },
    { milestone: 'no conquered', turn: 3, label: 'Norway, spring 1940' },
    { milestone: 'nl conquered', turn: 3, label: 'Netherlands, spring 1940' },
    { milestone: 'be conquered', turn: 3, label: 'Belgium, spring 1940' },
    { milestone: 'fr conquered', turn: 4, label: 'France, summer 1940' },
    { milestone: 'yu conquered', turn: 7, label: 'Yugoslavia, spring 1941' },
    { milestone: 'gr conquered', turn: 7, label: 'Greece, spring 1941' },
    { milestone: 'it conquered', turn: 17, label: 'Italy, autumn 1943' },
    { milestone: 'ru conquered', turn: 20, label: 'Rumania, summer 1944' },
    { milestone: 'bg conquered', turn: 21, label: 'Bulgaria, autumn 1944' },
    { milestone: 'fi conquered', turn: 21, label: 'Finland, autumn 1944' },
    { milestone: 'hu conquered', turn: 22, label: 'Hungary, winter 1945' },
    { milestone: 'ge conquered', turn: 23, label: 'Germany, spring 1945' },
  ],
  headline(s, seat, action) {
    const f = top(s);
    if (f?.proc === 'combat-phase' && (action.type === 'end-combat' || (action.type === 'attack' && action.mode === 'land'))) {
      return explainCombatPhase(s, seat as Side, action);
    }
    if (f?.proc === 'combat-declare' && f.mode === 'land' && f.step !== 'defend' && (action.type === 'confirm' || action.type === 'cancel')) {
      const e = estimateAttack(s, seat as Side);
      return `${action.type === 'confirm' ? 'attacked' : 'called off the attack on'} ${f.hex as string}: ${describeEstimate(e)}` +
        (action.type === 'cancel' ? ' (2WW 9; 12.4.3 when Soviet units fight alone)' : '');
    }
    return null;
  },
};



/** A unit standing in a capital its side holds (2WW 5.3.2). */
function inOwnCapital(s: TwoWWState, side: Side, id: unknown): boolean {
  const where = typeof id === 'string' ? s.units[id]?.where : undefined;
  if (where === undefined || s.control[where] !== side) return false;
  const w = worldOf(s);
  const n = w.board.find(where);
  return n !== undefined && n >= 0 && w.board.isHex(n) && !!w.hexes[n]?.capitalOf;
}

/** Quick scores of the moves of a prompt (label: score), for tests and tuning. */
export function debugMoveScores(s: TwoWWState, side: Side, choices: Choice[]): Record<string, number> {
  const ctx = moveContext(s, side);
  return Object.fromEntries(choices.filter((c) => typeof c.action.unit === 'string').map((c) => [c.label, moveScore(s, side, c.action, ctx)]));
}

/**
 * Gaps in `side`'s front (hex id: weight of the objectives they open), for tests and tuning: `turns` 1 or 2 enemy
 * moves ahead, or 'both' as the move order weighs them (two moves ahead at TWO_TURNS).
 */
export function debugFrontGaps(s: TwoWWState, side: Side, turns: 1 | 2 | 'both' = 1): Record<string, number> {
  const w = worldOf(s);
  const ctx = moveContext(s, side);
  const gaps = turns === 'both' ? ctx.gaps : gapsWithin(s, w, side, ctx.enemies, ctx.own, ctx.zoc, turns);
  return Object.fromEntries([...gaps].map(([n, v]) => [w.board.id(n), v]));
}

/** The weighted evaluation for `side` (what the planner maximises), for tests and tuning. */
export function evaluateFor(s: TwoWWState, side: Side): number {
  return (side === 'axis' ? 1 : -1) * axisScore(s, side);
}

/** The evaluation's parts, for tests and tuning. */
export function debugFigures(s: TwoWWState): Figures & { powers: ReturnType<typeof axisPowers>; score: number } {
  return { ...figures(s), powers: axisPowers(s), score: axisScore(s) };
}

/**
 * The strongest Allied attack on the Axis capital `hex` next turn (land factors with air support) and the chance it
 * wins (axisCapitalRisk), for tests and tuning.
 */
export function debugCapitalStrike(s: TwoWWState, hex: string): { strike: number; risk: number; units: string[] } {
  const w = worldOf(s);
  const node = nodeOf(w, hex);
  const ctx = moveContext(s, 'axis');
  const land = withDueArmies(s, w, ctx.enemies);
  const steps = stepsFor(s, w, ctx.zoc);
  const strike = alliedStrikeOn(w, node, land, alliedAir(s, w), steps);
  const g = ctx.garrisons.get(node);
  const around = w.landAdj[node] ?? [];
  const units = land.filter((l) => around.includes(l.node) || around.some((n) => steps(l, 'axis', n) <= l.move)).map((l) => l.id);
  return { strike, risk: g ? attackerWins(combatWorld(s).chart, g.near, g.held) : 0, units };
}
