import { bodyFromRecord, type BridgeError, type PrefilledRouteId } from '../../shared';
import { canonical } from '../lib/canonical';

/**
 * The pure rules of a write's outcome: which request key a submission uses, which errors leave
 * it unknown, and how a read-back record shows that a write happened. No bridge and no React,
 * so they run (and are tested) under plain Node.
 */

/** A fresh Idempotency-Key / client_request_id: a UUID satisfies both (spec 4.2, rules 1 and 2). */
export const newRequestKey = (): string => crypto.randomUUID();

/**
 * The key for a submission: the one of the previous attempt when this is the user's retry of the
 * same submission (same route, parameters and body), else a new one.
 */
export function keyFor(previous: { fingerprint: string; key: string } | null, fingerprint: string, make: () => string = newRequestKey) {
  return previous?.fingerprint === fingerprint ? previous : { fingerprint, key: make() };
}

/** An error after which the write may or may not have happened. */
export function isUncertain(e: BridgeError): boolean {
  return e.kind === 'unknown_outcome' || e.kind === 'timeout' || (e.kind === 'api' && (e.status ?? 0) >= 500) || (e.kind === 'network' && e.idempotency_key !== undefined);
}

type Rec = Record<string, unknown>;

/** A listed record that carries every plain value the create sent under the same name. */
export function matchesCreate(row: Rec, body: Rec): boolean {
  const shared = Object.entries(body).filter(([k, v]) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') && k in row);
  return shared.length > 0 && shared.every(([k, v]) => (typeof v === 'string' ? String(row[k]).trim() === v.trim() : row[k] === v));
}

/** Whether a record already holds what an update sent (compared as the edit form would send it back). */
export function holdsUpdate(route: PrefilledRouteId, record: unknown, body: Rec): boolean {
  const now = bodyFromRecord(route, record);
  return Object.entries(body).every(([k, v]) => k === 'expected_revision' || canonical(now[k] ?? null) === canonical(v));
}
