// 2WW 5.3 invasion, conquest, liberation and 12 special rules: Italy, Axis minors, Vichy, USSR, US entry, Iraq.
import { write } from '../../engine/index.ts';
import type { Ctx } from '../../engine/index.ts';
import { milestoneTurn, scenario, usEntryTurn } from './data/index.ts';
import { type CountryState, FUTURE, POOL, REMOVED, type Side, type TwoWWState } from './state.ts';
import { countryAt, isNeutralCountry } from './neutrals.ts';
import { type SupplyNet, allFriendlyCapitals, supplyNet } from './supply.ts';
import {
  AXIS_MINORS, POWER_NAMES, type HexData, type World, hexData, onMap, other, placeUnit, powerOf, sideOfUnit,
  unitClass, unitEntries, worldOf,
} from './world.ts';

type C = Ctx<TwoWWState>;

/** Political status at the start of the campaign, from data/setup.json (2WW 2, 12). */
export function initialCountries(): Record<string, CountryState> {
  const out: Record<string, CountryState> = {};
  for (const c of scenario().countries) {
    const controller = (c.controller ?? null) as Side | null;
    const neutral = c.status === 'neutral' && c.id !== 'su' || c.status === 'impassable';
    out[c.id] = { controller: neutral ? null : controller, status: neutral ? 'neutral' : 'belligerent' };
  }
  return out;
}

export function initialPolitics(): TwoWWState['politics'] {
  return {
    italyNeutral: true, ussrNeutral: true, usEntered: false, usEntryDelay: 0, vichy: 'none', iraq: 'closed',
    axisMinorsOpened: [],
  };
}

/** Control of every city and port at the start: the controller of its country (2WW 3.4.7). */
export function initialControl(state: TwoWWState): Record<string, Side> {
  const w = worldOf(state);
  const out: Record<string, Side> = {};
  for (const h of w.hexes) {
    if (!h || !(h.city || h.port) || !h.country) continue;
    const c = state.countries[h.country];
    if (c?.controller) out[h.id] = c.controller;
  }
  return out;
}


/** Start-of-turn political clock: Italy (12.1.1), USSR (12.4.1), US entry (5.3.1, Turn Record Track). */
export function politicalClock(ctx: C): void {
  const s = ctx.state;
  if (s.politics.italyNeutral && s.turn >= milestoneTurn('italyEntry')) {
    write(s, 'politics').italyNeutral = false;
    ctx.log('Italy enters the war (start of Summer 1940)', '2WW 12.1.1');
  }
  if (s.politics.ussrNeutral && s.turn >= milestoneTurn('ussrEntry')) endSovietNeutrality(ctx, 'Winter 1942 has come');
  if (!s.politics.usEntered && s.turn >= usEntryTurn(s.politics.usEntryDelay)) {
    write(s, 'politics').usEntered = true;
    ctx.log(`The United States enters the war (delay ${s.politics.usEntryDelay} turn(s) for neutrals invaded by Britain or France)`, '2WW 5.3.1');
  }
}

function endSovietNeutrality(ctx: C, why: string): void {
  write(ctx.state, 'politics').ussrNeutral = false;
  ctx.log(`The USSR enters the war: ${why}`, '2WW 12.4.1');
}

/**
 * A land or air unit of `side` entered a hex of country `c` (2WW 5.3.1 invasion, 12.1.2 Axis minors opened,
 * 12.2.2 Vichy). Call before the unit's ZOC effects are judged: ZOCs activate at the instant of invasion (5.1.4).
 */
export function noteEntry(ctx: C, side: Side, unit: string, fromCountry: string | null, c: string | null): void {
  const s = ctx.state;
  if (side === 'axis') {
    for (const m of [fromCountry, c]) {
      if (m && fromCountry !== c && AXIS_MINORS.includes(m) && !s.politics.axisMinorsOpened.includes(m)) {
        write(s, 'politics', 'axisMinorsOpened').push(m);
        ctx.log(`An Axis unit crossed the border of ${POWER_NAMES[m] ?? m}: the Allies may now invade it`, '2WW 12.1.2');
      }
    }
  }
  if (!c || c === fromCountry) return;
  if (c === 'vc') {
    if (side === 'axis') endVichy(ctx, 'the Axis invaded Vichy France');
    return;
  }
  if (c === 'it' && side === 'allies' && s.politics.italyNeutral) {
    write(s, 'politics').italyNeutral = false;
    ctx.log('The Allies invaded Italy: Italy enters the war', '2WW 12.1.1');
    return;
  }
  if (c === 'su' && side === 'axis' && s.politics.ussrNeutral) {
    endSovietNeutrality(ctx, 'the Axis invaded it');
    return;
  }
  const cs = s.countries[c];
  if (!cs || cs.status !== 'neutral' || c === 'ch') return;
  invade(ctx, side, unit, c);
}

/** 2WW 5.3.1: the opponent of the invader takes the country's forces and the cities the invader does not hold. */
export function invade(ctx: C, side: Side, unit: string, c: string): void {
  const s = ctx.state, w = worldOf(s);
  write(s, 'countries')[c] = { controller: other(side), status: 'belligerent' };
  for (const h of w.hexes) {
    if (h && h.country === c && (h.city || h.port) && s.control[h.id] !== side) write(s, 'control')[h.id] = other(side);
  }
  const power = powerOf(s, unit);
  let delay = '';
  if (!s.politics.usEntered && (power === 'gb' || power === 'fr')) {
    write(s, 'politics').usEntryDelay++;
    delay = '; US entry is delayed one turn';
  }
  ctx.log(`${side === 'axis' ? 'Axis' : 'Allied'} invasion of ${POWER_NAMES[c] ?? c}: its forces join the ${other(side) === 'axis' ? 'Axis' : 'Allies'}${delay}`, '2WW 5.3.1');
}

/** 2WW 12.1.1 / 12.4.1: attacking Italian or Soviet units ends their neutrality. Combat calls this on each attack. */
export function noteAttackOn(ctx: C, attacker: Side, defenders: string[]): void {
  const s = ctx.state;
  for (const d of defenders) {
    const p = powerOf(s, d);
    if (p === 'it' && attacker === 'allies' && s.politics.italyNeutral) {
      write(s, 'politics').italyNeutral = false;
      ctx.log('Italian units were attacked: Italy enters the war', '2WW 12.1.1');
    }
    if (p === 'su' && attacker === 'axis' && s.politics.ussrNeutral) endSovietNeutrality(ctx, 'Soviet units were attacked');
  }
}

/** A land unit of `side` entered (moved, retreated, advanced into) `node`: control (3.4.7), Paris, Vichy triggers. */
export function noteLandUnitIn(ctx: C, side: Side, node: number): void {
  const s = ctx.state, w = worldOf(s);
  const h = hexData(w, node);
  if (!h) return;
  if ((h.city || h.port) && s.control[h.id] !== side && countryAt(s, w, node) !== 'vc') {
    write(s, 'control')[h.id] = side;
    if (h.capitalOf === 'fr' && side === 'axis' && s.countries.fr?.status !== 'conquered') fallOfFrance(ctx);
    if (s.politics.vichy === 'allied' && h.country === 'fr') frenchTerritoriesChange(ctx, side, h);
  }
  if (side === 'allies' && s.politics.vichy === 'neutral' && (h.city === 'Toulon' || h.city === 'Algiers')) {
    endVichy(ctx, `the Allies occupied ${h.city}`);
  }
  if (h.city === 'Baghdad' && s.politics.iraq !== 'closed') {
    if (side === 'allies' && s.politics.iraq !== 'allied-conquered') {
      write(s, 'politics').iraq = 'allied-conquered';
      ctx.log('The Allies capture Baghdad: the Iraqi rebellion is over', '2WW 12.5.2');
      conquer(ctx, 'iq', 'allies'); // its unit leaves the map wherever it is (5.3.2)
    } else if (side === 'axis' && s.politics.iraq === 'allied-conquered') {
      write(s, 'politics').iraq = 'axis-liberated';
      ctx.log('The Axis recaptures Baghdad: Iraq is liberated', '2WW 12.5.2');
      liberate(ctx, 'iq', 'axis');
    }
  }
}

/**
 * 2WW 12.2.3, once Vichy has ended: whoever takes Toulon gains southern France and each (Fr) territory whose capital
 * holds no land unit of the other side; whoever takes a territory's capital gains that territory. Cities held by the
 * other side's land units stay theirs (ruling V-1).
 */
function frenchTerritoriesChange(ctx: C, side: Side, h: HexData): void {
  const s = ctx.state, w = worldOf(s);
  const heldByOther = (id: string) => unitEntries(s).some(([u, v]) => v.where === id && !v.aboard && unitClass(s, u) === 'land' && sideOfUnit(s, u) === other(side));
  const regions: string[] = [];
  if (h.city === 'Toulon') {
    regions.push('vichy');
    for (const t of w.hexes) if (t?.territoryCapital && t.country === 'fr' && t.region && !heldByOther(t.id)) regions.push(t.region);
    for (const t of w.hexes) if (t?.overseas && t.country === 'fr' && t.region && !regions.includes(t.region) && !w.hexes.some((c) => c?.territoryCapital && c.region === t.region)) regions.push(t.region);
  } else if (h.territoryCapital && h.region) {
    regions.push(h.region);
  }
  const changed: string[] = [];
  for (const t of w.hexes) {
    if (!t || !t.region || !regions.includes(t.region) || t.country !== 'fr' || !(t.city || t.port)) continue;
    if (s.control[t.id] === side || heldByOther(t.id)) continue;
    write(s, 'control')[t.id] = side;
    changed.push(t.city ?? t.id);
  }
  if (changed.length) {
    ctx.log(`${side === 'axis' ? 'The Axis' : 'The Allies'} took ${h.city}: ${changed.sort().join(', ')} change sides`, '2WW 12.2.3', { regions, cities: changed });
  }
}

function vichyHex(w: World, n: number): boolean {
  const h = w.hexes[n];
  return !!h && h.country === 'fr' && (h.region === 'vichy' || !!h.overseas);
}

/** 2WW 12.2.1: Paris falls; France is conquered and Vichy France created. */
export function fallOfFrance(ctx: C): void {
  const s = ctx.state, w = worldOf(s);
  write(s, 'countries').fr = { controller: 'axis', status: 'conquered', conqueredBy: 'axis' };
  write(s, 'politics').vichy = 'neutral';
  for (const id of Object.keys(s.units)) {
    if (powerOf(s, id) !== 'fr' || id === 'fr-arm-ff1') continue;
    const u = write(s, 'units', id);
    if (id === 'fr-inf-col' || id === 'fr-fleet') {
      const place = id === 'fr-inf-col' ? cityHex(w, 'Algiers') : cityHex(w, 'Toulon');
      Object.assign(u, { where: place ?? REMOVED, reduced: false, ops: false, owner: 'neutral', permanent: true });
      delete u.aboard;
    } else {
      Object.assign(u, { where: REMOVED, reduced: false, ops: false, permanent: true });
      delete u.aboard;
    }
  }
  for (const [id, u] of Object.entries(s.units)) if (u.aboard && (s.units[u.aboard]?.where === REMOVED)) write(s, 'units', id).where = REMOVED;
  // Axis units in Vichy territory go to the nearest Axis-controlled city or port; fleets (with their cargo) to a port,
  // the only land hex they may stand in (8.3.1).
  const axisCities: number[] = [], axisPorts: number[] = [];
  for (let n = 0; n < w.board.hexCount; n++) {
    const h = w.hexes[n];
    if (!h || !(h.city || h.port) || s.control[h.id] !== 'axis' || vichyHex(w, n)) continue;
    axisCities.push(n);
    if (h.port) axisPorts.push(n);
  }
  for (const [id, u] of unitEntries(s)) {
    if (!onMap(u.where) || u.aboard || sideOfUnit(s, id) !== 'axis') continue;
    const n = w.board.find(u.where);
    if (n < 0 || !w.board.isHex(n) || !vichyHex(w, n)) continue;
    let best = -1, bd = Infinity;
    for (const c of unitClass(s, id) === 'fleet' ? axisPorts : axisCities) {
      const d = w.board.distance(n, c);
      if (d < bd) { bd = d; best = c; }
    }
    placeUnit(s, id, best >= 0 ? w.board.id(best) : POOL);
  }
  for (let n = 0; n < w.board.hexCount; n++) if (vichyHex(w, n)) delete write(s, 'control')[w.hexes[n]!.id];
  ctx.log('Paris has fallen: France is conquered and Vichy France created; the other French units are out of play', '2WW 12.2.1');
}

function cityHex(w: World, name: string): string | null {
  for (const h of w.hexes) if (h?.city === name) return h.id;
  return null;
}

/**
 * A production city now (2WW 7): the map's production cities, and Toulon once Vichy has ended while the Allies hold
 * it (12.2.2 makes it an Allied production city; ruling V-2).
 */
export function isProductionCity(s: TwoWWState, h: HexData): boolean {
  return !!h.production || (!!h.vichyProduction && s.politics.vichy === 'allied' && s.control[h.id] === 'allies');
}

/** 2WW 12.2.2: Vichy's forces join the Allies; Toulon becomes Allied unless Axis-occupied. */
export function endVichy(ctx: C, why: string): void {
  const s = ctx.state, w = worldOf(s);
  write(s, 'politics').vichy = 'allied';
  for (const [id, u] of Object.entries(s.units)) if (u.owner === 'neutral') write(s, 'units', id).owner = 'allies';
  // Toulon is Allied unless Axis units hold it (12.2.2); its holder takes Vichy, and each (Fr) territory whose capital
  // the other side does not occupy (12.2.3); a city the other side's units occupy stays theirs.
  const occupiedBy = (hex: string, side: Side) => unitEntries(s).some(([id, u]) => u.where === hex && !u.aboard && sideOfUnit(s, id) === side);
  const toulon = cityHex(w, 'Toulon');
  const holder: Side = toulon && occupiedBy(toulon, 'axis') ? 'axis' : 'allies';
  const capitalOf = new Map<string, string>();
  for (const h of w.hexes) if (h?.territoryCapital && h.region) capitalOf.set(h.region, h.id);
  for (let n = 0; n < w.board.hexCount; n++) {
    const h = w.hexes[n];
    if (!h || !vichyHex(w, n) || !(h.city || h.port)) continue;
    let side = holder;
    const cap = h.region ? capitalOf.get(h.region) : undefined;
    if (cap && occupiedBy(cap, other(holder))) side = other(holder);
    if (occupiedBy(h.id, other(side))) side = other(side);
    write(s, 'control')[h.id] = side;
  }
  ctx.log(`Vichy France ends (${why}): French forces join the Allies; Toulon is ${holder === 'axis' ? 'Axis' : 'Allied'}`, '2WW 12.2.2');
}

/** 2WW 12.5: the Axis rolls for the Iraqi rebellion each turn from Winter 1941 (5-6 rebels). */
export function iraqRebellionRoll(ctx: C): void {
  const s = ctx.state;
  if (s.politics.iraq !== 'closed' || s.turn < milestoneTurn('iraqRebellionFrom')) return;
  const r = ctx.roll(6, 1, 'Iraqi rebellion (5-6 rebels)', '2WW 12.5');
  if (r.total < 5) return;
  const w = worldOf(s);
  const baghdad = cityHex(w, 'Baghdad');
  write(s, 'politics').iraq = 'rebel';
  write(s, 'countries').iq = { controller: 'axis', status: 'belligerent' };
  if (baghdad) write(s, 'control')[baghdad] = 'axis';
  const iq = s.units['iq-inf'];
  if (iq && baghdad && !onMap(iq.where)) Object.assign(write(s, 'units', 'iq-inf'), { where: baghdad, reduced: false, ops: false });
  ctx.log('Iraq rebels: the Iraqi unit appears in Baghdad under Axis control', '2WW 12.5');
}

/**
 * 2WW 5.3.2-5.3.3, end of a game turn: a country is conquered when the other side holds all its capitals and each
 * traces supply to one of its own capitals; it is liberated when the side that did not conquer it occupies its capital
 * and traces supply.
 */
export function conquestAndLiberation(ctx: C): void {
  const s = ctx.state, w = worldOf(s);
  const capitals = new Map<string, number[]>();
  for (let n = 0; n < w.board.hexCount; n++) {
    const h = w.hexes[n];
    if (h?.capitalOf) capitals.set(h.capitalOf, [...(capitals.get(h.capitalOf) ?? []), n]);
  }
  const nets: Partial<Record<Side, SupplyNet>> = {};
  const net = (side: Side) => (nets[side] ??= supplyNet(s, side));
  for (const [c, cs] of Object.entries(s.countries)) {
    const caps = capitals.get(c);
    if (!caps?.length || !cs.controller || c === 'us' || c === 'ch' || isNeutralCountry(s, c)) continue;
    if (c === 'iq') continue; // Iraq follows 12.5
    const holder = other(cs.controller);
    if (!caps.every((n) => s.control[w.hexes[n]!.id] === holder)) continue;
    const own = allFriendlyCapitals(s, holder).filter((n) => w.hexes[n]!.capitalOf !== c);
    const occupied = caps.every((n) => unitEntries(s).some(([id, u]) => u.where === w.hexes[n]!.id && unitClass(s, id) === 'land' && sideOfUnit(s, id) === holder));
    if (!caps.every((n) => net(holder).traces(n, own, 'place'))) continue;
    if (cs.status === 'conquered' && cs.conqueredBy === cs.controller) {
      if (!occupied) continue;
      liberate(ctx, c, holder);
    } else {
      conquer(ctx, c, holder);
    }
  }
}

export function conquer(ctx: C, c: string, by: Side): void {
  const s = ctx.state;
  if (c === 'fr' && by === 'axis') { fallOfFrance(ctx); return; }
  write(s, 'countries')[c] = { controller: by, status: 'conquered', conqueredBy: by };
  for (const id of Object.keys(s.units)) {
    if (powerOf(s, id) !== c || s.units[id]!.where === FUTURE) continue;
    for (const [vid, v] of Object.entries(s.units)) if (v.aboard === id) { const x = write(s, 'units', vid); x.where = REMOVED; delete x.aboard; }
    const u = write(s, 'units', id);
    Object.assign(u, { where: REMOVED, reduced: false, ops: false });
    delete u.aboard;
  }
  ctx.log(`${POWER_NAMES[c] ?? c} is conquered by the ${by === 'axis' ? 'Axis' : 'Allies'}`, '2WW 5.3.2');
}

export function liberate(ctx: C, c: string, by: Side): void {
  const s = ctx.state;
  write(s, 'countries')[c] = { controller: by, status: 'liberated' };
  for (const [id, u] of Object.entries(s.units)) {
    if (powerOf(s, id) === c && u.where === REMOVED && !u.permanent) write(s, 'units', id).where = POOL;
  }
  if (c === 'fr') write(s, 'politics').vichy = s.politics.vichy === 'neutral' ? 'allied' : s.politics.vichy;
  ctx.log(`${POWER_NAMES[c] ?? c} is liberated by the ${by === 'axis' ? 'Axis' : 'Allies'}; its units join the force pool`, '2WW 5.3.3');
}
