import { z } from 'zod';

/**
 * Records deleted from this app, per profile, so they can be restored later: the API lists no
 * deleted records, and a soft-deleted record is found again only by its id (spec section 3).
 */
const entrySchema = z.object({ area: z.string(), id: z.string(), name: z.string(), at: z.string() });
export type DeletedEntry = z.infer<typeof entrySchema>;
const MAX = 50;
const keyOf = (profileId: string) => `deleted.${profileId}`;
const listeners = new Set<() => void>();

export function readDeleted(profileId: string): DeletedEntry[] {
  try {
    const parsed = z.array(entrySchema).safeParse(JSON.parse(localStorage.getItem(keyOf(profileId)) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function write(profileId: string, entries: DeletedEntry[]): void {
  try {
    localStorage.setItem(keyOf(profileId), JSON.stringify(entries.slice(0, MAX)));
  } catch {
    /* storage unavailable: the list lasts as long as the notification */
  }
  for (const l of listeners) l();
}

export function rememberDeleted(profileId: string, e: Omit<DeletedEntry, 'at'>): void {
  write(profileId, [{ ...e, at: new Date().toISOString() }, ...readDeleted(profileId).filter((x) => !(x.area === e.area && x.id === e.id))]);
}

export function forgetDeleted(profileId: string, area: string, id: string): void {
  write(profileId, readDeleted(profileId).filter((x) => !(x.area === area && x.id === id)));
}

export function subscribeDeleted(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}
