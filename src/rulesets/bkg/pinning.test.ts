// Pinning (advanced 10.1-10.2) from positions on the 1941 set-up.
import { describe, expect, it } from 'vitest';
import { choicesIn } from '../../engine/index.ts';
import { bkg } from './index.ts';
import { envFor, unloadTargets } from './movement.ts';
import { pinCount } from './pinning.ts';
import { createUnit } from './politics.ts';
import type { Unit } from './state.ts';
import { Play, advancedAxisMovement } from './testing.ts';

const u = (type: Unit['type']): Unit => ({ id: type, power: 'x', type, front: 2, back: 1, where: 'x' });

describe('BKG pinning (advanced 10)', () => {
  it('10.2 who pins whom: land units pin land units, ships ships, aircraft and task forces anything, HQs nothing', () => {
    expect(pinCount([u('inf'), u('arm')], [u('air'), u('air')])).toBe(0);
    expect(pinCount([u('inf')], [u('inf'), u('hq')])).toBe(1); // an HQ can be pinned
    expect(pinCount([u('hq'), u('hq')], [u('inf')])).toBe(0);
    expect(pinCount([u('sub')], [u('tf'), u('conv')])).toBe(1);
    expect(pinCount([u('sub')], [u('air')])).toBe(0);
    expect(pinCount([u('air'), u('tf')], [u('air'), u('conv')])).toBe(2);
    // Land units take the land units, so the aircraft pins the defending aircraft.
    expect(pinCount([u('inf'), u('air')], [u('inf'), u('air')])).toBe(2);
  });

  it('10.1 only as many units as attack are pinned: the owner\'s surplus aircraft may react elsewhere', () => {
    const ids: string[] = [];
    const p = advancedAxisMovement((s) => { for (let i = 0; i < 5; i++) ids.push(createUnit(s, 'germany', 'air', 4, 'bnl').id); createUnit(s, 'be', 'inf', 2, 'scotland'); });
    expect(p.describe('england')).toBe('be Inf 3, be Inf 2 (B), be Air 2, be Air 2, be Air 3');
    // Four German aircraft attack England (its two land units and three aircraft: four pinned, one free); the fifth
    // attacks a BE Inf 2 in Scotland.
    p.moveEach('germany', ids.slice(0, 4), 'england');
    p.act('germany', { type: 'move', units: [ids[4]!], to: 'scotland' });
    for (const m of ['germany', 'italy', 'japan'] as const) p.act(m, { type: 'end' });
    expect(p.waiting()).toContain('be:react');
    const reactions = () => choicesIn(bkg, p.s, 'be', 'england').filter((c) => c.action.type === 'react' && c.action.to === 'scotland');
    expect(reactions().map((c) => c.label)).toEqual(['Air 2 to Scotland', 'Air 3 to Scotland']);
    p.act('be', reactions()[1]!.action);
    expect(p.describe('scotland')).toContain('be Air 3');
    expect(reactions()).toEqual([]); // the other two are pinned now
  });

  it('10.1 a convoy the enemy ships pin lands nothing in an enemy area; one of two may, being the surplus', () => {
    const s = structuredClone(new Play({}, 'advanced-1941').s);
    for (const v of Object.values(s.units)) if (v.where === 'channel') delete s.units[v.id];
    const c1 = createUnit(s, 'germany', 'conv', 1, 'channel');
    const inf = createUnit(s, 'germany', 'inf', 3, 'channel');
    Object.assign(inf, { aboard: c1.id, board: 0 });
    createUnit(s, 'be', 'tf', 3, 'channel');
    const into = () => unloadTargets(envFor(s, 'germany'), inf).map((x) => x.to);
    expect(into()).not.toContain('england');
    const c2 = createUnit(s, 'germany', 'conv', 1, 'channel');
    expect(into()).toContain('england');
    c2.carried = true; // the other convoy already landed its unit: it was the surplus
    expect(into()).not.toContain('england');
  });
});
