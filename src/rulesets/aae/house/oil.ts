// Axis oil vulnerability (house rules l.163): with Rumania in Allied hands and Baku not Axis, Germany names two unit
// classes at the start of its turn; its units of those classes move one less that turn. After a raid on Rumania's
// oil (l.165): one class for 4 points of damage rolled, two for 5 or more, at Germany's next turn (ruling 77).
import type { Choice, Ctx, Frame, Procedure } from '../../../engine/index.ts';
import type { UnitType } from '../data/index.ts';
import type { AaeState, Unit } from '../state.ts';
import { controller, sideOf, standIn, unitData } from '../world.ts';

export const RULE_OIL = 'AAE house rules l.163 (Axis oil vulnerability)';
export const RULE_OIL_RAID = 'AAE house rules l.165 (raids on Rumania\'s oil)';
/** The most IPCs a raid on Rumania costs (l.165). */
export const OIL_RAID_MAX_LOSS = 2;

export const OIL_CLASSES = ['submarines', 'surface ships', 'aircraft', 'armour'] as const;
export type OilClass = (typeof OIL_CLASSES)[number];

export function oilClass(t: UnitType): OilClass | null {
  const d = unitData(t);
  if (d.domain === 'sea') return d.submarine ? 'submarines' : 'surface ships';
  if (d.domain === 'air') return 'aircraft';
  return t === 'armour' || t === 'ss-armour' ? 'armour' : null;
}

const axisHeld = (s: AaeState, id: string): boolean => {
  const c = controller(s, id);
  return c !== null && sideOf(c) === 'axis';
};

/** Rumania Allied and Baku (the Caucasus without the regional map) not Axis. */
export function oilCrisis(s: AaeState): boolean {
  const r = controller(s, 'rumania');
  return r !== null && sideOf(r) === 'allies' && !axisHeld(s, standIn(s, 'baku'));
}

/** The classes short of oil this turn. */
export const oilShort = (s: AaeState): OilClass[] => (s.house?.oilShort as OilClass[] | undefined) ?? [];

/** One less movement for a German unit of a class short of oil. */
export function oilPenalty(s: AaeState, u: Pick<Unit, 'type' | 'power'>): number {
  if (!(s.opts.house.oil || s.opts.house['oil-raid']) || u.power !== 'germany') return 0;
  const c = oilClass(u.type);
  return c && oilShort(s).includes(c) ? 1 : 0;
}

/** At the start of Germany's turn: the shortage ends, and a new one is named while the crisis lasts. */
export function startOil(ctx: Ctx<AaeState>): void {
  const s = ctx.state;
  if (s.house?.oilShort) {
    const { oilShort: _gone, ...rest } = s.house;
    s.house = rest;
  }
  const raided = (s.house?.oilRaid as number | undefined) ?? 0;
  if (s.house?.oilRaid !== undefined) {
    const { oilRaid: _done, ...rest } = s.house;
    s.house = rest;
  }
  if (s.opts.house.oil && oilCrisis(s)) {
    ctx.log('Rumania is lost and Baku is not Axis: Germany names two unit classes short of oil this turn', RULE_OIL);
    ctx.push('axis-oil', { chosen: [] });
    return;
  }
  const count = oilRaidClasses(raided);
  if (!count) return;
  ctx.log(`The raid on Rumania did ${raided} damage: Germany names ${count} unit class${count > 1 ? 'es' : ''} short of oil this turn`, RULE_OIL_RAID);
  ctx.push('axis-oil', { chosen: [], count });
}

/** Classes short of oil after a raid on Rumania: 4 points of damage rolled, one; 5 or more, two (l.165). */
export const oilRaidClasses = (damage: number): number => (damage >= 5 ? 2 : damage >= 4 ? 1 : 0);

/** After a raid on Rumania: the damage rolled (before any cap) is remembered for Germany's next turn. */
export function noteOilRaid(s: AaeState, damage: number): void {
  s.house = { ...(s.house ?? {}), oilRaid: Math.max(damage, (s.house?.oilRaid as number | undefined) ?? 0) };
}

interface OilFrame extends Frame { chosen: OilClass[]; count?: number }

export const axisOil: Procedure<AaeState, OilFrame> = {
  prompts(_s, f) {
    const choices: Choice[] = OIL_CLASSES.filter((c) => !f.chosen.includes(c))
      .map((c) => ({ action: { type: 'oil-short', class: c }, label: `${c} move one less this turn` }));
    return [{ seat: 'germany', rule: f.count ? RULE_OIL_RAID : RULE_OIL, kind: 'choose', text: `Axis oil: name ${f.chosen.length ? 'a second' : 'a first'} unit class short of oil`, choices }];
  },
  run(ctx) { ctx.pop(); },
  explain(_s, f, _seat, a) {
    if (a.type !== 'oil-short') return null;
    return { rule: RULE_OIL, message: `the classes are ${OIL_CLASSES.join(', ')}, each named once${f.chosen.length ? ` (${f.chosen.join(' named')} named)` : ''}` };
  },
  act(ctx, f, _seat, a) {
    const chosen = [...f.chosen, a.class as OilClass];
    if (chosen.length < (f.count ?? 2)) { ctx.goto('axis-oil', { ...f, chosen }); return; }
    const s = ctx.state;
    s.house = { ...(s.house ?? {}), oilShort: chosen };
    ctx.log(`Axis oil: German ${chosen.join(' and ')} move one less this turn`, f.count ? RULE_OIL_RAID : RULE_OIL);
    ctx.pop();
  },
};
