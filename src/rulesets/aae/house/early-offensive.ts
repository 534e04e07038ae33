// The Soviet early offensive (house rules l.127): on a Winter turn, once Germany has bought its units, the Soviet
// Union may pay d3 + 1 IPCs to make its combat move and fight its battles first; in the first land battle the Axis
// Minor's ground units fight round 1 at -1 (house/values.ts). The Soviet turn then skips its combat phase. Land
// units only, and the units that attacked do not move again that Soviet turn (ruling 75).
import type { Choice, Frame, Procedure } from '../../../engine/index.ts';
import type { AaeState, Unit } from '../state.ts';
import { POWER_NAMES } from '../world.ts';
import { d3 } from './repairs.ts';
import { seasonOf } from './seasons.ts';
import { checkSupply } from './supply.ts';

export const RULE_EARLY_OFFENSIVE = 'AAE house rules l.127 (Soviet early offensive)';
/** The most the offensive can cost (d3 + 1): the Soviets must hold it to declare (ruling 75). */
const MOST = 4;

interface OffensiveBook { round: number; units: string[]; surprised?: boolean; active?: boolean }
const book = (s: AaeState): OffensiveBook | undefined => s.house?.earlyOffensive as OffensiveBook | undefined;
const write = (s: AaeState, b: OffensiveBook): void => { s.house = { ...(s.house ?? {}), earlyOffensive: b }; };

/** May the Soviets declare it now (in Germany's turn, after its purchases)? */
export function mayDeclare(s: AaeState): boolean {
  return !!s.opts.house['early-offensive'] && s.power === 'germany' && seasonOf(s.round).season === 'Winter' && s.ipcs.ussr >= MOST && book(s)?.round !== s.round;
}

/** The Soviet combat move and battles are being played inside Germany's turn. */
export const offensiveUnderWay = (s: AaeState): boolean => book(s)?.active === true && s.power === 'ussr';

/** The Soviets fought this round's combat already: their own turn skips its combat phase. */
export const offensiveFought = (s: AaeState): boolean => book(s)?.round === s.round;

/** The first land battle of the offensive is the surprised one (l.127 "in one such land attack"). */
export function takeSurprise(s: AaeState, kind: string): boolean {
  const b = book(s);
  if (!offensiveUnderWay(s) || kind !== 'land' || b!.surprised) return false;
  write(s, { ...b!, surprised: true });
  return true;
}

/** At the Soviet turn start: the units that attacked early have made their combat move. */
export function offensiveUnitsMoved(s: AaeState): void {
  const b = book(s);
  if (b?.round !== s.round) return;
  const ids = new Set(b.units);
  for (const u of s.units) if (ids.has(u.id)) u.combatMoved = true;
}

const clearTurnMarks = (u: Unit): void => {
  u.spent = undefined; u.done = undefined; u.combatMoved = undefined; u.fought = undefined; u.mission = undefined; u.cameFrom = undefined;
};

interface OffensiveFrame extends Frame { step: 'ask' | 'after' }

export const earlyOffensive: Procedure<AaeState, OffensiveFrame> = {
  prompts(s, f) {
    if (f.step !== 'ask') return [];
    const choices: Choice[] = [
      { action: { type: 'early-offensive', yes: false }, label: 'no early offensive' },
      { action: { type: 'early-offensive', yes: true }, label: 'launch the early offensive (d3 + 1 IPCs): your combat move and battles now' },
    ];
    return [{ seat: 'ussr', rule: RULE_EARLY_OFFENSIVE, kind: 'choose', text: 'Soviet early offensive: attack before the Axis this Winter turn?', choices }];
  },
  run(ctx, f) {
    const s = ctx.state;
    if (f.step === 'ask') { ctx.pop(); return; }
    // The offensive is over: Germany's turn goes on.
    const b = book(s)!;
    b.units = s.units.filter((u) => u.power === 'ussr' && u.combatMoved).map((u) => u.id);
    write(s, { ...b, active: undefined });
    s.power = 'germany';
    s.phase = 'purchase';
    s.capturedThisTurn = [];
    s.battles = [];
    ctx.pop();
  },
  act(ctx, _f, _seat, a) {
    const s = ctx.state;
    if (!a.yes) { ctx.pop(); return; }
    const face = ctx.roll(6, 1, 'early offensive cost (d3 + 1)', RULE_EARLY_OFFENSIVE).faces[0]!;
    const cost = d3(face) + 1;
    s.ipcs.ussr -= cost;
    ctx.log(`${POWER_NAMES.ussr} launches the early offensive for ${cost} IPCs: its combat move and battles come before Germany's`, RULE_EARLY_OFFENSIVE);
    write(s, { round: s.round, units: [], active: true });
    s.power = 'ussr';
    s.capturedThisTurn = [];
    s.battles = [];
    for (const u of s.units) if (u.power === 'ussr') clearTurnMarks(u);
    ctx.goto('early-offensive', { step: 'after' });
    ctx.push('combat', {});
    s.phase = 'combat-move';
    if (s.opts.house.supply) checkSupply(ctx);
    ctx.push('move', { mode: 'combat' });
  },
};
