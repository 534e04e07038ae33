// Which combat table a battle uses: the printed values (d6), or the house rules' d10 values (house rules l.48-54,
// 92-97) with the Barbarossa modifiers of turn 1 (l.157).
import { PRINTED_TABLE, type Combatant, type CombatTable } from '../combat-rules.ts';
import type { Power, UnitType } from '../data/index.ts';
import type { AaeState } from '../state.ts';
import { area, unitData } from '../world.ts';

export const RULE_D10 = 'AAE house rules l.48-54, 92-97 (combat on d10)';
export const RULE_BARBAROSSA = 'AAE house rules l.157 (Barbarossa)';

/** Attack, defence and cost on d10 (house rules l.48-54 and 92-97). */
export const D10_VALUES: Record<UnitType, { attack: number; defense: number; cost: number }> = {
  infantry: { attack: 2, defense: 3, cost: 3 },
  artillery: { attack: 3, defense: 3, cost: 4 },
  armour: { attack: 4, defense: 5, cost: 5 },
  aa: { attack: 0, defense: 0, cost: 5 },
  fighter: { attack: 4, defense: 5, cost: 10 },
  bomber: { attack: 6, defense: 3, cost: 12 },
  transport: { attack: 0, defense: 2, cost: 8 },
  submarine: { attack: 4, defense: 3, cost: 8 },
  destroyer: { attack: 5, defense: 5, cost: 10 },
  carrier: { attack: 2, defense: 3, cost: 18 },
  battleship: { attack: 6, defense: 6, cost: 21 },
};

/** German armour fights at 5/6 and costs 6; British carriers cost 15 (l.52, 95). */
export function d10Value(c: Pick<Combatant, 'type' | 'power' | 'damage'>, side: 'attack' | 'defense'): number {
  if (c.type === 'armour' && c.power === 'germany') return side === 'attack' ? 5 : 6;
  if (c.type === 'battleship' && (c.damage ?? 0) > 0) return 3;
  return D10_VALUES[c.type][side];
}

export function unitCost(s: AaeState, t: UnitType, p: Power): number {
  if (!s.opts.house.d10) return unitData(t).cost;
  if (t === 'armour' && p === 'germany') return 6;
  if (t === 'carrier' && p === 'uk') return 15;
  return D10_VALUES[t].cost;
}

/**
 * Barbarossa, turn 1 only: in Germany's turn Soviet armour defends at -1 and Soviet aircraft at -2, German aircraft
 * attack at +1 inside the Soviet Union; in the Soviet turn Soviet aircraft and armour attack at -1.
 */
function barbarossa(s: AaeState, where: string, c: Combatant, side: 'attack' | 'defense'): number {
  if (!s.opts.house.barbarossa || s.round !== 1) return 0;
  const air = unitData(c.type).domain === 'air';
  if (s.power === 'germany') {
    if (c.power === 'ussr' && side === 'defense') return c.type === 'armour' ? -1 : air ? -2 : 0;
    if (c.power === 'germany' && air && area(where).owner === 'ussr') return 1;
  }
  if (s.power === 'ussr' && c.power === 'ussr' && side === 'attack' && (air || c.type === 'armour')) return -1;
  return 0;
}

/** The table of a battle in `where` (printed, or d10 with the house modifiers). */
export function combatTable(s: AaeState, where = ''): CombatTable {
  if (!s.opts.house.d10) return PRINTED_TABLE;
  return {
    sides: 10,
    attack: (c) => d10Value(c, 'attack') + barbarossa(s, where, c, 'attack'),
    defense: (c) => d10Value(c, 'defense') + barbarossa(s, where, c, 'defense'),
    bombard: (c) => (unitData(c.type).bombard ? d10Value(c, 'attack') : 0),
    antiaircraft: 1,
    rule: RULE_D10,
  };
}

