// What a player is shown of a structured prompt (the kernel's playerPrompt, through viewFor): on random games, every
// group shown holds a legal choice and every group that holds one is shown, in movement, rail, rebasing and reactions.
import { describe, expect, it } from 'vitest';
import { allChoices, applyAction, choicesIn, createRng, nextInt, prompts, setupGame, viewFor } from '../../engine/index.ts';
import { bkg } from './index.ts';
import type { BkgState } from './state.ts';

describe('BKG: groups with no legal move are not shown to a player', () => {
  it.each(['basic-1939', 'advanced-1939'])('%s', (scenario) => {
    let s = setupGame(bkg, scenario, {}, `shown-${scenario}`).state as BkgState;
    const rng = createRng(`shown-${scenario}`);
    let asked = 0, dropped = 0;
    const procs = new Set<string>();
    for (let n = 0; n < 250 && !s.outcome; n++) {
      const ps = prompts(bkg, s);
      for (const p of ps) {
        if (!p.groups?.length) continue;
        const holding = p.groups.filter((g) => choicesIn(bkg, s, p.seat, g.key).length > 0).map((g) => g.key);
        const shown = viewFor(bkg, s, p.seat).prompt!;
        expect(shown.groups!.map((g) => g.key), `${p.seat} at ${s.seq}`).toEqual(holding);
        expect(shown.choices).toEqual(p.choices);
        asked++;
        if (holding.length < p.groups.length) {
          dropped += p.groups.length - holding.length;
          procs.add(s.stack[s.stack.length - 1]!.proc);
        }
      }
      const p = ps[0]!;
      const cs = allChoices(bkg, s, p);
      s = applyAction(bkg, s, p.seat, cs[nextInt(rng, cs.length)]!.action).state;
    }
    expect(asked).toBeGreaterThan(100);
    expect(dropped).toBeGreaterThan(10);
    expect([...procs].sort()).toContain('reaction');
  }, 120_000);
});
