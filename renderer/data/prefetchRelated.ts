import type { QueryClient } from '@tanstack/react-query';
import type { Language } from '../i18n';
import { todayNow } from '../lib/useToday';
import { declOf } from '../resources/lookup';
import { areasOf, paidAreasOfSpec, partyOf, relatedReadsOf } from '../rules/related';
import { prefetchLocalReads, type ReadableAreas } from './localCopy';

/**
 * A record's related sections read from the local copy with inputs its id alone decides: started
 * with the record's own read, not after its answer, under the keys the sections then find filled.
 * Only sections whose areas the copy holds and has filled (a section still waiting reads nothing).
 * Settles when every read has.
 */
export async function prefetchRelated(qc: QueryClient, area: string, id: string, language: Language, readable: ReadableAreas): Promise<void> {
  const specs = declOf(area)?.detail.related ?? [];
  if (specs.length === 0) return;
  const now = todayNow();
  const party = partyOf(id);
  // The payments an owed sum subtracts: filled, or refused to the key (its sums are then the totals).
  const settled = (s: (typeof specs)[number]) => areasOf(s).every((a) => readable(a)) && paidAreasOfSpec(s).every((a) => readable(a, true));
  await Promise.all(specs.filter(settled).map((spec) => {
    const reads = relatedReadsOf(spec, party, now, language);
    return prefetchLocalReads(qc, { ...reads, allRows: reads.through ? [reads.through] : [] });
  }));
}
