// Cards (advanced 7.4 and the Appendix): the stack, hands, buying in the card phase, and what each card does when
// played. Effects are written in our own words; each names the card it comes from.
import type { CardData } from './data/index.ts';
import { bkgData } from './data/index.ts';
import type { Choice, Ctx, Frame, Procedure } from '../../engine/index.ts';
import { atWar, isBelligerent, isConquered, leaderOf } from './politics.ts';
import { AXIS_MINORS, MAJORS, POWER_NAMES, SIDE_OF_MAJOR, type Major } from './powers.ts';
import type { BkgState } from './state.ts';

const CARDS = new Map(bkgData().cards.map((c) => [c.id, c]));

export function cardData(id: string): CardData {
  const c = CARDS.get(id);
  if (!c) throw new Error(`bkg: unknown card "${id}"`);
  return c;
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
  if (i >= 0) hand.splice(i, 1);
  const disposal = cardData(id).disposal;
  if (disposal === 'return') s.cards.deck.push(id);
  else if (disposal === 'permanent') s.cards.inEffect.push(id);
  else s.cards.removed.push(id);
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
export function mayBuy(m: Major, id: string): boolean {
  const b = cardData(id).buyers;
  return b.includes('any') || b.includes(m) || b.includes(SIDE_OF_MAJOR[m]);
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
  if (f.drawn && mayBuy(m, f.drawn) && cardData(f.drawn).cost <= budget) out.push({ action: { type: 'buy', card: f.drawn }, label: `Buy ${cardData(f.drawn).name} (${cardData(f.drawn).cost} BP)` });
  for (const c of f.offers?.[m] ?? []) if (cardData(c).cost <= budget) out.push({ action: { type: 'buy', card: c }, label: `Buy the offered ${cardData(c).name} (${cardData(c).cost} BP)` });
  if (f.drawn) {
    for (const x of MAJORS) {
      if (x === m || SIDE_OF_MAJOR[x] !== SIDE_OF_MAJOR[m] || isConquered(s, x) || f.bought?.includes(x) || !mayBuy(x, f.drawn)) continue;
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
      for (const list of Object.values(f.offers ?? {})) s.cards.deck.push(...list);
      return void ctx.pop();
    }
    const m = f.order[f.at]!;
    if (f.late || f.bought?.includes(m)) {
      if (f.late && (f.offers?.[m]?.length ?? 0) > 0) return void ctx.goto('card-phase', { ...f, drawn: null });
      return void ctx.goto('card-phase', { ...f, at: f.at + 1, drawn: undefined });
    }
    let card: string | undefined;
    while ((card = s.cards.deck.shift()) !== undefined) {
      if (!obsolete(s, card)) break;
      s.cards.removed.push(card);
      ctx.log(`${POWER_NAMES[m]} draws an obsolete card (${cardData(card).name}), discards it and draws again`, 'BKG advanced 7.4');
    }
    if (card === undefined) return void ctx.goto('card-phase', { ...f, at: f.at + 1, drawn: undefined });
    if (card === 'japanese-navy') {
      if (SIDE_OF_MAJOR[m] === 'allies' || m === 'japan') {
        s.cards.inEffect.push(card);
        ctx.log(`${POWER_NAMES[m]} draws Japanese Navy: Japan must take it and play it at once`, 'BKG card Japanese Navy');
      } else { s.cards.deck.push(card); ctx.log(`${POWER_NAMES[m]} draws a card and puts it beneath the stack`, 'BKG advanced 7.4'); }
      return void ctx.goto('card-phase', { ...f, at: f.at + 1, drawn: undefined });
    }
    if (!MAJORS.some((x) => SIDE_OF_MAJOR[x] === SIDE_OF_MAJOR[m] && mayBuy(x, card!))) {
      s.cards.deck.push(card);
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
      s.budget[m] -= cardData(card).cost;
      s.cards.hands[m] = [...(s.cards.hands[m] ?? []), { id: card, turn: s.turn }];
      ctx.log(`${POWER_NAMES[m]} buys a card (${cardData(card).cost} BP)`, 'BKG advanced 7.4');
      ctx.log(`(${cardData(card).name})`, 'BKG advanced 7.4', undefined, [m]);
      if (f.drawn && f.drawn !== card) s.cards.deck.push(f.drawn);
      const mine = (offers[m] ?? []).filter((c) => c !== card);
      s.cards.deck.push(...mine);
      delete offers[m];
      return void ctx.goto('card-phase', { ...f, offers, bought: [...(f.bought ?? []), m], at: f.at + 1, drawn: undefined });
    }
    // return: the drawn card (or the declined offers) go beneath the stack
    if (f.drawn) s.cards.deck.push(f.drawn);
    if (!f.drawn || f.late) { s.cards.deck.push(...(offers[m] ?? [])); delete offers[m]; }
    ctx.log(`${POWER_NAMES[m]} puts a card beneath the stack`, 'BKG advanced 7.4');
    const keepDeciding = !!f.drawn && (offers[m]?.length ?? 0) > 0;
    ctx.goto('card-phase', { ...f, offers, drawn: keepDeciding ? null : undefined, at: keepDeciding ? f.at : f.at + 1 });
  },
};
