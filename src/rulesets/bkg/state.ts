// The BKG game state: one plain JSON object (units, control, production, politics, the battles of a phase).
import type { BaseState } from '../../engine/index.ts';
import type { UnitType } from './data/index.ts';
import type { Major, Side } from './powers.ts';

export type Rules = 'basic' | 'advanced';

/** The optional rules of advanced 9, each an option of the game (advanced 9.0: only those agreed before the game). */
export const OPTIONAL_RULES = {
  aircraftSearches: { rule: '9.1', name: 'Aircraft searches', description: 'In the movement phase an aircraft may fly to a sea zone in its range and watch it: enemy ships entering it are searched for; it comes back at the end of its side\'s next movement phase.' },
  altCoupCards: { rule: '9.2', name: 'Alternative use of coup cards', description: 'A major holding the coup card of a neutral attacked by the enemy may give the neutral up after a round of land combat: the attacker conquers it, the card owner saves 1 BP per unit of the minor, whose units are disbanded.' },
  assemblyOfBacksides: { rule: '9.3', name: 'Assembly of backsides', description: 'In the reinforcement phase two identical reduced units of one country in one place may become one full unit.' },
  altReconquest: { rule: '9.4', name: 'Alternative re-conquest', description: 'A major re-conquering an associate\'s home area may add its production to its own instead of freeing the associate.' },
  navalHqByTf: { rule: '9.5', name: 'Naval HQ on task forces', description: 'A task force may carry a naval HQ like a convoy.' },
  capeMagellan: { rule: '9.6', name: 'Cape Magellan', description: 'Ships with double range may sail between the Coral Sea or Panama and the South Atlantic, using all their movement.' },
  railIncrease: { rule: '9.7', name: 'Rail capacity increase', description: 'A major may build +1 rail capacity for 5 BP, ready in 2 quarters.' },
  isolatedAreas: { rule: '9.8', name: 'Isolated areas', description: 'At most one reinforcement a turn in a home area with no land link to the other home areas, unless it cannot arrive elsewhere.' },
  nonHistoricAlliances: { rule: '9.10', name: 'Non-historic alliances', description: 'Before the first quarter each major in turn (Germany, Italy, Japan, the USA, BE, the USSR, France, China) chooses the Axis or the Allies; each side needs one major. Wars between new allies end; the Time Table\'s entries bring a major to war with the other side\'s belligerents.' },
  coupInIran: { rule: '9.9', name: 'Coup in Iran', description: 'The Coup in Ireland card is not discarded after use but goes beneath the stack as a Coup in Iran card.' },
  cooperation: { rule: '9.11', name: 'Cooperation', description: 'Only Germany and Italy, BE, the USA and France, and China and the USA cooperate (a minor with its major): others of one side may not share a place, join each other\'s combats or enter each other\'s countries unless an enemy holds the area.' },
  fogOfWar: { rule: '9.12', name: 'Fog of war', description: 'Only the top unit of each enemy stack may be seen (at most 10 units a stack; the units beneath show as a number); the units of a combat are seen by both sides.' },
  altInitiative: { rule: '9.13', name: 'Alternate initiative', description: 'The side winning the initiative chooses which side moves first.' },
  altResearch: { rule: '9.14', name: 'Research keeps numbers', description: 'A failed research roll loses only as many numbers as the die exceeds them.' },
} as const;
export type OptionalRule = keyof typeof OPTIONAL_RULES;

/** Is optional rule `r` (advanced 9) in play? */
export function optional(s: { opts: { optional?: readonly string[] } }, r: OptionalRule): boolean {
  return !!s.opts.optional?.includes(r);
}

export interface Unit {
  id: string;
  /** Nation of the counter: a major, or a minor (poland, romania...). */
  power: string;
  type: UnitType;
  /** Printed front strength (an HQ's command rating). */
  front: number;
  /** Printed back strength; null: nothing printed, one hit eliminates (basic 6.2.2). */
  back: number | null;
  /** BE home letter (C, SA, I, A), USSR O (orange) or G (guards), China US, France V or F. */
  tag?: string;
  /** HQ key (counters.json). */
  hq?: string;
  /** The area it attacked from (advanced 1.2: border effects apply to units attacking across the border). */
  via?: string;
  /** Rebased this turn (advanced 6.3: once per turn). */
  rebased?: boolean;
  /** Landed by invasion this phase (advanced 6.5.4: halved). */
  invading?: boolean;
  /** Points its convoy had used when it boarded this phase (advanced 6.5.4: invaders board at most 3 sea zones away). */
  board?: number;
  /** The convoy that landed it this phase (advanced 6.5.4: a coastal defence 6 hits that convoy too). */
  carrier?: string;
  reduced?: boolean;
  /** An area or sea zone; 'box' while in production (see `arrive`). */
  where: string;
  /** Turn of arrival of a unit in production. */
  arrive?: number;
  /** The convoy carrying this unit. */
  aboard?: string;
  // Marks of the current phase (cleared when a phase starts).
  /** Movement points used this phase. */
  mp?: number;
  /** Moved beyond its range under the double-range conditions (6.1.2): may not attack. */
  dbl?: boolean;
  /** Entered an enemy-controlled place this phase (6.1.2: no double range any more). */
  hostile?: boolean;
  /** May not move again this phase (moved once, unloaded, reacted). */
  done?: boolean;
  /** A convoy that has carried a load this phase (6.1.3 A). */
  carried?: boolean;
  /** A task force supporting a land combat returns here afterwards (6.1.3 B). */
  from?: string;
  /** An aircraft on a strategic bombardment mission this phase (advanced 6.5.6). */
  raid?: boolean;
  /** Optional 9.1: an aircraft watching its sea zone since this turn, until its side's next movement phase ends. */
  observe?: number;
}

/** A combat waiting in the current phase (6.2): phasing units entered a place holding enemy units. */
export interface Battle {
  place: string;
  attacker: Side;
  /** Advanced 6.5.4: land units landed here from the sea against the enemy. */
  invasion?: boolean;
  /** Advanced 6.5.4: the invaded area belonged to a neutral minor (no naval reaction from other sea zones). */
  neutralMinor?: boolean;
  /** Advanced 6.5.6: aircraft came to bomb the area's production. */
  raid?: boolean;
  /** Advanced 7.5: the aircraft carrying the atomic bomb on this mission. */
  atomic?: string;
}

export interface BkgState extends BaseState {
  rules: Rules;
  /** Options of the game (tutorial waivers...); `optional`: the optional rules of advanced 9 in play (absent: none). */
  opts: { polishRetreat: boolean; optional?: OptionalRule[] };
  /** 1 = the scenario's first quarter; see turnLabel. */
  turn: number;
  /** Turn number of 3/39 is 1; a scenario starting later has turn0 > 0 added to labels. */
  firstQuarter: number;
  phase: string;
  activeSide: Side | null;
  units: Record<string, Unit>;
  nextId: number;
  /** Controlling power of every land area (a neutral minor controls its own). */
  control: Record<string, string>;
  /** Production Potential Track (7.3). */
  production: Record<Major, number>;
  /** Saved Production Track (7.3). */
  saved: Record<Major, number>;
  /** Build points left to spend in the current production phase. */
  budget: Record<Major, number>;
  /** Pairs of countries at war, "a|b" sorted. Minors also fight their controlling major's wars. */
  wars: string[];
  /** The major controlling each minor that has entered the war (basic 8.4). */
  controller: Record<string, Major>;
  /** Conquered countries (majors, BE home countries, minors). */
  conquered: string[];
  /** Active delivery agreements "from>to" -> BP (7.3.4, Time Table). */
  deliveries: Record<string, number>;
  /** BE Pacific production activated (Time Table: Axis conquers France / US entry). */
  bePacific: boolean;
  /** Time Table events that have happened. */
  events: string[];
  /** Optional 9.10: the side each major chose (absent: the historic sides, `sideOfMajor`). */
  sides?: Record<Major, Side>;
  battles: Battle[];
  /** HQs eliminated (may be rebuilt for 1 BP, 7.3.6). */
  deadHqs: string[];
  /** Scenario restrictions: powers that may not retreat from listed areas. */
  noRetreat: Record<string, string[]>;
  /** Rail capacity by major (advanced 6.2). */
  rail: Record<string, number>;
  // Advanced game (absent or neutral in the basic game).
  /** Side with the initiative this turn and last turn (advanced 5.3). */
  initiative: Side | null;
  /** Optional 9.13: the side moving first this turn when the initiative's side chose to move second. */
  moveFirst?: Side;
  lastInitiative: Side | null;
  /** Weather of each map this turn (advanced 5.4). */
  weather: { europe: Weather; pacific: Weather };
  /** Japanese-Chinese limits (advanced 5.5, 8.7): land units each may use, and what each has used and attacked. */
  jpch: { limit: number; used: { japan: number; china: number }; target: { japan: string | null; china: string | null } };
  /** Units out of supply at the last supply check (advanced 6.1, 6.6). */
  oos: string[];
  /** Optional 9.7: rail capacity increases in production, each +1 for `power` from turn `arrive`. */
  railBuilds?: { power: Major; arrive: number }[];
  /** Rail capacity used this action segment by major (advanced 6.2). */
  railUsed: Record<string, number>;
  /** Research numbers bought and achievements (advanced 7.5). */
  research: Record<Major, number>;
  achievements: Record<Major, string[]>;
  /** The card stack (top first), hands (with the turn each card was bought), cards in effect, removed (advanced 7.4). */
  cards: { deck: string[]; hands: Record<Major, { id: string; turn: number }[]>; inEffect: string[]; removed: string[] };
  /** Effects of cards played for this turn or this phase ("blitzkrieg", "bridgehead:germany"...). */
  effects: string[];
  /** Counters out of the game by "power|key" (card National War: disbanded Soviet orange units are not rebuilt). */
  outOfGame?: Record<string, number>;
  /** Production destroyed this quarter by area (advanced 6.5.6, 7.5); taken from the income, then cleared. */
  bombed?: Record<string, number>;
  /** Atomic hits a major has suffered and the turn of the last one (advanced 7.5, political effect). */
  atomic?: Record<string, { hits: number; turn: number }>;
  /** Naval groups that met without combat, waiting for search rolls (advanced 6.4.3 D). */
  contacts: { place: string; mover: Side; passing?: boolean }[];
}

export type Weather = 'good' | 'bad';

export const BOX = 'box';

/** Quarter and year of a turn: turn 1 of the 1939 scenario is 3/39. */
export function quarterOf(s: Pick<BkgState, 'turn' | 'firstQuarter'>): { q: number; year: number } {
  const k = s.firstQuarter + s.turn - 1; // quarters since 1/39 (0-based)
  return { q: (k % 4) + 1, year: 1939 + Math.floor(k / 4) };
}

export function turnLabel(s: Pick<BkgState, 'turn' | 'firstQuarter'>): string {
  const { q, year } = quarterOf(s);
  return `${q}/${String(year).slice(2)}`;
}

/** Turn number of a "q/yy" label in a game starting at `firstQuarter`. */
export function turnOfLabel(label: string, firstQuarter: number): number {
  const [q, yy] = label.split('/').map(Number);
  return (yy! - 39) * 4 + (q! - 1) - firstQuarter + 1;
}

/** The last turn: 4th quarter 1945 (basic 3). */
export function lastTurn(firstQuarter: number): number {
  return turnOfLabel('4/45', firstQuarter);
}

export function unitsAt(s: BkgState, where: string): Unit[] {
  const out: Unit[] = [];
  for (const u of Object.values(s.units)) if (u.where === where) out.push(u);
  return out;
}

export function isLandUnit(u: Unit): boolean {
  return u.type === 'inf' || u.type === 'arm' || u.type === 'hq';
}

export function isShip(u: Unit): boolean {
  return u.type === 'conv' || u.type === 'tf' || u.type === 'sub';
}

/** Current strength (basic 6.2.2: the back's number once flipped). */
export function strength(u: Unit): number {
  return u.reduced ? (u.back ?? 0) : u.front;
}

/** Hits a unit can still take: 2 for a full two-step unit, else 1 (HQs take none here; see combat). */
export function stepsLeft(u: Unit): number {
  if (u.type === 'hq') return 0;
  return !u.reduced && u.back !== null ? 2 : 1;
}

const TYPE_NAME: Record<string, string> = { inf: 'Inf', arm: 'Arm', hq: 'HQ', air: 'Air', conv: 'Conv', tf: 'TF', sub: 'Sub' };

/** "Inf 3", "Inf 1 (B)", "HQ Guderian", "Inf 2 (SA)" as the rulebook writes units. */
export function unitLabel(u: Unit): string {
  if (u.type === 'hq') return `HQ ${u.hq ? u.hq[0]!.toUpperCase() + u.hq.slice(1) : ''}`;
  const tag = u.tag && u.tag !== 'O' ? ` (${u.tag})` : '';
  return `${TYPE_NAME[u.type]} ${strength(u)}${tag}${u.reduced ? ' (B)' : ''}`;
}
