import { describe, expect, it } from 'vitest';
import { Game, promptFor } from '../../engine/index.ts';
import { eto } from './index.ts';
import { landOf, layerHex } from './land.ts';
import type { EtoState } from './state.ts';
import { act, exampleToGuderian, exampleToKleist, type Seat, soloGame, editable } from './testing.ts';

const hexesOffered = (g: Game<EtoState>, seat: Seat): string[] => promptFor(eto, g.state, seat)!.choices.map((c) => c.action.hex as string);
/** Human Polish set-up as the solitaire table, German example deployment, the combined offensive, Kleist next to W3732. */
function toKleistAttack(seed: string): Game<EtoState> {
  const g = Game.create(eto, 'case-white', {}, seed);
  const pl = Object.values(landOf(g.state).units).filter((u) => u.nation === 'poland').map((u) => u.id);
  const hexes = ['W3931', 'W3629', 'W3232', 'E3032', 'W3732', 'W3734', 'W3431', 'W3533', 'W3533', 'W3533'];
  pl.forEach((id, i) => act(g, 'allies', { type: 'place', unit: id, hex: hexes[i] }));
  act(g, 'allies', { type: 'place', unit: 'pl-fb', hex: 'W3533' });
  exampleToKleist(g);
  act(g, 'axis', { type: 'bt-attack', target: 'W3732' });
  return g;
}
const nextUnit = (g: Game<EtoState>): string => promptFor(eto, g.state, 'allies')!.choices[0]!.action.unit as string;

describe('ETO scenario 4 Case White, human Polish player', () => {
  it('ETO 39.2, 24.2, 13.2 scenario 4 [4.1] human Polish setup: Poland only, stacking, one infantry in Warsaw, air on an airbase', () => {
    const g = Game.create(eto, 'case-white', {}, 'setup');
    const l0 = landOf(g.state);
    const first = hexesOffered(g, 'allies');
    // 39.2: entirely within the home country (Danzig is Polish on the map, as the scenario's own setup has it).
    expect(first).toContain('W3931');
    expect(first.every((h) => layerHex(l0, h)?.country === 'poland')).toBe(true);
    expect(first).not.toContain('W3833'); // Germany
    expect(first).not.toContain('W3932'); // Konigsberg, East Prussia
    // 24.2: two land units in an ordinary hex, three in a city resource hex.
    g.act('allies', { type: 'place', unit: nextUnit(g), hex: 'W3732' });
    g.act('allies', { type: 'place', unit: nextUnit(g), hex: 'W3732' });
    expect(hexesOffered(g, 'allies')).not.toContain('W3732');
    expect(() => g.act('allies', { type: 'place', unit: nextUnit(g), hex: 'W3732' })).toThrow(/^ETO 24.2: .*stacking limit of 2/);
    for (let i = 0; i < 3; i++) g.act('allies', { type: 'place', unit: nextUnit(g), hex: 'W3629' });
    expect(hexesOffered(g, 'allies')).not.toContain('W3629');
    for (const h of ['W3232', 'E3032', 'W3734', 'W3431']) {
      expect(hexesOffered(g, 'allies').length).toBeGreaterThan(1); // free while another infantry can still hold Warsaw
      g.act('allies', { type: 'place', unit: nextUnit(g), hex: h });
    }
    // 39.2: the tenth and last infantry must go to the capital, none being there yet.
    expect(hexesOffered(g, 'allies')).toEqual(['W3533']);
    expect(() => g.act('allies', { type: 'place', unit: nextUnit(g), hex: 'W3931' })).toThrow(/^ETO 39.2: the last .* goes to the capital/);
    g.act('allies', { type: 'place', unit: nextUnit(g), hex: 'W3533' });
    // 13.2: the air unit bases on a city, resource or city resource hex of Poland, not on an open hex.
    const bases = hexesOffered(g, 'allies');
    // Brest-Litovsk E2733 and Vilna E2231, Polish cities in 1939, numbered by Advanced ETO [10.17] on the same map.
    expect(bases.sort()).toEqual(['E2231', 'E2733', 'E3032', 'W3231', 'W3232', 'W3434', 'W3532', 'W3533', 'W3629', 'W3931']);
    g.act('allies', { type: 'place', unit: 'pl-fb', hex: 'W3629' });
    const l = landOf(g.state);
    expect(Object.values(l.units).filter((u) => u.nation === 'poland' && u.hex === 'W3533').length).toBe(1);
    expect(l.air['pl-fb']!.base).toBe('W3629');
    expect(promptFor(eto, g.state, 'axis')!.rule).toBe('ETO scenario 4 [4.1]'); // the Germans set up second
  });

  it('ETO 39.2 human Polish setup: once an infantry holds Warsaw, the others go anywhere in Poland', () => {
    const g = Game.create(eto, 'case-white', {}, 'setup2');
    g.act('allies', { type: 'place', unit: nextUnit(g), hex: 'W3533' });
    const spots = ['W3931', 'W3931', 'W3629', 'W3629', 'W3232', 'W3232', 'E3032', 'E3032'];
    for (const h of spots) g.act('allies', { type: 'place', unit: nextUnit(g), hex: h });
    expect(hexesOffered(g, 'allies').length).toBeGreaterThan(1);
    expect(hexesOffered(g, 'allies')).toContain('W3734');
  });

  it('ETO 20.1, 20.3 a previously committed Polish fighter-bomber may not fly over standby units, but may over activated ones, and is not committed again', () => {
    const poles = (g: Game<EtoState>): string[] => Object.values(landOf(g.state).units).filter((u) => u.hex === 'W3732' && u.side === 'allies').map((u) => u.id);
    for (const activated of [false, true]) {
      const g = toKleistAttack(`pc-${activated}`);
      landOf(editable(g)).air['pl-fb']!.committed = 'PC';
      // The Poles in W3732 are on standby, or (the second time) were activated for an earlier offensive.
      if (activated) landOf(g.state).activated.push(...poles(g));
      act(g, 'axis', { type: 'fly', air: 'de-bomber' });
      act(g, 'axis', { type: 'done' });
      const offered = promptFor(eto, g.state, 'allies')?.choices.some((c) => c.action.type === 'intercept' && c.action.air === 'pl-fb') ?? false;
      expect(offered).toBe(activated);
      if (activated) {
        act(g, 'allies', { type: 'intercept', air: 'pl-fb' });
        expect(landOf(g.state).air['pl-fb']!.committed).toBe('PC');
      }
    }
  });

  it('ETO 15.2 D voluntary abort after round 1: the Germans abort their bomber, both fighters fight round 2', () => {
    const g = toKleistAttack('abort');
    act(g, 'axis', { type: 'fly', air: 'de-bomber' });
    act(g, 'axis', { type: 'done' });
    act(g, 'allies', { type: 'intercept', air: 'pl-fb' });
    g.force([6, 6]); // round 1: the German fighter at the Pole, the Pole at the bomber; 6 never has an effect (15.7)
    act(g, 'axis', { type: 'counter', air: 'de-fighter' });
    act(g, 'allies', { type: 'air-target', air: 'pl-fb', target: 'de-bomber' }); // 15.3 (the German has one target)
    let p = promptFor(eto, g.state, 'axis')!;
    expect(p.rule).toBe('ETO 15.2 D');
    expect(p.choices.map((c) => c.action)).toEqual([
      { type: 'air-abort', air: 'de-bomber' }, { type: 'air-abort', air: 'de-fighter' }, { type: 'fight-on' }]);
    act(g, 'axis', { type: 'air-abort', air: 'de-bomber' });
    p = promptFor(eto, g.state, 'axis')!;
    expect(p.choices.map((c) => c.action)).toEqual([{ type: 'air-abort', air: 'de-fighter' }, { type: 'fight-on' }]);
    act(g, 'axis', { type: 'fight-on' });
    // Then the (human) Polish player may abort his unit.
    expect(promptFor(eto, g.state, 'allies')!.rule).toBe('ETO 15.2 D');
    g.force([6, 6, 1]); // round 2: fighter against fighter, no effect; then the land attack's die
    act(g, 'allies', { type: 'fight-on' });
    const events = g.played.flatMap((x) => x.events);
    const shots = events.filter((e) => e.rule === 'ETO 15.3').map((e) => e.text);
    expect(shots).toHaveLength(4);
    expect(shots[3]).toMatch(/^Polish fighter-bomber 3-4\/1 fires at German fighter/); // the aborted bomber is no target
    expect(events.some((e) => e.rule === 'ETO 15.2 D' && /German bomber .* aborts \(voluntary\)/.test(e.text))).toBe(true);
    // 15.6: the aborted bomber gives no ground support: Kleist's armor 8 + Kleist 3 = 11 against 4 (TC-BT-1 had 16 with it).
    const crt = events.filter((e) => e.rule === 'ETO 27.1' && e.data).map((e) => e.data as { attack: number; column: string })[0]!;
    expect(crt.attack).toBe(11);
    expect(crt.column).toBe('2-1');
    const l = landOf(g.state);
    expect(l.air['de-bomber']!.depleted).toBe(false);
    expect(l.air['pl-fb']!.depleted).toBe(false);
  });

  it('ETO 15.2 D no abort step when no second round can be fought (every enemy aborted after round 1)', () => {
    const g = toKleistAttack('abort2');
    act(g, 'axis', { type: 'fly', air: 'de-bomber' });
    act(g, 'axis', { type: 'done' });
    act(g, 'allies', { type: 'intercept', air: 'pl-fb' });
    g.force([1, 6, 2]); // the German fighter's 1 depletes and aborts the Pole; the Pole's 6 misses; then the attack's die
    act(g, 'axis', { type: 'counter', air: 'de-fighter' });
    act(g, 'allies', { type: 'air-target', air: 'pl-fb', target: 'de-bomber' });
    const events = g.played.flatMap((x) => x.events);
    expect(events.some((e) => e.rule === 'ETO 15.2 D')).toBe(false);
    expect(events.filter((e) => e.rule === 'ETO 15.3')).toHaveLength(2);
    expect(events.some((e) => e.rule === 'ETO 27.1' && e.data)).toBe(true);
  });

  it('ETO 15.3, 15.5 a human Pole declares its target among the German air units; the declaration is refused for a unit not over the hex', () => {
    const g = toKleistAttack('targets');
    act(g, 'axis', { type: 'fly', air: 'de-bomber' });
    act(g, 'axis', { type: 'done' });
    act(g, 'allies', { type: 'intercept', air: 'pl-fb' });
    act(g, 'axis', { type: 'counter', air: 'de-fighter' });
    const p = promptFor(eto, g.state, 'allies')!;
    expect(p.rule).toBe('ETO 15.3, 15.5');
    expect(p.choices.map((c) => c.label)).toEqual(['Polish fighter-bomber 3-4/1 attacks German bomber 6-12', 'Polish fighter-bomber 3-4/1 attacks German fighter 4*-4/3']);
    const before = g.state;
    expect(() => g.act('allies', { type: 'air-target', air: 'pl-fb', target: 'de-inf-1' })).toThrow(/ETO 15.3, 15.5/);
    expect(g.state).toBe(before);
    g.force([6, 6]);
    act(g, 'allies', { type: 'air-target', air: 'pl-fb', target: 'de-fighter' });
    const shots = g.played.flatMap((x) => x.events).filter((e) => e.rule === 'ETO 15.3').map((e) => e.text);
    // 15.4: the German fighter is itself attacked, so no escort bonus: 4 + 3 - 1 = 6 (as TC-AIR-2); the Pole away from
    // its base: 3 + 1 - 3 = 1.
    expect(shots).toEqual([
      'German fighter 4*-4/3 fires at Polish fighter-bomber 3-4/1 (target 6): rolled 6',
      'Polish fighter-bomber 3-4/1 fires at German fighter 4*-4/3 (target 1): rolled 6',
    ]);
  });

  it('ETO 28.3 breakthrough movement: the armor may leave its general behind and still moves up to his exploitation rating', () => {
    const g = toKleistAttack('split');
    act(g, 'axis', { type: 'fly', air: 'de-bomber' });
    act(g, 'axis', { type: 'done' });
    act(g, 'allies', { type: 'no' });
    g.force([2]); // TC-BT-1: 4-1, +2, roll 2 -> DEx
    act(g, 'allies', { type: 'no' });
    act(g, 'axis', { type: 'advance', unit: 'de-armor-1' });
    const l0 = landOf(g.state);
    expect(l0.units['kleist']!.hex).toBe('W3732');
    const p = promptFor(eto, g.state, 'axis')!;
    expect(p.rule).toBe('ETO 28.3');
    const whole = p.choices.filter((c) => c.action.type === 'bt-move' && !c.action.units).map((c) => c.action.to).sort();
    const alone = p.choices.filter((c) => c.action.type === 'bt-move' && c.action.units).map((c) => c.action.to).sort();
    // Kleist's rating (3) limits the armor whether or not he goes with it; W3532 is 3 hexes off.
    expect(l0.units['kleist']!.exploit).toBe(3);
    expect(alone).toEqual(whole);
    expect(alone).toContain('W3532');
    act(g, 'axis', { type: 'bt-move', to: 'W3532', units: ['de-armor-1'] });
    const l = landOf(g.state);
    expect(l.units['de-armor-1']!.hex).toBe('W3532');
    expect(l.units['kleist']!.hex).toBe('W3732');
    expect(l.units['kleist']!.eligible).toBe(false); // 28.5
    // The breakthrough is over: the next prompt is the choice of another armor stack (Guderian's).
    const next = promptFor(eto, g.state, 'axis')!;
    expect(next.rule).toBe('ETO 28.0, 28.6');
    expect(next.choices.map((c) => c.action.hex)).not.toContain('W3532');
  });

  it('ETO 15.2 D the solitaire Polish player never aborts voluntarily; the Germans are asked before round 2', () => {
    const g = soloGame('ex');
    exampleToGuderian(g);
    act(g, 'axis', { type: 'bt-attack', target: 'W3232' });
    act(g, 'axis', { type: 'fly', air: 'de-fb' });
    g.force([6]); // round 1: the Pole (no German fighter can come: [4.3]) fires at the fighter-bomber, 3 + 1 - 1 = 3: no effect
    act(g, 'axis', { type: 'done' });
    expect(promptFor(eto, g.state, 'axis')!.rule).toBe('ETO 15.2 D');
    expect(promptFor(eto, g.state, 'allies')).toBeUndefined();
    g.force([6, 6]); // round 2: the Pole again, no effect; the attack's die
    act(g, 'axis', { type: 'fight-on' });
    const events = g.played.flatMap((x) => x.events);
    expect(events.filter((e) => e.rule === 'ETO 15.3').map((e) => e.text)).toEqual([
      'Polish fighter-bomber 3-4/1 fires at German fighter-bomber 4-6/1 (target 3): rolled 6',
      'Polish fighter-bomber 3-4/1 fires at German fighter-bomber 4-6/1 (target 3): rolled 6']);
    expect(events.some((e) => e.rule === 'ETO 15.2 D')).toBe(false);
    expect(events.some((e) => e.rule === 'ETO 27.1' && e.data)).toBe(true);
  });
});
