// Naval HQs (6.1.6, 6.3): ships under a naval HQ at sea exploit and move as reserves, up to its rating.
import { describe, expect, it } from 'vitest';
import { choicesIn } from '../../engine/index.ts';
import { bkg } from './index.ts';
import { hqCommand } from './phases.ts';
import { createUnit } from './politics.ts';
import type { BkgState } from './state.ts';
import { advancedAxisMovement as axisMovement } from './testing.ts';

const clear = (s: BkgState, ...places: string[]) => { for (const u of Object.values(s.units)) if (places.includes(u.where)) delete s.units[u.id]; };

describe('BKG naval HQs', () => {
  it('6.3 a naval HQ carried at sea lets as many ships of its sea zone exploit as its rating (Yamamoto 3)', () => {
    let tfs: string[] = [];
    const p = axisMovement((s) => {
      clear(s, 'sea-of-japan');
      const c = createUnit(s, 'japan', 'conv', 1, 'sea-of-japan');
      const hq = s.units[Object.values(s.units).find((u) => u.hq === 'yamamoto')!.id]!;
      Object.assign(hq, { where: 'sea-of-japan', aboard: c.id });
      tfs = [3, 3, 3].map((st) => createUnit(s, 'japan', 'tf', st, 'sea-of-japan').id);
      // The exploitation phase of the Axis segment.
      s.stack[s.stack.length - 1] = { proc: 'movement', side: 'axis', phase: 'exploit', ended: [], hqs: hqCommand(s, 'axis') };
    });
    const moves = () => choicesIn(bkg, p.s, 'japan', 'sea-of-japan').filter((c) => c.action.type === 'move' && (c.action.units as string[]).length === 1);
    const conv = Object.values(p.s.units).find((u) => u.type === 'conv' && u.where === 'sea-of-japan')!.id;
    expect(new Set(moves().map((c) => (c.action.units as string[])[0]))).toEqual(new Set([tfs[0]!, conv])); // one of each kind
    const to = moves().find((c) => (c.action.units as string[])[0] === tfs[0])!.action.to as string;
    p.act('japan', { type: 'move', units: [tfs[0]!], to });
    p.act('japan', { type: 'move', units: [tfs[1]!], to });
    p.act('japan', { type: 'move', units: [tfs[2]!], to });
    expect(moves()).toEqual([]); // three ships moved: Yamamoto's rating is used up; the convoy with him stays
  });

  it('6.1.6 ships under a naval HQ at sea move as reserves into a sea zone enemy ships attack (Nimitz 3)', () => {
    let tf = '';
    const p = axisMovement((s) => {
      clear(s, 'channel', 'bay-of-biscay', 'sea-of-britain');
      s.wars = [...s.wars, 'germany|usa'].sort();
      const c = createUnit(s, 'usa', 'conv', 1, 'bay-of-biscay');
      Object.assign(Object.values(s.units).find((u) => u.hq === 'nimitz')!, { where: 'bay-of-biscay', aboard: c.id });
      createUnit(s, 'usa', 'tf', 3, 'bay-of-biscay');
      createUnit(s, 'usa', 'tf', 2, 'channel');
      tf = createUnit(s, 'germany', 'tf', 4, 'sea-of-britain').id;
    });
    p.act('germany', { type: 'move', units: [tf], to: 'channel' });
    for (const m of ['germany', 'italy', 'japan'] as const) p.act(m, { type: 'end' });
    // No combat yet (the searches come first, advanced 6.4.3 D), but the Channel is attacked by German ships.
    expect(p.s.battles).toEqual([]);
    expect(p.waiting()).toEqual(['usa:react']);
    const labels = choicesIn(bkg, p.s, 'usa', 'bay-of-biscay').map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(['TF 3 to Channel (naval reserve)', 'Conv 1 to Channel (naval reserve)']));
    p.act('usa', choicesIn(bkg, p.s, 'usa', 'bay-of-biscay').find((c) => (c.action.units as string[]).length === 2)!.action); // both
    expect(p.describe('channel')).toContain('usa HQ Nimitz'); // the convoy took the HQ along
    expect(p.describe('channel')).toContain('usa TF 3');
  });
});
