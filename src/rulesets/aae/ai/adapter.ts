// The A&A Europe AI adapter: standing rules for every decision (policy.ts) and scoring terms of a position
// (assess.ts: material, production, objectives, victory) for the general planner. A&A hides nothing but the dice, so
// the seat's view is the state without its generator.
import { createRng, type Action, type Choice, type Prompt, type SeatView } from '../../../engine/index.ts';
import type { AiAdapter, HistoricalMilestone, PositionReport } from '../../../ai/types.ts';
import { NATIONS, type Power } from '../data/index.ts';
import { NATION_NAMES, hasSurrendered } from '../house/surrender.ts';
import { incomeOf } from '../income.ts';
import type { AaeState } from '../state.ts';
import { areaName, capitalOf, controller, playingSide, sideOf } from '../world.ts';
import { WEIGHTS, evaluateSide, terms } from './assess.ts';
import { decide } from './policy.ts';

const side = (seat: string) => playingSide(seat as Power);

/** Named terms for the general planner (src/ai on its way to main): the same figures `evaluate` weighs. */
export const aaeTerms = {
  terms: (s: AaeState, seat: string) => terms(s, side(seat)),
  weights: WEIGHTS,
};

/** The battle decisions the planner weighs at the root (press on or retreat, the defender's stand, the pursuit). */
const PLANNED = new Set(['press-on', 'stand', 'pursue']);

export function plannedDecision(s: AaeState, prompt: Prompt): boolean {
  return s.stack[s.stack.length - 1]?.proc === 'battle' && prompt.choices.some((c) => PLANNED.has(c.action.type));
}

const inBattle = (s: AaeState): boolean => s.stack.some((f) => f.proc === 'battle');

/** The standing rule's choice first, then the others in the prompt's order. */
function standingFirst(s: AaeState, prompt: Prompt, all: Choice[]): Choice[] {
  const best = JSON.stringify(decide(s, prompt));
  const i = all.findIndex((c) => JSON.stringify(c.action) === best);
  return i < 0 ? all : [all[i]!, ...all.slice(0, i), ...all.slice(i + 1)];
}

export const aaeAi: AiAdapter<AaeState> = {
  ...aaeTerms,
  ruleset: 'aae',
  stateFromView(view: SeatView, _seat, seed) {
    const v = view.state as unknown as AaeState;
    return { ...structuredClone(v), rng: createRng(`ai-determinisation|${seed}`), sealed: {} };
  },
  evaluate: (s, seat) => evaluateSide(s, side(seat)),
  terminalValue(s, seat) {
    const w = s.outcome?.winner;
    if (!w) return 0;
    return sideOf(w as Power) === side(seat) ? 1 : -1;
  },
  sameSide: (a, b) => side(a) === side(b),
  // The levels differ in how the planner weighs the battle decisions: the standing rule's choice against the others,
  // each played out to the battle's end through sampled dice (one sample at easy, two at normal, four at hard; never
  // enumerated: the planner's enumeration branches on totals, and these rules read every die). Inside a plan every
  // decision of the battle is the standing rule's; the plan is judged when the battle is over.
  levels: {
    easy: { maxPositions: 24, minPositions: 4, perDecision: 1, population: 1, rootWidth: 2, poolWidth: 1, rolls: 0, determinisations: 1, maxBranches: 0, samples: 1 },
    normal: { maxPositions: 120, minPositions: 12, perDecision: 4, population: 2, rootWidth: 3, poolWidth: 1, rolls: 0, determinisations: 1, maxBranches: 0, samples: 2 },
    hard: { maxPositions: 400, minPositions: 40, perDecision: 8, population: 3, rootWidth: 4, poolWidth: 2, reply: 0, rolls: 0, determinisations: 1, maxBranches: 0, samples: 4 },
  },
  samePlan: () => false,
  candidates: (s, prompt, _seat, source) => (plannedDecision(s, prompt) ? standingFirst(s, prompt, source.all()) : null),
  quickChoice(s, prompt, _seat, inPlan): Action | null {
    if (!inPlan) return plannedDecision(s, prompt) ? null : decide(s, prompt);
    // Playing a plan out: the battle by the standing rules, then judged.
    return inBattle(s) ? decide(s, prompt) : null;
  },
  report(s): PositionReport {
    return {
      turn: s.round,
      turnLabel: `Round ${s.round}`,
      production: Object.fromEntries((['germany', 'ussr', 'uk', 'usa'] as const).map((p) => [p, incomeOf(s, p).total])),
      milestones: aaeMilestones(s),
    };
  },
  history: () => AAE_HISTORY,
};

/** The four capitals (the victory cities) as taken by the enemy, and the Axis Minor nations' surrenders (hr-surrender). */
export function aaeMilestones(s: AaeState): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const p of ['ussr', 'uk', 'usa', 'germany'] as const) {
    const c = controller(s, capitalOf(p));
    out[`${areaName(capitalOf(p))} taken`] = c !== null && sideOf(c) !== sideOf(p);
  }
  for (const n of NATIONS) out[`${NATION_NAMES[n]} surrendered`] = hasSurrendered(s, n);
  return out;
}

/**
 * History, not rules: when these happened in the real war, in this game's rounds (ruling 26: round 1 is Spring 1941,
 * a season a round; a winter runs December to February). Moscow, London and Washington never fell.
 */
const AAE_HISTORY: HistoricalMilestone[] = [
  { milestone: 'Italy surrendered', turn: 11, label: 'Autumn 1943', source: "Italy's armistice announced 8 September 1943" },
  { milestone: 'Rumania surrendered', turn: 14, label: 'Summer 1944', source: "King Michael's coup and Rumania's change of side, 23 August 1944" },
  { milestone: 'Bulgaria surrendered', turn: 15, label: 'Autumn 1944', source: "Bulgaria's coup and ceasefire with the Soviet Union, 9 September 1944" },
  { milestone: 'Finland surrendered', turn: 15, label: 'Autumn 1944', source: 'Moscow Armistice, 19 September 1944' },
  { milestone: 'Hungary surrendered', turn: 16, label: 'Winter 1944', source: 'Budapest taken by the Red Army, 13 February 1945' },
  { milestone: 'Germany taken', turn: 17, label: 'Spring 1945', source: 'Berlin garrison surrendered 2 May 1945 (past the round limit of 16)' },
];
