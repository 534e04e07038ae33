// Submarines (11.1, 11.2, 11.4) on scenario 5's fleets.
import { describe, expect, it } from 'vitest';
import { prompts } from '../../engine/index.ts';
import { eto } from './index.ts';
import { navalMap, navalNeighbours } from './map.ts';
import { act, choicesFor, germansInKiel, KIEL, PASS, playUntil } from './testing.ts';

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

  it('11.4: a submarine fires at a squadron with gunnery 0 (its gunnery counts against named ships only)', () => {
    const g = germansInKiel('ss2');
    for (const sh of Object.values(g.state.ships)) if (sh.side === 'axis' && (sh.type === 'BB' || sh.type === 'CA')) Object.assign(sh, { space: 'W3822', inPort: true });
    Object.assign(g.state.ships['uk-ss-1']!, { space: KIEL, inPort: false });
    playUntil(g, 'allies', (c) => c.action.type === 'attack-port');
    const lines: string[] = [];
    for (let n = 0; n < 60 && !lines.some((t) => t.startsWith('British submarine')); n++) {
      const p = prompts(eto, g.state)[0]!;
      const cs = choicesFor(g.state, p.seat as 'axis' | 'allies');
      const c = cs.find((x) => x.action.ship === 'uk-ss-1' && x.action.target === 'de-dd-1') ?? cs.find((x) => PASS.test(String(x.action.type)) || x.action.type === 'commit') ?? cs[0]!;
      lines.push(...g.act(p.seat, c.action).map((e) => e.text));
    }
    expect(lines.find((t) => t.startsWith('British submarine'))).toMatch(/\(gunnery 0\) fires at German destroyers/);
  });

  it('11.3: a submarine intercepts alone, with +1 to its search', () => {
    const g = germansInKiel('ss3');
    const near = navalNeighbours(g.state, KIEL).find((n) => !navalMap(g.state).areas.has(n.space))!.space;
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
});
