// Convoy attacks (house rules l.99-103, `hr-convoy-attacks`, ruling 87): warships and aircraft in an enemy convoy
// centre attack the convoy instead of taking it (ruling 21) or fighting a sea battle there. Each attacking unit type
// takes option A (damage first, then one round against the escort at half values, rounded up) or B (one round
// against the escort at full values, then the survivors do damage); the two run side by side, step by step, so the
// escort may fight twice. Damage is IPCs taken from the convoy's owner, as a house raid: at most twice the convoy's
// value. The Arctic convoy (the Soviet convoy centre): no aircraft in Winter; in Summer submarines -1 to their value
// and their damage, aircraft without their extra -1 to damage.
import type { Choice, Ctx, Frame, Procedure } from '../../../engine/index.ts';
import type { Power, UnitType } from '../data/index.ts';
import { combatant, isAir, isShip, isSub, pickCasualty, type BattleSide } from '../combat-rules.ts';
import type { AaeState, Unit } from '../state.ts';
import { removeUnit } from '../units.ts';
import { afterSeaBattle } from '../battle.ts';
import { POWER_NAMES, area, areaName, controller, enemies, hasMark, unitData } from '../world.ts';
import { combatTable } from './values.ts';
import { seasonOf } from './seasons.ts';
import { arcticConvoyValue } from '../income.ts';
import { researched } from './research.ts';

export const RULE_CONVOY_ATTACK = 'AAE house rules l.99-103 (convoy attacks)';

export const ARCTIC_CONVOY = 'soviet-convoy';

export type ConvoyOption = 'A' | 'B';

/** An enemy convoy centre `p` may attack with the house procedure (with hr-convoys the Arctic convoy only while it runs). */
export function convoyTarget(s: AaeState, id: string, p: Power): boolean {
  if (!s.opts.house['convoy-attacks'] || !hasMark(id, 'convoy')) return false;
  const c = controller(s, id);
  if (c === null || !enemies(c, p)) return false;
  return !(id === ARCTIC_CONVOY && s.opts.house.convoys && arcticConvoyValue(s) === 0);
}

/** l.103: no aircraft attack the Arctic convoy in Winter. */
export const airBarred = (s: AaeState, id: string): boolean => id === ARCTIC_CONVOY && seasonOf(s.round).season === 'Winter';

/** House rules l.233 (Ultra): the units diverted from this combat phase's attack on one convoy. */
interface UltraRecord { round: number; power: Power; area: string; out: string[] }
const ultraOf = (s: AaeState): UltraRecord | undefined => s.house?.ultra as UltraRecord | undefined;
const diverted = (s: AaeState, id: string, u: Unit): boolean => {
  const r = ultraOf(s);
  return !!r && r.round === s.round && r.power === s.power && r.area === id && r.out.includes(u.id);
};

/** The moving power's units that attack the convoy: warships (not transports) and aircraft sent to attack. */
export function convoyAttackers(s: AaeState, id: string): Unit[] {
  return s.units.filter((u) => u.at === id && u.power === s.power && !u.aboard && !u.submerged && !diverted(s, id, u)
    && ((isShip(u.type) && u.type !== 'transport') || (isAir(u.type) && u.mission === 'attack')));
}

/** The escort: the convoy side's surface warships in the zone (ruling 87: not transports or submarines). */
export function convoyEscort(s: AaeState, id: string): Unit[] {
  return s.units.filter((u) => u.at === id && enemies(u.power, s.power) && isShip(u.type) && u.type !== 'transport' && !isSub(u.type));
}

const summerSub = (s: AaeState, id: string, u: Pick<Unit, 'type'>): boolean => id === ARCTIC_CONVOY && isSub(u.type) && seasonOf(s.round).season === 'Summer';

/** One attacker's convoy damage for a d6 face (l.101, 103): A d6-1 (aircraft d6-2), B d6-2 (aircraft d6-3); Arctic Summer: submarines -1 more, aircraft 1 less. */
export function convoyDamage(s: AaeState, id: string, u: Pick<Unit, 'type'>, option: ConvoyOption, face: number): number {
  let minus = option === 'A' ? 1 : 2;
  if (isAir(u.type) && !(id === ARCTIC_CONVOY && seasonOf(s.round).season === 'Summer')) minus += 1;
  if (summerSub(s, id, u)) minus += 1;
  return Math.max(0, face - minus);
}

/** A unit's value in a convoy round: its attack or defence, halved and rounded up under option A; Arctic Summer submarines -1. */
export function convoyValue(s: AaeState, id: string, u: Unit, side: BattleSide, option: ConvoyOption): number {
  const table = combatTable(s, id);
  const c = combatant(u);
  let v = side === 'attacker' ? table.attack(c) : table.defense(c);
  if (summerSub(s, id, u)) v -= 1;
  if (option === 'A') v = Math.ceil(v / 2);
  return Math.max(0, v);
}

export const RULE_ULTRA = 'AAE house rules l.233 (Ultra)';

/** When the Axis combat phase begins: with Ultra researched, the British divert one convoy under attack. */
export function callUltra(ctx: Ctx<AaeState>): void {
  const s = ctx.state;
  if (!researched(s, 'uk', 'ultra') || !enemies(s.power, 'uk') || !s.battles.some((b) => b.kind === 'convoy')) return;
  ctx.push('ultra', {});
}

/** Each attacking submarine is diverted on a d6 of 1-4, each aircraft on 1-2 (its roll +2). */
export const ultraDiverts = (u: Pick<Unit, 'type'>, face: number): boolean => (isAir(u.type) ? face + 2 : face) <= 4;

export const ultra: Procedure<AaeState, Frame> = {
  prompts(s) {
    const choices: Choice[] = s.battles.filter((b) => b.kind === 'convoy').map((b) => ({ action: { type: 'ultra', area: b.area }, label: `divert the convoy in ${areaName(b.area)}`, refs: { place: b.area } }));
    choices.push({ action: { type: 'ultra', area: null }, label: 'divert none' });
    return [{ seat: 'uk', rule: RULE_ULTRA, kind: 'ultra', text: 'Ultra: divert one convoy from the Axis attack?', choices }];
  },
  act(ctx, _f, _seat, a) {
    const s = ctx.state;
    ctx.pop();
    const id = a.area as string | null;
    if (!id) return;
    const us = convoyAttackers(s, id).filter((u) => isSub(u.type) || isAir(u.type));
    const faces = us.length ? ctx.roll(6, us.length, `Ultra: ${us.length} attacker${us.length === 1 ? '' : 's'}`, RULE_ULTRA, { each: true }).faces : [];
    const out = us.filter((u, i) => ultraDiverts(u, faces[i]!)).map((u) => u.id);
    s.house = { ...(s.house ?? {}), ultra: { round: s.round, power: s.power, area: id, out } };
    ctx.log(`Ultra diverts the convoy in ${areaName(id)}: ${out.length} of ${us.length} attacker${us.length === 1 ? '' : 's'} miss it`, RULE_ULTRA);
  },
};

interface ConvoyFrame extends Frame {
  area: string;
  step: 'start' | 'choose' | 'resolve';
  options?: Record<string, ConvoyOption>;
}

function typesToChoose(s: AaeState, f: ConvoyFrame): UnitType[] {
  return [...new Set(convoyAttackers(s, f.area).map((u) => u.type))].sort().filter((t) => !f.options?.[t]);
}

export const convoyAttack: Procedure<AaeState, ConvoyFrame> = {
  prompts(s, f) {
    if (f.step !== 'choose') return [];
    const t = typesToChoose(s, f)[0];
    if (!t) return [];
    const units = convoyAttackers(s, f.area).filter((u) => u.type === t).map((u) => u.id);
    const name = unitData(t).name.toLowerCase();
    const choices: Choice[] = [
      { action: { type: 'convoy-option', unit: t, option: 'A' }, label: `${name}s: option A, the merchant ships first (damage, then a round against the escort at half values)`, refs: { units, place: f.area } },
      { action: { type: 'convoy-option', unit: t, option: 'B' }, label: `${name}s: option B, the escort first (a round at full values, then damage)`, refs: { units, place: f.area } },
    ];
    return [{ seat: s.power, rule: RULE_CONVOY_ATTACK, kind: 'convoy-option', text: `Convoy attack in ${areaName(f.area)}: which option for your ${name}s?`, choices }];
  },
  run(ctx, f) {
    const s = ctx.state;
    if (f.step === 'start') {
      const att = convoyAttackers(s, f.area);
      for (const u of att) u.fought = true;
      ctx.log(`Convoy attack in ${areaName(f.area)}: ${att.length} unit${att.length === 1 ? '' : 's'} against an escort of ${convoyEscort(s, f.area).length}`, RULE_CONVOY_ATTACK);
      ctx.goto('convoy-attack', { ...f, step: 'choose', options: {} });
      return;
    }
    if (f.step === 'choose' && typesToChoose(s, f).length) return;
    resolve(ctx, f.area, f.options ?? {});
    ctx.pop();
  },
  act(ctx, f, _seat, a) {
    ctx.goto('convoy-attack', { ...f, options: { ...(f.options ?? {}), [a.unit as string]: a.option as ConvoyOption } });
  },
};

/** Both options side by side: step 1, A's damage and B's round; step 2, A's round and B's damage (l.103 "concurrent"). */
function resolve(ctx: Ctx<AaeState>, id: string, options: Record<string, ConvoyOption>): void {
  const s = ctx.state;
  const owner = controller(s, id)!;
  const group = (o: ConvoyOption) => convoyAttackers(s, id).filter((u) => options[u.type] === o);
  let damage = damageRoll(ctx, id, group('A'), 'A');
  convoyRound(ctx, id, group('B'), 'B');
  convoyRound(ctx, id, group('A'), 'A');
  damage += damageRoll(ctx, id, group('B'), 'B');
  const lost = Math.min(damage, 2 * (area(id).value ?? 0), s.ipcs[owner]);
  s.ipcs[owner] -= lost;
  ctx.log(`The convoy in ${areaName(id)} suffers ${damage} damage: ${POWER_NAMES[owner]} loses ${lost} IPCs`, RULE_CONVOY_ATTACK);
  // Fighters whose carrier sank land nearby or are lost, as after a sea battle (ruling 17).
  afterSeaBattle(ctx, id);
}

function damageRoll(ctx: Ctx<AaeState>, id: string, us: Unit[], o: ConvoyOption): number {
  if (!us.length) return 0;
  const faces = ctx.roll(6, us.length, `convoy damage, option ${o}: ${us.length} unit${us.length === 1 ? '' : 's'}`, RULE_CONVOY_ATTACK, { each: true }).faces;
  return us.reduce((sum, u, i) => sum + convoyDamage(ctx.state, id, u, o, faces[i]!), 0);
}

/** One round between a group of attackers and the escort (one die a unit); hits fall cheapest first on each side. */
function convoyRound(ctx: Ctx<AaeState>, id: string, att: Unit[], o: ConvoyOption): void {
  const s = ctx.state;
  const esc = convoyEscort(s, id);
  if (!att.length || !esc.length) return;
  const sides = combatTable(s, id).sides;
  const hitsBy = (us: Unit[], side: BattleSide, what: string) => {
    const faces = ctx.roll(sides, us.length, `convoy round, option ${o}: ${what}`, RULE_CONVOY_ATTACK, { each: true }).faces;
    return us.filter((u, i) => faces[i]! <= convoyValue(s, id, u, side, o)).length;
  };
  const onEscort = hitsBy(att, 'attacker', `${att.length} attacker${att.length === 1 ? '' : 's'}`);
  const onAttackers = hitsBy(esc, 'defender', `an escort of ${esc.length}`);
  ctx.log(`Convoy round in ${areaName(id)} (option ${o}): ${onEscort} hit${onEscort === 1 ? '' : 's'} on the escort, ${onAttackers} on the attackers`, RULE_CONVOY_ATTACK);
  takeHits(ctx, esc, onEscort, 'defender');
  takeHits(ctx, att, onAttackers, 'attacker');
}

function takeHits(ctx: Ctx<AaeState>, us: Unit[], hits: number, side: BattleSide): void {
  const s = ctx.state;
  let left = us.filter((u) => s.units.includes(u));
  for (let h = 0; h < hits && left.length; h++) {
    const i = pickCasualty(left.map((u) => combatant(u)), 'any', side);
    if (i < 0) return;
    const u = left[i]!;
    if ((u.damage ?? 0) + 1 < (unitData(u.type).hits ?? 1)) { u.damage = (u.damage ?? 0) + 1; ctx.log(`A ${POWER_NAMES[u.power]} ${unitData(u.type).name.toLowerCase()} is damaged`, RULE_CONVOY_ATTACK); continue; }
    ctx.log(`A ${POWER_NAMES[u.power]} ${unitData(u.type).name.toLowerCase()} is sunk${isAir(u.type) ? ' (shot down)' : ''}`, RULE_CONVOY_ATTACK);
    removeUnit(s, u.id);
    left = left.filter((x) => x !== u);
  }
}
