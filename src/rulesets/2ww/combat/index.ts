// 2WW combat procedures (2WW 8.3.5, 9, 10.2), registered by the rule set: spread `combatProcedures` into its
// procedures.
import { combatDeclare, combatPhase } from './combat-phase.ts';
import { landCombat } from './land-combat.ts';
import { navalBattle, transitAttack } from './air-sea-combat.ts';
import { lossProcedures } from './losses.ts';

export const combatProcedures = {
  'combat-phase': combatPhase,
  'combat-declare': combatDeclare,
  'land-combat': landCombat,
  'naval-battle': navalBattle,
  'transit-attack': transitAttack,
  ...lossProcedures,
};

export { world as combatWorld } from './world.ts';
export type { CombatWorld, UnitFacts } from './world.ts';
export { rulesCombatWorld } from './rules-world.ts';
export * from './resolve.ts';
export * from './chart.ts';
