// Odds adapter for 2WW (2WW 9): a combat starts when the attacker confirms the whole attack in 'combat-declare';
// it is over when that frame's combat (land combat or naval battle, with losses, retreats and advances) has left the
// stack. Losses are counted in steps (2WW 9: a loss point reduces a full unit or eliminates a reduced one).
import { withContentFacts, type Action, type Json, type Prompt } from '../../engine/index.ts';
import { combatWorld } from './combat/index.ts';
import type { DeclareFrame } from './combat/combat-phase.ts';
import { actionOf, type LossAction } from './actions.ts';
import { ELIMINATED, FUTURE, POOL, REMOVED, type TwoWWState } from './state.ts';
import type { OddsAdapter } from '../../odds/types.ts';
import { calculateLandCombat } from './land-combat-odds.ts';

const OUT = new Set([POOL, ELIMINATED, REMOVED, FUTURE]);

/** Steps a unit still has: 2 for a full two-sided unit, 1 reduced or one-sided, 0 out of play. */
export function unitSteps(s: TwoWWState, id: string): number {
  const u = s.units[id];
  if (!u || OUT.has(u.where)) return 0;
  return !u.reduced && combatWorld(s).facts(s, id).reduced ? 2 : 1;
}

function declareFrame(s: TwoWWState) {
  const top = s.stack[s.stack.length - 1];
  return top?.proc === 'combat-declare' ? top as DeclareFrame : null;
}

function sideLosses(before: TwoWWState, after: TwoWWState, side: string): number {
  const w = combatWorld(before);
  let n = 0;
  // A unit record the combat never wrote is the same object in both states (copy-on-write): its steps are unchanged.
  for (const id in before.units) {
    if (before.units[id] !== after.units[id] && w.sideOf(before, id) === side) n += Math.max(0, unitSteps(before, id) - unitSteps(after, id));
  }
  return n;
}

export const twoWWOdds: OddsAdapter<TwoWWState> = {
  ruleset: '2ww',
  isCombat(s, seat, action) {
    const f = declareFrame(s);
    return !!f && f.side === seat && f.step !== 'defend' && action.type === 'confirm';
  },
  combatOver: (before, s) => s.stack.length < before.stack.length,
  notes(events) {
    for (const e of events) {
      const d = e.data as Record<string, Json> | undefined;
      // The land combat's arithmetic (2WW 9.1) and the sea combat's result (2WW 9.3) name the winner.
      if (d && 'winner' in d && (d.line === 'Land vs Land' || Object.keys(d).length === 1)) return { winner: d.winner ?? null };
    }
    return null;
  },
  summarize(before, after, attacker, notes) {
    const f = declareFrame(before)!;
    const defender = attacker === 'axis' ? 'allies' : 'axis';
    const w = combatWorld(before);
    const defendersLeft = Object.keys(after.units).some((id) => after.units[id]!.where === f.hex && w.sideOf(after, id) === defender);
    const winner = (notes.winner ?? null) as 'attacker' | 'defender' | null;
    return {
      attackerLosses: sideLosses(before, after, attacker),
      defenderLosses: sideLosses(before, after, defender),
      winner,
      detail: { hexCleared: !defendersLeft },
    };
  },
  defaultChoice(s, prompt: Prompt): Action | null {
    const w = combatWorld(s);
    switch (prompt.kind) {
      // Odds assume the defender sends every support unit it may (2WW 9.1.2): the cautious reading for the attacker.
      case 'support': return prompt.choices.find((c) => c.action.type === 'add')?.action ?? prompt.choices.find((c) => c.action.type === 'confirm')?.action ?? null;
      // Losses on the weakest unit first, reducing before eliminating (2WW 9: the owner chooses).
      case 'allocate-loss': {
        const score = (id: string) => (unitSteps(s, id) === 2 ? 0 : 100) + w.facts(s, id).full.combat;
        const unit = (c: (typeof prompt.choices)[number]) => actionOf<LossAction>(c.action).unit;
        const best = [...prompt.choices].sort((a, b) => score(unit(a)) - score(unit(b)))[0];
        return best?.action ?? null;
      }
      // The winner holds its ground: advancing is a separate decision from the combat's odds.
      case 'advance': return prompt.choices.find((c) => c.action.type === 'done')?.action ?? null;
      default: return null;
    }
  },
  // Land combat: the rolls of each fire pair branched by the class of their result (land-combat-odds.ts); anything
  // else falls back to the enumeration of every roll, and the report says why.
  calculate(s, seat, action, opts, ruleset) {
    return calculateLandCombat(ruleset, twoWWOdds, s, seat, action, opts);
  },
  // Every dice branch replays the same steps up to its roll: the rules' costly questions (2WW 11 supply, retreat
  // hexes) are answered once per position (the kernel's content memo, rules-world.ts).
  scope: (run) => withContentFacts(run),
  describe(s, seat) {
    const f = declareFrame(s);
    if (!f) return `${seat} combat`;
    const w = combatWorld(s);
    const names = (ids: string[]) => ids.map((id) => w.facts(s, id).name).join(', ') || 'none';
    return `${seat} ${f.mode === 'land' ? 'land attack' : 'air/sea attack'} on ${f.hex} with ${names(f.attackers)}${f.support.length ? `, supported by ${names(f.support)}` : ''}`;
  },
};
