// 8.6's fourth case on scenario 5's fleets: ships at sea in a port hex attack the enemy ships inside the port.
import { describe, expect, it } from 'vitest';
import type { Game } from '../../engine/index.ts';
import type { EtoState } from './state.ts';
import { choicesFor, germansInKiel, KIEL, pick, playUntil, editable } from './testing.ts';

const WILHELMSHAVEN = 'W3822';

/** Scenario 5 with the German fleet in Kiel, its BBs and CA (those of `keep` excepted) moved to Wilhelmshaven, and Cornwall at sea off Kiel. */
function offKiel(seed: string, keep: string[] = []): Game<EtoState> {
  const g = germansInKiel(seed);
  editable(g);
  for (const sh of Object.values(g.state.ships)) {
    if (sh.side === 'axis' && (sh.type === 'BB' || sh.type === 'CA') && !keep.includes(sh.id)) Object.assign(sh, { space: WILHELMSHAVEN, inPort: true });
  }
  Object.assign(g.state.ships['cornwall']!, { space: KIEL, inPort: false });
  return g;
}

describe('ETO 8.6 attacks on ships in port', () => {
  it('8.6: Cornwall at sea in Kiel\'s hex attacks the German ships inside the port in step 3: no search, no evasion', () => {
    const g = offKiel('port1');
    const c = playUntil(g, 'allies', (x) => x.action.type === 'attack-port', true);
    expect(c.action).toEqual({ type: 'attack-port', space: KIEL });
    expect(c.refs?.units).toEqual(['cornwall']);
    expect(c.refs?.targets).toContain('de-dd-1');
    const events = g.act('allies', c.action);
    expect(events.map((e) => e.rule)).toContain('ETO 8.6');
    expect(events.some((e) => e.rule === 'ETO 8.4')).toBe(false); // found at once
    expect(g.state.step.successful).toEqual(['cornwall']);
  });

  it('8.6, 7.7: with a BB inside the port it may not be entered, and it is not attacked', () => {
    const g = offKiel('port2', ['gneisenau']);
    playUntil(g, 'allies', (x) => x.action.type === 'end-naval-attacks', true);
    expect(choicesFor(g.state, 'allies').some((x) => x.action.type === 'attack-port')).toBe(false);
    expect(() => pick(g.state, 'allies', { type: 'attack-port', space: KIEL })).toThrow(/no choice/);
    expect(() => g.act('allies', { type: 'attack-port', space: KIEL })).toThrow(/^ETO 8\.6, 7\.7: your ships may not enter the port of W3924/);
  });
});
