// The 2WW game state: plain JSON, one object. Unit ids and hex ids are those of the data files (data/).
import type { BaseState } from '../../engine/index.ts';

export type Side = 'axis' | 'allies';
/** Major powers and minors by their data id: ge it fr gb su us, fi hu ro bg, pl be nl ... */
export type PowerId = string;
export type Season = 'winter' | 'spring' | 'summer' | 'autumn';

/**
 * Where a unit is: a hex id ("2214"), a box id ("atlantic-ocean", "atlantic-land", "capetown", "red-sea",
 * "persian-gulf"), or one of the pseudo-places below.
 */
export type Where = string;
export const POOL = 'pool'; // force pool: may be produced
export const ELIMINATED = 'eliminated'; // back to the pool at the next production (2WW 4.2 B.1)
export const REMOVED = 'removed'; // permanently out (conquered power, Vichy, Maginot...)
export const FUTURE = 'future'; // not yet on the Turn Record Track

export interface UnitState {
  where: Where;
  reduced: boolean;
  /** Ops Complete marker (2WW 3.4.6). */
  ops: boolean;
  /** Fleet carrying this unit (2WW 8.3.4). */
  aboard?: string;
  /** Movement points spent in the current movement phase. */
  mpUsed?: number;
  /** Moved by rail / airdropped / landed amphibiously this phase (restrictions on further moves and attacks). */
  moveMode?: 'normal' | 'rail' | 'airdrop' | 'amphibious' | 'assault';
  /** Took part in strategic warfare this turn (2WW 6.1.5). */
  strategicUsed?: boolean;
  /** Has attacked in the current combat phase. */
  attacked?: boolean;
  /** Overrides the country's controller (Vichy units, 2WW 12.2); 'neutral' = commanded by nobody. (lead) */
  owner?: Side | 'neutral';
  /** Permanently out when eliminated (Vichy units, 2WW 12.2.1). (lead) */
  permanent?: boolean;
  /** Must attack its hex in the combat phase: airdropped / assaulting onto enemy units (2WW 5.2.3). (lead) */
  mustAttack?: string;
}

export type CountryStatus =
  | 'belligerent' // at war on its side
  | 'neutral'
  | 'conquered'
  | 'liberated';

export interface CountryState {
  /** Side controlling the country's forces and cities, or null while truly neutral (2WW 5.3.1). */
  controller: Side | null;
  status: CountryStatus;
  /** Side that conquered it (2WW 5.3.2). */
  conqueredBy?: Side;
}

export interface TwoWWState extends BaseState {
  /** Registered world (map + counters) the game is played on; absent = the campaign map (world.ts). (lead) */
  world?: string;
  /** Options the game was set up with (quickSetup...). (lead) */
  options?: Record<string, boolean | number | string>;
  /** 1 = Autumn 1939 ... 23 = Spring 1945. */
  turn: number;
  /** Phase name for display ("Axis movement"); the procedure stack is the truth. */
  phase: string;
  /** Side whose player turn / armored action it is, or null in shared phases. */
  activeSide: Side | null;
  units: Record<string, UnitState>;
  /** Control of each city/port hex (2WW 3.4.7): last side to occupy or pass through it. */
  control: Record<string, Side>;
  countries: Record<PowerId, CountryState>;
  politics: {
    italyNeutral: boolean;
    ussrNeutral: boolean;
    usEntered: boolean;
    /** Turns of delay to US entry from British/French invasions of neutrals (2WW 5.3.1). */
    usEntryDelay: number;
    vichy: 'none' | 'neutral' | 'allied' | 'axis';
    /** Iraq (2WW 12.5): closed until it rebels; conquered by the Allies ends the rolls. */
    iraq: 'closed' | 'rebel' | 'allied-conquered' | 'axis-liberated';
    /** Axis has invaded (entered) each minor with limited neutrality (2WW 12.1.2). */
    axisMinorsOpened: PowerId[];
  };
  production: {
    /** Production cities successfully bombed this turn (2WW 6.1.4). */
    bombed: string[];
    /** Points available to each power in the current production phase. */
    points: Record<PowerId, number>;
    /** US points announced as Lend-Lease this turn (2WW 12.3). */
    lendLease: { gb: number; su: number };
    /** Points destroyed by convoy attack this turn, by source (2WW 6.2.3). */
    convoyLosses: Record<string, number>;
    /** The side's choice of major power for a production city outside that power's country, kept between turns (7.1.1). */
    assign?: Record<string, PowerId>;
  };
}
