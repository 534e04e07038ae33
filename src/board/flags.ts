// Named on/off features per node or per edge (river, strait, border, all-sea, port...), one bit each in a typed array.

/**
 * Up to 32 named flags for each of `size` slots (nodes or edges). Test one flag with has(), several with a mask:
 * `(flags.bits[e] & flags.mask('river', 'canal')) !== 0` in hot loops.
 */
export class FlagMap<N extends string> {
  /** One 32-bit word of flags per slot. */
  readonly bits: Uint32Array;
  private readonly bitOf: Map<string, number>;

  constructor(
    readonly size: number,
    readonly names: readonly N[],
  ) {
    if (names.length > 32) throw new Error(`FlagMap: ${names.length} flag names given; at most 32 fit in one word`);
    if (new Set(names).size !== names.length) throw new Error(`FlagMap: flag names repeat (${names.join(', ')}); each must be unique`);
    this.bits = new Uint32Array(size);
    this.bitOf = new Map(names.map((n, i) => [n, 1 << i]));
  }

  /** Bit mask of the given flags. */
  mask(...names: N[]): number {
    let m = 0;
    for (const n of names) m |= this.bit(n);
    return m >>> 0;
  }

  /** True when `slot` has flag `name`. */
  has(slot: number, name: N): boolean {
    return (this.bits[slot] & this.bit(name)) !== 0;
  }

  /** True when `slot` has any flag of `mask`. */
  any(slot: number, mask: number): boolean {
    return (this.bits[slot] & mask) !== 0;
  }

  /** Sets (or clears) flag `name` on `slot`. */
  set(slot: number, name: N, on = true): void {
    if (slot < 0 || slot >= this.size || !Number.isInteger(slot)) {
      throw new Error(`FlagMap: slot ${slot} is outside 0..${this.size - 1}; pass a node or edge index of the board`);
    }
    if (on) this.bits[slot] |= this.bit(name);
    else this.bits[slot] &= ~this.bit(name);
  }

  /** Flag names set on `slot`. */
  list(slot: number): N[] {
    return this.names.filter((n) => this.has(slot, n));
  }

  /** Slots that have flag `name`. */
  slotsWith(name: N): number[] {
    const b = this.bit(name);
    const out: number[] = [];
    for (let i = 0; i < this.size; i++) if (this.bits[i] & b) out.push(i);
    return out;
  }

  private bit(name: string): number {
    const b = this.bitOf.get(name);
    if (b === undefined) throw new Error(`FlagMap: unknown flag "${name}"; known flags are ${this.names.join(', ')}`);
    return b;
  }
}
