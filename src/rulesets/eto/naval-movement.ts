// ETO 7.0 Naval Movement in the Naval and Air phase (step 1), and step 3 naval attacks on stationary stacks (8.3).
import { type Action, type Choice, type ChoiceRefs, type Frame, type Procedure, write } from '../../engine/index.ts';
import type { NavalAttacksAction, NavalMovementAction, StackMoveAction } from './actions.ts';
import { offerShipInterception } from './air.ts';
import { playOf } from './data/index.ts';
import { controller, layerHex } from './land.ts';
import { invade, invasionChoices } from './politics.ts';
import { embark, embarkChoices, evacuate, evacuationChoices, handOver, loadSupply, markerRoom, mayDropOff, noteCarried } from './sea-transport.ts';
import { allSpaces, interceptionRange, navalMap, navalNeighbours, spaceName } from './map.ts';
import { alive, type EtoState, otherSide, ratings, type Side, stackKey } from './state.ts';

const label = (s: EtoState, id: string) => `${s.ships[id]!.name}${s.ships[id]!.damaged ? ' (damaged)' : ''}`;

/** Ships of `side` that may still start a naval move this step. */
function movable(s: EtoState, side: Side): string[] {
  return Object.values(s.ships).filter((sh) => sh.side === side && !sh.sunk && sh.space !== '' && !s.step.moved.includes(sh.id)
    && !s.step.withdrawn.includes(sh.id)).map((sh) => sh.id).sort();
}

/** The side a port's country belongs to at the start of the scenario (ETO 7.7 friendly and enemy ports). */
export function portSide(s: EtoState, country: string): Side {
  return playOf(s.scenario).control?.axis?.includes(country) ? 'axis' : 'allies';
}

/** 7.7: the side a port hex is friendly to: its controller on a scenario's land map (24.4, 40.1), else the scenario's starting side. */
export function portOwner(s: EtoState, space: string): Side | null {
  const h = navalMap(s).coastal.get(space);
  if (!h) return null;
  return s.land && layerHex(s.land, space) ? controller(s.land, space) : portSide(s, h.country);
}

/** 7.7: may `ships` enter the port of `space` now (friendly port with room, or an enemy port without BB or CA). */
export function mayEnterPort(s: EtoState, side: Side, space: string, ships: string[]): boolean {
  const h = navalMap(s).coastal.get(space);
  if (!h || !h.port) return false;
  const inPort = Object.values(s.ships).filter((sh) => !sh.sunk && sh.space === space && sh.inPort);
  const owner = portOwner(s, space);
  if (owner === null) return false; // 39.0: a neutral port is closed to both sides
  if (owner !== side) return !inPort.some((sh) => sh.side !== side && (sh.type === 'BB' || sh.type === 'CA'));
  const room = h.port === 'major' ? 20 : 10;
  return inPort.filter((sh) => sh.side === side).length + ships.length <= room && supplyRoom(s, space, ships);
}

/** 32.5: transports carrying supply markers enter a port only while its markers, landed or aboard there, stay within 32.4's room. */
function supplyRoom(s: EtoState, space: string, ships: string[]): boolean {
  const port = navalMap(s).coastal.get(space)?.port;
  const carried = ships.filter((id) => s.ships[id]!.supply).length;
  if (!carried || !port || !s.land) return true;
  const landed = (s.land.markers ?? []).filter((m) => m.hex === space && !m.air).length;
  const aboard = Object.values(s.ships).filter((sh) => !sh.sunk && sh.space === space && sh.inPort && sh.supply).length;
  return landed + aboard + carried <= markerRoom(s.land, space, port);
}

interface MovementFrame extends Frame {
  side: Side;
  selected: string[];
  /** The End phase's second naval movement (7.6): no interception by ships, no pick-ups. */
  end?: boolean;
}

export const navalMovement: Procedure<EtoState, MovementFrame> = {
  prompts(s, f) {
    // 11.1: a submarine moves alone.
    const m = movable(s, f.side).filter((id) => !f.selected.includes(id)
      && (f.selected.length === 0 || (s.ships[id]!.space === s.ships[f.selected[0]!]!.space && s.ships[id]!.type !== 'SS' && s.ships[f.selected[0]!]!.type !== 'SS')));
    const acts: NavalMovementAction[] = m.map((id) => ({ type: 'select', ship: id }));
    if (f.selected.length) acts.push({ type: 'move' });
    else acts.push({ type: 'end-naval-movement' });
    return [{
      seat: f.side, rule: f.end ? 'ETO 7.6' : 'ETO 7.0', kind: 'move',
      text: f.selected.length ? `Moving stack: ${f.selected.map((id) => label(s, id)).join(', ')} in ${spaceName(s, s.ships[f.selected[0]!]!.space)}; add ships or move`
        : 'Naval movement: select the ships of a stack to move, or end the naval movement step',
      choices: acts.map((a): Choice => ({
        action: a,
        label: a.type === 'select' ? `Select ${label(s, a.ship)} in ${spaceName(s, s.ships[a.ship]!.space)}${s.ships[a.ship]!.inPort ? ' (in port)' : ''}`
          : a.type === 'move' ? 'Move the selected stack' : 'End naval movement',
        ...(a.type === 'select' ? { refs: { units: [a.ship], place: s.ships[a.ship]!.space } }
          : a.type === 'move' ? { refs: { units: [...f.selected], place: s.ships[f.selected[0]!]!.space } } : {}),
      })).concat(f.end ? [] : f.selected.length ? embarkChoices(s, f.side, f.selected) : invasionChoices(s, f.side)),
    }];
  },
  act(ctx, f, _seat, a: NavalMovementAction) {
    if (a.type === 'invade') { invade(ctx, f.side, a.nation); return; }
    if (a.type === 'embark') { embark(ctx, f.selected, a.unit, false, a.by); return; }
    if (a.type === 'load-supply') { loadSupply(ctx, f.selected, false, a.by); return; }
    if (a.type === 'select') f.selected.push(a.ship);
    else if (a.type === 'move') {
      const ships = f.selected;
      f.selected = [];
      ctx.push('stack-move', { side: f.side, ships, used: 0, entered: 0, ...(f.end ? { end: true, start: ctx.state.ships[ships[0]!]!.space } : {}) });
    } else ctx.pop();
  },
  explain(s, f, _seat, a) {
    if (a.type === 'select' && typeof a.ship === 'string') {
      const id = a.ship;
      if (s.step.moved.includes(id)) return { rule: 'ETO 7.0', message: `${s.ships[id]?.name ?? id} has already moved (or was dropped off) this step` };
      if (f.selected.length && s.ships[id] && s.ships[id]!.space !== s.ships[f.selected[0]!]!.space) {
        return { rule: 'ETO 7.0', message: 'a stack moves together: select ships in the same space' };
      }
      if (f.selected.length && s.ships[id] && [id, f.selected[0]!].some((x) => s.ships[x]!.type === 'SS')) {
        return { rule: 'ETO 11.1', message: 'a submarine cannot stack with other naval units outside ports: it moves alone' };
      }
    }
    return null;
  },
};

interface StackMoveFrame extends Frame {
  side: Side;
  ships: string[];
  /** MP spent by the stack so far. */
  used: number;
  /** Spaces entered so far (7.4: the first may always be entered). */
  entered: number;
  /** The End phase's move (7.6) and the space it started from. */
  end?: boolean;
  start?: string;
}

/** 33.8: the MP from each naval space to the nearest port friendly to `side` (ships out of supply head there). */
export function portDistances(s: EtoState, side: Side): Map<string, number> {
  const d = new Map<string, number>();
  for (const [hex, h] of navalMap(s).coastal) if (h.port && portOwner(s, hex) === side) d.set(hex, 0);
  const spaces = allSpaces(s);
  for (let changed = true; changed;) {
    changed = false;
    for (const sp of spaces) {
      for (const n of navalNeighbours(s, sp)) {
        const via = (d.get(n.space) ?? Infinity) + n.cost;
        if (via < (d.get(sp) ?? Infinity)) { d.set(sp, via); changed = true; }
      }
    }
  }
  return d;
}

/** 7.6: the enemy ships (not out of supply) within whose interception range `space` lies. */
function enemiesInRange(s: EtoState, side: Side, space: string): string[] {
  return Object.values(s.ships).filter((sh) => sh.side !== side && !sh.sunk && !sh.oos && sh.space !== '' && interceptionRange(s, sh.space).has(space)).map((sh) => sh.id);
}

const gunneryOf = (s: EtoState, ids: readonly string[]): number => ids.reduce((n, id) => n + (ratings(s.ships[id]!).gunnery ?? 0), 0);

/**
 * Why the moving stack may not enter a space now: 33.8 (a ship out of supply, off the shortest way to a friendly port)
 * or 7.6 (End phase, enemy range). Computed once for the stack where it is, then asked for each space.
 */
function headingRule(s: EtoState, f: StackMoveFrame, ships: string[], here: string): (to: string) => { rule: string; message: string } | null {
  const d = ships.some((id) => s.ships[id]!.oos) ? portDistances(s, f.side) : null;
  const before = f.end ? new Set(enemiesInRange(s, f.side, f.start!)) : null;
  const costs = new Map(navalNeighbours(s, here).map((n) => [n.space, n.cost]));
  return (to) => {
    if (d && (d.get(to) ?? Infinity) + (costs.get(to) ?? Infinity) > (d.get(here) ?? Infinity)) {
      return { rule: 'ETO 33.8', message: 'the stack has a ship out of supply: it moves only along the shortest way to the nearest friendly port' };
    }
    if (before) {
      const foes = enemiesInRange(s, f.side, to);
      if (foes.some((id) => !before.has(id)) && !(ships.length > foes.length && gunneryOf(s, ships) > gunneryOf(s, foes))) {
        return { rule: 'ETO 7.6', message: `${spaceName(s, to)} is within interception range of ${foes.length} enemy naval unit(s) with ${gunneryOf(s, foes)} gunnery; the stack needs more units and more gunnery` };
      }
    }
    return null;
  };
}

function mpLeft(s: EtoState, f: StackMoveFrame): number {
  return Math.min(...alive(s, f.ships).map((id) => ratings(s.ships[id]!).speed)) - f.used;
}

export const stackMove: Procedure<EtoState, StackMoveFrame> = {
  prompts(s, f) {
    const ships = alive(s, f.ships).filter((id) => !s.step.withdrawn.includes(id));
    if (ships.length === 0) return [];
    const here = s.ships[ships[0]!]!.space;
    const acts: StackMoveAction[] = [];
    if (ships.some((id) => s.ships[id]!.inPort)) { if (!f.end) acts.push({ type: 'leave-port' }); } else {
      const left = mpLeft(s, f);
      const heading = headingRule(s, f, ships, here);
      for (const n of navalNeighbours(s, here)) {
        // 7.4: one space may always be entered in the Naval and Air phase, whatever its cost (not in the End phase, 7.6)
        if ((n.cost <= left || (f.entered === 0 && !f.end)) && !heading(n.space)) acts.push({ type: 'enter', space: n.space });
      }
      if (mayEnterPort(s, f.side, here, ships)) acts.push({ type: 'enter-port' });
    }
    if (ships.length > 1) for (const id of ships) if (mayDropOff(s, ships, id)) acts.push({ type: 'drop-off', ship: id });
    // 11.1: a submarine ends no move stacked with friendly ships at sea in a hex (a sea area may hold both); the stop
    // stays offered when nothing else is (ruling 72).
    if (!subClash(s, f.side, ships, here) || !acts.some((x) => x.type === 'enter' || x.type === 'enter-port')) acts.push({ type: 'stop' });
    const pickUps = f.end ? [] : [...(f.used > 0 ? embarkChoices(s, f.side, ships) : []), ...evacuationChoices(s, f.side, ships)];
    return [{
      seat: f.side, rule: f.end ? 'ETO 7.6' : 'ETO 7.2', kind: 'move',
      text: `${ships.map((id) => label(s, id)).join(', ')} in ${spaceName(s, here)}, ${Math.max(0, mpLeft(s, f))} MP left`,
      choices: acts.map((a): Choice => ({
        action: a,
        label: a.type === 'enter' ? `Enter ${spaceName(s, a.space)} (${navalNeighbours(s, here).find((n) => n.space === a.space)!.cost} MP)`
          : a.type === 'drop-off' ? `Drop off ${label(s, a.ship)}` : a.type === 'leave-port' ? 'Leave port'
            : a.type === 'enter-port' ? 'Enter port (ends the move)' : 'Stop here',
        refs: a.type === 'enter' ? { units: ships, from: here, place: a.space } : a.type === 'drop-off' ? { units: [a.ship], place: here } : { units: ships, place: here },
      })).concat(pickUps),
    }];
  },
  run(ctx, f) {
    // the whole stack was sunk or withdrew
    done(ctx.state, f.ships);
    ctx.pop();
  },
  act(ctx, f, _seat, a: StackMoveAction) {
    const s = ctx.state;
    const ships = alive(s, f.ships).filter((id) => !s.step.withdrawn.includes(id));
    f.ships = ships;
    if (a.type === 'embark') { embark(ctx, ships, a.unit, true, a.by); return; }
    if (a.type === 'evacuate') { evacuate(ctx, ships, a.unit, a.by); return; }
    if (a.type === 'load-supply') { loadSupply(ctx, ships, true, a.by); return; }
    if (a.type === 'drop-off') {
      handOver(s, ships, a.ship);
      f.ships = ships.filter((id) => id !== a.ship);
      done(s, [a.ship]);
      return;
    }
    if (a.type === 'stop') {
      done(s, ships);
      ctx.pop();
      return;
    }
    if (a.type === 'enter-port') {
      for (const id of ships) write(s, 'ships', id).inPort = true;
      done(s, ships);
      ctx.log(`${ships.map((id) => s.ships[id]!.name).join(', ')} enter port at ${spaceName(s, s.ships[ships[0]!]!.space)}`, 'ETO 7.7');
      ctx.pop(); // 8.5: entering a port from its hex cannot be intercepted
      return;
    }
    const here = s.ships[ships[0]!]!.space;
    if (a.type === 'leave-port') {
      for (const id of ships) write(s, 'ships', id).inPort = false;
      ctx.log(`${ships.map((id) => s.ships[id]!.name).join(', ')} leave port at ${spaceName(s, here)}`, 'ETO 7.7');
      if (submerged(s, ships)) return;
      ctx.push('interception-window', { side: f.side, target: ships, space: here, level: 0, busy: [], chosen: [], leavingPort: true });
      offerShipInterception(ctx, f.side, ships, here); // 16.5: land-based air first (ruling 65)
      return;
    }
    const to = a.space;
    const cost = navalNeighbours(s, here).find((n) => n.space === to)!.cost;
    f.used += cost;
    f.entered++;
    noteCarried(s, ships, cost);
    for (const id of ships) write(s, 'ships', id).space = to;
    ctx.log(`${ships.map((id) => s.ships[id]!.name).join(', ')} enter ${spaceName(s, to)} (${cost} MP)`, f.end ? 'ETO 7.6' : 'ETO 7.2');
    if (submerged(s, ships)) return;
    // 7.6: no naval interception in the End phase; land-based air may still intercept.
    if (f.end) { offerShipInterception(ctx, f.side, ships, to); return; }
    ctx.push('interception-window', { side: f.side, target: ships, space: to, level: 0, busy: [], chosen: [] });
    offerShipInterception(ctx, f.side, ships, to); // 16.5: land-based air first (ruling 65)
  },
  explain(s, f, _seat, a) {
    const ships = alive(s, f.ships).filter((id) => !s.step.withdrawn.includes(id));
    if (!ships.length) return null;
    const here = s.ships[ships[0]!]!.space;
    const inPort = ships.some((id) => s.ships[id]!.inPort);
    if (a.type === 'enter' && typeof a.space === 'string') {
      if (inPort) return { rule: 'ETO 7.7', message: `the stack is in the port of ${spaceName(s, here)}: it leaves the port first` };
      const n = navalNeighbours(s, here).find((x) => x.space === a.space);
      if (!allSpaces(s).includes(a.space)) return { rule: 'ETO 7.2', message: `${a.space} is no naval space (a sea area or coastal hex) of this scenario` };
      if (!n) return { rule: 'ETO 7.3', message: `${spaceName(s, a.space)} is not joined by water to ${spaceName(s, here)}: ships move one connecting space at a time, never across an all-land hexside` };
      const heading = headingRule(s, f, ships, here)(a.space);
      if (heading) return heading;
      if (f.end && n.cost > mpLeft(s, f)) return { rule: 'ETO 7.6', message: `entering ${spaceName(s, a.space)} costs ${n.cost} MP; the stack has ${Math.max(0, mpLeft(s, f))} left (in the End phase no space is entered beyond the allowance)` };
      return { rule: 'ETO 7.4', message: `entering ${spaceName(s, a.space)} costs ${n.cost} MP; the stack has ${Math.max(0, mpLeft(s, f))} left (only the first space of a move may cost more)` };
    }
    if (a.type === 'enter-port') {
      const h = navalMap(s).coastal.get(here);
      if (inPort) return { rule: 'ETO 7.7', message: 'the stack is already in port' };
      if (!h?.port) return { rule: 'ETO 7.7', message: `${spaceName(s, here)} has no port` };
      if (portOwner(s, here) === null) return { rule: 'ETO 39.0, 7.7', message: `the port of ${h.name} is neutral` };
      if (portOwner(s, here) !== f.side) return { rule: 'ETO 7.7', message: `the enemy port of ${h.name} holds a battleship or heavy cruiser` };
      if (!supplyRoom(s, here, ships)) return { rule: 'ETO 32.5, 32.4', message: `the port of ${h.name} has no room for more supply markers` };
      return { rule: 'ETO 7.7', message: `the ${h.port} port of ${h.name} holds at most ${h.port === 'major' ? 20 : 10} friendly naval units` };
    }
    if (a.type === 'leave-port' && !inPort) return { rule: 'ETO 7.7', message: 'the stack is not in port' };
    if (a.type === 'leave-port' && f.end) return { rule: 'ETO 7.6', message: 'ships that began the End phase in port stay there' };
    if (a.type === 'stop' && subClash(s, f.side, ships, here)) return { rule: 'ETO 11.1', message: `a submarine cannot end its move stacked with other friendly ships at sea in ${spaceName(s, here)}` };
    if (a.type === 'drop-off' && typeof a.ship === 'string') {
      if (!ships.includes(a.ship)) return { rule: 'ETO 7.0', message: `${s.ships[a.ship]?.name ?? a.ship} is not in the moving stack` };
      if (ships.length === 1) return { rule: 'ETO 7.0', message: 'a stack of one ship drops nothing off: stop instead' };
      return { rule: 'ETO 10.1', message: `the other transports of the stack cannot carry what ${s.ships[a.ship]!.name} carries` };
    }
    return null;
  },
  resume(ctx, f) {
    const s = ctx.state;
    // 9.6: ships that withdrew from a combat stay in the combat space for the step
    const out = f.ships.filter((id) => s.ships[id]!.sunk || s.step.withdrawn.includes(id));
    if (out.length) done(s, out);
  },
};

/** 11.1: would `ships` stopping in `here` stack a submarine with other friendly ships at sea in a hex? */
function subClash(s: EtoState, side: Side, ships: readonly string[], here: string): boolean {
  if (navalMap(s).areas.has(here) || ships.some((id) => s.ships[id]!.inPort)) return false;
  const sub = ships.some((id) => s.ships[id]!.type === 'SS');
  return Object.values(s.ships).some((sh) => sh.side === side && !sh.sunk && !sh.inPort && sh.space === here && !ships.includes(sh.id)
    && (sub || sh.type === 'SS'));
}

/** 11.2: a moving submarine cannot be intercepted (no CVEs in the implemented scenarios). */
const submerged = (s: EtoState, ships: readonly string[]): boolean => ships.every((id) => s.ships[id]!.type === 'SS');

function done(s: EtoState, ids: string[]): void {
  for (const id of ids) if (!s.step.moved.includes(id)) write(s, 'step', 'moved').push(id);
}

// ---- step 3: naval attacks against stacks in the same space (8.3) ----

interface AttacksFrame extends Frame {
  side: Side;
  space?: string;
  chosen: string[];
}

/** Enemy stacks at sea in `space` that may be searched (8.5: not inside ports; all at sea there form one stack). */
function stationaryTarget(s: EtoState, side: Side, space: string): string[] {
  return Object.values(s.ships).filter((sh) => sh.side === otherSide(side) && !sh.sunk && sh.space === space && !sh.inPort)
    .map((sh) => sh.id).sort();
}

function searchers(s: EtoState, side: Side, space: string, target: string[]): string[] {
  const key = stackKey(target);
  // 11.2: only DDs (and DEs) search for submarines at sea.
  const subs = target.length > 0 && target.every((id) => s.ships[id]!.type === 'SS');
  return Object.values(s.ships).filter((sh) => sh.side === side && !sh.sunk && sh.space === space && !sh.inPort && !sh.oos && (!subs || sh.type === 'DD')
    && !s.counterIntercepted.includes(sh.id) && !s.step.successful.includes(sh.id) && !s.step.withdrawn.includes(sh.id)
    && !s.step.searched.includes(`${sh.id}>${key}`)).map((sh) => sh.id).sort();
}

/** 8.6 fourth case: enemy ships inside the port of `space`, and the side's ships at sea there that may enter that port and attack them. */
function portAttack(s: EtoState, side: Side, space: string): { attackers: string[]; target: string[] } {
  const target = Object.values(s.ships).filter((sh) => sh.side === otherSide(side) && !sh.sunk && sh.space === space && sh.inPort).map((sh) => sh.id).sort();
  const attackers = target.length ? searchers(s, side, space, target) : [];
  return attackers.some((id) => ratings(s.ships[id]!).gunnery !== null) && mayEnterPort(s, side, space, attackers) ? { attackers, target } : { attackers: [], target: [] };
}

/** What a step-3 choice points at: the searched space, the searching ships, the enemy stack there. */
function attackRefs(s: EtoState, f: AttacksFrame, a: NavalAttacksAction): ChoiceRefs {
  if (a.type === 'attack-port') { const p = portAttack(s, f.side, a.space); return { units: p.attackers, place: a.space, targets: p.target }; }
  const space = a.type === 'attack-in' ? a.space : f.space!;
  const targets = stationaryTarget(s, f.side, space);
  if (a.type === 'add-searcher') return { units: [a.ship], place: space, targets };
  if (a.type === 'search') return { units: [...f.chosen], place: space, targets };
  return { place: space, targets };
}

/** 8.6: a refused attack on ships in port names its limit. */
function explainPortAttack(s: EtoState, f: AttacksFrame, a: Action): { rule: string; message: string } | null {
  if (a.type !== 'attack-port' || typeof a.space !== 'string') return null;
  const inPort = Object.values(s.ships).some((sh) => sh.side !== f.side && !sh.sunk && sh.space === a.space && sh.inPort);
  if (!inPort) return { rule: 'ETO 8.6', message: `no enemy ships are inside the port of ${a.space}` };
  const here = Object.values(s.ships).filter((sh) => sh.side === f.side && !sh.sunk && sh.space === a.space && !sh.inPort).map((sh) => sh.id);
  if (!here.length) return { rule: 'ETO 8.6', message: `none of your ships is at sea in ${a.space}` };
  if (!mayEnterPort(s, f.side, a.space, here)) return { rule: 'ETO 8.6, 7.7', message: `your ships may not enter the port of ${a.space} (neutral, or an enemy BB or CA is inside)` };
  return { rule: 'ETO 8.5, 8.6', message: `your ships in ${a.space} have already attacked or intercepted this step` };
}

export const navalAttacks: Procedure<EtoState, AttacksFrame> = {
  prompts(s, f) {
    const acts: NavalAttacksAction[] = [];
    if (f.space) {
      const target = stationaryTarget(s, f.side, f.space);
      for (const id of searchers(s, f.side, f.space, target)) if (!f.chosen.includes(id)) acts.push({ type: 'add-searcher', ship: id });
      if (f.chosen.some((id) => ratings(s.ships[id]!).gunnery !== null)) acts.push({ type: 'search' });
    } else {
      const spaces = [...new Set(Object.values(s.ships).filter((sh) => sh.side === f.side && !sh.sunk && sh.space).map((sh) => sh.space))].sort();
      for (const sp of spaces) {
        const target = stationaryTarget(s, f.side, sp);
        if (target.length && searchers(s, f.side, sp, target).some((id) => ratings(s.ships[id]!).gunnery !== null)) {
          acts.push({ type: 'attack-in', space: sp });
        }
        if (portAttack(s, f.side, sp).target.length) acts.push({ type: 'attack-port', space: sp });
      }
      acts.push({ type: 'end-naval-attacks' });
    }
    return [{
      seat: f.side, rule: 'ETO 8.3', kind: 'intercept',
      text: f.space ? `Search for the enemy in ${spaceName(s, f.space)}: choose the searching ships` : 'Naval attacks: search for enemy stacks in your ships\' spaces, attack ships in port, or end the step',
      choices: acts.map((a) => ({
        action: a,
        label: a.type === 'attack-in' ? `Search in ${spaceName(s, a.space)}` : a.type === 'attack-port' ? `Attack the ships inside the port of ${spaceName(s, a.space)} (automatic, 8.6)` : a.type === 'add-searcher' ? `Add ${label(s, a.ship)}`
          : a.type === 'search' ? 'Search with the chosen ships' : 'End naval attacks',
        ...(a.type === 'end-naval-attacks' ? {} : { refs: attackRefs(s, f, a) }),
      })),
    }];
  },
  explain(s, f, _seat, a) {
    const port = explainPortAttack(s, f, a);
    if (port) return port;
    if (a.type === 'attack-in' && typeof a.space === 'string') {
      if (f.space) return { rule: 'ETO 8.3', message: `finish the search in ${spaceName(s, f.space)} first` };
      const target = stationaryTarget(s, f.side, a.space);
      if (!target.length) return { rule: 'ETO 8.3, 8.5', message: `no enemy stack is at sea in ${spaceName(s, a.space)} (ships inside a port are not searched)` };
      return { rule: 'ETO 8.5', message: `none of your ships in ${spaceName(s, a.space)} may search that stack (each group searches a stack once a step; carriers and transports need a unit with a gunnery rating)` };
    }
    if (a.type === 'add-searcher' && typeof a.ship === 'string' && f.space) {
      const sh = s.ships[a.ship];
      if (!sh || sh.side !== f.side || sh.sunk || sh.space !== f.space || sh.inPort) return { rule: 'ETO 8.3', message: `only your ships at sea in ${spaceName(s, f.space)} search there` };
      if (s.counterIntercepted.includes(sh.id)) return { rule: 'ETO 8.3', message: `${sh.name} counter-intercepted this step` };
      return { rule: 'ETO 8.5', message: `${sh.name} has already found an enemy stack, withdrew from a battle or searched this stack this step` };
    }
    if (a.type === 'search' && f.space) return { rule: 'ETO 8.5', message: 'carriers and transports cannot search by themselves; add a unit with a gunnery rating' };
    return null;
  },
  act(ctx, f, _seat, a: NavalAttacksAction) {
    const s = ctx.state;
    if (a.type === 'end-naval-attacks') ctx.pop();
    else if (a.type === 'attack-in') f.space = a.space;
    else if (a.type === 'attack-port') {
      // 8.6: every ship at sea in the hex that may enter the port finds the ships inside it, no search and no evasion.
      const { attackers, target } = portAttack(s, f.side, a.space);
      ctx.log(`${attackers.map((id) => s.ships[id]!.name).join(', ')} attack the ships inside the port of ${spaceName(s, a.space)}`, 'ETO 8.6');
      ctx.push('engagement', {
        searchSide: f.side, searchers: attackers, targetSide: otherSide(f.side), target, space: a.space, level: 0, busy: [],
        auto: true, stage: 'counter', groups: [], gi: 0, evaded: false, found: false, stationary: true,
      });
    }
    else if (a.type === 'add-searcher') f.chosen.push(a.ship);
    else {
      const space = f.space!;
      const chosen = f.chosen;
      delete f.space;
      f.chosen = [];
      const target = stationaryTarget(s, f.side, space);
      ctx.log(`${chosen.map((id) => s.ships[id]!.name).join(', ')} search ${spaceName(s, space)}`, 'ETO 8.3');
      ctx.push('engagement', {
        searchSide: f.side, searchers: chosen, targetSide: otherSide(f.side), target, space, level: 0, busy: [],
        auto: false, stage: 'counter', groups: [], gi: 0, evaded: false, found: false, stationary: true,
      });
    }
  },
};

