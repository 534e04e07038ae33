// House rules l.18 (paratroops, `hr-paratroops`) and l.12, 14, 54 (coastal forts, `hr-forts`); ruling 73.
import { describe, expect, it } from 'vitest';
import { aaeRig, position, u } from '../testing.ts';
import { overseas } from '../house/new-units.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const labels = (rig: ReturnType<typeof aaeRig>, s: Parameters<ReturnType<typeof aaeRig>['choices']>[0], re: RegExp) => rig.choices(s).map((c) => c.label).filter((l) => re.test(l));

describe('house rules l.18: paratroops', () => {
  it('Germany and the Soviet Union buy them, two in play each; the British only by research', () => {
    const rig = aaeRig();
    const units = [u('germany', 'infantry', 'germany'), u('ussr', 'infantry', 'russia'), u('uk', 'infantry', 'united-kingdom')];
    let s = rig.start(position({ units, options: on('paratroops') }), 'purchase', 'germany');
    expect(labels(rig, s, /paratroop/)).toEqual(['buy paratroop (4 IPCs; at most 2 in play)']);
    s = rig.play(s, 'germany', rig.pick(s, /buy paratroop/));
    expect(s.ipcs.germany).toBe(36);
    s = rig.play(s, 'germany', rig.pick(s, /buy paratroop/));
    expect(labels(rig, s, /paratroop/)).toEqual([]);
    expect(s.pending.germany).toEqual(['paratroop', 'paratroop']);
    expect(labels(rig, rig.start(position({ units, options: on('paratroops') }), 'purchase', 'uk'), /paratroop/)).toEqual([]);
    expect(labels(rig, rig.start(position({ units }), 'purchase', 'germany'), /paratroop/)).toEqual([]);
    const held = rig.start(position({ units: [...units, u('ussr', 'paratroop', 'russia', 2)], options: on('paratroops') }), 'purchase', 'ussr');
    expect(labels(rig, held, /paratroop/)).toEqual([]);
  });
});

describe('house rules l.12, 14: coastal forts', () => {
  const units = [u('uk', 'infantry', 'united-kingdom'), u('uk', 'infantry', 'gibraltar'), u('germany', 'infantry', 'germany')];

  it('bought for 3, placed in a coastal territory held since the turn began (one an area); overseas it builds until the next turn ends', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [...units, u('uk', 'fort', 'egypt')], options: on('forts') }), 'purchase', 'uk');
    s = rig.play(s, 'uk', rig.pick(s, /buy coastal fort \(3 IPCs/));
    expect(s.ipcs.uk).toBe(22);
    s = rig.play(s, 'uk', rig.pick(s, /done buying/));
    s = rig.play(s, 'uk', rig.pick(s, /^end the combat move/));
    s = rig.play(s, 'uk', rig.pick(s, /^end the noncombat move/));
    const places = rig.choices(s).filter((c) => c.action.unit === 'fort').map((c) => c.action.at as string);
    expect(places).toContain('gibraltar');
    expect(places).toContain('united-kingdom');
    expect(places).not.toContain('egypt'); // a fort already there
    expect(places).not.toContain('iraq'); // not coastal
    s = rig.play(s, 'uk', rig.pick(s, /place coastal fort in Gibraltar/));
    const fort = s.units.find((x) => x.type === 'fort' && x.at === 'gibraltar')!;
    expect(fort.building).toBe(true);
    expect(rig.log()).toContain('The coastal fort in Gibraltar is overseas: it defends at half until the end of United Kingdom\'s next turn');
    expect(s.house?.forts).toEqual({ [fort.id]: 1 });
  });

  it('overseas means no land route to the capital; a fort placed in a round before is finished at the end of its owner\'s turn', () => {
    const rig = aaeRig();
    const body = position({ units: [...units, u('uk', 'fort', 'gibraltar', 1, { building: true }), u('uk', 'fort', 'malta', 1, { building: true })], options: on('forts'), round: 2 });
    expect(overseas(body as never, 'uk', 'gibraltar')).toBe(true);
    expect(overseas(body as never, 'germany', 'france')).toBe(false);
    body.house = { forts: { u4: 1, u5: 2 } };
    const s = rig.start(body, 'income', 'uk');
    expect(s.units.filter((x) => x.type === 'fort').map((x) => `${x.at} ${x.building ?? false}`)).toEqual(['gibraltar false', 'malta true']);
    expect(s.house?.forts).toEqual({ u5: 2 });
    expect(rig.log()).toContain('The coastal fort in Gibraltar is finished');
  });
});
