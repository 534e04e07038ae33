// Refused moves name the rule they break (issue 20): the kernel asks the movement phase's explain for the rule case.
import { describe, expect, it } from 'vitest';
import { Game, prompts, RuleViolation } from '../../engine/index.ts';
import { twoWW } from './index.ts';
import { act, destinations, startAt, testPosition, testWorld } from './testing.ts';

// Germany in columns 1-4, France in 5-8, a sea strip in row 6 whose west end (0106) links to two boxes.
const w = testWorld({
  id: 'refusals-test', cols: [1, 8], rows: [1, 6], country: 'ge',
  countries: { fr: ['0501', '0502', '0503', '0504', '0505', '0601', '0602', '0603', '0604', '0605', '0701', '0702', '0703', '0704', '0705', '0801', '0802', '0803', '0804', '0805'] },
  sea: ['0106', '0206', '0306', '0406', '0506', '0606', '0706', '0806'],
  coastal: ['0105', '0205', '0305', '0405', '0505', '0605', '0705', '0805'],
  ports: ['0205', '0605'],
  capitals: { '0101': 'ge', '0801': 'fr' }, cities: { '0101': 'Berlin', '0801': 'Paris', '0205': 'Kiel', '0605': 'Brest' },
  boxes: [
    { id: 'atlantic-ocean', alliedOnly: false, links: [{ to: ['0106'], cost: 30 }] },
    { id: 'capetown', alliedOnly: true, links: [{ to: ['0106'], cost: 30 }] },
    { id: 'atlantic-land', alliedOnly: true, land: true, links: [] },
  ],
});
const control = { '0101': 'axis', '0801': 'allies', '0205': 'axis', '0605': 'allies' } as const;

function movement(units: Parameters<typeof testPosition>[1]['units'], side: 'axis' | 'allies' = 'axis') {
  return startAt(testPosition(w, { turn: 5, units, control: { ...control } }), [{ proc: 'movement-phase', side }]);
}

/** The rule a refused action cites, and its message. */
function refusal(s: ReturnType<typeof movement>, side: 'axis' | 'allies', action: Parameters<typeof act>[2]): { rule: string; message: string } {
  try {
    act(s, side, action);
  } catch (e) {
    expect(e).toBeInstanceOf(RuleViolation);
    return { rule: (e as RuleViolation).rule, message: (e as Error).message };
  }
  throw new Error(`${JSON.stringify(action)} was accepted`);
}

describe('2WW refusals cite the rule they break', () => {
  it('2WW 5.1.1 a move past an enemy ZOC: the unit would have to stop in the ZOC on the way', () => {
    const s = movement({ 'ge-arm-1': '0303', 'fr-inf-2': '0502', 'fr-inf-3': '0503', 'fr-inf-4': '0504' });
    expect(destinations(s, 'axis', 'ge-arm-1')).not.toContain('0602');
    expect(refusal(s, 'axis', { type: 'move', unit: 'ge-arm-1', to: '0602' })).toMatchObject({ rule: '2WW 5.1.1', message: expect.stringMatching(/enemy land ZOC on the way to 0602/) });
  });

  it('2WW 8.1 a land move beyond the movement points left', () => {
    const s = movement({ 'ge-inf-1': '0101' });
    expect(refusal(s, 'axis', { type: 'move', unit: 'ge-inf-1', to: '0105' }).rule).toBe('2WW 8.1');
  });

  it('2WW 8.1.1 an airdrop goes up to three hexes', () => {
    const s = movement({ 'ge-para-1': '0202' });
    expect(destinations(s, 'axis', 'ge-para-1', 'airdrop')).toContain('0502');
    expect(refusal(s, 'axis', { type: 'airdrop', unit: 'ge-para-1', to: '0602' })).toMatchObject({ rule: '2WW 8.1.1', message: expect.stringMatching(/up to 3 hexes; 0602 is 4/) });
  });

  it('2WW 8.1.2 no rail move from an enemy land ZOC', () => {
    const s = movement({ 'ge-inf-1': '0403', 'fr-inf-2': '0503' });
    expect(refusal(s, 'axis', { type: 'rail', unit: 'ge-inf-1', to: '0101' })).toMatchObject({ rule: '2WW 8.1.2', message: expect.stringMatching(/begins in an enemy land ZOC/) });
  });

  it('2WW 8.3.3 Axis fleets enter only the Atlantic box; a box needs 30 movement points', () => {
    let s = movement({ 'ge-sub-1': '0106', 'ge-sub-2': '0206' });
    expect(destinations(s, 'axis', 'ge-sub-1')).toContain('atlantic-ocean');
    expect(refusal(s, 'axis', { type: 'move', unit: 'ge-sub-1', to: 'capetown' })).toMatchObject({ rule: '2WW 8.3.3', message: expect.stringMatching(/only the Atlantic box/) });
    // Six hexes east, the submarine has 34 points left: back to 0106 (7) and into the box (30) is too far.
    s = act(s, 'axis', { type: 'move', unit: 'ge-sub-2', to: '0806' });
    expect(refusal(s, 'axis', { type: 'move', unit: 'ge-sub-2', to: 'atlantic-ocean' })).toMatchObject({ rule: '2WW 8.3.3', message: expect.stringMatching(/too few movement points/) });
  });

  it('2WW 8.3.4, 8.1.1 a move from or to a box is refused by its rule, not by a hex distance (an AI plan crashed on it)', () => {
    const s = movement({ 'us-air-8': 'atlantic-land', 'us-para-18': '0703' }, 'allies');
    expect(refusal(s, 'allies', { type: 'move', unit: 'us-air-8', to: '0805' })).toMatchObject({ rule: '2WW 8.3.4', message: expect.stringMatching(/only aboard a surface fleet/) });
    expect(refusal(s, 'allies', { type: 'airdrop', unit: 'us-para-18', to: 'atlantic-land' })).toMatchObject({ rule: '2WW 8.1.1', message: expect.stringMatching(/from a hex to a hex/) });
  });

  it('2WW 3.4.3 an Ops Complete fleet cannot move', () => {
    const s = movement({ 'ge-sub-1': { where: '0206', ops: true } });
    expect(refusal(s, 'axis', { type: 'move', unit: 'ge-sub-1', to: '0306' }).rule).toBe('2WW 3.4.3');
  });

  it('2WW 8.1 a land move to a hex no way over land reaches (a click on Kayseri in neutral Turkey) names the movement rule, not a raw action', () => {
    const g = Game.create(twoWW, 'campaign-1939', { quickSetup: true }, 'refusals');
    while (!/^Move units/.test(prompts(twoWW, g.state)[0]!.text)) {
      const p = prompts(twoWW, g.state)[0]!;
      g.act(p.seat, p.choices[p.choices.length - 1]!.action);
    }
    expect(g.state.units['ge-arm-1']!.where).toBe('2205');
    expect(() => g.act('axis', { type: 'move', unit: 'ge-arm-1', to: '3510' })).toThrow(/^2WW 8\.1: GE 1st armor has no way over land to 3510/);
  });

  it('an action no rule case explains prints its key as JSON (no stray comma)', () => {
    const s = movement({ 'ge-inf-1': '0101' });
    const r = refusal(s, 'axis', { type: 'dance', unit: 'ge-inf-1' });
    expect(r.rule).toBe('2WW 8');
    expect(r.message).toContain('{"type":"dance","unit":"ge-inf-1"} is not a legal choice');
  });
});
