// The Advanced Game Tutorial (turn 2/41 of the 1941 scenario) played move by move with every die forced as printed
// (rulebook L4543-6015). The seed is one whose set-up peace roll is the tutorial's 10; every later die is forced.
// Deviations from the printed text are rulings (docs/rulings/bkg.md 53-).
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
  for (const m of ['be', 'ussr', 'china'] as const) p.act(m, { type: 'end' });
  expect(p.waiting()).toEqual(['germany:choose-combat']);
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
    expect(p.s.battles.map((b) => b.place).sort()).toEqual(['baltic', 'cyreneica', 'eastern-poland', 'finnish-sea', 'karelia', 'levantine-sea', 'lwow', 'odessa', 'pakoe', 'yugoslavia']);
    expect(p.describe('pakoe').split(', ').sort()).toEqual([
      'china Inf 2', 'china Inf 2', 'china Inf 3', 'china Inf 4',
      'japan Air 2', 'japan Air 2', 'japan Air 2', 'japan Air 3', 'japan Air 3', 'japan Inf 2', 'japan Inf 4', 'japan Inf 4',
    ]);
  });
});
