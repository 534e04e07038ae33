// AI adapter for ETO (docs/ai.md): the general planner plays every seat of every scenario from the named terms below.
// Each scenario supplies its terms through `scenarioTerms` (one entry per scenario id): its victory conditions, the
// places worth holding, material; land scenarios share the land terms (front, supply, pressure on objectives).
import { createRng, derivedFrom, type Action, type Choice, type Prompt, type SeatView } from '../../../engine/index.ts';
import type { AiAdapter, HistoricalMilestone } from '../../../ai/types.ts';
import { etoData } from '../data/index.ts';
import { BULGE_ID, bulgeScore } from '../bulge.ts';
import { CASE_WHITE_ID, caseWhiteResult } from '../case-white.ts';
import {
  type AirUnit, conquestHexes, controller, dist, landMap, layerHex, type LandState, type LandUnit, neighbours, placeName, suppliedHexes, theatreOf, unitStrength,
} from '../land.ts';
import { interceptionRange, navalMap, navalNeighbours } from '../map.ts';
import { BISMARCK_ID } from '../sink-the-bismarck.ts';
import { airEnvironment, airRoutes, baseSlots, flightPath, installationTarget } from '../air.ts';
import { FINEST_HOUR_ID, finestHourPoints } from '../their-finest-hour.ts';
import { navalAttrition, NORTHWARD_ID, northwardResult, norwegianCities } from '../northward-strike.ts';
import { otherSide, ratings, type EtoState, type Side } from '../state.ts';
import { aboardSpace, carriedOf, points } from '../sea-transport.ts';

/** What a scenario gives the planner: its terms for the Axis (negated for the Allies) and their weights. */
export interface ScenarioTerms {
  /** Terms for the Axis, each in [-1, 1]. */
  axisTerms(s: EtoState): Record<string, number>;
  weights: Record<string, number>;
  /** Hexes each side's land units should head for (move order); none: toward the enemy. */
  goals?(s: EtoState, side: Side): readonly string[];
  /** Air losses score (scenario 2): fighters intercept only enemy flights whose fighters they match in quality (15.0). */
  costlyAir?: boolean;
  /** The goals lie across the sea: set up in ports, embark, sail toward them (scenario 5). */
  overseas?: boolean;
  /** Words for a term's change ("takes Warsaw"). */
  describe?(name: string, before: EtoState, after: EtoState, side: Side): string | null;
}

const clamp = (x: number) => Math.max(-1, Math.min(1, x));
const isLand = (u: LandUnit) => u.kind === 'inf' || u.kind === 'armor';
const onMap = (l: LandState, side?: Side) => Object.values(l.units).filter((u) => u.where === 'map' && u.hex && isLand(u) && (!side || u.side === side));

// ---------------------------------------------------------------- land terms shared by land scenarios

/** Combat strength in play (ETO 26: attack and defence by strength), both sides. */
function landMaterial(l: LandState): number {
  let a = 0, b = 0;
  for (const u of onMap(l)) {
    if (u.side === 'axis') a += unitStrength(u) + u.steps;
    else b += unitStrength(u) + u.steps;
  }
  return a + b ? (a - b) / (a + b) : 0;
}

/** Strength out of supply (ETO 33: marked, then depleted, then eliminated), Allied minus Axis share. */
function landSupply(l: LandState): number {
  const sup = { axis: suppliedHexes(l, 'axis'), allies: suppliedHexes(l, 'allies') };
  let a = 0, b = 0, total = 0;
  for (const u of onMap(l)) {
    const f = unitStrength(u);
    total += f;
    if (sup[u.side].has(u.hex!)) continue;
    if (u.side === 'axis') a += f; else b += f;
  }
  return total ? (b - a) / total : 0;
}

/**
 * The front (ETO 26: attacks from adjacent hexes): each side's strength next to each enemy stack against the stack's
 * own, capped at 3 to 1 — what the next offensive can strike, Axis minus Allies.
 */
function landFront(l: LandState): number {
  const stacks = new Map<string, { side: Side; f: number }>();
  for (const u of onMap(l)) {
    const e = stacks.get(u.hex!) ?? { side: u.side, f: 0 };
    e.f += unitStrength(u);
    stacks.set(u.hex!, e);
  }
  const reach = { axis: 0, allies: 0 }, n = { axis: 0, allies: 0 };
  for (const [h, st] of stacks) {
    let adj = 0;
    for (const m of neighbours(l, h)) {
      const o = stacks.get(m);
      if (o && o.side !== st.side) adj += o.f;
    }
    const att = otherSide(st.side);
    n[att]++;
    reach[att] += Math.min(3, adj / Math.max(1, st.f)) / 3;
  }
  const per = (side: Side) => (n[side] ? reach[side] / n[side] : 0);
  return per('axis') - per('allies');
}

/** Mean distance of `side`'s land units to its nearest goal hex, as pressure in [-1, 1] (closer: higher). */
function pressure(l: LandState, side: Side, goals: readonly string[]): number {
  const units = onMap(l, side);
  if (!units.length || !goals.length) return 0;
  let d = 0;
  for (const u of units) d += Math.min(...goals.map((g) => dist(u.hex!, g)));
  return 1 - Math.tanh(d / units.length / 6);
}

/**
 * Sieges (ETO 26: attacks from adjacent hexes, the CRT rewards odds): for each goal hex the enemy holds, the side's
 * strength next to it that may still attack, against the strength inside, up to 4 to 1; the mean over the goals.
 */
function siege(l: LandState, side: Side, goals: readonly string[]): number {
  if (!goals.length) return 0;
  let sum = 0;
  for (const g of goals) {
    const def = onMap(l, otherSide(side)).filter((u) => u.hex === g).reduce((a, u) => a + unitStrength(u), 0);
    if (!def) { sum += controller(l, g) === side ? 1 : 0.75; continue; }
    const near = new Set(neighbours(l, g));
    const att = onMap(l, side).filter((u) => near.has(u.hex!) && !l.attackedUnits.includes(u.id)).reduce((a, u) => a + unitStrength(u), 0);
    sum += Math.min(1, att / (4 * def));
  }
  return sum / goals.length;
}

// ---------------------------------------------------------------- scenario 4: Case White

/** Scenario 4 [4.4], ETO 40.0: Poland's city-resource hexes (Warsaw, Poznan, Krakow) and its capital. */
const polishGoals = (l: LandState): readonly string[] => conquestHexes(l, 'poland');
const polishCapital = (l: LandState): string | undefined =>
  Object.entries(landMap(theatreOf(l)).hexes).find(([, x]) => x.capital && x.country === 'poland')?.[0];

const caseWhite: ScenarioTerms = {
  // Scenario 4 [4.4]: Poland conquered (its city-resource hexes) for at most 1 (major) or 3 (minor) German step losses.
  axisTerms(s) {
    const l = s.land!;
    const goals = polishGoals(l);
    const held = goals.filter((h) => controller(l, h) === 'axis').length;
    const r = caseWhiteResult(l);
    const conquered = r.winner === 'axis' || /conquered,/.test(r.result);
    const progress = conquered ? 1 : held / goals.length * 0.8 + (controller(l, polishCapital(l) ?? '') === 'axis' ? 0.1 : 0);
    // Four German step losses hand the Poles the game whatever is conquered; each loss past one lowers the victory.
    const victory = l.losses.axis >= 4 ? -1 + 0.3 * progress : 2 * progress - 1 - 0.15 * Math.max(0, l.losses.axis - 1);
    return {
      victory: clamp(victory),
      objectives: clamp(2 * siege(l, 'axis', polishGoals(l).filter((h) => controller(l, h) !== 'axis')) - 1 + 0.3 * pressure(l, 'axis', polishGoals(l).filter((h) => controller(l, h) !== 'axis'))),
      material: landMaterial(l),
      front: landFront(l),
      supply: 0, // one offensive: supply (ETO 33) is checked after the game ends
    };
  },
  weights: { victory: 0.45, objectives: 0.25, material: 0.15, front: 0.15, supply: 0 },
  goals: (s, side) => (side === 'axis' ? polishGoals(s.land!).filter((h) => controller(s.land!, h) !== 'axis') : polishGoals(s.land!)),
  describe(name, before, after) {
    if (name !== 'victory') return null;
    const taken = polishGoals(before.land!).filter((h) => controller(before.land!, h) !== 'axis' && controller(after.land!, h) === 'axis');
    return taken.length ? `takes ${taken.join(', ')}` : null;
  },
};

// ---------------------------------------------------------------- scenario 3: the Bulge

const bulgeCities = (): string[] => {
  const c = etoData().bulgeLayer.cities;
  return [c.brussels, c.antwerp];
};

/** Hexes of value on the Bulge map ([3.3]: captured features score) that `side` does not hold. */
function bulgeTargets(l: LandState, side: Side): string[] {
  const m = landMap(theatreOf(l));
  return Object.entries(m.hexes).filter(([h, x]) => x.feature && x.owner !== side && controller(l, h) !== side).map(([h]) => h);
}

const bulge: ScenarioTerms = {
  // Scenario 3 [3.3]: Brussels and Antwerp occupied and supplied (German automatic win), else victory points; three
  // German armor eliminated is an Allied major victory.
  axisTerms(s) {
    const l = s.land!;
    const sc = bulgeScore(s);
    const cities = bulgeCities().filter((h) => onMap(l, 'axis').some((u) => u.hex === h)).length;
    return {
      victory: clamp(Math.tanh((sc.axis - sc.allies) / 8) * 0.8 + cities * 0.1 - (sc.germanArmorEliminated >= 3 ? 0.5 : sc.germanArmorEliminated * 0.1)),
      objectives: clamp(pressure(l, 'axis', bulgeCities()) - pressure(l, 'allies', bulgeTargets(l, 'allies'))),
      material: landMaterial(l),
      front: landFront(l),
      supply: landSupply(l),
    };
  },
  weights: { victory: 0.45, objectives: 0.12, material: 0.23, front: 0.12, supply: 0.08 },
  goals: (s, side) => (side === 'axis' ? [...bulgeCities(), ...bulgeTargets(s.land!, 'axis')] : bulgeTargets(s.land!, 'allies')),
};

// ---------------------------------------------------------------- scenario 1: Sink the Bismarck!

/** Naval MP from each space to the scenario's victory area (ETO 7.3, 7.4): the naval map never changes, so once a game. */
function mpToArea(s: EtoState, space: string): number {
  const toArea = derivedFrom<Map<string, number>>(s, 'eto-ai:mp-to-area', (prev) => prev ?? mpTo(BISMARCK_ID, [etoData().bismarck.victory.area]));
  return toArea.get(space) ?? 30;
}

/** Naval MP from each space of the scenario's naval map to the nearest of `goals` (7.2-7.4). */
function mpTo(map: EtoState | string, goals: readonly string[]): Map<string, number> {
  const mp = new Map(goals.map((g) => [g, 0]));
  // Dijkstra on the naval spaces (costs 1-5), walking the links backwards.
  const open = [...goals];
  while (open.length) {
    open.sort((a, b) => mp.get(a)! - mp.get(b)!);
    const x = open.shift()!;
    for (const n of navalNeighbours(map, x)) {
      const back = navalNeighbours(map, n.space).find((m) => m.space === x)?.cost;
      if (back === undefined || !Number.isFinite(back)) continue;
      const d = mp.get(x)! + back;
      if (d < (mp.get(n.space) ?? Infinity)) { mp.set(n.space, d); open.push(n.space); }
    }
  }
  return mp;
}

/** A ship's worth: gunnery, armor and naval air (ETO 9), damaged ratings once damaged; `full`: as new. */
function shipValue(s: EtoState, id: string, full = false): number {
  const sh = s.ships[id]!;
  if (sh.sunk && !full) return 0;
  const r = ratings(full ? { ...sh, damaged: false } : sh);
  return (r.gunnery ?? 0) + r.armor + sh.air;
}

/** Share of each side's fleet still afloat (by worth), Axis minus Allies. */
function navalMaterial(s: EtoState): number {
  const now = { axis: 0, allies: 0 }, full = { axis: 0, allies: 0 };
  for (const id of Object.keys(s.ships)) {
    const side = s.ships[id]!.side;
    now[side] += shipValue(s, id);
    full[side] += shipValue(s, id, true);
  }
  return (full.axis ? now.axis / full.axis : 0) - (full.allies ? now.allies / full.allies : 0);
}

/**
 * MP a German ship may still spend this game (ETO 7.2; scenario 1 has one Naval and Air phase per side): its speed
 * before the German phase, what its stack has left while it moves, none once it has moved or the phase is over.
 */
function germanMpLeft(s: EtoState, id: string): number {
  const scen = s.stack.find((f) => f.proc === 'bismarck') as { stage?: string; phase?: number } | undefined;
  const speed = ratings(s.ships[id]!).speed;
  if (!scen || scen.stage !== 'phases') return speed;
  const mine = s.order.indexOf('axis') + 1;
  if ((scen.phase ?? 0) < mine) return speed;
  if ((scen.phase ?? 0) > mine || !s.stack.some((f) => f.proc === 'naval-movement')) return 0;
  const move = s.stack.find((f) => f.proc === 'stack-move' && (f.ships as string[]).includes(id)) as { used: number; entered: number } | undefined;
  if (move) return Math.max(move.entered === 0 ? 5 : 0, speed - move.used);
  return s.step.moved.includes(id) ? 0 : speed;
}

const bismarck: ScenarioTerms = {
  // Scenario 1 [1.3]: Bismarck in the North Atlantic wins; no German warship there is a British win (else a draw).
  axisTerms(s) {
    const area = etoData().bismarck.victory.area;
    const b = s.ships.bismarck!;
    // How far each German ship still is from the North Atlantic with the MP it has left this game.
    const near = (id: string) => {
      const sh = s.ships[id]!;
      if (sh.sunk) return -1;
      if (sh.space === area) return 1;
      const left = germanMpLeft(s, id), d = mpToArea(s, sh.space);
      if (d > left) return -0.9;
      return 0.2 + 0.5 * (1 - d / Math.max(1, left));
    };
    // Danger: British gunnery able to intercept where Bismarck stands (ETO 8.1 interception ranges).
    let danger = 0;
    if (!b.sunk) {
      for (const sh of Object.values(s.ships)) {
        if (sh.side !== 'allies' || sh.sunk || !sh.space) continue;
        if (interceptionRange(s, sh.space).has(b.space)) danger += ratings(sh).gunnery ?? 0;
      }
    }
    return {
      victory: clamp(0.75 * near('bismarck') + 0.25 * near('prinz-eugen')),
      material: navalMaterial(s),
      front: -Math.tanh(danger / 12),
    };
  },
  weights: { victory: 0.6, material: 0.25, front: 0.15 },
};

// ---------------------------------------------------------------- scenario 2: Their Finest Hour

const airOnMap = (l: LandState, side: Side) => Object.values(l.air).filter((a) => a.side === side && a.where === 'map' && a.base);

/** Air steps in play (full 2, depleted 1; [2.3] scores both), each side's share of its own, Axis minus Allies. */
function airMaterial(l: LandState): number {
  const now = { axis: 0, allies: 0 }, full = { axis: 0, allies: 0 };
  for (const a of Object.values(l.air)) {
    if (a.kind === 'atp') continue;
    full[a.side] += 2;
    if (a.where === 'map') now[a.side] += a.depleted ? 1 : 2;
  }
  return (full.axis ? now.axis / full.axis : 0) - (full.allies ? now.allies / full.allies : 0);
}

/** Enemy airbases and ports (21.5: the installations a raid may bomb, 13.2: where air units base). */
function enemyInstallations(s: EtoState, side: Side): string[] {
  // Reused from the state before while control, destroyed installations and airfields are unchanged.
  const env = airEnvironment(s);
  return derivedFrom<{ env: string; hexes: string[] }>(s, `eto-ai:enemy-installations:${side}`, (prev) => {
    if (prev?.env === env) return prev;
    const l = s.land!;
    return { env, hexes: Object.keys(landMap(theatreOf(l)).hexes).filter((h) => controller(l, h) === otherSide(side) && baseSlots(l, h) > 0) };
  }).hexes;
}

/** Share of a side's air units based within range (13.1) of an enemy installation: what its missions can reach. */
function airReachShare(s: EtoState, side: Side): number {
  const l = s.land!;
  const units = airOnMap(l, side);
  if (!units.length) return 0;
  const targets = enemyInstallations(s, side);
  return units.filter((a) => targets.some((h) => dist(a.base!, h) <= a.range)).length / units.length;
}

/**
 * 21.4, 12.3: the share of `side`'s enemy fighters and fighter-bombers that can attack air units based at a hex: from
 * their base within range, or, not yet set up (2.1), from any of their side's airbases within range (built once).
 */
function airThreatOf(s: EtoState, side: Side): (h: string) => number {
  const l = s.land!;
  const enemy = Object.values(l.air).filter((a) => a.side !== side && (a.kind === 'fighter' || a.kind === 'fighter-bomber') && (a.where === 'map' || a.where === 'setup'));
  if (!enemy.length) return () => 0;
  const bases = enemy.some((a) => a.where === 'setup') ? enemyInstallations(s, side) : [];
  const reaches = (a: AirUnit, h: string) => (a.where === 'map' ? !!a.base && dist(a.base, h) <= a.range : bases.some((b) => dist(b, h) <= a.range));
  return (h) => enemy.filter((a) => reaches(a, h)).length / enemy.length;
}

/** A unit's points at risk at a base [2.3]: depletion scores 1, a depleted unit's elimination 2 more; fighters defend best (15.0). */
const atRisk = (a: AirUnit): number => (a.depleted ? 2 : 1) * (a.kind === 'fighter' ? 0.5 : 1);

/** Air units' points at risk where enemy air may attack them at their bases (21.4), per unit in play, in [0, 1]. */
function airExposure(s: EtoState, side: Side): number {
  const l = s.land!;
  const units = airOnMap(l, side).filter((a) => a.kind !== 'atp');
  if (!units.length) return 0;
  const threat = airThreatOf(s, side);
  return units.reduce((sum, a) => sum + threat(a.base!) * atRisk(a), 0) / (2 * units.length);
}

/** How good a base is for `side`'s air where air losses score: enemy installations in range (13.1), little enemy air in reach of it. */
function baseValueOf(s: EtoState, side: Side): (a: AirUnit, h: string) => number {
  const targets = enemyInstallations(s, side), threat = airThreatOf(s, side);
  return (a, h) => (targets.some((t) => dist(h, t) <= a.range) ? 1 : 0) - threat(h) * atRisk(a);
}

const finestHour: ScenarioTerms = {
  // Scenario 2 [2.3]: points for destroyed enemy installations, depleted (1) and eliminated (3) enemy air units.
  axisTerms(s) {
    const l = s.land!;
    return {
      victory: Math.tanh((finestHourPoints(l, 'axis') - finestHourPoints(l, 'allies')) / 3),
      material: airMaterial(l),
      front: airReachShare(s, 'axis') - airReachShare(s, 'allies'),
      exposure: airExposure(s, 'allies') - airExposure(s, 'axis'),
    };
  },
  weights: { victory: 0.55, material: 0.2, front: 0.1, exposure: 0.15 },
  costlyAir: true,
  goals: (s, side) => [...enemyInstallations(s, side)],
  describe(name, before, after, side) {
    if (name !== 'victory') return null;
    const gained = finestHourPoints(after.land!, side) - finestHourPoints(before.land!, side);
    return gained > 0 ? `scores ${gained} point${gained > 1 ? 's' : ''} [2.3]` : null;
  },
};

// ---------------------------------------------------------------- scenario 5: Northward Strike

/** [5.4]'s ladder as a value for the Axis: conquest 1, one city uncaptured 0.6, two 0.2, ... none German -0.6. */
const NORTHWARD_LADDER: Record<string, number> = {
  'German strategic victory': 1, 'German major victory': 0.6, 'German minor victory': 0.2,
  'Allied minor victory': -0.2, 'Allied major victory': -0.6, 'Allied strategic victory': -1,
};

/** Hexes between two naval spaces (7.1: hexes or sea areas; an area by its nearest coastal hex, one more). */
function seaDist(s: EtoState, a: string, b: string): number {
  if (/^W\d+$/.test(a)) return dist(a, b);
  let best = 30;
  for (const h of navalMap(s).coastal.values()) if (h.areas.includes(a)) best = Math.min(best, dist(h.hex, b) + 1);
  return best;
}

/** Naval MP from each space to the nearest of `goals` (7.2-7.4): one fact per set of goals, reused (the naval map never changes). */
function mpToGoals(s: EtoState, goals: readonly string[]): Map<string, number> {
  return derivedFrom<Map<string, number>>(s, `eto-ai:mp-to-goals:${goals.join(',')}`, (prev) => prev ?? mpTo(s, goals));
}

/** Where a land unit stands: its hex, or its STP's space while aboard (10.3: cargo moves with its STPs). */
const placeOf = (s: EtoState, u: LandUnit): string | null => (u.where === 'map' ? u.hex ?? null : u.where === 'aboard' ? aboardSpace(s, u) : null);

/**
 * Scenario 5's invasion (39.2, 10.6): how close the German combat units are to the Norwegian cities they do not hold
 * yet, units aboard counted at their STPs' space (an assault is made from the target hex), 1 in the hex or next to it.
 */
function invasionReach(s: EtoState): number {
  const l = s.land!;
  const goals = norwegianCities(l).filter((h) => controller(l, h) !== 'axis');
  const units = Object.values(l.units).filter((u) => u.side === 'axis' && (isLand(u) || u.kind === 'para'));
  if (!goals.length || !units.length) return goals.length ? 0 : 1;
  let sum = 0;
  for (const u of units) {
    const at = placeOf(s, u);
    if (!at) continue;
    const d = Math.min(...goals.map((g) => seaDist(s, at, g)));
    sum += d <= 1 ? 1 : 1 - Math.tanh((d - 1) / 5);
  }
  return sum / units.length;
}

/** Each side's strength still in play against its own at the start (own shares: Norway's set-up changes nothing). */
function ownShares(s: EtoState): number {
  const l = s.land!;
  const now = { axis: 0, allies: 0 }, full = { axis: 0, allies: 0 };
  for (const u of Object.values(l.units)) {
    if (!isLand(u) && u.kind !== 'para') continue;
    const f = unitStrength({ ...u, depleted: false }) + 2;
    full[u.side] += f;
    if (u.where === 'map' || u.where === 'aboard' || u.where === 'setup') now[u.side] += unitStrength(u) + u.steps;
  }
  const share = (side: Side) => (full[side] ? now[side] / full[side] : 0);
  return 0.5 * (share('axis') - share('allies')) + 0.5 * navalMaterial(s);
}

const northward: ScenarioTerms = {
  // Scenario 5 [5.4]: the ladder by Norwegian city and resource hexes the Germans hold (conquest best), one place
  // lower for German naval attrition; the invasion's progress toward the cities not yet taken.
  axisTerms(s) {
    const l = s.land!;
    const cities = norwegianCities(l);
    const held = cities.filter((h) => controller(l, h) === 'axis').length;
    const rank = NORTHWARD_LADDER[northwardResult(s).result.replace(/:.*$/, '')] ?? 0;
    const invaded = l.invaded?.includes('norway') ? 1 : 0;
    const goals = cities.filter((h) => controller(l, h) !== 'axis');
    return {
      victory: clamp(0.7 * rank + 0.3 * (held / Math.max(1, cities.length)) - (navalAttrition(s) ? 0.2 : 0)),
      // 39.2: no Norwegian hex can be taken before the invasion is declared.
      objectives: clamp(0.5 * invaded * invasionReach(s) + 0.3 * invaded * siege(l, 'axis', goals) + 0.2 * invaded - 0.2),
      material: ownShares(s),
      front: landFront(l),
    };
  },
  weights: { victory: 0.5, objectives: 0.3, material: 0.15, front: 0.05 },
  overseas: true,
  goals: (s, side) => (side === 'axis' ? norwegianCities(s.land!).filter((h) => controller(s.land!, h) !== 'axis') : norwegianCities(s.land!)),
  describe(name, before, after) {
    if (name !== 'victory') return null;
    const taken = norwegianCities(after.land!).filter((h) => controller(before.land!, h) !== 'axis' && controller(after.land!, h) === 'axis');
    return taken.length ? `takes ${taken.map((h) => placeName(after.land!, h)).join(', ')}` : null;
  },
};

/** One entry per scenario. */
export const scenarioTerms: Record<string, ScenarioTerms> = {
  [BISMARCK_ID]: bismarck,
  [CASE_WHITE_ID]: caseWhite,
  [BULGE_ID]: bulge,
  [FINEST_HOUR_ID]: finestHour,
  [NORTHWARD_ID]: northward,
};

/** A scenario without terms of its own: material on land and at sea. */
const fallback: ScenarioTerms = {
  axisTerms(s): Record<string, number> {
    const naval = navalMaterial(s);
    return s.land ? { material: landMaterial(s.land), front: landFront(s.land), supply: landSupply(s.land), naval } : { material: naval };
  },
  weights: { material: 0.6, front: 0.2, supply: 0.1, naval: 0.1 },
};

const termsOf = (s: EtoState): ScenarioTerms => scenarioTerms[s.scenario] ?? fallback;

// ---------------------------------------------------------------- move order

/** Destinations kept per unit in a large movement or set-up prompt (the planner's alternatives). */
const PER_UNIT = 4;
const LARGE = 24;

/**
 * Large land prompts (set-up, movement: hundreds of unit-and-hex choices): per unit, the destinations that bring it
 * closest to the side's goals (ETO 24: movement), best first; choices without a unit (end the phase) after the moves
 * that gain ground.
 */
function landCandidates(s: EtoState, seat: Side, all: Choice[]): Choice[] | null {
  const l = s.land;
  if (!l) return null;
  const goals = termsOf(s).goals?.(s, seat) ?? onMap(l, otherSide(seat)).map((u) => u.hex!);
  if (!goals.length) return null;
  const near = (h: string) => Math.min(...goals.map((g) => dist(h, g)));
  const byUnit = new Map<string, { c: Choice; g: number }[]>();
  const other: Choice[] = [];
  const baseValue = termsOf(s).costlyAir ? baseValueOf(s, seat) : null;
  for (const c of all) {
    const unit = c.action.unit, to = (c.action.to ?? c.action.hex) as string | undefined;
    if (typeof unit !== 'string' && typeof to === 'string' && c.action.type !== 'place') {
      // A stack's move (a breakthrough): toward the goals.
      const list = byUnit.get('stack') ?? [];
      list.push({ c, g: 10 - near(to) });
      byUnit.set('stack', list);
      continue;
    }
    const u = typeof unit === 'string' ? l.units[unit] : undefined;
    const air = typeof unit === 'string' ? l.air[unit] : undefined;
    if (typeof unit !== 'string' || typeof to !== 'string' || (!u && !air)) { other.push(c); continue; }
    // Air units (13.2 bases) by the same measure: toward the goals their missions strike.
    const from = u ? u.hex ?? null : air!.base;
    // Set-up (no hex yet): every place gains, the nearest to the goals most.
    // Goals across the sea: infantry sets up in a port (10.4: it embarks there), together (one assault force, 10.6).
    const port = !from && termsOf(s).overseas ? overseasSetUp(s, seat, u ?? air!, to) : 0;
    // Where air losses score ([2.3]), air sets up in range of the goals and out of the enemy air's reach (21.4).
    const g = air && baseValue ? 0.5 + baseValue(air, to) - near(to) / 100
      : (from ? near(from) - near(to) : 1 - near(to) / 100 + port) + (u && isLand(u) ? 0 : -0.5);
    const list = byUnit.get(unit) ?? [];
    list.push({ c, g });
    byUnit.set(unit, list);
  }
  const kept: { c: Choice; g: number }[] = [];
  for (const list of byUnit.values()) kept.push(...list.sort((a, b) => b.g - a.g).slice(0, PER_UNIT));
  kept.sort((a, b) => b.g - a.g);
  return [...kept.filter((x) => x.g > 0).map((x) => x.c), ...other, ...kept.filter((x) => x.g <= 0).map((x) => x.c)];
}

/**
 * Set-up where the goals lie across the sea (scenario 5): infantry in a port, together (10.4: it embarks there; one
 * assault force, 10.6); paratroops at an airbase with room for the ATPs that fly them (19.1: an ATP drops
 * the paratroops of its own base), the ATPs where the paratroops are, other air elsewhere (13.2: one unit a slot).
 */
function overseasSetUp(s: EtoState, seat: Side, unit: LandUnit | AirUnit, to: string): number {
  const l = s.land!;
  const paras = Object.values(l.units).some((x) => x.side === seat && x.kind === 'para' && x.where === 'map' && x.hex === to);
  if (unit.kind === 'inf') {
    return navalMap(s).coastal.get(to)?.port ? 0.5 + (onMap(l, seat).some((x) => x.hex === to && x.kind === 'inf') ? 0.4 : 0) : 0;
  }
  if (unit.kind === 'para') return baseSlots(l, to) > 0 ? 0.5 + 0.2 * Math.min(2, baseSlots(l, to)) : -1;
  if (unit.kind === 'atp') return paras ? 1.5 : 0;
  if (unit.kind === 'fighter-bomber' || unit.kind === 'bomber') return paras ? -0.3 : 0;
  return 0;
}

/**
 * Attack and breakthrough targets (ETO 26.3, 28.2): the side's goals first, then the nearest to them; other prompts
 * keep the planner's own order (null).
 */
function targetCandidates(s: EtoState, seat: Side, all: Choice[]): Choice[] | null {
  const l = s.land;
  const targetOf = (c: Choice) => (c.action.type === 'declare' || c.action.type === 'bt-attack' ? c.action.target : c.action.type === 'breakthrough' ? c.action.hex : undefined);
  if (!l || !all.some((c) => typeof targetOf(c) === 'string')) return null;
  const goals = termsOf(s).goals?.(s, seat) ?? [];
  if (!goals.length) return null;
  const score = (c: Choice) => {
    const t = targetOf(c);
    return typeof t === 'string' ? Math.min(...goals.map((g) => dist(t, g))) : 50;
  };
  return all.map((c, i) => ({ c, i, d: score(c) })).sort((a, b) => a.d - b.d || a.i - b.i).map((x) => x.c);
}

/**
 * Ground support (ETO 17.0): over an attack on a goal, the strongest air first; elsewhere none, kept for the goals'
 * attacks later in the offensive (each air unit flies once, 20.0).
 */
function airCandidates(s: EtoState, seat: Side, all: Choice[]): Choice[] | null {
  const l = s.land;
  const top = s.stack[s.stack.length - 1] as { target?: string; offensive?: boolean; raid?: unknown };
  // 21.4: an air offensive is flown to bomb: raids on installations first (the strongest bomber's first), ending it
  // last. The payoff comes after the enemy's interception, past the plan's end, so the order is the plan's default.
  if (l && top.offensive && !top.raid) {
    const strength = (c: Choice) => {
      const a = l.air[c.action.air as string];
      return a ? (a.depleted ? a.depletedStrength : a.strength) : 0;
    };
    // The smallest installations first (21.5 A: the number to reach).
    const bomb = all.filter((c) => c.action.type === 'raid' && c.action.kind === 'bomb')
      .sort((a, b) => installationTarget(l, a.action.to as string) - installationTarget(l, b.action.to as string) || strength(b) - strength(a));
    return [...bomb, ...all.filter((c) => !bomb.includes(c) && c.action.type !== 'air-done'), ...all.filter((c) => c.action.type === 'air-done')];
  }
  // Where air losses score ([2.3]), the air movement step takes units out of the enemy air's reach (21.4) only along a
  // flight line no enemy fighter reaches (14.1: a change of base may be intercepted); then it ends (raids on bases
  // are the planner's to weigh).
  if (l && termsOf(s).costlyAir && top.offensive === false && !top.raid) {
    const threat = airThreatOf(s, seat), baseValue = baseValueOf(s, seat);
    const gain = (c: Choice) => {
      const a = l.air[c.action.air as string];
      if (c.action.type !== 'rebase' || !a?.base || (c.refs?.path ?? []).some((h) => threat(h) > 0)) return 0;
      return baseValue(a, c.action.to as string) - baseValue(a, a.base);
    };
    const ranked = all.map((c, i) => ({ c, i, g: gain(c) }));
    const moves = ranked.filter((x) => x.g > 0.05).sort((a, b) => b.g - a.g || a.i - b.i).map((x) => x.c);
    const done = all.filter((c) => c.action.type === 'air-done');
    return [...moves, ...done, ...all.filter((c) => !moves.includes(c) && !done.includes(c))];
  }
  const target = top.target;
  if (!l || !target) return null;
  const goal = (termsOf(s).goals?.(s, seat) ?? []).includes(target);
  const power = (c: Choice) => {
    const a = l.air[c.action.air as string];
    return !a ? -1 : (a.kind === 'fighter' ? 0 : 10) + (a.depleted ? a.depletedStrength : a.strength);
  };
  const fly = all.filter((c) => c.action.type === 'fly').sort((a, b) => power(b) - power(a));
  const rest = all.filter((c) => c.action.type !== 'fly');
  return goal ? [...fly, ...rest] : [...rest, ...fly];
}

/**
 * Naval set-up and movement where the goals lie across the sea (scenario 5: 10.4 embark in a port, 10.6 assault from
 * the target hex): ships start in the port nearest the goals that holds own land units; a stack takes its port's land
 * units aboard, sails toward the goals and stops in a goal hex; warships without cargo keep the planner's order.
 */
function navalCandidates(s: EtoState, seat: Side, all: Choice[]): Choice[] | null {
  const l = s.land;
  const goals = l && termsOf(s).overseas ? termsOf(s).goals?.(s, seat) ?? [] : [];
  if (!l || !goals.length) return null;
  const near = (h: string) => Math.min(...goals.map((g) => seaDist(s, h, g)));
  const troopsAt = (h: string) => Object.values(l.units).some((u) => u.side === seat && u.where === 'map' && u.hex === h && (isLand(u) || u.kind === 'para'));
  if (all.some((c) => c.action.type === 'place' && typeof c.action.ship === 'string')) {
    // The infantry's port (paratroops fly, 19.1).
    const infAt = (h: string) => onMap(l, seat).some((u) => u.kind === 'inf' && u.hex === h);
    const score = (c: Choice) => (typeof c.action.space === 'string' ? near(c.action.space) - (infAt(c.action.space) ? 10 : 0) : 99);
    return all.map((c, i) => ({ c, i, d: score(c) })).sort((a, b) => a.d - b.d || a.i - b.i).map((x) => x.c);
  }
  const naval = new Set(['select', 'embark', 'enter', 'enter-port', 'leave-port', 'stop', 'drop-off', 'move', 'end-naval-movement', 'load-supply']);
  if (!all.length || !all.every((c) => naval.has(c.action.type) || c.action.type === 'evacuate')) return null;
  const top = s.stack[s.stack.length - 1] as { ships?: string[]; selected?: string[] };
  const moving = top.ships ?? top.selected ?? [];
  const cargo = Object.values(l.units).some((u) => u.where === 'aboard' && moving.includes(u.aboard!));
  const here = moving.length ? s.ships[moving[0]!]?.space : undefined;
  const aims = assaultGoals(s, seat, moving, goals);
  const mp = mpToGoals(s, aims);
  const mpFrom = (h: string) => mp.get(h) ?? 99;
  // 10.2, 10.6: the selected STPs land all their infantry in an assault on the nearest goal: twice its STPs, three
  // times when that goal is more than 6 MP away (an assault cannot leave a unit aboard behind).
  const landable = (id: string): boolean => {
    const u = l.units[id];
    if (u?.kind !== 'inf') return false;
    const stps = moving.filter((x) => s.ships[x]?.type === 'STP');
    const aboard = Object.values(l.units).filter((x) => x.where === 'aboard' && stps.includes(x.aboard!) && isLand(x)).length;
    return points(stps.map((x) => s.ships[x]!)) >= (here && mpFrom(here) <= 6 ? 2 : 3) * (aboard + 1);
  };
  const rank = (c: Choice): number => {
    const a = c.action;
    switch (a.type) {
      case 'embark': {
        // 10.2, 10.6: an assault needs twice (three times past 6 MP) the STPs its infantry and armor need; embark
        // infantry while the selected STPs can land them all, the rest waits (paratroops drop from the air, 18.0).
        return landable(a.unit as string) ? 1.5 : 85;
      }
      case 'select': {
        const sh = s.ships[a.ship as string]!;
        // Transports where troops wait (or with cargo) first, then the warships in their port as escort.
        const loaded = Object.values(l.units).some((u) => u.where === 'aboard' && u.aboard === sh.id);
        if (sh.type === 'STP') {
          if (loaded) return 1;
          if (!troopsAt(sh.space)) return moving.length ? 3 : 50;
          // 10.2, 10.6: each infantry waiting in the port gets its share of the STPs (one assault force a city, with a
          // spare against losses at sea); the rest wait for the next force.
          return points(moving.map((id) => s.ships[id]!)) < stpShare(s, seat, sh.space, moving) ? 1 : 47;
        }
        if (!moving.length && !Object.values(s.ships).some((x) => x.type === 'STP' && x.side === seat && !x.sunk && x.space === sh.space)) return 50;
        if (!(moving.some((id) => s.ships[id]?.space === sh.space) || troopsAt(sh.space))) return 50;
        // The escort is shared likewise among the loaded forces still to sail from the port.
        return cargo && escortsFull(s, seat, sh.space, moving) ? 47 : 2;
      }
      case 'move': return cargo ? 4 : 40;
      case 'leave-port': return cargo ? 5 : 45;
      // Along the fewest MP to the goals (10.2: past 6 MP an assault needs three times the STPs).
      case 'enter': {
        if (!cargo) return 60;
        const cost = here ? navalNeighbours(s, here).find((n) => n.space === a.space)?.cost ?? 9 : 9;
        return 10 + cost + mpFrom(a.space as string) - (here ? mpFrom(here) : 0);
      }
      case 'stop': return cargo && here && aims.includes(here) ? 6 : 55;
      case 'drop-off': return 80;
      case 'enter-port': return cargo ? 70 : 56;
      default: return 90;
    }
  };
  if (!cargo && !all.some((c) => c.action.type === 'embark' || c.action.type === 'select')) {
    // Empty transports make for a port where troops wait (the next turn's embarkation).
    const waiting = [...new Set(onMap(l, seat).map((u) => u.hex!))].filter((h) => navalMap(s).coastal.get(h)?.port && !goals.includes(h));
    const stps = moving.some((id) => s.ships[id]?.type === 'STP');
    if (!stps || !waiting.length || !here) return null;
    const toPort = (h: string) => Math.min(...waiting.map((w) => seaDist(s, h, w)));
    const empty = (c: Choice): number => {
      const a = c.action;
      if (a.type === 'enter-port') return waiting.includes(here) ? 0 : 70;
      if (a.type === 'leave-port') return waiting.includes(here) ? 80 : 1;
      if (a.type === 'enter') return 10 + toPort(a.space as string) - toPort(here);
      if (a.type === 'stop') return 50;
      return 90;
    };
    return all.map((c, i) => ({ c, i, d: empty(c) })).sort((a, b) => a.d - b.d || a.i - b.i).map((x) => x.c);
  }
  const kept = all.filter((c) => c.action.type !== 'embark' || landable(c.action.unit as string) || l.units[c.action.unit as string]?.kind !== 'inf');
  return kept.map((c, i) => ({ c, i, d: rank(c) })).sort((a, b) => a.d - b.d || a.i - b.i).map((x) => x.c);
}

/**
 * 10.6: the goals a loaded stack sails for: those no other loaded stack of the side stands off already (one assault
 * force a city), the least defended of them (26.3: an amphibious assault's -3 leaves little to spare, 27.1), all the
 * goals when every one has a force.
 */
function assaultGoals(s: EtoState, seat: Side, moving: string[], all: readonly string[]): string[] {
  const l = s.land!;
  // 10.6: no assault on a rough, forest or swamp coast (Bergen is taken overland).
  const goals = assaultable(l, all);
  if (!goals.length) return [...all];
  const held = new Set(Object.values(l.units).filter((u) => u.side === seat && u.where === 'aboard' && !moving.includes(u.aboard!)).map((u) => aboardSpace(s, u)));
  const open = goals.filter((g) => !held.has(g));
  if (!open.length) return goals;
  // 10.2: within 6 naval MP of the stack's port, the MP it carried so far counted (farther, the assault needs three times the STPs).
  const here = moving.length ? s.ships[moving[0]!]?.space : undefined;
  const carried = carriedOf(s, moving.filter((id) => s.ships[id]?.type === 'STP'));
  const near = here ? open.filter((g) => carried + (mpToGoals(s, [g]).get(here) ?? 99) <= 6) : [];
  if (near.length) open.splice(0, open.length, ...near);
  // 40.0: a nation falls with its city-resource hexes (Oslo): the first force sails for them whatever defends them.
  const conquest = open.filter((g) => conquestGoal(l, g));
  if (conquest.length) return conquest;
  const defence = (h: string) => onMap(l, otherSide(seat)).filter((u) => u.hex === h).reduce((a, u) => a + unitStrength(u), 0);
  const least = Math.min(...open.map(defence));
  return open.filter((g) => defence(g) === least);
}

/** 10.6: the goals an amphibious assault may strike: clear coastal hexes (never rough, forest or swamp). */
const assaultable = (l: LandState, goals: readonly string[]): string[] => goals.filter((g) => layerHex(l, g)?.terrain === 'clear');

/** 40.0: a goal whose capture conquers its nation (one of its city-resource hexes, 36.1). */
const conquestGoal = (l: LandState, h: string): boolean => {
  const x = layerHex(l, h);
  return x?.feature === 'city-resource' && !!x.country && conquestHexes(l, x.country).includes(h);
};

/** 40.0: the conquest goal with `seat`'s assault force off it, while the enemy still holds it: the drops and the air go there. */
function conquestAssault(s: EtoState, seat: Side, goals: readonly string[]): string | undefined {
  const l = s.land!;
  return goals.find((g) => conquestGoal(l, g) && controller(l, g) !== seat
    && Object.values(l.units).some((u) => u.side === seat && u.where === 'aboard' && isLand(u) && aboardSpace(s, u) === g));
}

/** Ships of `seat` in `space` that may still sail this step, and those already in the moving stack. */
const shipsAt = (s: EtoState, seat: Side, space: string, moving: string[]) =>
  Object.values(s.ships).filter((x) => x.side === seat && !x.sunk && x.space === space && (moving.includes(x.id) || !s.step.moved.includes(x.id)));

/** 10.2: the STPs of a port shared among its infantry (those aboard the moving stack included), at least the 2 an assault needs. */
function stpShare(s: EtoState, seat: Side, space: string, moving: string[]): number {
  const inf = Object.values(s.land!.units).filter((u) => u.side === seat && u.kind === 'inf'
    && ((u.where === 'map' && u.hex === space) || (u.where === 'aboard' && moving.includes(u.aboard!)))).length;
  return inf ? Math.max(2, Math.floor(points(shipsAt(s, seat, space, moving).filter((x) => x.type === 'STP')) / inf)) : Infinity;
}

/** The moving stack has its share of the port's warships: the loaded forces still to sail get the rest. */
function escortsFull(s: EtoState, seat: Side, space: string, moving: string[]): boolean {
  const waiting = onMap(s.land!, seat).filter((u) => u.kind === 'inf' && u.hex === space).length;
  const warships = shipsAt(s, seat, space, moving).filter((x) => x.type !== 'STP' && x.type !== 'SS').length;
  return moving.filter((id) => s.ships[id]!.type !== 'STP' && s.ships[id]!.type !== 'SS').length >= Math.ceil(warships / (1 + waiting));
}

/**
 * Interception where every air step lost scores for the enemy ([2.3]): air combat goes by quality (15.0), so a unit
 * intercepts only a flight whose fighters it matches in quality (any unit against bombers alone); not intercepting
 * stays first when no unit qualifies.
 */
function interceptCandidates(s: EtoState, all: Choice[]): Choice[] | null {
  const l = s.land;
  const top = s.stack[s.stack.length - 1] as { flight?: string[] };
  if (!l || !top.flight) return null;
  const escorts = top.flight.map((id) => l.air[id]!).filter((a) => a && (a.kind === 'fighter' || a.kind === 'fighter-bomber'));
  const best = Math.max(0, ...escorts.map((a) => a.quality));
  const ok = (c: Choice) => c.action.type !== 'intercept-at' || (l.air[c.action.air as string]?.quality ?? 0) >= best;
  return all.filter(ok);
}

// ---------------------------------------------------------------- the adapter

export const etoAi: AiAdapter<EtoState> = {
  ruleset: 'eto',
  stateFromView(view: SeatView, _seat, seed) {
    // ETO hides nothing from a seat but the dice: the view is the state without its generator.
    return { ...structuredClone(view.state as unknown as EtoState), rng: createRng(`ai-determinisation|${seed}`), sealed: {} };
  },
  terms(s, seat) {
    const t = termsOf(s).axisTerms(s);
    return seat === 'axis' ? t : Object.fromEntries(Object.entries(t).map(([k, v]) => [k, -v]));
  },
  weights: (s) => termsOf(s).weights,
  describeTerm: (name, before, after, seat) => termsOf(before).describe?.(name, before, after, seat as Side) ?? null,
  candidates(s, prompt: Prompt, seat, source): Choice[] | null {
    // The routes of every air unit's change of base (12.3), known from here on: the states a plan reaches inherit them.
    if (s.land && termsOf(s).costlyAir) airRoutes(s);
    const all = source.all();
    if (prompt.kind === 'air') return airCandidates(s, seat as Side, all);
    if (prompt.kind === 'intercept' && termsOf(s).costlyAir) return interceptCandidates(s, all);
    const naval = navalCandidates(s, seat as Side, all);
    if (naval) return naval;
    const moves = all.filter((c) => typeof (c.action.to ?? c.action.hex) === 'string' && c.action.type !== 'declare').length;
    if (all.length > LARGE || moves >= 8) return landCandidates(s, seat as Side, all);
    return targetCandidates(s, seat as Side, all);
  },
  quickChoice(s, prompt, seat): Action | null {
    // The example deployments of the scenarios are the designers' own: a sound start the planner refines afterwards.
    const example = prompt.choices.find((c) => c.action.type === 'example' || c.action.type === 'suggested');
    if (example && prompt.kind === 'place') return example.action;
    // ETO 23.6: a combined offensive the scenario grants activates every partner HQ's units at once (a plan judged at
    // its first roll would prefer the single HQ that attacks sooner).
    const combined = prompt.choices.find((c) => c.action.type === 'offensive' && Array.isArray(c.action.partners));
    if (combined) return combined.action;
    const l = s.land;
    if (!l) return null;
    // 8.0: interceptors move to their target: ships at sea with own troops aboard (and their escort) stay with them.
    if (termsOf(s).overseas && prompt.kind === 'intercept' && prompt.choices.some((c) => c.action.type === 'add-interceptor')) {
      const cargoAt = new Set(Object.values(l.units).filter((u) => u.side === seat && u.where === 'aboard').map((u) => aboardSpace(s, u)));
      const adds = prompt.choices.filter((c) => c.action.type === 'add-interceptor');
      if (cargoAt.size && adds.every((c) => cargoAt.has(s.ships[c.action.ship as string]?.space ?? ''))) {
        return (prompt.choices.find((c) => c.action.type === 'intercept') ?? prompt.choices.find((c) => c.action.type === 'no-interception'))?.action ?? null;
      }
    }
    // 10.6: a stack aboard off a goal hex assaults it (the STPs cannot wait there; the goals score, [5.4]); its STPs
    // stop there (10.2: each MP more past 6 triples the STPs the assault needs).
    if (termsOf(s).overseas) {
      const goals = termsOf(s).goals?.(s, seat as Side) ?? [];
      const ships = (s.stack[s.stack.length - 1] as { ships?: string[] }).ships ?? [];
      const cargo = ships.length && Object.values(l.units).some((u) => u.side === seat && u.where === 'aboard' && ships.includes(u.aboard!));
      const here = cargo ? s.ships[ships[0]!]?.space : undefined;
      if (here) {
        const aims = assaultGoals(s, seat as Side, ships, goals);
        const stop = prompt.choices.find((c) => c.action.type === 'stop');
        if (stop && aims.includes(here)) return stop.action;
        // 7.2, 10.2: a loaded stack sails along the fewest naval MP to its goal (each MP carried counts: past 6 the
        // assault needs three times the STPs), never back and forth.
        const mp = mpToGoals(s, aims);
        const cost = (to: string) => navalNeighbours(s, here).find((n) => n.space === to)?.cost ?? 99;
        const toward = prompt.choices.filter((c) => c.action.type === 'enter' && (mp.get(c.action.space as string) ?? 99) < (mp.get(here) ?? 99))
          .sort((a, b) => cost(a.action.space as string) + mp.get(a.action.space as string)! - cost(b.action.space as string) - mp.get(b.action.space as string)!);
        if (toward.length) return toward[0]!.action;
      }
      // 40.0: the assault on a conquest goal goes first (it has the paratroops and the air, committed once, 20.1).
      const assaults = prompt.choices.filter((c) => c.action.type === 'offensive' && c.action.method === 'stack' && goals.includes(c.action.hex as string)
        && Object.values(l.units).some((u) => u.side === seat && u.where === 'aboard' && aboardSpace(s, u) === c.action.hex));
      const assault = assaults.find((c) => conquestGoal(l, c.action.hex as string)) ?? assaults[0];
      if (assault) return assault.action;
      // 10.6: the stack activated aboard off a goal makes its assault (its STPs cannot land it anywhere else).
      const landings = prompt.choices.filter((c) => c.action.type === 'assault' && goals.includes(c.action.target as string));
      const landing = landings.find((c) => conquestGoal(l, c.action.target as string)) ?? landings[0];
      if (landing) return landing.action;
      // 17.0, 20.1: ground support flies once an offensive: over the conquest goal's assault every unit that may,
      // elsewhere none while that assault is still to come.
      const support = (s.stack[s.stack.length - 1] as { target?: string }).target;
      const flies = prompt.kind === 'air' && support ? prompt.choices.filter((c) => c.action.type === 'fly') : [];
      const pending = flies.length ? conquestAssault(s, seat as Side, goals) : undefined;
      if (pending) {
        const power = (c: Choice) => {
          const a = l.air[c.action.air as string];
          return a ? (a.depleted ? a.depletedStrength : a.strength) : 0;
        };
        if (support !== pending) return prompt.choices.find((c) => c.action.type === 'done')?.action ?? null;
        return [...flies].sort((a, b) => power(b) - power(a))[0]!.action;
      }
    }
    // 21.0, 4B: where the only offensive is an air offensive off the OFF track, it is flown (bombing scores [2.3];
    // its payoff lies past the plan's end).
    const offers = prompt.choices.filter((c) => c.action.type === 'offensive');
    const airOffensive = offers.find((c) => c.action.method === 'air' && !c.action.impromptu);
    if (airOffensive && offers.every((c) => c.action.method === 'air')) return airOffensive.action;
    // A unit flown in an air offensive is committed (20.0) and sits out the later ones: the offensives left on the
    // OFF track share the units still free.
    // A bombing raid (21.5) needs little strength against a small installation: each bomber takes its own target,
    // escorted by one fighter (14.2); other raids go in with every unit that may join.
    const top = s.stack[s.stack.length - 1] as { raid?: { to: string; kind: string; units: string[] } | null; offensive?: boolean };
    const raid = top.raid;
    if (prompt.kind === 'air' && top.offensive !== undefined) {
      const flying = Object.values(l.air).filter((a) => a.side === seat && a.committed === 'CC');
      const free = new Set([...flying.map((a) => a.id), ...(raid?.units ?? []), ...(prompt.groups ?? []).map((g) => g.key)]);
      const cap = top.offensive ? Math.ceil(free.size / (1 + Math.max(0, l.offensives?.[seat as Side] ?? 0))) : free.size;
      const used = new Set([...flying.map((a) => a.id), ...(raid?.units ?? [])]).size;
      if (!raid && top.offensive && used >= cap && prompt.choices.some((c) => c.action.type === 'air-done')) return { type: 'air-done' };
      if (raid) {
        const joins = (prompt.groups ?? []).map((g) => l.air[g.key]!).filter((a) => a?.base && !raid.units.includes(a.id) && flightPath(s, a.base, raid.to, a.range));
        const escorted = raid.units.some((id) => l.air[id]?.kind === 'fighter');
        const join = raid.kind === 'bomb' ? (escorted ? undefined : joins.find((a) => a.kind === 'fighter')) : joins[0];
        if (join && used < cap) return { type: 'raid-add', air: join.id };
        if (raid.kind === 'bomb') return { type: 'raid-fly' };
      }
    }
    // ETO 27.4: take the vacated hex with one unit (armor first: it may exploit), then hold the line.
    const adv = prompt.choices.filter((c) => c.action.type === 'advance');
    if (adv.length) {
      const target = (s.stack[s.stack.length - 1] as { target?: string }).target;
      if (target && onMap(l, seat as Side).some((u) => u.hex === target)) return prompt.choices.find((c) => c.action.type === 'done')?.action ?? null;
      const armor = adv.find((c) => l.units[c.action.unit as string]?.kind === 'armor');
      return (armor ?? adv[0]!).action;
    }
    // ETO 22.0 step 3-D: only activated units attack; activate every unit that may be.
    const all = prompt.choices.find((c) => c.action.type === 'activate-all');
    if (all) return all.action;
    // ETO 26.3: mass the attack — the strongest units join until 4 to 1 (the CRT's best odds cost the fewest
    // steps), or every unit that can.
    const adds = prompt.choices.filter((c) => c.action.type === 'add' && l.units[c.action.unit as string]);
    const go = prompt.choices.find((c) => c.action.type === 'go');
    const declare = (s.stack[s.stack.length - 1] as { declare?: { target: string; units: string[] } | null }).declare;
    // 19.1: paratroops drop on an attack on a goal (each adds its strength and, undamaged, +1, 19.3; the attack is
    // the only way they reach a city across the sea).
    const drop = prompt.choices.find((c) => c.action.type === 'drop');
    const dropGoals = termsOf(s).goals?.(s, seat as Side) ?? [];
    const dropOn = termsOf(s).overseas ? conquestAssault(s, seat as Side, dropGoals) ?? declare?.target : declare?.target;
    if (declare && drop && dropGoals.includes(declare.target) && dropOn === declare.target) return drop.action;
    if (declare && (adds.length || go)) {
      const att = declare.units.reduce((a, id) => a + unitStrength(l.units[id]!), 0);
      const def = onMap(l, otherSide(seat as Side)).filter((u) => u.hex === declare.target).reduce((a, u) => a + unitStrength(u), 0);
      if (adds.length && att < 4 * Math.max(1, def)) {
        return [...adds].sort((a, b) => unitStrength(l.units[b.action.unit as string]!) - unitStrength(l.units[a.action.unit as string]!))[0]!.action;
      }
      return go?.action ?? null;
    }
    // ETO 27.1: every choice costs one step; infantry before armor (armor breaks through), a full unit before a
    // depleted one (the unit stays on the map).
    if (prompt.kind === 'allocate-loss' && prompt.choices.every((c) => c.action.type === 'lose')) {
      const cost = (c: Choice) => {
        const u = l.units[c.action.unit as string];
        return !u ? 9 : (u.kind === 'armor' ? 4 : 0) + (u.depleted ? 2 : 0) + unitStrength(u) / 10;
      };
      return [...prompt.choices].sort((a, b) => cost(a) - cost(b))[0]!.action;
    }
    return null;
  },
  report(s) {
    const milestones: Record<string, boolean> = {};
    const production: Record<string, number> = {};
    if (s.land) {
      for (const side of ['axis', 'allies'] as Side[]) production[`${side} strength`] = onMap(s.land, side).reduce((a, u) => a + unitStrength(u), 0);
      for (const c of s.land.conquered) milestones[`${c} conquered`] = true;
      if (s.scenario === BULGE_ID) {
        const c = etoData().bulgeLayer.cities;
        if (controller(s.land, c.brussels) === 'axis') milestones['Brussels taken'] = true;
        if (controller(s.land, c.antwerp) === 'axis') milestones['Antwerp taken'] = true;
      }
    } else {
      for (const side of ['axis', 'allies'] as Side[]) production[`${side} ships`] = Object.values(s.ships).filter((x) => x.side === side && !x.sunk).length;
      if (s.ships.bismarck?.sunk) milestones['Bismarck sunk'] = true;
    }
    return { turn: s.year * 12 + monthIndex(s.month), turnLabel: `${s.month} ${s.year}`, production, milestones };
  },
  // The result without its figures ("German minor victory", "Polish major victory").
  // A player turn's positions (Northward Strike: 4,400 a CPU second on a quiet machine, 2,500 at load 25-45, and a
  // search may overshoot by its last plans): hard ≤ 10 s a turn.
  levels: { easy: { turnPositions: 1_500 }, normal: { turnPositions: 8_000 }, hard: { turnPositions: 20_000 } },
  victoryLevel: (s) => s.outcome?.result.replace(/ \(.*$/, '').replace(/:.*$/, '') ?? 'unfinished',
  history(scenario): HistoricalMilestone[] {
    // History, not rules: the real war's dates. The Bulge never reached Brussels or Antwerp.
    if (scenario === CASE_WHITE_ID) return [{ milestone: 'poland conquered', turn: 1939 * 12 + 8, label: 'September 1939', source: 'Warsaw surrendered 28 September 1939' }];
    if (scenario === BISMARCK_ID) return [{ milestone: 'Bismarck sunk', turn: 1941 * 12 + 4, label: 'May 1941', source: 'Bismarck sunk 27 May 1941' }];
    if (scenario === NORTHWARD_ID) return [{ milestone: 'norway conquered', turn: 1940 * 12 + 5, label: 'June 1940', source: "Norway's army in the north capitulated 10 June 1940" }];
    return [];
  },
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthIndex = (m: string) => Math.max(0, MONTHS.indexOf(m));
