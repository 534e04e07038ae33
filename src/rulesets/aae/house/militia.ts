// City militia (house rules l.129; Germany's "defend the homeland", l.171): when the enemy attacks one of the power's
// major cities with land units, it may raise militia there for 1 IPC each (twice the city's value; once the value
// after a call-up was disbanded). At the end of its next turn the survivors in a city it kept are disbanded (1 IPC
// back each) or made infantry (1 IPC each).
import type { Choice, Ctx, Frame, Procedure } from '../../../engine/index.ts';
import type { Power } from '../data/index.ts';
import type { AaeState } from '../state.ts';
import { newUnit } from '../units.ts';
import { POWER_NAMES, areaName, controller, inPlay, standIn, unitData, valueOf } from '../world.ts';
import { isCity } from './regions.ts';

export const RULE_MILITIA = 'AAE house rules l.129, 171 (city militia)';

const CITIES: Record<'ussr' | 'germany', string[]> = {
  ussr: ['moscow', 'leningrad', 'stalingrad', 'baku', 'urals'],
  germany: ['berlin', 'konigsberg'],
};

interface CityMilitia { calls: number; status: 'raised' | 'disbanded' | 'converted' | 'spent' }

const record = (s: AaeState): Record<string, CityMilitia> => (s.house?.militia as Record<string, CityMilitia> | undefined) ?? {};

function setRecord(s: AaeState, city: string, r: CityMilitia): void {
  s.house = { ...(s.house ?? {}), militia: { ...record(s), [city]: r } };
}

/** The power's major cities in this game (Germany stands for Berlin and Königsberg without the regional map). */
export function militiaCities(s: AaeState, p: Power): string[] {
  if (p !== 'ussr' && p !== 'germany') return [];
  return [...new Set(CITIES[p].filter((id) => inPlay(s, id) || p === 'germany').map((id) => standIn(s, id)))].filter((id) => isCity(s, id));
}

/** Militia the power may raise in the city now: 2 × value on the first call, the value on a second after a disband. */
export function militiaMax(s: AaeState, city: string): number {
  const r = record(s)[city];
  if (!r) return 2 * valueOf(s, city);
  return r.calls === 1 && r.status === 'disbanded' ? valueOf(s, city) : 0;
}

/** At the start of the enemy's combat phase: each attacked city whose holder may raise militia gets the question. */
export function callMilitia(ctx: Ctx<AaeState>): void {
  const s = ctx.state;
  if (!s.opts.house.militia) return;
  for (const p of ['ussr', 'germany'] as const) {
    for (const city of militiaCities(s, p)) {
      if (controller(s, city) !== p || militiaMax(s, city) <= 0 || s.ipcs[p] <= 0) continue;
      const attacked = s.units.some((u) => u.at === city && u.power === s.power && unitData(u.type).domain === 'land');
      if (attacked) ctx.push('militia', { city, power: p });
    }
  }
}

interface MilitiaFrame extends Frame { city: string; power: Power }

export const militiaCall: Procedure<AaeState, MilitiaFrame> = {
  prompts(s, f) {
    const max = Math.min(militiaMax(s, f.city), s.ipcs[f.power]);
    const choices: Choice[] = [];
    for (let k = max; k >= 0; k--) {
      choices.push({ action: { type: 'militia', count: k }, label: k ? `raise ${k} militia in ${areaName(f.city)} (${k} IPCs)` : 'raise none', refs: { place: f.city } });
    }
    return [{ seat: f.power, rule: RULE_MILITIA, kind: 'choose', text: `${areaName(f.city)} is attacked: call out the city militia (defend 1, cannot move)?`, choices }];
  },
  run(ctx) { ctx.pop(); },
  explain(s, f, _seat, a) {
    if (a.type !== 'militia') return null;
    return { rule: RULE_MILITIA, message: `${areaName(f.city)} may raise at most ${Math.min(militiaMax(s, f.city), s.ipcs[f.power])} militia now (1 IPC each)` };
  },
  act(ctx, f, _seat, a) {
    const s = ctx.state;
    const k = a.count as number;
    if (k > 0) {
      for (let i = 0; i < k; i++) newUnit(s, 'militia', f.power, f.city);
      s.ipcs[f.power] -= k;
      setRecord(s, f.city, { calls: (record(s)[f.city]?.calls ?? 0) + 1, status: 'raised' });
      ctx.log(`${POWER_NAMES[f.power]} raises ${k} militia in ${areaName(f.city)}`, RULE_MILITIA);
    }
    ctx.pop();
  },
};

/** A city whose militia the power must disband or convert at the end of this turn of its own. */
export function militiaDue(s: AaeState, p: Power): string | null {
  if (!s.opts.house.militia) return null;
  for (const [city, r] of Object.entries(record(s))) {
    if (r.status !== 'raised' || !militiaCities(s, p).includes(city)) continue;
    if (controller(s, city) === p && s.units.some((u) => u.at === city && u.type === 'militia' && u.power === p)) return city;
    setRecord(s, city, { ...r, status: 'spent' });
  }
  return null;
}

interface MilitiaEndFrame extends Frame { city: string; power: Power }

export const militiaEnd: Procedure<AaeState, MilitiaEndFrame> = {
  prompts(s, f) {
    const n = s.units.filter((u) => u.at === f.city && u.type === 'militia' && u.power === f.power).length;
    const choices: Choice[] = [{ action: { type: 'militia-end', convert: false }, label: `disband the ${n} militia of ${areaName(f.city)} (+${n} IPCs)`, refs: { place: f.city } }];
    if (s.ipcs[f.power] >= n) choices.push({ action: { type: 'militia-end', convert: true }, label: `make the ${n} militia of ${areaName(f.city)} infantry (${n} IPCs)`, refs: { place: f.city } });
    return [{ seat: f.power, rule: RULE_MILITIA, kind: 'choose', text: `${areaName(f.city)} held: disband its militia or make them infantry?`, choices }];
  },
  run(ctx) { ctx.pop(); },
  act(ctx, f, _seat, a) {
    const s = ctx.state;
    const mine = s.units.filter((u) => u.at === f.city && u.type === 'militia' && u.power === f.power);
    const r = record(s)[f.city]!;
    if (a.convert) {
      for (const u of mine) u.type = 'infantry';
      s.ipcs[f.power] -= mine.length;
      setRecord(s, f.city, { ...r, status: 'converted' });
      ctx.log(`${POWER_NAMES[f.power]} makes the ${mine.length} militia of ${areaName(f.city)} infantry`, RULE_MILITIA);
    } else {
      s.units = s.units.filter((u) => !mine.includes(u));
      s.ipcs[f.power] += mine.length;
      setRecord(s, f.city, { ...r, status: 'disbanded' });
      ctx.log(`${POWER_NAMES[f.power]} disbands the ${mine.length} militia of ${areaName(f.city)}: they go back to the factories and farms`, RULE_MILITIA);
    }
    ctx.pop();
  },
};
