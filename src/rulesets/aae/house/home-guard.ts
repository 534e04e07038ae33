// Home Guard (house rules l.193): the first Axis ground invasion of the United Kingdom calls it out in every British
// home area (dice: London 2, the North 3, the South 5, HOME_DICE); an even die raises a unit at once, an odd one at the
// start of the next British turn. They never leave the United Kingdom; while
// regular infantry fight they are not taken as casualties (combat-rules.ts `shielded`).
import type { Ctx } from '../../../engine/index.ts';
import type { AaeState } from '../state.ts';
import { newUnit } from '../units.ts';
import { areaName, controller, enemies, standIn, unitData } from '../world.ts';

export const RULE_HOME_GUARD = 'AAE house rules l.193 (Home Guard)';

/** The British home areas and their dice (l.193); without the regional map all stand in for the United Kingdom. */
const HOME_DICE: readonly (readonly [string, number])[] = [['london', 2], ['northern-britain', 3], ['united-kingdom', 5]];

interface HomeGuardRecord { later: Record<string, number> }

const record = (s: AaeState): HomeGuardRecord | undefined => s.house?.homeGuard as HomeGuardRecord | undefined;

/** The British home areas in this game. */
export function homeAreas(s: AaeState): string[] {
  return [...new Set(HOME_DICE.map(([a]) => standIn(s, a)))];
}

/** At the start of the combat phase: Axis land units attacking a British home area call out the Home Guard (once a game, ruling 71). */
export function callHomeGuard(ctx: Ctx<AaeState>): void {
  const s = ctx.state;
  if (!s.opts.house['home-guard'] || record(s) || !enemies(s.power, 'uk')) return;
  const home = homeAreas(s);
  const invaded = s.units.some((u) => u.power === s.power && unitData(u.type).domain === 'land'
    && home.some((a) => controller(s, a) === 'uk' && (u.at === a || u.landing === a)));
  if (!invaded) return;
  const dice = new Map<string, number>();
  for (const [a, n] of HOME_DICE) dice.set(standIn(s, a), (dice.get(standIn(s, a)) ?? 0) + n);
  const later: Record<string, number> = {};
  for (const [a, n] of dice) {
    if (controller(s, a) !== 'uk') continue;
    const faces = ctx.roll(6, n, `Home Guard of ${areaName(a)}`, RULE_HOME_GUARD, { each: true }).faces;
    const now = faces.filter((f) => f % 2 === 0).length;
    for (let i = 0; i < now; i++) newUnit(s, 'home-guard', 'uk', a);
    if (n - now) later[a] = n - now;
    ctx.log(`The Home Guard turns out in ${areaName(a)}: ${now} now, ${n - now} at the start of the next British turn`, RULE_HOME_GUARD);
  }
  s.house = { ...(s.house ?? {}), homeGuard: { later } };
}

/** At the start of the British turn: the Home Guard still to come joins in each home area Britain holds. */
export function homeGuardArrives(ctx: Ctx<AaeState>): void {
  const s = ctx.state;
  const r = record(s);
  if (!r || !Object.keys(r.later).length) return;
  for (const [a, n] of Object.entries(r.later)) {
    if (controller(s, a) !== 'uk') continue;
    for (let i = 0; i < n; i++) newUnit(s, 'home-guard', 'uk', a);
    ctx.log(`${n} more Home Guard join in ${areaName(a)}`, RULE_HOME_GUARD);
  }
  s.house = { ...(s.house ?? {}), homeGuard: { later: {} } };
}
