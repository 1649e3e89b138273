import type { QueryClient } from '@tanstack/react-query';
import type { Language } from '../i18n';
import { todayNow } from '../lib/useToday';
import { declOf } from '../resources/lookup';
import { areasOf, partyOf, relatedReadsOf } from '../rules/related';
import { prefetchLocalReads } from './localCopy';

/**
 * A record's related sections read from the local copy with inputs its id alone decides: started
 * with the record's own read, not after its answer, under the keys the sections then find filled.
 * Only sections whose areas the copy holds and has filled (a section still waiting reads nothing).
 * Settles when every read has.
 */
export async function prefetchRelated(qc: QueryClient, area: string, id: string, language: Language, readable: (area: string) => boolean): Promise<void> {
  const specs = declOf(area)?.detail.related ?? [];
  if (specs.length === 0) return;
  const now = todayNow();
  const party = partyOf(id);
  await Promise.all(specs.filter((s) => areasOf(s).every(readable)).map((spec) => {
    const reads = relatedReadsOf(spec, party, now, language);
    return prefetchLocalReads(qc, { ...reads, allRows: reads.through ? [reads.through] : [] });
  }));
}
