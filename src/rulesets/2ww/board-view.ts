// What the board shows of a 2WW game (src/engine/board.ts BoardView): every counter as a piece with its marks, the
// turn marker, bombed cities and the cities whose control changed. 2WW hides nothing: every seat sees the same, so
// the view is built once per settled state and handed to every seat.
import { derived, derivedFrom, type BoardView, type MarkerView, type PieceView } from '../../engine/index.ts';
import { printedFactors } from './assets.ts';
import { initialCountries } from './politics.ts';
import type { Side, TwoWWState, UnitState } from './state.ts';
import { supplyInputs, supplyNets } from './supply.ts';
import { turnLabel } from './sequence-of-play.ts';
import { DONE } from './movement.ts';
import { factors, onMap, sideOfUnit, unitClass, unitDef, unitList, UnitsSeen, worldOf } from './world.ts';

const MOVE_MARKS: Record<string, { mark: string; note: string }> = {
  rail: { mark: 'rail', note: 'moved by rail this phase (2WW 8.1.2)' },
  airdrop: { mark: 'airdropped', note: 'airdropped this phase (2WW 8.1.1)' },
  amphibious: { mark: 'landed', note: 'landed from a fleet this phase (2WW 8.1.3)' },
  assault: { mark: 'assaulted', note: 'made an amphibious assault this phase (2WW 8.1.4)' },
};

/** Politics, countries and control are the same settled objects as in `env`: a unit that is the same object stands
 * on the same side (world.ts sideOfUnit reads its owner and the countries). */
function sameEnv(state: TwoWWState, env: readonly object[] | undefined): boolean {
  const now = [state.politics, state.countries, state.control];
  return !!env && now.every((x, i) => x === env[i] && Object.isFrozen(x));
}

/**
 * The units on the map that cannot trace supply (2WW 11), sorted: reused from the state before while the supply inputs
 * (supply.ts supplyInputs) are unchanged (`derivedFrom`; check mode recomputes and compares); otherwise, while
 * politics, countries and control are the same objects, a unit that is the same object (or stands where it stood,
 * aboard the same) keeps its answer unless its side's search changed; the others are asked of the supply nets.
 */
function outOfSupply(state: TwoWWState): readonly string[] {
  type Known = {
    key: object; world: string; env: readonly object[]; lines: Record<Side, object>; ids: readonly string[];
    /** Per unit (in `ids` order): its state, side, place ('' off the map, a fort or a neutral's), out of supply. */
    seen: UnitsSeen; sides: (Side | null)[]; places: string[]; outs: Uint8Array; list: string[];
  };
  return derivedFrom<Known>(state, '2ww:out-of-supply', (prev) => {
    const key = supplyInputs(state);
    if (prev?.key === key) return prev;
    const nets = supplyNets(state);
    const lines = { axis: nets.axis.lines(), allies: nets.allies.lines() };
    const world = state.world ?? 'campaign';
    const env = [state.politics, state.countries, state.control];
    const { sorted: ids, sortedUnits: us } = unitList(state);
    const before = prev && prev.world === world && prev.ids === ids && sameEnv(state, prev.env) ? prev : undefined;
    // The sides and places before, copied at the first unit whose side or place changed.
    let sides: (Side | null)[] = before ? before.sides : [], places: string[] = before ? before.places : [];
    let own = !before;
    const outs = new Uint8Array(ids.length), list: string[] = [];
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!, u = us[i]!;
      let side: Side | null, place: string;
      if (before?.seen.same(i, u)) {
        side = before.sides[i]!;
        place = before.places[i]!;
      } else {
        side = sideOfUnit(state, id);
        place = !onMap(u.where) || !side || unitDef(state, id).type === 'fort' ? '' : `${u.where}^${u.aboard ?? ''}:${side}`;
        if (!own && (side !== sides[i] || place !== places[i])) {
          sides = sides.slice();
          places = places.slice();
          own = true;
        }
      }
      if (own) {
        sides[i] = side;
        places[i] = place;
      }
      if (!place) continue;
      const kept = before && before.lines[side!] === lines[side!] && before.places[i] === place;
      if (kept ? before.outs[i] : !nets[side!].unitInSupply(id)) {
        outs[i] = 1;
        list.push(id);
      }
    }
    const same = prev && prev.list.length === list.length && list.every((id, i) => id === prev.list[i]);
    return { key, world, env, lines, ids, seen: new UnitsSeen(us), sides, places, outs, list: same ? prev.list : list };
  }).list;
}

/** 2WW's BoardView for any seat (no hidden information): once per settled state. */
export function twoWWBoardView(state: TwoWWState): BoardView {
  return derived(state, '2ww:board-view', () => buildBoardView(state));
}

/** A unit's state as the board shows it: every field is a plain value, so equal fields make an equal piece. */
function sameUnit(a: UnitState, b: UnitState): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (a[k as keyof UnitState] !== b[k as keyof UnitState]) return false;
  return true;
}

/**
 * Every counter's piece, sorted by id: a piece is reused from the state before (derivedFrom; check mode recomputes
 * and compares) while its unit's fields, side and supply are unchanged (a unit that is the same object, while
 * politics, countries and control are, is on the same side), so a move rebuilds one piece; the list itself is the
 * one before while no piece changed.
 */
function piecesOf(state: TwoWWState): PieceView[] {
  const out = outOfSupply(state);
  type Made = { world: string; env: readonly object[]; out: readonly string[]; ids: readonly string[]; us: readonly UnitState[]; sides: (Side | null)[]; outs: Uint8Array; list: PieceView[] };
  return derivedFrom<Made>(state, '2ww:pieces', (prev) => {
    const world = state.world ?? 'campaign';
    const env = [state.politics, state.countries, state.control];
    const { sorted: ids, sortedUnits: us } = unitList(state);
    const before = prev && prev.world === world && prev.ids === ids ? prev : undefined;
    const sameSides = !!before && sameEnv(state, before.env);
    // an action that changed no unit, no side and no supply (a reaction's answer, the end of a step): the same pieces
    if (sameSides && before.out === out && us.every((u, i) => u === before.us[i] && Object.isFrozen(u))) return before;
    const unsupplied = before?.out === out ? null : new Set(out);
    // The sides and pieces before, copied at the first that changed.
    let sides: (Side | null)[] = before ? before.sides : [], list: PieceView[] = before ? before.list : [];
    let ownSides = !before, ownList = !before;
    const outs = new Uint8Array(ids.length);
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!, u = us[i]!;
      const same = before?.us[i] === u && Object.isFrozen(u);
      const side = same && sameSides ? before.sides[i]! : sideOfUnit(state, id);
      const isOut = unsupplied ? (unsupplied.has(id) ? 1 : 0) : before!.outs[i]!;
      const reuse = before && before.sides[i] === side && before.outs[i] === isOut && (same || sameUnit(before.us[i]!, u));
      if (!ownSides && side !== sides[i]) {
        sides = sides.slice();
        ownSides = true;
      }
      if (ownSides) sides[i] = side;
      if (!reuse) {
        if (!ownList) {
          list = list.slice();
          ownList = true;
        }
        list[i] = pieceOf(state, id, side, isOut === 1);
      }
      outs[i] = isOut;
    }
    return { world, env, out, ids, us, sides, outs, list };
  }).list;
}

function pieceOf(state: TwoWWState, id: string, side: Side | null, unsupplied: boolean): PieceView {
  const u = state.units[id]!;
  const d = unitDef(state, id);
  const marks: string[] = [];
  const notes: string[] = [];
  if (u.ops) {
    marks.push('ops-complete');
    notes.push(unitClass(state, id) === 'fleet' ? 'Ops Complete: may not move or fire until its side\'s next player turn (2WW 3.4.3)'
      : 'Ops Complete: may not fire until its side\'s next player turn (2WW 9.1.4, 9.2.4)');
  }
  if (unsupplied) {
    marks.push('out-of-supply');
    notes.push(unitClass(state, id) === 'land'
      ? 'out of supply: no line to a friendly-controlled home capital (2WW 11); land factors are halved while so (11.2.4)'
      : 'out of supply: no line to a friendly-controlled home capital (2WW 11); reduced or eliminated in the supply phase unless it regains one');
  }
  const moved = u.moveMode ? MOVE_MARKS[u.moveMode] : undefined;
  if (moved) {
    marks.push(moved.mark);
    notes.push(moved.note);
  } else if ((u.mpUsed ?? 0) >= DONE) {
    marks.push('moved');
    notes.push('has finished moving this phase (2WW 8)');
  } else if ((u.mpUsed ?? 0) > 0) {
    marks.push('moved');
    notes.push(`has spent ${u.mpUsed} movement points this phase (2WW 8)`);
  }
  if (u.mustAttack) {
    marks.push('must-attack');
    notes.push(`must attack ${u.mustAttack} in the combat phase (2WW 5.2.3)`);
  }
  if (u.attacked) marks.push('attacked');
  if (u.strategicUsed) {
    marks.push('strategic-used');
    notes.push('has bombed or intercepted this turn (2WW 6.1.3)');
  }
  const p: PieceView = {
    id, where: u.where, side: side ?? 'neutral', power: d.nationality, type: d.type, name: d.name ?? d.designation ?? id, // a named counter is called by its name, as the rules' choices do
    factors: printedFactors(d.type, factors(state, id)),
  };
  if (d.full && u.reduced) p.reduced = true;
  if (u.aboard) p.aboard = u.aboard;
  if (marks.length) p.marks = marks;
  if (notes.length) p.note = notes.join('; ');
  return p;
}

function buildBoardView(state: TwoWWState): BoardView {
  return { pieces: piecesOf(state), ...markersOf(state), turn: { index: state.turn, label: turnLabel(state.turn) }, phase: state.phase, activeSide: state.activeSide };
}

/**
 * The turn marker, bombed cities and the cities whose control differs from their country's controller at the start
 * (2WW 3.4.7): the same objects as the state before's while the turn, the bombed cities and control are the same
 * objects (settled states share what an action did not change), so a view sent as a change skips them at once.
 */
function markersOf(state: TwoWWState): { markers: MarkerView[]; control: Record<string, string> } {
  type Made = { world: string; turn: number; bombed: readonly string[]; from: TwoWWState['control']; markers: MarkerView[]; control: Record<string, string> };
  const world = state.world ?? 'campaign';
  return derivedFrom<Made>(state, '2ww:board-markers', (prev) => {
    const bombed = state.production.bombed;
    // only a frozen (settled) object is known unchanged by being the same object
    const sameMarkers = prev && prev.world === world && prev.turn === state.turn && prev.bombed === bombed && Object.isFrozen(bombed);
    const sameControl = prev && prev.world === world && prev.from === state.control && Object.isFrozen(state.control);
    if (sameMarkers && sameControl) return prev;
    let markers = prev?.markers ?? [];
    if (!sameMarkers) {
      markers = [{ kind: 'turn', where: `turn:${state.turn}`, label: turnLabel(state.turn) }];
      for (const hex of bombed) markers.push({ kind: 'bombed', where: hex, label: 'bombed: no production point this turn (2WW 6.1.4)' });
    }
    let control = prev?.control ?? {};
    if (!sameControl) {
      const w = worldOf(state), start = initialCountries();
      control = {};
      for (const [hex, side] of Object.entries(state.control)) {
        const n = w.board.find(hex);
        const c = n >= 0 ? w.hexes[n]?.country : undefined;
        if (!c || start[c]?.controller !== side) control[hex] = side;
      }
    }
    return { world, turn: state.turn, bombed, from: state.control, markers, control };
  });
}
