import { describe, expect, it } from 'vitest';
import { Game, createRng, nextInt, prompts, setupGame } from '../../engine/index.ts';
import { clearMovementCache, movementChoices, type MovementFrame } from './movement.ts';
import { twoWW } from './index.ts';
import { getRuleset } from '../index.ts';
import { POOL } from './state.ts';
import { stackingExcesses } from './stacking.ts';
import { worldById } from './world.ts';

describe('2WW campaign', () => {
  it('is registered as rule set "2ww"', () => {
    expect(getRuleset('2ww')).toBe(twoWW);
  });

  it('2WW 2 setup: fixed hexes placed, "anywhere in" units placed by their side through prompts', () => {
    const s = setupGame(twoWW, 'campaign-1939', {}, 'setup').state;
    expect(s.units['fr-fort-maginot']!.where).toBe('1909');
    expect(s.units['gb-fleet-home']!.where).toBe('1503');
    expect(s.units['ge-arm-3']!.where).toBe(POOL);
    const p = prompts(twoWW, s);
    expect(p).toHaveLength(1);
    expect(p[0]!.seat).toBe('allies');
    expect(p[0]!.text).toMatch(/fr-/);
    const w = worldById('campaign');
    for (const c of p[0]!.choices) {
      const h = w.hexes[w.board.index(c.action.hex as string)]!;
      expect(h.country).toBe('fr');
      expect(h.overseas).toBeFalsy();
    }
  });

  it('2WW 2 quick setup deploys every unit legally and starts the Autumn 1939 Axis movement phase (4)', () => {
    const s = setupGame(twoWW, 'campaign-1939', { quickSetup: true }, 'quick').state;
    expect(stackingExcesses(s)).toEqual([]);
    const w = worldById('campaign');
    for (const id of ['ge-arm-1', 'ge-arm-2', 'ge-inf-4', 'ge-inf-10', 'ge-inf-14', 'ge-air-1']) {
      const n = w.board.index(s.units[id]!.where);
      const h = w.hexes[n]!;
      const nextToPoland = w.board.neighbours(n).some((b) => w.hexes[b]?.country === 'pl');
      expect(h.country === 'ge' && (nextToPoland || ['2403', '2404'].includes(h.id))).toBe(true);
    }
    expect(s.turn).toBe(1);
    expect(s.stack.map((f) => f.proc)).toEqual(['game', 'player-turn', 'movement-phase']);
    expect(prompts(twoWW, s)[0]!.seat).toBe('axis');
    expect(twoWW.invariants!(s)).toEqual([]);
  });

  it('2WW 8 cached movement choices equal freshly computed ones during random play', () => {
    const g = Game.create(twoWW, 'campaign-1939', { quickSetup: true }, 'cache-check');
    const pick = createRng('cache-check-player');
    let checked = 0;
    for (let i = 0; i < 600 && !g.state.outcome; i++) {
      const top = g.state.stack[g.state.stack.length - 1]!;
      if (top.proc === 'movement-phase' && top.started && !top.pending) {
        const cached = JSON.stringify(movementChoices(g.state, top as MovementFrame));
        clearMovementCache();
        expect(JSON.stringify(movementChoices(g.state, top as MovementFrame))).toBe(cached);
        checked++;
      }
      const ps = prompts(twoWW, g.state);
      const p = ps[nextInt(pick, ps.length)]!;
      g.act(p.seat, p.choices[nextInt(pick, p.choices.length)]!.action);
    }
    expect(checked).toBeGreaterThan(100);
  }, 600_000);

});
