// House rules l.165 (raids on Rumania's oil, `hr-oil-raid`); ruling 77.
import { describe, expect, it } from 'vitest';
import { aaeRig, position, u } from '../testing.ts';
import { raidTarget } from '../movement.ts';
import { oilRaidClasses } from '../house/oil.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const units = [u('germany', 'infantry', 'rumania'), u('germany', 'infantry', 'germany'), u('ussr', 'infantry', 'russia'), u('usa', 'infantry', 'eastern-usa')];

describe('house rules l.165: raids on Rumania\'s oil', () => {
  it('Rumania is a raid target; a raid costs at most 2 IPCs and its 6 points short two classes at Germany\'s next turn', () => {
    const rig = aaeRig();
    const body = position({ units: [...units, u('uk', 'bomber', 'rumania', 1, { combatMoved: true, mission: 'raid', spent: 4 })], options: on('oil-raid') });
    expect(raidTarget(body as never, 'rumania', 'uk')).toBe(true);
    expect(raidTarget(position({ units }) as never, 'rumania', 'uk')).toBe(false);
    let s = rig.start(body, 'combat', 'uk');
    s = rig.play(rig.force(s, [6]), 'uk', rig.pick(s, /strategic bombing raid on Rumania/));
    expect(rig.log()).toContain('The raid on Rumania\'s oil rolled 6 damage');
    expect(rig.log()).toContain('The raid on Rumania does 6 damage: Germany loses 2 IPCs');
    expect(s.ipcs.germany).toBe(38);
    expect(s.house?.oilRaid).toBe(6);
  });

  it('4 points: one class at Germany\'s next turn; 3: none; the record is spent', () => {
    expect([3, 4, 5, 9].map(oilRaidClasses)).toEqual([0, 1, 2, 2]);
    const rig = aaeRig();
    const body = position({ units, options: on('oil-raid'), round: 2 });
    body.house = { oilRaid: 4 };
    let s = rig.start(body, 'start', 'germany');
    expect(rig.prompt(s)!.rule).toBe('AAE house rules l.165 (raids on Rumania\'s oil)');
    s = rig.play(s, 'germany', { type: 'oil-short', class: 'armour' });
    expect(s.house?.oilShort).toEqual(['armour']);
    expect(s.house?.oilRaid).toBeUndefined();
    expect(rig.prompt(s)!.rule).toBe('AAE Purchase Units');
    const small = position({ units, options: on('oil-raid'), round: 2 });
    small.house = { oilRaid: 3 };
    expect(rig.prompt(rig.start(small, 'start', 'germany'))!.rule).toBe('AAE Purchase Units');
  });
});
