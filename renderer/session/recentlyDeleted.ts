import type { ProfileListEntry } from '../../shared';
import { profileList } from './profileList';

/**
 * Records deleted from this app, per profile, so they can be restored later: the API lists no
 * deleted records, and a soft-deleted record is found again only by its id (spec section 3).
 * Main keeps the list (shared/profile-lists.ts).
 */
export type DeletedEntry = ProfileListEntry<'deleted'>;
export const deletedList = profileList('deleted', (a, b) => a.area === b.area && a.id === b.id);

export function rememberDeleted(profileId: string, e: Omit<DeletedEntry, 'at'>): void {
  deletedList.put(profileId, { ...e, name: e.name.slice(0, 200), at: new Date().toISOString() });
}

export function forgetDeleted(profileId: string, area: string, id: string): void {
  deletedList.remove(profileId, (x) => x.area === area && x.id === id);
}
