// Naval searches (advanced 6.4.3 D-F): opposing ships in one sea zone fight only when found. A group passing enemy
// ships is searched for on the way; groups that end in one sea zone (or began there) search when the combats begin.
import { write, type Choice, type Ctx, type Frame, type Procedure } from '../../engine/index.ts';
import { bkgData } from './data/index.ts';
import { area } from './map.ts';
import { weatherAt } from './advanced.ts';
import { atWar, commander, seatOf, sideOf } from './politics.ts';
import { otherSide, type Side } from './powers.ts';
import { type BkgState, type Unit, isShip } from './state.ts';

/** Best search number of `searchers` against `targets` (advanced 6.4.3 E): TFs and aircraft use the CV/Air column,
 *  convoys the ships column, subs their own; against subs only ships search; radar, sonar, better subs add 2. */
export function searchNumber(s: BkgState, searchers: Unit[], targets: Unit[], place: string): number {
  const t = bkgData().tables.search;
  const w = weatherAt(s, place);
  const subsOnly = targets.length > 0 && targets.every((u) => u.type === 'sub');
  const has = (u: Unit, a: string) => { const m = seatOf(s, u.power); return !!m && m === u.power && (s.achievements[m] ?? []).includes(a); };
  let best = 0;
  for (const u of searchers) {
    let n = 0;
    if (subsOnly) {
      if (u.type === 'sub' || !isShip(u)) continue; // subs do not search subs; only ships search for subs
      n = t['ships-subs'][w] + (has(u, 'sonar') ? 2 : 0);
    } else if (u.type === 'tf' || u.type === 'air') n = t['cv-air-ships'][w] + (has(u, 'radar') ? 2 : 0);
    else if (u.type === 'conv') n = t['ships-ships'][w] + (has(u, 'radar') ? 2 : 0);
    else if (u.type === 'sub') n = t['subs-ships'][w] + (has(u, 'better-subs') ? 2 : 0);
    best = Math.max(best, n);
  }
  return best;
}

/** One side's search roll: 2D6 at or under its best number; the Naval Surprise card makes it succeed (and the
 *  enemy's fail). */
export function searchRoll(ctx: Ctx<BkgState>, side: Side, searchers: Unit[], targets: Unit[], place: string): boolean {
  const s = ctx.state;
  const n = searchNumber(s, searchers, targets, place);
  if (n <= 0) return false;
  const r = ctx.roll(6, 2, `${side === 'axis' ? 'Axis' : 'Allied'} search in ${area(place).name} (success on ${n} or less)`, 'BKG advanced 6.4.3 E');
  const ok = r.total <= n;
  ctx.log(`${side === 'axis' ? 'Axis' : 'Allied'} search roll ${r.total}: ${ok ? 'found' : 'not found'}`, 'BKG advanced 6.4.3 E');
  return ok;
}

/** Ships and aircraft of each side at a place, at war with the other side's there. */
export function hostileGroups(s: BkgState, place: string): { axis: Unit[]; allies: Unit[] } {
  const here = Object.values(s.units).filter((u) => u.where === place && !u.aboard && (isShip(u) || u.type === 'air'));
  const bySide = { axis: [] as Unit[], allies: [] as Unit[] };
  for (const u of here) {
    const side = sideOf(s, u.power);
    if (!side) continue;
    if (here.some((v) => sideOf(s, v.power) === otherSide(side) && atWar(s, u.power, v.power))) bySide[side].push(u);
  }
  return bySide;
}

/** Sea zones where the two sides' ships share a place without a combat: the searches of this combat phase. */
export function pendingContacts(s: BkgState): string[] {
  const places = new Set<string>(s.contacts.map((c) => c.place));
  for (const u of Object.values(s.units)) if (isShip(u) && !u.aboard && u.where !== 'box' && area(u.where).kind === 'sea') places.add(u.where);
  return [...places].filter((p) => !s.battles.some((b) => b.place === p) && (() => { const g = hostileGroups(s, p); return g.axis.length > 0 && g.allies.length > 0; })()).sort();
}

/** The searches are over: aircraft at sea without a combat (nothing found, or the ships they went for have left)
 *  go back to base. */
export function endSearches(ctx: Ctx<BkgState>): void {
  const s = ctx.state;
  s.contacts = [];
  const idle = Object.values(s.units).filter((u) => u.type === 'air' && !u.aboard && u.observe === undefined && u.where !== 'box' && area(u.where).kind === 'sea' && !s.battles.some((b) => b.place === u.where));
  for (const p of [...new Set(idle.map((u) => u.where))]) ctx.push('land-air', { place: p, units: idle.filter((u) => u.where === p).map((u) => u.id) });
}

interface SearchFrame extends Frame {
  proc: 'naval-search';
  /** The phasing side. */
  side: Side;
  places: string[];
  /** The place being searched and what has happened there. */
  step: 'next' | 'phasing-fight' | 'other-search' | 'done';
}

/** Ships that may search (advanced 6.4.3 F: not ships that used double range this turn). */
function searchers(units: Unit[]): Unit[] {
  return units.filter((u) => !u.dbl);
}

function startBattle(ctx: Ctx<BkgState>, place: string, attacker: Side): void {
  const s = ctx.state;
  if (!s.battles.some((b) => b.place === place)) write(s, 'battles').push({ place, attacker });
  ctx.log(`Naval combat in ${area(place).name}`, 'BKG advanced 6.4.3 D');
}

/** Advanced 6.4.3 D: the phasing side searches first and, if it finds the enemy, decides whether to fight; if it does
 *  not fight or finds nothing, the other side may search and fight. */
export const navalSearch: Procedure<BkgState, SearchFrame> = {
  prompts(s, f) {
    const place = f.places[0];
    if (!place) return [];
    const g = hostileGroups(s, place);
    if (f.step === 'phasing-fight') {
      const mine = g[f.side];
      const seat = commander(s, mine);
      const choices: Choice[] = [
        { action: { type: 'fight' }, label: `Fight the enemy in ${area(place).name}`, refs: { place } },
        { action: { type: 'ignore' }, label: 'Let them be', refs: { place } },
      ];
      return [{ seat, rule: 'BKG advanced 6.4.3 D', kind: 'yes-no', text: `Your search found the enemy in ${area(place).name}. Fight?`, choices }];
    }
    if (f.step === 'other-search') {
      const theirs = searchers(g[otherSide(f.side)]);
      if (!theirs.length) return [];
      const seat = commander(s, theirs);
      return [{
        seat, rule: 'BKG advanced 6.4.3 D', kind: 'yes-no', text: `Enemy ships in ${area(place).name} were not engaged. Search for them (and fight if found)?`,
        choices: [{ action: { type: 'search' }, label: 'Search and fight if found', refs: { place } }, { action: { type: 'ignore' }, label: 'Stay out of their way', refs: { place } }],
      }];
    }
    return [];
  },
  run(ctx, f) {
    const s = ctx.state;
    const place = f.places[0];
    if (!place) {
      ctx.pop();
      return void endSearches(ctx);
    }
    const rest = { ...f, places: f.places.slice(1), step: 'next' as const };
    const g = hostileGroups(s, place);
    if (!g.axis.length || !g.allies.length) return void ctx.goto('naval-search', rest);
    if (f.step === 'next') {
      const mine = searchers(g[f.side]);
      const found = mine.length > 0 && searchRoll(ctx, f.side, mine, g[otherSide(f.side)].filter((u) => isShip(u)), place);
      return void ctx.goto('naval-search', { ...f, step: found ? 'phasing-fight' : 'other-search' });
    }
    // other-search with nobody able to search
    return void ctx.goto('naval-search', rest);
  },
  act(ctx, f, _seat, action) {
    const s = ctx.state;
    const place = f.places[0]!;
    const rest = { ...f, places: f.places.slice(1), step: 'next' as const };
    if (f.step === 'phasing-fight') {
      if (action.type === 'fight') { startBattle(ctx, place, f.side); return void ctx.goto('naval-search', rest); }
      return void ctx.goto('naval-search', { ...f, step: 'other-search' });
    }
    if (action.type === 'search') {
      const g = hostileGroups(s, place);
      if (searchRoll(ctx, otherSide(f.side), searchers(g[otherSide(f.side)]), g[f.side].filter((u) => isShip(u)), place)) startBattle(ctx, place, f.side);
    }
    ctx.goto('naval-search', rest);
  },
};

/** A group passing enemy ships (advanced 6.4.3 D case 1): the enemy there searches for it; found, it stops there and
 *  fights (ruling: in this phase's combats). Returns the place where the group stops, or null when it slipped by. */
export function passingSearch(ctx: Ctx<BkgState>, group: Unit[], path: string[], phasing: Side): string | null {
  const s = ctx.state;
  for (const p of path.slice(1, -1)) {
    // Optional 9.1: an aircraft watching the sea zone searches too.
    const enemies = Object.values(s.units).filter((v) => v.where === p && !v.aboard && (isShip(v) || v.observe !== undefined) && group.some((u) => atWar(s, u.power, v.power)));
    if (!enemies.length) continue;
    const found = searchRoll(ctx, otherSide(phasing), searchers(enemies), group, p);
    if (found) {
      ctx.log(`The ${phasing === 'axis' ? 'Axis' : 'Allied'} group is found in ${area(p).name} and must stop`, 'BKG advanced 6.4.3 F');
      return p;
    }
  }
  return null;
}
