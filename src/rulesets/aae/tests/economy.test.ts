import { describe, expect, it } from 'vitest';
import { incomeOf } from '../income.ts';
import { aaeRig, position, u, unitsOf } from '../testing.ts';
import { initialState } from '../setup.ts';
import type { AaeState } from '../state.ts';

const asState = (b: ReturnType<typeof initialState>) => b as unknown as AaeState;

describe('AAE Collect Income', () => {
  it('starting incomes: Germany 40, the Soviet Union 24, the United Kingdom 25 (no Middle East income), the United States 40', () => {
    const s = asState(initialState({}));
    expect(['germany', 'ussr', 'uk', 'usa'].map((p) => incomeOf(s, p as 'uk').total)).toEqual([40, 24, 25, 40]);
  });

  it('a German submarine entering a British convoy centre cuts 5 IPCs of British income; German income does not change; a transport cuts nothing', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'submarine', 'azores-sea'), u('germany', 'transport', 'mid-atlantic')] }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /transport from Mid-Atlantic: move to U\.S\. Convoy 1/));
    expect(s.control['us-convoy-1']).toBe('usa');
    s = rig.play(s, 'germany', rig.pick(s, /submarine from Azores Sea: move to British Convoy 3/));
    expect(s.control['british-convoy-3']).toBe('germany');
    expect(incomeOf(s, 'uk').total).toBe(20);
    expect(incomeOf(s, 'germany').total).toBe(40);
    expect(rig.log()).toContain('Germany cuts British Convoy 3: United Kingdom loses its 5 IPCs there');
  });

  it('the Soviet convoy centre brings nothing while Germany holds Archangel', () => {
    const s = asState(position({ control: { archangel: 'germany' } }));
    expect(incomeOf(s, 'ussr').total).toBe(24 - 1 - 4);
  });

  it('the Middle East: Germany takes Egypt and Iraq; at the end of its turn the Allies pay it 3 IPCs from their own, as they choose', () => {
    const rig = aaeRig();
    let s = rig.start(position({ control: { egypt: 'germany', iraq: 'germany' }, ipcs: { germany: 0, usa: 10, uk: 1 } }), 'income', 'germany');
    expect(s.ipcs.germany).toBe(40);
    expect(rig.prompt(s)!.seat).toBe('uk');
    s = rig.play(s, 'uk', rig.pick(s, /United Kingdom pays/));
    s = rig.play(s, 'uk', rig.pick(s, /United States pays/));
    expect(rig.choices(s).map((c) => c.label)).toEqual(['Soviet Union pays 1 IPC (has 24)', 'United States pays 1 IPC (has 9)']);
    s = rig.play(s, 'uk', rig.pick(s, /United States pays/));
    expect(s.ipcs).toMatchObject({ germany: 43, uk: 0, usa: 8 });
  });

  it('a power whose capital is held by the enemy collects nothing', () => {
    const s = asState(position({ control: { 'united-kingdom': 'germany' } }));
    expect(incomeOf(s, 'uk')).toMatchObject({ total: 0, capitalLost: true });
  });
});

describe('AAE Conduct Combat: capitals and liberation', () => {
  it('taking a capital seizes the IPCs its owner holds', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'armour', 'belorussia')], ipcs: { ussr: 17, germany: 3 }, control: { belorussia: 'germany' } }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, /armour from Belorussia: attack Moscow/));
    expect(s.control.moscow).toBe('germany');
    expect(s.ipcs).toMatchObject({ ussr: 0, germany: 20 });
  });

  it('an Allied power retaking an ally\'s territory gives it back to its owner', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('uk', 'infantry', 'trans-jordan')], control: { iraq: 'germany' } }), 'combat-move', 'uk');
    s = rig.play(s, 'uk', rig.pick(s, /infantry from Trans-Jordan: attack Iraq/));
    expect(s.control.iraq).toBe('uk');
    let t = rig.start(position({ units: [u('usa', 'infantry', 'belorussia')], control: { belorussia: 'usa', 'east-poland': 'germany' } }), 'combat-move', 'usa');
    t = rig.play(t, 'usa', rig.pick(t, /infantry from Belorussia: attack East Poland/));
    expect(t.control['east-poland']).toBe('ussr');
    expect(rig.log()).toContain('United States liberates East Poland for Soviet Union');
  });
});

describe('AAE Soviet Patriotic War (Lend-Lease)', () => {
  it('at the end of its noncombat move the Soviet Union may take over British and American units at its industrial complexes', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('uk', 'fighter', 'moscow'), u('usa', 'infantry', 'moscow'), u('usa', 'armour', 'russia')] }), 'noncombat-move', 'ussr');
    s = rig.play(s, 'ussr', { type: 'end-phase' });
    expect(rig.prompt(s)!.rule).toBe('AAE Soviet Patriotic War (Lend-Lease)');
    expect(rig.choices(s).map((c) => c.label)).toEqual([
      'take over the United Kingdom fighter in Moscow', 'take over the United States infantry in Moscow', 'done',
    ]);
    s = rig.play(s, 'ussr', rig.pick(s, /United Kingdom fighter/));
    s = rig.play(s, 'ussr', { type: 'done' });
    expect(unitsOf(s, 'ussr', 'moscow').map((x) => x.type)).toEqual(['fighter']);
    expect(unitsOf(s, 'usa', 'russia')).toHaveLength(1);
  });

  it('not in the British or American turn (TripleA\'s automatic exchange happens then)', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('uk', 'fighter', 'moscow')] }), 'noncombat-move', 'uk');
    s = rig.play(s, 'uk', { type: 'end-phase' });
    expect(rig.log().some((t) => t.includes('takes over'))).toBe(false);
    expect(unitsOf(s, 'uk', 'moscow')).toHaveLength(1);
  });
});

describe('AAE Purchase Units', () => {
  it('a unit the money does not cover is refused with its price and the money left, the rule named once', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [u('germany', 'infantry', 'germany')], ipcs: { germany: 10 } }), 'purchase', 'germany');
    const refusal = (a: { type: string; unit: string }) => { try { rig.play(s, 'germany', a); } catch (e) { return (e as Error).message; } return 'taken'; };
    expect(refusal({ type: 'buy', unit: 'battleship' })).toMatch(/^AAE Purchase Units: battleship costs \d+ IPCs; Germany has 10 IPCs left$/);
    expect(refusal({ type: 'buy', unit: 'fighter' })).toMatch(/^AAE Purchase Units: fighter costs 1\d IPCs; Germany has 10 IPCs left$/);
    expect(s.ipcs.germany).toBe(10);
  });
});
