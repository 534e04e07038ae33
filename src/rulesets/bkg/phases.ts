// The action segment of one side (basic 6.0): movement (6.1), the other side's reactions (6.1.5-6.1.6), combat (6.2),
// exploitation (6.3) with its reactions and combats. Every major of the side moves at the same time: each is
// prompted, each ends its own movement.
import { derived, write, type Frame, type Action, type Choice, type Ctx, type Procedure, type Prompt } from '../../engine/index.ts';
import { supplyCheck } from './supply.ts';
import { area, coastsOf, isSeaZone } from './map.ts';
import {
  type Destination, type MoveEnv, airReactionTargets, arrive, invasionReactionTargets, navalReactionTargets, canCarry, convoysFor, describeUnits, destinations, distinct,
  envFor, loadIndex, loadsOf, mayMove, observeTargets, occupationCloses, signature, moveUnit, reserveTargets, seatUnits, supportTargets, unitsBySeat, unitsByPlace, unloadTargets, withinJpChLimits,
} from './movement.ts';
import { battleSides } from './combat.ts';
import { atWar, friendly, isConquered, seatOf, sideOf } from './politics.ts';
import { MAJORS, POWER_NAMES, otherSide, sideOfMajor, type Major, type Side } from './powers.ts';
import { type BkgState, type Unit, isLandUnit, isShip, optional, unitLabel } from './state.ts';
import { passingSearch, pendingContacts } from './naval.ts';
import { cardPlays, inAfrica, paraDropChoices, playCard, spendCard, titoAllows, titoGarrison } from './cards.ts';
import { bombardmentChoices, fireVWeapon, flyBombardment, vWeaponChoices } from './bombing.ts';
import { unpinned } from './pinning.ts';
import { attackedAtSea, navalReserveTargets, seaBasedHq } from './navalhq.ts';
import { logUnits } from './fog.ts';

type Phase = 'move' | 'exploit';

/** HQ command left in this phase: where the HQ stood when it began, and how many more units it may send (6.1.6, 6.3). */
type HqCommand = Record<string, { at: string; left: number }>;

interface MovementFrame extends Frame {
  side: Side;
  phase: Phase;
  ended: Major[];
  hqs: HqCommand;
}

function seatsOf(s: BkgState, side: Side): Major[] {
  const present = unitsBySeat(s);
  return MAJORS.filter((m) => sideOfMajor(s, m) === side && !isConquered(s, m) && present.has(m));
}

/** The marks of a phase on a unit. */
const PHASE_MARKS = ['mp', 'dbl', 'hostile', 'done', 'carried', 'board', 'invading', 'via', 'carrier', 'raid'] as const;

/** Clear the per-phase marks of a side's units (6.1.1: each unit moves once per phase). */
export function clearMarks(s: BkgState, side: Side): void {
  for (const u of Object.values(s.units)) {
    if (sideOf(s, u.power) !== side || !PHASE_MARKS.some((k) => k in u)) continue;
    const w = write(s, 'units', u.id);
    for (const k of PHASE_MARKS) delete w[k];
  }
}

/** HQs of a side and their command ratings, where they stand now. */
export function hqCommand(s: BkgState, side: Side): HqCommand {
  const out: HqCommand = {};
  for (const u of Object.values(s.units)) {
    // A naval HQ carried at sea commands the ships of its sea zone (6.3, 6.1.6).
    if (u.type === 'hq' && u.where !== 'box' && (!u.aboard || seaBasedHq(u)) && sideOf(s, u.power) === side) out[u.id] = { at: u.where, left: u.front };
  }
  return out;
}

function commandedBy(s: BkgState, hqs: HqCommand, u: Unit): string | null {
  // Card Triumph & Fall of the Desert Fox: in Africa the side's land units exploit without an HQ.
  if (inAfrica(u.where) && s.effects.includes(`desert-fox:${sideOf(s, u.power)}`)) return 'desert-fox';
  for (const [id, h] of Object.entries(hqs)) {
    const hq = s.units[id];
    if (hq && h.at === u.where && h.left > 0 && friendly(s, hq.power, u.power)) return id;
  }
  return null;
}

/** What each power sees, computed once per call. */
class EnvCache {
  private readonly envs = new Map<string, MoveEnv>();
  constructor(readonly s: BkgState) {}
  of(power: string): MoveEnv {
    let e = this.envs.get(power);
    if (!e) { e = envFor(this.s, power); this.envs.set(power, e); }
    return e;
  }
}

function placeLabel(id: string): string {
  return area(id).name;
}

function moveLabel(u: Unit | string, to: string, d: Destination): string {
  const what = typeof u === 'string' ? u : unitLabel(u);
  return `${what} to ${placeLabel(to)}${d.attack ? ' (attack)' : ''}${d.double ? ' (double range)' : ''}`;
}

/** The movable units of a seat at one place in this phase. */
function movers(s: BkgState, f: MovementFrame, seat: Major, place: string): Unit[] {
  return (unitsByPlace(s).get(place) ?? []).filter((u) => seatOf(s, u.power) === seat
    && mayMove(s, u, f.phase, (v) => commandedBy(s, f.hqs, v) !== null));
}

/**
 * The moves of a seat's units at one place. `only`: the legality check of that one action (choicesFor): the list
 * may leave out what cannot equal it (a move of one unit searches that unit's destinations alone; a move of several
 * lists the moves to its destination only; any other action lists no move).
 */
function movementChoices(s: BkgState, f: MovementFrame, seat: Major, place: string, only?: Action): Choice[] {
  const envs = new EnvCache(s);
  const out: Choice[] = [];
  const units = movers(s, f, seat, place);
  const onlyMove = only?.type === 'move' ? only : undefined;
  const onlyIds = onlyMove && Array.isArray(onlyMove.units) ? (onlyMove.units as string[]) : null;
  if (only && (only.type !== 'move' || onlyIds?.length === 1)) {
    // Not a move of several units: no group's move can equal it.
    if (onlyIds) {
      const u = distinct(s, units).find((x) => x.id === onlyIds[0]);
      const d = u && destinations(envs.of(u.power), u, f.phase).get(onlyMove!.to as string);
      if (u && d) out.push({ action: { type: 'move', units: [u.id], to: onlyMove!.to as string }, label: moveLabel(u, onlyMove!.to as string, d), refs: { units: [u.id], from: place, place: onlyMove!.to as string, path: d.path } });
      return titoFilter(s, place, out);
    }
    return otherChoices(s, f, seat, place, units, envs, out);
  }
  const reach = new Map<string, Map<string, Destination>>();
  // Interchangeable units (same signature and marks) reach the same places: search once for each kind.
  const idx = units.some((u) => u.type === 'conv') ? loadIndex(s) : null;
  const kinds = new Map<string, Map<string, Destination>>();
  for (const u of units) {
    const k = `${signature(s, u, idx)}|${u.done ? 1 : 0}|${u.rebased ? 1 : 0}|${u.invading ? 1 : 0}|${u.via ?? ''}|${u.aboard ?? ''}|${u.board ?? ''}|${u.carrier ?? ''}`;
    let r = kinds.get(k);
    if (!r) kinds.set(k, (r = destinations(envs.of(u.power), u, f.phase)));
    reach.set(u.id, r);
  }
  // An HQ goes along with combat units into their attack (a stack moving together).
  const withUnits = new Map<string, Map<string, Destination>>();
  for (const u of units) if (u.type === 'hq') withUnits.set(u.id, destinations(envs.of(u.power), u, f.phase, true));
  if (!onlyMove) {
    for (const u of distinct(s, units)) {
      for (const [to, d] of reach.get(u.id)!) {
        out.push({ action: { type: 'move', units: [u.id], to }, label: moveLabel(u, to, d), refs: { units: [u.id], from: place, place: to, path: d.path } });
      }
    }
  }
  if (units.length > 1) {
    const dests = new Set<string>();
    for (const m of reach.values()) for (const to of m.keys()) dests.add(to);
    for (const to of [...dests].sort()) {
      if (onlyMove && to !== onlyMove.to) continue;
      const combat = units.some((u) => u.type !== 'hq' && isLandUnit(u) && reach.get(u.id)!.get(to)?.attack);
      let all = units.filter((u) => reach.get(u.id)!.has(to) || (combat && withUnits.get(u.id)?.has(to)));
      if (f.phase === 'exploit') all = limitByCommand(s, f.hqs, all);
      all = withinJpChLimits(s, all, to);
      // Ruling 104: a land unit's occupation would close the area to the rest of its group (9.11): it moves alone.
      const occupier = (u: Unit) => isLandUnit(u) && u.type !== 'hq' && occupationCloses(envs.of(u.power), to);
      const seen = new Set<string>();
      const kinds: [string, Unit[]][] = [
        ['All that can', all],
        ['Land units', all.filter(isLandUnit)],
        ['Aircraft', all.filter((u) => u.type === 'air')],
        ['Task forces', all.filter((u) => u.type === 'tf')],
        ['Ships', all.filter((u) => u.type === 'tf' || u.type === 'sub' || u.type === 'conv')],
      ];
      for (const [what, group] of kinds) {
        if (group.length < 2 || group.some(occupier)) continue;
        const ids = group.map((u) => u.id).sort();
        const key = ids.join(',');
        if (seen.has(key)) continue;
        seen.add(key);
        const d = reach.get(group.find((u) => reach.get(u.id)!.has(to))?.id ?? '')?.get(to) ?? withUnits.get(group[0]!.id)!.get(to)!;
        out.push({ action: { type: 'move', units: ids, to }, label: moveLabel(`${what} (${describeUnits(group)})`, to, d), refs: { units: ids, from: place, place: to, path: d.path } });
      }
    }
  }
  return onlyMove ? titoFilter(s, place, out) : otherChoices(s, f, seat, place, units, envs, out);
}

/** The choices of a place other than moves (bombardment, para drops, aircraft searches, loads, unloads, support). */
function otherChoices(s: BkgState, f: MovementFrame, seat: Major, place: string, units: Unit[], envs: EnvCache, out: Choice[]): Choice[] {
  if (f.phase === 'move' && !isSeaZone(place)) {
    out.push(...bombardmentChoices(s, seat, units, place), ...paraDropChoices(s, seat, units, place));
    for (const u of distinct(s, units)) {
      for (const to of observeTargets(envs.of(u.power), u)) out.push({ action: { type: 'observe', unit: u.id, to }, label: `${unitLabel(u)} watches ${placeLabel(to)} (aircraft search)`, refs: { units: [u.id], from: place, place: to } });
    }
    for (const u of distinct(s, units)) {
      for (const c of distinct(s, convoysFor(s, u))) {
        out.push({ action: { type: 'load', unit: u.id, convoy: c.id }, label: `Load ${unitLabel(u)} onto ${POWER_NAMES[c.power]} ${unitLabel(c)} in ${placeLabel(c.where)}`, refs: { units: [u.id, c.id], from: place, place: c.where } });
      }
    }
  }
  if (isSeaZone(place)) {
    const env = (u: Unit) => envs.of(u.power);
    const here = unitsByPlace(s).get(place) ?? [];
    const loaded = here.filter((u) => u.aboard && seatOf(s, u.power) === seat && !u.done);
    if (f.phase === 'move') {
      for (const u of distinct(s, loaded)) {
        for (const t of unloadTargets(env(u), u)) {
          out.push({ action: { type: 'unload', unit: u.id, to: t.to }, label: `Unload ${unitLabel(u)} into ${placeLabel(t.to)}${t.attack ? ' (attack)' : ''}`, refs: { units: [u.id], from: place, place: t.to } });
        }
        if (mayTransfer(s, u)) {
          for (const c of here) {
            if (c.type === 'conv' && c.id !== u.aboard && canCarry(s, c, u)) {
              out.push({ action: { type: 'transfer', unit: u.id, convoy: c.id }, label: `Transfer ${unitLabel(u)} to ${unitLabel(c)}`, refs: { units: [u.id, c.id], place } });
            }
          }
        }
      }
      for (const tf of here) {
        if (tf.type !== 'tf' || seatOf(s, tf.power) !== seat) continue;
        for (const to of supportTargets(s, tf, f.side, true)) {
          out.push({ action: { type: 'support', unit: tf.id, to }, label: `${unitLabel(tf)} supports the attack on ${placeLabel(to)}`, refs: { units: [tf.id], from: place, place: to } });
        }
      }
    }
  }
  return titoFilter(s, place, out);
}

/** Card Tito Partisans: the German garrison of Yugoslavia stays at 5 strength points. */
function titoFilter(s: BkgState, place: string, out: Choice[]): Choice[] {
  return place === 'yugoslavia' ? out.filter((c) => titoAllows(s, ((c.action.units as string[] | undefined) ?? [c.action.unit as string]).map((id) => s.units[id]!))) : out;
}

/** 6.1.3 A: a load may change convoys in a sea zone next to a friendly area. */
function mayTransfer(s: BkgState, u: Unit): boolean {
  const c = s.units[u.aboard!];
  return !!c && coastsOf(c.where).some((a) => friendly(s, u.power, s.control[a]!));
}

/** Infantry (and ships under a naval HQ) moving in exploitation: only as many as the HQs where they stand still
 *  command (6.3). */
function limitByCommand(s: BkgState, hqs: HqCommand, units: Unit[]): Unit[] {
  const left = new Map(Object.entries(hqs).map(([id, h]) => [id, h.left]));
  const out: Unit[] = [];
  for (const u of units) {
    if (u.type !== 'inf' && !isShip(u)) { out.push(u); continue; }
    if (inAfrica(u.where) && s.effects.includes(`desert-fox:${sideOf(s, u.power)}`)) { out.push(u); continue; }
    const id = [...left.keys()].find((h) => hqs[h]!.at === u.where && left.get(h)! > 0 && friendly(s, s.units[h]?.power ?? '', u.power));
    if (!id) continue;
    left.set(id, left.get(id)! - 1);
    out.push(u);
  }
  return out;
}

function groupsFor(s: BkgState, f: MovementFrame, seat: Major, units: readonly Unit[]): { key: string; label: string; refs: { units: string[]; place: string } }[] {
  const places = new Map<string, Unit[]>();
  for (const u of units) {
    const ok = mayMove(s, u, f.phase, (v) => commandedBy(s, f.hqs, v) !== null)
      || (f.phase === 'move' && !!u.aboard && !u.done)
      || (f.phase === 'move' && u.type === 'tf' && isSeaZone(u.where) && !u.from && s.battles.length > 0);
    if (ok) (places.get(u.where) ?? places.set(u.where, []).get(u.where)!).push(u);
  }
  return [...places.keys()].sort().map((p) => ({ key: p, label: `${placeLabel(p)}: ${describeUnits(places.get(p)!)}`, refs: { units: places.get(p)!.map((u) => u.id), place: p } }));
}

/** Card Tito Partisans, in effect: while the German garrison of Yugoslavia is under 5 strength points and a German
 *  land unit can still move there, Germany may not end its movement phase (ruling 80). */
function titoOwed(s: BkgState, f: MovementFrame, seat: Major, groups: { key: string }[]): boolean {
  if (seat !== 'germany' || f.phase !== 'move' || titoGarrison(s) >= 5) return false;
  return groups.some((g) => movementChoices(s, f, seat, g.key).some((c) => c.action.type === 'move' && c.action.to === 'yugoslavia'
    && (c.action.units as string[]).some((id) => s.units[id]!.type === 'inf' || s.units[id]!.type === 'arm')));
}

export const movement: Procedure<BkgState, MovementFrame> = {
  prompts(s, f) {
    const out: Prompt[] = [];
    const onMap = unitsBySeat(s);
    for (const seat of seatsOf(s, f.side)) {
      if (f.ended.includes(seat)) continue;
      const groups = groupsFor(s, f, seat, onMap.get(seat) ?? []);
      if (titoOwed(s, f, seat, groups)) {
        out.push({
          seat, rule: 'BKG card Tito Partisans', kind: 'move',
          text: `Germany: movement phase. The garrison of Yugoslavia has ${titoGarrison(s)} of the 5 strength points Tito Partisans requires: move land units there before ending.`,
          choices: [...cardPlays(s, seat), ...vWeaponChoices(s, seat)],
          groups,
        });
        continue;
      }
      out.push({
        seat, rule: f.phase === 'move' ? 'BKG 6.1' : 'BKG 6.3', kind: 'move',
        text: f.phase === 'move' ? `${POWER_NAMES[seat]}: movement phase. Move units (entering enemy units attacks them), then end.` : `${POWER_NAMES[seat]}: exploitation phase (armor, HQs, infantry commanded by an HQ).`,
        choices: [...cardPlays(s, seat), ...(f.phase === 'move' ? vWeaponChoices(s, seat) : []), { action: { type: 'end' }, label: f.phase === 'move' ? 'End movement' : 'End exploitation' }],
        groups,
      });
    }
    return out;
  },
  choicesIn(s, f, seat, group) {
    return movementChoices(s, f, seat as Major, group);
  },
  sparseGroups: true, // a stack may have nowhere to go, aircraft in exploitation no attack to join
  choicesFor(s, f, seat, group, action) {
    return movementChoices(s, f, seat as Major, group, action);
  },
  groupOf(s, _f, _seat, action) {
    return groupOfAction(s, action);
  },
  run(ctx) {
    ctx.pop();
  },
  act(ctx, f, seat, action) {
    const s = ctx.state;
    if (action.type === 'end') return void ctx.goto('movement', { ...f, ended: [...f.ended, seat as Major] });
    if (action.type === 'play') return void playCard(ctx, seat as Major, action.card as string, action.target as string | undefined);
    if (action.type === 'v-weapon') return void fireVWeapon(ctx, seat as Major, action.to as string, action.atomic === true);
    if (action.type === 'bomb') return void flyBombardment(ctx, seat as Major, action.units as string[], action.to as string, f.side, action.atomic === true);
    if (action.type === 'observe') { // optional 9.1 (ruling 98)
      const u = write(s, 'units', action.unit as string);
      logUnits(ctx, [u], `${POWER_NAMES[u.power]} ${unitLabel(u)} flies to watch ${placeLabel(action.to as string)}`, 'BKG advanced 9.1');
      u.where = action.to as string;
      u.done = true;
      u.observe = s.turn;
      return;
    }
    if (action.type === 'para-drop') { // card Para Troops (ruling 82)
      const u = write(s, 'units', action.unit as string), air = write(s, 'units', action.air as string);
      spendCard(ctx, seat as Major, 'para-troops');
      logUnits(ctx, [u], `${POWER_NAMES[seat as Major]} plays Para Troops: ${unitLabel(u)} flies from ${placeLabel(u.where)} to ${placeLabel(action.to as string)}`, 'BKG card Para Troops');
      air.done = true;
      write(s, 'effects').push(`para-air:${air.id}`);
      u.done = true;
      arrive(ctx, u, action.to as string, f.side);
      return;
    }
    if (action.type === 'move') {
      const hqs = structuredClone(f.hqs);
      const ids = [...(action.units as string[])].sort((a, b) => Number(s.units[a]!.type === 'hq') - Number(s.units[b]!.type === 'hq'));
      const first = s.units[ids[0]!]!;
      if (s.rules === 'advanced' && isShip(first)) {
        // Advanced 6.4.3 D: enemy ships on the way search for the group; found, it stops there and fights.
        const group = ids.map((id) => s.units[id]!);
        const d0 = destinations(envFor(ctx.settled ?? s, first.power), first, f.phase).get(action.to as string)!;
        const stop = passingSearch(ctx, group, d0.path, f.side);
        if (stop) {
          const steps = d0.path.indexOf(stop);
          for (const g of group) {
            const u = write(s, 'units', g.id);
            u.mp = (u.mp ?? 0) + steps;
            u.done = true;
            u.where = stop;
            for (const l of Object.values(s.units)) if (l.aboard === u.id) write(s, 'units', l.id).where = stop;
          }
          if (!s.battles.some((b) => b.place === stop)) write(s, 'battles').push({ place: stop, attacker: f.side });
          return;
        }
      }
      // Every unit of the stack goes the way the move offered it when chosen (the settled state), whatever the units
      // before it changed on arriving: a declaration of war (8.3), a place taken (ruling 111).
      const settled = ctx.settled!;
      for (const id of ids) {
        const u = s.units[id]!;
        const d = destinations(envFor(settled, u.power), settled.units[id]!, f.phase, true).get(action.to as string)!;
        const by = f.phase === 'exploit' && (u.type === 'inf' || isShip(u)) ? commandedBy(s, hqs, u) : null;
        if (by && hqs[by]) hqs[by]!.left--;
        moveUnit(ctx, u, action.to as string, d, f.side);
      }
      if (f.phase === 'exploit') ctx.goto('movement', { ...f, hqs });
      return;
    }
    if (action.type === 'load') {
      const u = write(s, 'units', action.unit as string);
      const c = s.units[action.convoy as string]!;
      u.aboard = c.id;
      u.where = c.where;
      u.board = c.mp ?? 0;
      logUnits(ctx, [u], `${POWER_NAMES[u.power]} ${unitLabel(u)} loads onto a convoy in ${placeLabel(c.where)}`, 'BKG 6.1.3');
      return;
    }
    if (action.type === 'transfer') {
      const u = write(s, 'units', action.unit as string);
      u.aboard = action.convoy as string;
      logUnits(ctx, [u], `${POWER_NAMES[u.power]} ${unitLabel(u)} changes convoys in ${placeLabel(u.where)}`, 'BKG 6.1.3');
      return;
    }
    if (action.type === 'unload') {
      const u = write(s, 'units', action.unit as string);
      const c = write(s, 'units', u.aboard!);
      c.carried = true;
      delete u.aboard;
      u.done = true;
      logUnits(ctx, [u], `${POWER_NAMES[u.power]} ${unitLabel(u)} unloads into ${placeLabel(action.to as string)}`, 'BKG 6.1.3');
      delete u.board;
      u.carrier = c.id;
      arrive(ctx, u, action.to as string, f.side, true);
      return;
    }
    if (action.type === 'support') {
      const tf = write(s, 'units', action.unit as string);
      tf.from = tf.where;
      tf.where = action.to as string;
      tf.done = true;
      ctx.log(`${POWER_NAMES[tf.power]} ${unitLabel(tf)} supports the combat in ${placeLabel(tf.where)}`, 'BKG 6.1.3');
    }
  },
};

function groupOfAction(s: BkgState, action: Action): string | null {
  const id = (action.units as string[] | undefined)?.[0] ?? (action.unit as string | undefined);
  const u = id ? s.units[id] : undefined;
  if (!u) return null;
  return u.where;
}

interface ReactionFrame extends Frame {
  side: Side;
  phase: Phase;
  ended: Major[];
  hqs: HqCommand;
}

/** Places the enemy attacks with land units (6.1.6: only these draw reserves). */
function attackedByLand(s: BkgState, side: Side): Set<string> {
  return derived(s, `bkg:attacked-by-land:${side}`, () => {
    const out = new Set<string>();
    const byPlace = s.battles.length ? unitsByPlace(s) : undefined;
    for (const b of s.battles) {
      if (b.attacker === side) continue;
      if (battleSides(s, b, byPlace).att.some((u) => u.type === 'inf' || u.type === 'arm')) out.add(b.place);
    }
    return out;
  });
}

/** Card Blitzkrieg: no reserves or aircraft against battles German units attack in this action segment. */
function blitzkrieged(s: BkgState, to: string): boolean {
  if (!s.effects.includes('segment:blitzkrieg')) return false;
  const b = s.battles.find((x) => x.place === to);
  return !!b && battleSides(s, b).att.some((u) => u.power === 'germany');
}

function reactionChoices(s: BkgState, f: ReactionFrame, seat: Major, place: string): Choice[] {
  const envs = new EnvCache(s);
  const out: Choice[] = [];
  let here = (unitsByPlace(s).get(place) ?? []).filter((u) => !u.aboard && !u.done && !u.from && u.observe === undefined && seatOf(s, u.power) === seat);
  // Units attacked where they stand fight there (basic); advanced 10.1: only as many as the attackers pin.
  const attacked = s.battles.some((b) => b.place === place);
  if (attacked && s.rules !== 'advanced') return out;
  if (attacked) here = here.filter((u) => unpinned(s, [u]));
  const free = (units: Unit[]) => !attacked || unpinned(s, units);
  const landAttacked = attackedByLand(s, f.side);
  for (const u of distinct(s, here)) {
    if (u.type === 'air') {
      for (const [to, d] of airReactionTargets(envs.of(u.power), u)) if (!blitzkrieged(s, to)) out.push({ action: { type: 'react', units: [u.id], to }, label: `${unitLabel(u)} to ${placeLabel(to)}`, refs: { units: [u.id], from: place, place: to, path: d.path } });
    }
    if (u.type === 'tf' && f.phase === 'move') {
      for (const to of supportTargets(s, u, f.side, false)) out.push({ action: { type: 'support', unit: u.id, to }, label: `${unitLabel(u)} supports the defence of ${placeLabel(to)}`, refs: { units: [u.id], from: place, place: to } });
    }
  }
  // Advanced 6.5.4: land units next to an invaded area may enter it without an HQ; ships within 3 sea zones of an
  // invasion sea zone may attack the invasion fleet there.
  if (s.rules === 'advanced') {
    const lands = here.filter((u) => invasionReactionTargets(s, u, f.side).length > 0);
    for (const to of new Set(lands.flatMap((u) => invasionReactionTargets(s, u, f.side)))) {
      const movers = lands.filter((u) => invasionReactionTargets(s, u, f.side).includes(to));
      for (const u of distinct(s, movers)) out.push({ action: { type: 'invasion-react', units: [u.id], to }, label: `${unitLabel(u)} to ${placeLabel(to)} (against the invasion)`, refs: { units: [u.id], from: place, place: to } });
      if (movers.length > 1 && free(movers)) out.push({ action: { type: 'invasion-react', units: movers.map((u) => u.id).sort(), to }, label: `${describeUnits(movers)} to ${placeLabel(to)} (against the invasion)`, refs: { units: movers.map((u) => u.id), from: place, place: to } });
    }
    if (f.phase === 'move') {
      const ships = here.filter(isShip);
      const targets = new Map<string, Unit[]>();
      for (const u of ships) for (const to of navalReactionTargets(envs.of(u.power), u).keys()) targets.set(to, [...(targets.get(to) ?? []), u]);
      for (const [to, movers] of targets) {
        for (const u of distinct(s, movers)) out.push({ action: { type: 'naval-react', units: [u.id], to }, label: `${unitLabel(u)} to ${placeLabel(to)} (against the invasion fleet)`, refs: { units: [u.id], from: place, place: to } });
        if (movers.length > 1 && free(movers)) out.push({ action: { type: 'naval-react', units: movers.map((u) => u.id).sort(), to }, label: `${describeUnits(movers)} to ${placeLabel(to)} (against the invasion fleet)`, refs: { units: movers.map((u) => u.id), from: place, place: to } });
      }
    }
  }
  const hqHere = Object.entries(f.hqs).filter(([id, h]) => h.at === place && s.units[id]);
  if (hqHere.length && isSeaZone(place)) { // naval reserves under a naval HQ at sea (6.1.6)
    const cmd = hqHere.reduce((n, [, h]) => n + h.left, 0);
    const zones = attackedAtSea(s, f.side);
    const ships = cmd > 0 ? here.filter(isShip) : [];
    const targets = new Map<string, Unit[]>();
    for (const u of ships) for (const [to, d] of navalReserveTargets(envs.of(u.power), u, zones)) {
      targets.set(to, [...(targets.get(to) ?? []), u]);
      if (distinct(s, ships).includes(u)) out.push({ action: { type: 'reserve', units: [u.id], to }, label: `${unitLabel(u)} to ${placeLabel(to)} (naval reserve)`, refs: { units: [u.id], from: place, place: to, path: d.path } });
    }
    for (const [to, movers] of targets) {
      const all = movers.slice(0, cmd);
      if (all.length > 1 && free(all)) out.push({ action: { type: 'reserve', units: all.map((u) => u.id).sort(), to }, label: `${describeUnits(all)} to ${placeLabel(to)} (naval reserve)`, refs: { units: all.map((u) => u.id), from: place, place: to } });
    }
  } else if (hqHere.length) {
    const cmd = hqHere.reduce((n, [, h]) => n + h.left, 0);
    for (const u of distinct(s, here.filter(isLandUnit))) {
      if (u.type !== 'hq' && cmd <= 0) continue;
      for (const [to, d] of reserveTargets(envs.of(u.power), u, landAttacked)) {
        if (blitzkrieged(s, to)) continue;
        out.push({ action: { type: 'reserve', units: [u.id], to }, label: `${unitLabel(u)} to ${placeLabel(to)} (reserve)`, refs: { units: [u.id], from: place, place: to, path: d.path } });
      }
    }
    const land = here.filter((u) => isLandUnit(u) && u.type !== 'hq');
    if (land.length > 1 && cmd > 1) {
      for (const to of landAttacked) {
        if (blitzkrieged(s, to)) continue;
        const all = land.filter((u) => reserveTargets(envs.of(u.power), u, landAttacked).has(to)).slice(0, cmd);
        if (all.length > 1 && free(all)) out.push({ action: { type: 'reserve', units: all.map((u) => u.id).sort(), to }, label: `${describeUnits(all)} to ${placeLabel(to)} (reserve)`, refs: { units: all.map((u) => u.id), from: place, place: to } });
      }
    }
  }
  return out;
}

export const reaction: Procedure<BkgState, ReactionFrame> = {
  prompts(s, f) {
    const atSea = attackedAtSea(s, f.side);
    if (!s.battles.some((b) => b.attacker !== f.side) && !atSea.size) return [];
    const attackers = new Set<string>();
    const byPlace = unitsByPlace(s);
    for (const b of s.battles) if (b.attacker !== f.side) for (const u of battleSides(s, b, byPlace).att) attackers.add(u.power);
    for (const p of atSea) for (const u of byPlace.get(p) ?? []) if (isShip(u) && sideOf(s, u.power) !== f.side) attackers.add(u.power);
    const out: Prompt[] = [];
    for (const seat of seatsOf(s, f.side)) {
      if (f.ended.includes(seat)) continue;
      // Only a seat at war with an attacker may react (a neutral's units stay out).
      if (!seatUnits(s, seat).some((u) => [...attackers].some((a) => atWar(s, u.power, a)))) continue;
      const places = new Map<string, Unit[]>();
      const invasionZones = s.battles.some((b) => b.invasion && !b.neutralMinor && b.attacker !== f.side);
      const enemyBattles = s.battles.some((b) => b.attacker !== f.side);
      for (const u of seatUnits(s, seat)) {
        if (u.aboard || u.done || u.from) continue;
        const commanded = Object.values(f.hqs).some((h) => h.at === u.where);
        if ((enemyBattles && (u.type === 'air' || (u.type === 'tf' && f.phase === 'move') || (isLandUnit(u) && commanded)
          || (s.rules === 'advanced' && (invasionReactionTargets(s, u, f.side).length > 0 || (f.phase === 'move' && invasionZones && isShip(u))))))
          || (atSea.size > 0 && isShip(u) && commanded)) {
          places.set(u.where, [...(places.get(u.where) ?? []), u]);
        }
      }
      if (places.size === 0) continue;
      out.push({
        seat, rule: 'BKG 6.1.5', kind: 'react',
        text: `${POWER_NAMES[seat]}: react to the ${otherSide(f.side) === 'axis' ? 'Axis' : 'Allied'} attacks with aircraft, task forces and reserves, then end.`,
        choices: [...cardPlays(s, seat, true), { action: { type: 'end' }, label: 'End reactions' }],
        groups: [...places.keys()].sort().map((p) => ({ key: p, label: `${placeLabel(p)}: ${describeUnits(places.get(p)!)}`, refs: { units: places.get(p)!.map((u) => u.id), place: p } })),
      });
    }
    return out;
  },
  choicesIn(s, f, seat, group) {
    return reactionChoices(s, f, seat as Major, group);
  },
  sparseGroups: true, // units that may react but reach no battle
  groupOf(s, _f, _seat, action) {
    return groupOfAction(s, action);
  },
  run(ctx) {
    ctx.pop();
  },
  act(ctx, f, seat, action) {
    const s = ctx.state;
    if (action.type === 'end') return void ctx.goto('reaction', { ...f, ended: [...f.ended, seat as Major] });
    if (action.type === 'play') return void playCard(ctx, seat as Major, action.card as string, action.target as string | undefined);
    if (action.type === 'support') {
      const tf = write(s, 'units', action.unit as string);
      tf.from = tf.where;
      tf.where = action.to as string;
      tf.done = true;
      ctx.log(`${POWER_NAMES[tf.power]} ${unitLabel(tf)} supports the defence of ${placeLabel(tf.where)}`, 'BKG 6.1.5');
      return;
    }
    const units = (action.units as string[]).map((id) => write(s, 'units', id));
    const from = units[0]!.where;
    if (action.type === 'invasion-react' || action.type === 'naval-react') {
      for (const u of units) {
        for (const l of loadsOf(s, u)) write(s, 'units', l.id).where = action.to as string; // a convoy takes its load along
        u.where = action.to as string; u.done = true;
      }
      if (action.type === 'naval-react' && !s.battles.some((b) => b.place === action.to)) write(s, 'battles').push({ place: action.to as string, attacker: f.side });
      ctx.log(`${POWER_NAMES[seatOf(s, units[0]!.power)!]} moves ${describeUnits(units)} from ${placeLabel(from)} to ${placeLabel(action.to as string)} against the invasion`, 'BKG advanced 6.5.4');
      return;
    }
    if (action.type === 'reserve') {
      const hqs = structuredClone(f.hqs);
      for (const u of units) {
        if (u.type === 'hq') continue;
        const id = Object.keys(hqs).find((h) => hqs[h]!.at === from && hqs[h]!.left > 0)!;
        hqs[id]!.left--;
      }
      ctx.goto('reaction', { ...f, hqs });
    }
    for (const u of units) {
      for (const l of loadsOf(s, u)) write(s, 'units', l.id).where = action.to as string; // a convoy takes its load (a naval HQ) along
      u.where = action.to as string; u.done = true;
    }
    ctx.log(`${POWER_NAMES[seatOf(s, units[0]!.power)!]} ${action.type === 'reserve' ? 'moves reserves' : 'sends aircraft'} (${describeUnits(units)}) from ${placeLabel(from)} to ${placeLabel(action.to as string)}`, action.type === 'reserve' ? 'BKG 6.1.6' : 'BKG 6.1.5');
  },
};

interface SegmentFrame extends Frame {
  proc: 'segment';
  side: Side;
  step: 'supply1' | 'rail' | 'rebase' | 'move' | 'react' | 'combat' | 'supply2' | 'exploit' | 'react2' | 'combat2' | 'cards' | 'done';
  /** Optional 9.1: the side's watching aircraft of earlier turns were sent back after this movement phase. */
  watchEnded?: boolean;
}

const NEXT: Record<SegmentFrame['step'], SegmentFrame['step']> = {
  supply1: 'rail', rail: 'rebase', rebase: 'move', move: 'react', react: 'combat', combat: 'supply2', supply2: 'exploit',
  exploit: 'react2', react2: 'combat2', combat2: 'cards', cards: 'done', done: 'done',
};

interface SegmentCardsFrame extends Frame {
  proc: 'segment-cards';
  side: Side;
  ended: string[];
  /** The US entry phase's window (advanced 7.2): only these seats, only these cards. */
  seats?: Major[];
  only?: string[];
}

function segmentCardPrompts(s: BkgState, f: SegmentCardsFrame): Prompt[] {
  return (f.seats ?? seatsOf(s, f.side)).filter((m) => !f.ended.includes(m)).flatMap((m) => {
    const plays = cardPlays(s, m).filter((c) => !f.only || f.only.includes(c.action.card as string));
    return plays.length ? [{
      seat: m, rule: 'BKG advanced 7.4', kind: 'card', text: `${POWER_NAMES[m]}: play a card ${f.only ? 'in the US entry phase' : 'before the action segment ends'}?`,
      choices: [...plays, { action: { type: 'end' }, label: 'No more cards' }],
    }] : [];
  });
}

/** Advanced 7.4: a card may be played whenever its owner wishes; the segment's last window is after its combats (the
 *  tutorial's Coup in Iraq). */
export const segmentCards: Procedure<BkgState, SegmentCardsFrame> = {
  prompts: segmentCardPrompts,
  run(ctx, f) {
    if (!segmentCardPrompts(ctx.state, f).length) ctx.pop();
  },
  act(ctx, f, seat, action) {
    if (action.type === 'play') return void playCard(ctx, seat as Major, action.card as string, action.target as string | undefined);
    ctx.goto('segment-cards', { ...f, ended: [...f.ended, seat] });
  },
};

/** Basic 6.0: movement, reactions, combat, exploitation, reactions, combat; control changes as it happens (6.4).
 *  Advanced 6.0 adds the two supply checks, rail movement and rebasing, and the naval searches. */
export const segment: Procedure<BkgState, SegmentFrame> = {
  run(ctx: Ctx<BkgState>, f) {
    const s = ctx.state;
    const step = f.step;
    if (step === 'done') {
      s.effects = s.effects.filter((e) => !e.startsWith('segment:'));
      return void ctx.pop();
    }
    const adv = s.rules === 'advanced';
    // Optional 9.1: aircraft watching since an earlier turn return to base as the side's movement phase ends.
    const back = step === 'react' && !f.watchEnded && optional(s, 'aircraftSearches')
      ? Object.values(s.units).filter((u) => u.observe !== undefined && u.observe < s.turn && sideOf(s, u.power) === f.side) : [];
    if (back.length) {
      ctx.goto('segment', { ...f, watchEnded: true });
      for (const p of [...new Set(back.map((u) => u.where))].sort()) ctx.push('land-air', { place: p, units: back.filter((u) => u.where === p).map((u) => u.id) });
      for (const u of back) delete write(s, 'units', u.id).observe;
      return;
    }
    ctx.goto('segment', { ...f, step: NEXT[step] });
    s.activeSide = f.side;
    if (step === 'supply1' || step === 'supply2') {
      if (!adv) return;
      s.phase = step === 'supply1' ? 'first supply check' : 'second supply check';
      supplyCheck(ctx, step === 'supply1' ? 'First supply check' : 'Second supply check');
    } else if (step === 'rail' || step === 'rebase') {
      if (!adv) return;
      s.phase = step === 'rail' ? 'rail movement' : 'rebasing';
      if (step === 'rail') s.railUsed = {};
      clearMarks(s, f.side);
      ctx.push(step, { side: f.side, ended: [] });
    } else if (step === 'move' || step === 'exploit') {
      s.phase = step === 'move' ? 'movement' : 'exploitation';
      clearMarks(s, f.side);
      ctx.push('movement', { side: f.side, phase: step, ended: [], hqs: step === 'exploit' ? hqCommand(s, f.side) : {} });
    } else if (step === 'cards') {
      if (adv) ctx.push('segment-cards', { side: f.side, ended: [] });
    } else if (step === 'react' || step === 'react2') {
      if (!s.battles.length && !attackedAtSea(s, otherSide(f.side)).size) return;
      s.phase = step === 'react' ? 'reaction' : 'exploitation reaction';
      clearMarks(s, otherSide(f.side));
      ctx.push('reaction', { side: otherSide(f.side), phase: step === 'react' ? 'move' : 'exploit', ended: [], hqs: hqCommand(s, otherSide(f.side)) });
    } else {
      if (!s.battles.length && !(adv && pendingContacts(s).length)) return;
      s.phase = step === 'combat' ? 'combat' : 'exploitation combat';
      ctx.push('combat-phase', { side: f.side });
    }
  },
};
