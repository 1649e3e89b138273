/** Token bucket per key + client address: `rate` tokens per second, burst of `rate`. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly rate: number, private readonly now: () => number = () => performance.now()) {}

  take(key: string): boolean {
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.rate, at: t };
    b.tokens = Math.min(this.rate, b.tokens + ((t - b.at) / 1000) * this.rate);
    b.at = t;
    const ok = b.tokens >= 1;
    if (ok) b.tokens -= 1;
    this.buckets.set(key, b);
    if (this.buckets.size > 10_000) this.buckets.delete(this.buckets.keys().next().value!);
    return ok;
  }
}

export type Fault = 'none' | 'unavailable' | 'internal' | 'reset_after_commit';

/** With probability `rate`: 503, 500, or (writes only) a connection reset after the write committed. */
export function pickFault(rate: number, isWrite: boolean, random: () => number): Fault {
  if (rate <= 0 || random() >= rate) return 'none';
  const kinds: Fault[] = isWrite ? ['unavailable', 'internal', 'reset_after_commit'] : ['unavailable', 'internal'];
  return kinds[Math.min(kinds.length - 1, Math.floor(random() * kinds.length))]!;
}
