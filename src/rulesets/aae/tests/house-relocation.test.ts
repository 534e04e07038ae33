// House rules l.133 (factory relocation, `hr-relocation`); ruling 76.
import { describe, expect, it } from 'vitest';
import { aaeRig, position, u } from '../testing.ts';
import { factoryRoom, placements } from '../production.ts';
import { factoriesIn, valueOf } from '../world.ts';
import { incomeOf } from '../income.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const units = [u('ussr', 'infantry', 'russia'), u('germany', 'infantry', 'germany'), u('uk', 'infantry', 'united-kingdom'), u('usa', 'infantry', 'eastern-usa')];

describe('house rules l.133: factory relocation', () => {
  it('after the noncombat move: Stalingrad\'s complex goes to the Urals by rail for 4 rail points and 1 IPC, and the Urals are worth 1 more', () => {
    const rig = aaeRig();
    const body = position({ units, options: on('relocation', 'regions', 'rail') });
    body.pending.ussr = ['infantry'];
    let s = rig.start(body, 'noncombat-move', 'ussr');
    s = rig.play(s, 'ussr', rig.pick(s, /^end the noncombat move/));
    const labels = rig.choices(s).map((c) => c.label);
    expect(labels[0]).toBe('no relocation');
    expect(labels).toContain('move the industrial complex of Stalingrad to The Urals (+1 to its value) (4 rail points and 1 IPC)');
    expect(labels.some((l) => /complex of Moscow/.test(l))).toBe(false);
    const before = incomeOf(s, 'ussr').total;
    s = rig.play(s, 'ussr', rig.pick(s, /complex of Stalingrad to The Urals/));
    expect(s.ipcs.ussr).toBe(23);
    expect(s.railUsed).toEqual({ all: 4, soviet: 0 });
    expect(factoriesIn(s)).toContain('urals');
    expect(factoriesIn(s)).not.toContain('stalingrad');
    expect(valueOf(s, 'urals')).toBe(2);
    expect(incomeOf(s, 'ussr').total).toBe(before + 1);
    expect(placements(s, 'ussr', 'infantry', {}).map((p) => p.at)).toEqual(['archangel', 'leningrad', 'moscow', 'urals']);
  });

  it('to a territory without a complex: it builds up to the value that turn; once a turn; not without the switch', () => {
    const rig = aaeRig();
    const body = position({ units, options: on('relocation', 'factory-limit') });
    body.pending.ussr = ['infantry', 'infantry'];
    let s = rig.start(body, 'noncombat-move', 'ussr');
    s = rig.play(s, 'ussr', rig.pick(s, /^end the noncombat move/));
    s = rig.play(s, 'ussr', rig.pick(s, /complex of Leningrad to Karelia \(1 IPC\)/));
    expect(factoryRoom(s, 'ussr', 'karelia', {})).toBe(1);
    expect(factoryRoom({ ...s, round: 2 }, 'ussr', 'karelia', {})).toBe(2);
    expect(rig.prompt(s)!.rule).toBe('AAE Mobilize New Units');
    s = rig.play(s, 'ussr', rig.pick(s, /place infantry in Karelia/));
    expect(rig.choices(s).some((c) => c.action.at === 'karelia')).toBe(false);
    const off = rig.start(position({ units }), 'noncombat-move', 'ussr');
    expect(rig.prompt(rig.play(off, 'ussr', rig.pick(off, /^end the noncombat move/)))?.rule).not.toBe('AAE house rules l.133 (factory relocation)');
  });
});
