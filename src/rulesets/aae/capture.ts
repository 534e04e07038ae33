// Taking territories and convoy centres (AAE Conduct Combat: capturing territory; liberation; capitals; convoy
// centres), shared by movement (empty territories, convoy centres entered) and battles (territories won).
import type { Ctx } from '../../engine/index.ts';
import type { Power } from './data/index.ts';
import type { AaeState } from './state.ts';
import { originalOwner } from './house/axis-minor.ts';
import { POWER_NAMES, area, areaName, capitalOf, controller, enemies, hasMark } from './world.ts';

export const RULE_CAPTURE = 'AAE Conduct Combat: Capturing Territory';
export const RULE_LIBERATION = 'AAE Conduct Combat: Liberating Territory';
export const RULE_CAPITAL = 'AAE Conduct Combat: Capturing a Capital';
export const RULE_CONVOY = 'AAE Convoy Centers';

/**
 * Who holds a territory taken by `p`: its original owner when that is an ally of `p` whose capital is in its own
 * side's hands (liberation), else `p`.
 */
export function newController(s: AaeState, id: string, p: Power): Power {
  const orig = originalOwner(s, id);
  if (orig && orig !== p && !enemies(orig, p)) {
    const cap = controller(s, capitalOf(orig));
    if (cap !== null && !enemies(cap, orig)) return orig;
  }
  return p;
}

/** `p` takes a territory: control changes, antiaircraft guns there are captured, a capital's treasury is seized. */
export function captureArea(ctx: Ctx<AaeState>, id: string, p: Power, rule = RULE_CAPTURE): void {
  const s = ctx.state;
  const before = controller(s, id);
  if (before !== null && !enemies(before, p)) return;
  const now = newController(s, id, p);
  s.control[id] = now;
  if (!s.capturedThisTurn.includes(id)) s.capturedThisTurn.push(id);
  for (const u of s.units) if (u.at === id && u.type === 'aa' && enemies(u.power, p)) u.power = now;
  const liberated = now !== p;
  ctx.log(liberated
    ? `${POWER_NAMES[p]} liberates ${areaName(id)} for ${POWER_NAMES[now]}`
    : `${POWER_NAMES[p]} captures ${areaName(id)}${before ? ` from ${POWER_NAMES[before]}` : ''}`, liberated ? RULE_LIBERATION : rule);
  const orig = originalOwner(s, id);
  if (hasMark(id, 'capital') && orig && enemies(orig, p) && s.ipcs[orig] > 0) {
    const seized = s.ipcs[orig];
    s.ipcs[orig] = 0;
    s.ipcs[p] += seized;
    ctx.log(`${POWER_NAMES[p]} seizes the ${seized} IPCs of ${POWER_NAMES[orig]} with its capital`, RULE_CAPITAL);
  }
}

/**
 * Warships (not transports) that enter a convoy centre free of enemy ships take it: the enemy's income from it
 * stops; an Allied warship gives an Allied centre back to its owner (AAE Convoy Centers).
 */
export function captureConvoy(ctx: Ctx<AaeState>, id: string, p: Power): void {
  const s = ctx.state;
  const before = controller(s, id);
  // House rules l.99-103: convoys are attacked, not taken.
  if (before === null || !enemies(before, p) || s.opts.house['convoy-attacks']) return;
  const orig = area(id).owner!;
  const now = enemies(orig, p) ? p : orig;
  s.control[id] = now;
  ctx.log(now === orig
    ? `${POWER_NAMES[p]} restores ${areaName(id)} to ${POWER_NAMES[orig]}`
    : `${POWER_NAMES[p]} cuts ${areaName(id)}: ${POWER_NAMES[orig]} loses its ${area(id).value ?? 0} IPCs there`, RULE_CONVOY);
}
