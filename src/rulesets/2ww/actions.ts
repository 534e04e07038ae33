// The actions of 2WW, one discriminated union (by `type`, within each procedure). The format is that of the logs:
// it never changes. The kernel hands a procedure's `act` only one of the choices that procedure listed, so `act`
// reads the action as its own union (`actionOf`) instead of casting fields.
import type { Action } from '../../engine/index.ts';

export type ConvoySource = 'dominions' | 'iraq' | 'lend-lease-gb' | 'lend-lease-su';

/** 2WW 8, 10.1: a move, by rail, by airdrop; boarding a fleet, coming ashore; the end of the phase. */
export type MoveAction =
  | { type: 'move'; unit: string; to: string; assault?: true }
  | { type: 'rail' | 'airdrop'; unit: string; to: string }
  | { type: 'embark'; unit: string; fleet: string }
  | { type: 'land'; unit: string }
  | { type: 'end-phase' };
/** 2WW 5.1.1, 5.1.3. */
export type DisplaceAction = { type: 'displace'; unit: string; to: string };
/** 2WW 2. */
export type PlaceAction = { type: 'place'; unit: string; hex: string };
/** 2WW 9: start an attack on a hex, or end the combat phase. */
export type AttackAction = { type: 'attack'; mode: 'land' | 'strike'; hex: string } | { type: 'end-combat' };
/** Adding a unit to a selection or taking it out (attackers, support, bombers, interceptors...). */
export type SelectAction = { type: 'add' | 'remove'; unit: string; role?: 'attacker' | 'support' };
export type DeclareAction = SelectAction | { type: 'confirm' } | { type: 'cancel' };
/** 2WW 9: one loss point on one unit. */
export type LossAction = { type: 'take-loss'; unit: string };
export type RetreatAction = { type: 'retreat'; unit: string; hex: string };
export type AdvanceAction = { type: 'advance'; unit: string; hex: string } | { type: 'done' };
/** 2WW 9.2.3: the winning air strike goes on against the fleets, or stops. */
export type PressAction = { type: 'press' } | { type: 'stop' };
/** 2WW 8.3.5. */
export type TransitAction = SelectAction | { type: 'attack' } | { type: 'decline' } | { type: 'confirm' };
/** 2WW 7. */
export type ProductionAction =
  | { type: 'assign'; hex: string; power: string }
  | { type: 'build'; unit: string; hex: string }
  | { type: 'upgrade'; unit: string }
  | { type: 'done' };
/** 2WW 6, 12.3. */
export type StrategicAction =
  | { type: 'bomb'; city: string }
  | { type: 'pass' }
  | { type: 'lend-lease'; gb: number; su: number }
  | { type: 'convoy-attack' }
  | { type: 'no-convoy-attack' }
  | SelectAction
  | { type: 'confirm' };
export type CityBombingAction = SelectAction | { type: 'confirm' } | { type: 'cancel' };
export type ConvoyLossAction = { type: 'sink'; source: ConvoySource };
/** 2WW 5.2.2. */
export type StackingAction = { type: 'eliminate'; unit: string };
/** 2WW 4.2 G. */
export type EndOfTurnAction = { type: 'remove-fort'; unit: string } | { type: 'done' };

export type TwoWWAction =
  | MoveAction | DisplaceAction | PlaceAction | AttackAction | DeclareAction | LossAction | RetreatAction | AdvanceAction
  | PressAction | TransitAction | ProductionAction | StrategicAction | CityBombingAction | ConvoyLossAction
  | StackingAction | EndOfTurnAction;

/** A legal action as the procedure's own union: `act` only ever receives one of the choices it listed. */
export function actionOf<A extends TwoWWAction>(a: Action): A {
  return a as unknown as A;
}
