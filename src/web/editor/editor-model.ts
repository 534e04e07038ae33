// The position editor's model: pure edits of a position (docs/positions.md) of any rule set that follows the position
// convention — `units: [{id, at, reduced?, aboard?, <flags>}]`, `control: {place: side}` — and the mapping of the
// rule set's validation problems to units. No DOM, no fetch, no rule set code: unit-tested in Node.
import type { DataProblem, Json } from '../../engine/types.ts';
import type { BoardView, CounterManifest, PieceView } from '../map/board-model.ts';

export interface UnitEntry {
  id: string;
  at: string;
  reduced?: boolean;
  aboard?: string;
  [flag: string]: Json | undefined;
}

export interface Position {
  units: UnitEntry[];
  control?: Record<string, string>;
  [field: string]: unknown;
}

/** Places a unit stands in off the board, as the positions of the rule sets so far name them (docs/positions.md). */
export const OFF_BOARD = ['pool', 'eliminated', 'removed', 'future'];

/** Fields the editor leaves alone in its forms (the units and control have their own, the rest is bookkeeping). */
export const OWN_FIELDS = new Set(['format', 'version', 'ruleset', 'units', 'control', 'stack', 'dice', 'note', 'unlisted', 'phaseLabel', 'activeSide', 'toAct']);

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/**
 * A position fit for editing: the exact fields a position may carry besides its phase (the procedure stack, the
 * derived phase text, who is to act, the generator state) are dropped, so that play restarts at the phase's start.
 */
export function editable(pos: Json): Position {
  const p = clone(pos) as unknown as Position;
  if (!Array.isArray(p.units)) p.units = [];
  delete p.stack;
  delete p.phaseLabel;
  delete p.activeSide;
  delete p.toAct;
  const dice = p.dice;
  if (dice && typeof dice === 'object' && !Array.isArray(dice)) delete (dice as Record<string, Json>).rng;
  return p;
}

function entryIndex(pos: Position, id: string): number {
  const i = pos.units.findIndex((u) => u.id === id);
  if (i < 0) throw new Error(`editor: no unit ${id} in the position`);
  return i;
}

/** Put a unit somewhere (a hex, an area, a box or an off-board place); its cargo goes with it; it leaves its carrier. */
export function moveUnit(pos: Position, id: string, where: string): Position {
  const p = clone(pos);
  const u = p.units[entryIndex(p, id)]!;
  u.at = where;
  delete u.aboard;
  for (const c of p.units) if (c.aboard === id) c.at = where;
  if (OFF_BOARD.includes(where)) {
    for (const c of p.units) if (c.aboard === id) delete c.aboard;
    // Marks of a phase in progress mean nothing off the board.
    for (const k of ['mpUsed', 'moveMode', 'mustAttack']) delete u[k];
  }
  return p;
}

/** Change a unit's side up, a flag (Ops Complete...) or its carrier; `aboard: null` takes it off its carrier. */
export function setUnit(pos: Position, id: string, patch: { reduced?: boolean; aboard?: string | null; flags?: Record<string, boolean> }): Position {
  const p = clone(pos);
  const u = p.units[entryIndex(p, id)]!;
  if (patch.reduced !== undefined) u.reduced = patch.reduced;
  for (const [k, v] of Object.entries(patch.flags ?? {})) u[k] = v;
  if (patch.aboard === null) delete u.aboard;
  else if (patch.aboard !== undefined) {
    const carrier = p.units.find((f) => f.id === patch.aboard);
    u.aboard = patch.aboard;
    if (carrier) u.at = carrier.at;
  }
  return p;
}

/** Control of a place; null removes the entry (the place's owner holds it). */
export function setControl(pos: Position, place: string, side: string | null): Position {
  const p = clone(pos);
  const c = { ...(p.control ?? {}) };
  if (side) c[place] = side;
  else delete c[place];
  p.control = c;
  return p;
}

/** A top-level field, or one inside an object field ("politics.iraq"). */
export function setField(pos: Position, path: string[], value: Json): Position {
  const p = clone(pos) as Record<string, Json>;
  let o = p;
  for (const k of path.slice(0, -1)) {
    const next = o[k];
    o = (next && typeof next === 'object' && !Array.isArray(next) ? next : (o[k] = {})) as Record<string, Json>;
  }
  o[path[path.length - 1]!] = value;
  return p as unknown as Position;
}

/** Boolean flags the position's unit entries use besides `reduced` (Ops Complete...), for checkboxes. */
export function unitFlags(pos: Position): string[] {
  const out = new Set<string>();
  for (const u of pos.units) for (const [k, v] of Object.entries(u)) if (typeof v === 'boolean' && k !== 'reduced') out.add(k);
  return [...out].sort();
}

/** Problems by the units they concern: the `units[i]` of the field, and every unit id the message names. */
export function problemsByUnit(pos: Position, problems: DataProblem[]): Map<string, DataProblem[]> {
  const out = new Map<string, DataProblem[]>();
  const add = (id: string, p: DataProblem) => {
    const l = out.get(id) ?? [];
    if (!l.includes(p)) l.push(p);
    out.set(id, l);
  };
  const ids = new Set(pos.units.map((u) => u.id));
  for (const p of problems) {
    const m = /^units\[(\d+)\]/.exec(p.field);
    const e = m ? pos.units[Number(m[1])] : undefined;
    if (e) add(e.id, p);
    for (const word of p.message.match(/[A-Za-z0-9][\w-]*/g) ?? []) if (ids.has(word)) add(word, p);
  }
  return out;
}

/** The position as the board draws it: each unit a piece (power, type, name from the counter manifest). */
export function positionBoard(pos: Position, counters: CounterManifest | undefined): BoardView {
  // A power's side: the manifest's, else the position's `countries: {power: {controller}}`.
  const countries = (pos.countries && typeof pos.countries === 'object' ? pos.countries : {}) as Record<string, { controller?: unknown }>;
  const sideOf = (power: string) => counters?.powers[power]?.side ?? (typeof countries[power]?.controller === 'string' ? countries[power]!.controller as string : '');
  const pieces: PieceView[] = pos.units.map((u) => {
    const c = counters?.units?.[u.id];
    const power = c?.power ?? '';
    const p: PieceView = { id: u.id, where: u.at, power, type: c?.type ?? '', side: sideOf(power) };
    if (c?.name) p.name = c.name;
    if (u.reduced) p.reduced = true;
    if (u.aboard) p.aboard = u.aboard;
    const marks = Object.entries(u).filter(([k, v]) => v === true && k !== 'reduced').map(([k]) => k);
    if (marks.length) p.marks = marks;
    return p;
  });
  const turn = typeof pos.turn === 'number' ? { index: pos.turn, label: `Turn ${pos.turn}` } : undefined;
  return { pieces, markers: [], control: { ...(pos.control ?? {}) }, ...(turn ? { turn } : {}), ...(typeof pos.phase === 'string' ? { phase: pos.phase } : {}) };
}

/** Symbols of ships (counter.tsx draws them as one). */
const SHIP_SYMBOLS = new Set(['fleet', 'ship', 'surface-fleet']);

/** Carriers a unit may board where it stands: ships of the same place (by the manifest's unit types). */
export function carriersAt(pos: Position, id: string, counters: CounterManifest | undefined): string[] {
  const u = pos.units.find((x) => x.id === id);
  if (!u) return [];
  const naval = (x: string) => {
    const t = counters?.types[counters.units?.[x]?.type ?? ''];
    return t?.domain === 'naval' || SHIP_SYMBOLS.has(t?.symbol ?? '');
  };
  return pos.units.filter((f) => f.id !== id && f.at === u.at && naval(f.id)).map((f) => f.id);
}
