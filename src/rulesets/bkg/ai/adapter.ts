// The BKG AI adapter for the general planner (docs/ai.md): a state from a seat's view (other majors' cards and the
// stack filled from the unseen cards), scoring terms of a position for a seat's side, and standing rules for the
// cheap decisions. Every major is a seat; seats of one side play together.
import { allChoices, createRng, derived, nextInt, type Action, type Choice, type Prompt, type SeatView } from '../../../engine/index.ts';
import type { AiAdapter, HistoricalMilestone, PositionReport } from '../../../ai/types.ts';
import { distancesFrom } from '../../../board/index.ts';
import { bkgData } from '../data/index.ts';
import { SCENARIOS, bkg } from '../index.ts';
import { LAND, area, bkgMap, coastsOf, landNeighbours, nodeOf, productionOf, seaNeighbours } from '../map.ts';
import { unitsByPlace } from '../movement.ts';
import { atWar, homeAreas, isConquered, sideOf } from '../politics.ts';
import { MAJORS, POWER_NAMES, otherSide, sideOfMajor, type Major, type Side } from '../powers.ts';
import { economicGoal, economicPoints } from '../sequence.ts';
import { bkgOdds } from '../odds.ts';
import { BOX, turnLabel, turnOfLabel, type BkgState } from '../state.ts';

const sideOfSeat = (s: BkgState, seat: string): Side => sideOfMajor(s, seat as Major);
const balance = (mine: number, theirs: number): number => (mine + theirs > 0 ? (mine - theirs) / (mine + theirs) : 0);

/** Strength on the map by side: a unit counts its showing factor (an HQ 1). */
function strength(s: BkgState): Record<Side, number> {
  const out: Record<Side, number> = { axis: 0, allies: 0 };
  for (const u of Object.values(s.units)) {
    if (u.where === BOX) continue;
    const side = sideOf(s, u.power);
    if (side) out[side] += u.type === 'hq' ? 1 : u.reduced ? (u.back ?? 0) : u.front;
  }
  return out;
}

/** Land areas' printed production held by each side (a win on the map before the production phase counts it). */
function territory(s: BkgState): Record<Side, number> {
  const out: Record<Side, number> = { axis: 0, allies: 0 };
  for (const [id, c] of Object.entries(s.control)) {
    const side = sideOf(s, c);
    if (side) out[side] += productionOf(id)[0] + 0.25;
  }
  return out;
}

/** Battles waiting in the phase: the attacker's share of the strength there, weighed by what the area is worth. */
function pressure(s: BkgState, side: Side): number {
  let v = 0;
  const byPlace = s.battles.length ? unitsByPlace(s) : null;
  for (const b of s.battles) {
    let att = 0, def = 0;
    for (const u of byPlace!.get(b.place) ?? []) {
      const f = u.type === 'hq' ? 0 : u.reduced ? (u.back ?? 0) : u.front;
      if (sideOf(s, u.power) === b.attacker) att += f; else def += f;
    }
    const worth = b.place in s.control ? productionOf(b.place)[0] + 1 : 0.5;
    v += (b.attacker === side ? 1 : -1) * worth * (balance(att, def));
  }
  return Math.max(-1, Math.min(1, v / 8));
}

/** Sea zones a convoy enters in one movement phase (6.1.3 A: a convoy's range, counters.json). */
const CONVOY_RANGE = bkgData().counters.types.conv.range;

/**
 * The land areas one convoy lift joins to each land area (6.1.3 A): a unit loads in a sea zone on its coast, the convoy
 * enters up to its range of sea zones more, and the unit lands on a coast of the last; landing spends the unit's
 * movement, as one land step spends an infantry's. Built from the map alone (who holds a strait is left out; whether
 * a convoy is at hand is frontDistance's question): a constant of the map, as the board is.
 */
const LIFTS: readonly string[][] = (() => {
  const out: string[][] = [];
  for (const id of bkgMap().landIds) {
    const zones = new Set(coastsOf(id));
    let ring = [...zones];
    for (let k = 0; k < CONVOY_RANGE; k++) {
      const next: string[] = [];
      for (const z of ring) for (const n of seaNeighbours(z)) if (!zones.has(n)) { zones.add(n); next.push(n); }
      ring = next;
    }
    const to = new Set<string>();
    for (const z of zones) for (const a of coastsOf(z)) if (a !== id) to.add(a);
    out[nodeOf(id)] = [...to];
  }
  return out;
})();

/** Land areas one convoy lift away from a land area (LIFTS). */
export const liftTargets = (id: string): readonly string[] => LIFTS[nodeOf(id)] ?? [];

/** LIFTS by board node, for frontDistance's search. */
const LIFT_NODES: readonly (readonly number[])[] = LIFTS.map((to) => to.map(nodeOf));

/** Half moves of a land border and of a convoy lift in frontDistance: a lift takes the unit's movement as a land step
 *  does, and a convoy besides (one unit a convoy, 6.1.3 A), so a lift counts one and a half. */
const LAND_STEP = 2, LIFT_STEP = 3;

/**
 * Land areas a convoy of `side` can lift from this turn (1 by board node): a convoy in a sea zone on the area's coast
 * or one zone from it (it sails there to load, 6.1.3 A). Without it the home islands counted as a lift from China while
 * Japan's four convoys sailed the Atlantic from 1940 on, and Japan's army (70 factors) stayed on the islands as China
 * came back.
 */
function convoyServed(s: BkgState, side: Side): Uint8Array {
  const zones = new Set<string>();
  const units = s.units;
  for (const id in units) {
    const u = units[id]!;
    if (u.type !== 'conv' || u.where === BOX || sideOf(s, u.power) !== side) continue;
    zones.add(u.where);
    for (const n of seaNeighbours(u.where)) zones.add(n);
  }
  const out = new Uint8Array(bkgMap().board.nodeCount);
  for (const z of zones) for (const a of coastsOf(z)) out[nodeOf(a)] = 1;
  return out;
}

/**
 * Moves from each land area to the nearest one held by the enemy of `side` (a power of the other side at war with one
 * of the side's majors, or with `major` alone): a land border one, a convoy lift (LIFTS, from an area a convoy of
 * the side serves) one and a half. Areas that neither joins to the enemy are absent. One distance for the reach term
 * and the placement of reinforcements; the search is the board's (distancesFrom, from the enemy's areas outward).
 */
export function frontDistance(s: BkgState, side: Side, major?: Major): Map<string, number> {
  return derived(s, `bkg-ai:front:${side}:${major ?? ''}`, () => {
    const mine = major ? [major] : MAJORS.filter((m) => sideOfMajor(s, m) === side && !isConquered(s, m));
    const served = convoyServed(s, side);
    const enemy = new Map<string, boolean>();
    const sources: number[] = [];
    for (const [id, c] of Object.entries(s.control)) {
      let e = enemy.get(c);
      if (e === undefined) enemy.set(c, e = sideOf(s, c) === otherSide(side) && mine.some((m) => atWar(s, m, c)));
      if (e) sources.push(nodeOf(id));
    }
    const { board: g, edgeKind } = bkgMap();
    // In half moves (exact sums): a unit in `to` reaches `n` by a land border, or by a lift where a convoy serves `to`.
    const reach = distancesFrom(g.nodeCount, sources, (n, step) => {
      for (let k = g.adjStart[n]!, end = g.adjStart[n + 1]!; k < end; k++) if (edgeKind[g.adjEdge[k]!] === LAND) step(g.adjNode[k]!, LAND_STEP);
      for (const to of LIFT_NODES[n] ?? []) if (served[to]) step(to, LIFT_STEP);
    });
    const out = new Map<string, number>();
    for (let i = 0; i < reach.count; i++) {
      const n = reach.node(i);
      out.set(g.id(n), reach.costTo(n) / 2);
    }
    return out;
  });
}

/** Weight of ground strength by its moves to the enemy (frontDistance, rounded up): next to it (or fighting in its
 *  area) in full, less each move back; a lift away as two moves; where neither land nor a lift leads, nothing. */
const REACH = [1, 1, 0.5, 0.25, 0.1];

/**
 * The share of a side's infantry and armour factors within reach of the enemy (REACH; a unit aboard a convoy counts as
 * landing next to it). With no term for it, units out of reach of any attack this turn stayed where they were: a
 * hard Axis game's reserves and new units sat three steps behind the Soviet front for the rest of the war.
 */
function reach(s: BkgState, side: Side): number {
  const dist = frontDistance(s, side);
  let near = 0, all = 0;
  for (const u of Object.values(s.units)) {
    if (u.where === BOX || (u.type !== 'inf' && u.type !== 'arm') || sideOf(s, u.power) !== side) continue;
    const f = u.reduced ? (u.back ?? 0) : u.front;
    const d = u.aboard ? 1 : dist.get(u.where);
    all += f;
    near += d === undefined ? 0 : f * REACH[Math.min(Math.ceil(d), REACH.length - 1)]!;
  }
  return all > 0 ? near / all : 0;
}

/** Ground and air factors of the enemies of `major` one move (a land border or a lift) from an area: the threat it
 *  faces, or its targets. */
function enemyNear(s: BkgState, major: Major, id: string): number {
  const byPlace = unitsByPlace(s);
  let f = 0;
  for (const a of [...landNeighbours(id), ...liftTargets(id)]) {
    for (const u of byPlace.get(a) ?? []) {
      if (u.aboard || (u.type !== 'inf' && u.type !== 'arm' && u.type !== 'air') || !atWar(s, major, u.power)) continue;
      f += u.reduced ? (u.back ?? 0) : u.front;
    }
  }
  return f;
}

/**
 * Basic 5.2 reinforcements go to the home area fewest moves from an enemy of their major (frontDistance: by land or a
 * convoy lift), of those the one with the most enemy strength a move away (the first such in the prompt's order; a
 * unit that neither joins to the enemy, to the prompt's first). The first home area by name sent Germany's new units
 * to Austria and Japan's to Northern Japan turn after turn; by land alone Britain's went to Calcutta with Germany across
 * the Channel.
 */
function placement(s: BkgState, seat: string, cs: Choice[]): Action | null {
  const places = cs.filter((c) => c.action.type === 'place');
  if (!places.length) return cs[0]?.action ?? null;
  const unit = places[0]!.action.unit;
  const dist = frontDistance(s, sideOfSeat(s, seat), seat as Major);
  let best = places[0]!, bestD = Infinity, bestT = -1;
  for (const c of places) {
    if (c.action.unit !== unit) continue;
    const to = c.action.to as string;
    const d = dist.get(to) ?? Infinity;
    if (d > bestD || d === Infinity) continue;
    const t = enemyNear(s, seat as Major, to);
    if (d < bestD || t > bestT) { best = c; bestD = d; bestT = t; }
  }
  return best.action;
}

/**
 * Basic 8.5 economic victory: a side's points as a share of its goal (81 for the Axis, 131 for the Allies), to the
 * sixth power: little far from the goal, steep near it (at 90% of its goal a side is half way there by this measure).
 */
export function goalShare(s: BkgState, side: Side, points = economicPoints(s, side)): number {
  return Math.min(1, Math.max(0, points) / economicGoal(s, side)) ** 6;
}

export function bkgTerms(s: BkgState, seat: string): Record<string, number> {
  const me = sideOfSeat(s, seat), foe = otherSide(me);
  const st = strength(s), te = territory(s);
  const lost = (side: Side) => MAJORS.filter((m) => sideOfMajor(s, m) === side && isConquered(s, m)).length;
  const pMe = economicPoints(s, me), pFoe = economicPoints(s, foe);
  return {
    production: balance(pMe, pFoe),
    objectives: Math.max(-1, Math.min(1, (lost(foe) - lost(me)) / 3)),
    territory: balance(te[me], te[foe]),
    material: balance(st[me], st[foe]),
    front: pressure(s, me),
    // Which side is nearer its own economic goal (8.5): the Axis plays for its 81 points, the Allies to keep it short.
    victory: goalShare(s, me, pMe) - goalShare(s, foe, pFoe),
    reach: reach(s, me) - reach(s, foe),
  };
}

export const BKG_WEIGHTS = { production: 0.1, objectives: 0.15, territory: 0.3, material: 0.25, front: 0.1, victory: 0.2, reach: 0.1 };

/**
 * Order of a movement or reaction choice for the planner (its first is the default plan's move): attacks (a convoy's
 * not), loads of infantry and armour onto convoys (6.1.3 A), infantry and armour marching nearer the enemy
 * (frontDistance), in a movement phase then its end, other moves, cards, and a reaction's end last. With loads among
 * the other moves a hard Japan planned its four convoys into a naval attack and shuffled its home army (70 factors)
 * between the islands, turn after turn, loading nobody. With the end last the default plan moved every unit left
 * somewhere, in the prompt's order: once the Soviet front was three steps and more from Germany, 100 German and
 * Italian factors went to and fro between Western Germany and Prussia (r11hard-axis-0, 1/43) beside empty Soviet and
 * Chinese areas (far from the enemy the reach term is flat).
 */
function moveRank(s: BkgState, c: Choice, dist: Map<string, number>, movement: boolean): number {
  const a = c.action;
  if (a.type === 'end') return movement ? 2.5 : 5;
  if (a.type === 'load') return s.units[a.unit as string]?.type === 'inf' || s.units[a.unit as string]?.type === 'arm' ? 1 : 3;
  if (a.type === 'play') return 4;
  const units = Array.isArray(a.units) ? (a.units as string[]).map((id) => s.units[id]) : [];
  const convoys = units.length > 0 && units.every((u) => u?.type === 'conv');
  if (c.label.includes('(attack)') && !convoys) return 0;
  const to = typeof a.to === 'string' ? dist.get(a.to) : undefined;
  const marches = to !== undefined && units.length > 0 && units.every((u) => (u?.type === 'inf' || u?.type === 'arm') && to < (dist.get(u.where) ?? Infinity));
  return marches ? 2 : 3;
}

/**
 * Decisions answered by a fixed rule (cheap and of little weight): where a retreat, a landing or a placement goes,
 * which of the side's combats is fought next (each is fought to its end, 6.2.1) and which of the winners' majors
 * controls a conquered area (ruling 63: the first, Germany before Italy). Planned, each candidate of a combat's
 * decisions was a chance node: late in a game they took most of a turn's budget before the exploitation phase.
 */
const STANDING = new Set(['retreat-destination', 'land-aircraft', 'place', 'choose-combat', 'designate']);

export const bkgAi: AiAdapter<BkgState> = {
  ruleset: 'bkg',
  hidden: true,
  stateFromView(view: SeatView, seat, seed) {
    const v = structuredClone(view.state) as unknown as BkgState & { cards: { deck: unknown } };
    const rng = createRng(`ai-determinisation|${seed}`);
    // Advanced 7.4: the cards the seat cannot see are dealt again, at random, into the hidden hands and the stack.
    const seen = new Set<string>([...v.cards.inEffect, ...v.cards.removed, ...(v.cards.hands[seat as Major] ?? []).map((c) => c.id)]);
    // Cards on offer in a purchase (advanced 7.4) are in the open frame, out of the stack.
    for (const f of (v.stack ?? []) as { offers?: Record<string, string[]> }[]) for (const list of Object.values(f.offers ?? {})) for (const id of list) seen.add(id);
    const unseen = bkgData().cards.map((c) => c.id).filter((id) => !seen.has(id));
    for (let i = unseen.length - 1; i > 0; i--) {
      const j = nextInt(rng, i + 1);
      [unseen[i], unseen[j]] = [unseen[j]!, unseen[i]!];
    }
    for (const h of Object.values(v.cards.hands)) for (const c of h) if (c.id === 'hidden') c.id = unseen.pop() ?? 'hidden';
    const deckSize = typeof v.cards.deck === 'number' ? v.cards.deck : (v.cards.deck as string[]).length;
    v.cards.deck = unseen.slice(0, deckSize);
    return { ...v, rng: createRng(`ai-determinisation|${seed}|dice`), sealed: {} } as BkgState;
  },
  // The planner's default is its first candidate: in the prompt's own order that was "End movement", and the Axis
  // ended its 3/39 movement without attacking Poland (Germany's production stayed at 12-13 all game).
  candidates(s, prompt, seat, source) {
    if (prompt.kind !== 'move' && prompt.kind !== 'react') return null;
    const dist = frontDistance(s, sideOfSeat(s, seat));
    return source.all().map((c, i) => ({ c, i, r: moveRank(s, c, dist, prompt.kind === 'move') })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.c);
  },
  // Unplanned, the first candidate of a movement or a reaction is an attack: with the turn's budget spent the phase ends.
  whenSpent: (_s, prompt) => (prompt.kind === 'move' || prompt.kind === 'react' ? prompt.choices.find((c) => c.action.type === 'end')?.action ?? null : null),
  // A fire roll is read by its hits (6.2.1), as the odds do: k + 1 results for k dice, not their totals.
  rollReading: { successes: bkgOdds.successes },
  terms: bkgTerms,
  weights: BKG_WEIGHTS,
  terminalValue(s, seat) {
    const w = s.outcome?.winner;
    if (!w) return 0;
    return sideOfMajor(s, w as Major) === sideOfSeat(s, seat) ? 1 : -1;
  },
  sameSide: (a, b, s) => sideOfSeat(s, a) === sideOfSeat(s, b),
  quickChoice(s: BkgState, prompt: Prompt): Action | null {
    // The owner of the hits loses as the odds assume (6.2.2: a full unit flipped before one is eliminated, the weakest first).
    if (prompt.kind === 'allocate-loss') return bkgOdds.defaultChoice!(s, prompt);
    if (!STANDING.has(prompt.kind ?? '')) return null;
    const cs = allChoices(bkg, s, prompt);
    if (prompt.kind === 'place') return placement(s, prompt.seat, cs);
    return cs.length ? cs[0]!.action : null;
  },
  report(s): PositionReport {
    return {
      turn: s.turn,
      turnLabel: turnLabel(s),
      production: Object.fromEntries(MAJORS.map((m) => [m, s.production[m]])),
      milestones: bkgMilestones(s),
    };
  },
  history: (scenario) => bkgHistory(scenario),
  positionCost: (s) => Math.max(1, unitsOnMap(s) / FULL_BUDGET_UNITS),
  // A run of the rules costs milliseconds here (a movement prompt lists ~80 moves): plan with fewer positions.
  // A turn's positions: about 1,000 a CPU second early in the basic game, 300-350 late (258 units on the map, at load
  // ~20 on 2 cores): hard's 3,000 keep a late seat's turn near 10 s CPU (4,500 took 13-15 s there).
  // One run of the rules resolves a whole battle here: a chance node's enumeration was most of a slow turn's CPU, so
  // each of its runs counts a position (chargeEnumeration).
  levels: {
    easy: { maxPositions: 24, lookahead: 4, turnPositions: 400, chargeEnumeration: 1 },
    normal: { maxPositions: 240, lookahead: 8, turnPositions: 1_500, chargeEnumeration: 1 },
    hard: { maxPositions: 1_500, lookahead: 16, turnPositions: 3_000, chargeEnumeration: 1 },
  },
};

/**
 * Units on the map up to which a position counts one against the budgets (AiAdapter.positionCost); past it, a position
 * counts units / this. A position's CPU grows with the units (the movement prompt's moves, the combat's scans of the
 * sides, the terms' passes over every unit): 1.7, 1.8, 2.2 and 3.4 ms at 144, 175, 241 and 289 units (`--late
 * 2/6/10/14 --seed late-2`, hard Axis, load 6-20); at load 3 less steeply, 1.2 ms at 144 units and 1.7-2.0 ms at
 * 163-289. A seat's late turns took up to 18 s CPU for 3,000 positions. So a turn's CPU is bounded at about what 3,000
 * positions cost at 200 units; 1939-41 keep (nearly) their whole budget.
 */
const FULL_BUDGET_UNITS = 200;

/** Units on the map (not in a force pool or the box): what a late position costs (positionCost). */
function unitsOnMap(s: BkgState): number {
  let n = 0;
  for (const id in s.units) if (s.units[id]!.where !== BOX) n++;
  return n;
}

/** Entries into the war (the Time Table's or earlier) and every country conquered (7.1; a surrender by card counts). */
export function bkgMilestones(s: BkgState): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const m of ['italy', 'ussr', 'usa'] as const) out[`${POWER_NAMES[m]} at war`] = s.events.includes(`${m}-war`);
  for (const c of s.conquered) out[`${POWER_NAMES[c] ?? area(homeAreas(c)[0]!).name} conquered`] = true;
  return out;
}

/**
 * History, not rules: the quarter of the real war in which each happened ("q/yy", the Time Table's turns), with the
 * real-world date. Italy, the USSR and the USA enter by the Time Table on these quarters unless a side forces it.
 */
const BKG_HISTORY: { milestone: string; quarter: string; source: string }[] = [
  { milestone: 'Poland conquered', quarter: '3/39', source: 'Warsaw surrendered 28 September 1939' },
  { milestone: 'Denmark conquered', quarter: '2/40', source: 'Denmark occupied 9 April 1940' },
  { milestone: 'BNL conquered', quarter: '2/40', source: 'the Netherlands capitulated 15 May, Belgium 28 May 1940' },
  { milestone: 'Italy at war', quarter: '2/40', source: 'Italy declared war 10 June 1940' },
  { milestone: 'Norway conquered', quarter: '2/40', source: "Norway's army in the north capitulated 10 June 1940" },
  { milestone: 'France conquered', quarter: '2/40', source: 'armistice of Compiègne, 22 June 1940' },
  { milestone: 'Yugoslavia conquered', quarter: '2/41', source: 'the Yugoslav army capitulated 17 April 1941' },
  { milestone: 'Greece conquered', quarter: '2/41', source: 'Athens occupied 27 April 1941' },
  { milestone: 'USSR at war', quarter: '2/41', source: 'Operation Barbarossa, 22 June 1941' },
  { milestone: 'USA at war', quarter: '4/41', source: 'Pearl Harbor 7 December; Germany and Italy declared war 11 December 1941' },
  { milestone: 'Italy conquered', quarter: '3/43', source: "Italy's armistice announced 8 September 1943" },
  { milestone: 'Romania conquered', quarter: '3/44', source: "King Michael's coup and Romania's change of side, 23 August 1944" },
  { milestone: 'Bulgaria conquered', quarter: '3/44', source: "Bulgaria's coup and ceasefire with the USSR, 9 September 1944" },
  { milestone: 'Finland conquered', quarter: '3/44', source: 'Moscow Armistice, 19 September 1944' },
  { milestone: 'Hungary conquered', quarter: '1/45', source: 'Budapest taken by the Red Army, 13 February 1945' },
  { milestone: 'Germany conquered', quarter: '2/45', source: "Germany's unconditional surrender, 8 May 1945" },
  { milestone: 'Japan conquered', quarter: '3/45', source: "Japan's surrender announced 15 August, signed 2 September 1945" },
];

/** The historical turns of a scenario (those before its first quarter left out: the 1941 set-up has them done). */
export function bkgHistory(scenario: string): HistoricalMilestone[] {
  const first = turnOfLabel(scenario === SCENARIOS.advanced1941 ? '2/41' : '3/39', 0) - 1;
  return BKG_HISTORY.map((h) => ({ milestone: h.milestone, turn: turnOfLabel(h.quarter, first), label: h.quarter, source: h.source }))
    .filter((h) => h.turn >= 1);
}
