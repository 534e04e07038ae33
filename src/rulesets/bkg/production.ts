// Reinforcements (basic 5.2), income (7.2) and production (7.3): building, repairing, saving; HQ rebuilds (7.3.6).
import { derived, write, type Action, type Ctx, type Frame, type Choice, type Procedure, type Prompt } from '../../engine/index.ts';
import { bkgData } from './data/index.ts';
import { area, coastsOf, landNeighbours } from './map.ts';
import { holdsPlayable, spendCard } from './cards.ts';
import { atWar, createUnit, friendly, isConquered, removeUnit, seatOf } from './politics.ts';
import { BE_HOME_COUNTRIES, BE_LETTER, MAJORS, POWER_NAMES, isMajor, type Major } from './powers.ts';
import { type BkgState, type Unit, isShip, optional, unitLabel } from './state.ts';
import { distinct } from './movement.ts';
import { isOutOfSupply } from './supply.ts';
import { logUnits } from './fog.ts';

/** Counter mix key of a unit: "inf3", "inf2/O". */
export function mixKey(type: string, front: number, tag?: string): string {
  return `${type}${front}${tag ? `/${tag}` : ''}`;
}

function parseKey(key: string): { type: Unit['type']; front: number; tag?: string } {
  const m = /^(\w+?)(\d)(?:\/(\w+))?$/.exec(key)!;
  return m[3] ? { type: m[1] as Unit['type'], front: Number(m[2]), tag: m[3] } : { type: m[1] as Unit['type'], front: Number(m[2]) };
}

/** Counters in play (on the map or in production) by "power|key". */
export function countersInPlay(s: BkgState): ReadonlyMap<string, number> {
  return derived(s, 'bkg:counters-in-play', () => {
    const out = new Map<string, number>();
    for (const u of Object.values(s.units)) {
      if (u.type === 'hq') continue;
      const k = `${u.tag === 'F' ? 'france' : u.power}|${mixKey(u.type, u.front, u.tag)}`; // Free French: France's counters
      out.set(k, (out.get(k) ?? 0) + 1);
    }
    return out;
  });
}

/** Counters of a kind not on the map nor in production: what may be built (7.3: only counters of the mix). */
export function poolCount(s: BkgState, power: string, key: string, inPlay: ReadonlyMap<string, number> = countersInPlay(s)): number {
  return (bkgData().counters.mix[power]?.[key] ?? 0) - (inPlay.get(`${power}|${key}`) ?? 0) - (s.outOfGame?.[`${power}|${key}`] ?? 0);
}

/** Basic 7.3: infantry cost their printed number, armor, aircraft and task forces twice, convoys 4, subs 3. */
export function buildCost(type: Unit['type'], front: number): number {
  if (type === 'inf') return front;
  if (type === 'conv') return 4;
  if (type === 'sub') return 3;
  if (type === 'hq') return 1;
  return 2 * front;
}

/** 7.3.5: the difference front - back, twice for aircraft, armor and ships; a sub 1. */
export function repairCost(u: Unit): number {
  if (u.type === 'sub') return 1;
  const d = u.front - (u.back ?? 0);
  return u.type === 'inf' ? d : 2 * d;
}

/** Quarters after the current one until a new unit arrives (Production Chart). */
export function buildTime(type: Unit['type']): number {
  return bkgData().counters.types[type].build;
}

/** Nations whose counters a major builds: itself and the minors it plays (7.3); the USA also China's "US" aircraft. */
function buildPowers(s: BkgState, m: Major): string[] {
  const out: string[] = isConquered(s, m) ? [] : [m];
  for (const [minor, c] of Object.entries(s.controller)) if (c === m && !isConquered(s, minor)) out.push(minor);
  if (m === 'usa' && !isConquered(s, 'china')) out.push('china');
  // Card US Chinese Aircraft, second permission: other Allied majors' aircraft once China's "US" ones are all built.
  if (m === 'usa' && usAlliedAircraft(s)) for (const x of ['be', 'ussr', 'france'] as const) if (!isConquered(s, x) && !out.includes(x)) out.push(x);
  if ((m === 'be' || m === 'usa') && s.cards.inEffect.includes('free-french')) out.push('france');
  return out;
}

function tagAllowed(s: BkgState, m: Major, power: string, tag: string | undefined, type?: string): boolean {
  if (m === 'usa' && power === 'china' && usAlliedAircraft(s)) return type === 'air' && tag !== 'US';
  if (power === 'china') return m === 'usa' ? tag === 'US' && usChineseAircraft(s) : tag !== 'US';
  if (m === 'usa' && power !== 'usa' && isMajor(power) && power !== 'france') return type === 'air' && tag !== 'O';
  if (power === 'france' && m === 'usa' && usAlliedAircraft(s) && type === 'air') return true;
  if (power === 'france' && m !== 'france') return tag === 'F'; // card Free French Troops: BE and the USA build "F" units
  if (power === 'be') {
    const country = tag ? BE_HOME_COUNTRIES.find((c) => BE_LETTER[c] === tag) : 'uk';
    return !!country && !isConquered(s, country);
  }
  return true;
}

/** The USA builds China's "US" aircraft; in the advanced game only under the card US Chinese Aircraft, one a quarter
 *  (ruling 74). */
function usChineseAircraft(s: BkgState): boolean {
  if (s.rules !== 'advanced') return true;
  if (!s.cards.inEffect.includes('us-chinese-aircraft')) return false;
  if (s.effects.includes('usa-allied-aircraft')) return false;
  return !Object.values(s.units).some((u) => u.power === 'china' && u.tag === 'US' && u.where === 'box' && u.arrive === s.turn + buildTime('air'));
}

/** Card US Chinese Aircraft, second permission (advanced game): once every Chinese "US" aircraft is in play, the USA
 *  may build another Allied major's aircraft instead, still one aircraft a quarter in all (ruling 74). */
function usAlliedAircraft(s: BkgState): boolean {
  return s.rules === 'advanced' && usChineseAircraft(s) && poolCount(s, 'china', 'air2/US') <= 0;
}

/** 1939 card: the USSR builds red units only once every orange counter is on the map or in production. */
function orangeDone(s: BkgState, inPlay: ReadonlyMap<string, number>): boolean {
  const mix = bkgData().counters.mix.ussr!;
  return Object.keys(mix).filter((k) => k.endsWith('/O')).every((k) => poolCount(s, 'ussr', k, inPlay) <= 0);
}

/** Card National War (USSR): in production, with Germany at war with the USSR, orange units may be disbanded for
 *  their build cost less the cost of their hits. */
function nationalWarChoices(s: BkgState, m: Major): Choice[] {
  if (m !== 'ussr' || !atWar(s, 'germany', 'ussr')) return [];
  if (!s.effects.includes('national-war-ussr')) {
    return holdsPlayable(s, m, 'national-war-ussr') ? [{ action: { type: 'play', card: 'national-war-ussr' }, label: 'Play National War: disband orange units for their cost' }] : [];
  }
  const orange = Object.values(s.units).filter((u) => u.power === 'ussr' && u.tag === 'O' && u.where !== 'box' && !u.aboard);
  return distinct(s, orange).map((u) => ({
    action: { type: 'disband', unit: u.id }, label: `Disband ${unitLabel(u)} in ${area(u.where).name} (+${disbandValue(u)} BP)`, refs: { units: [u.id], place: u.where },
  }));
}

function disbandValue(u: Unit): number {
  return buildCost(u.type, u.front) - (u.reduced ? repairCost(u) : 0);
}

export function productionChoices(s: BkgState, m: Major): Choice[] {
  const budget = s.budget[m];
  const out: Choice[] = nationalWarChoices(s, m);
  const powers = buildPowers(s, m);
  // Advanced 6.1: units out of supply (at the last check) cannot be repaired.
  const damaged = Object.values(s.units).filter((u) => u.reduced && u.where !== 'box' && powers.includes(u.power) && seatOf(s, u.power) === m && repairCost(u) <= budget && !isOutOfSupply(s, u));
  for (const u of distinct(s, damaged)) {
    out.push({ action: { type: 'repair', unit: u.id }, label: `Repair ${POWER_NAMES[u.power]} ${unitLabel(u)} in ${area(u.where).name} (${repairCost(u)} BP)`, refs: { units: [u.id], place: u.where } });
  }
  const inPlay = countersInPlay(s);
  const red = m === 'ussr' ? orangeDone(s, inPlay) : true;
  for (const p of powers) {
    for (const key of Object.keys(bkgData().counters.mix[p] ?? {})) {
      const { type, front, tag } = parseKey(key);
      if (!tagAllowed(s, m, p, tag, type)) continue;
      if (p === 'ussr' && tag !== 'O' && !red) continue;
      const cost = buildCost(type, front);
      if (cost > budget || poolCount(s, p, key, inPlay) <= 0) continue;
      const name = `${POWER_NAMES[p]} ${unitLabel({ id: '', power: p, type, front, back: null, where: '', tag })}`;
      out.push({ action: { type: 'build', power: p, key }, label: `Build ${name} (${cost} BP, arrives in ${buildTime(type)} ${buildTime(type) === 1 ? 'quarter' : 'quarters'})` });
    }
  }
  // Optional 9.7: a rail capacity increase, 5 BP, ready in 2 quarters (ruling 90).
  if (optional(s, 'railIncrease') && s.rules === 'advanced' && budget >= 5 && !isConquered(s, m)) {
    out.push({ action: { type: 'build-rail' }, label: `Build a rail capacity increase (5 BP, +1 rail capacity in 2 quarters; now ${s.rail[m] ?? 0})` });
  }
  if (budget >= 1) {
    for (const hq of s.deadHqs) {
      const d = bkgData().counters.hqs[hq]!;
      if (powers.includes(d.power) && d.power === m) out.push({ action: { type: 'rebuild', hq }, label: `Rebuild HQ ${d.name} (1 BP, arrives in 4 quarters)` });
    }
  }
  return out;
}

interface ProductionFrame extends Frame {
  ended: Major[];
  /** BP Japan has spent on naval units this phase (card Japanese Navy). */
  navy?: number;
}

/** What a production choice costs and whether it builds or repairs a naval unit. */
function spending(s: BkgState, a: Action): { cost: number; naval: boolean } {
  if (a.type === 'repair') { const u = s.units[a.unit as string]!; return { cost: repairCost(u), naval: isShip(u) }; }
  if (a.type === 'build') { const { type, front } = parseKey(a.key as string); return { cost: buildCost(type, front), naval: type === 'tf' || type === 'sub' || type === 'conv' }; }
  return { cost: a.type === 'rebuild' ? 1 : a.type === 'build-rail' ? 5 : 0, naval: false };
}

/** Card Japanese Navy: in effect, Japan spends at least 6 BP a quarter on naval units while it can still build one;
 *  the BP it still owes now (0 when it cannot afford a naval unit). */
function navyOwed(s: BkgState, m: Major, spent: number, choices: Choice[]): number {
  if (m !== 'japan' || !s.cards.inEffect.includes('japanese-navy') || spent >= 6) return 0;
  return choices.some((c) => spending(s, c.action).naval) ? 6 - spent : 0;
}

/** Basic 7.3: both sides produce at the same time; each major builds, repairs and saves the rest. */
export const production: Procedure<BkgState, ProductionFrame> = {
  prompts(s, f) {
    const out: Prompt[] = [];
    for (const m of MAJORS) {
      if (f.ended.includes(m) || isConquered(s, m)) continue;
      let choices = productionChoices(s, m);
      const owed = navyOwed(s, m, f.navy ?? 0, choices);
      // While Japan owes naval spending, other spending must leave the BP it owes.
      if (owed > 0) choices = choices.filter((c) => { const x = spending(s, c.action); return x.naval || s.budget[m] - x.cost >= owed; });
      if (choices.length === 0) continue;
      out.push({
        seat: m, rule: owed > 0 ? 'BKG card Japanese Navy' : 'BKG 7.3', kind: 'production',
        text: `${POWER_NAMES[m]}: ${s.budget[m]} BP to spend (build, repair; the rest is saved)${owed > 0 ? `; at least ${owed} BP more on naval units (Japanese Navy)` : ''}`,
        choices: [...choices, ...(owed > 0 ? [] : [{ action: { type: 'done' }, label: `Done (save ${s.budget[m]} BP)` }])],
        context: { budget: s.budget[m] },
      });
    }
    return out;
  },
  run(ctx, f) {
    const s = ctx.state;
    // Majors that had nothing to decide save what is left; those that ended saved it then (7.3).
    for (const m of MAJORS) if (!f.ended.includes(m)) { write(s, 'saved')[m] = Math.max(0, s.budget[m]); write(s, 'budget')[m] = 0; }
    ctx.pop();
  },
  act(ctx, f, seat, action) {
    const s = ctx.state;
    const m = seat as Major;
    if (action.type === 'done') {
      write(s, 'saved')[m] = s.budget[m];
      write(s, 'budget')[m] = 0;
      if (s.saved[m] > 0) ctx.log(`${POWER_NAMES[m]} saves ${s.saved[m]} BP`, 'BKG 7.3');
      return void ctx.goto('production', { ...f, ended: [...f.ended, m] });
    }
    if ((action.type === 'repair' || action.type === 'build') && m === 'japan' && spending(s, action).naval) {
      ctx.goto('production', { ...f, navy: (f.navy ?? 0) + spending(s, action).cost });
    }
    if (action.type === 'repair') {
      const u = write(s, 'units', action.unit as string);
      write(s, 'budget')[m] -= repairCost(u);
      logUnits(ctx, [u], `${POWER_NAMES[m]} repairs ${POWER_NAMES[u.power]} ${unitLabel(u)} in ${area(u.where).name} (${repairCost(u)} BP)`, 'BKG 7.3.5');
      u.reduced = false;
      return;
    }
    if (action.type === 'play') {
      spendCard(ctx, m, action.card as string);
      s.effects = [...s.effects, 'national-war-ussr'];
      ctx.log('The USSR plays National War', 'BKG card National War (USSR)');
      return;
    }
    if (action.type === 'disband') {
      const u = s.units[action.unit as string]!;
      const key = `ussr|${mixKey(u.type, u.front, u.tag)}`;
      s.outOfGame = { ...s.outOfGame, [key]: (s.outOfGame?.[key] ?? 0) + 1 };
      write(s, 'budget')[m] += disbandValue(u);
      logUnits(ctx, [u], `The USSR disbands ${unitLabel(u)} in ${area(u.where).name} (+${disbandValue(u)} BP)`, 'BKG card National War (USSR)');
      removeUnit(s, u);
      return;
    }
    if (action.type === 'build-rail') {
      write(s, 'budget')[m] -= 5;
      s.railBuilds = [...(s.railBuilds ?? []), { power: m, arrive: s.turn + 2 }];
      ctx.log(`${POWER_NAMES[m]} builds a rail capacity increase (5 BP, ready in 2 quarters)`, 'BKG advanced 9.7');
      return;
    }
    if (action.type === 'rebuild') {
      const hq = action.hq as string;
      s.deadHqs = s.deadHqs.filter((h) => h !== hq);
      write(s, 'budget')[m] -= 1;
      createUnit(s, bkgData().counters.hqs[hq]!.power, 'hq', 0, 'box', { hq, arrive: s.turn + 4 });
      ctx.log(`${POWER_NAMES[m]} rebuilds HQ ${bkgData().counters.hqs[hq]!.name} (arrives in 4 quarters)`, 'BKG 7.3.6');
      return;
    }
    const { type, front, tag } = parseKey(action.key as string);
    const cost = buildCost(type, front);
    write(s, 'budget')[m] -= cost;
    // Card Free French Troops: the builder plays the "F" units it builds (ruling 80).
    const power = tag === 'F' && action.power === 'france' && m !== 'france' ? m : action.power as string;
    const u = createUnit(s, power, type, front, 'box', { tag, arrive: s.turn + buildTime(type) });
    if (m === 'usa' && power !== 'usa' && type === 'air' && tag !== 'US') s.effects = [...s.effects, 'usa-allied-aircraft'];
    ctx.log(`${POWER_NAMES[m]} builds ${POWER_NAMES[u.power]} ${unitLabel(u)} (${cost} BP)`, 'BKG 7.3');
  },
};

/** The powers of the units in each place, and of the ships at sea not aboard (who may block a placement, 5.2). */
interface PowersAt { units: Map<string, Set<string>>; ships: Map<string, Set<string>> }

function powersAt(s: BkgState): PowersAt {
  const out: PowersAt = { units: new Map(), ships: new Map() };
  const add = (m: Map<string, Set<string>>, where: string, p: string) => (m.get(where) ?? m.set(where, new Set()).get(where)!).add(p);
  for (const v of Object.values(s.units)) {
    add(out.units, v.where, v.power);
    if (isShip(v) && !v.aboard) add(out.ships, v.where, v.power);
  }
  return out;
}

const enemyIn = (s: BkgState, power: string, at: Set<string> | undefined) => !!at && [...at].some((p) => atWar(s, power, p));

/** Where a reinforcement may be placed (5.2): a major's home areas with production; BE anywhere in its home countries;
 *  a minor anywhere in its home country; ships in a sea zone next to such an area without enemy ships. */
export function placementAreas(s: BkgState, u: Unit, at: PowersAt = powersAt(s)): string[] {
  const areas = bkgData().map.areas;
  let land: string[];
  if (!isMajor(u.power)) land = areas.filter((a) => a.kind === 'land' && a.country === u.power && friendly(s, u.power, s.control[a.id]!)).map((a) => a.id);
  else if (u.power === 'be') land = areas.filter((a) => a.kind === 'land' && a.home && (BE_HOME_COUNTRIES as readonly string[]).includes(a.country!) && !isConquered(s, a.country!) && s.control[a.id] === 'be').map((a) => a.id);
  else land = areas.filter((a) => a.kind === 'land' && a.home && a.country === u.power && Array.isArray(a.prod) && a.prod[0] > 0 && s.control[a.id] === u.power).map((a) => a.id);
  land = land.filter((id) => !enemyIn(s, u.power, at.units.get(id)));
  if (!isShip(u)) return land.sort();
  const seas = new Set<string>();
  for (const a of land) for (const z of coastsOf(a)) if (!enemyIn(s, u.power, at.ships.get(z))) seas.add(z);
  return [...seas].sort();
}

/** placementAreas of each arriving unit of `m`, answered once per power and kind (land or ship). */
function arriving(s: BkgState, m: Major): { units: Unit[]; areas: (u: Unit) => string[] } {
  const box = Object.values(s.units).filter((u) => u.where === 'box' && (u.arrive ?? 0) <= s.turn && seatOf(s, u.power) === m);
  let at: PowersAt | undefined;
  const known = new Map<string, string[]>();
  const areas = (u: Unit) => {
    const k = `${u.power}|${isShip(u)}`;
    let a = known.get(k);
    if (!a) known.set(k, a = placementAreas(s, u, at ??= powersAt(s)));
    return a;
  };
  return { units: box.filter((u) => areas(u).length > 0), areas };
}

interface ReinforcementsFrame extends Frame {
  /** Optional 9.3: majors done assembling backsides this phase. */
  assembled?: Major[];
  /** Optional 9.8: isolated home areas that received a unit this turn. */
  isolated?: string[];
}

/** Optional 9.8: a home area from which no chain of land borders over areas friendly to `m` reaches another home area
 *  of its country (ruling 91). */
function isolatedHome(s: BkgState, m: Major, id: string): boolean {
  const a = area(id);
  if (a.kind !== 'land' || !a.home) return false;
  const seen = new Set([id]);
  const todo = [id];
  while (todo.length) {
    for (const n of landNeighbours(todo.pop()!)) {
      if (seen.has(n) || !friendly(s, m, s.control[n]!)) continue;
      const b = area(n);
      if (b.home && b.country === a.country) return false;
      seen.add(n);
      todo.push(n);
    }
  }
  return true;
}

/** Optional 9.8: a unit's placement areas less the isolated ones that had a unit this turn, unless none is left. */
function notFullIsolated(s: BkgState, f: ReinforcementsFrame, u: Unit, to: string[]): string[] {
  if (!optional(s, 'isolatedAreas') || !isMajor(u.power) || isShip(u)) return to;
  const open = to.filter((id) => !f.isolated?.includes(id));
  return open.length ? open : to;
}

/** Optional 9.3: two identical reduced units of one country in one place may become one full unit. */
function assemblyChoices(s: BkgState, f: ReinforcementsFrame, m: Major): Choice[] {
  if (!optional(s, 'assemblyOfBacksides') || f.assembled?.includes(m)) return [];
  const first = new Map<string, Unit>();
  const out: Choice[] = [];
  for (const u of Object.values(s.units)) {
    if (!u.reduced || u.back === null || u.where === 'box' || u.aboard || u.type === 'hq' || seatOf(s, u.power) !== m) continue;
    const k = `${u.where}|${u.power}|${u.type}|${u.front}|${u.back}|${u.tag ?? ''}`;
    const v = first.get(k);
    if (!v) { first.set(k, u); continue; }
    if (out.some((c) => c.action.unit === v.id)) continue;
    out.push({ action: { type: 'assemble', unit: v.id, with: u.id }, label: `Assemble two ${POWER_NAMES[u.power]} ${unitLabel(u)} in ${area(u.where).name} into one full unit`, refs: { units: [v.id, u.id], place: u.where } });
  }
  return out.length ? [...out, { action: { type: 'assembled' }, label: 'No (more) assemblies' }] : [];
}

/** Optional 9.7: rail capacity increases built 2 quarters ago join the major's capacity. */
export function railIncreases(ctx: Ctx<BkgState>): void {
  const s = ctx.state;
  if (!s.railBuilds) return;
  for (const b of s.railBuilds.filter((x) => x.arrive <= s.turn)) {
    write(s, 'rail')[b.power] = (s.rail[b.power] ?? 0) + 1;
    ctx.log(`${POWER_NAMES[b.power]}'s rail capacity increase is ready: capacity ${s.rail[b.power]}`, 'BKG advanced 9.7');
  }
  const left = s.railBuilds.filter((x) => x.arrive > s.turn);
  if (left.length) s.railBuilds = left;
  else delete s.railBuilds;
}

/** Basic 5.2: each major places the units of this quarter's box (units with nowhere to go wait for a later turn). */
export const reinforcements: Procedure<BkgState, ReinforcementsFrame> = {
  prompts(s, f) {
    const out: Prompt[] = [];
    for (const m of MAJORS) {
      const { units, areas } = arriving(s, m);
      const choices: Choice[] = [];
      for (const u of distinct(s, units)) {
        for (const to of notFullIsolated(s, f, u, areas(u))) choices.push({ action: { type: 'place', unit: u.id, to }, label: `${POWER_NAMES[u.power]} ${unitLabel(u)} to ${area(to).name}`, refs: { units: [u.id], place: to } });
      }
      const assemble = assemblyChoices(s, f, m);
      if (choices.length === 0 && assemble.length === 0) continue;
      out.push({ seat: m, rule: assemble.length ? 'BKG 5.2, advanced 9.3' : 'BKG 5.2', kind: 'place', text: `${POWER_NAMES[m]}: place reinforcements (${units.length} left)${assemble.length ? '; reduced twins may be assembled' : ''}`, choices: [...choices, ...assemble] });
    }
    return out;
  },
  run(ctx) {
    ctx.pop();
  },
  act(ctx, f, seat, action) {
    const s = ctx.state;
    if (action.type === 'assembled') return void ctx.goto('reinforcements', { ...f, assembled: [...(f.assembled ?? []), seat as Major] });
    if (action.type === 'assemble') {
      const u = write(s, 'units', action.unit as string);
      u.reduced = false;
      removeUnit(s, s.units[action.with as string]!);
      logUnits(ctx, [u], `${POWER_NAMES[u.power]} assembles two reduced ${unitLabel(u)} in ${area(u.where).name} into one full unit`, 'BKG advanced 9.3');
      return;
    }
    const u = write(s, 'units', action.unit as string);
    u.where = action.to as string;
    delete u.arrive;
    logUnits(ctx, [u], `${POWER_NAMES[u.power]} ${unitLabel(u)} arrives in ${area(u.where).name}`, 'BKG 5.2');
    if (optional(s, 'isolatedAreas') && isMajor(u.power) && !isShip(u) && isolatedHome(s, u.power, u.where) && !f.isolated?.includes(u.where)) {
      ctx.goto('reinforcements', { ...f, isolated: [...(f.isolated ?? []), u.where] });
    }
  },
};
