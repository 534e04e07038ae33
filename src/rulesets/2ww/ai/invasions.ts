// The AI's timetable of invasions (2WW 5.3.1): moves (adapter.ts) and attacks on a neutral's army (combat.ts, ruling
// M9: such an attack is the invasion) enter a neutral country only when it is due.
import type { Action } from '../../../engine/index.ts';
import { countryAt, isNeutralCountry } from '../neutrals.ts';
import type { Side, TwoWWState } from '../state.ts';
import { worldOf } from '../world.ts';

/**
 * Entering `hex` would invade a neutral country before its historical time (2WW 5.3.1: an invasion hands the
 * country's forces to the other side; 12.4: the USSR joins the Allies when invaded; 5.3.1: British and French
 * invasions delay the US): the Axis may enter Poland, Denmark and Norway at once, the Low Countries from Spring 1940,
 * the Balkans from Spring 1941 and the USSR from Summer 1941; the Allies never invade first.
 */
export function untimelyEntry(s: TwoWWState, side: Side, hex: unknown): boolean {
  if (typeof hex !== 'string') return false;
  const w = worldOf(s);
  const n = w.board.find(hex);
  if (n === undefined || n < 0) return false;
  const c = countryAt(s, w, n);
  if (!c || !isNeutralCountry(s, c) || s.countries[c]?.controller === side) return false;
  return side === 'allies' || !invasionDue(s, c);
}

/** A move into a neutral country before its time (untimelyEntry). */
export const untimelyInvasion = (s: TwoWWState, side: Side, a: Action): boolean => untimelyEntry(s, side, a.to);

/** The Axis's historical timetable of invasions (untimelyEntry). */
export function invasionDue(s: TwoWWState, c: string | null): boolean {
  if (!c || !isNeutralCountry(s, c)) return false;
  if (c === 'pl' || c === 'dk' || c === 'no') return true;
  if (c === 'be' || c === 'nl') return s.turn >= 3;
  if (c === 'yu' || c === 'gr') return s.turn >= 7;
  if (c === 'su') return s.turn >= 8;
  return false;
}
