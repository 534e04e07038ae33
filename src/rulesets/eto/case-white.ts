// ETO scenario 4 "Case White" (September 1939): forces and set-up [4.1], the example of play's German deployment,
// victory [4.4]. What it plays (one German Offensive phase, the combined offensive of [4.3], blitzkrieg and the
// conquest of Poland) is data (data/scenario-case-white.json "play"); the solitaire Polish side [4.3] is a
// controller (scripted.ts), not a rule.
import type { Outcome } from '../../engine/index.ts';
import { etoData } from './data/index.ts';
import { airForces, landForces } from './forces.ts';
import { conquestHexes, controller, type LandState } from './land.ts';
import type { ScenarioRules } from './scenario.ts';
import { emptyStep, type EtoState, type Side } from './state.ts';

export const CASE_WHITE_ID = 'case-white';

/** Scenario 4 [4.4]. */
export function caseWhiteResult(l: LandState): { winner: Side; result: string } {
  const conquered = l.conquered.includes('poland') || conquestHexes(l, 'poland').every((h) => controller(l, h) === 'axis');
  const steps = l.losses.axis;
  if (!conquered) return { winner: 'allies', result: `Polish major victory: Poland not conquered (German losses ${steps} steps)` };
  if (steps <= 1) return { winner: 'axis', result: `German major victory: Poland conquered for ${steps} step loss(es)` };
  if (steps <= 3) return { winner: 'axis', result: `German minor victory: Poland conquered for ${steps} step losses` };
  return { winner: 'allies', result: `Polish minor victory: Poland conquered, but for ${steps} German step losses` };
}

const d = etoData().caseWhite;

export const caseWhite: ScenarioRules = {
  initial() {
    const t = d.play.turns[0]!;
    return {
      month: t.month, year: t.year, weather: t.weather, initiative: d.play.initiative, ships: {}, order: ['axis', 'allies'], step: emptyStep(),
      counterIntercepted: [],
      land: {
        scenario: CASE_WHITE_ID, units: landForces(d.land), air: airForces(d.air), control: {}, airfields: [], activated: [], hqs: [], blitz: [],
        losses: { axis: 0, allies: 0 }, conquered: [], brokeThrough: [], moved: [], attacked: [], attackedUnits: [], attacksLeft: 0, flown: [],
        mustAttack: [], mayExploit: [], armorSupplied: [], offensives: { axis: t.offensives?.axis ?? 0, allies: t.offensives?.allies ?? 0 },
      },
    };
  },
  airfields: { axis: d.germanAirfields },
  prepared: {
    axis: {
      action: 'example', label: 'Deploy as in the example of play', rule: 'ETO scenario 4 [4.1]',
      units: d.exampleGermanSetup.units, air: d.exampleGermanSetup.air, airfields: d.exampleGermanSetup.airfields,
    },
  },
  victory(s: EtoState): Outcome {
    return { ...caseWhiteResult(s.land!), rule: 'ETO scenario 4 [4.4]' };
  },
};
