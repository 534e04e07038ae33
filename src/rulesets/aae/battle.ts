// AAE Conduct Combat: one battle, round by round. Land: antiaircraft fire and shore bombardment (round 1), then
// attacker and defender fire together, each owner picks its casualties, the attacker presses on or retreats. Sea:
// submarines may submerge, submarines fire first unless the enemy has a destroyer, then everything else. Raids:
// interception, antiaircraft fire at every raiding aircraft, the air battle, the bombing (bombing.ts).
import { onCapeLeg } from './house/cape.ts';
import type { Choice, Ctx, Frame, Procedure, Prompt } from '../../engine/index.ts';
import type { Power } from './data/index.ts';
import { captureArea, captureConvoy } from './capture.ts';
import {
  FIRER_CLASSES, HIT_CLASS_ORDER, canHurt, casualtyKey, combatant, eligible, hitDestroys, hitsAbsorbable, isAir, isShip, isSub,
  mayTakeHit, pickCasualty, roundSteps, strikes, takesPartInBattle,
  type BattleKind, type BattleSide, type Combatant, type HitClass, type Step,
} from './combat-rules.ts';
import { combatTable, type BattleContext } from './house/values.ts';
import { noteDefeat } from './house/volksgrenadiers.ts';
import {
  RULE_AT, RULE_DEF_RETREAT, RULE_SEARCH, afterHouseBattle, atPrompt, defendersLeave, designateAt, houseHitTaken,
  houseRoundStart, pursuitPrompt, react, reactionPrompt, subSearch,
} from './house/battle.ts';
import type { AaeState, Unit } from './state.ts';
import {
  POWER_NAMES, adjacent, areaName, controller, describeUnits, enemies, friendlyLand, hostileSea, isLand, neighboursIn, unitData,
} from './world.ts';
import { removeUnit } from './units.ts';
import { RULE_MAX_ROUNDS, maxRounds } from './house/rounds.ts';
import { offerSecondAttack } from './house/second-attack.ts';
import { vichySurrenders } from './house/vichy.ts';
import { RULE_PARTISAN_UNITS, mayDisperse } from './house/partisan-units.ts';

export const RULE_COMBAT = 'AAE Conduct Combat';
export const RULE_AA = 'AAE Conduct Combat: Antiaircraft Fire';
export const RULE_BOMBARD = 'AAE Conduct Combat: Shore Bombardment';
export const RULE_SUBS = 'AAE Conduct Combat: Submarine Surprise Strike';
export const RULE_SUBMERGE = 'AAE Conduct Combat: Submerging';
export const RULE_CASUALTIES = 'AAE Conduct Combat: Choosing Casualties';
export const RULE_RETREAT = 'AAE Conduct Combat: Attacker Retreats';
export const RULE_LANDING_CRAFT_HIT = 'AAE house rules l.97 (landing craft absorb a hit)';

export type PendingHits = { side: BattleSide; cls: HitClass; n: number };

export interface BattleFrame extends Frame {
  area: string;
  kind: BattleKind;
  round: number;
  step: 'start' | 'submerge' | 'opening' | 'aa' | 'bombard' | 'main' | 'air' | 'strike' | 'end-round' | 'press' | 'withdraw' | 'done'
    | 'round-start' | 'designate' | 'react' | 'def-retreat' | 'pursue' | 'disperse';
  /** Hits still to be allotted, most restricted first. */
  hits?: PendingHits[];
  /** Units hit for good in this step that still fire back (removed when the step ends). */
  doomed?: string[];
  /** Ships bombarding from their sea zone in round 1. */
  bombard?: string[];
  /** Side asked whether to submerge its submarines this round. */
  submergeAsked?: BattleSide[];
  /** Rounds this battle may last (house rules l.36, l.56); absent: no limit. */
  maxRounds?: number;
  // House rules (house/battle.ts):
  /** Anti-tank guns designated (l.24). */
  at?: string[];
  /** The round has had its air reaction and retreat decisions (l.32-34, 88-90). */
  asked?: boolean;
  /** The defender retreats to this area after the pursuit round (l.34). */
  retreatTo?: string;
  /** This round is the pursuit round (l.34). */
  pursuit?: boolean;
  /** Submarines the search did not find (l.76). */
  undetected?: string[];
  /** The Soviet early offensive's surprise (l.127). */
  surprise?: boolean;
  /** German land units lost in this battle (l.167). */
  germanLost?: number;
  /** The round in which the attacker chose the air strike's targets, and whether it struck at warships only (l.80). */
  strikeAsked?: number;
  warshipsOnly?: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Who is in the battle

export function attackerUnits(s: AaeState, area: string, kind: BattleKind): Unit[] {
  return s.units.filter((u) => u.at === area && u.power === s.power && inBattle(u, kind, true));
}

export function defenderUnits(s: AaeState, area: string, kind: BattleKind): Unit[] {
  return s.units.filter((u) => u.at === area && enemies(u.power, s.power) && inBattle(u, kind, false));
}

function inBattle(u: Unit, kind: BattleKind, attacking: boolean): boolean {
  const d = unitData(u.type);
  if (u.submerged) return false;
  if (kind === 'sea') {
    if (d.domain === 'land') return false;
    if (d.domain === 'air') return attacking ? !u.aboard || u.mission === 'attack' : true;
    return true;
  }
  if (u.aboard) return false;
  if (d.domain === 'sea') return false;
  if (attacking && d.domain === 'air') return u.mission === 'attack';
  return true;
}

/** The power that decides for the defenders: the territory's holder, else the one with most units there. */
export function defendingPower(s: AaeState, area: string, kind: BattleKind): Power {
  const c = controller(s, area);
  if (kind === 'land' && c && enemies(c, s.power)) return c;
  const n = new Map<Power, number>();
  for (const u of defenderUnits(s, area, kind)) n.set(u.power, (n.get(u.power) ?? 0) + 1);
  let best: Power | null = null;
  for (const [p, k] of n) if (best === null || k > n.get(best)!) best = p;
  return best ?? (s.power === 'germany' ? 'uk' : 'germany');
}

const asCombatants = (us: Unit[], extra: (u: Unit) => Partial<Combatant> = () => ({})): Combatant[] => us.map((u) => combatant(u, extra(u)));

/** What the battle is, for the house rules' modifiers. */
export function battleContext(s: AaeState, f: BattleFrame): BattleContext {
  const b: BattleContext = { kind: f.kind };
  if (f.kind === 'land' && s.units.some((u) => u.power === s.power && u.landing === f.area)) b.amphibious = true;
  if (f.pursuit) b.pursuit = true;
  if (f.surprise) b.surprise = true;
  return b;
}

export function tableOf(s: AaeState, f: BattleFrame) {
  return combatTable(s, f.area, battleContext(s, f));
}

export function forces(s: AaeState, f: BattleFrame): { att: Unit[]; def: Unit[]; attC: Combatant[]; defC: Combatant[] } {
  const att = attackerUnits(s, f.area, f.kind);
  const def = defenderUnits(s, f.area, f.kind);
  const bombard = s.units.filter((u) => f.bombard?.includes(u.id));
  const table = tableOf(s, f);
  // House rules l.97: a transport's landing craft absorb one hit (a second hit sinks it).
  const craft = (u: Unit) => (f.kind === 'sea' && u.landingCraft && s.opts.house['landing-craft'] ? { hp: 2 } : {});
  const attC = [
    ...asCombatants(att, (u) => (u.landing === f.area ? { amphibious: true, ...(s.opts.house['landing-craft'] && !u.landedWithCraft ? { noLandingCraft: true } : {}) } : craft(u))),
    ...asCombatants(bombard, () => ({ bombarding: true })),
  ];
  const defC = asCombatants(def, (u) => {
    const hp = table.hitsToSink?.(combatant(u), 'defender');
    return { ...(hp ? { hp } : {}), ...craft(u), ...(f.at?.includes(u.id) ? { at: true } : {}), ...(f.undetected?.includes(u.id) ? { undetected: true } : {}) };
  });
  return { att, def, attC, defC };
}

// ---------------------------------------------------------------------------------------------------------------
// Rolling and allotting hits

function roll(ctx: Ctx<AaeState>, f: BattleFrame, side: BattleSide, step: Step, rule: string): void {
  const s = ctx.state;
  const { attC, defC } = forces(s, f);
  const own = side === 'attacker' ? attC : defC;
  const enemy = side === 'attacker' ? defC : attC;
  const table = tableOf(s, f);
  const groups = strikes(f.kind, table, own, enemy, side, f.round, step);
  const byClass = new Map<HitClass, number>();
  const who = side === 'attacker' ? POWER_NAMES[s.power] : POWER_NAMES[defendingPower(s, f.area, f.kind)];
  for (const g of groups) {
    const r = ctx.roll(g.sides, g.count, `${who} (${side}), ${g.label}`, rule, { each: true });
    for (const x of r.faces) {
      if (x > g.value) continue;
      // House rules l.28: a hit rolled at 4 or more by a targeting unit is a target hit.
      let cls = g.target && x >= g.target.from ? g.target.cls : g.cls;
      // House rules l.80: the air strike announced at warships only.
      if (step === 'strike' && side === 'attacker' && f.warshipsOnly && f.strikeAsked === f.round && cls === 'ships') cls = 'warship';
      byClass.set(cls, (byClass.get(cls) ?? 0) + 1);
    }
  }
  const takes: BattleSide = side === 'attacker' ? 'defender' : 'attacker';
  const total = [...byClass.values()].reduce((a, b) => a + b, 0);
  if (groups.length) ctx.log(`${who} scores ${total} hit${total === 1 ? '' : 's'} in ${areaName(f.area)}`, rule);
  f.hits ??= [];
  for (const cls of HIT_CLASS_ORDER) {
    const n = byClass.get(cls);
    if (n) f.hits.push({ side: takes, cls, n });
  }
}

/** A side's units as combatants (house flags included), with the units alongside. */
function sideCombatants(s: AaeState, f: BattleFrame, side: BattleSide): { units: Unit[]; cs: Combatant[] } {
  const fc = forces(s, f);
  const doomed = new Set(f.doomed ?? []);
  const units = side === 'attacker' ? fc.att : fc.def;
  const cs = (side === 'attacker' ? fc.attC : fc.defC).slice(0, units.length);
  const keep = units.map((u, i) => i).filter((i) => !doomed.has(units[i]!.id));
  return { units: keep.map((i) => units[i]!), cs: keep.map((i) => cs[i]!) };
}

/**
 * Units of `side` that may take the next hit of `cls` (those already hit for good this step are out; shields and
 * fallbacks of the house rules applied), and the class they take it as.
 */
export function casualtyCandidates(s: AaeState, f: BattleFrame, side: BattleSide, cls: HitClass): Unit[] {
  const { units, cs } = sideCombatants(s, f, side);
  return eligible(cs, cls, f.round).idx.map((i) => units[i]!);
}

function candidateCombatants(s: AaeState, f: BattleFrame, side: BattleSide, cls: HitClass): { units: Unit[]; cs: Combatant[]; cls: HitClass } {
  const { units, cs } = sideCombatants(s, f, side);
  const e = eligible(cs, cls, f.round);
  return { units: e.idx.map((i) => units[i]!), cs: e.idx.map((i) => cs[i]!), cls: e.cls };
}

/** One hit on one unit: a battleship is damaged, anything else is out (at once, or when the step ends). */
function takeHit(ctx: Ctx<AaeState>, f: BattleFrame, u: Unit, c: Combatant, cls: HitClass, firesBack: boolean): void {
  if (houseHitTaken(ctx, f, u, c, cls)) return;
  if (u.type === 'transport' && u.landingCraft && c.hp === 2 && !c.damage) {
    // House rules l.97: the craft are lost instead of the transport (ruling 83).
    u.landingCraft = undefined;
    ctx.log(`The landing craft of the ${POWER_NAMES[u.power]} transport in ${areaName(f.area)} absorb a hit and are lost`, RULE_LANDING_CRAFT_HIT);
    return;
  }
  if (!hitDestroys(c)) {
    u.damage = (u.damage ?? 0) + 1;
    ctx.log(`${POWER_NAMES[u.power]} ${unitData(u.type).name.toLowerCase()} in ${areaName(f.area)} is ${u.type === 'battleship' ? 'damaged' : 'reduced'}`, RULE_CASUALTIES);
    return;
  }
  if (firesBack) (f.doomed ??= []).push(u.id);
  else destroy(ctx, u, f);
}

function destroy(ctx: Ctx<AaeState>, u: Unit, f: BattleFrame): void {
  ctx.log(`${POWER_NAMES[u.power]} ${unitData(u.type).name.toLowerCase()} is lost in ${areaName(f.area)}`, RULE_CASUALTIES);
  noteGermanLoss(f, u);
  removeUnit(ctx.state, u.id);
}

/** German land units lost in this battle (house rules l.167: a major defeat). */
function noteGermanLoss(f: BattleFrame, u: Unit): void {
  if (u.power === 'germany' && unitData(u.type).domain === 'land') f.germanLost = (f.germanLost ?? 0) + 1;
}

/** Hits of the head entry that need no choice: every candidate alike, or enough hits for all of them. */
function autoAllot(ctx: Ctx<AaeState>, f: BattleFrame, firesBack: boolean): boolean {
  const s = ctx.state;
  let progressed = false;
  while (f.hits?.length) {
    const h = f.hits[0]!;
    const { units: cands, cs, cls } = candidateCombatants(s, f, h.side, h.cls);
    if (cands.length === 0) { f.hits.shift(); progressed = true; continue; }
    const keys = new Set(cs.map((c) => casualtyKey(c)));
    const all = hitsAbsorbable(cs, cls) <= h.n && !FIRER_CLASSES.has(cls);
    if (keys.size > 1 && !all) return progressed;
    // Alike (or all go): hit them in the default order, which is the only order there is.
    const i = pickCasualty(cs, cls, h.side, undefined, f.round);
    takeHit(ctx, f, cands[i]!, cs[i]!, cls, firesBack);
    h.n--;
    if (h.n === 0) f.hits.shift();
    progressed = true;
  }
  return progressed;
}

function casualtyPrompt(s: AaeState, f: BattleFrame): Prompt | null {
  const h = f.hits?.[0];
  if (!h) return null;
  const { units: cands, cs, cls } = candidateCombatants(s, f, h.side, h.cls);
  // A target hit's victim is picked by the side that scored it (house rules l.28-30).
  const firer = FIRER_CLASSES.has(cls);
  const owner = h.side === 'attacker' ? s.power : defendingPower(s, f.area, f.kind);
  const seat = firer ? (h.side === 'attacker' ? defendingPower(s, f.area, f.kind) : s.power) : owner;
  const byKey = new Map<string, Unit[]>();
  cands.forEach((u, i) => {
    const k = casualtyKey(cs[i]!);
    byKey.set(k, [...(byKey.get(k) ?? []), u]);
  });
  const choices: Choice[] = [...byKey].map(([key, us]) => {
    const u = us[0]!;
    const c = cs[cands.indexOf(u)]!;
    const damaged = (u.damage ?? 0) > 0;
    const verb = firer ? 'hit' : hitDestroys(c) ? 'lose' : 'damage';
    const what = `${damaged ? 'damaged ' : ''}${c.ew ? 'early-war ' : ''}${c.at ? 'anti-tank ' : ''}${POWER_NAMES[u.power]} ${unitData(u.type).name.toLowerCase()}`;
    return {
      action: { type: 'casualty', key },
      label: `${verb} a ${what}${us.length > 1 ? ` (${us.length} there)` : ''}`,
      refs: firer ? { targets: [u.id], place: f.area } : { units: [u.id], place: f.area },
    };
  });
  choices.push({ action: { type: 'casualty', key: 'default' }, label: firer ? `hit the most valuable first` : `take the ${h.n} hit${h.n > 1 ? 's' : ''} cheapest first`, refs: { place: f.area } });
  const what = CLASS_WORDS[cls] ?? 'units';
  return {
    seat, rule: firer ? 'AAE house rules l.28-30 (target hits)' : RULE_CASUALTIES, kind: 'allocate-loss',
    text: firer
      ? `${areaName(f.area)}: ${h.n} target hit${h.n > 1 ? 's' : ''}: pick the enemy ${what} hit`
      : `${areaName(f.area)}: ${h.n} hit${h.n > 1 ? 's' : ''} on your ${what}: choose a casualty`,
    choices,
    context: { area: f.area, round: f.round, hits: h.n, cls },
  };
}

const CLASS_WORDS: Partial<Record<HitClass, string>> = {
  ships: 'ships', air: 'aircraft', 'not-subs': 'units other than submarines', fighter: 'fighters', bomber: 'bombers',
  armour: 'armour', at: 'anti-tank guns', breakthrough: 'armour, artillery and guns', half: 'units (half hits)',
  surface: 'surface ships', warship: 'warships', gunnery: 'ships (transports last)',
};

/** Remove the units hit for good in the step just ended. */
function endStep(ctx: Ctx<AaeState>, f: BattleFrame): void {
  for (const id of f.doomed ?? []) {
    const u = ctx.state.units.find((x) => x.id === id);
    if (u) destroy(ctx, u, f);
  }
  f.doomed = [];
}

// ---------------------------------------------------------------------------------------------------------------
// The battle procedure

/** The step after `step` in a round of this battle. */
function nextStep(s: AaeState, f: BattleFrame, step: BattleFrame['step']): BattleFrame['step'] {
  const steps = roundSteps(f.kind, tableOf(s, f)) as BattleFrame['step'][];
  if (step === 'submerge') return steps[0]!;
  const i = steps.indexOf(step);
  return i >= 0 && i + 1 < steps.length ? steps[i + 1]! : 'end-round';
}

export const RULE_STRIKE_CHOICE = 'AAE house rules l.80 (the air strike\'s targets)';

/** The attacker announces the air strike's targets when it has aircraft and the defender submarines or transports that could be hit (l.80). */
function strikeChoiceDue(s: AaeState, f: BattleFrame): boolean {
  if (!s.opts.house['strike-choice'] || f.kind !== 'sea' || f.strikeAsked === f.round) return false;
  const { attC, defC } = forces(s, f);
  return attC.some((c) => isAir(c.type) && takesPartInBattle(c)) && defC.some((c) => (isSub(c.type) || c.type === 'transport') && mayTakeHit(c, 'ships'))
    && defC.some((c) => mayTakeHit(c, 'warship'));
}

function strikeChoicePrompt(s: AaeState, f: BattleFrame): Prompt {
  return {
    seat: s.power, rule: RULE_STRIKE_CHOICE, kind: 'choose', text: `Air strike in ${areaName(f.area)}, round ${f.round}: which ships do your aircraft strike at?`,
    choices: [
      { action: { type: 'strike-targets', warships: false }, label: 'strike at any ship' },
      { action: { type: 'strike-targets', warships: true }, label: 'strike at warships only (ignore submarines and transports)' },
    ],
  };
}

/** Steps whose victims do not fire back (antiaircraft fire, the submarines' first strike). */
const firesBackIn = (step: BattleFrame['step']): boolean => step !== 'opening' && step !== 'aa';

export const battle: Procedure<AaeState, BattleFrame> = {
  prompts(s, f) {
    const cas = casualtyPrompt(s, f);
    if (cas) return [cas];
    if (f.step === 'designate') return atPrompt(s, f);
    if (f.step === 'react') return reactionPrompt(s, f);
    if (f.step === 'pursue') return pursuitPrompt(s, f);
    if (f.step === 'submerge') {
      const ask = submergeAsk(s, f);
      return ask ? [ask] : [];
    }
    if (f.step === 'strike' && strikeChoiceDue(s, f)) return [strikeChoicePrompt(s, f)];
    if (f.step === 'press') return [pressPrompt(s, f)];
    if (f.step === 'withdraw') return withdrawPrompt(s, f);
    if (f.step === 'disperse') return [dispersePrompt(s, f)];
    return [];
  },
  run(ctx, f) {
    if (f.hits?.length) {
      // Only reached when every pending hit is automatic.
      autoAllot(ctx, f, firesBackIn(f.step));
      if (!f.hits.length) ctx.goto('battle', { ...f, hits: [] });
      return;
    }
    switch (f.step) {
      case 'start': return start(ctx, f);
      case 'round-start': return houseRoundStart(ctx, f, firstStep(ctx.state, f));
      case 'designate': case 'react': case 'pursue':
        // Nobody is asked (nothing to decide): on with the round.
        if (f.step === 'designate') ctx.goto('battle', { ...f, step: firstStep(ctx.state, f) });
        else ctx.goto('battle', { ...f, step: 'round-start', asked: true });
        return;
      case 'aa':
        roll(ctx, f, 'defender', 'aa', RULE_AA);
        return advanceAfterRoll(ctx, f, false);
      case 'bombard':
        roll(ctx, f, 'attacker', 'bombard', RULE_BOMBARD);
        return advanceAfterRoll(ctx, f, true);
      case 'submerge': {
        // Nobody is asked any more: the submarine search (house rules l.76), then the round's first step.
        if (f.round === 1 && tableOf(ctx.state, f).house?.naval) subSearch(ctx, f);
        ctx.goto('battle', { ...f, step: nextStep(ctx.state, f, 'submerge') });
        return;
      }
      case 'air':
        roll(ctx, f, 'attacker', 'air', RULE_SEARCH);
        roll(ctx, f, 'defender', 'air', RULE_SEARCH);
        return advanceAfterRoll(ctx, f, true);
      case 'strike':
        roll(ctx, f, 'attacker', 'strike', RULE_SEARCH);
        roll(ctx, f, 'defender', 'strike', RULE_SEARCH);
        return advanceAfterRoll(ctx, f, true);
      case 'opening':
        roll(ctx, f, 'attacker', 'opening', RULE_SUBS);
        roll(ctx, f, 'defender', 'opening', RULE_SUBS);
        return advanceAfterRoll(ctx, f, false);
      case 'main':
        roll(ctx, f, 'attacker', 'main', RULE_COMBAT);
        roll(ctx, f, 'defender', 'main', RULE_COMBAT);
        return advanceAfterRoll(ctx, f, true);
      case 'end-round': return endRound(ctx, f);
      case 'done': ctx.pop(); return;
      case 'press': ctx.goto('battle', { ...f, step: 'end-round' }); return;
      case 'withdraw':
        // No territory to go back to: units that came from the sea are lost (ruling), the aircraft leave.
        withdraw(ctx, f, undefined);
        return;
      default: ctx.goto('battle', { ...f, step: 'done' });
    }
  },
  act(ctx, f, _seat, a) {
    if (a.type === 'strike-targets') {
      ctx.log(a.warships ? 'The attacking aircraft strike at warships only, ignoring submarines and transports' : 'The attacking aircraft strike at any ship', RULE_STRIKE_CHOICE);
      ctx.goto('battle', { ...f, strikeAsked: f.round, warshipsOnly: a.warships ? true : undefined });
      return;
    }
    if (a.type === 'casualty') {
      const h = f.hits![0]!;
      const firesBack = firesBackIn(f.step);
      if (a.key === 'default') {
        while (f.hits?.[0] === h && h.n > 0) {
          const { units, cs, cls } = candidateCombatants(ctx.state, f, h.side, h.cls);
          const i = pickCasualty(cs, cls, h.side, undefined, f.round);
          if (i < 0) break;
          takeHit(ctx, f, units[i]!, cs[i]!, cls, firesBack);
          h.n--;
        }
        f.hits!.shift();
      } else {
        const { units, cs, cls } = candidateCombatants(ctx.state, f, h.side, h.cls);
        const i = cs.findIndex((c) => casualtyKey(c) === a.key);
        takeHit(ctx, f, units[i]!, cs[i]!, cls, firesBack);
        h.n--;
        if (h.n === 0) f.hits!.shift();
      }
      autoAllot(ctx, f, firesBack);
      if (!f.hits!.length) finishStep(ctx, f);
      return;
    }
    if (a.type === 'submerge') {
      const side = a.side as BattleSide;
      const asked = [...(f.submergeAsked ?? []), side];
      if (a.yes) {
        const p = side === 'attacker' ? (u: Unit) => u.power === ctx.state.power : (u: Unit) => enemies(u.power, ctx.state.power);
        for (const u of ctx.state.units) if (u.at === f.area && isSub(u.type) && p(u)) u.submerged = true;
        ctx.log(`${side === 'attacker' ? 'The attacker' : 'The defender'} submerges its submarines in ${areaName(f.area)}`, RULE_SUBMERGE);
      }
      ctx.goto('battle', { ...f, submergeAsked: asked });
      return;
    }
    if (a.type === 'press-on') {
      ctx.goto('battle', { ...f, round: f.round + 1, step: houseRounds(ctx.state) ? 'round-start' : f.kind === 'sea' ? 'submerge' : 'main', submergeAsked: [] });
      return;
    }
    if (houseAct(ctx, f, a)) return;
    if (a.type === 'disperse') {
      if (!a.yes) return nextRound(ctx, f); // the partisans fight on: the round ends as it would have
      ctx.log(`The partisans in ${areaName(f.area)} disperse: the battle ends`, RULE_PARTISAN_UNITS);
      finish(ctx, f, 'dispersed');
      return;
    }
    if (a.type === 'withdraw') {
      withdraw(ctx, f, a.to as string);
      return;
    }
    if (a.type === 'retreat') {
      const to = a.to as string | undefined;
      retreat(ctx, f, to);
      const s = ctx.state;
      if (!to && f.kind === 'land' && attackerUnits(s, f.area, f.kind).some((u) => u.landing === f.area)) {
        // The aircraft left; the landed units fight on.
        ctx.goto('battle', { ...f, round: f.round + 1, step: 'main', hits: [] });
        return;
      }
      finish(ctx, f, 'retreat');
    }
  },
};

function start(ctx: Ctx<AaeState>, f: BattleFrame): void {
  const s = ctx.state;
  const att = attackerUnits(s, f.area, f.kind);
  const def = defenderUnits(s, f.area, f.kind);
  if (att.length === 0) {
    ctx.log(`No attack on ${areaName(f.area)} after all`, RULE_COMBAT);
    ctx.goto('battle', { ...f, step: 'done' });
    return;
  }
  if (def.length === 0) {
    if (f.kind === 'land' && att.some((u) => unitData(u.type).domain === 'land')) captureArea(ctx, f.area, s.power);
    for (const u of att) u.fought = true;
    ctx.goto('battle', { ...f, step: 'done' });
    return;
  }
  for (const u of [...att, ...def]) u.fought = true;
  ctx.log(`Battle of ${areaName(f.area)}: ${POWER_NAMES[s.power]} (${describeUnits(att)}) attacks ${POWER_NAMES[defendingPower(s, f.area, f.kind)]} (${describeUnits(def)})`, RULE_COMBAT, { battle: f.area });
  if (f.kind === 'land') {
    const bombard = bombardingShips(s, f.area);
    for (const id of bombard) { const u = s.units.find((x) => x.id === id)!; u.fought = true; }
    const limit = f.maxRounds ?? maxRounds(s, f.area);
    ctx.goto('battle', { ...f, round: 1, step: s.opts.house['anti-tank'] ? 'designate' : 'aa', bombard, hits: [], doomed: [], ...(limit ? { maxRounds: limit } : {}) });
  } else {
    const limit = f.maxRounds ?? maxRounds(s, f.area, 'sea');
    ctx.goto('battle', { ...f, round: 1, step: 'submerge', hits: [], doomed: [], submergeAsked: [], ...(limit ? { maxRounds: limit } : {}) });
  }
}

/** The first step of a round after its decisions. */
export function firstStep(_s: AaeState, f: BattleFrame): BattleFrame['step'] {
  return f.kind === 'sea' ? 'submerge' : 'aa';
}

/** House rules that add decisions at the start of a round (air reaction, the defender's retreat). */
const houseRounds = (s: AaeState): boolean => Object.keys(s.opts.house).length > 0;

/**
 * Battleships and destroyers in the sea zones the assault landed from, that fought no sea battle this turn, bombard
 * in round 1 (AAE Amphibious Assaults: shore bombardment).
 */
export function bombardingShips(s: AaeState, area: string): string[] {
  const zones = new Set(s.units.filter((u) => u.power === s.power && u.landing === area && u.at === area && u.cameFrom).map((u) => u.cameFrom!));
  if (zones.size === 0) return [];
  return s.units.filter((u) => u.power === s.power && zones.has(u.at) && (unitData(u.type).bombard ?? 0) > 0 && !u.fought).map((u) => u.id);
}

function advanceAfterRoll(ctx: Ctx<AaeState>, f: BattleFrame, firesBack: boolean): void {
  autoAllot(ctx, f, firesBack);
  if (f.hits?.length) { ctx.goto('battle', { ...f }); return; }
  finishStep(ctx, f);
}

function finishStep(ctx: Ctx<AaeState>, f: BattleFrame): void {
  // Casualties of bombardment fire back in round 1's main step; the rest go when their step ends.
  if (f.step !== 'bombard') endStep(ctx, f);
  ctx.goto('battle', { ...f, step: nextStep(ctx.state, f, f.step), hits: [] });
}

function endRound(ctx: Ctx<AaeState>, f: BattleFrame): void {
  const s = ctx.state;
  if (f.kind === 'land' && f.round === 1) vichySurrenders(ctx, f.area);
  const { att, def, attC, defC } = forces(s, f);
  const attFighting = att.filter((u) => takesPartInBattle(combatant(u)));
  const defFighting = def.filter((u) => takesPartInBattle(combatant(u)));
  if (attFighting.length === 0) return finish(ctx, f, 'defender');
  if (defFighting.length === 0) return finish(ctx, f, 'attacker');
  const table = tableOf(s, f);
  if (!canHurt(f.kind, table, attC, defC, 'attacker') && !canHurt(f.kind, table, defC, attC, 'defender')) return finish(ctx, f, 'stalemate');
  // The pursuit round over, the defenders retreat (house rules l.34).
  if (f.retreatTo) return finishRetreat(ctx, f);
  // House rules l.203: defending partisans may disperse after any round.
  if (f.kind === 'land' && s.opts.house['partisan-units'] && mayDisperse(defFighting)) { ctx.goto('battle', { ...f, step: 'disperse' }); return; }
  nextRound(ctx, f);
}

/** The round over: the attacker withdraws after the last round allowed, else chooses to press on or retreat. */
function nextRound(ctx: Ctx<AaeState>, f: BattleFrame): void {
  if (f.maxRounds && f.round >= f.maxRounds) {
    ctx.log(`${areaName(f.area)}: the last round (${f.maxRounds}) is fought; the attacker must withdraw`, RULE_MAX_ROUNDS);
    ctx.goto('battle', { ...f, step: 'withdraw' });
    return;
  }
  ctx.goto('battle', { ...f, step: 'press' });
}

/** House rules l.203: the defending partisans' owner decides whether they disperse (the battle ends, no pursuit). */
function dispersePrompt(s: AaeState, f: BattleFrame): Prompt {
  const def = defenderUnits(s, f.area, f.kind);
  return {
    seat: defendingPower(s, f.area, f.kind), rule: RULE_PARTISAN_UNITS, kind: 'retreat',
    text: `${areaName(f.area)}, after round ${f.round}: the partisans disperse or fight on?`,
    choices: [
      { action: { type: 'disperse', yes: true }, label: `disperse (stay in ${areaName(f.area)}; the battle ends)`, refs: { place: f.area, units: def.map((u) => u.id) } },
      { action: { type: 'disperse', yes: false }, label: 'fight on', refs: { place: f.area } },
    ],
  };
}

function pressPrompt(s: AaeState, f: BattleFrame): Prompt {
  const choices: Choice[] = [{ action: { type: 'press-on' }, label: `fight round ${f.round + 1} in ${areaName(f.area)}`, refs: { place: f.area } }];
  for (const to of retreatOptions(s, f)) {
    choices.push({ action: { type: 'retreat', to }, label: `retreat to ${areaName(to)}`, refs: { place: to, from: f.area } });
  }
  if (retreatAirOnly(s, f)) choices.push({ action: { type: 'retreat' }, label: 'withdraw the aircraft (the landed units fight on)', refs: { place: f.area } });
  return {
    seat: s.power, rule: RULE_RETREAT, kind: 'retreat',
    text: `${areaName(f.area)}, after round ${f.round}: press on or retreat?`, choices,
    context: { area: f.area, round: f.round },
  };
}

/**
 * Where the attackers may retreat: land battles to a friendly territory some attacking land unit came from (units
 * that landed from the sea may not retreat); sea battles to an adjacent sea zone free of enemy ships that an
 * attacking ship came from (AAE Conduct Combat: attacker retreats).
 */
export function retreatOptions(s: AaeState, f: BattleFrame): string[] {
  const att = attackerUnits(s, f.area, f.kind);
  // House rules l.203: an attack on partisans in one's own area is broken off where it stands; attacking partisans disperse.
  if (f.kind === 'land' && s.opts.house['partisan-units'] && (friendlyLand(s, f.area, s.power) || mayDisperse(att))) return [f.area];
  const out = new Set<string>();
  for (const u of att) {
    if (!u.cameFrom || !(adjacent(u.cameFrom, f.area) || onCapeLeg(s, u, u.cameFrom, f.area))) continue;
    if (f.kind === 'land' && unitData(u.type).domain === 'land' && u.landing !== f.area && friendlyLand(s, u.cameFrom, s.power)) out.add(u.cameFrom);
    if (f.kind === 'sea' && isShip(u.type) && !isLand(u.cameFrom) && !hostileSea(s, u.cameFrom, s.power)) out.add(u.cameFrom);
  }
  if (f.kind === 'land' && att.some((u) => unitData(u.type).domain === 'land' && u.landing === f.area)) return [];
  if (f.kind === 'land' && !att.some((u) => unitData(u.type).domain === 'land')) return [];
  if (f.kind === 'sea' && !att.some((u) => isShip(u.type))) return [];
  return [...out].sort();
}

/** Aircraft may leave an amphibious assault (or a fight of aircraft alone) while the rest fight on. */
function retreatAirOnly(s: AaeState, f: BattleFrame): boolean {
  const att = attackerUnits(s, f.area, f.kind);
  if (!att.some((u) => isAir(u.type))) return false;
  if (f.kind === 'land') return att.every((u) => isAir(u.type) || u.landing === f.area);
  return !att.some((u) => isShip(u.type));
}

function withdrawPrompt(s: AaeState, f: BattleFrame): Prompt[] {
  const to = retreatOptions(s, f);
  if (to.length === 0) return [];
  return [{
    seat: s.power, rule: RULE_MAX_ROUNDS, kind: 'retreat',
    text: `${areaName(f.area)}: the battle has lasted its ${f.maxRounds} rounds; withdraw to where?`,
    choices: to.map((t) => ({ action: { type: 'withdraw', to: t }, label: `withdraw to ${areaName(t)}`, refs: { place: t, from: f.area } })),
  }];
}

/** The attacker leaves after the last round: land units go back, units that landed from the sea are lost. */
function withdraw(ctx: Ctx<AaeState>, f: BattleFrame, to: string | undefined): void {
  const s = ctx.state;
  for (const u of attackerUnits(s, f.area, f.kind)) {
    if (f.kind === 'land' && unitData(u.type).domain === 'land' && (u.landing === f.area || !to)) {
      ctx.log(`${POWER_NAMES[u.power]} ${unitData(u.type).name.toLowerCase()} cannot withdraw from ${areaName(f.area)} and is lost`, RULE_MAX_ROUNDS);
      noteGermanLoss(f, u);
      removeUnit(s, u.id);
    }
  }
  retreat(ctx, f, to);
  finish(ctx, f, 'retreat');
}

function retreat(ctx: Ctx<AaeState>, f: BattleFrame, to: string | undefined): void {
  const s = ctx.state;
  const att = attackerUnits(s, f.area, f.kind);
  for (const u of att) {
    if (isAir(u.type)) { u.mission = undefined; continue; }
    if (!to) continue;
    if (f.kind === 'land' && (u.landing === f.area || u.type === 'partisan')) continue;
    u.at = to;
    for (const c of s.units) if (c.aboard === u.id) c.at = to;
  }
  if (to === f.area) { ctx.log(`${POWER_NAMES[s.power]} breaks off the battle in ${areaName(f.area)}${mayDisperse(att) ? ': the partisans disperse' : ''}`, RULE_PARTISAN_UNITS); return; }
  ctx.log(to ? `${POWER_NAMES[s.power]} retreats from ${areaName(f.area)} to ${areaName(to)}` : `${POWER_NAMES[s.power]} withdraws its aircraft from ${areaName(f.area)}`, RULE_RETREAT);
}

/** The house rules' decisions inside a battle (house/battle.ts); true when the action was one of them. */
function houseAct(ctx: Ctx<AaeState>, f: BattleFrame, a: { type: string; [k: string]: unknown }): boolean {
  const s = ctx.state;
  switch (a.type) {
    case 'anti-tank': {
      const at = designateAt(s, f, a.count as number);
      if (at.length) ctx.log(`${at.length} anti-tank gun${at.length > 1 ? 's' : ''} named in ${areaName(f.area)}`, RULE_AT);
      ctx.goto('battle', { ...f, at, step: firstStep(s, f), asked: undefined });
      return true;
    }
    case 'stand':
      ctx.goto('battle', { ...f, step: 'round-start', asked: true });
      return true;
    case 'react':
      react(ctx, f, a.from as string);
      // More fighters may come; a retreat is no longer possible (l.34).
      ctx.goto('battle', { ...f, step: 'round-start' });
      return true;
    case 'retreat-defender':
      ctx.goto('battle', { ...f, step: 'pursue', retreatTo: a.to as string, asked: true });
      return true;
    case 'pursue':
      if (a.yes) {
        ctx.log(`${POWER_NAMES[s.power]} pursues the retreating defenders of ${areaName(f.area)}`, RULE_DEF_RETREAT);
        ctx.goto('battle', { ...f, step: 'round-start', pursuit: true });
      } else finishRetreat(ctx, f);
      return true;
  }
  return false;
}

/** The defenders leave for `retreatTo`; what cannot move fights on, else the attacker has won (house rules l.34). */
function finishRetreat(ctx: Ctx<AaeState>, f: BattleFrame): void {
  const s = ctx.state;
  endStep(ctx, f);
  defendersLeave(ctx, f, f.retreatTo!);
  const g: BattleFrame = { ...f, retreatTo: undefined, pursuit: undefined, hits: [] };
  const left = defenderUnits(s, f.area, f.kind).filter((u) => takesPartInBattle(combatant(u)));
  if (!left.length) return finish(ctx, g, 'attacker');
  ctx.goto('battle', { ...g, step: 'press' });
}

function finish(ctx: Ctx<AaeState>, f: BattleFrame, how: 'attacker' | 'defender' | 'stalemate' | 'retreat' | 'dispersed'): void {
  const s = ctx.state;
  endStep(ctx, f);
  afterHouseBattle(ctx, f);
  if (f.germanLost) {
    const germanyLost = s.power === 'germany' ? how === 'defender' || how === 'retreat' : how === 'attacker' && defendingPower(s, f.area, f.kind) === 'germany';
    noteDefeat(ctx, f.area, germanyLost, f.germanLost);
  }
  const att = attackerUnits(s, f.area, f.kind);
  if (how === 'attacker') {
    if (f.kind === 'land') {
      if (att.some((u) => unitData(u.type).domain === 'land')) {
        captureArea(ctx, f.area, s.power);
        ctx.goto('battle', { ...f, step: 'done', hits: [] });
        offerSecondAttack(ctx, f.area, f.round);
        return;
      }
      else ctx.log(`${areaName(f.area)} is cleared, but aircraft alone cannot take a territory`, RULE_COMBAT);
    } else {
      ctx.log(`${POWER_NAMES[s.power]} wins the sea battle in ${areaName(f.area)}`, RULE_COMBAT);
      if (att.some((u) => isShip(u.type) && u.type !== 'transport')) captureConvoy(ctx, f.area, s.power);
    }
  } else if (how === 'defender') {
    ctx.log(`The attack on ${areaName(f.area)} fails`, RULE_COMBAT);
  } else if (how === 'stalemate') {
    ctx.log(`Neither side can hurt the other in ${areaName(f.area)}: the battle ends`, RULE_COMBAT);
  }
  if (f.kind === 'sea') afterSeaBattle(ctx, f.area);
  ctx.goto('battle', { ...f, step: 'done', hits: [] });
}

/**
 * After a sea battle: cargo waiting to land from this zone goes ashore if no enemy ship is left, else stays aboard;
 * defending fighters whose carrier sank land in an adjacent friendly territory or are lost.
 */
export function afterSeaBattle(ctx: Ctx<AaeState>, zone: string): void {
  const s = ctx.state;
  const clear = !hostileSea(s, zone, s.power);
  for (const u of s.units) {
    if (u.at !== zone || !u.landing || !u.aboard) continue;
    if (clear) { u.at = u.landing; u.aboard = undefined; u.cameFrom = zone; } else u.landing = undefined;
  }
  for (const u of [...s.units]) {
    if (u.at !== zone || !isAir(u.type) || u.power === s.power || !enemies(u.power, s.power)) continue;
    if (u.aboard && s.units.some((c) => c.id === u.aboard)) continue;
    const carrier = s.units.find((c) => c.at === zone && !enemies(c.power, u.power) && unitData(c.type).carrierRoom);
    if (carrier) { u.aboard = carrier.id; continue; }
    const land = landNear(s, zone, u.power);
    if (land) { u.at = land; u.aboard = undefined; ctx.log(`A ${POWER_NAMES[u.power]} fighter whose carrier sank lands in ${areaName(land)}`, RULE_COMBAT); }
    else { ctx.log(`A ${POWER_NAMES[u.power]} fighter whose carrier sank has nowhere to land and is lost`, RULE_COMBAT); removeUnit(s, u.id); }
  }
}

function landNear(s: AaeState, zone: string, p: Power): string | null {
  return neighboursIn(s, zone).map((n) => n.id).filter((id) => friendlyLand(s, id, p)).sort()[0] ?? null;
}

function submergeAsk(s: AaeState, f: BattleFrame): Prompt | null {
  // The naval sequence (house rules l.86): only defending submarines submerge, after a round has been fought.
  const naval = !!s.opts.house['naval-sequence'];
  for (const side of ['attacker', 'defender'] as const) {
    if (f.submergeAsked?.includes(side)) continue;
    if (naval && (side === 'attacker' || f.round < 2)) continue;
    const subs = (side === 'attacker' ? attackerUnits(s, f.area, 'sea') : defenderUnits(s, f.area, 'sea')).filter((u) => isSub(u.type));
    if (subs.length === 0) continue;
    const seat = side === 'attacker' ? s.power : defendingPower(s, f.area, 'sea');
    return {
      seat, rule: RULE_SUBMERGE, kind: 'yes-no',
      text: `${areaName(f.area)}, round ${f.round}: submerge your ${subs.length} submarine${subs.length > 1 ? 's' : ''} (they leave the battle) or fight?`,
      choices: [
        { action: { type: 'submerge', side, yes: false }, label: 'fight', refs: { units: subs.map((u) => u.id), place: f.area } },
        { action: { type: 'submerge', side, yes: true }, label: 'submerge', refs: { units: subs.map((u) => u.id), place: f.area } },
      ],
      context: { area: f.area, round: f.round },
    };
  }
  return null;
}
