// Results of one roll for enumeration: by total (rules here read only totals), face by face when a rule set asks, as
// unordered faces (rules that read each die but not their order), or as a count of successes (dice at or under a
// number). Totals, unordered faces and successes scale to many dice; ordered faces are limited.
import { Fraction } from './fraction.ts';

export interface RollBranch {
  /** Faces to force so that the rule set's own roll produces this result. */
  faces: number[];
  total: number;
  p: Fraction;
}

/** Most branches a roll read face by face may have (an ordered tuple each): 7d6 fits, 8d6 does not. */
export const MAX_FACE_BRANCHES = 1_000_000;
/** Most dice one roll may have for totals, unordered faces or successes (their branches grow polynomially). */
export const MAX_DICE = 200;

const sumCache = new Map<string, RollBranch[]>();

/** Every total of `count` dice of `sides` faces with its exact probability, and representative faces for it. */
export function sumBranches(sides: number, count: number): RollBranch[] {
  checkDice(sides, count, 'totals');
  const key = `${count}d${sides}`;
  const hit = sumCache.get(key);
  if (hit) return hit;
  // ways[t] = number of face tuples with total t (convolution, one die at a time)
  let ways: bigint[] = [1n];
  for (let i = 0; i < count; i++) {
    const next: bigint[] = new Array(ways.length + sides).fill(0n);
    ways.forEach((w, t) => {
      if (w === 0n) return;
      for (let f = 1; f <= sides; f++) next[t + f]! += w;
    });
    ways = next;
  }
  const all = BigInt(sides) ** BigInt(count);
  const out: RollBranch[] = [];
  ways.forEach((w, total) => {
    if (w > 0n) out.push({ faces: representativeFaces(sides, count, total), total, p: Fraction.of(w, all) });
  });
  sumCache.set(key, out);
  return out;
}

/** Every ordered tuple of faces (sides^count branches), for rules that read single dice in their order. */
export function faceBranches(sides: number, count: number): RollBranch[] {
  checkDice(sides, count, 'faces');
  if (sides ** count > MAX_FACE_BRANCHES) {
    throw new RangeError(`odds: ${count}d${sides} read face by face in order has ${(sides ** count).toLocaleString('en')} branches (at most ` +
      `${MAX_FACE_BRANCHES.toLocaleString('en')}); a rule that reads the dice in any order should answer 'any-order' from the odds adapter's ` +
      `perFace, one that counts dice at or under a number should use its successes`);
  }
  const p = Fraction.of(1n, BigInt(sides) ** BigInt(count));
  const out: RollBranch[] = [];
  const faces = new Array<number>(count).fill(1);
  for (;;) {
    out.push({ faces: [...faces], total: faces.reduce((a, b) => a + b, 0), p });
    let i = count - 1;
    while (i >= 0 && faces[i] === sides) faces[i--] = 1;
    if (i < 0) return out;
    faces[i]!++;
  }
}

/**
 * Every multiset of faces (ascending), each with the probability of all its orderings (count! / prod(n_f!) / sides^count):
 * exact for rules that read each die but not their order, with C(count + sides - 1, count) branches (8d6: 1,287).
 */
export function unorderedFaceBranches(sides: number, count: number): RollBranch[] {
  checkDice(sides, count, 'unordered faces');
  const branches = binomial(count + sides - 1, count);
  if (branches > BigInt(MAX_FACE_BRANCHES)) {
    throw new RangeError(`odds: ${count}d${sides} in any order has ${branches.toLocaleString('en')} branches (at most ${MAX_FACE_BRANCHES.toLocaleString('en')})`);
  }
  const all = BigInt(sides) ** BigInt(count);
  const fact = factorials(count);
  const out: RollBranch[] = [];
  const times = new Array<number>(sides + 1).fill(0); // times[f]: dice showing face f
  const walk = (face: number, left: number): void => {
    if (face === sides) {
      times[face] = left;
      let ways = fact[count]!;
      for (let f = 1; f <= sides; f++) ways /= fact[times[f]!]!;
      const faces: number[] = [];
      for (let f = 1; f <= sides; f++) for (let i = 0; i < times[f]!; i++) faces.push(f);
      out.push({ faces, total: faces.reduce((a, b) => a + b, 0), p: Fraction.of(ways, all) });
      return;
    }
    for (let n = left; n >= 0; n--) {
      times[face] = n;
      walk(face + 1, left - n);
    }
  };
  walk(1, count);
  return out;
}

/**
 * A count of successes: `count` identical dice each succeeding on a face of at most `atMost` (binomial). One branch
 * per number of successes; its faces show `atMost` on the successes and `sides` on the failures (total: their sum).
 */
export function successBranches(sides: number, count: number, atMost: number): RollBranch[] {
  checkDice(sides, count, 'successes');
  const s = Math.max(0, Math.min(sides, Math.floor(atMost)));
  const all = BigInt(sides) ** BigInt(count);
  const out: RollBranch[] = [];
  for (let k = 0; k <= count; k++) {
    const ways = binomial(count, k) * BigInt(s) ** BigInt(k) * BigInt(sides - s) ** BigInt(count - k);
    if (ways === 0n) continue;
    const faces = [...new Array<number>(k).fill(s), ...new Array<number>(count - k).fill(sides)];
    out.push({ faces, total: k * s + (count - k) * sides, p: Fraction.of(ways, all) });
  }
  return out;
}

/** Faces as high as possible first: 2d6 total 7 -> [6, 1]. */
function representativeFaces(sides: number, count: number, total: number): number[] {
  const faces: number[] = [];
  let left = total;
  for (let i = count; i > 0; i--) {
    const f = Math.min(sides, left - (i - 1));
    faces.push(f);
    left -= f;
  }
  return faces;
}

function binomial(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
  return r;
}

function factorials(n: number): bigint[] {
  const f = [1n];
  for (let i = 1; i <= n; i++) f.push(f[i - 1]! * BigInt(i));
  return f;
}

function checkDice(sides: number, count: number, how: string): void {
  if (!Number.isInteger(sides) || sides < 1 || !Number.isInteger(count) || count < 1) {
    throw new RangeError(`odds: cannot enumerate ${count}d${sides}; a roll needs whole numbers >= 1 of dice and faces`);
  }
  if (count > MAX_DICE || sides > MAX_DICE) {
    throw new RangeError(`odds: ${count}d${sides} is beyond the odds engine's limit of ${MAX_DICE} dice of at most ${MAX_DICE} faces per roll (${how})`);
  }
}
