// Cards (advanced 7.4 and the Appendix): the stack, hands, buying in the card phase, and what each card does when
// played. Effects are written in our own words; each names the card it comes from.
import { movementRange } from '../../board/index.ts';
import { area, bkgMap } from './map.ts';
import { ENEMY, FRIENDLY, distinct, envFor } from './movement.ts';
import { unitLabel } from './state.ts';
import type { CardData } from './data/index.ts';
import { bkgData } from './data/index.ts';
import { write, type Choice, type Ctx, type Frame, type Procedure, type Seat } from '../../engine/index.ts';
import type { HoldingView } from '../../engine/board.ts';
import {
  activateBePacific, activateMinor, atWar, createUnit, endDelivery, engageCoLocated, isBelligerent, isConquered, italyEntersWar,
  leaderOf, quartersAtWar, setControl, sideOf, usPolitics, ussrEntersWar, warKey,
} from './politics.ts';
import { isLandUnit, optional, quarterOf, turnLabel } from './state.ts';
import { AXIS_MINORS, MAJORS, POWER_NAMES, otherSide, sideOfMajor, type Major } from './powers.ts';
import type { BkgState, Unit } from './state.ts';
import { logUnits } from './fog.ts';

/** Optional 9.9: a used Coup in Ireland returns as Coup in Iran, with the same prerequisites and ranges (ruling 92). */
function coupInIran(cards: CardData[]): CardData {
  const ireland = cards.find((c) => c.id === 'coup-ireland')!;
  return { ...ireland, id: 'coup-iran', name: 'Coup in Iran', coup: { ...ireland.coup!, minor: 'iran' } };
}

const CARDS: ReadonlyMap<string, CardData> = new Map([...bkgData().cards, coupInIran(bkgData().cards)].map((c) => [c.id, c]));

export function cardData(id: string): CardData {
  const c = CARDS.get(id);
  if (!c) throw new Error(`bkg: unknown card "${id}"`);
  return c;
}

/**
 * The cards as `seat` may see them (advanced 7.4): its own hand by name, with when each was bought and whether it may
 * be played yet; every other hand and the stack by count; the cards in effect and those out of the game by name.
 */
export function cardHoldings(s: BkgState, seat: Seat | null): HoldingView[] {
  if (s.rules !== 'advanced') return [];
  const named = (id: string) => ({ label: cardData(id).name, rule: `BKG card ${cardData(id).name}` });
  const out: HoldingView[] = [];
  const mine = MAJORS.find((m) => m === seat);
  if (mine) {
    out.push({ title: `${POWER_NAMES[mine]}'s cards`, seat: mine, items: (s.cards.hands[mine] ?? []).map((h) => ({
      ...named(h.id),
      note: `${h.turn < 1 ? 'held from the start' : `bought ${turnLabel({ turn: h.turn, firstQuarter: s.firstQuarter })}`}${h.turn < s.turn ? '' : ', playable from next quarter'}`,
    })) });
  }
  // The other hands in one line: how many cards each holds face down.
  const others = MAJORS.filter((m) => m !== mine && (s.cards.hands[m] ?? []).length);
  out.push({ title: mine ? 'Other hands, face down' : 'Hands, face down', items: others.map((m) => ({ label: `${POWER_NAMES[m]} ${s.cards.hands[m]!.length}` })) });
  out.push({ title: 'Cards in effect', items: s.cards.inEffect.map(named) });
  out.push({ title: 'Card stack', items: [], hidden: s.cards.deck.length });
  if (s.cards.removed.length) out.push({ title: 'Cards out of the game', items: s.cards.removed.map(named) });
  return out;
}

/** A card in `m`'s hand bought before this turn (7.4: playable from the turn after its purchase). */
export function holdsPlayable(s: BkgState, m: Major, id: string): boolean {
  return s.rules === 'advanced' && (s.cards.hands[m] ?? []).some((h) => h.id === id && h.turn < s.turn);
}

/** A played card leaves the hand: discarded, beneath the stack, or in effect (7.4). */
export function spendCard(ctx: Ctx<BkgState>, m: Major, id: string): void {
  const s = ctx.state;
  const hand = s.cards.hands[m] ?? [];
  const i = hand.findIndex((h) => h.id === id);
  if (i >= 0) write(s, 'cards', 'hands', m).splice(i, 1);
  const disposal = cardData(id).disposal;
  if (id === 'coup-ireland' && optional(s, 'coupInIran')) {
    write(s, 'cards', 'deck').push('coup-iran');
    ctx.log('Coup in Ireland goes beneath the stack as Coup in Iran', 'BKG advanced 9.9');
  } else if (id === 'force-peace') write(s, 'cards', 'inEffect').push(id); // beneath the stack when the peace ends (ruling 34)
  else if (disposal === 'return') write(s, 'cards', 'deck').push(id);
  else if (disposal === 'permanent') write(s, 'cards', 'inEffect').push(id);
  else write(s, 'cards', 'removed').push(id);
}

/** Cards whose action can no longer happen are discarded when drawn, and the major draws again (7.4). */
export function obsolete(s: BkgState, id: string): boolean {
  const c = cardData(id);
  if (c.coup) return isConquered(s, c.coup.minor) || !!s.controller[c.coup.minor] || s.wars.some((w) => w.split('|').includes(c.coup!.minor));
  switch (id) {
    case 'japanese-navy': return atWar(s, 'ussr', 'japan') || s.cards.inEffect.includes(id);
    case 'vichy-surrender': return isConquered(s, 'france');
    case 'japan-occupies-indochine': return leaderOf(s, s.control.indochine!) === 'japan';
    case 'italian-surrender': return isConquered(s, 'italy');
    case 'axis-minor-activation': return AXIS_MINORS.every((m) => s.controller[m] || isConquered(s, m)) && isBelligerent(s, 'italy');
    case 'embargo': return !s.deliveries['usa>japan'];
    case 'ussr-declares-war': return atWar(s, 'ussr', 'germany');
    default: return false;
  }
}

/** May major `m` buy this card (its buyers: a major, 'any', or a side)? */
export function mayBuy(s: BkgState, m: Major, id: string): boolean {
  const b = cardData(id).buyers;
  return b.includes('any') || b.includes(m) || b.includes(sideOfMajor(s, m));
}

interface CardPhaseFrame extends Frame {
  proc: 'card-phase';
  order: Major[];
  at: number;
  drawn?: string | null;
  /** Cards offered to a major by an associate (7.4), waiting for its decision. */
  offers?: Record<string, string[]>;
  bought?: Major[];
  /** After the draws: majors still to decide on offered cards. */
  late?: boolean;
}

function buyChoices(s: BkgState, f: CardPhaseFrame, m: Major): Choice[] {
  const out: Choice[] = [];
  const budget = s.budget[m];
  if (f.drawn && mayBuy(s, m, f.drawn) && cardData(f.drawn).cost <= budget) out.push({ action: { type: 'buy', card: f.drawn }, label: `Buy ${cardData(f.drawn).name} (${cardData(f.drawn).cost} BP)` });
  for (const c of f.offers?.[m] ?? []) if (cardData(c).cost <= budget) out.push({ action: { type: 'buy', card: c }, label: `Buy the offered ${cardData(c).name} (${cardData(c).cost} BP)` });
  if (f.drawn) {
    for (const x of MAJORS) {
      if (x === m || sideOfMajor(s, x) !== sideOfMajor(s, m) || isConquered(s, x) || f.bought?.includes(x) || !mayBuy(s, x, f.drawn)) continue;
      out.push({ action: { type: 'offer', card: f.drawn, to: x }, label: `Offer ${cardData(f.drawn).name} to ${POWER_NAMES[x]}` });
    }
    out.push({ action: { type: 'return' }, label: `Put ${cardData(f.drawn).name} beneath the stack` });
  } else out.push({ action: { type: 'return' }, label: 'Decline the offered cards' });
  return out;
}

/** Advanced 7.4: each major draws the top card and buys it, offers it to an associate or puts it beneath the stack;
 *  one purchase per major and turn, paid at once; cards only the other side can use go straight back. */
export const cardPhase: Procedure<BkgState, CardPhaseFrame> = {
  prompts(s, f) {
    if (f.drawn === undefined) return [];
    const m = f.order[f.at]!;
    if (f.late && !(f.offers?.[m]?.length)) return [];
    const choices = buyChoices(s, f, m);
    return [{
      seat: m, rule: 'BKG advanced 7.4', kind: 'card',
      text: f.drawn ? `${POWER_NAMES[m]} draws ${cardData(f.drawn).name}. Buy it, offer it to an associate, or put it beneath the stack?` : `${POWER_NAMES[m]}: cards offered to you`,
      choices,
      context: { card: f.drawn ?? null },
    }];
  },
  run(ctx, f) {
    const s = ctx.state;
    if (f.at >= f.order.length) {
      if (!f.late) { // offers made after the receiver's own turn are decided now
        const waiting = f.order.filter((m) => (f.offers?.[m]?.length ?? 0) > 0 && !f.bought?.includes(m));
        if (waiting.length) return void ctx.goto('card-phase', { ...f, late: true, order: waiting, at: 0, drawn: null });
      }
      for (const list of Object.values(f.offers ?? {})) write(s, 'cards', 'deck').push(...list);
      return void ctx.pop();
    }
    const m = f.order[f.at]!;
    if (f.late || f.bought?.includes(m)) {
      if (f.late && (f.offers?.[m]?.length ?? 0) > 0) return void ctx.goto('card-phase', { ...f, drawn: null });
      return void ctx.goto('card-phase', { ...f, at: f.at + 1, drawn: undefined });
    }
    let card: string | undefined;
    while ((card = write(s, 'cards', 'deck').shift()) !== undefined) {
      if (!obsolete(s, card)) break;
      write(s, 'cards', 'removed').push(card);
      ctx.log(`${POWER_NAMES[m]} draws an obsolete card (${cardData(card).name}), discards it and draws again`, 'BKG advanced 7.4');
    }
    if (card === undefined) return void ctx.goto('card-phase', { ...f, at: f.at + 1, drawn: undefined });
    if (card === 'japanese-navy') {
      if (sideOfMajor(s, m) !== sideOfMajor(s, 'japan') || m === 'japan') {
        write(s, 'cards', 'inEffect').push(card);
        ctx.log(`${POWER_NAMES[m]} draws Japanese Navy: Japan must take it and play it at once`, 'BKG card Japanese Navy');
      } else { write(s, 'cards', 'deck').push(card); ctx.log(`${POWER_NAMES[m]} draws a card and puts it beneath the stack`, 'BKG advanced 7.4'); }
      return void ctx.goto('card-phase', { ...f, at: f.at + 1, drawn: undefined });
    }
    if (!MAJORS.some((x) => sideOfMajor(s, x) === sideOfMajor(s, m) && mayBuy(s, x, card!))) {
      write(s, 'cards', 'deck').push(card);
      ctx.log(`${POWER_NAMES[m]} draws a card only the other side can use and puts it beneath the stack`, 'BKG advanced 7.4');
      ctx.log(`(the card was ${cardData(card).name})`, 'BKG advanced 7.4', undefined, [m]);
      return void ctx.goto('card-phase', { ...f, at: f.at + 1, drawn: undefined });
    }
    ctx.goto('card-phase', { ...f, drawn: card });
  },
  act(ctx, f, seat, action) {
    const s = ctx.state;
    const m = seat as Major;
    const offers = structuredClone(f.offers ?? {});
    if (action.type === 'offer') {
      const to = action.to as Major;
      offers[to] = [...(offers[to] ?? []), action.card as string];
      ctx.log(`${POWER_NAMES[m]} offers a card to ${POWER_NAMES[to]}`, 'BKG advanced 7.4');
      ctx.log(`(${cardData(action.card as string).name})`, 'BKG advanced 7.4', undefined, [m, to]);
      return void ctx.goto('card-phase', { ...f, offers, drawn: null, at: f.offers?.[m]?.length ? f.at : f.at + 1, ...(f.offers?.[m]?.length ? {} : { drawn: undefined }) });
    }
    if (action.type === 'buy') {
      const card = action.card as string;
      write(s, 'budget')[m] -= cardData(card).cost;
      write(s, 'cards', 'hands')[m] = [...(s.cards.hands[m] ?? []), { id: card, turn: s.turn }];
      ctx.log(`${POWER_NAMES[m]} buys a card (${cardData(card).cost} BP)`, 'BKG advanced 7.4');
      ctx.log(`(${cardData(card).name})`, 'BKG advanced 7.4', undefined, [m]);
      if (f.drawn && f.drawn !== card) write(s, 'cards', 'deck').push(f.drawn);
      const mine = (offers[m] ?? []).filter((c) => c !== card);
      write(s, 'cards', 'deck').push(...mine);
      delete offers[m];
      return void ctx.goto('card-phase', { ...f, offers, bought: [...(f.bought ?? []), m], at: f.at + 1, drawn: undefined });
    }
    // return: the drawn card (or the declined offers) go beneath the stack
    if (f.drawn) write(s, 'cards', 'deck').push(f.drawn);
    if (!f.drawn || f.late) { write(s, 'cards', 'deck').push(...(offers[m] ?? [])); delete offers[m]; }
    ctx.log(`${POWER_NAMES[m]} puts a card beneath the stack`, 'BKG advanced 7.4');
    const keepDeciding = !!f.drawn && (offers[m]?.length ?? 0) > 0;
    ctx.goto('card-phase', { ...f, offers, drawn: keepDeciding ? null : undefined, at: keepDeciding ? f.at : f.at + 1 });
  },
};

// ---- Playing cards (the Appendix; effects in our own words) ----

/** Areas of Africa (card Triumph & Fall of the Desert Fox). */
const AFRICA = new Set(['morocco', 'algeria', 'tripolitania', 'cyreneica', 'matruh', 'alexandria', 'sudan', 'abessinia', 'french-west-africa', 'kenya', 'rhodesia', 'south-africa']);

/** Card Tito Partisans, in effect with the Axis holding Yugoslavia: the strength points of Germany's land units there
 *  (5 or more: nothing owed). */
export function titoGarrison(s: BkgState): number {
  if (!s.cards.inEffect.includes('tito-partisans') || sideOf(s, s.control.yugoslavia!) !== 'axis') return 5;
  return Object.values(s.units).filter((u) => u.where === 'yugoslavia' && !u.aboard && u.power === 'germany' && (u.type === 'inf' || u.type === 'arm'))
    .reduce((n, u) => n + (u.reduced ? (u.back ?? 0) : u.front), 0);
}

/** Quarters the Axis has held Yugoslavia (counted at each quarter's start; advanced game). */
export function axisYugoslaviaQuarters(s: BkgState): number {
  const e = s.events.find((x) => x.startsWith('axis-yugoslavia:'));
  return e ? s.turn - Number(e.slice('axis-yugoslavia:'.length)) : 0;
}

/** At a quarter's start: note when the Axis came to hold Yugoslavia, forget it when it is lost (card Tito Partisans). */
export function noteYugoslavia(s: BkgState): void {
  const held = sideOf(s, s.control.yugoslavia!) === 'axis';
  const noted = s.events.some((x) => x.startsWith('axis-yugoslavia:'));
  if (held && !noted) write(s, 'events').push(`axis-yugoslavia:${s.turn}`);
  else if (!held && noted) s.events = s.events.filter((x) => !x.startsWith('axis-yugoslavia:'));
}

/** Card Tito Partisans, in effect: German land units may not leave Yugoslavia if fewer than 5 strength points of them
 *  would stay (ruling 80). */
export function titoAllows(s: BkgState, leaving: Unit[]): boolean {
  if (!s.cards.inEffect.includes('tito-partisans')) return true;
  const out = leaving.filter((u) => u.where === 'yugoslavia' && u.power === 'germany' && (u.type === 'inf' || u.type === 'arm'));
  if (!out.length) return true;
  const ids = new Set(out.map((u) => u.id));
  const stay = Object.values(s.units).filter((u) => u.where === 'yugoslavia' && !u.aboard && u.power === 'germany' && (u.type === 'inf' || u.type === 'arm') && !ids.has(u.id));
  return stay.reduce((n, u) => n + (u.reduced ? (u.back ?? 0) : u.front), 0) >= 5;
}

/** Card Para Troops: an infantry unit flies with an aircraft of its place to an enemy area within the aircraft's
 *  range (2, over friendly and enemy places and sea zones); the aircraft has no combat strength this turn (ruling 82). */
export function paraDropChoices(s: BkgState, m: Major, units: Unit[], place: string): Choice[] {
  if (!holdsPlayable(s, m, 'para-troops')) return [];
  const air = units.find((u) => u.type === 'air' && !u.done && u.power === m);
  const inf = units.filter((u) => u.type === 'inf' && !u.done && !u.aboard && u.power === m);
  if (!air || !inf.length) return [];
  const map = bkgMap();
  const g = map.board;
  const env = envFor(s, m);
  const reach = movementRange(g, g.index(place), 2, {
    enterCost: (_f, n) => (map.isSea[n] === 1 || env.status[n] === FRIENDLY || env.status[n] === ENEMY ? 1 : Infinity),
  });
  const out: Choice[] = [];
  for (const n of reach.nodes()) {
    if (map.isSea[n] || env.status[n] !== ENEMY || env.jpchBlocked[n] || env.coopBar?.[n]) continue; // optional 9.11
    const to = g.id(n);
    for (const u of distinct(s, inf)) out.push({ action: { type: 'para-drop', unit: u.id, air: air.id, to }, label: `Play Para Troops: ${unitLabel(u)} flies with ${unitLabel(air)} to ${area(to).name}`, refs: { units: [u.id, air.id], from: place, place: to } });
  }
  return out;
}

export function inAfrica(id: string): boolean {
  return AFRICA.has(id);
}

const homeOf = (m: Major): string[] => (m === 'be' ? ['uk', 'canada', 'south-africa', 'india', 'australia'] : [m]);

/** Enemy areas of `m`'s home country without enemy units (card Partisans), and whether enemies stand in it (Militia). */
function homeAreasHeld(s: BkgState, m: Major): { free: string[]; enemyInside: boolean } {
  const free: string[] = [];
  let enemyInside = false;
  for (const a of bkgData().map.areas) {
    if (a.kind !== 'land' || !a.home || !homeOf(m).includes(a.country ?? '')) continue;
    const enemyUnits = Object.values(s.units).some((u) => u.where === a.id && atWar(s, u.power, m));
    if (enemyUnits) enemyInside = true;
    if (atWar(s, s.control[a.id]!, m) && !enemyUnits) free.push(a.id);
  }
  return { free, enemyInside };
}

/** What a card needs before it may be played in the owner's movement or exploitation phase (the Appendix). */
function phasePlays(s: BkgState, m: Major, id: string): Choice[] {
  const c = cardData(id);
  const play = (label: string, extra: Record<string, string> = {}): Choice => ({ action: { type: 'play', card: id, ...extra }, label: `Play ${c.name}${label ? `: ${label}` : ''}` });
  const atWarWith = (x: string) => atWar(s, m, x);
  if (c.coup) return !obsolete(s, id) ? [play(`roll 2D6 (success ${c.coup.success[0]}-${c.coup.success[1]}, counter ${c.coup.counter[0]}-${c.coup.counter[1]})`)] : [];
  switch (id) {
    case 'axis-minor-activation': return [
      ...AXIS_MINORS.filter((x) => !s.controller[x] && !isConquered(s, x)).map((x) => play(`${POWER_NAMES[x]} joins the war`, { target: x })),
      ...(!isBelligerent(s, 'italy') ? [play('Italy joins the war', { target: 'italy' })] : []),
    ];
    case 'blitzkrieg': return m === 'germany' ? [play('no enemy reserves or aircraft against German attacks this action segment')] : [];
    case 'bnl-embargo': return s.cards.inEffect.includes('bnl-production') ? [play('Japan loses the BNL islands\' production')] : [];
    case 'bridgehead': return [play('your land units ignore rivers this turn')];
    case 'cold-days-in-hell': return s.weather.europe === 'bad' && atWarWith('germany') ? [play('Axis units in the USSR -1 this turn')] : [];
    case 'embargo': return s.production.usa >= 12 && s.deliveries['usa>japan'] ? [play('no more US deliveries to Japan')] : [];
    case 'vichy-surrender': {
      const held = bkgData().map.areas.filter((a) => a.home && a.country === 'france' && sideOf(s, s.control[a.id]!) === 'axis').length;
      return held >= 3 && !isConquered(s, 'france') ? [play('France surrenders; Vichy France becomes neutral')] : [];
    }
    case 'force-peace': return atWar(s, 'ussr', 'japan') ? [play('the USSR and Japan make peace')] : [];
    case 'foreign-troops': return m === 'germany' && atWarWith('ussr') ? [play('German production +1')] : [];
    case 'fortress-europe': return m === 'germany' && atWarWith('usa') ? [play('in effect from now on')] : [];
    case 'free-french': return isConquered(s, 'france') || s.events.includes('vichy') ? [play('BE and the USA may build French "F" units')] : [];
    case 'guards': return m === 'ussr' && atWarWith('germany') ? [play('"G" units ignore bad weather in combat')] : [];
    case 'us-prewar-production': return m === 'usa' && !s.events.includes('usa-war') && (atWar(s, 'germany', 'ussr') || atWar(s, 'japan', 'ussr')) ? [play('US production +4')] : [];
    case 'italian-surrender': {
      // Ruling 114: Italy at war with the Allies means Italy on the Axis, and its areas go to Germany as its ally (9.10
      // may put either on the Allies: then nobody plays the card).
      if (sideOfMajor(s, 'italy') !== 'axis' || sideOfMajor(s, 'germany') !== 'axis') return [];
      const africa = [...AFRICA].some((a) => s.control[a] === 'italy');
      const italyHeld = ['northern-italy', 'southern-italy'].some((a) => sideOf(s, s.control[a]!) === 'allies');
      return isBelligerent(s, 'italy') && !isConquered(s, 'italy') && !africa && italyHeld ? [play('Italy surrenders')] : [];
    }
    case 'national-war-china': return m === 'japan' ? [play('no more Japanese-Chinese limits')] : [];
    case 'bnl-production': return m === 'japan' && (s.cards.removed.includes('embargo') || s.cards.inEffect.includes('embargo')) ? [play('Japan receives the BNL islands\' production')] : [];
    case 'japan-occupies-indochine': {
      // Ruling 107: no occupation without a fight while land units of Japan's enemies other than French ones stand there.
      const held = Object.values(s.units).some((u) => u.where === 'indochine' && !u.aboard && isLandUnit(u) && u.power !== 'france' && u.power !== 'vichy' && atWar(s, u.power, 'japan'));
      return m === 'japan' && (isConquered(s, 'france') || s.events.includes('vichy')) && leaderOf(s, s.control.indochine!) !== 'japan' && !held ? [play('Japan occupies Indochine without a fight')] : [];
    }
    case 'japanese-defense-perimeter': return m === 'japan' && atWarWith('usa') ? [play('in effect from now on')] : [];
    case 'lend-lease-be': return atWar(s, 'ussr', 'germany') && !Object.values(s.units).some((u) => bkgData().map.areas.find((a) => a.id === u.where)?.country === 'uk' && sideOf(s, u.power) === otherSide(sideOfMajor(s, 'be'))) ? [play('BE production -3, USSR +3')] : [];
    case 'lend-lease-usa': return m === 'usa' && s.production.usa >= 11 ? MAJORS.filter((x) => x !== 'usa' && sideOfMajor(s, x) === sideOfMajor(s, 'usa') && !isConquered(s, x)).map((x) => play(`5 BP a quarter to ${POWER_NAMES[x]}`, { target: x })) : [];
    case 'militia': return homeAreasHeld(s, m).enemyInside ? [play('your production +1')] : [];
    case 'morsecode': return ['fortress-europe', 'their-finest-hour'].filter((x) => s.cards.inEffect.includes(x)).map((x) => play(`cancel ${cardData(x).name}`, { target: x }));
    case 'mountain-troops': return [play('your infantry +1 in mountains this quarter')];
    case 'partisans': return homeAreasHeld(s, m).free.length ? [play(`take back ${homeAreasHeld(s, m).free.slice(0, 2).join(' and ')}`)] : [];
    case 'spies': return [play('see the enemy side\'s cards')];
    case 'us-chinese-aircraft': return m === 'usa' ? [play('in effect from now on')] : [];
    case 'their-finest-hour': return m === 'be' && (isConquered(s, 'france') || s.events.includes('vichy')) ? [play('in effect from now on')] : [];
    case 'espionage': return Object.values(s.units).some((u) => u.power === m && (u.type === 'inf' || u.type === 'arm' || u.type === 'hq') && (u.mp || u.done)) ? [] : [play('move up to 10 of your land units and aircraft up to 4 areas')];
    case 'tito-partisans': return sideOf(s, s.control.yugoslavia!) === 'axis' && axisYugoslaviaQuarters(s) >= 4 ? [play('Germany must keep 5 strength points of land units in Yugoslavia')] : [];
    case 'total-war': return quartersAtWar(s, m) >= 4 ? [play('production +3; your troops never retreat')] : [];
    case 'desert-fox': return [play('your land units in Africa exploit without an HQ this turn')];
    case 'ussr-declares-war': return m === 'ussr' && quarterOf(s).year >= 1941 && !atWarWith('germany') ? [play('the USSR declares war on Germany')] : [];
    case 'winter-offensive': return m === 'ussr' ? [play('Soviet land units ignore bad weather in combat this turn')] : [];
    default: return [];
  }
}

/** Cards that only help the phasing side's own moves and attacks: not offered in reactions. */
const OWN_PHASE_ONLY = new Set(['blitzkrieg', 'bridgehead', 'desert-fox']);

/** Cards `m` may play now: in its own movement or exploitation phase, or (`reacting`) in its reactions. */
export function cardPlays(s: BkgState, m: Major, reacting = false): Choice[] {
  if (s.rules !== 'advanced') return [];
  const seen = new Set<string>();
  const out: Choice[] = [];
  for (const h of s.cards.hands[m] ?? []) {
    if (h.turn >= s.turn || seen.has(h.id) || (reacting && OWN_PHASE_ONLY.has(h.id))) continue;
    seen.add(h.id);
    out.push(...phasePlays(s, m, h.id));
  }
  return out;
}

/** Play a card in the owner's phase (the Appendix). */
export function playCard(ctx: Ctx<BkgState>, m: Major, id: string, target?: string): void {
  const s = ctx.state;
  const c = cardData(id);
  spendCard(ctx, m, id);
  const rule = `BKG card ${c.name}`;
  ctx.log(`${POWER_NAMES[m]} plays ${c.name}`, rule);
  if (c.coup) return coup(ctx, m, c, rule);
  switch (id) {
    case 'axis-minor-activation':
      if (target === 'italy') italyEntersWar(ctx, rule);
      else activateMinor(ctx, target!, 'germany', rule);
      return;
    case 'blitzkrieg': write(s, 'effects').push('segment:blitzkrieg'); return;
    case 'bnl-embargo':
      write(s, 'cards').inEffect = s.cards.inEffect.filter((x) => x !== 'bnl-production' && x !== 'bnl-embargo');
      write(s, 'cards', 'removed').push('bnl-production', 'bnl-embargo');
      endDelivery(ctx, 'bnl>japan');
      return;
    case 'bridgehead': write(s, 'effects').push(`bridgehead:${m}`); return;
    case 'cold-days-in-hell': write(s, 'effects').push('cold-days'); return;
    case 'embargo': endDelivery(ctx, 'usa>japan'); return;
    case 'vichy-surrender': return vichySurrender(ctx, rule);
    case 'force-peace':
      s.wars = s.wars.filter((w) => w !== 'japan|ussr');
      if (!s.events.includes('ussr-japan-peace')) write(s, 'events').push('ussr-japan-peace');
      ctx.log('The USSR and Japan are at peace until a peace roll of 12', rule);
      return;
    case 'foreign-troops': write(s, 'production').germany += 1; return;
    case 'us-prewar-production': usPolitics(ctx, 4, 'card Increase US Pre-War Production'); return;
    case 'italian-surrender': {
      for (const u of Object.values(s.units)) if (u.power === 'italy') delete write(s, 'units')[u.id];
      for (const a of ['northern-italy', 'southern-italy']) if (s.control[a] === 'italy') setControl(ctx, a, 'germany', rule);
      if (!s.conquered.includes('italy')) s.conquered = [...s.conquered, 'italy'];
      write(s, 'production').italy = 0;
      return;
    }
    case 'national-war-china': s.jpch = { ...s.jpch, limit: 0 }; return;
    case 'bnl-production': s.deliveries = { ...s.deliveries, 'bnl>japan': 3 }; write(s, 'production').japan += 3; return;
    case 'japan-occupies-indochine':
      for (const u of Object.values(s.units)) if (u.where === 'indochine' && (u.power === 'france' || u.power === 'vichy')) delete write(s, 'units')[u.id];
      setControl(ctx, 'indochine', 'japan', rule);
      usPolitics(ctx, 1, 'Japan occupies Indochine');
      return;
    case 'lend-lease-be': s.deliveries = { ...s.deliveries, 'be>ussr': 3 }; write(s, 'production').be -= 3; write(s, 'production').ussr += 3; return;
    case 'lend-lease-usa': s.deliveries = { ...s.deliveries, [`usa>${target}`]: 5 }; write(s, 'production').usa -= 5; write(s, 'production')[target as Major] += 5; return;
    case 'militia': write(s, 'production')[m] += 1; return;
    case 'morsecode': write(s, 'cards').inEffect = s.cards.inEffect.filter((x) => x !== target); write(s, 'cards', 'removed').push(target!); return;
    case 'mountain-troops': write(s, 'effects').push(`mountain-troops:${m}`); return;
    case 'partisans': for (const a of homeAreasHeld(s, m).free.slice(0, 2)) setControl(ctx, a, m, rule); return;
    case 'spies': {
      const foes = MAJORS.filter((x) => sideOfMajor(s, x) !== sideOfMajor(s, m));
      const text = foes.map((x) => `${POWER_NAMES[x]}: ${(s.cards.hands[x] ?? []).map((h) => cardData(h.id).name).join(', ') || 'none'}`).join('; ');
      ctx.log(`Enemy cards: ${text}`, rule, undefined, MAJORS.filter((x) => sideOfMajor(s, x) === sideOfMajor(s, m)));
      return;
    }
    case 'total-war': write(s, 'production')[m] += 3; write(s, 'events').push(`total-war:${m}`); return;
    case 'desert-fox': write(s, 'effects').push(`desert-fox:${sideOfMajor(s, m)}`); return;
    case 'ussr-declares-war': declareWarByCard(ctx); return;
    case 'winter-offensive': write(s, 'effects').push('winter-offensive'); return;
    case 'espionage': ctx.push('ultra', { seat: m, left: 10 }); return;
    default: return; // permanent cards: in effect from now on (fortress-europe, guards, free-french...)
  }
}

/** Coup cards: 2D6 against the card's ranges: the neutral joins the card owner, nothing happens, or it joins the enemy. */
function coup(ctx: Ctx<BkgState>, m: Major, c: CardData, rule: string): void {
  const s = ctx.state;
  const minor = c.coup!.minor;
  const r = ctx.roll(6, 2, `coup in ${POWER_NAMES[minor]}`, rule).total;
  if (r >= c.coup!.success[0] && r <= c.coup!.success[1]) {
    ctx.log(`Coup roll ${r}: ${POWER_NAMES[minor]} joins ${POWER_NAMES[m]}`, rule);
    activateMinor(ctx, minor, m, rule);
  } else if (r >= c.coup!.counter[0] && r <= c.coup!.counter[1]) {
    const foes = MAJORS.filter((x) => sideOfMajor(s, x) !== sideOfMajor(s, m) && !isConquered(s, x));
    const pick = foes[ctx.roll(foes.length, 1, `random major to play ${POWER_NAMES[minor]}`, rule).total - 1]!;
    ctx.log(`Coup roll ${r}: counter-coup, ${POWER_NAMES[minor]} joins ${POWER_NAMES[pick]}`, rule);
    activateMinor(ctx, minor, pick, rule);
  } else ctx.log(`Coup roll ${r}: no effect`, rule);
  const side = s.controller[minor] ? sideOfMajor(s, s.controller[minor]!) : null;
  if (side) for (const foe of MAJORS) if (sideOfMajor(s, foe) !== side && isBelligerent(s, foe) && MAJORS.some((x) => sideOfMajor(s, x) === side && atWar(s, x, foe))) joinWar(s, minor, foe);
  engageCoLocated(ctx, side ?? 'axis');
}

function joinWar(s: BkgState, minor: string, foe: string): void {
  const k = warKey(minor, foe);
  if (!s.wars.includes(k)) s.wars = [...s.wars, k].sort();
}

/** Card USSR may declare war on Germany or Italy: the 2/41 restriction of 8.4 is lifted by the card itself. */
function declareWarByCard(ctx: Ctx<BkgState>): void {
  ussrEntersWar(ctx, 'BKG card USSR may declare war on Germany or Italy', sideOfMajor(ctx.state, 'ussr'));
}

/** Card French Vichy Surrender: Germany occupies France but Vichy; Vichy and the unoccupied colonies become neutral
 *  Vichy France, each with one flipped French unit; the Maginot line is gone (8.6). */
function vichySurrender(ctx: Ctx<BkgState>, rule: string): void {
  const s = ctx.state;
  for (const u of Object.values(s.units)) if (u.power === 'france') delete write(s, 'units')[u.id];
  for (const a of bkgData().map.areas) {
    if (a.kind !== 'land' || a.country !== 'france') continue;
    if (a.home && a.id !== 'vichy') {
      // Germany occupies France; a home area another Allied major's land units hold stays with the Allies (ruling 102).
      const ally = Object.values(s.units).find((u) => u.where === a.id && !u.aboard && isLandUnit(u) && u.type !== 'hq' && sideOf(s, u.power) === sideOfMajor(s, 'france') && leaderOf(s, u.power) !== 'france');
      if (s.control[a.id] === 'france') setControl(ctx, a.id, ally ? leaderOf(s, ally.power) : 'germany', rule);
      continue;
    }
    if (s.control[a.id] !== 'france') continue;
    write(s, 'control')[a.id] = 'vichy';
    createUnit(s, 'vichy', 'inf', 2, a.id, { reduced: true });
  }
  s.conquered = [...s.conquered, 'france'];
  write(s, 'production').france = 0;
  write(s, 'events').push('vichy', 'france-fallen');
  write(s, 'effects').push('fortress-destroyed');
  activateBePacific(ctx, rule);
}

interface UltraFrame extends Frame {
  seat: Major;
  left: number;
}

/** Where Espionage (Ultra) may move a unit: a friendly area without enemy units within 4 areas over friendly areas
 *  (aircraft also over sea zones), none with a combat (ruling 83). */
function ultraTargets(s: BkgState, u: Unit): string[] {
  const map = bkgMap();
  const g = map.board;
  const env = envFor(s, u.power);
  const air = u.type === 'air';
  const reach = movementRange(g, g.index(u.where), 4, {
    enterCost: (_f, n) => ((env.status[n] === FRIENDLY && !env.enemyAt[n] && !map.isSea[n]) || (air && map.isSea[n] === 1 && !env.enemyAt[n]) ? 1 : Infinity),
  });
  const battles = new Set(s.battles.map((b) => b.place));
  return reach.nodes().filter((n) => !env.coopBar?.[n]).map((n) => g.id(n)).filter((id) => id !== u.where && !map.isSea[g.index(id)] && !battles.has(id)).sort(); // 9.11
}

/** Card Espionage (Ultra): the major moves up to 10 of its own land units and aircraft (no ships, no associates'), one
 *  after another, up to 4 areas each. */
export const ultra: Procedure<BkgState, UltraFrame> = {
  prompts(s, f) {
    const battles = new Set(s.battles.map((b) => b.place));
    const units = Object.values(s.units).filter((u) => u.power === f.seat && u.where !== 'box' && !u.aboard && !u.from && (u.type === 'inf' || u.type === 'arm' || u.type === 'hq' || u.type === 'air') && !battles.has(u.where));
    const choices: Choice[] = [];
    const places = [...new Set(units.map((u) => u.where))].sort();
    for (const place of places) for (const u of distinct(s, units.filter((v) => v.where === place))) for (const to of ultraTargets(s, u)) choices.push({ action: { type: 'ultra', unit: u.id, to }, label: `${unitLabel(u)} from ${area(u.where).name} to ${area(to).name}`, refs: { units: [u.id], from: u.where, place: to } });
    return [{ seat: f.seat, rule: 'BKG card Espionage (Ultra)', kind: 'card', text: `${POWER_NAMES[f.seat]}: Espionage (Ultra): move up to ${f.left} more units`, choices: [...choices, { action: { type: 'end' }, label: 'No more' }] }];
  },
  act(ctx, f, _seat, action) {
    if (action.type === 'end') return void ctx.pop();
    const u = write(ctx.state, 'units', action.unit as string);
    logUnits(ctx, [u], `${POWER_NAMES[f.seat]} ${unitLabel(u)} moves from ${area(u.where).name} to ${area(action.to as string).name} (Espionage)`, 'BKG card Espionage (Ultra)');
    u.where = action.to as string;
    if (f.left <= 1) return void ctx.pop();
    ctx.goto('ultra', { ...f, left: f.left - 1 });
  },
};
