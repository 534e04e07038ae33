// Which combat table a game uses: the printed values (d6), or the house rules' d10 values (house-rules l.48-54).
import { PRINTED_TABLE, type CombatTable } from '../combat-rules.ts';
import type { AaeState } from '../state.ts';

export function combatTable(_s: AaeState): CombatTable {
  return PRINTED_TABLE;
}
