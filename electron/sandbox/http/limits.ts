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

/**
 * What a request can meet on a bad day: 503 (Retry-After 5), 429 (Retry-After 1), a 500 before the
 * write is applied, and for writes two faults after it was: a 500 answer, or a connection reset
 * with no answer at all. `none` lets a scripted sequence skip a write.
 */
export const FAULTS = ['none', 'unavailable', 'rate_limited', 'internal', 'internal_after_commit', 'reset_after_commit'] as const;
export type Fault = (typeof FAULTS)[number];
/** Faults that strike after the write was applied: the answer is a 500 or never comes. */
export const AFTER_COMMIT_FAULTS: ReadonlySet<Fault> = new Set(['internal_after_commit', 'reset_after_commit']);

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

const READ_FAULTS: readonly Fault[] = ['unavailable', 'rate_limited', 'internal'];
const WRITE_FAULTS: readonly Fault[] = [...READ_FAULTS, 'internal_after_commit', 'reset_after_commit'];

/** With probability `rate`, one fault of the kinds the request can meet, each equally likely. */
export function pickFault(rate: number, isWrite: boolean, random: () => number): Fault {
  if (rate <= 0 || random() >= rate) return 'none';
  const kinds = isWrite ? WRITE_FAULTS : READ_FAULTS;
  return kinds[Math.min(kinds.length - 1, Math.floor(random() * kinds.length))]!;
}
