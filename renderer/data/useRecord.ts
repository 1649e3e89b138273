import { useQuery } from '@tanstack/react-query';
import type { ResourceDecl } from '../resources/types';
import { recordOptions } from './recordRead';

/** One record through its area's detail route; the detail view, its forms and name links share it. */
export function useRecord(decl: ResourceDecl, id: string | null) {
  const route = decl.detail.route;
  return useQuery({ ...recordOptions(decl.area, id, route), enabled: !!route && (id !== null || !decl.list) });
}
