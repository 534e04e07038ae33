import { describe, expect, it } from 'vitest';
import config2ww from '../../src/rulesets/2ww/map.config.ts';
import { fitProjection, solveLinear, ThinPlateWarp } from './fit.ts';

describe('projection fit and warp', () => {
  it('solves a linear system exactly', () => {
    const x = solveLinear([[2, 1], [1, 3]], [5, 10]);
    expect(x[0]).toBeCloseTo(1, 12);
    expect(x[1]).toBeCloseTo(3, 12);
  });

  it('the thin-plate warp sends every control point to its target and is smooth in between', () => {
    const src: [number, number][] = [[0, 0], [4, 0], [0, 4], [4, 4], [2, 2]];
    const dst: [number, number][] = [[0, 0], [4, 0.5], [0, 4], [4, 4], [2.5, 2]];
    const w = new ThinPlateWarp(src, dst);
    src.forEach((s, i) => {
      const [x, y] = w.apply(s);
      expect(x).toBeCloseTo(dst[i][0], 9);
      expect(y).toBeCloseTo(dst[i][1], 9);
    });
    const mid = w.apply([1, 1]);
    expect(Math.hypot(mid[0] - 1, mid[1] - 1)).toBeLessThan(0.5);
  });

  it('2WW control points: the best fit uses even-down columns and leaves every named place within 2 hexes before the warp', () => {
    const fit = fitProjection(config2ww.controlPoints, config2ww.search);
    expect(fit.params.offset).toBe('even-down');
    expect(fit.rmsByOffset['even-down']).toBeLessThan(fit.rmsByOffset['odd-down']);
    for (const r of fit.residuals.filter((x) => !x.checkOnly)) expect(r.hexSteps, r.name).toBeLessThanOrEqual(2);
  });

  it('2WW rulings: Algiers fits 1915 better than 1615, and Cairo cannot be the printed 2416', () => {
    const fit = fitProjection(config2ww.controlPoints, config2ww.search);
    const by = (name: string) => fit.residuals.find((r) => r.name === name)!;
    expect(by('Algiers').distance).toBeLessThan(by('Algiers (as setup 2.1 writes it)').distance);
    expect(by('Cairo (as setup 2.3 writes it)').hexSteps).toBeGreaterThanOrEqual(8);
    expect(by('Cairo').hexSteps).toBeLessThanOrEqual(1);
  });
});
