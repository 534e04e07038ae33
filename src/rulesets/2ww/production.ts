// 2WW 7 Production and 12.3 Lend-Lease: Turn Record Track additions, points from supplied production cities and
// bonuses, the minors' Winter point, building from the force pool and upgrading, placement (7.2), and the limits on
// Italy, the USSR and the US.
import { derivedFrom, write } from '../../engine/index.ts';
import type { Choice, Frame, Procedure } from '../../engine/index.ts';
import { actionOf, type ProductionAction } from './actions.ts';

type BuildOrUpgrade = Extract<ProductionAction, { unit: string }>;
import { milestoneTurn, reinforcementsOn, turnInfo, turnTrack, unitProductionCost } from './data/index.ts';
import type { Side, TwoWWState } from './state.ts';
import { ELIMINATED, FUTURE, POOL } from './state.ts';
import { countryAt, isNeutralCountry } from './neutrals.ts';
import { SupplyNet, allFriendlyCapitals, supplySourceHexes } from './supply.ts';
import { hexData, isMajor, placeName, POWER_NAMES, powerOf, sideOfUnit, unitClass, unitDef, unitEntries, unitIds, unitName, worldOf } from './world.ts';
import { landZocOfSide } from './zones-of-control.ts';
import { displacementCandidates } from './movement.ts';
import { isProductionCity } from './politics.ts';
import { controlOfHex } from './combat/rules-world.ts';
import { inPlay, mkPrompt } from './combat/common.ts';

/** Major powers produce in setup order (2WW 7.2.1). */
export const PRODUCTION_ORDER = ['fr', 'su', 'gb', 'us', 'it', 'ge'] as const;
export const US_POINTS = 10;
const ATLANTIC_LAND = 'atlantic-land';

export interface PointPart { source: string; points: number; rule: string }
export interface PowerPoints {
  total: number;
  parts: PointPart[];
  /** The neutral USSR may only upgrade (2WW 7.1.6, 12.4.2). */
  upgradesOnly?: boolean;
}

const season = (s: TwoWWState) => turnInfo(s.turn).season;

/**
 * Supply lines from production cities and other hexes (2WW 7.1.1, 7.2.5, 7.3), for one computation on a state that
 * does not change meanwhile: one supply net per side, built on first use.
 */
export class CityLines {
  private readonly nets: Partial<Record<Side, SupplyNet>> = {};
  /** Source hexes by side and target (the scans of the map are the same for every hex asked). */
  private readonly sources = new Map<string, number[]>();
  constructor(private readonly s: TwoWWState) {}

  /**
   * Can `hex` trace a regular supply line (11) to a friendly capital of `power`, to any friendly capital (null), to a
   * friendly major power's capital ('major', 7.3.1) or to a friendly production city ('production', 7.3.2)?
   */
  traces(side: Side, hex: string, power: string | null | 'major' | 'production'): boolean {
    const s = this.s, w = worldOf(s);
    const n = w.board.find(hex);
    if (n < 0) return false;
    const net = (this.nets[side] ??= new SupplyNet(s, side));
    const key = `${side}|${power ?? ''}`;
    let sources = this.sources.get(key);
    if (!sources) {
      const ownMajor = (p: string) => isMajor(p) && usable(s, p) && s.countries[p]!.controller === side;
      sources = power === 'major' ? allFriendlyCapitals(s, side).filter((c) => ownMajor(w.hexes[c]!.capitalOf!))
        : power === 'production' ? friendlyProductionCities(s, side)
          : power ? supplySourceHexes(s, power, side) : allFriendlyCapitals(s, side);
      this.sources.set(key, sources);
    }
    return net.traces(n, sources, 'place');
  }
}

/** Production cities `side` controls (2WW 7.3.2). */
function friendlyProductionCities(s: TwoWWState, side: Side): number[] {
  const w = worldOf(s);
  const out: number[] = [];
  for (let n = 0; n < w.board.hexCount; n++) {
    const h = hexData(w, n);
    if (h && isProductionCity(s, h) && controlOfHex(s, h.id) === side) out.push(n);
  }
  return out;
}

function add(out: Record<string, PowerPoints>, power: string, part: PointPart): void {
  if (part.points <= 0) return;
  const p = (out[power] ??= { total: 0, parts: [] });
  p.total += part.points;
  p.parts.push(part);
}

function usable(s: TwoWWState, power: string): boolean {
  const c = s.countries[power];
  return !!c && !!c.controller && c.status !== 'conquered';
}

/** The major powers of `side` that may use a city outside their own country: those whose capital it traces to
 * (2WW 7.1.1, 5.3.2), in setup order. */
function usersOfCity(s: TwoWWState, side: Side, hex: string, lines: CityLines): string[] {
  const out: string[] = [];
  for (const p of PRODUCTION_ORDER) {
    if (p === 'us' || !usable(s, p) || s.countries[p]!.controller !== side) continue;
    if (p === 'su' && s.politics.ussrNeutral) continue;
    if (lines.traces(side, hex, p)) out.push(p);
  }
  return out;
}

/** The side's chosen user of such a city; by default the first in setup order (ruling R-P1). */
function userOfCity(s: TwoWWState, side: Side, hex: string, lines: CityLines): string | null {
  return chosenUser(s, hex, usersOfCity(s, side, hex, lines));
}

/** Of a city's `users`, the one chosen for it, else the first. */
function chosenUser(s: TwoWWState, hex: string, users: string[]): string | null {
  const chosen = s.production.assign?.[hex];
  return chosen && users.includes(chosen) ? chosen : users[0] ?? null;
}

/** Production cities whose user the side chooses: outside their powers' own countries, with two or more candidates. */
/**
 * Whose a production city's point is, held by `side` in country `c` (2WW 7.1): neutral Italy's (7.1.7), neutral
 * USSR's (12.4.2), a neutral's (none), liberated France's (5.3.3), its own major's, or a captured city's (7.1.1).
 */
function cityKind(s: TwoWWState, side: Side, c: string): 'neutral-italy' | 'neutral-ussr' | 'neutral' | 'liberated-france' | 'own' | 'captured' {
  if (c === 'it' && s.politics.italyNeutral) return 'neutral-italy';
  if (c === 'su' && s.politics.ussrNeutral) return 'neutral-ussr';
  if (isNeutralCountry(s, c)) return 'neutral';
  if (c === 'fr' && s.countries.fr?.status === 'liberated') return 'liberated-france';
  return isMajor(c) && s.countries[c]?.controller === side && usable(s, c) ? 'own' : 'captured';
}

export function contestedCities(s: TwoWWState, side: Side, lines = new CityLines(s)): { hex: string; users: string[] }[] {
  const w = worldOf(s);
  const out: { hex: string; users: string[] }[] = [];
  for (let n = 0; n < w.board.hexCount; n++) {
    const h = hexData(w, n);
    if (!h || !isProductionCity(s, h) || s.production.bombed.includes(h.id) || controlOfHex(s, h.id) !== side) continue;
    const c = countryAt(s, w, n);
    if (!c || cityKind(s, side, c) !== 'captured') continue;
    const users = usersOfCity(s, side, h.id, lines);
    if (users.length > 1) out.push({ hex: h.id, users });
  }
  return out;
}

/** Points of every power this Production (2WW 4.2 B.2, 7.1, 12.3-12.5). Pure. */
export function productionPoints(s: TwoWWState, lines = new CityLines(s)): Record<string, PowerPoints> {
  const out: Record<string, PowerPoints> = {};
  const w = worldOf(s);
  const winter = season(s) === 'winter';
  for (let n = 0; n < w.board.hexCount; n++) {
    const h = hexData(w, n);
    if (!h || !isProductionCity(s, h) || s.production.bombed.includes(h.id)) continue;
    const side = controlOfHex(s, h.id);
    const c = countryAt(s, w, n);
    if (!side || !c) continue;
    const kind = cityKind(s, side, c);
    if (kind === 'neutral-italy') {
      // 7.1.7: neutral Italy uses its points only in Winter.
      if (winter && side === 'axis') add(out, 'it', { source: h.id, points: 1, rule: '2WW 7.1.7' });
      continue;
    }
    // 12.4.2 replaces neutral USSR's cities; neutral cities give nothing (7; German bonuses below).
    if (kind === 'neutral-ussr' || kind === 'neutral') continue;
    let power: string | null;
    if (kind === 'liberated-france') power = lines.traces(side, h.id, 'gb') ? 'gb' : null;
    else if (kind === 'own') power = h.capitalOf === c || lines.traces(side, h.id, c) ? c : null;
    else power = userOfCity(s, side, h.id, lines);
    if (power) add(out, power, { source: h.id, points: 1, rule: '2WW 7.1.1' });
  }
  const lost = s.production.convoyLosses;
  const ll = s.production.lendLease;
  if (usable(s, 'gb')) {
    add(out, 'gb', { source: 'dominions', points: 2 - (lost.dominions ?? 0), rule: '2WW 7.1.2' });
    if (s.politics.iraq === 'closed' || s.politics.iraq === 'allied-conquered') add(out, 'gb', { source: 'iraq', points: 1 - (lost.iraq ?? 0), rule: '2WW 12.5.2' });
    add(out, 'gb', { source: 'lend-lease', points: ll.gb - (lost['lend-lease-gb'] ?? 0), rule: '2WW 12.3' });
  }
  // 7.1.5: until US entry the US points are only Lend-Lease; the rest is discarded.
  if (s.politics.usEntered) add(out, 'us', { source: 'us-production', points: US_POINTS - ll.gb - ll.su, rule: '2WW 7.1.2' });
  if (s.politics.ussrNeutral) {
    if (s.turn >= milestoneTurn('ussrProductionFrom')) {
      add(out, 'su', { source: 'neutral-ussr', points: 2, rule: '2WW 12.4.2' });
      out.su!.upgradesOnly = true;
    }
  } else add(out, 'su', { source: 'lend-lease', points: ll.su - (lost['lend-lease-su'] ?? 0), rule: '2WW 12.3.2' });
  if (usable(s, 'ge')) {
    const notAllied = (c: string) => s.countries[c]?.controller !== 'allies';
    if (notAllied('ru')) add(out, 'ge', { source: 'bucharest', points: 1, rule: '2WW 7.1.2' });
    if (notAllied('se') && notAllied('no')) add(out, 'ge', { source: 'stockholm', points: 1, rule: '2WW 7.1.2' });
    const pl = s.countries.pl;
    if (pl?.status === 'conquered' && pl.conqueredBy === 'axis' && s.politics.ussrNeutral) add(out, 'ge', { source: 'poland', points: 1, rule: '2WW 7.1.2' });
    if (s.politics.iraq === 'rebel' || s.politics.iraq === 'axis-liberated') add(out, 'ge', { source: 'iraq', points: 1, rule: '2WW 12.5.1' });
  }
  if (winter) {
    for (const [c, st] of Object.entries(s.countries)) {
      if (isMajor(c) || !st.controller || st.status === 'conquered' || st.status === 'neutral') continue;
      if (c === 'iq' && !(s.politics.iraq === 'rebel' || s.politics.iraq === 'axis-liberated')) continue; // 12.5.2
      add(out, c, { source: 'winter', points: 1, rule: '2WW 7.1.3' });
    }
  }
  return out;
}

function sideOfPower(s: TwoWWState, p: string): Side | null {
  if (p === 'us') return 'allies';
  return s.countries[p]?.controller ?? null;
}

/** Who stands where, for placement (2WW 7.2.2): places holding any enemy unit, an enemy land unit, a friendly land unit. */
interface Occupancy { enemy: Set<string>; enemyLand: Set<string>; friendlyLand: Set<string> }

function occupancy(s: TwoWWState, side: Side): Occupancy {
  const o: Occupancy = { enemy: new Set(), enemyLand: new Set(), friendlyLand: new Set() };
  for (const [id, u] of unitEntries(s)) {
    if (u.aboard) continue;
    const us = sideOfUnit(s, id);
    if (us === null) continue;
    const land = unitClass(s, id) === 'land';
    if (us !== side) {
      o.enemy.add(u.where);
      if (land) o.enemyLand.add(u.where);
    } else if (land) o.friendlyLand.add(u.where);
  }
  return o;
}

/** What placementHexes needs per side, built once per prompt (its scans over every unit are the costly part). */
interface PlacementScratch { side: Side; occ: Occupancy; enemyZoc: Set<number>; byKind: Map<string, string[]> }

/** Hexes where a new unit may be placed (2WW 7.2.2-7.2.5). */
export function placementHexes(s: TwoWWState, unit: string, scratch?: Map<Side, PlacementScratch>, lines = new CityLines(s)): string[] {
  const w = worldOf(s);
  const def = unitDef(s, unit);
  const power = powerOf(s, unit);
  const side = sideOfPower(s, power);
  if (!side) return [];
  if (power === 'us') return w.board.find(ATLANTIC_LAND) >= 0 ? [ATLANTIC_LAND] : [];
  let sc = scratch?.get(side);
  if (!sc) {
    sc = { side, occ: occupancy(s, side), enemyZoc: landZocOfSide(s, side === 'axis' ? 'allies' : 'axis'), byKind: new Map() };
    scratch?.set(side, sc);
  }
  // The hexes depend on the unit only through these fields.
  const kind = `${power}|${def.type}|${def.designation}|${def.nationality}|${unitClass(s, unit)}|${unit === 'fr-arm-ff1'}`;
  const known = sc.byKind.get(kind);
  if (known) return [...known];
  const out = placementHexesOf(s, unit, sc, lines);
  sc.byKind.set(kind, out);
  return [...out];
}

function placementHexesOf(s: TwoWWState, unit: string, sc: PlacementScratch, lines: CityLines): string[] {
  const w = worldOf(s);
  const def = unitDef(s, unit);
  const power = powerOf(s, unit);
  const side = sc.side;
  const { occ, enemyZoc } = sc;
  const friendlyLand = (hex: string) => occ.friendlyLand.has(hex);
  const out: string[] = [];
  const home = def.nationality === 'fr' && unit === 'fr-arm-ff1' ? null : def.nationality;
  const cityHexes: number[] = [];
  for (let n = 0; n < w.board.hexCount; n++) {
    const h = hexData(w, n);
    if (h?.production && h.country === home && controlOfHex(s, h.id) === side) cityHexes.push(n);
  }
  for (let n = 0; n < w.board.hexCount; n++) {
    const h = hexData(w, n);
    if (!h || h.kind === 'sea') continue;
    const id = h.id;
    const ctl = h.city || h.port ? controlOfHex(s, id) : null;
    if (ctl && ctl !== side) continue; // 7.2.2: never an enemy-controlled city or port
    if (def.type === 'fort') {
      if (occ.enemyLand.has(id)) continue;
      // Named forts carry their city's name; the unnamed German forts are designated "Fort".
      if (def.designation && def.designation.toLowerCase() !== 'fort' && /^[A-Z]/.test(def.designation)) {
        if (h.city === def.designation) out.push(id); // 7.2.5 named fort: its own city
        continue;
      }
      const c = countryAt(s, w, n);
      if (!c || s.countries[c]?.controller !== side || isNeutralCountry(s, c)) continue;
      if (h.capitalOf && controlOfHex(s, id) === side) out.push(id);
      else if (lines.traces(side, id, null)) out.push(id);
      continue;
    }
    if (occ.enemy.has(id)) continue;
    if (unit === 'fr-arm-ff1') {
      // 7.2.4: an Allied-controlled production city in Britain or France, or Algiers/Toulon when Allied-controlled
      // (never while Vichy holds them: they are controlled by nobody then).
      if (controlOfHex(s, id) !== side) continue;
      if ((isProductionCity(s, h) && (h.country === 'gb' || h.country === 'fr')) || h.city === 'Algiers' || h.city === 'Toulon') out.push(id);
      continue;
    }
    if (h.country !== home) continue;
    if (unitClass(s, unit) === 'fleet') {
      if (h.port) out.push(id);
      continue;
    }
    if (enemyZoc.has(n) && !friendlyLand(id)) continue;
    if (!cityHexes.length && !isMajor(power)) {
      out.push(id); // 7.2.3: a minor with no friendly production city
      continue;
    }
    if (cityHexes.some((c) => c === n || w.board.distance(c, n) === 1)) out.push(id);
  }
  return out.sort();
}

/** Whose points pay for a unit (US units away from the Atlantic land box use British points, 7.3.1). */
function payer(s: TwoWWState, unit: string): string {
  const p = powerOf(s, unit);
  if (p === 'us' && s.units[unit]!.where !== ATLANTIC_LAND) return 'gb';
  return p;
}

/** Reduced units `power`'s points may upgrade now (2WW 7.3). */
export function upgradable(s: TwoWWState, power: string, points: number, lines = new CityLines(s)): string[] {
  const out: string[] = [];
  for (const [id, u] of unitEntries(s)) {
    if (!u.reduced || !inPlay(s, id) || u.aboard || payer(s, id) !== power) continue;
    const cost = unitProductionCost(id, 'upgrade');
    if (cost === null || cost > points) continue;
    const side = sideOfUnit(s, id);
    if (!side) continue;
    if (powerOf(s, id) === 'us' && u.where === ATLANTIC_LAND) {
      out.push(id);
      continue;
    }
    if (unitClass(s, id) === 'fleet') {
      const w = worldOf(s);
      const n = w.board.find(u.where);
      const h = n >= 0 ? hexData(w, n) : undefined;
      if (h?.port && controlOfHex(s, h.id) === side && (h.production || lines.traces(side, h.id, 'production'))) out.push(id);
      continue;
    }
    if (lines.traces(side, u.where, 'major')) out.push(id);
  }
  return out.sort();
}

/** Every build and upgrade `power` may make with `points` (2WW 7.1.4-7.3). */
export function productionChoices(s: TwoWWState, power: string, points: number): BuildOrUpgrade[] {
  const acts: BuildOrUpgrade[] = [];
  const lines = new CityLines(s);
  const upgradesOnly = power === 'su' && s.politics.ussrNeutral;
  const noBuild = upgradesOnly || (power === 'us' && !s.politics.usEntered);
  if (!noBuild) {
    const scratch = new Map<Side, PlacementScratch>();
    for (const id of unitIds(s).sorted) {
      if (s.units[id]!.where !== POOL || powerOf(s, id) !== power) continue;
      const cost = unitProductionCost(id, 'build');
      if (cost === null || cost > points) continue;
      for (const hex of placementHexes(s, id, scratch, lines)) acts.push({ type: 'build', unit: id, hex });
    }
  }
  for (const id of upgradable(s, power, points, lines)) acts.push({ type: 'upgrade', unit: id });
  return acts;
}

export interface ProductionFrame extends Frame {
  step?: string;
  /** 'assign' step: index into ASSIGNING of the side choosing its captured cities' users. */
  si?: number;
  decided?: boolean;
  order?: string[];
  index?: number;
  left?: number;
}

/** Who spends production points, in turn (2WW 7.2.1). */
export function spendingOrder(s: TwoWWState): string[] {
  const order: string[] = [...PRODUCTION_ORDER];
  if (season(s) === 'winter') {
    // 7.2.1: Allied minors, then Axis minors, after the majors.
    const minors = Object.keys(s.countries).filter((c) => !isMajor(c)).sort();
    order.push(...minors.filter((c) => s.countries[c]!.controller === 'allies'), ...minors.filter((c) => s.countries[c]!.controller === 'axis'));
  }
  return order;
}

const ASSIGNING: Side[] = ['allies', 'axis'];
const POWER_LABEL: Record<string, string> = { fr: 'France', su: 'the USSR', gb: 'Britain', it: 'Italy', ge: 'Germany' };

/**
 * contestedCities of a settled state, reused from the state before while everything it reads is the same frozen
 * object (an assignment changes only `production.assign`, which it does not read).
 */
function contestedOf(s: TwoWWState, side: Side): { hex: string; users: string[] }[] {
  const inputs = [s.world, s.units, s.control, s.countries, s.politics, s.production.bombed];
  return derivedFrom<{ inputs: unknown[]; cities: { hex: string; users: string[] }[] }>(s, `2ww:contested-cities:${side}`, (prev) =>
    prev && Object.isFrozen(s.units) && prev.inputs.every((x, i) => x === inputs[i]) ? prev : { inputs, cities: contestedCities(s, side) }).cities;
}

function assignPrompt(s: TwoWWState, side: Side) {
  const w = worldOf(s);
  const cities = contestedOf(s, side);
  if (!cities.length) return [];
  const name = (hex: string) => `${hexData(w, w.board.index(hex))?.city ?? hex} (${hex})`;
  const user = new Map(cities.map((c) => [c.hex, chosenUser(s, c.hex, c.users)!]));
  const now = (hex: string) => user.get(hex)!;
  const choices: Choice[] = cities.flatMap((c) => c.users.filter((p) => p !== now(c.hex)).map((p) => ({
    action: { type: 'assign', hex: c.hex, power: p }, label: `Give ${name(c.hex)} to ${POWER_LABEL[p] ?? p}`, refs: { place: c.hex },
  })));
  choices.push({ action: { type: 'done' }, label: `Keep: ${cities.map((c) => `${name(c.hex)} to ${POWER_LABEL[now(c.hex)] ?? now(c.hex)}`).join(', ')}` });
  return [mkPrompt(side, '2WW 7.1.1', 'Production: choose which power uses each captured production city', 'assign', choices,
    { cities: cities.map((c) => ({ hex: c.hex, users: c.users, user: now(c.hex) })) })];
}

/** 'production' {}: pushed by the sequence of play at B (2WW 4.2 B.1-B.4). */
export const production: Procedure<TwoWWState, ProductionFrame> = {
  prompts(s, f) {
    if (f.step === 'assign') return f.decided ? [] : assignPrompt(s, ASSIGNING[f.si!]!);
    if (f.step !== 'spend') return [];
    const power = f.order![f.index!]!;
    const side = sideOfPower(s, power);
    const left = s.production.points[power] ?? 0;
    if (!side || left <= 0) return [];
    const acts = productionChoices(s, power, left);
    if (!acts.length) return [];
    const w = worldOf(s);
    const choice = (a: BuildOrUpgrade): Choice => {
      const id = a.unit;
      if (a.type === 'build') {
        return { action: a, label: `Build ${unitName(s, id)} at ${placeName(w, a.hex)} (${unitProductionCost(id, 'build')})`, refs: { units: [id], place: a.hex } };
      }
      return { action: a, label: `Upgrade ${unitName(s, id)} at ${placeName(w, s.units[id]!.where)} (${unitProductionCost(id, 'upgrade')})`, refs: { units: [id], place: s.units[id]!.where } };
    };
    const points = `${left} production point${left === 1 ? '' : 's'}`;
    return [mkPrompt(side, '2WW 7', `${POWER_NAMES[power] ?? power}: ${points} left`, 'produce',
      [...acts.map(choice), { action: { type: 'done' }, label: `Done (${left === 1 ? 'the unused point is' : `the ${left} unused points are`} lost)` }],
      { power, points: left })];
  },
  run(ctx, f) {
    const s = ctx.state;
    if (!f.step) {
      // B.1: the Turn Record Track's units join the pools; eliminated units return to them.
      for (const r of reinforcementsOn(s.turn)) {
        const u = s.units[r.unit];
        if (u?.where === FUTURE && (!r.condition || r.condition !== 'france-conquered' || s.countries.fr?.status === 'conquered')) {
          write(s, 'units', r.unit).where = POOL;
          ctx.log(`${r.unit} joins the force pool`, '2WW 4.2 B.1', { unit: r.unit });
        }
      }
      for (const r of turnTrack().reinforcements) {
        // A conditional unit waits for its condition after its turn (e.g. the Free French armor).
        const u = s.units[r.unit];
        if (r.turn < s.turn && r.condition === 'france-conquered' && u?.where === FUTURE && s.countries.fr?.status === 'conquered') write(s, 'units', r.unit).where = POOL;
      }
      for (const [id, u] of Object.entries(s.units)) if (u.where === ELIMINATED) write(s, 'units', id).where = POOL;
      ctx.goto('production', { step: 'assign', si: 0 });
      return;
    }
    if (f.step === 'assign') {
      // Reached when the side has no city to assign, or after its choice: the next side, then B.2.
      if (f.si! + 1 < ASSIGNING.length) {
        ctx.goto('production', { step: 'assign', si: f.si! + 1 });
        return;
      }
      const pts = productionPoints(s);
      write(s, 'production').points = Object.fromEntries(Object.entries(pts).map(([p, v]) => [p, v.total]));
      ctx.log(`Production points: ${Object.entries(pts).map(([p, v]) => `${p} ${v.total}`).join(', ') || 'none'}`, '2WW 4.2 B.2',
        Object.fromEntries(Object.entries(pts).map(([p, v]) => [p, { total: v.total, parts: v.parts.map((x) => ({ ...x })) }])));
      ctx.goto('production', { step: 'spend', order: spendingOrder(s), index: 0 });
      return;
    }
    nextPower(ctx, f);
  },
  act(ctx, f, _seat, action) {
    const s = ctx.state;
    if (f.step === 'assign') {
      const a = actionOf<Extract<ProductionAction, { type: 'assign' | 'done' }>>(action);
      if (a.type === 'assign') {
        write(s, 'production').assign = { ...(s.production.assign ?? {}), [a.hex]: a.power };
        ctx.log(`${POWER_LABEL[a.power] ?? a.power} will use the production city ${a.hex}`, '2WW 7.1.1', { hex: a.hex, power: a.power });
        ctx.goto('production', { step: 'assign', si: f.si! });
        return;
      }
      ctx.goto('production', { step: 'assign', si: f.si!, decided: true });
      return;
    }
    const power = f.order![f.index!]!;
    const a = actionOf<BuildOrUpgrade | { type: 'done' }>(action);
    if (a.type === 'done') {
      nextPower(ctx, f);
      return;
    }
    const id = a.unit;
    const cost = unitProductionCost(id, a.type === 'build' ? 'build' : 'upgrade')!;
    write(s, 'production', 'points')[power] = (s.production.points[power] ?? 0) - cost;
    const u = write(s, 'units', id);
    if (a.type === 'build') {
      u.where = a.hex;
      u.reduced = false;
      u.ops = false;
      ctx.log(`${power} builds ${unitName(ctx.state, id)} at ${a.hex} for ${cost}`, '2WW 7.2.2', { unit: id, hex: a.hex, cost });
      // 7.2.5: a new fort displaces enemy fleets and air units in its hex (5.1.1, 5.1.3).
      if (displacementCandidates(s).length) ctx.push('displacement', {});
    } else {
      u.reduced = false;
      ctx.log(`${power} upgrades ${unitName(ctx.state, id)} for ${cost}`, '2WW 7.3', { unit: id, cost });
    }
  },
};

/** The next power spends; after the last, this turn's production records are cleared (points cannot be saved, 7). */
function nextPower(ctx: import('./combat/common.ts').C, f: ProductionFrame): void {
  if (f.index! + 1 < f.order!.length) {
    ctx.goto('production', { step: 'spend', order: f.order!, index: f.index! + 1 });
    return;
  }
  const s = ctx.state;
  write(s, 'production').bombed = [];
  write(s, 'production').convoyLosses = {};
  write(s, 'production').lendLease = { gb: 0, su: 0 };
  write(s, 'production').points = {};
  ctx.pop();
}

export const productionProcedures = { production };
