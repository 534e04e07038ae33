// House rules l.215 (round the Cape): the South Africa box joins the South Atlantic and the Red Sea off the map.
import type { AaeState, Unit } from '../state.ts';
import { isShip } from '../combat-rules.ts';

export const RULE_CAPE = 'AAE house rules l.215 (round the Cape)';

/** Movement each leg round the Cape costs (l.215). */
export const CAPE_COST = 2;

/**
 * The off-map legs this unit may sail (ruling 70): British ships and German submarines between the South Atlantic and
 * the South Africa box, British ships on between the box and the Red Sea. Cargo rides with its ship; aircraft never.
 */
export function capeLegs(s: AaeState, u: Unit): readonly (readonly [string, string])[] {
  if (!s.opts.house.cape || !s.opts.house.regions || !isShip(u.type)) return [];
  if (u.power === 'uk') return [['south-atlantic', 'south-africa'], ['south-africa', 'red-sea']];
  if (u.power === 'germany' && u.type === 'submarine') return [['south-atlantic', 'south-africa']];
  return [];
}

/** Are the two areas joined by a Cape leg this unit may sail (so a ship that came that way may retreat back)? */
export function onCapeLeg(s: AaeState, u: Unit, a: string, b: string): boolean {
  return capeLegs(s, u).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}
