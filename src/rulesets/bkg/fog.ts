// Optional 9.12, fog of war: a seat sees only the top unit of each enemy stack (ruling 96). Redacted at the source:
// `view` and `boardView` leave the unseen units out, and logs naming units a seat may not see go to their side only.
import type { Ctx, Json } from '../../engine/index.ts';
import type { PieceView } from '../../engine/board.ts';
import { sideOf } from './politics.ts';
import { isMajor, MAJORS, POWER_NAMES, sideOfMajor, type Major, type Side } from './powers.ts';
import { BOX, optional, type BkgState, type Unit } from './state.ts';

/** Advanced 9.12: no stack holds more than 10 units; more in one place make further stacks. */
export const FOG_STACK_HEIGHT = 10;

/** Procedures whose frame is a combat at `place`: the units there are in the open (ruling 96). */
const COMBAT_FRAMES = new Set(['battle', 'bombardment', 'retreat', 'land-air']);

/** Units of one country beneath the tops of its stacks in one place: what a seat knows of them. */
export interface FogStack {
  where: string;
  power: string;
  /** Units beneath the top ones (the stacks' height shows, ruling 96). */
  beneath: number;
}

export interface Fogged {
  /** Ids of the units this seat may not see. */
  hidden: Set<string>;
  stacks: FogStack[];
}

/** Stack order (ruling 96): units on the map before those aboard, then by the counter's serial number (HQs last). */
function serial(u: Unit): number {
  const m = /-(\d+)$/.exec(u.id);
  return m ? Number(m[1]) : Number.MAX_SAFE_INTEGER;
}

/** The places whose units both sides see: a combat waiting or being fought there (ruling 96). */
function openPlaces(s: BkgState): Set<string> {
  const out = new Set(s.battles.map((b) => b.place));
  for (const f of s.stack) if (COMBAT_FRAMES.has(f.proc) && typeof f.place === 'string') out.add(f.place);
  return out;
}

/** The side a seat plays (a spectator: none, and sees every stack as an enemy's). */
function seatSide(s: BkgState, seat: string | null): Side | null {
  return seat !== null && isMajor(seat) ? sideOfMajor(s, seat) : null;
}

/** What `seat` may not see under optional 9.12 (nothing when the rule is off). */
export function fogFor(s: BkgState, seat: string | null): Fogged {
  const out: Fogged = { hidden: new Set(), stacks: [] };
  if (!optional(s, 'fogOfWar')) return out;
  const mine = seatSide(s, seat);
  const open = openPlaces(s);
  const groups = new Map<string, Unit[]>();
  for (const u of Object.values(s.units)) {
    if (u.where === BOX || open.has(u.where)) continue;
    const side = sideOf(s, u.power);
    if (side === null || side === mine) continue; // neutrals' units are not an enemy's stacks
    const key = `${u.where}|${u.power}`;
    const g = groups.get(key);
    if (g) g.push(u); else groups.set(key, [u]);
  }
  for (const units of groups.values()) {
    units.sort((a, b) => (a.aboard ? 1 : 0) - (b.aboard ? 1 : 0) || serial(a) - serial(b) || (a.id < b.id ? -1 : 1));
    let beneath = 0;
    units.forEach((u, i) => {
      if (i % FOG_STACK_HEIGHT === 0) return; // the top of a stack
      out.hidden.add(u.id);
      beneath++;
    });
    if (beneath) out.stacks.push({ where: units[0]!.where, power: units[0]!.power, beneath });
  }
  return out;
}

/** `v` with every mention of a hidden unit's id taken out (records keyed by one, lists holding one, such values). */
function scrub(v: Json, hidden: Set<string>): Json {
  if (typeof v === 'string') return hidden.has(v) ? 'hidden' : v;
  if (Array.isArray(v)) return v.filter((x) => !(typeof x === 'string' && hidden.has(x))).map((x) => scrub(x, hidden));
  if (v && typeof v === 'object') {
    const o: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v)) if (!hidden.has(k)) o[k] = scrub(x, hidden);
    return o;
  }
  return v;
}

/** A view's state with the units `seat` may not see left out, and what it knows of them (`fog`). */
export function fogView(s: BkgState, seat: string | null, view: Record<string, Json>): Record<string, Json> {
  const f = fogFor(s, seat);
  if (!f.hidden.size) return view;
  const out = scrub(view, f.hidden) as Record<string, Json>;
  out.fog = f.stacks as unknown as Json;
  return out;
}

/** The state as `seat` may see it (the hidden units gone), for the board view. */
export function fogState(s: BkgState, f: Fogged): BkgState {
  if (!f.hidden.size) return s;
  const units: Record<string, Unit> = {};
  for (const [id, u] of Object.entries(s.units)) if (!f.hidden.has(id)) units[id] = u;
  return { ...s, units, oos: s.oos.filter((id) => !f.hidden.has(id)) };
}

/** One piece for the units beneath the tops of a country's stacks in one place: its side and country only. */
export function fogPieces(s: BkgState, f: Fogged): PieceView[] {
  return f.stacks.map((st) => ({
    id: `fog:${st.where}:${st.power}`, where: st.where, side: sideOf(s, st.power) ?? 'neutral', power: st.power, type: 'hidden',
    count: st.beneath, hidden: true,
    note: `${st.beneath} ${POWER_NAMES[st.power] ?? st.power} ${st.beneath === 1 ? 'unit' : 'units'} beneath the top of the stack (BKG advanced 9.12: only the top unit may be looked at)`,
  }));
}

/**
 * Logs what `units` of one side do out of combat (arrivals, rail, loading...): under optional 9.12 only the seats of
 * that side read it (the others see the stacks' tops on the board).
 */
export function logUnits(ctx: Ctx<BkgState>, units: readonly Unit[], text: string, rule: string): void {
  const s = ctx.state;
  const side = units.length ? sideOf(s, units[0]!.power) : null;
  if (!optional(s, 'fogOfWar') || side === null) return void ctx.log(text, rule);
  ctx.log(text, rule, undefined, MAJORS.filter((m: Major) => sideOfMajor(s, m) === side));
}
