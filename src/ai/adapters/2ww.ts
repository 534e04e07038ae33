// AI adapter for 2WW. Evaluation from the game's objectives (2WW 13 victory powers, production cities and capitals,
// material in play, pressure of land units on enemy objectives); standing rules for the combat decisions, which use
// the exact odds; move candidates pruned by how much closer they bring a unit to an enemy objective.
import { createRng, type Action, type Choice, type SeatView } from '../../engine/index.ts';
import { combatWorld } from '../../rulesets/2ww/combat/index.ts';
import { eligibleLandAttackers } from '../../rulesets/2ww/combat/combat-phase.ts';
import { landUnitsIn } from '../../rulesets/2ww/combat/land-combat.ts';
import { turnLabel } from '../../rulesets/2ww/sequence-of-play.ts';
import { ELIMINATED, FUTURE, POOL, REMOVED, type Side, type TwoWWState } from '../../rulesets/2ww/state.ts';
import { axisControlledPowers } from '../../rulesets/2ww/victory.ts';
import { nodeOf, worldOf, type World } from '../../rulesets/2ww/world.ts';
import type { AiAdapter } from '../types.ts';

const OUT = new Set([POOL, ELIMINATED, REMOVED, FUTURE]);
const other = (s: string): Side => (s === 'axis' ? 'allies' : 'axis');

interface Objective { hex: string; node: number; weight: number }
const objectiveCache = new Map<string, Objective[]>();

/** Production cities and capitals (2WW 3.4.1, 7.1): what production, supply and victory hang on. */
function objectives(w: World): Objective[] {
  const hit = objectiveCache.get(w.id);
  if (hit) return hit;
  const out: Objective[] = [];
  for (const h of w.hexes) {
    if (!h || (!h.production && !h.capitalOf)) continue;
    out.push({ hex: h.id, node: nodeOf(w, h.id), weight: (h.production ? 1 : 0) + (h.capitalOf ? 2 : 0) });
  }
  objectiveCache.set(w.id, out);
  return out;
}

function factor(s: TwoWWState, id: string): number {
  const f = combatWorld().facts(s, id);
  return s.units[id]!.reduced && f.reduced ? f.reduced.combat : f.full.combat;
}

/** Distance from a hex to the nearest objective the enemy of `side` holds (0 when none or off the map). */
function distanceToEnemyObjective(s: TwoWWState, w: World, node: number, side: Side): number {
  if (node < 0 || !w.board.isHex(node)) return 0;
  let best = Infinity;
  for (const o of objectives(w)) {
    if (s.control[o.hex] === side) continue;
    const d = w.board.distance(node, o.node);
    if (d < best) best = d;
  }
  return best === Infinity ? 0 : best;
}

interface Figures { material: Record<Side, number>; objectives: Record<Side, number>; pressure: Record<Side, number> }

function figures(s: TwoWWState): Figures {
  const w = worldOf(s);
  const cw = combatWorld();
  const material = { axis: 0, allies: 0 }, pressure = { axis: 0, allies: 0 }, landCount = { axis: 0, allies: 0 };
  for (const [id, u] of Object.entries(s.units)) {
    if (OUT.has(u.where)) continue;
    const side = cw.sideOf(s, id);
    if (!side) continue;
    material[side] += factor(s, id);
    const kind = cw.facts(s, id).kind;
    if (kind === 'fleet' || kind === 'sub' || kind === 'air' || kind === 'fort') continue;
    const node = w.board.find(u.where);
    if (node === undefined || node < 0) continue;
    pressure[side] += distanceToEnemyObjective(s, w, node, side);
    landCount[side]++;
  }
  const obj = { axis: 0, allies: 0 };
  for (const o of objectives(w)) {
    const c = s.control[o.hex];
    if (c === 'axis' || c === 'allies') obj[c] += o.weight;
  }
  for (const side of ['axis', 'allies'] as const) pressure[side] = landCount[side] ? pressure[side] / landCount[side] : 0;
  return { material, objectives: obj, pressure };
}

/** Axis advantage: victory powers most, then objectives, material and the land units' reach toward objectives. */
function axisScore(s: TwoWWState): number {
  const f = figures(s);
  const powers = axisControlledPowers(s).length;
  const objTotal = f.objectives.axis + f.objectives.allies || 1;
  const matTotal = f.material.axis + f.material.allies || 1;
  return 0.35 * Math.tanh((powers - 4) / 4) +
    0.3 * (f.objectives.axis - f.objectives.allies) / objTotal +
    0.25 * (f.material.axis - f.material.allies) / matTotal +
    0.1 * Math.tanh((f.pressure.allies - f.pressure.axis) / 6);
}

function top(s: TwoWWState): { proc: string; [k: string]: unknown } | undefined {
  return s.stack[s.stack.length - 1] as any;
}

/** Defence factors of the units in a hex, and the attack a side could bring (2WW 9.1.1), for choosing attacks. */
function attackRatio(s: TwoWWState, side: Side, hex: string): number {
  const def = landUnitsIn(s, hex, other(side)).reduce((a, id) => a + factor(s, id), 0);
  const att = eligibleLandAttackers(s, side, hex).reduce((a, id) => a + factor(s, id), 0);
  return def > 0 ? att / def : att > 0 ? 99 : 0;
}

const MOVE_CANDIDATES = 8;
/** Attack when the odds of the whole available force are at least this (2WW 9: fewer losses wins). */
const ATTACK_RATIO = 1.5;

export const twoWWAi: AiAdapter<TwoWWState> = {
  ruleset: '2ww',
  stateFromView(view: SeatView, _seat, seed) {
    // 2WW hides nothing but the dice: the view is the state without its generator.
    const v = view.state as unknown as TwoWWState;
    return { ...structuredClone(v), rng: createRng(`ai-determinisation|${seed}`), sealed: {} };
  },
  // One 2WW action costs milliseconds (the next movement prompt lists every legal move): budgets shrink to match.
  budgetScale: 20,
  evaluate: (s, seat) => (seat === 'axis' ? 1 : -1) * axisScore(s),
  terminalValue(s, seat) {
    const w = s.outcome?.winner;
    if (!w) return 0;
    // 2WW 13: a total victory is worth more than a minor one.
    const level = /total/i.test(s.outcome!.result) ? 1 : /major/i.test(s.outcome!.result) ? 0.9 : 0.8;
    return w === seat ? level : -level;
  },
  candidates(s, prompt, seat): Choice[] {
    if (prompt.kind !== 'move' || prompt.choices.length <= MOVE_CANDIDATES) return prompt.choices;
    const w = worldOf(s);
    const side = seat as Side;
    const gain = (a: Action): number => {
      const u = s.units[a.unit as string];
      const to = typeof a.to === 'string' ? w.board.find(a.to) : undefined;
      const from = u ? w.board.find(u.where) : undefined;
      if (to === undefined || from === undefined || to < 0 || from < 0) return 0;
      return distanceToEnemyObjective(s, w, from, side) - distanceToEnemyObjective(s, w, to, side);
    };
    const moves = prompt.choices.filter((c) => typeof c.action.unit === 'string')
      .map((c, i) => ({ c, g: gain(c.action), i }))
      .sort((a, b) => b.g - a.g || a.i - b.i)
      .slice(0, MOVE_CANDIDATES).map((x) => x.c);
    return [...prompt.choices.filter((c) => typeof c.action.unit !== 'string'), ...moves];
  },
  quickChoice(s, prompt, seat): Action | null {
    const f = top(s);
    const pick = (t: string) => prompt.choices.find((c) => c.action.type === t)?.action ?? null;
    if (prompt.kind === 'attack' && f?.proc === 'combat-phase') {
      // The best land attack by strength ratio, if good enough; otherwise end the phase (forced attacks first).
      let best: { a: Action; r: number } | null = null;
      for (const c of prompt.choices) {
        if (c.action.type !== 'attack' || c.action.mode !== 'land') continue;
        const r = attackRatio(s, seat as Side, c.action.hex as string);
        if (!best || r > best.r) best = { a: c.action, r };
      }
      const end = pick('end-combat');
      if (!end) return best?.a ?? prompt.choices[0]!.action;
      return best && best.r >= ATTACK_RATIO ? best.a : end;
    }
    if (prompt.kind === 'attack' && f?.proc === 'combat-declare') {
      // The whole available force attacks (adds), then the attack is confirmed.
      return prompt.choices.find((c) => c.action.type === 'add')?.action ?? pick('confirm') ?? pick('cancel');
    }
    if (prompt.kind === 'support') return pick('add') ?? pick('confirm');
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
      const cw = combatWorld();
      const score = (id: string) => (!s.units[id]!.reduced && cw.facts(s, id).reduced ? 0 : 100) + factor(s, id);
      return [...prompt.choices].sort((a, b) => score(a.action.unit as string) - score(b.action.unit as string))[0]?.action ?? null;
    }
    if (prompt.kind === 'advance') {
      // Take the vacated hex with one unit; the rest hold the line.
      const a = prompt.choices.find((c) => c.action.type !== 'done');
      const occupied = a && Object.values(s.units).some((u) => u.where === a.action.hex && combatWorld().sideOf(s, a.action.unit as string) === seat);
      return a && !occupied ? a.action : pick('done');
    }
    return null;
  },
  report(s) {
    const f = figures(s);
    const milestones: Record<string, boolean> = {};
    for (const [c, st] of Object.entries(s.countries)) if (st.status === 'conquered') milestones[`${c} conquered`] = true;
    return {
      turn: s.turn, turnLabel: turnLabel(s.turn),
      production: { 'axis objectives': f.objectives.axis, 'allied objectives': f.objectives.allies },
      milestones,
    };
  },
  victoryLevel: (s) => s.outcome?.result.replace(/ \(.*$/, '') ?? 'unfinished',
  explain(s, seat, action) {
    if (action.type === 'attack' && action.mode === 'land') {
      return `strength ratio ${attackRatio(s, seat as Side, action.hex as string).toFixed(1)} to 1 with every unit that can join (2WW 9.1.1)`;
    }
    return null;
  },
};


