// The legality check of one movement action (the movement procedure's choicesFor, the kernel's isLegal) against the
// group's whole list: on the movement prompts of random games every listed move, and every unit of the place sent to
// every destination listed there, is found legal exactly when the whole list holds it.
import { describe, expect, it } from 'vitest';
import { actionKey, allChoices, applyAction, choicesIn, createRng, nextInt, prompts, setupGame, type Action } from '../../engine/index.ts';
import { bkg } from './index.ts';
import { movement } from './phases.ts';
import type { BkgState } from './state.ts';

describe('BKG movement: the legality check of one action', () => {
  it.each(['basic-1939', 'advanced-1939'])('%s: choicesFor finds exactly the legal moves of the whole list', (scenario) => {
    let s = setupGame(bkg, scenario, {}, `choices-for-${scenario}`).state as BkgState;
    const rng = createRng(`choices-for-${scenario}`);
    let checked = 0, illegal = 0;
    for (let n = 0; n < 900 && !s.outcome; n++) {
      const p = prompts(bkg, s)[0]!;
      if (p.kind === 'move' && s.stack[s.stack.length - 1]!.proc === 'movement' && n % 3 === 0) {
        const f = s.stack[s.stack.length - 1]!;
        for (const g of p.groups ?? []) {
          const all = choicesIn(bkg, s, p.seat, g.key);
          const keys = new Set(all.map((c) => actionKey(c.action)));
          const tos = [...new Set(all.map((c) => c.action.to).filter((x): x is string => typeof x === 'string'))];
          const tries: Action[] = [...all.map((c) => c.action), ...(g.refs?.units ?? []).flatMap((u) => tos.map((to) => ({ type: 'move', units: [u], to })))];
          for (const a of tries) {
            const narrowed = movement.choicesFor!(s, f as never, p.seat, g.key, a);
            const legal = keys.has(actionKey(a));
            expect(narrowed.some((c) => actionKey(c.action) === actionKey(a)), `${p.seat} ${actionKey(a)}`).toBe(legal);
            checked++;
            if (!legal) illegal++;
          }
        }
      }
      const cs = allChoices(bkg, s, p);
      const a = cs[nextInt(rng, cs.length)]!.action;
      s = applyAction(bkg, s, p.seat, a).state;
    }
    expect(checked).toBeGreaterThan(500);
    expect(illegal).toBeGreaterThan(50);
  }, 300_000);
});
