// After the dice: loss allocation by each owner, forts first (2WW 9, 9.1.3), retreats (land one hex; sea to the
// nearest friendly port with Ops Complete) and advances (DSoP "Resolving Combat").
import { write } from '../../../engine/index.ts';
import type { Frame, Procedure } from '../../../engine/index.ts';
import type { Side, TwoWWState } from '../state.ts';
import { actionOf, type AdvanceAction, type LossAction, type RetreatAction } from '../actions.ts';
import { placeName, worldOf } from '../world.ts';
import type { C } from './common.ts';
import { goStep, inPlay, mkPrompt } from './common.ts';
import { applyLossPoint, eliminate, world } from './world.ts';
import { transitAttackers } from './air-sea-combat.ts';

export interface LossFrame extends Frame {
  side: Side;
  points: number;
  /** Units that may absorb points (2WW 9.1.3: only land units in land combat). */
  candidates: string[];
  /** A defending fort absorbs all the points it can first (DSoP). */
  fort?: string | null;
  rule: string;
  what: string;
}

function alive(s: TwoWWState, f: LossFrame): string[] {
  return f.candidates.filter((id) => inPlay(s, id));
}

function takeLoss(ctx: C, f: LossFrame, unit: string): void {
  const w = world(ctx.state);
  const s = ctx.state;
  const gone = applyLossPoint(w, s, unit);
  ctx.log(`${w.facts(s, unit).name} ${gone ? 'is eliminated' : 'is reduced'} (${f.what})`, f.rule, { unit, eliminated: gone });
  f.points--;
}

/** 'combat-losses': the owner takes loss points one at a time; forced when only one unit can take them. */
export const combatLosses: Procedure<TwoWWState, LossFrame> = {
  prompts(s, f) {
    const left = alive(s, f);
    if (f.points <= 0 || left.length <= 1 || (f.fort && inPlay(s, f.fort))) return [];
    const w = world(s);
    return [mkPrompt(f.side, f.rule, `Take ${f.points} loss point${f.points > 1 ? 's' : ''} (${f.what})`, 'allocate-loss',
      left.map((id) => ({
        action: { type: 'take-loss', unit: id },
        label: `${s.units[id]!.reduced || !w.facts(s, id).reduced ? 'Eliminate' : 'Reduce'} ${w.facts(s, id).name}`,
        refs: { units: [id], place: s.units[id]!.where },
      })), { points: f.points, units: left })];
  },
  run(ctx, f) {
    const s = ctx.state;
    if (f.fort && inPlay(s, f.fort) && f.points > 0) {
      takeLoss(ctx, f, f.fort);
      if (!inPlay(s, f.fort)) f.fort = null;
      goStep(ctx, f, 'fort');
      return;
    }
    const left = alive(s, f);
    if (f.points > 0 && left.length === 1) {
      takeLoss(ctx, f, left[0]!);
      goStep(ctx, f, 'forced');
      return;
    }
    if (f.points > 0 && left.length === 0) ctx.log(`${f.points} loss point(s) have no unit left to take them and are ignored`, '2WW 9 (ruling R-20)');
    ctx.pop();
  },
  act(ctx, f, _seat, action) {
    takeLoss(ctx, f, actionOf<LossAction>(action).unit);
  },
  explain(s, f, _seat, a) {
    if (a.type === 'take-loss' && typeof a.unit === 'string' && !f.candidates.includes(a.unit)) {
      return { rule: f.rule, message: `${a.unit} is not one of the units that may take these losses (${alive(s, f).join(', ')})` };
    }
    return null;
  },
};

export interface RetreatFrame extends Frame {
  side: Side;
  units: string[];
  rule: string;
}

/** 'combat-retreat': each surviving land unit of the loser retreats one hex or is destroyed (DSoP, 5.1.1). */
export const combatRetreat: Procedure<TwoWWState, RetreatFrame> = {
  prompts(s, f) {
    const id = f.units.find((u) => inPlay(s, u));
    if (!id) return [];
    const hexes = world(s).retreatHexes(s, id);
    if (hexes.length <= 1) return [];
    const name = world(s).facts(s, id).name;
    const from = s.units[id]!.where;
    return [mkPrompt(f.side, f.rule, `Retreat ${name} one hex`, 'retreat',
      hexes.map((h) => ({ action: { type: 'retreat', unit: id, hex: h }, label: `Retreat ${name} to ${placeName(worldOf(s), h)}`, refs: { units: [id], from, place: h } })),
      { unit: id, hexes })];
  },
  run(ctx, f) {
    const s = ctx.state;
    const w = world(ctx.state);
    f.units = f.units.filter((u) => inPlay(s, u));
    const id = f.units[0];
    if (!id) {
      ctx.pop();
      return;
    }
    const hexes = w.retreatHexes(s, id);
    // Step on first: the move may push a displacement, which must run above this frame, not replace it.
    goStep(ctx, { ...f, units: f.units.slice(1) }, 'next');
    if (hexes.length === 0) {
      eliminate(w, s, id);
      ctx.log(`${w.facts(s, id).name} cannot retreat and is destroyed`, f.rule, { unit: id });
    } else moveLand(ctx, id, hexes[0]!, 'retreats', f.rule);
  },
  act(ctx, f, _seat, action) {
    const a = actionOf<RetreatAction>(action);
    moveLand(ctx, a.unit, a.hex, 'retreats', f.rule);
    f.units = f.units.filter((u) => u !== a.unit);
  },
};

function moveLand(ctx: C, id: string, hex: string, verb: string, rule: string): void {
  const w = world(ctx.state);
  const s = ctx.state;
  const u = write(s, 'units', id);
  const from = u.where;
  u.where = hex;
  ctx.log(`${w.facts(s, id).name} ${verb} from ${from} to ${hex}`, rule, { unit: id, from, to: hex });
  w.afterLandEntry?.(ctx, id, hex);
  if (w.needsDisplacement?.(s)) ctx.push('displacement', {});
}

export interface SeaRetreatFrame extends Frame {
  side: Side;
  fleets: string[];
  rule: string;
  /** The fleet under way and the places still ahead of it. */
  moving?: { unit: string; path: string[] } | null;
}

function seaOptions(s: TwoWWState, id: string): { hexes: string[]; fallback: boolean } {
  const w = world(s);
  const ports = w.nearestFriendlyPorts(s, id);
  if (ports.length) return { hexes: ports, fallback: false };
  return { hexes: w.fleetFallbackHexes(s, id), fallback: true };
}

function startRetreat(ctx: C, f: SeaRetreatFrame, id: string, hex: string): void {
  const path = world(ctx.state).fleetPath?.(ctx.state, id, hex) ?? [hex];
  ctx.log(`${world(ctx.state).facts(ctx.state, id).name} retreats from ${ctx.state.units[id]!.where} towards ${hex}`, f.rule, { unit: id, to: hex, path });
  f.moving = { unit: id, path };
  f.fleets = f.fleets.filter((u) => u !== id);
}

/** Step the retreating fleet on; a transit attack may interrupt it in any enemy fleet or air ZOC (DSoP, 5.1.2). */
function stepRetreat(ctx: C, f: SeaRetreatFrame): void {
  const s = ctx.state;
  const w = world(ctx.state);
  const m = f.moving!;
  const id = m.unit;
  while (m.path.length && inPlay(s, id)) {
    const hex = m.path.shift()!;
    write(s, 'units', id).where = hex;
    for (const [cid, c] of Object.entries(s.units)) if (c.aboard === id) write(s, 'units', cid).where = hex;
    if (m.path.length && transitAttackers(s, f.side, hex).length) {
      goStep(ctx, { ...f, moving: { unit: id, path: m.path } }, 'transit');
      ctx.push('transit-attack', { side: f.side, hex, fleets: [id] });
      return;
    }
  }
  if (inPlay(s, id)) {
    write(s, 'units', id).ops = true;
    ctx.log(`${w.facts(s, id).name} ends its retreat at ${s.units[id]!.where}, Ops Complete`, f.rule, { unit: id, at: s.units[id]!.where });
  }
  goStep(ctx, { ...f, moving: null }, 'next');
}

/**
 * 'sea-retreat': losing fleets go to the nearest friendly port and become Ops Complete (DSoP sea combat); the owner
 * picks among equidistant ports; with no port, any hex free of enemy units within printed movement (5.2.3, ruling
 * R-22); with neither, the fleet is lost. Enemy units may transit-attack the fleet on its way (8.3.5).
 */
export const seaRetreat: Procedure<TwoWWState, SeaRetreatFrame> = {
  prompts(s, f) {
    if (f.moving) return [];
    const id = f.fleets.find((u) => inPlay(s, u));
    if (!id) return [];
    const { hexes } = seaOptions(s, id);
    if (hexes.length <= 1) return [];
    const name = world(s).facts(s, id).name;
    const from = s.units[id]!.where;
    return [mkPrompt(f.side, f.rule, `Retreat ${name} to the nearest friendly port`, 'retreat',
      hexes.map((h) => ({ action: { type: 'retreat', unit: id, hex: h }, label: `Retreat ${name} to ${placeName(worldOf(s), h)}`, refs: { units: [id], from, place: h } })),
      { unit: id, hexes })];
  },
  run(ctx, f) {
    const s = ctx.state;
    const w = world(ctx.state);
    if (f.moving) {
      stepRetreat(ctx, f);
      return;
    }
    const rest = f.fleets.filter((u) => inPlay(s, u));
    const id = rest[0];
    if (!id) {
      ctx.pop();
      return;
    }
    const { hexes } = seaOptions(s, id);
    if (hexes.length === 0) {
      eliminate(w, s, id);
      ctx.log(`${w.facts(s, id).name} has no port or free hex to retreat to and is lost`, f.rule, { unit: id });
      goStep(ctx, { ...f, fleets: rest.slice(1) }, 'next');
      return;
    }
    startRetreat(ctx, f, id, hexes[0]!);
    stepRetreat(ctx, f);
  },
  resume(ctx, f, result) {
    // Back from a transit attack: a fleet beaten again has already retreated from there (and is Ops Complete).
    const r = result as { mayContinue?: boolean } | undefined;
    if (f.moving && r && r.mayContinue === false) {
      goStep(ctx, { ...f, moving: null }, 'next');
      return;
    }
    stepRetreat(ctx, f);
  },
  act(ctx, f, _seat, action) {
    const a = actionOf<RetreatAction>(action);
    startRetreat(ctx, f, a.unit, a.hex);
    stepRetreat(ctx, f);
  },
};

export interface AdvanceFrame extends Frame {
  side: Side;
  units: string[];
  hexes: string[];
  rule: string;
}

type Advance = Extract<AdvanceAction, { type: 'advance' }>;

function advanceChoices(s: TwoWWState, f: AdvanceFrame): Advance[] {
  const w = world(s);
  const out: Advance[] = [];
  for (const id of f.units) {
    if (!inPlay(s, id)) continue;
    const at = s.units[id]!.where;
    for (const h of f.hexes) if (h !== at && w.adjacent(s, at, h)) out.push({ type: 'advance', unit: id, hex: h });
  }
  return out;
}

/** An advance after combat: the winner moves listed units into listed hexes one at a time, or stops. */
function advanceProcedure(text: string, allowed: (s: TwoWWState, f: AdvanceFrame, a: Advance) => boolean,
  move: (ctx: C, f: AdvanceFrame, unit: string, hex: string) => void): Procedure<TwoWWState, AdvanceFrame> {
  return {
    prompts(s, f) {
      const acts = advanceChoices(s, f).filter((a) => allowed(s, f, a));
      if (!acts.length) return [];
      const w = world(s);
      return [mkPrompt(f.side, f.rule, text, 'advance', [
        ...acts.map((a) => ({
          action: a, label: `Advance ${w.facts(s, a.unit).name} into ${placeName(worldOf(s), a.hex)}`,
          refs: { units: [a.unit], from: s.units[a.unit]!.where, place: a.hex },
        })),
        { action: { type: 'done' }, label: 'No (further) advance' },
      ])];
    },
    run(ctx) {
      ctx.pop();
    },
    act(ctx, f, _seat, action) {
      const a = actionOf<AdvanceAction>(action);
      if (a.type === 'done') {
        ctx.pop();
        return;
      }
      move(ctx, f, a.unit, a.hex);
      f.units = f.units.filter((u) => u !== a.unit);
    },
  };
}

/** 'combat-advance': the winner may advance surviving units into vacated hexes (DSoP; may enter enemy ZOC, 5.1.1). */
export const combatAdvance = advanceProcedure('Advance into vacated hexes, or stop', () => true,
  (ctx, f, unit, hex) => moveLand(ctx, unit, hex, 'advances', f.rule));

/** 'fleet-advance': the winner of a sea combat may advance adjacent fleets into the emptied hex (DSoP sea combat). */
export const fleetAdvance = advanceProcedure('Advance fleets into the hex, or stop',
  (s, f, a) => { const w = world(s); return !Object.keys(s.units).some((id) => s.units[id]!.where === a.hex && w.sideOf(s, id) !== null && w.sideOf(s, id) !== f.side); },
  (ctx, f, id, hex) => {
    const s = ctx.state;
    const from = s.units[id]!.where;
    write(s, 'units', id).where = hex;
    for (const [cid, c] of Object.entries(s.units)) if (c.aboard === id) write(s, 'units', cid).where = hex;
    ctx.log(`${world(s).facts(s, id).name} advances from ${from} to ${hex}`, f.rule, { unit: id, from, to: hex });
  });

export const lossProcedures = {
  'fleet-advance': fleetAdvance,
  'combat-losses': combatLosses,
  'combat-retreat': combatRetreat,
  'sea-retreat': seaRetreat,
  'combat-advance': combatAdvance,
};
