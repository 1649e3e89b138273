import type { QueryClient } from '@tanstack/react-query';
import { todayNow } from '../lib/useToday';
import { HOME_ROLES, sectionAreas } from '../resources/home';
import { homeReadsOf } from '../rules/homeReads';
import { localAggregateOptions, localAllRowsOptions, localRowsOptions, localStatusOptions } from './localCopy';

/**
 * The home screen's reads, started when the user shows the intent to go there (the router's
 * preload) and again as it opens: the sections then find their figures in the cache and paint
 * them with the screen, instead of after a trip to main. Only sections whose areas are filled
 * (a section still waiting reads nothing); areas the key cannot read are never filled.
 */
export async function prefetchHome(qc: QueryClient): Promise<void> {
  const status = await qc.ensureQueryData(localStatusOptions());
  if (!status.enabled || status.storage === 'none') return;
  const filled = (a: string) => status.areas.some((x) => x.area === a && x.ready && x.state !== 'denied');
  const now = todayNow();
  const sections = new Map(HOME_ROLES.flatMap((r) => r.sections).map((s) => [s.key, s]));
  for (const section of [...sections.values()].filter((s) => sectionAreas(s).every(filled))) {
    const reads = homeReadsOf(section, now);
    for (const input of reads.aggregates) void qc.prefetchQuery(localAggregateOptions(input));
    for (const input of reads.rows) void qc.prefetchQuery(localRowsOptions(input));
    for (const input of reads.allRows) void qc.prefetchQuery(localAllRowsOptions(input));
  }
}
