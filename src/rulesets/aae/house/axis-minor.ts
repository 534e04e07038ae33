// The Axis Minor player (house rules l.3-5, 151-153; rulings 79-81): a fifth power of the Axis whose turn follows
// Germany's, holding Italy (with Greece and Libya), Hungary, Rumania, Bulgaria and Finland. It buys and places by the
// draft's limits per nation (early-war pieces but for Finnish infantry and ships) and its nations' units keep out of
// each other's countries and, but for a few, out of the Soviet Union.
import { AAE_DATA, AXIS_MINOR, NATIONS, type MinorNation, type Power, type UnitType } from '../data/index.ts';
import type { RuleViolationInfo } from '../../../engine/index.ts';
import type { AaeState, Unit } from '../state.ts';
import { AREAS, TURN_ORDER, area, controller, hasFactory, isLand, neighboursIn, sideOf, standIn, unitData } from '../world.ts';
import { isShip } from '../combat-rules.ts';
import { minorNationOf, nationAreas } from './regions.ts';
import { researched } from './research.ts';

export const RULE_AXIS_MINOR = 'AAE house rules l.3 (the Axis Minor player)';
export const RULE_MINOR_PRODUCTION = 'AAE house rules l.5 (Axis Minor production)';
export const RULE_NEIGHBOURS = 'AAE house rules l.151 (hostile neighbours)';
export const RULE_EASTERN_FRONT = 'AAE house rules l.153 (limited Eastern front involvement)';

export const minorInPlay = (s: Pick<AaeState, 'opts'>): boolean => s.opts.house['axis-minor'] === true;

/** The powers in turn order: the Axis Minor right after Germany, "on the German player's turn" (l.3, ruling 79). */
export function turnOrder(s: Pick<AaeState, 'opts'>): readonly Power[] {
  return minorInPlay(s) ? TURN_ORDER.flatMap((p) => (p === 'germany' ? [p, AXIS_MINOR] : [p])) : TURN_ORDER;
}

/** The original owner of an area in this game: the Axis Minor for its nations' territories (l.3). */
export function originalOwner(s: Pick<AaeState, 'opts'>, id: string): Power | undefined {
  if (minorInPlay(s) && minorNationOf(id)) return AXIS_MINOR;
  return area(id).owner;
}

/** Set-up (ruling 79): the nations' pieces, territories and their worth in IPCs pass from Germany to the Axis Minor. */
export function setUpAxisMinor(opts: AaeState['opts'], units: Unit[], control: Record<string, Power | null>, ipcs: Record<Power, number>): void {
  for (const u of units) if (u.nation && u.power === 'germany') u.power = AXIS_MINOR;
  let worth = 0;
  for (const [id, c] of Object.entries(control)) {
    if (c !== 'germany' || !minorNationOf(id)) continue;
    control[id] = AXIS_MINOR;
    worth += opts.house.regions && id in AAE_DATA.house.hostValues ? AAE_DATA.house.hostValues[id]! : area(id).value ?? 0;
  }
  ipcs.minor += worth;
  ipcs.germany = Math.max(0, ipcs.germany - worth);
}

// -----------------------------------------------------------------------------------------------------------------
// Production (l.5, 7)

/** What each nation may build, how many a turn (null: the complex's own limit), and whether it is an early-war piece. */
interface NationBuild { types: (t: UnitType) => boolean; perTurn: number | null; ew: (t: UnitType) => boolean }

const LAND = (t: UnitType) => unitData(t).domain === 'land';
const BUILDS: Record<MinorNation, NationBuild> = {
  // New Italian army and air units are early-war pieces; its ships regular; built at the Italian complex.
  italy: { types: () => true, perTurn: null, ew: (t) => !isShip(t) },
  // Two ground units a turn (no complex is named: ruling 80).
  hungary: { types: (t) => LAND(t) && t !== 'fort', perTurn: 2, ew: () => true },
  // Infantry, artillery and submarines "at the Romanian factory": the base map has none; up to twice the value (l.7).
  rumania: { types: (t) => t === 'infantry' || t === 'artillery' || t === 'submarine', perTurn: null, ew: (t) => !isShip(t) },
  // One infantry a turn, no complex needed.
  bulgaria: { types: (t) => t === 'infantry', perTurn: 1, ew: () => true },
  // One regular infantry in Helsinki (Finland without the regional map).
  finland: { types: (t) => t === 'infantry', perTurn: 1, ew: () => false },
};

/** Does some nation of the Axis Minor build this type (the shop of its purchase)? */
export const minorBuilds = (t: UnitType): boolean => NATIONS.some((n) => BUILDS[n].types(t));

/** The placement key of a nation's quota. */
const quotaKey = (n: MinorNation): string => `minor:${n}`;

/** Where a new unit of the Axis Minor may go this mobilization (`placed` counts placements by factory key). */
export function minorPlacements(s: AaeState, t: UnitType, placed: Record<string, number>, factoryRoom: (id: string) => number): { at: string; factory: string; site: string }[] {
  const out: { at: string; factory: string; site: string }[] = [];
  for (const n of NATIONS) {
    const b = BUILDS[n];
    if (!b.types(t)) continue;
    const sites = n === 'finland' ? [standIn(s, 'helsinki')] : nationAreas(s, n);
    for (const site of sites) {
      if (controller(s, site) !== AXIS_MINOR || s.capturedThisTurn.includes(site)) continue;
      let room: number;
      if (n === 'italy') { if (!hasFactory(s, site)) continue; room = factoryRoom(site); }
      else if (b.perTurn !== null) room = b.perTurn - (placed[quotaKey(n)] ?? 0);
      else room = 2 * (area(site).value ?? 0) - (placed[quotaKey(n)] ?? 0);
      if (room <= 0) continue;
      const key = n === 'italy' ? site : quotaKey(n);
      if (!isShip(t)) out.push({ at: site, factory: key, site });
      else for (const z of neighboursIn(s, site)) if (z.kind === 'coast') out.push({ at: z.id, factory: key, site });
    }
  }
  return out;
}

/** A new Axis Minor unit placed through `factory`: its nation and whether it is an early-war piece (l.5). */
export function markNewMinorUnit(s: AaeState, u: Unit, factory: string): void {
  const n = (factory.startsWith('minor:') ? factory.slice(6) : minorNationOf(factory)) as MinorNation | undefined;
  if (!n) return;
  u.nation = n;
  // l.229: Italian fighters researched are regular pieces.
  if (BUILDS[n].ew(u.type) && !(n === 'italy' && u.type === 'fighter' && researched(s, AXIS_MINOR, 'fighters') > 0)) u.ew = true;
}

// -----------------------------------------------------------------------------------------------------------------
// Movement limits (l.151-153)

interface MinorBook { intoSu?: Partial<Record<MinorNation, number>>; suRound?: Partial<Record<MinorNation, number>>; bulgariaAttacked?: boolean }
const book = (s: AaeState): MinorBook => (s.house?.axisMinor as MinorBook | undefined) ?? {};
const saveBook = (s: AaeState, b: MinorBook): void => { s.house = { ...(s.house ?? {}), axisMinor: b }; };

/** Hungary from turn 2 and Italy may send one unit a turn into the Soviet Union, 4 and 5 in all; Bulgaria none until attacked. */
const SU_LIMIT: Partial<Record<MinorNation, { from: number; total: number }>> = { hungary: { from: 2, total: 4 }, italy: { from: 1, total: 5 } };

const soviet = (id: string): boolean => AREAS.get(id)?.owner === 'ussr';

/** Bulgaria has been attacked by the Soviet Union or the Allies: its units move freely (l.151, 153). */
export function noteBulgariaAttacked(s: AaeState, at: string, attacker: Power): void {
  if (!minorInPlay(s) || minorNationOf(at) !== 'bulgaria' || sideOf(attacker) !== 'allies' || book(s).bulgariaAttacked) return;
  saveBook(s, { ...book(s), bulgariaAttacked: true });
}

/**
 * How many units of this stack may move to `to` (l.151-153): 0 when the move is barred, 1 when it spends a nation's
 * one unit a turn into the Soviet Union, else no limit.
 */
export function minorRoom(s: AaeState, u: Unit, to: string): number {
  if (u.power !== AXIS_MINOR || !u.nation) return Infinity;
  const n = u.nation as MinorNation;
  const dest = minorNationOf(to);
  if ((n === 'hungary' && dest === 'rumania') || (n === 'rumania' && dest === 'hungary')) return 0;
  if (rivalsApart(s, n, to)) return 0;
  const b = book(s);
  if (n === 'bulgaria' && !b.bulgariaAttacked && AREAS.get(to)?.kind === 'land' && dest !== 'bulgaria' && to !== 'greece' && to !== 'yugoslavia') return 0;
  if (!soviet(to) || soviet(u.at)) return Infinity;
  const lim = SU_LIMIT[n];
  // Rumanian and Finnish units are not limited (the draft names none); Bulgarians once attacked.
  if (!lim) return n === 'bulgaria' && !b.bulgariaAttacked ? 0 : Infinity;
  if (s.round < lim.from || (b.intoSu?.[n] ?? 0) >= lim.total || b.suRound?.[n] === s.round) return 0;
  return 1;
}

const RIVAL: Partial<Record<MinorNation, MinorNation>> = { hungary: 'rumania', rumania: 'hungary' };

/**
 * l.151: Hungarian and Rumanian units share a territory only with a German unit in it. Read as a limit on the moves
 * of the nations' units: one ends a move where the other's stand only beside a German unit (ruling 84).
 */
function rivalsApart(s: AaeState, n: MinorNation, to: string): boolean {
  const rival = RIVAL[n];
  if (!rival || !isLand(to)) return false;
  const here = s.units.filter((x) => x.at === to);
  return here.some((x) => x.power === AXIS_MINOR && x.nation === rival) && !here.some((x) => x.power === 'germany');
}

/** After a move: a unit entering the Soviet Union spends its nation's move of the turn (l.153). */
export function noteMinorMove(s: AaeState, u: Unit, from: string): void {
  if (u.power !== AXIS_MINOR || !u.nation || !SU_LIMIT[u.nation as MinorNation] || !soviet(u.at) || soviet(from)) return;
  const n = u.nation as MinorNation;
  const b = book(s);
  saveBook(s, { ...b, intoSu: { ...b.intoSu, [n]: (b.intoSu?.[n] ?? 0) + 1 }, suRound: { ...b.suRound, [n]: s.round } });
}

/** Why a move is barred by the Axis Minor's limits, or null. */
export function explainMinorMove(s: AaeState, u: Unit, to: string): RuleViolationInfo | null {
  if (minorRoom(s, u, to) > 0) return null;
  const n = u.nation as MinorNation;
  if (rivalsApart(s, n, to)) return { rule: RULE_NEIGHBOURS, message: 'Hungarian and Rumanian units may share a territory only with a German unit there' };
  if (soviet(to) && !soviet(u.at) && n !== 'bulgaria') return { rule: RULE_EASTERN_FRONT, message: `${n} may send no more units into the Soviet Union now` };
  return { rule: RULE_NEIGHBOURS, message: n === 'bulgaria' ? 'Bulgarian units enter only Greece and Yugoslavia until attacked' : 'Hungarian and Rumanian units may not enter each other\'s country' };
}
