// House rules l.173 (the Gulf of Finland mine barrage, `hr-mines`); ruling 86.
import { describe, expect, it } from 'vitest';
import { neighboursIn } from '../world.ts';
import { aaeRig, position, u } from '../testing.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const sea = (s: Parameters<typeof neighboursIn>[0], id: string) => neighboursIn(s, id).filter((n) => n.kind === 'coast').map((n) => n.id).sort();

describe('house rules l.173: the Gulf of Finland', () => {
  it('is carved from the Baltic Sea with the option: Leningrad and Vyborg then lie on the gulf only', () => {
    const rig = aaeRig();
    const off = rig.start(position({ units: [] }), 'noncombat-move', 'ussr');
    const with_ = rig.start(position({ units: [], options: on('mines') }), 'noncombat-move', 'ussr');
    expect([sea(off, 'leningrad'), sea(off, 'vyborg')]).toEqual([['baltic-sea'], ['baltic-sea']]);
    expect([sea(with_, 'leningrad'), sea(with_, 'vyborg')]).toEqual([['gulf-of-finland'], ['gulf-of-finland']]);
    expect(neighboursIn(with_, 'gulf-of-finland').map((n) => n.id).sort()).toEqual(['baltic-sea', 'baltic-states', 'finland', 'leningrad', 'vyborg']);
    expect(neighboursIn(off, 'baltic-sea').some((n) => n.id === 'gulf-of-finland')).toBe(false);
  });

  it('a ship leaving the gulf rolls: a 4 sinks a destroyer, a 5 lets it through, a hit only damages a battleship', () => {
    const rig = aaeRig();
    const body = position({ units: [u('ussr', 'destroyer', 'gulf-of-finland'), u('ussr', 'battleship', 'gulf-of-finland')], round: 3, options: on('mines') });
    const s = rig.start(body, 'noncombat-move', 'ussr');
    const sunk = rig.play(rig.force(s, [4]), 'ussr', { type: 'move', units: ['u1'], to: 'baltic-sea' });
    expect(rig.log()).toContain('A mine sinks a Soviet Union destroyer');
    expect(sunk.units.map((x) => x.id)).toEqual(['u2']);
    const through = rig.play(rig.force(s, [5]), 'ussr', { type: 'move', units: ['u1'], to: 'baltic-sea' });
    expect(through.units.find((x) => x.id === 'u1')!.at).toBe('baltic-sea');
    const damaged = rig.play(rig.force(s, [1]), 'ussr', { type: 'move', units: ['u2'], to: 'baltic-sea' });
    expect(damaged.units.find((x) => x.id === 'u2')).toMatchObject({ at: 'baltic-sea', damage: 1 });
  });

  it('from 1942 each of Vyborg, Helsinki, Estonia and Riga in Soviet hands adds 1 (Finland and the Baltic States stand in without the regional map)', () => {
    const rig = aaeRig();
    // Turn 5 (Spring 1942): Vyborg and the Baltic States Soviet, Finland not: +2, so a 2 hits and a 3 does not.
    const body = position({ units: [u('ussr', 'destroyer', 'baltic-sea')], round: 5, control: { vyborg: 'ussr', 'baltic-states': 'ussr' }, options: on('mines') });
    const s = rig.start(body, 'noncombat-move', 'ussr');
    rig.play(rig.force(s, [2]), 'ussr', { type: 'move', units: ['u1'], to: 'gulf-of-finland' });
    expect(rig.log()).toContain('A mine sinks a Soviet Union destroyer');
    const safe = rig.play(rig.force(s, [3]), 'ussr', { type: 'move', units: ['u1'], to: 'gulf-of-finland' });
    expect(safe.units[0]!.at).toBe('gulf-of-finland');
    // In 1941 there is no clearance: the same 3 hits.
    const early = rig.start({ ...body, round: 4 }, 'noncombat-move', 'ussr');
    expect(rig.play(rig.force(early, [3]), 'ussr', { type: 'move', units: ['u1'], to: 'gulf-of-finland' }).units).toEqual([]);
  });
});
