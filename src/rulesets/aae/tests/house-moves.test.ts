// The house rules on the move and at purchase: Spring mud and Winter 1941 (l.40, 44), the Winter landing ban (l.40),
// SS and Guards armour (l.135, 161), armoured carriers' one fighter (l.195).
import { describe, expect, it } from 'vitest';
import { carrierWithRoom } from '../movement.ts';
import type { AaeState } from '../state.ts';
import { aaeRig, position, u, unitsOf } from '../testing.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const targets = (rig: ReturnType<typeof aaeRig>, s: AaeState, who: RegExp) =>
  rig.choices(s).filter((c) => who.test(c.label) && c.action.type === 'move' && (c.action.units as string[]).length === 1).map((c) => c.action.to as string).sort();
const labels = (rig: ReturnType<typeof aaeRig>, s: AaeState) => rig.choices(s).map((c) => c.label);

describe('house rules l.40, 44: armour moves 1 in Eastern Europe in Spring and in Winter 1941', () => {
  const blitz = (round: number, options: Record<string, boolean>) => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'armour', 'poland'), u('ussr', 'armour', 'belorussia'), u('ussr', 'infantry', 'moscow')], round, options }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /armour from Poland: attack East Poland/));
    return { rig, s };
  };

  it('Spring 1942 (turn 5): the armour that took East Poland goes no further; in Summer it blitzes on', () => {
    const spring = blitz(5, on('weather'));
    expect(spring.s.control['east-poland']).toBe('germany');
    expect(targets(spring.rig, spring.s, /armour from East Poland/)).toEqual([]);
    const summer = blitz(6, on('weather'));
    expect(targets(summer.rig, summer.s, /armour from East Poland/)).toEqual(['baltic-states', 'belorussia', 'bessarabia', 'ukraine']);
  });

  it('Winter 1941 (turn 4) holds German armour, not Soviet; outside Eastern Europe armour moves 2', () => {
    const w = blitz(4, on('winter-1941'));
    expect(targets(w.rig, w.s, /armour from East Poland/)).toEqual([]);
    const rig = aaeRig();
    const soviet = rig.start(position({ units: [u('ussr', 'armour', 'belorussia'), u('germany', 'infantry', 'germany')], round: 4, control: { 'east-poland': 'germany' }, options: on('winter-1941') }), 'combat-move', 'ussr');
    expect(targets(rig, soviet, /armour from Belorussia/)).toContain('poland');
    const west = rig.start(position({ units: [u('germany', 'armour', 'germany'), u('uk', 'infantry', 'united-kingdom')], round: 5, control: { 'netherlands-belgium': 'uk', france: 'uk' }, options: on('weather') }), 'combat-move', 'germany');
    expect(targets(rig, west, /armour from Germany/)).toEqual(['france', 'netherlands-belgium']);
  });
});

describe('house rules l.40: no amphibious assault from the Atlantic or the Baltic in Winter', () => {
  const landing = (round: number, zone: string, target: string) => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [u('uk', 'transport', zone), u('uk', 'infantry', zone, 2, { aboard: 'u1' }), u('germany', 'infantry', target)], round, options: on('weather') }), 'combat-move', 'uk');
    return labels(rig, s).filter((l) => /^all 2 .*amphibious assault/.test(l));
  };

  it('Winter 1941: none from the English Channel; from the Western Mediterranean yes; Autumn yes', () => {
    expect(landing(4, 'english-channel', 'france')).toEqual([]);
    expect(landing(3, 'english-channel', 'france')).toEqual([
      'all 2 infantry from English Channel: land in Netherlands-Belgium (amphibious assault)', 'all 2 infantry from English Channel: land in France (amphibious assault)',
    ]);
    expect(landing(4, 'western-mediterranean', 'algeria')).toEqual([
      'all 2 infantry from Western Mediterranean: land in Algeria (amphibious assault)', 'all 2 infantry from Western Mediterranean: land in Vichy France (amphibious assault)',
    ]);
  });
});

describe('house rules l.161, 135: SS and Guards armour', () => {
  it('SS armour: from Winter 1942 (turn 8), one a turn, 7 IPCs', () => {
    const rig = aaeRig();
    const early = rig.start(position({ units: [u('germany', 'infantry', 'germany')], round: 7, ipcs: { germany: 30 }, options: on('ss') }), 'purchase', 'germany');
    expect(labels(rig, early).filter((l) => /SS/.test(l))).toEqual([]);
    let s = rig.start(position({ units: [u('germany', 'infantry', 'germany')], round: 8, ipcs: { germany: 30 }, options: on('ss') }), 'purchase', 'germany');
    expect(labels(rig, s).filter((l) => /SS/.test(l))).toEqual(['buy SS armour (7 IPCs; one a turn)']);
    s = rig.play(s, 'germany', rig.pick(s, /SS armour/));
    expect([s.ipcs.germany, s.pending.germany]).toEqual([23, ['ss-armour']]);
    expect(labels(rig, s).filter((l) => /SS/.test(l))).toEqual([]);
  });

  it('at most 3 SS armour on the map', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [u('germany', 'ss-armour', 'germany', 3)], round: 9, ipcs: { germany: 30 }, options: on('ss') }), 'purchase', 'germany');
    expect(labels(rig, s).filter((l) => /SS/.test(l))).toEqual([]);
  });

  it('Guards: from Autumn 1942 (turn 7) one Soviet armour a turn becomes Guards armour for 1 IPC', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('ussr', 'armour', 'moscow', 2), u('ussr', 'armour', 'karelia')], round: 7, ipcs: { ussr: 10 }, options: on('guards') }), 'purchase', 'ussr');
    expect(labels(rig, s).filter((l) => /Guards/.test(l))).toEqual(['convert an armour in Karelia to Guards armour (1 IPC)', 'convert an armour in Moscow to Guards armour (1 IPC)']);
    s = rig.play(s, 'ussr', rig.pick(s, /in Moscow to Guards/));
    expect(unitsOf(s, 'ussr', 'moscow').map((x) => x.type).sort()).toEqual(['armour', 'guards-armour']);
    expect(s.ipcs.ussr).toBe(9);
    expect(labels(rig, s).filter((l) => /Guards/.test(l))).toEqual([]);
    const early = rig.start(position({ units: [u('ussr', 'armour', 'moscow')], round: 6, ipcs: { ussr: 10 }, options: on('guards') }), 'purchase', 'ussr');
    expect(labels(rig, early).filter((l) => /Guards/.test(l))).toEqual([]);
  });
});

describe('house rules l.195: a British carrier carries one fighter', () => {
  it('a second fighter finds no room on a British carrier; an American carrier takes two', () => {
    const body = position({ units: [u('uk', 'carrier', 'north-sea'), u('uk', 'fighter', 'north-sea', 1, { aboard: 'u1' }), u('usa', 'carrier', 'atlantic'), u('usa', 'fighter', 'atlantic', 1, { aboard: 'u3' })], options: on('armoured-carriers') });
    const s = body as unknown as AaeState;
    expect(carrierWithRoom(s, 'north-sea', 'uk')).toBeNull();
    expect(carrierWithRoom(s, 'atlantic', 'usa')?.id).toBe('u3');
    const printed = position({ units: [u('uk', 'carrier', 'north-sea'), u('uk', 'fighter', 'north-sea', 1, { aboard: 'u1' })] }) as unknown as AaeState;
    expect(carrierWithRoom(printed, 'north-sea', 'uk')?.id).toBe('u1');
  });
});

describe('house rules l.16: landing craft', () => {
  const units = (craft: boolean) => [
    u('uk', 'transport', 'english-channel', 1, craft ? { landingCraft: true } : {}), u('uk', 'infantry', 'english-channel', 1, { aboard: 'u1' }),
    u('uk', 'artillery', 'english-channel', 1, { aboard: 'u1' }), u('germany', 'infantry', 'france'),
  ];
  const assaults = (rig: ReturnType<typeof aaeRig>, s: AaeState) => labels(rig, s).filter((l) => /France \(amphibious/.test(l));

  it('without landing craft only the infantry lands, at -1 (d10: 1 instead of 2); with them the artillery too', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: units(false), options: on('d10', 'landing-craft') }), 'combat-move', 'uk');
    expect(assaults(rig, s)).toEqual(['infantry from English Channel: land in France (amphibious assault)']);
    s = rig.play(s, 'uk', rig.pick(s, /infantry from English Channel: land in France/));
    s = rig.play(s, 'uk', { type: 'end-phase' });
    rig.play(rig.force(s, [9, 9]), 'uk', { type: 'battle', area: 'france' });
    expect(rig.events.filter((e) => e.roll).map((e) => e.roll!.purpose)).toContain('United Kingdom (attacker), 1 die at 1');
    const fitted = rig.start(position({ units: units(true), options: on('d10', 'landing-craft') }), 'combat-move', 'uk');
    expect(assaults(rig, fitted)).toEqual(['infantry from English Channel: land in France (amphibious assault)', 'artillery from English Channel: land in France (amphibious assault)']);
  });

  it('fitted at the purchase to a transport next to a friendly port, for 6 IPCs', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [...units(false), u('uk', 'transport', 'mid-atlantic')], ipcs: { uk: 20 }, options: on('landing-craft') }), 'purchase', 'uk');
    expect(labels(rig, s).filter((l) => /landing craft/.test(l))).toEqual(['add landing craft to a transport in English Channel (6 IPCs)']);
    s = rig.play(s, 'uk', rig.pick(s, /landing craft/));
    expect([s.ipcs.uk, s.units.find((x) => x.id === 'u1')!.landingCraft]).toEqual([14, true]);
  });
});
