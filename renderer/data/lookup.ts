import { RECORD_TO_BODY, ROUTES, type PrefilledRouteId, type RouteDef, type RouteId } from '../../shared';
import { asBridgeError, callAnyRoute } from '../bridge/call';
import type { ListRouteId, ReadRouteId } from '../resources/types';
import { findableInList, holdsUpdate, matchesCreate, writtenRow } from './outcome';

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
  /** The write is of one row of a list of the record: that row by id (an edit), or a new one (an add). */
  row?: { list: string; id?: string };
}

export type Lookup = { status: 'saved'; data: unknown } | { status: 'not_saved' } | { status: 'unclear' };

type Rec = Record<string, unknown>;
const LOOKBACK_MS = 120_000;

/** A write of one row of a record (an activity): read the record back and look for the row it left. */
async function lookUpRow(t: LookupTarget & { route: RouteId }, row: NonNullable<LookupTarget['row']>, body: Rec, startedAt: Date): Promise<Lookup> {
  if (!t.id || !t.readRoute) return { status: 'unclear' };
  const record = await readRecord(t.readRoute, t.id);
  if (record === null) return { status: 'unclear' };
  const hit = writtenRow(t.route, record, row, body, startedAt.getTime() - LOOKBACK_MS);
  return hit ? { status: 'saved', data: hit } : { status: 'not_saved' };
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
    if (t.row) return body ? await lookUpRow(t, t.row, body, startedAt) : { status: 'unclear' };
    if (route.kind === 'create') {
      if (!t.listRoute || !body || !findableInList(t.route, t.listRoute)) return { status: 'unclear' };
      const list = ROUTES[t.listRoute].list;
      const query = { limit: 100, ...(list?.params.includes('created_after') ? { created_after: new Date(startedAt.getTime() - LOOKBACK_MS).toISOString() } : {}) };
      const rows = (await callAnyRoute(t.listRoute, { query })).data as Rec[];
      const hit = rows.find((r) => matchesCreate(t.route, r, body));
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
