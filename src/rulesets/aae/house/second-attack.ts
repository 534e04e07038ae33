// House rules l.56, armour second attacks: armour that moved one area into a battle its side won may move on into a
// second enemy territory and fight there; the second attack starts two rounds after the first ended and must end
// by the last round (4, or 3 in Winter: l.36), so it has (last - first - 1) rounds. Battles are fought one after
// another here, not on one shared clock: the second attack is a new battle limited to those rounds (ruling), into a
// territory not attacked this turn; aircraft do not follow it (not implemented).
import type { Choice, Ctx, Frame, Procedure } from '../../../engine/index.ts';
import type { AaeState, Unit } from '../state.ts';
import { areaName, enemyLand, neighbours } from '../world.ts';
import { maxRounds } from './rounds.ts';
import { seasonOf } from './seasons.ts';

export const RULE_SECOND_ATTACK = 'AAE house rules l.56 (armour second attacks)';

/** Rounds left for a second attack after a first battle that ended in round `ended`, under a limit of `last`. */
export function secondAttackRounds(ended: number, last: number): number {
  return Math.max(0, last - (ended + 1));
}

/** The round limit of a battle for this rule: l.36's when that rule is on, else 4 (3 in Winter). */
function lastRound(s: AaeState, area: string): number {
  return maxRounds(s, area) || (seasonOf(s.round).season === 'Winter' ? 3 : 4);
}

export const eligibleArmour = (s: AaeState, area: string): Unit[] =>
  s.units.filter((u) => u.at === area && u.power === s.power && u.type === 'armour' && u.fought && (u.spent ?? 0) === 1 && !u.landing && !u.secondAttack);

function targets(s: AaeState, from: string, ended: number): { to: string; rounds: number }[] {
  const out: { to: string; rounds: number }[] = [];
  for (const n of neighbours(from)) {
    if (n.kind !== 'land' || !enemyLand(s, n.id, s.power) || s.battles.some((b) => b.area === n.id)) continue;
    if (s.units.some((u) => u.at === n.id && u.power === s.power)) continue;
    const rounds = secondAttackRounds(ended, lastRound(s, n.id));
    if (rounds > 0) out.push({ to: n.id, rounds });
  }
  return out;
}

/** After a land battle the attacker won in round `ended`: offer the second attack if it is possible. */
export function offerSecondAttack(ctx: Ctx<AaeState>, from: string, ended: number): void {
  const s = ctx.state;
  if (!s.opts.house['armour-second-attack'] || !eligibleArmour(s, from).length || !targets(s, from, ended).length) return;
  ctx.push('second-attack', { from, ended });
}

interface SecondAttackFrame extends Frame { from: string; ended: number }

export const secondAttack: Procedure<AaeState, SecondAttackFrame> = {
  prompts(s, f) {
    const armour = eligibleArmour(s, f.from);
    const choices: Choice[] = [];
    for (const t of targets(s, f.from, f.ended)) {
      for (const n of [...new Set([1, armour.length])]) {
        choices.push({
          action: { type: 'second-attack', to: t.to, count: n },
          label: `${n} armour attack ${areaName(t.to)} (${t.rounds} round${t.rounds > 1 ? 's' : ''}, from round ${f.ended + 2})`,
          refs: { units: armour.slice(0, n).map((u) => u.id), from: f.from, place: t.to },
        });
      }
    }
    choices.push({ action: { type: 'no-second-attack' }, label: 'no second attack' });
    return [{ seat: s.power, rule: RULE_SECOND_ATTACK, kind: 'attack', text: `${areaName(f.from)} is taken in round ${f.ended}: a second attack with the armour that moved one area?`, choices }];
  },
  act(ctx, f, _seat, a) {
    if (a.type === 'no-second-attack') { ctx.pop(); return; }
    const s = ctx.state;
    const to = a.to as string;
    const t = targets(s, f.from, f.ended).find((x) => x.to === to)!;
    for (const u of eligibleArmour(s, f.from).slice(0, a.count as number)) {
      u.at = to; u.cameFrom = f.from; u.spent = 2; u.secondAttack = true; u.mission = 'attack';
    }
    ctx.log(`Armour second attack from ${areaName(f.from)} into ${areaName(to)}: rounds ${f.ended + 2} to ${f.ended + 1 + t.rounds}`, RULE_SECOND_ATTACK);
    ctx.goto('battle', { area: to, kind: 'land', round: 0, step: 'start', maxRounds: t.rounds });
  },
};
