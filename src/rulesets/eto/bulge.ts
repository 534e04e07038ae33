// ETO scenario 3 "Battle of the Bulge" (December 1944 - January 1945): forces and the Allied set-up restriction [3.1],
// the suggested set-up, victory [3.3]. What it plays (two turns of Offensive phase, Movement phase and Supply step,
// its OFF tracks and the Allied supply sources of [3.2]) is data (data/scenario-bulge.json "play").
import type { Outcome } from '../../engine/index.ts';
import { etoData } from './data/index.ts';
import { landForces } from './forces.ts';
import { controller, landMap, landOf, type LandState, type LandUnit, landUnitsAt, suppliedHexes } from './land.ts';
import type { ScenarioRules } from './scenario.ts';
import { emptyStep, type EtoState, type Side } from './state.ts';

export const BULGE_ID = 'bulge';
const isLand = (u: LandUnit): boolean => u.kind === 'inf' || u.kind === 'armor';

/** [3.1]: Allied units in the 32xx and 33xx hexrows: at most two infantry, nothing else. */
const ardennesRow = (h: string): boolean => h[0] === 'W' && (h.slice(1, 3) === '32' || h.slice(1, 3) === '33');
function ardennes(l: LandState, u: LandUnit, h: string): boolean {
  if (u.side !== 'allies' || !ardennesRow(h)) return true;
  if (u.kind !== 'inf') return false;
  return Object.values(l.units).filter((x) => x.where === 'map' && x.side === 'allies' && x.kind === 'inf' && ardennesRow(x.hex!)).length < 2;
}



export interface BulgeScore { axis: number; allies: number; germanArmorEliminated: number; brusselsAntwerp: boolean }

const eliminated = (u: LandUnit): boolean => u.where !== 'map' && u.where !== 'setup';

/** [3.3] victory points of `side`: captured hexes by kind, enemy infantry eliminated, enemy armor depleted or eliminated. */
export function victoryPoints(l: LandState, side: Side): number {
  const m = landMap('bulge-1944');
  let vp = 0;
  for (const [h, x] of Object.entries(m.hexes)) {
    if (x.owner === side || controller(l, h) !== side) continue;
    vp += x.feature === 'city-resource' ? 3 : x.feature ? 2 : 1;
  }
  for (const u of Object.values(l.units)) {
    if (u.side === side || !isLand(u)) continue;
    if (u.kind === 'inf' && eliminated(u)) vp += 1;
    if (u.kind === 'armor') vp += eliminated(u) ? 4 : u.depleted ? 2 : 0;
  }
  return vp;
}

export function bulgeScore(s: EtoState): BulgeScore {
  const l = landOf(s);
  const { brussels, antwerp } = etoData().bulgeLayer.cities;
  const sup = suppliedHexes(l, 'axis');
  // [3.3] "occupy": a German land unit in each hex, each hex able to trace German supply.
  const brusselsAntwerp = [brussels, antwerp].every((h) => landUnitsAt(l, h, 'axis').length > 0 && sup.has(h));
  return {
    axis: victoryPoints(l, 'axis'), allies: victoryPoints(l, 'allies'), brusselsAntwerp,
    germanArmorEliminated: Object.values(l.units).filter((u) => u.side === 'axis' && u.kind === 'armor' && eliminated(u)).length,
  };
}

/** Scenario 3 [3.3]. */
export function bulgeResult(s: EtoState): { winner: Side | null; result: string } {
  const sc = bulgeScore(s);
  const vp = `VP German ${sc.axis}, Allied ${sc.allies}`;
  if (sc.brusselsAntwerp) return { winner: 'axis', result: `German automatic major victory: Brussels and Antwerp occupied and in supply (${vp})` };
  const germanMinor = sc.axis > sc.allies;
  if (!germanMinor && sc.germanArmorEliminated >= 3) return { winner: 'allies', result: `Allied major victory: ${sc.germanArmorEliminated} German armor units eliminated (${vp})` };
  if (germanMinor) return { winner: 'axis', result: `German minor victory (${vp})` };
  if (sc.allies > sc.axis) return { winner: 'allies', result: `Allied minor victory (${vp})` };
  return { winner: null, result: `Draw: equal victory points (${vp})` };
}

const d = etoData().bulge;
const suggested = (side: Side) => ({ action: 'suggested' as const, label: 'Deploy as the suggested set-up', rule: 'ETO scenario 3 [3.1]', units: d.suggestedSetup[side] });

export const bulge: ScenarioRules = {
  initial() {
    const t = d.play.turns[0]!;
    return {
      month: t.month, year: t.year, weather: t.weather, initiative: d.play.initiative, ships: {}, order: ['axis', 'allies'], step: emptyStep(),
      counterIntercepted: [],
      land: {
        scenario: BULGE_ID, units: landForces(d.land), air: {}, control: {}, airfields: [], activated: [], hqs: [], blitz: [],
        losses: { axis: 0, allies: 0 }, conquered: [], brokeThrough: [], moved: [], attacked: [], attackedUnits: [], attacksLeft: 0, flown: [],
        mustAttack: [], mayExploit: [], armorSupplied: [], offensives: { axis: t.offensives?.axis ?? 0, allies: t.offensives?.allies ?? 0 },
      },
    };
  },
  prepared: { allies: suggested('allies'), axis: suggested('axis') },
  mayPlace: ardennes,
  victory(s: EtoState): Outcome {
    return { ...bulgeResult(s), rule: 'ETO scenario 3 [3.3]' };
  },
  status(s) {
    const sc = bulgeScore(s);
    const off = landOf(s).offensives!;
    return `offensives left German ${off.axis}, Allied ${off.allies}; victory points German ${sc.axis}, Allied ${sc.allies}`;
  },
};
