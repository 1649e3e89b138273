import { z } from 'zod';
import { areaKeySchema } from '../../shared/views';
import { profileList } from './profileList';

/**
 * Records the user opened, per profile, newest first, for the palette: put there when a record
 * screen or drawer shows a record. Names are what the records were called when seen.
 */
export const RECENT_LIMIT = 20;
const NAME_MAX = 200;
export const recentEntrySchema = z.strictObject({
  area: areaKeySchema,
  id: z.string().min(1).max(64),
  name: z.string().max(NAME_MAX),
  at: z.string().max(40),
});
export type RecentEntry = z.infer<typeof recentEntrySchema>;
export const recentList = profileList('recentlyViewed', recentEntrySchema, RECENT_LIMIT, (a, b) => a.area === b.area && a.id === b.id);

export function rememberViewed(profileId: string, e: Omit<RecentEntry, 'at'>): void {
  const first = recentList.read(profileId)[0];
  // The same record shown again (a re-render, its drawer then its page) changes nothing.
  if (first && first.area === e.area && first.id === e.id && first.name === e.name.slice(0, NAME_MAX)) return;
  recentList.put(profileId, { ...e, name: e.name.slice(0, NAME_MAX), at: new Date().toISOString() });
}
