// Submarines (11.1-11.4) on scenario 5's fleets; 11.3's own combat with forced dice.
import { describe, expect, it } from 'vitest';
import { prompts } from '../../engine/index.ts';
import { eto } from './index.ts';
import { navalMap, navalNeighbours } from './map.ts';
import { act, choicesFor, germansInKiel, KIEL, PASS, playUntil, editable } from './testing.ts';
import type { Game } from '../../engine/index.ts';
import type { EtoState } from './state.ts';

describe('ETO 11 submarines', () => {
  it('11.1: a submarine moves alone; 11.2: leaving Kiel and at sea it meets no interception', () => {
    const g = germansInKiel('ss1');
    act(g, 'axis', { type: 'select', ship: 'de-ss-1' });
    expect(choicesFor(g.state, 'axis').filter((c) => c.action.type === 'select')).toEqual([]);
    expect(() => g.act('axis', { type: 'select', ship: 'de-dd-1' })).toThrow(/^ETO 11\.1: a submarine cannot stack/);
    act(g, 'axis', { type: 'move' });
    act(g, 'axis', { type: 'leave-port' });
    for (let i = 0; i < 3; i++) {
      const enter = choicesFor(g.state, 'axis').find((c) => c.action.type === 'enter')!;
      g.act('axis', enter.action);
      expect(prompts(eto, g.state).map((p) => `${p.seat} ${p.rule}`)).toEqual(['axis ETO 7.2']);
    }
  });

  it('11.1: a submarine ends no move stacked with friendly ships at sea in a hex; in a sea area it may', () => {
    const g = germansInKiel('ss-stack');
    editable(g);
    Object.assign(g.state.ships['de-dd-1']!, { space: 'W3925', inPort: false });
    Object.assign(g.state.ships['de-dd-2']!, { space: 'baltic-sea', inPort: false });
    act(g, 'axis', { type: 'select', ship: 'de-ss-1' });
    act(g, 'axis', { type: 'move' });
    act(g, 'axis', { type: 'leave-port' });
    act(g, 'axis', { type: 'enter', space: 'W3925' });
    expect(choicesFor(g.state, 'axis').some((c) => c.action.type === 'stop')).toBe(false);
    expect(() => g.act('axis', { type: 'stop' })).toThrow(/^ETO 11\.1: a submarine cannot end its move stacked with other friendly ships at sea in W3925/);
    act(g, 'axis', { type: 'enter', space: 'baltic-sea' });
    act(g, 'axis', { type: 'stop' });
    expect(g.state.ships['de-ss-1']!.space).toBe('baltic-sea');
  });

  it('11.4, 8.6: a submarine attacking the ships in Kiel fires at a squadron with gunnery 0 (its gunnery counts against named ships only)', () => {
    const g = germansInKiel('ss2');
    editable(g);
    for (const sh of Object.values(g.state.ships)) if (sh.side === 'axis' && (sh.type === 'BB' || sh.type === 'CA')) Object.assign(sh, { space: 'W3822', inPort: true });
    Object.assign(g.state.ships['uk-ss-1']!, { space: KIEL, inPort: false });
    const attack = playUntil(g, 'allies', (c) => c.action.type === 'attack-port', true);
    // Two German destroyers escort: a 3 does not detect the submarine; it rolls 2 + 3.
    g.force([3, 2, 3]);
    const lines = g.act('allies', attack.action).map((e) => e.text);
    lines.push(...g.act('allies', { type: 'sub-attack', target: 'de-dd-1' }).map((e) => e.text));
    expect(lines).toContain('3: not detected before its first attack');
    expect(lines.filter((t) => t.startsWith('British submarine'))).toEqual(['British submarine attack the ships inside the port of Kiel (W3924)', 'British submarine (gunnery 0) fires at German destroyers (armor 7): rolled 2+3 = 5']);
    expect(lines).toContain('5 + 0 = 5 against armor 7: miss');
  });

  it('11.3: a submarine intercepts alone, with +1 to its search', () => {
    const g = germansInKiel('ss3');
    const near = navalNeighbours(g.state, KIEL).find((n) => !navalMap(g.state).areas.has(n.space))!.space;
    editable(g);
    for (const id of ['uk-ss-1', 'uk-dd-1']) Object.assign(g.state.ships[id]!, { space: near, inPort: false });
    act(g, 'axis', { type: 'select', ship: 'de-dd-1' });
    act(g, 'axis', { type: 'move' });
    act(g, 'axis', { type: 'leave-port' });
    if (prompts(eto, g.state)[0]!.rule === 'ETO 14.0, 16.5') act(g, 'allies', { type: 'intercept-done' });
    act(g, 'allies', { type: 'add-interceptor', ship: 'uk-ss-1' });
    expect(choicesFor(g.state, 'allies').filter((c) => c.action.type === 'add-interceptor')).toEqual([]);
    expect(() => g.act('allies', { type: 'add-interceptor', ship: 'uk-dd-1' })).toThrow(/^ETO 11\.3: a submarine intercepts alone/);
    const events = g.act('allies', { type: 'intercept' });
    // The Germans may counter-intercept first (8.2); they decline.
    for (let n = 0; n < 10 && !events.some((e) => e.rule === 'ETO 8.4'); n++) {
      const p = prompts(eto, g.state)[0]!;
      const cs = choicesFor(g.state, p.seat as 'axis' | 'allies');
      events.push(...g.act(p.seat, (cs.find((c) => PASS.test(String(c.action.type))) ?? cs[0]!).action));
    }
    expect(events.find((e) => e.rule === 'ETO 8.4')!.text).toContain('+1 a submarine searching (11.3)');
  });

  /** The British submarine, off Kiel, finds the German `ships` leaving port (search roll 3 +4); the Germans decline to evade. */
  function subFinds(seed: string, ships: string[]): { g: Game<EtoState>; log: string[] } {
    const g = germansInKiel(seed);
    const near = navalNeighbours(g.state, KIEL).find((n) => !navalMap(g.state).areas.has(n.space))!.space;
    editable(g);
    Object.assign(g.state.ships['uk-ss-1']!, { space: near, inPort: false });
    for (const ship of ships) act(g, 'axis', { type: 'select', ship });
    act(g, 'axis', { type: 'move' });
    act(g, 'axis', { type: 'leave-port' });
    if (prompts(eto, g.state)[0]!.rule === 'ETO 14.0, 16.5') act(g, 'allies', { type: 'intercept-done' });
    act(g, 'allies', { type: 'add-interceptor', ship: 'uk-ss-1' });
    act(g, 'allies', { type: 'intercept' });
    g.force([3]);
    act(g, 'axis', { type: 'no-interception' });
    expect(prompts(eto, g.state)[0]!.rule).toBe('ETO 8.7');
    return { g, log: [] };
  }
  const play = (g: Game<EtoState>, log: string[], seat: 'axis' | 'allies', action: Record<string, unknown>) => log.push(...g.act(seat, action as never).map((e) => e.text));

  it('11.3: against a stack without destroyers the submarine attacks twice and the combat ends; no ship fires back', () => {
    const { g, log } = subFinds('ss-unescorted', ['gneisenau']);
    g.force([5, 6, 4, 4]);
    play(g, log, 'axis', { type: 'fight' });
    expect(prompts(eto, g.state)[0]).toMatchObject({ seat: 'allies', rule: 'ETO 11.3' });
    play(g, log, 'allies', { type: 'sub-attack', target: 'gneisenau' });
    play(g, log, 'allies', { type: 'sub-attack', target: 'gneisenau' });
    // 11 + 1 (11.4: gunnery 1 against a named ship) reaches armor 12; 8 + 1 misses the damaged side's 11.
    expect(log.filter((t) => / against armor /.test(t))).toEqual(['11 + 1 = 12 against armor 12: hit', '8 + 1 = 9 against armor 11: miss']);
    expect(log).toContain('No destroyer escorts the stack: British submarine attacks it twice');
    expect(log).toContain('The submarine combat ends');
    expect(g.state.ships.gneisenau).toMatchObject({ damaged: true, sunk: false });
    expect(g.state.ships['uk-ss-1']!.sunk).toBe(false);
    expect(prompts(eto, g.state)[0]!.rule).toBe('ETO 7.2');
  });

  it('11.3: destroyers that detect the submarine fire first; in a second round its attack and theirs are simultaneous (both ships sink)', () => {
    const { g, log } = subFinds('ss-detected', ['gneisenau', 'de-dd-1']);
    // Detection 1 (one DD: 1 or less detects); the DD misses (5 + 0 against armor 6); the sub hits Gneisenau (11 + 1).
    g.force([1, 2, 3, 6, 5]);
    play(g, log, 'axis', { type: 'fight' });
    expect(log).toContain('1: detected; the escorts attack first');
    play(g, log, 'allies', { type: 'sub-attack', target: 'gneisenau' });
    expect(g.state.ships.gneisenau!.damaged).toBe(true);
    expect(choicesFor(g.state, 'allies').map((c) => c.action.type)).toEqual(['sub-withdraw', 'sub-fight']);
    play(g, log, 'allies', { type: 'sub-fight' });
    // Round 2: the sub's 10 + 1 sinks the damaged Gneisenau; the DD's 6 sinks the sub (no damaged side, 11.0).
    g.force([6, 4, 3, 3]);
    play(g, log, 'allies', { type: 'sub-attack', target: 'gneisenau' });
    expect(log.filter((t) => / against armor /.test(t))).toEqual([
      '5 + 0 = 5 against armor 6: miss', '11 + 1 = 12 against armor 12: hit', '10 + 1 = 11 against armor 11: hit', '6 + 0 = 6 against armor 6: hit with doubles',
    ]);
    expect([g.state.ships.gneisenau!.sunk, g.state.ships['uk-ss-1']!.sunk]).toEqual([true, true]);
  });

  it('11.3: an undetected submarine attacks first, then withdraws unpursued: the escorts never fire', () => {
    const { g, log } = subFinds('ss-undetected', ['gneisenau', 'de-dd-1']);
    g.force([2, 1, 2]);
    play(g, log, 'axis', { type: 'fight' });
    expect(log).toContain('2: not detected before its first attack');
    play(g, log, 'allies', { type: 'sub-attack', target: 'de-dd-1' });
    play(g, log, 'allies', { type: 'sub-withdraw' });
    // 11.4: gunnery 0 against a squadron.
    expect(log.filter((t) => / against armor /.test(t))).toEqual(['3 + 0 = 3 against armor 7: miss']);
    expect(log).toContain('British submarine withdraws; it cannot be pursued');
    expect(g.state.step.withdrawn).toContain('uk-ss-1');
    expect(g.state.ships['uk-ss-1']!.sunk).toBe(false);
    expect(prompts(eto, g.state)[0]!.rule).toBe('ETO 7.2');
  });
});

describe('ETO 11.2 searching for submarines at sea', () => {
  /** The British submarine at sea off Kiel (W3925) beside German destroyers and Gneisenau; the Germans' step 2 is next. */
  function subOffKiel(seed: string): Game<EtoState> {
    const g = germansInKiel(seed);
    editable(g);
    Object.assign(g.state.ships['uk-ss-1']!, { space: 'W3925', inPort: false });
    for (const id of ['de-dd-1', 'gneisenau']) Object.assign(g.state.ships[id]!, { space: 'W3925', inPort: false });
    return g;
  }
  const texts = (g: Game<EtoState>, seat: 'axis' | 'allies', action: Record<string, unknown>) => g.act(seat, action as never).map((e) => e.text);

  it('from the air: a die + the bombers there finds it on 7; a found submarine takes one attack only', () => {
    const g = subOffKiel('ss-air');
    playUntil(g, 'axis', (c) => c.action.type === 'raid' && c.action.air === 'de-bomber' && c.action.to === 'W3925');
    act(g, 'axis', { type: 'raid-add', air: 'de-fb' });
    g.force([5, 1, 2]);
    const log = texts(g, 'axis', { type: 'raid-fly' });
    expect(log.slice(-2)).toEqual(['Air search for British submarine: +2 for the bombers; 7 or more finds it: rolled 5', '7: British submarine is found']);
    expect(choicesFor(g.state, 'axis').map((c) => c.action)).toEqual([{ type: 'bomb-ship', target: 'uk-ss-1' }, { type: 'no-more-air-attacks' }]);
    log.push(...texts(g, 'axis', { type: 'bomb-ship', target: 'uk-ss-1' }));
    expect(log).toContain('miss');
    // The bomber had more attacks, the fighter-bomber its own: neither may attack the submarine again.
    expect(prompts(eto, g.state)[0]!.rule).not.toBe('ETO 16.1-16.2');
    expect(g.state.ships['uk-ss-1']!.sunk).toBe(false);
  });

  it('by ships: only destroyers search, with -1; a submarine that withdraws after the first round is not pursued', () => {
    const g = subOffKiel('ss-dd');
    playUntil(g, 'axis', (c) => c.action.type === 'attack-in' && c.action.space === 'W3925');
    expect(choicesFor(g.state, 'axis').map((c) => c.action)).toEqual([{ type: 'add-searcher', ship: 'de-dd-1' }]);
    act(g, 'axis', { type: 'add-searcher', ship: 'de-dd-1' });
    // The British decline to counter-intercept; 5 + 1 group - 1 submarine + 2 coastal hex = 7 finds it.
    g.force([5]);
    const log = texts(g, 'axis', { type: 'search' });
    for (let n = 0; n < 10 && !log.some((t) => t.startsWith('found')); n++) {
      const p = prompts(eto, g.state)[0]!;
      const cs = choicesFor(g.state, p.seat as 'axis' | 'allies');
      log.push(...texts(g, p.seat as 'axis' | 'allies', (cs.find((c) => PASS.test(String(c.action.type))) ?? cs[0]!).action));
    }
    expect(log.find((t) => t.startsWith('Search by German destroyers'))).toContain('-1 searching for a submarine (11.2)');
    expect(log).toContain('found (5 +2)');
    // Round 1: the submarine (gunnery 0 against a squadron) and the destroyers miss; then it withdraws.
    g.force([1, 2, 1, 3]);
    for (let n = 0; n < 10 && prompts(eto, g.state)[0]!.rule !== 'ETO 9.6'; n++) {
      const p = prompts(eto, g.state)[0]!;
      const cs = choicesFor(g.state, p.seat as 'axis' | 'allies');
      log.push(...texts(g, p.seat as 'axis' | 'allies', (cs.find((c) => c.action.type === 'fire') ?? cs.find((c) => c.action.type === 'commit') ?? cs[0]!).action));
    }
    expect(log.filter((t) => / against armor /.test(t))).toEqual(['3 + 0 = 3 against armor 7: miss', '4 + 0 = 4 against armor 6: miss']);
    log.push(...texts(g, 'allies', { type: 'withdraw', ships: ['uk-ss-1'] }), ...texts(g, 'axis', { type: 'withdraw', ships: [] }));
    expect(log).toContain('The submarine withdraws; it cannot be pursued');
    expect(prompts(eto, g.state).map((p) => p.rule)).not.toContain('ETO 9.6');
    expect(g.state.step.withdrawn).toContain('uk-ss-1');
  });
});
