// ETO scenario 5 "Northward Strike" (April - June 1940): the forces of [6.1] and where they may start [5.2], the
// replacement of Glorious [5.3], victory [5.4]. What it plays (every phase but strategic warfare, German
// initiative, the invasion of neutral Norway and its conquest) is data (data/scenario-northward-strike.json "play").
import { type Ctx, type Outcome, write } from '../../engine/index.ts';
import { etoData } from './data/index.ts';
import { airForces, landForces, shipForces } from './forces.ts';
import { controller, homeCountries, landMap, landOf, type LandState, theatreOf } from './land.ts';
import { navalMap } from './map.ts';
import type { ScenarioRules } from './scenario.ts';
import { emptyStep, type EtoState, type Ship, type Side } from './state.ts';

export const NORTHWARD_ID = 'northward-strike';
const d = etoData().northward;

/** Norway's city and resource hexes on the scenario's map ([5.4]). */
export function norwegianCities(l: LandState): readonly string[] {
  return landMap(theatreOf(l)).featured.norway ?? [];
}

/** [5.4]'s order of results, best for Germany first; naval attrition drops the result one place. */
const LADDER = ['German strategic victory', 'German major victory', 'German minor victory', 'Allied minor victory', 'Allied major victory', 'Allied strategic victory'] as const;

/** [5.4]: naval attrition: all four German BBs or six German naval units sunk. */
export function navalAttrition(s: EtoState): boolean {
  const german = Object.values(s.ships).filter((x) => x.nation === 'germany' && x.type !== 'STP');
  const bbs = german.filter((x) => x.type === 'BB');
  return (bbs.length > 0 && bbs.every((x) => x.sunk)) || german.filter((x) => x.sunk).length >= 6;
}

/** Scenario 5 [5.4], in its order of priority (ruling 57 for the cases it leaves open). */
export function northwardResult(s: EtoState): { winner: Side | null; result: string } {
  const l = landOf(s);
  const cities = norwegianCities(l);
  const german = cities.filter((h) => controller(l, h) === 'axis').length;
  const uncaptured = cities.length - german;
  let rank: number;
  if (l.conquered.includes('norway')) rank = 0;
  else if (uncaptured <= 1) rank = 1;
  else if (uncaptured === 2) rank = 2;
  else if (german === 0) rank = 4;
  // Three or more uncaptured: the Allied minor victory, with supplied German units in Norway or (a case [5.4] leaves
  // open) without them (ruling 57).
  else rank = 3;
  const attrition = navalAttrition(s);
  if (attrition && rank < LADDER.length - 1) rank++;
  const name = LADDER[rank]!;
  const detail = `${german} of ${cities.length} Norwegian city or resource hexes German${attrition ? ', German naval attrition' : ''}`;
  return { winner: rank <= 2 ? 'axis' : 'allies', result: `${name}: ${detail}` };
}

/** [5.2]: ships start in ports of the country their side sets up in (Norway's in its own, when invaded). */
function shipPlaces(s: EtoState, ship: Ship): { space: string; inPort: boolean }[] {
  const l = landOf(s);
  const countries = ship.nation === 'norway' ? homeCountries('norway') : d.play.rules.setUpIn?.[ship.side] ?? [];
  return [...navalMap(s).coastal.values()].filter((h) => h.port && countries.includes(h.country) && controller(l, h.hex) === ship.side)
    .map((h) => ({ space: h.hex, inPort: true }));
}

export const northwardStrike: ScenarioRules = {
  initial() {
    const t = d.play.turns[0]!;
    return {
      month: t.month, year: t.year, weather: t.weather, initiative: d.play.initiative,
      ships: shipForces(d.ships.map((g) => ({ units: g.units, at: 'anywhere' })), etoData().units),
      order: [], step: emptyStep(), counterIntercepted: [], eps: { axis: d.play.rules.reserve?.axis ?? 0, allies: d.play.rules.reserve?.allies ?? 0 },
      land: {
        scenario: NORTHWARD_ID, units: landForces(d.land), air: airForces(d.air), control: {}, airfields: [], activated: [], hqs: [], blitz: [],
        losses: { axis: 0, allies: 0 }, conquered: [], brokeThrough: [], moved: [], attacked: [], attackedUnits: [], attacksLeft: 0, flown: [],
        mustAttack: [], mayExploit: [], armorSupplied: [], offensives: { axis: t.offensives?.axis ?? 0, allies: t.offensives?.allies ?? 0 },
        destroyed: [], invaded: [], markers: [], atpUsed: [],
      },
    };
  },
  shipPlaces,
  victory(s): Outcome {
    return { ...northwardResult(s), rule: 'ETO scenario 5 [5.4]' };
  },
  /** [5.3]: Ark Royal replaces Glorious in Scapa Flow at the end of the turn Glorious is sunk or damaged. */
  endOfTurn(ctx: Ctx<EtoState>) {
    const r = d.replacement;
    const lost = ctx.state.ships[r.lost];
    if (!lost || !(lost.sunk || lost.damaged) || ctx.state.ships[r.arrives]) return;
    const u = etoData().units.find((x) => x.id === r.arrives)!;
    write(ctx.state, 'ships')[r.arrives] = { ...shipForces([{ units: [u.id], at: r.at, inPort: true }], etoData().units)[u.id]! };
    ctx.log(`${u.name} arrives in Scapa Flow to replace ${lost.name}`, r.rule);
  },
  status(s) {
    const l = landOf(s);
    const cities = norwegianCities(l);
    return `Norwegian cities German ${cities.filter((h) => controller(l, h) === 'axis').length}/${cities.length}${l.invaded?.includes('norway') ? '' : ', Norway neutral'}`;
  },
};
