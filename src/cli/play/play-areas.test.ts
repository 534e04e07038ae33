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
    // Each area with the side holding it now (Midmarch was taken this move).
    expect(r.out).toMatch(/North Hold \(Northmen\) +2 × N infantry/);
    expect(r.out).toMatch(/4 groups and 1 choice, grouped: a number opens a group/);
    expect(r.out).toMatch(/Midmarch \(Northmen\) +N infantry\n/);
    expect(r.code).toBe(0);
  });
});

describe('theater play on Axis & Allies: Europe, scripted', () => {
  it('AAE: the view lists the pieces by territory and sea zone; the Axis Minor seat is there only with its house rule', async () => {
    const base = await playScript({ ruleset: 'aae', seed: 'cli-aae', seats: ['ussr=random', 'uk=random', 'usa=random'] }, ['view', 'quit']);
    expect(base.out).toContain('Seats: germany human, ussr random, uk random, usa random\n');
    expect(base.out).toMatch(/Pieces by location \(\d+ locations\)/);
    expect(base.out).toMatch(/\n {2}Germany \(Germany\) +2 × GE Armour 3-2-2, 2 × GE Artillery 2-2-1/);
    expect(base.out).toMatch(/\n {2}Bay of Biscay +2 × GE Submarine 2-2-2/);
    expect(base.code).toBe(0);
    // An area asked for by name shows its holder though no piece stands in it.
    const one = await playScript({ ruleset: 'aae', seed: 'cli-aae', seats: ['ussr=random', 'uk=random', 'usa=random'] }, ['view iceland', 'quit']);
    expect(one.out).toMatch(/Pieces by location matching "iceland" \(1 location\)\n {2}Iceland \(United Kingdom\) +no pieces/);
    const minor = await playScript({ ruleset: 'aae', seed: 'cli-aae', options: { 'hr-axis-minor': true }, seats: ['ussr=random', 'uk=random', 'usa=random'] }, ['quit']);
    expect(minor.out).toMatch(/Seats: .*minor human/);
  });

  it('AAE Combat Move: a filter, a typed label and the counts work inside a group named by its label, not its key', async () => {
    const seats = ['ussr=random', 'uk=random', 'usa=random'];
    const r = await playScript({ ruleset: 'aae', seed: 'cli-aae', seats },
      ['9', 'done buying (40 IPCs left)', '/infantry poland', '1', '/east', 'all 6 infantry from Poland: attack East Poland', '/end', 'quit']);
    expect(r.out).toContain('1 of 38 groups and 0 of 1 choice (filter "infantry poland"), grouped');
    expect(r.out).toContain('4 choices (group 6 Germany infantry in Poland):'); // the phase's end choice is not counted
    expect(r.out).toContain('germany 6 Germany infantry in Poland> /east\n2 of 4 choices (group 6 Germany infantry in Poland, filter "east"):');
    expect(r.out).toContain('germany 6 Germany infantry in Poland /east> all 6 infantry from Poland: attack East Poland\n' +
      'germany: all 6 infantry from Poland: attack East Poland\n');
    expect(r.out).toContain('0 of 37 groups and 1 choice (filter "end"):');
    expect(r.out).not.toContain('||'); // no raw group key
    expect(r.code).toBe(0); // no line refused
  });

  it('AAE Purchase Units: the AI\'s reason is printed without the choice it repeats, and once while it is the same', async () => {
    const r = await playScript({ ruleset: 'aae', seed: 'cli-aae', seats: ['germany=ai', 'ussr=random', 'uk=random'], budgetMs: 200 }, ['quit']);
    // Germany's special cash advance, up to the first line of another seat.
    const all = r.out.split('\n');
    const first = all.findIndex((l) => l.startsWith('germany (ai normal): '));
    const lines = all.slice(first, all.findIndex((l, i) => i > first && /^\w+ \(/.test(l) && !l.startsWith('germany ')));
    const buys = lines.filter((l) => l.startsWith('germany (ai normal): buy '));
    const whys = lines.map((l, i) => [lines[i - 1] ?? '', l] as const).filter(([, l]) => l.startsWith('    why: '));
    expect(buys.length).toBeGreaterThan(1);
    expect(whys.length).toBeGreaterThan(0);
    expect(whys.length).toBeLessThan(buys.length);
    for (const [before, why] of whys) expect(why.slice('    why: '.length).startsWith(before.slice(before.indexOf(': ') + 2))).toBe(false);
    const texts = whys.map(([, w]) => w);
    expect(texts.some((w, i) => i > 0 && w === texts[i - 1])).toBe(false);
  });
});
