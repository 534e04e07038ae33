// 2WW 9 (DSoP C.3): the combat phase. The phasing side declares and resolves attacks one at a time: it names the
// target hex and the whole attack, the defender then allocates his support, then the attack is resolved.
import { derived, write } from '../../../engine/index.ts';
import type { Choice, Frame, Procedure } from '../../../engine/index.ts';
import type { Side, TwoWWState } from '../state.ts';
import { actionOf, type AttackAction, type DeclareAction } from '../actions.ts';
import { placeName, unitEntries, worldOf } from '../world.ts';
import { goStep, inPlay, mkPrompt, names, toggle, toggleChoices } from './common.ts';
import { landUnitsIn } from './land-combat.ts';
import { isFleet, isLand, otherSide, world } from './world.ts';

export interface CombatPhaseFrame extends Frame {
  side: Side;
  armoredAction?: boolean;
  begun?: boolean;
}

export interface DeclareFrame extends Frame {
  side: Side;
  mode: 'land' | 'strike';
  hex: string;
  attackers: string[];
  support: string[];
  defSupport: string[];
  step?: 'attack' | 'defend';
}

/** 2WW 12.4.3: Soviet units never attack with, or are supported by, other Allied powers' units. */
function sovietCompatible(s: TwoWWState, chosen: string[], id: string): boolean {
  const w = world(s);
  if (w.sideOf(s, id) !== 'allies') return true;
  const su = (x: string) => w.facts(s, x).power === 'su';
  const allied = chosen.filter((x) => w.sideOf(s, x) === 'allies');
  return allied.every((x) => su(x) === su(id));
}

/** Airdropped or assaulting units in the hex must attack it (2WW 5.2.3, 8.1.1, 8.1.4): movement marks them `mustAttack`. */
function forcedIn(s: TwoWWState, side: Side, hex: string): string[] {
  const w = world(s);
  return Object.keys(s.units).filter((id) => {
    const u = s.units[id]!;
    return u.where === hex && !u.aboard && !u.attacked && u.mustAttack === hex &&
      w.sideOf(s, id) === side && isLand(w.facts(s, id).kind);
  }).sort();
}

/** Hexes where the side has airdropped/assaulting units that still owe an attack. */
export function forcedAttackHexes(s: TwoWWState, side: Side): string[] {
  const w = world(s);
  const out = new Set<string>();
  for (const [id, u] of unitEntries(s)) {
    if (u.aboard || u.attacked || u.mustAttack !== u.where || w.sideOf(s, id) !== side) continue;
    const enemyLand = landUnitsIn(s, u.where, otherSide(side)).length > 0;
    if (enemyLand || u.moveMode === 'assault') out.add(u.where); // an empty assaulted port: phantom defence (8.1.4.3)
  }
  return [...out].sort();
}

function sovietNeutralBlock(s: TwoWWState, id: string): boolean {
  return s.politics.ussrNeutral && world(s).facts(s, id).power === 'su';
}

/** A land unit that may attack this phase (2WW 9, 9.1.1; 12.4.1), wherever it is. */
function mayAttackOnLand(s: TwoWWState, side: Side, id: string): boolean {
  const w = world(s);
  const u = s.units[id]!;
  if (!inPlay(s, id) || u.aboard || u.attacked || w.sideOf(s, id) !== side || sovietNeutralBlock(s, id)) return false;
  const k = w.facts(s, id).kind;
  return isLand(k) && k !== 'fort';
}

/**
 * Land units that may join an attack on `hex` (2WW 9.1.1): not forts, not yet attacked, ZOC into the hex; into a
 * neutral's hex held by its army, those that could cross the border to invade it (5.3.1, ruling M9).
 */
export function eligibleLandAttackers(s: TwoWWState, side: Side, hex: string): string[] {
  const w = world(s);
  const invading = !!w.invasionByAttack?.(s, side, hex);
  return Object.keys(s.units).filter((id) => {
    if (!mayAttackOnLand(s, side, id)) return false;
    const u = s.units[id]!;
    if (u.where === hex) return u.mustAttack === hex;
    return invading ? !!w.mayAttackAcross?.(s, id, hex) : w.exertsZocInto(s, id, hex);
  }).sort();
}

/** Land units a land attack on `hex` aims at: the enemy's, or a neutral's army there (5.3.1, ruling M9). */
function landTargets(s: TwoWWState, side: Side, hex: string): string[] {
  if (!world(s).invasionByAttack?.(s, side, hex)) return landUnitsIn(s, hex, otherSide(side));
  return Object.keys(s.units).filter((id) => {
    const u = s.units[id]!;
    return u.where === hex && !u.aboard && isLand(world(s).facts(s, id).kind) && world(s).sideOf(s, id) !== side;
  }).sort();
}

/** Ready air, and ready fleets for a coastal hex, with a ZOC into the hex (2WW 9.1.2, 5.1.2). */
export function eligibleSupport(s: TwoWWState, side: Side, hex: string, fleetsToo: boolean, anyHex = false): string[] {
  const w = world(s);
  const coastal = anyHex || w.isCoastal(s, hex);
  return Object.keys(s.units).filter((id) => {
    const u = s.units[id]!;
    if (!inPlay(s, id) || u.ops || w.sideOf(s, id) !== side || sovietNeutralBlock(s, id)) return false;
    const f = w.facts(s, id);
    if (f.kind === 'air') {
      if (u.aboard && !f.naval) return false;
    } else if (isFleet(f.kind)) {
      if (!fleetsToo || !coastal) return false;
    } else return false;
    return w.exertsZocInto(s, id, hex);
  }).sort();
}

/** Enemy air and fleets in a hex (targets of an air strike or sea attack). */
function enemyAirFleetsIn(s: TwoWWState, side: Side, hex: string): { air: string[]; fleets: string[] } {
  const w = world(s);
  const enemy = otherSide(side);
  const here = Object.keys(s.units).filter((id) => s.units[id]!.where === hex && w.sideOf(s, id) === enemy).sort();
  return {
    air: here.filter((id) => w.facts(s, id).kind === 'air' && (!s.units[id]!.aboard || w.facts(s, id).naval)),
    fleets: here.filter((id) => isFleet(w.facts(s, id).kind)),
  };
}

/** Units that may strike a hex (2WW 9.2 air; 9.3 fleets at fleets unless in their friendly port, 9.3.1). */
export function eligibleStrikers(s: TwoWWState, side: Side, hex: string): string[] {
  const w = world(s);
  const t = enemyAirFleetsIn(s, side, hex);
  if (!t.air.length && !t.fleets.length) return [];
  const fleetTargets = (t.fleets.length > 0 && !w.isFriendlyPort(s, hex, otherSide(side))) || (t.air.length > 0 && w.isCoastal(s, hex));
  return eligibleSupport(s, side, hex, fleetTargets, true).filter((id) => s.units[id]!.where !== hex);
}

/** A hex an attack may aim at: the units there it aims at; whether the enemy has land units, or air or fleets, there. */
interface Target { units: string[]; land: boolean; airFleets: boolean }

/** Hexes holding enemy units, or a neutral's army, or owing a forced attack. */
function targetHexes(s: TwoWWState, side: Side, forced: string[]): Map<string, Target> {
  const w = world(s);
  const out = new Map<string, Target>();
  for (const id of Object.keys(s.units).sort()) {
    if (!inPlay(s, id)) continue;
    const u = s.units[id]!;
    const us = w.sideOf(s, id), f = w.facts(s, id);
    if (us !== otherSide(side) && !(us === null && !u.aboard && isLand(f.kind))) continue;
    let t = out.get(u.where);
    if (!t) out.set(u.where, (t = { units: [], land: false, airFleets: false }));
    t.units.push(id);
    if (us === null) continue;
    if (isLand(f.kind) && !u.aboard) t.land = true;
    if (isFleet(f.kind) || (f.kind === 'air' && (!u.aboard || f.naval))) t.airFleets = true;
  }
  for (const h of forced) if (!out.has(h)) out.set(h, { units: [], land: false, airFleets: false });
  return out;
}

/**
 * Where the phasing side's attacks may reach now: the hexes its land attackers, and its ready air and fleets, reach
 * with their ZOC, and the hexes next to its land attackers (an attack on a neutral's army, 5.3.1, crosses a border).
 */
interface AttackReach { forced: string[]; land: Set<string>; strike: Set<string>; near: Set<string>; targets: Map<string, Target> }

/** Computed once per state (the combat prompt's groups and each group's choices read it). */
function attackReach(s: TwoWWState, side: Side): AttackReach {
  return derived(s, `2ww:attack-reach:${side}`, () => {
    const w = world(s), lw = worldOf(s);
    const forced = forcedAttackHexes(s, side);
    const land = new Set<string>(forced);
    const strike = new Set<string>(), near = new Set<string>();
    for (const id of Object.keys(s.units)) {
      const u = s.units[id]!;
      if (mayAttackOnLand(s, side, id)) {
        for (const h of w.zocHexes(s, id)) land.add(h);
        const n = u.aboard ? -1 : lw.board.find(u.where);
        if (n >= 0 && lw.board.isHex(n)) for (const b of lw.landAdj[n]!) near.add(lw.board.id(b));
        if (u.mustAttack === u.where) near.add(u.where);
      } else if (inPlay(s, id) && !u.ops && w.sideOf(s, id) === side && !isLand(w.facts(s, id).kind) && !sovietNeutralBlock(s, id)) {
        for (const h of w.zocHexes(s, id)) strike.add(h);
      }
    }
    return { forced, land, strike, near, targets: targetHexes(s, side, forced) };
  });
}

/**
 * The combat prompt's groups (2WW 9): hexes an attack may reach and aim at, those of attacksOn's tests that need no
 * search of the units; whether an attack may be declared there is asked per hex.
 */
function attackHexes(s: TwoWWState, side: Side): string[] {
  const w = world(s);
  const r = attackReach(s, side);
  return [...r.targets.keys()].sort().filter((hex) => {
    const t = r.targets.get(hex)!, forced = r.forced.includes(hex);
    return (r.land.has(hex) && (t.land || forced)) || (r.strike.has(hex) && t.airFleets && !forced)
      || (r.near.has(hex) && !!w.invasionByAttack?.(s, side, hex));
  });
}

type DeclareAttack = Extract<AttackAction, { type: 'attack' }>;

/** The attacks the phasing side may start on `hex` now: a land attack, an air/sea strike. */
function attacksOn(s: TwoWWState, side: Side, hex: string): DeclareAttack[] {
  const w = world(s);
  const r = attackReach(s, side);
  const acts: DeclareAttack[] = [];
  if (!r.targets.has(hex)) return acts;
  const forced = r.forced.includes(hex);
  if (w.invasionByAttack?.(s, side, hex)) {
    if (eligibleLandAttackers(s, side, hex).length) acts.push({ type: 'attack', mode: 'land', hex });
  } else if (r.land.has(hex)) {
    const enemyLand = landUnitsIn(s, hex, otherSide(side)).length > 0;
    if ((enemyLand || forced) && eligibleLandAttackers(s, side, hex).length) acts.push({ type: 'attack', mode: 'land', hex });
  }
  if (r.strike.has(hex) && !forced && eligibleStrikers(s, side, hex).length) acts.push({ type: 'attack', mode: 'strike', hex });
  return acts;
}

/** 'combat-phase' {side, armoredAction?}: pushed by the sequence of play for each combat phase. */
export const combatPhase: Procedure<TwoWWState, CombatPhaseFrame> = {
  // A structured prompt: one group per hex an attack may reach, its attacks listed when the hex is picked (2WW 9).
  prompts(s, f) {
    if (!f.begun) return [];
    const lw = worldOf(s);
    const r = attackReach(s, f.side);
    const choices: Choice[] = r.forced.length ? [] : [{ action: { type: 'end-combat' }, label: 'End the combat phase' }];
    const p = mkPrompt(f.side, f.armoredAction ? '2WW 10.2' : '2WW 9', `${f.side} combat: declare an attack or end the phase`, 'attack',
      choices, { forced: r.forced });
    p.groups = attackHexes(s, f.side).map((hex) => ({ key: hex, label: `Attack ${placeName(lw, hex)}`, refs: { place: hex, targets: r.targets.get(hex)!.units } }));
    return [p];
  },
  choicesIn(s, f, seat, hex) {
    if (!f.begun || seat !== f.side) return [];
    const lw = worldOf(s);
    return attacksOn(s, f.side, hex).map((a): Choice => {
      const e = a.mode === 'land' ? null : enemyAirFleetsIn(s, f.side, hex);
      const targets = e ? [...e.air, ...e.fleets] : landTargets(s, f.side, hex);
      return { action: a, label: `${a.mode === 'land' ? 'Land attack' : 'Air/sea attack'} on ${placeName(lw, hex)}`, refs: { place: hex, targets } };
    });
  },
  groupOf(_s, _f, _seat, a) {
    return a.type === 'attack' && typeof a.hex === 'string' ? a.hex : null;
  },
  run(ctx, f) {
    if (!f.begun) {
      // Each land unit attacks at most once per combat phase (2WW 9, DSoP C.3).
      for (const [id, u] of Object.entries(ctx.state.units)) if (world(ctx.state).sideOf(ctx.state, id) === f.side && 'attacked' in u) delete write(ctx.state, 'units', id).attacked;
      const { proc, ...rest } = f;
      ctx.goto(proc, { ...rest, begun: true });
      return;
    }
    ctx.pop();
  },
  act(ctx, f, _seat, action) {
    const a = actionOf<AttackAction>(action);
    if (a.type === 'end-combat') {
      ctx.pop();
      return;
    }
    const forced = forcedIn(ctx.state, f.side, a.hex);
    ctx.push('combat-declare', { side: f.side, mode: a.mode, hex: a.hex, attackers: a.mode === 'land' ? forced : [], support: [], defSupport: [], step: 'attack' });
  },
  explain(s, f, _seat, a) {
    if (a.type === 'end-combat' && forcedAttackHexes(s, f.side).length) {
      return { rule: '2WW 5.2.3', message: `airdropped or assaulting units must first attack the hex they landed in (${forcedAttackHexes(s, f.side).join(', ')})` };
    }
    return null;
  },
};

function declareOptions(s: TwoWWState, f: DeclareFrame): { attackers: string[]; support: string[] } {
  if (f.mode === 'land') {
    const chosen = [...f.attackers, ...f.support];
    const ok = (id: string) => sovietCompatible(s, chosen.filter((x) => x !== id), id);
    return {
      attackers: eligibleLandAttackers(s, f.side, f.hex).filter(ok),
      support: eligibleSupport(s, f.side, f.hex, true).filter(ok),
    };
  }
  return { attackers: eligibleStrikers(s, f.side, f.hex), support: [] };
}

function defenceOptions(s: TwoWWState, f: DeclareFrame): string[] {
  const def = otherSide(f.side);
  const ids = eligibleSupport(s, def, f.hex, f.mode === 'land').filter((id) => s.units[id]!.where !== f.hex || f.mode === 'land');
  const defenders = landUnitsIn(s, f.hex, def);
  return ids.filter((id) => sovietCompatible(s, [...defenders, ...f.defSupport.filter((x) => x !== id)], id));
}

/** 'combat-declare': the attacker names the whole attack, then the defender allocates support (2WW 9). */
export const combatDeclare: Procedure<TwoWWState, DeclareFrame> = {
  prompts(s, f) {
    const w = world(s);
    const label = (id: string) => `${w.facts(s, id).name} (${s.units[id]!.where})`;
    const at = { place: f.hex };
    if (f.step !== 'defend') {
      const o = declareOptions(s, f);
      const forced = forcedIn(s, f.side, f.hex);
      const role = (r: string) => (c: Choice): Choice => ({ ...c, action: { ...c.action, role: r } });
      const targets = f.mode === 'land' ? landTargets(s, f.side, f.hex) : [...enemyAirFleetsIn(s, f.side, f.hex).air, ...enemyAirFleetsIn(s, f.side, f.hex).fleets];
      const aim = { place: f.hex, targets };
      const choices = [
        ...toggleChoices(o.attackers.filter((id) => !forced.includes(id)), f.attackers, label, aim).map(role('attacker')),
        ...toggleChoices(o.support, f.support, (id) => `${label(id)} as support`, aim).map(role('support')),
      ];
      const ready = f.mode === 'land' ? f.attackers.some((id) => w.facts(s, id).kind !== 'fort') : f.attackers.length > 0;
      if (ready) {
        choices.push({ action: { type: 'confirm' }, label: `Attack ${placeName(worldOf(s), f.hex)} with ${names(w, s, [...f.attackers, ...f.support])}`,
          refs: { ...aim, units: [...f.attackers, ...f.support] } });
      }
      if (!forced.length) choices.push({ action: { type: 'cancel' }, label: 'Cancel this attack' });
      return [mkPrompt(f.side, f.mode === 'land' ? '2WW 9.1.1' : '2WW 9.2', `Choose the units attacking ${f.hex}`, 'attack', choices,
        { hex: f.hex, mode: f.mode, attackers: f.attackers, support: f.support })];
    }
    const def = otherSide(f.side);
    const cands = defenceOptions(s, f);
    if (!cands.length) return [];
    const choices = toggleChoices(cands, f.defSupport, (id) => `${label(id)} as support`, at);
    choices.push({ action: { type: 'confirm' }, label: f.defSupport.length ? `Defend with ${names(w, s, f.defSupport)} in support` : 'No defensive support',
      refs: f.defSupport.length ? { ...at, units: f.defSupport } : at });
    return [mkPrompt(def, '2WW 9.1.2', `${f.side} attacks ${f.hex} with ${names(w, s, [...f.attackers, ...f.support])}: choose defensive support`, 'support', choices,
      { hex: f.hex, attackers: f.attackers, support: f.support })];
  },
  explain(s, f, _seat, a) {
    if ((a.type !== 'add') || typeof a.unit !== 'string' || !s.units[a.unit]) return null;
    const w = world(s);
    const id = a.unit;
    const u = s.units[id]!;
    const name = w.facts(s, id).name;
    const side = f.step === 'defend' ? otherSide(f.side) : f.side;
    if (w.sideOf(s, id) !== side) return { rule: '2WW 9', message: `${name} is not a ${side} unit` };
    const k = w.facts(s, id).kind;
    if (k === 'fort') return { rule: '2WW 9.1.1', message: `${name} is a fort: forts never attack` };
    if (isLand(k) && u.attacked) return { rule: '2WW 9', message: `${name} has already attacked this combat phase` };
    if (!isLand(k) && u.ops) return { rule: '2WW 3.4.3', message: `${name} is Ops Complete and may not fire until its side's next player turn` };
    if (isFleet(k) && f.mode === 'land' && !w.isCoastal(s, f.hex)) return { rule: '2WW 5.1.2', message: `fleets support land combat only in coastal hexes; ${f.hex} is not coastal` };
    if (s.units[id]!.where !== f.hex && !w.exertsZocInto(s, id, f.hex) && !(isLand(k) && eligibleLandAttackers(s, side, f.hex).includes(id))) return { rule: isLand(k) ? '2WW 9.1.1' : '2WW 9.1.2', message: `${name} (${u.where}) does not exert a ZOC into ${f.hex}` };
    if (w.facts(s, id).power === 'su' || [...f.attackers, ...f.support].some((x) => w.facts(s, x).power === 'su')) {
      return { rule: '2WW 12.4.3', message: 'Soviet units never attack with, or receive support from, other Allied powers\' units' };
    }
    return null;
  },
  run(ctx, f) {
    // Only reached when the defender has nothing to allocate.
    launch(ctx, f);
  },
  act(ctx, f, _seat, action) {
    const a = actionOf<DeclareAction>(action);
    if (a.type === 'cancel') {
      ctx.pop();
      return;
    }
    if (a.type === 'confirm') {
      if (f.step !== 'defend') {
        // 5.3.1 (ruling M9): declaring the attack on a neutral's army invades its country before the defence is chosen.
        const w = world(ctx.state);
        if (f.mode === 'land' && w.invasionByAttack?.(ctx.state, f.side, f.hex)) {
          const gbFr = f.attackers.find((id) => ['gb', 'fr'].includes(w.facts(ctx.state, id).power));
          w.invadeByAttack?.(ctx, f.side, gbFr ?? f.attackers[0]!, f.hex);
        }
        goStep(ctx, f, 'defend');
      } else launch(ctx, f);
      return;
    }
    if (f.step === 'defend') f.defSupport = toggle(f.defSupport, a);
    else if (a.role === 'support') f.support = toggle(f.support, a);
    else f.attackers = toggle(f.attackers, a);
  },
};

function launch(ctx: import('./common.ts').C, f: DeclareFrame): void {
  const s = ctx.state;
  if (f.mode === 'land') {
    ctx.goto('land-combat', { side: f.side, hex: f.hex, attackers: f.attackers, support: f.support, defSupport: f.defSupport });
    return;
  }
  const w = world(ctx.state);
  const def = otherSide(f.side);
  const inHex = Object.keys(s.units).filter((id) => {
    const u = s.units[id]!;
    if (u.where !== f.hex || w.sideOf(s, id) !== def) return false;
    const k = w.facts(s, id);
    return isFleet(k.kind) || (k.kind === 'air' && (!u.aboard || !!k.naval));
  }).sort();
  const strikeFleets = f.attackers.some((id) => isFleet(w.facts(s, id).kind));
  ctx.goto('naval-battle', {
    side: f.side, hex: f.hex, attackers: f.attackers, defenders: [...inHex, ...f.defSupport],
    context: strikeFleets ? 'sea' : 'strike', rule: strikeFleets ? '2WW 9.3' : '2WW 9.2',
  });
}
