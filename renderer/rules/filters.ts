import { ROUTES, LIMITS, type ListQuery } from '../../shared';
import { instantOf, userTimeZone } from '../lib/zone';
import type { ListRouteId } from '../resources/types';

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** What the list screen may offer, read from the route table (never a filter the route rejects). */
export interface FilterCaps {
  search: boolean;
  searchFields: readonly string[];
  status: boolean;
  statuses: readonly string[];
  createdAfter: boolean;
  updatedAfter: boolean;
}

export function filterCaps(route: ListRouteId): FilterCaps {
  const spec = ROUTES[route].list;
  const has = (p: (typeof spec.params)[number]) => spec.params.includes(p);
  return {
    search: has('search'),
    searchFields: spec.searchFields,
    status: has('status') && spec.statuses.length > 0,
    statuses: spec.statuses,
    createdAfter: has('created_after'),
    updatedAfter: has('updated_after'),
  };
}

export interface FilterValues {
  search: string;
  status: string | null;
  /**
   * "Created on or after": YYYY-MM-DD, or YYYY-MM-DDTHH:mm with a time, a wall-clock moment in the
   * user's time zone (the API gives the business none), sent so that the moment itself is included.
   */
  createdAfter: string | null;
  /** "Updated on or after", as createdAfter. */
  updatedAfter: string | null;
}

export const emptyFilters = (): FilterValues => ({ search: '', status: null, createdAfter: null, updatedAfter: null });
export const hasFilters = (f: FilterValues) => f.search.trim() !== '' || f.status !== null || f.createdAfter !== null || f.updatedAfter !== null;

export { userTimeZone };

/**
 * The API's `*_after` filters are exclusive (spec 4.1): the instant one millisecond before the picked
 * moment (the start of the day when no time is given) in the time zone, so that moment is included.
 */
export function onOrAfter(value: string, timeZone: string): string {
  const moment = value.includes('T') ? value : `${value}T00:00`;
  return new Date(instantOf(moment, timeZone) - 1).toISOString();
}

/** The query for one page: only parameters the route accepts, search trimmed and bounded; dates in `timeZone`. */
export function buildListQuery(route: ListRouteId, f: FilterValues, limit: PageSize, cursor: string | undefined, timeZone: string = userTimeZone()): ListQuery {
  const caps = filterCaps(route);
  const q: ListQuery = { limit };
  if (cursor) q.cursor = cursor;
  const search = f.search.trim().slice(0, LIMITS.searchMax);
  if (caps.search && search) q.search = search;
  if (caps.status && f.status && caps.statuses.includes(f.status)) q.status = f.status;
  if (caps.createdAfter && f.createdAfter) q.created_after = onOrAfter(f.createdAfter, timeZone);
  if (caps.updatedAfter && f.updatedAfter) q.updated_after = onOrAfter(f.updatedAfter, timeZone);
  return q;
}
