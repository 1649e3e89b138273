import { useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../bridge/call';
import { qk } from '../../data/queryKeys';
import type { ListRouteId } from '../../resources/types';
import { buildListQuery, type FilterValues } from '../../rules/filters';
import { LOAD_ALL_MAX } from '../../rules/tableStore';

/** Pages as large as the API allows: fewest requests (each counts toward the rate limit). */
const PAGE = 100;

export type LoadAllStatus = 'loading' | 'done' | 'capped' | 'stopped' | 'failed';

/**
 * Every page of a list with the table's filters, one after the other, up to LOAD_ALL_MAX rows.
 * The rows show as they come; Stop cancels the page on its way (the bridge call is abandoned)
 * and keeps what is in. Rate limits are the client's business in main: it waits as told.
 */
export function useLoadAll(area: string, route: ListRouteId, filters: FilterValues, enabled: boolean) {
  const qc = useQueryClient();
  const base = useMemo(() => buildListQuery(route, filters, PAGE, undefined), [route, filters]);
  const queryKey = qk.allRows(area, base);
  const keyText = JSON.stringify(queryKey);
  const q = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => callRoute(route, { query: pageParam ? { ...base, cursor: pageParam } : base }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.page?.has_more && last.page.next_cursor ? last.page.next_cursor : undefined),
    enabled,
    // Comparing thousands of rows with the last answer on every page would cost more than it saves.
    structuralSharing: false,
  });
  // Stopping belongs to one set of filters: other filters load again.
  const [stoppedFor, setStoppedFor] = useState<string | null>(null);
  const stopped = stoppedFor === keyText;
  const rows = useMemo(() => (q.data?.pages.flatMap((p) => p.data as Record<string, unknown>[]) ?? []).slice(0, LOAD_ALL_MAX), [q.data]);
  const more = q.hasNextPage === true;
  const full = rows.length >= LOAD_ALL_MAX;

  useEffect(() => {
    if (enabled && more && !full && !stopped && !q.isFetching && !q.isError) void q.fetchNextPage();
  }, [enabled, more, full, stopped, q.isFetching, q.isError, q]);

  const status: LoadAllStatus = q.isError ? 'failed' : full && more ? 'capped' : !more && !q.isPending ? 'done' : stopped ? 'stopped' : 'loading';
  return {
    rows,
    status,
    pending: q.isPending,
    error: q.error,
    stop: () => { setStoppedFor(keyText); void qc.cancelQueries({ queryKey }); },
    resume: () => setStoppedFor(null),
    refetch: () => void q.refetch(),
  };
}
