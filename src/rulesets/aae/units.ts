// Creating and removing units (state bookkeeping shared by every phase).
import type { Power, UnitType } from './data/index.ts';
import type { AaeState, Unit } from './state.ts';

export function newUnit(s: AaeState, type: UnitType, power: Power, at: string): Unit {
  const u: Unit = { id: `u${s.nextId++}`, type, power, at };
  s.units.push(u);
  return u;
}

/** Remove a unit; cargo aboard a sunk transport goes down with it, fighters aboard a sunk carrier are left flying. */
export function removeUnit(s: AaeState, id: string): void {
  const cargo = new Set([id]);
  for (const u of s.units) if (u.aboard === id && u.type !== 'fighter') cargo.add(u.id);
  s.units = s.units.filter((u) => !cargo.has(u.id));
  for (const u of s.units) if (u.aboard === id) u.aboard = undefined;
}
