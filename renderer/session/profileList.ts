import type { OperationInput } from '../../shared';
import { PROFILE_LISTS, PROFILE_LIST_LIMIT, type ProfileListEntry, type ProfileListName } from '../../shared/profile-lists';
import { asBridgeError, invoke } from '../bridge/invoke';

/**
 * A short list kept per connection profile by main (lists.get / lists.save), for what the API lists
 * nowhere (records deleted from this app, lead intakes sent from it): newest first, bounded, checked
 * on read. The window keeps a copy of the profile it shows; main keeps the list itself (memory only
 * for a session-only profile) and removes it with the profile. Lists an older build kept in local
 * storage move to main once, and are deleted from local storage.
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

export function profileList<L extends ProfileListName>(name: L, same: (a: ProfileListEntry<L>, b: ProfileListEntry<L>) => boolean, limit = PROFILE_LIST_LIMIT): ProfileList<ProfileListEntry<L>> {
  type T = ProfileListEntry<L>;
  const parse = (raw: unknown): T[] => (Array.isArray(raw) ? raw.flatMap((e) => { const p = PROFILE_LISTS[name].safeParse(e); return p.success ? [p.data as T] : []; }) : []);
  const legacyKey = (profileId: string) => `${name}.${profileId}`;
  const listeners = new Set<() => void>();
  const emit = () => { for (const l of listeners) l(); };
  /** The list of the profile this window shows; `loaded` once it is main's (a failed load shows nothing and changes nothing). */
  let shown: { profileId: string; entries: T[]; loaded: boolean } | null = null;
  /** Main's list is read and written one call at a time, in order. */
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = (task: () => Promise<void>) => { queue = queue.then(task).catch(() => undefined); };
  let swept = false;

  const save = (profileId: string, entries: T[]) => invoke('lists.save', { profile_id: profileId, list: name, entries } as OperationInput<'lists.save'>);

  /** Main's list, with what local storage still held for the profile moved into it. */
  async function fetchList(profileId: string): Promise<T[]> {
    const kept = parse((await invoke('lists.get', { profile_id: profileId, list: name })).entries);
    let legacy: T[] = [];
    try {
      legacy = parse(JSON.parse(localStorage.getItem(legacyKey(profileId)) ?? '[]'));
    } catch {
      /* unreadable: dropped below */
    }
    const moved = legacy.filter((e) => !kept.some((k) => same(k, e)));
    const merged = [...kept, ...moved].slice(0, limit);
    if (moved.length > 0) await save(profileId, merged);
    try {
      localStorage.removeItem(legacyKey(profileId));
    } catch {
      /* storage unavailable: nothing to remove */
    }
    return merged;
  }

  /** Moves (or, for a profile main no longer knows, deletes) every other profile's list left in local storage. */
  function sweepLegacy(): void {
    let keys: string[] = [];
    try {
      keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '').filter((k) => k.startsWith(`${name}.`));
    } catch {
      return;
    }
    for (const key of keys) {
      const profileId = key.slice(name.length + 1);
      enqueue(async () => {
        try {
          await fetchList(profileId);
        } catch (e) {
          if (asBridgeError(e).kind === 'no_profile') localStorage.removeItem(key);
        }
      });
    }
  }

  function mutate(profileId: string, change: (entries: T[]) => T[]): void {
    if (shown?.profileId === profileId && shown.loaded) {
      const next = change(shown.entries).slice(0, limit);
      shown.entries = next;
      emit();
      enqueue(() => save(profileId, next).then(() => undefined));
      return;
    }
    // Not loaded yet (or another profile's): change main's list as it is.
    enqueue(async () => {
      const next = change(await fetchList(profileId)).slice(0, limit);
      await save(profileId, next);
      if (shown?.profileId === profileId) {
        shown = { profileId, entries: next, loaded: true };
        emit();
      }
    });
  }

  return {
    read(profileId) {
      if (shown?.profileId !== profileId) {
        shown = { profileId, entries: [], loaded: false };
        enqueue(async () => {
          const entries = await fetchList(profileId);
          if (shown?.profileId === profileId && !shown.loaded) {
            shown = { profileId, entries, loaded: true };
            emit();
          }
        });
        if (!swept) {
          swept = true;
          sweepLegacy();
        }
      }
      return shown.entries;
    },
    put: (profileId, e) => mutate(profileId, (list) => [e, ...list.filter((x) => !same(x, e))]),
    update: (profileId, pick, change) => mutate(profileId, (list) => list.map((x) => (pick(x) ? change(x) : x))),
    remove: (profileId, pick) => mutate(profileId, (list) => list.filter((x) => !pick(x))),
    subscribe: (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
  };
}
