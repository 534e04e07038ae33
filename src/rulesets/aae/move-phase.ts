// The combat move and the noncombat move as structured prompts: one group per stack of identical units, whose
// choices are that stack's moves (one unit, or the whole stack), and "end the phase" outside the groups.
import type { Action, Choice, ChoiceGroup, Frame, Procedure } from '../../engine/index.ts';
import { isAir } from './combat-rules.ts';
import {
  MoveEnv, RULE_AIR_LANDING, RULE_COMBAT_MOVE, RULE_NONCOMBAT_MOVE, applyMove, explainMove, landingSpot, moveEnded, moveOptions,
  type MoveMode, type MoveOption,
} from './movement.ts';
import type { AaeState, Unit } from './state.ts';
import { carrierWithRoom } from './movement.ts';
import { minorRoom } from './house/axis-minor.ts';
import { removeUnit } from './units.ts';
import { POWER_NAMES, areaName, isLand, unitData } from './world.ts';

interface MoveFrame extends Frame { mode: MoveMode }

/** Units alike for moving: same place, type, transport and state this turn. */
export function stackKey(u: Unit): string {
  return [u.at, u.type, u.aboard ?? '', u.spent ?? 0, u.combatMoved ? 'c' : '', u.fought ? 'f' : '', u.mission ?? '', u.damage ?? 0, ...(u.power === 'minor' ? [u.nation ?? '', u.ew ? 'ew' : ''] : [])].join('|');
}

export function movableStacks(s: AaeState, mode: MoveMode): Map<string, Unit[]> {
  const out = new Map<string, Unit[]>();
  for (const u of s.units) {
    if (u.power !== s.power || moveEnded(u, mode)) continue;
    if (mode === 'combat' && u.type === 'aa') continue;
    if (mode === 'noncombat' && (u.fought || u.combatMoved) && !isAir(u.type)) continue;
    const k = stackKey(u);
    const list = out.get(k);
    if (list) list.push(u); else out.set(k, [u]);
  }
  const env = new MoveEnv(s);
  for (const [k, us] of out) if (moveOptions(s, us[0]!, mode, env).length === 0) out.delete(k);
  return out;
}

function optionAction(o: MoveOption, units: Unit[]): Action {
  const a: Action = { type: 'move', units: units.map((u) => u.id), to: o.to };
  if (o.kind !== 'move') a.kind = o.kind;
  if (o.transport) a.transport = o.transport;
  if (o.mission && o.mission !== 'attack') a.mission = o.mission;
  return a;
}

function stackChoices(s: AaeState, us: Unit[], mode: MoveMode, env = new MoveEnv(s)): Choice[] {
  const first = us[0]!;
  const name = unitData(first.type).name.toLowerCase();
  const out: Choice[] = [];
  for (const o of moveOptions(s, first, mode, env)) {
    out.push({ action: optionAction(o, [first]), label: `${name} from ${areaName(first.at)}: ${o.label}`, refs: { units: [first.id], from: first.at, place: o.to } });
    const room = o.kind === 'board' || o.kind === 'rail' ? 1 : Math.min(us.length, minorRoom(s, first, o.to));
    if (room > 1) {
      out.push({ action: optionAction(o, us), label: `all ${us.length} ${name} from ${areaName(first.at)}: ${o.label}`, refs: { units: us.map((u) => u.id), from: first.at, place: o.to } });
    }
  }
  return out;
}

function findOption(s: AaeState, a: Action, mode: MoveMode): { units: Unit[]; option: MoveOption } | null {
  const ids = a.units as string[] | undefined;
  if (!Array.isArray(ids) || ids.length === 0) return null;
  const units = ids.map((id) => s.units.find((u) => u.id === id));
  if (units.some((u) => !u)) return null;
  const us = units as Unit[];
  const key = stackKey(us[0]!);
  if (us.some((u) => stackKey(u) !== key)) return null;
  const option = moveOptions(s, us[0]!, mode).find((o) => o.to === a.to && (o.kind === 'move' ? a.kind === undefined : a.kind === o.kind)
    && (o.transport ?? null) === ((a.transport as string | undefined) ?? null) && ((o.mission === 'attack' ? undefined : o.mission) ?? null) === ((a.mission as string | undefined) ?? null));
  return option ? { units: us, option } : null;
}

export const movePhase: Procedure<AaeState, MoveFrame> = {
  prompts(s, f) {
    const stacks = movableStacks(s, f.mode);
    const groups: ChoiceGroup[] = [...stacks].map(([key, us]) => {
      const u = us[0]!;
      const where = u.aboard ? `aboard in ${areaName(u.at)}` : `in ${areaName(u.at)}`;
      return { key, label: `${us.length} ${POWER_NAMES[u.power]} ${unitData(u.type).name.toLowerCase()} ${where}`, refs: { units: us.map((x) => x.id), place: u.at } };
    });
    // Aircraft left where they cannot stay are lost at the end (Landing Aircraft): the choice says which.
    const lost = f.mode === 'noncombat' ? unlandedAircraft(s).map((u) => `${unitData(u.type).name.toLowerCase()} in ${areaName(u.at)}`) : [];
    const end: Choice = {
      action: { type: 'end-phase' },
      label: f.mode === 'combat' ? 'end the combat move' : `end the noncombat move${lost.length ? ` (not landed, so lost: ${lost.join(', ')})` : ''}`,
    };
    return [{
      seat: s.power, rule: f.mode === 'combat' ? RULE_COMBAT_MOVE : RULE_NONCOMBAT_MOVE, kind: 'move',
      text: f.mode === 'combat'
        ? `${POWER_NAMES[s.power]}: combat move. Move units to attack, board transports, land amphibious assaults, send bombers on raids`
        : `${POWER_NAMES[s.power]}: noncombat move. Move units that did not attack; land your aircraft`,
      choices: [end], groups,
    }];
  },
  choicesIn(s, f, _seat, group) {
    const us = s.units.filter((u) => u.power === s.power && !moveEnded(u, f.mode) && stackKey(u) === group);
    return us.length ? stackChoices(s, us, f.mode) : [];
  },
  groupOf(s, _f, _seat, a) {
    if (a.type !== 'move' || !Array.isArray(a.units) || a.units.length === 0) return null;
    const u = s.units.find((x) => x.id === (a.units as string[])[0]);
    return u ? stackKey(u) : null;
  },
  act(ctx, f, _seat, a) {
    if (a.type === 'end-phase') {
      if (f.mode === 'noncombat') landAircraft(ctx);
      ctx.pop();
      return;
    }
    const found = findOption(ctx.state, a, f.mode)!;
    applyMove(ctx, found.units, found.option, f.mode);
  },
  explain(s, f, _seat, a) {
    if (a.type !== 'move') return null;
    const u = s.units.find((x) => x.id === (a.units as string[] | undefined)?.[0]);
    return explainMove(s, u, String(a.to), f.mode);
  },
};

/**
 * The moving power's aircraft that the end of the noncombat move would lose: on land where they may not stay, or at
 * sea aboard no carrier with none with room there (several fighters over one carrier are counted as if each had it).
 */
function unlandedAircraft(s: AaeState): Unit[] {
  return s.units.filter((u) => u.power === s.power && isAir(u.type) && (isLand(u.at)
    ? !landingSpot(s, u, u.at)
    : !(u.aboard && s.units.some((c) => c.id === u.aboard)) && !(u.type === 'fighter' && carrierWithRoom(s, u.at, u.power))));
}

/**
 * End of the noncombat move: fighters over a sea zone with a friendly carrier with room land on it; every other
 * aircraft of the moving power not on a landing spot is lost (AAE Noncombat Move: Landing Aircraft).
 */
export function landAircraft(ctx: { state: AaeState; log(t: string, r?: string): void }): void {
  const s = ctx.state;
  for (const u of [...s.units]) {
    if (u.power !== s.power || !isAir(u.type)) continue;
    if (isLand(u.at)) {
      if (landingSpot(s, u, u.at)) continue;
    } else {
      if (u.aboard && s.units.some((c) => c.id === u.aboard)) continue;
      const carrier = u.type === 'fighter' ? carrierWithRoom(s, u.at, u.power) : null;
      if (carrier) { u.aboard = carrier.id; continue; }
    }
    ctx.log(`${POWER_NAMES[u.power]} ${unitData(u.type).name.toLowerCase()} in ${areaName(u.at)} was not landed and is lost`, RULE_AIR_LANDING);
    removeUnit(s, u.id);
  }
}
