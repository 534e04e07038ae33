// House rules l.36: a land battle lasts at most 4 rounds, 3 on Winter turns and on Summer turns in North Africa and
// the Middle East; rough and wetland terrain take one more off (l.36, with hr-terrain), built-up cities keep 4
// (l.38). Spring in Eastern Europe: 3 rounds (l.40, hr-weather); Winter 1941 there: the Axis attack 2 rounds (l.44).
import type { AaeState } from '../state.ts';
import { hasMark } from '../world.ts';
import { isCity, isEasternEurope, terrainOf } from './regions.ts';
import { seasonOf } from './seasons.ts';

export const RULE_MAX_ROUNDS = 'AAE house rules l.36 (four combat rounds)';
export const NORTH_AFRICA: ReadonlySet<string> = new Set(['morocco', 'algeria', 'tunisia', 'libya', 'tripoli', 'egypt']);

/** The last round a battle in `area` may fight, or 0 for no limit. */
export function maxRounds(s: AaeState, area: string, kind: 'land' | 'sea' = 'land'): number {
  if (kind === 'sea') return 0;
  const h = s.opts.house;
  const { season } = seasonOf(s.round);
  let limit = 0;
  if (h['max-rounds']) {
    limit = 4;
    if (season === 'Winter') limit = 3;
    if (season === 'Summer' && (NORTH_AFRICA.has(area) || hasMark(area, 'middle-east'))) limit = 3;
    if (h.terrain && terrainOf(s, area) !== 'clear' && !isCity(s, area)) limit -= 1;
  }
  if (h.weather && season === 'Spring' && isEasternEurope(area)) limit = limit ? Math.min(limit, 3) : 3;
  if (h['winter-1941'] && s.round === 4 && s.power === 'germany' && isEasternEurope(area)) limit = limit ? Math.min(limit, 2) : 2;
  return limit;
}
