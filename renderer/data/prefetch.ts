import type { QueryClient } from '@tanstack/react-query';
import { callAnyRoute } from '../bridge/call';
import { declOf } from '../resources/lookup';
import { loadTableState } from '../rules/tableStore';
import { tableViews } from './savedViews';
import { qk } from './queryKeys';
import { listQueryOptions } from './listQuery';
import { prefetchRelated } from './prefetchRelated';
import type { Language } from '../i18n';

/**
 * What a screen will ask for, asked for on navigation (and on hover, as the router preloads):
 * the request runs while the screen's code loads, instead of after it has rendered.
 */
export function prefetchList(qc: QueryClient, area: string): Promise<void> {
  const decl = declOf(area);
  if (!decl?.list) return Promise.resolve();
  return qc.prefetchQuery(listQueryOptions(area, decl.list.route, loadTableState(area, tableViews(area)?.current)));
}

/** A record, and at the same time its related sections' reads of the local copy (they need only its id). */
export function prefetchRecord(qc: QueryClient, area: string, id: string, language: Language): Promise<void> {
  const route = declOf(area)?.detail.route;
  if (!route) return Promise.resolve();
  const record = qc.prefetchQuery({ queryKey: qk.record(area, id), queryFn: ({ signal }) => callAnyRoute(route, { params: { id } }, signal) });
  return Promise.all([record, prefetchRelated(qc, area, id, language)]).then(() => undefined);
}
