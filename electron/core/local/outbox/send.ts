import {
  RECORD_TO_BODY, RESOURCE_AREAS, ROUTES, bodyFromRecord, canonical, isStaleRevision, isUncertain, lookUpOutcome, revisionsIn,
  type ListRouteId, type PageInfo, type PrefilledRouteId, type ReadRouteId, type RouteId,
} from '../../../../shared';
import { randomUUID } from 'node:crypto';
import { toBridgeError } from '../../errors';
import type { Rec } from '../values';
import type { OutboxEntries, Stored } from './entries';

/** The API as the outbox uses it, through main's session (the key stays there). */
export interface WriteApi {
  write(w: { route: RouteId; params: Record<string, string> | null; body: unknown; idempotency_key: string | null; name: string | null; area: string }, signal: AbortSignal): Promise<{ data: unknown; request_id: string }>;
  read(route: RouteId, input: { params?: Record<string, string>; query?: Record<string, string | number> }, signal: AbortSignal): Promise<{ data: unknown; page?: PageInfo }>;
}

/** How sending one entry ended: the replay goes on, or stops for now (offline, busy). */
export type Sent =
  | { kind: 'sent'; data: unknown; request_id: string }
  | { kind: 'offline' } | { kind: 'busy' } | { kind: 'held' } | { kind: 'stopped' };

const OFFLINE = new Set(['network', 'timeout', 'unknown_outcome']);
const norm = (v: unknown): string => canonical(typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? String(Number(v)) : v ?? null);
const same = (a: unknown, b: unknown) => norm(a) === norm(b);

/** Where the entry's record is read back (its details, else its area's record route). */
function readRouteOf(route: RouteId, area: string): ReadRouteId | undefined {
  if (route in RECORD_TO_BODY) return RECORD_TO_BODY[route as PrefilledRouteId].read as ReadRouteId;
  return RESOURCE_AREAS[area]?.get as ReadRouteId | undefined;
}

async function readRecord(api: WriteApi, route: ReadRouteId | undefined, id: string | undefined, signal: AbortSignal): Promise<Rec | null> {
  if (!route || !id) return null;
  try {
    const r = await api.read(route, { params: { id } }, signal);
    return r.data && typeof r.data === 'object' ? (r.data as Rec) : null;
  } catch (err) {
    if (toBridgeError(err).status === 404) return null;
    throw err;
  }
}

/**
 * An edit of a record without revisions: the fields the user changed whose value on the service
 * changed too since the user's version (and differs from theirs). None: the edit goes as it is (only
 * the changed fields are in it).
 */
function clashes(route: RouteId, seen: NonNullable<Stored['seen']>, body: Rec, current: Rec): { field: string; before: unknown; mine: unknown; theirs: unknown }[] {
  if (!(route in RECORD_TO_BODY) || current.updated_at === seen.updated_at) return [];
  const now = bodyFromRecord(route as PrefilledRouteId, current);
  return Object.keys(seen.fields)
    .filter((f) => f in body && !same(now[f], seen.fields[f]) && !same(now[f], body[f]))
    .map((f) => ({ field: f, before: seen.fields[f], mine: body[f], theirs: now[f] }));
}

/** A copy of `value` with `path` ("allocations.0.expected_revision") set to `v`. */
function setAt(value: unknown, path: string[], v: unknown): unknown {
  if (!path.length) return v;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((x, i) => (String(i) === head ? setAt(x, rest, v) : x));
  const obj = (value && typeof value === 'object' ? value : {}) as Rec;
  return { ...obj, [head!]: setAt(obj[head!], rest, v) };
}

/**
 * The body with every revision it expects set to the one the service has now (the user chose to send
 * it again on the current version): the route's own record's, or each referenced record's (a payment's
 * allocations, a credit).
 */
async function rebased(route: RouteId, area: string, params: Record<string, string> | null, body: unknown, api: WriteApi, signal: AbortSignal): Promise<unknown> {
  const schema = ROUTES[route].body;
  if (!schema) return body;
  let out = body;
  for (const r of revisionsIn(schema, body)) {
    const readRoute = r.id === null ? readRouteOf(route, area) : (RESOURCE_AREAS[r.to[0] ?? '']?.get as ReadRouteId | undefined);
    const current = await readRecord(api, readRoute, r.id ?? params?.id, signal);
    if (current && typeof current.revision === 'number') out = setAt(out, r.path.split('.'), current.revision);
  }
  return out;
}

/**
 * Sends one entry, exactly once by the spec's means: with its key where the route takes one (the same
 * on every attempt); for any other create whose earlier attempt may have reached the service, a look-up
 * first, adopting the record found. A revision the service no longer has, or a record changed since in
 * the same fields, becomes the user's decision; a refusal comes back with the service's reasons.
 */
export async function sendEntry(entry: Stored, resolved: { params: Record<string, string> | null; body: unknown }, entries: OutboxEntries, api: WriteApi, now: () => Date, signal: AbortSignal): Promise<Sent> {
  let e = entry;
  const route = ROUTES[e.route];
  const body = resolved.body as Rec | null;
  const id = resolved.params?.id;
  try {
    if (e.maybe_sent && !route.idempotency && route.kind === 'create' && body) {
      const area = RESOURCE_AREAS[e.area];
      const since = new Date(e.first_sent_at ?? e.created_at);
      const found = await lookUpOutcome({ area: e.area, ...(area?.list ? { listRoute: area.list as ListRouteId } : {}), ...(area?.get ? { readRoute: area.get as ReadRouteId } : {}), route: e.route }, body, since, async (r, input) => {
        try { return { ok: true as const, data: await api.read(r, input, signal) }; } catch (err) { return { ok: false as const, error: toBridgeError(err) }; }
      });
      if (found.status === 'saved') return done(e, entries, found.data, '', now);
      if (found.status === 'unclear') return hold(e, entries, 'decision', { kind: 'unclear', error: null });
    }
    if (route.kind === 'update' && e.seen && body && !('expected_revision' in body)) {
      const current = await readRecord(api, readRouteOf(e.route, e.area), id, signal);
      if (!current) return hold(e, entries, 'failed', { kind: 'refused', error: { kind: 'api', status: 404, code: 'resource_not_found', message: 'The record no longer exists.' } });
      const fields = clashes(e.route, e.seen, body, current);
      if (fields.length) return hold(e, entries, 'decision', { kind: 'changed_since', fields, current });
    }
    let sendBody = resolved.body;
    if (e.rebase) {
      // The user chose to send it again on the current version: a new body, so a new key (the old one answers for the old body).
      sendBody = await rebased(e.route, e.area, resolved.params, resolved.body, api, signal);
      entries.update(e.id, { body: sendBody, rebase: false, ...(e.idem_key ? { idem_key: randomUUID() } : {}) });
      e = entries.get(e.id)!;
    }
    entries.update(e.id, { state: 'sending', why: null, attempts: e.attempts + 1, maybe_sent: true, first_sent_at: e.first_sent_at ?? now().toISOString() });
    const r = await api.write({ route: e.route, params: resolved.params, body: sendBody, idempotency_key: e.idem_key, name: e.name, area: e.area }, signal);
    return done(e, entries, r.data, r.request_id, now);
  } catch (err) {
    if (signal.aborted) {
      entries.update(e.id, { state: 'waiting' });
      return { kind: 'stopped' };
    }
    const x = toBridgeError(err);
    // A delete of what is already gone is done.
    if (route.kind === 'delete' && x.kind === 'api' && x.status === 404) return done(e, entries, { deleted: true }, x.request_id ?? '', now);
    if (isStaleRevision(x)) {
      const current = await readRecord(api, readRouteOf(e.route, e.area), id, signal).catch(() => null);
      return hold(e, entries, 'decision', { kind: 'stale_revision', error: x, seen: e.before, current });
    }
    // No answer, or the service busy past its retries: the entry waits; whether it may have landed is kept.
    const reached = e.maybe_sent || isUncertain(x);
    if (OFFLINE.has(x.kind) || x.kind === 'cancelled') { entries.update(e.id, { state: 'waiting', why: { kind: 'offline' }, maybe_sent: reached }); return { kind: 'offline' }; }
    if (x.kind === 'api' && (x.status === 429 || x.status === 503)) { entries.update(e.id, { state: 'waiting', why: { kind: 'busy' }, maybe_sent: reached }); return { kind: 'busy' }; }
    if (x.kind === 'api' && (x.status ?? 0) >= 500) { entries.update(e.id, { state: 'waiting', why: { kind: 'busy' }, maybe_sent: reached }); return { kind: 'busy' }; }
    return hold(e, entries, 'failed', { kind: 'refused', error: x });
  }
}

function done(e: Stored, entries: OutboxEntries, data: unknown, requestId: string, now: () => Date): Sent {
  const made = ROUTES[e.route].kind === 'create' && data && typeof data === 'object' && typeof (data as Rec).id === 'string' ? String((data as Rec).id) : null;
  entries.transaction(() => {
    entries.update(e.id, { state: 'sent', why: null, sent_at: now().toISOString(), request_id: requestId || null, result_id: made, maybe_sent: false });
    if (made && e.temp_id) entries.mapId(e.temp_id, made);
  });
  return { kind: 'sent', data, request_id: requestId };
}

function hold(e: Stored, entries: OutboxEntries, state: 'decision' | 'failed', why: NonNullable<Stored['why']>): Sent {
  entries.update(e.id, { state, why });
  return { kind: 'held' };
}
