// What the levels differ in: the planner's budget (how many positions it may look at, how many plans it breeds).
// Never information, never noise or handicaps.

export interface LevelParams {
  /** Positions one plan search may spend: min(maxPositions, minPositions + perDecision × length of the default plan). */
  maxPositions: number;
  minPositions: number;
  perDecision: number;
  /** Plans per generation of the evolution. */
  population: number;
  /** The root decision's best alternatives seeded into the first generation. */
  rootWidth: number;
  /** Alternatives kept per decision of the default plan, for mutations. */
  poolWidth: number;
  /** The other side's default reply played out before a plan's end is judged (0: judged where it stops). */
  reply: number;
  /**
   * Rolls a plan plays through with the dice of its determinisation before it is judged (exactly, at the next roll):
   * 0 judges a plan at its first roll.
   */
  rolls: number;
  /**
   * Determinisations a plan is judged on: hidden parts filled and dice drawn differently in each (a rule set without
   * hidden information and plans that stop at the first roll need one).
   */
  determinisations: number;
  /** Dice results enumerated exactly at a plan's end before sampling instead. */
  maxBranches: number;
  /** Seeded samples when a roll has too many results to enumerate. */
  samples: number;
  /** Without an adapter's order, the choices of a decision are ranked by one step of lookahead up to this many. */
  lookahead: number;
  /**
   * Positions a seat may spend over one player turn, shared by all its decisions in that turn (a later decision plans
   * with what is left): the deterministic stand-in for a clock (hard ≤ 10 s a turn). Sized per rule set.
   */
  turnPositions: number;
  /** Below this many positions left in the turn, a decision takes the standing rule or the first good choice. */
  floorPositions: number;
  /**
   * Ordering a decision's choices (listing and scoring every one) counts one position per this many choices against
   * the budgets: where a phase lists thousands of moves, ordering them costs as much as several positions.
   */
  choicesPerPosition: number;
  /**
   * What each run of the rules a chance node's enumeration makes beyond the outcomes it keeps counts against the
   * budgets (src/odds chanceOutcomes: the runs that end in a new roll, and all those of an enumeration given up past
   * maxBranches); 0 counts only the outcomes kept. 1 where one run resolves a whole battle (BKG); less where a run
   * costs a fraction of a position.
   */
  chargeEnumeration: number;
}

export const LEVELS: Record<'easy' | 'normal' | 'hard', LevelParams> = {
  easy: {
    maxPositions: 40, minPositions: 6, perDecision: 1, population: 4, rootWidth: 2, poolWidth: 2, reply: 0, rolls: 0,
    determinisations: 1, maxBranches: 36, samples: 2, lookahead: 6, turnPositions: Infinity, floorPositions: 10, choicesPerPosition: Infinity,
    chargeEnumeration: 0,
  },
  normal: {
    maxPositions: 600, minPositions: 40, perDecision: 12, population: 8, rootWidth: 6, poolWidth: 5, reply: 0, rolls: 1,
    determinisations: 2, maxBranches: 64, samples: 4, lookahead: 16, turnPositions: Infinity, floorPositions: 40, choicesPerPosition: Infinity,
    chargeEnumeration: 0,
  },
  hard: {
    maxPositions: 6_000, minPositions: 200, perDecision: 80, population: 14, rootWidth: 10, poolWidth: 8, reply: 1, rolls: 3,
    determinisations: 3, maxBranches: 144, samples: 8, lookahead: 32, turnPositions: Infinity, floorPositions: 200, choicesPerPosition: Infinity,
    chargeEnumeration: 0,
  },
};

/** 'easy' | 'normal' | 'hard', or 1 | 2 | 3 from controllers that number their levels (the server's seats, the web). */
export function normalizeLevel(level: keyof typeof LEVELS | number | string): keyof typeof LEVELS {
  if (level === 'easy' || level === 'normal' || level === 'hard') return level;
  if (typeof level === 'number') return level <= 1 ? 'easy' : level === 2 ? 'normal' : 'hard';
  throw new Error(`AI level must be easy, normal or hard (or 1, 2, 3), not ${JSON.stringify(level)}`);
}
