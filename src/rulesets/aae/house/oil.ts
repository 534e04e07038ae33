// Axis oil vulnerability (house rules l.163): with Rumania in Allied hands and Baku not Axis, Germany names two unit
// classes at the start of its turn; its units of those classes move one less that turn.
import type { Choice, Ctx, Frame, Procedure } from '../../../engine/index.ts';
import type { UnitType } from '../data/index.ts';
import type { AaeState, Unit } from '../state.ts';
import { controller, sideOf, standIn, unitData } from '../world.ts';

export const RULE_OIL = 'AAE house rules l.163 (Axis oil vulnerability)';

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
  if (!s.opts.house.oil || u.power !== 'germany') return 0;
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
  if (!oilCrisis(s)) return;
  ctx.log('Rumania is lost and Baku is not Axis: Germany names two unit classes short of oil this turn', RULE_OIL);
  ctx.push('axis-oil', { chosen: [] });
}

interface OilFrame extends Frame { chosen: OilClass[] }

export const axisOil: Procedure<AaeState, OilFrame> = {
  prompts(_s, f) {
    const choices: Choice[] = OIL_CLASSES.filter((c) => !f.chosen.includes(c))
      .map((c) => ({ action: { type: 'oil-short', class: c }, label: `${c} move one less this turn` }));
    return [{ seat: 'germany', rule: RULE_OIL, kind: 'choose', text: `Axis oil: name ${f.chosen.length ? 'a second' : 'a first'} unit class short of oil`, choices }];
  },
  run(ctx) { ctx.pop(); },
  explain(_s, f, _seat, a) {
    if (a.type !== 'oil-short') return null;
    return { rule: RULE_OIL, message: `${RULE_OIL}: the classes are ${OIL_CLASSES.join(', ')}, each named once${f.chosen.length ? ` (${f.chosen.join(' named')} named)` : ''}` };
  },
  act(ctx, f, _seat, a) {
    const chosen = [...f.chosen, a.class as OilClass];
    if (chosen.length < 2) { ctx.goto('axis-oil', { chosen }); return; }
    const s = ctx.state;
    s.house = { ...(s.house ?? {}), oilShort: chosen };
    ctx.log(`Axis oil: German ${chosen.join(' and ')} move one less this turn`, RULE_OIL);
    ctx.pop();
  },
};
