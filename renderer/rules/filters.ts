import { ROUTES, LIMITS, type ListQuery } from '../../shared';
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
  /** YYYY-MM-DD as picked in the UI; sent as the start of that day in UTC. */
  createdAfter: string | null;
  updatedAfter: string | null;
}

export const emptyFilters = (): FilterValues => ({ search: '', status: null, createdAfter: null, updatedAfter: null });
export const hasFilters = (f: FilterValues) => f.search.trim() !== '' || f.status !== null || f.createdAfter !== null || f.updatedAfter !== null;

const dayStart = (d: string) => `${d}T00:00:00.000Z`;

/** The query for one page: only parameters the route accepts, search trimmed and bounded. */
export function buildListQuery(route: ListRouteId, f: FilterValues, limit: PageSize, cursor: string | undefined): ListQuery {
  const caps = filterCaps(route);
  const q: ListQuery = { limit };
  if (cursor) q.cursor = cursor;
  const search = f.search.trim().slice(0, LIMITS.searchMax);
  if (caps.search && search) q.search = search;
  if (caps.status && f.status && caps.statuses.includes(f.status)) q.status = f.status;
  if (caps.createdAfter && f.createdAfter) q.created_after = dayStart(f.createdAfter);
  if (caps.updatedAfter && f.updatedAfter) q.updated_after = dayStart(f.updatedAfter);
  return q;
}
