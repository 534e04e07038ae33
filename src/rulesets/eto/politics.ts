// ETO politics in the implemented scenarios: the invasion of a neutral minor country (39.1-39.3: it joins the
// invader's enemies, its forces set up at once, 39.2) and the disposal of a conquered nation's ships (40.2).
import { type Choice, type Ctx, write } from '../../engine/index.ts';
import { playOf } from './data/index.ts';
import { basedAt, evacuate } from './air.ts';
import { appendToLand, controller, homeCountries, landMap, landOf, type LandState, theatreOf } from './land.ts';
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

/** A nation id as players name it ("norway" Norway). */
function nationName(n: string): string {
  return n.replace(/(^|-)(\w)/g, (_, d: string, c: string) => (d ? ' ' : '') + c.toUpperCase());
}

export function invasionChoices(s: EtoState, side: Side): Choice[] {
  const l = s.land;
  if (!l) return [];
  return invadable(l, side).map((n) => ({ action: { type: 'invade', nation: n }, label: `Declare the invasion of ${nationName(n)} (39.2)` }));
}

/** 39.2-39.3: the minor joins the invader's enemies: its territory is theirs, and they set its forces up now. */
export function invade(ctx: Ctx<EtoState>, side: Side, nation: string): void {
  const s = ctx.state;
  const l = s.land!;
  appendToLand(s, 'invaded', nation);
  const m = landMap(theatreOf(l));
  const ally = otherSide(side);
  for (const [h, x] of Object.entries(m.hexes)) if (x.country === nation) write(s, 'land', 'control')[h] = ally;
  ctx.log(`${side === 'axis' ? 'The Axis' : 'The Allies'} invade ${nationName(nation)}: it joins ${ally === 'axis' ? 'the Axis' : 'the Allies'}, who set up its forces`, 'ETO 39.2, 39.3');
  ctx.push('set-up', { side: ally });
}

/**
 * 40.1: the effects of `nation`'s conquest by `conqueror`: its land and air units leave the map and the force pool,
 * every hex of its home country on the scenario's map becomes the conqueror's (where no land unit of its partners
 * stands, ruling 68; their air units there move to another base, 13.2), and its ships are disposed of (40.2).
 */
export function conquer(ctx: Ctx<EtoState>, nation: string, conqueror: Side): void {
  const s = ctx.state;
  write(s, 'land', 'conquered').push(nation);
  for (const [id, u] of Object.entries(landOf(s).units)) if (u.nation === nation && u.where !== 'removed') { const w = write(s, 'land', 'units', id); w.where = 'removed'; w.hex = null; }
  for (const [id, a] of Object.entries(landOf(s).air)) if (a.nation === nation) { const w = write(s, 'land', 'air', id); w.where = 'removed'; w.base = null; }
  const l = landOf(s);
  const held = new Set(Object.values(l.units).filter((u) => u.where === 'map' && u.side !== conqueror && u.hex && (u.kind === 'inf' || u.kind === 'armor')).map((u) => u.hex!));
  const home = homeCountries(nation);
  const taken: string[] = [];
  for (const [h, x] of Object.entries(landMap(theatreOf(l)).hexes)) {
    if (!home.includes(x.country) || held.has(h) || controller(l, h) === conqueror) continue;
    write(s, 'land', 'control')[h] = conqueror;
    taken.push(h);
  }
  ctx.log(`${nation} is conquered: its units leave the map and the force pool, ${taken.length} more hexes of it become ${conqueror === 'axis' ? 'Axis' : 'Allied'}`, 'ETO 40.1');
  for (const h of taken) if (basedAt(landOf(s), h).some((a) => a.side !== conqueror)) evacuate(ctx, h);
  disposeNavy(ctx, nation, conqueror);
}

/** 40.2: two dice for each stack of the conquered nation's ships: 2-5 they stay with its partners, 6-9 leave play, 10-12 join the conqueror. */
function disposeNavy(ctx: Ctx<EtoState>, nation: string, conqueror: Side): void {
  const s = ctx.state;
  const stacks = new Map<string, string[]>();
  for (const sh of Object.values(s.ships).sort((a, b) => a.id.localeCompare(b.id))) {
    if (sh.nation !== nation || sh.sunk || sh.space === '') continue;
    const key = `${sh.space}${sh.inPort ? ' port' : ''}`;
    stacks.set(key, [...(stacks.get(key) ?? []), sh.id]);
  }
  for (const [key, ids] of stacks) {
    const names = ids.map((id) => s.ships[id]!.name).join(', ');
    const roll = ctx.roll(6, 2, `Disposal of ${names} (${key})`, 'ETO 40.2').total;
    if (roll <= 5) ctx.log(`${names} stay with the conqueror's enemies`, 'ETO 40.2');
    else if (roll <= 9) {
      // Out of play for good: marked sunk, which every rule already ignores (ruling 68).
      for (const id of ids) Object.assign(write(s, 'ships', id), { sunk: true, inPort: false });
      ctx.log(`${names} are permanently removed from play`, 'ETO 40.2');
    } else {
      for (const id of ids) write(s, 'ships', id).side = conqueror;
      ctx.log(`${names} join the conqueror's fleet`, 'ETO 40.2');
    }
  }
}
