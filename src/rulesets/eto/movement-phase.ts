// ETO Movement phase (sequence of play 5, 30.0-30.3): land units, generals and HQs not activated for an offensive
// this turn move (a structured prompt: one group per unit); land units take control of the hexes they enter; a front
// may be defined (24.5). Each side's Movement phase is one frame, the initiative side's first.
import { type Choice, type Frame, type Procedure, write } from '../../engine/index.ts';
import type { MovementAction } from './actions.ts';
import { defineFront, frontChoice } from './fronts.ts';
import { displaceCommanders } from './hq-displacement.ts';
import { enterHexes } from './land-attack.ts';
import {
  dist, explainLandMove, hexWeather, hqMoveOptions, landOf, type LandState, type LandUnit, landUnitsAt, moveOptions, placeName, stackLimit,
  suppliedHexes, unitsAt, zocOf,
} from './land.ts';
import { aboardSpace, debark, mayDebarkAt } from './sea-transport.ts';
import { navalMap } from './map.ts';
import { type EtoState, otherSide, type Side } from './state.ts';

const isLand = (u: LandUnit): boolean => u.kind === 'inf' || u.kind === 'armor';

/** One side's Movement phase; the initiative side moves first (sequence of play 5). */
export interface MovementFrame extends Frame {
  side: Side;
  moved: string[];
  /** 10.5: units that debarked into a friendly port free of enemy ZOC this phase: they may move one hex. */
  debarked?: string[];
}

/** 10.5: units of `side` aboard STPs that may debark where they are. */
function debarkers(s: EtoState, side: Side): LandUnit[] {
  const l = landOf(s);
  return Object.values(l.units).filter((x) => x.side === side && x.where === 'aboard' && mayDebarkNow(s, x)).sort((a, b) => a.id.localeCompare(b.id));
}

/** 10.5 with 24.2: a land unit debarks only where it may stack. */
function mayDebarkNow(s: EtoState, u: LandUnit): boolean {
  if (!mayDebarkAt(s, u)) return false;
  const l = landOf(s);
  const at = aboardSpace(s, u);
  return !isLand(u) || landUnitsAt(l, at, u.side).length < stackLimit(l, at);
}

/** 30.0: units of `side` that may still move this phase (not activated for an offensive this turn, not yet moved). */
function movers(l: LandState, f: MovementFrame): LandUnit[] {
  return Object.values(l.units).filter((x) => x.side === f.side && x.where === 'map' && !l.activated.includes(x.id) && !f.moved.includes(x.id))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** One unit's moves in the Movement phase (30.0-30.3), with the general stacked with it where one may go along. */
function unitMoves(s: EtoState, f: MovementFrame, id: string): Choice[] {
  const l = landOf(s);
  const u = l.units[id];
  if (!u || !movers(l, f).includes(u)) return [];
  const out: Choice[] = [];
  const own = Object.values(l.units).filter((x) => x.where === 'map' && x.side === f.side);
  if (isLand(u)) {
    const count = new Map<string, number>();
    for (const x of own) if (isLand(x)) count.set(x.hex!, (count.get(x.hex!) ?? 0) + 1);
    const ma = f.debarked?.includes(u.id) ? 1 : suppliedHexes(l, f.side).has(u.hex!) ? u.ma : u.kind === 'armor' ? 1 : 2; // 10.5, 33.1
    const gen = unitsAt(l, u.hex!).find((g) => g.kind === 'general' && g.side === f.side && !f.moved.includes(g.id));
    for (const o of moveOptions(l, u, u.hex!, ma, { weather: (h) => hexWeather(l, s.weather, h) })) {
      if ((count.get(o.to) ?? 0) + 1 > stackLimit(l, o.to)) continue;
      const refs = { from: u.hex!, place: o.to, path: o.path.slice(1) };
      out.push({ action: { type: 'move', unit: u.id, to: o.to }, label: `${u.name} to ${placeName(l, o.to)}`, refs: { units: [u.id], ...refs } });
      if (gen) out.push({ action: { type: 'move', unit: u.id, to: o.to, general: gen.id }, label: `${u.name} with ${gen.name} to ${placeName(l, o.to)}`, refs: { units: [u.id, gen.id], ...refs } });
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

export const movementPhase: Procedure<EtoState, MovementFrame> = {
  prompts(s, f) {
    const l = landOf(s);
    return [{
      seat: f.side, rule: 'ETO 30.0-30.3', kind: 'move',
      text: `${f.side === 'axis' ? 'German' : 'Allied'} Movement phase: move units not activated this turn`,
      choices: [...frontChoice(l, f.side), { action: { type: 'done' }, label: 'End the Movement phase' }],
      groups: [
        ...movers(l, f).map((u) => ({ key: u.id, label: `${u.name} in ${placeName(l, u.hex!)}`, refs: { units: [u.id], place: u.hex! } })),
        ...debarkers(s, f.side).map((u) => ({ key: u.id, label: `${u.name} aboard at ${placeName(l, aboardSpace(s, u))}`, refs: { units: [u.id], place: aboardSpace(s, u) } })),
      ],
    }];
  },
  choicesIn: (s, f, _seat, group) => {
    const u = landOf(s).units[group];
    if (u?.where !== 'aboard') return unitMoves(s, f, group);
    if (u.side !== f.side || !mayDebarkNow(s, u)) return [];
    const at = aboardSpace(s, u);
    return [{ action: { type: 'debark', unit: u.id }, label: `Debark ${u.name} at ${placeName(landOf(s), at)}`, refs: { units: [u.id], place: at } }];
  },
  groupOf: (_s, _f, _seat, a) => ((a.type === 'move' || a.type === 'debark') && typeof a.unit === 'string' ? a.unit : null),
  act(ctx, f, _seat, a: MovementAction) {
    const l = landOf(ctx.state);
    if (a.type === 'done') { ctx.pop(); return; }
    if (a.type === 'front') { defineFront(ctx, f.side); return; }
    if (a.type === 'debark') {
      const u = l.units[a.unit]!;
      const at = debark(ctx, u.id, 'ETO 10.5');
      // 10.5: into a port free of enemy ZOC the unit may go on one hex; elsewhere it stays.
      const free = !!navalMap(ctx.state).coastal.get(at)?.port && !zocOf(landOf(ctx.state), otherSide(f.side)).has(at);
      if (free && isLand(u)) (f.debarked ??= []).push(u.id);
      else f.moved.push(u.id);
      return;
    }
    const u = l.units[a.unit]!;
    const from = u.hex!;
    let path = [from, a.to];
    if (isLand(u)) {
      const ma = f.debarked?.includes(u.id) ? 1 : suppliedHexes(l, f.side).has(from) ? u.ma : u.kind === 'armor' ? 1 : 2;
      path = moveOptions(l, u, from, ma, { weather: (h) => hexWeather(l, ctx.state.weather, h) }).find((o) => o.to === a.to)!.path;
    }
    const movers = [u, ...(a.general ? [l.units[a.general]!] : [])];
    for (const m of movers) { write(ctx.state, 'land', 'units', m.id).hex = a.to; f.moved.push(m.id); }
    // 30.6, 24.4: land units take control of the hexes they enter; generals and HQs do not (23.2).
    if (isLand(u)) enterHexes(ctx, f.side, path.slice(1));
    ctx.log(`${movers.map((m) => m.name).join(' and ')} move ${path.join(' > ')}`, 'ETO 30.0');
    displaceCommanders(ctx);
  },
  explain(s, f, _seat, a) {
    const l = landOf(s);
    const u = typeof a.unit === 'string' ? l.units[a.unit] : undefined;
    if (a.type !== 'move' || typeof a.to !== 'string' || !u || u.where !== 'map' || !isLand(u)) return null;
    if (!movers(l, f).includes(u)) {
      return { rule: 'ETO 30.0', message: `${u.name} may not move this phase (another side's unit, activated for an offensive this turn, or moved already)` };
    }
    const ma = f.debarked?.includes(u.id) ? 1 : suppliedHexes(l, f.side).has(u.hex!) ? u.ma : u.kind === 'armor' ? 1 : 2; // 10.5, 33.1
    const limits = { weather: (h: string) => hexWeather(l, s.weather, h) };
    const why = explainLandMove(l, u, u.hex!, ma, limits, a.to);
    return why ?? (moveOptions(l, u, u.hex!, ma, limits).some((o) => o.to === a.to) ? { rule: 'ETO 24.2', message: `${a.to} would be overstacked` } : null);
  },
};
