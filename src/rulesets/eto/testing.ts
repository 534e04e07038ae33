// Test helpers for ETO rules: take the prompt's choice whose action has the given fields.
//   act(g, 'axis', { type: 'bt-attack', target: 'W3732' })   // throws, naming the prompt and its choices, if none has them
import { type Action, allChoices, type Choice, Game, promptFor, prompts, viewFor } from '../../engine/index.ts';
import { eto } from './index.ts';
import { navalNeighbours } from './map.ts';
import { solitairePoland } from './scripted.ts';
import type { EtoState } from './state.ts';

export type Seat = 'axis' | 'allies';

/** Every choice of `seat`'s prompt in state `s`, those of a structured prompt's groups included ([] when not asked). */
export function choicesFor(s: EtoState, seat: Seat): Choice[] {
  const p = promptFor(eto, s, seat);
  return p ? allChoices(eto, s, p) : [];
}

/** A position made by hand: the game's state becomes a fresh copy that may be edited (settled states are frozen). */
export function editable(g: Game<EtoState>): EtoState {
  g.state = structuredClone(g.state);
  return g.state;
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

const c0 = (cs: Choice[]): Choice => cs[0]!;

/** Kiel, scenario 5's German port nearest Norway. */
export const KIEL = 'W3924';

/** Scenario 5 set up with the German units in Kiel (those of `placed` where it says), the armor in Hamburg, every German ship in Kiel's port; the Germans go first. */
export function germansInKiel(seed: string, placed: Record<string, string> = {}): Game<EtoState> {
  const g = Game.create(eto, 'northward-strike', {}, seed);
  for (let p = promptFor(eto, g.state, 'axis') ?? promptFor(eto, g.state, 'allies'); p && p.rule.includes('[5.2]'); p = promptFor(eto, g.state, 'axis') ?? promptFor(eto, g.state, 'allies')) {
    const cs = choicesFor(g.state, p.seat as 'axis' | 'allies');
    const own = placed[String(c0(cs).action.unit ?? '')];
    const want = (own ? cs.find((c) => c.action.hex === own) : undefined) ?? cs.find((c) => c.action.hex === KIEL && c.action.unit !== 'de-armor' || c.action.space === KIEL && c.action.inPort)
      ?? cs.find((c) => c.action.hex === 'W3824') ?? cs[0]!;
    g.act(p.seat, want.action);
  }
  act(g, 'axis', { type: 'first', side: 'axis' });
  return g;
}

export const PASS = /^(no-interception|intercept-done|no-more-air-attacks|end-naval-movement|end-naval-attacks|air-done|pass|done|no|stop|replenish-done|first)$/;

/** Play on, every seat declining or ending (the first choice when it must choose), until `want` finds a choice of `seat`; play it unless `stop`. */
export function playUntil(g: Game<EtoState>, seat: 'axis' | 'allies', want: (c: Choice) => boolean, stop = false): Choice {
  for (let n = 0; n < 500; n++) {
    const p = prompts(eto, g.state)[0];
    if (!p) throw new Error('nobody is asked');
    const cs = choicesFor(g.state, p.seat as 'axis' | 'allies');
    const hit = p.seat === seat ? cs.find(want) : undefined;
    if (hit) { if (!stop) g.act(p.seat, hit.action); return hit; }
    g.act(p.seat, (cs.find((c) => PASS.test(String(c.action.type)) && c.action.type !== 'done') ?? cs.find((c) => PASS.test(String(c.action.type))) ?? cs[0]!).action);
  }
  throw new Error('no such choice within 500 decisions');
}

/** The cheapest naval path from `from` to `to` (7.2). */
export function seaPath(s: EtoState, from: string, to: string): string[] {
  const best = new Map<string, { d: number; path: string[] }>([[from, { d: 0, path: [] }]]);
  const q = [from];
  while (q.length) {
    const h = q.shift()!;
    for (const n of navalNeighbours(s, h)) {
      const d = best.get(h)!.d + n.cost;
      if (d < (best.get(n.space)?.d ?? Infinity)) { best.set(n.space, { d, path: [...best.get(h)!.path, n.space] }); q.push(n.space); }
    }
  }
  return best.get(to)!.path;
}

/** Norway invaded (39.2), the Allies setting it up with their first choices (44.2). */
export function invadeNorway(g: Game<EtoState>): void {
  act(g, 'axis', { type: 'invade', nation: 'norway' });
  while (g.state.stack[g.state.stack.length - 1]!.proc === 'set-up') g.act('allies', choicesFor(g.state, 'allies')[0]!.action);
}

/** The selected ships leave Kiel's port with what they carry and stop at `to` (7.2, 10.3). */
export function sailFromKiel(g: Game<EtoState>, to: string): void {
  act(g, 'axis', { type: 'move' });
  act(g, 'axis', { type: 'leave-port' });
  for (const space of seaPath(g.state, KIEL, to)) playUntil(g, 'axis', (c) => c.action.type === 'enter' && c.action.space === space);
  playUntil(g, 'axis', (c) => c.action.type === 'stop');
}

/** The stack off `hex` attacks it from the sea (10.6). */
export function declareAssault(g: Game<EtoState>, hex: string): void {
  playUntil(g, 'axis', (c) => c.action.type === 'offensive' && c.action.method === 'stack' && c.action.hex === hex);
  playUntil(g, 'axis', (c) => c.action.type === 'assault' && c.action.target === hex);
}

/** The declared attack resolved with `dice` forced, both seats passing (else the first choice) until it is over. */
export function resolveAttack(g: Game<EtoState>, dice: number[]): void {
  g.force(dice);
  act(g, 'axis', { type: 'go' });
  for (let n = 0; n < 50 && g.state.stack.some((f) => f.proc === 'land-attack'); n++) {
    const p = prompts(eto, g.state)[0]!;
    const cs = choicesFor(g.state, p.seat as 'axis' | 'allies');
    g.act(p.seat, (cs.find((c) => PASS.test(String(c.action.type))) ?? cs[0]!).action);
  }
}
