import { useQuery } from '@tanstack/react-query';
import { callAnyRoute } from '../bridge/call';
import type { ResourceDecl } from '../resources/types';
import { qk } from './queryKeys';

/** One record through its area's detail route; the detail view, its forms and name links share it. */
export function useRecord(decl: ResourceDecl, id: string | null) {
  const route = decl.detail.route;
  return useQuery({
    queryKey: qk.record(decl.area, id ?? ''),
    queryFn: ({ signal }) => callAnyRoute(route!, id ? { params: { id } } : {}, signal),
    enabled: !!route && (id !== null || !decl.list),
  });
}
