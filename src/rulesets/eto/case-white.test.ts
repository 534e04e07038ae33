import { describe, expect, it } from 'vitest';
import { allChoices, createRng, fuzzGame, Game, nextInt, promptFor } from '../../engine/index.ts';
import { caseWhiteResult } from './case-white.ts';
import { eto } from './index.ts';
import { airCombatResult, airTargetNumber } from './land-attack.ts';
import { controller, dist, landMap, landOf, moveOptions, theatreOf, zocOf } from './land.ts';
import type { EtoState } from './state.ts';
import { act, soloGame } from './testing.ts';

const units = (g: Game<EtoState>) => landOf(g.state).units;

describe('ETO scenario 4 Case White', () => {
  it('ETO scenario 4 [4.1] solitaire Polish setup: 10 infantry on the listed hexes, 3 and the air unit in Warsaw', () => {
    const g = soloGame('s');
    const l = landOf(g.state);
    const inWarsaw = Object.values(l.units).filter((u) => u.hex === 'W3533');
    expect(inWarsaw).toHaveLength(3);
    expect(l.air['pl-fb']!.base).toBe('W3533');
    expect(Object.values(l.units).filter((u) => u.nation === 'poland' && u.where === 'map')).toHaveLength(10);
    expect(promptFor(eto, g.state, 'axis')!.rule).toBe('ETO scenario 4 [4.1]');
    // The set-up is eleven Polish actions in the log, each the solitaire player's.
    expect(g.played.map((p) => p.seat)).toEqual(Array(11).fill('allies'));
  });

  it('ETO 25.2 infantry stops on entering enemy ZOC; armor reaches W3733 beside the Polish unit in W3732', () => {
    const g = soloGame('s');
    act(g, 'axis', { type: 'example' });
    const l = landOf(g.state);
    const armor = l.units['de-armor-1']!;
    const opts = moveOptions(l, armor, 'W3833', 2);
    expect(opts.some((o) => o.to === 'W3733')).toBe(true);
    const zoc = zocOf(l, 'allies');
    // infantry: no path passes through a ZOC hex before its end.
    const inf = l.units['de-inf-3']!;
    for (const o of moveOptions(l, inf, 'W3833', 3)) expect(o.path.slice(1, -1).some((h) => zoc.has(h))).toBe(false);
  });

  it('ETO 15.7 air-to-air: 1 always depletes, 6 never affects, 5 only aborts', () => {
    expect(airCombatResult(1, 0)).toBe('deplete');
    expect(airCombatResult(6, 9)).toBe('none');
    expect(airCombatResult(5, 8)).toBe('abort');
    expect(airCombatResult(4, 5)).toBe('deplete');
    expect(airCombatResult(5, 5)).toBe('abort');
  });

  it('ETO 15.3, 15.7 example of play TC-AIR-2: German fighter 4 + 3 - 1 = 6 (7 with blitzkrieg) rolls 6, the Pole 3 + 1 + 1 - 3 = 2 rolls 3: no effect', () => {
    const l = structuredClone(landOf(soloGame('s').state));
    const fighter = l.air['de-fighter']!;
    const pole = l.air['pl-fb']!;
    fighter.base = 'W3932'; // Konigsberg
    const f = { target: 'W3533', airIn: [{ id: 'de-fighter', role: 'fighter' }, { id: 'pl-fb', role: 'fighter' }] } as unknown as Parameters<typeof airTargetNumber>[1];
    expect(airTargetNumber(l, f, fighter, pole, 'W3533')).toBe(6);
    expect(airTargetNumber(l, f, pole, fighter, 'W3533')).toBe(2); // +1 over its own base, Warsaw
    expect(airCombatResult(6, 6)).toBe('none');
    expect(airCombatResult(3, 2)).toBe('none');
    l.blitz.push('poland'); // 44.2: +1 in the month Germany invades Poland; a 6 still does nothing
    expect(airTargetNumber(l, f, fighter, pole, 'W3533')).toBe(7);
    expect(airCombatResult(6, 7)).toBe('none');
  });

  it('ETO example of play September 1939: TC-CMD-1, TC-BT-1, TC-BT-2, TC-AIR-3, TC-CRT-1, TC-CRT-2 with every die', () => {
    const g = Game.create(eto, 'case-white', {}, 'ex');
    // Polish player sets up as the scenario's solitaire table (same as the example's forces).
    const pl = Object.values(units(g)).filter((u) => u.nation === 'poland').map((u) => u.id);
    const hexes = ['W3931', 'W3629', 'W3232', 'E3032', 'W3732', 'W3734', 'W3431', 'W3533', 'W3533', 'W3533'];
    pl.forEach((id, i) => act(g, 'allies', { type: 'place', unit: id, hex: hexes[i] }));
    act(g, 'allies', { type: 'place', unit: 'pl-fb', hex: 'W3533' });
    act(g, 'axis', { type: 'example' });
    // TC-CMD-1: combined offensive; HQ South to W3230 in step 1-B.
    act(g, 'axis', { type: 'offensive', method: 'hq', leader: 'hq-north', partners: ['hq-south'] });
    act(g, 'axis', { type: 'hq-stay', unit: 'hq-north' });
    act(g, 'axis', { type: 'hq-move', unit: 'hq-south', to: 'W3230' });
    expect(g.played.flatMap((p) => p.events).map((e) => e.text)).toContain('Axis combined hq offensive by HQ North and HQ South; 0 left');
    expect(units(g)['hq-south']!.hex).toBe('W3230');
    // TC-BT-1 Kleist: 3832 (Polish ZOC) then 3733; attack 3732 with the bomber; 16 vs 4 = 4-1, +2, roll 2 -> DEx.
    act(g, 'axis', { type: 'breakthrough', hex: 'W3833' });
    act(g, 'axis', { type: 'bt-move', to: 'W3733' });
    act(g, 'axis', { type: 'bt-attack', target: 'W3732' });
    act(g, 'axis', { type: 'fly', air: 'de-bomber' });
    act(g, 'axis', { type: 'done' });
    act(g, 'allies', { type: 'no' }); // declines to intercept
    g.force([2]);
    act(g, 'allies', { type: 'no' }); // no defensive support
    const l1 = landOf(g.state);
    expect(l1.units['de-armor-1']!.depleted).toBe(true);
    if (l1.units['pl-inf-5']!.where !== 'replenishment') throw new Error(g.entries.flatMap((e) => ('events' in e ? (e as { events: { text: string }[] }).events.map((x) => x.text) : [])).slice(-12).join(' / '));
    act(g, 'axis', { type: 'advance', unit: 'de-armor-1' });
    expect(units(g)['kleist']!.hex).toBe('W3732');
    act(g, 'axis', { type: 'bt-move', to: 'W3532' });
    expect(units(g)['kleist']!.eligible).toBe(false);
    // TC-BT-2 Guderian beside Krakow: 8 + 4 + fighter-bomber 4 = 16 vs 4, roll 6 +2 read as 7: DE.
    act(g, 'axis', { type: 'breakthrough', hex: 'W3133' });
    act(g, 'axis', { type: 'bt-stay' });
    act(g, 'axis', { type: 'bt-attack', target: 'W3232' });
    act(g, 'axis', { type: 'fly', air: 'de-fb' });
    act(g, 'axis', { type: 'done' });
    act(g, 'allies', { type: 'no' });
    g.force([6]);
    act(g, 'allies', { type: 'no' });
    expect(units(g)['de-armor-2']!.depleted).toBe(false);
    act(g, 'axis', { type: 'advance', unit: 'de-armor-2' });
    act(g, 'axis', { type: 'bt-move', to: 'W3432' });
    act(g, 'axis', { type: 'done' });
    // Step 3 land movement as in the example, then the HQs.
    for (const [u, to] of [['de-inf-1', 'W3630'], ['de-inf-2', 'W3632'], ['de-inf-3', 'W3632'], ['de-inf-4', 'W3433'], ['de-inf-5', 'W3432'], ['de-inf-6', 'W3331']]) act(g, 'axis', { type: 'move', unit: u, to });
    act(g, 'axis', { type: 'done' });
    // The example moves HQ North to W3630, which 23.2 does not allow on the generated map (Polish ZOC on the way);
    // W3731 keeps every Poznan attacker in range.
    act(g, 'axis', { type: 'hq-move', unit: 'hq-north', to: 'W3731' });
    act(g, 'axis', { type: 'hq-move', unit: 'hq-south', to: 'W3232' });
    // Step 3-D: every German unit in range of either HQ is activated.
    act(g, 'axis', { type: 'activate-all' });
    // TC-CRT-1 Poznan: 24 + 4 vs 4 -> 6-1, +2, roll 1 -> 3: DEx.
    act(g, 'axis', { type: 'declare', target: 'W3629' });
    for (const u of ['de-inf-1', 'de-inf-7', 'de-inf-8', 'de-inf-9']) act(g, 'axis', { type: 'add', unit: u });
    act(g, 'axis', { type: 'go' });
    act(g, 'axis', { type: 'fly', air: 'de-fb' });
    act(g, 'axis', { type: 'done' });
    act(g, 'allies', { type: 'no' });
    g.force([1]);
    act(g, 'allies', { type: 'no' });
    act(g, 'axis', { type: 'lose', unit: 'de-inf-7' });
    act(g, 'axis', { type: 'advance', unit: 'de-inf-1' });
    act(g, 'axis', { type: 'done' });
    expect(landOf(g.state).control['W3629']).toBe('axis');
    // TC-AIR-3 and TC-CRT-2 Warsaw: the Pole defends as a fighter, the German fighter intercepts; German rolls 1,
    // Pole rolls 4 (target 5): bomber depleted and aborted; 43 vs 12 -> 3-1, +2, roll 2 -> (D2), no retreat: eliminated.
    act(g, 'axis', { type: 'declare', target: 'W3533' });
    for (const u of ['de-inf-2', 'de-inf-3', 'de-inf-4', 'de-inf-5', 'de-armor-2', 'de-armor-1']) act(g, 'axis', { type: 'add', unit: u });
    act(g, 'axis', { type: 'go' });
    act(g, 'axis', { type: 'fly', air: 'de-bomber' });
    act(g, 'axis', { type: 'done' });
    act(g, 'allies', { type: 'no' });
    act(g, 'allies', { type: 'defend', air: 'pl-fb', role: 'fighter' });
    g.force([1, 4, 2]);
    act(g, 'axis', { type: 'counter', air: 'de-fighter' });
    // 15.3: the Pole declares its target (two are open to it); the German fighter has only the Pole to attack.
    expect(promptFor(eto, g.state, 'allies')!.choices.map((c) => c.action.target)).toEqual(['de-bomber', 'de-fighter']);
    act(g, 'allies', { type: 'air-target', air: 'pl-fb', target: 'de-bomber' });
    const l2 = landOf(g.state);
    expect(l2.air['de-bomber']!.depleted).toBe(true);
    expect(l2.air['pl-fb']!.depleted).toBe(true); // the German fighter's 1 depletes and aborts the Pole (15.7)
    const events = g.played.flatMap((p) => p.events);
    // TC-AIR-3: the Pole fires at the bomber at 3 + 1 (own base) + 1 - 0 = 5; the German fighter's number is above 6.
    const airShots = events.filter((e) => e.rule === 'ETO 15.3').map((e) => e.text);
    expect(airShots).toHaveLength(2);
    expect(airShots.find((t) => t.startsWith('Polish'))).toMatch(/German bomber 6-12 \(target 5\): rolled 4$/);
    const german = /^German fighter 4\*-4\/3 fires at Polish fighter-bomber 3-4\/1 \(target (\d+)\): rolled 1$/.exec(airShots.find((t) => t.startsWith('German'))!);
    expect(Number(german![1])).toBeGreaterThanOrEqual(6);
    // Every attack's figures: strength, column, modifier, die, CRT row and result, as the example gives them.
    const crt = events.filter((e) => e.rule === 'ETO 27.1' && e.data).map((e) => e.data);
    expect(crt).toEqual([
      { attack: 16, defence: 4, column: '4-1', drm: 2, die: 2, row: 4, result: 'DEx' }, // TC-BT-1
      { attack: 16, defence: 4, column: '4-1', drm: 2, die: 6, row: 7, result: 'DE' }, // TC-BT-2: 8 read as 7
      { attack: 28, defence: 4, column: '6-1', drm: 2, die: 1, row: 3, result: 'DEx' }, // TC-CRT-1
      { attack: 43, defence: 12, column: '3-1', drm: 2, die: 2, row: 4, result: '(D2)' }, // TC-CRT-2, no bomber
    ]);
    // TC-CRT-2: Warsaw surrounded by German ZOC, no retreat: its three Polish units are eliminated.
    expect(Object.values(l2.units).filter((u) => u.nation === 'poland' && u.hex === 'W3533')).toEqual([]);
    act(g, 'axis', { type: 'advance', unit: 'de-inf-5' });
    expect(l2.conquered).toEqual([]);
    const l3 = landOf(g.state);
    expect(l3.conquered).toEqual(['poland']);
    // 40.1: every Polish hex is now German.
    expect(Object.entries(landMap(theatreOf(l3)).hexes).filter(([h, x]) => x.country === 'poland' && controller(l3, h) !== 'axis')).toEqual([]);
    // 2 land steps (Kleist's armor, one infantry) + the bomber = 3: German minor victory (scenario 4 [4.4]).
    expect(l3.losses.axis).toBe(3);
    expect(g.state.outcome).toEqual({ winner: 'axis', result: 'German minor victory: Poland conquered for 3 step losses', rule: 'ETO scenario 4 [4.4]' });
  });

  it('ETO scenario 4 [4.4] victory levels by German step losses', () => {
    const g = Game.create(eto, 'case-white', {}, 's');
    const l = structuredClone(landOf(g.state));
    expect(caseWhiteResult(l).result).toMatch(/^Polish major/);
    l.conquered = ['poland'];
    for (const [n, r] of [[1, /^German major/], [2, /^German minor/], [3, /^German minor/], [4, /^Polish minor/]] as const) {
      l.losses.axis = n;
      expect(caseWhiteResult(l).result).toMatch(r);
    }
  });

  it('ETO Case White fuzz: 20 random games end without errors (a random Polish player, then the solitaire one)', () => {
    for (let i = 0; i < 20; i++) {
      const r = fuzzGame(eto, { scenario: 'case-white', seed: `cw${i}`, maxActions: 3000, invariantEvery: 5 });
      expect(r.failure?.message ?? 'ok', `game ${i}`).toBe('ok');
      expect(r.outcome).not.toBeNull();
    }
    for (let i = 0; i < 10; i++) {
      const g = soloGame(`cw-solo${i}`);
      const rng = createRng(`cw-solo${i}`);
      for (let n = 0; !g.state.outcome && n < 2000; n++) {
        const p = promptFor(eto, g.state, 'axis')!;
        const cs = allChoices(eto, g.state, p);
        act(g, 'axis', cs[nextInt(rng, cs.length)]!.action);
        expect(eto.invariants!(g.state)).toEqual([]);
      }
      expect(g.state.outcome, `solitaire game ${i}`).not.toBeNull();
    }
  }, 60_000);

  it('hex distances used by the example of play hold on the generated map', () => {
    expect(dist('W3932', 'W3630')).toBeLessThanOrEqual(3);
    expect(dist('W3932', 'W3533')).toBeLessThanOrEqual(4);
  });
});
