// Sea transport (10.1-10.6) on scenario 5's map: the rulebook's worked examples N1 (example of play, England to Le
// Havre: leaders ride free), N2 (10.2: the amphibious assault's STPs and sinkings) and N3 (10.1: STPs are change).
import { describe, expect, it } from 'vitest';
import { type Choice, Game, promptFor, prompts } from '../../engine/index.ts';
import { eto } from './index.ts';
import { assaultNeed, cargoOf, embarkChoices, need, points } from './sea-transport.ts';
import type { EtoState } from './state.ts';
import { controller, suppliedHexes } from './land.ts';
import { navalNeighbours } from './map.ts';
import { act, choicesFor } from './testing.ts';

const KIEL = 'W3924';

/** Scenario 5 set up with the German infantry and HQ M in Kiel, the armor in Hamburg, every German ship in Kiel's port. */
function germansInKiel(seed: string): Game<EtoState> {
  const g = Game.create(eto, 'northward-strike', {}, seed);
  for (let p = promptFor(eto, g.state, 'axis') ?? promptFor(eto, g.state, 'allies'); p && p.rule.includes('[5.2]'); p = promptFor(eto, g.state, 'axis') ?? promptFor(eto, g.state, 'allies')) {
    const cs = choicesFor(g.state, p.seat as 'axis' | 'allies');
    const want = cs.find((c) => c.action.hex === KIEL && c.action.unit !== 'de-armor' || c.action.space === KIEL && c.action.inPort)
      ?? cs.find((c) => c.action.hex === 'W3824') ?? cs[0]!;
    g.act(p.seat, want.action);
  }
  act(g, 'axis', { type: 'first', side: 'axis' });
  return g;
}

const STPS = ['de-stp-1', 'de-stp-2', 'de-stp-3', 'de-stp-4'];
const OSLO = 'W4725';
const PASS = /^(no-interception|end-naval-movement|end-naval-attacks|air-done|pass|done|no|stop|replenish-done|first)$/;

/** Play on, every seat declining or ending (the first choice when it must choose), until `want` finds a choice of `seat`. */
function playUntil(g: Game<EtoState>, seat: 'axis' | 'allies', want: (c: Choice) => boolean): void {
  for (let n = 0; n < 500; n++) {
    const p = prompts(eto, g.state)[0];
    if (!p) throw new Error('nobody is asked');
    const cs = choicesFor(g.state, p.seat as 'axis' | 'allies');
    const hit = p.seat === seat ? cs.find(want) : undefined;
    if (hit) { g.act(p.seat, hit.action); return; }
    g.act(p.seat, (cs.find((c) => PASS.test(String(c.action.type)) && c.action.type !== 'done') ?? cs.find((c) => PASS.test(String(c.action.type))) ?? cs[0]!).action);
  }
  throw new Error('no such choice within 500 decisions');
}

/** The cheapest naval path from `from` to `to` (7.2). */
function seaPath(s: EtoState, from: string, to: string): string[] {
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

describe('ETO 10.0 sea transport', () => {
  it('N1 (example of play, 10.2): two infantry, an HQ and a supply marker need three STPs; the HQ rides free', () => {
    const g = germansInKiel('n1');
    expect(g.state.land!.units['de-inf-1']!.hex).toBe(KIEL);
    for (const id of STPS.slice(0, 3)) act(g, 'axis', { type: 'select', ship: id });
    for (const unit of ['de-inf-1', 'de-inf-2', 'hq-m']) act(g, 'axis', { type: 'embark', unit });
    act(g, 'axis', { type: 'load-supply' });
    expect(cargoOf(g.state, STPS.slice(0, 3)).map((u) => u.id)).toEqual(['de-inf-1', 'de-inf-2', 'hq-m']);
    expect(need(g.state, STPS.slice(0, 3))).toBe(3);
    // Three STPs are full: nothing more is offered.
    expect(embarkChoices(g.state, 'axis', STPS.slice(0, 3))).toEqual([]);
  });

  it('N1: with two STPs the supply marker no longer fits once both infantry are aboard (the HQ still does)', () => {
    const g = germansInKiel('n1b');
    for (const id of STPS.slice(0, 2)) act(g, 'axis', { type: 'select', ship: id });
    for (const unit of ['de-inf-1', 'de-inf-2', 'hq-m']) act(g, 'axis', { type: 'embark', unit });
    expect(choicesFor(g.state, 'axis').some((c) => c.action.type === 'load-supply')).toBe(false);
  });

  it('N2 (10.2): two infantry and an armor assaulting after 6 naval MP need 8 STPs, after 7 MP 12', () => {
    const g = germansInKiel('n2');
    const l = g.state.land!;
    const units = ['de-inf-1', 'de-inf-2', 'de-armor'].map((id) => l.units[id]!);
    const s = structuredClone(g.state);
    s.ships['de-stp-1']!.carried = 6;
    expect(assaultNeed(s, ['de-stp-1'], units)).toBe(8);
    s.ships['de-stp-1']!.carried = 7;
    expect(assaultNeed(s, ['de-stp-1'], units)).toBe(12);
  });

  it('N3 (10.1): STP markers in a space are change: one 1 and one 2 carry what three 1s carry', () => {
    const g = germansInKiel('n3');
    const three = embarkChoices(g.state, 'axis', STPS.slice(0, 3)).map((c) => c.action);
    const s = structuredClone(g.state);
    s.ships['de-stp-1']!.points = 2;
    expect(points(['de-stp-1', 'de-stp-2'].map((id) => s.ships[id]!))).toBe(3);
    expect(embarkChoices(s, 'axis', ['de-stp-1', 'de-stp-2']).map((c) => c.action)).toEqual(three);
  });

  it('10.6, 10.2, 26.4, 32.7: two infantry carried 6 MP from Kiel assault Oslo; 2 of the 4 STPs sink, the infantry land in supply', () => {
    const g = germansInKiel('assault');
    act(g, 'axis', { type: 'invade', nation: 'norway' });
    while (g.state.stack[g.state.stack.length - 1]!.proc === 'set-up') g.act('allies', choicesFor(g.state, 'allies')[0]!.action);
    expect(g.state.land!.units['no-inf-3']!.hex).toBe(OSLO);
    for (const id of STPS) act(g, 'axis', { type: 'select', ship: id });
    for (const unit of ['de-inf-1', 'de-inf-2']) act(g, 'axis', { type: 'embark', unit });
    act(g, 'axis', { type: 'move' });
    act(g, 'axis', { type: 'leave-port' });
    for (const space of seaPath(g.state, KIEL, OSLO)) playUntil(g, 'axis', (c) => c.action.type === 'enter' && c.action.space === space);
    playUntil(g, 'axis', (c) => c.action.type === 'stop');
    expect(g.state.ships['de-stp-1']!.carried).toBe(6);
    playUntil(g, 'axis', (c) => c.action.type === 'offensive' && c.action.method === 'stack' && c.action.hex === OSLO);
    playUntil(g, 'axis', (c) => c.action.type === 'assault' && c.action.target === OSLO);
    g.force([6]);
    for (let n = 0; n < 50 && g.state.stack.some((f) => f.proc === 'land-attack'); n++) {
      const p = prompts(eto, g.state)[0]!;
      const cs = choicesFor(g.state, p.seat as 'axis' | 'allies');
      g.act(p.seat, (cs.find((c) => PASS.test(String(c.action.type))) ?? cs[0]!).action);
    }
    const s = g.state, l = s.land!;
    // 12 against Oslo's infantry 2 at 6-1; blitzkrieg +1, mud -1, from the sea -3: the 6 reads 3, DEx.
    const fight = g.played.flatMap((p) => p.events).find((e) => e.rule === 'ETO 27.1' && e.data)!;
    expect(fight.data).toEqual({ attack: 12, defence: 2, column: '6-1', drm: -3, die: 6, row: 3, result: 'DEx' });
    expect(l.units['no-inf-3']!.where).not.toBe('map');
    expect(l.units['de-inf-1']!.depleted).toBe(true);
    expect(STPS.filter((id) => s.ships[id]!.sunk)).toHaveLength(2);
    expect(['de-inf-1', 'de-inf-2'].map((id) => [l.units[id]!.where, l.units[id]!.hex, l.units[id]!.landed])).toEqual([['map', OSLO, true], ['map', OSLO, true]]);
    expect(controller(l, OSLO)).toBe('axis');
    expect(suppliedHexes(l, 'axis').has(OSLO)).toBe(true);
  });
});
