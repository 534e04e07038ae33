// Test helpers for ETO rules: take the prompt's choice whose action has the given fields.
//   act(g, 'axis', { type: 'bt-attack', target: 'W3732' })   // throws, naming the prompt and its choices, if none has them
import { type Action, allChoices, type Choice, Game, promptFor, viewFor } from '../../engine/index.ts';
import { eto } from './index.ts';
import { solitairePoland } from './scripted.ts';
import type { EtoState } from './state.ts';

export type Seat = 'axis' | 'allies';

/** Every choice of `seat`'s prompt in state `s`, those of a structured prompt's groups included ([] when not asked). */
export function choicesFor(s: EtoState, seat: Seat): Choice[] {
  const p = promptFor(eto, s, seat);
  return p ? allChoices(eto, s, p) : [];
}

/** The action of `seat`'s prompt in state `s` whose fields include `partial`. */
export function pick(s: EtoState, seat: Seat, partial: Record<string, unknown>): Action {
  const p = promptFor(eto, s, seat);
  if (!p) throw new Error(`no prompt for ${seat}; status ${eto.describe!(s)}; stack ${s.stack.map((f) => `${f.proc}:${String(f.stage)}`).join(' > ')}`);
  const c = allChoices(eto, s, p).find((ch) => Object.entries(partial).every(([k, v]) => JSON.stringify(ch.action[k]) === JSON.stringify(v)));
  if (!c) throw new Error(`no choice ${JSON.stringify(partial)} in "${p.text}": ${allChoices(eto, s, p).map((x) => JSON.stringify(x.action)).slice(0, 40).join(' ')}`);
  return c.action;
}

const SOLO = Symbol('solitaire Poles');

/** Scenario 4's solitaire Polish player answers every Polish prompt now pending (as an AI seat of the Poles does). */
export function polesPlay(g: Game<EtoState>): void {
  for (let p = promptFor(eto, g.state, 'allies'); p && !g.state.outcome; p = promptFor(eto, g.state, 'allies')) {
    const a = solitairePoland.choose(viewFor(eto, g.state, 'allies'), p, 'allies');
    if (!a) throw new Error(`the solitaire Poles have no answer to "${p.text}" (${p.rule})`);
    g.act('allies', a);
  }
}

/** A Case White game whose Polish side is the scenario's solitaire player: set up, and answering after every `act`. */
export function soloGame(seed: string): Game<EtoState> {
  const g = Game.create(eto, 'case-white', {}, seed);
  (g as unknown as Record<symbol, boolean>)[SOLO] = true;
  polesPlay(g);
  return g;
}

/** Play `seat`'s choice with the fields of `partial` (in a solitaire game the Poles then answer). */
export function act(g: Game<EtoState>, seat: Seat, partial: Record<string, unknown>): void {
  g.act(seat, pick(g.state, seat, partial));
  if ((g as unknown as Record<symbol, boolean>)[SOLO]) polesPlay(g);
}

/**
 * Case White's example of play up to Kleist's breakthrough (TC-CMD-1, TC-BT-1): the example German deployment, the
 * combined offensive, HQ North staying and HQ South moving to W3230, Kleist's stack in W3833 moved to W3733.
 */
export function exampleToKleist(g: Game<EtoState>): void {
  act(g, 'axis', { type: 'example' });
  act(g, 'axis', { type: 'offensive', method: 'hq', leader: 'hq-north', partners: ['hq-south'] });
  act(g, 'axis', { type: 'hq-stay', unit: 'hq-north' });
  act(g, 'axis', { type: 'hq-move', unit: 'hq-south', to: 'W3230' });
  act(g, 'axis', { type: 'breakthrough', hex: 'W3833' });
  act(g, 'axis', { type: 'bt-move', to: 'W3733' });
}

/**
 * On from `exampleToKleist`: Kleist's attack on W3732 with the bomber (TC-BT-1, die 2: DEx), his armor's advance and
 * move to W3532, then Guderian's stack in W3133 chosen for the next breakthrough, staying put (TC-BT-2 follows).
 */
export function exampleToGuderian(g: Game<EtoState>): void {
  exampleToKleist(g);
  g.force([2]);
  act(g, 'axis', { type: 'bt-attack', target: 'W3732' });
  act(g, 'axis', { type: 'fly', air: 'de-bomber' });
  act(g, 'axis', { type: 'done' });
  act(g, 'axis', { type: 'advance', unit: 'de-armor-1' });
  act(g, 'axis', { type: 'bt-move', to: 'W3532' });
  act(g, 'axis', { type: 'breakthrough', hex: 'W3133' });
  act(g, 'axis', { type: 'bt-stay' });
}
