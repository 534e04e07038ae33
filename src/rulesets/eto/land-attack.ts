// ETO attack sequence 4A for one land attack: ground support and interception (12.5, 14, 17), air-to-air combat (15),
// strength and modifiers (26.1-26.4, the blitzkrieg bonus 44), CRT results (27.1-27.2), retreats (27.3), advance after
// combat and secondary advance (27.4; both may meet an armor reaction attack, 26.5), generals (27.5), replenishment
// box (27.7), conquest (40). Either side may be the attacker; every decision is its player's.
import { type Choice, type Ctx, type Frame, type Procedure, type Prompt, write } from '../../engine/index.ts';
import { carryOut, goOn, type PendingMove, reactionResult } from './armor-reaction.ts';
import type { AttackAction } from './actions.ts';
import { attackStrength, crtResult, oddsColumn } from './land-combat.ts';
import {
  acrossRiver, airStrength, type AirUnit, appendToLand, combatantsAt, conquestHexes, controller, dist, hexWeather,
  homeCountries, landOf, type LandState, type LandUnit, landUnitsAt, layerHex, mayEnter, neighbours, notePilot,
  placeName, retreatPaths, stackLimit, suppliedHexes, unitsAt, unitStrength, zocOf
} from './land.ts';
import { playOf } from './data/index.ts';
import { conquer } from './politics.ts';
import { assaultSinkings } from './sea-transport.ts';
import { sideOfNation } from './forces.ts';
import type { EtoState, Side } from './state.ts';

export type AttackStep = 'breakthrough' | 'combat' | 'exploitation';

export interface AttackFrame extends Frame, AirFight {
  attackers: string[];
  target: string;
  step: AttackStep;
  stage: 'air' | 'intercept' | 'counter' | 'defend' | 'defend-intercept' | 'air-combat' | 'air-abort' | 'resolve' | 'attacker-loss' | 'defender' | 'retreat' | 'advance'
    | 'secondary' | 'done';
  /** Air units over the target, with their role this mission. */
  airIn: { id: string; role: 'fighter' | 'bomber' }[];
  aborted: string[];
  round: number;
  /** Attacker steps still to lose, defender retreat hexes still to make. */
  attackerSteps: number;
  retreat: number;
  /** Defender result letter code from the CRT, kept for the log and the defender choice. */
  result: string;
  defSteps: number;
  advanced: string[];
  cleared: boolean;
  /** Attacking side; absent = the Germans (scenario 4). */
  side?: Side;
  /** 26.5: an armor reaction attack (no air; every friendly unit counts as activated for advancing; nobody is activated). */
  reaction?: boolean;
  /** 27.4: units activated for this offensive that may make a secondary advance (the offensive sets it per step). */
  mayAdvance?: string[];
  /** 27.4: hexes left by advancing units (initial and secondary) that secondary advance may enter. */
  exited?: string[];
  /** Units that made a secondary advance. */
  secondary?: string[];
  /** Units whose advance a reaction attack stopped (26.5: they move no farther). */
  stopped?: string[];
  /** 15.2 D: seats that have finished aborting air units voluntarily after round 1. */
  abortDone?: Side[];
  /** 15.3: targets declared by the players for the coming round (fighter id -> target id). */
  targets?: Record<string, string>;
  /** 10.6: an amphibious assault from the STPs in the target hex (the attackers are aboard). */
  assault?: boolean;
  /** 10.6: the assaulted hex held no enemy land unit when the die was rolled. */
  emptyHex?: boolean;
  /** 19.2: paratroops to drop on the target and the ATP flying each (it flies with the attack's air units). */
  drops?: { unit: string; atp: string }[];
}

/** An air-to-air fight over a hex (15.2): a land attack's (4A) or an air mission's (12, 14, 21). `side` attacks. */
export interface AirFight {
  target: string;
  side?: Side;
  airIn: { id: string; role: 'fighter' | 'bomber' }[];
  aborted: string[];
  targets?: Record<string, string>;
  abortDone?: Side[];
}

const other = (s: Side): Side => (s === 'axis' ? 'allies' : 'axis');
const atk = (f: AirFight): Side => f.side ?? 'axis';
const dfd = (f: AirFight): Side => other(atk(f));

export function eligibleAir(l: LandState, side: Side, target: string, f: AirFight, kinds: AirUnit['kind'][], pc = false): AirUnit[] {
  return Object.values(l.air).filter((a) => a.where === 'map' && a.side === side && kinds.includes(a.kind) && (pc || a.committed !== 'PC')
    && !l.flown.includes(a.id) && !f.airIn.some((x) => x.id === a.id) && a.base !== null && dist(a.base, target) <= a.range);
}

/**
 * 20.2, 20.3: the defender's previously committed units may fly over land units already activated, and any unit over
 * an empty hex or an amphibious assault's target; never over standby units alone (20.1).
 */
function pcMayDefend(l: LandState, f: AirFight & { assault?: boolean }): boolean {
  const own = landUnitsAt(l, f.target, dfd(f));
  return !!f.assault || !own.length || own.some((u) => l.activated.includes(u.id));
}

/**
 * 20.1: a unit flying in a friendly offensive is committed (CC); in the enemy's, only when it defends land units
 * all activated for an offensive (standby units among them, 20.1, or an empty hex or an assault, 20.2: not committed).
 */
function fly(s: EtoState, f: AirFight & { assault?: boolean }, id: string, role: 'fighter' | 'bomber'): void {
  f.airIn.push({ id, role });
  write(s, 'land', 'flown').push(id);
  const l = landOf(s);
  const a = l.air[id]!;
  const own = landUnitsAt(l, f.target, a.side);
  const free = !!f.assault || !own.length || own.some((u) => !l.activated.includes(u.id));
  if (a.committed === 'none' && (a.side === atk(f) || !free)) write(s, 'land', 'air', id).committed = 'CC';
}

/**
 * 44.1: when German units first attack units of a nation inside that nation's home country, the blitzkrieg bonus
 * against it is in effect for the rest of the turn; once per nation per game. Only where the scenario uses 44.0.
 */
function blitzkrieg(s: EtoState, attackers: { nation: string }[], defenders: { nation: string }[], hex: string): void {
  const l = landOf(s);
  if (!playOf(l.scenario).rules.blitzkrieg || !attackers.some((u) => u.nation === 'germany')) return;
  const country = layerHex(l, hex)?.country;
  for (const d of defenders) {
    const l = landOf(s);
    if (!country || l.blitz.includes(d.nation) || l.blitzed?.includes(d.nation) || !homeCountries(d.nation).includes(country)) continue;
    write(s, 'land', 'blitz').push(d.nation);
    appendToLand(s, 'blitzed', d.nation);
  }
}

export const inHex = (l: LandState, f: AirFight, side: Side, role?: 'fighter' | 'bomber') =>
  f.airIn.filter((x) => l.air[x.id]!.side === side && !f.aborted.includes(x.id) && l.air[x.id]!.where === 'map' && (!role || x.role === role));

/** 15.3, 15.7: 1 depletes and aborts; 6 does nothing; 5 only aborts (if it reaches the target number). */
export function airCombatResult(roll: number, target: number): 'deplete' | 'abort' | 'none' {
  if (roll === 1) return 'deplete';
  if (roll === 6) return 'none';
  if (roll === 5) return target >= 5 ? 'abort' : 'none';
  if (roll < target) return 'deplete';
  return roll === target ? 'abort' : 'none';
}

/** 15.3-15.4, 44.2: target number of `att` firing at `tgt` over `hex`. */
export function airTargetNumber(l: LandState, f: AirFight, att: AirUnit, tgt: AirUnit, hex: string): number {
  let s = airStrength(att);
  if (att.base === hex) s += 1;
  if (att.nation === 'germany' && l.blitz.includes(tgt.nation)) s += 1; // 44.2
  const tq = f.airIn.find((x) => x.id === tgt.id)?.role === 'bomber' && tgt.kind === 'bomber' ? 0 : tgt.quality;
  return att.quality + s - tq;
}

export function applyAirHit(ctx: Ctx<EtoState>, f: AirFight, id: string, res: 'deplete' | 'abort' | 'none', rule: string): void {
  if (res === 'none') return;
  const s = ctx.state;
  if (!f.aborted.includes(id)) f.aborted.push(id);
  if (res === 'deplete') {
    write(s, 'land', 'losses')[landOf(s).air[id]!.side]++;
    const a = write(s, 'land', 'air', id);
    if (a.depleted) { a.where = 'force-pool'; a.base = null; ctx.log(`${a.name} is eliminated`, rule); } else { a.depleted = true; notePilot(s, a.id, f.target); ctx.log(`${a.name} is depleted and aborted`, rule); }
  } else ctx.log(`${landOf(s).air[id]!.name} is aborted`, rule);
}

/**
 * 15.3, 15.5: the targets of `side`'s fighters in the coming round, in firing order. Each fighter takes the target
 * declared for it, else its only target open under 15.5 (every enemy attacked once before any twice); `next` is the
 * first fighter whose player must still declare among several open targets.
 */
export function targetPlan(l: LandState, f: AirFight, side: Side, round: number): { plan: Map<string, string>; next?: { att: AirUnit; options: AirUnit[] } } {
  const plan = new Map<string, string>();
  const enemies = inHex(l, f, other(side)).map((x) => l.air[x.id]!).sort((a, b) => a.id.localeCompare(b.id));
  if (!enemies.length) return { plan };
  const hits = new Map(enemies.map((e) => [e.id, 0]));
  for (const att of roundFighters(l, f, side, round)) {
    const least = Math.min(...hits.values());
    const options = enemies.filter((e) => hits.get(e.id) === least);
    let tgt = f.targets?.[att.id];
    if (tgt === undefined || !options.some((o) => o.id === tgt)) {
      if (options.length === 1) tgt = options[0]!.id;
      else return { plan, next: { att, options } };
    }
    plan.set(att.id, tgt);
    hits.set(tgt, hits.get(tgt)! + 1);
  }
  return { plan };
}

/** 15.3: the first target a player must declare before round `round`, attacker first. */
export function targetPrompt(l: LandState, f: AirFight, round: number): Prompt[] {
  if (!inHex(l, f, 'axis').length || !inHex(l, f, 'allies').length) return [];
  for (const side of [atk(f), dfd(f)]) {
    const { next } = targetPlan(l, f, side, round);
    if (!next) continue;
    return [{
      seat: side, rule: 'ETO 15.3, 15.5', kind: 'air',
      text: `Air-to-air round ${round} over ${placeName(l, f.target)}: declare the target of ${next.att.name}`,
      choices: next.options.map((o) => ({ action: { type: 'air-target', air: next.att.id, target: o.id }, label: `${next.att.name} attacks ${o.name}`, refs: { units: [next.att.id], place: f.target, targets: [o.id] } })),
    }];
  }
  return [];
}

/** 15.2-15.6: one round (1 or 2); every unaborted fighter-role unit fires (round 2 only with strength 3+); hits land together. */
export function airRound(ctx: Ctx<EtoState>, f: AirFight, round: number): void {
  const l = landOf(ctx.state);
  const plan = new Map([...targetPlan(l, f, 'axis', round).plan, ...targetPlan(l, f, 'allies', round).plan]);
  delete f.targets; // round 2 is declared afresh
  const shots = [...plan].map(([a, t]) => {
    const att = l.air[a]!, tgt = l.air[t]!;
    return { att, tgt, tn: airTargetNumber(l, f, att, tgt, f.target) + escortBonus(f, att, tgt, plan) };
  });
  if (!shots.length) return;
  const hits: { tgt: AirUnit; res: 'deplete' | 'abort' | 'none' }[] = [];
  for (const s of shots) {
    blitzkrieg(ctx.state, [s.att], [s.tgt], f.target);
    const r = ctx.roll(6, 1, `${s.att.name} fires at ${s.tgt.name} (target ${s.tn})`, 'ETO 15.3').total;
    hits.push({ tgt: s.tgt, res: airCombatResult(r, s.tn) });
  }
  for (const h of hits) applyAirHit(ctx, f, h.tgt.id, h.res, 'ETO 15.6');
}

export const roundFighters = (l: LandState, f: AirFight, side: Side, round: number): AirUnit[] =>
  inHex(l, f, side, 'fighter').map((x) => l.air[x.id]!).filter((a) => round === 1 || airStrength(a) >= 3);

/** 15.2 E: whether a second round would see any attack. */
export function secondRound(l: LandState, f: AirFight): boolean {
  return (['axis', 'allies'] as Side[]).some((side) => roundFighters(l, f, side, 2).length > 0 && inHex(l, f, other(side)).length > 0);
}

/** 15.2 D: the seat that may still abort air units voluntarily before round 2 (attacker first), or null. */
export function abortSeat(s: EtoState, f: AirFight): Side | null {
  const l = landOf(s);
  for (const side of [atk(f), dfd(f)]) {
    if ((f.abortDone ?? []).includes(side)) continue;
    if (inHex(l, f, side).length) return side;
  }
  return null;
}

/** 15.4: +1 to a fighter not under attack whose target is an enemy fighter attacking a bomber (by the round's targets). */
export function escortBonus(f: AirFight, att: AirUnit, tgt: AirUnit, plan: Map<string, string>): number {
  const role = (id: string | undefined) => f.airIn.find((x) => x.id === id)?.role;
  if (role(tgt.id) !== 'fighter') return 0;
  if ([...plan.values()].includes(att.id)) return 0;
  return role(plan.get(tgt.id)) === 'bomber' ? 1 : 0;
}

/** 17.2: air superiority needs an air unit of the side over the hex; an ATP is none (ruling 64). */
const airPresent = (l: LandState, f: AirFight, side: Side): boolean => inHex(l, f, side).some((x) => l.air[x.id]!.kind !== 'atp');

/** 26.1-26.4 figures of the attack as it stands. */
/** The figures of an attack: `strengthNotes` say what adds to a strength (a general, a bomber), `notes` the die modifiers. */
export function attackFigures(s: EtoState, f: AttackFrame): { attack: number; defence: number; basic: number; drm: number; column: string; notes: string[]; strengthNotes: string[] } {
  const l = landOf(s);
  const att = f.attackers.map((id) => l.units[id]!).filter((u) => u.where === 'map' || (f.assault && u.where === 'aboard'));
  const land = att.filter((u) => u.kind === 'inf' || u.kind === 'armor');
  const ashore = land.filter((u) => u.where === 'map');
  // 19.3: paratroops that dropped on the hex add their strength point; an undamaged one +1 to the die.
  const paras = att.filter((u) => u.kind === 'para' && u.hex === f.target);
  const basic = land.reduce((t, u) => t + unitStrength(u), 0) + paras.reduce((t, u) => t + unitStrength(u), 0);
  const strengthNotes: string[] = [];
  let support = 0;
  const genHexes = new Set<string>();
  for (const g of Object.values(l.units)) {
    if (g.kind !== 'general' || g.where !== 'map' || g.side !== atk(f) || genHexes.has(g.hex!)) continue;
    if (land.some((u) => u.hex === g.hex && u.nation === g.nation) && f.attackers.includes(g.id)) { support += g.combat ?? 0; genHexes.add(g.hex!); strengthNotes.push(`${g.name} +${g.combat}`); }
  }
  for (const x of inHex(l, f, atk(f), 'bomber').filter((y) => l.air[y.id]!.kind !== 'atp')) { support += airStrength(l.air[x.id]!); strengthNotes.push(`${l.air[x.id]!.name} +${airStrength(l.air[x.id]!)}`); }
  const attack = attackStrength(basic, support);
  let def = combatantsAt(l, f.target, dfd(f)).reduce((t, u) => t + unitStrength(u), 0);
  if (f.assault && !combatantsAt(l, f.target, dfd(f)).length) {
    // 26.2: an empty coastal hex defends with 1, or half the strength of the enemy land units whose ZOC covers it.
    const zoc = neighbours(l, f.target).flatMap((n) => landUnitsAt(l, n, dfd(f))).reduce((t, u) => t + unitStrength(u), 0);
    def = zoc ? Math.ceil(zoc / 2) : 1;
    strengthNotes.push(`empty coastal hex defends with ${def}`);
  }
  const defBombers = Math.min(2, inHex(l, f, dfd(f), 'bomber').length);
  const defence = def + Math.min(defBombers, def);
  const notes: string[] = [];
  let drm = 0;
  const aAir = airPresent(l, f, atk(f));
  const dAir = airPresent(l, f, dfd(f));
  for (const u of paras) if (!u.depleted) { drm += 1; notes.push(`${u.name} dropped +1`); }
  if (aAir && !dAir) { drm += 1; notes.push('air superiority +1'); }
  if (dAir && !aAir) { drm -= 1; notes.push('defender air superiority -1'); }
  // 44.2, 44.4: +1 to German attacks on units of a nation the blitzkrieg is in effect against, never on an all-British stack.
  const defenders = combatantsAt(l, f.target, dfd(f));
  if (land.some((u) => u.nation === 'germany') && defenders.some((u) => l.blitz.includes(u.nation)) && !defenders.every((u) => u.nation === 'uk')) { drm += 1; notes.push('blitzkrieg +1'); }
  if (layerHex(l, f.target)?.terrain === 'rough') { drm -= 1; notes.push('rough -1'); }
  if (hexWeather(l, s.weather, f.target) === 'mud') { drm -= 1; notes.push('mud -1'); }
  const strength = (us: LandUnit[]) => us.reduce((t, u) => t + unitStrength(u), 0);
  // 26.4: -3 when at least half the attacking land strength comes from the sea; the river's -2 then does not apply.
  const fromSea = 2 * strength(land.filter((u) => u.where === 'aboard')) >= strength(land) && land.length > ashore.length;
  if (fromSea) { drm -= 3; notes.push('amphibious assault -3'); }
  if (!fromSea && ashore.length && ashore.every((u) => acrossRiver(l, u.hex!, f.target))) {
    // 1.5: frozen rivers when every attacker and the defender are in the severe zone in W weather.
    const frozen = s.weather === 'W' && [f.target, ...ashore.map((u) => u.hex!)].every((h) => layerHex(l, h)?.zone === 'severe');
    drm -= frozen ? 1 : 2;
    notes.push(frozen ? 'frozen river -1' : 'river -2');
  }
  const atkSup = suppliedHexes(l, atk(f));
  // 32.7: units assaulting from the sea are in supply.
  if (ashore.some((u) => !atkSup.has(u.hex!) && !(u.kind === 'armor' && l.armorSupplied.includes(u.id)))) { drm -= 2; notes.push('attacker out of supply -2'); }
  const defSup = suppliedHexes(l, dfd(f));
  // 33.0, 33.2: a unit in a city suffers nothing from a cut line unless it is marked out of supply.
  if (!defSup.has(f.target) && (!layerHex(l, f.target)?.feature || combatantsAt(l, f.target, dfd(f)).some((u) => u.oos))) { drm += 1; notes.push('defender out of supply +1'); }
  return { attack, defence, basic, drm, column: oddsColumn(attack, defence), notes, strengthNotes };
}

function parseResult(r: string): { ae: boolean; de: boolean; x: number; d: number; forced: boolean } {
  if (r === 'AE') return { ae: true, de: false, x: 0, d: 0, forced: false };
  if (r === '(D2)') return { ae: false, de: false, x: 0, d: 2, forced: true };
  const x = (r.match(/x/gi) ?? []).length;
  if (r.startsWith('DE')) return { ae: false, de: true, x, d: 0, forced: false };
  const m = r.match(/^D(\d)/);
  return { ae: false, de: false, x, d: m ? Number(m[1]) : 0, forced: false };
}

function removeLand(ctx: Ctx<EtoState>, id: string, why: string): void {
  const s = ctx.state;
  const old = landOf(s).units[id]!;
  write(s, 'land', 'losses')[old.side] += old.depleted ? 1 : old.steps;
  const u = write(s, 'land', 'units', id);
  if (u.where === 'aboard') {
    u.where = 'force-pool';
    delete u.aboard;
    ctx.log(`${u.name} eliminated aboard its transport`, why);
    return;
  }
  // 27.7: infantry eliminated in its home country (not marked out of supply) goes to the Replenishment box.
  const home = layerHex(landOf(s), u.hex!)?.country === u.nation && !u.oos;
  u.where = u.kind === 'inf' && home ? 'replenishment' : 'force-pool';
  ctx.log(`${u.name} eliminated in ${u.hex}${u.where === 'replenishment' ? ' (to the Replenishment box, 27.7)' : ''}`, why);
  const from = u.hex!;
  u.hex = null;
  if (landUnitsAt(landOf(s), from, u.side).length === 0) {
    for (const g of unitsAt(landOf(s), from).filter((x) => x.kind === 'general' && x.side === u.side)) {
      const r = ctx.roll(6, 1, `${g.name} loses his whole stack`, 'ETO 27.5').total;
      const w = write(s, 'land', 'units', g.id);
      w.where = r <= 2 ? 'removed' : 'force-pool';
      w.hex = null;
      ctx.log(`${g.name} ${r <= 2 ? 'is permanently eliminated' : 'goes to the force pool'}`, 'ETO 27.5');
    }
  }
}

function loseStep(ctx: Ctx<EtoState>, id: string, rule: string): void {
  const s = ctx.state;
  const old = landOf(s).units[id]!;
  if (old.depleted || old.steps === 1) { removeLand(ctx, id, rule); return; }
  write(s, 'land', 'units', id).depleted = true;
  write(s, 'land', 'losses')[old.side]++;
  ctx.log(`${old.name} loses a step`, rule);
}

/**
 * 24.4, 40.0: entering hexes takes control; a nation whose home city resource hexes are all held by its enemies is
 * conquered, with 40.1's effects (politics.ts). Only the nations the scenario follows.
 */
export function enterHexes(ctx: Ctx<EtoState>, side: Side, hexes: string[]): void {
  const s = ctx.state;
  for (const h of hexes) if (controller(landOf(s), h) !== side) write(s, 'land', 'control')[h] = side;
  for (const nation of playOf(landOf(s).scenario).rules.conquest ?? []) {
    const l = landOf(s);
    const cities = conquestHexes(l, nation);
    const enemy = other(sideOfNation(nation));
    if (l.conquered.includes(nation) || !cities.length || !cities.every((h) => controller(l, h) === enemy)) continue;
    ctx.log(`${cities.map((h) => layerHex(l, h)?.name ?? h).join(', ')} are taken: ${nation} is conquered`, 'ETO 40.0');
    conquer(ctx, nation, enemy);
  }
}

/** The scenario ends the moment a nation is conquered (ruling 27): the attack stops there. */
const gameOver = (l: LandState): boolean => l.conquered.length > 0 && !!playOf(l.scenario).rules.endOnConquest;

function attackerLossCandidates(l: LandState, f: AttackFrame): LandUnit[] {
  return f.attackers.map((id) => l.units[id]!).filter((u) => (u.where === 'map' || (f.assault && u.where === 'aboard')) && (u.kind === 'inf' || u.kind === 'armor'));
}

/** Retreat destinations for the defending stack (whole stack together; ruling 27). */
function defenderRetreats(l: LandState, f: AttackFrame): string[][] {
  const stack = combatantsAt(l, f.target, dfd(f));
  if (!stack.length) return [];
  return retreatPaths(l, stack[0]!.side, f.target, f.retreat, stack);
}

export const landAttack: Procedure<EtoState, AttackFrame> = {
  prompts(s, f) {
    const l = landOf(s);
    const mk = (seat: Side, rule: string, text: string, kind: string, choices: Choice[]): Prompt[] => [{ seat, rule, text, kind, choices }];
    switch (f.stage) {
      case 'air': {
        // Scenarios without air units (scenario 3) skip the air steps of 4A.
        if (!Object.values(l.air).some((a) => a.side === atk(f))) return [];
        const air = eligibleAir(l, atk(f), f.target, f, ['fighter', 'fighter-bomber', 'bomber']);
        return mk(atk(f), 'ETO 4A B, 17.0', `Fly ground support over ${placeName(l, f.target)}?`, 'air', [
          ...air.map((a) => ({ action: { type: 'fly', air: a.id }, label: `Fly ${a.name} from ${placeName(l, a.base!)}`, refs: { units: [a.id], from: a.base!, place: f.target } })),
          { action: { type: 'done' }, label: 'No more air units' }]);
      }
      case 'intercept': {
        const pl = eligibleAir(l, dfd(f), f.target, f, ['fighter', 'fighter-bomber'], pcMayDefend(l, f));
        const tg = inHex(l, f, atk(f));
        if (!pl.length || !tg.length) return [];
        return mk(dfd(f), 'ETO 4A B, 14.1', `Intercept the enemy air units over ${placeName(l, f.target)}?`, 'yes-no', [
          ...pl.map((a) => ({ action: { type: 'intercept', air: a.id }, label: `Intercept with ${a.name} from ${placeName(l, a.base!)}`, refs: { units: [a.id], from: a.base!, place: f.target, targets: tg.map((x) => x.id) } })),
          { action: { type: 'no' }, label: 'Do not intercept' }]);
      }
      case 'counter':
      case 'defend-intercept': {
        const de = eligibleAir(l, atk(f), f.target, f, ['fighter']);
        if (!de.length || !inHex(l, f, dfd(f)).length) return [];
        const foes = inHex(l, f, dfd(f)).map((x) => x.id);
        return mk(atk(f), 'ETO 14.2', `Intercept the enemy air units over ${placeName(l, f.target)} with a fighter?`, 'yes-no', [
          ...de.map((a) => ({ action: { type: 'counter', air: a.id }, label: `Fly ${a.name} from ${placeName(l, a.base!)}`, refs: { units: [a.id], from: a.base!, place: f.target, targets: foes } })),
          { action: { type: 'no' }, label: 'No' }]);
      }
      case 'defend': {
        const pl = eligibleAir(l, dfd(f), f.target, f, ['fighter', 'fighter-bomber'], pcMayDefend(l, f));
        if (!pl.length) return [];
        return mk(dfd(f), 'ETO 4A D, 17.0', `Fly defensive ground support over ${placeName(l, f.target)}?`, 'air', [
          ...pl.flatMap((a) => [
            { action: { type: 'defend', air: a.id, role: 'bomber' }, label: `${a.name} as a bomber`, refs: { units: [a.id], from: a.base!, place: f.target } },
            { action: { type: 'defend', air: a.id, role: 'fighter' }, label: `${a.name} as a fighter`, refs: { units: [a.id], from: a.base!, place: f.target } }]),
          { action: { type: 'no' }, label: 'No' }]);
      }
      case 'air-combat': return targetPrompt(l, f, 1);
      case 'air-abort': {
        if (!secondRound(l, f)) return [];
        const side = abortSeat(s, f);
        if (!side) return targetPrompt(l, f, 2);
        return mk(side, 'ETO 15.2 D', `Round 1 of air-to-air combat over ${placeName(l, f.target)} is over: abort any of your air units before round 2?`, 'yes-no', [
          ...inHex(l, f, side).map((x) => ({ action: { type: 'air-abort', air: x.id }, label: `Abort ${l.air[x.id]!.name}`, refs: { units: [x.id], place: f.target } })),
          { action: { type: 'fight-on' }, label: 'Fight round 2' }]);
      }
      case 'attacker-loss': {
        const c = attackerLossCandidates(l, f);
        if (c.length <= 1) return [];
        return mk(atk(f), 'ETO 27.1', `Choose the attacking unit that loses a step (${f.attackerSteps} to lose)`, 'allocate-loss',
          c.map((u) => ({ action: { type: 'lose', unit: u.id }, label: `${u.name}${u.depleted ? ', depleted' : ''} ${u.hex ? `in ${placeName(l, u.hex)}` : 'aboard'}`, refs: { units: [u.id], place: u.hex ?? f.target } })));
      }
      case 'defender': {
        if (f.defSteps === 0 || !combatantsAt(l, f.target, dfd(f)).length) return [];
        const total = combatantsAt(l, f.target, dfd(f)).reduce((t, u) => t + (u.depleted ? 1 : u.steps), 0);
        const choices: Choice[] = [];
        const stack = combatantsAt(l, f.target, dfd(f)).map((u) => u.id);
        for (let k = 0; k <= Math.min(f.defSteps, total); k++) choices.push({ action: { type: 'losses', steps: k }, label: `${k} step loss(es), retreat ${f.defSteps - k}`, refs: { units: stack, place: f.target } });
        return mk(dfd(f), 'ETO 27.1', `${f.result}: split ${f.defSteps} between step losses and hexes of retreat`, 'allocate-loss', choices);
      }
      case 'retreat': {
        const paths = defenderRetreats(l, f);
        if (!paths.length) return [];
        const stack = unitsAt(l, f.target).filter((u) => u.side === dfd(f)).map((u) => u.id);
        return mk(dfd(f), 'ETO 27.3', `Retreat the stack in ${placeName(l, f.target)} ${f.retreat} hex(es)`, 'retreat',
          paths.map((p) => ({ action: { type: 'retreat', path: p }, label: `Retreat to ${placeName(l, p[p.length - 1]!)}${p.length > 1 ? ` via ${p.join(' > ')}` : ''}`, refs: { units: stack, from: f.target, place: p[p.length - 1]!, path: p } })));
      }
      case 'advance': {
        const c = advanceCandidates(l, f);
        if (!c.length) return [];
        return mk(atk(f), 'ETO 27.4', `Advance after combat into ${placeName(l, f.target)}?`, 'move', [
          ...c.map((u) => ({ action: { type: 'advance', unit: u.id }, label: `Advance ${u.name} from ${placeName(l, u.hex!)}`, refs: { units: [u.id], from: u.hex!, place: f.target } })),
          { action: { type: 'done' }, label: 'No more advances' }]);
      }
      case 'secondary': {
        const c = secondaryAdvances(l, f);
        if (!c.length) return [];
        const choices: Choice[] = [];
        for (const { unit: u, to } of c) {
          choices.push({ action: { type: 'secondary', unit: u.id, to }, label: `Secondary advance: ${u.name} from ${placeName(l, u.hex!)} to ${placeName(l, to)}`, refs: { units: [u.id], from: u.hex!, place: to } });
          const g = unitsAt(l, u.hex!).find((x) => x.kind === 'general' && x.side === u.side);
          if (g) choices.push({ action: { type: 'secondary', unit: u.id, to, general: g.id }, label: `Secondary advance: ${u.name} with ${g.name} from ${placeName(l, u.hex!)} to ${placeName(l, to)}`, refs: { units: [u.id, g.id], from: u.hex!, place: to } });
        }
        choices.push({ action: { type: 'done' }, label: 'No more secondary advances' });
        return mk(atk(f), 'ETO 27.4', `Secondary advance into the hexes the advancing units left (${(f.exited ?? []).map((h) => placeName(l, h)).join(', ')})?`, 'move', choices);
      }
      default:
        return [];
    }
  },
  act(ctx, f, seat, a: AttackAction) {
    const l = landOf(ctx.state);
    if (a.type === 'fly') { fly(ctx.state, f, a.air, l.air[a.air]!.kind === 'fighter' ? 'fighter' : 'bomber'); ctx.log(`${l.air[a.air]!.name} flies to ${f.target}`, 'ETO 17.0'); return; }
    if (a.type === 'done' && f.stage === 'air') { f.stage = 'intercept'; return; }
    if (a.type === 'intercept') { fly(ctx.state, f, a.air, 'fighter'); ctx.log(`${l.air[a.air]!.name} intercepts over ${f.target}`, 'ETO 14.1'); f.stage = 'counter'; return; }
    if (a.type === 'counter') { fly(ctx.state, f, a.air, 'fighter'); ctx.log(`${l.air[a.air]!.name} intercepts over ${f.target}`, 'ETO 14.2'); return; }
    if (a.type === 'no') { f.stage = nextAfter(f.stage); return; }
    if (a.type === 'defend') {
      fly(ctx.state, f, a.air, a.role);
      ctx.log(`${l.air[a.air]!.name} flies defensive support over ${f.target} as a ${a.role}`, 'ETO 17.0');
      f.stage = 'defend-intercept';
      return;
    }
    if (a.type === 'air-abort') { f.aborted.push(a.air); ctx.log(`${l.air[a.air]!.name} aborts (voluntary)`, 'ETO 15.2 D'); return; }
    if (a.type === 'air-target') {
      f.targets = { ...f.targets, [a.air]: a.target };
      ctx.log(`${l.air[a.air]!.name} will attack ${l.air[a.target]!.name}`, 'ETO 15.3, 15.5');
      return;
    }
    if (a.type === 'fight-on') { f.abortDone = [...(f.abortDone ?? []), seat as Side]; return; }
    if (a.type === 'lose') { loseStep(ctx, a.unit, 'ETO 27.1'); f.attackerSteps--; if (f.attackerSteps <= 0 || !attackerLossCandidates(landOf(ctx.state), f).length) f.stage = 'defender'; return; }
    if (a.type === 'losses') { defenderLosses(ctx, f, a.steps); return; }
    if (a.type === 'retreat') { doRetreat(ctx, f, a.path); return; }
    if (a.type === 'advance') {
      const u = l.units[a.unit]!;
      const from = u.hex!;
      const movers = [u, ...(u.kind === 'armor' ? unitsAt(l, from).filter((g) => g.kind === 'general' && f.attackers.includes(g.id) && !f.advanced.includes(g.id)) : [])];
      startAdvance(ctx, f, { kind: 'advance', side: atk(f), units: movers.map((m) => m.id), path: [from, f.target], at: 0 });
      return;
    }
    if (a.type === 'secondary') {
      const u = l.units[a.unit]!;
      // 27.4 as 4A C: all attacks of a step are designated together, so a unit free to advance attacks no other hex.
      if (!f.reaction) write(ctx.state, 'land', 'attackedUnits').push(u.id);
      startAdvance(ctx, f, { kind: 'secondary', side: atk(f), units: [u.id, ...(a.general ? [a.general] : [])], path: [u.hex!, a.to], at: 0 });
      return;
    }
    if (a.type === 'done' && f.stage === 'advance') { f.stage = 'secondary'; return; }
    if (a.type === 'done' && f.stage === 'secondary') { f.stage = 'done'; }
  },
  resume(ctx, f, result) {
    // A reaction attack (26.5) interrupted an advance: it goes on unless its units retreated or died.
    const m = reactionResult(result);
    if (!m) return;
    const r = goOn(ctx, m);
    if (r === 'done') advanced(ctx, f, m);
    else if (r === 'stopped') stopped(ctx, f, m);
  },
  run(ctx, f) {
    const depth = ctx.state.stack.length;
    attackRun(ctx, f);
    if (!ctx.state.outcome && ctx.state.stack.length === depth && ctx.state.stack[depth - 1] === f) { const { proc, ...rest } = f; ctx.goto(proc, rest); }
  },
};

function attackRun(ctx: Ctx<EtoState>, f: AttackFrame): void {
    const s = ctx.state;
    const l = landOf(s);
    switch (f.stage) {
      case 'air': f.stage = 'intercept'; return;
      // No interceptor in range (or none wanted: the prompt's 'no'): on to the next step.
      case 'intercept': f.stage = 'defend'; ctx.irreversible(); return;
      case 'counter': f.stage = 'defend'; ctx.irreversible(); return;
      case 'defend': f.stage = 'air-combat'; return;
      case 'defend-intercept': f.stage = 'air-combat'; return;
      case 'air-combat': {
        if (inHex(l, f, atk(f)).length && inHex(l, f, dfd(f)).length) { airRound(ctx, f, 1); f.stage = 'air-abort'; } else f.stage = 'resolve';
        return;
      }
      case 'air-abort': airRound(ctx, f, 2); f.stage = 'resolve'; return;
      case 'resolve': return resolve(ctx, f);
      case 'attacker-loss': {
        // Only one candidate or one kind of choice left: apply it.
        const c = attackerLossCandidates(l, f);
        if (!c.length) { f.stage = 'defender'; return; }
        loseStep(ctx, c[0]!.id, 'ETO 27.1');
        f.attackerSteps--;
        if (f.attackerSteps <= 0) f.stage = 'defender';
        return;
      }
      // No loss to split (nothing left in the hex, or a result without defender losses).
      case 'defender': return finish(ctx, f);
      case 'retreat': {
        // The prompt lists the retreat paths; with none the defenders are eliminated.
        for (const u of combatantsAt(l, f.target, dfd(f))) removeLand(ctx, u.id, 'ETO 27.3');
        ctx.log(`No retreat route from ${f.target}: the defenders are eliminated`, 'ETO 27.3');
        return finish(ctx, f);
      }
      case 'advance': f.stage = 'secondary'; return;
      case 'secondary': f.stage = 'done'; return;
      case 'done': {
        if (!f.reaction) for (const id of f.attackers) if (l.units[id] && !landOf(s).activated.includes(id)) write(s, 'land', 'activated').push(id);
        ctx.pop({ cleared: f.cleared, advanced: f.advanced });
        return;
      }
      default: throw new Error(`ETO 4A: attack stage "${f.stage}" awaits a decision`);
    }
}

function nextAfter(stage: AttackFrame['stage']): AttackFrame['stage'] {
  if (stage === 'intercept') return 'defend';
  if (stage === 'counter') return 'defend';
  if (stage === 'defend') return 'air-combat';
  return 'air-combat';
}

/**
 * 19.2: after the air-to-air combat each paratroop whose ATP was not aborted drops on the target: 2 or less it is
 * eliminated, 3-4 depleted, 5+ undamaged; +2 / -2 for friendly / enemy air superiority, -2 with no friendly land
 * unit next to the hex (units aboard off it for an assault and paratroops dropped before count).
 */
function paradrops(ctx: Ctx<EtoState>, f: AttackFrame): void {
  const s = ctx.state;
  for (const d of f.drops ?? []) {
    const l = landOf(s);
    const u = l.units[d.unit]!;
    const atp = l.air[d.atp]!;
    if (u.where !== 'map' || u.hex === f.target) continue;
    if (f.aborted.includes(atp.id) || atp.where !== 'map') {
      f.attackers = f.attackers.filter((id) => id !== u.id);
      ctx.log(`${atp.name} was aborted: ${u.name} does not drop`, 'ETO 19.2');
      continue;
    }
    const aAir = airPresent(l, f, atk(f)), dAir = airPresent(l, f, dfd(f));
    const near = neighbours(l, f.target).some((h) => Object.values(l.units).some((x) => x.where === 'map' && x.hex === h && x.side === u.side && x.id !== u.id
      && (x.kind === 'inf' || x.kind === 'armor' || x.kind === 'para')))
      || (f.assault ?? false) || combatantsAt(l, f.target, atk(f)).some((x) => x.id !== u.id && l.dropped?.includes(x.id));
    const drm = (aAir && !dAir ? 2 : 0) - (dAir && !aAir ? 2 : 0) - (near ? 0 : 2);
    const roll = ctx.roll(6, 1, `${u.name} drops on ${f.target} (modifier ${drm >= 0 ? '+' : ''}${drm})`, 'ETO 19.2').total + drm;
    write(s, 'land', 'units', u.id).hex = f.target;
    appendToLand(s, 'dropped', u.id);
    if (roll <= 2) { removeLand(ctx, u.id, 'ETO 19.2'); f.attackers = f.attackers.filter((id) => id !== u.id); continue; }
    if (roll <= 4) { write(s, 'land', 'units', u.id).depleted = true; ctx.log(`${u.name} lands depleted`, 'ETO 19.2'); } else ctx.log(`${u.name} lands undamaged`, 'ETO 19.2');
  }
}

/** 19.4: a paratroop on a hex its attack did not clear is eliminated (an attacker step loss); on a cleared hex it takes control. */
function paratroopsAfter(ctx: Ctx<EtoState>, f: AttackFrame): void {
  const l = landOf(ctx.state);
  const paras = f.attackers.map((id) => l.units[id]!).filter((u) => u.kind === 'para' && u.where === 'map' && u.hex === f.target);
  if (!paras.length) return;
  if (combatantsAt(l, f.target, dfd(f)).length) for (const u of paras) removeLand(ctx, u.id, 'ETO 19.4');
  else enterHexes(ctx, atk(f), [f.target]);
}

function resolve(ctx: Ctx<EtoState>, f: AttackFrame): void {
  paradrops(ctx, f);
  const l = landOf(ctx.state);
  blitzkrieg(ctx.state, [...f.attackers.map((id) => l.units[id]!), ...inHex(l, f, atk(f)).map((x) => l.air[x.id]!)], combatantsAt(l, f.target, dfd(f)), f.target);
  const fig = attackFigures(ctx.state, f);
  if (fig.basic === 0 || (!f.assault && combatantsAt(landOf(ctx.state), f.target, dfd(f)).length === 0)) { paratroopsAfter(ctx, f); f.stage = 'done'; return; }
  const die = ctx.roll(6, 1, `Attack on ${f.target}: ${fig.attack} vs ${fig.defence} (${fig.column}), modifier ${fig.drm >= 0 ? '+' : ''}${fig.drm}`, 'ETO 26.1').total;
  // 10.2, 10.6: one STP of the assaulting stack is sunk for each land unit that assaulted, whatever the result.
  if (f.assault) {
    if (!combatantsAt(landOf(ctx.state), f.target, dfd(f)).length) f.emptyHex = true;
    assaultSinkings(ctx, atk(f), f.target, attackerLossCandidates(landOf(ctx.state), f).length);
  }
  const { row, result } = crtResult(fig.column, die, fig.drm);
  // What changed the strengths and what changed the die are said apart: a general's +4 is not a die modifier.
  const said = [fig.notes.length ? `die ${fig.notes.join(', ')}` : '', fig.strengthNotes.length ? `strength ${fig.strengthNotes.join(', ')}` : ''].filter(Boolean);
  ctx.log(`${fig.column}, modified roll ${row}: ${result}${said.length ? ` (${said.join('; ')})` : ''}`, 'ETO 27.1',
    { attack: fig.attack, defence: fig.defence, column: fig.column, drm: fig.drm, die, row, result });
  f.result = result;
  const r = parseResult(result);
  if (r.ae) {
    for (const u of attackerLossCandidates(landOf(ctx.state), f)) removeLand(ctx, u.id, 'ETO 27.1 AE');
    paratroopsAfter(ctx, f);
    f.stage = 'done';
    return;
  }
  if (r.de) {
    for (const u of combatantsAt(landOf(ctx.state), f.target, dfd(f))) removeLand(ctx, u.id, 'ETO 27.1 DE');
  }
  f.defSteps = r.forced ? 0 : r.d;
  f.retreat = r.forced ? 2 : 0;
  f.attackerSteps = r.x;
  f.stage = r.x > 0 ? 'attacker-loss' : 'defender';
  if (r.forced) f.stage = r.x > 0 ? 'attacker-loss' : 'retreat';
}

function defenderLosses(ctx: Ctx<EtoState>, f: AttackFrame, steps: number): void {
  for (let i = 0; i < steps; i++) {
    const stack = combatantsAt(landOf(ctx.state), f.target, dfd(f));
    if (!stack.length) break;
    // Full units lose first so as to keep every unit on the map as long as possible.
    const u = [...stack].sort((a, b) => Number(a.depleted) - Number(b.depleted) || a.id.localeCompare(b.id))[0]!;
    loseStep(ctx, u.id, 'ETO 27.1');
  }
  f.retreat = f.defSteps - steps;
  f.defSteps = 0;
  if (f.retreat > 0 && combatantsAt(landOf(ctx.state), f.target, dfd(f)).length) f.stage = 'retreat';
  else finish(ctx, f);
}

function doRetreat(ctx: Ctx<EtoState>, f: AttackFrame, path: string[]): void {
  const stack = unitsAt(landOf(ctx.state), f.target).filter((u) => u.side === dfd(f));
  const end = path[path.length - 1]!;
  for (const u of stack) write(ctx.state, 'land', 'units', u.id).hex = end;
  enterHexes(ctx, dfd(f), path);
  ctx.log(`The defenders of ${f.target} retreat via ${path.join(' > ')}`, 'ETO 27.3');
  f.retreat = 0;
  finish(ctx, f);
}

function finish(ctx: Ctx<EtoState>, f: AttackFrame): void {
  paratroopsAfter(ctx, f);
  const l = landOf(ctx.state);
  f.cleared = combatantsAt(l, f.target, dfd(f)).length === 0;
  if (f.assault) { landAssault(ctx, f); return; }
  if (gameOver(l)) { f.stage = 'done'; return; }
  f.stage = f.cleared && advanceCandidates(l, f).length ? 'advance' : 'done';
  ctx.irreversible();
}

/**
 * 10.6: a successful assault (the hex cleared; an empty hex on any result with a retreat or step loss for the
 * defender) puts every surviving assaulting unit ashore as its advance after combat; a failed one leaves them aboard.
 */
function landAssault(ctx: Ctx<EtoState>, f: AttackFrame): void {
  const l = landOf(ctx.state);
  const r = parseResult(f.result);
  const ok = f.cleared && (!f.emptyHex || r.de || r.d > 0 || r.forced);
  f.stage = 'done';
  const survivors = f.attackers.map((id) => l.units[id]!).filter((u) => u.where === 'aboard');
  if (!ok) { ctx.log(`The assault on ${placeName(l, f.target)} fails: the units stay aboard`, 'ETO 10.6'); return; }
  for (const { id } of survivors) {
    const u = write(ctx.state, 'land', 'units', id);
    u.where = 'map';
    u.hex = f.target;
    delete u.aboard;
    u.landed = true;
    f.advanced.push(u.id);
  }
  enterHexes(ctx, atk(f), [f.target]);
  ctx.log(`${survivors.map((u) => u.name).join(', ')} land at ${placeName(l, f.target)}`, 'ETO 10.6, 32.7');
  ctx.irreversible();
}

function advanceCandidates(l: LandState, f: AttackFrame): LandUnit[] {
  if (!f.cleared) return [];
  const room = stackLimit(l, f.target) - landUnitsAt(l, f.target, atk(f)).length;
  if (room <= 0) return [];
  return f.attackers.map((id) => l.units[id]!).filter((u) => u.where === 'map' && u.hex !== f.target && !f.stopped?.includes(u.id)
    && (u.kind === 'armor' || (u.kind === 'inf' && f.step !== 'breakthrough')) && neighbours(l, u.hex!).includes(f.target));
}

/** An advance or secondary advance is voluntary movement: it may meet an armor reaction attack first (26.5). */
function startAdvance(ctx: Ctx<EtoState>, f: AttackFrame, m: PendingMove): void {
  // The reacting side's own advances happen in its enemy's offensive: no reaction against them.
  if (carryOut(ctx, m, f.reaction ? m.path.length : 0)) advanced(ctx, f, m);
}

function advanced(ctx: Ctx<EtoState>, f: AttackFrame, m: PendingMove): void {
  const l = landOf(ctx.state);
  const from = m.path[0]!;
  const names = m.units.map((id) => l.units[id]!.name).join(' and ');
  if (m.kind === 'advance') {
    f.advanced.push(...m.units);
    ctx.log(`${names} advance from ${from} into ${f.target}`, 'ETO 27.4');
  } else {
    (f.secondary ??= []).push(...m.units);
    ctx.log(`${names} make a secondary advance from ${from} into ${m.path[m.path.length - 1]}`, 'ETO 27.4');
  }
  if (!(f.exited ??= []).includes(from)) f.exited.push(from);
  if (gameOver(l)) f.stage = 'done';
}

function stopped(ctx: Ctx<EtoState>, f: AttackFrame, m: PendingMove): void {
  const l = landOf(ctx.state);
  (f.stopped ??= []).push(...m.units);
  ctx.log(`${m.units.map((id) => l.units[id]!.name).join(' and ')} move no farther after the reaction attack`, 'ETO 26.5');
}

/**
 * 27.4 secondary advance: units activated for this offensive (every friendly unit after a reaction attack, 26.5) that
 * did not advance and attack no other hex this step move one hex into a hex an advancing unit left; a unit in enemy
 * ZOC only if another of its side's land units stays behind. None in the Breakthrough step.
 */
export function secondaryAdvances(l: LandState, f: AttackFrame): { unit: LandUnit; to: string }[] {
  const exited = f.exited ?? [];
  if (f.step === 'breakthrough' || !exited.length) return [];
  const side = atk(f);
  const zoc = zocOf(l, dfd(f));
  const out: { unit: LandUnit; to: string }[] = [];
  for (const u of Object.values(l.units).sort((a, b) => a.id.localeCompare(b.id))) {
    if (u.side !== side || u.where !== 'map' || (u.kind !== 'inf' && u.kind !== 'armor')) continue;
    if (f.advanced.includes(u.id) || f.secondary?.includes(u.id) || f.stopped?.includes(u.id)) continue;
    if (!f.reaction && !(f.mayAdvance ?? []).includes(u.id)) continue;
    if (!f.reaction && l.attackedUnits.includes(u.id) && !f.attackers.includes(u.id)) continue;
    if (zoc.has(u.hex!) && landUnitsAt(l, u.hex!, side).length < 2) continue;
    const near = neighbours(l, u.hex!);
    for (const h of [...exited].sort()) {
      if (h !== u.hex && near.includes(h) && mayEnter(l, side, h, u.kind) && landUnitsAt(l, h, side).length < stackLimit(l, h)) out.push({ unit: u, to: h });
    }
  }
  return out;
}
