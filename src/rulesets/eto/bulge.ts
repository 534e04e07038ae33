// ETO scenario 3 "Battle of the Bulge" (December 1944 - January 1945): setup [3.1], two turns of Offensive phase,
// Movement phase (30) and Supply step (33) with the scenario's OFF tracks and supply [3.2], victory [3.3].
import type { Choice, Ctx, Frame, Procedure } from '../../engine/index.ts';
import type { BulgePlaceAction, MovementAction, OffensiveChoiceAction } from './actions.ts';
import { etoData } from './data/index.ts';
import { enterHexes } from './land-attack.ts';
import {
  controller, dist, explainLandMove, hexWeather, hqMoveOptions, landMap, landOf, type LandState, type LandUnit, landUnitsAt,
  moveOptions, placeName, stackLimit, suppliedHexes, unitsAt,
} from './land.ts';
import { defineFront, frontChoice } from './fronts.ts';
import { displaceCommanders, hqSpacingOk } from './hq-displacement.ts';
import { beginOffensive, newOffensive } from './offensive.ts';
import { emptyStep, type EtoState, otherSide, type Side } from './state.ts';

export const BULGE_ID = 'bulge';
const SIDE_OF: Record<string, Side> = { germany: 'axis', us: 'allies', uk: 'allies' };
const isLand = (u: LandUnit): boolean => u.kind === 'inf' || u.kind === 'armor';

export function bulgeSetup(): Omit<EtoState, 'ruleset' | 'scenario' | 'rng' | 'seq' | 'outcome' | 'sealed'> {
  const d = etoData().bulge;
  const units: Record<string, LandUnit> = {};
  for (const u of d.land) {
    for (let i = 1; i <= u.count; i++) {
      const id = u.count > 1 ? `${u.id}-${i}` : u.id;
      units[id] = {
        id, name: u.name, nation: u.nation, side: SIDE_OF[u.nation]!, kind: u.kind,
        strength: u.strength ?? 0, depletedStrength: u.depleted ?? 0, ma: u.ma ?? 0, steps: u.steps ?? 1, depleted: false,
        hex: null, where: 'setup',
        ...(u.radius !== undefined ? { radius: u.radius, attacks: u.attacks ?? 1 } : {}),
        ...(u.kind === 'general' ? { combat: u.combat ?? 0, exploit: u.exploit ?? 0, eligible: true } : {}),
      };
    }
  }
  const t0 = d.turns[0]!;
  const land: LandState = {
    theatre: 'bulge-1944', units, air: {}, control: {}, airfields: [], polishSide: 'human', activated: [], hqs: [], blitz: [],
    losses: { axis: 0, allies: 0 }, conquered: [], brokeThrough: [], moved: [], attacked: [], attackedUnits: [], attacksLeft: 0, flown: [],
    mustAttack: [], mayExploit: [], armorSupplied: [], offensives: { ...t0.offensives },
  };
  return {
    month: t0.month, year: t0.year, weather: t0.weather, initiative: 'axis', ships: {}, order: ['axis', 'allies'], step: emptyStep(),
    counterIntercepted: [], land, stack: [{ proc: 'bulge', stage: 'setup-allies', turn: 0, next: 'axis', passes: 0 }],
  };
}

// ---------------------------------------------------------------- setup [3.1]

/** [3.1]: Allied units in the 32xx and 33xx hexrows: at most two infantry, nothing else. */
const ardennesRow = (h: string): boolean => h[0] === 'W' && (h.slice(1, 3) === '32' || h.slice(1, 3) === '33');

export function setupChoices(l: LandState, u: LandUnit): string[] {
  const m = landMap('bulge-1944');
  const own = Object.keys(m.hexes).filter((h) => m.hexes[h]!.owner === u.side).sort();
  const placed = Object.values(l.units).filter((x) => x.where === 'map');
  return own.filter((h) => {
    if (u.side === 'allies' && ardennesRow(h)) {
      if (u.kind !== 'inf') return false;
      if (placed.filter((x) => x.side === 'allies' && x.kind === 'inf' && ardennesRow(x.hex!)).length >= 2) return false;
    }
    if (isLand(u)) return landUnitsAt(l, h, u.side).length < (m.hexes[h]!.feature === 'city-resource' ? 3 : 2) && !(u.kind === 'armor' && m.hexes[h]!.terrain === 'marsh');
    if (u.kind === 'general') return landUnitsAt(l, h, u.side).some((x) => x.nation === u.nation) && !unitsAt(l, h).some((x) => x.kind === 'general');
    return hqSpacingOk(l, u, h);
  });
}

function nextToPlace(l: LandState, side: Side): LandUnit | undefined {
  for (const k of ['armor', 'inf', 'general', 'hq'] as const) {
    const u = Object.values(l.units).find((x) => x.side === side && x.kind === k && x.where === 'setup');
    if (u) return u;
  }
  return undefined;
}

interface PlaceFrame extends Frame { side: Side }
export const bulgePlace: Procedure<EtoState, PlaceFrame> = {
  prompts(s, f) {
    const l = landOf(s);
    const u = nextToPlace(l, f.side);
    if (!u) return [];
    const choices: Choice[] = setupChoices(l, u).map((h) => ({ action: { type: 'place', unit: u.id, hex: h }, label: `${u.name} (${u.id}) in ${placeName(l, h)}`, refs: { units: [u.id], place: h } }));
    if (Object.values(l.units).every((x) => x.side !== f.side || x.where === 'setup')) {
      choices.unshift({ action: { type: 'suggested' }, label: 'Deploy as the suggested set-up', refs: { units: Object.keys(etoData().bulge.suggestedSetup[f.side]) } });
    }
    return [{ seat: f.side, rule: 'ETO scenario 3 [3.1]', text: `Set up ${u.name} (${u.id}) in ${f.side === 'axis' ? 'German' : 'Allied'}-controlled territory`, kind: 'place', choices }];
  },
  act(ctx, f, _seat, a: BulgePlaceAction) {
    const l = landOf(ctx.state);
    if (a.type === 'suggested') {
      for (const [id, h] of Object.entries(etoData().bulge.suggestedSetup[f.side])) { l.units[id]!.hex = h; l.units[id]!.where = 'map'; }
      ctx.log(`${f.side === 'axis' ? 'German' : 'Allied'} forces deployed as the suggested set-up`, 'ETO scenario 3 [3.1]');
      return;
    }
    const u = l.units[a.unit]!;
    u.hex = a.hex;
    u.where = 'map';
  },
  run(ctx) { ctx.pop(); },
};

// ---------------------------------------------------------------- the turn [3.2]

interface BulgeFrame extends Frame {
  stage: 'setup-allies' | 'setup-axis' | 'offensives' | 'move-axis' | 'move-allies' | 'supply';
  turn: number;
  /** Side whose turn it is to perform or decline an offensive (4: sides alternate; 6-D). */
  next: Side;
  /** Consecutive declined offensives; two end the Offensive phase. */
  passes: number;
}

/** The offensives `side` could start now (22.1-22.3); none when its OFF track is empty. */
export function offensiveChoices(l: LandState, side: Side): Choice[] {
  if ((l.offensives?.[side] ?? 0) <= 0) return [];
  const own = Object.values(l.units).filter((u) => u.side === side && u.where === 'map');
  const fresh = (u: LandUnit) => isLand(u) && !l.activated.includes(u.id);
  const out: Choice[] = [];
  for (const hq of own.filter((u) => u.kind === 'hq' && !l.hqs.includes(u.id))) {
    if (own.some((u) => fresh(u) && dist(u.hex!, hq.hex!) <= (hq.radius ?? 0))) out.push({ action: { type: 'offensive', method: 'hq', leader: hq.id }, label: `HQ offensive: ${hq.name} in ${placeName(l, hq.hex!)}`, refs: { units: [hq.id], place: hq.hex! } });
  }
  for (const g of own.filter((u) => u.kind === 'general')) {
    if (own.some((u) => fresh(u) && dist(u.hex!, g.hex!) <= 1)) out.push({ action: { type: 'offensive', method: 'general', leader: g.id }, label: `General's offensive: ${g.name} in ${placeName(l, g.hex!)}`, refs: { units: [g.id], place: g.hex! } });
  }
  const hexes = [...new Set(own.filter(fresh).map((u) => u.hex!))].sort();
  for (const h of hexes) out.push({ action: { type: 'offensive', method: 'stack', hex: h }, label: `Stack offensive: the units in ${placeName(l, h)}`, refs: { units: own.filter((u) => fresh(u) && u.hex === h).map((u) => u.id), place: h } });
  return out;
}

export const bulge: Procedure<EtoState, BulgeFrame> = {
  prompts(s, f) {
    if (f.stage !== 'offensives') return [];
    const l = landOf(s);
    const choices = offensiveChoices(l, f.next);
    if (!choices.length) return [];
    return [{
      seat: f.next, rule: 'ETO 4 (Offensive phase), 22.0', kind: 'yes-no',
      text: `${f.next === 'axis' ? 'German' : 'Allied'} offensive? (${l.offensives![f.next]} left on the OFF track)`,
      choices: [...choices, { action: { type: 'pass' }, label: 'No offensive now' }],
    }];
  },
  act(ctx, f, _seat, a: OffensiveChoiceAction) {
    const l = landOf(ctx.state);
    if (a.type === 'pass') { pass(ctx, f); return; }
    const side = f.next;
    const stackUnits = a.method === 'stack' ? landUnitsAt(l, a.hex, side).filter((u) => !l.activated.includes(u.id)).map((u) => u.id) : [];
    const leader = a.method === 'stack' ? '' : a.leader;
    l.offensives![side]--;
    beginOffensive(l, side);
    ctx.log(`${side === 'axis' ? 'German' : 'Allied'} ${a.method} offensive${a.method === 'stack' ? ` by the stack in ${a.hex}` : ` by ${l.units[leader]!.name}`}; ${l.offensives![side]} left`, 'ETO 22.0');
    f.passes = 0;
    ctx.push('offensive', newOffensive(side, a.method, leader, stackUnits));
  },
  resume(_ctx, f) {
    f.next = otherSide(f.next);
  },
  run(ctx, f) {
    const depth = ctx.state.stack.length;
    bulgeRun(ctx, f);
    if (!ctx.state.outcome && ctx.state.stack.length === depth && ctx.state.stack[depth - 1] === f) { const { proc, ...rest } = f; ctx.goto(proc, rest); }
  },
};

function pass(_ctx: Ctx<EtoState>, f: BulgeFrame): void {
  f.passes++;
  f.next = otherSide(f.next);
  if (f.passes >= 2) f.stage = 'move-axis';
}

function bulgeRun(ctx: Ctx<EtoState>, f: BulgeFrame): void {
  const l = landOf(ctx.state);
  switch (f.stage) {
    case 'setup-allies': f.stage = 'setup-axis'; ctx.push('bulge-place', { side: 'allies' }); return;
    case 'setup-axis': f.stage = 'offensives'; ctx.push('bulge-place', { side: 'axis' }); return;
    case 'offensives': pass(ctx, f); return; // the side to act has no offensive it can start
    // [3.2]: the Germans have the initiative and move first (Movement phase 5).
    case 'move-axis': f.stage = 'move-allies'; ctx.push('bulge-movement', { side: 'axis', moved: [] }); return;
    case 'move-allies': f.stage = 'supply'; ctx.push('bulge-movement', { side: 'allies', moved: [] }); return;
    case 'supply': {
      supplyStep(ctx, l);
      const turns = etoData().bulge.turns;
      if (f.turn + 1 >= turns.length) { endBulge(ctx); return; }
      endOfTurn(ctx, l);
      const t = turns[++f.turn]!;
      ctx.state.month = t.month;
      ctx.state.year = t.year;
      ctx.state.weather = t.weather;
      // [3.2]: no seasonal turn; December's leftover offensives are cleared, then January's are added.
      l.offensives = { ...t.offensives };
      ctx.log(`${t.month} ${t.year} (weather ${t.weather}): OFF tracks German ${t.offensives.axis}, Allied ${t.offensives.allies}`, 'ETO scenario 3 [3.2]');
      f.stage = 'offensives'; f.next = 'axis'; f.passes = 0;
      return;
    }
  }
}

/** End phase step 4: HQs and generals flip back, activation ends. */
function endOfTurn(_ctx: Ctx<EtoState>, l: LandState): void {
  l.hqs = [];
  l.activated = [];
  for (const u of Object.values(l.units)) if (u.kind === 'general') u.eligible = true;
}

// ---------------------------------------------------------------- Movement phase (30)

interface MoveFrame extends Frame { side: Side; moved: string[] }

/** 30.0: units of `side` that may still move this phase (not activated for an offensive this turn, not yet moved). */
function movers(l: LandState, f: MoveFrame): LandUnit[] {
  return Object.values(l.units).filter((x) => x.side === f.side && x.where === 'map' && !l.activated.includes(x.id) && !f.moved.includes(x.id))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** One unit's moves in the Movement phase (30.0-30.3), with the general stacked with it where one may go along. */
function unitMoves(s: EtoState, f: MoveFrame, id: string): Choice[] {
  const l = landOf(s);
  const u = l.units[id];
  if (!u || !movers(l, f).includes(u)) return [];
  const out: Choice[] = [];
  const own = Object.values(l.units).filter((x) => x.where === 'map' && x.side === f.side);
  if (isLand(u)) {
    const count = new Map<string, number>();
    for (const x of own) if (isLand(x)) count.set(x.hex!, (count.get(x.hex!) ?? 0) + 1);
    const ma = suppliedHexes(l, f.side).has(u.hex!) ? u.ma : u.kind === 'armor' ? 1 : 2; // 33.1
    const gen = unitsAt(l, u.hex!).find((g) => g.kind === 'general' && g.side === f.side && !f.moved.includes(g.id));
    for (const o of moveOptions(l, u, u.hex!, ma, { weather: (h) => hexWeather(l, s.weather, h) })) {
      if ((count.get(o.to) ?? 0) + 1 > stackLimit(l, o.to)) continue;
      const refs = { from: u.hex!, place: o.to, path: o.path.slice(1) };
      out.push({ action: { type: 'move', unit: u.id, to: o.to }, label: `${u.name} (${u.id}) to ${placeName(l, o.to)}`, refs: { units: [u.id], ...refs } });
      if (gen) out.push({ action: { type: 'move', unit: u.id, to: o.to, general: gen.id }, label: `${u.name} (${u.id}) with ${gen.name} to ${placeName(l, o.to)}`, refs: { units: [u.id, gen.id], ...refs } });
    }
    return out;
  }
  // 30.1: generals and HQs move 5 hexes, unaffected by weather; they stop on entering enemy ZOC.
  const hqs = own.filter((x) => x.kind === 'hq');
  const generals = new Set(own.filter((x) => x.kind === 'general').map((x) => x.hex!));
  for (const o of hqMoveOptions(l, u, 5, { stopInZoc: true })) {
    if (u.kind === 'hq' && !hqs.every((h) => h.id === u.id || dist(h.hex!, o.to) >= Math.max(h.radius ?? 0, u.radius ?? 0))) continue; // 23.4
    if (u.kind === 'general' && generals.has(o.to)) continue;
    out.push({ action: { type: 'move', unit: u.id, to: o.to }, label: `${u.name} to ${placeName(l, o.to)}`, refs: { units: [u.id], from: u.hex!, place: o.to, path: o.path.slice(1) } });
  }
  return out;
}

export const bulgeMovement: Procedure<EtoState, MoveFrame> = {
  prompts(s, f) {
    const l = landOf(s);
    return [{
      seat: f.side, rule: 'ETO 30.0-30.3', kind: 'move',
      text: `${f.side === 'axis' ? 'German' : 'Allied'} Movement phase: move units not activated this turn`,
      choices: [...frontChoice(l, f.side), { action: { type: 'done' }, label: 'End the Movement phase' }],
      groups: movers(l, f).map((u) => ({ key: u.id, label: `${u.name} (${u.id}) in ${placeName(l, u.hex!)}`, refs: { units: [u.id], place: u.hex! } })),
    }];
  },
  choicesIn: (s, f, _seat, group) => unitMoves(s, f, group),
  groupOf: (_s, _f, _seat, a) => (a.type === 'move' && typeof a.unit === 'string' ? a.unit : null),
  act(ctx, f, _seat, a: MovementAction) {
    const l = landOf(ctx.state);
    if (a.type === 'done') { ctx.pop(); return; }
    if (a.type === 'front') { defineFront(ctx, l, f.side); return; }
    const u = l.units[a.unit]!;
    const from = u.hex!;
    let path = [from, a.to];
    if (isLand(u)) {
      const ma = suppliedHexes(l, f.side).has(from) ? u.ma : u.kind === 'armor' ? 1 : 2;
      path = moveOptions(l, u, from, ma, { weather: (h) => hexWeather(l, ctx.state.weather, h) }).find((o) => o.to === a.to)!.path;
    }
    const movers = [u, ...(a.general ? [l.units[a.general]!] : [])];
    for (const m of movers) { m.hex = a.to; f.moved.push(m.id); }
    // 30.6, 24.4: land units take control of the hexes they enter; generals and HQs do not (23.2).
    if (isLand(u)) enterHexes(ctx, l, f.side, path.slice(1));
    ctx.log(`${movers.map((m) => m.name).join(' and ')} move ${path.join(' > ')}`, 'ETO 30.0');
    displaceCommanders(ctx, l);
  },
  explain(s, f, _seat, a) {
    const l = landOf(s);
    const u = typeof a.unit === 'string' ? l.units[a.unit] : undefined;
    if (a.type !== 'move' || typeof a.to !== 'string' || !u || u.where !== 'map' || !isLand(u)) return null;
    if (u.side !== f.side || l.activated.includes(u.id) || f.moved.includes(u.id)) {
      return { rule: 'ETO 30.0', message: `${u.name} may not move this phase (another side's unit, activated for an offensive this turn, or moved already)` };
    }
    const ma = suppliedHexes(l, f.side).has(u.hex!) ? u.ma : u.kind === 'armor' ? 1 : 2; // 33.1
    const why = explainLandMove(l, u, u.hex!, ma, { weather: (h) => hexWeather(l, s.weather, h) }, a.to);
    return why ?? (moveOptions(l, u, u.hex!, ma, { weather: (h) => hexWeather(l, s.weather, h) }).some((o) => o.to === a.to)
      ? { rule: 'ETO 24.2', message: `${a.to} would be overstacked` } : null);
  },
};

// ---------------------------------------------------------------- Supply step (33)

/** 33.3-33.5: units that cannot trace are marked; units already marked that still cannot trace lose a step. */
export function supplyStep(ctx: Ctx<EtoState>, l: LandState): void {
  for (const side of ['axis', 'allies'] as Side[]) {
    const sup = suppliedHexes(l, side);
    for (const u of Object.values(l.units).filter((x) => x.side === side && x.where === 'map' && isLand(x)).sort((a, b) => a.id.localeCompare(b.id))) {
      if (sup.has(u.hex!)) { if (u.oos) { u.oos = false; ctx.log(`${u.name} (${u.id}) in ${u.hex} is back in supply`, 'ETO 33.4'); } continue; }
      if (!u.oos) { u.oos = true; ctx.log(`${u.name} (${u.id}) in ${u.hex} is marked out of supply`, 'ETO 33.3'); continue; }
      const h = u.hex!;
      if (u.depleted || u.steps === 1) {
        u.where = 'force-pool'; u.hex = null; l.losses[side] += 1;
        ctx.log(`${u.name} (${u.id}) in ${h} is eliminated for lack of supply`, 'ETO 33.5');
        if (!landUnitsAt(l, h, side).length) {
          for (const c of unitsAt(l, h).filter((x) => x.side === side)) { c.where = 'force-pool'; c.hex = null; ctx.log(`${c.name} goes to the force pool with his stack`, 'ETO 33.5'); }
        }
      } else { u.depleted = true; l.losses[side] += 1; ctx.log(`${u.name} (${u.id}) in ${h} is depleted for lack of supply`, 'ETO 33.5'); }
    }
  }
}

// ---------------------------------------------------------------- victory [3.3]

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

function endBulge(ctx: Ctx<EtoState>): void {
  const r = bulgeResult(ctx.state);
  ctx.end({ winner: r.winner, result: r.result, rule: 'ETO scenario 3 [3.3]' });
}

