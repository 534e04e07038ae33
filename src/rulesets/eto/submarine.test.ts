// Submarines (11.1, 11.2, 11.4) on scenario 5's fleets.
import { describe, expect, it } from 'vitest';
import { prompts } from '../../engine/index.ts';
import { eto } from './index.ts';
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
});
