import { describe, expect, it } from 'vitest';
import { allChoices, prompts, viewFor } from '../../../engine/index.ts';
import { chooseAction } from '../../../ai/index.ts';
import { aaeAi } from '../ai/adapter.ts';
import { decide } from '../ai/policy.ts';
import { aae } from '../index.ts';
import { aaeRig, position, u } from '../testing.ts';
import type { AaeState } from '../state.ts';

const choose = (s: AaeState) => decide(s, prompts(aae, s)[0]!);
const legal = (s: AaeState, a: ReturnType<typeof choose>) => allChoices(aae, s, prompts(aae, s)[0]!).some((c) => JSON.stringify(c.action) === JSON.stringify(a));

/** Two German infantry and an armour attack six Soviet infantry in East Poland; the first round's dice go against them. */
function lostBattleInEastPoland(rig: ReturnType<typeof aaeRig>) {
  let s = rig.start(position({ units: [u('germany', 'infantry', 'poland', 2), u('germany', 'armour', 'poland'), u('ussr', 'infantry', 'east-poland', 6)] }), 'combat-move', 'germany');
  s = rig.play(s, 'germany', rig.pick(s, /all 2 infantry from Poland: attack East Poland/));
  s = rig.play(s, 'germany', rig.pick(s, /armour from Poland: attack East Poland/));
  s = rig.play(s, 'germany', { type: 'end-phase' });
  s = rig.force(s, [6, 6, 6, 1, 1, 6, 6, 6, 6]);
  return rig.play(s, 'germany', { type: 'battle', area: 'east-poland' });
}

describe('aae AI standing rules', () => {
  it('takes an undefended enemy capital', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [u('germany', 'armour', 'belorussia'), u('germany', 'infantry', 'poland')], control: { belorussia: 'germany' } }), 'combat-move', 'germany');
    const a = choose(s);
    expect(a).toMatchObject({ type: 'move', to: 'moscow' });
    expect(legal(s, a)).toBe(true);
  });

  it('records a capital taken as a milestone for theater simulate, under a name its history uses', () => {
    const rig = aaeRig();
    const s0 = rig.start(position({ units: [u('germany', 'armour', 'belorussia'), u('germany', 'infantry', 'poland')], control: { belorussia: 'germany' } }), 'combat-move', 'germany');
    const before = aaeAi.report!(s0).milestones!;
    expect(Object.entries(before).filter(([, v]) => v)).toEqual([]);
    // An empty enemy territory is taken on entry (ruling 5): the armour takes Moscow in its combat move.
    const s = rig.play(s0, 'germany', choose(s0));
    const after = aaeAi.report!(s).milestones!;
    expect(Object.entries(after).filter(([, v]) => v).map(([k]) => k)).toEqual(['Moscow taken']);
    for (const h of aaeAi.history!('spring-1941')) expect(Object.keys(after)).toContain(h.milestone);
  });

  it('ranks its attackers by their figures in the battle\'s area (Barbarossa: German aircraft +1 over the Soviet Union)', () => {
    const rig = aaeRig();
    const units = [u('germany', 'armour', 'finland', 3), u('germany', 'fighter', 'finland', 2), u('ussr', 'infantry', 'karelia'), u('ussr', 'infantry', 'vyborg')];
    const s = rig.start(position({ units, options: { 'hr-d10': true, 'hr-barbarossa': true } }), 'combat-move', 'germany');
    expect(choose(s)).toMatchObject({ type: 'move', units: ['u1'] });
  });

  it('does not attack at poor odds: one armour against four infantry', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [u('germany', 'armour', 'libya'), u('uk', 'infantry', 'egypt', 4)] }), 'combat-move', 'germany');
    expect(choose(s)).toEqual({ type: 'end-phase' });
  });

  it('commits enough to reach its odds: keeps adding to a battle begun until 80% to win', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('germany', 'armour', 'libya', 6), u('uk', 'infantry', 'egypt', 2)] }), 'combat-move', 'germany');
    for (let i = 0; i < 6; i++) {
      const a = choose(s);
      if (a.type === 'end-phase') break;
      expect(legal(s, a)).toBe(true);
      s = rig.play(s, 'germany', a);
    }
    const there = s.units.filter((x) => x.at === 'egypt' && x.power === 'germany').length;
    expect(there).toBeGreaterThanOrEqual(3);
    expect(there).toBeLessThan(6);
  });

  it('takes losses cheapest first, presses on while winning, and retreats from a lost battle', () => {
    const rig = aaeRig();
    let s = lostBattleInEastPoland(rig);
    // Two hits on the attackers: the AI loses both infantry first.
    expect(choose(s)).toEqual({ type: 'casualty', key: 'default' });
    s = rig.play(s, 'germany', choose(s));
    expect(choose(s)).toEqual({ type: 'retreat', to: 'poland' });
  });

  it('a Soviet industrial complex under pressure gets the new units', () => {
    const rig = aaeRig();
    const s = rig.start({ ...position({ units: [u('germany', 'armour', 'belorussia', 4), u('ussr', 'infantry', 'leningrad', 4)], control: { belorussia: 'germany' } }), pending: { germany: [], ussr: ['infantry'], uk: [], usa: [], minor: [], vichy: [] } }, 'mobilize', 'ussr');
    expect(choose(s)).toMatchObject({ type: 'place', at: 'moscow' });
  });

  it('the adapter scores a position for each side in [-1, 1], and its view-based state asks the same question', () => {
    const rig = aaeRig();
    const s = rig.start(position({ control: { moscow: 'germany' } }), 'combat-move', 'germany');
    const t = rig.start(position(), 'combat-move', 'germany');
    const ge = aaeAi.evaluate!(s, 'germany');
    expect(ge).toBeGreaterThan(aaeAi.evaluate!(t, 'germany'));
    expect(Math.abs(ge)).toBeLessThanOrEqual(1);
    expect(aaeAi.evaluate!(s, 'ussr')).toBeCloseTo(-ge, 10);
    const view = { state: aae.view(s, 'germany') } as never;
    const back = aaeAi.stateFromView(view, 'germany', 'x');
    expect(prompts(aae, back)[0]!.text).toBe(prompts(aae, s)[0]!.text);
  });
});

describe('aae AI under the house rules (l.32-34)', () => {
  const toRound2 = (att: number, def: number, options: Record<string, boolean>, fighter: boolean) => {
    const rig = aaeRig();
    const units = [u('germany', 'infantry', 'poland', att), u('ussr', 'infantry', 'east-poland', def), ...(fighter ? [u('ussr', 'fighter', 'belorussia')] : [])];
    let s = rig.start(position({ units, round: 2, options }), 'combat-move', 'germany');
    s = rig.play(s, 'germany', rig.pick(s, new RegExp(`all ${att} infantry from Poland: attack East Poland`)));
    s = rig.play(s, 'germany', { type: 'end-phase' });
    s = rig.play(rig.force(s, Array(att + def).fill(6)), 'germany', { type: 'battle', area: 'east-poland' });
    return { rig, s: rig.play(s, 'germany', { type: 'press-on' }) };
  };
  const on = { 'hr-air-reaction': true, 'hr-defender-retreat': true };

  it('the defender brings in fighters to a battle it can hold, retreats from one it cannot; the attacker pursues', () => {
    const close = toRound2(4, 3, on, true);
    expect(choose(close.s)).toEqual({ type: 'react', from: 'belorussia' });
    const lost = toRound2(10, 1, on, true);
    const a = choose(lost.s);
    expect(a).toMatchObject({ type: 'retreat-defender' });
    const t = lost.rig.play(lost.s, 'ussr', a);
    expect(choose(t)).toEqual({ type: 'pursue', yes: true });
    expect(legal(t, choose(t))).toBe(true);
  });
});

describe('aae AI levels', () => {
  it('the planner weighs press on against retreat by playing the battle out: one sample at easy, four at hard; both retreat from a lost battle', () => {
    const rig = aaeRig();
    let s = lostBattleInEastPoland(rig);
    s = rig.play(s, 'germany', { type: 'casualty', key: 'default' });
    const view = viewFor(aae, s, 'germany');
    const ask = (level: 'easy' | 'hard') => chooseAction({ ruleset: 'aae', seat: 'germany', level, view, prompt: view.prompt!, seed: 'lv' });
    const easy = ask('easy'), hard = ask('hard');
    expect([easy.action, hard.action]).toEqual([{ type: 'retreat', to: 'poland' }, { type: 'retreat', to: 'poland' }]);
    expect(easy.stats!.plans).toBeGreaterThan(1);
    expect(hard.stats!.positions).toBeGreaterThan(easy.stats!.positions);
    // Elsewhere the standing rules answer at every level.
    expect(aaeAi.quickChoice!(s, prompts(aae, s)[0]!, 'germany')).toBeNull();
  });
});

describe('aae AI purchase: every type on sale by its value', () => {
  const buyAll = (rig: ReturnType<typeof aaeRig>, s: AaeState, seat: 'germany' | 'uk') => {
    for (let n = 0; n < 30 && prompts(aae, s)[0]?.kind === 'purchase'; n++) s = rig.play(s, seat, choose(s));
    return s.pending[seat];
  };

  it('Germany unpressed on d10 buys a paratroop (one a turn) when artillery is due: 3/3 for 4 IPCs, worth as much per IPC', () => {
    const rig = aaeRig();
    const on = { 'hr-paratroops': true, 'hr-d10': true };
    const bought = buyAll(rig, rig.start(position({ units: [u('germany', 'infantry', 'germany', 6)], options: on, ipcs: { germany: 40 } }), 'purchase', 'germany'), 'germany');
    expect(bought.filter((t) => t === 'paratroop')).toHaveLength(1);
    expect(bought.indexOf('paratroop')).toBeLessThan(bought.indexOf('artillery'));
    const without = buyAll(rig, rig.start(position({ units: [u('germany', 'infantry', 'germany', 6)], options: { 'hr-d10': true }, ipcs: { germany: 40 } }), 'purchase', 'germany'), 'germany');
    expect(without).toContain('artillery');
    expect(without).not.toContain('paratroop');
  });

  it('the United Kingdom buys a coastal fort only with a coastal territory it could go to under threat (Egypt, German armour in Libya)', () => {
    const rig = aaeRig();
    const on = { 'hr-forts': true, 'hr-d10': true };
    const units = [u('uk', 'infantry', 'united-kingdom', 6), u('uk', 'infantry', 'egypt')];
    const threatened = buyAll(rig, rig.start(position({ units: [...units, u('germany', 'armour', 'libya', 3)], options: on, ipcs: { uk: 30 } }), 'purchase', 'uk'), 'uk');
    expect(threatened.filter((t) => t === 'fort')).toHaveLength(1);
    const quiet = buyAll(rig, rig.start(position({ units, options: on, ipcs: { uk: 30 } }), 'purchase', 'uk'), 'uk');
    expect(quiet).not.toContain('fort');
  });
});
