// 2WW 3.4.2, 5.1.4, 5.3.1, 12: which countries are neutral now, and who may enter them.
import type { Side, TwoWWState } from './state.ts';
import { type World, AXIS_MINORS, hexData, powerOf } from './world.ts';

/** Country a hex counts for now: French overseas territory and southern France are Vichy while it is neutral. */
export function countryAt(state: TwoWWState, w: World, node: number): string | null {
  const h = hexData(w, node);
  if (!h || !h.country) return null;
  if (h.country === 'fr' && state.politics.vichy === 'neutral' && (h.region === 'vichy' || h.overseas)) return 'vc';
  return h.country;
}

/** A country whose border ZOCs do not cross and whose units do not move (2WW 3.4.2, 5.1.4). */
export function isNeutralCountry(state: TwoWWState, c: string | null): boolean {
  if (!c) return false;
  if (c === 'ch') return true;
  if (c === 'it') return state.politics.italyNeutral;
  if (c === 'su') return state.politics.ussrNeutral;
  if (c === 'vc') return state.politics.vichy === 'neutral';
  if (c === 'iq') return state.politics.iraq === 'closed';
  const cs = state.countries[c];
  return cs ? cs.status === 'neutral' : false;
}

/**
 * Is an attack by `side` on the units of neutral country `c` an invasion of it (2WW 5.3.1, ruling M9)? Not for the
 * Axis in neutral Italy (it commands it, 12.1.1) nor for the Allies in Vichy France (they end it by occupying Toulon
 * or Algiers, 12.2.2); Switzerland has no units.
 */
export function attackInvades(state: TwoWWState, side: Side, c: string | null): boolean {
  if (!c || c === 'ch' || !isNeutralCountry(state, c)) return false;
  return !(c === 'it' && side === 'axis') && !(c === 'vc' && side === 'allies');
}

/** Why `side`'s `unit` may not enter country `c` now (a land/air entry), or null when it may. */
export function entryForbidden(state: TwoWWState, side: Side, unit: string, c: string | null): { rule: string; why: string } | null {
  if (!c) return null;
  if (c === 'ch') return { rule: '2WW 3.4.2', why: 'Switzerland may never be entered' };
  if (c === 'iq' && state.politics.iraq === 'closed') return { rule: '2WW 12.5', why: 'no unit may enter Iraq until it rebels' };
  if (c === 'us') return side === 'axis' ? { rule: '2WW 5.3.2', why: 'Axis units may not enter the United States' } : null;
  const power = powerOf(state, unit);
  if (c === 'su' && side === 'allies' && power !== 'su' && state.politics.ussrNeutral) {
    return { rule: '2WW 12.4.1', why: 'the Western Allies may not invade the USSR' };
  }
  if (side === 'allies' && AXIS_MINORS.includes(c) && !state.politics.axisMinorsOpened.includes(c)) {
    return { rule: '2WW 12.1.2', why: `the Allies may not invade ${c} until an Axis unit has entered or left it` };
  }
  if (!isNeutralCountry(state, c)) return null;
  // Entering a neutral is an invasion (2WW 5.3.1).
  if (c === 'it' && side === 'axis') return null; // the Axis moves freely in neutral Italy (2WW 12.1.1)
  if (c === 'su' && side === 'allies' && power === 'su') return { rule: '2WW 12.4.1', why: 'Soviet units may not move while the USSR is neutral' };
  if (c === 'vc' && side === 'allies' && !state.politics.usEntered) {
    return { rule: '2WW 12.2.2', why: 'the Allies may enter Vichy France only once the US has entered the war' };
  }
  if (side === 'allies' && state.politics.usEntered && c !== 'vc' && ['gb', 'fr', 'us'].includes(power)) {
    return { rule: '2WW 5.3.1', why: 'after US entry British, French and US units may invade no neutral but Vichy France' };
  }
  return null;
}
