// ETO scenario 4 "Case White" (September 1939): setup [4.1], one German offensive with the scripted Polish side
// [4.3], victory [4.4]. The offensive is the general Offensive phase (offensive.ts); attacks run through
// land-attack.ts (sequence 4A), where the scripted Polish decisions are.
import type { Choice, Ctx, Frame, Procedure } from '../../engine/index.ts';
import type { CaseWhiteAction, CaseWhitePlaceAction } from './actions.ts';
import { etoData } from './data/index.ts';
import { POLISH_CITY_RESOURCE } from './land-attack.ts';
import {
  type AirUnit, controller, dist, isGermanTerritory, landOf, type LandState, type LandUnit, landUnitsAt,
  landMap, layerHex, placeName, stackLimit, theatreOf, unitsAt,
} from './land.ts';
import { beginOffensive, newOffensive } from './offensive.ts';
import { emptyStep, type EtoState, type Side } from './state.ts';

export const CASE_WHITE_ID = 'case-white';

export function caseWhiteSetup(polishSide: 'scripted' | 'human'): Omit<EtoState, 'ruleset' | 'scenario' | 'rng' | 'seq' | 'outcome' | 'sealed'> {
  const d = etoData().caseWhite;
  const units: Record<string, LandUnit> = {};
  for (const u of d.land) {
    for (let i = 1; i <= u.count; i++) {
      const id = u.count > 1 ? `${u.id}-${i}` : u.id;
      units[id] = {
        id, name: u.name, nation: u.nation, side: u.nation === 'germany' ? 'axis' : 'allies', kind: u.kind,
        strength: u.strength ?? 0, depletedStrength: u.depleted ?? 0, ma: u.ma ?? 0, steps: u.steps ?? 1, depleted: false,
        hex: null, where: 'setup',
        ...(u.radius !== undefined ? { radius: u.radius, attacks: u.attacks ?? 1 } : {}),
        ...(u.kind === 'general' ? { combat: u.combat ?? 0, exploit: u.exploit ?? 0, eligible: true } : {}),
      };
    }
  }
  const air: Record<string, AirUnit> = {};
  for (const a of d.air) {
    air[a.id] = {
      id: a.id, name: a.name, nation: a.nation, side: a.nation === 'germany' ? 'axis' : 'allies', kind: a.kind, strength: a.strength,
      depletedStrength: a.depleted, range: a.range, quality: a.quality, depleted: false, where: 'setup', base: null, committed: 'none',
    };
  }
  const land: LandState = {
    units, air, control: {}, airfields: [], polishSide, activated: [], hqs: [], blitz: [], losses: { axis: 0, allies: 0 },
    conquered: [], brokeThrough: [], moved: [], attacked: [], attackedUnits: [], attacksLeft: 0, flown: [], mustAttack: [], mayExploit: [], armorSupplied: [],
  };
  return {
    month: d.month, year: d.year, weather: d.weather, initiative: 'axis', ships: {}, order: ['axis', 'allies'], step: emptyStep(),
    counterIntercepted: [], land, stack: [{ proc: 'case-white', stage: 'pol-setup' }],
  };
}

// ---------------------------------------------------------------- setup [4.1]

/** 13.2: air units a hex can base (city, resource: 1 each; city resource 2; airfield marker +1). */
function baseCapacity(l: LandState, h: string): number {
  const f = layerHex(l, h)?.feature;
  return (f === 'city-resource' ? 2 : f ? 1 : 0) + (l.airfields.includes(h) ? 1 : 0);
}

function setupHexes(l: LandState, side: Side): string[] {
  return Object.keys(landMap(theatreOf(l)).hexes).filter((h) => (side === 'axis' ? isGermanTerritory(l, h) : layerHex(l, h)!.country === 'poland')).sort();
}

/** Warsaw, Poland's capital (39.2). */
export const POLISH_CAPITAL = 'W3533';
const capitalHeld = (l: LandState): boolean => landUnitsAt(l, POLISH_CAPITAL, 'allies').some((x) => x.kind === 'inf' && x.nation === 'poland');

type PlaceItem = { kind: 'unit'; id: string } | { kind: 'air'; id: string } | { kind: 'airfield' };

function nextToPlace(l: LandState, side: Side): PlaceItem | null {
  const order: LandUnit['kind'][] = ['armor', 'inf', 'general', 'hq'];
  for (const k of order) {
    const u = Object.values(l.units).find((x) => x.side === side && x.kind === k && x.where === 'setup');
    if (u) return { kind: 'unit', id: u.id };
  }
  if (side === 'axis' && l.airfields.length < etoData().caseWhite.germanAirfields) return { kind: 'airfield' };
  const a = Object.values(l.air).find((x) => x.side === side && x.where === 'setup');
  return a ? { kind: 'air', id: a.id } : null;
}

function placeChoices(l: LandState, side: Side, item: PlaceItem): Choice[] {
  const hexes = setupHexes(l, side);
  if (item.kind === 'airfield') return hexes.filter((h) => !l.airfields.includes(h)).map((h) => ({ action: { type: 'airfield', hex: h }, label: `Airfield in ${placeName(l, h)}`, refs: { place: h } }));
  if (item.kind === 'air') {
    return hexes.filter((h) => Object.values(l.air).filter((a) => a.base === h && a.where === 'map').length < baseCapacity(l, h))
      .map((h) => ({ action: { type: 'place', unit: item.id, hex: h }, label: `${l.air[item.id]!.name} at ${placeName(l, h)}`, refs: { units: [item.id], place: h } }));
  }
  const u = l.units[item.id]!;
  let ok = hexes;
  if (u.kind === 'inf' || u.kind === 'armor') ok = hexes.filter((h) => landUnitsAt(l, h).length < stackLimit(l, h) && !(u.kind === 'armor' && layerHex(l, h)!.terrain === 'marsh'));
  // 39.2: at least one infantry in the capital, so the last infantry goes there if none has (ruling 42).
  if (side === 'allies' && u.kind === 'inf' && !capitalHeld(l)) {
    const left = Object.values(l.units).filter((x) => x.nation === u.nation && x.kind === 'inf' && x.where === 'setup').length;
    if (left === 1) ok = ok.filter((h) => h === POLISH_CAPITAL);
  }
  if (u.kind === 'general') ok = hexes.filter((h) => landUnitsAt(l, h, side).some((x) => x.nation === u.nation) && !unitsAt(l, h).some((x) => x.kind === 'general'));
  if (u.kind === 'hq') {
    const others = Object.values(l.units).filter((x) => x.kind === 'hq' && x.where === 'map' && x.side === side);
    ok = hexes.filter((h) => others.every((o) => dist(o.hex!, h) >= Math.max(o.radius ?? 0, u.radius ?? 0)));
  }
  return ok.map((h) => ({ action: { type: 'place', unit: u.id, hex: h }, label: `${u.name} (${u.id}) in ${placeName(l, h)}`, refs: { units: [u.id], place: h } }));
}

function placeUnit(l: LandState, id: string, hex: string): void {
  if (l.units[id]) { l.units[id]!.hex = hex; l.units[id]!.where = 'map'; } else { l.air[id]!.base = hex; l.air[id]!.where = 'map'; }
}

/** Example-of-play German deployment (data/scenario-case-white.json), for the remaining units. */
function placeExample(l: LandState): void {
  const ex = etoData().caseWhite.exampleGermanSetup;
  for (const h of ex.airfields) if (!l.airfields.includes(h) && l.airfields.length < etoData().caseWhite.germanAirfields) l.airfields.push(h);
  for (const [id, h] of Object.entries(ex.units)) if (l.units[id]?.where === 'setup') placeUnit(l, id, h);
  for (const [id, h] of Object.entries(ex.air)) if (l.air[id]?.where === 'setup') placeUnit(l, id, h);
}

interface PlaceFrame extends Frame { side: Side }
export const cwPlace: Procedure<EtoState, PlaceFrame> = {
  prompts(s, f) {
    const l = landOf(s);
    const item = nextToPlace(l, f.side);
    if (!item) return [];
    const choices = placeChoices(l, f.side, item);
    const fresh = f.side === 'axis' && Object.values(l.units).every((u) => u.side !== 'axis' || u.where === 'setup');
    if (fresh) {
      const ex = etoData().caseWhite.exampleGermanSetup;
      choices.unshift({ action: { type: 'example' }, label: 'Deploy as in the example of play', refs: { units: [...Object.keys(ex.units), ...Object.keys(ex.air)] } });
    }
    return [{ seat: f.side, rule: f.side === 'axis' ? 'ETO scenario 4 [4.1]' : 'ETO scenario 4 [4.1], 39.2, 24.2, 13.2', text: f.side === 'axis' ? 'Set up the German forces in Germany or East Prussia' : 'Set up the Polish forces in Poland (one infantry or more in Warsaw; 39.2)', kind: 'place', choices }];
  },
  act(ctx, _f, _seat, a: CaseWhitePlaceAction) {
    const l = landOf(ctx.state);
    if (a.type === 'example') { placeExample(l); ctx.log('German forces deployed as in the example of play', 'ETO scenario 4 [4.1]'); return; }
    if (a.type === 'airfield') { l.airfields.push(a.hex); return; }
    placeUnit(l, a.unit, a.hex);
  },
  run(ctx) { ctx.pop(); },
};

function scriptedPolishSetup(l: LandState): void {
  const inf = Object.values(l.units).filter((u) => u.nation === 'poland' && u.kind === 'inf');
  let i = 0;
  for (const p of etoData().caseWhite.polishSetup) {
    for (let k = 0; k < p.infantry; k++) placeUnit(l, inf[i++]!.id, p.hex);
    if (p.air) for (const a of Object.values(l.air)) if (a.nation === 'poland') placeUnit(l, a.id, p.hex);
  }
}

// ---------------------------------------------------------------- the German offensive (22-29, offensive.ts)

interface CwFrame extends Frame {
  stage: 'pol-setup' | 'ger-setup' | 'command' | 'end';
}

const HQS = ['hq-north', 'hq-south'];

export const caseWhite: Procedure<EtoState, CwFrame> = {
  prompts(s, f) {
    if (f.stage !== 'command') return [];
    return [{
      seat: 'axis', rule: 'ETO scenario 4 [4.3], 22.1, 23.6', text: 'Choose the offensive: Army Groups North and South combined, or none', kind: 'yes-no',
      choices: [
        { action: { type: 'offensive', hqs: HQS }, label: 'Combined offensive of Army Groups North and South', refs: { units: HQS } },
        { action: { type: 'offensive', hqs: ['hq-north'] }, label: 'Army Group North alone', refs: { units: ['hq-north'] } },
        { action: { type: 'offensive', hqs: ['hq-south'] }, label: 'Army Group South alone', refs: { units: ['hq-south'] } },
        { action: { type: 'no-offensive' }, label: 'No offensive' }],
    }];
  },
  act(ctx, f, _seat, a: CaseWhiteAction) {
    const l = landOf(ctx.state);
    f.stage = 'end';
    if (a.type === 'no-offensive') return;
    const hqs = a.hqs;
    ctx.log(`German offensive: ${hqs.map((id) => l.units[id]!.name).join(' and ')}${hqs.length > 1 ? ' (combined; 2 EPs for the extra HQ)' : ''}`, 'ETO 22.1, 23.6');
    beginOffensive(l, 'axis');
    // The game ends as soon as Poland falls (ruling 27).
    ctx.push('offensive', { ...newOffensive('axis', 'hq', hqs[0]!, [], hqs.slice(1)), endOnConquest: true });
  },
  run(ctx, f) {
    const l = landOf(ctx.state);
    switch (f.stage) {
      case 'pol-setup':
        ctx.goto('case-white', { stage: 'ger-setup' });
        if (l.polishSide === 'scripted') { scriptedPolishSetup(l); ctx.log('Polish forces set up as scenario 4 [4.1] lists', 'ETO scenario 4 [4.1]'); }
        else ctx.push('cw-place', { side: 'allies' });
        return;
      case 'ger-setup': ctx.goto('case-white', { stage: 'command' }); ctx.push('cw-place', { side: 'axis' }); return;
      case 'end': endCaseWhite(ctx); return;
      default: throw new Error(`case-white: stage ${f.stage} awaits a decision`);
    }
  },
};

/** Scenario 4 [4.4]. */
export function caseWhiteResult(l: LandState): { winner: Side; result: string } {
  const conquered = l.conquered.includes('poland') || POLISH_CITY_RESOURCE.every((h) => controller(l, h) === 'axis');
  const steps = l.losses.axis;
  if (!conquered) return { winner: 'allies', result: `Polish major victory: Poland not conquered (German losses ${steps} steps)` };
  if (steps <= 1) return { winner: 'axis', result: `German major victory: Poland conquered for ${steps} step loss(es)` };
  if (steps <= 3) return { winner: 'axis', result: `German minor victory: Poland conquered for ${steps} step losses` };
  return { winner: 'allies', result: `Polish minor victory: Poland conquered, but for ${steps} German step losses` };
}

function endCaseWhite(ctx: Ctx<EtoState>): void {
  const l = landOf(ctx.state);
  for (const a of Object.values(l.air)) if (a.committed === 'CC') a.committed = 'PC';
  const r = caseWhiteResult(l);
  ctx.end({ winner: r.winner, result: r.result, rule: 'ETO scenario 4 [4.4]' });
}
