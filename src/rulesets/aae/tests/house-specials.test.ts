// The powers' special rules of the draft: the Soviet convoys (l.121-123).
import { describe, expect, it } from 'vitest';
import type { Power } from '../data/index.ts';
import { incomeOf } from '../income.ts';
import { aaeRig, position, u } from '../testing.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const convoyItems = (round: number, control: Record<string, Power> = {}, options = on('convoys', 'regions')) => {
  const s = aaeRig().start(position({ control, options, round, units: [u('ussr', 'infantry', 'moscow')] }), 'purchase', 'ussr');
  return incomeOf(s, 'ussr').items.filter((i) => /convoy/.test(i.area)).map((i) => `${i.area} ${i.value}`);
};

describe('house rules l.121-123: the Soviet convoys', () => {
  it('the Arctic convoy pays from Winter 1941 (turn 4): 4, then 2 with Murmansk or Archangel Axis, nothing with both', () => {
    expect(convoyItems(3)).toEqual([]);
    expect(convoyItems(4)).toEqual(['soviet-convoy 4']);
    expect(convoyItems(4, { murmansk: 'germany' })).toEqual(['soviet-convoy 2']);
    expect(convoyItems(4, { archangel: 'germany' })).toEqual(['soviet-convoy 2']);
    expect(convoyItems(4, { murmansk: 'germany', archangel: 'germany' })).toEqual([]);
    // Without the regional map Karelia stands for Murmansk; without the rule Archangel lost cuts the centre (base game).
    expect(convoyItems(5, { karelia: 'germany' }, on('convoys'))).toEqual(['soviet-convoy 2']);
    expect(convoyItems(5, { archangel: 'germany' }, {})).toEqual([]);
    expect(convoyItems(1, {}, {})).toEqual(['soviet-convoy 4']);
  });

  it('the Atlantic convoys add 3 from Summer 1942 (turn 6) and 3 more from Winter 1942 (turn 8); 1 each with Northern Iran or Iraq Axis', () => {
    expect(convoyItems(5)).toEqual(['soviet-convoy 4']);
    expect(convoyItems(6)).toEqual(['soviet-convoy 4', 'atlantic-convoy-1 3']);
    expect(convoyItems(8)).toEqual(['soviet-convoy 4', 'atlantic-convoy-1 3', 'atlantic-convoy-2 3']);
    expect(convoyItems(8, { iraq: 'germany' })).toEqual(['soviet-convoy 4', 'atlantic-convoy-1 1', 'atlantic-convoy-2 1']);
    expect(convoyItems(8, { 'northern-iran': 'germany' })).toEqual(['soviet-convoy 4', 'atlantic-convoy-1 1', 'atlantic-convoy-2 1']);
    // The income collected: Soviet territory plus the convoys.
    const rig = aaeRig();
    const s = rig.start(position({ options: on('convoys'), round: 8, units: [u('ussr', 'infantry', 'moscow')] }), 'income', 'ussr');
    expect(rig.log().some((l) => /Soviet Union collects \d+ IPCs/.test(l))).toBe(true);
    expect(s.ipcs.ussr).toBe(24 + incomeOf(s, 'ussr').total);
  });
});
