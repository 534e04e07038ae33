// The procedures of the 2WW rule set by name: the sequence of play's own and those of combat, strategic warfare and
// production. A constant registry, read by the rule set (index.ts) and by the position checks (positions/validate.ts).
import type { Procedure } from '../../engine/index.ts';
import { combatProcedures } from './combat/index.ts';
import { productionProcedures } from './production.ts';
import { strategicWarfareProcedures } from './strategic-warfare.ts';
import { displacement, movementPhase } from './movement.ts';
import { endOfTurn, game, playerTurn } from './sequence-of-play.ts';
import { armoredAction } from './armored-action.ts';
import { setupPlacement } from './setup.ts';
import { stackingCheck } from './stacking.ts';
import type { TwoWWState } from './state.ts';

export const twoWWProcedures: Readonly<Record<string, Procedure<TwoWWState, any>>> = {
  ...(combatProcedures as Record<string, Procedure<TwoWWState, any>>),
  ...(strategicWarfareProcedures as Record<string, Procedure<TwoWWState, any>>),
  ...(productionProcedures as Record<string, Procedure<TwoWWState, any>>),
  game,
  'player-turn': playerTurn,
  'armored-action': armoredAction,
  'movement-phase': movementPhase,
  displacement,
  stacking: stackingCheck,
  'end-of-turn': endOfTurn,
  'setup-placement': setupPlacement,
};
