// House rules l.217-239 (research and development, `hr-research`); ruling 85.
import { describe, expect, it } from 'vitest';
import { nightInterceptor } from '../bombing.ts';
import { searchModifier } from '../house/battle.ts';
import { availableResearch, researched } from '../house/research.ts';
import type { AaeState } from '../state.ts';
import { aaeRig, position, u } from '../testing.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const labels = (rig: ReturnType<typeof aaeRig>, s: AaeState) => rig.choices(s).map((c) => c.label);
const ids = (s: AaeState, p: 'uk' | 'usa' | 'germany') => availableResearch(s, p).map((i) => i.id);

describe('house rules l.217: the research roll', () => {
  it('an item starts at its start turn with RN 1; a d10 at most the RN gains it, and a second gain restarts at RN 1', () => {
    const rig = aaeRig();
    const body = position({ units: [u('uk', 'destroyer', 'north-sea')], round: 3, options: on('research', 'naval-sequence') });
    // Turn 3 is British submarine detection's start turn (l.229); night fighters and paratroops wait for their rules.
    let s = rig.start(body, 'start', 'uk', [1]);
    expect(ids(s, 'uk')).toEqual(['sub-detection']);
    expect(rig.log()).toContain('United Kingdom research roll 1: within reach: sub-detection');
    expect(labels(rig, s)).toEqual(['gain Submarine detection (+1, second gain +3) (l.229)']);
    s = rig.play(s, 'uk', rig.pick(s, /Submarine detection/));
    expect(researched(s, 'uk', 'sub-detection')).toBe(1);
    expect(searchModifier(s, { area: 'north-sea' })).toBe(2 + 1); // a destroyer +2, one gain +1 (l.76, 229)
    // The second gain is tried from RN 1 on the next turn: a 2 misses, a 1 gains it (+3 in all).
    const next = { ...body, round: 4, house: s.house };
    rig.start(next, 'start', 'uk', [2]);
    expect(rig.log()).toContain('United Kingdom research roll 2: no success');
    let t = rig.start(next, 'start', 'uk', [1]);
    t = rig.play(t, 'uk', rig.pick(t, /Submarine detection/));
    expect(rig.log()).toContain('United Kingdom gains Submarine detection (+1, second gain +3) (gain 2 of 2)');
    expect(searchModifier(t, { area: 'north-sea' })).toBe(2 + 3 - 1); // turn 4 is Winter 1941: -1
    expect(ids({ ...t, round: 9 }, 'uk')).toEqual([]);
  });

  it('the RN grows by one a turn: turn 5 makes it 3 for an item of start turn 3, so a 3 succeeds and a 4 does not', () => {
    const rig = aaeRig();
    const body = position({ units: [], round: 5, ipcs: { usa: 40 }, options: on('research', 'production-cycle', 'paratroops') });
    rig.start(body, 'start', 'usa', [4]);
    expect(rig.log()).toContain('United States research roll 4: no success');
    const s = rig.start(body, 'start', 'usa', [3]);
    expect(labels(rig, s)).toEqual(['gain Liberty ships (transports built in one turn) (l.239)', 'gain Paratroops (may be built) (l.239)']);
    // Before turn 3 nothing is started: no roll.
    rig.start({ ...body, round: 2 }, 'start', 'usa');
    expect(rig.log().some((l) => /research roll/.test(l))).toBe(false);
  });
});

describe('house rules l.225-239: what the items change', () => {
  it('Liberty ships: the United States buys a transport in one turn on the production cycle (l.239)', () => {
    const rig = aaeRig();
    const body = position({ units: [], round: 5, ipcs: { usa: 40 }, options: on('research', 'production-cycle') });
    const before = rig.start(body, 'purchase', 'usa');
    expect(labels(rig, before)).toContain('buy transport (4 IPCs now, 8 over 2 turns)');
    const after = rig.start({ ...body, house: { research: { usa: { 'liberty-ships': { gains: 1, from: 4 } } } } }, 'purchase', 'usa');
    expect(labels(rig, after)).toContain('buy transport (8 IPCs)');
    const s = rig.play(after, 'usa', rig.pick(after, /^buy transport/));
    expect([s.pending.usa, s.ipcs.usa]).toEqual([['transport'], 32]);
  });

  it('paratroops for the British once researched (l.18, 237); advanced night fighters intercept on 3 (l.225)', () => {
    const rig = aaeRig();
    const body = position({ units: [], round: 5, ipcs: { uk: 30 }, options: on('research', 'paratroops') });
    expect(labels(rig, rig.start(body, 'purchase', 'uk')).some((l) => /paratroop/.test(l))).toBe(false);
    const s = rig.start({ ...body, house: { research: { uk: { paratroops: { gains: 1, from: 4 } } } } }, 'purchase', 'uk');
    expect(labels(rig, s)).toContain('buy paratroop (4 IPCs; at most 2 in play)');
    // By night a fighter defending at 4 intercepts at 1 (l.76); with the research at 3.
    const g = { ...s, house: { research: { germany: { 'night-fighters': { gains: 1, from: 5 } } } } } as AaeState;
    expect([nightInterceptor(s, 4, 'germany'), nightInterceptor(g, 4, 'germany'), nightInterceptor(g, 4, 'uk')]).toEqual([1, 3, 1]);
  });

  it('Italian fighters: once researched, a fighter Italy places is a regular piece, not early-war (l.229, with hr-axis-minor)', () => {
    const rig = aaeRig();
    const body = position({ units: [], round: 5, options: on('research', 'axis-minor') });
    const placed = (house: AaeState['house']) => {
      const b = { ...body, house, pending: { ...body.pending, minor: ['fighter' as const] } };
      const s = rig.start(b, 'mobilize', 'minor');
      return rig.play(s, 'minor', rig.pick(s, /^place fighter in Northern Italy/)).units.map((x) => [x.nation, x.ew ?? false]);
    };
    expect(placed(undefined)).toEqual([['italy', true]]);
    expect(placed({ research: { minor: { fighters: { gains: 1, from: 5 } } } })).toEqual([['italy', false]]);
  });
});

