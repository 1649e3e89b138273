import type { z } from 'zod';
import type { PageInfo, RetryReason, RouteData, RouteId, RouteInput, Routes } from '../../shared';
import type { RetryPolicy } from './retry';
import type { Priority, RateGate } from './gate';
import type { KeptAnswer } from './response';

/** Routes whose response is a page of items. */
export type ListRouteId = { [K in RouteId]: Routes[K]['response']['envelope'] extends 'collection' ? K : never }[RouteId];
/** Routes that read (GET, and so also HEAD). */
export type ReadRouteId = { [K in RouteId]: Routes[K]['method'] extends 'GET' ? K : never }[RouteId];
/** One item of a list route. */
export type ListItem<Id extends ListRouteId> = z.infer<Routes[Id]['response']['data']>;

/** A body that carries `client_request_id` may omit it: the client fills one in (spec 4.2 rule 1). */
type WithOptionalRequestId<B> = B extends { client_request_id: string }
  ? Omit<B, 'client_request_id'> & { client_request_id?: string }
  : B;

/** What a caller passes to one route through the client. */
export type ClientInput<Id extends RouteId> = RouteInput<Routes[Id]> extends { body: infer B }
  ? Omit<RouteInput<Routes[Id]>, 'body'> & { body: WithOptionalRequestId<B> }
  : RouteInput<Routes[Id]>;

/** The untyped input of `callUnknown` (the IPC bridge's `api.call`). */
export interface UnknownInput {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * The Idempotency-Key to send (routes with `idempotency_key`), or the `client_request_id`
   * to use when the body has none (routes with `client_request_id`). A user's retry passes the
   * key of the first attempt so the server can recognise the repeat.
   */
  idempotencyKey?: string;
  /** Partial override of the client's policy, or `false` for a single attempt. */
  retry?: Partial<RetryPolicy> | false;
  attemptTimeoutMs?: number;
  overallTimeoutMs?: number;
  /** Told before each wait between attempts (a long export shows "waiting" with it). Must not throw. */
  onRetry?: (notice: RetryNotice) => void;
  /**
   * `user` (default) goes at once; `walk` (an export) and `sync` (the local copy) pace themselves to
   * the key's observed rate limit, and `sync` yields to the user (electron/client/gate.ts).
   */
  priority?: Priority;
  /** A list page whose items are checked one by one: those that fail the contract come back in `rejected`. */
  itemsApart?: boolean;
  /**
   * A 2xx answer comes back as it came (`unread`), to be read against the contract by whoever gets it
   * (the local copy's engine thread reads its pages there: main's thread neither parses nor checks them).
   */
  readLater?: boolean;
  /**
   * Where this call's HTTP exchanges run instead of the client's own fetch (a fill's pages run on the
   * copy's engine thread). With `readLater` only: its 2xx bodies may stay where they arrived (`kept`).
   */
  transport?: typeof fetch;
}

/** A wait before the next attempt: why, how long, and which attempt failed. */
export interface RetryNotice {
  reason: RetryReason;
  delay_ms: number;
  /** The attempt that failed (1 for the first). */
  attempt: number;
  status?: number;
}

export interface CallResult<T> {
  data: T;
  /** Present on list routes. */
  page?: PageInfo;
  request_id: string;
  status: number;
  /** The Idempotency-Key that was sent (routes with `idempotency_key`). */
  idempotency_key?: string;
  /** The client_request_id that was sent (document creation). */
  client_request_id?: string;
  /** The answer is the stored result of an earlier request with the same key. */
  replayed?: true;
  /** With `itemsApart`: the items that failed the contract. */
  rejected?: { id: string | null; reason: string }[];
  /** The server's clock (the Date header), when readable. */
  server_time?: string;
  /** With `readLater`: the answer as it came. */
  unread?: KeptAnswer;
}

/** What a write probe learned: the key may write here, may not, or may but the feature is off (expenses). */
export type WriteProbe = 'granted' | 'denied' | 'feature_disabled';

export interface HeadResult {
  status: number;
  request_id: string | null;
}

/** One finished attempt, for logs and metrics. Never carries headers, bodies or the key. */
export interface ClientEvent {
  method: string;
  /** The path below the base URL, without the query string. */
  path: string;
  /** HTTP status, or null when no answer arrived. */
  status: number | null;
  /** 1 for the first attempt. */
  attempt: number;
  request_id: string | null;
  duration_ms: number;
}

export type SleepFn = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface ApiClientOptions {
  /** The API base URL, ending in `/v1`. */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  attemptTimeoutMs?: number;
  overallTimeoutMs?: number;
  onEvent?: (e: ClientEvent) => void;
  /** Source of jitter in [0, 1). */
  random?: () => number;
  /** Waits between attempts; tests inject one that does not really wait. */
  sleep?: SleepFn;
  /** Priority and pacing of this key's requests; `false` turns them off (every request goes at once). */
  gate?: RateGate | false;
}

/** Typed per-route shortcuts: `client.routes['customers.list']({ query: { limit: 10 } })`. */
export type RouteMethods = {
  [K in RouteId]: (input: ClientInput<K>, opts?: CallOptions) => Promise<CallResult<RouteData<Routes[K]>>>;
};
