// The draft's victory conditions (l.241, hr-victory): each power's goal at the end of a turn, Germany's at turn 16.
import { describe, expect, it } from 'vitest';
import type { Power } from '../data/index.ts';
import { axisCityPoints, italyDefeated } from '../house/victory.ts';
import { aaeRig, position, u } from '../testing.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const units = [u('germany', 'infantry', 'austria'), u('ussr', 'infantry', 'russia'), u('uk', 'infantry', 'canada'), u('usa', 'infantry', 'united-states')];

/** The end of `power`'s turn (its income phase) in a position with `control` changed. */
function endOfTurn(power: Power, control: Record<string, Power>, options = on('victory', 'regions'), round = 5) {
  const rig = aaeRig();
  return rig.start(position({ units, control, options, round }), 'income', power);
}

describe('house rules l.241: victory conditions', () => {
  it('the Axis win at the end of a turn holding 10 points of cities (6 of their own, Moscow 2, Leningrad 1, Stalingrad 1); 9 is not enough', () => {
    const s = endOfTurn('germany', { moscow: 'germany', leningrad: 'germany', stalingrad: 'germany' });
    expect(s.outcome).toMatchObject({ winner: 'germany', rule: 'AAE house rules l.241 (victory conditions)' });
    const nine = endOfTurn('germany', { moscow: 'germany', leningrad: 'germany' });
    expect([axisCityPoints(nine), nine.outcome]).toEqual([9, null]);
    // The base game's capitals held a round no longer wins: Moscow alone is 8 points.
    expect(endOfTurn('germany', { moscow: 'germany' }).outcome).toBeNull();
  });

  it('without the regional map Germany and the United Kingdom stand for Berlin and London: London (6) brings the Axis to 12', () => {
    const s = endOfTurn('germany', { 'united-kingdom': 'germany' }, on('victory'));
    expect(s.outcome?.winner).toBe('germany');
  });

  it('the Soviets win taking Berlin, Budapest, Königsberg and Warsaw; Germany still holds Germany and Austria, so the Americans have not won', () => {
    const s = endOfTurn('ussr', { berlin: 'ussr', budapest: 'ussr', konigsberg: 'ussr', warsaw: 'ussr' });
    expect(s.outcome).toMatchObject({ winner: 'ussr', result: 'Soviet victory: Berlin, Budapest, Königsberg and Warsaw are taken' });
    expect(endOfTurn('ussr', { berlin: 'ussr', budapest: 'ussr', konigsberg: 'ussr' }).outcome).toBeNull();
  });

  it('the Americans win once Germany holds fewer than 2 areas of Germany, at the end of any turn', () => {
    const s = endOfTurn('uk', { berlin: 'usa', konigsberg: 'ussr', austria: 'uk' });
    expect(s.outcome).toMatchObject({ winner: 'usa', result: 'American victory: Germany is defeated' });
    expect(endOfTurn('uk', { berlin: 'usa', austria: 'uk' }).outcome).toBeNull();
    // Without the regional map the areas of Germany are Germany and Austria: losing either defeats Germany.
    expect(endOfTurn('usa', { austria: 'usa' }, on('victory')).outcome?.winner).toBe('usa');
  });

  it('the British win when Germany and Italy are defeated and they hold Egypt, Greece and Gibraltar', () => {
    const beaten = { berlin: 'uk', germany: 'uk', austria: 'uk', 'northern-italy': 'uk' } as const;
    expect(endOfTurn('uk', { ...beaten, greece: 'uk' }).outcome?.winner).toBe('uk');
    // Greece still German: the Americans' goal (Germany defeated) is the one met.
    expect(endOfTurn('uk', { ...beaten }).outcome?.winner).toBe('usa');
  });

  it('Italy surrenders (l.147) with Northern Italy lost, or two of Sardinia, Sicily and Southern Italy with Italian North Africa', () => {
    const body = (control: Record<string, Power>) => ({ ...position({ control, options: on('regions') }) });
    expect(italyDefeated(body({ sicily: 'uk', sardinia: 'uk', libya: 'uk' }) as never)).toBe(false);
    expect(italyDefeated(body({ sicily: 'uk', sardinia: 'uk', libya: 'uk', tripoli: 'uk' }) as never)).toBe(true);
    expect(italyDefeated(body({ 'northern-italy': 'usa' }) as never)).toBe(true);
  });

  it('at the end of turn 16 Germany wins holding 2 areas of Germany (with the round limit 16, or none)', () => {
    const s = endOfTurn('usa', { berlin: 'usa' }, on('victory', 'regions'), 16);
    expect(s.outcome).toMatchObject({ winner: 'germany', result: 'German victory at the end of turn 16: Germany holds 3 areas of Germany' });
    const rig = aaeRig();
    const free = rig.start(position({ units, round: 16, options: { ...on('victory'), roundLimit: 0 } }), 'income', 'usa');
    expect(free.outcome?.winner).toBe('germany');
  });
});
