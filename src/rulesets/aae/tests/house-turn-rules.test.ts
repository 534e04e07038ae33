// House rules at fixed points of a turn: supply before the combat move (l.20), Volksgrenadiers after a major defeat
// (l.167), French liberation at the start of the US turn (l.187), repairs in port (l.10).
import { describe, expect, it } from 'vitest';
import { combatant } from '../combat-rules.ts';
import { aaeBoardView } from '../board-view.ts';
import { combatTable } from '../house/values.ts';
import type { AaeState } from '../state.ts';
import { aaeRig, position, u, unitsOf } from '../testing.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const labels = (rig: ReturnType<typeof aaeRig>, s: AaeState) => rig.choices(s).map((c) => c.label);
const targets = (rig: ReturnType<typeof aaeRig>, s: AaeState, who: RegExp) =>
  rig.choices(s).filter((c) => who.test(c.label) && c.action.type === 'move').map((c) => c.action.to as string).sort();

/** From the purchase (bought nothing) into the combat move, where supply is checked. */
function toCombatMove(rig: ReturnType<typeof aaeRig>, body: ReturnType<typeof position>): AaeState {
  const s = rig.start(body, 'purchase', 'germany');
  return rig.play(s, 'germany', { type: 'done' });
}

describe('house rules l.20: supply', () => {
  const fleet = (zones: string[]) => zones.map((z) => u('uk', 'battleship', z));

  it('Norway, its seas held by British battleships, may not trace through Finland: out of supply, -1 on d10', () => {
    const rig = aaeRig();
    const s = toCombatMove(rig, position({ units: [u('germany', 'infantry', 'norway'), u('germany', 'infantry', 'finland'), ...fleet(['barents-sea', 'danish-sea', 'north-sea', 'norwegian-sea'])], options: on('supply', 'd10') }));
    expect(rig.log()).toContain('Germany: 1 unit out of supply (-1 in combat)');
    const norway = unitsOf(s, 'germany', 'norway')[0]!;
    expect([norway.unsupplied, unitsOf(s, 'germany', 'finland')[0]!.unsupplied]).toEqual([true, undefined]);
    expect(combatTable(s, 'karelia', { kind: 'land' }).attack(combatant(norway))).toBe(1);
    expect(aaeBoardView(s).pieces.find((p) => p.where === 'norway')!.marks).toEqual(['out-of-supply']);
    // A British transport and submarine do not cut the Danish Sea.
    const open = toCombatMove(rig, position({ units: [u('germany', 'infantry', 'norway'), ...fleet(['barents-sea', 'north-sea', 'norwegian-sea']), u('uk', 'transport', 'danish-sea'), u('uk', 'submarine', 'danish-sea')], options: on('supply') }));
    expect(unitsOf(open, 'germany', 'norway')[0]!.unsupplied).toBeUndefined();
  });

  it('out of supply, armour in Finland may attack only Norway, whose capture reopens the route', () => {
    const rig = aaeRig();
    const units = [u('germany', 'armour', 'finland'), u('uk', 'infantry', 'norway'), ...fleet(['baltic-sea', 'barents-sea'])];
    const cut = toCombatMove(rig, position({ units, control: { norway: 'uk' }, options: on('supply') }));
    expect(targets(rig, cut, /armour from Finland/)).toEqual(['norway']);
    const free = toCombatMove(rig, position({ units, control: { norway: 'uk' } }));
    expect(targets(rig, free, /armour from Finland/)).toEqual(['karelia', 'norway', 'vyborg']);
  });
});

describe('house rules l.167: Volksgrenadiers', () => {
  it('6 German infantry lost in a failed attack: a major defeat; Germany may then buy Volksgrenadiers at 2 IPCs', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'infantry', 'poland', 6), u('ussr', 'infantry', 'east-poland', 6)], options: on('volksgrenadiers') }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /all 6 infantry from Poland: attack East Poland/));
    s = rig.play(s, 'germany', { type: 'end-phase' });
    s = rig.play(rig.force(s, [6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1]), 'germany', { type: 'battle', area: 'east-poland' });
    expect(rig.log()).toContain('A major German defeat in East Poland (6 land units lost): Germany may build Volksgrenadiers');
    expect(s.house?.majorDefeat).toBe(1);
    const body = position({ units: [u('germany', 'infantry', 'germany')], ipcs: { germany: 10 }, options: on('volksgrenadiers') });
    const before = rig.start(body, 'purchase', 'germany');
    expect(labels(rig, before).filter((l) => /volks/i.test(l))).toEqual([]);
    body.house = { majorDefeat: 1 };
    let t = rig.start(body, 'purchase', 'germany');
    t = rig.play(t, 'germany', rig.pick(t, /buy volksgrenadier \(2 IPCs\)/));
    expect([t.ipcs.germany, t.pending.germany]).toEqual([8, ['volksgrenadier']]);
  });

  it('5 lost is no major defeat', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'infantry', 'poland', 5), u('ussr', 'infantry', 'east-poland', 6)], options: on('volksgrenadiers') }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /all 5 infantry from Poland: attack East Poland/));
    s = rig.play(s, 'germany', { type: 'end-phase' });
    s = rig.play(rig.force(s, [6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1]), 'germany', { type: 'battle', area: 'east-poland' });
    expect(unitsOf(s, 'germany', 'east-poland')).toHaveLength(0);
    expect(s.house?.majorDefeat).toBeUndefined();
  });
});

describe('house rules l.187: French liberation', () => {
  it('at the start of the US turn, a French infantry (3 IPCs) in a French territory the US holds with a US unit', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('usa', 'infantry', 'france'), u('usa', 'infantry', 'united-kingdom')], control: { france: 'usa', 'vichy-france': 'usa' }, ipcs: { usa: 10 }, options: on('liberation') }), 'start', 'usa');
    expect(labels(rig, s)).toEqual(['build a French infantry in France (3 IPCs)', 'build none']);
    s = rig.play(s, 'usa', rig.pick(s, /in France/));
    expect(unitsOf(s, 'usa', 'france').map((x) => x.nation ?? '-')).toEqual(['-', 'france']);
    expect(s.ipcs.usa).toBe(7);
    expect(rig.prompt(s)!.kind).toBe('purchase');
  });
});

describe('house rules l.10: repairs in port', () => {
  it('a damaged battleship next to a friendly port: a 5 on the d6 is d3 = 3, the repair costs 6 IPCs', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('uk', 'battleship', 'north-sea', 1, { damage: 1 }), u('uk', 'battleship', 'mid-atlantic', 1, { damage: 1 })], round: 2, ipcs: { uk: 30 }, options: on('repairs') }), 'start', 'uk');
    expect(labels(rig, s)).toEqual(['repair the battleship in North Sea (d3 + 3 IPCs, rolled now)', 'leave it damaged']);
    s = rig.play(rig.force(s, [5]), 'uk', rig.pick(s, /^repair/));
    expect(rig.log()).toContain('United Kingdom repairs its battleship in North Sea for 6 IPCs');
    expect([s.ipcs.uk, unitsOf(s, 'uk', 'north-sea')[0]!.damage]).toEqual([24, undefined]);
    // The one far from any port is not asked about, and is not repaired for free when the turn ends.
    expect(rig.prompt(s)!.kind).toBe('purchase');
    s = rig.play(s, 'uk', { type: 'done' });
    s = rig.play(s, 'uk', { type: 'end-phase' });
    s = rig.play(s, 'uk', { type: 'end-phase' });
    expect(s.power).not.toBe('uk');
    expect(unitsOf(s, 'uk', 'mid-atlantic')[0]!.damage).toBe(1);
  });

  it('a repair dearer than the IPCs held is not made', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('uk', 'battleship', 'north-sea', 1, { damage: 1 })], round: 2, ipcs: { uk: 4 }, options: on('repairs') }), 'start', 'uk');
    s = rig.play(rig.force(s, [3]), 'uk', rig.pick(s, /^repair/));
    expect([s.ipcs.uk, unitsOf(s, 'uk', 'north-sea')[0]!.damage]).toEqual([4, 1]);
  });
});
