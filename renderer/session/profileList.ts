import type { z } from 'zod';

/**
 * A short list kept per connection profile in local storage, for what the API lists nowhere
 * (records deleted from this app, lead intakes sent from it): newest first, bounded, checked on read.
 */
export interface ProfileList<T> {
  read(profileId: string): T[];
  /** Puts the entry first, in place of an entry it is the same as. */
  put(profileId: string, entry: T): void;
  /** Changes the entries this picks. */
  update(profileId: string, pick: (e: T) => boolean, change: (e: T) => T): void;
  remove(profileId: string, pick: (e: T) => boolean): void;
  subscribe(onChange: () => void): () => void;
}

export function profileList<S extends z.ZodType>(name: string, entry: S, max: number, same: (a: z.infer<S>, b: z.infer<S>) => boolean): ProfileList<z.infer<S>> {
  type T = z.infer<S>;
  const keyOf = (profileId: string) => `${name}.${profileId}`;
  const listeners = new Set<() => void>();
  const read = (profileId: string): T[] => {
    try {
      const raw: unknown = JSON.parse(localStorage.getItem(keyOf(profileId)) ?? '[]');
      // An entry that no longer parses (an older shape) is dropped, not the whole list.
      return Array.isArray(raw) ? raw.flatMap((e) => { const p = entry.safeParse(e); return p.success ? [p.data as T] : []; }) : [];
    } catch {
      return [];
    }
  };
  const write = (profileId: string, entries: T[]) => {
    try {
      localStorage.setItem(keyOf(profileId), JSON.stringify(entries.slice(0, max)));
    } catch {
      /* storage unavailable: the list lasts as long as the screen */
    }
    for (const l of listeners) l();
  };
  return {
    read,
    put: (profileId, e) => write(profileId, [e, ...read(profileId).filter((x) => !same(x, e))]),
    update: (profileId, pick, change) => write(profileId, read(profileId).map((x) => (pick(x) ? change(x) : x))),
    remove: (profileId, pick) => write(profileId, read(profileId).filter((x) => !pick(x))),
    subscribe: (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
  };
}
