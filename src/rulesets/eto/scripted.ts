// Scenario 4 [4.3]: the solitaire Polish player, a controller (src/rulesets/package.ts ScriptedController) that
// answers the Polish seat's prompts by the scenario's instructions, from that seat's view: the set-up of [4.1];
// retreat toward Warsaw; as many step losses as possible without losing the whole stack, the rest as retreat; the
// air unit intercepts the German bomber only where no German fighter is or could come, attacks the German unit it
// has the best chance of damaging, flies as a bomber only where no German air unit is, and never aborts by choice.
import type { Action, Choice, Prompt, SeatView } from '../../engine/index.ts';
import type { ScriptedController } from '../package.ts';
import { etoData } from './data/index.ts';
import { airCombatResult, airTargetNumber, type AttackFrame, eligibleAir, inHex } from './land-attack.ts';
import { dist, landMap, type LandState, landUnitsAt, theatreOf } from './land.ts';
import type { EtoState } from './state.ts';

const find = (p: Prompt, test: (a: Action) => boolean): Action | null => p.choices.find((c: Choice) => test(c.action))?.action ?? null;

/** [4.1] solitaire set-up: each infantry to the first listed hex still short of its number, the air unit to Warsaw. */
function setUp(l: LandState, p: Prompt): Action | null {
  const place = p.choices.find((c) => c.action.type === 'place');
  if (!place) return null;
  const id = place.action.unit as string;
  const list = etoData().caseWhite.polishSetup;
  const hex = l.air[id] ? list.find((x) => x.air)?.hex
    : list.find((x) => landUnitsAt(l, x.hex, 'allies').filter((u) => u.kind === 'inf').length < x.infantry)?.hex;
  return find(p, (a) => a.type === 'place' && a.unit === id && a.hex === hex);
}

/** The capital of the nation whose stack retreats (Warsaw for the Poles). */
function capitalOf(l: LandState, nation: string): string | undefined {
  const m = landMap(theatreOf(l));
  return Object.keys(m.hexes).find((h) => m.hexes[h]!.capital && m.hexes[h]!.country === nation);
}

function attack(s: EtoState, f: AttackFrame, p: Prompt): Action | null {
  const l = s.land!;
  const enemy = f.side ?? 'axis';
  switch (f.stage) {
    case 'intercept': {
      const bombers = inHex(l, f, enemy, 'bomber').length;
      const fighters = inHex(l, f, enemy, 'fighter').length + eligibleAir(l, enemy, f.target, f, ['fighter']).length;
      return bombers && !fighters ? find(p, (a) => a.type === 'intercept') : find(p, (a) => a.type === 'no');
    }
    case 'defend':
      return !inHex(l, f, enemy).length && landUnitsAt(l, f.target).length ? find(p, (a) => a.type === 'defend' && a.role === 'bomber') : find(p, (a) => a.type === 'no');
    case 'air-combat':
    case 'air-abort': {
      if (p.choices.some((c) => c.action.type === 'fight-on')) return find(p, (a) => a.type === 'fight-on');
      // The target it has the best chance of damaging: most depletions, then most aborts, then the first by id.
      const chance = (a: Action) => {
        const tn = airTargetNumber(l, f, l.air[a.air as string]!, l.air[a.target as string]!, f.target);
        let dep = 0, ab = 0;
        for (let r = 1; r <= 6; r++) { const x = airCombatResult(r, tn); if (x === 'deplete') dep++; else if (x === 'abort') ab++; }
        return dep * 10 + ab;
      };
      const ts = p.choices.map((c) => c.action).filter((a) => a.type === 'air-target');
      return [...ts].sort((a, b) => chance(b) - chance(a) || String(a.target).localeCompare(String(b.target)))[0] ?? null;
    }
    case 'defender': {
      const total = landUnitsAt(l, f.target).reduce((t, u) => t + (u.depleted ? 1 : u.steps), 0);
      return find(p, (a) => a.type === 'losses' && a.steps === Math.min(f.defSteps, total - 1));
    }
    case 'retreat': {
      const nation = landUnitsAt(l, f.target)[0]?.nation;
      const capital = nation ? capitalOf(l, nation) : undefined;
      if (!capital) return null;
      const paths = p.choices.map((c) => c.action).filter((a) => a.type === 'retreat');
      const end = (a: Action) => (a.path as string[])[(a.path as string[]).length - 1]!;
      return [...paths].sort((a, b) => dist(end(a), capital) - dist(end(b), capital) || (a.path as string[]).join().localeCompare((b.path as string[]).join()))[0] ?? null;
    }
    default: return null;
  }
}

export const solitairePoland: ScriptedController = {
  name: 'scenario 4 [4.3]: the solitaire Polish player',
  seats: (scenario) => (scenario === 'case-white' ? ['allies'] : []),
  choose(view: SeatView, prompt: Prompt): Action | null {
    const s = view.state as unknown as EtoState;
    const top = s.stack[s.stack.length - 1];
    if (!s.land || !top) return null;
    if (top.proc === 'set-up') return setUp(s.land, prompt);
    if (top.proc === 'land-attack') return attack(s, top as AttackFrame, prompt);
    // [4.3] gives no instruction for a reaction attack (Poland has no armor) or a displaced HQ: none, the first hex.
    if (top.proc === 'armor-reaction') return find(prompt, (a) => a.type === 'no-reaction');
    if (top.proc === 'displace') return prompt.choices[0]?.action ?? null;
    return null;
  },
};
