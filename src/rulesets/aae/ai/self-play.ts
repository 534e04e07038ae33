// Whole A&A Europe games between the AI's standing rules and the uniformly random player, through the kernel (for the
// AI's tests and `npm run bench:ai`; the server and the CLI reach the AI through src/ai).
import { allChoices, applyAction, createRng, nextInt, prompts, setupGame, type Options, type Outcome } from '../../../engine/index.ts';
import type { Power } from '../data/index.ts';
import { aae } from '../index.ts';
import type { AaeState } from '../state.ts';
import { decide } from './policy.ts';

export interface SelfPlayResult { outcome: Outcome | null; actions: number; rounds: number; msPerTurn: Record<Power, number[]> }

export function selfPlay(o: { seed: string; ai: Power[]; options?: Options; maxActions?: number }): SelfPlayResult {
  let s = setupGame(aae, 'spring-1941', o.options ?? {}, o.seed).state as AaeState;
  const rnd = createRng(`random-player|${o.seed}`);
  const msPerTurn: Record<Power, number[]> = { germany: [], ussr: [], uk: [], usa: [], minor: [], vichy: [] };
  let turnKey = '';
  let n = 0;
  const max = o.maxActions ?? 60_000;
  while (!s.outcome && n < max) {
    const p = prompts(aae, s)[0];
    if (!p) throw new Error(`aae self-play: nobody to act (${s.stack.map((f) => f.proc).join(' > ')})`);
    const seat = p.seat as Power;
    const t0 = performance.now();
    let action;
    if (o.ai.includes(seat)) action = decide(s, p);
    else {
      const all = allChoices(aae, s, p);
      action = all[nextInt(rnd, all.length)]!.action;
    }
    const key = `${s.round}|${s.power}`;
    if (key !== turnKey) { turnKey = key; msPerTurn[s.power].push(0); }
    s = applyAction(aae, s, seat, action).state;
    const list = msPerTurn[seat];
    if (o.ai.includes(seat) && list.length) list[list.length - 1]! += performance.now() - t0;
    n++;
  }
  return { outcome: s.outcome, actions: n, rounds: s.round, msPerTurn };
}
