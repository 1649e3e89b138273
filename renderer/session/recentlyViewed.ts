import type { ProfileListEntry } from '../../shared';
import { profileList } from './profileList';

/**
 * Records the user opened, per profile, newest first, for the palette: put there when a record
 * screen or drawer shows a record. Names are what the records were called when seen.
 */
export const RECENT_LIMIT = 20;
const NAME_MAX = 200;
export type RecentEntry = ProfileListEntry<'recentlyViewed'>;
export const recentList = profileList('recentlyViewed', (a, b) => a.area === b.area && a.id === b.id, RECENT_LIMIT);

export function rememberViewed(profileId: string, e: Omit<RecentEntry, 'at'>): void {
  const first = recentList.read(profileId)[0];
  // The same record shown again (a re-render, its drawer then its page) changes nothing.
  if (first && first.area === e.area && first.id === e.id && first.name === e.name.slice(0, NAME_MAX)) return;
  recentList.put(profileId, { ...e, name: e.name.slice(0, NAME_MAX), at: new Date().toISOString() });
}
