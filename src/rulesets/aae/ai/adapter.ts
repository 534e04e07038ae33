// The A&A Europe AI adapter: standing rules for every decision (policy.ts) and scoring terms of a position
// (assess.ts: material, production, objectives, victory) for the general planner. A&A hides nothing but the dice, so
// the seat's view is the state without its generator.
import { createRng, type SeatView } from '../../../engine/index.ts';
import type { AiAdapter, PositionReport } from '../../../ai/types.ts';
import type { Power } from '../data/index.ts';
import { incomeOf } from '../income.ts';
import type { AaeState } from '../state.ts';
import { capitalOf, controller, sideOf } from '../world.ts';
import { WEIGHTS, evaluateSide, terms } from './assess.ts';
import { decide } from './policy.ts';

const side = (seat: string) => sideOf(seat as Power);

/** Named terms for the general planner (src/ai on its way to main): the same figures `evaluate` weighs. */
export const aaeTerms = {
  terms: (s: AaeState, seat: string) => terms(s, side(seat)),
  weights: WEIGHTS,
};

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
  quickChoice: (s, prompt) => decide(s, prompt),
  report(s): PositionReport {
    return {
      turn: s.round,
      turnLabel: `Round ${s.round}`,
      production: Object.fromEntries((['germany', 'ussr', 'uk', 'usa'] as const).map((p) => [p, incomeOf(s, p).total])),
      milestones: Object.fromEntries((['ussr', 'uk', 'usa', 'germany'] as const).map((p) => [`${p} capital lost`, controller(s, capitalOf(p)) !== p])),
    };
  },
};
