// AAE Purchase Units and Mobilize New Units, and the special cash advance (bid) played before the first turn with
// the same two steps: buy, then place where the power already has units.
import type { Choice, Frame, Procedure } from '../../engine/index.ts';
import { AXIS_MINOR, UNIT_TYPES, type Power, type UnitType } from './data/index.ts';
import { markNewMinorUnit, minorBuilds, minorPlacements, originalOwner } from './house/axis-minor.ts';
import { isShip } from './combat-rules.ts';
import type { AaeState } from './state.ts';
import { newUnit } from './units.ts';
import { tally } from './world.ts';
import { unitCost } from './house/values.ts';
import { mayBuyVolksgrenadiers } from './house/volksgrenadiers.ts';
import { addLandingCraft, landingCraftChoices } from './house/landing-craft.ts';
import { boughtSs, convertGuards, guardsChoices, mayBuySs } from './house/elite.ts';
import { RULE_FORTS, fortPlaced, fortPlaces, newUnitChoices } from './house/new-units.ts';
import { instalment, startBuild, turnsToBuild } from './house/production-cycle.ts';
import { AREAS, POWER_NAMES, area, areaName, controller, factoriesIn, factoryBonus, hasFactory, inPlay, isLand, neighboursIn, sideOf, unitData } from './world.ts';
import { factoryBook } from './house/relocation.ts';

export const RULE_PURCHASE = 'AAE Purchase Units';
export const RULE_MOBILIZE = 'AAE Mobilize New Units';
export const RULE_BID = 'AAE Special Cash Advance';

interface PurchaseFrame extends Frame {
  power: Power;
  /** Buying with the special cash advance: what is left of it, and what was bought. */
  bid?: number;
  bought?: UnitType[];
}

/** Unit types on sale (AAE: no industrial complexes may be bought). */
export const FOR_SALE: readonly UnitType[] = UNIT_TYPES;

/** Turns a unit bought now takes to build: house rules l.12, one with the advance. */
function buildTurns(s: AaeState, f: PurchaseFrame, t: UnitType): number {
  return f.bid === undefined ? turnsToBuild(s, t, f.power) : 1;
}

/** What buying a unit takes from the money now: a unit built over several turns asks only its first instalment. */
function priceNow(s: AaeState, f: PurchaseFrame, t: UnitType): number {
  return instalment(unitCost(s, t, f.power), buildTurns(s, f, t), 0);
}

export const purchase: Procedure<AaeState, PurchaseFrame> = {
  prompts(s, f) {
    const money = f.bid ?? s.ipcs[f.power];
    const turns = (t: UnitType) => buildTurns(s, f, t);
    const price = (t: UnitType) => priceNow(s, f, t);
    const choices: Choice[] = FOR_SALE.filter((t) => price(t) <= money && (f.power !== AXIS_MINOR || minorBuilds(t))).map((t) => ({
      action: { type: 'buy', unit: t },
      label: `buy ${unitData(t).name.toLowerCase()} (${turns(t) > 1 ? `${price(t)} IPCs now, ${unitCost(s, t, f.power)} over ${turns(t)} turns` : `${unitCost(s, t, f.power)} IPCs`})`,
    }));
    if (f.bid === undefined) {
      if (mayBuySs(s, f.power)) choices.push({ action: { type: 'buy', unit: 'ss-armour' }, label: `buy SS armour (${unitCost(s, 'ss-armour', f.power)} IPCs; one a turn)` });
      choices.push(...guardsChoices(s, f.power), ...landingCraftChoices(s, f.power), ...newUnitChoices(s, f.power));
      if (mayBuyVolksgrenadiers(s, f.power) && unitCost(s, 'volksgrenadier', f.power) <= money) choices.push({ action: { type: 'buy', unit: 'volksgrenadier' }, label: `buy volksgrenadier (${unitCost(s, 'volksgrenadier', f.power)} IPCs)` });
    }
    choices.push({ action: { type: 'done' }, label: f.bid !== undefined ? `done (${f.bid} IPCs of the advance unspent)` : `done buying (${money} IPCs left)` });
    const pending = f.bid !== undefined ? f.bought ?? [] : s.pending[f.power];
    return [{
      seat: f.power, rule: f.bid !== undefined ? RULE_BID : RULE_PURCHASE, kind: 'purchase',
      text: `${POWER_NAMES[f.power]}: ${f.bid !== undefined ? 'spend the special cash advance' : 'purchase units'} (${money} IPCs)${pending.length ? `; bought so far: ${tally(pending)}` : ''}`,
      choices,
      context: { ipcs: money, pending: tally(pending) },
    }];
  },
  explain(s, f, _seat, a) {
    // A unit on sale that the money does not cover: say its price and the money left.
    const t = a.unit as UnitType;
    if (a.type !== 'buy' || !FOR_SALE.includes(t)) return null;
    const money = f.bid ?? s.ipcs[f.power];
    const price = priceNow(s, f, t);
    if (price <= money) return null;
    const now = buildTurns(s, f, t) > 1 ? ` now (${unitCost(s, t, f.power)} over ${buildTurns(s, f, t)} turns)` : '';
    const left = f.bid !== undefined ? `${f.bid} IPCs of the special cash advance are left` : `${POWER_NAMES[f.power]} has ${money} IPCs left`;
    return { rule: f.bid !== undefined ? RULE_BID : RULE_PURCHASE, message: `${unitData(t).name.toLowerCase()} costs ${price} IPCs${now}; ${left}` };
  },
  act(ctx, f, _seat, a) {
    const s = ctx.state;
    if (a.type === 'done') {
      if (f.bid !== undefined) {
        if (sideOf(f.power) === 'allies') s.alliedBid = f.bid;
        ctx.goto('bid-place', { power: f.power, units: f.bought ?? [] });
        return;
      }
      ctx.log(`${POWER_NAMES[f.power]} buys ${tally(s.pending[f.power]) || 'nothing'}`, RULE_PURCHASE);
      ctx.pop();
      return;
    }
    if (a.type === 'guards') { convertGuards(ctx, a.at as string); return; }
    if (a.type === 'landing-craft') { addLandingCraft(ctx, f.power, a.at as string); return; }
    const t = a.unit as UnitType;
    const cost = unitCost(s, t, f.power);
    if (t === 'ss-armour') boughtSs(s);
    if (f.bid !== undefined) ctx.goto('purchase', { ...f, bid: f.bid - cost, bought: [...(f.bought ?? []), t] });
    else if (turnsToBuild(s, t, f.power) > 1) startBuild(s, f.power, t, cost);
    else { s.ipcs[f.power] -= cost; s.pending[f.power].push(t); }
  },
};

interface BidPlaceFrame extends Frame { power: Power; units: UnitType[] }

/** Places for a unit bought with the advance: where the power already has units of its kind's domain. */
function bidPlaces(s: AaeState, p: Power, t: UnitType): string[] {
  const sea = isShip(t);
  const out = new Set<string>();
  for (const u of s.units) {
    if (u.power !== p) continue;
    if (sea ? !isLand(u.at) : isLand(u.at) && controller(s, u.at) === p) out.add(u.at);
  }
  return [...out].sort();
}

export const bidPlace: Procedure<AaeState, BidPlaceFrame> = {
  prompts(s, f) {
    if (f.units.length === 0) return [];
    const t = f.units[0]!;
    const choices: Choice[] = bidPlaces(s, f.power, t).map((at) => ({
      action: { type: 'place', unit: t, at }, label: `place ${unitData(t).name.toLowerCase()} in ${areaName(at)}`, refs: { place: at },
    }));
    if (choices.length === 0) choices.push({ action: { type: 'place', unit: t, at: null }, label: `no place for the ${unitData(t).name.toLowerCase()}: forfeit it` });
    return [{ seat: f.power, rule: RULE_BID, kind: 'place', text: `${POWER_NAMES[f.power]}: place your advance units (${f.units.join(', ')})`, choices }];
  },
  run(ctx) { ctx.pop(); },
  act(ctx, f, _seat, a) {
    if (a.at) newUnit(ctx.state, a.unit as UnitType, f.power, a.at as string);
    ctx.log(`${POWER_NAMES[f.power]} places ${unitData(a.unit as UnitType).name.toLowerCase()} ${a.at ? `in ${areaName(a.at as string)}` : 'nowhere'}`, RULE_BID);
    ctx.goto('bid-place', { ...f, units: f.units.slice(1) });
  },
};

// -----------------------------------------------------------------------------------------------------------------
// Mobilize New Units

interface MobilizeFrame extends Frame { power: Power; placed?: Record<string, number> }

/**
 * How many units a factory territory may still take this turn: no limit at the power's own original complexes,
 * the territory's value at a captured one; none at a complex taken this turn (AAE Mobilize New Units).
 */
export function factoryRoom(s: AaeState, p: Power, id: string, placed: Record<string, number>): number {
  if (controller(s, id) !== p || s.capturedThisTurn.includes(id)) return 0;
  const value = (area(id).value ?? 0) + factoryBonus(s, id);
  // House rules l.133: a complex moved this turn to a territory builds up to its value.
  const moved = factoryBook(s);
  if (moved.round === s.round && moved.to === id && id !== 'urals') return Math.max(0, value - (placed[id] ?? 0));
  // House rules l.7, 109: twice the value at every complex.
  if (originalOwner(s, id) === p) return s.opts.house['factory-limit'] ? Math.max(0, 2 * value - (placed[id] ?? 0)) : Infinity;
  return Math.max(0, value - (placed[id] ?? 0));
}

/** House rules l.109: a captured complex builds infantry only. */
export function mayBuildAt(s: AaeState, p: Power, id: string, t: UnitType): boolean {
  return !(s.opts.house['factory-limit'] && originalOwner(s, id) !== p && t !== 'infantry');
}

/** Where a new unit may go: land and air units in a factory territory, ships in a sea zone next to one. */
export function placements(s: AaeState, p: Power, t: UnitType, placed: Record<string, number>): { at: string; factory: string; site?: string }[] {
  // House rules l.12: a coastal fort goes to a coastal territory, not to a complex.
  if (t === 'fort') return fortPlaces(s, p, placed).map((at) => ({ at, factory: `fort:${at}` }));
  // House rules l.5: the Axis Minor places by nation.
  if (p === AXIS_MINOR) return minorPlacements(s, t, placed, (id) => (mayBuildAt(s, p, id, t) ? factoryRoom(s, p, id, placed) : 0)).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const out: { at: string; factory: string }[] = [];
  for (const fa of factoriesIn(s)) {
    if (factoryRoom(s, p, fa, placed) <= 0 || !mayBuildAt(s, p, fa, t)) continue;
    if (!isShip(t)) out.push({ at: fa, factory: fa });
    else for (const n of neighboursIn(s, fa)) if (n.kind === 'coast') out.push({ at: n.id, factory: fa });
  }
  return out.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

export const RULE_NKVD = 'AAE house rules l.139 (Red Army towns and the NKVD)';
const NKVD = 'nkvd';

/** House rules l.139: Soviet territories held since the turn began without an industrial complex (Baku among them), once a mobilization. */
export function nkvdTowns(s: AaeState, p: Power, placed: Record<string, number>): string[] {
  if (!s.opts.house.nkvd || p !== 'ussr' || placed[NKVD]) return [];
  return [...AREAS.values()].filter((a) => a.kind === 'land' && inPlay(s, a.id) && controller(s, a.id) === 'ussr' && !hasFactory(s, a.id)
    && !s.capturedThisTurn.includes(a.id)).map((a) => a.id).sort();
}

export const mobilize: Procedure<AaeState, MobilizeFrame> = {
  prompts(s, f) {
    const pending = s.pending[f.power];
    if (pending.length === 0) return [];
    const placed = f.placed ?? {};
    const choices: Choice[] = [];
    for (const t of [...new Set(pending)]) {
      const seen = new Set<string>();
      for (const pl of placements(s, f.power, t, placed)) {
        if (seen.has(pl.at)) continue;
        seen.add(pl.at);
        const via = isShip(t) ? ` (built in ${areaName(pl.site ?? pl.factory)})` : '';
        choices.push({ action: { type: 'place', unit: t, at: pl.at, factory: pl.factory }, label: `place ${unitData(t).name.toLowerCase()} in ${areaName(pl.at)}${via}`, refs: { place: pl.at } });
      }
    }
    // House rules l.139 (Red Army towns and the NKVD): one infantry a mobilization where there is no complex.
    if (pending.includes('infantry')) for (const at of nkvdTowns(s, f.power, placed)) {
      choices.push({ action: { type: 'place', unit: 'infantry', at, factory: NKVD }, label: `place infantry in ${areaName(at)} (Red Army town, one a turn)`, refs: { place: at } });
    }
    choices.push({ action: { type: 'done' }, label: `done (${pending.length > 1 ? `${pending.length} units wait` : '1 unit waits'} for the next turn)` });
    return [{
      seat: f.power, rule: RULE_MOBILIZE, kind: 'place',
      text: `${POWER_NAMES[f.power]}: mobilize new units (${tally(pending)})`, choices,
      context: { pending: tally(pending) },
    }];
  },
  run(ctx) { ctx.pop(); },
  explain(s, f, _seat, a) {
    if (a.type !== 'place' || a.factory !== NKVD) return null;
    if (!s.opts.house.nkvd || f.power !== 'ussr') return { rule: RULE_NKVD, message: `only the Soviet Union, with hr-nkvd, places units away from a complex` };
    if ((f.placed ?? {})[NKVD]) return { rule: RULE_NKVD, message: `one infantry a turn; a Red Army town has been used this turn` };
    if (a.unit !== 'infantry') return { rule: RULE_NKVD, message: `only infantry are raised in a Red Army town` };
    return { rule: RULE_NKVD, message: `${areaName(String(a.at))} is not a Soviet territory held since the turn began without an industrial complex` };
  },
  act(ctx, f, _seat, a) {
    const s = ctx.state;
    if (a.type === 'done') {
      ctx.log(`${POWER_NAMES[f.power]} keeps ${tally(s.pending[f.power])} for its next mobilization`, RULE_MOBILIZE);
      ctx.pop();
      return;
    }
    const t = a.unit as UnitType;
    const i = s.pending[f.power].indexOf(t);
    s.pending[f.power].splice(i, 1);
    const unit = newUnit(s, t, f.power, a.at as string);
    const fa = a.factory as string;
    ctx.log(`${POWER_NAMES[f.power]} places ${unitData(t).name.toLowerCase()} in ${areaName(a.at as string)}`, fa === NKVD ? RULE_NKVD : t === 'fort' ? RULE_FORTS : RULE_MOBILIZE);
    if (t === 'fort') fortPlaced(ctx, unit);
    if (f.power === AXIS_MINOR) markNewMinorUnit(s, unit, fa);
    ctx.goto('mobilize', { ...f, placed: { ...(f.placed ?? {}), [fa]: ((f.placed ?? {})[fa] ?? 0) + 1 } });
  },
};
