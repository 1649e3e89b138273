import type { QueryClient } from '@tanstack/react-query';
import { qk } from './queryKeys';

/**
 * Ids of an area's records the app holds now (its lists, records and picker options): they existed
 * before a write that starts now, so the lookup after a lost create does not take one of them for it.
 */
export function cachedIds(qc: QueryClient, area: string): Set<string> {
  const ids = new Set<string>();
  for (const [, cached] of qc.getQueriesData<{ data?: unknown }>({ queryKey: qk.area(area) })) {
    const data = cached?.data;
    for (const row of Array.isArray(data) ? data : [data]) {
      const id = (row as { id?: unknown } | null)?.id;
      if (typeof id === 'string') ids.add(id);
    }
  }
  return ids;
}
