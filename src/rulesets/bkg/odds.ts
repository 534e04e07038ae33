// Odds adapter for BKG (issue #19): the exact odds of one round of a combat (BKG 6.2.1; advanced 6.5), started by
// choosing the combat to fight ('fight') or by the attacker's decision to fight another round ('continue'). A round
// ends at the next retreat question (6.2.3) or with the combat; fighting on is the next decision, with its own odds.
// Each fire roll counts the dice at or under one strength (6.2.1), so it is branched by its number of hits (a
// binomial: src/odds successes), not by its 6^k ordered faces.
import { DiceNeeded, type Action, type Prompt, type Ruleset, type Seat } from '../../engine/index.ts';
import { applyEnumerating, enumerateCombat } from '../../odds/enumerate.ts';
import { Fraction } from '../../odds/fraction.ts';
import type { CombatResult, OddsAdapter, RollGrouping } from '../../odds/types.ts';
import { battleSides } from './combat.ts';
import { area } from './map.ts';
import { describeUnits } from './movement.ts';
import { sideOf } from './politics.ts';
import { SIDE_OF_MAJOR, type Major, type Side } from './powers.ts';
import { type BkgState, type Unit, stepsLeft, strength } from './state.ts';

interface BattleTop {
  proc: string;
  place: string;
  attacker: Side;
  step: string;
  round: number;
}

const battleFrame = (s: BkgState, place?: string) =>
  s.stack.findLast((f) => f.proc === 'battle' && (place === undefined || (f as unknown as BattleTop).place === place)) as unknown as BattleTop | undefined;

/** The place of the combat `action` fights or goes on with, and its attacking side; null when it starts none. */
function combatOf(s: BkgState, seat: Seat, action: Action): { place: string; attacker: Side } | null {
  const side = SIDE_OF_MAJOR[seat as Major];
  const top = s.stack.at(-1) as unknown as BattleTop | undefined;
  if (action.type === 'fight' && top?.proc === 'combat-phase') {
    const b = s.battles.find((x) => x.place === action.place);
    return b && b.attacker === side ? { place: b.place, attacker: b.attacker } : null;
  }
  if (action.type === 'continue' && top?.proc === 'battle' && top.step === 'ask-att' && top.attacker === side) return { place: top.place, attacker: top.attacker };
  return null;
}

const sideSteps = (s: BkgState, units: Unit[], side: Side) =>
  units.filter((u) => sideOf(s, u.power) === side).reduce((n, u) => n + (s.units[u.id] ? stepsLeft(s.units[u.id]!) : 0), 0);

/** The adapter for the combat at `place` (bound by calculate, which knows the action). */
function bound(place: string, attacker: Side, round: number): OddsAdapter<BkgState> {
  const defender: Side = attacker === 'axis' ? 'allies' : 'axis';
  return {
    ...bkgOdds,
    // Over when the combat has ended (its frame is gone) or a later round awaits the attacker's retreat question.
    combatOver: (_before, s) => {
      const f = battleFrame(s, place);
      return !f || (f.step === 'ask-att' && f.round > round);
    },
    summarize(before, after): CombatResult {
      const here = Object.values(before.units).filter((u) => u.where === place);
      const left = (side: Side) => Object.values(after.units).some((u) => u.where === place && !u.aboard && sideOf(after, u.power) === side);
      const ended = !battleFrame(after, place);
      const aLeft = left(attacker), dLeft = left(defender);
      return {
        attackerLosses: sideSteps(before, here, attacker) - sideSteps(after, here, attacker),
        defenderLosses: sideSteps(before, here, defender) - sideSteps(after, here, defender),
        // The combat ends when one side is left (6.2.5); after a round both sides still there: nobody has won yet.
        winner: ended && aLeft && !dLeft ? 'attacker' : ended && dLeft && !aLeft ? 'defender' : null,
        detail: { combatEnds: ended, areaTaken: ended && sideOf(after, after.control[place] ?? '') === attacker && sideOf(before, before.control[place] ?? '') !== attacker },
      };
    },
  };
}

const PROBE_PAD = 400; // faces enough for any round of one combat

/**
 * When this combat has ended, the phase goes on by itself to the next one if it is the last (6.2.1) and the same run
 * rolls its dice: this combat's result is settled by then, so that run gets one branch, every later die forced at once.
 * A probe run with the same faces tells whose roll it is: the last "<area>, round n:" line before it names the combat.
 */
function otherCombatsOnce(ruleset: Ruleset<BkgState>, place: string): RollGrouping<BkgState> {
  const mine = `${area(place).name}, round `;
  return {
    branches(s, who, act, forced) {
      let events;
      try {
        events = applyEnumerating(ruleset, s, [...forced, ...new Array<number>(PROBE_PAD).fill(1)], who, act).events;
      } catch (e) {
        if (e instanceof DiceNeeded) return null;
        throw e;
      }
      let used = 0, round = '';
      for (const e of events) {
        if (!e.roll && / round \d+: /.test(e.text)) round = e.text;
        if (!e.roll) continue;
        if (used === forced.length) break;
        used += e.roll.faces.length;
      }
      if (!round || round.startsWith(mine)) return null;
      return [{ faces: new Array<number>(PROBE_PAD).fill(1), total: PROBE_PAD, p: Fraction.ONE }];
    },
  };
}

export const bkgOdds: OddsAdapter<BkgState> = {
  ruleset: 'bkg',
  isCombat: (s, seat, action) => combatOf(s, seat, action) !== null,
  combatOver: () => {
    throw new Error('odds: bkg: the combat is enumerated through calculate, which knows the place fought');
  },
  summarize: () => {
    throw new Error('odds: bkg: the combat is enumerated through calculate, which knows the place fought');
  },
  // 6.2.1: hits are the dice at or under the strength the roll is made at ("...: 3 dice at strength 2").
  successes(roll) {
    const m = / di(?:e|ce) at strength (-?\d+)$/.exec(roll.purpose);
    return m && roll.sides === 6 ? Number(m[1]) : null;
  },
  defaultChoice(s, prompt: Prompt): Action | null {
    switch (prompt.kind) {
      // The owner chooses (6.2.2): odds flip a full unit before eliminating one, the weakest first.
      case 'allocate-loss': {
        const score = (u: Unit) => (u.reduced || u.back === null ? 100 : 0) + strength(u);
        return [...prompt.choices].sort((a, b) => score(s.units[a.action.unit as string]!) - score(s.units[b.action.unit as string]!))[0]?.action ?? null;
      }
      // The defender stands for the round (the attacker's own decision is the one being weighed).
      case 'retreat': return prompt.choices.find((c) => c.action.type === 'continue')?.action ?? null;
      case 'card': return prompt.choices.find((c) => c.action.type === 'pass')?.action ?? null;
      // Advanced 6.5.3: the BATTLECHART as it is forced (every unit on its usual segment).
      case 'assign': return prompt.choices.find((c) => c.action.type === 'assigned')?.action ?? null;
      default: return null;
    }
  },
  calculate(s, seat, action, opts, ruleset) {
    const c = combatOf(s, seat, action)!;
    const round = battleFrame(s, c.place)?.round ?? 0;
    const { dist, stats } = enumerateCombat(ruleset, bound(c.place, c.attacker, round), s, seat, action, opts, otherCombatsOnce(ruleset, c.place));
    return { outcomes: [...dist.values()].map((v) => ({ result: v.result, p: v.p.toNumber(), exact: v.p })), stats };
  },
  describe(s, seat, action) {
    const c = combatOf(s, seat, action);
    if (!c) return `${seat} combat`;
    const f = battleFrame(s, c.place);
    const { att, def } = battleSides(s, { place: c.place, attacker: c.attacker } as BkgState['battles'][number]);
    return `${area(c.place).name}, round ${(f?.round ?? 0) + 1}: ${describeUnits(att) || 'none'} against ${describeUnits(def) || 'none'}`;
  },
};

/** For tests: the bound adapter of the combat `action` starts (the notes it keeps are none). */
export function bkgCombatAdapter(s: BkgState, seat: Seat, action: Action): OddsAdapter<BkgState> {
  const c = combatOf(s, seat, action);
  if (!c) throw new Error(`odds: bkg: ${JSON.stringify(action)} by ${seat} fights no combat`);
  return bound(c.place, c.attacker, battleFrame(s, c.place)?.round ?? 0);
}
