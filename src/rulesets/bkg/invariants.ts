// What must hold in every reachable state (the fuzzer checks it after every action).
import { bkgMap } from './map.ts';
import { atWar, leaderOf } from './politics.ts';
import { MAJORS, isMajor, sideOfMajor } from './powers.ts';
import { type BkgState, isShip } from './state.ts';

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
    if (s.budget[mj] < 0) bad.push(`BKG 7.3: ${mj} spent more than it had (${s.budget[mj]})`);
  }
  return bad;
}
