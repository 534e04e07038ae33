// AAE Conduct Combat: Strategic Bombing Raids. Bombers (with escorting fighters) over an enemy industrial complex:
// the defender may send up the fighters based there; antiaircraft fire rolls once at every raiding aircraft,
// escorts included, whether or not fighters intercept; escorts and interceptors fight one round; each bomber left
// rolls one die and the defender loses that many IPCs (no limit but what it holds).
import type { Choice, Frame, Procedure, Prompt } from '../../engine/index.ts';
import type { Power } from './data/index.ts';
import { RULE_SBR } from './movement.ts';
import type { AaeState, Unit } from './state.ts';
import { removeUnit } from './units.ts';
import { POWER_NAMES, areaName, controller, unitData } from './world.ts';
import { bombingDamage } from './house/bombing.ts';

export const RULE_SBR_AA = 'AAE Conduct Combat: Strategic Bombing Raids, antiaircraft fire';
export const RULE_SBR_AIR = 'AAE Conduct Combat: Strategic Bombing Raids, escorts and interceptors';

interface RaidFrame extends Frame {
  area: string;
  step: 'start' | 'intercept' | 'aa' | 'air' | 'bomb' | 'done';
  interceptors?: string[];
  /** Hits to allot: on the raiders (attacker chooses) or on the interceptors. */
  hitsOnRaiders?: number;
  hitsOnInterceptors?: number;
}

export const raiders = (s: AaeState, area: string): Unit[] =>
  s.units.filter((u) => u.at === area && u.power === s.power && (u.mission === 'raid' || u.mission === 'escort'));

function defender(s: AaeState, area: string): Power {
  return controller(s, area)!;
}

function fightersBased(s: AaeState, area: string): Unit[] {
  const d = defender(s, area);
  return s.units.filter((u) => u.at === area && u.type === 'fighter' && u.power === d);
}

export const raid: Procedure<AaeState, RaidFrame> = {
  prompts(s, f) {
    if (f.step === 'intercept') {
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
    if ((f.hitsOnRaiders ?? 0) > 0) return [raiderCasualtyPrompt(s, f)];
    return [];
  },
  run(ctx, f) {
    const s = ctx.state;
    switch (f.step) {
      case 'start':
        for (const u of raiders(s, f.area)) u.fought = true;
        ctx.log(`Strategic bombing raid on ${areaName(f.area)}: ${raiders(s, f.area).length} aircraft`, RULE_SBR);
        ctx.goto('raid', { ...f, step: fightersBased(s, f.area).length ? 'intercept' : 'aa', interceptors: [] });
        return;
      case 'aa': {
        const hasAa = s.units.some((u) => u.at === f.area && u.type === 'aa' && u.power !== s.power);
        const rs = raiders(s, f.area);
        let hits = 0;
        if (hasAa && rs.length) {
          const r = ctx.roll(6, rs.length, `antiaircraft fire at ${rs.length} raiding aircraft over ${areaName(f.area)}`, RULE_SBR_AA);
          hits = r.faces.filter((x) => x <= (unitData('aa').antiaircraft ?? 1)).length;
          ctx.log(`Antiaircraft fire over ${areaName(f.area)}: ${hits} hit${hits === 1 ? '' : 's'}`, RULE_SBR_AA);
        }
        ctx.goto('raid', { ...f, step: 'air', hitsOnRaiders: hits });
        return;
      }
      case 'air': {
        const ints = s.units.filter((u) => f.interceptors?.includes(u.id));
        const escorts = raiders(s, f.area).filter((u) => u.mission === 'escort');
        if (ints.length === 0) { ctx.goto('raid', { ...f, step: 'bomb' }); return; }
        let onInts = 0;
        if (escorts.length) {
          const r = ctx.roll(6, escorts.length, `${escorts.length} escorting fighters`, RULE_SBR_AIR);
          onInts = r.faces.filter((x) => x <= (unitData('fighter').escort ?? 1)).length;
        }
        const r2 = ctx.roll(6, ints.length, `${ints.length} intercepting fighters`, RULE_SBR_AIR);
        const onRaiders = r2.faces.filter((x) => x <= (unitData('fighter').intercept ?? 2)).length;
        ctx.log(`Air battle over ${areaName(f.area)}: escorts score ${onInts}, interceptors ${onRaiders}`, RULE_SBR_AIR);
        // Interceptors are all alike: their losses need no choice.
        for (const u of ints.slice(0, onInts)) { ctx.log(`A ${POWER_NAMES[u.power]} interceptor is shot down`, RULE_SBR_AIR); removeUnit(s, u.id); }
        ctx.goto('raid', { ...f, step: 'bomb', hitsOnRaiders: onRaiders });
        return;
      }
      case 'bomb': {
        const bombers = raiders(s, f.area).filter((u) => u.mission === 'raid');
        const d = defender(s, f.area);
        if (bombers.length) {
          const r = ctx.roll(6, bombers.length, `${bombers.length} bomber${bombers.length > 1 ? 's' : ''} over ${areaName(f.area)}`, RULE_SBR);
          const damage = bombingDamage(s, f.area, r.faces);
          const lost = Math.min(damage, s.ipcs[d]);
          s.ipcs[d] -= lost;
          ctx.log(`The raid on ${areaName(f.area)} does ${damage} damage: ${POWER_NAMES[d]} loses ${lost} IPCs`, RULE_SBR);
        } else ctx.log(`No bomber reaches ${areaName(f.area)}`, RULE_SBR);
        ctx.goto('raid', { ...f, step: 'done' });
        return;
      }
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
      ctx.goto('raid', { ...f, step: 'aa', interceptors: ids });
      return;
    }
    if (a.type === 'casualty') {
      const u = raiders(s, f.area).find((x) => x.type === a.key || a.key === 'default');
      const pick = a.key === 'default' ? defaultRaider(raiders(s, f.area)) : u;
      if (pick) { ctx.log(`A raiding ${POWER_NAMES[pick.power]} ${unitData(pick.type).name.toLowerCase()} is shot down`, RULE_SBR_AA); removeUnit(s, pick.id); }
      const left = (f.hitsOnRaiders ?? 1) - 1;
      ctx.goto('raid', { ...f, hitsOnRaiders: raiders(s, f.area).length ? left : 0 });
    }
  },
};

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
    seat: s.power, rule: f.step === 'air' || f.step === 'bomb' ? RULE_SBR_AIR : RULE_SBR_AA, kind: 'allocate-loss',
    text: `Raid on ${areaName(f.area)}: ${f.hitsOnRaiders} hit${f.hitsOnRaiders === 1 ? '' : 's'} on your raiding aircraft: choose a loss`,
    choices,
  };
}
