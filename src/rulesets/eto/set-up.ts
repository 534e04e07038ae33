// ETO set-up (scenario book introduction; each scenario's set-up section): a side places its units one at a time,
// land units in the territory it controls at the start (24.4) within the stacking limit (24.2), generals with a unit
// of their nation, HQs their radius apart (23.4), a minor country's infantry with one or more in its capital (39.2),
// airfield markers (13.5), air units on airbases with room (13.2), ships where the scenario lets them start. A
// scenario may offer a whole deployment in one choice and add a restriction of its own.
import { type Action, type Choice, type Ctx, type Frame, type Procedure, write } from '../../engine/index.ts';
import type { SetUpAction } from './actions.ts';
import { playOf } from './data/index.ts';
import {
  controller, dist, homeCountries, landMap, landOf, type LandState, type LandUnit, landUnitsAt, layerHex, placeName, stackLimit, theatreOf, unitsAt,
} from './land.ts';
import { neutral } from './politics.ts';
import { spaceName } from './map.ts';
import { SCENARIOS } from './scenarios.ts';
import type { EtoState, Side } from './state.ts';

export interface SetUpFrame extends Frame { side: Side }

type Item = { kind: 'unit'; id: string } | { kind: 'air'; id: string } | { kind: 'airfield' } | { kind: 'ship'; id: string };

/** 13.2: air units a hex can base (city, resource: 1 each; city resource 2; airfield marker +1). */
export function baseCapacity(l: LandState, h: string): number {
  const f = layerHex(l, h)?.feature;
  return (f === 'city-resource' ? 2 : f ? 1 : 0) + (l.airfields.includes(h) ? 1 : 0);
}

/** The scenario's set-up section ("ETO scenario 3 [3.1]"). */
const setUpRule = (scenario: string): string => {
  const p = playOf(scenario);
  return `ETO scenario ${p.number} [${p.setUpRule ?? `${p.number}.1`}]`;
};

/** The next thing `side` places: armor, infantry, generals, HQs, airfield markers, air units, then ships. */
function nextItem(s: EtoState, side: Side): Item | null {
  const l = s.land;
  // A neutral minor's forces set up only when it is invaded (39.2).
  const playing = (nation: string) => !l || !neutral(l, nation);
  if (l) {
    for (const k of ['armor', 'inf', 'para', 'general', 'hq'] as const) {
      const u = Object.values(l.units).find((x) => x.side === side && x.kind === k && x.where === 'setup' && playing(x.nation));
      if (u) return { kind: 'unit', id: u.id };
    }
    if (l.airfields.length < (SCENARIOS[s.scenario]!.airfields?.[side] ?? 0)) return { kind: 'airfield' };
    const a = Object.values(l.air).find((x) => x.side === side && x.where === 'setup' && playing(x.nation));
    if (a) return { kind: 'air', id: a.id };
  }
  const sh = Object.values(s.ships).find((x) => x.side === side && x.space === '' && playing(x.nation));
  return sh ? { kind: 'ship', id: sh.id } : null;
}

/** Hexes of the scenario's land map `side` controls at the start (within the countries it sets up in, where the scenario says). */
function ownHexes(l: LandState, side: Side, nation?: string): string[] {
  const m = landMap(theatreOf(l));
  // 39.2: a minor country sets up at home; the others where the scenario says, in territory their side controls.
  const only = nation && playOf(l.scenario).rules.minors?.includes(nation) ? homeCountries(nation) : playOf(l.scenario).rules.setUpIn?.[side];
  return Object.keys(m.hexes).filter((h) => controller(l, h) === side && (!only || only.includes(m.hexes[h]!.country))).sort();
}

/** 39.2: a minor country's capital must get one of its infantry; the last one goes there if none has. */
function capitalRule(l: LandState, u: LandUnit, hexes: string[]): string[] {
  if (u.kind !== 'inf' || !playOf(l.scenario).rules.minors?.includes(u.nation)) return hexes;
  const m = landMap(theatreOf(l));
  const capital = Object.keys(m.hexes).find((h) => m.hexes[h]!.capital && m.hexes[h]!.country === u.nation);
  if (!capital || landUnitsAt(l, capital, u.side).some((x) => x.kind === 'inf' && x.nation === u.nation)) return hexes;
  const left = Object.values(l.units).filter((x) => x.nation === u.nation && x.kind === 'inf' && x.where === 'setup').length;
  return left === 1 ? hexes.filter((h) => h === capital) : hexes;
}

/** Where a land unit may be placed. */
export function unitPlaces(l: LandState, u: LandUnit): string[] {
  const own = ownHexes(l, u.side, u.nation);
  const special = SCENARIOS[l.scenario]!.mayPlace;
  let ok: string[];
  if (u.kind === 'para') ok = own; // 19.0: paratroops count for no stacking
  else if (u.kind === 'inf' || u.kind === 'armor') {
    ok = capitalRule(l, u, own.filter((h) => landUnitsAt(l, h).length < stackLimit(l, h) && !(u.kind === 'armor' && layerHex(l, h)!.terrain === 'marsh')));
  } else if (u.kind === 'general') {
    ok = own.filter((h) => landUnitsAt(l, h, u.side).some((x) => x.nation === u.nation) && !unitsAt(l, h).some((x) => x.kind === 'general'));
  } else {
    const others = Object.values(l.units).filter((x) => x.kind === 'hq' && x.where === 'map' && x.side === u.side && x.id !== u.id);
    ok = own.filter((h) => others.every((o) => dist(o.hex!, h) >= Math.max(o.radius ?? 0, u.radius ?? 0)));
  }
  return special ? ok.filter((h) => special(l, u, h)) : ok;
}

function itemChoices(s: EtoState, side: Side, item: Item): Choice[] {
  if (item.kind === 'ship') {
    const sh = s.ships[item.id]!;
    return SCENARIOS[s.scenario]!.shipPlaces!(s, sh).map((p) => ({
      action: { type: 'place', ship: sh.id, space: p.space, inPort: p.inPort },
      label: `${sh.name} to ${spaceName(s, p.space)}${p.inPort ? ' (in port)' : ''}`, refs: { units: [sh.id], place: p.space },
    }));
  }
  const l = landOf(s);
  const hexes = ownHexes(l, side, item.kind === 'air' ? l.air[item.id]!.nation : undefined);
  if (item.kind === 'airfield') return hexes.filter((h) => !l.airfields.includes(h)).map((h) => ({ action: { type: 'airfield', hex: h }, label: `Airfield in ${placeName(l, h)}`, refs: { place: h } }));
  if (item.kind === 'air') {
    return hexes.filter((h) => Object.values(l.air).filter((a) => a.base === h && a.where === 'map').length < baseCapacity(l, h))
      .map((h) => ({ action: { type: 'place', unit: item.id, hex: h }, label: `${l.air[item.id]!.name} at ${placeName(l, h)}`, refs: { units: [item.id], place: h } }));
  }
  const u = l.units[item.id]!;
  return unitPlaces(l, u).map((h) => ({ action: { type: 'place', unit: u.id, hex: h }, label: `${u.name} in ${placeName(l, h)}`, refs: { units: [u.id], place: h } }));
}

function placeUnit(s: EtoState, id: string, hex: string): void {
  if (landOf(s).units[id]) { const u = write(s, 'land', 'units', id); u.hex = hex; u.where = 'map'; } else { const a = write(s, 'land', 'air', id); a.base = hex; a.where = 'map'; }
}

/** A prepared deployment: every listed unit still to place goes to its hex; airfields up to the side's number. */
function deploy(ctx: Ctx<EtoState>, side: Side): void {
  const s = ctx.state;
  const p = SCENARIOS[s.scenario]!.prepared![side]!;
  const max = SCENARIOS[s.scenario]!.airfields?.[side] ?? 0;
  for (const h of p.airfields ?? []) if (!landOf(s).airfields.includes(h) && landOf(s).airfields.length < max) write(s, 'land', 'airfields').push(h);
  for (const [id, h] of Object.entries(p.units)) if (landOf(s).units[id]?.where === 'setup') placeUnit(s, id, h);
  for (const [id, h] of Object.entries(p.air ?? {})) if (landOf(s).air[id]?.where === 'setup') placeUnit(s, id, h);
  ctx.log(`${side === 'axis' ? 'Axis' : 'Allied'} forces deployed: ${p.label.toLowerCase()}`, p.rule);
}

export const setUp: Procedure<EtoState, SetUpFrame> = {
  prompts(s, f) {
    const item = nextItem(s, f.side);
    if (!item) return [];
    const choices = itemChoices(s, f.side, item);
    const p = SCENARIOS[s.scenario]!.prepared?.[f.side];
    if (p && Object.values(landOf(s).units).every((u) => u.side !== f.side || u.where === 'setup')) {
      choices.unshift({ action: { type: p.action }, label: p.label, refs: { units: [...Object.keys(p.units), ...Object.keys(p.air ?? {})] } });
    }
    const what = item.kind === 'ship' ? s.ships[item.id]!.name : item.kind === 'airfield' ? 'an airfield marker' : item.kind === 'air' ? landOf(s).air[item.id]!.name : landOf(s).units[item.id]!.name;
    return [{ seat: f.side, rule: setUpRule(s.scenario), text: `Set up ${what}`, kind: 'place', choices }];
  },
  act(ctx, f, _seat, a: SetUpAction) {
    const s = ctx.state;
    if (a.type === 'example' || a.type === 'suggested') { deploy(ctx, f.side); return; }
    if (a.type === 'airfield') { write(s, 'land', 'airfields').push(a.hex); return; }
    if ('ship' in a) {
      const sh = write(s, 'ships', a.ship);
      sh.space = a.space;
      sh.inPort = a.inPort;
      ctx.log(`${sh.name} placed in ${spaceName(s, sh.space)}${sh.inPort ? ' (in port)' : ''}`, setUpRule(s.scenario));
      return;
    }
    placeUnit(s, a.unit, a.hex);
  },
  run(ctx) { ctx.pop(); },
  explain: explainSetUp,
};

/** Issue 20: a refused placement names the limit that keeps the hex out (the scenario's set-up section when none does). */
function explainSetUp(s: EtoState, f: SetUpFrame, _seat: string, a: Action): { rule: string; message: string } | null {
  const item = nextItem(s, f.side);
  const scenario = setUpRule(s.scenario);
  if (!item) return null;
  if (a.type === 'example' || a.type === 'suggested') return { rule: scenario, message: 'a prepared deployment is offered only where the scenario has one, before the side places any unit' };
  if (a.type !== 'place' && a.type !== 'airfield') return null;
  const want = item.kind === 'airfield' ? 'an airfield marker' : item.id;
  const id = typeof a.unit === 'string' ? a.unit : typeof a.ship === 'string' ? a.ship : null;
  if (a.type === 'place' && id !== (item.kind === 'airfield' ? null : item.id)) {
    return { rule: scenario, message: `units set up one at a time in the order of the set-up list: ${want} is next, not ${String(id)}` };
  }
  if (a.type === 'airfield' && item.kind !== 'airfield') return { rule: scenario, message: `the side's airfield markers are placed after its land units and before its air units: ${want} is next` };
  if (item.kind === 'ship') return { rule: scenario, message: `${s.ships[item.id]!.name} starts only where the scenario's set-up puts it` };
  const l = landOf(s);
  const h = typeof a.hex === 'string' ? a.hex : '';
  if (!layerHex(l, h)) return { rule: scenario, message: `${h || 'that place'} is not a land hex of the scenario's map` };
  const name = placeName(l, h);
  if (controller(l, h) !== f.side) return { rule: 'ETO 24.4', message: `a side sets up in hexes it controls; ${name} is not friendly` };
  const nation = item.kind === 'unit' ? l.units[item.id]!.nation : item.kind === 'air' ? l.air[item.id]!.nation : undefined;
  if (!ownHexes(l, f.side, nation).includes(h)) {
    const minor = nation && playOf(l.scenario).rules.minors?.includes(nation);
    return { rule: minor ? 'ETO 39.2' : scenario, message: minor ? `a minor country's units set up inside the home country; ${name} is outside it` : `${name} is outside the countries the scenario sets this side up in` };
  }
  if (item.kind === 'airfield') return l.airfields.includes(h) ? { rule: 'ETO 13.5', message: `${name} already has an airfield marker: one per hex` } : null;
  if (item.kind === 'air') {
    return { rule: 'ETO 13.2', message: baseCapacity(l, h) ? `the air bases of ${name} are full (${baseCapacity(l, h)})` : `${name} is no air base: a city, resource hex or airfield marker bases air units` };
  }
  const u = l.units[item.id]!;
  if (u.kind === 'armor' && layerHex(l, h)!.terrain === 'marsh') return { rule: 'ETO 24.1', message: `armor cannot enter marsh; ${name} is marsh` };
  if ((u.kind === 'inf' || u.kind === 'armor') && landUnitsAt(l, h).length >= stackLimit(l, h)) {
    return { rule: 'ETO 24.2', message: `${name} already holds its stacking limit of ${stackLimit(l, h)} land units` };
  }
  if ((u.kind === 'inf' || u.kind === 'armor') && !capitalRule(l, u, [h]).length) {
    return { rule: 'ETO 39.2', message: `the last ${u.name} goes to the capital: a minor country sets up one or more infantry there` };
  }
  if (u.kind === 'general') {
    if (unitsAt(l, h).some((x) => x.kind === 'general')) return { rule: 'ETO 26.2', message: `${name} already holds a general: one per stack` };
    if (!landUnitsAt(l, h, u.side).some((x) => x.nation === u.nation)) return { rule: 'ETO 26.2', message: `a general stacks with a land unit of his nation; ${name} has none` };
  }
  if (u.kind === 'hq') {
    const near = Object.values(l.units).find((o) => o.kind === 'hq' && o.where === 'map' && o.side === u.side && o.id !== u.id && dist(o.hex!, h) < Math.max(o.radius ?? 0, u.radius ?? 0));
    if (near) return { rule: 'ETO 23.4', message: `${name} is ${dist(near.hex!, h)} hexes from ${near.name}; HQs stay at least the larger command radius apart (${Math.max(near.radius ?? 0, u.radius ?? 0)})` };
  }
  if (SCENARIOS[l.scenario]!.mayPlace && !SCENARIOS[l.scenario]!.mayPlace!(l, u, h)) return { rule: scenario, message: `the scenario's set-up keeps ${u.name} out of ${name}` };
  return null;
}
