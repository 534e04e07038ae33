// New units bought at the purchase step (house rules; their figures: house/units.ts and house/values.ts):
// paratroops (l.18: Germany and the Soviet Union, two in play each; the others only by research) and coastal forts
// (l.12, 14, 54: one an area, placed in a coastal territory held since the turn began; overseas, with no land route
// to the capital, half its defence until the end of its owner's next turn). Ruling 73.
import type { Choice, Ctx } from '../../../engine/index.ts';
import type { Power, UnitType } from '../data/index.ts';
import type { AaeState, Unit } from '../state.ts';
import { AREAS, areaName, powerPossessive, capitalOf, controller, inPlay, neighboursIn, standIn } from '../world.ts';
import { researched } from './research.ts';
import { unitCost } from './values.ts';

export const RULE_PARATROOPS = 'AAE house rules l.18 (paratroops)';
export const RULE_FORTS = 'AAE house rules l.12, 14 (coastal forts)';
const PARATROOPS_MAX = 2;
/** Powers that build paratroops without research (l.18: the UK and the US only through it, l.237, 239). */
const PARATROOP_POWERS: ReadonlySet<Power> = new Set(['germany', 'ussr']);

const count = (s: AaeState, p: Power, t: UnitType): number =>
  s.units.filter((u) => u.power === p && u.type === t).length + s.pending[p].filter((x) => x === t).length;

function mayBuyParatroop(s: AaeState, p: Power): boolean {
  if (!s.opts.house.paratroops || count(s, p, 'paratroop') >= PARATROOPS_MAX) return false;
  return PARATROOP_POWERS.has(p) || researched(s, p, 'paratroops') > 0;
}

/** The new units' purchase choices the power has now. */
export function newUnitChoices(s: AaeState, p: Power): Choice[] {
  const out: Choice[] = [];
  const money = s.ipcs[p];
  if (mayBuyParatroop(s, p) && unitCost(s, 'paratroop', p) <= money) {
    out.push({ action: { type: 'buy', unit: 'paratroop' }, label: `buy paratroop (${unitCost(s, 'paratroop', p)} IPCs; at most ${PARATROOPS_MAX} in play)` });
  }
  if (s.opts.house.forts && unitCost(s, 'fort', p) <= money && count(s, p, 'fort') - builtForts(s, p) < fortPlaces(s, p, {}).length) {
    out.push({ action: { type: 'buy', unit: 'fort' }, label: `buy coastal fort (${unitCost(s, 'fort', p)} IPCs; placed in a coastal territory you hold)` });
  }
  return out;
}

const builtForts = (s: AaeState, p: Power): number => s.units.filter((u) => u.power === p && u.type === 'fort').length;

const coastal = (s: AaeState, id: string): boolean => neighboursIn(s, id).some((n) => n.kind === 'coast');

/** Where a fort may go: a coastal territory the power has held since the turn began, without a fort (l.12: one an area). */
export function fortPlaces(s: AaeState, p: Power, placed: Record<string, number>): string[] {
  const forts = new Set(s.units.filter((u) => u.type === 'fort').map((u) => u.at));
  return [...AREAS.values()].filter((a) => a.kind === 'land' && inPlay(s, a.id) && controller(s, a.id) === p && !s.capturedThisTurn.includes(a.id)
    && !forts.has(a.id) && !placed[`fort:${a.id}`] && coastal(s, a.id)).map((a) => a.id).sort();
}

/** Overseas (l.12): no chain of land connections from the area to the power's capital. */
export function overseas(s: AaeState, p: Power, id: string): boolean {
  const capital = standIn(s, capitalOf(p));
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length) {
    const a = queue.shift()!;
    if (a === capital) return false;
    for (const n of neighboursIn(s, a)) if (n.kind === 'land' && !seen.has(n.id)) { seen.add(n.id); queue.push(n.id); }
  }
  return true;
}

interface FortBook { [unit: string]: number }
const fortBook = (s: AaeState): FortBook => (s.house?.forts ?? {}) as FortBook;

/** A fort just placed: overseas it is still building (half defence) until the end of its owner's next turn. */
export function fortPlaced(ctx: Ctx<AaeState>, u: Unit): void {
  const s = ctx.state;
  if (!overseas(s, u.power, u.at)) return;
  u.building = true;
  s.house = { ...(s.house ?? {}), forts: { ...fortBook(s), [u.id]: s.round } };
  ctx.log(`The coastal fort in ${areaName(u.at)} is overseas: it defends at half until the end of ${powerPossessive(u.power)} next turn`, RULE_FORTS);
}

/** At the end of a power's turn: its forts placed overseas in an earlier round are finished. */
export function fortsFinished(ctx: Ctx<AaeState>, p: Power): void {
  const s = ctx.state;
  const book = fortBook(s);
  if (!Object.keys(book).length) return;
  const left: FortBook = {};
  for (const [id, round] of Object.entries(book)) {
    const u = s.units.find((x) => x.id === id);
    if (!u) continue;
    if (u.power !== p || round >= s.round) { left[id] = round; continue; }
    u.building = undefined;
    ctx.log(`The coastal fort in ${areaName(u.at)} is finished`, RULE_FORTS);
  }
  s.house = { ...(s.house ?? {}), forts: left };
}
