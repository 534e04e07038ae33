// AAE Conduct Combat: Strategic Bombing Raids. Bombers (with escorting fighters) over an enemy industrial complex:
// the defender may send up the fighters based there; antiaircraft fire rolls once at every raiding aircraft,
// escorts included, whether or not fighters intercept; escorts and interceptors fight one round; each bomber left
// rolls one die and the defender loses that many IPCs (no limit but what it holds).
// With the house rules (l.58-68, 181): the air battle comes first (escorts -2, interceptors -1, bombers fire back:
// each US bomber on 1, other bombers one die a pair), each antiaircraft gun fires at up to 3 bombers, each bomber
// does d6-1 (at most twice the territory's value); or the bombers hit a territory's rail (half the damage, rounded
// up, is added to the cost of moving by rail through it until its owner's next turn ends).
import type { Choice, Ctx, Frame, Procedure, Prompt } from '../../engine/index.ts';
import type { Power } from './data/index.ts';
import { RULE_SBR } from './movement.ts';
import type { AaeState, Unit } from './state.ts';
import { removeUnit } from './units.ts';
import { POWER_NAMES, area, powerPossessive, areaName, controller, unitData } from './world.ts';
import { OIL_RAID_MAX_LOSS, RULE_OIL_RAID, noteOilRaid } from './house/oil.ts';
import { combatTable } from './house/values.ts';
import { researched } from './house/research.ts';

export const RULE_SBR_AA = 'AAE Conduct Combat: Strategic Bombing Raids, antiaircraft fire';
export const RULE_SBR_AIR = 'AAE Conduct Combat: Strategic Bombing Raids, escorts and interceptors';
export const RULE_HOUSE_SBR = 'AAE house rules l.58-64 (bombing factories)';
export const RULE_RAIL_RAID = 'AAE house rules l.66-68 (bombing rail targets)';

type RaidStep = 'start' | 'intercept' | 'aa' | 'air' | 'bomb' | 'done';

interface RaidFrame extends Frame {
  area: string;
  step: RaidStep;
  interceptors?: string[];
  /** Hits on the raiders, to be allotted by the attacker. */
  hitsOnRaiders?: number;
}

/** Printed order: antiaircraft fire, then the air battle. House order: the air battle, then antiaircraft fire. */
const PRINTED_ORDER: RaidStep[] = ['intercept', 'aa', 'air', 'bomb', 'done'];
const HOUSE_ORDER: RaidStep[] = ['intercept', 'air', 'aa', 'bomb', 'done'];

export const raiders = (s: AaeState, area: string): Unit[] =>
  s.units.filter((u) => u.at === area && u.power === s.power && (u.mission === 'raid' || u.mission === 'rail' || u.mission === 'night' || u.mission === 'escort'));

export const RULE_NIGHT = 'AAE house rules l.76 (night bombing)';

const byNight = (s: AaeState, where: string): boolean => bombersOf(s, where).some((u) => u.mission === 'night');

const bombersOf = (s: AaeState, where: string) => raiders(s, where).filter((u) => u.mission !== 'escort');

function defender(s: AaeState, where: string): Power {
  return controller(s, where)!;
}

function fightersBased(s: AaeState, where: string): Unit[] {
  const d = defender(s, where);
  return s.units.filter((u) => u.at === where && u.type === 'fighter' && u.power === d);
}

function next(s: AaeState, f: RaidFrame): RaidStep {
  const order = s.opts.house.sbr ? HOUSE_ORDER : PRINTED_ORDER;
  return order[order.indexOf(f.step) + 1] ?? 'done';
}

const hitsOn = (faces: number[], value: number) => faces.filter((x) => x <= value).length;

export const raid: Procedure<AaeState, RaidFrame> = {
  prompts(s, f) {
    if ((f.hitsOnRaiders ?? 0) > 0 && raiders(s, f.area).length) return [raiderCasualtyPrompt(s, f)];
    if (f.step === 'intercept' && fightersBased(s, f.area).length) {
      const fs = fightersBased(s, f.area);
      const choices: Choice[] = [];
      for (let n = 0; n <= fs.length; n++) {
        choices.push({
          action: { type: 'intercept', count: n },
          label: n === 0 ? 'do not intercept' : `intercept with ${n} fighter${n > 1 ? 's' : ''}`,
          refs: { units: fs.slice(0, n).map((u) => u.id), place: f.area },
        });
      }
      return [{
        seat: defender(s, f.area), rule: RULE_SBR_AIR, kind: 'intercept',
        text: `${POWER_NAMES[s.power]} raids ${areaName(f.area)} with ${raiders(s, f.area).length} aircraft: intercept with your fighters there?`,
        choices,
      }];
    }
    return [];
  },
  run(ctx, f) {
    const s = ctx.state;
    const go = (extra: Partial<RaidFrame> = {}) => ctx.goto('raid', { ...f, hitsOnRaiders: 0, ...extra, step: next(s, f) });
    switch (f.step) {
      case 'start':
        for (const u of raiders(s, f.area)) u.fought = true;
        ctx.log(`Strategic bombing raid on ${areaName(f.area)}${bombersOf(s, f.area).some((u) => u.mission === 'rail') ? ' (rail)' : ''}: ${raiders(s, f.area).length} aircraft`, RULE_SBR);
        ctx.goto('raid', { ...f, step: 'intercept', interceptors: [] });
        return;
      case 'intercept':
        go();
        return;
      case 'aa':
        go({ hitsOnRaiders: antiaircraft(ctx, f) });
        return;
      case 'air':
        go({ hitsOnRaiders: airBattle(ctx, f) });
        return;
      case 'bomb':
        bomb(ctx, f);
        ctx.goto('raid', { ...f, step: 'done' });
        return;
      default:
        ctx.pop();
    }
  },
  act(ctx, f, _seat, a) {
    const s = ctx.state;
    if (a.type === 'intercept') {
      const ids = fightersBased(s, f.area).slice(0, a.count as number).map((u) => u.id);
      for (const u of s.units) if (ids.includes(u.id)) u.fought = true;
      if (ids.length) ctx.log(`${ids.length} fighter${ids.length > 1 ? 's' : ''} rise to intercept over ${areaName(f.area)}`, RULE_SBR_AIR);
      ctx.goto('raid', { ...f, step: next(s, f), interceptors: ids });
      return;
    }
    if (a.type === 'casualty') {
      const rs = raiders(s, f.area);
      const pick = a.key === 'default' ? defaultRaider(rs) : rs.find((x) => x.type === a.key);
      if (pick) { ctx.log(`A raiding ${POWER_NAMES[pick.power]} ${unitData(pick.type).name.toLowerCase()} is shot down`, RULE_SBR); removeUnit(s, pick.id); }
      ctx.goto('raid', { ...f, hitsOnRaiders: (f.hitsOnRaiders ?? 1) - 1 });
    }
  },
};

/** Antiaircraft fire: printed, one die at every raiding aircraft; house, each gun at up to 3 bombers. */
function antiaircraft(ctx: Ctx<AaeState>, f: RaidFrame): number {
  const s = ctx.state;
  const guns = s.units.filter((u) => u.at === f.area && u.type === 'aa' && u.power !== s.power).length;
  if (!guns) return 0;
  const house = s.opts.house.sbr;
  const targets = house ? Math.min(bombersOf(s, f.area).length, 3 * guns) : raiders(s, f.area).length;
  if (!targets) return 0;
  const sides = combatTable(s, f.area).sides;
  const r = ctx.roll(sides, targets, `antiaircraft fire at ${targets} raiding ${house ? 'bombers' : 'aircraft'} over ${areaName(f.area)}`, house ? RULE_HOUSE_SBR : RULE_SBR_AA, { each: true });
  const hits = hitsOn(r.faces, 1);
  ctx.log(`Antiaircraft fire over ${areaName(f.area)}: ${hits} hit${hits === 1 ? '' : 's'}`, house ? RULE_HOUSE_SBR : RULE_SBR_AA);
  return hits;
}

/** The air battle, one round; returns the hits on the raiders (their owner picks the losses). */
function airBattle(ctx: Ctx<AaeState>, f: RaidFrame): number {
  const s = ctx.state;
  const ints = s.units.filter((u) => f.interceptors?.includes(u.id));
  if (ints.length === 0) return 0;
  const escorts = raiders(s, f.area).filter((u) => u.mission === 'escort');
  const house = s.opts.house.sbr;
  const table = combatTable(s, f.area);
  const night = byNight(s, f.area);
  const rule = night ? RULE_NIGHT : house ? RULE_HOUSE_SBR : RULE_SBR_AIR;
  let onInts = 0;
  if (escorts.length) {
    const v = house ? table.attack({ type: 'fighter', power: s.power }) - 2 : unitData('fighter').escort ?? 1;
    onInts += hitsOn(ctx.roll(table.sides, escorts.length, `${escorts.length} escorting fighter${escorts.length > 1 ? 's' : ''} at ${v}`, rule, { each: true }).faces, v);
  }
  if (house && !night) {
    // Bombers fire back: each American bomber on 1, the others one die a pair (l.60, 181).
    const bombers = bombersOf(s, f.area);
    const dice = bombers.filter((u) => u.power === 'usa').length + Math.floor(bombers.filter((u) => u.power !== 'usa').length / 2);
    if (dice) onInts += hitsOn(ctx.roll(table.sides, dice, `${dice} bomber defence ${dice > 1 ? 'dice' : 'die'} at 1`, rule, { each: true }).faces, 1);
  }
  // By night the interceptors fight at 3 below their defence (l.76).
  const vi = Math.max(0, night ? nightInterceptor(s, table.defense({ type: 'fighter', power: defender(s, f.area) }), defender(s, f.area))
    : house ? table.defense({ type: 'fighter', power: defender(s, f.area) }) - 1 : unitData('fighter').intercept ?? 2);
  const onRaiders = hitsOn(ctx.roll(table.sides, ints.length, `${ints.length} intercepting fighter${ints.length > 1 ? 's' : ''} at ${vi}`, rule, { each: true }).faces, vi);
  ctx.log(`Air battle over ${areaName(f.area)}: the raiders score ${onInts}, the interceptors ${onRaiders}`, rule);
  for (const u of ints.slice(0, onInts)) { ctx.log(`A ${POWER_NAMES[u.power]} interceptor is shot down`, rule); removeUnit(s, u.id); }
  return onRaiders;
}

/** Printed: the sum of the bombers' dice. House: d6-1 each, at most twice the territory's value (l.62). */
export function raidDamage(s: AaeState, where: string, faces: number[]): number {
  if (!s.opts.house.sbr && !s.opts.house.rail) return faces.reduce((a, b) => a + b, 0);
  const total = faces.reduce((a, b) => a + b - 1, 0);
  return s.opts.house.sbr ? Math.min(total, 2 * (area(where).value ?? 0)) : total;
}

/** House rules l.76: interceptors by night at 3 below their defence; with advanced night fighters (l.225, 231) on 3. */
export function nightInterceptor(s: AaeState, defence: number, p: Power): number {
  return researched(s, p, 'night-fighters') > 0 ? Math.max(3, defence - 3) : defence - 3;
}

/** House rules l.76: by night each bomber does d6-2 (not below 0), capped as by day with the house raids. */
export function nightDamage(s: AaeState, where: string, faces: number[]): number {
  const total = faces.reduce((a, b) => a + Math.max(0, b - 2), 0);
  return s.opts.house.sbr ? Math.min(total, 2 * (area(where).value ?? 0)) : total;
}

/** House rules l.66-68: a rail raid's damage, halved and rounded up, is the extra rail cost of the territory. */
export const railCost = (damage: number): number => Math.ceil(damage / 2);

function bomb(ctx: Ctx<AaeState>, f: RaidFrame): void {
  const s = ctx.state;
  const bombers = bombersOf(s, f.area);
  const d = defender(s, f.area);
  if (!bombers.length) { ctx.log(`No bomber reaches ${areaName(f.area)}`, RULE_SBR); return; }
  const rail = bombers.some((u) => u.mission === 'rail');
  const r = ctx.roll(6, bombers.length, `${bombers.length} bomber${bombers.length > 1 ? 's' : ''} over ${areaName(f.area)}`, rail ? RULE_RAIL_RAID : RULE_SBR);
  if (rail) {
    const damage = r.faces.reduce((a, b) => a + b - 1, 0);
    const extra = railCost(damage);
    s.railDamage = { ...(s.railDamage ?? {}), [f.area]: (s.railDamage?.[f.area] ?? 0) + extra };
    ctx.log(`The rail raid on ${areaName(f.area)} does ${damage} damage: +${extra} to move each unit by rail through it until ${powerPossessive(d)} next turn ends`, RULE_RAIL_RAID);
    return;
  }
  const damage = byNight(s, f.area) ? nightDamage(s, f.area, r.faces) : raidDamage(s, f.area, r.faces);
  let lost = Math.min(damage, s.ipcs[d]);
  if (f.area === 'rumania' && s.opts.house['oil-raid']) {
    // House rules l.165: the damage rolled counts for the oil, the IPCs lost are at most 2.
    const rolled = byNight(s, f.area) ? r.faces.reduce((a, b) => a + Math.max(0, b - 2), 0) : s.opts.house.sbr || s.opts.house.rail ? r.faces.reduce((a, b) => a + b - 1, 0) : r.faces.reduce((a, b) => a + b, 0);
    lost = Math.min(lost, OIL_RAID_MAX_LOSS);
    noteOilRaid(s, rolled);
    ctx.log(`The raid on Rumania's oil rolled ${rolled} damage`, RULE_OIL_RAID);
  }
  s.ipcs[d] -= lost;
  ctx.log(`The raid on ${areaName(f.area)} does ${damage} damage: ${POWER_NAMES[d]} loses ${lost} IPCs`, s.opts.house.sbr ? RULE_HOUSE_SBR : RULE_SBR);
}

/** Without a choice, escorts go before bombers (the bombers do the damage). */
function defaultRaider(rs: Unit[]): Unit | undefined {
  return rs.find((u) => u.mission === 'escort') ?? rs[0];
}

function raiderCasualtyPrompt(s: AaeState, f: RaidFrame): Prompt {
  const rs = raiders(s, f.area);
  const types = [...new Set(rs.map((u) => u.type))];
  const choices: Choice[] = types.map((t) => ({
    action: { type: 'casualty', key: t },
    label: `lose a ${unitData(t).name.toLowerCase()}`,
    refs: { units: [rs.find((u) => u.type === t)!.id], place: f.area },
  }));
  if (types.length > 1) choices.push({ action: { type: 'casualty', key: 'default' }, label: 'lose an escort first', refs: { place: f.area } });
  return {
    seat: s.power, rule: RULE_SBR, kind: 'allocate-loss',
    text: `Raid on ${areaName(f.area)}: ${f.hitsOnRaiders} hit${f.hitsOnRaiders === 1 ? '' : 's'} on your raiding aircraft: choose a loss`,
    choices,
  };
}
