// The A&A Europe game state: one plain JSON object. Area ids are those of data/map.json, unit types those of
// data/units.json.
import type { BaseState } from '../../engine/index.ts';
import type { Power, UnitType } from './data/index.ts';

export type { Power, UnitType } from './data/index.ts';
export type Side = 'axis' | 'allies';
/** A power's side; Vichy's forces are of neither (l.177). */
export type Alignment = Side | 'neutral';

export type Phase = 'bid' | 'purchase' | 'combat-move' | 'combat' | 'noncombat-move' | 'mobilize' | 'income' | 'over';

/** What a unit that moved in the combat move is going to do in its area (AAE Combat Move). */
export type Mission = 'attack' | 'raid' | 'rail' | 'escort' | 'night';

export interface Unit {
  id: string;
  type: UnitType;
  power: Power;
  /** Area id (territory or sea zone). */
  at: string;
  /** Hits taken and not yet repaired (a battleship with 1 is damaged). */
  damage?: number;
  /** Movement points spent this turn. */
  spent?: number;
  /** The transport or carrier carrying it. */
  aboard?: string;
  /** Its move is over this turn (it loaded or unloaded, attacked, landed from a transport...). */
  done?: boolean;
  /** Moved in this turn's combat move (may not move again in the noncombat move, except aircraft). */
  combatMoved?: boolean;
  /** Took part in a battle this turn. */
  fought?: boolean;
  /** Area it entered its battle area from (land retreats go back to one of these). */
  cameFrom?: string;
  /** Cargo: the territory it will land in, an amphibious assault (AAE Combat Move: Amphibious Assaults). */
  landing?: string;
  /** Aircraft on a strategic bombing raid or escorting one. */
  mission?: Mission;
  /** Submerged submarine: out of the battle in its sea zone. */
  submerged?: boolean;
  /** Boarded its transport during this turn's combat move. */
  boardedThisTurn?: boolean;
  /** Armour that made its second attack this turn (house rules l.56). */
  secondAttack?: boolean;
  // House rules:
  /** An Axis Minor nation's piece (l.3), or a French, Polish, Yugoslav or Vichy one. */
  nation?: string;
  /** Early-war piece: fights at -1 (l.5). */
  ew?: boolean;
  /** Out of supply in this turn's combat (l.20). */
  unsupplied?: boolean;
  /** A transport carrying landing craft (l.16). */
  landingCraft?: boolean;
  /** A coastal fort still being built overseas (l.12). */
  building?: boolean;
  /** A ship in port in a coastal territory (l.105 d). */
  inPort?: boolean;
  /** Took a bombardment half hit in the battle in progress (l.46). */
  shaken?: boolean;
  /** Has had its save roll in the battle in progress (SS, Guards, armoured carriers: l.135, 161, 195). */
  saved?: boolean;
  /** A fighter come to a battle by air reaction, from this area (l.32). */
  reactFrom?: string;
  /** Landed in this turn's assault from a transport with landing craft (l.16). */
  landedWithCraft?: boolean;
}

/** Bookkeeping of the house rules (each field belongs to the rule that writes it). */
export interface HouseState {
  [k: string]: unknown;
}

/** A battle waiting in the combat phase (AAE Conduct Combat). */
export interface PendingBattle {
  area: string;
  kind: 'land' | 'sea' | 'raid' | 'convoy';
}

/** Options as resolved at set-up (ruleset.options). */
export interface AaeOptions {
  /** Play the special cash advance (bid) before the first turn. */
  bid: boolean;
  /** Last round; 0 = play until a side wins. */
  roundLimit: number;
  /** House rules switched on (house/options.ts). */
  house: Record<string, boolean>;
}

export interface AaeState extends BaseState {
  opts: AaeOptions;
  /** Round number, 1-based: each round every power plays one turn. */
  round: number;
  /** Whose turn it is. */
  power: Power;
  phase: Phase;
  ipcs: Record<Power, number>;
  /** Controller of every territory and convoy centre; null for neutrals. */
  control: Record<string, Power | null>;
  units: Unit[];
  nextId: number;
  /** Bought and not yet placed, per power (AAE Purchase Units, Mobilize New Units). */
  pending: Record<Power, UnitType[]>;
  /** Areas captured during the current turn (no landing of aircraft, no production there). */
  capturedThisTurn: string[];
  /** Battles of the current combat phase still to fight. */
  battles: PendingBattle[];
  /** Unspent special cash advance of the Allies (shared by the three Allied powers). */
  alliedBid?: number;
  /** House rules l.66-68: extra rail cost of bombed territories, until their holder's next turn ends. */
  railDamage?: Record<string, number>;
  /** House rules l.107: rail points the power whose turn it is has used, in all and inside Soviet territory. */
  railUsed?: { all: number; soviet: number };
  /** House rules l.211: British ships gone to the Far East, waiting to come back ('battleship', 'carrier'). */
  farEast?: string[];
  /** House rules' bookkeeping (house/*.ts). */
  house?: HouseState;
  /** AAE Victory: the side that met its condition, and the round it did (it must hold it a whole round). */
  victoryWatch: { axis?: number; allies?: number };
}

export const SIDE_OF: Record<Power, Alignment> = { germany: 'axis', ussr: 'allies', uk: 'allies', usa: 'allies', minor: 'axis', vichy: 'neutral' };
