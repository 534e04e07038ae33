// The Axis Minor nations and their surrender (house rules l.3, 147-149; ruling 72). The nations' pieces are German
// pieces marked with their nation (played by Germany, or with hr-axis-minor by the Axis Minor's seat). Italy leaves the war at the end
// of a turn with Northern Italy lost, or two of Sardinia, Sicily and Southern Italy lost with Italian North Africa;
// the others when their home area falls, or on a die before a strong Allied attack on their home country.
import type { Ctx } from '../../../engine/index.ts';
import { NATIONS, type MinorNation, type Power } from '../data/index.ts';
import { captureArea } from '../capture.ts';
import type { AaeState, Unit } from '../state.ts';
import { removeUnit } from '../units.ts';
import { POWER_NAMES, areaName, controller, sideOf, standIn, unitData } from '../world.ts';
import { isAir } from '../combat-rules.ts';
import { minorNationOf, nationAreas } from './regions.ts';
import { MEDITERRANEAN } from './turn.ts';
import { italyDefeated } from './victory.ts';

export const RULE_MINOR_NATIONS = 'AAE house rules l.3 (the Axis Minor nations)';
export const RULE_SURRENDER = 'AAE house rules l.147-149 (exiting the war and surrender)';

export const NATION_NAMES: Readonly<Record<MinorNation, string>> = { italy: 'Italy', hungary: 'Hungary', rumania: 'Rumania', bulgaria: 'Bulgaria', finland: 'Finland' };
const NATION_ADJECTIVES: Readonly<Record<MinorNation, string>> = { italy: 'Italian', hungary: 'Hungarian', rumania: 'Rumanian', bulgaria: 'Bulgarian', finland: 'Finnish' };

/** The highest die on which each nation gives up before a strong attack (l.149); Italy surrenders only by its losses. */
export const SURRENDER_ON: Readonly<Partial<Record<MinorNation, number>>> = { hungary: 1, finland: 2, rumania: 3, bulgaria: 4 };

/** The area whose capture takes each nation out (l.149: South Finland for the Finns; ruling 72: Budapest for Hungary). */
const HOME: Readonly<Partial<Record<MinorNation, string>>> = { hungary: 'budapest', finland: 'helsinki', rumania: 'rumania', bulgaria: 'bulgaria' };

/** An Italian ship joins the Allies on 3-6, scuttles on 1-2 (l.147); the Allied power that takes it (ruling 72). */
const SHIPS_JOIN_FROM = 3;
const SHIPS_JOIN: Power = 'uk';

/** Attackers must have at least this multiple of the defenders' ground and air units (l.149, "150%": ruling 72). */
export const SURRENDER_RATIO = 1.5;

interface SurrenderRecord { surrendered: Partial<Record<MinorNation, number>>; rolled: MinorNation[] }

const record = (s: AaeState): SurrenderRecord => (s.house?.surrender as SurrenderRecord | undefined) ?? { surrendered: {}, rolled: [] };
const save = (s: AaeState, r: SurrenderRecord): void => { s.house = { ...(s.house ?? {}), surrender: r }; };

export const hasSurrendered = (s: AaeState, n: MinorNation): boolean => record(s).surrendered[n] !== undefined;

/** A nation out of the war or whose home has fallen (l.147-149; the Axis Minor's goal, l.241, asks for one that is not). */
export const nationConquered = (s: AaeState, n: MinorNation): boolean =>
  hasSurrendered(s, n) || (n === 'italy' ? italyDefeated(s) : alliedHeld(s, standIn(s, HOME[n]!)));

/** Set-up: German pieces in a minor nation's territory are that nation's, German ships in the Mediterranean Italian (ruling 72). */
export function markMinorNations(units: Unit[]): void {
  for (const u of units) {
    if (u.power !== 'germany') continue;
    const n = unitData(u.type).domain === 'sea' ? (MEDITERRANEAN.has(u.at) ? 'italy' : undefined) : minorNationOf(u.at);
    if (n) u.nation = n;
  }
}

const alliedHeld = (s: AaeState, id: string): boolean => { const c = controller(s, id); return c !== null && sideOf(c) === 'allies'; };

/** At the end of every turn: a nation whose conditions are met leaves the war (l.147-149). */
export function surrenderAtTurnEnd(ctx: Ctx<AaeState>): void {
  const s = ctx.state;
  if (!s.opts.house.surrender) return;
  for (const n of NATIONS) {
    if (hasSurrendered(s, n)) continue;
    const home = HOME[n];
    if (n === 'italy' ? italyDefeated(s) : alliedHeld(s, standIn(s, home!))) {
      surrender(ctx, n, n === 'italy' ? 'Italy has lost its homeland' : `${areaName(standIn(s, home!))} has fallen`);
    }
  }
}

/** Ground and air units: attackers of `p` about to fight in `a`, and every Axis defender there (l.149). */
export function surrenderForces(s: AaeState, a: string, p: Power): { ground: [number, number]; air: [number, number] } {
  const att = s.units.filter((u) => u.power === p && ((u.at === a && !u.aboard && (u.combatMoved || u.mission === 'attack')) || u.landing === a) && u.mission !== 'raid' && u.mission !== 'escort');
  const def = s.units.filter((u) => u.at === a && sideOf(u.power) === 'axis');
  const land = (us: Unit[]) => us.filter((u) => unitData(u.type).domain === 'land').length;
  const air = (us: Unit[]) => us.filter((u) => isAir(u.type)).length;
  return { ground: [land(att), land(def)], air: [air(att), air(def)] };
}

/** Strong enough to make the nation roll: at least one of each, and 150% of the defenders' ground and air (ruling 72). */
export const strongAttack = (f: ReturnType<typeof surrenderForces>): boolean =>
  f.ground[0] >= 1 && f.air[0] >= 1 && f.ground[0] >= SURRENDER_RATIO * f.ground[1] && f.air[0] >= SURRENDER_RATIO * f.air[1];

/** At the start of an Allied combat phase: each nation whose home country is attacked in strength rolls once a game (l.149). */
export function surrenderBeforeAttack(ctx: Ctx<AaeState>): void {
  const s = ctx.state;
  if (!s.opts.house.surrender || sideOf(s.power) !== 'allies') return;
  for (const n of NATIONS) {
    const on = SURRENDER_ON[n];
    const r = record(s);
    if (on === undefined || hasSurrendered(s, n) || r.rolled.includes(n)) continue;
    const target = nationAreas(s, n).find((a) => !alliedHeld(s, a) && strongAttack(surrenderForces(s, a, s.power)));
    if (!target) continue;
    save(s, { ...r, rolled: [...r.rolled, n] });
    // "Subtract 1 from all rolls" once Germany may build Volksgrenadiers (l.149, 167).
    const less = s.house?.majorDefeat !== undefined ? 1 : 0;
    const face = ctx.roll(6, 1, `${NATION_NAMES[n]}'s surrender`, RULE_SURRENDER).faces[0]!;
    if (face - less > on) {
      ctx.log(`${NATION_NAMES[n]} fights on (rolled ${face}${less ? ' - 1' : ''}; surrenders on ${on} or less)`, RULE_SURRENDER);
      continue;
    }
    surrender(ctx, n, `the ${POWER_NAMES[s.power]}'s attack on ${areaName(target)} (rolled ${face}${less ? ' - 1' : ''})`);
    // The attacked area left without defenders falls to the attackers standing in it (ruling 72).
    const ground = s.units.some((u) => u.power === s.power && u.at === target && !u.aboard && unitData(u.type).domain === 'land');
    if (ground && !s.units.some((u) => u.at === target && sideOf(u.power) === 'axis')) captureArea(ctx, target, s.power, RULE_SURRENDER);
  }
}

/** The nation leaves the war: its land and air pieces go; each ship scuttles on 1-2 or joins the Allies on 3-6 (l.147). */
export function surrender(ctx: Ctx<AaeState>, n: MinorNation, why: string): void {
  const s = ctx.state;
  save(s, { ...record(s), surrendered: { ...record(s).surrendered, [n]: s.round } });
  const pieces = s.units.filter((u) => u.power === 'germany' && u.nation === n);
  const ships = pieces.filter((u) => unitData(u.type).domain === 'sea');
  ctx.log(`${NATION_NAMES[n]} surrenders after ${why}: ${pieces.length - ships.length} land and air units leave the war`, RULE_SURRENDER);
  for (const u of pieces) if (!ships.includes(u)) removeUnit(s, u.id);
  if (!ships.length) return;
  const faces = ctx.roll(6, ships.length, `${NATION_NAMES[n]}'s fleet`, RULE_SURRENDER, { each: true }).faces;
  ships.forEach((ship, i) => {
    const name = unitData(ship.type).name.toLowerCase();
    if (faces[i]! < SHIPS_JOIN_FROM) {
      removeUnit(s, ship.id);
      ctx.log(`The ${NATION_ADJECTIVES[n]} ${name} in ${areaName(ship.at)} scuttles (${faces[i]})`, RULE_SURRENDER);
      return;
    }
    // Axis cargo aboard a ship changing sides is lost with it (ruling 72).
    for (const c of s.units.filter((x) => x.aboard === ship.id)) removeUnit(s, c.id);
    ship.power = SHIPS_JOIN;
    ctx.log(`The ${NATION_ADJECTIVES[n]} ${name} in ${areaName(ship.at)} joins the ${POWER_NAMES[SHIPS_JOIN]} (${faces[i]})`, RULE_SURRENDER);
  });
}
