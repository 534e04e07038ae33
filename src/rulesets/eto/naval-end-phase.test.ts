// The End phase's second naval movement (7.6): ships that began it in port stay, no interception by ships, no move
// into enemy range without superiority; upkeep from the reserve or out of supply (33.8), on scenario 5's fleets.
import { describe, expect, it } from 'vitest';
import { type Game, prompts } from '../../engine/index.ts';
import { eto } from './index.ts';
import { interceptionRange, navalNeighbours } from './map.ts';
import { eligibleInterceptors } from './naval-interception.ts';
import { portDistances } from './naval-movement.ts';
import type { EtoState } from './state.ts';
import { act, choicesFor, germansInKiel, KIEL, PASS, editable } from './testing.ts';

type Seat = 'axis' | 'allies';
const HAMBURG = 'W3824';

/** Play on, every seat declining, until `seat` is asked under `rule`; collect the log. */
function until(g: Game<EtoState>, seat: Seat, rule: string, log: string[] = []): string[] {
  for (let n = 0; n < 400; n++) {
    const p = prompts(eto, g.state)[0]!;
    if (p.seat === seat && p.rule === rule) return log;
    const cs = choicesFor(g.state, p.seat as Seat);
    const c = cs.find((x) => PASS.test(String(x.action.type)) && x.action.type !== 'done') ?? cs.find((x) => PASS.test(String(x.action.type))) ?? cs[0]!;
    log.push(...g.act(p.seat, c.action).map((e) => e.text));
  }
  throw new Error(`${seat} never asked under ${rule}`);
}

/** Scenario 5 with Gneisenau and Scharnhorst at sea off Hamburg, everything else in port, at the German End-phase move. */
function endPhase(seed: string): Game<EtoState> {
  const g = germansInKiel(seed);
  editable(g);
  for (const id of ['gneisenau', 'scharnhorst']) Object.assign(g.state.ships[id]!, { space: HAMBURG, inPort: false });
  until(g, 'axis', 'ETO 7.6');
  return g;
}

describe('ETO 7.6, 33.8 the End phase naval movement and upkeep', () => {
  it('7.6: only ships at sea move; one EP from the reserve keeps a space\'s ships at sea; without EPs they are marked out of supply (33.8)', () => {
    const g = endPhase('end-1');
    expect(choicesFor(g.state, 'axis').map((c) => c.action)).toEqual([
      { type: 'select', ship: 'gneisenau' }, { type: 'select', ship: 'scharnhorst' }, { type: 'end-naval-movement' },
    ]);
    expect(() => g.act('axis', { type: 'select', ship: 'blucher' })).toThrow(/^ETO 7\.0: Blücher has already moved|^ETO 7\.0: .* has already moved/);
    expect(g.state.eps).toEqual({ axis: 4, allies: 2 });
    const log = g.act('axis', { type: 'end-naval-movement' }).map((e) => e.text);
    expect(log).toContain('Gneisenau, Scharnhorst kept at sea in Hamburg (W3824) (1 EP; 3 left in reserve)');
    expect(g.state.eps!.axis).toBe(3);
    // Next month, with the reserve spent, the same two ships are marked out of supply.
    editable(g);
    g.state.eps!.axis = 0;
    const more = until(g, 'axis', 'ETO 7.6', []);
    expect(more.filter((t) => /out of supply/.test(t))).toEqual([]);
    const marked = g.act('axis', { type: 'end-naval-movement' }).map((e) => e.text);
    expect(marked.filter((t) => /out of supply/.test(t))).toEqual([
      'Gneisenau in Hamburg (W3824) is marked out of supply (no EP to keep it at sea)',
      'Scharnhorst in Hamburg (W3824) is marked out of supply (no EP to keep it at sea)',
    ]);
    expect([g.state.ships.gneisenau!.oos, g.state.ships.scharnhorst!.oos]).toEqual([true, true]);
  });

  it('7.6: no move into the interception range of stronger enemy ships; none by the first-space exception; no leaving port', () => {
    const g = germansInKiel('end-2');
    editable(g);
    Object.assign(g.state.ships['de-dd-1']!, { space: 'W3925', inPort: false });
    // A British battleship at sea in the North Sea: its range is the area and its coastal hexes, Kiel's among them.
    Object.assign(g.state.ships.warspite!, { space: 'north-sea', inPort: false });
    until(g, 'axis', 'ETO 7.6');
    act(g, 'axis', { type: 'select', ship: 'de-dd-1' });
    act(g, 'axis', { type: 'move' });
    const near = interceptionRange(g.state, 'north-sea');
    const enters = choicesFor(g.state, 'axis').filter((c) => c.action.type === 'enter').map((c) => String(c.action.space));
    const blocked = navalNeighbours(g.state, 'W3925').map((n) => n.space).filter((sp) => near.has(sp));
    expect(blocked).toEqual([KIEL]);
    for (const sp of blocked) {
      expect(enters).not.toContain(sp);
      expect(() => g.act('axis', { type: 'enter', space: sp })).toThrow(/^ETO 7\.6: .* within interception range of 1 enemy naval unit\(s\) with \d+ gunnery/);
    }
    expect(enters.length).toBeGreaterThan(0);
    // No naval interception in the End phase: moving on, the British are never asked to intercept with ships.
    act(g, 'axis', { type: 'enter', space: enters[0]! });
    expect(prompts(eto, g.state).map((p) => p.rule)).not.toContain('ETO 8.2');
  });

  it('33.8: a ship out of supply does not intercept and moves only along the shortest way to a friendly port; in port it is in supply again', () => {
    const g = germansInKiel('end-3');
    const d = portDistances(g.state, 'axis');
    // Gneisenau out of supply in the North Sea, one MP from German ports; the Germans move first.
    editable(g);
    Object.assign(g.state.ships.gneisenau!, { space: 'north-sea', inPort: false, oos: true });
    // A British stack entering the North Sea: Scharnhorst there may intercept it, Gneisenau may not.
    Object.assign(g.state.ships.scharnhorst!, { space: 'north-sea', inPort: false });
    const window = { proc: 'interception-window', side: 'allies' as const, target: ['warspite'], space: 'north-sea', level: 0, busy: [], chosen: [] };
    expect(eligibleInterceptors(g.state, window).filter((id) => ['gneisenau', 'scharnhorst'].includes(id))).toEqual(['scharnhorst']);
    editable(g);
    Object.assign(g.state.ships.scharnhorst!, { space: KIEL, inPort: true });
    act(g, 'axis', { type: 'select', ship: 'gneisenau' });
    act(g, 'axis', { type: 'move' });
    const enters = choicesFor(g.state, 'axis').filter((c) => c.action.type === 'enter').map((c) => String(c.action.space));
    const steps = navalNeighbours(g.state, 'north-sea').filter((n) => d.get(n.space)! + n.cost <= d.get('north-sea')!).map((n) => n.space);
    expect(enters.sort()).toEqual(steps.sort());
    expect(enters.length).toBeGreaterThan(0);
    const away = navalNeighbours(g.state, 'north-sea').find((n) => !steps.includes(n.space))!.space;
    expect(() => g.act('axis', { type: 'enter', space: away })).toThrow(/^ETO 33\.8: the stack has a ship out of supply/);
    // Into Kiel's port (W3924 is one step from Kiel's sea area when it is on the way).
    let here = 'north-sea';
    for (let n = 0; n < 10 && here !== KIEL; n++) {
      const next = choicesFor(g.state, 'axis').find((c) => c.action.type === 'enter' && c.action.space === KIEL) ?? choicesFor(g.state, 'axis').find((c) => c.action.type === 'enter')!;
      here = String(next.action.space);
      g.act('axis', next.action);
      while (prompts(eto, g.state)[0]!.seat === 'allies') { const cs = choicesFor(g.state, 'allies'); g.act('allies', (cs.find((c) => PASS.test(String(c.action.type))) ?? cs[0]!).action); }
      if (choicesFor(g.state, 'axis').some((c) => c.action.type === 'enter-port')) { act(g, 'axis', { type: 'enter-port' }); break; }
    }
    expect(g.state.ships.gneisenau!.inPort).toBe(true);
    // The End phase's upkeep finds it in a friendly port.
    const log: string[] = [];
    for (let n = 0; n < 400 && !log.some((x) => /sequence of play 1|May 1940/.test(x)); n++) {
      const p = prompts(eto, g.state)[0]!;
      const cs = choicesFor(g.state, p.seat as Seat);
      log.push(...g.act(p.seat, (cs.find((x) => PASS.test(String(x.action.type)) && x.action.type !== 'done') ?? cs.find((x) => PASS.test(String(x.action.type))) ?? cs[0]!).action).map((x) => x.text));
    }
    expect(log).toContain(`Gneisenau is in supply again in port at Kiel (${KIEL})`);
    expect(g.state.ships.gneisenau!.oos).toBe(false);
  });
});
