// AI adapter for the kernel's test rule set (src/engine/testing/duel.ts): strength is everything (Duel 4).
import type { Frame, SeatView } from '../../engine/index.ts';
import { createRng } from '../../engine/index.ts';
import type { DuelState } from '../../engine/testing/duel.ts';
import type { AiAdapter } from '../../ai/types.ts';

type Side = 'red' | 'blue';
const other = (s: string): Side => (s === 'red' ? 'blue' : 'red');
const strength = (s: DuelState, side: Side) => s.units[side].reduce((a, b) => a + b, 0);

interface DuelView {
  units: Record<Side, number[]>;
  round: number;
  active: Side;
  bids: Record<string, number>;
  marker: number;
  maxRounds?: number;
}

export const duelAi: AiAdapter<DuelState> = {
  ruleset: 'duel',
  stateFromView(view: SeatView, seat, seed) {
    const v = view.state as unknown as DuelView;
    const kind = view.prompt?.kind;
    // Rebuild the procedure stack from the question asked (Duel 2 bid, 3 turn, 3.3 loss allocation).
    const stack: Frame[] = [{ proc: 'game' }];
    if (kind === 'bid') stack.push({ proc: 'bid' });
    else if (kind === 'allocate-loss') stack.push({ proc: 'end-turn' }, { proc: 'allocate-loss', victim: seat });
    else stack.push({ proc: 'turn' });
    return {
      ruleset: 'duel', scenario: view.scenario, rng: createRng(`ai-determinisation|${seed}`), stack, seq: view.seq,
      outcome: view.outcome, sealed: {},
      units: { red: [...v.units.red], blue: [...v.units.blue] }, round: v.round,
      // The duel view does not show the round limit; without it the AI plays as if the game were long.
      maxRounds: v.maxRounds ?? 1_000_000, active: v.active, bids: { ...v.bids }, marker: v.marker,
    };
  },
  // Duel 4: the side that keeps units wins; strength is all there is.
  terms: (s, seat) => ({ material: (strength(s, seat as Side) - strength(s, other(seat))) / 6 }),
  weights: { material: 1 },
  // Losing the weakest unit keeps the strength that decides Duel 4 the same; any allocation is as good.
  quickChoice(s, prompt) {
    if (prompt.kind !== 'allocate-loss') return null;
    const list = s.units[prompt.seat as Side];
    let best = 0;
    list.forEach((x, i) => { if (x < list[best]!) best = i; });
    return prompt.choices.find((c) => c.action.unit === best)?.action ?? null;
  },
  report: (s) => ({ turn: s.round, production: { red: strength(s, 'red'), blue: strength(s, 'blue') } }),
};
