// Optional 9.1, aircraft searches: a German aircraft from Tripolitania watches the Aegean Sea; a BE task force sailing
// through is searched for (advanced 6.4.3 E, the CV/Air column); the aircraft returns after Germany's next movement.
import { describe, expect, it } from 'vitest';
import { choicesIn, forceDice } from '../../engine/index.ts';
import { bkg } from './index.ts';
import { bkgInvariants } from './invariants.ts';
import { endSearches, passingSearch } from './naval.ts';
import { segment } from './phases.ts';
import { advancedAxisMovement, ctxOn } from './testing.ts';

const AIR = 'germany-air2-34'; // Air 2 in Tripolitania
const TF = 'be-tf3-156'; // TF 3 in the Levantine Sea
const ON = { aircraftSearches: true };
const observes = (p: ReturnType<typeof advancedAxisMovement>) =>
  choicesIn(bkg, p.s, 'germany', 'tripolitania').filter((c) => c.action.type === 'observe').map((c) => c.action.to);

/** Germany's aircraft watching the Aegean Sea, placed in the 2/41 movement phase. */
function watching() {
  const p = advancedAxisMovement(() => undefined, ON);
  p.act('germany', { type: 'observe', unit: AIR, to: 'aegean-sea' });
  return p;
}

describe('BKG optional 9.1 aircraft searches', () => {
  it('9.1 in the movement phase an aircraft flies to a sea zone in its range and watches it; it moves no more', () => {
    expect(observes(advancedAxisMovement())).toEqual([]);
    expect(observes(advancedAxisMovement(() => undefined, ON))).toEqual(['adria', 'aegean-sea', 'ionian-sea', 'tyrrhenian-sea']);
    const p = watching();
    expect(p.s.units[AIR]).toMatchObject({ where: 'aegean-sea', observe: p.s.turn, done: true });
    expect(p.events.at(-1)!.rule).toBe('BKG advanced 9.1');
    expect(choicesIn(bkg, p.s, 'germany', 'aegean-sea')).toEqual([]);
    expect(bkgInvariants(p.s)).toEqual([]);
    // Ruling 98: one watcher of a side in a sea zone.
    expect(choicesIn(bkg, p.s, 'germany', 'tripolitania').some((c) => c.action.type === 'observe' && c.action.to === 'aegean-sea')).toBe(false);
  });

  it('9.1 a BE task force sailing through the watched Aegean Sea is searched for: found on 8 or less, it stops there', () => {
    const c = ctxOn(watching().s);
    forceDice(c.state.rng, [5, 3]);
    expect(passingSearch(c, [c.state.units[TF]!], ['levantine-sea', 'aegean-sea', 'ionian-sea'], 'allies')).toBe('aegean-sea');
    expect(c.events.map((e) => e.text)).toEqual(['Axis search in Aegean Sea (success on 8 or less)', 'Axis search roll 8: found', 'The Allied group is found in Aegean Sea and must stop']);
    const missed = ctxOn(watching().s);
    forceDice(missed.state.rng, [6, 3]);
    expect(passingSearch(missed, [missed.state.units[TF]!], ['levantine-sea', 'aegean-sea', 'ionian-sea'], 'allies')).toBe(null);
    // Without a watcher nobody searches there.
    const none = ctxOn(advancedAxisMovement(() => undefined, ON).s);
    expect(passingSearch(none, [none.state.units[TF]!], ['levantine-sea', 'aegean-sea', 'ionian-sea'], 'allies')).toBe(null);
    expect(none.events).toEqual([]);
  });

  it('9.1 the watch lasts past the searches of this turn and ends with Germany\'s next movement phase (ruling 98)', () => {
    const p = watching();
    const c = ctxOn(p.s);
    endSearches(c); // aircraft at sea without a combat go home; the watcher stays
    expect(c.state.stack.some((f) => f.proc === 'land-air')).toBe(false);
    const react = (turn: number) => {
      const k = ctxOn(p.s);
      k.state.turn = turn;
      const f = { proc: 'segment' as const, side: 'axis' as const, step: 'react' as const };
      k.state.stack.push(f);
      segment.run!(k, f);
      return k.state;
    };
    expect(react(p.s.turn).stack.at(-1)).toMatchObject({ proc: 'segment', step: 'combat' }); // this turn: it stays
    const next = react(p.s.turn + 1);
    expect(next.stack.at(-1)).toEqual({ proc: 'land-air', place: 'aegean-sea', units: [AIR] });
    expect(next.stack.at(-2)).toMatchObject({ proc: 'segment', step: 'react', watchEnded: true });
    expect(next.units[AIR]!.observe).toBeUndefined();
  });
});
