// Test helpers for BKG: play a game action by action with forced dice, find units as the rulebook names them.
//   const p = new Play({ polishRetreat: true });
//   p.act('germany', { type: 'move', units: p.ids('germany', 'prussia', 'Inf 4'), to: 'western-poland' });
//   p.dice(5, 2, 6, ...);           // queued before the action that fights
//   p.unit('poland', 'western-poland', 'Inf 2')
import { expect } from 'vitest';
import { applyAction, forceDice, prompts, rollDice, setupGame, type Action, type Ctx, type GameEvent, type Options } from '../../engine/index.ts';
import { bkg } from './index.ts';
import type { Major } from './powers.ts';
import { type BkgState, type Unit, unitLabel } from './state.ts';

export class Play {
  s: BkgState;
  events: GameEvent[] = [];
  constructor(options: Options = {}, scenario = 'basic-1939', seed = 'bkg-test') {
    const r = setupGame(bkg, scenario, options, seed);
    this.s = r.state;
    this.events.push(...r.events);
  }

  /** Apply one action (throws a RuleViolation when it is not legal now). */
  act(seat: Major, action: Action): this {
    if (Array.isArray(action.units)) action = { ...action, units: [...(action.units as string[])].sort() }; // choices list ids sorted
    const r = applyAction(bkg, this.s, seat, action);
    this.s = r.state;
    this.events.push(...r.events);
    return this;
  }

  /** Move units one by one (as a player picks them from a stack). */
  moveEach(seat: Major, units: string[], to: string): this {
    for (const id of units) this.act(seat, { type: 'move', units: [id], to });
    return this;
  }

  /** A position made by hand: `change` edits a fresh copy of the state (settled states are frozen). */
  edit(change: (s: BkgState) => void): this {
    this.s = structuredClone(this.s);
    change(this.s);
    return this;
  }

  /** Queue dice faces for the next rolls. */
  dice(...faces: number[]): this {
    forceDice(this.s.rng, faces);
    return this;
  }

  /** Every queued die has been rolled. */
  diceUsed(): void {
    expect(this.s.rng.forced).toEqual([]);
  }

  /** Units of a power at a place whose rulebook label ("Inf 3", "Inf 1 (B)", "HQ Guderian") matches. */
  ids(power: string, where: string, label?: string): string[] {
    return Object.values(this.s.units)
      .filter((u) => u.power === power && u.where === where && !u.aboard && (label === undefined || unitLabel(u) === label))
      .map((u) => u.id).sort();
  }

  unit(power: string, where: string, label: string, n = 0): string {
    const all = this.ids(power, where, label);
    if (!all[n]) throw new Error(`no ${power} ${label} #${n} at ${where} (there: ${this.describe(where)})`);
    return all[n]!;
  }

  describe(where: string): string {
    return Object.values(this.s.units).filter((u) => u.where === where).map((u) => `${u.power} ${unitLabel(u)}`).join(', ');
  }

  at(where: string): Unit[] {
    return Object.values(this.s.units).filter((u) => u.where === where);
  }

  /** Seats asked now and the rule they are asked under. */
  waiting(): string[] {
    return prompts(bkg, this.s).map((p) => `${p.seat}:${p.kind}`);
  }

  /** Texts of the events since `from`. */
  log(from = 0): string[] {
    return this.events.slice(from).map((e) => e.text);
  }
}

/** The 1941 reinforcements of 2/41, each on its first place as they come; `dice` answer the rolls after the last
 *  placement (initiative Axis then Allies, weather, Japanese-Chinese limits). */
export function placeReinforcements(p: Play, ...dice: number[]): void {
  for (;;) {
    const ps = prompts(bkg, p.s);
    const pl = ps.find((x) => x.kind === 'place');
    if (!pl) return;
    if (ps.length === 1 && pl.text.includes('(1 left)')) p.dice(...dice);
    p.act(pl.seat as Major, pl.choices![0]!.action);
  }
}

/** The 1941 set-up at the Axis movement of 2/41 (reinforcements as they come, Axis initiative 6 : 1, weather 4: good on
 *  both maps, Japanese-Chinese limits 1; no rail moves or rebasing); `change` makes the position on a fresh copy
 *  (settled states are frozen; nothing derived from the set-up is kept). */
export function advancedAxisMovement(change: (s: BkgState) => void = () => undefined, options: Options = {}): Play {
  const p = new Play(options, 'advanced-1941');
  placeReinforcements(p, 6, 1, 4, 1);
  for (const m of ['germany', 'italy', 'japan', 'germany', 'italy', 'japan'] as const) p.act(m, { type: 'end' }); // rail, rebasing
  expect(p.waiting()).toEqual(['germany:move', 'italy:move', 'japan:move']);
  p.s = structuredClone(p.s);
  change(p.s);
  return p;
}

/** A procedure context over a copy of `state` for calling rule functions directly (events collected, dice from the
 *  state's generator, stack changes applied to the copy). */
export function ctxOn(state: BkgState): Ctx<BkgState> & { events: GameEvent[] } {
  const s = structuredClone(state);
  const events: GameEvent[] = [];
  return {
    state: s,
    events,
    roll: (sides, count, purpose, rule, opts) => { const r = rollDice(s.rng, sides, count, purpose, rule, opts); events.push({ text: purpose, rule, roll: r }); return r; },
    log: (text, rule) => { events.push({ text, rule }); },
    irreversible: () => undefined,
    push: (proc, locals = {}) => { s.stack.push({ proc, ...locals }); },
    goto: (proc, locals = {}) => { s.stack[s.stack.length - 1] = { proc, ...locals }; },
    pop: () => { s.stack.pop(); },
    end: (outcome) => { s.outcome = outcome; s.stack = []; },
  };
}
