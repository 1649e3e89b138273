import type { QueryClient } from '@tanstack/react-query';
import { todayNow } from '../lib/useToday';
import { HOME_ROLES, sectionAreas, sectionPaidAreas, type HomeSection } from '../resources/home';
import { homeReadsOf } from '../rules/homeReads';
import { prefetchLocalReads, readableAreas } from './localCopy';

/**
 * The home screen's reads, started when the user shows the intent to go there (the router's
 * preload) and again as it opens: the sections then find their figures in the cache and paint
 * them with the screen, instead of after a trip to main. Only sections whose areas are filled
 * (a section still waiting reads nothing); areas the key cannot read are never filled.
 */
export async function prefetchHome(qc: QueryClient): Promise<void> {
  const readable = await readableAreas(qc);
  if (!readable) return;
  const now = todayNow();
  const sections = new Map(HOME_ROLES.flatMap((r) => r.sections).map((s) => [s.key, s]));
  // The payments an owed sum subtracts: filled, or refused to the key (its sums are then the totals).
  const settled = (s: HomeSection) => sectionAreas(s).every((a) => readable(a)) && sectionPaidAreas(s).every((a) => readable(a, true));
  for (const section of [...sections.values()].filter(settled)) void prefetchLocalReads(qc, homeReadsOf(section, now));
}
