// Strategic bombardment (advanced 6.5.6), V-weapons and the atomic bomb (advanced 7.5) from positions on the 1941
// set-up: German aircraft in Normandy against England (BE 4 BP), every die forced.
import { describe, expect, it } from 'vitest';
import { choicesIn, prompts } from '../../engine/index.ts';
import { bkg } from './index.ts';
import { atomicSubmission } from './bombing.ts';
import { bkgOdds } from './odds.ts';
import { createUnit } from './politics.ts';
import { game } from './sequence.ts';
import type { BkgState } from './state.ts';
import { type Play, advancedAxisMovement as axisMovement, ctxOn } from './testing.ts';

const air = (s: BkgState, power: string, where: string, ...strengths: number[]) => strengths.map((st) => createUnit(s, power, 'air', st, where).id);
const noBeAircraftIn = (s: BkgState, where: string) => { for (const u of Object.values(s.units)) if (u.where === where && u.type === 'air') delete s.units[u.id]; };

/** The Axis ends its movement and the Allies their reactions; the combats begin with these dice. */
function toCombat(p: Play, ...dice: number[]): void {
  for (const m of ['germany', 'italy', 'japan'] as const) p.act(m, { type: 'end' });
  p.dice(...dice);
  for (const w of p.waiting()) if (w.endsWith(':react')) p.act(w.split(':')[0] as never, { type: 'end' });
}

describe('BKG strategic bombardment (advanced 6.5.6)', () => {
  it('a bombardment mission is not offered odds as a combat (what it costs is production, not steps)', () => {
    let ids: string[] = [];
    const p = axisMovement((s) => { noBeAircraftIn(s, 'england'); ids = air(s, 'germany', 'normandy', 4); createUnit(s, 'germany', 'inf', 3, 'normandy'); });
    p.act('germany', { type: 'bomb', units: ids, to: 'england' });
    const s = structuredClone(p.s);
    s.stack.push({ proc: 'combat-phase' } as never);
    expect(bkgOdds.isCombat(s, 'germany', { type: 'fight', place: 'england' })).toBe(false);
    s.battles = [{ place: 'england', attacker: 'axis' }];
    expect(bkgOdds.isCombat(s, 'germany', { type: 'fight', place: 'england' })).toBe(true);
  });

  it('unopposed bombers each roll once; hits beyond what the area gives its owner are lost; the income of the quarter pays', () => {
    let ids: string[] = [];
    const p = axisMovement((s) => { noBeAircraftIn(s, 'england'); ids = air(s, 'germany', 'normandy', 4, 4, 4, 4, 4); });
    const labels = choicesIn(bkg, p.s, 'germany', 'normandy').map((c) => c.label);
    expect(labels).toContain('All aircraft (5) bomb the production of England');
    expect(labels).not.toContain('Air 4 bombs the production of Paris'); // only enemy areas
    p.act('germany', { type: 'bomb', units: ids, to: 'england' });
    expect(p.s.battles).toEqual([{ place: 'england', attacker: 'axis', raid: true }]);
    toCombat(p, 1, 1, 1, 1, 1);
    p.diceUsed();
    expect(p.waiting()).toEqual(['germany:land-aircraft']);
    p.act('germany', { type: 'land', units: ids, to: 'normandy' });
    // Five hits, but England gives BE only 4.
    expect(p.s.bombed).toEqual({ england: 4 });
    expect(p.log()).toContain('Strategic bombardment of England: 5 hits, 4 BP of its production destroyed this quarter');
    expect(p.s.control.england).toBe('be');
    // Income (7.2): BE collects its production less the 4 bombed BP, and the marks are cleared.
    const c = ctxOn(p.s);
    const before = { production: c.state.production.be, saved: c.state.saved.be };
    game.run!(c, { proc: 'game', step: 'income' } as never);
    expect(c.state.budget.be).toBe(before.production - 4 + before.saved);
    expect(c.state.budget.germany).toBe(c.state.production.germany + p.s.saved.germany);
    expect(c.state.bombed).toBeUndefined();
  });

  it('interceptors let only the excess aircraft bomb; the others fight them one round first (ruling 76)', () => {
    let a4: string[] = [], a3: string[] = [];
    const p = axisMovement((s) => { a4 = air(s, 'germany', 'normandy', 4, 4, 4); a3 = air(s, 'germany', 'normandy', 3); });
    expect(p.describe('england')).toBe('be Inf 3, be Inf 2 (B), be Air 2, be Air 2, be Air 3');
    p.act('germany', { type: 'bomb', units: [...a4, ...a3], to: 'england' });
    toCombat(p);
    // Four bombers against the three BE aircraft based in England: one gets past; Germany chooses its Air 3.
    expect(p.log()).toContain('England: 3 intercepting units against 4 aircraft: 1 may bomb');
    expect(p.waiting()).toEqual(['germany:bombers']);
    p.dice(6, 6, 1, 5, 6, 6);
    p.act('germany', { type: 'bomber', unit: a3[0]! });
    // Air combat (both with Air Combat: German Air 4 at 5, BE Air 3 at 4 and Air 2 at 3): one German hit, none back.
    expect(p.log()).toEqual(expect.arrayContaining(['Germany: 6, 6, 1 at strength 5: one hit', 'British Empire: 5 at strength 4: no hit', 'British Empire: 6, 6 at strength 3: no hit']));
    expect(p.waiting()).toEqual(['be:allocate-loss']);
    p.dice(3);
    p.act('be', { type: 'hit', unit: p.unit('be', 'england', 'Air 2') });
    p.diceUsed();
    expect(p.describe('england')).toContain('be Air 1 (B)');
    expect(p.s.bombed).toEqual({ england: 1 });
  });

  it('ruling 9: an HQ moving alone does not join a bombardment mission (fuzz seed xd: HQ Hiro stood in Soviet Vladivostok)', () => {
    let ids: string[] = [];
    const p = axisMovement((s) => {
      s.units['hq-rommel']!.where = 'cyreneica';
      ids = air(s, 'germany', 'cyreneica', 4);
      for (const u of Object.values(s.units)) if (u.where === 'matruh' || u.where === 'alexandria') u.where = 'palestine';
    });
    const hqTo = () => choicesIn(bkg, p.s, 'germany', 'cyreneica').filter((c) => c.action.type === 'move' && (c.action.units as string[]).join() === 'hq-rommel').map((c) => c.action.to);
    expect(hqTo()).toEqual(['tripolitania']); // empty enemy Matruh and Alexandria are no HQ's end
    p.act('germany', { type: 'bomb', units: ids, to: 'alexandria' });
    expect(p.s.battles).toEqual([{ place: 'alexandria', attacker: 'axis', raid: true }]);
    // Only aircraft attack Alexandria: the HQ would be left in an enemy area after the mission, so it may not go.
    expect(hqTo()).toEqual(['tripolitania']);
    // With German infantry attacking there it may follow them.
    const q = axisMovement((s) => { s.units['hq-rommel']!.where = 'cyreneica'; createUnit(s, 'germany', 'inf', 3, 'alexandria'); });
    q.edit((s) => { s.battles = [{ place: 'alexandria', attacker: 'axis' }]; for (const u of Object.values(s.units)) if (u.where === 'matruh') u.where = 'palestine'; });
    expect(choicesIn(bkg, q.s, 'germany', 'cyreneica').filter((c) => c.action.type === 'move' && (c.action.units as string[]).join() === 'hq-rommel').map((c) => c.action.to)).toContain('alexandria');
  });
});

describe('BKG research achievements that bomb (advanced 7.5)', () => {
  it('V-weapons: once a quarter at an enemy area within 2 of the major\'s areas, hit on 1-3 (production -1)', () => {
    const p = axisMovement((s) => { s.achievements.germany = ['v-weapons']; });
    const vs = () => prompts(bkg, p.s).find((x) => x.seat === 'germany')!.choices!.filter((c) => c.action.type === 'v-weapon').map((c) => c.action.to);
    expect(vs()).toContain('england'); // Normandy - Channel - England
    expect(vs()).not.toContain('india');
    expect(prompts(bkg, p.s).find((x) => x.seat === 'italy')!.choices!.some((c) => c.action.type === 'v-weapon')).toBe(false); // not an associate's (7.5)
    p.dice(3);
    p.act('germany', { type: 'v-weapon', to: 'england' });
    p.diceUsed();
    expect(p.log()).toContain('Germany V-weapon on England: 3, its production is 1 lower this quarter');
    expect(p.s.bombed).toEqual({ england: 1 });
    expect(vs()).toEqual([]);
  });

  it('the atomic bomb: intercepted by a hit and a roll of control of 6; through, it destroys the area\'s production, and the hit major may surrender the next quarter', () => {
    const all = ['air-combat', 'long-range', 'better-subs', 'sonar', 'radar', 'atomic-bomb']; // no V-weapons to carry it
    const run = (control: number): Play => {
      let bomber = '';
      const p = axisMovement((s) => { s.achievements.germany = all; [bomber] = air(s, 'germany', 'normandy', 4); });
      const c = choicesIn(bkg, p.s, 'germany', 'normandy').find((x) => x.label === 'Air 4 carries the atomic bomb to England')!;
      p.act('germany', c.action);
      expect(p.s.battles).toEqual([{ place: 'england', attacker: 'axis', raid: true, atomic: bomber }]);
      // The German Air 4 (5 with Air Combat) misses; BE Air 3 (4) hits, the Air 2s (3) miss: one hit, a roll of control.
      toCombat(p, 6, 1, 6, 6, control);
      p.diceUsed();
      return p;
    };
    const lost = run(6);
    expect(lost.log()).toContain('The atomic bomber is hit: the bomb is lost');
    expect(lost.s.bombed).toBeUndefined();
    expect(lost.s.atomic).toBeUndefined();
    expect(lost.describe('england')).toContain('germany Air 2 (B)'); // the hit flips it
    const hit = run(5);
    expect(hit.log()).toEqual(expect.arrayContaining(['The atomic bomber gets through', 'The atomic bomb destroys the production of England this quarter (4 BP)', 'British Empire suffers its first atomic hit']));
    expect(hit.s.bombed).toEqual({ england: 4 });
    expect(hit.s.atomic).toEqual({ be: { hits: 1, turn: hit.s.turn } });
    // No second atomic bomb this quarter (ruling 76).
    expect(choicesIn(bkg, hit.s, 'germany', 'normandy').some((x) => x.action.atomic)).toBe(false);
    // Next quarter: a die at or under 1 makes BE surrender.
    const next = (die: number) => { const c = ctxOn({ ...hit.s, turn: hit.s.turn + 1 }); c.state.rng.forced = [die]; atomicSubmission(c); return c; };
    expect(next(2).state.conquered).not.toContain('be');
    const c = next(1);
    expect(c.events.map((e) => e.text)).toContain('British Empire rolls 1: it surrenders to the atomic bomb');
    expect(c.state.conquered).toContain('be');
  });
});
