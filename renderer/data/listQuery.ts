import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../bridge/call';
import type { ListRouteId } from '../resources/types';
import { buildListQuery } from '../rules/filters';
import { currentCursor } from '../rules/pager';
import type { TableState } from '../rules/tableStore';
import { qk } from './queryKeys';

/**
 * One page of an area's list for a table state: the list screen reads it, and whatever changes
 * the state (a page size, the next page, a navigation) fetches it first, so the request leaves
 * before React renders anything.
 */
export function listQueryOptions(area: string, route: ListRouteId, state: TableState) {
  const query = buildListQuery(route, state.filters, state.pageSize, currentCursor(state.pager));
  return queryOptions({
    queryKey: qk.list(area, query),
    queryFn: ({ signal }) => callRoute(route, { query }, signal),
  });
}
