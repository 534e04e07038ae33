// House rules l.36: a land battle lasts at most 4 rounds, 3 on Winter turns and on Summer turns in North Africa and
// the Middle East; the terrain reduction (rough, wetland) needs the draft's missing map and is not applied (ruling).
import type { AaeState } from '../state.ts';
import { hasMark } from '../world.ts';
import { seasonOf } from './seasons.ts';

export const RULE_MAX_ROUNDS = 'AAE house rules l.36 (four combat rounds)';
const NORTH_AFRICA = new Set(['morocco', 'algeria', 'tunisia', 'libya', 'egypt']);

/** The last round a land battle in `area` may fight, or 0 for no limit. */
export function maxRounds(s: AaeState, area: string): number {
  if (!s.opts.house['max-rounds']) return 0;
  const { season } = seasonOf(s.round);
  if (season === 'Winter') return 3;
  if (season === 'Summer' && (NORTH_AFRICA.has(area) || hasMark(area, 'middle-east'))) return 3;
  return 4;
}
