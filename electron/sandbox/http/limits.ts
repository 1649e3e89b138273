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

export const FAULTS = ['none', 'unavailable', 'internal', 'reset_after_commit'] as const;
export type Fault = (typeof FAULTS)[number];

/**
 * Faults a test asked for, in order, for the next writes (POST /_sandbox/faults): so a journey can
 * lose exactly the answer of its own submission instead of hoping a random rate hits it.
 */
export class ScriptedFaults {
  private readonly queue: Fault[] = [];
  push(faults: readonly Fault[]): number {
    this.queue.push(...faults);
    return this.queue.length;
  }
  /** The next scripted fault for this request, if it is a write and one is queued. */
  take(isWrite: boolean): Fault | undefined {
    return isWrite ? this.queue.shift() : undefined;
  }
}

/** With probability `rate`: 503, 500, or (writes only) a connection reset after the write committed. */
export function pickFault(rate: number, isWrite: boolean, random: () => number): Fault {
  if (rate <= 0 || random() >= rate) return 'none';
  const kinds: Fault[] = isWrite ? ['unavailable', 'internal', 'reset_after_commit'] : ['unavailable', 'internal'];
  return kinds[Math.min(kinds.length - 1, Math.floor(random() * kinds.length))]!;
}
