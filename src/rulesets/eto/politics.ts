// ETO politics in the implemented scenarios: the invasion of a neutral minor country (39.1-39.3: it joins the
// invader's enemies, its forces set up at once, 39.2) and the disposal of a conquered nation's ships (40.2).
import type { Choice, Ctx } from '../../engine/index.ts';
import { playOf } from './data/index.ts';
import { landMap, type LandState, theatreOf } from './land.ts';
import { type EtoState, otherSide, type Side } from './state.ts';

/** Neutral minors `side` may still invade. */
export function invadable(l: LandState, side: Side): string[] {
  return (playOf(l.scenario).rules.invaders?.[side] ?? []).filter((n) => !l.invaded?.includes(n));
}

/** Is a nation's force still out of play because it is neutral (39.2: it sets up when invaded)? */
export function neutral(l: LandState, nation: string): boolean {
  const all = Object.values(playOf(l.scenario).rules.invaders ?? {}).flat();
  return all.includes(nation) && !l.invaded?.includes(nation);
}

export function invasionChoices(s: EtoState, side: Side): Choice[] {
  const l = s.land;
  if (!l) return [];
  return invadable(l, side).map((n) => ({ action: { type: 'invade', nation: n }, label: `Declare the invasion of ${n.replace(/(^|-)(\w)/g, (_, d: string, c: string) => (d ? ' ' : '') + c.toUpperCase())} (39.2)` }));
}

/** 39.2-39.3: the minor joins the invader's enemies: its territory is theirs, and they set its forces up now. */
export function invade(ctx: Ctx<EtoState>, side: Side, nation: string): void {
  const l = ctx.state.land!;
  (l.invaded ??= []).push(nation);
  const m = landMap(theatreOf(l));
  const ally = otherSide(side);
  for (const [h, x] of Object.entries(m.hexes)) if (x.country === nation) l.control[h] = ally;
  ctx.log(`${side === 'axis' ? 'The Axis' : 'The Allies'} invade ${nation}: it joins ${ally === 'axis' ? 'the Axis' : 'the Allies'}, who set up its forces`, 'ETO 39.2, 39.3');
  ctx.push('set-up', { side: ally });
}
