// The position editor's model: pure edits of a 2WW position (docs/positions.md) and the mapping of validation
// problems to units. No DOM, no fetch: unit-tested in Node.
import type { DataProblem, Json } from '../../engine/types.ts';
import type { TwoWWPosition, UnitEntry } from '../../rulesets/2ww/positions/format.ts';

export type Position = TwoWWPosition;

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** A position fit for editing: the exact stack and generator state of its source are dropped (the editor sets the phase). */
export function editable(pos: Position): Position {
  const p = clone(pos);
  delete p.stack;
  delete p.phaseLabel;
  delete p.activeSide;
  delete p.toAct;
  if (p.dice) delete p.dice.rng;
  if (p.phase === 'setup') p.phase = 'axis-movement';
  return p;
}

function entryIndex(pos: Position, id: string): number {
  const i = pos.units.findIndex((u) => u.id === id);
  if (i < 0) throw new Error(`editor: no unit ${id} in the position`);
  return i;
}

/** Put a unit somewhere (a hex, a box or a pseudo place); its cargo goes with it; it leaves any fleet it was aboard. */
export function moveUnit(pos: Position, id: string, where: string): Position {
  const p = clone(pos);
  const u = p.units[entryIndex(p, id)]!;
  u.at = where;
  delete u.aboard;
  for (const c of p.units) if (c.aboard === id) c.at = where;
  if (['pool', 'eliminated', 'removed', 'future'].includes(where)) {
    for (const c of p.units) if (c.aboard === id) delete c.aboard;
    delete u.mpUsed;
    delete u.moveMode;
    delete u.mustAttack;
  }
  return p;
}

/** Change a unit's side up, markers or carrier. `aboard: null` takes it off its fleet. */
export function setUnit(pos: Position, id: string, patch: { reduced?: boolean; ops?: boolean; aboard?: string | null }): Position {
  const p = clone(pos);
  const u = p.units[entryIndex(p, id)]!;
  if (patch.reduced !== undefined) u.reduced = patch.reduced;
  if (patch.ops !== undefined) u.ops = patch.ops;
  if (patch.aboard === null) delete u.aboard;
  else if (patch.aboard !== undefined) {
    const fleet = p.units.find((f) => f.id === patch.aboard);
    u.aboard = patch.aboard;
    if (fleet) u.at = fleet.at;
  }
  return p;
}

/** Control of a city or port hex; null removes the entry (the country's controller then holds it). */
export function setControl(pos: Position, hex: string, side: 'axis' | 'allies' | null): Position {
  const p = clone(pos);
  const c = { ...(p.control ?? {}) };
  if (side) c[hex] = side;
  else delete c[hex];
  p.control = c;
  return p;
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
    for (const word of p.message.match(/[a-z]{2}-[a-z0-9-]+/g) ?? []) if (ids.has(word)) add(word, p);
  }
  return out;
}

/** The position as a view state the map component reads (src/web/map/board-data.ts readBoardView). */
export function boardState(pos: Position): Json {
  return {
    units: pos.units.map((u: UnitEntry) => {
      const v: Record<string, Json> = { id: u.id, where: u.at, reduced: u.reduced ?? false, ops: u.ops ?? false };
      if (u.aboard) v.aboard = u.aboard;
      return v;
    }),
    control: (pos.control ?? {}) as Json,
    countries: (pos.countries ?? {}) as Json,
    turn: pos.turn,
    phase: pos.phase,
  };
}

/** Fleets a unit may board where it stands: surface fleets of the same place (2WW 8.3.4). */
export function fleetsAt(pos: Position, id: string, isSurfaceFleet: (id: string) => boolean): string[] {
  const u = pos.units.find((x) => x.id === id);
  if (!u) return [];
  return pos.units.filter((f) => f.id !== id && f.at === u.at && isSurfaceFleet(f.id)).map((f) => f.id);
}
