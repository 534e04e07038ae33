// Optional 9.11, cooperation: who may share a place, join a combat and enter whose areas; forced retreats go on.
// Positions from the 1941 set-up with Germany at war with the USSR (BE and the USSR then fight a common enemy).
import { describe, expect, it } from 'vitest';
import { destinations, envFor, occupationCloses } from './movement.ts';
import { movement } from './phases.ts';
import { cooperates, coopForbidsEntry, createUnit } from './politics.ts';
import { area } from './map.ts';
import { retreat, retreatPlaces } from './combat.ts';
import { rail } from './rail.ts';
import type { BkgState } from './state.ts';
import { Play, ctxOn } from './testing.ts';

/** The 1941 set-up with Germany and the USSR at war; `change` edits the copy. */
function atWarWithUssr(options: Record<string, boolean>, change: (s: BkgState) => void = () => undefined): Play {
  return new Play(options, 'advanced-1941').edit((s) => {
    s.wars = [...s.wars, 'germany|ussr'].sort();
    change(s);
  });
}
const ON = { cooperation: true };

/** With 9.11: a German infantry attacks a Soviet one in Trans Caucasus, next to BE-held Iran (rulings 97, 110). */
function transCaucasusFight(more: (s: BkgState) => void): { p: Play; inf: string } {
  let inf = '';
  const p = atWarWithUssr(ON, (s) => {
    s.control.iran = 'be';
    inf = createUnit(s, 'ussr', 'inf', 3, 'trans-caucasus').id;
    createUnit(s, 'germany', 'inf', 3, 'trans-caucasus');
    more(s);
    s.battles = [{ place: 'trans-caucasus', attacker: 'axis' }];
  });
  return { p, inf };
}

describe('BKG optional 9.11 cooperation', () => {
  it('9.11 the cooperating countries: Germany and Italy; BE, the USA and France; China and the USA; a minor with its major', () => {
    const s = new Play(ON, 'advanced-1941').s;
    expect(cooperates(s, 'germany', 'italy')).toBe(true);
    expect(cooperates(s, 'be', 'france') && cooperates(s, 'usa', 'be') && cooperates(s, 'china', 'usa')).toBe(true);
    expect(cooperates(s, 'china', 'be') || cooperates(s, 'china', 'france') || cooperates(s, 'be', 'ussr') || cooperates(s, 'japan', 'germany')).toBe(false);
    expect(cooperates(s, 'romania', 'germany')).toBe(s.controller.romania === 'germany');
  });

  it('9.11 a BE aircraft in Matruh may not fly into the USSR\'s areas; an area an enemy holds is open again (ruling 97)', () => {
    const dest = (p: Play) => [...destinations(envFor(p.s, 'be'), p.s.units['be-air2-154']!, 'move').keys()];
    expect(dest(atWarWithUssr({}))).toContain('caucasus'); // double range over friendly areas
    const p = atWarWithUssr(ON);
    expect(p.s.units['be-air2-154']!.where).toBe('matruh');
    expect(dest(p)).not.toContain('caucasus');
    expect(dest(p)).toContain('near-east'); // its own side's areas stay open
    expect(coopForbidsEntry(p.s, 'be', 'crimea')).toBe(true);
    p.edit((s) => { s.control.crimea = 'germany'; });
    expect(coopForbidsEntry(p.s, 'be', 'crimea')).toBe(false);
    expect(coopForbidsEntry(p.s, 'ussr', 'crimea')).toBe(false);
  });

  it('9.11 a BE task force may pass but not stop in the Aegean Sea while a Soviet task force is there', () => {
    const dest = (options: Record<string, boolean>) => {
      const p = atWarWithUssr(options, (s) => { s.units['ussr-tf2-137']!.where = 'aegean-sea'; });
      return [...destinations(envFor(p.s, 'be'), p.s.units['be-tf3-156']!, 'move').keys()];
    };
    expect(dest({})).toContain('aegean-sea');
    const on = dest(ON);
    expect(on).not.toContain('aegean-sea');
    expect(on).toContain('ionian-sea');
  });

  it('9.11 Soviet rail movement does not enter Iran while BE holds it (advanced 6.2 over friendly areas only)', () => {
    const railTo = (options: Record<string, boolean>) => {
      const p = atWarWithUssr(options, (s) => { s.control.iran = 'be'; createUnit(s, 'ussr', 'inf', 3, 'trans-caucasus'); });
      return rail.choicesIn!(p.s, { proc: 'rail', side: 'allies', ended: [] }, 'ussr', 'trans-caucasus').map((c) => c.action.to);
    };
    expect(railTo({})).toContain('iran');
    const on = railTo(ON);
    expect(on).not.toContain('iran');
    expect(on).toContain('caucasus');
  });

  it('9.11 two BE infantry may not enter German-held, empty Trans-Caucasus together: the first wins it back for the USSR, closing it to the second (ruling 104; fuzz seed p12-basic-1939-all-1)', () => {
    let infs: string[] = [];
    const at = (options: Record<string, boolean>) => atWarWithUssr(options, (s) => {
      for (const u of Object.values(s.units)) if (u.where === 'trans-caucasus' || u.where === 'iran') delete s.units[u.id];
      s.control['trans-caucasus'] = 'germany';
      s.control.iran = 'be';
      infs = [createUnit(s, 'be', 'inf', 3, 'iran').id, createUnit(s, 'be', 'inf', 3, 'iran').id].sort();
    });
    const f = { proc: 'movement', side: 'allies' as const, phase: 'move' as const, ended: [], hqs: {} };
    const moves = (p: Play) => movement.choicesIn!(p.s, f, 'be', 'iran').filter((c) => c.action.to === 'trans-caucasus').map((c) => c.action.units);
    expect(area('trans-caucasus').country).toBe('ussr');
    expect(moves(at({}))).toEqual([[infs[0]], infs]); // without 9.11 the two go together (one of the two alike, then both)
    const p = at(ON);
    expect(occupationCloses(envFor(p.s, 'be'), 'trans-caucasus')).toBe(true);
    expect(moves(p)).toEqual([[infs[0]]]); // only one at a time
    p.s.stack.push(f);
    p.act('be', { type: 'move', units: [infs[0]!], to: 'trans-caucasus' });
    expect(p.s.control['trans-caucasus']).toBe('ussr'); // won back for its owner (7.1, ruling 101)
    expect(coopForbidsEntry(p.s, 'be', 'trans-caucasus')).toBe(true);
    expect(moves(p)).toEqual([]); // the second may not follow
  });

  it('9.11 a Soviet unit forced to retreat into a BE-held area goes on to a Soviet area (ruling 97)', () => {
    const { p, inf } = transCaucasusFight(() => {});
    const u = () => p.s.units[inf]!;
    expect(retreatPlaces(p.s, u(), 'trans-caucasus')).toEqual(['caucasus']); // not BE's Iran while its own area is open
    expect(retreatPlaces(atWarWithUssr({}, (s) => { s.control.iran = 'be'; s.units[inf] = { ...p.s.units[inf]! }; }).s, u(), 'trans-caucasus').sort()).toEqual(['caucasus', 'iran']);
    p.edit((s) => { createUnit(s, 'germany', 'arm', 4, 'caucasus'); });
    expect(retreatPlaces(p.s, u(), 'trans-caucasus')).toEqual(['iran']); // the only way out
    const c = ctxOn(p.s);
    const f = { proc: 'retreat', place: 'trans-caucasus', units: [inf], seat: 'ussr' as const };
    c.state.stack.push(f);
    retreat.act!(c, f, 'ussr', { type: 'retreat-to', units: [inf], to: 'iran' });
    const next = c.state.stack.at(-1) as typeof f;
    expect(next).toMatchObject({ proc: 'retreat', place: 'iran', units: [inf], seat: 'ussr' });
    expect(retreat.prompts!(c.state, next)[0]!.choices!.map((x) => x.action.to)).toEqual(['usbekistan']);
  });

  it('9.11 a retreat that goes on never leads back into the fight it left (ruling 110; fuzz seed p14-basic-1939-all-7)', () => {
    // A Soviet infantry retreats from Trans Caucasus (a German attack; a Soviet aircraft stays there) into BE's Iran,
    // where it may not stay; every other area around is German-held, so the only way on is the fight it left.
    const { p, inf } = transCaucasusFight((s) => {
      createUnit(s, 'ussr', 'air', 2, 'trans-caucasus');
      createUnit(s, 'germany', 'arm', 4, 'caucasus');
      createUnit(s, 'germany', 'arm', 4, 'usbekistan');
      for (const a of ['usbekistan', 'iraq', 'afghanistan', 'india']) s.control[a] = 'germany';
    });
    const u = () => p.s.units[inf]!;
    expect(retreatPlaces(p.s, u(), 'trans-caucasus')).toEqual(['iran']);
    expect(retreatPlaces(p.s, u(), 'iran')).toContain('trans-caucasus'); // a fight still to come, for another retreat
    expect(retreatPlaces(p.s, u(), 'iran', 'trans-caucasus')).not.toContain('trans-caucasus');
    const c = ctxOn(p.s);
    const f = { proc: 'retreat', place: 'trans-caucasus', units: [inf], seat: 'ussr' as const };
    c.state.stack.push(f);
    retreat.act!(c, f, 'ussr', { type: 'retreat-to', units: [inf], to: 'iran' });
    expect(c.state.stack.at(-1)).toBe(f); // no retreat going on: it stays in Iran (ruling 97)
    expect(c.state.units[inf]!.where).toBe('iran');
  });

  it('9.11 a retreat that goes on and comes back is not offered again by the retreat it left (ruling 108; fuzz seed p12-advanced-1939-all-5)', () => {
    // A BE convoy and a Soviet TF retreat together from the North Sea into the Skagerrak, where a BE TF stands:
    // neither may stay with the other's country, so both go on; the convoy goes back to the empty North Sea.
    let conv = '', tf = '';
    const p = atWarWithUssr(ON, (s) => {
      for (const u of Object.values(s.units)) if (u.where === 'north-sea' || u.where === 'skagerrak') delete s.units[u.id];
      conv = createUnit(s, 'be', 'conv', 1, 'north-sea').id;
      tf = createUnit(s, 'ussr', 'tf', 2, 'north-sea').id;
      createUnit(s, 'be', 'tf', 2, 'skagerrak');
    });
    const c = ctxOn(p.s);
    const f = { proc: 'retreat', place: 'north-sea', units: [conv, tf], seat: 'be' as const };
    c.state.stack.push(f);
    retreat.act!(c, f, 'be', { type: 'retreat-to', units: [conv, tf], to: 'skagerrak' });
    const [below, next] = c.state.stack.slice(-2) as (typeof f)[];
    expect(next).toMatchObject({ proc: 'retreat', place: 'skagerrak', units: [conv, tf].sort() });
    expect(below!.units).toEqual([]); // done with both here
    expect(retreat.prompts!(c.state, next!)[0]!.choices!.map((x) => x.action)).toContainEqual({ type: 'retreat-to', units: [conv], to: 'north-sea' });
    retreat.act!(c, next!, 'be', { type: 'retreat-to', units: [conv], to: 'north-sea' });
    expect(c.state.units[conv]!.where).toBe('north-sea');
    expect(retreat.prompts!(c.state, below!)).toEqual([]); // before ruling 108: the convoy again, back and forth without end
  });
});
