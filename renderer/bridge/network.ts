import type { Bridge, BridgeError, BridgeResult, EventPayload, RetryReason } from '../../shared';

/**
 * How the connection to the API is doing, as the window sees it: calls still waiting for an
 * answer (slow), a call waiting before it tries again (main says so: api.retrying), and the last
 * call that found no service at all (offline). The shell's banner shows it; nothing here blocks.
 */
export interface NetworkState {
  /** When the oldest call still waiting was sent (null: none waiting). */
  waitingSince: number | null;
  retry: { reason: RetryReason; until: number; attempt: number } | null;
  offline: BridgeError | null;
  /** When a call last got an answer from the service (null: none yet). */
  answeredAt: number | null;
  /** Since when the local copy's sync has found no service (null: it reaches it, or there is no copy). */
  syncOfflineSince: number | null;
}

/** A call is "slow" after this long without an answer. */
export const SLOW_AFTER_MS = 3_000;

let state: NetworkState = { waitingSince: null, retry: null, offline: null, answeredAt: null, syncOfflineSince: null };
const listeners = new Set<() => void>();
const pending = new Map<number, number>();
let seq = 0;

function set(patch: Partial<NetworkState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

const oldest = () => (pending.size ? Math.min(...pending.values()) : null);

/** No answer at all: the connection, a timeout, or a service that is down (503 after the client's retries). */
export const meansOffline = (e: BridgeError) => e.kind === 'network' || e.kind === 'timeout' || (e.kind === 'api' && e.status === 503);

/** Marks a call as sent; the returned function takes its reply. */
export function trackCall(now = Date.now()): (reply: BridgeResult<unknown> | null) => void {
  const id = ++seq;
  pending.set(id, now);
  if (pending.size === 1) set({ waitingSince: now });
  return (reply) => {
    pending.delete(id);
    const patch: Partial<NetworkState> = { waitingSince: oldest() };
    if (reply?.ok || (reply && !reply.ok && reply.error.kind === 'api' && !meansOffline(reply.error))) {
      // Any answer from the service means it is reachable again.
      patch.offline = null;
      patch.retry = null;
      patch.answeredAt = Date.now();
    } else if (reply && !reply.ok && meansOffline(reply.error)) {
      patch.offline = reply.error;
      patch.retry = null;
    }
    set(patch);
  };
}

export function noteRetry(e: EventPayload<'api.retrying'>, now = Date.now()): void {
  set({ retry: { reason: e.reason, until: now + e.delay_ms, attempt: e.attempt } });
}

/**
 * The local copy's sync reached the service, or found none (main's local.online). Reached, the
 * connection is back for the window's calls too: the offline banner goes (the header says up to date).
 */
export function noteSyncOnline(online: boolean, now = Date.now()): void {
  if (online) set({ syncOfflineSince: null, offline: null, answeredAt: now });
  else if (state.syncOfflineSince === null) set({ syncOfflineSince: now });
}

/** The user chose "Try again": the banner goes until the next failure. */
export function clearOffline(): void {
  set({ offline: null, retry: null });
}

export const networkState = (): NetworkState => state;
export function subscribeNetwork(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

// Main tells when a call waits to try again; listened to from the start (this module loads with the bridge).
(globalThis as { bridge?: Bridge }).bridge?.on('api.retrying', (e) => noteRetry(e));
