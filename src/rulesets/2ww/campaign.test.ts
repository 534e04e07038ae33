import { describe, expect, it } from 'vitest';
import { prompts, setupGame } from '../../engine/index.ts';
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
    expect(p[0]!.text).toMatch(/^Setup: place FR /);
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

});
