import { z } from 'zod';
import {
  LOCAL_MARK, RECORD_TO_BODY, RESOURCE_AREAS, ROUTES, bodyFromRecord, localMarkSchema, requiredPermissions, semanticsOf, unwrapField,
  type BridgeError, type LocalMark, type LocalStatus, type OutboxEntry, type OutboxSubmit, type PrefilledRouteId, type RouteDef, type RouteId,
} from '../../shared';
import { grantOf, type PermissionFacts } from './permissions';

/**
 * The outbox's rules as the renderer needs them, pure: which failed writes are kept to send later,
 * what an edit sends with the version the user saw, which entries touch a record or go with a
 * discarded one, and which values of a record made offline only the service can give.
 */
type Rec = Record<string, unknown>;

/** What the renderer does with a write that did not reach the service. */
export type KeepRule =
  /** Keep it in the outbox (sent later with the same request key, where the route takes one). */
  | 'keep'
  /** It may have reached the service and no key protects a second one: look it up first (a create: the engine looks again before it sends). */
  | 'lookup'
  /** Not a matter of the connection: the form shows the error. */
  | null;

/** The service was not reached, or was too busy to answer after the client's retries. */
export const unreached = (e: BridgeError): boolean =>
  e.kind === 'network' || e.kind === 'timeout' || e.kind === 'unknown_outcome' || (e.kind === 'api' && (e.status === 429 || e.status === 503));

/**
 * A failed write goes to the outbox when the service was not reached (no connection, a timeout, busy
 * past the retries). One that may have landed is kept as it is where a request key stops a second
 * one (the same key is sent again); any other is looked up first (spec 4.2 rule 3).
 */
export function keepRuleOf(route: RouteDef, e: BridgeError): KeepRule {
  if (!unreached(e)) return null;
  const mayHaveLanded = e.kind === 'unknown_outcome' || e.kind === 'timeout' || (e.kind === 'api' && e.status === 503) || (e.kind === 'network' && e.idempotency_key !== undefined);
  if (!mayHaveLanded || route.idempotency) return 'keep';
  return 'lookup';
}

/**
 * After the look-up of a write that may have landed: kept when it surely did not (`not_saved`), and,
 * when the look-up could not tell, a create (the engine looks again before sending), an edit or a
 * delete (sending those again leaves the record the same); any other action is left to the user.
 */
export function keepAfterLookup(route: RouteDef, status: 'not_saved' | 'unclear'): 'keep' | 'keep_looked_up' | null {
  if (status === 'not_saved') return 'keep';
  if (route.kind === 'create') return 'keep_looked_up';
  return route.kind === 'update' || route.kind === 'delete' ? 'keep' : null;
}

/**
 * The version of the record an edit was made on: its `updated_at` and, for each field the edit sends,
 * its value then as the form showed it. Only for edits of records without revisions (a revision is
 * the service's own check) whose form the record fills.
 */
export function seenOf(route: RouteId, body: Rec | undefined, basis: Rec | undefined): OutboxSubmit['seen'] | undefined {
  if (!body || !basis || ROUTES[route].kind !== 'update' || !(route in RECORD_TO_BODY) || 'expected_revision' in body) return undefined;
  const then = bodyFromRecord(route as PrefilledRouteId, basis);
  const fields = Object.fromEntries(Object.keys(body).map((k) => [k, then[k] ?? null]));
  return { updated_at: typeof basis.updated_at === 'string' ? basis.updated_at : null, fields };
}

export const unsent = (entries: readonly OutboxEntry[]): OutboxEntry[] => entries.filter((e) => e.state !== 'sent');

/** Entries not sent yet that write this record (by its id, or the temporary id of a record made offline). */
export function touching(entries: readonly OutboxEntry[], area: string, id: string): OutboxEntry[] {
  return unsent(entries).filter((e) => e.area === area && (e.record_id === id || e.temp_id === id));
}

/** A record made offline, not sent yet: its id is the outbox's own (the service does not know it). */
export const isTempId = (entries: readonly OutboxEntry[], id: string): boolean => unsent(entries).some((e) => e.temp_id === id);

/** The service's id of a record made offline, once its creation was sent. */
export const realIdOf = (entries: readonly OutboxEntry[], id: string): string | null =>
  entries.find((e) => e.temp_id === id && e.state === 'sent' && e.result_id)?.result_id ?? null;

const mentions = (value: unknown, id: string): boolean => JSON.stringify(value ?? null).includes(`"${id}"`);

/**
 * Whether a write must wait behind the outbox even with a connection: it writes a record whose
 * earlier change has not been sent (its order is kept), or it uses a record made offline.
 */
export function waitsBehind(entries: readonly OutboxEntry[], area: string, id: string | null | undefined, params: unknown, body: unknown): boolean {
  const open = unsent(entries);
  if (id && open.some((e) => e.area === area && (e.record_id === id || e.temp_id === id))) return true;
  return open.some((e) => e.temp_id !== null && mentions([params, body], e.temp_id));
}

/** The entries a discard takes along: those using the record the discarded one was to make (they could never be sent). */
export function dependentsOf(entries: readonly OutboxEntry[], id: string): OutboxEntry[] {
  const e = entries.find((x) => x.id === id);
  if (!e?.temp_id) return [];
  return unsent(entries).filter((d) => d.seq > e.seq && mentions([d.params, d.body], e.temp_id!));
}

/** What an entry does: create, update, delete, or its action's key (approve, status, restore ...). */
export function actionOf(route: RouteId): string {
  const kind = ROUTES[route].kind;
  return kind === 'create' || kind === 'update' || kind === 'delete' ? kind : route.split('.').pop()!;
}

/** The copy's mark on a row made or changed offline, if any. */
export function markOf(row: unknown): LocalMark | null {
  if (!row || typeof row !== 'object') return null;
  const m = localMarkSchema.safeParse((row as Rec)[LOCAL_MARK]);
  return m.success ? m.data : null;
}

const createFields = new Map<string, ReadonlySet<string>>();
/** The fields a create of the area sends (the rest of a new record is the service's to give). */
function fieldsOfCreate(area: string): ReadonlySet<string> {
  let out = createFields.get(area);
  if (!out) {
    const create = RESOURCE_AREAS[area]?.create;
    const body = create ? ROUTES[create].body : undefined;
    const { inner } = body ? unwrapField(body as z.ZodType) : { inner: null };
    out = new Set(inner instanceof z.ZodObject ? Object.keys(inner.shape) : []);
    createFields.set(area, out);
  }
  return out;
}

/**
 * Whether a value of a record made offline is not known yet: the service gives it (a number, a
 * total, a PDF, when it was made) and the record has not reached it.
 */
export function notKnownYet(area: string, row: unknown, path: string): boolean {
  const mark = markOf(row);
  if (mark?.kind !== 'create') return false;
  const key = path.split('.')[0]!;
  // Its id (a temporary one) and when it was made are the app's own until then.
  if (key === 'id' || key === 'created_at' || key === 'updated_at' || fieldsOfCreate(area).has(key)) return false;
  const v = (row as Rec)[key];
  return v === null || v === undefined || (Array.isArray(v) && v.length === 0);
}

/** Why the outbox cannot keep a write now: the copy is off (or kept nowhere), or the key is not known to be allowed it. */
export type KeepBlock = 'copy_off' | 'permission_unknown';

export function outboxBlockOf(route: RouteId, facts: PermissionFacts, local: Pick<LocalStatus, 'enabled' | 'storage'> | undefined): KeepBlock | null {
  if (!local?.enabled || local.storage === 'none') return 'copy_off';
  return requiredPermissions(route, undefined).every((p) => grantOf(p, facts) === 'granted') ? null : 'permission_unknown';
}

/** A value of a write's body as a record reads it (an enumeration's write value "CONTACTED" is "contacted"), to show it like the record's. */
export function readValueOf(route: RouteId, field: string, value: unknown): unknown {
  const body = ROUTES[route].body;
  const { inner } = body ? unwrapField(body as z.ZodType) : { inner: null };
  const f = inner instanceof z.ZodObject ? (inner.shape as Record<string, z.ZodType>)[field] : undefined;
  const meta = f ? semanticsOf(f) : undefined;
  if (meta?.kind !== 'enum' || typeof value !== 'string') return value;
  const i = meta.write.indexOf(value);
  return i < 0 ? value : meta.read[i];
}
