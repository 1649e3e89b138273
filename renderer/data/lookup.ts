import { RECORD_TO_BODY, ROUTES, bodyFromRecord, type PrefilledRouteId, type RouteDef, type RouteId } from '../../shared';
import { asBridgeError, callAnyRoute } from '../bridge/call';
import { canonical } from '../lib/canonical';
import type { ListRouteId, ReadRouteId } from '../resources/types';

/** Where a write's effect can be read back. */
export interface LookupTarget {
  area: string;
  /** The record written (update, delete, actions). */
  id?: string | null;
  /** The area's list (finds a created record) and its record route. */
  listRoute?: ListRouteId;
  readRoute?: ReadRouteId;
  /** Whether a record shows that an action took effect. */
  settled?: (record: Record<string, unknown>) => boolean;
}

export type Lookup = { status: 'saved'; data: unknown } | { status: 'not_saved' } | { status: 'unclear' };

type Rec = Record<string, unknown>;
const LOOKBACK_MS = 120_000;

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

async function readRecord(route: ReadRouteId, id: string): Promise<Rec | null> {
  try {
    return (await callAnyRoute(route, { params: { id } })).data as Rec;
  } catch (e) {
    const err = asBridgeError(e);
    if (err.kind === 'api' && err.status === 404) return null;
    throw e;
  }
}

/**
 * After a write whose answer was lost: did it happen? Never a blind retry (spec 4.2 rule 3).
 * Creates are looked for among the records created since just before the submission; updates,
 * deletes and actions read the record back.
 */
export async function lookUpOutcome(t: LookupTarget & { route: RouteId }, body: Rec | undefined, startedAt: Date): Promise<Lookup> {
  const route: RouteDef = ROUTES[t.route];
  try {
    if (route.kind === 'create') {
      if (!t.listRoute || !body) return { status: 'unclear' };
      const list = ROUTES[t.listRoute].list;
      const query = { limit: 100, ...(list?.params.includes('created_after') ? { created_after: new Date(startedAt.getTime() - LOOKBACK_MS).toISOString() } : {}) };
      const rows = (await callAnyRoute(t.listRoute, { query })).data as Rec[];
      const hit = rows.find((r) => matchesCreate(r, body));
      return hit ? { status: 'saved', data: hit } : { status: 'not_saved' };
    }
    const prefilled = t.route in RECORD_TO_BODY ? (t.route as PrefilledRouteId) : null;
    const readRoute = prefilled ? RECORD_TO_BODY[prefilled].read : t.readRoute;
    if (!t.id || !readRoute) return { status: 'unclear' };
    const record = await readRecord(readRoute, t.id);
    if (route.kind === 'delete') return record === null ? { status: 'saved', data: { deleted: true } } : { status: 'not_saved' };
    if (record === null) return t.route.endsWith('.restore') ? { status: 'not_saved' } : { status: 'unclear' };
    if (t.route.endsWith('.restore')) return { status: 'saved', data: record };
    if (prefilled && body) return holdsUpdate(prefilled, record, body) ? { status: 'saved', data: record } : { status: 'not_saved' };
    if (t.settled) return t.settled(record) ? { status: 'saved', data: record } : { status: 'not_saved' };
    return { status: 'unclear' };
  } catch {
    return { status: 'unclear' };
  }
}
