// ETO Offensive phase (sequence of play 4, 22.0): the sides alternate, the initiative side first (38.0); each in turn
// performs one offensive (offensive.ts) or declines; two declines in a row end the phase. An offensive costs one
// from the side's OFF track and is started by an HQ (alone or combined, 23.6), a general or a stack (22.1-22.3), as
// the scenario allows.
import { type Choice, type Ctx, type Frame, type Procedure, write } from '../../engine/index.ts';
import type { OffensiveChoiceAction } from './actions.ts';
import { playOf } from './data/index.ts';
import { dist, landOf, type LandUnit, landUnitsAt, placeName } from './land.ts';
import { beginOffensive, newOffensive } from './offensive.ts';
import { invade, invasionChoices } from './politics.ts';
import { assaultStack, assaultTargets } from './sea-transport.ts';
import { type EtoState, otherSide, type Side } from './state.ts';

export interface OffensivePhaseFrame extends Frame {
  /** Side whose turn it is to perform or decline an offensive. */
  next: Side;
  /** Consecutive declined offensives; two end the phase. */
  passes: number;
}

const isLand = (u: LandUnit): boolean => u.kind === 'inf' || u.kind === 'armor';

/** 38.3: EPs an offensive costs the side's major nations (Germany 2; Britain, France, the U.S. 3). */
const OFFENSIVE_COST: Record<Side, number> = { axis: 2, allies: 3 };

/** 22.6: an impromptu offensive costs twice an offensive, twice again in W weather (1.3). */
export const impromptuCost = (s: EtoState, side: Side): number => 2 * OFFENSIVE_COST[side] * (s.weather === 'W' ? 2 : 1);

/** The offensives `side` could start now (22.1-22.3, 23.6, 4B): off its OFF track, or impromptu from its EPs (22.6). */
export function offensiveChoices(s: EtoState, side: Side): Choice[] {
  const l = landOf(s);
  const rules = playOf(l.scenario).rules;
  if ((l.offensivesUsed?.[side] ?? 0) >= (rules.offensivesPerTurn?.[side] ?? Infinity)) return [];
  const onTrack = (l.offensives?.[side] ?? 0) > 0;
  const impromptu = !onTrack && (s.eps?.[side] ?? 0) >= impromptuCost(s, side);
  if (!onTrack && !impromptu) return [];
  const extra = impromptu ? { impromptu: true } : {};
  const note = impromptu ? ` (impromptu, ${impromptuCost(s, side)} EPs)` : '';
  const methods = rules.offensiveMethods ?? ['hq', 'general', 'stack', 'air'];
  const own = Object.values(l.units).filter((u) => u.side === side && u.where === 'map');
  const fresh = (u: LandUnit) => isLand(u) && !l.activated.includes(u.id);
  const out: Choice[] = [];
  const hqs = own.filter((u) => u.kind === 'hq' && !l.hqs.includes(u.id));
  if (methods.includes('hq')) {
    // 22.1, sequence 4 step 1-B: an HQ not yet activated this turn may start one; it moves before it activates units.
    for (const hq of hqs) out.push({ action: { type: 'offensive', method: 'hq', leader: hq.id, ...extra }, label: `HQ offensive: ${hq.name} in ${placeName(l, hq.hex!)}${note}`, refs: { units: [hq.id], place: hq.hex! } });
    // 23.6: a combined offensive costs EPs; only those the scenario grants are offered until the economy is in play.
    for (const group of onTrack ? rules.combined ?? [] : []) {
      if (!group.every((id) => hqs.some((h) => h.id === id))) continue;
      const [leader, ...partners] = group as [string, ...string[]];
      out.push({
        action: { type: 'offensive', method: 'hq', leader, partners }, label: `Combined offensive of ${group.map((id) => l.units[id]!.name).join(' and ')}`,
        refs: { units: [...group] },
      });
    }
  }
  if (methods.includes('general')) {
    for (const g of own.filter((u) => u.kind === 'general')) {
      if (own.some((u) => fresh(u) && dist(u.hex!, g.hex!) <= 1)) out.push({ action: { type: 'offensive', method: 'general', leader: g.id, ...extra }, label: `General's offensive: ${g.name} in ${placeName(l, g.hex!)}${note}`, refs: { units: [g.id], place: g.hex! } });
    }
  }
  if (methods.includes('stack')) {
    const hexes = [...new Set(own.filter(fresh).map((u) => u.hex!))].sort();
    for (const h of hexes) out.push({ action: { type: 'offensive', method: 'stack', hex: h, ...extra }, label: `Stack offensive: the units in ${placeName(l, h)}${note}`, refs: { units: own.filter((u) => fresh(u) && u.hex === h).map((u) => u.id), place: h } });
    // 10.6, 22.3: a stack aboard STPs off an enemy coast may be activated for its amphibious assault (ruling 62).
    for (const h of assaultTargets(s, side)) {
      if (hexes.includes(h)) continue;
      const units = assaultStack(s, side, h).map((u) => u.id);
      if (units.length) out.push({ action: { type: 'offensive', method: 'stack', hex: h, ...extra }, label: `Stack offensive: the units aboard off ${placeName(l, h)}${note}`, refs: { units, place: h } });
    }
  }
  // 21.1: an air offensive, for uncommitted land-based air units.
  if (methods.includes('air')) {
    const air = Object.values(l.air).filter((a) => a.side === side && a.where === 'map' && a.committed === 'none').map((a) => a.id);
    if (air.length) out.push({ action: { type: 'offensive', method: 'air', ...extra }, label: `Air offensive${note}`, refs: { units: air } });
  }
  return out;
}

const sideName = (side: Side) => (side === 'axis' ? 'Axis' : 'Allied');

export const offensivePhase: Procedure<EtoState, OffensivePhaseFrame> = {
  prompts(s, f) {
    const l = landOf(s);
    const choices = [...offensiveChoices(s, f.next), ...invasionChoices(s, f.next)];
    if (!choices.length) return [];
    return [{
      seat: f.next, rule: 'ETO 38.0, 22.0', kind: 'yes-no',
      text: `${sideName(f.next)} offensive? (${l.offensives![f.next]} left on the OFF track)`,
      choices: [...choices, { action: { type: 'pass' }, label: 'No offensive now' }],
    }];
  },
  act(ctx, f, _seat, a: OffensiveChoiceAction) {
    const s = ctx.state;
    const l = landOf(s);
    if (a.type === 'pass') { pass(ctx, f); return; }
    if (a.type === 'invade') { invade(ctx, f.next, a.nation); return; }
    const side = f.next;
    if (a.impromptu) {
      write(s, 'eps')[side] -= impromptuCost(s, side);
      ctx.log(`${sideName(side)} impromptu offensive for ${impromptuCost(s, side)} EPs; ${s.eps![side]} left in reserve`, 'ETO 22.6');
    } else write(s, 'land', 'offensives')[side]--;
    if (playOf(l.scenario).rules.offensivesPerTurn?.[side] !== undefined) {
      write(s, 'land').offensivesUsed ??= {};
      write(s, 'land', 'offensivesUsed')[side] = (landOf(s).offensivesUsed?.[side] ?? 0) + 1;
    }
    f.passes = 0;
    if (a.method === 'air') {
      ctx.log(`${sideName(side)} air offensive; ${landOf(s).offensives?.[side] ?? 0} left on the OFF track`, 'ETO 4B, 21.0');
      write(s, 'land').flown = [];
      ctx.push('air-step', { side, offensive: true, raid: null });
      return;
    }
    const ashore = a.method === 'stack' ? landUnitsAt(landOf(s), a.hex, side).filter((u) => !landOf(s).activated.includes(u.id)).map((u) => u.id) : [];
    const stackUnits = a.method === 'stack' && !ashore.length ? assaultStack(ctx.state, side, a.hex).map((u) => u.id) : ashore;
    const leader = a.method === 'stack' ? '' : a.leader;
    const partners = a.method === 'hq' ? a.partners ?? [] : [];
    beginOffensive(s, side);
    const by = a.method === 'stack' ? `the stack in ${a.hex}` : [leader, ...partners].map((id) => l.units[id]!.name).join(' and ');
    ctx.log(`${sideName(side)} ${partners.length ? 'combined ' : ''}${a.method} offensive by ${by}; ${landOf(s).offensives![side]} left`, partners.length ? 'ETO 22.0, 23.6' : 'ETO 22.0');
    ctx.push('offensive', newOffensive(side, a.method, leader, stackUnits, partners));
  },
  resume(ctx, f) {
    const l = landOf(ctx.state);
    f.next = otherSide(f.next);
    // A scenario that ends with a conquest ends here (ruling 27).
    if (playOf(l.scenario).rules.endOnConquest && l.conquered.length) ctx.pop();
  },
  run(ctx, f) {
    // The side to act has no offensive it can start: it declines.
    pass(ctx, f);
    if (f.passes < 2) { const { proc, ...rest } = f; ctx.goto(proc, rest); }
  },
};

/** A side declines; the phase ends when both have declined in a row. */
function pass(ctx: Ctx<EtoState>, f: OffensivePhaseFrame): void {
  f.passes++;
  f.next = otherSide(f.next);
  if (f.passes >= 2) ctx.pop();
}
