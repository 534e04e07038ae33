import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Game, RuleViolation, prompts } from '../../../engine/index.ts';
import type { Json } from '../../../engine/index.ts';
import { twoWW } from '../index.ts';
import { validatePosition } from './index.ts';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
const messages = (p: unknown): string[] => validatePosition(p).map((x) => `${x.field}: ${x.message}`);
/** A small position: turn 3, the given units, every other counter removed. */
const small = (phase: string, units: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  format: 'theater-position', version: 1, ruleset: '2ww', turn: 3, phase, units, ...extra,
});

describe('2WW positions: broken position files are refused with the unit, the hex and the rule', () => {
  it('a valid file starts a game at the Axis combat phase (2WW 4.2 C.3)', () => {
    const pos = fixture('valid-rhine.json');
    expect(messages(pos)).toEqual([]);
    const g = Game.create(twoWW, 'campaign-1939', {}, 'rhine', pos as Json);
    expect(g.state.units['ge-inf-6']).toEqual({ where: '1907', reduced: true, ops: true });
    expect(g.state.units['ge-inf-9']!.where).toBe('pool');
    expect(g.state.units['ge-arm-2']!.where).toBe('removed');
    expect(g.state.stack.map((f) => f.proc).slice(0, 3)).toEqual(['game', 'player-turn', 'combat-phase']);
    expect(prompts(twoWW, g.state)[0]!.seat).toBe('axis');
  });

  it('2WW 5.1.2 a land unit in an all-sea hex', () => {
    expect(messages(fixture('broken-land-unit-at-sea.json'))).toEqual([
      'units[0].at: 2WW 5.1.2: ge-inf-4 is a land unit in all-sea hex 1001 (at sea a land unit must be aboard a fleet)',
    ]);
  });

  it('2WW 5.1.2 a fleet in an all-land hex', () => {
    expect(messages(fixture('broken-fleet-inland.json'))).toEqual(['units[0].at: 2WW 5.1.2: ge-fleet-surface is a fleet in all-land hex 2106']);
  });

  it('2WW 3.4.2 any unit in Switzerland', () => {
    expect(messages(fixture('broken-switzerland.json'))).toEqual([
      'units[0].at: 2WW 3.4.2: ge-inf-4 is in Switzerland (hex 2009), which no unit may ever enter',
    ]);
  });

  it('2WW 12.5 a unit in Iraq before its rebellion; allowed once Iraq has rebelled', () => {
    const pos = fixture('broken-iraq-before-rebellion.json');
    expect(messages(pos)).toEqual([
      'units[0].at: 2WW 12.5: gb-arm-1 is in Iraq (hex 3910) before the Iraqi rebellion; set politics.iraq to "rebel" first',
    ]);
    expect(messages({ ...pos, politics: { iraq: 'rebel' } })).toEqual([]);
  });

  it('2WW 5.2.1 three infantry in one hex at the start of a combat phase; allowed during a movement phase', () => {
    const pos = fixture('broken-overstack.json');
    expect(messages(pos)).toEqual([
      'units[0]: 2WW 5.2.1: hex 2106 holds 3 armor/infantry/paratroop units (limit 2) for the Axis at the start of axis-combat: ge-inf-4, ge-inf-6, ge-inf-7',
    ]);
    // Mid-movement the limit is checked only when the phase ends (2WW 5.2.2).
    const mid = { ...pos, phase: 'axis-movement', stack: [{ proc: 'game', step: 5 }, { proc: 'player-turn', side: 'axis', step: 1 }, { proc: 'movement-phase', side: 'axis' }] };
    expect(messages(mid)).toEqual([]);
  });

  it('a unit that is not in the counter manifest', () => {
    expect(messages(fixture('broken-unknown-unit.json'))).toEqual([
      'units[0].id: no counter "ge-inf-99" in the counter manifest (data/counters.json); ids look like "ge-inf-4"',
    ]);
  });

  it('a unit listed twice', () => {
    expect(messages(fixture('broken-duplicate-unit.json'))).toEqual([
      'units[1].id: ge-inf-4 appears twice (also units[0]); each counter is listed once',
    ]);
  });

  it('the kernel refuses to start a game from a broken position, naming the problem', () => {
    expect(() => Game.create(twoWW, 'campaign-1939', {}, 's', fixture('broken-switzerland.json') as Json))
      .toThrow(RuleViolation);
    expect(() => Game.create(twoWW, 'campaign-1939', {}, 's', fixture('broken-switzerland.json') as Json))
      .toThrow(/units\[0\]\.at: 2WW 3\.4\.2: ge-inf-4 is in Switzerland/);
  });
});

describe('2WW positions: other rule and schema checks', () => {
  it('2WW 12.4.3 Soviet units stacked with British units', () => {
    const pos = small('allied-movement', [{ id: 'su-inf-1', at: '2106' }, { id: 'gb-arm-1', at: '2106' }],
      { politics: { ussrNeutral: false }, countries: { su: { controller: 'allies', status: 'belligerent' } } });
    expect(messages(pos).join('\n')).toMatch(/2WW 12\.4\.3: hex 2106 holds Soviet units may not stack with other Allied units .*gb-arm-1, su-inf-1/);
  });

  it('2WW 5.2.3 units of both sides in one hex at the start of a phase', () => {
    const pos = small('axis-movement', [{ id: 'ge-inf-4', at: '1907' }, { id: 'fr-inf-2', at: '1907' }]);
    expect(messages(pos)).toEqual(['units[1]: 2WW 5.2.3: hex 1907 holds units of both sides at the start of axis-movement: fr-inf-2, ge-inf-4']);
  });

  it('2WW 3.3.3 an Axis unit in an Allied-only box', () => {
    expect(messages(small('axis-movement', [{ id: 'ge-sub-1', at: 'capetown' }])).join('\n'))
      .toMatch(/2WW 3\.3\.3: ge-sub-1 is an Axis unit in the capetown box/);
  });

  it('2WW 8.3.4 cargo: aboard a fleet elsewhere, aboard a non-fleet, two units aboard one fleet', () => {
    expect(messages(small('axis-movement', [{ id: 'ge-fleet-surface', at: '1001' }, { id: 'ge-inf-4', at: '1002', aboard: 'ge-fleet-surface' }])))
      .toContain('units[1].aboard: 2WW 8.3.4: ge-inf-4 is in 1002 but its fleet ge-fleet-surface is in 1001');
    expect(messages(small('axis-movement', [{ id: 'ge-inf-6', at: '2106' }, { id: 'ge-inf-4', at: '2106', aboard: 'ge-inf-6' }])))
      .toContain('units[1].aboard: 2WW 8.3.4: ge-inf-4 is aboard "ge-inf-6", which is no surface fleet');
    expect(messages(small('axis-movement', [{ id: 'ge-fleet-surface', at: '1001' }, { id: 'ge-inf-4', at: '1001', aboard: 'ge-fleet-surface' },
      { id: 'ge-inf-6', at: '1001', aboard: 'ge-fleet-surface' }])))
      .toContain('units[2].aboard: 2WW 8.3.4: ge-fleet-surface carries ge-inf-4 and ge-inf-6; a fleet carries one unit');
    expect(messages(small('axis-movement', [{ id: 'ge-fleet-surface', at: '1001' }, { id: 'ge-inf-4', at: '1001', aboard: 'ge-fleet-surface' }]))).toEqual([]);
  });

  it('a place that is no hex or box, control of a hex without a city, an unknown power', () => {
    expect(messages(small('axis-movement', [{ id: 'ge-inf-4', at: '9999' }]))[0]).toMatch(/units\[0\]\.at: ge-inf-4: "9999" is no hex or box/);
    expect(messages(small('axis-movement', [], { control: { 1908: 'axis' } }))).toEqual(['control.1908: 2WW 3.4.7: hex 1908 has no city or port, so nobody controls it']);
    expect(messages(small('axis-movement', [], { countries: { xx: { controller: 'axis', status: 'belligerent' } } }))[0]).toMatch(/^countries\.xx: "xx" is no power/);
  });

  it('schema: unknown fields, a bad phase, a bad side, a turn off the track', () => {
    expect(messages(small('axis-movement', [{ id: 'ge-inf-4', at: '2106', reduce: true }]))[0]).toMatch(/^units\[0\]: Unrecognized key: "reduce"/);
    expect(messages(small('axis-lunch', []))[0]).toMatch(/^phase: /);
    expect(messages(small('axis-movement', [], { control: { 2106: 'germany' } }))[0]).toMatch(/^control\.2106: /);
    expect(messages({ ...small('axis-movement', []), turn: 24 })[0]).toMatch(/^turn: /);
    expect(messages({ ...small('axis-movement', []), format: 'theater-log' })[0]).toMatch(/^format: /);
  });

  it('2WW 4 the procedure stack: unknown procedure, no game frame at the bottom, a phase that does not match', () => {
    expect(messages(small('axis-movement', [], { stack: [{ proc: 'game', step: 5 }, { proc: 'lunch' }] })))
      .toEqual(['stack[1].proc: 2WW 4: no procedure "lunch" in the sequence of play']);
    expect(messages(small('axis-movement', [], { stack: [{ proc: 'movement-phase', side: 'axis' }] })))
      .toContain('stack[0].proc: 2WW 4: the bottom frame must be the turn loop "game", not "movement-phase"');
    expect(messages(small('allied-movement', [], { stack: [{ proc: 'game', step: 5 }, { proc: 'player-turn', side: 'axis', step: 1 }, { proc: 'movement-phase', side: 'axis' }] })))
      .toEqual(['phase: "allied-movement" does not match the stack, which is in the axis-movement phase']);
    expect(messages(small('setup', []))).toEqual(['phase: "setup" can be started only with an explicit "stack" (the placement queue)']);
  });
});
