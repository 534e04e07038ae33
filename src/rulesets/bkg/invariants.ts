// What must hold in every reachable state (the fuzzer checks it after every action).
import { bkgData } from './data/index.ts';
import { bkgMap } from './map.ts';
import { atWar, leaderOf } from './politics.ts';
import { MAJORS, isMajor, sideOfMajor } from './powers.ts';
import { type BkgState, isLandUnit, isShip } from './state.ts';

export function bkgInvariants(s: BkgState): string[] {
  const bad: string[] = [];
  const m = bkgMap();
  // Places of combats still being fought or left (aircraft and task forces wait there to return).
  const battles = new Set([...s.battles.map((b) => b.place), ...s.contacts.map((c) => c.place), ...s.stack.filter((f) => f.proc === 'land-air' || f.proc === 'battle').map((f) => f.place as string)]);
  const byPlace = new Map<string, typeof s.units[string][]>();
  const war = new Map<string, boolean>();
  const enemies = (a: string, b: string) => {
    const k = `${a}|${b}`;
    let w = war.get(k);
    if (w === undefined) war.set(k, (w = atWar(s, a, b)));
    return w;
  };
  for (const u of Object.values(s.units)) {
    if (u.where === 'box') { if (u.arrive === undefined) bad.push(`${u.id} is in production without an arrival turn`); continue; }
    const n = m.board.find(u.where);
    if (n < 0) { bad.push(`${u.id} is at unknown place "${u.where}"`); continue; }
    const sea = m.isSea[n] === 1;
    if (u.aboard) {
      const c = s.units[u.aboard];
      if (!c || !(c.type === 'conv' || (c.type === 'tf' && u.type === 'hq')) || c.where !== u.where) bad.push(`${u.id} is aboard ${u.aboard}, which is not a convoy beside it`);
      continue;
    }
    if (isShip(u) && !sea && !(u.from && battles.has(u.where))) bad.push(`BKG 6.1.3: ship ${u.id} is on land (${u.where})`);
    if (!isShip(u) && sea && !u.from && !(u.type === 'air' && (battles.has(u.where) || u.observe !== undefined))) bad.push(`BKG 1.2: ${u.id} (${u.type}) is at sea in ${u.where} without a convoy`);
    (byPlace.get(u.where) ?? byPlace.set(u.where, []).get(u.where)!).push(u);
  }
  for (const [place, units] of byPlace) {
    if (battles.has(place)) continue;
    const sea = m.isSea[m.board.index(place)] === 1;
    // 6.4 (rulings 21, 103): a land unit in an area its enemy controls is there only while a combat is fought there.
    if (!sea) {
      const c = s.control[place]!;
      const u = units.find((v) => isLandUnit(v) && enemies(v.power, c));
      if (u) bad.push(`BKG 6.4: ${u.id} stands in ${place}, which its enemy ${c} controls, outside a combat`);
    }
    if (sea && s.rules === 'advanced') continue; // advanced 6.4.3 D: enemy ships may share a sea zone unfound
    const fighting = units.filter((u) => !sea || isShip(u));
    for (let i = 0; i < fighting.length; i++) {
      for (let j = i + 1; j < fighting.length; j++) {
        if (enemies(fighting[i]!.power, fighting[j]!.power)) { bad.push(`BKG 6.4: enemy units ${fighting[i]!.id} and ${fighting[j]!.id} share ${place} outside a combat`); i = fighting.length; break; }
      }
    }
  }
  // 8.4 (and optional 9.10, ruling 99): never a war inside one side, once the alliances are chosen.
  if (!s.stack.some((f) => f.proc === 'alliances')) for (const k of s.wars) {
    const [a, b] = k.split('|').map((p) => leaderOf(s, p));
    if (isMajor(a!) && isMajor(b!) && sideOfMajor(s, a) === sideOfMajor(s, b)) bad.push(`BKG 8.4: ${k} is a war between countries of one side`);
  }
  for (const mj of MAJORS) {
    if (!Number.isInteger(s.production[mj])) bad.push(`production of ${mj} is ${s.production[mj]}`);
    if (s.production[mj] < 0 || s.saved[mj] < 0) bad.push(`BKG 7.3: ${mj}'s Production Potential (${s.production[mj]}) or Saved Production (${s.saved[mj]}) is below zero`);
    if (s.budget[mj] < 0) bad.push(`BKG 7.3: ${mj} spent more than it had (${s.budget[mj]})`);
  }
  // Advanced 7.4: each card is in exactly one place (the stack, a hand, in effect, out of the game, or drawn or offered
  // in the card phase); Coup in Iran (optional 9.9) stands for the Coup in Ireland it replaced.
  if (s.rules === 'advanced') {
    const cards = [...s.cards.deck, ...s.cards.inEffect, ...s.cards.removed, ...Object.values(s.cards.hands).flatMap((h) => h.map((c) => c.id))];
    for (const f of s.stack) if (f.proc === 'card-phase') cards.push(...(typeof f.drawn === 'string' ? [f.drawn] : []), ...Object.values((f.offers ?? {}) as Record<string, string[]>).flat());
    const seen = new Set<string>();
    for (const c of cards) {
      const id = c === 'coup-iran' ? 'coup-ireland' : c;
      if (seen.has(id)) bad.push(`BKG advanced 7.4: card ${c} is in two places`);
      seen.add(id);
    }
    if (seen.size !== bkgData().cards.length) bad.push(`BKG advanced 7.4: ${seen.size} cards in play, not ${bkgData().cards.length}`);
  }
  return bad;
}
