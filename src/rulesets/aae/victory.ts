// AAE Victory. The Axis win when Germany, holding its own capital, has taken an Allied capital and still holds both
// when its next turn begins; the Allies win when Germany's capital is theirs, Germany holds no Allied capital, and
// that is still so when the Soviet Union's next turn begins. A round limit (an option; the base game has none)
// ends the game at the end of that round: the Axis win holding 2 victory cities, the Allies holding all 4, else
// a draw (ruling, docs/rulings/aae.md).
import type { Outcome } from '../../engine/index.ts';
import type { AaeState } from './state.ts';
import { AREAS, capitalOf, controller, sideOf } from './world.ts';

export const RULE_VICTORY = 'AAE Victory';
export const RULE_ROUND_LIMIT = 'AAE Victory: round limit (ruling)';

const ALLIED_CAPITALS = ['ussr', 'uk', 'usa'].map((p) => capitalOf(p as 'ussr'));

/** An Allied capital in Axis hands (Germany's, or the Axis Minor's with hr-axis-minor: ruling 79). */
const axisHolds = (s: AaeState, id: string): boolean => { const c = controller(s, id); return c !== null && sideOf(c) === 'axis'; };

export function axisConditionMet(s: AaeState): boolean {
  return controller(s, capitalOf('germany')) === 'germany' && ALLIED_CAPITALS.some((c) => axisHolds(s, c));
}

export function alliedConditionMet(s: AaeState): boolean {
  const berlin = controller(s, capitalOf('germany'));
  return berlin !== null && sideOf(berlin) === 'allies' && !ALLIED_CAPITALS.some((c) => axisHolds(s, c));
}

/** Victory cities each side holds. */
export function victoryCities(s: AaeState): { axis: number; allies: number } {
  const out = { axis: 0, allies: 0 };
  for (const a of AREAS.values()) {
    if (!a.marks?.includes('victory-city')) continue;
    const c = controller(s, a.id);
    const side = c ? sideOf(c) : 'neutral';
    if (side !== 'neutral') out[side]++;
  }
  return out;
}

export function roundLimitOutcome(s: AaeState): Outcome {
  const vc = victoryCities(s);
  const total = vc.axis + vc.allies;
  if (vc.axis >= 2) return { winner: 'germany', result: `Axis victory at the round limit: ${vc.axis} victory cities`, rule: RULE_ROUND_LIMIT };
  if (vc.allies === total) return { winner: 'ussr', result: `Allied victory at the round limit: all ${total} victory cities`, rule: RULE_ROUND_LIMIT };
  return { winner: null, result: `Draw at the round limit: the Axis hold ${vc.axis} victory ${vc.axis === 1 ? 'city' : 'cities'}, the Allies ${vc.allies}`, rule: RULE_ROUND_LIMIT };
}
