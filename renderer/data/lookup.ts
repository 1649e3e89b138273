import { RECORD_TO_BODY, ROUTES, type BridgeResult, type PrefilledRouteId, type RouteDef, type RouteId } from '../../shared';
import type { ListRouteId, ReadRouteId } from '../resources/types';
import { holdsUpdate, matchesCreate } from './outcome';

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

/**
 * Reads one route for a lookup and gives its data (the bridge's api.call in the app; the core
 * router in tests, which run this module under plain Node).
 */
export type RouteReader = (route: RouteId, input: { params?: Record<string, string>; query?: Record<string, string | number> }) => Promise<BridgeResult<unknown>>;

type Rec = Record<string, unknown>;
const LOOKBACK_MS = 120_000;

async function readData(read: RouteReader, route: RouteId, input: Parameters<RouteReader>[1]): Promise<unknown> {
  const r = await read(route, input);
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

async function readRecord(read: RouteReader, route: ReadRouteId, id: string): Promise<Rec | null> {
  const r = await read(route, { params: { id } });
  if (r.ok) return r.data as Rec;
  if (r.error.kind === 'api' && r.error.status === 404) return null;
  throw new Error(r.error.message);
}

/**
 * After a write whose answer was lost: did it happen? Never a blind retry (spec 4.2 rule 3).
 * Creates are looked for among the records created since just before the submission; updates,
 * deletes and actions read the record back.
 */
export async function lookUpOutcome(t: LookupTarget & { route: RouteId }, body: Rec | undefined, startedAt: Date, read: RouteReader): Promise<Lookup> {
  const route: RouteDef = ROUTES[t.route];
  try {
    if (route.kind === 'create') {
      if (!t.listRoute || !body) return { status: 'unclear' };
      const list = ROUTES[t.listRoute].list;
      const query = { limit: 100, ...(list?.params.includes('created_after') ? { created_after: new Date(startedAt.getTime() - LOOKBACK_MS).toISOString() } : {}) };
      const rows = (await readData(read, t.listRoute, { query })) as Rec[];
      const hit = rows.find((r) => matchesCreate(t.route, r, body));
      return hit ? { status: 'saved', data: hit } : { status: 'not_saved' };
    }
    const prefilled = t.route in RECORD_TO_BODY ? (t.route as PrefilledRouteId) : null;
    const readRoute = prefilled ? RECORD_TO_BODY[prefilled].read : t.readRoute;
    if (!t.id || !readRoute) return { status: 'unclear' };
    const record = await readRecord(read, readRoute, t.id);
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
