// Odds adapter for the kernel's test rule set (src/engine/testing/duel.ts): an attack is one d6, a hit on 4+
// (Duel 3.1) costs the other side one strength point, allocated by the victim (Duel 3.3).
import type { DuelState } from '../../engine/testing/duel.ts';
import type { OddsAdapter } from '../../odds/types.ts';

const strength = (s: DuelState, side: 'red' | 'blue') => s.units[side].reduce((a, b) => a + b, 0);
const otherSide = (seat: string): 'red' | 'blue' => (seat === 'red' ? 'blue' : 'red');

export const duelOdds: OddsAdapter<DuelState> = {
  ruleset: 'duel',
  isCombat: (_s, _seat, action) => action.type === 'attack',
  combatOver: (_before, s) => !s.stack.some((f) => f.proc === 'allocate-loss'),
  summarize(before, after, attacker) {
    const def = otherSide(attacker);
    const defenderLosses = strength(before, def) - strength(after, def);
    return {
      attackerLosses: strength(before, attacker as 'red' | 'blue') - strength(after, attacker as 'red' | 'blue'),
      defenderLosses,
      winner: defenderLosses > 0 ? 'attacker' : null,
      detail: { defenderUnitsLeft: after.units[def].length },
    };
  },
  // Duel 3.3: the victim takes the loss on its weakest unit (keeps the strongest ones whole).
  defaultChoice(s, prompt) {
    if (prompt.kind !== 'allocate-loss') return null;
    const list = s.units[prompt.seat as 'red' | 'blue'];
    let best = 0;
    list.forEach((x, i) => { if (x < list[best]!) best = i; });
    return prompt.choices.find((c) => c.action.unit === best)?.action ?? null;
  },
  describe: (_s, seat) => `${seat} attacks ${otherSide(seat)}: one d6, a hit on 4+ (Duel 3.1)`,
};
