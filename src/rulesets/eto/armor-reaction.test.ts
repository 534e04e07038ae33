import { describe, expect, it } from 'vitest';
import { applyAction, Game, promptFor, viewFor } from '../../engine/index.ts';
import { eto } from './index.ts';
import { landOf } from './land.ts';
import { solitairePoland } from './scripted.ts';
import type { EtoState } from './state.ts';
import { act, pick, type Seat, soloGame } from './testing.ts';

const labels = (g: Game<EtoState>, seat: Seat) => promptFor(eto, g.state, seat)?.choices.map((c) => c.label) ?? [];

/**
 * Scenario 3, suggested set-up: Manteuffel's breakthrough takes Bastogne (W3321, die 6: DE) with the heavy armor,
 * which then starts its breakthrough movement to W3320 out of a hex in the ZOC of US armor 1 (W3420, with Bradley).
 */
function leavingBastogne(): Game<EtoState> {
  const g = Game.create(eto, 'bulge', {}, 'bulge');
  act(g, 'allies', { type: 'suggested' });
  act(g, 'axis', { type: 'suggested' });
  act(g, 'axis', { type: 'offensive', method: 'hq', leader: 'hq-b' });
  act(g, 'axis', { type: 'hq-stay' });
  act(g, 'axis', { type: 'breakthrough', hex: 'W3322' });
  act(g, 'axis', { type: 'bt-stay' });
  g.force([6]);
  act(g, 'axis', { type: 'bt-attack', target: 'W3321' });
  // The heavy armor leaves W3322 while the other armor stays: part of a stack, no reaction (26.5).
  act(g, 'axis', { type: 'advance', unit: 'de-heavy-1' });
  expect(promptFor(eto, g.state, 'allies')).toBeUndefined();
  act(g, 'axis', { type: 'done' });
  act(g, 'axis', { type: 'bt-move', to: 'W3320' });
  return g;
}

describe('ETO 26.5 armor reaction attack', () => {
  it('ETO 26.5 a stack leaving a hex in the ZOC of enemy armor is stopped and the armor\'s owner is asked first', () => {
    const g = leavingBastogne();
    const l = landOf(g.state);
    expect(l.units['de-heavy-1']!.hex).toBe('W3321'); // not moved yet
    const p = promptFor(eto, g.state, 'allies')!;
    expect(p.rule).toBe('ETO 26.5');
    expect(promptFor(eto, g.state, 'axis')).toBeUndefined();
    expect(p.choices.map((c) => c.action)).toEqual([{ type: 'react-with', unit: 'us-armor-1' }, { type: 'no-reaction' }]);
  });

  it('ETO 26.5 D1 taken as a retreat: the mover goes no farther, the US armor advances with Bradley (27.4), not activated', () => {
    const g = leavingBastogne();
    act(g, 'allies', { type: 'react-with', unit: 'us-armor-1' });
    g.force([6]);
    act(g, 'allies', { type: 'react' });
    // US armor 8 + Bradley 2 = 10 vs heavy armor 10: 1-1; across the river -2 (no air: 26.5); 6 - 2 = 4: D1.
    const crt = g.played.flatMap((e) => e.events).filter((e) => e.rule === 'ETO 27.1' && e.data).pop();
    expect(crt?.data).toMatchObject({ attack: 10, defence: 10, column: '1-1', drm: -2, die: 6, row: 4, result: 'D1' });
    act(g, 'axis', { type: 'losses', steps: 0 });
    // A retreat of one hex says no path ("Retreat to W3322", not "... via W3322").
    expect(promptFor(eto, g.state, 'axis')!.choices.map((c) => c.label)).toContain('Retreat to W3322');
    act(g, 'axis', { type: 'retreat', path: ['W3322'] });
    let l = landOf(g.state);
    expect(l.units['de-heavy-1']!.hex).toBe('W3322');
    expect(l.units['manteuffel']!.hex).toBe('W3322');
    // A retreat is never reacted against: the next decision is the Allied advance.
    expect(promptFor(eto, g.state, 'allies')!.rule).toBe('ETO 27.4');
    act(g, 'allies', { type: 'advance', unit: 'us-armor-1' });
    l = landOf(g.state);
    expect(l.units['us-armor-1']!.hex).toBe('W3321');
    expect(l.units['bradley']!.hex).toBe('W3321');
    expect(l.control['W3321']).toBe('allies');
    expect(l.activated).not.toContain('us-armor-1');
  });

  it('ETO 27.4 secondary advance after a reaction attack: every friendly unit counts as activated; a lone unit in enemy ZOC stays; chains follow', () => {
    const g = leavingBastogne();
    act(g, 'allies', { type: 'react-with', unit: 'us-armor-1' });
    g.force([6]);
    act(g, 'allies', { type: 'react' });
    act(g, 'axis', { type: 'losses', steps: 0 });
    act(g, 'axis', { type: 'retreat', path: ['W3322'] });
    act(g, 'allies', { type: 'advance', unit: 'us-armor-1' });
    const first = promptFor(eto, g.state, 'allies')!.choices.map((c) => c.action).filter((a) => a.type === 'secondary' && !a.general);
    expect(first.map((a) => `${String(a.unit)}>${String(a.to)}`)).toEqual([
      'uk-armor-1>W3420', 'uk-armor-2>W3420', 'uk-inf-1>W3420', 'uk-inf-3>W3420', 'us-inf-3>W3420', 'us-inf-4>W3420']);
    act(g, 'allies', { type: 'secondary', unit: 'us-inf-3', to: 'W3420' });
    const next = labels(g, 'allies');
    // us-inf-4 is now alone in W3421, in German ZOC: it may not follow; W3421 is open to the units next to it.
    expect(next.some((t) => t.includes('us-inf-4'))).toBe(false);
    expect(next).toContain('Secondary advance: British infantry from W3521 to Cologne (W3421)');
    act(g, 'allies', { type: 'done' });
    expect(landOf(g.state).units['us-inf-3']!.hex).toBe('W3420');
    // Back in the German offensive: the stopped breakthrough stack is done; the next stack may break through.
    expect(promptFor(eto, g.state, 'axis')!.rule).toBe('ETO 28.0, 28.6');
  });

  it('ETO 26.5 a mover that takes the step loss instead of retreating goes on with its move', () => {
    const g = leavingBastogne();
    act(g, 'allies', { type: 'react-with', unit: 'us-armor-1' });
    g.force([6]);
    act(g, 'allies', { type: 'react' });
    act(g, 'axis', { type: 'losses', steps: 1 });
    const l = landOf(g.state);
    expect(l.units['de-heavy-1']).toMatchObject({ hex: 'W3320', depleted: true });
    expect(l.units['manteuffel']!.hex).toBe('W3320');
    expect(l.control['W3320']).toBe('axis');
    expect(l.units['us-armor-1']!.hex).toBe('W3420');
  });

  it('ETO 26.5 declining lets the move go on', () => {
    const g = leavingBastogne();
    act(g, 'allies', { type: 'no-reaction' });
    expect(landOf(g.state).units['de-heavy-1']!.hex).toBe('W3320');
  });

  it('ETO 26.5, 25.3 mid-move: armor that enters enemy armor ZOC and moves one hex more is attacked in the hex it leaves', () => {
    const g = Game.create(eto, 'bulge', {}, 'bulge');
    act(g, 'allies', { type: 'suggested' });
    act(g, 'axis', { type: 'suggested' });
    act(g, 'axis', { type: 'offensive', method: 'hq', leader: 'hq-b' });
    act(g, 'axis', { type: 'hq-stay' });
    act(g, 'axis', { type: 'done' }); // no breakthrough
    // A position made for the case: US armor 4 in W3023, whose ZOC covers W3124 and W3024.
    const s = structuredClone(g.state);
    landOf(s).units['us-armor-4']!.hex = 'W3023';
    const r = applyAction(eto, s, 'axis', pick(s, 'axis', { type: 'move', unit: 'de-heavy-2', to: 'W3024' })).state;
    // The path W3222 > W3223 > W3124 > W3024 stops in W3124, which the heavy armor is about to leave.
    expect(landOf(r).units['de-heavy-2']!.hex).toBe('W3124');
    expect(promptFor(eto, r, 'allies')!.choices[0]!.action).toEqual({ type: 'react-with', unit: 'us-armor-4' });
    const on = applyAction(eto, r, 'allies', { type: 'no-reaction' }).state;
    expect(landOf(on).units['de-heavy-2']!.hex).toBe('W3024');
    expect(promptFor(eto, on, 'axis')!.rule).toBe('ETO 24.0, 25.2-25.3, 22.0');
  });

  it('ETO 26.5 scenario 4: a Polish player is asked; the solitaire Polish player never reacts (ruling 38)', () => {
    const g = soloGame('s');
    act(g, 'axis', { type: 'example' });
    act(g, 'axis', { type: 'offensive', method: 'hq', leader: 'hq-north', partners: ['hq-south'] });
    act(g, 'axis', { type: 'hq-stay', unit: 'hq-north' });
    act(g, 'axis', { type: 'hq-stay', unit: 'hq-south' });
    act(g, 'axis', { type: 'done' }); // no breakthrough
    // Poland has no armor; make the unit in W3732 armor to see what each Polish side does when German infantry
    // (alone in W3832, in its ZOC) moves away.
    const s = structuredClone(g.state);
    landOf(s).units['pl-inf-5']!.kind = 'armor';
    const move = { type: 'move', unit: 'de-inf-2', to: 'W3834' };
    const asked = applyAction(eto, s, 'axis', pick(s, 'axis', move)).state;
    expect(landOf(asked).units['de-inf-2']!.hex).toBe('W3832');
    const p = promptFor(eto, asked, 'allies')!;
    expect(p.choices.map((c) => c.action)).toEqual([{ type: 'react-with', unit: 'pl-inf-5' }, { type: 'no-reaction' }]);
    const solo = solitairePoland.choose(viewFor(eto, asked, 'allies'), p, 'allies')!;
    expect(solo).toEqual({ type: 'no-reaction' });
    expect(landOf(applyAction(eto, asked, 'allies', solo).state).units['de-inf-2']!.hex).toBe('W3834');
  });
});
