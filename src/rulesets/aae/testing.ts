// Test helpers for the A&A Europe rules: a position on the real map with chosen units, started at a chosen phase,
// played with forced dice.
//
//   const rig = aaeRig();
//   let s = rig.start(position({ units: [u('germany', 'infantry', 'poland', 3)] }), 'combat-move', 'germany');
//   s = rig.play(s, 'germany', { type: 'move', units: ['u1'], to: 'east-poland' });
//   rig.force(s, [1, 2, 6]);   // the next dice
import { allChoices, applyAction, createRng, forceDice, prompts, setupGame } from '../../engine/index.ts';
import type { Action, Choice, GameEvent, Options } from '../../engine/index.ts';
import { stackAt, type StartPhase } from './stacks.ts';
import type { Power, UnitType } from './data/index.ts';
import { aae } from './index.ts';
import { SCENARIO, initialState } from './setup.ts';
import type { AaeState, Phase, Unit } from './state.ts';

type Body = ReturnType<typeof initialState>;

export interface UnitSpec { power: Power; type: UnitType; at: string; count?: number; extra?: Partial<Unit> }

export const u = (power: Power, type: UnitType, at: string, count = 1, extra: Partial<Unit> = {}): UnitSpec => ({ power, type, at, count, extra });

/** The starting position, with `units` (if given) instead of the set-up's and some control and IPCs changed. */
export function position(p: {
  units?: UnitSpec[]; control?: Record<string, Power | null>; ipcs?: Partial<Record<Power, number>>; round?: number;
  options?: Options;
} = {}): Body {
  const body = initialState({ bid: false, ...(p.options ?? {}) });
  if (p.units) {
    body.units = [];
    let n = 1;
    for (const spec of p.units) {
      for (let i = 0; i < (spec.count ?? 1); i++) body.units.push({ id: `u${n++}`, type: spec.type, power: spec.power, at: spec.at, ...(spec.extra ?? {}) });
    }
    body.nextId = n;
  }
  Object.assign(body.control, p.control ?? {});
  Object.assign(body.ipcs, p.ipcs ?? {});
  if (p.round) body.round = p.round;
  return body;
}

export { stackAt, type StartPhase } from './stacks.ts';

export function aaeRig(seed = 'test') {
  const events: GameEvent[] = [];
  return {
    events,
    /** `faces` are forced before the rules first advance (dice rolled on the way to the first decision use them). */
    start(body: Body, phase: StartPhase, power: Power, faces: number[] = []): AaeState {
      const stack = stackAt(phase, power);
      const rng = createRng(seed);
      if (faces.length) forceDice(rng, faces);
      const r = setupGame({ ...aae, setup: () => ({ ...body, rng, power, phase: (phase === 'start' ? 'purchase' : phase) as Phase, stack }) }, SCENARIO, {}, seed);
      events.length = 0;
      events.push(...r.events);
      return r.state;
    },
    play(s: AaeState, seat: Power, a: Action): AaeState {
      const r = applyAction(aae, s, seat, a);
      events.push(...r.events);
      return r.state;
    },
    /** Force the next dice (on a copy: states are never changed in place). */
    force(s: AaeState, faces: number[]): AaeState {
      const c = structuredClone(s);
      forceDice(c.rng, faces);
      return c;
    },
    choices(s: AaeState): Choice[] {
      const p = prompts(aae, s)[0];
      return p ? allChoices(aae, s, p) : [];
    },
    prompt: (s: AaeState) => prompts(aae, s)[0],
    /** The first choice whose label matches. */
    pick(s: AaeState, label: RegExp): Action {
      const c = this.choices(s).find((x) => label.test(x.label));
      if (!c) throw new Error(`no choice matches ${label}: ${this.choices(s).map((x) => x.label).join(' | ')}`);
      return c.action;
    },
    log: () => events.map((e) => e.text),
  };
}

export const unitsOf = (s: AaeState, power: Power, at: string, type?: UnitType): Unit[] =>
  s.units.filter((x) => x.power === power && x.at === at && (!type || x.type === type));
