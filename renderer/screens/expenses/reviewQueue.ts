import { useQuery } from '@tanstack/react-query';
import { callAnyRoute } from '../../bridge/call';
import { qk } from '../../data/queryKeys';
import { queueOrder } from '../../rules/workQueue';

type Row = Record<string, unknown>;
const PAGE = 100;
const MAX_PAGES = 5;

/**
 * Expenses of one review status, all of them up to 500, oldest first. Its key sits under the
 * expenses lists, so every expense write refreshes it.
 */
export function useReviewQueue(status: 'needs_review' | 'draft') {
  return useQuery({
    queryKey: [...qk.lists('expenses'), 'review-queue', status],
    queryFn: async ({ signal }) => {
      const rows: Row[] = [];
      let cursor: string | null = null;
      let more = false;
      for (let i = 0; i < MAX_PAGES; i++) {
        const r = await callAnyRoute('expenses.list', { query: { status, limit: PAGE, ...(cursor ? { cursor } : {}) } }, signal);
        rows.push(...(r.data as Row[]));
        more = r.page?.has_more === true;
        cursor = r.page?.next_cursor ?? null;
        if (!more || !cursor) break;
      }
      return { rows: queueOrder(rows, 'issue_date'), more };
    },
    // A work list: read again on every visit (others add to it), the last answer shown meanwhile.
    staleTime: 0,
  });
}
