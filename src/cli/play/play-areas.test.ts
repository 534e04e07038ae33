// The terminal client on an area board with a structured prompt (the area test game, src/rulesets/fixture-areas):
// stacks first, then a stack's moves asked from the kernel; the view lists pieces by area with their counts.
import { describe, expect, it } from 'vitest';
import { playScript } from './testing.ts';

describe('theater play on the area test game, scripted', () => {
  it('Areas 3: a stack is opened, then one of its moves taken; the view shows areas and stacked counts', async () => {
    const r = await playScript({ ruleset: 'fixture-areas', seed: 'cli-areas', options: { quickSetup: true }, seats: ['south=random'] },
      ['3', '3', 'view', 'quit']);
    expect(r.out).toContain('north decides: North movement: pick a stack, then where one of its units goes [Areas 3]');
    expect(r.out).toMatch(/3\) North Hold: 3 units to move >/);
    expect(r.out).toMatch(/5\) End the movement phase/);
    expect(r.out).toMatch(/3\) Move 1 infantry from North Hold to Midmarch/);
    expect(r.out).toContain('north: Move 1 infantry from North Hold to Midmarch');
    expect(r.out).toMatch(/North Hold +2 × N infantry/);
    expect(r.out).toMatch(/4 groups and 1 choice, grouped: a number opens a group/);
    expect(r.out).toMatch(/Midmarch +N infantry\n/);
    expect(r.code).toBe(0);
  });
});

describe('theater play on Axis & Allies: Europe, scripted', () => {
  it('AAE: the view lists the pieces by territory and sea zone; the Axis Minor seat is there only with its house rule', async () => {
    const base = await playScript({ ruleset: 'aae', seed: 'cli-aae', seats: ['ussr=random', 'uk=random', 'usa=random'] }, ['view', 'quit']);
    expect(base.out).toContain('Seats: germany human, ussr random, uk random, usa random\n');
    expect(base.out).toMatch(/Pieces by location \(\d+ locations\)/);
    expect(base.out).toMatch(/\n {2}Germany +2 × GE Armour 3-2-2, 2 × GE Artillery 2-2-1/);
    expect(base.out).toMatch(/\n {2}Bay of Biscay +2 × GE Submarine 2-2-2/);
    expect(base.code).toBe(0);
    const minor = await playScript({ ruleset: 'aae', seed: 'cli-aae', options: { 'hr-axis-minor': true }, seats: ['ussr=random', 'uk=random', 'usa=random'] }, ['quit']);
    expect(minor.out).toMatch(/Seats: .*minor human/);
  });
});
