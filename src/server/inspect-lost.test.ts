// The preview of a decision names the seat's own pieces it takes off the board (inspect.ts piecesLost): A&A Europe's
// aircraft left with nowhere to land when the noncombat move ends.
import { describe, expect, it } from 'vitest';
import { getPackage } from '../rulesets/index.ts';
import { aaeRig, position, u } from '../rulesets/aae/testing.ts';
import { answerQuestion, piecesLost } from './inspect.ts';

describe('preview: pieces a decision loses', () => {
  it('AAE: ending the noncombat move with a fighter not landed loses it; landing it first loses nothing', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'fighter', 'east-poland', 1, { combatMoved: true, spent: 2, fought: true, mission: 'attack' }), u('germany', 'infantry', 'poland')], control: { 'east-poland': 'germany' } }), 'noncombat-move', 'germany');
    s = { ...s, capturedThisTurn: ['east-poland'] };
    const pkg = getPackage('aae');
    const end = answerQuestion(pkg, s, 'germany', { kind: 'preview', action: { type: 'end-phase' } });
    expect(end).toMatchObject({ kind: 'preview', known: true, lost: [{ piece: { power: 'germany', type: 'fighter' }, count: 1 }] });
    const land = rig.choices(s).find((c) => /fighter from East Poland/.test(c.label) && c.action.to === 'poland')!;
    s = rig.play(s, 'germany', land.action);
    const after = answerQuestion(pkg, s, 'germany', { kind: 'preview', action: { type: 'end-phase' } });
    expect(after).toMatchObject({ kind: 'preview', known: true });
    expect((after as { lost?: unknown }).lost).toBeUndefined();
  });

  it('counts by piece and by kind; pieces moved to the eliminated box are lost, others of other seats are not', () => {
    const p = (id: string, where: string, extra: object = {}) => ({ id, where, side: 'axis', power: 'ge', type: 'inf', ...extra });
    expect(piecesLost([p('a', '0101', { count: 3 }), p('b', '0102'), p('c', '0103', { power: 'it' })],
      [p('a', '0101', { count: 1 }), p('b', 'eliminated')], 'ge')).toEqual([{ piece: p('a', '0101', { count: 3 }), count: 3 }]);
  });
});
