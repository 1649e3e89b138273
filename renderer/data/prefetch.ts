import type { QueryClient } from '@tanstack/react-query';
import { declOf } from '../resources/lookup';
import { loadTableState } from '../rules/tableStore';
import { tableViews } from './savedViews';
import { qk } from './queryKeys';
import { listQueryOptions } from './listQuery';
import { prefetchRelated } from './prefetchRelated';
import { copyRecordInput, localRowsOptions, readableAreas } from './localCopy';
import { seedRecord } from './seed';
import { recordOptions } from './recordRead';
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

/**
 * A record, and at the same time its related sections' reads of the local copy (they need only its
 * id). An area whose page paints first from the copy (`detail.firstFromCopy`) also has the copy's
 * row read in the same trip and cached as the record, partial, until the detail route answers.
 * Settles once the screen can paint: the record (the API's, or the copy's row) and the related reads.
 */
export async function prefetchRecord(qc: QueryClient, area: string, id: string, language: Language): Promise<void> {
  const decl = declOf(area);
  const route = decl?.detail.route;
  if (!route) return;
  const record = qc.prefetchQuery(recordOptions(area, id, route));
  // A page that reads nothing from the copy waits for nothing from it.
  if (!decl.detail.firstFromCopy && !decl.detail.related?.length) return record;
  const readable = await readableAreas(qc);
  if (!readable) return record;
  // Asked in the same turn as the related reads: one trip to main carries them all.
  const seeded = decl.detail.firstFromCopy && readable(area) && qc.getQueryData(qk.record(area, id)) === undefined
    ? qc.fetchQuery(localRowsOptions(copyRecordInput(area, id))).then((r) => seedRecord(qc, { area, readRoute: route }, r.rows[0]), () => false)
    : Promise.resolve(false);
  const related = prefetchRelated(qc, area, id, language, readable);
  const shown = Promise.race([record, seeded.then((ok) => (ok ? undefined : record))]);
  await Promise.all([shown, related]);
}
