// ETO 26.5 armor reaction attack: while a side performs an offensive, every voluntary move of its land units (offensive
// movement, breakthrough, advance after combat, secondary advance, exploitation) is carried out hex by hex; where the
// moving units would leave a hex empty of their side's land units in the ZOC of enemy armor, the move stops and the
// armor's owner may attack them before they go on. Rulings 36-39 in docs/rulings/eto.md.
import { type Choice, type Ctx, type Frame, type Json, type Procedure, write } from '../../engine/index.ts';
import type { AttackFrame } from './land-attack.ts';
import type { ReactionAction } from './actions.ts';
import { enterHexes } from './land-attack.ts';
import { landOf, type LandState, type LandUnit, landUnitsAt, layerHex, neighbours, placeName, unitsAt } from './land.ts';
import { type EtoState, otherSide, type Side } from './state.ts';

/** A voluntary move under way: `units` (land units and the generals going with them) stand on `path[at]`. */
export type PendingMove = {
  kind: 'move' | 'bt-move' | 'x-move' | 'advance' | 'secondary';
  side: Side;
  units: string[];
  path: string[];
  at: number;
};

export interface ReactionFrame extends Frame {
  /** Side whose armor may react (the side not performing the offensive). */
  side: Side;
  hex: string;
  /** Reacting armor chosen so far. */
  armor: string[];
  stage: 'choose' | 'attack' | 'end';
  move: PendingMove;
}

const isLand = (u: LandUnit): boolean => u.kind === 'inf' || u.kind === 'armor';

/** 26.5, 25.1: `side`'s armor whose ZOC covers `h` (armor has none into marsh). */
export function reactingArmor(l: LandState, side: Side, h: string): LandUnit[] {
  if (layerHex(l, h)?.terrain === 'marsh') return [];
  const near = new Set(neighbours(l, h));
  return Object.values(l.units).filter((u) => u.side === side && u.kind === 'armor' && u.where === 'map' && near.has(u.hex!))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** 26.5: leaving path[i] vacates it (no land unit of the side stays) in the ZOC of enemy armor. */
function vacatesInArmorZoc(l: LandState, m: PendingMove, i: number): boolean {
  const h = m.path[i]!;
  const moving = m.units.map((id) => l.units[id]!).filter((u) => isLand(u) && u.where === 'map');
  if (!moving.length) return false;
  if (landUnitsAt(l, h, m.side).some((u) => !m.units.includes(u.id))) return false; // part of a stack
  return reactingArmor(l, otherSide(m.side), h).length > 0;
}

function place(ctx: Ctx<EtoState>, m: PendingMove, to: number): void {
  if (to <= m.at) return;
  const l = landOf(ctx.state);
  for (const id of m.units) { const u = l.units[id]!; if (u.where === 'map') write(ctx.state, 'land', 'units', id).hex = m.path[to]!; }
  if (m.units.some((id) => isLand(l.units[id]!))) enterHexes(ctx, m.side, m.path.slice(m.at + 1, to + 1));
  m.at = to;
}

/**
 * Carries `m` on from path[m.at], checking for a reaction from hex index `checkFrom` on. Returns true when the move is
 * complete; false when it stopped for a reaction (a frame was pushed; the caller gets `{ reaction: true, move }` back).
 */
export function carryOut(ctx: Ctx<EtoState>, m: PendingMove, checkFrom = m.at): boolean {
  const l = landOf(ctx.state);
  for (let i = Math.max(checkFrom, m.at); i < m.path.length - 1; i++) {
    if (!vacatesInArmorZoc(l, m, i)) continue;
    place(ctx, m, i);
    const r: Omit<ReactionFrame, 'proc'> = { side: otherSide(m.side), hex: m.path[i]!, armor: [], stage: 'choose', move: m };
    ctx.push('armor-reaction', r);
    return false;
  }
  place(ctx, m, m.path.length - 1);
  return true;
}

/** What a caller gets back from a reaction frame. */
export function reactionResult(r: Json | undefined): PendingMove | null {
  const x = r as { reaction?: boolean; move?: PendingMove } | undefined;
  return x?.reaction && x.move ? x.move : null;
}

/**
 * After a reaction: units still on their hex go on (eliminated ones drop out); a retreated or eliminated mover moves
 * no farther (26.5). Returns 'done', 'stopped', or 'interrupted' (another reaction was pushed further along the path).
 */
export function goOn(ctx: Ctx<EtoState>, m: PendingMove): 'done' | 'stopped' | 'interrupted' {
  const l = landOf(ctx.state);
  const here = m.path[m.at]!;
  m.units = m.units.filter((id) => l.units[id]!.where === 'map' && l.units[id]!.hex === here);
  if (!m.units.some((id) => isLand(l.units[id]!))) return 'stopped';
  return carryOut(ctx, m, m.at + 1) ? 'done' : 'interrupted';
}

export const armorReaction: Procedure<EtoState, ReactionFrame> = {
  prompts(s, f) {
    const l = landOf(s);
    if (f.stage !== 'choose') return [];
    const movers = f.move.units.map((id) => l.units[id]!).filter(isLand);
    const free = reactingArmor(l, f.side, f.hex).filter((u) => !f.armor.includes(u.id));
    const targets = movers.map((u) => u.id);
    const choices: Choice[] = free.map((u) => ({ action: { type: 'react-with', unit: u.id }, label: `Add ${u.name} in ${placeName(l, u.hex!)} to the reaction attack`, refs: { units: [u.id], from: u.hex!, place: f.hex, targets } }));
    if (f.armor.length) choices.push({ action: { type: 'react' }, label: `Make the reaction attack on ${placeName(l, f.hex)} with ${f.armor.length} armor unit(s)`, refs: { units: [...f.armor], place: f.hex, targets } });
    choices.push({ action: { type: 'no-reaction' }, label: 'No armor reaction attack' });
    return [{
      seat: f.side, rule: 'ETO 26.5', kind: 'attack', choices,
      text: `${movers.map((u) => `${u.name}`).join(', ')} leaving ${placeName(l, f.hex)}, in your armor's ZOC: attack before they move?`,
    }];
  },
  act(ctx, f, _seat, a: ReactionAction) {
    const l = landOf(ctx.state);
    if (a.type === 'react-with') { f.armor.push(a.unit); return; }
    if (a.type === 'no-reaction') { f.stage = 'end'; return; }
    // 'react': the chosen armor attacks with the generals stacked with it (26.5: no air, bombardment or paratroops).
    const attackers = [...f.armor];
    for (const h of new Set(f.armor.map((id) => l.units[id]!.hex!))) {
      const g = unitsAt(l, h).find((x) => x.kind === 'general' && x.side === f.side && f.armor.some((id) => l.units[id]!.hex === h && l.units[id]!.nation === x.nation));
      if (g) attackers.push(g.id);
    }
    ctx.log(`Armor reaction attack on ${f.hex} by ${f.armor.map((id) => l.units[id]!.name).join(' and ')}`, 'ETO 26.5');
    f.stage = 'attack';
    const atk: Omit<AttackFrame, 'proc'> = {
      attackers, target: f.hex, step: 'combat', stage: 'resolve', airIn: [], aborted: [], round: 1, attackerSteps: 0, retreat: 0,
      result: '', defSteps: 0, advanced: [], cleared: false, side: f.side, reaction: true, exited: [], secondary: [], stopped: [],
    };
    ctx.push('land-attack', atk);
  },
  resume(_ctx, f) {
    f.stage = 'end';
  },
  run(ctx, f) {
    // The reaction is over: the move goes on in the frame below.
    ctx.pop({ reaction: true, move: f.move });
  },
};
