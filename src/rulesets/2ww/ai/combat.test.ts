import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyAction, prompts } from '../../../engine/index.ts';
import { twoWW } from '../index.ts';
import type { TwoWWState } from '../state.ts';
import { allSupplied, startAt, testPosition, testWorld } from '../testing.ts';
import { attackGroup, plannedGroup, declaredAttack, estimateAttack, EXACT_APPLIES, SAMPLES } from './combat.ts';
import { Game } from '../../../engine/index.ts';
import { combatOdds } from '../../../odds/odds.ts';
import { twoWWOdds } from '../odds.ts';
import { twoWWAi } from './adapter.ts';

const world = testWorld({ id: 'ai-combat-strip', cols: [20, 25], rows: [11, 15], country: 'ge', combat: allSupplied });
const at = (units: Record<string, string>): TwoWWState =>
  startAt(testPosition(world, { turn: 3, units: units as any }), [{ proc: 'combat-phase', side: 'axis' }]);

describe('2WW 9 attack estimates for the AI', () => {
  it('2WW 9.1.2 a support battle on both sides too large for the exact budget (three attackers, two defenders, two air a side): estimated from seeded runs', () => {
    const s = at({
      'ge-inf-1': '2212', 'ge-arm-1': '2312', 'ge-inf-4': '2313', 'ge-air-1': '2211', 'ge-air-2': '2311',
      'fr-inf-2': '2213', 'fr-inf-3': '2213', 'fr-air-1': '2214', 'gb-air-raf1': '2314',
    });
    const d = declaredAttack(s, 'axis', '2213')!;
    expect(d).not.toBeNull();
    const e = estimateAttack(d, 'axis');
    expect(e.method).toBe('sampled');
    expect(e.units.sort()).toEqual(['ge-air-1', 'ge-air-2', 'ge-arm-1', 'ge-inf-1', 'ge-inf-4']);
    // A mean of SAMPLES runs: a whole number of wins.
    expect(Number.isInteger(e.pWin * SAMPLES)).toBe(true);
    expect(estimateAttack(d, 'axis')).toBe(e);
  });

  it('2WW 9.1.2 a small support battle on both sides fits the exact budget through the land-combat calculator', () => {
    const s = at({ 'ge-inf-1': '2212', 'ge-air-1': '2211', 'fr-inf-2': '2213', 'fr-air-1': '2214' });
    const d = declaredAttack(s, 'axis', '2213')!;
    const e = estimateAttack(d, 'axis');
    const r = combatOdds({ ruleset: twoWW, odds: twoWWOdds }, d, 'axis', { type: 'confirm' });
    expect(r.method).toBe('calculated');
    expect(r.stats.applies).toBeLessThanOrEqual(EXACT_APPLIES);
    expect(e).toMatchObject({ method: 'exact', pWin: r.summary.pWin, lossA: r.summary.expectedAttackerLosses, lossD: r.summary.expectedDefenderLosses });
  });

  it('2WW 9 below the root of a search the combat phase ends instead of planning attacks by their odds', () => {
    const s = at({ 'ge-inf-1': '2212', 'ge-arm-1': '2312', 'fr-inf-2': '2213' });
    const p = prompts(twoWW, s)[0]!;
    expect(twoWWAi.quickChoice!(s, p, 'axis', true)).toEqual({ type: 'end-combat' });
    expect(twoWWAi.quickChoice!(s, p, 'axis')).toEqual({ type: 'attack', mode: 'land', hex: '2213' });
    const after = applyAction(twoWW, s, 'axis', { type: 'attack', mode: 'land', hex: '2213' }).state;
    expect(prompts(twoWW, after)[0]!.text).toMatch(/2213/);
  });

  it('2WW 9, 5.3.2 and 13 an attack out of Berlin leaves one land unit in it: a beaten attacker retreats and the winner may advance into the capital', () => {
    const berlin = (outside: boolean) => Game.create(twoWW, twoWW.scenarios[0]!.id, {}, 'berlin-attack', {
      format: 'theater-position', version: 1, ruleset: '2ww', turn: 20, phase: 'axis-combat',
      countries: { su: { controller: 'allies', status: 'belligerent' } }, control: { '2106': 'axis', '2205': 'allies' },
      units: [{ id: 'ge-arm-4', at: '2106' }, { id: 'ge-arm-5', at: '2106', reduced: true }, ...(outside ? [{ id: 'ge-inf-4', at: '2206' }] : []),
        { id: 'su-inf-1', at: '2205' }, { id: 'su-inf-8', at: '2205' }],
    } as any).state;
    const s = berlin(true);
    expect(attackGroup(s, 'axis', '2205').attackers.sort()).toEqual(['ge-arm-4', 'ge-arm-5', 'ge-inf-4']);
    const whole = estimateAttack(declaredAttack(s, 'axis', '2205', attackGroup(s, 'axis', '2205'))!, 'axis');
    expect(whole.pWin).toBeLessThan(0.9);
    // Under 90% to win, the weaker armor (reduced) stays in Berlin; the infantry outside the capital attacks.
    expect(plannedGroup(s, 'axis', '2205').attackers.sort()).toEqual(['ge-arm-4', 'ge-inf-4']);
    // Without the infantry the armor alone is a poor attack, but Berlin's fall loses the game (13): the reduced armor
    // stays all the same, and the phase declines the attack.
    const alone = berlin(false);
    expect(plannedGroup(alone, 'axis', '2205').attackers).toEqual(['ge-arm-4']);
    const p = prompts(twoWW, alone)[0]!;
    expect(twoWWAi.quickChoice!(alone, p, 'axis')).toEqual({ type: 'end-combat' });
  });
  it('2WW 5.3.2 an attack out of Berlin never takes its last land unit, whatever the odds (Summer 1943 of a lost hard Axis game)', () => {
    // The armored combat of that game (after action 1729): GE 3rd and 5th armor and the artillery in Berlin, GE 2d armor
    // in 2306, against one Soviet tank in 2205. With all four 90% to win; holding back the 2d armor cut it to 82%, the
    // attack was lost, the Berlin units retreated and the tank advanced into Berlin. Since bench-hard-easy-axis-9 (all of
    // Berlin's garrison attacked at 92%, lost, Germany fell) one of Berlin's units stays even at 90% and more.
    const position = JSON.parse(readFileSync(new URL('./berlin-sized-attack.position.json', import.meta.url), 'utf8'));
    const s = Game.create(twoWW, twoWW.scenarios[0]!.id, {}, 'berlin', position).state as TwoWWState;
    const g = plannedGroup(s, 'axis', '2205');
    const d = declaredAttack(s, 'axis', '2205', g)!;
    const inBerlin = ['ge-arm-3', 'ge-arm-5', 'ge-art-1'];
    expect(inBerlin.filter((id) => !g.attackers.includes(id))).toHaveLength(1);
    expect(d).not.toBeNull();
    expect(g.attackers).toContain('ge-arm-2');
  });
});
