// The Advanced Game Tutorial (turn 2/41 of the 1941 scenario) played move by move with every die forced as printed
// (rulebook L4543-6015): the Axis action segment, from the peace roll to the Coup in Iraq after its last combats,
// and the Allied action segment.
// The seed is one whose set-up peace roll is the tutorial's 10; every later die is forced. Deviations from the
// printed text are rulings (docs/rulings/bkg.md 53-70).
import { describe, expect, it } from 'vitest';
import { choicesIn, prompts } from '../../engine/index.ts';
import { bkg } from './index.ts';
import type { Major } from './powers.ts';
import { Play } from './testing.ts';
import { unitLabel } from './state.ts';

/** The whole stack `seat` may move from `from` to `to` (the largest move choice there). */
function all(p: Play, seat: Major, from: string, to: string): string[] {
  const moves = choicesIn(bkg, p.s, seat, from).map((c) => c.action).filter((a) => a.type === 'move' && a.to === to);
  return (moves.map((a) => a.units as string[]).sort((a, b) => b.length - a.length)[0] ?? []);
}

/** 2/41 up to the Axis movement: peace roll, reinforcements, initiative with Italy's card, weather, JP/CH limits,
 *  rail and rebasing. */
function turnStart(): Play {
  const p = new Play({}, 'advanced-1941', 'tutorial-2-41-6');
  expect(p.log()).toContain('The USSR-Japan peace continues (10 + 1 = 11, less than 12)');
  // 5.2 reinforcements as the tutorial places them.
  const place = (seat: Major, label: string, to: string) => p.act(seat, { type: 'place', unit: p.unit(seat, 'box', label), to });
  place('usa', 'Conv 1', 'american-west-coast');
  place('be', 'Inf 2 (C)', 'canada-east');
  place('be', 'Inf 3', 'england');
  place('be', 'Air 2', 'england');
  place('be', 'TF 2', 'scandinavian-sea');
  place('china', 'Inf 2', 'wuhan');
  place('germany', 'Inf 3', 'prussia');
  place('italy', 'Inf 2', 'northern-italy');
  place('italy', 'Conv 1', 'adria');
  place('japan', 'Inf 2', 'southern-japan');
  // 5.3-5.5: Axis 2, Allies 4 (Allied initiative, then Italy's card); weather 1 (Europe good, Pacific bad); JP/CH 2.
  p.dice(2, 4, 1, 2);
  place('japan', 'Air 3', 'southern-japan');
  expect(p.s.initiative).toBeNull();
  expect(p.waiting()).toEqual(['italy:card']);
  p.act('italy', { type: 'play', card: 'initiative' });
  p.diceUsed();
  expect(p.s.initiative).toBe('axis');
  expect(p.s.cards.deck.at(-1)).toBe('initiative');
  expect(p.s.weather).toEqual({ europe: 'good', pacific: 'bad' });
  expect(p.s.jpch.limit).toBe(3);
  expect(p.log()).toContain('First supply check: every unit is in supply');
  // 6.2 rail: Germany 2, Italy 1, Japan 1.
  p.act('germany', { type: 'rail', unit: p.unit('germany', 'paris', 'Inf 4'), to: 'romania' });
  p.act('germany', { type: 'rail', unit: p.unit('germany', 'prussia', 'Inf 3'), to: 'western-poland' });
  p.act('italy', { type: 'rail', unit: p.unit('italy', 'southern-italy', 'Inf 3'), to: 'northern-italy' });
  p.act('japan', { type: 'rail', unit: p.unit('japan', 'manchuria', 'Inf 4'), to: 'peking' });
  // 6.3 rebasing.
  p.act('germany', { type: 'rebase', unit: p.unit('germany', 'western-germany', 'Air 3'), to: 'western-poland' });
  p.act('germany', { type: 'rebase', unit: p.unit('germany', 'austria', 'Air 3'), to: 'romania' });
  p.act('germany', { type: 'end' });
  p.act('italy', { type: 'end' });
  p.act('japan', { type: 'rebase', unit: p.unit('japan', 'southern-japan', 'Air 2'), to: 'shanghai' });
  p.act('japan', { type: 'rebase', unit: p.unit('japan', 'southern-japan', 'Air 3'), to: 'shanghai' });
  p.act('japan', { type: 'rebase', unit: p.unit('japan', 'formosa', 'Air 2'), to: 'shanghai' });
  p.act('japan', { type: 'end' });
  expect(p.waiting()).toEqual(['germany:move', 'italy:move', 'japan:move']);
  return p;
}

/** One unit after another with this rulebook label ("Inf 3", "HQ Guderian"), as a player picks them from a stack. */
function send(p: Play, seat: Major, from: string, to: string, ...labels: string[]): void {
  for (const l of labels) {
    const a = choicesIn(bkg, p.s, seat, from).map((c) => c.action)
      .find((x) => x.type === 'move' && x.to === to && (x.units as string[]).length === 1 && unitLabel(p.s.units[(x.units as string[])[0]!]!) === l);
    if (!a) throw new Error(`no move of ${l} from ${from} to ${to}`);
    p.act(seat, a);
  }
}

/** 6.4: the Axis moves (naval, then land; the Blitzkrieg card), the Allied reactions, up to the first combat. */
function movement(p: Play): void {
  // 6.4.3 naval movement; Japan's Inf 3 sails from Southern Japan to Peking.
  p.act('germany', { type: 'move', units: all(p, 'germany', 'skagerrak', 'finnish-sea'), to: 'finnish-sea' });
  p.act('italy', { type: 'move', units: all(p, 'italy', 'ionian-sea', 'levantine-sea'), to: 'levantine-sea' });
  p.act('italy', { type: 'move', units: all(p, 'italy', 'adria', 'aegean-sea'), to: 'aegean-sea' });
  p.act('italy', { type: 'move', units: all(p, 'italy', 'tyrrhenian-sea', 'ligurian-sea'), to: 'ligurian-sea' });
  const jInf3 = p.unit('japan', 'southern-japan', 'Inf 3');
  const jConv = p.unit('japan', 'chinese-sea', 'Conv 1');
  p.act('japan', { type: 'load', unit: jInf3, convoy: jConv });
  p.act('japan', { type: 'move', units: [jConv], to: 'northern-chinese-sea' });
  p.act('japan', { type: 'unload', unit: jInf3, to: 'peking' });
  // 6.4.4 land movement.
  p.act('germany', { type: 'move', units: all(p, 'germany', 'tripolitania', 'cyreneica'), to: 'cyreneica' });
  p.act('italy', { type: 'move', units: all(p, 'italy', 'tripolitania', 'cyreneica'), to: 'cyreneica' });
  p.act('italy', { type: 'move', units: all(p, 'italy', 'albania', 'yugoslavia'), to: 'yugoslavia' });
  p.act('germany', { type: 'move', units: all(p, 'germany', 'bulgaria', 'yugoslavia'), to: 'yugoslavia' });
  send(p, 'italy', 'northern-italy', 'yugoslavia', 'Inf 3', 'Inf 2', 'Inf 2', 'Air 2');
  send(p, 'germany', 'austria', 'yugoslavia', 'Inf 4');
  send(p, 'germany', 'hungary', 'yugoslavia', 'Inf 3');
  expect(p.describe('northern-italy')).toBe('italy Inf 3');
  // Finland attacks Karelia: Germany's declaration of war on the USSR (USSR 34, USA 13; the USSR's delivery to
  // Germany ends: ruling 53).
  const n = p.events.length;
  p.act('germany', { type: 'move', units: all(p, 'germany', 'finland', 'karelia'), to: 'karelia' });
  send(p, 'germany', 'finland', 'karelia', 'Air 2');
  expect(p.log(n)).toEqual([
    'Germany declares war on USSR',
    'US production +1 (Germany declares war on the USSR): 13',
    'The USSR is at war with Germany (production 34 BP)',
    'Delivery agreement USSR to Germany ends: Germany -3',
  ]);
  expect([p.s.production.ussr, p.s.production.usa, p.s.production.germany]).toEqual([34, 13, 20]);
  // Western Poland: Baltic, East Poland, Lwow (the tutorial's "Arm 4" to Lwow is the second Arm 5: ruling 54).
  send(p, 'germany', 'western-poland', 'baltic', 'Inf 4', 'Inf 4', 'Inf 3', 'Arm 5', 'Air 3', 'HQ Guderian');
  send(p, 'germany', 'western-poland', 'eastern-poland', 'Inf 3', 'Inf 3', 'Arm 4', 'Air 4', 'Air 3');
  send(p, 'germany', 'western-poland', 'lwow', 'Inf 3', 'Arm 5', 'Air 4');
  p.act('germany', { type: 'move', units: all(p, 'germany', 'hungary', 'lwow'), to: 'lwow' });
  p.act('germany', { type: 'move', units: all(p, 'germany', 'romania', 'odessa'), to: 'odessa' });
  // Japan: three land units (the JP/CH limit) and all aircraft of Shanghai and Peking to Pakoe; the Inf 3 just
  // unloaded in Peking has no movement left.
  expect(() => send(p, 'japan', 'peking', 'pakoe', 'Inf 3')).toThrow('no move of Inf 3');
  send(p, 'japan', 'peking', 'pakoe', 'Inf 4', 'Inf 4', 'Inf 2');
  for (const from of ['shanghai', 'peking']) p.act('japan', { type: 'move', units: all(p, 'japan', from, 'pakoe').filter((id) => p.s.units[id]!.type === 'air'), to: 'pakoe' });
  // 6.4.6: Germany plays Blitzkrieg; no aircraft or reserves react where Germans attack. China sends the Inf 3 and
  // Inf 4 of Sian to Pakoe through HQ Chiang; the Soviet TF 2 in the Black Sea supports Odessa.
  p.act('germany', { type: 'play', card: 'blitzkrieg' });
  for (const m of ['germany', 'italy', 'japan'] as const) p.act(m, { type: 'end' });
  expect(choicesIn(bkg, p.s, 'ussr', 'white-russia')).toEqual([]);
  expect(choicesIn(bkg, p.s, 'ussr', 'black-sea').map((c) => c.action)).toEqual([{ type: 'support', unit: p.unit('ussr', 'black-sea', 'TF 2'), to: 'odessa' }]);
  p.act('china', { type: 'reserve', units: [p.unit('china', 'sian', 'Inf 3'), p.unit('china', 'sian', 'Inf 4')], to: 'pakoe' });
  p.act('ussr', { type: 'support', unit: p.unit('ussr', 'black-sea', 'TF 2'), to: 'odessa' });
  // 6.4.3 D: the searches come first in the combat phase (Search Table reconstructed, docs/data/bkg.md). The Finnish
  // Sea: Germany rolls 4 and finds the Soviet ships (its TF 3 needs 8 or less in good weather) and fights. The
  // Levantine Sea: Italy rolls 9 (8 or less), then the BE 11 (10 or less with Radar): nobody is found.
  p.dice(1, 3, 4, 5);
  for (const m of ['be', 'ussr'] as const) p.act(m, { type: 'end' });
  const m = p.events.length;
  p.act('china', { type: 'end' });
  p.act('germany', { type: 'fight' });
  p.dice(5, 6);
  p.act('be', { type: 'search' });
  p.diceUsed();
  expect(p.log(m).filter((t) => t.includes('search roll'))).toEqual([
    'Axis search roll 4: found', 'Axis search roll 9: not found', 'Allied search roll 11: not found',
  ]);
  expect(p.waiting()).toEqual(['germany:choose-combat']);
}

/** Starts the combat at `place` with `dice` queued: no card played (Germany keeps Surprise), every side places its
 *  units as the engine proposes (6.5.3) unless `placeUnits` says otherwise. Returns the log position. */
function fight(p: Play, place: string, dice: number[], placeUnits?: (p: Play) => void): number {
  const n = p.events.length;
  p.dice(...dice);
  if (p.waiting()[0]?.endsWith(':choose-combat')) p.act(p.waiting()[0]!.split(':')[0] as Major, { type: 'fight', place });
  placeAll(p, placeUnits);
  return n;
}

/** The next round (6.2.2) with `dice` queued. Returns the log position. */
function round(p: Play, dice: number[], placeUnits?: (p: Play) => void): number {
  const n = p.events.length;
  p.dice(...dice);
  placeAll(p, placeUnits);
  return n;
}

function placeAll(p: Play, placeUnits?: (p: Play) => void): void {
  for (;;) {
    const x = prompts(bkg, p.s)[0];
    if (x?.kind === 'card' && x.text.includes('begins')) p.act(x.seat as Major, { type: 'pass' });
    else if (x?.kind === 'assign') {
      placeUnits?.(p);
      placeUnits = undefined;
      p.act(x.seat as Major, { type: 'assigned' });
    } else break;
  }
}

/** The side placing now puts every aircraft it may into the air/sea segment. */
function allAir(p: Play): void {
  for (;;) {
    const x = prompts(bkg, p.s)[0]!;
    const a = x.choices!.find((c) => c.action.type === 'assign' && c.action.as === 'air');
    if (!a) return;
    p.act(x.seat as Major, a.action);
  }
}

/** The rolls of a combat as the rulebook lists them ("Finland (land): 5 at strength 3: no hit"). */
function rolls(p: Play, from: number): string[] {
  return p.log(from).filter((t) => / at strength -?\d: (no hit|one hit|\d+ hits)$/.test(t));
}

/** The aircraft at `from` that `seat` flies return to `to` after a combat (6.2.5). */
function land(p: Play, seat: Major, from: string, to: string, type: 'land' | 'land-air' = 'land'): void {
  const air = p.at(from).filter((u) => u.type === 'air' && (u.power === seat || p.s.controller[u.power] === seat)).map((u) => u.id).sort();
  p.act(seat, { type, units: air, to });
}

/** `seat` takes its hits on units with these labels ("Inf 2", or "italy Inf 2" to name the power), one after another
 *  (6.2.2). */
function hits(p: Play, seat: Major, ...labels: string[]): void {
  for (const l of labels) {
    const a = prompts(bkg, p.s).find((x) => x.seat === seat)?.choices?.map((c) => c.action)
      .find((x) => { const u = p.s.units[x.unit as string]; return x.type === 'hit' && !!u && (unitLabel(u) === l || `${u.power} ${unitLabel(u)}` === l); });
    if (!a) throw new Error(`${seat} cannot take a hit on ${l} now (${p.waiting().join(', ')})`);
    p.act(seat, a);
  }
}

/** Karelia (forest: the Finnish aircraft at -1): one round, the USSR retreats to Leningrad. */
function karelia(p: Play): void {
  const n = fight(p, 'karelia', [5, 2, 4, 5, 3]);
  expect(rolls(p, n)).toEqual([
    'Finland (land): 5 at strength 3: no hit',
    'Finland (land): 2 at strength 2: one hit',
    'Finland (land): 4 at strength 1: no hit',
    'USSR (land): 5, 3 at strength 2: no hit',
  ]);
  expect(p.log(n)).toContain('USSR Inf 2 flipped to Inf 1 (B)');
  // 6.5.1: each die hits on its own; the roll says so, and no sum is shown.
  expect(p.events.slice(n).find((e) => e.roll?.count === 2)).toMatchObject({ text: 'USSR (land): 2 dice at strength 2: rolled 5, 3', roll: { each: true } });
  p.act('germany', { type: 'continue' });
  p.act('ussr', { type: 'retreat' });
  p.act('ussr', { type: 'retreat-to', units: p.ids('ussr', 'karelia'), to: 'leningrad' });
  land(p, 'germany', 'karelia', 'finland');
}

/** Baltic (across a river: German land units -1): one round, the USSR retreats to Leningrad. */
function baltic(p: Play): void {
  const n = fight(p, 'baltic', [6, 4, 5, 4, 1, 5, 1, 2, 5, 6]);
  expect(rolls(p, n)).toEqual([
    'Germany (land): 6, 4 at strength 4: one hit',
    'Germany (land): 5, 4, 1 at strength 3: one hit',
    'Germany (land): 5 at strength 2: no hit',
    'USSR (land): 1, 2, 5, 6 at strength 2: 2 hits',
  ]);
  hits(p, 'germany', 'Inf 3', 'Inf 4');
  hits(p, 'ussr', 'Inf 2', 'Inf 2');
  expect(p.describe('baltic').split(', ').sort()).toEqual([
    'germany Air 3', 'germany Arm 5', 'germany HQ Guderian', 'germany Inf 2 (B)', 'germany Inf 2 (B)', 'germany Inf 4',
    'ussr Arm 2', 'ussr Inf 1 (B)', 'ussr Inf 1 (B)',
  ]);
  p.act('germany', { type: 'continue' });
  p.act('ussr', { type: 'retreat' });
  p.act('ussr', { type: 'retreat-to', units: p.ids('ussr', 'baltic'), to: 'leningrad' });
  land(p, 'germany', 'baltic', 'baltic');
  expect(p.s.control.baltic).toBe('germany');
  expect([p.s.production.ussr, p.s.production.germany]).toEqual([33, 22]); // the Baltic's "D": only Germany gains
}

/** The Finnish Sea: Germany's search finds the Soviet ships (4); the sub fires first. */
function finnishSea(p: Play): void {
  // The convoys' second die (printed 3) is not rolled: the first two hits cover every Soviet step (6.2.2).
  const n = fight(p, 'finnish-sea', [2, 2, 1, 2]);
  hits(p, 'ussr', 'Conv 1'); // a sub's hit takes effect at once: the Soviet convoy is flipped to 0 and cannot fire
  expect(rolls(p, n)).toEqual([
    'Germany (subs): 2 at strength 2: one hit',
    'Germany: 2 at strength 3: one hit',
    'Germany: 1 at strength 1: one hit',
    'USSR: 2 at strength 2: one hit',
  ]);
  hits(p, 'germany', 'Conv 1');
  expect(p.describe('finnish-sea').split(', ').sort()).toEqual(['germany Conv 0 (B)', 'germany Conv 1', 'germany Sub 2', 'germany TF 3']);
}

/** East Poland (river): two rounds; Germany loses both Inf 3 and retreats to Western Poland. */
function eastPoland(p: Play): void {
  // The tutorial prints "3 rolls strength 2" for the two German Inf 3 (-1 for the river) and lists two dice.
  let n = fight(p, 'eastern-poland', [6, 5, 1, 4, 6, 5, 1, 1, 4, 6]);
  expect(rolls(p, n)).toEqual([
    'Germany (land): 6 at strength 4: no hit',
    'Germany (land): 5, 1, 4 at strength 3: one hit',
    'Germany (land): 6, 5 at strength 2: no hit',
    'USSR (land): 1, 1, 4, 6 at strength 2: 2 hits',
  ]);
  hits(p, 'germany', 'Inf 3', 'Inf 3');
  hits(p, 'ussr', 'Inf 2');
  p.act('germany', { type: 'continue' });
  p.act('ussr', { type: 'continue' });
  n = round(p, [6, 4, 4, 5, 2, 2, 1, 1, 5, 2]);
  expect(rolls(p, n)).toEqual([
    'Germany (land): 6 at strength 4: no hit',
    'Germany (land): 4, 4, 5 at strength 3: no hit',
    'Germany (land): 2, 2 at strength 1: no hit',
    'USSR (land): 1, 1, 5 at strength 2: 2 hits',
    'USSR (land): 2 at strength 1: no hit',
  ]);
  hits(p, 'germany', 'Inf 2 (B)', 'Inf 2 (B)');
  p.act('germany', { type: 'retreat' });
  p.act('germany', { type: 'retreat-to', units: p.ids('germany', 'eastern-poland', 'Arm 4'), to: 'western-poland' });
  land(p, 'germany', 'eastern-poland', 'western-poland');
  expect(p.describe('eastern-poland').split(', ').sort()).toEqual(['ussr Arm 2', 'ussr Inf 1 (B)', 'ussr Inf 2']);
  expect(p.s.control['eastern-poland']).toBe('ussr');
}

/** Lwow (river; the Hungarian infantry also across a mountain border, at 0): two rounds, the USSR's armor retreats
 *  to Kiev (Romania is Axis). */
function lwow(p: Play): void {
  let n = fight(p, 'lwow', [6, 4, 3, 4, 6, 4, 4, 3, 2]);
  expect(rolls(p, n)).toEqual([
    'Germany and Hungary (land): 6, 4, 3 at strength 4: 2 hits',
    'Germany and Hungary (land): 4 at strength 2: no hit',
    'Germany and Hungary (land): 6 at strength 1: no hit',
    'USSR (land): 4, 4, 3, 2 at strength 2: one hit',
  ]);
  hits(p, 'germany', 'Inf 2');
  hits(p, 'ussr', 'Inf 2', 'Inf 2');
  p.act('germany', { type: 'continue' });
  p.act('ussr', { type: 'continue' });
  n = round(p, [6, 3, 2, 2, 3, 1, 2, 5, 2]);
  expect(rolls(p, n)).toEqual([
    'Germany and Hungary (land): 6, 3, 2 at strength 4: 2 hits',
    'Germany and Hungary (land): 2 at strength 2: one hit',
    'Germany and Hungary (land): 3 at strength 1: no hit',
    'USSR (land): 1, 2 at strength 2: 2 hits',
    'USSR (land): 5, 2 at strength 1: no hit',
  ]);
  // The Hungarian aircraft cannot take a hit for the German infantry: land fire hits land units (ruling 55).
  expect(prompts(bkg, p.s)[0]!.choices!.map((c) => unitLabel(p.s.units[c.action.unit as string]!)).sort()).toEqual(['Arm 5', 'Inf 1 (B)', 'Inf 3']);
  hits(p, 'germany', 'Inf 1 (B)', 'Inf 3');
  hits(p, 'ussr', 'Inf 1 (B)', 'Inf 1 (B)'); // the third hit can only flip the armor
  expect(p.describe('lwow').split(', ').sort()).toEqual(['germany Air 4', 'germany Arm 5', 'germany Inf 2 (B)', 'hungary Air 1', 'ussr Arm 1 (B)']);
  p.act('germany', { type: 'continue' });
  p.act('ussr', { type: 'retreat' });
  expect(prompts(bkg, p.s)[0]!.choices!.map((c) => c.action.to).sort()).toEqual(['eastern-poland', 'kiev', 'pripiet']); // not Axis Romania
  p.act('ussr', { type: 'retreat-to', units: p.ids('ussr', 'lwow'), to: 'kiev' });
  land(p, 'germany', 'lwow', 'lwow');
  expect(p.s.control.lwow).toBe('germany');
  expect(p.s.production.germany).toBe(22); // Lwow produces nothing
}

/** Odessa: the Soviet TF 2 from the Black Sea fights in the air/sea segment; the Axis puts both aircraft there (the
 *  German one +1 for Air Combat, the Romanian one without: achievements do not pass to associates). Two rounds. */
function odessa(p: Play): void {
  let n = fight(p, 'odessa', [4, 2, 1, 3, 4, 2, 4, 4, 1], allAir);
  // The tutorial prints the Romanian Air 1's die (2, no hit) as "strength 2": ruling 58.
  expect(rolls(p, n)).toEqual([
    'Germany and Romania (air/sea): 4 at strength 4: one hit',
    'Germany and Romania (air/sea): 2 at strength 1: no hit',
    'USSR (air/sea): 1 at strength 2: one hit',
    'Germany and Romania (land): 3 at strength 4: one hit',
    'Germany and Romania (land): 4, 2 at strength 2: one hit',
    'USSR (land): 4, 4, 1 at strength 2: one hit',
  ]);
  hits(p, 'germany', 'Air 1', 'Inf 2');
  hits(p, 'ussr', 'Inf 2', 'Inf 1 (B)');
  expect(p.describe('odessa').split(', ').sort()).toEqual([
    'germany Air 3', 'germany Inf 4', 'romania Inf 1 (B)', 'romania Inf 2', 'ussr Arm 2', 'ussr TF 1 (B)',
  ]);
  p.act('germany', { type: 'continue' });
  p.act('ussr', { type: 'continue' }); // the tutorial calls it the Soviet player's mistake
  // Round 2: the Axis's third land die (printed 4) is not rolled: two hits cover the Arm 2 (ruling 57).
  n = round(p, [4, 2, 4, 2, 6, 1]); // the Air 3 must face the TF in the air/sea segment
  expect(rolls(p, n)).toEqual([
    'Germany and Romania (air/sea): 4 at strength 4: one hit',
    'USSR (air/sea): 2 at strength 1: no hit',
    'Germany and Romania (land): 4 at strength 4: one hit',
    'Germany and Romania (land): 2 at strength 2: one hit',
    'USSR (land): 6, 1 at strength 2: one hit',
  ]);
  hits(p, 'germany', 'Inf 2');
  expect(p.log(n)).toContain('USSR TF 1 (B) eliminated');
  // The tutorial flies the Air 3 "back to Western Poland", three areas away; it flew from Romania (ruling 59).
  expect(prompts(bkg, p.s)[0]!.choices!.map((c) => c.action.to).sort()).toEqual(['bulgaria', 'hungary', 'lwow', 'odessa', 'romania']);
  land(p, 'germany', 'odessa', 'romania');
  expect(p.describe('odessa').split(', ').sort()).toEqual(['germany Inf 4', 'romania Inf 1 (B)', 'romania Inf 1 (B)']);
  expect(p.s.control.odessa).toBe('germany');
}

/** Yugoslavia (mountain: the defenders' infantry +1, the German armor -2, aircraft -1 against land units; the
 *  infantry from Austria and Hungary -1 for the river). Two rounds; Yugoslavia's army is destroyed. */
function yugoslavia(p: Play): void {
  // Six Axis units fire at 2 (four Italian Inf 2, the Bulgarian Inf 2, the German Inf 3 across the river); the
  // tutorial lists five dice there: the sixth is a 6 (ruling 60).
  const n = fight(p, 'yugoslavia', [3, 5, 5, 3, 2, 1, 1, 5, 5, 4, 3, 1, 6, 6, 4, 4, 4, 3, 3], allAir);
  expect(rolls(p, n)).toEqual([
    'Germany and Italy and Bulgaria (air/sea): 3 at strength 3: one hit',
    'Yugoslavia (air/sea): 5 at strength 1: no hit',
    'Germany and Italy and Bulgaria (land): 5, 3, 2, 1, 1 at strength 3: 4 hits',
    'Germany and Italy and Bulgaria (land): 5, 5, 4, 3, 1, 6 at strength 2: one hit',
    'Germany and Italy and Bulgaria (land): 6 at strength 1: no hit',
    'Yugoslavia (land): 4 at strength 4: one hit',
    'Yugoslavia (land): 4, 4, 3, 3 at strength 3: 2 hits',
  ]);
  hits(p, 'germany', 'italy Inf 2', 'italy Inf 2', 'italy Inf 2');
  hits(p, 'be', 'Inf 3', 'Inf 2', 'Inf 2', 'Inf 2', 'Inf 2');
  expect(p.log(n)).toContain('Yugoslavia Air 1 eliminated');
  p.act('germany', { type: 'continue' });
  p.act('be', { type: 'continue' }); // Yugoslavia fights for its life (it could retreat to Greece)
  // Round 2: the Axis aircraft fight in the land segment (-1 in the mountains, no Air Combat bonus there). Five 2s
  // at strength 3 hit every Yugoslav step: no more Axis dice.
  const m = round(p, [2, 2, 2, 2, 2, 5, 2, 2, 4, 5]);
  expect(rolls(p, m)).toEqual([
    'Germany and Italy and Bulgaria (land): 2, 2, 2, 2, 2 at strength 3: 5 hits',
    'Yugoslavia (land): 5 at strength 3: no hit',
    'Yugoslavia (land): 2, 2, 4, 5 at strength 2: 2 hits',
  ]);
  // The tutorial names one loss ("the B Inf") for the two hits: two Italian Inf 1 (B) are eliminated (ruling 60).
  hits(p, 'germany', 'italy Inf 1 (B)', 'italy Inf 1 (B)');
  // German and Italian land units conquered Yugoslavia: the Axis designates Germany (ruling 63).
  expect(prompts(bkg, p.s)[0]!.choices!.map((c) => c.action.power)).toEqual(['germany', 'italy']);
  p.act('germany', { type: 'designate', power: 'germany' });
  expect(p.log(m)).toContain('Germany now controls Yugoslavia (production: British Empire -2, Germany +1)');
  expect([p.s.production.be, p.s.production.germany]).toEqual([22, 23]); // the tutorial's 22 and 26 (ruling 53)
  land(p, 'germany', 'yugoslavia', 'yugoslavia');
  land(p, 'italy', 'yugoslavia', 'yugoslavia');
  expect(p.at('yugoslavia').every((u) => u.power !== 'yugoslavia')).toBe(true);
}

/** Cyreneica: one round, the BE retreats to Matruh. */
function cyreneica(p: Play): void {
  // The Italian Arm 1 (B) fires twice at 1; the tutorial lists one die (3): the second is a 6 (ruling 61).
  const n = fight(p, 'cyreneica', [6, 5, 5, 4, 2, 3, 6, 4, 3, 1]);
  expect(rolls(p, n)).toEqual([
    'Germany and Italy (land): 6, 5 at strength 2: no hit',
    'Germany and Italy (land): 5, 4 at strength 2: no hit',
    'Germany and Italy (land): 2 at strength 2: one hit',
    'Germany and Italy (land): 3 at strength 1: no hit',
    'Germany and Italy (land): 6 at strength 1: no hit',
    'British Empire (land): 4, 3, 1 at strength 2: one hit',
  ]);
  hits(p, 'germany', 'italy Inf 2');
  hits(p, 'be', 'Inf 2 (B)');
  p.act('germany', { type: 'continue' });
  p.act('be', { type: 'retreat' });
  p.act('be', { type: 'retreat-to', units: p.ids('be', 'cyreneica'), to: 'matruh' });
  land(p, 'germany', 'cyreneica', 'cyreneica');
  land(p, 'italy', 'cyreneica', 'cyreneica');
  expect(p.s.control.cyreneica).toBe('italy');
}

/** Pakoe (mountain, bad weather in the Pacific): the Japanese aircraft at -2, the infantry at -1, China's infantry
 *  +1. One round; China retreats to Sian. */
function pakoe(p: Play): void {
  // Three Japanese units fire at 1 (the Inf 2 and both Air 3; the Air 2 are at 0): the tutorial's fourth die there
  // (3) is not rolled; China's die printed "B" at strength 5 is read as a 3 (ruling 61).
  const n = fight(p, 'pakoe', [5, 1, 6, 6, 4, 3, 5, 4, 3]);
  expect(rolls(p, n)).toEqual([
    'Japan (land): 5, 1 at strength 3: one hit',
    'Japan (land): 6, 6, 4 at strength 1: no hit',
    'China (land): 3 at strength 5: one hit',
    'China (land): 5 at strength 4: no hit',
    'China (land): 4, 3 at strength 3: one hit',
  ]);
  hits(p, 'japan', 'Inf 2', 'Inf 4');
  hits(p, 'china', 'Inf 2');
  p.act('japan', { type: 'continue' });
  p.act('china', { type: 'retreat' });
  p.act('china', { type: 'retreat-to', units: p.ids('china', 'pakoe'), to: 'sian' });
  land(p, 'japan', 'pakoe', 'pakoe');
  expect(p.s.control.pakoe).toBe('japan');
  // 6.6: the second supply check; then the exploitation phase.
  expect(p.log(n).at(-1)).toBe('Second supply check: every unit is in supply');
  expect(p.waiting()).toEqual(['germany:move', 'italy:move', 'japan:move']);
}

/** 6.7 exploitation: Manstein to Greece (he commands five infantry, Italian ones included), Rommel to Matruh,
 *  Guderian to Leningrad, the Arm 4 through the Baltic to White Russia; aircraft support those attacks. */
function exploitation(p: Play): void {
  send(p, 'germany', 'yugoslavia', 'greece', 'Inf 4', 'Inf 3', 'Inf 3', 'Arm 5', 'HQ Manstein');
  send(p, 'italy', 'yugoslavia', 'greece', 'Inf 3', 'Inf 1 (B)');
  send(p, 'germany', 'yugoslavia', 'greece', 'Air 2', 'Air 1');
  send(p, 'italy', 'yugoslavia', 'greece', 'Air 2');
  send(p, 'germany', 'cyreneica', 'matruh', 'Arm 2 (B)', 'HQ Rommel', 'Air 2');
  send(p, 'italy', 'cyreneica', 'matruh', 'Inf 1 (B)', 'Arm 1 (B)', 'Air 2');
  p.act('germany', { type: 'move', units: all(p, 'germany', 'baltic', 'leningrad').filter((id) => p.s.units[id]!.type !== 'air'), to: 'leningrad' });
  send(p, 'germany', 'baltic', 'leningrad', 'Air 3');
  send(p, 'germany', 'finland', 'leningrad', 'Air 2');
  send(p, 'germany', 'western-poland', 'leningrad', 'Air 3', 'Air 4');
  send(p, 'germany', 'western-poland', 'white-russia', 'Arm 4');
  send(p, 'germany', 'lwow', 'white-russia', 'Air 4');
  expect(p.s.battles.map((b) => b.place)).toEqual(['greece', 'matruh', 'leningrad', 'white-russia']);
  // Japan may not exploit: bad weather on the Pacific map (and the JP/CH limit).
  expect(prompts(bkg, p.s).find((x) => x.seat === 'japan')!.groups ?? []).toEqual([]);
  for (const m of ['germany', 'italy', 'japan'] as const) p.act(m, { type: 'end' });
  for (const m of ['be', 'ussr'] as const) p.act(m, { type: 'end' });
}

/** Greece (mountain): Germany plays Surprise, so the Axis hits take effect at once. Two rounds. */
function greece(p: Play): void {
  const n = p.events.length;
  p.act('germany', { type: 'fight', place: 'greece' });
  p.act('germany', { type: 'play', card: 'surprise' });
  p.dice(2, 6, 3, 2, 2, 1, 3, 2, 2, 3, 1);
  placeAll(p);
  hits(p, 'be', 'greece Inf 2', 'greece Inf 1 (B)', 'greece Inf 2', 'greece Inf 1 (B)', 'greece Inf 3');
  hits(p, 'germany', 'italy Inf 3', 'germany Inf 3');
  expect(rolls(p, n)).toEqual([
    'Germany and Italy and Bulgaria (land): 2 at strength 4: one hit',
    'Germany and Italy and Bulgaria (land): 6, 3, 2, 2, 1 at strength 3: 4 hits',
    'Germany and Italy and Bulgaria (land): 3, 2, 2 at strength 1: no hit',
    'British Empire and Greece (land): 3, 1 at strength 3: 2 hits',
  ]);
  p.act('germany', { type: 'continue' });
  p.act('be', { type: 'continue' });
  // Round 2: the Allies are eliminated by the Axis hits before they fire (Surprise); the Axis rolls until its hits
  // cover every Allied step.
  const m = round(p, [4, 6, 5, 4, 5, 2, 3, 1]);
  expect(rolls(p, m)).toEqual([
    'Germany and Italy and Bulgaria (land): 4 at strength 4: one hit',
    'Germany and Italy and Bulgaria (land): 6, 5 at strength 3: no hit',
    'Germany and Italy and Bulgaria (land): 4 at strength 3: no hit',
    'Germany and Italy and Bulgaria (land): 5, 2 at strength 2: one hit',
    'Germany and Italy and Bulgaria (land): 3 at strength 1: no hit',
    'Germany and Italy and Bulgaria (land): 1 at strength 1: one hit',
  ]);
  expect(p.at('greece').filter((u) => u.power === 'be' || u.power === 'greece')).toEqual([]);
  p.act('germany', { type: 'designate', power: 'italy' });
  expect(p.log(m).at(-1)).toBe('Italy now controls Greece (production: British Empire -2, Italy +1)');
  expect([p.s.production.be, p.s.production.italy]).toEqual([20, 6]);
  land(p, 'germany', 'greece', 'greece');
  land(p, 'italy', 'greece', 'greece');
}

/** Matruh: both sides' aircraft in the air/sea segment (German and British +1 for Air Combat); the BE keeps only
 *  its aircraft and must leave. */
function matruh(p: Play): void {
  const n = fight(p, 'matruh', [3, 4, 4, 3, 3, 6, 6, 1, 1, 2], allAir);
  expect(rolls(p, n)).toEqual([
    'Germany and Italy (air/sea): 3 at strength 3: one hit',
    'Germany and Italy (air/sea): 4 at strength 2: no hit',
    'British Empire (air/sea): 4 at strength 3: no hit',
    'Germany and Italy (land): 3 at strength 2: no hit',
    'Germany and Italy (land): 3 at strength 2: no hit',
    'Germany and Italy (land): 6 at strength 1: no hit',
    'Germany and Italy (land): 6 at strength 1: no hit',
    'Germany and Italy (land): 1 at strength 1: one hit',
    'British Empire (land): 1, 2 at strength 2: 2 hits',
  ]);
  hits(p, 'germany', 'italy Inf 1 (B)', 'italy Arm 1 (B)');
  expect(p.log(n)).toContain('British Empire Arm 2 (B) eliminated');
  p.act('be', { type: 'land', units: p.ids('be', 'matruh'), to: 'alexandria' });
  land(p, 'germany', 'matruh', 'matruh');
  land(p, 'italy', 'matruh', 'matruh');
  expect(p.s.control.matruh).toBe('germany');
}

/** White Russia: only the Soviet Air 1 defends; the German Air 4 (5 with Air Combat) fights it in the air/sea
 *  segment and the Arm 4 fires there as anti-aircraft (1, twice). */
function whiteRussia(p: Play): void {
  const aaArmor = (q: Play) => {
    allAir(q);
    q.act('germany', { type: 'assign', unit: q.unit('germany', 'white-russia', 'Arm 4'), as: 'aa' });
  };
  const n = fight(p, 'white-russia', [6, 5, 1, 2], aaArmor);
  expect(rolls(p, n)).toEqual([
    'Germany (air/sea): 6 at strength 5: no hit',
    'Germany (anti-aircraft): 5 at strength 1: no hit',
    'Germany (anti-aircraft): 1 at strength 1: one hit',
    'USSR (air/sea): 2 at strength 1: no hit',
  ]);
  expect(p.log(n).slice(-2)).toEqual(['USSR Air 1 eliminated', 'Germany now controls White Russia (production: USSR -1, Germany +1)']);
  expect([p.s.production.ussr, p.s.production.germany]).toEqual([32, 24]); // the tutorial's 32 and 27
  land(p, 'germany', 'white-russia', 'white-russia');
}

/** Leningrad (forest, the river from the Baltic): two rounds; the Axis retreats. */
function leningrad(p: Play): void {
  // Ruling 64: 4, 3, 2, 1 at strength 3 are three hits (the tutorial counts two) and the Axis scores four in all;
  // the Axis units at 2 and 1 differ from the printed lines (the Air 3 from Odessa is in Romania, ruling 59; a
  // flipped Inf 4 is an Inf 2): the printed dice are rolled in their order, the surplus ones not at all.
  let n = fight(p, 'leningrad', [4, 3, 2, 1, 5, 5, 3, 1, 3, 1, 6, 4, 3, 4, 4, 2, 2, 1]);
  expect(rolls(p, n)).toEqual([
    'Germany and Finland (land): 4, 3, 2, 1 at strength 3: 3 hits',
    'Germany and Finland (land): 5, 5 at strength 2: no hit',
    'Germany and Finland (land): 3, 1, 3 at strength 1: one hit',
    'USSR (land): 1 at strength 3: one hit',
    'USSR (land): 6, 4, 3 at strength 2: no hit',
    'USSR (land): 4, 4, 2, 2, 1 at strength 1: one hit',
  ]);
  hits(p, 'germany', 'Inf 2 (B)', 'Inf 4');
  hits(p, 'ussr', 'Inf 2', 'Inf 2', 'Inf 2', 'Inf 1 (B)');
  p.act('germany', { type: 'continue' });
  p.act('ussr', { type: 'continue' });
  // Round 2: seven Soviet dice at 1 (the Arm 2 twice at 1 in the forest and five Inf 1 (B)), as printed.
  n = round(p, [6, 2, 1, 4, 4, 3, 1, 3, 3, 6, 6, 3, 2, 2, 1, 1]);
  expect(rolls(p, n)).toEqual([
    'Germany and Finland (land): 6, 2, 1 at strength 3: 2 hits',
    'Germany and Finland (land): 4, 4 at strength 2: no hit',
    'Germany and Finland (land): 3, 1, 3 at strength 1: one hit',
    'USSR (land): 3 at strength 3: one hit',
    'USSR (land): 6, 6, 3 at strength 1: no hit',
    'USSR (land): 2, 2, 1 at strength 1: one hit',
    'USSR (land): 1 at strength 1: one hit',
  ]);
  // The Axis loses both Inf 2 (B) and, with the third hit, flips the Arm 5 (the tutorial names an "Inf 3" instead
  // and keeps two Arm 5: ruling 64); the USSR loses three Inf 1 (B).
  hits(p, 'germany', 'Inf 2 (B)', 'Inf 2 (B)');
  hits(p, 'ussr', 'Inf 1 (B)', 'Inf 1 (B)', 'Inf 1 (B)');
  p.act('germany', { type: 'retreat' });
  p.act('germany', { type: 'retreat-to', units: [p.unit('germany', 'leningrad', 'Arm 3 (B)'), 'hq-guderian'], to: 'baltic' });
  const [air3a, air3b] = p.ids('germany', 'leningrad', 'Air 3');
  p.act('germany', { type: 'land', units: [p.unit('finland', 'leningrad', 'Air 2')], to: 'finland' });
  p.act('germany', { type: 'land', units: [air3a!], to: 'finland' });
  p.act('germany', { type: 'land', units: [p.unit('germany', 'leningrad', 'Air 4')], to: 'western-poland' });
  p.act('germany', { type: 'land', units: [air3b!], to: 'baltic' });
  expect(p.describe('leningrad').split(', ').sort()).toEqual(['ussr Arm 2', 'ussr Inf 1 (B)', 'ussr Inf 1 (B)', 'ussr Inf 3']);
  // Advanced 7.4: cards may be played after the segment's combats. Germany plays Coup in Iraq and rolls 9 (8-12
  // succeeds): Iraq joins the Axis with its Inf, Germany's production +1 (the tutorial's 28).
  expect(p.waiting()).toEqual(['germany:card', 'japan:card']);
  const c = p.events.length;
  p.dice(4, 5);
  p.act('germany', { type: 'play', card: 'coup-iraq' });
  p.diceUsed();
  expect(p.log(c)).toEqual([
    'Germany plays Coup in Iraq', 'coup in Iraq: rolled 4+5 = 9', 'Coup roll 9: Iraq joins Germany',
    'Iraq enters the war; Germany plays it and receives its 1 BP',
  ]);
  expect([p.describe('iraq'), p.s.controller.iraq, p.s.production.germany]).toEqual(['iraq Inf 3', 'germany', 25]);
  p.act('germany', { type: 'end' });
  p.act('japan', { type: 'end' });
  // The Axis action segment is over: the Allies' rail movement (6.2) begins their segment.
  expect(p.waiting()).toEqual(['usa:move', 'be:move', 'ussr:move', 'china:move']);
  expect(prompts(bkg, p.s)[0]!.text).toContain('rail');
}

/** The Allied segment's rail movement and rebasing: the USSR (now at war, capacity 4) sends four infantry to
 *  Leningrad and its aircraft west; China moves an Inf 1 (B) to the Gobi. */
function alliedRailAndRebase(p: Play): void {
  p.act('china', { type: 'rail', unit: p.unit('china', 'kunming', 'Inf 1 (B)'), to: 'gobi' });
  for (const [from, label] of [['jablonovy', 'Inf 4 (G)'], ['stanovoj', 'Inf 4 (G)'], ['vladivostok', 'Inf 2'], ['trans-caucasus', 'Inf 3']]) {
    p.act('ussr', { type: 'rail', unit: p.unit('ussr', from!, label!), to: 'leningrad' });
  }
  for (const m of ['usa', 'be'] as const) p.act(m, { type: 'end' });
  expect(p.describe('leningrad').split(', ').sort()).toEqual([
    'ussr Arm 2', 'ussr Inf 1 (B)', 'ussr Inf 1 (B)', 'ussr Inf 2', 'ussr Inf 3', 'ussr Inf 3', 'ussr Inf 4 (G)', 'ussr Inf 4 (G)',
  ]);
  // 6.3 rebasing: the Soviet Air 3 from the Urals to Leningrad, two Air 1 from Northern Siberia to Smolensk and two
  // from Kiev to Valdai.
  expect(prompts(bkg, p.s)[0]!.text).toContain('rebase');
  const rebase = (from: string, label: string, to: string) => p.act('ussr', { type: 'rebase', unit: p.unit('ussr', from, label), to });
  rebase('ural', 'Air 3', 'leningrad');
  rebase('n-siberia', 'Air 1', 'smolensk');
  rebase('n-siberia', 'Air 1', 'smolensk');
  rebase('kiev', 'Air 1', 'valdai');
  rebase('kiev', 'Air 1', 'valdai');
  for (const m of ['usa', 'be', 'ussr', 'china'] as const) p.act(m, { type: 'end' });
  expect(p.waiting()).toEqual(['usa:move', 'be:move', 'ussr:move', 'china:move']);
  expect(prompts(bkg, p.s)[0]!.text).toContain('movement phase');
}

/** 6.4.3 the Allied naval moves. A BE convoy loads an Inf 3 in the Channel, reloads it to the convoy at the Cape of
 *  Good Hope (6 sea zones spent), and that convoy unloads it in Alexandria. A convoy and the TF 2 meet in the Faroes
 *  Gap, slip past the German sub in the Central Atlantic (it rolls 7), load the Inf 2 (C) in America and are found on
 *  the way back (5): beyond single range, they stop there (ruling 37). The ships elsewhere go round the sub. */
function alliedNaval(p: Play): void {
  const n = p.events.length;
  const conv = p.unit('be', 'scandinavian-sea', 'Conv 1');
  p.act('be', { type: 'move', units: [conv], to: 'channel' });
  const inf3 = p.unit('be', 'england', 'Inf 3');
  p.act('be', { type: 'load', unit: inf3, convoy: conv });
  p.act('be', { type: 'move', units: [conv], to: 'cape-of-good-hope' });
  expect(p.s.units[conv]!.mp).toBe(6); // double range, round the sub (Bay of Biscay, Sea of Portugal)
  const cape = p.ids('be', 'cape-of-good-hope', 'Conv 1').find((id) => id !== conv)!;
  p.act('be', { type: 'transfer', unit: inf3, convoy: cape });
  p.act('be', { type: 'move', units: [cape], to: 'red-sea' });
  p.act('be', { type: 'unload', unit: inf3, to: 'alexandria' });
  const c2 = p.unit('be', 'sea-of-britain', 'Conv 1');
  const tf2 = p.unit('be', 'scandinavian-sea', 'TF 2');
  p.act('be', { type: 'move', units: [c2], to: 'faroes-gap' });
  p.act('be', { type: 'move', units: [tf2], to: 'faroes-gap' }); // ships move on after a stop (ruling 67)
  p.dice(3, 4);
  p.act('be', { type: 'move', units: [c2, tf2], to: 'american-east-coast' });
  p.act('be', { type: 'load', unit: p.unit('be', 'canada-east', 'Inf 2 (C)'), convoy: c2 });
  p.dice(1, 4);
  p.act('be', { type: 'move', units: [c2, tf2], to: 'sea-of-britain' });
  p.diceUsed();
  expect(p.log(n)).toEqual([
    'British Empire Inf 3 loads onto a convoy in Channel',
    'British Empire Inf 3 changes convoys in Cape of Good Hope',
    'British Empire Inf 3 unloads into Alexandria',
    'Axis search in Central Atlantic (success on 6 or less): rolled 3+4 = 7',
    'Axis search roll 7: not found',
    'British Empire Inf 2 (C) loads onto a convoy in American East Coast',
    'Axis search in Central Atlantic (success on 6 or less): rolled 1+4 = 5',
    'Axis search roll 5: found',
    'The Allied group is found in Central Atlantic and must stop',
  ]);
  // Gibraltar Straits: all to the Ligurian Sea (the Italian sub); the Levantine Sea's ships to the Aegean Sea (the
  // Italian convoy); the two TFs of the Scandinavian Sea by double range to the Ionian Sea, round the sub. The BE
  // Air 1 (B) of Alexandria flies at the Aegean Sea now (the tutorial has it join after the search: ruling 68).
  p.act('be', { type: 'move', units: all(p, 'be', 'gibraltar-straits', 'ligurian-sea'), to: 'ligurian-sea' });
  p.act('be', { type: 'move', units: all(p, 'be', 'levantine-sea', 'aegean-sea'), to: 'aegean-sea' });
  p.act('be', { type: 'move', units: all(p, 'be', 'scandinavian-sea', 'ionian-sea'), to: 'ionian-sea' });
  p.act('be', { type: 'move', units: [p.unit('be', 'alexandria', 'Air 1 (B)')], to: 'aegean-sea' });
  expect(p.log(n)).toHaveLength(9); // no more searches on the way
  expect(p.describe('central-atlantic').split(', ').sort()).toEqual(['be Conv 1', 'be Inf 2 (C)', 'be TF 2', 'germany Sub 2']);
  expect(p.describe('ionian-sea')).toBe('be TF 3, be TF 4');
  expect(p.describe('aegean-sea').split(', ').sort()).toEqual(['be Air 1 (B)', 'be Conv 1', 'be TF 3', 'italy Conv 1']);
}

/** 6.4.4 the Allied land moves; 6.4.6 the Axis reactions; the combat phase's searches: the BE finds the Italian
 *  convoy in the Aegean Sea (9, with Radar) and fights; its ships do not find the diving Italian sub (6). */
function alliedLand(p: Play): void {
  // The tutorial's "Inf 2 (I) (B)" in the Near East is an Inf 3 (I) in the 1941 set-up.
  send(p, 'be', 'abessinia', 'alexandria', 'Inf 3 (SA)');
  send(p, 'be', 'near-east', 'alexandria', 'Inf 3 (I)');
  send(p, 'china', 'sian', 'chentu', 'Inf 1 (B)');
  send(p, 'china', 'sian', 'peking', 'Inf 4', 'Inf 3', 'Inf 3');
  send(p, 'china', 'chunking', 'peking', 'Air 2 (US)');
  send(p, 'china', 'changsa', 'peking', 'Air 1');
  send(p, 'china', 'wuhan', 'sian', 'Inf 2');
  send(p, 'ussr', 'leningrad', 'finland', 'Inf 3', 'Inf 2', 'Inf 1 (B)', 'Inf 1 (B)', 'Arm 2', 'Air 3');
  send(p, 'ussr', 'valdai', 'finland', 'Air 1', 'Air 1');
  send(p, 'ussr', 'smolensk', 'finland', 'Air 1', 'Air 1');
  send(p, 'ussr', 'vitebsk', 'finland', 'Air 1');
  send(p, 'ussr', 'vitebsk', 'leningrad', 'HQ Konev', 'Arm 3');
  send(p, 'ussr', 'pripiet', 'valdai', 'Inf 2');
  send(p, 'ussr', 'eastern-poland', 'vitebsk', 'Arm 2');
  send(p, 'ussr', 'eastern-poland', 'pripiet', 'Inf 2');
  send(p, 'ussr', 'kiev', 'gomel', 'Arm 2');
  send(p, 'ussr', 'kiev', 'kharkov', 'Arm 1 (B)');
  send(p, 'ussr', 'dnepropetrovsk', 'crimea', 'Arm 2');
  send(p, 'ussr', 'dnepropetrovsk', 'kursk', 'Arm 2');
  send(p, 'ussr', 'irkutsk', 'voronesh', 'Arm 3');
  for (const m of ['usa', 'be', 'ussr', 'china'] as const) p.act(m, { type: 'end' });
  expect(p.waiting()).toEqual(['germany:react', 'italy:react', 'japan:react']);
  // Germany: the Baltic's aircraft to Finland, the Finnish Sea's TF 3 supports it; Japan: Pakoe's aircraft to
  // Peking, HQ Hiro sends an Inf 3 and an Inf 2 from Shanghai.
  for (const u of p.ids('germany', 'baltic').filter((id) => p.s.units[id]!.type === 'air')) p.act('germany', { type: 'react', units: [u], to: 'finland' });
  p.act('germany', { type: 'support', unit: p.unit('germany', 'finnish-sea', 'TF 3'), to: 'finland' });
  for (const u of p.ids('japan', 'pakoe').filter((id) => p.s.units[id]!.type === 'air')) p.act('japan', { type: 'react', units: [u], to: 'peking' });
  p.act('japan', { type: 'reserve', units: [p.unit('japan', 'shanghai', 'Inf 3'), p.unit('japan', 'shanghai', 'Inf 2')], to: 'peking' });
  const n = p.events.length;
  p.dice(4, 5, 3, 3);
  for (const m of ['germany', 'italy', 'japan'] as const) p.act(m, { type: 'end' });
  // The BE searches first (the phasing side, ruling 68); found, the Italian convoy's own roll (printed 7) is moot.
  p.act('be', { type: 'fight' });
  p.act('italy', { type: 'ignore' }); // the sub dives
  p.diceUsed();
  expect(p.log(n).filter((t) => t.includes('search roll'))).toEqual(['Allied search roll 9: found', 'Allied search roll 6: not found']);
  expect(prompts(bkg, p.s)[0]!.choices!.map((c) => c.action.place)).toEqual(['central-atlantic', 'peking', 'finland', 'aegean-sea']);
}

/** The Central Atlantic: the German sub fires first (2, a hit): the BE convoy and its load are flipped; the TF 2's
 *  anti-sub fire misses (3); the BE retreats to the Sea of Britain. */
function centralAtlantic(p: Play): void {
  const n = fight(p, 'central-atlantic', [2, 3]);
  hits(p, 'be', 'Conv 1');
  expect(rolls(p, n).concat(p.log(n).filter((t) => t.includes('flipped')))).toEqual([
    'Germany (subs): 2 at strength 2: one hit',
    'British Empire (anti-sub): 3 at strength 1: no hit',
    'British Empire Conv 1 flipped to Conv 0 (B)',
    'British Empire Inf 2 (C) flipped to Inf 1 (C) (B)',
  ]);
  p.act('be', { type: 'retreat' });
  p.act('be', { type: 'retreat-to', units: p.ids('be', 'central-atlantic'), to: 'sea-of-britain' });
  expect(p.describe('sea-of-britain').split(', ').sort()).toEqual(['be Conv 0 (B)', 'be Inf 1 (C) (B)', 'be TF 2']);
}

/** The Aegean Sea (the tutorial's "Levantine Sea": the British ships had sailed on to the Aegean): the BE sinks the
 *  Italian convoy; its aircraft returns to Alexandria. */
function aegean(p: Play): void {
  const n = fight(p, 'aegean-sea', [2, 5, 1, 3]);
  expect(rolls(p, n)).toEqual([
    'British Empire: 2 at strength 3: one hit',
    'British Empire: 5 at strength 1: no hit',
    'British Empire: 1 at strength 1: one hit',
    'Italy: 3 at strength 1: no hit',
  ]);
  expect(p.log(n).slice(-2)).toEqual(['Italy Conv 1 flipped to Conv 0 (B)', 'Italy Conv 0 (B) eliminated']);
  land(p, 'be', 'aegean-sea', 'alexandria');
  expect(p.describe('aegean-sea')).toBe('be Conv 1, be TF 3');
}

/** Peking (river, bad weather): Japan puts both Air 3 and an Air 2 into the air/sea segment (Air Combat: +1 there),
 *  the other two Air 2 into the land segment. China retreats to Sian; the Japanese aircraft stay. */
function peking(p: Play): void {
  const n = p.events.length;
  p.dice(1, 2, 4, 1, 2, 4, 1, 3, 4, 2, 4, 4);
  p.act(p.waiting()[0]!.split(':')[0] as Major, { type: 'fight', place: 'peking' });
  for (;;) {
    const x = prompts(bkg, p.s)[0];
    if (x?.kind !== 'assign') break;
    if (x.seat === 'japan') {
      const air = p.ids('japan', 'peking').filter((id) => p.s.units[id]!.type === 'air');
      const three = air.filter((id) => p.s.units[id]!.front === 3);
      for (const id of [...three, air.find((id) => p.s.units[id]!.front === 2)!]) p.act('japan', { type: 'assign', unit: id, as: 'air' });
    }
    p.act(x.seat as Major, { type: 'assigned' });
  }
  // The tutorial prints the Japanese air/sea dice as one at 2 and two at 1 (without Air Combat); the same dice at 3
  // and 2 give the same two hits (ruling 70).
  expect(rolls(p, n)).toEqual([
    'China (air/sea): 1 at strength 1: one hit',
    'Japan (air/sea): 2, 4 at strength 3: one hit',
    'Japan (air/sea): 1 at strength 2: one hit',
    'China (land): 2 at strength 2: one hit',
    'China (land): 4, 1 at strength 1: one hit',
    'Japan (land): 3, 4 at strength 3: one hit',
    'Japan (land): 2 at strength 2: one hit',
    'Japan (land): 4, 4 at strength 1: no hit',
  ]);
  hits(p, 'china', 'Air 1', 'Inf 3', 'Inf 3'); // the Air 2 (US) takes the second air hit (forced)
  hits(p, 'japan', 'Air 2', 'Inf 3', 'Inf 3');
  p.act('china', { type: 'retreat' });
  p.act('china', { type: 'retreat-to', units: p.ids('china', 'peking').filter((id) => p.s.units[id]!.type !== 'air'), to: 'sian' });
  land(p, 'china', 'peking', 'sian');
  land(p, 'japan', 'peking', 'peking');
  expect(p.describe('peking').split(', ').sort()).toEqual([
    'japan Air 1 (B)', 'japan Air 2', 'japan Air 2', 'japan Air 3', 'japan Air 3', 'japan Inf 2', 'japan Inf 2 (B)', 'japan Inf 2 (B)',
  ]);
  expect(p.ids('china', 'sian', 'Air 1 (US) (B)')).toHaveLength(1);
}

/** Finland: the Axis has only aircraft and the TF there, so every Soviet land unit fires anti-aircraft in the air/sea
 *  segment; the German aircraft and TF get +1 for Air Combat. The Axis retreats; the USSR takes Finland. */
function finland(p: Play): void {
  const n = p.events.length;
  // The Axis has two Air 3 here, not the tutorial's Air 4 and three Air 3 (rulings 59, 64): the dice of the absent
  // Air 4 (6) and third Air 3 (4) are not rolled (ruling 70).
  p.dice(5, 1, 1, 3, 3, 3, 3, 4, 4, 4, 5, 5, 3, 5, 2, 6);
  expect(p.waiting()).toEqual(['ussr:assign']);
  allAir(p);
  expect(rolls(p, n)).toEqual([
    'USSR (air/sea): 5 at strength 3: no hit',
    'USSR (air/sea): 1, 1, 3, 3, 3 at strength 1: 2 hits',
    'USSR (anti-aircraft): 3, 4, 4, 4, 5, 5 at strength 1: no hit',
    'Germany and Finland (air/sea): 3, 5, 2 at strength 4: 2 hits',
    'Germany and Finland (air/sea): 6 at strength 2: no hit',
  ]);
  hits(p, 'ussr', 'Air 1', 'Air 1');
  hits(p, 'germany', 'Air 2', 'Air 1 (B)');
  expect(p.log(n).slice(-2)).toEqual(['Finland Air 1 (B) eliminated', 'Finland: Germany has only aircraft and task forces left and must retreat']);
  p.act('germany', { type: 'land', units: p.ids('germany', 'finland', 'Air 3'), to: 'baltic' });
  expect(p.log(n).at(-1)).toBe('USSR now controls Finland (production: Germany -1)');
  expect(p.s.production.germany).toBe(24); // the tutorial's 27 (ruling 53)
  land(p, 'ussr', 'finland', 'finland');
  expect(p.describe('finnish-sea').split(', ').sort()).toEqual(['germany Conv 0 (B)', 'germany Conv 1', 'germany Sub 2', 'germany TF 3']);
}

/** 6.6-6.7: the second supply check (Matruh out of supply); HQ Konev takes the Inf 3 and both Inf 4 (G) into Karelia
 *  with the Arm 3 and the Air 3. The Finns there trace supply by sea (ruling 69) and fire at full strength. */
function kareliaExploit(p: Play): void {
  expect(p.log(p.events.length - 1)).toEqual(['Second supply check: out of supply in Matruh']);
  send(p, 'ussr', 'leningrad', 'karelia', 'Inf 3', 'Inf 4 (G)', 'Inf 4 (G)', 'Arm 3', 'HQ Konev');
  send(p, 'ussr', 'finland', 'karelia', 'Air 3');
  for (const m of ['usa', 'be', 'ussr', 'china'] as const) p.act(m, { type: 'end' });
  p.act('germany', { type: 'end' });
  const n = p.events.length;
  p.dice(3, 4, 4, 5, 2, 2, 2, 6);
  p.act('italy', { type: 'end' });
  placeAll(p); // the Axis gives the Finns no air support
  expect(rolls(p, n)).toEqual([
    'USSR (land): 3, 4 at strength 4: 2 hits',
    'USSR (land): 4 at strength 3: no hit',
    'USSR (land): 5, 2 at strength 2: one hit',
    'USSR (land): 2 at strength 2: one hit',
    'Finland (land): 2 at strength 3: one hit',
    'Finland (land): 6 at strength 2: no hit',
  ]);
  hits(p, 'ussr', 'Inf 3');
  expect(p.log(n).slice(-5)).toEqual([
    'Finland Inf 3 flipped to Inf 2 (B)', 'Finland Inf 2 (B) eliminated', 'Finland Inf 2 flipped to Inf 1 (B)', 'Finland Inf 1 (B) eliminated',
    'USSR now controls Karelia (production: Germany -1, USSR +1)',
  ]);
  expect([p.s.production.germany, p.s.production.ussr]).toEqual([23, 33]); // the tutorial's 26 and 33
  land(p, 'ussr', 'karelia', 'karelia');
}

/** 7.1-7.3: Finland is conquered; US entry: +1 (14), then the USA plays Increase US Pre-War Production (18); Japan
 *  plays BNL Production and the USA answers with BNL Embargo (both leave the game: ruling 71); income. */
function usEntry(p: Play): void {
  for (const m of ['usa', 'be', 'ussr'] as const) p.act(m, { type: 'end' });
  expect(p.waiting()).toEqual(['usa:card', 'japan:card']);
  const n = p.events.length;
  // The deck is shuffled by the seed; the tutorial's draws are put on top in its order, as the dice are forced.
  const top = ['coup-siam', 'lend-lease-usa', 'militia', 'morsecode', 'national-war-ussr', 'para-troops', 'spies'];
  expect(top.filter((c) => p.s.cards.deck.includes(c))).toEqual(top);
  p.edit((s) => { s.cards.deck = [...top, ...s.cards.deck.filter((c) => !top.includes(c))]; });
  p.act('usa', { type: 'play', card: 'us-prewar-production' });
  p.act('japan', { type: 'play', card: 'bnl-production' });
  p.act('usa', { type: 'play', card: 'bnl-embargo' });
  expect(p.log(n - 4)).toEqual([
    'Finland is conquered; 0 units removed', 'Yugoslavia is conquered; 0 units removed', 'Greece is conquered; 0 units removed',
    'US production +1 (US entry): 14',
    'USA plays Increase US Pre-War Production', 'US production +4 (card Increase US Pre-War Production): 18',
    'Japan plays Japan gains BNL Production', 'USA plays BNL Embargo', 'Delivery agreement BNL to Japan ends: Japan -3',
    'Income: Germany 23, Italy 6, Japan 15, USA 18, British Empire 20, USSR 33, China 8',
  ]);
  expect(p.s.cards.removed).toEqual(expect.arrayContaining(['bnl-production', 'bnl-embargo']));
}

/** 7.4 cards: Germany and Japan swap Coup in Siam and Militia (1 BP each); Italy's Lend Lease (USA) goes back at once;
 *  the USA buys Morsecode; the BE offers National War (USSR) to the USSR, which takes it instead of its Para Troops;
 *  China puts Spies back. */
function cards(p: Play): void {
  const n = p.events.length;
  p.act('germany', { type: 'offer', card: 'coup-siam', to: 'japan' });
  p.act('japan', { type: 'offer', card: 'militia', to: 'germany' });
  p.act('japan', { type: 'buy', card: 'coup-siam' });
  p.act('usa', { type: 'buy', card: 'morsecode' });
  p.act('be', { type: 'offer', card: 'national-war-ussr', to: 'ussr' });
  p.act('ussr', { type: 'buy', card: 'national-war-ussr' });
  p.act('china', { type: 'return' });
  expect(p.waiting()).toEqual(['germany:card']); // Japan's offer, decided after the draws
  p.act('germany', { type: 'buy', card: 'militia' });
  expect(p.log(n).filter((t) => !t.startsWith('('))).toEqual([
    'Germany offers a card to Japan', 'Italy draws a card only the other side can use and puts it beneath the stack',
    'Japan offers a card to Germany', 'Japan buys a card (1 BP)', 'USA buys a card (1 BP)', 'British Empire offers a card to USSR',
    'USSR buys a card (1 BP)', 'China puts a card beneath the stack', 'Germany buys a card (1 BP)',
  ]);
  const held = (m: Major) => (p.s.cards.hands[m] ?? []).map((h) => h.id);
  expect([held('germany').at(-1), held('japan').at(-1), held('usa').at(-1), held('ussr').at(-1)]).toEqual(['militia', 'coup-siam', 'morsecode', 'national-war-ussr']);
  expect(p.s.cards.deck.slice(-3)).toEqual(['lend-lease-usa', 'para-troops', 'spies']);
  expect([p.s.budget.germany, p.s.budget.japan, p.s.budget.usa, p.s.budget.ussr, p.s.budget.china]).toEqual([22, 14, 17, 32, 8]);
}

/** 7.5 research: every major but Italy and China buys a number (2 BP); the BE announces a roll and Italy sabotages
 *  it (the BE's 5 numbers are lost); Germany rolls 4 with its 4 numbers and chooses Better Subs. */
function researchPhase(p: Play): void {
  const n = p.events.length;
  for (const m of ['germany', 'japan', 'usa', 'be', 'ussr'] as const) p.act(m, { type: 'buy' });
  for (const m of ['italy', 'china'] as const) p.act(m, { type: 'pass' });
  expect([p.s.research.japan, p.s.research.usa, p.s.research.germany, p.s.research.be, p.s.research.ussr, p.s.research.italy]).toEqual([2, 2, 4, 5, 2, 1]);
  // The engine asks the majors in turn order (Germany before the BE); only Germany and the BE roll.
  p.dice(4);
  p.act('germany', { type: 'announce' });
  p.diceUsed();
  p.act('germany', { type: 'achieve', achievement: 'better-subs' });
  for (const m of ['italy', 'japan', 'usa'] as const) p.act(m, { type: 'pass' });
  p.act('be', { type: 'announce' });
  expect(p.waiting()).toEqual(['italy:card']);
  p.act('italy', { type: 'play', card: 'sabotage' });
  p.act('ussr', { type: 'pass' });
  expect(p.log(n).slice(-6)).toEqual([
    'Germany announces a research roll with 4 numbers', 'Germany research roll (4 numbers): rolled 4', 'Germany rolls 4: research succeeds',
    'Germany achieves Better Subs', 'British Empire announces a research roll with 5 numbers',
    'Italy plays Sabotage on Research: British Empire loses its 5 numbers',
  ]);
  expect([p.s.research.be, p.s.research.germany, p.s.achievements.germany]).toEqual([0, 0, expect.arrayContaining(['better-subs'])]);

}

/** 7.6 production, as the tutorial builds where the budgets allow (ruling 72). */
function production(p: Play): void {
  const n = p.events.length;
  const act = (m: Major, label: string) => {
    const x = prompts(bkg, p.s).find((y) => y.seat === m && y.kind === 'production');
    if (!x && label === 'Done' && p.s.budget[m] === 0) return; // nothing left to spend: done by itself
    const c = x?.choices!.find((y) => y.label.startsWith(label));
    if (!c) throw new Error(`${m} cannot ${label} now`);
    p.act(m, c.action);
  };
  // The German Arm 2 (B) in Matruh is out of supply and cannot be repaired.
  expect(prompts(bkg, p.s).find((x) => x.seat === 'germany')!.choices!.some((c) => c.label.includes('Matruh'))).toBe(false);
  for (const l of ['Repair Germany Inf 2 (B)', 'Repair Germany Inf 2 (B)', 'Repair Romania Inf 1 (B)', 'Repair Romania Inf 1 (B)', 'Build Germany Air 3', 'Build Germany Inf 3', 'Build Germany Inf 3', 'Build Romania Inf 2', 'Done']) act('germany', l);
  for (const l of ['Build Italy Inf 2', 'Build Italy Air 2', 'Done']) act('italy', l);
  // Japanese Navy (in effect since 1941): 6 BP a quarter on naval units. After a Sub and an Air 2 Japan owes 3 more,
  // so the tutorial's Inf 3 is refused and a second Sub is built (ruling 73).
  for (const l of ['Build Japan Sub 2', 'Build Japan Air 2']) act('japan', l);
  expect(prompts(bkg, p.s).find((x) => x.seat === 'japan')!.text).toContain('at least 3 BP more on naval units');
  expect(() => act('japan', 'Build Japan Inf 3')).toThrow('japan cannot Build Japan Inf 3 now');
  for (const l of ['Build Japan Sub 2', 'Build Japan Inf 2', 'Done']) act('japan', l);
  for (const l of ['Build USA TF 5', 'Done']) act('usa', l);
  for (const l of ['Repair British Empire Air 1 (B) in Alexandria', 'Repair British Empire Conv 0 (B)', 'Repair British Empire Inf 1 (C) (B)', 'Rebuild HQ Gort', 'Build British Empire Inf 3 (', 'Build British Empire Inf 2 (A)', 'Build British Empire TF 3', 'Done']) act('be', l);
  // National War (USSR), bought this quarter, can be played from the next one on: the USSR repairs as printed
  // (5 BP) and builds orange units (ruling 72).
  expect(prompts(bkg, p.s).find((x) => x.seat === 'ussr')!.choices!.some((c) => c.action.type === 'play')).toBe(false);
  for (const l of ['Repair USSR Arm 1 (B)', 'Repair USSR Inf 1 (B)', 'Repair USSR Inf 1 (B)', 'Repair USSR Inf 2 (B)', 'Build USSR Arm 2', 'Build USSR Air 1', 'Build USSR Air 1']) act('ussr', l);
  while (p.s.budget.ussr >= 2 && prompts(bkg, p.s).find((x) => x.seat === 'ussr')!.choices!.some((c) => c.label.startsWith('Build USSR Inf 2'))) act('ussr', 'Build USSR Inf 2');
  act('ussr', 'Done');
  for (let i = 0; i < 6; i++) act('china', 'Repair China Inf');
  for (const l of ['Build China Inf 2', 'Done']) act('china', l);
  const end = p.log(n).indexOf('Quarter 3/41 begins');
  expect(p.log(n).slice(0, end)).toEqual([
    'Germany repairs Germany Inf 2 (B) in Lwow (1 BP)', 'Germany repairs Germany Inf 2 (B) in Greece (1 BP)',
    'Germany repairs Romania Inf 1 (B) in Odessa (1 BP)', 'Germany repairs Romania Inf 1 (B) in Odessa (1 BP)',
    'Germany builds Germany Air 3 (6 BP)', 'Germany builds Germany Inf 3 (3 BP)', 'Germany builds Germany Inf 3 (3 BP)',
    'Germany builds Romania Inf 2 (2 BP)', 'Germany saves 2 BP',
    'Italy builds Italy Inf 2 (2 BP)', 'Italy builds Italy Air 2 (4 BP)',
    'Japan builds Japan Sub 2 (3 BP)', 'Japan builds Japan Air 2 (4 BP)', 'Japan builds Japan Sub 2 (3 BP)', 'Japan builds Japan Inf 2 (2 BP)',
    'USA builds USA TF 5 (10 BP)', 'USA saves 5 BP',
    'British Empire repairs British Empire Air 1 (B) in Alexandria (2 BP)', 'British Empire repairs British Empire Conv 0 (B) in Sea of Britain (2 BP)',
    'British Empire repairs British Empire Inf 1 (C) (B) in Sea of Britain (1 BP)', 'British Empire rebuilds HQ Gort (arrives in 4 quarters)',
    'British Empire builds British Empire Inf 3 (3 BP)', 'British Empire builds British Empire Inf 2 (A) (2 BP)', 'British Empire builds British Empire TF 3 (6 BP)',
    'British Empire saves 1 BP',
    'USSR repairs USSR Arm 1 (B) in Kharkov (2 BP)', 'USSR repairs USSR Inf 1 (B) in Finland (1 BP)', 'USSR repairs USSR Inf 1 (B) in Finland (1 BP)',
    'USSR repairs USSR Inf 2 (B) in Karelia (1 BP)', 'USSR builds USSR Arm 2 (4 BP)', 'USSR builds USSR Air 1 (2 BP)', 'USSR builds USSR Air 1 (2 BP)',
    ...Array<string>(8).fill('USSR builds USSR Inf 2 (2 BP)'), 'USSR saves 1 BP',
    'China repairs China Inf 1 (B) in Gobi (1 BP)', 'China repairs China Inf 1 (B) in Chentu (1 BP)', 'China repairs China Inf 1 (B) in Wuhan (1 BP)',
    'China repairs China Inf 1 (B) in Changsa (1 BP)', 'China repairs China Inf 2 (B) in Sian (1 BP)', 'China repairs China Inf 2 (B) in Sian (1 BP)',
    'China builds China Inf 2 (2 BP)',
  ]);
  // The example ends here; the savings stand on the Saved Production track for 3/41.
  expect([p.s.saved.germany, p.s.saved.usa, p.s.saved.be, p.s.saved.ussr, p.s.saved.china]).toEqual([2, 5, 1, 1, 0]);
}

/** The tutorial's steps in the order it plays them; each checks its own outcome. */
const STEPS = [
  movement, karelia, baltic, finnishSea, eastPoland, lwow, odessa, yugoslavia, cyreneica, pakoe,
  exploitation, greece, matruh, whiteRussia, leningrad, alliedRailAndRebase,
  alliedNaval, alliedLand, centralAtlantic, aegean, peking, finland, kareliaExploit, usEntry, cards, researchPhase, production,
];

/** Plays the tutorial's steps from `first` to `last`, both included. */
function playSteps(p: Play, first: (p: Play) => void, last: (p: Play) => void): Play {
  for (const step of STEPS.slice(STEPS.indexOf(first), STEPS.indexOf(last) + 1)) step(p);
  return p;
}

describe('BKG Advanced Game Tutorial, turn 2/41', () => {
  it('turn start: peace roll, reinforcements, initiative with the Initiative card, weather, limits, rail, rebasing', () => {
    const p = turnStart();
    expect(p.describe('romania')).toBe('germany Inf 4, germany Air 3, romania Inf 2, romania Inf 2, romania Air 1');
    expect(p.describe('peking')).toBe('japan Inf 4, japan Inf 4, japan Inf 2, japan Air 3');
    expect(p.ids('japan', 'shanghai').filter((id) => p.s.units[id]!.type === 'air')).toHaveLength(4);
  });

  it('movement: the Axis attacks (Germany declares war on the USSR), Blitzkrieg, the Allied reactions', () => {
    const p = turnStart();
    movement(p);
    expect(p.s.battles.map((b) => b.place).sort()).toEqual(['baltic', 'cyreneica', 'eastern-poland', 'finnish-sea', 'karelia', 'lwow', 'odessa', 'pakoe', 'yugoslavia']);
    expect(p.describe('levantine-sea').split(', ').sort()).toEqual(['be Conv 1', 'be TF 3', 'italy Conv 1', 'italy Conv 1', 'italy Conv 1', 'italy TF 2', 'italy TF 3']);
    expect(p.describe('pakoe').split(', ').sort()).toEqual([
      'china Inf 2', 'china Inf 2', 'china Inf 3', 'china Inf 4',
      'japan Air 2', 'japan Air 2', 'japan Air 2', 'japan Air 3', 'japan Air 3', 'japan Inf 2', 'japan Inf 4', 'japan Inf 4',
    ]);
  });

  it('the Baltic front: Karelia, the Baltic, the Finnish Sea, East Poland, Lwow', () => {
    const p = playSteps(turnStart(), movement, karelia);
    expect(p.describe('karelia')).toBe('finland Inf 3, finland Inf 2');
    expect(p.describe('finland')).toBe('finland Air 2');
    expect(p.s.control.karelia).toBe('germany');
    expect([p.s.production.ussr, p.s.production.germany]).toEqual([33, 21]);
    playSteps(p, baltic, lwow);
  });

  it('the Black Sea and the Balkans: Odessa, Yugoslavia', () => {
    playSteps(turnStart(), movement, yugoslavia);
  });

  it('North Africa and China: Cyreneica, Pakoe', () => {
    playSteps(turnStart(), movement, pakoe);
  });

  it('the Allied segment (naval moves with a reload mid-voyage and searches, the Central Atlantic, the Aegean Sea, Peking, Finland, Karelia) and the turn end (conquest, US entry with cards, income, cards, research with sabotage, production)', () => {
    playSteps(turnStart(), movement, production);
  });

  it('exploitation: Greece with Surprise, Matruh, White Russia, Leningrad, the Coup in Iraq; the Allied rail and rebasing', () => {
    playSteps(turnStart(), movement, alliedRailAndRebase);
  });
});
