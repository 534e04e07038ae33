import { describe, expect, it } from 'vitest';
import { setupGame } from '../../engine/kernel.ts';
import type { Json } from '../../engine/types.ts';
import { twoWW } from '../../rulesets/2ww/index.ts';
import { positionOfState, validatePosition } from '../../rulesets/2ww/positions/index.ts';
import type { Assets } from '../map/board-model.ts';
import { carriersAt, editable, moveUnit, positionBoard, problemsByUnit, setControl, setField, setUnit, unitFlags } from './editor-model.ts';

const start = () => editable(positionOfState(setupGame(twoWW, 'campaign-1939', { quickSetup: true }, 'editor').state) as unknown as Json);
const check = (p: unknown) => validatePosition(p as Json);
const counters = (twoWW.assets!() as unknown as Assets).counters;

describe('position editor model (docs/positions.md), on 2WW positions', () => {
  it('starts from the 1939 quick set-up as a valid position at a phase start, without the source stack or dice', () => {
    const p = start();
    expect(p.stack).toBeUndefined();
    expect((p.dice as { rng?: unknown } | undefined)?.rng).toBeUndefined();
    expect(p.phase).toBe('axis-movement');
    expect(check(p)).toEqual([]);
    expect(unitFlags(p)).toContain('ops');
  });

  it('2WW 3.4.2 moving a unit into Switzerland shows the problem next to that unit; moving it out clears it', () => {
    const p = moveUnit(start(), 'ge-inf-4', '2009');
    const probs = check(p);
    expect(probs.map((x) => x.message)).toEqual(['2WW 3.4.2: ge-inf-4 is in Switzerland (hex 2009), which no unit may ever enter']);
    expect([...problemsByUnit(p, probs).keys()]).toEqual(['ge-inf-4']);
    expect(check(moveUnit(p, 'ge-inf-4', 'pool'))).toEqual([]);
  });

  it('2WW 5.2.1 a stacking problem is shown on every unit of the stack', () => {
    let p = start();
    for (const id of ['ge-inf-4', 'ge-inf-6', 'ge-inf-7']) p = moveUnit(p, id, '2106');
    const stackIds = p.units.filter((u) => u.at === '2106' && /^ge-(inf|arm|para)/.test(u.id)).map((u) => u.id);
    const marked = problemsByUnit(p, check(p));
    for (const id of stackIds) expect(marked.has(id), id).toBe(true);
  });

  it('2WW 8.3.4 boarding a fleet puts the unit in the fleet\'s hex, and the cargo moves with its fleet', () => {
    let p = moveUnit(start(), 'ge-fleet-surface', '1001');
    p = moveUnit(p, 'ge-inf-4', '1001');
    expect(carriersAt(p, 'ge-inf-4', counters)).toContain('ge-fleet-surface');
    p = setUnit(p, 'ge-inf-4', { aboard: 'ge-fleet-surface', reduced: true, flags: { ops: true } });
    expect(check(p)).toEqual([]);
    p = moveUnit(p, 'ge-fleet-surface', '1002');
    expect(p.units.find((u) => u.id === 'ge-inf-4')).toMatchObject({ at: '1002', aboard: 'ge-fleet-surface', reduced: true, ops: true });
    p = setUnit(p, 'ge-inf-4', { aboard: null });
    expect(check(p).map((x) => x.message)).toEqual(['2WW 5.1.2: ge-inf-4 is a land unit in all-sea hex 1002 (at sea a land unit must be aboard a fleet)']);
  });

  it('2WW 3.4.7 control is set on city hexes and drawn from the position; other fields are set by path', () => {
    const p = setControl(start(), '1906', 'allies');
    expect(p.control!['1906']).toBe('allies');
    const b = positionBoard(p, counters);
    expect(b.control['1906']).toBe('allies');
    expect(b.pieces.find((x) => x.id === 'ge-inf-4')).toMatchObject({ power: 'ge', side: 'axis', where: p.units.find((u) => u.id === 'ge-inf-4')!.at });
    expect(setControl(p, '1906', null).control!['1906']).toBeUndefined();
    expect(setField(p, ['politics', 'iraq'], 'rebel').politics).toMatchObject({ iraq: 'rebel' });
    expect(check(setField(p, ['turn'], 4))).toEqual([]);
  });
});
