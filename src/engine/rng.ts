// Seeded dice: sfc32 seeded from a string by cyrb128. The generator state lives in the game state.
import type { DieRoll, RngState, RollOptions } from './types.ts';

/** Four 32-bit words from a seed string (cyrb128). */
export function seedWords(seed: string): [number, number, number, number] {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4; h2 ^= h1; h3 ^= h1; h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export function createRng(seed: string): RngState {
  const rng: RngState = { s: seedWords(seed), forced: [], drawn: 0 };
  for (let i = 0; i < 15; i++) nextUint32(rng); // warm up
  rng.drawn = 0;
  return rng;
}

/** Next 32-bit unsigned integer (sfc32); advances the state in place. */
export function nextUint32(rng: RngState): number {
  let [a, b, c, d] = rng.s;
  a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
  let t = (a + b) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  d = (d + 1) | 0;
  t = (t + d) | 0;
  c = (c + t) | 0;
  rng.s = [a >>> 0, b >>> 0, c >>> 0, d >>> 0];
  return t >>> 0;
}

/** Uniform integer in [0, n) without modulo bias. */
export function nextInt(rng: RngState, n: number): number {
  if (n <= 0 || !Number.isInteger(n)) throw new Error(`nextInt: bad range ${n}`);
  const limit = Math.floor(0x100000000 / n) * n;
  for (;;) {
    const x = nextUint32(rng);
    if (x < limit) return x % n;
  }
}

/** One die face: a forced value if one is queued, else from the generator. */
export function drawDie(rng: RngState, sides: number): { face: number; forced: boolean } {
  if (rng.forced.length > 0) {
    const face = rng.forced.shift()!;
    if (!Number.isInteger(face) || face < 1 || face > sides) {
      throw new Error(`forced die ${face} does not fit a d${sides}`);
    }
    return { face, forced: true };
  }
  rng.drawn++;
  return { face: nextInt(rng, sides) + 1, forced: false };
}

/**
 * Thrown instead of rolling when the generator is in enumeration mode and no forced faces are left: the exact-odds
 * engine catches it, branches over every result of the roll, and replays with each one forced.
 */
export class DiceNeeded extends Error {
  constructor(readonly sides: number, readonly count: number, readonly purpose: string, readonly rule: string) {
    super(`dice needed: ${count}d${sides} (${purpose})`);
    this.name = 'DiceNeeded';
  }
}

export function rollDice(rng: RngState, sides: number, count: number, purpose: string, rule: string, opts: RollOptions = {}): DieRoll {
  if (rng.enumerating && rng.forced.length < count) throw new DiceNeeded(sides, count, purpose, rule);
  const faces: number[] = [];
  let forced = false;
  for (let i = 0; i < count; i++) {
    const d = drawDie(rng, sides);
    faces.push(d.face);
    forced ||= d.forced;
  }
  const roll: DieRoll = { sides, count, faces, total: faces.reduce((a, b) => a + b, 0), purpose, rule };
  if (forced) roll.forced = true;
  if (opts.each && count > 1) roll.each = true;
  return roll;
}

/** Queue dice faces to be drawn before the generator (tests, worked examples, sandbox). */
export function forceDice(rng: RngState, faces: number[]): void {
  rng.forced.push(...faces);
}
