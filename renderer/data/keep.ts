import type { QueryClient } from '@tanstack/react-query';
import { ROUTES, type OutboxSubmit, type RouteId } from '../../shared';
import { seenOf, waitsBehind } from '../rules/outbox';
import { knownOffline } from './offline';
import { outboxNow, resolveOutbox, submitToOutbox, type Kept } from './outbox';

/**
 * Writes kept to send later (the outbox in main's engine), as the mutation hook hands them over:
 * with the request key the first attempt used, the version of the record the user saw (an edit
 * sends only what the user changed), and, when an earlier attempt may have landed, since when.
 */
type Rec = Record<string, unknown>;

export interface KeepTarget {
  route: RouteId;
  area: string;
  id?: string | null;
  params?: Record<string, string>;
  basis?: (id: string) => Rec | undefined;
  name?: string;
  nameOf?: (record: Rec) => string;
}

const NAME_MAX = 200;

/**
 * Whether a write goes to the outbox without trying the service: the app knows it is offline (the
 * copy's sync or the last call found no service), or an earlier change of the record waits. Kept
 * when the service is back after all, it goes with the copy's next pass, which the keeping starts.
 */
export function keepsFirst(qc: QueryClient, t: KeepTarget, body: unknown): boolean {
  return knownOffline(qc) || waitsBehind(outboxNow(qc), t.area, t.id, t.params, body);
}

/** Hands a write to the outbox; the copy shows it at once. */
export function keepForLater(qc: QueryClient, t: KeepTarget, body: Rec | undefined, key: string, firstAttemptAt?: Date): Promise<Kept> {
  const named = t.name ?? (body && t.nameOf ? t.nameOf(body) : undefined);
  const seen = t.id ? seenOf(t.route, body, t.basis?.(t.id)) : undefined;
  const input: OutboxSubmit = {
    route: t.route,
    ...(t.params ? { params: t.params } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(ROUTES[t.route].idempotency ? { idempotency_key: key } : {}),
    ...(named?.trim() ? { name: named.trim().slice(0, NAME_MAX) } : {}),
    ...(seen ? { seen } : {}),
    ...(firstAttemptAt ? { first_attempt_at: firstAttemptAt.toISOString() } : {}),
  };
  return submitToOutbox(qc, input);
}

/** New values for an entry of the outbox (its form, opened from the outbox): sent instead of what it held. */
export const changeKept = async (qc: QueryClient, entry: string, body: Rec | undefined): Promise<Kept> =>
  ({ entry: await resolveOutbox(qc, { id: entry, choice: 'change', ...(body !== undefined ? { body } : {}) }), shown: null });
