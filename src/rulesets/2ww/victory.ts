// 2WW 13 Victory, judged after the Spring 1945 turn: six levels from the set of Axis-controlled powers.
import type { Outcome } from '../../engine/index.ts';
import type { TwoWWState } from './state.ts';
import { scenario } from './data/index.ts';
import { POWER_NAMES, worldOf } from './world.ts';

/** Powers that never count: the off-map US, Iraq (a British overseas territory, 13), Vichy (part of France). */
const NOT_COUNTED = ['us', 'iq', 'vc'];
/** Ignored for the Axis total victory (13.2). */
const AXIS_TOTAL_IGNORES = ['se', 'ch', 'es', 'tr', 'ir'];

/** Powers of the game (data/setup.json) with hexes on the map; map-only lands (Ireland, Saudi Arabia...) are no powers. */
export function victoryPowers(state: TwoWWState): string[] {
  const w = worldOf(state);
  const onBoard = new Set<string>();
  for (const h of w.hexes) if (h?.country && !h.overseas) onBoard.add(h.country);
  const powers = new Set<string>(scenario().countries.map((c) => c.id));
  return Object.keys(state.countries).filter((c) => powers.has(c) && onBoard.has(c) && !NOT_COUNTED.includes(c)).sort();
}

export function axisControlledPowers(state: TwoWWState): string[] {
  return victoryPowers(state).filter((c) => state.countries[c]?.controller === 'axis');
}

/** Egypt counts for the Axis total victory when the Axis holds every Egyptian city (docs/rulings/2ww.md). */
export function egyptAxisControlled(state: TwoWWState): boolean {
  const w = worldOf(state);
  const cities = w.hexes.filter((h) => h && h.region === 'egypt' && (h.city || h.port));
  return cities.length > 0 && cities.every((h) => state.control[h!.id] === 'axis');
}

export function victoryLevel(state: TwoWWState): Outcome {
  const axis = axisControlledPowers(state);
  const names = axis.map((c) => POWER_NAMES[c] ?? c).join(', ') || 'none';
  const hasGe = axis.includes('ge');
  const others = axis.filter((c) => c !== 'ge');
  const all = victoryPowers(state).filter((c) => !AXIS_TOTAL_IGNORES.includes(c));
  const out = (winner: 'axis' | 'allies' | null, result: string, rule: string): Outcome => ({ winner, result: `${result} (Axis-controlled: ${names})`, rule });
  if (axis.length === 0) return out('allies', 'Allied total victory', '2WW 13.1');
  if (!hasGe) return out('allies', 'Allied major victory', '2WW 13.1');
  if (all.every((c) => axis.includes(c)) && egyptAxisControlled(state)) return out('axis', 'Axis total victory', '2WW 13.2');
  if (axis.includes('hu') && axis.includes('ru') && others.filter((c) => c !== 'hu' && c !== 'ru').length >= 3) {
    return out('axis', 'Axis major victory', '2WW 13.2');
  }
  if (others.length >= 2) return out('axis', 'Axis minor victory', '2WW 13.2');
  if (others.length === 1) return out('allies', 'Allied minor victory', '2WW 13.1');
  return out('allies', 'Allied major victory', '2WW 13.1');
}
