import { RECORD_TO_BODY, type PrefilledRouteId } from '../record-to-body';
import { ROUTES, type ListRouteId, type ReadRouteId, type RouteDef, type RouteId } from '../routes';
import type { BridgeResult } from '../bridge';
import type { PageInfo } from '../envelopes';
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

/**
 * Reads one route for a lookup: its data and, for lists, the page (the bridge's api.call in the app;
 * the core router in tests, which run this module under plain Node).
 */
export type RouteReader = (route: RouteId, input: { params?: Record<string, string>; query?: Record<string, string | number> }) => Promise<BridgeResult<{ data: unknown; page?: PageInfo }>>;

type Rec = Record<string, unknown>;
/** How far back a created record is looked for: wide, so a computer clock that is off still finds it. */
const LOOKBACK_MS = 120_000;
/** Pages of the area's list the lookup reads at most (100 records each). */
const LOOKUP_PAGES = 5;

async function readRecord(read: RouteReader, route: ReadRouteId, id: string): Promise<Rec | null> {
  const r = await read(route, { params: { id } });
  if (r.ok) return r.data.data as Rec;
  if (r.error.kind === 'api' && r.error.status === 404) return null;
  throw new Error(r.error.message);
}

/** A write of one row of a record (an activity): read the record back and look for the row it left. */
async function lookUpRow(t: LookupTarget & { route: RouteId }, row: NonNullable<LookupTarget['row']>, body: Rec, startedAt: Date, read: RouteReader): Promise<Lookup> {
  if (!t.id || !t.readRoute) return { status: 'unclear' };
  const record = await readRecord(read, t.readRoute, t.id);
  if (record === null) return { status: 'unclear' };
  const hit = writtenRow(t.route, record, row, body, startedAt.getTime() - LOOKBACK_MS);
  return hit ? { status: 'saved', data: hit } : { status: 'not_saved' };
}

/**
 * The records created since just before the submission that hold what the create sent, leaving out
 * those the app knew before it (`existedBefore`): the same thing created a moment earlier is not the
 * lost one. Exactly one left is the lost write; none means it did not happen, unless the list went on
 * beyond what was read; more than one cannot be told apart.
 */
async function lookUpCreate(t: LookupTarget & { route: RouteId; listRoute: ListRouteId }, body: Rec, startedAt: Date, read: RouteReader, existedBefore: ReadonlySet<string>): Promise<Lookup> {
  const list = ROUTES[t.listRoute].list;
  const query: Record<string, string | number> = { limit: 100, ...(list?.params.includes('created_after') ? { created_after: new Date(startedAt.getTime() - LOOKBACK_MS).toISOString() } : {}) };
  const hits: Rec[] = [];
  let page: PageInfo | undefined;
  for (let n = 0; n < LOOKUP_PAGES; n++) {
    const r = await read(t.listRoute, { query: page?.next_cursor ? { ...query, cursor: page.next_cursor } : query });
    if (!r.ok) throw new Error(r.error.message);
    hits.push(...(r.data.data as Rec[]).filter((row) => !existedBefore.has(String(row.id)) && matchesCreate(t.route, row, body)));
    page = r.data.page;
    if (!page?.has_more || !page.next_cursor) break;
  }
  if (hits.length === 1) return { status: 'saved', data: hits[0] };
  if (hits.length === 0 && !page?.has_more) return { status: 'not_saved' };
  return { status: 'unclear' };
}

/**
 * After a write whose answer was lost: did it happen? Never a blind retry (spec 4.2 rule 3).
 * Creates are looked for among the records created since just before the submission that the app
 * did not know before it (lookUpCreate); updates, deletes and actions read the record back.
 */
export async function lookUpOutcome(
  t: LookupTarget & { route: RouteId }, body: Rec | undefined, startedAt: Date, read: RouteReader, existedBefore: ReadonlySet<string> = new Set(),
): Promise<Lookup> {
  const route: RouteDef = ROUTES[t.route];
  try {
    if (t.row) return body ? await lookUpRow(t, t.row, body, startedAt, read) : { status: 'unclear' };
    if (route.kind === 'create') {
      // A create whose answer is not a record of the list (a lead intake's draft) cannot be found there.
      if (!t.listRoute || !body || !findableInList(t.route, t.listRoute)) return { status: 'unclear' };
      return await lookUpCreate({ ...t, listRoute: t.listRoute }, body, startedAt, read, existedBefore);
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
