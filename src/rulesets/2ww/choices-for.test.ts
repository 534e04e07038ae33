// The legality check of one movement action (the movement procedure's choicesFor, the kernel's isLegal) against the
// unit's whole list (choicesIn): on the movement prompts of random campaigns every listed move, and each unit sent by
// each kind of move to other units' destinations, as an assault, onto other units' fleets and ashore, is found legal
// exactly when the whole list holds it (2WW 8, 8.1.1-8.1.4, 8.2, 8.3, 10.1).
import { describe, expect, it } from 'vitest';
import { actionKey, allChoices, applyAction, choicesIn, createRng, nextInt, prompts, setupGame, type Action } from '../../engine/index.ts';
import { twoWW } from './index.ts';
import { movementPhase, type MovementFrame } from './movement.ts';
import type { TwoWWState } from './state.ts';

/** Actions to try for `unit`: a quarter of its own list, other kinds of moves to the destinations listed in the prompt, boarding, landing. */
function tries(unit: string, own: Action[], dests: string[], fleets: string[]): Action[] {
  const out = own.filter((_, i) => i % 4 === 0 || i === own.length - 1);
  for (const to of dests) for (const type of ['move', 'rail', 'airdrop']) out.push({ type, unit, to });
  for (const to of dests.slice(0, 3)) out.push({ type: 'move', unit, to, assault: true });
  for (const fleet of fleets) out.push({ type: 'embark', unit, fleet });
  out.push({ type: 'land', unit }, { type: 'move', unit, to: 'no-such-hex' });
  return out;
}

describe('2WW movement: the legality check of one action', () => {
  it.each(['choices-for-1', 'choices-for-2'])('%s: choicesFor finds exactly the legal moves of the whole list', (seed) => {
    let s = setupGame(twoWW, 'campaign-1939', { quickSetup: true }, seed).state as TwoWWState;
    const rng = createRng(seed);
    let checked = 0, illegal = 0, positions = 0;
    const kinds = new Set<string>();
    for (let n = 0; n < 1600 && !s.outcome; n++) {
      const p = prompts(twoWW, s)[0]!;
      const f = s.stack[s.stack.length - 1]!;
      if (f.proc === 'movement-phase' && p.groups?.length && n % 20 === 0) {
        positions++;
        const lists = p.groups.map((g) => choicesIn(twoWW, s, p.seat, g.key));
        const all = lists.flat();
        // A sample of the destinations listed for any unit (land, air and fleets alike) and the fleets boarded.
        const dests = [...new Set(all.map((c) => c.action.to).filter((x): x is string => typeof x === 'string'))];
        const sample = dests.filter((_, i) => i % Math.max(1, Math.floor(dests.length / 6)) === 0);
        const fleets = [...new Set(all.map((c) => c.action.fleet).filter((x): x is string => typeof x === 'string'))];
        p.groups.forEach((g, i) => {
          const keys = new Set(lists[i]!.map((c) => actionKey(c.action)));
          for (const a of tries(g.key, lists[i]!.map((c) => c.action), sample, fleets)) {
            const narrowed = movementPhase.choicesFor!(s, f as MovementFrame, p.seat, g.key, a);
            const legal = keys.has(actionKey(a));
            expect(narrowed.some((c) => actionKey(c.action) === actionKey(a)), `${seed} seq ${s.seq} ${p.seat} ${actionKey(a)}`).toBe(legal);
            // What it lists is the whole list's own choice (label and refs too).
            for (const c of narrowed) if (actionKey(c.action) === actionKey(a)) expect(c).toEqual(lists[i]!.find((x) => actionKey(x.action) === actionKey(a)));
            checked++;
            if (legal) kinds.add(`${a.type}${a.assault ? '+assault' : ''}`);
            else illegal++;
          }
        });
        // Another seat, or a unit of the other side, has no choice.
        const foe = p.seat === 'axis' ? 'allies' : 'axis';
        expect(movementPhase.choicesFor!(s, f as MovementFrame, foe, p.groups[0]!.key, lists[0]![0]?.action ?? { type: 'end-phase' })).toEqual([]);
      }
      const cs = allChoices(twoWW, s, p);
      s = applyAction(twoWW, s, p.seat, cs[nextInt(rng, cs.length)]!.action).state as TwoWWState;
    }
    expect(positions).toBeGreaterThan(25);
    expect(checked).toBeGreaterThan(5000);
    expect(illegal).toBeGreaterThan(2000);
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['embark', 'move', 'rail']));
  }, 600_000);
});
