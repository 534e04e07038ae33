// Token buckets per invite token and per client address.

export interface BucketConfig {
  /** Most requests in a burst. */
  burst: number;
  /** Requests refilled per second. */
  perSecond: number;
}

export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();
  constructor(readonly config: BucketConfig, private readonly now: () => number = Date.now) {}

  /** Take one request from `key`'s bucket; false when it is empty. */
  take(key: string): boolean {
    const t = this.now();
    let b = this.buckets.get(key);
    if (!b) {
      b = { tokens: this.config.burst, at: t };
      this.buckets.set(key, b);
      if (this.buckets.size > 100_000) this.sweep(t);
    }
    b.tokens = Math.min(this.config.burst, b.tokens + ((t - b.at) / 1000) * this.config.perSecond);
    b.at = t;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Forget full buckets (their state equals a fresh one). */
  private sweep(t: number): void {
    for (const [k, b] of this.buckets) {
      if (b.tokens + ((t - b.at) / 1000) * this.config.perSecond >= this.config.burst) this.buckets.delete(k);
    }
  }
}
