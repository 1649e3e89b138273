import { RECORD_TO_BODY, bodyFromRecord, rowToBody, type PrefilledRouteId } from '../record-to-body';
import { RESOURCE_AREAS } from '../resources';
import { ROUTES, type RouteId } from '../routes';
import type { BridgeError } from '../bridge';
import { CONFLICT_CODES } from '../assumptions';
import { canonical } from './canonical';

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

/** A 409 that says a revision the write expected is no longer current (spec 4.2 rule 4): never retried by itself. */
export const isStaleRevision = (e: BridgeError): boolean => e.kind === 'api' && e.status === 409 && e.code === CONFLICT_CODES.staleRevision;

/** An error after which the write may or may not have happened. */
export function isUncertain(e: BridgeError): boolean {
  return e.kind === 'unknown_outcome' || e.kind === 'timeout' || (e.kind === 'api' && (e.status ?? 0) >= 500) || (e.kind === 'network' && e.idempotency_key !== undefined);
}

type Rec = Record<string, unknown>;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Decimal text as its value ("14.00" and "14" are the same amount); other values as they are. */
function normalised(v: unknown): unknown {
  if (typeof v === 'string') return DECIMAL.test(v.trim()) ? String(Number(v.trim())) : v.trim();
  if (Array.isArray(v)) return v.map(normalised);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, normalised(x)]));
  return v;
}
const same = (a: unknown, b: unknown) => canonical(normalised(a ?? null)) === canonical(normalised(b ?? null));

/** A listed record read as its area's update body would write it back (write enums, renamed fields). */
function asBody(createRoute: RouteId, row: Rec): Rec {
  const update = RESOURCE_AREAS[ROUTES[createRoute].resource]?.update;
  return update && update in RECORD_TO_BODY ? { ...row, ...bodyFromRecord(update as PrefilledRouteId, row) } : row;
}

/**
 * A listed record that carries every plain value the create sent, compared as the area's edit
 * form would send the record back: a status read "active" is the "ACTIVE" the form sent, a
 * product's "name" its "description", a price "14.00" the "14" typed.
 */
export function matchesCreate(route: RouteId, row: Rec, body: Rec): boolean {
  const mapped = asBody(route, row);
  const shared = Object.entries(body).filter(([k, v]) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') && mapped[k] !== undefined);
  return shared.length > 0 && shared.every(([k, v]) => same(mapped[k], v));
}

const holds = (now: Rec, body: Rec) => Object.entries(body).every(([k, v]) => k === 'expected_revision' || same(now[k], v));

/** Whether a record already holds what an update sent (compared as the edit form would send it back). */
export function holdsUpdate(route: PrefilledRouteId, record: unknown, body: Rec): boolean {
  return holds(bodyFromRecord(route, record), body);
}

/** Whether one row of a record (a lead's activity) holds what a write of it sent. */
export function holdsRow(route: RouteId, row: unknown, body: Rec): boolean {
  return holds(rowToBody(route, row), body);
}

/**
 * The row a write of one row of a record left in it, if any: the edited row by its id, or, for an
 * add, a row created since `sinceMs` that holds what was sent.
 */
export function writtenRow(route: RouteId, record: Rec, row: { list: string; id?: string }, body: Rec, sinceMs: number): Rec | undefined {
  const v = row.list.split('.').reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Rec)[k] : undefined), record);
  const rows = Array.isArray(v) ? (v as Rec[]) : [];
  const candidate = (r: Rec) => (row.id !== undefined ? r.id === row.id : typeof r.created_at !== 'string' || Date.parse(r.created_at) >= sinceMs);
  return rows.find((r) => candidate(r) && holdsRow(route, r, body));
}

/** A create can be found in its area's list only when it answers with the list's record (not a lead intake's draft). */
export const findableInList = (create: RouteId, list: RouteId): boolean => ROUTES[create].response.data === ROUTES[list].response.data;

/** What is known about a write whose answer never came. */
export type Uncertain =
  | { status: 'checking' }
  /** The lookup found nothing: the write did not happen; submitting again is safe. */
  | { status: 'not_saved' }
  /** The lookup could not tell; the user should look before trying again. */
  | { status: 'unclear' }
  /** The route deduplicates by key: the user's retry reuses it, so it cannot happen twice. */
  | { status: 'retry_safe' };
