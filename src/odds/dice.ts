// Results of one roll for enumeration: by total (rules here read only totals) or face by face when a rule set asks.
import { Fraction } from './fraction.ts';

export interface RollBranch {
  /** Faces to force so that the rule set's own roll produces this result. */
  faces: number[];
  total: number;
  p: Fraction;
}

const sumCache = new Map<string, RollBranch[]>();

/** Every total of `count` dice of `sides` faces with its exact probability, and representative faces for it. */
export function sumBranches(sides: number, count: number): RollBranch[] {
  checkDice(sides, count);
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

/** Every ordered tuple of faces (sides^count branches), for rules that read single dice. */
export function faceBranches(sides: number, count: number): RollBranch[] {
  checkDice(sides, count);
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

function checkDice(sides: number, count: number): void {
  if (!Number.isInteger(sides) || sides < 1 || !Number.isInteger(count) || count < 1) {
    throw new RangeError(`odds: cannot enumerate ${count}d${sides}; a roll needs whole numbers >= 1 of dice and faces`);
  }
  if (sides ** count > 1_000_000) throw new RangeError(`odds: ${count}d${sides} has too many face combinations to enumerate`);
}
