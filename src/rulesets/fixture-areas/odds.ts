// Odds adapter of the area test game: a battle starts when its attacker confirms it (Areas 4.2) and is over when the
// battle frame has left the stack; losses are infantry lost in the battle's area (Areas 4.4).
import type { OddsAdapter } from '../../odds/types.ts';
import type { AreasState } from './index.ts';
import { unitsAt } from './index.ts';

const battleFrame = (s: AreasState) => {
  const top = s.stack[s.stack.length - 1];
  return top?.proc === 'battle' ? top as unknown as { side: 'north' | 'south'; area: string } : null;
};

export const fixtureOdds: OddsAdapter<AreasState> = {
  ruleset: 'fixture-areas',
  isCombat: (s, seat, action) => battleFrame(s)?.side === seat && action.type === 'confirm',
  combatOver: (before, s) => s.stack.length < before.stack.length,
  notes(events) {
    for (const e of events) {
      const d = e.data as Record<string, unknown> | undefined;
      if (d && 'winner' in d) return { winner: (d.winner as string | null) ?? null };
    }
    return null;
  },
  summarize(before, after, attacker, notes) {
    const f = battleFrame(before)!;
    const def = attacker === 'north' ? 'south' : 'north';
    const lost = (side: 'north' | 'south') => unitsAt(before, f.area, side, 'inf').length - unitsAt(after, f.area, side, 'inf').length;
    return {
      attackerLosses: lost(attacker as 'north' | 'south'), defenderLosses: lost(def),
      winner: (notes.winner ?? null) as 'attacker' | 'defender' | null,
      detail: { areaTaken: after.control[f.area] === attacker && before.control[f.area] !== attacker },
    };
  },
  describe: (s, seat) => `${seat} attacks in ${battleFrame(s)?.area ?? '?'}: 1d6 each, higher total wins (Areas 4.3)`,
};
