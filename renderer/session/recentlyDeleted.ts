import { z } from 'zod';
import { profileList } from './profileList';

/**
 * Records deleted from this app, per profile, so they can be restored later: the API lists no
 * deleted records, and a soft-deleted record is found again only by its id (spec section 3).
 */
const entrySchema = z.object({ area: z.string(), id: z.string(), name: z.string(), at: z.string() });
export type DeletedEntry = z.infer<typeof entrySchema>;
export const deletedList = profileList('deleted', entrySchema, 50, (a, b) => a.area === b.area && a.id === b.id);

export function rememberDeleted(profileId: string, e: Omit<DeletedEntry, 'at'>): void {
  deletedList.put(profileId, { ...e, at: new Date().toISOString() });
}

export function forgetDeleted(profileId: string, area: string, id: string): void {
  deletedList.remove(profileId, (x) => x.area === area && x.id === id);
}
