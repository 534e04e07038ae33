// Exact probabilities: non-negative rationals on bigints, always reduced. Dice trees multiply small denominators
// (6, 36, ...), so exact sums stay cheap and tests can compare against hand-computed fractions.

export class Fraction {
  private constructor(readonly num: bigint, readonly den: bigint) {}

  static readonly ZERO = new Fraction(0n, 1n);
  static readonly ONE = new Fraction(1n, 1n);

  static of(num: number | bigint, den: number | bigint = 1n): Fraction {
    let n = BigInt(num), d = BigInt(den);
    if (d === 0n) throw new RangeError('Fraction: zero denominator');
    if (d < 0n) { n = -n; d = -d; }
    const g = gcd(n < 0n ? -n : n, d);
    return g > 1n ? new Fraction(n / g, d / g) : new Fraction(n, d);
  }

  add(o: Fraction): Fraction {
    if (this.den === o.den) return Fraction.of(this.num + o.num, this.den);
    return Fraction.of(this.num * o.den + o.num * this.den, this.den * o.den);
  }
  sub(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den - o.num * this.den, this.den * o.den);
  }
  div(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den, this.den * o.num);
  }
  mul(o: Fraction): Fraction {
    return Fraction.of(this.num * o.num, this.den * o.den);
  }
  isZero(): boolean {
    return this.num === 0n;
  }
  equals(o: Fraction): boolean {
    return this.num === o.num && this.den === o.den;
  }
  toNumber(): number {
    return Number(this.num) / Number(this.den);
  }
  toString(): string {
    return this.den === 1n ? `${this.num}` : `${this.num}/${this.den}`;
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}
