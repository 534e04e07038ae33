import { describe, expect, it } from 'vitest';
import { forceDice, prompts } from '../../../engine/index.ts';
import type { Frame, Procedure } from '../../../engine/index.ts';
import { twoWW } from '../index.ts';
import type { TwoWWState } from '../state.ts';
import { testPosition, testRig, testWorld } from '../testing.ts';

// A probe that pushes one procedure and records what it popped with, as movement would read it.
const probe: Procedure<TwoWWState, Frame & { pushed?: boolean; target: string; locals: any }> = {
  run(ctx, f) {
    if (!f.pushed) {
      f.pushed = true;
      ctx.push(f.target, f.locals);
      return;
    }
    ctx.pop();
  },
  resume(ctx, _f, result) {
    ctx.state.phase = JSON.stringify(result ?? null);
    ctx.pop();
  },
};
const { rs, events, start, play, choices } = testRig({ ...twoWW, procedures: { ...twoWW.procedures, probe } }, 'as');

const world = testWorld({
  id: 'air-sea', cols: [1, 6], rows: [1, 5], country: 'ge', countries: { gb: ['0601', '0602', '0603'] },
  sea: ['0104', '0105', '0204', '0205', '0304', '0305', '0404', '0405', '0504', '0505', '0604', '0605'],
  coastal: ['0103', '0203', '0303', '0403', '0503', '0603'], ports: ['0603'], cities: { '0603': 'Dover' },
});
const control = { '0603': 'allies' } as const;

describe('2WW 8.3.5 transit attacks', () => {
  it('2WW 8.3.5.1 the other side may decline: the moving fleet may continue', () => {
    let s = start(testPosition(world, { turn: 8, units: { 'gb-fleet-home': '0304', 'ge-air-1': '0202' }, control }),
      [{ proc: 'probe', target: 'transit-attack', locals: { side: 'allies', hex: '0304', fleets: ['gb-fleet-home'] } }]);
    expect(choices(s, 'axis')).toEqual([{ type: 'add', unit: 'ge-air-1' }, { type: 'decline' }]);
    s = play(s, 'axis', { type: 'decline' });
    expect(JSON.parse(s.phase)).toEqual({ attacked: false, mayContinue: true, survivors: ['gb-fleet-home'] });
  });

  it('2WW 8.3.5.3 air alone fires on Air vs Sea; the beaten fleet retreats to the nearest friendly port, Ops Complete, and may not continue (8.3.5.4)', () => {
    let s = start(testPosition(world, { turn: 8, units: { 'gb-fleet-home': '0304', 'ge-air-1': '0202' }, control }),
      [{ proc: 'probe', target: 'transit-attack', locals: { side: 'allies', hex: '0304', fleets: ['gb-fleet-home'] } }]);
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-1' });
    forceDice(s.rng, [1, 2, 4, 4]); // Axis 3 on Air vs Sea 1-4: 1 loss; fleet 8 on Sea vs Air: none
    s = play(s, 'axis', { type: 'attack' });
    const sea = events.find((e) => e.rule === '2WW 8.3.5' && e.data && (e.data as any).attacker)!.data as any;
    expect([sea.attacker.line, sea.attacker.strength, sea.attacker.result]).toEqual(['Air vs Sea', 4, 1]);
    expect([sea.defender.line, sea.defender.strength, sea.defender.result]).toEqual(['Sea vs Air', 3, 0]);
    expect(s.units['gb-fleet-home']).toMatchObject({ where: '0603', reduced: true, ops: true });
    expect(s.units['ge-air-1']!.ops).toBe(true);
    expect(JSON.parse(s.phase)).toMatchObject({ attacked: true, mayContinue: false });
  });

  it('2WW 8.3.5.2 only ready range-3 air of the mover may defend; air fights air first', () => {
    let s = start(testPosition(world, { turn: 8, units: { 'gb-fleet-home': '0304', 'ge-air-1': '0202', 'gb-air-raf1': '0503', 'gb-air-bomber': '0502' }, control }),
      [{ proc: 'probe', target: 'transit-attack', locals: { side: 'allies', hex: '0304', fleets: ['gb-fleet-home'] } }]);
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-1' });
    s = play(s, 'axis', { type: 'attack' });
    expect(choices(s, 'allies')).toEqual([{ type: 'add', unit: 'gb-air-raf1' }, { type: 'confirm' }]);
    s = play(s, 'allies', { type: 'add', unit: 'gb-air-raf1' });
    forceDice(s.rng, [6, 6, 1, 1]); // Axis air 12 (no loss), RAF 2 (2 losses on 3-4)
    s = play(s, 'allies', { type: 'confirm' });
    expect(events.some((e) => /Air battle/.test(e.text))).toBe(true);
    // The RAF wins the air battle; the Axis air alone is beaten and the fleet may sail on.
    const ab = events.find((e) => /Air battle/.test(e.text))!.data as any;
    expect([ab.attacker.die, ab.attacker.result, ab.defender.die, ab.defender.result]).toEqual([12, 0, 2, 2]);
    expect(s.units['ge-air-1']!.where).toBe('eliminated');
    expect(s.units['gb-fleet-home']).toMatchObject({ where: '0304', reduced: false, ops: false });
    expect(JSON.parse(s.phase)).toMatchObject({ attacked: true, mayContinue: true });
  });
});

describe('2WW 9.2 air strikes', () => {
  it('2WW 9.2 air units strike enemy air in a hex; both sides become Ops Complete (9.2.4)', () => {
    let s = start(testPosition(world, { turn: 8, units: { 'ge-air-1': '0201', 'ge-air-2': '0202', 'gb-air-raf1': '0402' }, control }),
      [{ proc: 'combat-phase', side: 'axis' }]);
    expect(choices(s, 'axis')).toContainEqual({ type: 'attack', mode: 'strike', hex: '0402' });
    s = play(s, 'axis', { type: 'attack', mode: 'strike', hex: '0402' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-1', role: 'attacker' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-2', role: 'attacker' });
    forceDice(s.rng, [1, 2, 6, 6]);
    s = play(s, 'axis', { type: 'confirm' });
    const air = events.find((e) => /Air battle/.test(e.text))!.data as any;
    expect([air.attacker.line, air.attacker.strength, air.defender.strength]).toEqual(['Air vs Air', 8, 4]);
    expect(s.units['gb-air-raf1']!.reduced || s.units['gb-air-raf1']!.where === 'eliminated').toBe(true);
    expect(s.units['ge-air-1']!.ops && s.units['ge-air-2']!.ops).toBe(true);
  });
});

describe('2WW 9.2.3 an air strike on a hex with enemy air and fleets', () => {
  // Allied air and fleet share the coastal hex 0403; two German air units strike it. Axis rolls 2 (hits), Allies 12.
  const strike = (): TwoWWState => {
    let s = start(testPosition(world, { turn: 8, units: { 'ge-air-1': '0201', 'ge-air-2': '0202', 'gb-air-raf1': '0403', 'gb-fleet-home': '0403' }, control }),
      [{ proc: 'combat-phase', side: 'axis' }]);
    s = play(s, 'axis', { type: 'attack', mode: 'strike', hex: '0403' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-1', role: 'attacker' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-2', role: 'attacker' });
    forceDice(s.rng, [1, 1, 6, 6]);
    s = play(s, 'axis', { type: 'confirm' });
    if (prompts(rs, s)[0]?.seat === 'allies') s = play(s, 'allies', { type: 'confirm' }); // no defensive support
    return s;
  };

  it('2WW 9.2.3 the air battle comes first; the winning attacker then chooses whether to attack the fleets', () => {
    const s = strike();
    const air = events.find((e) => /Air battle/.test(e.text))!.data as any;
    expect([air.attacker.die, air.defender.die, air.defender.result]).toEqual([2, 12, 0]);
    expect(events.some((e) => /Sea combat/.test(e.text))).toBe(false);
    const p = prompts(rs, s)[0]!;
    expect([p.seat, p.rule, p.choices.map((c) => c.action.type)]).toEqual(['axis', '2WW 9.2.3', ['press', 'stop']]);
  });

  it('2WW 9.2.3 choosing to stop leaves the fleet untouched', () => {
    const s = play(strike(), 'axis', { type: 'stop' });
    expect(events.some((e) => /Sea combat/.test(e.text))).toBe(false);
    expect(s.units['gb-fleet-home']).toMatchObject({ where: '0403', reduced: false });
    expect(s.units['ge-air-1']!.ops && s.units['ge-air-2']!.ops).toBe(true); // 9.2.4
  });

  it('2WW 9.2.3 pressing on, the surviving air attacks the fleets on the Air vs Sea line', () => {
    const s = strike();
    forceDice(s.rng, [1, 1, 6, 6]);
    const after = play(s, 'axis', { type: 'press' });
    const sea = events.find((e) => /Sea combat/.test(e.text))!.data as any;
    expect([sea.attacker.line, sea.attacker.die, sea.attacker.result > 0]).toEqual(['Air vs Sea', 2, true]);
    expect(after.units['gb-fleet-home']!.reduced || after.units['gb-fleet-home']!.where !== '0403').toBe(true);
  });
});

describe('2WW 9.3 sea combat', () => {
  it('2WW 9.3 a fleet attacks an enemy fleet in its ZOC; the loser retreats to port and the winner may advance', () => {
    let s = start(testPosition(world, { turn: 8, units: { 'ge-fleet-surface': '0304', 'gb-fleet-channel': '0404' }, control }),
      [{ proc: 'combat-phase', side: 'axis' }]);
    s = play(s, 'axis', { type: 'attack', mode: 'strike', hex: '0404' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-fleet-surface', role: 'attacker' });
    forceDice(s.rng, [1, 1, 6, 6]); // Axis 2, Allies 12
    s = play(s, 'axis', { type: 'confirm' });
    const sea = events.find((e) => e.rule === '2WW 9.3' && e.data && (e.data as any).attacker)!.data as any;
    expect([sea.attacker.line, sea.attacker.strength, sea.attacker.die]).toEqual(['Sea vs Sea', 3, 2]);
    expect([sea.defender.line, sea.defender.strength, sea.defender.die]).toEqual(['Sea vs Sea', 1, 12]);
    expect(sea.attacker.result).toBeGreaterThan(sea.defender.result);
    // The retreat passes through the Axis fleet's ZOC: each hex offers a transit attack (8.3.5), which the Axis declines.
    let offers = 0;
    while (prompts(rs, s)[0]?.kind === 'transit-attack') {
      offers++;
      s = play(s, 'axis', { type: 'decline' });
    }
    if (s.units['gb-fleet-channel']!.where !== 'eliminated') {
      expect(offers).toBeGreaterThan(0);
      expect(s.units['gb-fleet-channel']).toMatchObject({ where: '0603', ops: true });
    }
    expect(choices(s, 'axis')).toContainEqual({ type: 'advance', unit: 'ge-fleet-surface', hex: '0404' });
    s = play(s, 'axis', { type: 'advance', unit: 'ge-fleet-surface', hex: '0404' });
    expect(s.units['ge-fleet-surface']!.where).toBe('0404');
  });

  it('2WW 9.2.2 air and fleets attacking a coastal hex with enemy fleets and no land units fight a sea combat', () => {
    let s = start(testPosition(world, { turn: 8, units: { 'ge-fleet-surface': '0304', 'ge-air-1': '0202', 'gb-fleet-channel': '0403' }, control }),
      [{ proc: 'combat-phase', side: 'axis' }]);
    s = play(s, 'axis', { type: 'attack', mode: 'strike', hex: '0403' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-fleet-surface', role: 'attacker' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-1', role: 'attacker' });
    forceDice(s.rng, [1, 1, 1, 1]);
    play(s, 'axis', { type: 'confirm' });
    const sea = events.filter((e) => e.rule === '2WW 9.3' && e.data && (e.data as any).attacker).at(-1)!.data as any;
    // The fleet's 3 on Sea vs Sea plus the air's 4, capped at the fleet factors (ruling R-15b): 6.
    expect([sea.attacker.line, sea.attacker.strength]).toEqual(['Sea vs Sea', 6]);
  });

  it('2WW 9.3.1 fleets in their own friendly port cannot be attacked by fleets', () => {
    const s = start(testPosition(world, { turn: 8, units: { 'ge-fleet-surface': '0504', 'gb-fleet-channel': '0603' }, control }),
      [{ proc: 'combat-phase', side: 'axis' }]);
    expect(choices(s, 'axis')).toEqual([{ type: 'end-combat' }]);
  });
});

describe('2WW 8.3.1 sea retreat', () => {
  it('2WW 8.3.1 a retreating fleet never ends in a port holding enemy units (here an Axis air unit)', () => {
    let s = start(testPosition(world, { turn: 8, units: { 'gb-fleet-home': '0304', 'ge-air-1': '0202', 'ge-air-2': { where: '0603', ops: true } }, control }),
      [{ proc: 'probe', target: 'transit-attack', locals: { side: 'allies', hex: '0304', fleets: ['gb-fleet-home'] } }]);
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-1' });
    forceDice(s.rng, [1, 2, 4, 4]);
    s = play(s, 'axis', { type: 'attack' });
    while (prompts(rs, s)[0]?.kind === 'retreat') s = play(s, 'allies', prompts(rs, s)[0]!.choices[0]!.action);
    expect(s.units['gb-fleet-home']!.where).not.toBe('0603');
    expect(s.units['gb-fleet-home']!.where).not.toBe('0304');
    expect(s.units['gb-fleet-home']!.ops).toBe(true);
  });
});

describe('2WW 8.3.5.4 a retreat interrupted by a transit attack', () => {
  // Found by the campaign fuzzer (seed fuzz-4): a German submarine, already Ops Complete, is struck from the air and
  // retreats to its port; on the way, in a coastal hex holding a British land unit, British naval air transit-attacks
  // it and loses the battle on the dice. The submarine was not forced back, so it must sail on to port instead of
  // ending its retreat in a hex with enemy units (8.3.1, 5.2.3).
  const strait = testWorld({
    id: 'retreat-strait', cols: [1, 7], rows: [1, 4], country: 'ge', countries: { gb: ['0501', '0502', '0601', '0602', '0603', '0701', '0702', '0703'] },
    sea: ['0104', '0204', '0404', '0504', '0604', '0704'], coastal: ['0103', '0203', '0303', '0304', '0403', '0503', '0603', '0703'],
    ports: ['0103'], cities: { '0103': 'Kiel' },
  });

  it('2WW 8.3.5.4 the submarine wins the transit attack on the dice and sails on to its port', () => {
    let s = start(testPosition(strait, {
      turn: 12, control: { '0103': 'axis' },
      units: { 'ge-sub-1': { where: '0604', ops: true }, 'gb-air-bomber': '0702', 'gb-air-naval': '0303', 'gb-arm-8': '0304' },
    }), [{ proc: 'combat-phase', side: 'allies' }]);
    s = play(s, 'allies', { type: 'attack', mode: 'strike', hex: '0604' });
    s = play(s, 'allies', { type: 'add', unit: 'gb-air-bomber', role: 'attacker' });
    forceDice(s.rng, [6, 6, 1, 1]); // the bombers roll 12, the submarine 2: the Allies win
    s = play(s, 'allies', { type: 'confirm' });
    expect(events.some((e) => /allies wins the sea combat/.test(e.text))).toBe(true);
    while (prompts(rs, s)[0]?.kind === 'transit-attack') {
      const hex = (prompts(rs, s)[0]!.context as { hex: string }).hex;
      if (hex !== '0304') { s = play(s, 'allies', { type: 'decline' }); continue; }
      s = play(s, 'allies', { type: 'add', unit: 'gb-air-naval' });
      forceDice(s.rng, [5, 5, 6, 6]); // naval air rolls 10 (no hit), the submarine 12: the Axis wins on the higher roll
      s = play(s, 'allies', { type: 'attack' });
    }
    expect(events.some((e) => /axis wins the sea combat/.test(e.text))).toBe(true);
    expect(s.units['ge-sub-1']).toMatchObject({ where: '0103', ops: true });
    expect(s.units['gb-arm-8']!.where).toBe('0304');
  });
});

describe('2WW 3.4.3 Ops Complete units do not fire', () => {
  it('2WW 3.4.3 Ops Complete air and fleets in a struck hex take the strike but do not fire back', () => {
    let s = start(testPosition(world, {
      turn: 8, control,
      units: { 'ge-air-1': '0201', 'ge-air-2': '0202', 'gb-air-raf1': { where: '0403', ops: true }, 'gb-fleet-home': { where: '0403', ops: true } },
    }), [{ proc: 'combat-phase', side: 'axis' }]);
    s = play(s, 'axis', { type: 'attack', mode: 'strike', hex: '0403' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-1', role: 'attacker' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-2', role: 'attacker' });
    forceDice(s.rng, [1, 1, 1, 1]); // both sides roll 2: only the Axis has factors to fire
    s = play(s, 'axis', { type: 'confirm' });
    expect(events.some((e) => e.rule === '2WW 3.4.3')).toBe(true);
    const air = events.find((e) => /Air battle/.test(e.text))!.data as any;
    expect([air.attacker.strength, air.attacker.result > 0, air.defender.strength, air.defender.result]).toEqual([8, true, 0, 0]);
    forceDice(s.rng, [1, 1, 1, 1]);
    s = play(s, 'axis', { type: 'press' });
    const sea = events.find((e) => /Sea combat/.test(e.text))!.data as any;
    expect([sea.attacker.line, sea.attacker.result > 0, sea.defender]).toEqual(['Air vs Sea', true, null]);
    expect([s.units['ge-air-1']!.reduced, s.units['ge-air-2']!.reduced]).toEqual([false, false]);
  });

  it('2WW 3.4.3 an Ops Complete fleet attacked by a fleet does not fire back', () => {
    let s = start(testPosition(world, { turn: 8, units: { 'ge-fleet-surface': '0304', 'gb-fleet-channel': { where: '0404', ops: true } }, control }),
      [{ proc: 'combat-phase', side: 'axis' }]);
    s = play(s, 'axis', { type: 'attack', mode: 'strike', hex: '0404' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-fleet-surface', role: 'attacker' });
    forceDice(s.rng, [6, 6, 1, 1]); // the Axis rolls 12 (no hit), the Channel fleet 2 (a hit, were it ready)
    s = play(s, 'axis', { type: 'confirm' });
    const sea = events.find((e) => e.rule === '2WW 9.3' && e.data && (e.data as any).attacker)!.data as any;
    expect(sea.defender).toBeNull();
    expect(s.units['ge-fleet-surface']!.reduced).toBe(false);
  });
});

describe('2WW 9.3 sea retreat from a friendly port', () => {
  it('2WW 9.3.1, DSoP sea combat: a fleet beaten by an air strike in its own port stays there, Ops Complete (it is in the nearest friendly port)', () => {
    let s = start(testPosition(world, { turn: 8, units: { 'ge-air-1': '0402', 'gb-fleet-home': '0603' }, control }),
      [{ proc: 'combat-phase', side: 'axis' }]);
    s = play(s, 'axis', { type: 'attack', mode: 'strike', hex: '0603' });
    s = play(s, 'axis', { type: 'add', unit: 'ge-air-1', role: 'attacker' });
    forceDice(s.rng, [1, 2, 4, 4]); // the Axis air rolls 3 on Air vs Sea 1-4 (1 loss), the fleet 8 (none)
    s = play(s, 'axis', { type: 'confirm' });
    expect(events.some((e) => /axis wins the sea combat/.test(e.text))).toBe(true);
    expect(s.units['gb-fleet-home']).toMatchObject({ where: '0603', reduced: true, ops: true });
  });
});
