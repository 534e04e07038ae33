// Every ETO action, by the procedure that takes it: one discriminated union per prompt, `EtoAction` for all of them.
// The kernel hands a procedure only actions its own prompt listed, so each handler may take its union as typed.
import type { Side } from './state.ts';

/** Set-up (scenario 1 [1.1], 3 [3.1], 4 [4.1]). */
export type SetUpAction =
  | { type: 'place'; unit: string; hex: string }
  | { type: 'place'; ship: string; space: string; inPort: boolean }
  | { type: 'airfield'; hex: string }
  | { type: 'example' }
  | { type: 'suggested' };

/** Naval and Air phase: initiative (38.0), naval movement (7.0), naval attacks (8.3). */
export type ChooseFirstAction = { type: 'first'; side: Side };
/** 39.2: declaring the invasion of a neutral minor. */
export type InvadeAction = { type: 'invade'; nation: string };
export type NavalMovementAction =
  | { type: 'select'; ship: string } | { type: 'move' } | { type: 'end-naval-movement' } | InvadeAction
  /** 10.4, 32.5: embarking a unit or loading a supply marker aboard the selected STPs in their port (10.8: `by` a DD/CL pair). */
  | EmbarkAction;
export type StackMoveAction =
  | { type: 'enter'; space: string }
  | { type: 'enter-port' }
  | { type: 'leave-port' }
  | { type: 'drop-off'; ship: string }
  | { type: 'stop' }
  /** 10.4: picking up units or a supply marker in a friendly port on the way; 10.7: evacuating units from a clear coastal hex. */
  | EmbarkAction | { type: 'evacuate'; unit: string; by?: 'dd-cl' };
/** 10.4, 32.5: a unit or a supply marker taken aboard STP markers, or (10.8 `by: 'dd-cl'`) aboard the stack's DD/CL pairs. */
export type EmbarkAction = { type: 'embark'; unit: string; by?: 'dd-cl' } | { type: 'load-supply'; by?: 'dd-cl' };
export type NavalAttacksAction = { type: 'attack-in'; space: string } | { type: 'attack-port'; space: string } | { type: 'add-searcher'; ship: string } | { type: 'search' } | { type: 'end-naval-attacks' };

/** Naval interception (8.2-8.7). */
export type InterceptionAction = { type: 'add-interceptor'; ship: string } | { type: 'intercept' } | { type: 'no-interception' };
export type EngagementAction =
  | { type: 'continue' }
  | { type: 'break-off' }
  | { type: 'groups'; n: number }
  | { type: 'evade' }
  | { type: 'fight' };

/** Naval combat (9.0-9.6) and air-naval attacks (16.2). */
export type NavalCombatAction =
  | { type: 'hold-out'; ship: string }
  | { type: 'commit' }
  | { type: 'fire'; ship: string; target: string }
  | { type: 'hold-fire'; ship: string }
  | { type: 'pursue' }
  | { type: 'let-go' };
export type WithdrawAction = { type: 'withdraw'; ships: string[] };
export type AirNavalAction = { type: 'air-attack'; target: string } | { type: 'no-more-air-attacks' };
/** A submarine's own combat (11.3): its attacks, then withdrawal or a second round. */
export type SubmarineAction = { type: 'sub-attack'; target: string } | { type: 'sub-withdraw' } | { type: 'sub-fight' };

/** Choosing an offensive (22.1-22.3; scenario 4's Army Groups, 23.6). */
export type OffensiveChoiceAction =
  | { type: 'offensive'; method: 'hq'; leader: string; partners?: string[]; impromptu?: boolean }
  | { type: 'offensive'; method: 'general'; leader: string; impromptu?: boolean }
  | { type: 'offensive'; method: 'stack'; hex: string; impromptu?: boolean }
  | { type: 'offensive'; method: 'air'; impromptu?: boolean }
  | { type: 'pass' }
  | InvadeAction;

/** An Offensive phase, steps 1-5 (22-29). */
export type OffensiveAction =
  | { type: 'hq-stay'; unit: string }
  | { type: 'hq-move'; unit: string; to: string }
  | { type: 'activate-all' }
  | { type: 'activate'; unit: string }
  | { type: 'breakthrough'; hex: string }
  | { type: 'bt-stay' }
  | { type: 'bt-move'; to: string; units?: string[] }
  | { type: 'bt-attack'; target: string }
  | { type: 'bt-cancel' }
  | { type: 'front' }
  | { type: 'move'; unit: string; to: string; general?: string }
  | { type: 'declare'; target: string }
  /** 10.6: an amphibious assault on the coastal hex the STPs are in. */
  | { type: 'assault'; target: string }
  /** 19.1-19.2: a paratroop flown by the ATP at its base drops on the declared attack's hex. */
  | { type: 'drop'; unit: string; atp: string }
  | { type: 'add'; unit: string }
  | { type: 'go' }
  | { type: 'cancel' }
  | { type: 'x-stay'; unit: string }
  | { type: 'x-move'; unit: string; to: string; general?: string }
  | { type: 'done' };

/** Attack sequence 4A: air missions (12-17), losses, retreats and advances (27). */
export type AttackAction =
  | { type: 'fly'; air: string }
  | { type: 'intercept'; air: string }
  | { type: 'counter'; air: string }
  | { type: 'defend'; air: string; role: 'fighter' | 'bomber' }
  | { type: 'air-target'; air: string; target: string }
  | { type: 'air-abort'; air: string }
  | { type: 'fight-on' }
  | { type: 'no' }
  | { type: 'lose'; unit: string }
  | { type: 'losses'; steps: number }
  | { type: 'retreat'; path: string[] }
  | { type: 'advance'; unit: string }
  | { type: 'secondary'; unit: string; to: string; general?: string }
  | { type: 'done' };

/** Armor reaction (26.5), HQ displacement (23.3), the Movement phase (30). */
export type ReactionAction = { type: 'react-with'; unit: string } | { type: 'react' } | { type: 'no-reaction' };
export type DisplaceAction = { type: 'displace'; unit: string; to: string };
export type MovementAction = { type: 'move'; unit: string; to: string; general?: string } | { type: 'debark'; unit: string } | { type: 'front' } | { type: 'done' };

/** A raid's target: enemy air at its base (12.3), installations (21.4), ships in a hex (step 2, 16.1). */
export type RaidKind = 'attack-air' | 'bomb' | 'ships';

/** Air missions and battles outside a land attack (12.3, 14, 15, 21). */
export type AirAction =
  | { type: 'air-target'; air: string; target: string }
  | { type: 'air-abort'; air: string }
  | { type: 'fight-on' }
  | { type: 'intercept-at'; air: string; at: string }
  | { type: 'intercept-done' }
  | { type: 'raid'; air: string; to: string; kind: RaidKind }
  | { type: 'raid-add'; air: string }
  | { type: 'raid-fly' }
  | { type: 'rebase'; air: string; to: string }
  | { type: 'air-done' }
  | { type: 'intercept-ship'; air: string }
  | { type: 'air-transport'; air: string; unit: string; to: string }
  /** 32.6: an ATP flies an air supply marker to a friendly airbase. */
  | { type: 'air-supply'; air: string; to: string }
  | { type: 'bomb-ship'; target: string }
  | { type: 'no-more-air-attacks' };

/** The Replenishment step (34.3, 34.4). */
export type ReplenishAction = { type: 'recover'; air: string } | { type: 'repair'; hex: string } | { type: 'replenish-done' };

/** Every action an ETO prompt can list. */
export type EtoAction =
  | SetUpAction | ChooseFirstAction | NavalMovementAction | StackMoveAction | NavalAttacksAction
  | InterceptionAction | EngagementAction | NavalCombatAction | WithdrawAction | AirNavalAction | SubmarineAction | OffensiveChoiceAction
  | OffensiveAction | AttackAction | ReactionAction | DisplaceAction | MovementAction | AirAction | ReplenishAction;
