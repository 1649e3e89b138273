import { RETRY_AFTER_SECONDS, type RetryReason } from '../../shared';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff step; doubles per retry. */
  baseDelayMs: number;
  /** Cap of one wait. A Retry-After longer than this ends the call instead of waiting. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 4, baseDelayMs: 500, maxDelayMs: 30_000 };
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 30_000;
export const DEFAULT_OVERALL_TIMEOUT_MS = 120_000;
/** Extra spread added on top of a Retry-After so clients told the same wait do not return together. */
export const RETRY_AFTER_JITTER = 0.1;

export function resolvePolicy(base: RetryPolicy, override: Partial<RetryPolicy> | false | undefined): RetryPolicy {
  if (override === false) return { ...base, maxRetries: 0 };
  const p = { ...base, ...override };
  if (!(p.maxRetries >= 0) || !(p.baseDelayMs >= 0) || !(p.maxDelayMs >= p.baseDelayMs)) {
    throw new RangeError('retry policy needs maxRetries >= 0 and 0 <= baseDelayMs <= maxDelayMs');
  }
  return { ...p, maxRetries: Math.floor(p.maxRetries) };
}

/** Statuses the server uses to say "come back later"; the request was not processed. */
const BACK_OFF_STATUSES: ReadonlySet<number> = new Set([429, 503]);
/** Server failures: the request may have been processed, so retried only when that is safe. */
const SERVER_FAILURE_STATUSES: ReadonlySet<number> = new Set([500, 502, 504]);

/** Why an attempt failed, as far as retrying is concerned. */
export type AttemptFailure =
  | { reason: 'status'; status: number }
  /** `delivered` false: the connection never opened, so nothing reached the server. */
  | { reason: 'network'; delivered: boolean }
  | { reason: 'attempt_timeout' };

/**
 * May this failure be retried? `safe` is true for reads and for writes the server deduplicates
 * (Idempotency-Key, client_request_id); other writes are never repeated blindly (spec 4.2 rule 3).
 */
export function isRetryable(failure: AttemptFailure, safe: boolean): boolean {
  switch (failure.reason) {
    case 'status':
      return BACK_OFF_STATUSES.has(failure.status) || (safe && SERVER_FAILURE_STATUSES.has(failure.status));
    case 'network':
      return safe || !failure.delivered;
    case 'attempt_timeout':
      return safe;
  }
}

/** Equal-jitter exponential backoff for retry number `retry` (0 = first retry): [half, full] of the step. */
export function backoffMs(retry: number, policy: RetryPolicy, random: () => number): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(step / 2 + (random() * step) / 2);
}

/**
 * The wait before the next attempt, or null to stop: never sooner than Retry-After, jittered,
 * and never longer than the cap (a server asking for more than the cap ends the call).
 */
export function nextDelayMs(retry: number, policy: RetryPolicy, random: () => number, retryAfterSeconds: number | undefined): number | null {
  const backoff = backoffMs(retry, policy, random);
  if (retryAfterSeconds === undefined) return backoff;
  const floor = retryAfterSeconds * 1000;
  if (floor > policy.maxDelayMs) return null;
  const spread = Math.round(floor * (1 + RETRY_AFTER_JITTER * random()));
  // floor <= maxDelayMs here, so the cap never undercuts the server's wait.
  return Math.min(Math.max(spread, backoff), policy.maxDelayMs);
}

/** Retry-After as seconds: delta-seconds or an HTTP date. Unparseable values give undefined. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** The wait the spec fixes for a status when the header is missing (429: 1 s, 503: 5 s). */
export function defaultRetryAfter(status: number): number | undefined {
  if (status === 429) return RETRY_AFTER_SECONDS.rate_limit_exceeded;
  if (status === 503) return RETRY_AFTER_SECONDS.service_unavailable;
  return undefined;
}

/** Why a retryable failure waits, in the words callers show ("waiting for the rate limit"). */
export function retryReason(failure: AttemptFailure): RetryReason {
  switch (failure.reason) {
    case 'status':
      return failure.status === 429 ? 'rate_limited' : failure.status === 503 ? 'unavailable' : 'server_error';
    case 'network':
      return 'network';
    case 'attempt_timeout':
      return 'timeout';
  }
}

/** The wait an answer asks for: its Retry-After, else the spec's default for 429 and 503. */
export function retryAfterOf(headers: Headers, status: number): number | undefined {
  return parseRetryAfter(headers.get('retry-after')) ?? defaultRetryAfter(status);
}
