// The house rules' decisions inside a battle: anti-tank guns (l.24), air reaction at the start of round 2 (l.32,
// 88), the defender's retreat before round 2 on land or round 3 at sea and the attacker's pursuit (l.34, 90), the
// submarine search of the naval sequence (l.76), half hits (l.46), the saves of SS and Guards armour (l.135, 161)
// and of British armoured carriers (l.195); and what a battle leaves behind (units laid on their side stand up,
// reacting fighters fly home).
import type { Choice, Ctx, Prompt } from '../../../engine/index.ts';
import type { BattleFrame } from '../battle.ts';
import { attackerUnits, defenderUnits, defendingPower, tableOf } from '../battle.ts';
import { isShip, isSub, saveOn, type Combatant, type HitClass, type Step } from '../combat-rules.ts';
import type { AaeState, Unit } from '../state.ts';
import { removeUnit } from '../units.ts';
import { POWER_NAMES, areaName, enemies, friendlyLand, hostileSea, inPlay, neighbours, sideOf, unitData } from '../world.ts';
import { researched } from './research.ts';
import { seasonOf } from './seasons.ts';

export const RULE_AT = 'AAE house rules l.24 (anti-tank guns)';
export const RULE_REACTION = 'AAE house rules l.32, 88 (air reaction)';
export const RULE_DEF_RETREAT = 'AAE house rules l.34, 90 (the defender retreats; pursuit)';
export const RULE_SEARCH = 'AAE house rules l.76-90 (naval combat sequence)';
export const RULE_HALF_HITS = 'AAE house rules l.46 (bombardment half hits)';
export const RULE_ELITE = 'AAE house rules l.135, 161 (Guards and SS armour)';
export const RULE_ARMOURED_CARRIERS = 'AAE house rules l.195 (armoured carriers)';

// ---------------------------------------------------------------------------------------------------------------
// Anti-tank guns (l.24): before round 1 the defender names up to half its artillery and spare guns.

function atCandidates(s: AaeState, f: BattleFrame): Unit[] {
  const def = defenderUnits(s, f.area, 'land');
  const planes = attackerUnits(s, f.area, 'land').filter((u) => unitData(u.type).domain === 'air').length;
  const guns = def.filter((u) => u.type === 'aa').slice(s.opts.house['aa-every-round'] ? Math.ceil(planes / 3) : def.length);
  return [...def.filter((u) => u.type === 'artillery'), ...guns];
}

export function atPrompt(s: AaeState, f: BattleFrame): Prompt[] {
  if (f.asked || !attackerUnits(s, f.area, 'land').some((u) => /armour/.test(u.type))) return [];
  const cands = atCandidates(s, f);
  const max = Math.floor(cands.length / 2);
  if (max === 0) return [];
  const choices: Choice[] = [];
  for (let n = max; n >= 0; n--) {
    choices.push({ action: { type: 'anti-tank', count: n }, label: n ? `name ${n} anti-tank gun${n > 1 ? 's' : ''} (they fire at armour only, at -1)` : 'no anti-tank guns', refs: { units: cands.slice(0, n).map((u) => u.id), place: f.area } });
  }
  return [{ seat: defendingPower(s, f.area, 'land'), rule: RULE_AT, kind: 'choose', text: `${areaName(f.area)}: name anti-tank guns among your artillery and spare guns (up to ${max})?`, choices }];
}

export function designateAt(s: AaeState, f: BattleFrame, n: number): string[] {
  return atCandidates(s, f).slice(0, n).map((u) => u.id);
}

// ---------------------------------------------------------------------------------------------------------------
// Air reaction and the defender's retreat, at the start of a round.

/** Fighters of the defending side next to the battle that have not fought and whose own area has no battle ("un-pinned"). */
export function reactionFighters(s: AaeState, f: BattleFrame): Unit[] {
  const side = sideOf(defendingPower(s, f.area, f.kind));
  const pinned = new Set(s.battles.map((b) => b.area));
  const near = new Set(neighbours(f.area).map((n) => n.id).filter((id) => inPlay(s, id) && !pinned.has(id)));
  return s.units.filter((u) => u.type === 'fighter' && near.has(u.at) && sideOf(u.power) === side && !u.fought
    && (unitData(u.type).domain === 'air') && !(s.round === 1 && s.power === 'germany' && u.power === 'ussr' && s.opts.house.barbarossa));
}

/** Where the defenders may retreat: adjacent friendly territory (land) or a sea zone free of the attacker's ships. */
export function defenderRetreats(s: AaeState, f: BattleFrame): string[] {
  const p = defendingPower(s, f.area, f.kind);
  const out = neighbours(f.area).filter((n) => inPlay(s, n.id) && (f.kind === 'land'
    ? n.kind === 'land' && friendlyLand(s, n.id, p)
    : (n.kind === 'sea') && !s.units.some((u) => u.at === n.id && u.power === s.power && isShip(u.type) && !isSub(u.type)) && !hostileSea(s, n.id, p)));
  const ids = out.map((n) => n.id).sort();
  // Not into an area that still has a battle to fight, unless it is the only way (l.34).
  const calm = ids.filter((id) => !s.battles.some((b) => b.area === id));
  return calm.length ? calm : ids;
}

function retreatingDefenders(s: AaeState, f: BattleFrame): Unit[] {
  return defenderUnits(s, f.area, f.kind).filter((u) => f.kind === 'land'
    ? unitData(u.type).move > 0 && u.type !== 'aa' && u.type !== 'partisan'
    : isShip(u.type) && !isSub(u.type));
}

/** The round at whose start the defender may retreat: 2 on land (3 for the Soviets on Germany's first turn: l.143), 3 at sea. */
function retreatRound(s: AaeState, f: BattleFrame): number {
  if (f.kind === 'sea') return 3;
  return s.opts.house['stalin-shock'] && s.round === 1 && s.power === 'germany' && defendingPower(s, f.area, f.kind) === 'ussr' ? 3 : 2;
}

function mayRetreat(s: AaeState, f: BattleFrame): boolean {
  const h = s.opts.house;
  if (f.kind === 'land' ? !h['defender-retreat'] : !h['naval-sequence']) return false;
  // House rules l.177: Vichy's forces never move.
  if (defendingPower(s, f.area, f.kind) === 'vichy') return false;
  return f.round === retreatRound(s, f) && retreatingDefenders(s, f).length > 0 && defenderRetreats(s, f).length > 0
    && !defenderUnits(s, f.area, f.kind).some((u) => u.reactFrom);
}

function mayReact(s: AaeState, f: BattleFrame): boolean {
  return !!s.opts.house['air-reaction'] && f.round === 2 && reactionFighters(s, f).length > 0;
}

/** Start of a round: the defender's decisions, then the round's first step. */
export function houseRoundStart(ctx: Ctx<AaeState>, f: BattleFrame, first: BattleFrame['step']): void {
  const s = ctx.state;
  // Round 2 of the naval sequence: every submarine is found (l.88).
  const clean = { ...f, undetected: f.round >= 2 ? undefined : f.undetected };
  if (!f.asked && (mayReact(s, f) || mayRetreat(s, f))) { ctx.goto('battle', { ...clean, step: 'react' }); return; }
  ctx.goto('battle', { ...clean, step: f.pursuit && f.kind === 'sea' ? 'strike' : first, asked: undefined });
}

export function reactionPrompt(s: AaeState, f: BattleFrame): Prompt[] {
  if (f.asked) return [];
  const react = mayReact(s, f) ? reactionFighters(s, f) : [];
  const retreat = mayRetreat(s, f) ? defenderRetreats(s, f) : [];
  if (!react.length && !retreat.length) return [];
  const choices: Choice[] = [{ action: { type: 'stand' }, label: 'fight on', refs: { place: f.area } }];
  const from = [...new Set(react.map((u) => u.at))].sort();
  for (const at of from) {
    const us = react.filter((u) => u.at === at);
    choices.push({ action: { type: 'react', from: at }, label: `${us.length} fighter${us.length > 1 ? 's' : ''} from ${areaName(at)} join the battle`, refs: { units: us.map((u) => u.id), from: at, place: f.area } });
  }
  for (const to of retreat) choices.push({ action: { type: 'retreat-defender', to }, label: `retreat to ${areaName(to)} (the attacker may pursue for a round)`, refs: { units: retreatingDefenders(s, f).map((u) => u.id), place: to, from: f.area } });
  return [{
    seat: defendingPower(s, f.area, f.kind), rule: react.length ? RULE_REACTION : RULE_DEF_RETREAT, kind: 'choose',
    text: `${areaName(f.area)}, before round ${f.round}: ${react.length ? 'bring in fighters from next door' : ''}${react.length && retreat.length ? ', or ' : ''}${retreat.length ? 'retreat' : ''}?`,
    choices,
  }];
}

export function react(ctx: Ctx<AaeState>, f: BattleFrame, from: string): void {
  const s = ctx.state;
  for (const u of reactionFighters(s, f).filter((x) => x.at === from)) {
    u.reactFrom = u.at; u.at = f.area; u.aboard = undefined; u.fought = true;
  }
  ctx.log(`Fighters from ${areaName(from)} join the battle of ${areaName(f.area)}`, RULE_REACTION);
}

export function pursuitPrompt(s: AaeState, f: BattleFrame): Prompt[] {
  if (!f.retreatTo || f.pursuit) return [];
  const att = attackerUnits(s, f.area, f.kind).filter((u) => f.kind === 'land' || unitData(u.type).domain === 'air');
  const choices: Choice[] = [{ action: { type: 'pursue', yes: false }, label: `let them go to ${areaName(f.retreatTo)}`, refs: { place: f.area } }];
  if (att.length) {
    choices.push({
      action: { type: 'pursue', yes: true },
      label: f.kind === 'land' ? 'pursue: one round, the defenders at -1, your infantry and artillery at -1' : 'pursue with one air strike',
      refs: { units: att.map((u) => u.id), place: f.area },
    });
  }
  return [{ seat: s.power, rule: RULE_DEF_RETREAT, kind: 'yes-no', text: `${areaName(f.area)}: the defender retreats to ${areaName(f.retreatTo)}: pursue?`, choices }];
}

/** The retreating defenders leave: land units and aircraft (land), surface ships (sea); fighters that reacted fly home. */
export function defendersLeave(ctx: Ctx<AaeState>, f: BattleFrame, to: string): void {
  const s = ctx.state;
  const leaving = retreatingDefenders(s, f);
  for (const u of leaving) {
    u.at = to;
    // What the battle did to it stays behind (a reduced city infantry, a half hit, a save: l.38, 46).
    u.shaken = undefined; u.saved = undefined;
    if (u.damage && u.type !== 'battleship') u.damage = undefined;
    for (const c of s.units) if (c.aboard === u.id) c.at = to;
  }
  if (f.kind === 'land') for (const u of defenderUnits(s, f.area, 'land')) if (unitData(u.type).domain === 'air' && !u.reactFrom) u.at = to;
  flyHome(ctx, f);
  const defender = defendingPower(s, f.area, f.kind);
  ctx.log(`${POWER_NAMES[defender]} retreats from ${areaName(f.area)} to ${areaName(to)}`, RULE_DEF_RETREAT);
  if (s.opts.house.partisans && f.kind === 'land' && s.power === 'ussr' && sideOf(defender) === 'axis') partisansStrike(ctx, to, leaving);
}

export const RULE_PARTISANS = 'AAE house rules l.131 (Communist partisans)';

/** The d10 faces on which partisans hit ("0" is the face 10): 10 in 1941, 9-10 in 1942, 8-10 from 1943. */
export function partisanFaces(round: number): number[] {
  const year = seasonOf(round).year;
  return year <= 1941 ? [10] : year === 1942 ? [9, 10] : [8, 9, 10];
}

/** House rules l.131: Axis units retreating from a Soviet attack may lose an infantry to the partisans. */
function partisansStrike(ctx: Ctx<AaeState>, to: string, leaving: Unit[]): void {
  const s = ctx.state;
  const inf = leaving.find((u) => u.type === 'infantry' || u.type === 'volksgrenadier');
  if (!inf) return;
  const face = ctx.roll(10, 1, 'Communist partisans', RULE_PARTISANS).faces[0]!;
  if (!partisanFaces(s.round).includes(face)) { ctx.log(`The partisans roll ${face === 10 ? 0 : face}: no harm done`, RULE_PARTISANS); return; }
  ctx.log(`The partisans roll ${face === 10 ? 0 : face}: an Axis ${unitData(inf.type).name.toLowerCase()} retreating to ${areaName(to)} is lost`, RULE_PARTISANS);
  removeUnit(s, inf.id);
}

function flyHome(ctx: Ctx<AaeState>, f: BattleFrame): void {
  const s = ctx.state;
  for (const u of [...s.units]) {
    if (u.at !== f.area || !u.reactFrom) continue;
    const home = u.reactFrom;
    u.reactFrom = undefined;
    const ok = friendlyLand(s, home, u.power) || s.units.some((c) => c.at === home && unitData(c.type).carrierRoom && !enemies(c.power, u.power));
    if (ok) { u.at = home; continue; }
    if (friendlyLand(s, f.area, u.power)) continue;
    ctx.log(`A ${POWER_NAMES[u.power]} fighter cannot fly home to ${areaName(home)} and is lost`, RULE_REACTION);
    removeUnit(s, u.id);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The submarine search (l.76): one d10 against the defending submarines, found on 6 or more.

/** The search's modifier: Winter -1; a destroyer +2, else another surface ship -1; research (l.221, 229, 239). */
export function searchModifier(s: AaeState, f: Pick<BattleFrame, 'area'>): number {
  const att = s.units.filter((u) => u.at === f.area && u.power === s.power);
  let m = seasonOf(s.round).season === 'Winter' ? -1 : 0;
  if (att.some((u) => u.type === 'destroyer')) m += 2;
  else if (att.some((u) => isShip(u.type) && !isSub(u.type))) m -= 1;
  if (s.opts.house.research) {
    const gains = researched(s, s.power, 'sub-detection');
    m += gains >= 2 ? 3 : gains;
    if (s.units.some((u) => u.at === f.area && u.power === 'germany' && isSub(u.type) && enemies(u.power, s.power))) {
      const snorkel = researched(s, 'germany', 'snorkel');
      m -= snorkel >= 2 ? 3 : snorkel;
    }
  }
  return m;
}

export function subSearch(ctx: Ctx<AaeState>, f: BattleFrame): void {
  const s = ctx.state;
  const subs = defenderUnits(s, f.area, 'sea').filter((u) => isSub(u.type));
  if (!subs.length) return;
  const m = searchModifier(s, f);
  const r = ctx.roll(10, 1, `submarine search in ${areaName(f.area)} (6 or more finds them; ${m >= 0 ? '+' : ''}${m})`, RULE_SEARCH);
  const found = r.faces[0]! + m >= 6;
  ctx.log(found ? `The defending submarines in ${areaName(f.area)} are found` : `The defending submarines in ${areaName(f.area)} are not found: they cannot be hit this round`, RULE_SEARCH);
  if (!found) f.undetected = subs.map((u) => u.id);
}

// ---------------------------------------------------------------------------------------------------------------
// Hits the house rules treat apart.

/** Returns true when the hit is dealt with here (a half hit, a save). */
export function houseHitTaken(ctx: Ctx<AaeState>, f: BattleFrame, u: Unit, c: Combatant, cls: HitClass): boolean {
  if (cls === 'half' && !u.shaken) {
    u.shaken = true;
    ctx.log(`A ${POWER_NAMES[u.power]} ${unitData(u.type).name.toLowerCase()} in ${areaName(f.area)} takes a half hit: it fights at -1`, RULE_HALF_HITS);
    return true;
  }
  const on = saveOn({ ...c, ...(u.saved ? { saved: true } : {}) }, f.step as Step, tableOf(ctx.state, f));
  if (!on) return false;
  const carrier = u.type === 'carrier';
  const rule = carrier ? RULE_ARMOURED_CARRIERS : RULE_ELITE;
  const name = carrier ? 'British armoured carrier' : unitData(u.type).name;
  const r = ctx.roll(6, 1, `${name}: is the hit ignored (${on} or more)?`, rule);
  u.saved = true;
  if (r.faces[0]! < on) return false;
  ctx.log(`The ${name} in ${areaName(f.area)} ignores the hit`, rule);
  return true;
}

/** After a battle: units laid on their side stand up, city infantry and saves are whole again, reacting fighters fly home. */
export function afterHouseBattle(ctx: Ctx<AaeState>, f: BattleFrame): void {
  const s = ctx.state;
  for (const u of s.units) {
    if (u.at !== f.area) continue;
    u.shaken = undefined;
    u.saved = undefined;
    if (u.damage && u.type !== 'battleship') u.damage = undefined;
  }
  flyHome(ctx, f);
}
