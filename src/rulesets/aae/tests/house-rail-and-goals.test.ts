// Rules of the draft that ride on others: Italy's rail (l.107), the Siberia-Urals line (l.125), the Axis Minor's goal
// (l.241). Rulings 34, 63.
import { describe, expect, it } from 'vitest';
import { aaeRig, position, u } from '../testing.ts';
import { houseLimitOutcome } from '../house/victory.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const railTo = (rig: ReturnType<typeof aaeRig>, s: Parameters<ReturnType<typeof aaeRig>['choices']>[0], id: string) =>
  rig.choices(s).filter((c) => c.action.kind === 'rail' && (c.action.units as string[]).includes(id)).map((c) => c.action.to as string).sort();

describe('house rules: Italy\'s rail, the Siberian line, the Axis Minor\'s goal', () => {
  it('the Axis Minor rails Italian units only, in Europe, with 4 points (l.107)', () => {
    const rig = aaeRig();
    const body = position({ units: [u('minor', 'infantry', 'northern-italy', 1, { nation: 'italy' }), u('minor', 'infantry', 'hungary', 1, { nation: 'hungary' })], options: on('axis-minor', 'rail') });
    const s = rig.start(body, 'noncombat-move', 'minor');
    // 2 points a step for infantry and 2 more for each area: Austria (2 + 0) and one area beyond it (2 + 2).
    expect(railTo(rig, s, 'u1')).toContain('austria');
    expect(railTo(rig, s, 'u2')).toEqual([]);
  });

  it('only the Soviet Union rails between Siberia and the Urals (l.125)', () => {
    const rig = aaeRig();
    const opts = on('regions', 'rail');
    const german = rig.start(position({ units: [u('germany', 'infantry', 'siberia')], control: { siberia: 'germany', urals: 'germany' }, options: opts }), 'noncombat-move', 'germany');
    expect(railTo(rig, german, 'u1')).not.toContain('urals');
    const soviet = rig.start(position({ units: [u('ussr', 'infantry', 'siberia')], options: opts }), 'noncombat-move', 'ussr');
    expect(railTo(rig, soviet, 'u1')).toContain('urals');
  });

  it('at the end of turn 16, Germany short of two areas of Germany, the Axis Minor wins with one of its countries unconquered (l.241)', () => {
    const body = (extra: Record<string, boolean>) => ({ ...position({ units: [], round: 17, control: { germany: 'ussr', austria: 'ussr' }, options: { ...on('victory'), ...extra } }) });
    expect(houseLimitOutcome(body(on('axis-minor')) as never)).toMatchObject({ winner: 'minor' });
    expect(houseLimitOutcome(body({}) as never).winner).toBeNull();
    const allFallen = body(on('axis-minor'));
    Object.assign(allFallen.control, { 'northern-italy': 'uk', hungary: 'ussr', rumania: 'ussr', bulgaria: 'ussr', finland: 'ussr' });
    expect(houseLimitOutcome(allFallen as never).winner).toBeNull();
  });
});
