// The rulebook's invasion example (US forces invade Western France, advanced 6.5.4) played move by move with every
// die forced as printed. The position is built on the 1941 set-up: the areas of the example are cleared and the
// example's units placed; research is cleared (the example has none) and Germany holds Fortress Europe.
// Deviations (docs/rulings/bkg.md): the coastal die printed "8" is read as a 6 (it hits the unit and its convoy);
// the US units start in England and the Sea of Britain and sail to the Bay of Biscay (the example shows them
// there, and 6.5.4 has invaders board this phase); in round 2 Germany stops rolling once both US land units are hit
// (6.2.2 "no more rolls are needed"), so only the first two of its printed dice at strength 2 are rolled.
import { describe, expect, it } from 'vitest';
import { prompts } from '../../engine/index.ts';
import { bkg } from './index.ts';
import { createUnit } from './politics.ts';
import { Play, placeReinforcements } from './testing.ts';
import type { Unit } from './state.ts';

function setUp(): { p: Play; us: Record<string, string> } {
  const p = new Play({}, 'advanced-1941');
  // Reinforcements of 2/41 as they come; the Allies win the initiative (1 against 6); weather 4: good on both maps;
  // Japanese-Chinese limits 1.
  placeReinforcements(p, 1, 6, 4, 1);
  p.act('italy', { type: 'pass' }); // Italy keeps its Initiative card
  p.diceUsed();
  expect(p.s.initiative).toBe('allies');
  expect(p.s.weather).toEqual({ europe: 'good', pacific: 'good' });

  const us: Record<string, string> = {};
  p.edit((s) => {
    for (const a of ['western-france', 'paris', 'maginot', 'bay-of-biscay', 'sea-of-britain', 'channel', 'england']) for (const u of Object.values(s.units)) if (u.where === a) delete s.units[u.id];
    s.wars = [...s.wars, 'germany|usa'].sort();
    s.achievements = { germany: [], italy: [], japan: [], usa: [], be: [], ussr: [], france: [], china: [] };
    s.cards.hands.germany.push({ id: 'fortress-europe', turn: s.turn - 1 });
    createUnit(s, 'germany', 'inf', 2, 'western-france');
    createUnit(s, 'germany', 'inf', 2, 'paris');
    for (const st of [2, 2, 3, 3]) createUnit(s, 'germany', 'air', st, 'maginot');
    const mk = (k: string, type: Unit['type'], st: number, where: string) => { us[k] = createUnit(s, 'usa', type, st, where).id; };
    mk('inf3', 'inf', 3, 'england'); mk('inf4', 'inf', 4, 'england'); mk('arm5', 'arm', 5, 'england');
    mk('airA', 'air', 3, 'england'); mk('airB', 'air', 3, 'england');
    mk('c1', 'conv', 1, 'sea-of-britain'); mk('c2', 'conv', 1, 'sea-of-britain'); mk('c3', 'conv', 1, 'sea-of-britain');
    mk('tf3', 'tf', 3, 'sea-of-britain'); mk('tf5', 'tf', 5, 'sea-of-britain');
  });
  const allies = ['usa', 'be', 'ussr', 'china'] as const;
  for (const m of allies) p.act(m, { type: 'end' }); // rail
  for (const m of allies) p.act(m, { type: 'end' }); // rebasing
  return { p, us };
}

describe('BKG invasion example (advanced 6.5.4)', () => {
  it('the US invasion of Western France fails after two rounds, as printed', () => {
    const { p, us } = setUp();
    // The three convoys take the land units aboard and sail with both TFs to the Bay of Biscay; the land units land
    // in Western France; the TFs and the two Air 3 from England support the invasion.
    p.act('usa', { type: 'load', unit: us.inf3!, convoy: us.c1! });
    p.act('usa', { type: 'load', unit: us.inf4!, convoy: us.c2! });
    p.act('usa', { type: 'load', unit: us.arm5!, convoy: us.c3! });
    p.act('usa', { type: 'move', units: [us.c1!, us.c2!, us.c3!, us.tf3!, us.tf5!], to: 'bay-of-biscay' });
    for (const k of ['inf3', 'inf4', 'arm5']) p.act('usa', { type: 'unload', unit: us[k]!, to: 'western-france' });
    p.act('usa', { type: 'support', unit: us.tf3!, to: 'western-france' });
    p.act('usa', { type: 'support', unit: us.tf5!, to: 'western-france' });
    p.act('usa', { type: 'move', units: [us.airA!, us.airB!], to: 'western-france' });
    expect(p.s.battles).toEqual([{ place: 'western-france', attacker: 'allies', invasion: true }]);
    for (const m of ['usa', 'be', 'ussr', 'china'] as const) p.act(m, { type: 'end' });

    // Axis reaction: the Inf 2 in Paris moves in without an HQ (the invasion reaction), the four aircraft in Maginot
    // support the defence, and Germany plays Fortress Europe.
    expect(p.waiting()).toEqual(['germany:react']);
    p.act('germany', { type: 'invasion-react', units: p.ids('germany', 'paris', 'Inf 2'), to: 'western-france' });
    for (const a of [...p.ids('germany', 'maginot', 'Air 3'), ...p.ids('germany', 'maginot', 'Air 2')]) p.act('germany', { type: 'react', units: [a], to: 'western-france' });
    p.act('germany', { type: 'play', card: 'fortress-europe' });
    expect(p.s.cards.inEffect).toContain('fortress-europe');
    p.act('germany', { type: 'end' });

    // Combat: Germany keeps Surprise for later; both sides place their units (aircraft and TFs in the air/sea
    // segment, land units in the land segment). Coastal defence 6: a hit on a land unit and on its convoy.
    // Round 1, air/sea: US TF 5 rolls 4 (hit), Air 3, Air 3, TF 3 roll 5, 4, 3 (one hit); German Air 3s roll 2, 4
    // (one hit), Air 2s roll 1, 2 (two hits). Land: US Inf 4 (2), Arm 5 (2, twice) roll 2, 3, 5 (one hit), the
    // flipped Inf 3 (1) rolls 2 (no hit); German Inf 2s roll 1, 3 (one hit), Fortress Europe 2, 2 at 3 (two hits).
    p.act('germany', { type: 'pass' });
    p.dice(6, 4, 5, 4, 3, 2, 4, 1, 2, 2, 3, 5, 2, 1, 3, 2, 2);
    p.act('usa', { type: 'assigned' });
    p.act('germany', { type: 'assigned' });
    const n = p.events.length;
    p.act('usa', { type: 'hit', unit: us.inf3! }); // the US takes the coastal hit on the Inf 3
    expect(p.s.units[us.inf3!]!.reduced).toBe(true);
    expect(p.s.units[us.c1!]!.reduced).toBe(true);
    // Hit results: the USA flips both Air 3 and the TF 3, then the Arm 5 and the Inf 4 and eliminates the flipped
    // Inf 3; Germany flips both Air 3 and (no choice: two alike) one Inf 2.
    for (const k of ['airA', 'airB', 'tf3', 'arm5', 'inf4', 'inf3']) p.act('usa', { type: 'hit', unit: us[k]! });
    for (const a of p.ids('germany', 'western-france', 'Air 3')) p.act('germany', { type: 'hit', unit: a });
    p.diceUsed();
    expect(p.log(n).filter((t) => / at strength \d: (no hit|one hit|\d hits)$/.test(t))).toEqual([
      'USA (air/sea): 4 at strength 5: one hit',
      'USA (air/sea): 5, 4, 3 at strength 3: one hit',
      'Germany (air/sea): 2, 4 at strength 3: one hit',
      'Germany (air/sea): 1, 2 at strength 2: 2 hits',
      'USA (land): 2, 3, 5 at strength 2: one hit',
      'USA (land): 2 at strength 1: no hit',
      'Germany (land): 1, 3 at strength 2: one hit',
      'Fortress Europe: 2, 2 at strength 3: 2 hits',
    ]);
    expect(p.describe('western-france').split(', ').sort()).toEqual([
      'germany Air 2', 'germany Air 2', 'germany Air 2 (B)', 'germany Air 2 (B)', 'germany Inf 1 (B)', 'germany Inf 2',
      'usa Air 2 (B)', 'usa Air 2 (B)', 'usa Arm 3 (B)', 'usa Inf 2 (B)', 'usa TF 2 (B)', 'usa TF 5',
    ]);

    // The US withdraws its ships and aircraft (the land units cannot retreat from an invasion) and the aircraft fly
    // back to England; Germany fights on, its aircraft now in the land segment.
    expect(prompts(bkg, p.s)[0]!.choices!.map((c) => c.action.type)).toEqual(['continue', 'withdraw']);
    p.act('usa', { type: 'withdraw' });
    p.act('usa', { type: 'land', units: [us.airA!, us.airB!], to: 'england' });
    p.act('germany', { type: 'continue' });
    // Round 2: the US land units roll 1, 3, 4 at 1 (one hit); Germany's Inf 2 and four aircraft at 2 roll 1, 1: two
    // hits, every US step, so no more dice are rolled. Both US land units are eliminated; Germany flips its Inf 2.
    p.dice(1, 3, 4, 1, 1);
    p.act('usa', { type: 'assigned' });
    p.diceUsed();
    p.act('germany', { type: 'hit', unit: p.unit('germany', 'western-france', 'Inf 2') });
    p.act('germany', { type: 'land', units: p.ids('germany', 'western-france').filter((id) => p.s.units[id]!.type === 'air'), to: 'maginot' });
    expect(p.s.control['western-france']).toBe('germany');
    expect(p.describe('western-france').split(', ').sort()).toEqual(['germany Inf 1 (B)', 'germany Inf 1 (B)']);
    expect(Object.values(p.s.units).filter((u) => u.power === 'usa' && (u.where === 'western-france' || u.aboard))).toEqual([]);
    expect(p.describe('bay-of-biscay').split(', ').sort()).toEqual(['usa Conv 0 (B)', 'usa Conv 1', 'usa Conv 1', 'usa TF 2 (B)', 'usa TF 5']);
    expect(p.describe('england').split(', ').sort()).toEqual(['usa Air 2 (B)', 'usa Air 2 (B)']);
  });

  it('the special reactions to an invasion: land units from next door without an HQ, ships within 3 sea zones', () => {
    const { p, us } = setUp();
    // A German TF 3 in the North Sea: Bay of Biscay is 3 sea zones away counting the invasion zone (North Sea -
    // Channel - Bay of Biscay is 2).
    let tf = '';
    p.edit((s) => { tf = createUnit(s, 'germany', 'tf', 3, 'north-sea').id; });
    p.act('usa', { type: 'load', unit: us.inf3!, convoy: us.c1! });
    p.act('usa', { type: 'move', units: [us.c1!], to: 'bay-of-biscay' });
    p.act('usa', { type: 'unload', unit: us.inf3!, to: 'western-france' });
    for (const m of ['usa', 'be', 'ussr', 'china'] as const) p.act(m, { type: 'end' });
    const prompt = prompts(bkg, p.s).find((x) => x.seat === 'germany')!;
    expect(prompt.groups!.map((g) => g.key)).toEqual(expect.arrayContaining(['paris', 'north-sea', 'maginot']));
    p.act('germany', { type: 'naval-react', units: [tf], to: 'bay-of-biscay' });
    expect(p.s.units[tf]!.where).toBe('bay-of-biscay');
    expect(p.s.battles.map((b) => b.place).sort()).toEqual(['bay-of-biscay', 'western-france']);
    // Maginot's units are not next to Western France: no invasion reaction from there (the Air may still react).
    expect(() => p.act('germany', { type: 'invasion-react', units: p.ids('germany', 'maginot', 'Air 2').slice(0, 1), to: 'western-france' })).toThrow();
  });
});
