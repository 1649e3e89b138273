import { ROUTES, type BridgeError, type BridgeResult, type RouteDef, type RouteId } from '../../shared';
import { canonical, isStaleRevision, isUncertain, keyFor, lookUpOutcome, type LookupTarget, type RouteReader, type Uncertain } from '../../shared';

/**
 * One submission of a write, without React: the request key (the previous attempt's for the user's
 * retry of the same submission, a new one otherwise), sent as the route deduplicates it, and an answer
 * that never came settled the spec's way (a deduplicating route is safe to submit again; a plain create
 * is looked up, never retried blindly). useWrite runs every form's and action's write through it, and
 * the reliability tests drive it against the real core.
 */

/** The key of a submission and what it was the key of (route, parameters and body). */
export interface Attempt { fingerprint: string; key: string }

export interface SubmitTarget extends LookupTarget {
  route: RouteId;
  params?: Record<string, string>;
}

/** Sends one write through main (the bridge's api.call in the app; the core router in tests), answering as the bridge does. */
export type RouteWriter = (
  route: RouteId,
  input: { params?: Record<string, string>; body?: unknown },
  idempotencyKey: string | undefined,
) => Promise<BridgeResult<{ data: unknown; request_id: string; replayed?: boolean }>>;

export interface SubmitIo {
  write: RouteWriter;
  /** The lookup's reads. */
  read: RouteReader;
}

export type Submitted =
  | { ok: true; attempt: Attempt; data: unknown; request_id: string; recovered: boolean; replayed: boolean }
  /** Refused (`settled: 'refused'`), a stale revision (`'stale'`), or an answer that never came and what is known of it. */
  | { ok: false; attempt: Attempt; error: BridgeError; settled: 'refused' | 'stale' | Exclude<Uncertain, { status: 'checking' }> };

/** The key of this submission: the previous attempt's when it is the same route, parameters and body, else a new one. */
export const attemptFor = (previous: Attempt | null, t: SubmitTarget, body: Record<string, unknown> | undefined): Attempt =>
  keyFor(previous, canonical({ route: t.route, params: t.params ?? {}, body: body ?? null }));

/** The body as it goes, from the app or later from the outbox: a document carries its request key as `client_request_id` (spec 4.2). */
export const bodySent = (route: RouteId, body: Record<string, unknown> | undefined, attempt: Attempt): Record<string, unknown> | undefined =>
  ROUTES[route].idempotency === 'client_request_id' ? { ...body, client_request_id: attempt.key } : body;

/** Sends one submission under `attempt` (from attemptFor, kept by the caller before it is sent). */
export async function submitWrite(
  io: SubmitIo, t: SubmitTarget, body: Record<string, unknown> | undefined, attempt: Attempt,
  o: { existedBefore?: ReadonlySet<string>; /** An answer that never came is being looked up. */ onChecking?: (lost: BridgeError) => void } = {},
): Promise<Submitted> {
  const route: RouteDef = ROUTES[t.route];
  const sent = bodySent(t.route, body, attempt);
  const startedAt = new Date();
  const r = await io.write(t.route, { ...(t.params ? { params: t.params } : {}), ...(sent !== undefined ? { body: sent } : {}) }, route.idempotency ? attempt.key : undefined);
  if (r.ok) return { ok: true, attempt, data: r.data.data, request_id: r.data.request_id, recovered: false, replayed: r.data.replayed === true };
  const error = r.error;
  if (isStaleRevision(error) && route.body && body) return { ok: false, attempt, error, settled: 'stale' };
  if (!isUncertain(error)) return { ok: false, attempt, error, settled: 'refused' };
  if (route.idempotency) return { ok: false, attempt, error, settled: { status: 'retry_safe' } };
  o.onChecking?.(error);
  const found = await lookUpOutcome(t, body, startedAt, io.read, o.existedBefore);
  if (found.status === 'saved') return { ok: true, attempt, data: found.data, request_id: error.request_id ?? '', recovered: true, replayed: false };
  return { ok: false, attempt, error, settled: { status: found.status } };
}
