// ETO scenario 2 "Their Finest Hour" (August - September 1940): the air forces of [2.1] and the points of victory
// [2.3]. What it plays (the Naval and Air and Offensive phases, one German air offensive a turn, British EPs for
// impromptu air offensives and replenishment [2.2]) is data (data/scenario-their-finest-hour.json "play").
import type { Outcome } from '../../engine/index.ts';
import { etoData } from './data/index.ts';
import { airForces } from './forces.ts';
import { controller, landOf, type LandState } from './land.ts';
import type { ScenarioRules } from './scenario.ts';
import { emptyStep, type EtoState, otherSide, type Side } from './state.ts';

export const FINEST_HOUR_ID = 'their-finest-hour';
const d = etoData().finestHour;

/** [2.3]: 1 per destroyed enemy installation, 1 per depleted enemy air unit, 3 per eliminated one, at the end. */
export function finestHourPoints(l: LandState, side: Side): number {
  const enemy = otherSide(side);
  const installations = (l.destroyed ?? []).filter((h) => controller(l, h) === enemy).length;
  const air = Object.values(l.air).filter((a) => a.side === enemy);
  return installations + air.filter((a) => a.where === 'map' && a.depleted).length + 3 * air.filter((a) => a.where === 'force-pool').length;
}

export const theirFinestHour: ScenarioRules = {
  initial() {
    const t = d.play.turns[0]!;
    return {
      month: t.month, year: t.year, weather: t.weather, initiative: d.play.initiative, ships: {}, order: ['axis', 'allies'], step: emptyStep(),
      counterIntercepted: [], eps: { axis: d.play.rules.reserve?.axis ?? 0, allies: d.play.rules.reserve?.allies ?? 0 },
      land: {
        scenario: FINEST_HOUR_ID, units: {}, air: airForces(d.air), control: {}, airfields: [], activated: [], hqs: [], blitz: [],
        losses: { axis: 0, allies: 0 }, conquered: [], brokeThrough: [], moved: [], attacked: [], attackedUnits: [], attacksLeft: 0, flown: [],
        mustAttack: [], mayExploit: [], armorSupplied: [], offensives: { axis: t.offensives?.axis ?? 0, allies: t.offensives?.allies ?? 0 },
        destroyed: [], pilots: [],
      },
    };
  },
  victory(s: EtoState): Outcome {
    const l = landOf(s);
    const axis = finestHourPoints(l, 'axis');
    const allies = finestHourPoints(l, 'allies');
    const score = `German ${axis}, British ${allies} points`;
    if (axis === allies) return { winner: null, result: `Draw: ${score}`, rule: 'ETO scenario 2 [2.3]' };
    return { winner: axis > allies ? 'axis' : 'allies', result: `${axis > allies ? 'German' : 'British'} victory: ${score}`, rule: 'ETO scenario 2 [2.3]' };
  },
  status(s) {
    const l = landOf(s);
    return `points German ${finestHourPoints(l, 'axis')} British ${finestHourPoints(l, 'allies')}, British reserve ${s.eps?.allies ?? 0} EPs`;
  },
};
