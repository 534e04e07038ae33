// ETO game state (plain JSON). Only what the implemented scenarios need so far; see docs/rulesets/eto.md.
import type { BaseState } from '../../engine/index.ts';
import type { Ratings } from './data/index.ts';
import { etoData } from './data/index.ts';
import type { LandState } from './land.ts';

/** Seats: the two sequencing sides of ETO (sequence of play: Axis and Allies; partnerships come later). */
export type Side = 'axis' | 'allies';
export const SIDES: Side[] = ['axis', 'allies'];
export const otherSide = (s: Side): Side => (s === 'axis' ? 'allies' : 'axis');
/** The side each nation plays on (ETO 42.0; minor countries with the partnership they joined in the implemented scenarios). */
export const SIDE_OF_NATION: Readonly<Record<string, Side>> = {
  germany: 'axis', italy: 'axis', uk: 'allies', france: 'allies', us: 'allies', ussr: 'allies', poland: 'allies', norway: 'allies',
};

export interface Ship {
  id: string;
  name: string;
  nation: string;
  side: Side;
  type: 'BB' | 'CA' | 'CV' | 'CL' | 'DD' | 'SS' | 'STP';
  named: boolean;
  damaged: boolean;
  sunk: boolean;
  /** Naval space: a sea-area id or a coastal hex id; '' before setup places it. */
  space: string;
  /** Inside the port of its coastal hex (ETO 7.7). */
  inPort: boolean;
  /** Strength of the naval air unit on board (carriers; 0 if none). */
  air: number;
  /** An STP's points (10.1); absent for warships. */
  points?: number;
  /** Naval MP an STP has moved with units aboard this phase (10.2: 6 or more triples an amphibious assault's cost). */
  carried?: number;
  /** A supply marker aboard this STP (32.5). */
  supply?: boolean;
  /** 10.0: the STP has taken on a task this turn (one a turn); 10.4: picked its cargo up after moving (transport only). */
  used?: boolean;
  pickedUp?: boolean;
  /** Naval MP it had carried when it took evacuees aboard (10.7: at most 12 more this phase). */
  evacuatedAt?: number;
  /** Left at sea in the End phase without upkeep (7.6, 33.8). */
  oos?: boolean;
  /** 10.8: the CL a DD serves with as one ad hoc STP (the DD holds the cargo), or the DD a CL serves with. */
  pair?: string;
}

/** What happened in the current naval step (ETO 8.5 limits are per step). */
export interface StepRecord {
  /** Ships done with naval movement this step (moved, dropped off, counter-intercepted). */
  moved: string[];
  /** Ships that found an enemy stack this step: no more searches (8.5). */
  successful: string[];
  /** "ship>targetKey": a group searched that enemy stack this step (8.5). */
  searched: string[];
  /** Withdrew from a naval combat: no more interceptions this step (9.6). */
  withdrawn: string[];
}

/** The month's weather in words (ETO 1.2): the state keeps the turn track's letter. */
export const WEATHER_NAMES: Record<EtoState['weather'], string> = { F: 'fair', M: 'mud', W: 'winter' };

export interface EtoState extends BaseState {
  month: string;
  year: number;
  weather: 'F' | 'M' | 'W';
  initiative: Side;
  ships: Record<string, Ship>;
  /** Order in which the sides perform the Naval and Air phase (chosen by the initiative side). */
  order: Side[];
  step: StepRecord;
  /** Ships that made a successful counter-interception this phase (no naval attacks in step 3, sequence of play 3). */
  counterIntercepted: string[];
  /** Land and air units of the land scenarios (absent in scenario 1). */
  land?: LandState;
  /** EPs in each side's economic reserve (37.8), where the scenario gives any. */
  eps?: Record<Side, number>;
  /** Weather zones whose air units are grounded this month (1.2-1.4). */
  grounded?: string[];
}

export function emptyStep(): StepRecord {
  return { moved: [], successful: [], searched: [], withdrawn: [] };
}

const NAVAL_UNITS: ReadonlyMap<string, { full: Ratings; damaged: Ratings }> = new Map(etoData().units.map((u) => [u.id, u]));

/** Current gunnery, armor and speed: the damaged side once damaged (ETO 9.5). */
export function ratings(ship: Ship): Ratings {
  const u = NAVAL_UNITS.get(ship.id)!;
  return ship.damaged ? u.damaged : u.full;
}

export const alive = (s: EtoState, ids: readonly string[]): string[] => ids.filter((id) => !s.ships[id]!.sunk);

/** Slowest current speed of a stack (ETO 8.4 group speed, 8.7 evasion). */
export function slowest(s: EtoState, ids: readonly string[]): number {
  return Math.min(...ids.map((id) => ratings(s.ships[id]!).speed));
}

export const stackKey = (ids: readonly string[]): string => [...ids].sort().join('+');
