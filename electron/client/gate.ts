/**
 * Who goes first, and how fast, on one API key. `user` requests (what a person waits for) go at
 * once. Long walks pace themselves to the rate the key is observed to get, instead of running into
 * 429s: `walk` (an export the user started) and `sync` (the local copy) wait until a model of the
 * server's token bucket says a request will be accepted; `sync` also waits while the user's requests
 * are in flight or were sent a moment ago, and keeps a share of the bucket for them.
 *
 * The rate is learned from a 429: the requests accepted since the bucket was last full (the key was
 * idle, or had just waited out a Retry-After) fit `burst + rate * t` with `burst = rate` (a limit of
 * N requests a second, as the spec's `Retry-After: 1` suggests). Until the first 429 nothing is paced.
 */
export type Priority = 'user' | 'walk' | 'sync';
export const PRIORITIES: readonly Priority[] = ['user', 'walk', 'sync'];

/** After this long without a request the bucket is taken to be full again. */
const IDLE_MS = 1_500;
/** Sync waits this long after the user's last request. */
const USER_QUIET_MS = 750;
/** Sync keeps a share of the bucket for the user this long after the user's quiet time. */
const USER_SHARE_MS = 5_000;
/** How long after the user's last request sync gets the whole bucket again. */
export const USER_SHARE_ENDS_MS = USER_QUIET_MS + USER_SHARE_MS;
/** Requests to see before a 429 teaches a rate (fewer say little). */
const MIN_RUN = 4;
const MIN_WAIT_MS = 2;
const RUN_MAX = 5_000;

/**
 * Tokens left for a request sent at `at`, in a bucket of `rate` a second and burst `rate` that was
 * full at the first send; -Infinity when that rate would have refused one of the accepted sends.
 */
function tokensAt(sends: readonly number[], at: number, rate: number): number {
  let tokens = rate;
  let last = sends[0] ?? at;
  for (const t of sends) {
    tokens = Math.min(rate, tokens + ((t - last) / 1000) * rate);
    last = t;
    if (tokens < 1) return Number.NEGATIVE_INFINITY;
    tokens -= 1;
  }
  return Math.min(rate, tokens + ((at - last) / 1000) * rate);
}

const MIN_RATE = 0.5;
const MAX_RATE = 100_000;

/**
 * The highest rate under which every request accepted before the refused one got a token and the
 * refused one (sent at `refusedAt`) did not: the bucket's rate, by bisection (a slow start with a
 * full bucket, when time adds no tokens, does not bias it). Null when no single bucket of that kind
 * explains what was seen (the limit is shared with someone else, say): nothing is learned then.
 */
export function learnRate(accepted: readonly number[], refusedAt: number): number | null {
  const sends = accepted.filter((t) => t <= refusedAt).sort((a, b) => a - b);
  if (sends.length < MIN_RUN) return null;
  let lo = MIN_RATE;
  let hi = MAX_RATE;
  if (tokensAt(sends, refusedAt, hi) < 1) return null;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (tokensAt(sends, refusedAt, mid) >= 1) hi = mid; else lo = mid;
  }
  // At the boundary the accepted sends must still fit: else even the slowest consistent rate lets the refused one in.
  return Number.isFinite(tokensAt(sends, refusedAt, lo)) ? lo : null;
}

export type Clock = () => number;
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface GateState { rate: number | null; tokens: number; blockedMs: number }

export class RateGate {
  private rate: number | null = null;
  private tokens = 0;
  private at: number;
  private blockedUntil = 0;
  private userUntil = 0;
  private userInFlight = 0;
  private lastSend = Number.NEGATIVE_INFINITY;
  /** Send times of the requests accepted since the bucket was last full (kept for learning the rate). */
  private run: number[] | null = null;

  constructor(private readonly now: Clock, private readonly sleep: Sleep) {
    this.at = now();
  }

  /** Waits for this priority's turn; the returned function ends the request (call it once answered). */
  async acquire(priority: Priority, signal?: AbortSignal): Promise<(status: number | null, retryAfterSeconds?: number) => void> {
    if (priority === 'user') {
      this.userInFlight += 1;
      this.userUntil = this.now() + USER_QUIET_MS;
    } else {
      for (let wait = this.waitFor(priority); wait > 0; wait = this.waitFor(priority)) await this.sleep(Math.max(MIN_WAIT_MS, wait), signal);
    }
    const sentAt = this.sent();
    let done = false;
    return (status, retryAfterSeconds) => {
      if (done) return;
      done = true;
      if (priority === 'user') {
        this.userInFlight -= 1;
        this.userUntil = this.now() + USER_QUIET_MS;
      }
      this.answered(status, retryAfterSeconds, sentAt);
    };
  }

  /** What the gate believes now (for tests and the bench). */
  state(): GateState {
    this.refill();
    return { rate: this.rate, tokens: this.tokens, blockedMs: Math.max(0, this.blockedUntil - this.now()) };
  }

  /** Milliseconds a background request must still wait (0: go). */
  private waitFor(priority: Exclude<Priority, 'user'>): number {
    const now = this.now();
    let wait = Math.max(0, this.blockedUntil - now);
    if (priority === 'sync') {
      if (this.userInFlight > 0) wait = Math.max(wait, USER_QUIET_MS);
      wait = Math.max(wait, this.userUntil - now);
    }
    if (this.rate !== null) {
      this.refill();
      // Half a token stays in the bucket (the server's refill and ours drift a little); sync leaves a
      // fifth of it to the user while the user is about.
      const reserve = priority === 'sync' && now < this.userUntil + USER_SHARE_MS ? Math.max(2, this.rate * 0.2) : 0.5;
      if (this.tokens < 1 + reserve) wait = Math.max(wait, ((1 + reserve - this.tokens) / this.rate) * 1000);
    }
    return wait;
  }

  private refill(): void {
    const now = this.now();
    if (this.rate !== null) this.tokens = Math.min(this.rate, this.tokens + ((now - this.at) / 1000) * this.rate);
    this.at = now;
  }

  private sent(): number {
    const now = this.now();
    if (this.run === null || now - this.lastSend > IDLE_MS) this.run = [];
    this.lastSend = now;
    if (this.rate !== null) { this.refill(); this.tokens -= 1; }
    return now;
  }

  private answered(status: number | null, retryAfterSeconds: number | undefined, sentAt: number): void {
    const now = this.now();
    if (status === 429) {
      const run = this.run;
      // 2 % under the boundary: the server counts arrivals, the gate sends, a little apart.
      const learned = run ? learnRate(run, sentAt) : null;
      if (learned !== null) this.rate = learned * 0.98;
      this.tokens = 0;
      this.at = now;
      this.run = null; // the next run starts after the wait, with a full bucket
      this.blockedUntil = Math.max(this.blockedUntil, now + (retryAfterSeconds ?? 1) * 1000);
      return;
    }
    if (status === 503) {
      this.blockedUntil = Math.max(this.blockedUntil, now + (retryAfterSeconds ?? 5) * 1000);
      return;
    }
    if (status !== null && this.run && this.run.length < RUN_MAX) this.run.push(sentAt);
  }
}
