// What the levels differ in: how far and how wide the AI searches, and how much noise it adds. Never information.

export interface LevelParams {
  /**
   * Deepest search, in plies (one side's run of decisions; 1 = finish one's own ply). Iterative deepening stops
   * earlier when the node budget runs out.
   */
  maxDepth: number;
  /** Decisions searched within one ply before the position is evaluated as it stands. */
  maxChain: number;
  /** Node budget for the whole decision: counted rule applications, so the same seed gives the same choice. */
  maxNodes: number;
  /** Choices searched at the root (the adapter's order decides which; default: all it offers). */
  rootWidth?: number;
  /** Choices searched below the root (the adapter's order decides which). */
  width: number;
  /** Dice outcomes enumerated exactly per action before sampling instead. */
  maxBranches: number;
  /** Samples when a chance node is too wide to enumerate. */
  samples: number;
  /** Uniform noise added to root values, in evaluation units (easy plays a little loosely). */
  noise: number;
}

export const LEVELS: Record<'easy' | 'normal' | 'hard', LevelParams> = {
  easy: { maxDepth: 1, maxChain: 2, maxNodes: 400, width: 8, maxBranches: 36, samples: 2, noise: 0.05 },
  normal: { maxDepth: 2, maxChain: 3, maxNodes: 4_000, width: 12, maxBranches: 64, samples: 4, noise: 0 },
  hard: { maxDepth: 3, maxChain: 4, maxNodes: 40_000, width: 24, maxBranches: 144, samples: 8, noise: 0 },
};

/** 'easy' | 'normal' | 'hard', or 1 | 2 | 3 from controllers that number their levels (the server's seats, the web). */
export function normalizeLevel(level: keyof typeof LEVELS | number | string): keyof typeof LEVELS {
  if (level === 'easy' || level === 'normal' || level === 'hard') return level;
  if (typeof level === 'number') return level <= 1 ? 'easy' : level === 2 ? 'normal' : 'hard';
  throw new Error(`AI level must be easy, normal or hard (or 1, 2, 3), not ${JSON.stringify(level)}`);
}
